//! Simple and blocker territory databases (Song & Müller 2015, III-A): for every
//! territory configuration of a box with queens of one colour, the exact
//! number of moves the owner can make there alone.
//!
//! A simple territory has one queen group. A blocker territory has two:
//! normal queens, and blockers, queens on the border that also touch
//! another area. A blocker that moves into the territory must shoot back at
//! the square it came from (the *blocker constraint*, which keeps the
//! territory closed), and is a normal queen from then on.
//!
//! Retrograde analysis: every move burns one empty square (the queen's
//! target square is taken, its origin freed or, for a blocker, burnt by its
//! arrow), so a configuration with `e` empty squares depends only on
//! configurations with `e - 1`: of the same table for a normal queen's move,
//! and of the table with one blocker fewer and one normal queen more for a
//! blocker's move. The builder fills a table layer by layer, `e = 0, 1, 2,
//! ...`, each layer in parallel (rayon), after the table with one blocker
//! fewer (for one blocker: the simple territory table with all the queens);
//! this is the dependency order of Song & Müller 2015, III-A and Fig. 6. An entry is
//! `moves = max over moves of 1 + moves(child)`, and 0 without a move.
//!
//! Entries are one byte (the move count, at most the number of empty
//! squares). A best move is not stored: it is any move to a child worth one
//! less ([`TerritoryDb::best_move`]), found from the table at query time.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use amazons::{queen_attacks, Bitboard, Move};
use cgt::budget::Watch;
use cgt::ProgressSink;
use rayon::prelude::*;

use crate::index::{BoxIndex, Config, IndexError};

/// Ranks handled per parallel work item (and per progress-bar tick).
const CHUNK: u64 = 1 << 12;

/// A simple territory database (one queen group) or a blocker territory
/// database (two groups: normal queens, then blockers): one box, one count
/// per group.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TerritoryDb {
    index: BoxIndex,
    moves: Vec<u8>,
}

impl TerritoryDb {
    /// Builds the simple territory database of a `width x height` box with
    /// `queens` queens, ticking `progress` (set its length to the entry
    /// count times the number of layers; pass `&()` for none) and asking
    /// `watch` every few thousand entries: once it names a limit the build
    /// ends with [`IndexError::Stopped`] (pass `&Watch::unlimited()` for no
    /// limit).
    ///
    /// # Errors
    /// [`IndexError`] if the box and queens cannot be indexed, and
    /// [`IndexError::Stopped`] on a limit.
    pub fn build(
        width: u8,
        height: u8,
        queens: u32,
        progress: &dyn ProgressSink,
        watch: &Watch,
    ) -> Result<TerritoryDb, IndexError> {
        TerritoryDb::fill(
            BoxIndex::new(width, height, &[queens])?,
            None,
            progress,
            watch,
        )
    }

    /// Builds the blocker territory database of a `width x height` box with
    /// `normal` normal queens and `blockers >= 1` blockers, from `lower`, the
    /// table a blocker's move leads to: the simple table of the same box with
    /// `normal + 1` queens if `blockers == 1`, else the blocker table with
    /// `normal + 1` normal queens and `blockers - 1` blockers; ticking
    /// `progress` and asking `watch` as [`TerritoryDb::build`] does.
    ///
    /// # Errors
    /// [`IndexError`] if the box and queens cannot be indexed, and
    /// [`IndexError::Stopped`] on a limit.
    ///
    /// # Panics
    /// If `blockers` is 0 or `lower` is not that table (a caller's bug).
    pub fn build_blocker(
        width: u8,
        height: u8,
        normal: u32,
        blockers: u32,
        lower: &TerritoryDb,
        progress: &dyn ProgressSink,
        watch: &Watch,
    ) -> Result<TerritoryDb, IndexError> {
        assert!(blockers >= 1, "a blocker table has blockers");
        let expected: Vec<u32> = if blockers == 1 {
            vec![normal + 1]
        } else {
            vec![normal + 1, blockers - 1]
        };
        assert!(
            (
                lower.index.width(),
                lower.index.height(),
                lower.index.groups()
            ) == (width, height, &expected[..]),
            "the table one blocker down"
        );
        let index = BoxIndex::new(width, height, &[normal, blockers])?;
        TerritoryDb::fill(index, Some(lower), progress, watch)
    }

