//! Board geometry: boxes, edges and which edge borders which box, the one
//! definition of the numbering (ARCHITECTURE.md).
//!
//! A `w x h` board has `w` boxes across and `h` down. The horizontal edge
//! in dot-row `r` (0..=h) above box-column `c` is `r*w + c`; the vertical
//! edge in box-row `r` at dot-column `c` (0..=w) is `(h+1)*w + r*(w+1) +
//! c`. On 1x1: top 0, bottom 1, left 2, right 3. The bit masks of these
//! rules are in [`crate::geometry`].
//!
//! ```text
//! +-0-+-1-+        2x1 board
//! 4   5   6
//! +-2-+-3-+
//! ```

use crate::{Edge, EdgeSet, PositionError};

/// A board size, `width x height` boxes, with at most 64 edges (so any board
/// up to 5x5, and e.g. 1x21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
}

impl Board {
    /// A board of `width x height` boxes.
    ///
    /// # Errors
    /// [`PositionError::UnknownSize`] if a side is zero or the board has more
    /// than 64 edges.
    pub fn new(width: usize, height: usize) -> Result<Board, PositionError> {
        let edges = width
            .checked_mul(height.saturating_add(1))
            .zip(height.checked_mul(width.saturating_add(1)))
            .and_then(|(a, b)| a.checked_add(b));
        match edges {
            Some(n) if width > 0 && height > 0 && n <= 64 => Ok(Board {
                width: width as u8,
                height: height as u8,
            }),
            _ => Err(PositionError::UnknownSize {
                size: format!("{width}x{height}"),
            }),
        }
    }

    /// Boxes across.
    pub fn width(self) -> usize {
        usize::from(self.width)
    }

    /// Boxes down.
    pub fn height(self) -> usize {
        usize::from(self.height)
    }

    /// Number of boxes.
    pub fn num_boxes(self) -> usize {
        self.width() * self.height()
    }

    /// Number of horizontal edges; edges below this number are horizontal.
    pub fn num_horizontal(self) -> usize {
        num_horizontal(self.width(), self.height())
    }

    /// Number of edges.
    pub fn num_edges(self) -> usize {
        num_edges(self.width(), self.height())
    }

    /// All edges of the board.
    pub fn all_edges(self) -> EdgeSet {
        let n = self.num_edges();
        EdgeSet(if n == 64 { u64::MAX } else { (1u64 << n) - 1 })
    }

    /// The edge with this number, if the board has it.
    pub fn edge(self, index: usize) -> Option<Edge> {
        (index < self.num_edges()).then(|| Edge::new(index))
    }

    /// Horizontal edge in dot-row `row` (0..=height) above box-column `col`.
    pub fn horizontal(self, row: usize, col: usize) -> Edge {
        debug_assert!(row <= self.height() && col < self.width());
        Edge::new(horizontal(self.width(), row, col))
    }

    /// Vertical edge in box-row `row` at dot-column `col` (0..=width).
    pub fn vertical(self, row: usize, col: usize) -> Edge {
        debug_assert!(row < self.height() && col <= self.width());
        Edge::new(vertical(self.width(), self.height(), row, col))
    }

    /// The four edges of box `index` (`row * width + col`): top, bottom,
    /// left, right.
    pub fn box_edges(self, index: usize) -> [Edge; 4] {
        box_edges(self.width(), self.height(), index).map(Edge::new)
    }

    /// The boxes on either side of `edge` (one of them is `None` on the
    /// border): above/below for a horizontal edge, left/right for a vertical.
    pub fn edge_boxes(self, edge: Edge) -> [Option<usize>; 2] {
        edge_boxes(self.width(), self.height(), edge.index())
    }

    /// The endpoints of `edge` as dot coordinates `(x, y)`, x in 0..=width
    /// from the left, y in 0..=height from the top.
    pub fn edge_dots(self, edge: Edge) -> [(usize, usize); 2] {
        edge_dots(self.width(), self.height(), edge.index())
    }

