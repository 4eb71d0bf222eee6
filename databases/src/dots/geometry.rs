//! The board's regions, symmetries and per-region tables for whole-board
//! tables, beside the board's box tables ([`dots::geometry::BoxTables`]).
//!
//! # Regions
//!
//! The lines of a board are split into four regions, the thesis's
//! "quadrants" (University of Lynchburg thesis, §II; see [`crate::dots`]):
//! the four triangles cut from the board by the lines from its centre to its
//! corners, **top, right, bottom, left**
//! (regions 0, 1, 2, 3, clockwise). A line belongs to the triangle holding
//! its midpoint; a midpoint on a corner line (possible only on non-square
//! boards) goes to the top or bottom triangle. On a board with one side odd
//! and the other even the centre of the board is the midpoint of one line
//! (3x4: the middle horizontal line; 1x10: the middle vertical line); that
//! line is a fifth region of its own.
//!
//! ```text
//! 4x4 (40 lines, 10 per region)      region of each line: T R B L
//! +-T-+-T-+-T-+-T-+
//! L   T   T   T   R
//! +-L-+-T-+-T-+-R-+
//! L   L   T   R   R
//! +-L-+-L-+-R-+-R-+
//! L   L   B   R   R
//! +-L-+-B-+-B-+-R-+
//! L   B   B   B   R
//! +-B-+-B-+-B-+-B-+
//! ```
//!
//! Unlike quadrants (whose lines on the middle axes are fixed by a
//! reflection that swaps two quadrants), these regions are permuted by every
//! symmetry of the board: the four rotations and four reflections of a
//! square board, the two reflections and the half turn of an oblong one.
//! So a symmetry maps the positions with `a` lines in region 0, `b` in
//! region 1 ... onto the positions with those counts permuted, and a shard
//! of positions (given counts per region) needs to be stored only for one
//! ordering of its counts ([`Geometry::normalise`]).

use dots::geometry::BoxTables;
use dots::{Board, Edge};

/// The largest number of lines in one region (region tables hold one entry
/// per subset of a region's lines).
pub const MAX_REGION_EDGES: usize = 16;

/// The most lines a board with whole-board tables may have.
pub const MAX_EDGES: usize = 48;

/// Why a board cannot have a whole-board table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// Too many lines in all or in one region.
    #[error("board {width}x{height} is too large for whole-board tables ({edges} lines, at most {MAX_EDGES}; at most {MAX_REGION_EDGES} in a region)")]
    TooLarge {
        /// Boxes across.
        width: usize,
        /// Boxes down.
        height: usize,
        /// Its number of lines.
        edges: usize,
    },
}

/// One symmetry of the board: where each line goes, and where each region
/// goes.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// `perm[e]` is the image of line `e`.
    pub perm: Vec<u8>,
    /// `regions[i]` is the region that region `i` is mapped onto.
    pub regions: Vec<usize>,
}

/// Per region: its lines and the tables the builder and lookups use.
#[derive(Clone, Debug)]
pub struct Region {
    /// The region's lines in increasing order; local bit `k` is `edges[k]`.
    pub edges: Vec<u8>,
    /// `scatter[mask]`: the board's edge set of the local `mask`.
    pub scatter: Vec<u64>,
    /// `rank[mask]`: how many masks with the same number of lines are
    /// numerically smaller (the colexicographic rank of the subset).
    pub rank: Vec<u32>,
    /// `masks[c]`: the masks with `c` lines, in increasing order (so
    /// `masks[c][rank[m]] == m`).
    pub masks: Vec<Vec<u16>>,
    /// `images[s][mask]`: the rank, in region `symmetries[s].regions[i]`, of
    /// the image of `mask` under symmetry `s`.
    pub images: Vec<Vec<u32>>,
}

/// Regions, symmetries and tables of one board.
#[derive(Clone, Debug)]
pub struct Geometry {
    board: Board,
    /// The regions (4, or 5 with a centre line).
    pub regions: Vec<Region>,
    /// The symmetries, the identity first.
    pub symmetries: Vec<Symmetry>,
    /// Per line: (region, local bit).
    pub edge_region: Vec<(u8, u8)>,
    /// The board's box tables (which lines bound a box, which boxes a line
    /// touches, boxes by degree).
    pub boxes: BoxTables,
}

/// The binomial coefficient `n choose k` (0 if `k > n`).
pub fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc: u64 = 1;
    for i in 0..k {
        acc = acc * (n - i) as u64 / (i + 1) as u64;
    }
    acc
}

/// The region of a line from its midpoint in doubled coordinates relative
/// to the centre of a `w x h` board (see the module docs).
fn region_of(dx: i64, dy: i64, w: i64, h: i64) -> usize {
    if dx == 0 && dy == 0 {
        4
    } else if dy.abs() * w >= dx.abs() * h {
        if dy < 0 {
            0
        } else {
            2
        }
    } else if dx > 0 {
        1
    } else {
        3
    }
}

