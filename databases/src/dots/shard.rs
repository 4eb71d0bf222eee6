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
//! The chain rules shorten the step: a position with a capturable box is
//! valued from one or two moves among which an optimal one lies (Barker &
//! Korf 2012, "Chains"; see [`build_part`]), so only positions without a
//! capturable box look at every move.

use rayon::prelude::*;

use dots::degrees::Degrees;

use super::geometry::{Geometry, GROUND};
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
    let bits = geo.value_bits();
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
    let step = Step {
        geo,
        views,
        open: open_regions(geo, counts),
        full: geo.board().all_edges().0,
        bits,
        regions: r,
    };
    fill(geo, counts, range, parallel, |masks, g| {
        step.value(masks, g)
    })
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
}

impl Step<'_> {
    /// The index of the child after a line in region `j`, without region
    /// `j`'s own term.
    #[inline]
    fn base(&self, masks: &[u16; MAX_REGIONS], j: usize) -> u64 {
        let v = &self.views[j];
        (0..self.regions)
            .filter(|&i| i != j)
            .map(|i| v.part[i][usize::from(masks[i])])
            .sum()
    }

    /// The boxes the player to move takes from the position with region
    /// masks `masks` and lines `g`.
    #[inline]
    fn value(&self, masks: &[u16; MAX_REGIONS], g: u64) -> u32 {
        let (geo, bits) = (self.geo, self.bits);
        let (remaining, captures) = capture_moves(geo, g);
        if let Some(moves) = captures {
            // A capturable box: one of at most two moves is optimal
            // (see `capture_moves`).
            let mut best = 0;
            for &e in moves.iter() {
                let (j, lb) = geo.edge_region[e];
                let (j, lb) = (usize::from(j), usize::from(lb));
                let v = &self.views[j];
                let idx = self.base(masks, j) + v.part[j][usize::from(masks[j]) | 1 << lb];
                let t = packed::get(v.words, bits, idx);
                let k = completes(geo, g | 1u64 << e, e);
                best = best.max(if k > 0 { t + k } else { remaining - t });
            }
            return best;
        }
        // No box has three lines, so no move completes one: each is
        // worth the boxes left minus what the opponent takes after it.
        let mut base = [0u64; MAX_REGIONS];
        for &j in &self.open {
            base[j] = self.base(masks, j);
        }
        let mut least = u32::MAX;
        let mut moves = self.full & !g;
        if moves == 0 {
            // The full board, with no move, is worth 0.
            return 0;
        }
        while moves != 0 {
            let e = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let (j, lb) = geo.edge_region[e];
            let (j, lb) = (usize::from(j), usize::from(lb));
            let v = &self.views[j];
            let idx = base[j] + v.part[j][usize::from(masks[j]) | 1 << lb];
            least = least.min(packed::get(v.words, bits, idx));
        }
        remaining - least
    }
}

/// The boxes line `e` completed in `after` (which holds it).
#[inline]
fn completes(geo: &Geometry, after: u64, e: usize) -> u32 {
    let [b0, b1] = geo.edge_box_masks[e];
    u32::from(b0 != 0 && after & b0 == b0) + u32::from(b1 != 0 && after & b1 == b1)
}

/// The one or two moves a position with a capturable box is valued from.
#[derive(Clone, Copy)]
struct Candidates {
    moves: [usize; 2],
    len: usize,
}

impl Candidates {
    fn one(e: usize) -> Candidates {
        Candidates {
            moves: [e, e],
            len: 1,
        }
    }

    fn two(a: usize, b: usize) -> Candidates {
        Candidates {
            moves: [a, b],
            len: 2,
        }
    }

    fn iter(&self) -> impl Iterator<Item = &usize> {
        self.moves[..self.len].iter()
    }
}

/// A chain of two or more coins from a capturable coin (Strings-and-Coins
/// terms: a coin is a box, its strings its missing lines).
#[derive(Clone, Copy)]
struct Chain {
    /// The capturable coin's string (taking the coin).
    first: usize,
    /// Coins in the chain.
    len: u32,
    /// Capturable at both ends.
    closed: bool,
    /// The far end: a coin of a closed chain, else the box past the last
    /// coin ([`GROUND`] for none).
    end: u8,
    /// For a half-open chain of two coins or a closed chain of four: the
    /// string cut by the hard-hearted handout (the second string).
    handout: Option<usize>,
}

/// The box on the other side of line `e` from box `b` ([`GROUND`] for
/// none).
#[inline]
fn other_side(geo: &Geometry, e: usize, b: u8) -> u8 {
    let [p, q] = geo.edge_boxes[e];
    if p == b {
        q
    } else {
        p
    }
}

/// The chain from the capturable coin `b` (whose neighbour has two
/// strings) in the position with lines `g` and boxes by degree `d`.
fn walk(geo: &Geometry, g: u64, d: &Degrees, b: u8) -> Chain {
    let first = (geo.box_masks[usize::from(b)] & !g).trailing_zeros() as usize;
    let mut prev = first;
    let mut cur = other_side(geo, first, b);
    let mut len = 2;
    let mut second = first;
    loop {
        let next =
            (geo.box_masks[usize::from(cur)] & !g & !(1u64 << prev)).trailing_zeros() as usize;
        if len == 2 {
            second = next;
        }
        let w = other_side(geo, next, cur);
        if w != GROUND && d[2] >> w & 1 == 1 {
            prev = next;
            cur = w;
            len += 1;
        } else if w != GROUND && d[1] >> w & 1 == 1 {
            return Chain {
                first,
                len: len + 1,
                closed: true,
                end: w,
                handout: (len + 1 == 4).then_some(second),
            };
        } else {
            return Chain {
                first,
                len,
                closed: false,
                end: w,
                handout: (len == 2).then_some(second),
            };
        }
    }
}