    /// The retrograde pass over `index`, layer by layer, asking `stop`
    /// before each chunk of ranks.
    fn fill(
        index: BoxIndex,
        lower: Option<&TerritoryDb>,
        progress: &dyn ProgressSink,
        watch: &Watch,
    ) -> Result<TerritoryDb, IndexError> {
        let count = index.count();
        let len = usize::try_from(count).map_err(|_| IndexError::TooLarge {
            width: index.width(),
            height: index.height(),
        })?;
        let mut table: Vec<AtomicU8> = Vec::new();
        table
            .try_reserve_exact(len)
            .map_err(|_| IndexError::OutOfMemory { entries: count })?;
        table.resize_with(len, || AtomicU8::new(0));
        let chunks = count.div_ceil(CHUNK);
        let stopped = OnceLock::new();
        for layer in 0..=index.free_cells() {
            (0..chunks).into_par_iter().for_each(|c| {
                if stopped.get().is_some() {
                    return;
                }
                if let Some(limit) = watch.reached() {
                    let _ = stopped.set(limit);
                    return;
                }
                let end = ((c + 1) * CHUNK).min(count);
                for rank in c * CHUNK..end {
                    if index.empty_count(rank) == layer {
                        let v = evaluate(
                            &index,
                            rank,
                            |r| table[r as usize].load(Ordering::Relaxed),
                            lower,
                        );
                        table[rank as usize].store(v, Ordering::Relaxed);
                    }
                }
                progress.advance(end - c * CHUNK);
            });
            if let Some(&limit) = stopped.get() {
                return Err(IndexError::Stopped(limit));
            }
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

    /// The queen count (of a blocker table: the normal queens).
    pub fn queens(&self) -> u32 {
        self.index.groups()[0]
    }

    /// The number of blockers (0 for a simple territory table).
    pub fn blockers(&self) -> u32 {
        self.index.groups().get(1).copied().unwrap_or(0)
    }

    /// Whether this is a blocker territory table.
    pub fn is_blocker(&self) -> bool {
        self.index.groups().len() == 2
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
    /// box burnt), or `None` if it does not fit this database (or this is a
    /// blocker table).
    pub fn moves(&self, empty: Bitboard, queens: Bitboard) -> Option<u32> {
        if self.is_blocker() {
            return None;
        }
        self.lookup(empty, &[queens])
    }

    /// The move count of the blocker territory with `normal` queens and
    /// `blockers` on the `empty` squares (placed as in
    /// [`TerritoryDb::moves`]), or `None` if it does not fit this database
    /// (or this is a simple table).
    pub fn blocker_moves(
        &self,
        empty: Bitboard,
        normal: Bitboard,
        blockers: Bitboard,
    ) -> Option<u32> {
        if !self.is_blocker() {
            return None;
        }
        self.lookup(empty, &[normal, blockers])
    }

    fn lookup(&self, empty: Bitboard, groups: &[Bitboard]) -> Option<u32> {
        let all = groups.iter().fold(Bitboard::EMPTY, |acc, &g| acc | g);
        let counts_match = groups
            .iter()
            .zip(self.index.groups())
            .all(|(g, &k)| g.count() == k);
        if !counts_match
            || empty.intersects(all)
            || all.count() != groups.iter().map(|g| g.count()).sum::<u32>()
        {
            return None;
        }
        let config = Config {
            queens: groups
                .iter()
                .map(|&g| self.index.board_to_cells(g))
                .collect::<Option<_>>()?,
            empty: self.index.board_to_cells(empty)?,
        };
        Some(u32::from(self.moves_at(self.index.rank(&config))))
    }

    /// A best move of the simple territory (as in [`TerritoryDb::moves`]):
    /// one to a territory worth one move less, or `None` without a move (or
    /// if it does not fit).
    pub fn best_move(&self, empty: Bitboard, queens: Bitboard) -> Option<Move> {
        let n = self.moves(empty, queens)?;
        let mut best = None;
        for_each_child(empty, queens, |mv, child_empty, child_queens| {
            if self.moves(child_empty, child_queens) == Some(n.wrapping_sub(1)) {
                best = Some(mv);
            }
            best.is_none()
        });
        best
    }
}

/// Calls `f(move, empty after, queens after)` for every move of the
/// `queens` on the `empty` squares, until `f` returns false.
pub(crate) fn for_each_child(
    empty: Bitboard,
    queens: Bitboard,
    mut f: impl FnMut(Move, Bitboard, Bitboard) -> bool,
) {
    for from in queens {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after_queens = queens.without(from).with(to);
            for arrow in queen_attacks(to, vacated.without(to)) {
                let more = f(
                    Move::new(from, to, arrow),
                    vacated.without(to).without(arrow),
                    after_queens,
                );
                if !more {
                    return;
                }
            }
        }
    }
}

/// The moves of the `blockers` under the blocker constraint (Song & Müller 2015,
/// III-A): a blocker moves in to an `empty` square and shoots back at its
/// origin, which burns, and is a normal queen from then on. Each comes with
/// the empty squares, normal queens and blockers after it.
pub(crate) fn blocker_children(
    empty: Bitboard,
    normal: Bitboard,
    blockers: Bitboard,
) -> impl Iterator<Item = (Move, Bitboard, Bitboard, Bitboard)> {
    blockers.into_iter().flat_map(move |from| {
        queen_attacks(from, empty).into_iter().map(move |to| {
            let mv = Move::new(from, to, from);
            (
                mv,
                empty.without(to),
                normal.with(to),
                blockers.without(from),
            )
        })
    })
}

/// The move count of rank `rank`: normal queens' children read through
/// `lookup` (this table), blockers' children from `lower`.
fn evaluate(
    index: &BoxIndex,
    rank: u64,
    lookup: impl Fn(u64) -> u8,
    lower: Option<&TerritoryDb>,
) -> u8 {
    let config = index.unrank(rank);
    let cells = |b: Bitboard| index.board_to_cells(b).expect("moves stay in the box");
    let empty = index.cells_to_board(config.empty);
    let normal = index.cells_to_board(config.queens[0]);
    let blocker_cells = config.queens.get(1).copied();
    let blockers = blocker_cells.map_or(Bitboard::EMPTY, |c| index.cells_to_board(c));
    let ceiling = empty.count();
    if ((normal | blockers).neighbours() & empty).is_empty() {
        return 0;
    }
    let mut best = 0u32;
    for_each_child(empty, normal, |_, child_empty, child_normal| {
        let mut queens = vec![cells(child_normal)];
        queens.extend(blocker_cells);
        let child = Config {
            queens,
            empty: cells(child_empty),
        };
        best = best.max(1 + u32::from(lookup(index.rank(&child))));
        best < ceiling
    });
    if let Some(lower) = lower {
        for (_, e, n, b) in blocker_children(empty, normal, blockers) {
            if best == ceiling {
                break;
            }
            let queens = if lower.is_blocker() {
                vec![cells(n), cells(b)]
            } else {
                vec![cells(n | b)]
            };
            let child = Config {
                queens,
                empty: cells(e),
            };
            best = best.max(1 + u32::from(lower.moves_at(lower.index.rank(&child))));
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
            let db = TerritoryDb::build(w, h, q, &(), &Watch::unlimited()).unwrap();
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