    /// The edge between two adjacent dots, if they are adjacent.
    pub fn edge_between(self, a: (usize, usize), b: (usize, usize)) -> Option<Edge> {
        let (w, h) = (self.width(), self.height());
        if a.0 > w || b.0 > w || a.1 > h || b.1 > h {
            return None;
        }
        if a.1 == b.1 && a.0.abs_diff(b.0) == 1 {
            Some(self.horizontal(a.1, a.0.min(b.0)))
        } else if a.0 == b.0 && a.1.abs_diff(b.1) == 1 {
            Some(self.vertical(a.1.min(b.1), a.0))
        } else {
            None
        }
    }

    /// Number of boxes that drawing `edge` on `edges` completes (0, 1 or 2).
    pub fn completed_by(self, edges: EdgeSet, edge: Edge) -> usize {
        let after = edges.with(edge);
        self.edge_boxes(edge)
            .into_iter()
            .flatten()
            .filter(|&b| self.box_edges(b).iter().all(|&e| after.contains(e)))
            .count()
    }

    /// Number of boxes with all four edges drawn.
    pub fn completed_boxes(self, edges: EdgeSet) -> usize {
        (0..self.num_boxes())
            .filter(|&b| self.box_edges(b).iter().all(|&e| edges.contains(e)))
            .count()
    }

    /// Every edge from the centre of the board outwards, the exact solver's
    /// move order (Barker & Korf 2012, "Move Ordering"): by the distance of
    /// its midpoint from the centre, ties by edge number.
    pub fn centre_out(self) -> Vec<Edge> {
        centre_out(self.width(), self.height())
            .into_iter()
            .map(|e| Edge::new(usize::from(e)))
            .collect()
    }

    /// The edge permutations of the board's symmetries: `perm[e]` is the
    /// image of edge `e`. The identity comes first, then the reflections
    /// in the vertical and horizontal axes and the half turn, then on
    /// square boards the four maps that swap rows and columns (in the order
    /// of `t = transpose << 2 | flip_y << 1 | flip_x`).
    pub fn symmetries(self) -> Vec<Vec<u8>> {
        let square = self.width == self.height;
        let mut out = Vec::new();
        for t in 0..8u8 {
            let (transpose, flip_x, flip_y) = (t & 4 != 0, t & 1 != 0, t & 2 != 0);
            if transpose && !square {
                continue;
            }
            let map_dot = |(x, y): (usize, usize)| {
                let x = if flip_x { self.width() - x } else { x };
                let y = if flip_y { self.height() - y } else { y };
                if transpose {
                    (y, x)
                } else {
                    (x, y)
                }
            };
            let perm = (0..self.num_edges())
                .map(|e| {
                    let [a, b] = self.edge_dots(Edge::new(e));
                    let image = self.edge_between(map_dot(a), map_dot(b));
                    image.expect("a symmetry maps edges to edges").index() as u8
                })
                .collect();
            out.push(perm);
        }
        out
    }
}

// The numbering for any size: the free functions take the width and
// height in boxes, so that the players' `Grid` (up to 128 edges) shares
// them with `Board` (up to 64).

/// Number of horizontal edges of a `width x height` board; edges below it
/// are horizontal.
pub(crate) fn num_horizontal(width: usize, height: usize) -> usize {
    (height + 1) * width
}

/// Number of edges of a `width x height` board.
pub(crate) fn num_edges(width: usize, height: usize) -> usize {
    num_horizontal(width, height) + height * (width + 1)
}

/// The horizontal edge in dot-row `row` (0..=height) above box-column `col`.
pub(crate) fn horizontal(width: usize, row: usize, col: usize) -> usize {
    row * width + col
}

/// The vertical edge in box-row `row` at dot-column `col` (0..=width).
pub(crate) fn vertical(width: usize, height: usize, row: usize, col: usize) -> usize {
    num_horizontal(width, height) + row * (width + 1) + col
}

/// The four edges of box `b` (`row * width + col`): top, bottom, left,
/// right.
pub(crate) fn box_edges(width: usize, height: usize, b: usize) -> [usize; 4] {
    let (row, col) = (b / width, b % width);
    [
        horizontal(width, row, col),
        horizontal(width, row + 1, col),
        vertical(width, height, row, col),
        vertical(width, height, row, col + 1),
    ]
}

