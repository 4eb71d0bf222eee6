//! A whole-board table in a directory: its shards, building one part, and
//! lookups.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use dots::{Board, Edge, Position};

use crate::format::{DbError, EXTENSION};

use super::file::{part_file_name, read_part, PartId};
use super::geometry::{Geometry, GeometryError};
use super::packed::Packed;
use super::shard::{build_part, child_counts, open_regions, part_range, parts_for, Dependency};

/// Writes `bytes` to a temporary file beside `path` and renames it into
/// place, so that `path` never holds part of a file. Unlike
/// [`crate::format::write_atomic`] it does not wait for the disk (one
/// `fsync` per shard doubled the build time of 3x4): a file that a crash
/// leaves empty or short fails its checksum and is rebuilt on resume.
fn write_replace(path: &Path, bytes: &[u8]) -> Result<(), DbError> {
    crate::format::write_renamed(path, bytes, false)
}

/// An error building or reading a whole-board table.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// A shard file is missing, unreadable or not what it should be.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: DbError,
    },
    /// The board has no whole-board table.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// The directory holds no table of this board.
    #[error("{dir}: no table of the {board} board")]
    NoTable {
        /// The directory.
        dir: PathBuf,
        /// The board, `WxH`.
        board: String,
    },
    /// The directory cannot be listed.
    #[error("{dir}: {source}")]
    Dir {
        /// The directory.
        dir: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A position of another board than the table's.
    #[error("position of a {found} board, the table is of {expected}")]
    WrongBoard {
        /// The table's board.
        expected: String,
        /// The position's board.
        found: String,
    },
}

/// When shards are split into parts: over `above` positions, into
/// `ceil(size / above)` parts but at most `max_parts` (the thesis: over 200
/// million states, up to 20 parts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The largest shard kept whole.
    pub above: u64,
    /// The most parts of one shard.
    pub max_parts: u32,
}

impl Default for Split {
    /// The thesis's split: over 200 million positions, up to 20 parts.
    fn default() -> Split {
        Split {
            above: 200_000_000,
            max_parts: 20,
        }
    }
}

/// One stored shard of a board's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardSpec {
    /// Lines per region (normalised).
    pub counts: Vec<u8>,
    /// Positions in the shard.
    pub size: u64,
    /// Parts it is split into.
    pub parts: u32,
    /// The stored shards it depends on (one more line in one region,
    /// normalised; no duplicates), in region order.
    pub deps: Vec<Vec<u8>>,
}

/// Every stored shard of `geo`'s table: the count vectors that are their
/// own normalised form, most lines first (an order in which every shard
/// comes after its dependencies), ties in increasing counts.
pub fn shard_specs(geo: &Geometry, split: Split) -> Vec<ShardSpec> {
    let sizes = geo.region_sizes();
    let mut out = Vec::new();
    let mut counts = vec![0u8; sizes.len()];
    loop {
        if geo.normalise(&counts).0 == counts {
            let size = geo.shard_size(&counts);
            let mut deps: Vec<Vec<u8>> = Vec::new();
            for j in open_regions(geo, &counts) {
                let d = geo.normalise(&child_counts(&counts, j)).0;
                if !deps.contains(&d) {
                    deps.push(d);
                }
            }
            out.push(ShardSpec {
                parts: parts_for(size, split.above, split.max_parts),
                counts: counts.clone(),
                size,
                deps,
            });
        }
        // Next count vector (the last region fastest).
        let mut i = sizes.len();
        loop {
            if i == 0 {
                out.sort_by(|a, b| {
                    let la: u32 = a.counts.iter().map(|&c| u32::from(c)).sum();
                    let lb: u32 = b.counts.iter().map(|&c| u32::from(c)).sum();
                    lb.cmp(&la).then_with(|| a.counts.cmp(&b.counts))
                });
                return out;
            }
            i -= 1;
            if usize::from(counts[i]) < sizes[i] {
                counts[i] += 1;
                break;
            }
            counts[i] = 0;
        }
    }
}

/// What a position's table lookup gives: its value and every move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAnalysis {
    /// The position's value (future boxes of the player to move minus the
    /// opponent's).
    pub value: i32,
    /// Every legal move in increasing edge order with its value for the
    /// player who makes it.
    pub moves: Vec<(Edge, i32)>,
}

