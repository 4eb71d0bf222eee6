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

use std::hash::BuildHasher;
use std::ops::Range;

use amazons::{queen_attacks, Set};
use cgt::budget::Watch;
use cgt::ProgressSink;
use cgt::{Overflow, Thermograph, Trajectory};
use hashbrown::{DefaultHashBuilder, HashMap, HashTable};
use rayon::prelude::*;

use crate::index::{comb_rank, compress, expand, BoxIndex, IndexError};

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

/// Entries keyed in parallel before their keys are looked up in the memo
/// and the new ones valued (bounds the memory of keys and thermographs not
/// yet deduplicated).
const BATCH: u64 = 1 << 16;

impl ActiveDb {
    /// Builds the table of a `width x height` box with `black` Black and
    /// `white` White queens (index groups: Black, then White), ticking
    /// `progress` once per entry (pass `&()` for none) and asking `watch`
    /// before every thousand entries: once it names a limit the build ends
    /// with [`ActiveError::Stopped`] (pass `&Watch::unlimited()` for no
    /// limit).
    ///
    /// Layer by layer (by the number of empty squares), in batches of
    /// entries in rank order: each entry's options are generated and ranked
    /// in board space and looked up in the lower layers, which
    /// gives the entry's key, the walls its options count by (in parallel);
    /// a key met before takes the thermograph it had (a bounded memo), and only
    /// new keys are valued with [`Thermograph::from_options`] (in parallel),
    /// then interned in a dictionary of distinct thermographs in rank order.
    /// Memory is four bytes an entry, the dictionary and the bounded memo;
    /// the result is the same, byte for byte, as valuing every entry from
    /// all its options in rank order.
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
        if width > amazons::Size::MAX
            || height > amazons::Size::MAX
            || index.cells_to_board(index.box_cells()).to_u64().is_none()
        {
            return Err(IndexError::TooLarge { width, height }.into());
        }
        let len =
            usize::try_from(index.count()).map_err(|_| IndexError::TooLarge { width, height })?;
        let mut ids = Vec::new();
        ids.try_reserve_exact(len)
            .map_err(|_| ActiveError::OutOfMemory {
                entries: index.count(),
                bytes: index.count().saturating_mul(4),
            })?;
        ids.resize(len, u32::MAX);
        let options = Options::new(&index);
        let mut dict = Dictionary::default();
        let mut memo = Memo::default();
        for layer in 0..=index.free_cells() {
            let layer = Layer::new(&index, layer);
            let mut start = 0;
            while start < layer.len() {
                let end = (start + BATCH).min(layer.len());
                // The keys of the batch, in parallel.
                let chunks: Vec<Keys> = (start..end)
                    .step_by(CHUNK as usize)
                    .collect::<Vec<u64>>()
                    .par_iter()
                    .map(|&from| {
                        if let Some(limit) = watch.reached() {
                            return Err(ActiveError::Stopped(limit));
                        }
                        let range = from..(from + CHUNK).min(end);
                        Ok(layer.keys(&index, &options, &ids, &dict.wall_of, range))
                    })
                    .collect::<Result<_, _>>()?;
                // Keys seen before take their id; the others are valued once
                // each, in parallel, and interned in rank order of their first
                // entry (the order a plain pass over the ranks interns them).
                let mut slots: Vec<Slot> = Vec::with_capacity((end - start) as usize);
                let mut fresh: HashMap<&[u32], u32> = HashMap::new();
                let mut unknown: Vec<&[u32]> = Vec::new();
                for key in chunks.iter().flat_map(Keys::iter) {
                    slots.push(match memo.get(key) {
                        Some(id) => Slot::Known(id),
                        None => Slot::Fresh(*fresh.entry(key).or_insert_with(|| {
                            unknown.push(key);
                            (unknown.len() - 1) as u32
                        })),
                    });
                }
                let valued: Vec<Thermograph> = unknown
                    .par_iter()
                    .map(|key| {
                        if let Some(limit) = watch.reached() {
                            return Err(ActiveError::Stopped(limit));
                        }
                        dict.value_of(key)
                    })
                    .collect::<Result<_, _>>()?;
                let fresh_ids: Vec<u32> = unknown
                    .iter()
                    .zip(valued)
                    .map(|(key, t)| {
                        let id = dict.intern(t);
                        memo.insert(key, id);
                        id
                    })
                    .collect();
                for (i, slot) in (start..end).zip(slots) {
                    ids[layer.rank(i) as usize] = match slot {
                        Slot::Known(id) => id,
                        Slot::Fresh(f) => fresh_ids[f as usize],
                    };
                }
                progress.advance(end - start);
                start = end;
            }
        }
        Ok(ActiveDb {
            index,
            dict: dict.thermographs,
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
        let options = Options::new(index);
        let mut arena = cgt::Arena::new();
        let mut ids: Vec<Option<cgt::GameId>> = vec![None; self.ids.len()];
        let err = |e: cgt::CgtError| ActiveError::Canonical(e.to_string());
        let (mut lefts, mut rights) = (Vec::new(), Vec::new());
        for layer in 0..=index.free_cells() {
            let layer = Layer::new(index, layer);
            for r in (0..layer.len()).map(|i| layer.rank(i)) {
                let c = index.unrank(r);
                let queens = [
                    board_bits(index, c.queens[0]),
                    board_bits(index, c.queens[1]),
                ];
                let empty = board_bits(index, c.empty);
                let id = |r: &u64| ids[*r as usize].expect("lower layers are done");
                lefts.clear();
                rights.clear();
                options.push_children(queens, empty, 0, &mut lefts);
                options.push_children(queens, empty, 1, &mut rights);
                let lefts: Vec<cgt::GameId> = lefts.iter().map(id).collect();
                let rights: Vec<cgt::GameId> = rights.iter().map(id).collect();
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

/// The options of entries, generated and ranked in board space (the box at
/// `A1`, as [`BoxIndex::cells_to_board`] places it): a specialisation of
/// ranking every option's configuration with [`BoxIndex::rank_of`]
/// (`databases/tests/active_reference.rs` builds tables that way and checks
/// the files are the same).
///
/// After a queen's move `from -> to` the queen part of the rank and the set
/// of cells without a queen are fixed for every arrow, so they are ranked
/// once a move; an arrow burns one empty cell, which clears one bit of the
/// empty mask (the bit of its position among the cells without a queen).
#[derive(Clone, Copy, Debug)]
struct Options {
    /// The squares of the box.
    box_squares: u64,
    /// The number of placements of the White queens (the second radix).
    white_radix: u64,
    /// The width of the empty mask.
    free: u32,
}

/// The board squares of `cells` (cells of `index`'s box, the box at `A1`)
/// as the low 64 bits of their [`amazons::Bitboard`] (bit `10 * rank + file`), where
/// the options are generated.
///
/// # Panics
/// If the box reaches past bit 63 (`E7`); [`ActiveDb::build`] refuses such
/// boxes.
fn board_bits(index: &BoxIndex, cells: u64) -> u64 {
    index
        .cells_to_board(cells)
        .to_u64()
        .expect("an active table's box fits 64 board bits")
        .bits()
}

/// Separates the Left options from the Right options in a key.
const SEPARATOR: u32 = u32::MAX;

impl Options {
    fn new(index: &BoxIndex) -> Options {
        Options {
            box_squares: board_bits(index, index.box_cells()),
            white_radix: index.radix()[1],
            free: index.free_cells(),
        }
    }

    /// The queen part of the rank of Black queens `black` and White queens
    /// `white` (board sets), shifted above the empty mask.
    fn queen_part(&self, black: u64, white: u64) -> u64 {
        let b = comb_rank(compress(black, self.box_squares));
        let w = comb_rank(compress(white, self.box_squares & !black));
        (b * self.white_radix + w) << self.free
    }

    /// Pushes the rank of the configuration after every move of the queens
    /// of group `mover` (0 Black, 1 White) from `queens` (board sets) with
    /// the empty squares `empty`.
    fn push_children(&self, queens: [u64; 2], empty: u64, mover: usize, out: &mut Vec<u64>) {
        let empty_board = Set::<u64>::from_bits(empty);
        for from in Set::<u64>::from_bits(queens[mover]) {
            let from_bit = 1u64 << from.index();
            let vacated = empty | from_bit;
            for to in queen_attacks(from, empty_board) {
                let to_bit = 1u64 << to.index();
                let mut after = queens;
                after[mover] ^= from_bit | to_bit;
                let high = self.queen_part(after[0], after[1]);
                let without_queens = self.box_squares & !after[0] & !after[1];
                let left = vacated & !to_bit;
                let mask = compress(left, without_queens);
                for arrow in queen_attacks(to, Set::<u64>::from_bits(left)) {
                    let below = without_queens & ((1u64 << arrow.index()) - 1);
                    out.push(high | (mask - (1 << below.count_ones())));
                }
            }
        }
    }
}

/// Entries valued in parallel per task.
const CHUNK: u64 = 1 << 10;

/// The largest number of words the memo of option sets holds before it is
/// cleared (4 bytes each, so 256 MiB of keys).
const MEMO_WORDS: usize = 1 << 26;

/// The dictionary ids of the option sets already valued. A key is the
/// sorted distinct right walls of the Left options, [`SEPARATOR`], then the
/// left walls of the Right options (as ids, see [`Dictionary`]); entries
/// with the same key have the same thermograph, and tables hold far fewer
/// distinct keys than entries. Cleared when its keys
/// reach [`MEMO_WORDS`] words, which bounds its memory.
#[derive(Default)]
struct Memo {
    map: HashMap<Box<[u32]>, u32>,
    words: usize,
}

impl Memo {
    fn get(&self, key: &[u32]) -> Option<u32> {
        self.map.get(key).copied()
    }

    fn insert(&mut self, key: &[u32], id: u32) {
        if self.words + key.len() > MEMO_WORDS {
            self.map.clear();
            self.words = 0;
        }
        self.words += key.len();
        self.map.insert(key.into(), id);
    }
}

/// An entry of a batch: its dictionary id, or the index of its key among
/// the batch's keys not yet valued.
#[derive(Clone, Copy)]
enum Slot {
    Known(u32),
    Fresh(u32),
}

/// The keys (see [`Memo`]) of consecutive entries, end to end.
struct Keys {
    words: Vec<u32>,
    ends: Vec<usize>,
}

impl Keys {
    fn iter(&self) -> impl Iterator<Item = &[u32]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let key = &self.words[start..end];
            start = end;
            key
        })
    }
}

/// The entries with a given number of empty cells, in rank order: for each
/// placement of the queens (the high part of the rank), every empty mask
/// with that many bits, increasing.
struct Layer {
    masks: Vec<u64>,
    placements: u64,
    free: u32,
}

impl Layer {
    fn new(index: &BoxIndex, empty: u32) -> Layer {
        let free = index.free_cells();
        let mut masks = Vec::new();
        if empty == 0 {
            masks.push(0);
        } else {
            // Gosper's hack: the next larger set with as many bits.
            let mut m = (1u64 << empty) - 1;
            while m < 1u64 << free {
                masks.push(m);
                let low = m & m.wrapping_neg();
                let ripple = m + low;
                m = (((ripple ^ m) >> 2) / low) | ripple;
            }
        }
        Layer {
            masks,
            placements: index.count() >> free,
            free,
        }
    }

    /// The number of entries.
    fn len(&self) -> u64 {
        self.placements * self.masks.len() as u64
    }

    /// The rank of the `i`-th entry.
    fn rank(&self, i: u64) -> u64 {
        let n = self.masks.len() as u64;
        ((i / n) << self.free) | self.masks[(i % n) as usize]
    }

    /// The keys of the entries `range`, their options' thermographs read
    /// from `ids` and their walls from `wall_of` (see [`Dictionary`]).
    fn keys(
        &self,
        index: &BoxIndex,
        options: &Options,
        ids: &[u32],
        wall_of: &[Vec<u32>; 2],
        range: Range<u64>,
    ) -> Keys {
        let n = self.masks.len() as u64;
        let mut keys = Keys {
            words: Vec::new(),
            ends: Vec::with_capacity((range.end - range.start) as usize),
        };
        let (mut placement, mut queens, mut without_queens) = (u64::MAX, [0u64; 2], 0u64);
        let (mut ranks, mut option_ids) = (Vec::new(), Vec::new());
        for i in range {
            if i / n != placement {
                placement = i / n;
                let c = index.unrank(placement << self.free);
                queens = [
                    board_bits(index, c.queens[0]),
                    board_bits(index, c.queens[1]),
                ];
                without_queens = options.box_squares & !queens[0] & !queens[1];
            }
            let empty = expand(self.masks[(i % n) as usize], without_queens);
            // Black is Left, White is Right (Song & Müller 2015).
            for (mover, walls) in wall_of.iter().enumerate() {
                ranks.clear();
                options.push_children(queens, empty, mover, &mut ranks);
                option_ids.clear();
                option_ids.extend(ranks.iter().map(|&r| {
                    let id = ids[r as usize];
                    debug_assert!(id != u32::MAX, "lower layers are done");
                    walls[id as usize]
                }));
                option_ids.sort_unstable();
                option_ids.dedup();
                keys.words.extend_from_slice(&option_ids);
                if mover == 0 {
                    keys.words.push(SEPARATOR);
                }
            }
            keys.ends.push(keys.words.len());
        }
        keys
    }
}

/// The distinct thermographs of a table being built, their walls
/// interned: a Left option counts only through its right wall and a Right
/// option through its left wall ([`Thermograph::from_options`] reads
/// nothing else), so the keys of [`Memo`] name walls, which thermographs
/// share far more often than they are equal.
#[derive(Default)]
struct Dictionary {
    /// The thermographs, in the order they were first met.
    thermographs: Vec<Thermograph>,
    /// The ids of the thermographs, by hash (each stored once, in
    /// `thermographs`).
    known: HashTable<u32>,
    /// Per thermograph, the id of its right wall (side 0: as a Left
    /// option), and of its left wall (side 1: as a Right option).
    wall_of: [Vec<u32>; 2],
    /// Per wall id of each side, a thermograph with that wall.
    holder: [Vec<u32>; 2],
    /// The wall ids of each side, by hash.
    walls: [HashTable<u32>; 2],
    hasher: DefaultHashBuilder,
}

/// The wall of `t` that counts on `side` (see [`Dictionary::wall_of`]).
fn wall(t: &Thermograph, side: usize) -> &Trajectory {
    if side == 0 {
        &t.right_wall
    } else {
        &t.left_wall
    }
}

impl Dictionary {
    /// The id of `t`, added if new.
    fn intern(&mut self, t: Thermograph) -> u32 {
        let Dictionary {
            thermographs,
            known,
            wall_of,
            holder,
            walls,
            hasher,
        } = self;
        let hash = hasher.hash_one(&t);
        if let Some(&id) = known.find(hash, |&id| thermographs[id as usize] == t) {
            return id;
        }
        let id = thermographs.len() as u32;
        thermographs.push(t);
        let t = &thermographs[id as usize];
        known.insert_unique(hash, id, |&i| hasher.hash_one(&thermographs[i as usize]));
        for side in 0..2 {
            let of = |w: u32| wall(&thermographs[holder[side][w as usize] as usize], side);
            let hash = hasher.hash_one(wall(t, side));
            let w = match walls[side].find(hash, |&w| of(w) == wall(t, side)) {
                Some(&w) => w,
                None => {
                    let w = holder[side].len() as u32;
                    holder[side].push(id);
                    let of = |w: u32| wall(&thermographs[holder[side][w as usize] as usize], side);
                    walls[side].insert_unique(hash, w, |&w| hasher.hash_one(of(w)));
                    w
                }
            };
            wall_of[side].push(w);
        }
        id
    }

    /// The thermograph of an entry whose options have the key `key` (see
    /// [`Memo`]).
    fn value_of(&self, key: &[u32]) -> Result<Thermograph, ActiveError> {
        let split = key
            .iter()
            .position(|&w| w == SEPARATOR)
            .expect("a key separates Left from Right");
        let holder = |side: usize| {
            move |&w: &u32| &self.thermographs[self.holder[side][w as usize] as usize]
        };
        Ok(Thermograph::from_options(
            key[..split].iter().map(holder(0)),
            key[split + 1..].iter().map(holder(1)),
        )?)
    }
}
