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
//! The chain rules ([`dots::chains`]) shorten the step: a position with a
//! capturable box is valued from one or two moves among which an optimal
//! one lies (Barker & Korf 2012, "Chains"), so only positions without a
//! capturable box look at every move.

use rayon::prelude::*;

use dots::chains::{self, Choice};
use dots::degrees::Degrees;

use super::geometry::{Geometry, MAX_EDGES};
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

/// How to reach a child shard's value from a position's region masks: the
/// child's index in its stored shard is the sum over regions `i` of
/// `part[i][mask of region i]` (the rank of the mask's image under the
/// child's symmetry times the image region's stride).
#[derive(Clone, Copy)]
struct View<'a> {
    words: &'a [u64],
    part: [&'a [u64]; MAX_REGIONS],
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
    // parts[j * MAX_REGIONS + i]: region i's term of the index of a child
    // after a line in region j.
    let mut parts: Vec<Vec<u64>> = vec![Vec::new(); MAX_REGIONS * MAX_REGIONS];
    let mut words: [&[u64]; MAX_REGIONS] = [&[]; MAX_REGIONS];
    for j in 0..r {
        if usize::from(counts[j]) == geo.regions[j].edges.len() {
            continue;
        }
        let dep = deps[j].as_ref().expect("dependency for an open region");
        assert_eq!(dep.values.len(), geo.shard_size(&dep.counts));
        let st = strides(geo, &dep.counts);
        let sym = &geo.symmetries[dep.symmetry];
        for i in 0..r {
            let mult = st[sym.regions[i]];
            parts[j * MAX_REGIONS + i] = geo.regions[i].images[dep.symmetry]
                .iter()
                .map(|&rank| u64::from(rank) * mult)
                .collect();
        }
        words[j] = dep.values.words();
    }
    let empty: &[u64] = &[];
    let mut views = [View {
        words: &[],
        part: [empty; MAX_REGIONS],
    }; MAX_REGIONS];
    for j in 0..r {
        views[j].words = words[j];
        for i in 0..r {
            views[j].part[i] = &parts[j * MAX_REGIONS + i];
        }
    }
    let lists: Vec<&[u16]> = (0..r)
        .map(|i| geo.regions[i].masks[usize::from(counts[i])].as_slice())
        .collect();
    // The region whose rank moves fastest in index order: the last one with
    // more than one mask (a region with one mask, such as a centre line,
    // is the same in every position of the shard).
    let fast = (0..r).rev().find(|&i| lists[i].len() > 1).unwrap_or(r - 1);
    let step = Step {
        geo,
        views,
        open: open_regions(geo, counts),
        full: geo.board().all_edges().0,
        bits: geo.value_bits(),
        regions: r,
        fast,
        fast_all: (1u32 << geo.regions[fast].edges.len()) - 1,
        lines: std::array::from_fn(|i| {
            geo.regions
                .get(i)
                .map_or(0, |x| x.scatter[x.scatter.len() - 1])
        }),
    };
    let mut out = Packed::zeroed(step.bits, range.end - range.start);
    let words_per_chunk = (CHUNK * u64::from(step.bits) / 64) as usize;
    let task = |(k, words): (usize, &mut [u64])| {
        let first = range.start + k as u64 * CHUNK;
        let last = (first + CHUNK).min(range.end);
        // The value width as a constant, so that reading and writing a
        // value compiles to a shift and a mask.
        let fill = match step.bits {
            1 => fill_chunk::<1>,
            2 => fill_chunk::<2>,
            3 => fill_chunk::<3>,
            4 => fill_chunk::<4>,
            5 => fill_chunk::<5>,
            6 => fill_chunk::<6>,
            7 => fill_chunk::<7>,
            _ => fill_chunk::<8>,
        };
        fill(&step, &lists, first, last, words);
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

/// Fills `words` with the values of positions `first..last` of a shard
/// whose regions' masks are `lists`, in index order: a sweep of the fast
/// region's masks for each combination of the other regions' masks, so
/// that what depends only on those is computed once per sweep. `B` is the
/// bits per value.
fn fill_chunk<const B: u32>(
    step: &Step<'_>,
    lists: &[&[u16]],
    first: u64,
    last: u64,
    words: &mut [u64],
) {
    debug_assert_eq!(B, step.bits);
    let (r, fast) = (step.regions, step.fast);
    let fast_list = lists[fast];
    let fast_scatter = &step.geo.regions[fast].scatter;
    let size = fast_list.len() as u64;
    // The ranks of the regions before `fast` at `first` (the regions after
    // it have one mask each).
    let mut ranks = [0usize; MAX_REGIONS];
    let mut rest = first / size;
    for i in (0..fast).rev() {
        let n = lists[i].len() as u64;
        ranks[i] = (rest % n) as usize;
        rest /= n;
    }
    let mut writer = Writer::new(words, B);
    let mut at = first;
    let mut from = (first % size) as usize;
    let mut masks = [0u16; MAX_REGIONS];
    while at < last {
        let mut lines = 0u64;
        for i in (0..r).filter(|&i| i != fast) {
            masks[i] = lists[i][ranks[i]];
            lines |= step.geo.regions[i].scatter[usize::from(masks[i])];
        }
        let sweep = step.sweep(&masks);
        let to = (from as u64 + (last - at)).min(size) as usize;
        for &m in &fast_list[from..to] {
            writer.push(step.value::<B>(&sweep, m, lines | fast_scatter[usize::from(m)]));
        }
        at += (to - from) as u64;
        from = 0;
        // The next combination of the other regions' ranks.
        for i in (0..fast).rev() {
            ranks[i] += 1;
            if ranks[i] < lists[i].len() {
                break;
            }
            ranks[i] = 0;
        }
    }
}

/// The retrograde step of one shard: the value of a position from its
/// children in the shard's dependencies.
struct Step<'a> {
    geo: &'a Geometry,
    views: [View<'a>; MAX_REGIONS],
    open: Vec<usize>,
    full: u64,
    bits: u32,
    regions: usize,
    /// The region swept innermost (see [`fill_chunk`]).
    fast: usize,
    /// Every local bit of the fast region.
    fast_all: u32,
    /// Each region's lines.
    lines: [u64; MAX_REGIONS],
}

/// What the positions of one sweep share: per region `j`, the terms of a
/// child's index (after a line in `j`) from the regions other than `j` and
/// the fast one, and per line `e` outside the fast region those terms plus
/// region `j`'s own term after `e` is drawn.
struct Sweep {
    fixed: [u64; MAX_REGIONS],
    after: [u64; MAX_EDGES],
}

impl Step<'_> {
    /// The shared part of a sweep whose other regions have `masks`.
    fn sweep(&self, masks: &[u16; MAX_REGIONS]) -> Sweep {
        let mut s = Sweep {
            fixed: [0; MAX_REGIONS],
            after: [0; MAX_EDGES],
        };
        for &j in &self.open {
            let v = &self.views[j];
            s.fixed[j] = (0..self.regions)
                .filter(|&i| i != j && i != self.fast)
                .map(|i| v.part[i][usize::from(masks[i])])
                .sum();
            if j != self.fast {
                // The region's undrawn lines.
                let (m, edges) = (usize::from(masks[j]), &self.geo.regions[j].edges);
                let mut free = !m & ((1 << edges.len()) - 1);
                while free != 0 {
                    let lb = free.trailing_zeros() as usize;
                    free &= free - 1;
                    s.after[usize::from(edges[lb])] = s.fixed[j] + v.part[j][m | 1 << lb];
                }
            }
        }
        s
    }

    /// The index of the child after line `e` (in region `j`, local bit
    /// `lb`) of the position with fast mask `m`.
    #[inline]
    fn child(&self, s: &Sweep, m: u16, e: usize, j: usize, lb: u8) -> u64 {
        let v = &self.views[j];
        if j == self.fast {
            s.fixed[j] + v.part[j][usize::from(m) | 1 << lb]
        } else {
            s.after[e] + v.part[self.fast][usize::from(m)]
        }
    }

    /// The boxes the player to move takes from the position of the sweep
    /// `s` with fast mask `m` and lines `g`.
    #[inline]
    fn value<const B: u32>(&self, s: &Sweep, m: u16, g: u64) -> u32 {
        let (geo, bits) = (self.geo, B);
        let d = geo.boxes.degrees(g);
        let remaining = || (geo.boxes.all_boxes() & !d[0]).count_ones();
        if d[1] != 0 {
            // A capturable box: one of at most two moves is optimal
            // (see `capture_moves`).
            let mut best = 0;
            for &(e, k) in capture_moves(geo, g, &d).iter() {
                let (j, lb) = geo.edge_region[e];
                let j = usize::from(j);
                let t = packed::get(self.views[j].words, bits, self.child(s, m, e, j, lb));
                best = best.max(if k > 0 { t + k } else { remaining() - t });
            }
            return best;
        }
        // No box has three lines, so no move completes one: each is
        // worth the boxes left minus what the opponent takes after it.
        if self.full & !g == 0 {
            // The full board, with no move, is worth 0.
            return 0;
        }
        let mut least = u32::MAX;
        for &j in &self.open {
            let v = &self.views[j];
            if j == self.fast {
                let mut free = !u32::from(m) & self.fast_all;
                while free != 0 {
                    let idx = s.fixed[j] + v.part[j][usize::from(m) | 1 << free.trailing_zeros()];
                    free &= free - 1;
                    least = least.min(packed::get(v.words, bits, idx));
                }
            } else {
                let term = v.part[self.fast][usize::from(m)];
                let mut free = self.lines[j] & !g;
                while free != 0 {
                    let idx = s.after[free.trailing_zeros() as usize] + term;
                    free &= free - 1;
                    least = least.min(packed::get(v.words, bits, idx));
                }
            }
        }
        remaining() - least
    }
}

/// The one or two moves a position with a capturable box is valued from,
/// each with the boxes it completes.
#[derive(Clone, Copy)]
struct Candidates {
    moves: [(usize, u32); 2],
    len: usize,
}

impl Candidates {
    fn one(e: usize, k: u32) -> Candidates {
        Candidates {
            moves: [(e, k); 2],
            len: 1,
        }
    }

    fn two(a: (usize, u32), b: (usize, u32)) -> Candidates {
        Candidates {
            moves: [a, b],
            len: 2,
        }
    }

    fn iter(&self) -> impl Iterator<Item = &(usize, u32)> {
        self.moves[..self.len].iter()
    }
}

/// The one or two moves among which an optimal one lies in the position
/// with lines `g` and boxes by degree `d`, which has a capturable box (one
/// with three lines), with the boxes each completes: by the chain rules of
/// Barker & Korf 2012, "Chains", which the alpha-beta solver applies too
/// ([`dots::chains`]), the first free capture ([`chains::free_capture`]),
/// else the one or two moves [`chains::choose`] leaves: a coin to take,
/// the first strings of two chains that meet, or in the last chain taking
/// its first coin and the hard-hearted handout (its second string).
///
/// Each candidate is a single line, so its child lies in a shard with one
/// more line in one region, a dependency of the position's shard. The
/// whole-board tests check every position of the small boards against the
/// plain rule over every move.
#[inline(always)]
fn capture_moves(geo: &Geometry, g: u64, d: &Degrees) -> Candidates {
    debug_assert!(d[1] != 0, "no capturable coin");
    let mut coins = d[1];
    while coins != 0 {
        let b = coins.trailing_zeros() as u8;
        coins &= coins - 1;
        if let Some((e, k)) = chains::free_capture(&geo.boxes, g, b) {
            return Candidates::one(e, k);
        }
    }
    chain_moves(geo, g, d)
}

/// [`capture_moves`] where every capturable coin starts a chain of two or
/// more coins (kept out of line: most positions do not get here). A
/// chain's first string completes its first coin alone (the next coin has
/// two strings); a handout completes nothing.
#[inline(never)]
fn chain_moves(geo: &Geometry, g: u64, d: &Degrees) -> Candidates {
    match chains::choose(&geo.boxes, g, d) {
        Choice::Take(chain) => Candidates::one(chain.first, 1),
        Choice::Either(a, b) => Candidates::two((a.first, 1), (b.first, 1)),
        Choice::Last(chain, _) => Candidates::two((chain.first, 1), (chain.second, 0)),
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
