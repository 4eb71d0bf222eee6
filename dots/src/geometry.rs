//! The board's box tables, written once: which edges bound each box, which
//! boxes each edge touches (or the ground, [`GROUND`]), and the boxes by
//! degree, as bit masks over the edges (bit `e` for edge `e`) and box
//! numbers. The exact solver, the whole-board tables (crate `databases`)
//! and the chain rules ([`crate::chains`]) read them; the numbering they
//! come from is [`Board`]'s (ARCHITECTURE.md), which the players'
//! [`crate::play::Grid`] shares for boards of up to 128 edges.
//!
//! ```text
//! +-0-+-1-+        2x1 board: box 0 has edges 0, 2, 4, 5;
//! 4   5   6                   edge 5 touches boxes 0 and 1,
//! +-2-+-3-+                   edge 4 box 0 and the ground
//! ```
//!
//! ```
//! use dots::geometry::{BoxTables, GROUND};
//! use dots::Board;
//!
//! let tables = BoxTables::new(Board::new(2, 1).unwrap());
//! assert_eq!(tables.box_mask[0], 1 << 0 | 1 << 2 | 1 << 4 | 1 << 5);
//! assert_eq!(tables.edge_boxes[4], [GROUND, 0]);
//! assert_eq!(tables.other_side(5, 0), 1);
//! assert_eq!(tables.other_side(4, 0), GROUND);
//! ```

use crate::board::{box_edges, edge_boxes};
use crate::degrees::{BoxSides, Degrees};
use crate::Board;

/// Marks "no box" (the ground of Strings-and-Coins) in
/// [`BoxTables::edge_boxes`] and wherever a box number is a `u8`.
pub const GROUND: u8 = u8::MAX;

/// The box tables of one board as bit masks over its edges (bit `e` for
/// edge `e`) and box numbers (`u8`, [`GROUND`] for none): what the solver's
/// hot loops, the whole-board tables and the chain rules read.
#[derive(Clone, Debug)]
pub struct BoxTables {
    /// The board.
    pub board: Board,
    /// Bit set of all edges.
    pub full: u64,
    /// Per box: the bits of its four edges.
    pub box_mask: Vec<u64>,
    /// Per edge: the boxes on either side ([`GROUND`] for none).
    pub edge_boxes: Vec<[u8; 2]>,
    /// Gathers the sides of every box at once ([`BoxTables::degrees`]).
    sides: BoxSides,
}

impl BoxTables {
    /// The tables of `board`.
    ///
    /// # Panics
    /// If the board has more than 32 boxes (see [`BoxSides::new`]).
    pub fn new(board: Board) -> BoxTables {
        let (w, h) = (board.width(), board.height());
        BoxTables {
            board,
            full: board.all_edges().0,
            box_mask: (0..board.num_boxes())
                .map(|b| box_edges(w, h, b).iter().fold(0, |m, &e| m | 1 << e))
                .collect(),
            edge_boxes: (0..board.num_edges())
                .map(|e| edge_boxes(w, h, e).map(|b| b.map_or(GROUND, |b| b as u8)))
                .collect(),
            sides: BoxSides::new(board),
        }
    }

    /// Bit `b` for every box `b`.
    #[inline]
    pub fn all_boxes(&self) -> u32 {
        self.sides.all_boxes()
    }

    /// The box on the other side of `edge` from box `b` ([`GROUND`] for
    /// none).
    #[inline]
    pub fn other_side(&self, edge: usize, b: u8) -> u8 {
        let [p, q] = self.edge_boxes[edge];
        if p == b {
            q
        } else {
            p
        }
    }

    /// Undrawn edges of box `b` in `edges` (its degree as a coin).
    #[inline]
    pub fn degree(&self, edges: u64, b: u8) -> u32 {
        (self.box_mask[usize::from(b)] & !edges).count_ones()
    }

    /// The boxes of each degree in `edges`, all at once.
    #[inline]
    pub fn degrees(&self, edges: u64) -> Degrees {
        self.sides.degrees(edges)
    }

    /// The edges of a set of boxes (each box's four sides).
    #[inline]
    pub fn edges_of(&self, boxes: u32) -> u64 {
        self.sides.edges_of(boxes)
    }

    /// Number of completed boxes in `edges`.
    pub fn completed(&self, edges: u64) -> u32 {
        self.box_mask.iter().filter(|&&m| m & !edges == 0).count() as u32
    }

    /// Boxes that drawing `edge` (undrawn) completes in `edges`.
    pub fn completes(&self, edges: u64, edge: usize) -> u32 {
        self.edge_boxes[edge]
            .iter()
            .filter(|&&b| b != GROUND && self.degree(edges, b) == 1)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_numbering() {
        for (w, h) in [(1, 1), (2, 3), (3, 2), (5, 5), (1, 21)] {
            let t = BoxTables::new(Board::new(w, h).unwrap());
            for (b, &mask) in t.box_mask.iter().enumerate() {
                assert_eq!(mask.count_ones(), 4);
                for e in box_edges(w, h, b) {
                    assert!(t.edge_boxes[e].contains(&(b as u8)));
                    assert_eq!(t.box_mask[b] >> e & 1, 1);
                }
            }
            for (e, &[p, q]) in t.edge_boxes.iter().enumerate() {
                assert_eq!(t.other_side(e, p), q);
                assert_eq!(t.other_side(e, q), p);
            }
            let full = t.full;
            assert_eq!(t.completed(full), (w * h) as u32);
            assert_eq!(t.completed(0), 0);
        }
    }
}
