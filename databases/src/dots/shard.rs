//! Shards (positions with given line counts per region), their parts, and
//! the retrograde step that values one part from the shards it depends on.
//!
//! The value rule is the thesis's (§III, "Retrograde Analysis"): the full
//! board is worth 0; a position with `k` lines is valued from the positions
//! with `k + 1`: a move that completes boxes is worth the boxes it completes
//! plus the value of the position after it (the mover moves again), any
//! other move is worth minus the value after it; the position is worth its
//! best move. Values count future boxes only (cgtk's convention), and are
//! stored as `t`, the boxes the player to move will take: with `r` boxes
//! left, value `= 2t - r`. In `t` the rule reads: a move completing `k > 0`
//! boxes gives `k + t(after)`, any other gives `r - t(after)`.
//!
//! One proven pruning shortens the step: when a box can be captured in a way
//! no optimal strategy declines (Barker & Korf 2012, "Chains"), the position
//! is worth that capture and only its child is looked up (see
//! [`build_part`]).

use rayon::prelude::*;

use super::geometry::Geometry;
use super::packed::{self, Packed, Writer};

/// The most regions a board has.
const MAX_REGIONS: usize = 5;

/// Positions built per parallel task (a multiple of 64).
const CHUNK: u64 = 64 * 64;

/// Where one part of a shard lies in its index: the shard's positions
/// `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartRange {
    /// First index.
    pub start: u64,
    /// One past the last index.
    pub end: u64,
}

/// How many parts a shard of `size` positions is split into: one if `size`
/// is at most `split_above`, else `ceil(size / split_above)` but at most
/// `max_parts` (the thesis: over 200 million states, up to 20 parts); never
/// so many that a part would hold fewer than 64 positions.
pub fn parts_for(size: u64, split_above: u64, max_parts: u32) -> u32 {
    if size <= split_above.max(1) {
        return 1;
    }
    let want = size
        .div_ceil(split_above.max(1))
        .min(u64::from(max_parts.max(1)));
    let len = part_len(size, want as u32);
    size.div_ceil(len) as u32
}

/// Positions per part (a multiple of 64, so parts concatenate word by word).
fn part_len(size: u64, parts: u32) -> u64 {
    size.div_ceil(u64::from(parts.max(1))).div_ceil(64).max(1) * 64
}

/// The range of part `part` of `parts` of a shard of `size` positions.
pub fn part_range(size: u64, part: u32, parts: u32) -> PartRange {
    let len = part_len(size, parts);
    let start = (u64::from(part) * len).min(size);
    PartRange {
        start,
        end: (start + len).min(size),
    }
}

/// A shard a part depends on: its values (all parts) and the symmetry that
/// maps the child counts onto its stored counts.
pub struct Dependency<'a> {
    /// The stored counts.
    pub counts: Vec<u8>,
    /// The symmetry mapping positions with the child counts onto them.
    pub symmetry: usize,
    /// The stored values.
    pub values: &'a Packed,
}

/// How to reach a child shard's value from a position's region masks.
#[derive(Clone, Copy)]
struct View<'a> {
    words: &'a [u64],
    /// Per region `i`: rank table (of the image in the stored shard).
    tbl: [&'a [u32]; MAX_REGIONS],
    /// Per region `i`: the stride of its image region in the stored shard.
    mult: [u64; MAX_REGIONS],
}

/// The child counts of `counts` after a line in `region`.
pub fn child_counts(counts: &[u8], region: usize) -> Vec<u8> {
    let mut c = counts.to_vec();
    c[region] += 1;
    c
}

/// The strides of a shard's index: region 0 most significant.
fn strides(geo: &Geometry, counts: &[u8]) -> [u64; MAX_REGIONS] {
    let mut out = [0u64; MAX_REGIONS];
    let mut acc = 1u64;
    for i in (0..counts.len()).rev() {
        out[i] = acc;
        acc *= geo.regions[i].masks[usize::from(counts[i])].len() as u64;
    }
    out
}

/// The regions where a line can still be drawn in a shard with `counts`.
pub fn open_regions(geo: &Geometry, counts: &[u8]) -> Vec<usize> {
    (0..counts.len())
        .filter(|&i| usize::from(counts[i]) < geo.regions[i].edges.len())
        .collect()
}

