//! Exact CGT values of Amazons positions: a position as a sum of independent
//! areas (the basic partition), handed to the `cgt` layer for canonical forms
//! and thermographs. This is also how users compute thermographs of Amazons
//! subgames.
//!
//! Convention (Song & Müller 2015): Left = Black = positive, Right = White = negative.
//! The side to move plays no part in a value.

use cgt::{
    Arena, CanonicalEvaluator, CgtError, Dyadic, GameId, PartizanPosition, Thermograph,
    ThermographCache,
};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::partition::{basic_partition, AreaKind};
use crate::position::{Position, Setup};
use crate::size::Size;
use crate::symmetry::Symmetry;
use crate::territory::territory_moves;

/// An Amazons position seen as a partizan game: Black (Left) and White
/// (Right) may both move; the side to move is normalised to White so that
/// equal boards are one table entry.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct AmazonsGame(Position);

impl AmazonsGame {
    /// The game of a position (its side to move is ignored), normalised:
    /// cropped to the bounding box of its empty squares and queens, and
    /// turned to the least of its 8 images under the symmetries of the
    /// square (reflections and rotations change no value, since queens move
    /// alike in all eight directions). Equal shapes anywhere on any board
    /// then share one table entry.
    pub fn new(position: &Position) -> AmazonsGame {
        AmazonsGame(normalise(position))
    }

    /// The normalised position, with White to move.
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

/// The least image of `pos` (White to move) under cropping and the 8
/// symmetries of the square; see [`AmazonsGame::new`].
fn normalise(pos: &Position) -> Position {
    let live = pos.mask() - pos.burnt();
    let Some((corner, size)) = live.bounding_box() else {
        return Position::from_setup(Setup {
            size: Size::new(1, 1).expect("1x1 is a board"),
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            burnt: Bitboard::EMPTY,
            to_move: Color::White,
        })
        .expect("the empty 1x1 board is valid");
    };
    // Cropped: the box moved to A1, every square off the live ones burnt.
    let shift = corner.index();
    let crop = |b: Bitboard| b.shifted_down(shift);
    let cropped = Position::from_setup(Setup {
        size,
        white: crop(pos.queens(Color::White)),
        black: crop(pos.queens(Color::Black)),
        burnt: size.mask() - crop(live),
        to_move: Color::White,
    })
    .expect("a crop of a valid board is valid");
    cropped.least_image(&Symmetry::ALL).0
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

    /// A flag that stops [`Valuer::canonical`] (limit
    /// `"interrupt"`) once set.
    pub fn set_stop(&mut self, stop: Option<cgt::search::StopFlag>) {
        self.evaluator.set_stop(stop);
    }

    /// Bounds the memory of [`Valuer::canonical`]: once its table of
    /// positions and the arena of their values take about `bytes`, it stops
    /// with the limit `"memory"` (see
    /// [`cgt::CanonicalEvaluator::set_memory_limit`]). `None`: no bound.
    pub fn set_memory_limit(&mut self, bytes: Option<usize>) {
        self.evaluator.set_memory_limit(bytes);
    }

    /// About how many bytes the table of positions and the arena take.
    pub fn memory_bytes(&self) -> usize {
        self.evaluator.memory_bytes(&self.arena)
    }

    /// The canonical form of `position` as a sum game, within `limits` (the
    /// node limit counts the positions valued), reporting one unit of
    /// progress per position.
    ///
    /// # Errors
    /// [`CgtError::LimitReached`] when a limit, the stop flag or the memory
    /// bound stops it (positions valued so far are kept for the next call),
    /// or another [`CgtError`] if a value leaves the representable range.
    pub fn canonical(
        &mut self,
        position: &Position,
        limits: cgt::search::Limits,
        progress: &dyn cgt::ProgressSink,
    ) -> Result<GameId, CgtError> {
        self.evaluator.evaluate(
            &mut self.arena,
            &AmazonsGame::new(position),
            limits,
            progress,
        )
    }

    /// The thermograph of a canonical form found by this valuer.
    ///
    /// # Errors
    /// [`CgtError::Overflow`] if a value leaves the representable range.
    pub fn thermograph_of(&mut self, g: GameId) -> Result<Thermograph, CgtError> {
        self.thermographs.thermograph(&mut self.arena, g)
    }

    /// The subzero thermograph of `position`, through its canonical form
    /// (found without limits, but stopped by the stop flag and the memory
    /// bound if set).
    ///
    /// # Errors
    /// As [`Valuer::canonical`].
    pub fn thermograph(&mut self, position: &Position) -> Result<Thermograph, CgtError> {
        let g = self.canonical(position, cgt::search::Limits::NONE, &())?;
        self.thermographs.thermograph(&mut self.arena, g)
    }
}