/// The boxes on either side of edge `e` (`None` beyond the border):
/// above and below a horizontal edge, left and right of a vertical one.
pub(crate) fn edge_boxes(width: usize, height: usize, e: usize) -> [Option<usize>; 2] {
    let nh = num_horizontal(width, height);
    if e < nh {
        let (row, col) = (e / width, e % width);
        [
            (row > 0).then(|| (row - 1) * width + col),
            (row < height).then(|| row * width + col),
        ]
    } else {
        let (row, col) = ((e - nh) / (width + 1), (e - nh) % (width + 1));
        [
            (col > 0).then(|| row * width + col - 1),
            (col < width).then(|| row * width + col),
        ]
    }
}

/// The endpoints of edge `e` as dot coordinates `(x, y)`, x in 0..=width
/// from the left, y in 0..=height from the top.
pub(crate) fn edge_dots(width: usize, height: usize, e: usize) -> [(usize, usize); 2] {
    let nh = num_horizontal(width, height);
    if e < nh {
        let (row, col) = (e / width, e % width);
        [(col, row), (col + 1, row)]
    } else {
        let (row, col) = ((e - nh) / (width + 1), (e - nh) % (width + 1));
        [(col, row), (col, row + 1)]
    }
}

/// Every edge (at most 256), from the centre of the board outwards: by the
/// distance of its midpoint from the centre, ties by edge number (Barker &
/// Korf 2012, "Move Ordering").
pub(crate) fn centre_out(width: usize, height: usize) -> Vec<u8> {
    let n = num_edges(width, height);
    debug_assert!(n <= 256);
    let (w, h) = (width as i64, height as i64);
    let mut order: Vec<u8> = (0..n).map(|e| e as u8).collect();
    order.sort_by_key(|&e| {
        let [a, b] = edge_dots(width, height, usize::from(e));
        // The midpoint in doubled coordinates, the centre at (w, h).
        let x = (a.0 + b.0) as i64 - w;
        let y = (a.1 + b.1) as i64 - h;
        (x * x + y * y, e)
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_by_one_numbering_matches_architecture() {
        // ARCHITECTURE.md: "On 1x1: top 0, bottom 1, left 2, right 3."
        let b = Board::new(1, 1).unwrap();
        assert_eq!(b.box_edges(0).map(Edge::index), [0, 1, 2, 3]);
        assert_eq!(b.num_edges(), 4);
    }

    #[test]
    fn every_edge_borders_the_boxes_that_list_it() {
        for (w, h) in [(1, 1), (2, 3), (3, 2), (5, 5), (1, 21)] {
            let b = Board::new(w, h).unwrap();
            let mut count = vec![0; b.num_edges()];
            for bx in 0..b.num_boxes() {
                for e in b.box_edges(bx) {
                    count[e.index()] += 1;
                    assert!(b.edge_boxes(e).contains(&Some(bx)));
                }
            }
            // Paper (Barker & Korf 2012): an m x n board has m(n+1) + (m+1)n edges.
            assert_eq!(b.num_edges(), w * (h + 1) + (w + 1) * h);
            for (e, &c) in count.iter().enumerate() {
                let n = b.edge_boxes(Edge::new(e)).iter().flatten().count();
                assert_eq!(c, n);
                let [p, q] = b.edge_dots(Edge::new(e));
                assert_eq!(b.edge_between(p, q), Some(Edge::new(e)));
            }
        }
    }

    #[test]
    fn sizes_beyond_64_edges_are_refused() {
        assert!(Board::new(5, 6).is_err());
        assert!(Board::new(0, 3).is_err());
        assert!(Board::new(1, 21).is_ok());
        assert!(Board::new(1, 22).is_err());
    }

    #[test]
    fn centre_out_starts_in_the_middle() {
        // On 3x3 the four edges of the centre box come first.
        let mut first = centre_out(3, 3)[..4].to_vec();
        first.sort();
        let centre: Vec<u8> = box_edges(3, 3, 4).iter().map(|&e| e as u8).collect();
        assert_eq!(first, centre);
    }
}