/// The boxes left to take in the position with lines `g`, and, if a box
/// can be captured (has three lines), the one or two moves among which an
/// optimal one lies. These are the chain rules of Barker & Korf 2012,
/// "Chains" (after Berlekamp 2000), in Strings-and-Coins terms (a box with
/// three lines is a capturable coin, its missing line a string to the
/// neighbouring box or to the ground); the alpha-beta solver applies the
/// same rules:
///
/// - a capturable coin whose string leads to the ground or to a coin with
///   other than two strings is taken: it is a chain of one coin (or the
///   line completes its neighbour too), so taking it cannot hurt;
/// - otherwise every capturable coin starts a chain of two or more coins
///   (through coins with two strings). With two or more such chains, all
///   but one are taken, and the one left for last is the one whose handout
///   costs least: a half-open chain (two boxes handed out) if there is one,
///   else a closed chain (capturable at both ends) of four or more coins
///   (four); a coin of another chain is taken. When two half-open chains
///   end on the same box they change each other as they are taken, and the
///   candidates are the first coins of two chains (every optimal turn
///   takes one of them: see `dots::solve::chains`);
/// - with one chain, its first coin is taken while that keeps every option:
///   a half-open chain of two coins or a closed chain of four is the last
///   choice between taking all and the hard-hearted handout (cutting the
///   string at the chain's far end, or the middle string of the four, leaves
///   the opponent the boxes and the move). So it has two candidates: its
///   first coin, and the handout.
///
/// Each candidate is a single line, so its child lies in a shard with one
/// more line in one region, a dependency of the position's shard. The
/// whole-board tests check every position of the small boards against the
/// plain rule over every move.
#[inline]
fn capture_moves(geo: &Geometry, g: u64) -> (u32, Option<Candidates>) {
    let d = geo.sides.degrees(g);
    let remaining = (geo.sides.all_boxes() & !d[0]).count_ones();
    if d[1] == 0 {
        return (remaining, None);
    }
    let mut coins = d[1];
    while coins != 0 {
        let b = coins.trailing_zeros() as u8;
        coins &= coins - 1;
        let e = (geo.box_masks[usize::from(b)] & !g).trailing_zeros() as usize;
        let o = other_side(geo, e, b);
        if o == GROUND || d[2] >> o & 1 == 0 {
            return (remaining, Some(Candidates::one(e)));
        }
    }
    // Every capturable coin starts a chain of two or more coins: walk them
    // in box order (a closed chain is met again from its far end).
    let (mut first, mut second, mut open, mut big, mut count) = (None, None, None, None, 0);
    let (mut far_ends, mut open_ends, mut meet) = (0u32, 0u32, false);
    let mut coins = d[1];
    while coins != 0 {
        let b = coins.trailing_zeros() as u8;
        coins &= coins - 1;
        if far_ends >> b & 1 == 1 {
            continue;
        }
        let c = walk(geo, g, &d, b);
        if c.closed {
            far_ends |= 1 << c.end;
            if c.len >= 4 {
                big = big.or(Some(c));
            }
        } else {
            open = open.or(Some(c));
            if c.end != GROUND {
                meet |= open_ends >> c.end & 1 == 1;
                open_ends |= 1 << c.end;
            }
        }
        if first.is_none() {
            first = Some(c);
        } else {
            second = second.or(Some(c));
        }
        count += 1;
    }
    let chain: Chain = first.expect("a capturable coin starts a chain");
    let moves = if count >= 2 && meet {
        Candidates::two(chain.first, second.expect("two chains").first)
    } else if count >= 2 {
        // A coin of a chain other than the one kept for last.
        let keep = open.or(big).map(|k: Chain| k.first);
        match second {
            Some(other) if keep == Some(chain.first) => Candidates::one(other.first),
            _ => Candidates::one(chain.first),
        }
    } else {
        match chain.handout {
            Some(h) => Candidates::two(chain.first, h),
            None => Candidates::one(chain.first),
        }
    };
    (remaining, Some(moves))
}

/// The values `f(region masks, edge set)` of the positions `range` of the
/// shard with `counts`, in index order; chunks of [`CHUNK`] positions on
/// rayon's pool if `parallel`.
fn fill<F>(geo: &Geometry, counts: &[u8], range: PartRange, parallel: bool, f: F) -> Packed
where
    F: Fn(&[u16; MAX_REGIONS], u64) -> u32 + Send + Sync,
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
        fill_chunk(geo, counts, &sizes, first, last, words, &f);
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
    f: &F,
) where
    F: Fn(&[u16; MAX_REGIONS], u64) -> u32,
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
    // The current position's masks, and `lines[i]` the lines of regions
    // `0..i`: a step recomputes only the regions whose rank changed.
    let mut masks = [0u16; MAX_REGIONS];
    let mut lines = [0u64; MAX_REGIONS + 1];
    let mut changed = 0;
    for _ in first..last {
        for i in changed..r {
            masks[i] = lists[i][ranks[i] as usize];
            lines[i + 1] = lines[i] | geo.regions[i].scatter[usize::from(masks[i])];
        }
        writer.push(f(&masks, lines[r]));
        // Next position: the last region's rank moves fastest.
        changed = r;
        while changed > 0 {
            changed -= 1;
            ranks[changed] += 1;
            if ranks[changed] < sizes[changed] {
                break;
            }
            ranks[changed] = 0;
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
