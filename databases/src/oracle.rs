//! Serving databases: a directory of database files answers any area that
//! fits one of their boxes, translated to the box corner or transposed
//! (queen moves are symmetric under every symmetry of the square grid, and
//! the squares of the box outside the area count as burnt).
//!
//! A directory is opened lazily: opening reads the header of each file (its
//! first 48 bytes and its length), and a table is read whole, its checksum
//! and every entry checked, only when a lookup first needs it (once, shared
//! by every thread). A file whose header is bad is left out when the
//! directory is opened; one found bad when first read is left out from
//! then on (lookups go on to the next table that fits, or find nothing, as
//! if the file were not there) and reported to the hook of
//! [`Databases::on_bad_table`].

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use amazons::{AreaKind, AreaOracle, Bitboard, Color, Move, Position, Size, Square, Symmetry};

use crate::active::ActiveDb;
use crate::format::{
    read_active, read_blocker, read_header, read_territory, DbError, DbKind, EXTENSION,
};
use crate::index::BoxIndex;
use crate::territory::{blocker_children, for_each_child, TerritoryDb};

/// The environment variable naming the default database directory.
pub const DB_ENV: &str = "CGTK_DB";
/// The default database directory when [`DB_ENV`] is unset.
pub const DEFAULT_DIR: &str = "cgtk-db";

/// The default database directory: `$CGTK_DB` if set, else `./cgtk-db`.
pub fn default_dir() -> PathBuf {
    std::env::var_os(DB_ENV).map_or_else(|| PathBuf::from(DEFAULT_DIR), PathBuf::from)
}

/// How an area is placed in a database's box: its bounding box (lowest
/// file and rank, and size) moved to `A1`, then turned by `symmetry` (the
/// identity, or the transposition when only that fits).
#[derive(Clone, Copy, Debug)]
struct Placement {
    corner: Square,
    size: Size,
    symmetry: Symmetry,
}

impl Placement {
    /// The placement of an area with these squares in the box of `index`,
    /// if it fits.
    fn fit(squares: Bitboard, index: &BoxIndex) -> Option<Placement> {
        let (corner, size) = squares.bounding_box()?;
        let symmetry = [Symmetry::IDENTITY, Symmetry::TRANSPOSE]
            .into_iter()
            .find(|s| {
                let image = s.image_size(size);
                image.width() <= index.width() && image.height() <= index.height()
            })?;
        Some(Placement {
            corner,
            size,
            symmetry,
        })
    }

    fn map_set(self, set: Bitboard) -> Bitboard {
        set.shifted_down(self.corner.index())
            .transformed(self.symmetry, self.size)
    }

    fn unmap(self, sq: Square) -> Square {
        let image = self.symmetry.image_size(self.size);
        let sq = sq.transformed(self.symmetry.inverse(), image);
        Square::from_index(sq.index() + self.corner.index())
    }
}

/// Told of each table found bad when a lookup first reads it (the library
/// never prints; the command line warns).
pub type BadTableHook = Arc<dyn Fn(&DbError) + Send + Sync>;

/// A table of a [`Databases`]: its box from the file's header, the table
/// itself read (and checked) on first use.
struct Table<T> {
    /// The file, or `None` for a table added in memory.
    path: Option<PathBuf>,
    /// The index of its box, as the header gives it.
    index: BoxIndex,
    /// Reads the file whole, checking it.
    read: fn(&Path) -> Result<T, DbError>,
    /// The table once read; `None` if the file turned out bad.
    loaded: OnceLock<Option<T>>,
}

impl<T: HasIndex> Table<T> {
    fn in_memory(db: T) -> Table<T> {
        Table {
            path: None,
            index: db.box_index().clone(),
            read: |_| unreachable!("a table in memory is never read"),
            loaded: OnceLock::from(Some(db)),
        }
    }

    fn on_disk(path: PathBuf, index: BoxIndex, read: fn(&Path) -> Result<T, DbError>) -> Table<T> {
        Table {
            path: Some(path),
            index,
            read,
            loaded: OnceLock::new(),
        }
    }