/// Values the positions `range` of the shard with `counts`: `deps[j]` is
/// the shard after a line in region `j` (`None` where region `j` is full).
/// With `parallel`, chunks of positions are valued on rayon's pool; the
/// result does not depend on it.
///
/// # Panics
/// If a needed dependency is missing or has the wrong size (a caller's
/// bug).
pub fn build_part(
    geo: &Geometry,
    counts: &[u8],
    range: PartRange,
    deps: &[Option<Dependency<'_>>],
    parallel: bool,
) -> Packed {
    let r = counts.len();
    let bits = geo.value_bits();
    let empty: &[u32] = &[];
    let mut views = [View {
        words: &[],
        tbl: [empty; MAX_REGIONS],
        mult: [0; MAX_REGIONS],
    }; MAX_REGIONS];
    for j in 0..r {
        if usize::from(counts[j]) == geo.regions[j].edges.len() {
            continue;
        }
        let dep = deps[j].as_ref().expect("dependency for an open region");
        assert_eq!(dep.values.len(), geo.shard_size(&dep.counts));
        let st = strides(geo, &dep.counts);
        let sym = &geo.symmetries[dep.symmetry];
        for i in 0..r {
            views[j].tbl[i] = &geo.regions[i].images[dep.symmetry];
            views[j].mult[i] = st[sym.regions[i]];
        }
        views[j].words = dep.values.words();
    }
    let open = open_regions(geo, counts);
    let num_boxes = geo.board().num_boxes() as u32;
    let full = geo.board().all_edges().0;
    // The index in its stored shard of the child after line `e` (in region
    // `j`, local bit `lb`), with `base[j]` its other regions' part.
    let child = |masks: &[usize; MAX_REGIONS], base: u64, j: usize, lb: usize| {
        let v = &views[j];
        packed::get(
            v.words,
            bits,
            base + u64::from(v.tbl[j][masks[j] | 1 << lb]) * v.mult[j],
        )
    };
    let base_of = |masks: &[usize; MAX_REGIONS], j: usize| -> u64 {
        let v = &views[j];
        (0..r)
            .filter(|&i| i != j)
            .map(|i| u64::from(v.tbl[i][masks[i]]) * v.mult[i])
            .sum()
    };
    fill(geo, counts, range, parallel, |masks, g| {
        let (remaining, forced) = scan_boxes(geo, num_boxes, g);
        if let Some(e) = forced {
            // A capture that is part of an optimal strategy: the value is
            // what it completes plus the value after it.
            let after = g | 1u64 << e;
            let (j, lb) = geo.edge_region[e];
            let (j, lb) = (usize::from(j), usize::from(lb));
            return completes(geo, after, e) + child(masks, base_of(masks, j), j, lb);
        }
        let mut base = [0u64; MAX_REGIONS];
        for &j in &open {
            base[j] = base_of(masks, j);
        }
        let mut best = 0u32;
        let mut moves = full & !g;
        while moves != 0 {
            let e = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let after = g | 1u64 << e;
            let k = completes(geo, after, e);
            let (j, lb) = geo.edge_region[e];
            let (j, lb) = (usize::from(j), usize::from(lb));
            let t = child(masks, base[j], j, lb);
            best = best.max(if k > 0 { t + k } else { remaining - t });
        }
        best
    })
}

/// The boxes line `e` completed in `after` (which holds it).
#[inline]
fn completes(geo: &Geometry, after: u64, e: usize) -> u32 {
    let [b0, b1] = geo.edge_box_masks[e];
    u32::from(b0 != 0 && after & b0 == b0) + u32::from(b1 != 0 && after & b1 == b1)
}

/// The boxes left to take in the position with lines `g`, and a capture
/// that is part of an optimal strategy if there is one: the missing line of
/// a box with three lines whose other side is the board's edge or a box
/// with other than two lines. Barker & Korf 2012, "Chains" (after
/// Berlekamp 2000): such a capturable box cannot usefully be declined (it
/// is a chain of one box, or the line also completes the neighbour). So the
/// position's value is that capture's, and the retrograde step looks up one
/// child instead of every move's. The whole-board tests check the values
/// against the plain rule on every position of the small boards.
#[inline]
fn scan_boxes(geo: &Geometry, num_boxes: u32, g: u64) -> (u32, Option<usize>) {
    let mut remaining = num_boxes;
    let mut forced = None;
    for &m in &geo.box_masks {
        match (g & m).count_ones() {
            4 => remaining -= 1,
            3 if forced.is_none() => {
                let e = (m & !g).trailing_zeros() as usize;
                let [b0, b1] = geo.edge_box_masks[e];
                let other = if b0 == m { b1 } else { b0 };
                if other == 0 || (g & other).count_ones() != 2 {
                    forced = Some(e);
                }
            }
            _ => {}
        }
    }
    (remaining, forced)
}

/// The values `f(region masks, edge set)` of the positions `range` of the
/// shard with `counts`, in index order; chunks of [`CHUNK`] positions on
/// rayon's pool if `parallel`.
fn fill<F>(geo: &Geometry, counts: &[u8], range: PartRange, parallel: bool, f: F) -> Packed
where
    F: FnMut(&[usize; MAX_REGIONS], u64) -> u32 + Clone + Send + Sync,
{
    let bits = geo.value_bits();
    let sizes: Vec<u64> = (0..counts.len())
        .map(|i| geo.regions[i].masks[usize::from(counts[i])].len() as u64)
        .collect();
    let mut out = Packed::zeroed(bits, range.end - range.start);
    let words_per_chunk = (CHUNK * u64::from(bits) / 64) as usize;
    let task = |(k, words): (usize, &mut [u64])| {
        let first = range.start + k as u64 * CHUNK;
        let last = (first + CHUNK).min(range.end);
        fill_chunk(geo, counts, &sizes, first, last, words, f.clone());
    };
    if parallel {
        out.words_mut()
            .par_chunks_mut(words_per_chunk)
            .enumerate()
            .for_each(task);
    } else {
        out.words_mut()
            .chunks_mut(words_per_chunk)
            .enumerate()
            .for_each(task);
    }
    out
}

/// Fills `words` with `f` of positions `first..last`.
fn fill_chunk<F>(
    geo: &Geometry,
    counts: &[u8],
    sizes: &[u64],
    first: u64,
    last: u64,
    words: &mut [u64],
    mut f: F,
) where
    F: FnMut(&[usize; MAX_REGIONS], u64) -> u32,
{
    let r = counts.len();
    let lists: Vec<&[u16]> = (0..r)
        .map(|i| geo.regions[i].masks[usize::from(counts[i])].as_slice())
        .collect();
    let mut ranks = [0u64; MAX_REGIONS];
    let mut rest = first;
    for i in (0..r).rev() {
        ranks[i] = rest % sizes[i];
        rest /= sizes[i];
    }
    let mut writer = Writer::new(words, geo.value_bits());
    let mut masks = [0usize; MAX_REGIONS];
    for _ in first..last {
        let mut g = 0u64;
        for i in 0..r {
            masks[i] = usize::from(lists[i][ranks[i] as usize]);
            g |= geo.regions[i].scatter[masks[i]];
        }
        writer.push(f(&masks, g));
        // Next position: the last region's rank moves fastest.
        for i in (0..r).rev() {
            ranks[i] += 1;
            if ranks[i] < sizes[i] {
                break;
            }
            ranks[i] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_shard_in_order() {
        for (size, above, max) in [
            (1000u64, 100u64, 20u32),
            (1_000_000, 200_000, 20),
            (64, 1, 20),
            (10, 5, 3),
        ] {
            let parts = parts_for(size, above, max);
            assert!(parts >= 1 && parts <= max.max(1));
            let mut next = 0;
            for p in 0..parts {
                let range = part_range(size, p, parts);
                assert_eq!(range.start, next);
                assert!(range.end > range.start);
                if p + 1 < parts {
                    assert_eq!(range.start % 64, 0);
                    assert_eq!(range.end % 64, 0);
                }
                next = range.end;
            }
            assert_eq!(next, size);
        }
    }
}
