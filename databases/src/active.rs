//! Active area databases (Song & Müller 2015, III-B), in memory: for every
//! configuration of a box with `b` Black and `w` White queens, the subzero
//! thermograph, computed from the thermographs of its options
//! ([`cgt::Thermograph::from_options`]).
//!
//! An entry is the whole configuration of the box, disconnected parts
//! included, so an option that splits into several areas is itself an entry
//! (the thermograph of the whole option, not a sum of thermographs of its
//! parts, which would be wrong). Every move keeps both queen counts and burns
//! one empty square, so the table fills layer by layer by the number of
//! empty squares, each layer in parallel, as the territory builder does.
//!
//! Beyond the paper, small tables also get the canonical form of every entry
//! ([`ActiveDb::compute_canonical_forms`], in CGSuite notation), built the
//! same way from the options' canonical forms in one `cgt` arena, so that a
//! sum of database areas can be decided exactly.
//!
//! Stored on disk by [`crate::format::active_bytes`]; served through
//! [`amazons::AreaOracle::active_thermograph`].

use amazons::{queen_attacks, Bitboard};
use cgt::budget::Watch;
use cgt::ProgressSink;
use cgt::{Overflow, Thermograph};
use rayon::prelude::*;
use std::collections::HashMap;

use crate::index::{BoxIndex, IndexError};

/// Why an active database could not be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ActiveError {
    /// The box and queen counts cannot be indexed.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// Exact thermograph arithmetic overflowed.
    #[error("thermograph arithmetic overflowed")]
    Overflow,
    /// Canonical form arithmetic failed.
    #[error("canonical form: {0}")]
    Canonical(String),
    /// The build was stopped before it finished (see [`cgt::budget::Watch`]).
    #[error("stopped ({})", (*.0).reason())]
    Stopped(cgt::search::Limit),
    /// The table's entries could not be allocated.
    #[error("{entries} entries need {bytes} bytes, which could not be allocated")]
    OutOfMemory {
        /// The entries.
        entries: u64,
        /// The bytes they need.
        bytes: u64,
    },
}

impl From<Overflow> for ActiveError {
    fn from(_: Overflow) -> ActiveError {
        ActiveError::Overflow
    }
}

/// An active area database: one box, `black` and `white` queens.
#[derive(Debug)]
pub struct ActiveDb {
    index: BoxIndex,
    /// The distinct thermographs.
    dict: Vec<Thermograph>,
    /// One index into `dict` per rank.
    ids: Vec<u32>,
    /// Canonical forms in CGSuite notation, one per rank, or empty if not
    /// computed.
    canonical: Vec<String>,
}

/// Tables with at most this many entries get canonical forms when built
/// through [`crate::build_active`] (the arena holding them all stays small).
pub const CANONICAL_MAX_ENTRIES: u64 = 20_000;

/// Ranks valued in parallel before their thermographs are interned (bounds
/// the memory of thermographs not yet deduplicated).
const BATCH: usize = 1 << 16;

impl ActiveDb {
    /// Builds the table of a `width x height` box with `black` Black and
    /// `white` White queens (index groups: Black, then White), ticking
    /// `progress` once per entry (pass `&()` for none) and asking `watch`
    /// before valuing each entry: once it names a limit the build ends with
    /// [`ActiveError::Stopped`] (pass `&Watch::unlimited()` for no limit).
    ///
    /// Layer by layer (by the number of empty squares), the entries of a
    /// layer are valued in parallel in batches, from the thermographs of
    /// their options in lower layers; each batch is then interned in a
    /// dictionary of distinct thermographs (tables hold far fewer distinct
    /// thermographs than entries), so memory is four bytes an entry plus the
    /// dictionary.
    ///
    /// # Errors
    /// [`ActiveError`], [`ActiveError::Stopped`] on a limit.
    pub fn build(
        width: u8,
        height: u8,
        black: u32,
        white: u32,
        progress: &dyn ProgressSink,
        watch: &Watch,
    ) -> Result<ActiveDb, ActiveError> {
        let index = BoxIndex::new(width, height, &[black, white])?;
        let len =
            usize::try_from(index.count()).map_err(|_| IndexError::TooLarge { width, height })?;
        let mut ids = Vec::new();
        ids.try_reserve_exact(len)
            .map_err(|_| ActiveError::OutOfMemory {
                entries: index.count(),
                bytes: index.count().saturating_mul(4),
            })?;
        ids.resize(len, u32::MAX);
        let mut dict: Vec<Thermograph> = Vec::new();
        let mut known: HashMap<Thermograph, u32> = HashMap::new();
        for layer in 0..=index.free_cells() {
            let ranks: Vec<u64> = (0..index.count())
                .filter(|&r| index.empty_count(r) == layer)
                .collect();
            for batch in ranks.chunks(BATCH) {
                let valued: Vec<Thermograph> = batch
                    .par_iter()
                    .map(|&r| {
                        if let Some(limit) = watch.reached() {
                            return Err(ActiveError::Stopped(limit));
                        }
                        evaluate(&index, r, &dict, |c| {
                            let id = ids[c as usize];
                            debug_assert!(id != u32::MAX, "lower layers are done");
                            id
                        })
                    })
                    .collect::<Result<_, _>>()?;
                for (&r, t) in batch.iter().zip(valued) {
                    let id = *known.entry(t).or_insert_with_key(|t| {
                        dict.push(t.clone());
                        (dict.len() - 1) as u32
                    });
                    ids[r as usize] = id;
                }
                progress.advance(batch.len() as u64);
            }
        }
        Ok(ActiveDb {
            index,
            dict,
            ids,
            canonical: Vec::new(),
        })
    }