    /// The table, read and checked now if it is the first use; `None` if
    /// its file is bad (told to `hook` the first time).
    fn get(&self, hook: Option<&BadTableHook>) -> Option<&T> {
        self.loaded
            .get_or_init(|| {
                let path = self.path.as_deref()?;
                let read = (self.read)(path).and_then(|db| {
                    if db.box_index() == &self.index {
                        Ok(db)
                    } else {
                        Err(DbError::Corrupted {
                            offset: 11,
                            what: "the box or queens changed since the directory was opened".into(),
                        })
                    }
                });
                match read {
                    Ok(db) => Some(db),
                    Err(e) => {
                        if let Some(hook) = hook {
                            hook(&in_file(path, e));
                        }
                        None
                    }
                }
            })
            .as_ref()
    }
}

impl<T> fmt::Debug for Table<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("path", &self.path)
            .field("index", &self.index)
            .field("read", &self.loaded.get().map(Option::is_some))
            .finish_non_exhaustive()
    }
}

/// The tables a [`Databases`] holds know their box.
trait HasIndex {
    fn box_index(&self) -> &BoxIndex;
}

impl HasIndex for TerritoryDb {
    fn box_index(&self) -> &BoxIndex {
        self.index()
    }
}

impl HasIndex for ActiveDb {
    fn box_index(&self) -> &BoxIndex {
        self.index()
    }
}

/// `e` as the error of the file `path` (an I/O error names it already).
fn in_file(path: &Path, e: DbError) -> DbError {
    match e {
        e @ (DbError::Io { .. } | DbError::File { .. }) => e,
        e => DbError::File {
            path: path.to_owned(),
            source: Box::new(e),
        },
    }
}

/// The databases of a directory, answering areas (an [`AreaOracle`]).
/// Only the headers are read when a directory is opened; a table is read
/// whole and checked (checksum and entries) the first time a lookup needs
/// it, once for all threads, and one found bad then is named to the hook
/// of [`Databases::on_bad_table`] and left out. A `Databases` is shared by
/// threads as it is.
#[derive(Default)]
pub struct Databases {
    territories: Vec<Table<TerritoryDb>>,
    blockers: Vec<Table<TerritoryDb>>,
    actives: Vec<Table<ActiveDb>>,
    hook: Option<BadTableHook>,
}

impl fmt::Debug for Databases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Databases")
            .field("territories", &self.territories)
            .field("blockers", &self.blockers)
            .field("actives", &self.actives)
            .finish_non_exhaustive()
    }
}

impl Databases {
    /// No databases.
    pub fn new() -> Databases {
        Databases::default()
    }

    /// Opens every simple territory, blocker territory and active area
    /// database file (`*.cgtkdb`) of `dir`: reads and checks their headers;
    /// each table is read whole and checked when first used.
    ///
    /// # Errors
    /// The first file whose header is bad, or the directory.
    pub fn open_dir(dir: &Path) -> Result<Databases, DbError> {
        let (dbs, mut skipped) = Databases::open_dir_skipping(dir)?;
        if skipped.is_empty() {
            Ok(dbs)
        } else {
            Err(skipped.swap_remove(0))
        }
    }

