//! A validated position: a board and its drawn edges.

use std::fmt;

use crate::{Board, Edge, EdgeSet, PositionError};

/// A position: a board and the set of drawn edges. Who owns the completed
/// boxes does not matter to play (Barker & Korf 2012: an "unscored state").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    edges: EdgeSet,
}

impl Position {
    /// The empty board.
    pub fn empty(board: Board) -> Position {
        Position {
            board,
            edges: EdgeSet::EMPTY,
        }
    }

    /// A position from a board and drawn edges.
    ///
    /// # Errors
    /// [`PositionError::EdgeOutOfRange`] if an edge is not on the board.
    pub fn from_edges(board: Board, edges: EdgeSet) -> Result<Position, PositionError> {
        let extra = edges.0 & !board.all_edges().0;
        if extra != 0 {
            return Err(PositionError::EdgeOutOfRange {
                edge: extra.trailing_zeros() as usize,
                num_edges: board.num_edges(),
            });
        }
        Ok(Position { board, edges })
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The drawn edges.
    pub fn edges(&self) -> EdgeSet {
        self.edges
    }

    /// The undrawn edges (the legal moves).
    pub fn legal_moves(&self) -> EdgeSet {
        EdgeSet(self.board.all_edges().0 & !self.edges.0)
    }

    /// Whether every edge is drawn.
    pub fn is_over(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// Boxes not yet completed (what the value of a position is over).
    pub fn remaining_boxes(&self) -> usize {
        self.board.num_boxes() - self.board.completed_boxes(self.edges)
    }

    /// Whether the position's invariants hold (no edge beyond the board).
    pub fn is_consistent(&self) -> bool {
        self.edges.0 & !self.board.all_edges().0 == 0
    }

    /// Draws `edge`; returns the new position and the number of boxes it
    /// completed (the mover moves again when that is not zero).
    ///
    /// # Errors
    /// [`PositionError::EdgeOutOfRange`] or [`PositionError::DuplicateEdge`].
    pub fn play(&self, edge: usize) -> Result<(Position, usize), PositionError> {
        let e = self.board.edge(edge).ok_or(PositionError::EdgeOutOfRange {
            edge,
            num_edges: self.board.num_edges(),
        })?;
        if self.edges.contains(e) {
            return Err(PositionError::DuplicateEdge { edge });
        }
        Ok(self.play_unchecked(e))
    }

    /// [`Position::play`] without the checks: `edge` must be an undrawn edge
    /// of the board.
    pub fn play_unchecked(&self, edge: Edge) -> (Position, usize) {
        debug_assert!(self.legal_moves().contains(edge));
        let completed = self.board.completed_by(self.edges, edge);
        let next = Position {
            board: self.board,
            edges: self.edges.with(edge),
        };
        debug_assert!(next.is_consistent());
        (next, completed)
    }
}

impl fmt::Display for Position {
    /// Position text: `WxH` or `WxH:e,e,e` (edges in increasing order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.board.width(), self.board.height())?;
        for (i, e) in self.edges.iter().enumerate() {
            write!(f, "{}{}", if i == 0 { ':' } else { ',' }, e)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_counts_completed_boxes() {
        // Rules: the fourth side of a box completes it; on 2x1 the middle
        // vertical edge 5 is a side of both boxes (ARCHITECTURE.md numbering).
        let p: Position = "2x1:0,1,2,3,4,6".parse().unwrap();
        let (q, done) = p.play(5).unwrap();
        assert_eq!(done, 2);
        assert!(q.is_over() && q.is_consistent());
        assert_eq!(q.remaining_boxes(), 0);
        let (q, done) = Position::empty(p.board()).play(5).unwrap();
        assert_eq!((done, q.remaining_boxes()), (0, 2));
        assert_eq!(p.play(4), Err(PositionError::DuplicateEdge { edge: 4 }));
        assert!(matches!(
            p.play(7),
            Err(PositionError::EdgeOutOfRange {
                edge: 7,
                num_edges: 7
            })
        ));
    }

    #[test]
    fn annotated_diagram_labels_undrawn_edges() {
        let p: Position = "1x1:0,2".parse().unwrap();
        let text = p.annotated_diagram(|e| Some(format!("{}", e.index())));
        assert_eq!(text, " + --- +\n |     3\n +  1  +\n");
    }
}