    /// Computes the canonical form of every entry from its options'
    /// canonical forms, layer by layer, in one arena (single-threaded).
    ///
    /// # Errors
    /// [`ActiveError::Canonical`] if the `cgt` layer fails.
    pub fn compute_canonical_forms(&mut self) -> Result<(), ActiveError> {
        let index = &self.index;
        let mut arena = cgt::Arena::new();
        let mut ids: Vec<Option<cgt::GameId>> = vec![None; self.ids.len()];
        let err = |e: cgt::CgtError| ActiveError::Canonical(e.to_string());
        for layer in 0..=index.free_cells() {
            for r in (0..index.count()).filter(|&r| index.empty_count(r) == layer) {
                let c = index.unrank(r);
                let empty = index.cells_to_board(c.empty);
                let black = index.cells_to_board(c.queens[0]);
                let white = index.cells_to_board(c.queens[1]);
                let id = |r: u64| ids[r as usize].expect("lower layers are done");
                let lefts: Vec<cgt::GameId> = child_ranks(index, empty, black, white, 0)
                    .into_iter()
                    .map(id)
                    .collect();
                let rights: Vec<cgt::GameId> = child_ranks(index, empty, white, black, 1)
                    .into_iter()
                    .map(id)
                    .collect();
                ids[r as usize] = Some(arena.new_game(&lefts, &rights).map_err(err)?);
            }
        }
        self.canonical = ids
            .into_iter()
            .map(|g| arena.to_string(g.expect("every layer filled")))
            .collect();
        Ok(())
    }

    /// The canonical form (CGSuite notation) of the configuration of rank
    /// `rank`, if the table has canonical forms.
    pub fn canonical_at(&self, rank: u64) -> Option<&str> {
        self.canonical.get(rank as usize).map(String::as_str)
    }

    /// Whether the table has canonical forms.
    pub fn has_canonical_forms(&self) -> bool {
        !self.canonical.is_empty()
    }

    /// A table from its parts: the distinct thermographs, one index into
    /// them per rank, and one canonical form per rank or none.
    ///
    /// # Panics
    /// If the lengths differ or an index is out of range (a caller's bug).
    pub fn from_parts(
        index: BoxIndex,
        dict: Vec<Thermograph>,
        ids: Vec<u32>,
        canonical: Vec<String>,
    ) -> ActiveDb {
        assert_eq!(ids.len() as u64, index.count(), "one entry per rank");
        assert!(
            ids.iter().all(|&i| (i as usize) < dict.len()),
            "ids in range"
        );
        assert!(canonical.is_empty() || canonical.len() == ids.len());
        ActiveDb {
            index,
            dict,
            ids,
            canonical,
        }
    }

    /// The distinct thermographs of the table.
    pub fn distinct_thermographs(&self) -> &[Thermograph] {
        &self.dict
    }

    /// The index into [`ActiveDb::distinct_thermographs`] of each rank.
    pub fn thermograph_ids(&self) -> &[u32] {
        &self.ids
    }

    /// The index (groups: Black, White).
    pub fn index(&self) -> &BoxIndex {
        &self.index
    }

    /// The thermograph of the configuration of rank `rank`.
    pub fn thermograph_at(&self, rank: u64) -> &Thermograph {
        &self.dict[self.ids[rank as usize] as usize]
    }
}

/// The ranks of the configurations after each move of `movers` (the other
/// queens `others` stay), in the group order `mover_group`.
fn child_ranks(
    index: &BoxIndex,
    empty: Bitboard,
    movers: Bitboard,
    others: Bitboard,
    mover_group: usize,
) -> Vec<u64> {
    let cells = |b: Bitboard| index.board_to_cells(b).expect("moves stay in the box");
    let others_cells = cells(others);
    let mut out = Vec::new();
    for from in movers {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let after = cells(movers.without(from).with(to));
            let mut queens = [others_cells; 2];
            queens[mover_group] = after;
            for arrow in queen_attacks(to, vacated.without(to)) {
                out.push(index.rank_of(&queens, cells(vacated.without(to).without(arrow))));
            }
        }
    }
    out
}

/// The thermograph of rank `rank` from its options' thermographs, `dict[id]`
/// with `id = lookup(child rank)`. Options with the same thermograph are
/// merged once (many moves of an area lead to equal values).
fn evaluate(
    index: &BoxIndex,
    rank: u64,
    dict: &[Thermograph],
    lookup: impl Fn(u64) -> u32,
) -> Result<Thermograph, ActiveError> {
    let c = index.unrank(rank);
    let empty = index.cells_to_board(c.empty);
    let black = index.cells_to_board(c.queens[0]);
    let white = index.cells_to_board(c.queens[1]);
    let distinct = |ranks: Vec<u64>| {
        let mut ids: Vec<u32> = ranks.into_iter().map(&lookup).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    // Black is Left, White is Right (Song & Müller 2015).
    let lefts = distinct(child_ranks(index, empty, black, white, 0));
    let rights = distinct(child_ranks(index, empty, white, black, 1));
    Ok(Thermograph::from_options(
        lefts.iter().map(|&i| &dict[i as usize]),
        rights.iter().map(|&i| &dict[i as usize]),
    )?)
}
