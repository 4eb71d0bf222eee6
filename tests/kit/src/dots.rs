//! Dots-and-Boxes references: memoised negamax over drawn-edge sets, written
//! from the rules alone (a move that completes a box moves again; the value
//! is the margin over the boxes not yet completed), and random positions.

use std::collections::HashMap;

use dots::{Board, Edge, EdgeSet, Position};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// Plain memoised negamax on one board.
pub struct Negamax {
    board: Board,
    memo: HashMap<u64, i32>,
}

impl Negamax {
    /// A reference for positions on `board`.
    pub fn new(board: Board) -> Negamax {
        Negamax {
            board,
            memo: HashMap::new(),
        }
    }

    /// The boxes that drawing `edge` completes when `drawn` are drawn.
    pub fn completes(&self, drawn: u64, edge: usize) -> i32 {
        let after = drawn | 1 << edge;
        (0..self.board.num_boxes())
            .filter(|&b| {
                let edges = self.board.box_edges(b);
                edges.iter().any(|e| e.index() == edge)
                    && edges.iter().all(|e| after >> e.index() & 1 == 1)
            })
            .count() as i32
    }

    /// The value of the position with the edges `drawn` for the player to
    /// move.
    pub fn value(&mut self, drawn: u64) -> i32 {
        if let Some(&v) = self.memo.get(&drawn) {
            return v;
        }
        let mut best = if drawn == self.board.all_edges().0 {
            0
        } else {
            i32::MIN
        };
        for edge in 0..self.board.num_edges() {
            if drawn >> edge & 1 == 1 {
                continue;
            }
            let k = self.completes(drawn, edge);
            let v = if k > 0 {
                k + self.value(drawn | 1 << edge)
            } else {
                -self.value(drawn | 1 << edge)
            };
            best = best.max(v);
        }
        self.memo.insert(drawn, best);
        best
    }

    /// (edge, value of drawing it for the player who draws it) for every
    /// legal move.
    pub fn moves(&mut self, drawn: u64) -> Vec<(Edge, i32)> {
        (0..self.board.num_edges())
            .filter(|&e| drawn >> e & 1 == 0)
            .map(|e| {
                let k = self.completes(drawn, e);
                let child = self.value(drawn | 1 << e);
                (Edge::new(e), if k > 0 { k + child } else { -child })
            })
            .collect()
    }
}

/// A random position on a random board of 1 to 5 by 1 to 5 boxes with at
/// most `max_undrawn` undrawn edges.
pub fn random_position(rng: &mut SmallRng, max_undrawn: usize) -> Position {
    let board = Board::new(rng.gen_range(1..=5), rng.gen_range(1..=5)).expect("a valid board");
    random_position_on(rng, board, max_undrawn)
}

/// A random position on `board` with at most `max_undrawn` undrawn edges.
pub fn random_position_on(rng: &mut SmallRng, board: Board, max_undrawn: usize) -> Position {
    let mut edges: Vec<usize> = (0..board.num_edges()).collect();
    edges.shuffle(rng);
    let undrawn = rng.gen_range(0..=max_undrawn.min(board.num_edges()));
    let drawn: EdgeSet = edges[undrawn..].iter().map(|&e| Edge::new(e)).collect();
    Position::from_edges(board, drawn).expect("edges of the board")
}
