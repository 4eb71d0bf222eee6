//! Zobrist keys of positions and of their left-right mirror images, kept
//! up to date by play and undo.

use super::SolverPosition;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::size::Size;
use crate::square::Square;
use crate::symmetry::Symmetry;

/// SplitMix64's step (Steele, Lea and Flood 2014): the `i`-th output of the
/// generator seeded with `seed`, for the Zobrist keys.
pub(super) const fn splitmix(seed: u64, i: u64) -> u64 {
    let mut x = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Zobrist keys (Zobrist 1970): one random 64-bit word for each kind of
/// piece (White queen, Black queen, burnt square) on each of the 100
/// squares. A position's key is the xor of the words of its pieces, and of
/// [`BLACK_TO_MOVE`] when Black is to move, so a move changes it by three
/// words and the side.
///
/// The word of a square of the 8x8 corner (file and rank below 8) is the
/// output `64 * kind + 8 * rank + file` of the generator, that of any other
/// square the output `256 + 100 * kind + index`: a position of a board up
/// to 8x8 keeps the key it had when squares were numbered `8 * rank +
/// file`, so the solver's table, and with it its node counts, do not
/// depend on the numbering.
pub(super) const ZOBRIST: [[u64; Square::COUNT]; 3] = {
    let mut table = [[0; Square::COUNT]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut sq = 0;
        while sq < Square::COUNT {
            let square = Square::from_index(sq as u8);
            let (file, rank) = (square.file() as usize, square.rank() as usize);
            let i = if file < 8 && rank < 8 {
                kind * 64 + rank * 8 + file
            } else {
                256 + kind * Square::COUNT + sq
            };
            table[kind][sq] = splitmix(0x5851_f42d_4c95_7f2d, i as u64);
            sq += 1;
        }
        kind += 1;
    }
    table
};

/// The Zobrist word of the side to move being Black.
const BLACK_TO_MOVE: u64 = splitmix(0x5851_f42d_4c95_7f2d, 3 * 64);

/// The row of [`ZOBRIST`] of `color`'s queens.
fn queen_kind(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The row of [`ZOBRIST`] of burnt squares.
const BURNT: usize = 2;

/// [`ZOBRIST`] for each board width `w` (index `w`, 1 to 10) with every
/// square's words moved to its mirror image on a board `w` files wide
/// (file `f` to `w - 1 - f`; the words of squares off such a board are 0):
/// a position's key under these words is its mirror image's key.
static MIRRORED_ZOBRIST: [[[u64; Square::COUNT]; 3]; Size::MAX as usize + 1] = {
    let mut table = [[[0; Square::COUNT]; 3]; Size::MAX as usize + 1];
    let mut width = 1;
    while width <= Size::MAX as usize {
        let mut kind = 0;
        while kind < 3 {
            let mut sq = 0;
            while sq < Square::COUNT {
                let square = Square::from_index(sq as u8);
                let size = Size::new_const(width as u8, Size::MAX);
                if size.contains(square) {
                    let image = square.transformed(Symmetry::MIRROR_FILES, size);
                    table[width][kind][sq] = ZOBRIST[kind][image.index() as usize];
                }
                sq += 1;
            }
            kind += 1;
        }
        width += 1;
    }
    table
};

/// The Zobrist words of [`ZOBRIST`] by kind and square, as a table.
pub(super) type Words = [[u64; Square::COUNT]; 3];

/// The Zobrist key of `position` under `words` ([`ZOBRIST`] for the
/// position's key, a row of [`MIRRORED_ZOBRIST`] for its mirror image's).
pub(super) fn zobrist_key(position: &Position, words: &Words) -> u64 {
    let mut key = match position.to_move() {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    };
    let pieces = [
        (queen_kind(Color::White), position.queens(Color::White)),
        (queen_kind(Color::Black), position.queens(Color::Black)),
        (BURNT, position.burnt()),
    ];
    for (kind, board) in pieces {
        for sq in board {
            key ^= words[kind][usize::from(sq.index())];
        }
    }
    key
}

/// The words of [`MIRRORED_ZOBRIST`] for `position`'s width.
pub(super) fn mirrored_words(position: &Position) -> &'static Words {
    &MIRRORED_ZOBRIST[usize::from(position.size().width())]
}

impl SolverPosition {
    /// The change of the key under `words` (see [`zobrist_key`]) by `mv`
    /// of the side to move, or its undoing.
    #[inline]
    pub(super) fn key_change(&self, mv: Move, words: &Words) -> u64 {
        let queens = &words[queen_kind(self.position.to_move())];
        let z = |sq: Square| usize::from(sq.index());
        BLACK_TO_MOVE ^ queens[z(mv.from)] ^ queens[z(mv.to)] ^ words[BURNT][z(mv.arrow)]
    }

    /// Applies `mv`'s change to both keys (before `mv` is played, or after
    /// it is undone: the change is its own inverse).
    pub(super) fn update_keys(&mut self, mv: Move) {
        self.key ^= self.key_change(mv, &ZOBRIST);
        self.mirror_key ^= self.key_change(mv, mirrored_words(&self.position));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::search::SolverGame;

    #[test]
    fn incremental_keys_equal_keys_from_scratch() {
        // Random games on the 5x4 and 4x5 starts: after every move (and
        // after taking it back) the keys kept by play and undo equal those
        // of a solver built afresh on the same position, and the mirror key
        // equals the key of the mirrored position.
        let mut seed = 12345u64;
        for size in ["5x4", "4x5", "6x6"] {
            for _game in 0..20 {
                let mut game =
                    SolverPosition::new(Position::standard(size.parse().unwrap()).unwrap());
                loop {
                    let fresh = SolverPosition::new(game.position().clone());
                    assert_eq!(game.hash(), fresh.hash());
                    let mirror =
                        SolverPosition::new(game.position().transformed(Symmetry::MIRROR_FILES));
                    assert_eq!(game.mirror_key, mirror.hash());
                    assert_eq!(game.canonical_hash(), mirror.canonical_hash());
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = splitmix(seed, 0);
                    let mv = moves[(seed % moves.len() as u64) as usize];
                    let before = game.hash();
                    game.play(mv);
                    assert_ne!(game.hash(), before);
                    game.undo(mv);
                    assert_eq!(game.hash(), before);
                    game.play(mv);
                }
            }
        }
    }
}
