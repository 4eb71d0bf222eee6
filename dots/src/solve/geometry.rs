//! The solver's tables for one board: the box tables
//! ([`crate::geometry::BoxTables`]) with the board's symmetries and ground
//! strings as byte tables (for keys) and the centre-out move order.

use crate::board::centre_out;
use crate::geometry::{BoxTables, GROUND};
use crate::Board;

/// Tables for one board size.
pub struct Geometry {
    /// The board's box tables (which edges bound a box, which boxes an
    /// edge touches, boxes by degree).
    pub boxes: BoxTables,
    /// Per box with two or more edges on the border: the mask of those edges
    /// (its strings to the ground in Strings-and-Coins) and, for each count
    /// k, the mask of its k lowest-numbered border edges. (A box with one
    /// border edge has nothing to normalise.)
    pub ground: Vec<(u64, [u64; 5])>,
    /// Bits of the border edges of the boxes in `ground`.
    pub all_ground: u64,
    /// Edges from the centre of the board outwards (Barker & Korf 2012, "Move
    /// Ordering"); ties by edge number.
    pub centre_out: Vec<u8>,
    /// The byte table of the permutation that maps each edge to its place
    /// in `centre_out` (see [`Geometry::centre_out_ranks`]).
    centre_out_table: Vec<[u64; 256]>,
    /// Per symmetry other than the identity: `table[byte][value]` is the image
    /// of the bits `value << 8*byte`, for the bytes that hold edges.
    pub symmetries: Vec<Vec<[u64; 256]>>,
    /// Per symmetry (index 0 the identity, `s + 1` for `symmetries[s]`):
    /// the image of each edge, and the inverse permutation.
    pub perms: Vec<(Vec<u8>, Vec<u8>)>,
    /// The symmetries of `symmetries` made to map ground-normalised edge
    /// sets ([`Geometry::normalise_ground`]) to ground-normalised edge sets:
    /// the `j`-th lowest border edge of a box goes to the `j`-th lowest
    /// border edge of its image box. For a normalised set `x`,
    /// `normalise_ground(apply(s, x)) == apply_grounded(s, x)`.
    pub grounded: Vec<Vec<[u64; 256]>>,
    /// The permutations of `grounded`, as in `perms`.
    pub grounded_perms: Vec<(Vec<u8>, Vec<u8>)>,
    /// Per edge: the index into `ground` of its box if it is a border edge.
    pub ground_of_edge: Vec<Option<usize>>,
}

impl Geometry {
    /// Tables for `board`.
    pub fn new(board: Board) -> Geometry {
        let n = board.num_edges();
        let boxes = BoxTables::new(board);
        let mut ground = Vec::new();
        let mut all_ground = 0;
        for &bm in &boxes.box_mask {
            let mask = bm
                & (0..n)
                    .filter(|&e| boxes.edge_boxes[e].contains(&GROUND))
                    .fold(0u64, |m, e| m | 1 << e);
            if mask.count_ones() >= 2 {
                let mut prefix = [0u64; 5];
                let mut bits = mask;
                for k in 1..5 {
                    prefix[k] = prefix[k - 1];
                    if bits != 0 {
                        prefix[k] |= bits & bits.wrapping_neg();
                        bits &= bits - 1;
                    }
                }
                ground.push((mask, prefix));
                all_ground |= mask;
            }
        }
        let centre_out = centre_out(board.width(), board.height());
        let mut rank = vec![0u8; n];
        for (r, &e) in centre_out.iter().enumerate() {
            rank[usize::from(e)] = r as u8;
        }
        let mut symmetries = Vec::new();
        let identity: Vec<u8> = (0..n as u8).collect();
        let mut perms = vec![(identity.clone(), identity.clone())];
        let mut grounded_perms = vec![(identity.clone(), identity)];
        let mut grounded_symmetries = Vec::new();
        for perm in board.symmetries().into_iter().skip(1) {
            // The same map on boxes, with each box's border edges taken in
            // increasing order on both sides.
            let mut grounded = perm.clone();
            for &(mask, _) in &ground {
                let image = perm_bits(&perm, mask);
                for (from, to) in bits(mask).zip(bits(image)) {
                    grounded[from] = to as u8;
                }
            }
            symmetries.push(byte_table(&perm));
            perms.push(with_inverse(perm));
            grounded_symmetries.push(byte_table(&grounded));
            grounded_perms.push(with_inverse(grounded));
        }
        let ground_of_edge = (0..n)
            .map(|e| ground.iter().position(|&(mask, _)| mask >> e & 1 == 1))
            .collect();
        Geometry {
            boxes,
            perms,
            grounded: grounded_symmetries,
            grounded_perms,
            ground_of_edge,
            ground,
            all_ground,
            centre_out_table: byte_table(&rank),
            centre_out,
            symmetries,
        }
    }

    /// The places in `centre_out` of the edges of a set: bit `r` is set when
    /// `centre_out[r]` is in `edges`.
    #[inline]
    pub fn centre_out_ranks(&self, edges: u64) -> u64 {
        apply_table(&self.centre_out_table, edges)
    }

