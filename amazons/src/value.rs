//! Exact CGT values of Amazons positions: a position as a sum of independent
//! areas (the basic partition), handed to the `cgt` layer for canonical forms
//! and thermographs. This is also how users compute thermographs of Amazons
//! subgames.
//!
//! Convention (seed 004): Left = Black = positive, Right = White = negative.
//! The side to move plays no part in a value.

use cgt::{
    Arena, CanonicalEvaluator, CgtError, Dyadic, GameId, PartizanPosition, Thermograph,
    ThermographCache,
};

use crate::partition::{basic_partition, AreaKind};
use crate::position::{Color, Position};
use crate::territory::territory_moves;

/// An Amazons position seen as a partizan game: Black (Left) and White
/// (Right) may both move; the side to move is normalised to White so that
/// equal boards are one table entry.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AmazonsGame(Position);

impl AmazonsGame {
    /// The game of a position (its side to move is ignored).
    pub fn new(position: &Position) -> AmazonsGame {
        AmazonsGame(position.with_to_move(Color::White))
    }

    /// The position, with White to move.
    pub fn position(&self) -> &Position {
        &self.0
    }

    fn options(&self, color: Color) -> Vec<AmazonsGame> {
        let pos = self.0.with_to_move(color);
        let mut out = Vec::with_capacity(pos.count_moves() as usize);
        pos.for_each_move(|mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            out.push(AmazonsGame::new(&child));
        });
        out
    }
}

impl PartizanPosition for AmazonsGame {
    fn left_options(&self) -> Vec<Self> {
        self.options(Color::Black)
    }

    fn right_options(&self) -> Vec<Self> {
        self.options(Color::White)
    }

    /// A position where only one colour has queens is a territory: worth
    /// the number of moves its owner can make (positive for Black), found by
    /// the exhaustive territory search.
    fn known_number(&self) -> Option<Dyadic> {
        let pos = &self.0;
        let (black, white) = (pos.queens(Color::Black), pos.queens(Color::White));
        let moves = if white.is_empty() {
            i64::from(territory_moves(pos.empty(), black))
        } else if black.is_empty() {
            -i64::from(territory_moves(pos.empty(), white))
        } else {
            return None;
        };
        Some(Dyadic::from_i32(
            i32::try_from(moves).expect("at most 64 moves"),
        ))
    }

    /// The areas of the basic partition where somebody can move; dead areas
    /// are worth 0 and left out.
    fn decompose(&self) -> Option<Vec<Self>> {
        let parts: Vec<AmazonsGame> = basic_partition(&self.0)
            .into_iter()
            .filter(|area| area.kind != AreaKind::Dead)
            .map(|area| AmazonsGame::new(&area.to_position(&self.0, Color::White)))
            .collect();
        (parts.len() != 1 || parts[0] != *self).then_some(parts)
    }
}

/// Computes canonical forms and thermographs of Amazons positions, keeping
/// one arena, transposition table and thermograph cache across calls (one
/// `Valuer` per thread).
#[derive(Default)]
pub struct Valuer {
    /// The arena holding the canonical forms.
    pub arena: Arena,
    evaluator: CanonicalEvaluator<AmazonsGame>,
    thermographs: ThermographCache,
}

impl Valuer {
    /// A valuer with empty tables.
    pub fn new() -> Valuer {
        Valuer {
            arena: Arena::new(),
            evaluator: CanonicalEvaluator::new(),
            thermographs: ThermographCache::new(),
        }
    }

    /// The canonical form of `position` as a sum game.
    pub fn canonical(&mut self, position: &Position) -> Result<GameId, CgtError> {
        self.evaluator
            .evaluate(&mut self.arena, &AmazonsGame::new(position))
    }

    /// The subzero thermograph of `position`, through its canonical form.
    pub fn thermograph(&mut self, position: &Position) -> Result<Thermograph, CgtError> {
        let g = self.canonical(position)?;
        self.thermographs.thermograph(&mut self.arena, g)
    }
}
