//! Simple territory databases (seed 004, III-A): for every territory
//! configuration of a box with `q` queens of one colour, the exact number of
//! moves the owner can make there alone.
//!
//! Retrograde analysis: every move burns one empty square (the queen's
//! target square is taken, its origin freed, the arrow burns one), so a
//! configuration with `e` empty squares depends only on configurations with
//! `e - 1`. The builder fills the table layer by layer, `e = 0, 1, 2, ...`,
//! each layer in parallel (rayon): `moves = max over moves of 1 + moves(child)`,
//! and 0 without a move.
//!
//! Entries are one byte (the move count, at most the number of empty
//! squares). A best move is not stored: it is any move to a child worth one
//! less ([`TerritoryDb::best_move`]), found from the table at query time.

use std::sync::atomic::{AtomicU8, Ordering};

use amazons::{queen_attacks, Bitboard, Move};
use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::index::{BoxIndex, Config, IndexError};

/// Ranks handled per parallel work item (and per progress-bar tick).
const CHUNK: u64 = 1 << 12;

/// A simple territory database: one box, one queen count.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TerritoryDb {
    index: BoxIndex,
    moves: Vec<u8>,
}

impl TerritoryDb {
    /// Builds the database of a `width x height` box with `queens` queens,
    /// ticking `progress` (set its length to the entry count times the number
    /// of layers; pass `ProgressBar::hidden()` for none).
    ///
    /// # Errors
    /// [`IndexError`] if the box and queens cannot be indexed.
    pub fn build(
        width: u8,
        height: u8,
        queens: u32,
        progress: &ProgressBar,
    ) -> Result<TerritoryDb, IndexError> {
        let index = BoxIndex::new(width, height, &[queens])?;
        let count = index.count();
        let len = usize::try_from(count).map_err(|_| IndexError::TooLarge { width, height })?;
        let table: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(0)).collect();
        let chunks = count.div_ceil(CHUNK);
        for layer in 0..=index.free_cells() {
            (0..chunks).into_par_iter().for_each(|c| {
                let end = ((c + 1) * CHUNK).min(count);
                for rank in c * CHUNK..end {
                    if index.empty_count(rank) == layer {
                        let v =
                            evaluate(&index, rank, |r| table[r as usize].load(Ordering::Relaxed));
                        table[rank as usize].store(v, Ordering::Relaxed);
                    }
                }
                progress.inc(end - c * CHUNK);
            });
        }
        Ok(TerritoryDb {
            index,
            moves: table.into_iter().map(AtomicU8::into_inner).collect(),
        })
    }

    /// A database from its parts, checking every entry against its
    /// configuration: no entry may exceed the number of empty squares.
    ///
    /// # Errors
    /// The rank of the first bad entry.
    pub fn from_parts(index: BoxIndex, moves: Vec<u8>) -> Result<TerritoryDb, u64> {
        if moves.len() as u64 != index.count() {
            return Err(moves.len().min(index.count() as usize) as u64);
        }
        if let Some(bad) =
            (0..index.count()).find(|&r| u32::from(moves[r as usize]) > index.empty_count(r))
        {
            return Err(bad);
        }
        Ok(TerritoryDb { index, moves })
    }

    /// The index.
    pub fn index(&self) -> &BoxIndex {
        &self.index
    }

    /// The queen count.
    pub fn queens(&self) -> u32 {
        self.index.groups()[0]
    }

    /// The entries, one byte each, in rank order.
    pub fn entries(&self) -> &[u8] {
        &self.moves
    }

    /// The move count of the configuration of rank `rank`.
    pub fn moves_at(&self, rank: u64) -> u8 {
        self.moves[rank as usize]
    }

    /// The move count of the territory with `queens` on the `empty` squares
    /// (board squares of the box placed at `A1`; every other square of the
    /// box burnt), or `None` if it does not fit this database.
    pub fn moves(&self, empty: Bitboard, queens: Bitboard) -> Option<u32> {
        if queens.count() != self.queens() || empty.intersects(queens) {
            return None;
        }
        let config = Config {
            queens: vec![self.index.board_to_cells(queens)?],
            empty: self.index.board_to_cells(empty)?,
        };
        Some(u32::from(self.moves_at(self.index.rank(&config))))
    }

    /// A best move of the territory (as in [`TerritoryDb::moves`]): one to a
    /// territory worth one move less, or `None` without a move (or if it
    /// does not fit).
    pub fn best_move(&self, empty: Bitboard, queens: Bitboard) -> Option<Move> {
        let n = self.moves(empty, queens)?;
        let mut best = None;
        for_each_child(empty, queens, |mv, child_empty, child_queens| {
            if best.is_none() && self.moves(child_empty, child_queens) == Some(n.wrapping_sub(1)) {
                best = Some(mv);
            }
        });
        best
    }
}

/// Calls `f(move, empty after, queens after)` for every move of the
/// `queens` on the `empty` squares.
fn for_each_child(empty: Bitboard, queens: Bitboard, mut f: impl FnMut(Move, Bitboard, Bitboard)) {
    for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after_queens = queens.without(from).with(to);
            for arrow in queen_attacks(to, vacated.without(to)) {
                f(
                    Move::new(from, to, arrow),
                    vacated.without(to).without(arrow),
                    after_queens,
                );
            }
        }
    }
}

/// The move count of rank `rank`, its children read through `lookup`.
fn evaluate(index: &BoxIndex, rank: u64, lookup: impl Fn(u64) -> u8) -> u8 {
    let config = index.unrank(rank);
    let empty = index.cells_to_board(config.empty);
    let queens = index.cells_to_board(config.queens[0]);
    let ceiling = empty.count();
    if (queens.neighbours() & empty).is_empty() {
        return 0;
    }
    let mut best = 0u32;
    for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after_queens = index
                .board_to_cells(queens.without(from).with(to))
                .expect("moves stay in the box");
            for arrow in queen_attacks(to, vacated.without(to)) {
                let child = Config {
                    queens: vec![after_queens],
                    empty: index
                        .board_to_cells(vacated.without(to).without(arrow))
                        .expect("moves stay in the box"),
                };
                best = best.max(1 + u32::from(lookup(index.rank(&child))));
                if best == ceiling {
                    return best as u8;
                }
            }
        }
    }
    best as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons::territory::territory_moves;

    #[test]
    fn small_boxes_match_exhaustive_search() {
        // Every entry against amazons' independent exhaustive search.
        for (w, h, q) in [(1, 4, 1), (2, 2, 1), (2, 3, 2), (3, 2, 1)] {
            let db = TerritoryDb::build(w, h, q, &ProgressBar::hidden()).unwrap();
            for r in 0..db.index().count() {
                let c = db.index().unrank(r);
                let e = db.index().cells_to_board(c.empty);
                let qs = db.index().cells_to_board(c.queens[0]);
                assert_eq!(
                    u32::from(db.moves_at(r)),
                    territory_moves(e, qs),
                    "{w}x{h} rank {r}"
                );
            }
        }
    }
}