    /// The tables of the database files in `dir`, and an error naming each
    /// file whose header could not be read ([`DbError::File`]), which is
    /// left out: one bad file does not make the others unusable. Only the
    /// headers are read now; each table is read and checked on first use.
    ///
    /// # Errors
    /// [`DbError::Io`] if the directory cannot be listed.
    pub fn open_dir_skipping(dir: &Path) -> Result<(Databases, Vec<DbError>), DbError> {
        let io = |source| DbError::Io {
            path: dir.to_owned(),
            source,
        };
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(io)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == EXTENSION))
            .collect();
        paths.sort();
        let mut dbs = Databases::new();
        let mut skipped = Vec::new();
        for p in paths {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let kind = if name.starts_with("simple-") {
                DbKind::Simple
            } else if name.starts_with("blocker-") {
                DbKind::Blocker
            } else if name.starts_with("active-") {
                DbKind::Active
            } else {
                continue;
            };
            let index = match read_header(&p, kind) {
                Ok((_, index)) => index,
                Err(e) => {
                    skipped.push(in_file(&p, e));
                    continue;
                }
            };
            match kind {
                DbKind::Simple => dbs
                    .territories
                    .push(Table::on_disk(p, index, read_territory)),
                DbKind::Blocker => dbs.blockers.push(Table::on_disk(p, index, read_blocker)),
                _ => dbs.actives.push(Table::on_disk(p, index, read_active)),
            }
        }
        dbs.sort();
        Ok((dbs, skipped))
    }

    /// Smallest boxes first, so that lookups use the smallest table.
    fn sort(&mut self) {
        self.territories.sort_by_key(|t| t.index.count());
        self.blockers.sort_by_key(|t| t.index.count());
        self.actives.sort_by_key(|t| t.index.count());
    }

    /// Calls `hook` with the error of each file found bad when a lookup
    /// first reads it (naming the file, [`DbError::File`] or
    /// [`DbError::Io`]); the table is left out from then on.
    pub fn on_bad_table(&mut self, hook: BadTableHook) {
        self.hook = Some(hook);
    }

    /// The number of tables (files whose header was read, and tables added
    /// in memory), including any found bad since.
    pub fn len(&self) -> usize {
        self.territories.len() + self.blockers.len() + self.actives.len()
    }

    /// Whether there is no table.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of tables read from their files so far (good or bad).
    pub fn tables_read(&self) -> usize {
        fn read<T>(tables: &[Table<T>]) -> usize {
            tables
                .iter()
                .filter(|t| t.path.is_some() && t.loaded.get().is_some())
                .count()
        }
        read(&self.territories) + read(&self.blockers) + read(&self.actives)
    }

    /// Adds a simple territory database.
    pub fn add_territory(&mut self, db: TerritoryDb) {
        self.territories.push(Table::in_memory(db));
        self.sort();
    }

    /// Adds a blocker territory database.
    ///
    /// # Panics
    /// If `db` is a simple territory table (a caller's bug).
    pub fn add_blocker(&mut self, db: TerritoryDb) {
        assert!(db.is_blocker(), "a blocker territory table");
        self.blockers.push(Table::in_memory(db));
        self.sort();
    }

    /// Adds an active area table.
    pub fn add_active(&mut self, db: ActiveDb) {
        self.actives.push(Table::in_memory(db));
        self.sort();
    }

    /// The subzero thermograph of the configuration with these `black` and
    /// `white` queens on the `empty` squares (anywhere on a board, every
    /// other square burnt), if an active table holds it.
    pub fn active(
        &self,
        empty: Bitboard,
        black: Bitboard,
        white: Bitboard,
    ) -> Option<&cgt::Thermograph> {
        let (db, rank) = self.active_rank(empty, black, white)?;
        Some(db.thermograph_at(rank))
    }

    /// The canonical form (CGSuite notation) of that configuration, if an
    /// active table holds it with canonical forms.
    pub fn active_canonical(
        &self,
        empty: Bitboard,
        black: Bitboard,
        white: Bitboard,
    ) -> Option<&str> {
        let (db, rank) = self.active_rank(empty, black, white)?;
        db.canonical_at(rank)
    }

    fn active_rank(
        &self,
        empty: Bitboard,
        black: Bitboard,
        white: Bitboard,
    ) -> Option<(&ActiveDb, u64)> {
        self.actives.iter().find_map(|table| {
            let index = &table.index;
            if index.groups() != [black.count(), white.count()] {
                return None;
            }
            let p = Placement::fit(empty | black | white, index)?;
            let config = crate::index::Config {
                queens: vec![
                    index.board_to_cells(p.map_set(black))?,
                    index.board_to_cells(p.map_set(white))?,
                ],
                empty: index.board_to_cells(p.map_set(empty))?,
            };
            let rank = index.rank(&config);
            Some((table.get(self.hook.as_ref())?, rank))
        })
    }

    /// The database of `tables` and placement for a territory with these
    /// squares and queen groups: the first (smallest) that fits and reads.
    fn place<'a>(
        &self,
        tables: &'a [Table<TerritoryDb>],
        squares: Bitboard,
        groups: &[u32],
    ) -> Option<(&'a TerritoryDb, Placement)> {
        tables.iter().find_map(|table| {
            let index = &table.index;
            if index.groups() != groups {
                return None;
            }
            let p = Placement::fit(squares, index)?;
            Some((table.get(self.hook.as_ref())?, p))
        })
    }

    /// The number of moves `queens` can make on the `empty` squares (a
    /// territory anywhere on a board), if a database holds it.
    pub fn territory(&self, empty: Bitboard, queens: Bitboard) -> Option<u32> {
        let (db, p) = self.place(&self.territories, empty | queens, &[queens.count()])?;
        db.moves(p.map_set(empty), p.map_set(queens))
    }

    /// The number of moves the `normal` queens and the `blockers` can make
    /// on the `empty` squares under the blocker constraint (a blocker
    /// territory anywhere on a board, every other square burnt), if a
    /// database holds it; without blockers, a simple territory's.
    pub fn blocker_territory(
        &self,
        empty: Bitboard,
        normal: Bitboard,
        blockers: Bitboard,
    ) -> Option<u32> {
        if blockers.is_empty() {
            return self.territory(empty, normal);
        }
        let squares = empty | normal | blockers;
        let groups = [normal.count(), blockers.count()];
        let (db, p) = self.place(&self.blockers, squares, &groups)?;
        db.blocker_moves(p.map_set(empty), p.map_set(normal), p.map_set(blockers))
    }

    /// A best move of that territory, if a database holds it and there is a
    /// move.
    pub fn territory_best_move(&self, empty: Bitboard, queens: Bitboard) -> Option<Move> {
        let (db, p) = self.place(&self.territories, empty | queens, &[queens.count()])?;
        let mv = db.best_move(p.map_set(empty), p.map_set(queens))?;
        Some(Move::new(
            p.unmap(mv.from),
            p.unmap(mv.to),
            p.unmap(mv.arrow),
        ))
    }

    /// A best move of the blocker territory of [`Databases::blocker_territory`]
    /// under the blocker constraint: a normal queen's move, or a blocker's
    /// move in that shoots back at its origin, to a territory worth one move
    /// less; `None` if no database holds it or there is no move.
    pub fn blocker_territory_best_move(
        &self,
        empty: Bitboard,
        normal: Bitboard,
        blockers: Bitboard,
    ) -> Option<Move> {
        let target = self
            .blocker_territory(empty, normal, blockers)?
            .checked_sub(1)?;
        let mut best = None;
        for_each_child(empty, normal, |mv, child_empty, child_normal| {
            if self.blocker_territory(child_empty, child_normal, blockers) == Some(target) {
                best = Some(mv);
            }
            best.is_none()
        });
        if best.is_some() {
            return best;
        }
        blocker_children(empty, normal, blockers)
            .find(|&(_, e, n, b)| self.blocker_territory(e, n, b) == Some(target))
            .map(|(mv, ..)| mv)
    }

    /// The territory answer for a whole position whose queens are all of one
    /// colour: (move count, best move), if a database holds it.
    pub fn position_territory(&self, pos: &Position) -> Option<(u32, Option<Move>)> {
        let (black, white) = (pos.queens(Color::Black), pos.queens(Color::White));
        let queens = match (black.is_empty(), white.is_empty()) {
            (false, true) => black,
            (true, false) => white,
            _ => return None,
        };
        let n = self.territory(pos.empty(), queens)?;
        Some((n, self.territory_best_move(pos.empty(), queens)))
    }
}

