//! Boxes by degree, all at once: a bit-sliced count of the four sides of
//! every box, with no loop over boxes.
//!
//! In Strings-and-Coins terms a box's degree is its number of undrawn
//! sides (the strings of its coin): 0 for a completed box, 1 for a box that
//! can be captured.

use crate::Board;

/// Boxes by degree (undrawn sides, 0 to 4) as bit sets over box numbers.
pub type Degrees = [u32; 5];

/// How to gather, per side of a box, the edge bits of a board into box
/// bits.
#[derive(Clone, Debug)]
pub struct BoxSides {
    full: u64,
    all_boxes: u32,
    /// Boxes across: the bottom sides of the boxes are the edges shifted
    /// down by `width` (their top sides are the edges themselves).
    width: u32,
    /// Per row of boxes `(shift, mask)`: the left sides of the boxes in
    /// `mask` are `(edges >> shift) & mask`, their right sides
    /// `(edges >> (shift + 1)) & mask`.
    rows: Vec<(u32, u32)>,
    /// The first vertical edge: vertical edge `v` is bit `vertical + v`.
    vertical: u32,
    /// The vertical edges in bytes: `sides[256 * k + x]` holds, for the
    /// set `x` of vertical edges `8k .. 8k + 8`, the boxes they are left
    /// sides of (low 32 bits) and right sides of (high 32 bits).
    sides: Vec<u64>,
}

impl BoxSides {
    /// The tables of `board` (at most 32 boxes).
    ///
    /// # Panics
    /// If the board has more than 32 boxes (a caller's bug: every board the
    /// crate's solvers accept has fewer).
    pub fn new(board: Board) -> BoxSides {
        let (w, h) = (board.width(), board.height());
        let nb = board.num_boxes();
        assert!(nb <= 32, "{w}x{h}: more than 32 boxes");
        // Box b = r*w + c has top edge b and bottom edge b + w; its left edge
        // is (h+1)*w + r*(w+1) + c = b + (h+1)*w + r, its right edge one more.
        let all_boxes = ((1u64 << nb) - 1) as u32;
        let rows = (0..h)
            .map(|r| {
                (
                    ((h + 1) * w + r) as u32,
                    (((1u64 << w) - 1) << (r * w)) as u32,
                )
            })
            .collect();
        // Vertical edge v = r*(w+1) + c is the left side of box r*w + c
        // (if c < w) and the right side of box r*w + c - 1 (if c > 0).
        let vertical = ((h + 1) * w) as u32;
        let one = |v: usize| -> u64 {
            let (r, c) = (v / (w + 1), v % (w + 1));
            let left = if c < w { 1u64 << (r * w + c) } else { 0 };
            let right = if c > 0 {
                1u64 << (32 + r * w + c - 1)
            } else {
                0
            };
            left | right
        };
        let nv = h * (w + 1);
        let sides = (0..nv.div_ceil(8))
            .flat_map(|k| {
                (0..256usize).map(move |x| {
                    (0..8)
                        .filter(|&i| x >> i & 1 == 1 && 8 * k + i < nv)
                        .fold(0, |acc, i| acc | one(8 * k + i))
                })
            })
            .collect();
        BoxSides {
            full: board.all_edges().0,
            all_boxes,
            width: w as u32,
            rows,
            vertical,
            sides,
        }
    }

    /// Bit `b` for every box `b`.
    pub fn all_boxes(&self) -> u32 {
        self.all_boxes
    }

    /// The boxes of each degree in the position with edges `edges`.
    #[inline]
    pub fn degrees(&self, edges: u64) -> Degrees {
        let free = !edges & self.full;
        let a = free as u32 & self.all_boxes;
        let b = (free >> self.width) as u32 & self.all_boxes;
        // The left (c) and right (d) sides, a byte of vertical edges at a
        // time.
        let mut lr = 0u64;
        let mut v = free >> self.vertical;
        for table in self.sides.chunks_exact(256) {
            lr |= table[(v & 0xff) as usize];
            v >>= 8;
        }
        let (c, d) = (lr as u32, (lr >> 32) as u32);
        // count = p + 2 * (c1 + c2 + c3), where c1 + c2 + c3 <= 2 and is 2
        // only when all four sides are undrawn (c1 & c2).
        let (s1, c1, s2, c2) = (a ^ b, a & b, c ^ d, c & d);
        let (p, c3) = (s1 ^ s2, s1 & s2);
        let (t, f) = (c1 ^ c2 ^ c3, c1 & c2);
        [self.all_boxes & !(p | t | f), p & !t, !p & t, p & t, f]
    }

    /// The edges of a set of boxes (each box's four sides).
    #[inline]
    pub fn edges_of(&self, boxes: u32) -> u64 {
        let sides = u64::from(boxes) | u64::from(boxes) << self.width;
        self.rows.iter().fold(sides, |out, &(shift, mask)| {
            out | u64::from(boxes & mask) << shift | u64::from(boxes & mask) << (shift + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_match_a_count_per_box() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for (w, h) in [(1, 1), (3, 3), (1, 6), (2, 5), (4, 3), (5, 5), (1, 21)] {
            let board = Board::new(w, h).unwrap();
            let sides = BoxSides::new(board);
            for _ in 0..300 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let edges = x & board.all_edges().0;
                let d = sides.degrees(edges);
                for b in 0..board.num_boxes() {
                    let undrawn = board
                        .box_edges(b)
                        .iter()
                        .filter(|e| edges & e.bit() == 0)
                        .count();
                    for (k, mask) in d.iter().enumerate() {
                        assert_eq!(mask >> b & 1 == 1, k == undrawn, "{w}x{h} box {b}");
                    }
                    let own = board.box_edges(b).iter().fold(0, |m, e| m | e.bit());
                    assert_eq!(sides.edges_of(1 << b), own);
                }
            }
        }
    }
}