    /// The image of `edges` under symmetry `s`.
    #[inline]
    pub fn apply(&self, s: usize, edges: u64) -> u64 {
        apply_table(&self.symmetries[s], edges)
    }

    /// The image of a ground-normalised edge set under symmetry `s`,
    /// ground-normalised (see [`Geometry::grounded`]).
    #[inline]
    pub fn apply_grounded(&self, s: usize, normalised: u64) -> u64 {
        apply_table(&self.grounded[s], normalised)
    }

    /// `edges` with the border edges of each box replaced by the same number
    /// of its lowest-numbered border edges. In Strings-and-Coins the strings
    /// from one coin to the ground are interchangeable, so the value does not
    /// change (Barker & Korf 2012, "corner-edge symmetry", generalised to every coin).
    #[inline]
    pub fn normalise_ground(&self, edges: u64) -> u64 {
        let mut out = edges & !self.all_ground;
        for &(mask, prefix) in &self.ground {
            out |= prefix[(edges & mask).count_ones() as usize];
        }
        out
    }
}

/// The image of `edges` under a byte table (see [`Geometry::symmetries`]).
#[inline]
fn apply_table(table: &[[u64; 256]], edges: u64) -> u64 {
    let mut out = 0;
    for (byte, row) in table.iter().enumerate() {
        out |= row[(edges >> (8 * byte)) as usize & 0xff];
    }
    out
}

/// The byte table of an edge permutation.
fn byte_table(perm: &[u8]) -> Vec<[u64; 256]> {
    let mut table = vec![[0u64; 256]; perm.len().div_ceil(8)];
    for (byte, row) in table.iter_mut().enumerate() {
        for (value, image) in row.iter_mut().enumerate() {
            for bit in 0..8 {
                let e = 8 * byte + bit;
                if value >> bit & 1 == 1 && e < perm.len() {
                    *image |= 1 << perm[e];
                }
            }
        }
    }
    table
}

/// A permutation and its inverse.
fn with_inverse(perm: Vec<u8>) -> (Vec<u8>, Vec<u8>) {
    let mut inverse = vec![0u8; perm.len()];
    for (e, &img) in perm.iter().enumerate() {
        inverse[usize::from(img)] = e as u8;
    }
    (perm, inverse)
}

/// The image of a bit set under an edge permutation.
fn perm_bits(perm: &[u8], set: u64) -> u64 {
    bits(set).fold(0, |out, e| out | 1 << perm[e])
}

/// The members of a bit set in increasing order.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| set >> i & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_permutations_of_the_edges() {
        for (w, h, count) in [(3, 3, 7), (2, 3, 3), (5, 5, 7), (1, 1, 7)] {
            let g = Geometry::new(Board::new(w, h).unwrap());
            assert_eq!(g.symmetries.len(), count);
            for s in 0..g.symmetries.len() {
                assert_eq!(g.apply(s, g.boxes.full), g.boxes.full);
                let mut seen = 0u64;
                for e in 0..g.boxes.board.num_edges() {
                    let img = g.apply(s, 1 << e);
                    assert_eq!(img.count_ones(), 1);
                    seen |= img;
                }
                assert_eq!(seen, g.boxes.full);
            }
        }
    }

    /// `count` pseudo-random edge sets of `g`'s board (a fixed LCG).
    fn random_sets(g: &Geometry, count: usize) -> impl Iterator<Item = u64> + '_ {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        (0..count).map(move |_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 7) & g.boxes.full
        })
    }

    #[test]
    fn grounded_symmetries_commute_with_normalising() {
        // For every edge set x: normalise(apply(s, x)) equals
        // apply_grounded(s, normalise(x)), checked on pseudo-random sets.
        for (w, h) in [(3, 3), (1, 6), (2, 5), (4, 4), (1, 1)] {
            let g = Geometry::new(Board::new(w, h).unwrap());
            for edges in random_sets(&g, 500) {
                for s in 0..g.symmetries.len() {
                    assert_eq!(
                        g.normalise_ground(g.apply(s, edges)),
                        g.apply_grounded(s, g.normalise_ground(edges)),
                        "{w}x{h} symmetry {s} on {edges:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn edges_of_boxes_and_ranks_match_the_tables() {
        // edges_of: the union of the boxes' masks; centre_out_ranks: bit r
        // for each member centre_out[r]; on pseudo-random sets.
        for (w, h) in [(3, 3), (1, 6), (4, 3), (5, 5), (1, 1)] {
            let g = Geometry::new(Board::new(w, h).unwrap());
            for edges in random_sets(&g, 300) {
                let boxes = edges as u32 & g.boxes.all_boxes();
                let union = (0..g.boxes.box_mask.len())
                    .filter(|&b| boxes >> b & 1 == 1)
                    .fold(0, |m, b| m | g.boxes.box_mask[b]);
                assert_eq!(g.boxes.edges_of(boxes), union, "{w}x{h} boxes {boxes:#x}");
                let ranks = (0..g.centre_out.len())
                    .filter(|&r| edges >> g.centre_out[r] & 1 == 1)
                    .fold(0u64, |m, r| m | 1 << r);
                assert_eq!(g.centre_out_ranks(edges), ranks, "{w}x{h} edges {edges:#x}");
            }
        }
    }
}