/// What the databases say of a whole position (`cgtk db query`).
#[derive(Debug)]
pub enum QueryAnswer<'a> {
    /// An active area: its thermograph, and its canonical form where the
    /// table stores canonical forms.
    Active {
        /// The subzero thermograph.
        thermograph: &'a cgt::Thermograph,
        /// The canonical form in CGSuite notation.
        canonical: Option<&'a str>,
    },
    /// A simple or (with blockers) blocker territory of `owner`.
    Territory {
        /// The owner of the queens.
        owner: Color,
        /// Whether some of the queens are blockers.
        blockers: bool,
        /// The number of moves the owner can make.
        moves: u32,
        /// A best move, if there is a move.
        best_move: Option<Move>,
    },
    /// No database holds the position.
    NotFound,
}

impl Databases {
    /// Looks `pos` up: an active area if both colours have queens, else a
    /// territory of the queens' owner, in which `blockers` (a subset of the
    /// owner's queens) move in only by shooting back at their origin.
    ///
    /// # Errors
    /// [`QueryError::NotAQueen`] if a blocker is not a queen of the owner.
    pub fn query(&self, pos: &Position, blockers: Bitboard) -> Result<QueryAnswer<'_>, QueryError> {
        let (black, white) = (pos.queens(Color::Black), pos.queens(Color::White));
        if black.any() && white.any() {
            return Ok(match self.active(pos.empty(), black, white) {
                Some(thermograph) => QueryAnswer::Active {
                    thermograph,
                    canonical: self.active_canonical(pos.empty(), black, white),
                },
                None => QueryAnswer::NotFound,
            });
        }
        let owner = if white.is_empty() {
            Color::Black
        } else {
            Color::White
        };
        let queens = pos.queens(owner);
        if let Some(sq) = (blockers - queens).squares().next() {
            return Err(QueryError::NotAQueen(sq.to_string()));
        }
        let answer = if blockers.any() {
            self.blocker_territory(pos.empty(), queens - blockers, blockers)
                .map(|moves| {
                    (
                        moves,
                        self.blocker_territory_best_move(pos.empty(), queens - blockers, blockers),
                    )
                })
        } else {
            self.position_territory(pos)
        };
        Ok(match answer {
            Some((moves, best_move)) => QueryAnswer::Territory {
                owner,
                blockers: blockers.any(),
                moves,
                best_move,
            },
            None => QueryAnswer::NotFound,
        })
    }
}

