//! Retrograde endgame databases, and the plans that build them and split
//! long solves so that they can run on many machines.
//!
//! - **Amazons areas** (Song & Müller 2015, Song & Müller, "An Enhanced
//!   Solver for the Game of Amazons", section III): built by retrograde
//!   analysis over an [`index`] of the configurations of a box, stored one
//!   file per database ([`format`](mod@format)), and served to the solver as
//!   an [`amazons::AreaOracle`] ([`Databases`]).
//! - **Whole-board Dots-and-Boxes tables** ([`dots`]), after the Lynchburg
//!   retrograde thesis: shards of a board's positions by line counts per
//!   region, in the same file container.
//! - **Plans** ([`plan`]): shards with dependencies and costs (parts of a
//!   Dots table, Amazons tables, the first moves or replies of a long
//!   Amazons or Dots-and-Boxes solve), run by a resumable local runner or
//!   as Slurm jobs, and a simulation of their scheduling.
//!
//! It builds, stores and serves **simple territory** databases (the exact
//! number of moves the owner can make, and a best move), **blocker
//! territory** databases (the same under the blocker constraint,
//! [`territory`]) and **active area** databases (subzero thermographs, and
//! canonical forms for small tables, [`active`]).
//!
//! ```
//! use amazons::{Color, Position};
//! use cgt::budget::Watch;
//! use databases::{Databases, TerritoryDb};
//!
//! let mut dbs = Databases::new();
//! dbs.add_territory(TerritoryDb::build(3, 2, 1, &(), &Watch::unlimited())?);
//! // A Black queen in the corner of an open 2x3 region (transposed into the
//! // 3x2 box, anywhere on the board) fills all 5 empty squares.
//! let pos: Position = "xxxx/x..x/x..x/xB.x w".parse().unwrap();
//! assert_eq!(dbs.territory(pos.empty(), pos.queens(Color::Black)), Some(5));
//! # Ok::<(), databases::IndexError>(())
//! ```
//!
//! The default database directory is `$CGTK_DB`, or `./cgtk-db`
//! ([`default_dir`]). No feature flags.

// Libraries never print: they report through progress callbacks and
// return results; the CLI prints.
#![cfg_attr(
    not(test),
    deny(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)
)]

pub mod active;
pub mod builder;
mod checksum;
pub mod dots;
pub mod format;
pub mod index;
pub mod jobs;
mod oracle;
pub mod plan;
pub mod territory;

pub use active::{ActiveDb, ActiveError};
pub use builder::{
    build_active, build_blocker, build_simple, paper_active_set, paper_blocker_set,
    paper_simple_set, BuildReport,
};
pub use checksum::{fnv1a64, Fnv1a64};
pub use format::{
    blocker_from_bytes, file_name, inspect, read_active, read_blocker, read_header, read_territory,
    DbError, DbKind, FileInfo, Header, EXTENSION,
};
pub use index::{BoxIndex, Config, IndexError};
pub use jobs::{BuildJob, JobError};
pub use oracle::{
    default_dir, BadTableHook, Databases, QueryAnswer, QueryError, DB_ENV, DEFAULT_DIR,
};
pub use territory::TerritoryDb;
