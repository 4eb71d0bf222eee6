//! Edges and sets of edges.

use std::fmt;

/// One edge (line) of a board, numbered as in ARCHITECTURE.md: first the
/// horizontal edges row by row from the top, then the vertical edges row by
/// row. Always below 64; whether it is below a board's edge count is checked
/// where a [`crate::Board`] is at hand. With the `serde` feature it
/// serialises as its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(transparent))]
pub struct Edge(u8);

impl Edge {
    /// The edge with this number.
    ///
    /// # Panics
    /// If `index >= 64` (a caller's bug: no board has that many edges).
    pub fn new(index: usize) -> Edge {
        assert!(index < 64, "edge index {index} out of range");
        Edge(index as u8)
    }

    /// The edge's number.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The edge's bit in an [`EdgeSet`].
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of edges (the drawn lines of a position).
///
/// Bit layout: bit `i` is set when edge `i` (see [`Edge`]) is drawn; bits at
/// or above the board's edge count are always clear. With the `serde`
/// feature it serialises as the list of its edge numbers, increasing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeSet(pub u64);

#[cfg(feature = "serde")]
impl serde::Serialize for EdgeSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl EdgeSet {
    /// The empty set.
    pub const EMPTY: EdgeSet = EdgeSet(0);

    /// Whether `edge` is in the set.
    pub fn contains(self, edge: Edge) -> bool {
        self.0 & edge.bit() != 0
    }

    /// The set with `edge` added.
    pub fn with(self, edge: Edge) -> EdgeSet {
        EdgeSet(self.0 | edge.bit())
    }

    /// Number of edges in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The edges in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Edge> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Edge(i as u8))
            }
        })
    }
}

impl FromIterator<Edge> for EdgeSet {
    fn from_iter<I: IntoIterator<Item = Edge>>(iter: I) -> EdgeSet {
        EdgeSet(iter.into_iter().fold(0, |acc, e| acc | e.bit()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_lists_members_in_order() {
        let set: EdgeSet = [5, 0, 63].into_iter().map(Edge::new).collect();
        let back: Vec<usize> = set.iter().map(Edge::index).collect();
        assert_eq!(back, vec![0, 5, 63]);
        assert_eq!(set.len(), 3);
        assert!(set.contains(Edge::new(63)) && !set.contains(Edge::new(1)));
    }
}