/// Why a query cannot be asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A blocker named a square without a queen of the territory's owner.
    #[error("{0} is not a queen of the position")]
    NotAQueen(String),
}

impl AreaOracle for Databases {
    fn territory_moves(&self, area: &amazons::Area) -> Option<u32> {
        let AreaKind::SimpleTerritory(owner) = area.kind else {
            return None;
        };
        self.territory(area.empty, area.queens(owner))
    }

    fn blocker_territory_moves(&self, area: &amazons::Area) -> Option<u32> {
        let AreaKind::BlockerTerritory(owner) = area.kind else {
            return None;
        };
        let queens = area.queens(owner);
        self.blocker_territory(area.empty, queens - area.blockers, queens & area.blockers)
    }

    fn active_thermograph(&self, area: &amazons::Area) -> Option<cgt::Thermograph> {
        if area.kind != AreaKind::Active {
            return None;
        }
        self.active(area.empty, area.black, area.white).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amazons::improved_partition;
    use amazons::territory::territory_moves;
    use cgt::budget::Watch;

    #[test]
    fn translated_and_transposed_territories() {
        let mut dbs = Databases::new();
        dbs.add_territory(TerritoryDb::build(2, 4, 1, &(), &Watch::unlimited()).unwrap());
        // A 4x2 territory away from the corner: fits the 2x4 box transposed.
        let pos: Position = "xxxxxx/x.x..x/xB...x/xxxxxx w".parse().unwrap();
        let areas = improved_partition(&pos);
        let area = areas
            .iter()
            .find(|a| a.kind == AreaKind::SimpleTerritory(Color::Black))
            .unwrap();
        let black = pos.queens(Color::Black);
        assert_eq!(
            dbs.territory_moves(area),
            Some(territory_moves(pos.empty(), black))
        );
        let (n, mv) = dbs.position_territory(&pos).unwrap();
        let mv = mv.unwrap();
        // The best move is legal and leaves a territory worth n - 1.
        let mut child = pos.with_to_move(Color::Black);
        child.play(mv).unwrap();
        assert_eq!(
            territory_moves(child.empty(), child.queens(Color::Black)),
            n - 1
        );
        // Too wide for the box: not found.
        let wide: Position = "B.x.. w".parse().unwrap();
        assert_eq!(dbs.territory(wide.empty(), wide.queens(Color::Black)), None);
    }

    #[test]
    fn blocker_territory_off_the_corner_transposed() {
        let hidden = ();
        let simple = TerritoryDb::build(3, 2, 1, &hidden, &Watch::unlimited()).unwrap();
        let mut dbs = Databases::new();
        dbs.add_blocker(
            TerritoryDb::build_blocker(3, 2, 0, 1, &simple, &hidden, &Watch::unlimited()).unwrap(),
        );
        // The Black queen c1 seals the column b1-b3 from White's d1 and
        // also touches d1's square: a blocker territory 2 wide and 3 high
        // (with its blocker), answered by the 3x2 box transposed. By hand:
        // c1-b1xc1 (the blocker shoots back), b1-b2xb1, b2-b3xb2: 3 moves.
        let pos: Position = "x.xxx/x.xxx/x.B.W b".parse().unwrap();
        let areas = improved_partition(&pos);
        let area = areas
            .iter()
            .find(|a| a.kind == AreaKind::BlockerTerritory(Color::Black))
            .expect("a blocker territory");
        assert_eq!(area.blockers, pos.queens(Color::Black));
        assert_eq!(dbs.blocker_territory_moves(area), Some(3));
        // Without blockers it is a simple territory question: not here.
        let no_blocker =
            dbs.blocker_territory(area.empty, pos.queens(Color::Black), Bitboard::EMPTY);
        assert_eq!(no_blocker, None);
        // A best move reaches a blocker territory worth one move less (the
        // simple table answers once the blocker has moved in); here only
        // the blocker can move, so it moves in and shoots back: c1-b1xc1.
        dbs.add_territory(simple);
        let (normal, blockers) = (Bitboard::EMPTY, area.blockers);
        let mv = dbs
            .blocker_territory_best_move(area.empty, normal, blockers)
            .expect("a best move");
        assert_eq!(mv.to_string(), "C1-B1xC1");
    }

    #[test]
    fn active_area_off_the_corner_transposed() {
        let mut dbs = Databases::new();
        dbs.add_active(ActiveDb::build(3, 2, 1, 1, &(), &Watch::unlimited()).unwrap());
        // A 2x3 active area (both queens touch its empty squares) in the
        // middle of a larger board; the reference is the thermograph through
        // canonical forms (amazons::Valuer) of the area alone.
        let pos: Position = "xxxx/xW.x/x..x/x.Bx/xxxx w".parse().unwrap();
        let areas = improved_partition(&pos);
        assert_eq!(areas.len(), 1);
        assert_eq!(areas[0].kind, AreaKind::Active);
        let expected = amazons::Valuer::new().thermograph(&pos).unwrap();
        assert_eq!(dbs.active_thermograph(&areas[0]), Some(expected));
        // The same area does not fit a 3x2 box with two White queens.
        let mut other = Databases::new();
        other.add_active(ActiveDb::build(3, 2, 1, 2, &(), &Watch::unlimited()).unwrap());
        assert_eq!(other.active_thermograph(&areas[0]), None);
    }
}