/// The whole-board table of one board in a directory, shards loaded on
/// demand and kept until released.
pub struct DotsTable {
    dir: PathBuf,
    geo: Arc<Geometry>,
    parts: HashMap<Vec<u8>, u32>,
    cache: Mutex<HashMap<Vec<u8>, Arc<Packed>>>,
}

/// Parses a shard file name of `board` into (counts, part, parts).
fn parse_name(name: &str, board: &str) -> Option<(Vec<u8>, u32, u32)> {
    let rest = name
        .strip_prefix("dots-")?
        .strip_prefix(board)?
        .strip_prefix('-')?
        .strip_suffix(EXTENSION)?
        .strip_suffix('.')?;
    let (counts, part) = match rest.split_once("-p") {
        Some((c, p)) => {
            let (a, b) = p.split_once("of")?;
            (c, (a.parse().ok()?, b.parse().ok()?))
        }
        None => (rest, (0, 1)),
    };
    let counts = counts
        .split('_')
        .map(|c| c.parse().ok())
        .collect::<Option<Vec<u8>>>()?;
    Some((counts, part.0, part.1))
}

/// `WxH` of a board.
pub fn board_name(board: Board) -> String {
    format!("{}x{}", board.width(), board.height())
}

impl DotsTable {
    /// The table of `board` in `dir`, its shards split as `parts` says
    /// (normalised counts to number of parts; shards not listed are whole).
    ///
    /// # Errors
    /// [`TableError::Geometry`] if the board has no whole-board table.
    pub fn with_parts(
        dir: &Path,
        board: Board,
        parts: HashMap<Vec<u8>, u32>,
    ) -> Result<DotsTable, TableError> {
        Ok(DotsTable {
            dir: dir.to_owned(),
            geo: Arc::new(Geometry::new(board)?),
            parts,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// The table of `board` in `dir` (how shards are split is read from
    /// the file names).
    ///
    /// # Errors
    /// [`TableError::NoTable`] if `dir` has no shard file of this board,
    /// [`TableError::Dir`], [`TableError::Geometry`].
    pub fn open(dir: &Path, board: Board) -> Result<DotsTable, TableError> {
        let name = board_name(board);
        let list = std::fs::read_dir(dir).map_err(|source| TableError::Dir {
            dir: dir.to_owned(),
            source,
        })?;
        let mut parts = HashMap::new();
        let mut any = false;
        for entry in list.flatten() {
            let file = entry.file_name();
            if let Some((counts, _, n)) = file.to_str().and_then(|f| parse_name(f, &name)) {
                any = true;
                if n > 1 {
                    parts.insert(counts, n);
                }
            }
        }
        if !any {
            return Err(TableError::NoTable {
                dir: dir.to_owned(),
                board: name,
            });
        }
        DotsTable::with_parts(dir, board, parts)
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Parts of the shard with these (normalised) counts.
    pub fn parts_of(&self, counts: &[u8]) -> u32 {
        self.parts.get(counts).copied().unwrap_or(1)
    }

    /// The path of a shard part's file.
    pub fn part_path(&self, id: &PartId) -> PathBuf {
        self.dir.join(part_file_name(&self.geo, id))
    }

    fn part_id(&self, counts: &[u8], part: u32) -> PartId {
        PartId {
            counts: counts.to_vec(),
            part,
            parts: self.parts_of(counts),
        }
    }

    /// Reads and checks one part's file.
    ///
    /// # Errors
    /// [`TableError::File`].
    pub fn read_part(&self, counts: &[u8], part: u32) -> Result<Packed, TableError> {
        let id = self.part_id(counts, part);
        let size = self.geo.shard_size(counts);
        let range = part_range(size, part, id.parts);
        let path = self.part_path(&id);
        read_part(&self.geo, &id, range.end - range.start, &path)
            .map_err(|source| TableError::File { path, source })
    }

    /// The values of the stored shard with these counts, all parts, loaded
    /// once and kept until [`DotsTable::release`].
    ///
    /// # Errors
    /// [`TableError::File`] for a missing or bad part file.
    pub fn shard(&self, counts: &[u8]) -> Result<Arc<Packed>, TableError> {
        if let Some(v) = self.cache.lock().expect("cache lock").get(counts) {
            return Ok(Arc::clone(v));
        }
        let parts = self.parts_of(counts);
        let mut all = self.read_part(counts, 0)?;
        for p in 1..parts {
            all.append(&self.read_part(counts, p)?);
        }
        let all = Arc::new(all);
        self.cache
            .lock()
            .expect("cache lock")
            .insert(counts.to_vec(), Arc::clone(&all));
        Ok(all)
    }

    /// Forgets a loaded shard (it is read again if needed).
    pub fn release(&self, counts: &[u8]) {
        self.cache.lock().expect("cache lock").remove(counts);
    }

    /// Bytes of the shards loaded now.
    pub fn loaded_bytes(&self) -> usize {
        self.cache
            .lock()
            .expect("cache lock")
            .values()
            .map(|v| v.bytes())
            .sum()
    }

    /// Values part `part` of the shard with these counts from its
    /// dependencies (read from their files unless loaded) and writes its
    /// file. With `keep`, a shard of one part also stays loaded, as if read
    /// back (until [`DotsTable::release`]), for the shards that depend on
    /// it. Returns the part's positions.
    ///
    /// # Errors
    /// [`TableError::File`] for a missing or bad dependency or a failed
    /// write.
    pub fn build_part(
        &self,
        counts: &[u8],
        part: u32,
        parallel: bool,
        keep: bool,
    ) -> Result<u64, TableError> {
        let geo = &*self.geo;
        let mut loaded = Vec::new();
        for j in 0..counts.len() {
            if open_regions(geo, counts).contains(&j) {
                let (canon, sym) = geo.normalise(&child_counts(counts, j));
                let values = self.shard(&canon)?;
                loaded.push(Some((canon, sym, values)));
            } else {
                loaded.push(None);
            }
        }
        let deps: Vec<Option<Dependency<'_>>> = loaded
            .iter()
            .map(|d| {
                d.as_ref().map(|(child, sym, values)| Dependency {
                    counts: child.clone(),
                    symmetry: *sym,
                    values,
                })
            })
            .collect();
        let id = self.part_id(counts, part);
        let range = part_range(geo.shard_size(counts), part, id.parts);
        let values = build_part(geo, counts, range, &deps, parallel);
        let path = self.part_path(&id);
        write_replace(&path, &super::file::part_bytes(geo, &id, &values))
            .map_err(|source| TableError::File { path, source })?;
        let len = values.len();
        if keep && id.parts == 1 {
            self.cache
                .lock()
                .expect("cache lock")
                .insert(counts.to_vec(), Arc::new(values));
        }
        Ok(len)
    }

    fn check_board(&self, pos: &Position) -> Result<(), TableError> {
        if pos.board() != self.geo.board() {
            return Err(TableError::WrongBoard {
                expected: board_name(self.geo.board()),
                found: board_name(pos.board()),
            });
        }
        Ok(())
    }

    /// The boxes the player to move takes from the position with `edges`.
    fn take(&self, edges: u64) -> Result<u32, TableError> {
        let geo = &*self.geo;
        let (canon, s) = geo.normalise(&geo.counts(edges));
        let image = geo.apply(s, edges);
        Ok(self.shard(&canon)?.get(geo.index_in_shard(image)))
    }

    fn value_of(&self, edges: u64) -> Result<i32, TableError> {
        let remaining =
            self.geo.board().num_boxes() as i32 - self.geo.boxes.completed(edges) as i32;
        Ok(2 * self.take(edges)? as i32 - remaining)
    }

    /// The value of a position.
    ///
    /// # Errors
    /// [`TableError::WrongBoard`], or [`TableError::File`] for a missing or
    /// bad shard file.
    pub fn value(&self, pos: &Position) -> Result<i32, TableError> {
        self.check_board(pos)?;
        self.value_of(pos.edges().0)
    }

    /// The value of a position and of every legal move.
    ///
    /// # Errors
    /// As [`DotsTable::value`].
    pub fn analyze(&self, pos: &Position) -> Result<TableAnalysis, TableError> {
        self.check_board(pos)?;
        let edges = pos.edges().0;
        let mut moves = Vec::new();
        for e in pos.legal_moves().iter() {
            let after = edges | e.bit();
            let k = (self.geo.boxes.completed(after) - self.geo.boxes.completed(edges)) as i32;
            let v = self.value_of(after)?;
            moves.push((e, if k > 0 { k + v } else { -v }));
        }
        let value = self.value_of(edges)?;
        Ok(TableAnalysis { value, moves })
    }

    /// [`DotsTable::analyze`], or `None` if the table does not cover the
    /// position (another board, or a shard file missing or bad).
    pub fn lookup(&self, pos: &Position) -> Option<TableAnalysis> {
        self.analyze(pos).ok()
    }
}

/// What a directory holds of one board's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// The board, `WxH`.
    pub board: String,
    /// Shard part files the table needs (with the parts its files name).
    pub expected: usize,
    /// Of those, files that read back valid.
    pub valid: usize,
    /// Positions stored in the valid files.
    pub positions: u64,
    /// Positions of the board (2^lines).
    pub board_positions: u64,
    /// Bytes of the valid files.
    pub bytes: u64,
    /// Bits per value.
    pub bits: u32,
}

impl TableInfo {
    /// Whether every shard part is there and valid.
    pub fn complete(&self) -> bool {
        self.valid == self.expected
    }
}

/// The tables in `dir`, one per board that has a shard file there, each
/// file read and checked.
///
/// # Errors
/// [`TableError::Dir`] if the directory cannot be listed.
pub fn table_info(dir: &Path) -> Result<Vec<TableInfo>, TableError> {
    let list = std::fs::read_dir(dir).map_err(|source| TableError::Dir {
        dir: dir.to_owned(),
        source,
    })?;
    let mut boards: Vec<Board> = Vec::new();
    for entry in list.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("dots-")) else {
            continue;
        };
        let Some((size, _)) = rest.split_once('-') else {
            continue;
        };
        if let Ok(p) = size.parse::<Position>() {
            if p.edges().is_empty() && !boards.contains(&p.board()) {
                boards.push(p.board());
            }
        }
    }
    boards.sort_by_key(|b| (b.num_edges(), b.width()));
    let mut out = Vec::new();
    for board in boards {
        let table = match DotsTable::open(dir, board) {
            Ok(t) => t,
            Err(TableError::Geometry(_)) => continue,
            Err(e) => return Err(e),
        };
        let geo = table.geometry();
        let mut info = TableInfo {
            board: board_name(board),
            expected: 0,
            valid: 0,
            positions: 0,
            board_positions: 1u64 << board.num_edges(),
            bytes: 0,
            bits: geo.value_bits(),
        };
        for spec in shard_specs(geo, Split::default()) {
            for part in 0..table.parts_of(&spec.counts) {
                info.expected += 1;
                if let Ok(values) = table.read_part(&spec.counts, part) {
                    info.valid += 1;
                    info.positions += values.len();
                    info.bytes += (values.bytes() + crate::format::HEADER_LEN) as u64;
                }
            }
        }
        out.push(info);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back() {
        assert_eq!(
            parse_name("dots-3x4-5_4_3_2_0.cgtkdb", "3x4"),
            Some((vec![5, 4, 3, 2, 0], 0, 1))
        );
        assert_eq!(
            parse_name("dots-4x4-5_5_5_5-p03of20.cgtkdb", "4x4"),
            Some((vec![5, 5, 5, 5], 3, 20))
        );
        assert_eq!(parse_name("dots-4x4-5_5_5_5.cgtkdb", "3x4"), None);
        assert_eq!(parse_name("simple-3x4-q1.cgtkdb", "3x4"), None);
    }

    #[test]
    fn shards_cover_every_position_once_up_to_symmetry() {
        // Summing each stored shard times the number of distinct count
        // vectors in its orbit gives 2^edges.
        for (w, h) in [(2, 2), (3, 2), (3, 3), (3, 4), (1, 10)] {
            let geo = Geometry::new(Board::new(w, h).unwrap()).unwrap();
            let specs = shard_specs(&geo, Split::default());
            let mut total = 0u64;
            for s in &specs {
                let mut orbit: Vec<Vec<u8>> = (0..geo.symmetries.len())
                    .map(|k| geo.map_counts(k, &s.counts))
                    .collect();
                orbit.sort();
                orbit.dedup();
                total += s.size * orbit.len() as u64;
            }
            assert_eq!(total, 1u64 << geo.board().num_edges(), "{w}x{h}");
        }
    }
}