impl Geometry {
    /// The geometry of `board`.
    ///
    /// # Errors
    /// [`GeometryError::TooLarge`] if the board has more than [`MAX_EDGES`]
    /// lines or a region more than [`MAX_REGION_EDGES`].
    pub fn new(board: Board) -> Result<Geometry, GeometryError> {
        let n = board.num_edges();
        let (w, h) = (board.width() as i64, board.height() as i64);
        let too_large = GeometryError::TooLarge {
            width: board.width(),
            height: board.height(),
            edges: n,
        };
        if n > MAX_EDGES {
            return Err(too_large);
        }
        let mut members: Vec<Vec<u8>> = vec![Vec::new(); 5];
        let mut edge_region = vec![(0u8, 0u8); n];
        for (e, slot) in edge_region.iter_mut().enumerate() {
            let [a, b] = board.edge_dots(Edge::new(e));
            let dx = (a.0 + b.0) as i64 - w;
            let dy = (a.1 + b.1) as i64 - h;
            let r = region_of(dx, dy, w, h);
            *slot = (r as u8, members[r].len() as u8);
            members[r].push(e as u8);
        }
        if members[4].is_empty() {
            members.pop();
        }
        if members.iter().any(|m| m.len() > MAX_REGION_EDGES) {
            return Err(too_large);
        }
        // Symmetries: flips of x and y, and on square boards the transpose.
        let mut symmetries = Vec::new();
        for perm in board.symmetries() {
            let mut regions = vec![usize::MAX; members.len()];
            for e in 0..n {
                let from = usize::from(edge_region[e].0);
                let to = usize::from(edge_region[usize::from(perm[e])].0);
                debug_assert!(regions[from] == usize::MAX || regions[from] == to);
                regions[from] = to;
            }
            symmetries.push(Symmetry { perm, regions });
        }
        let mut regions: Vec<Region> = members
            .iter()
            .map(|edges| {
                let k = edges.len();
                let size = 1usize << k;
                let scatter: Vec<u64> = (0..size)
                    .map(|m| {
                        (0..k)
                            .filter(|&i| m >> i & 1 == 1)
                            .fold(0u64, |acc, i| acc | 1 << edges[i])
                    })
                    .collect();
                let mut counts = vec![0u32; k + 1];
                let mut masks = vec![Vec::new(); k + 1];
                let rank: Vec<u32> = (0..size)
                    .map(|m| {
                        let c = (m as u32).count_ones() as usize;
                        counts[c] += 1;
                        masks[c].push(m as u16);
                        counts[c] - 1
                    })
                    .collect();
                Region {
                    edges: edges.clone(),
                    scatter,
                    rank,
                    masks,
                    images: Vec::new(),
                }
            })
            .collect();
        for s in &symmetries {
            for i in 0..regions.len() {
                let to = s.regions[i];
                let k = regions[i].edges.len();
                let image_bits: Vec<u32> = regions[i]
                    .edges
                    .iter()
                    .map(|&e| {
                        let (r, bit) = edge_region[usize::from(s.perm[usize::from(e)])];
                        debug_assert_eq!(usize::from(r), to);
                        1 << bit
                    })
                    .collect();
                let images: Vec<u32> = (0..1usize << k)
                    .map(|m| {
                        let img = (0..k)
                            .filter(|&b| m >> b & 1 == 1)
                            .fold(0u32, |acc, b| acc | image_bits[b]);
                        regions[to].rank[img as usize]
                    })
                    .collect();
                regions[i].images.push(images);
            }
        }
        Ok(Geometry {
            board,
            regions,
            symmetries,
            edge_region,
            boxes: BoxTables::new(board),
        })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Number of regions (4, or 5 with a centre line).
    pub fn num_regions(&self) -> usize {
        self.regions.len()
    }

    /// Lines per region.
    pub fn region_sizes(&self) -> Vec<usize> {
        self.regions.iter().map(|r| r.edges.len()).collect()
    }

    /// Bits per stored value: enough for 0 ..= number of boxes (a value is
    /// stored as the boxes the player to move will take).
    pub fn value_bits(&self) -> u32 {
        usize::BITS - self.board.num_boxes().leading_zeros()
    }

    /// The line counts per region of an edge set.
    pub fn counts(&self, edges: u64) -> Vec<u8> {
        self.regions
            .iter()
            .map(|r| (edges & r.scatter[r.scatter.len() - 1]).count_ones() as u8)
            .collect()
    }

    /// The number of positions with these line counts per region.
    pub fn shard_size(&self, counts: &[u8]) -> u64 {
        self.regions
            .iter()
            .zip(counts)
            .map(|(r, &c)| binomial(r.edges.len(), usize::from(c)))
            .product()
    }

    /// The counts after symmetry `s`: region `regions[i]` gets `counts[i]`.
    pub fn map_counts(&self, s: usize, counts: &[u8]) -> Vec<u8> {
        let mut out = vec![0; counts.len()];
        for (i, &c) in counts.iter().enumerate() {
            out[self.symmetries[s].regions[i]] = c;
        }
        out
    }

    /// The stored ordering of `counts` (the least of its images) and a
    /// symmetry mapping `counts` onto it (the first such, so the identity
    /// when `counts` is stored as it is).
    pub fn normalise(&self, counts: &[u8]) -> (Vec<u8>, usize) {
        (0..self.symmetries.len())
            .map(|s| (self.map_counts(s, counts), s))
            .min()
            .expect("the identity is a symmetry")
    }

    /// The image of an edge set under symmetry `s`.
    pub fn apply(&self, s: usize, edges: u64) -> u64 {
        let perm = &self.symmetries[s].perm;
        let mut out = 0;
        let mut bits = edges;
        while bits != 0 {
            let e = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= 1u64 << perm[e];
        }
        out
    }

    /// The local mask of region `i` in an edge set.
    pub fn local(&self, i: usize, edges: u64) -> u32 {
        self.regions[i]
            .edges
            .iter()
            .enumerate()
            .filter(|&(_, &e)| edges >> e & 1 == 1)
            .fold(0, |acc, (b, _)| acc | 1 << b)
    }

    /// The index of an edge set within its shard (counts as they are, not
    /// normalised): mixed radix over the regions' ranks, region 0 most
    /// significant.
    pub fn index_in_shard(&self, edges: u64) -> u64 {
        let mut idx = 0u64;
        for (i, r) in self.regions.iter().enumerate() {
            let m = self.local(i, edges);
            let c = m.count_ones() as usize;
            idx = idx * binomial(r.edges.len(), c) + u64::from(r.rank[m as usize]);
        }
        idx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards() -> Vec<Board> {
        [
            (1, 1),
            (2, 2),
            (3, 2),
            (2, 3),
            (3, 3),
            (2, 4),
            (3, 4),
            (1, 10),
            (4, 4),
            (2, 6),
            (4, 3),
        ]
        .iter()
        .map(|&(w, h)| Board::new(w, h).unwrap())
        .collect()
    }

    #[test]
    fn symmetries_permute_regions_and_preserve_boxes() {
        for board in boards() {
            let g = Geometry::new(board).unwrap();
            let n = board.num_edges();
            let expected = if board.width() == board.height() {
                8
            } else {
                4
            };
            assert_eq!(g.symmetries.len(), expected, "{board:?}");
            for s in &g.symmetries {
                // A permutation of the lines that maps every region onto one
                // region and every box onto a box.
                let mut seen = vec![false; n];
                for e in 0..n {
                    let img = usize::from(s.perm[e]);
                    assert!(!seen[img]);
                    seen[img] = true;
                    let (r, _) = g.edge_region[e];
                    assert_eq!(s.regions[usize::from(r)], usize::from(g.edge_region[img].0));
                }
                for &bm in &g.boxes.box_mask {
                    let img = (0..n)
                        .filter(|&e| bm >> e & 1 == 1)
                        .fold(0u64, |m, e| m | 1 << s.perm[e]);
                    assert!(g.boxes.box_mask.contains(&img));
                }
            }
        }
    }

    #[test]
    fn four_by_four_has_ten_lines_per_region() {
        // The thesis's partition of 4x4: four regions of 10 lines each.
        let g = Geometry::new(Board::new(4, 4).unwrap()).unwrap();
        assert_eq!(g.region_sizes(), vec![10, 10, 10, 10]);
        let g = Geometry::new(Board::new(3, 4).unwrap()).unwrap();
        assert_eq!(g.num_regions(), 5);
        assert_eq!(g.region_sizes().iter().sum::<usize>(), 31);
    }

    #[test]
    fn ranks_are_colex_ranks() {
        let g = Geometry::new(Board::new(2, 2).unwrap()).unwrap();
        for r in &g.regions {
            for (c, list) in r.masks.iter().enumerate() {
                assert_eq!(list.len() as u64, binomial(r.edges.len(), c));
                for (i, &m) in list.iter().enumerate() {
                    assert_eq!(r.rank[usize::from(m)] as usize, i);
                }
            }
        }
    }

    #[test]
    fn normalised_images_index_the_same_position() {
        // The image of a position under the normalising symmetry has the
        // normalised counts, and its rank tables agree with `images`.
        let g = Geometry::new(Board::new(3, 3).unwrap()).unwrap();
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let edges = x & g.board().all_edges().0;
            let counts = g.counts(edges);
            let (norm, s) = g.normalise(&counts);
            let img = g.apply(s, edges);
            assert_eq!(g.counts(img), norm);
            for i in 0..g.num_regions() {
                let to = g.symmetries[s].regions[i];
                let m = g.local(i, edges) as usize;
                let mi = g.local(to, img) as usize;
                assert_eq!(g.regions[i].images[s][m], g.regions[to].rank[mi]);
            }
        }
    }
}
