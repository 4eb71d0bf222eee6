//! Whole-board retrograde tables for Dots-and-Boxes: the value of every
//! position of a board, after the distributed retrograde analysis of 4x4
//! Dots-and-Boxes in the University of Lynchburg thesis (§§II–III).
//!
//! - **Value rule** (thesis §III, "Retrograde Analysis"), in cgtk's
//!   convention (future boxes only): see [`shard`].
//! - **Partition**: the lines are split into four regions (the thesis's
//!   "quadrants", made symmetric: [`geometry`]); a *shard* is the set of
//!   positions with given line counts per region (`a_b_c_d`), stored only in
//!   its normalised ordering under the board's symmetries; a shard depends
//!   on the shards with one more line in one region. Shards over a size
//!   threshold are split into parts ([`Split`]; the thesis: over 200 million
//!   states, up to 20).
//! - **Index**: within a shard, a position is the mixed-radix number of its
//!   regions' colexicographic subset ranks, region 0 most significant.
//! - **Values** are stored as the boxes the player to move will take,
//!   `ceil(log2(boxes + 1))` bits each ([`packed`]).
//! - **Files**: one per shard part ([`file`](mod@file)), written atomically; a build
//!   ([`crate::plan`]) resumes by keeping the parts whose files read back
//!   valid.
//!
//! ```
//! use databases::dots::{DotsTable, Split};
//! use databases::plan::{self, RunOptions};
//! use dots::Position;
//!
//! let dir = std::env::temp_dir().join(format!("cgtk-doc-dots-{}", std::process::id()));
//! let board = "2x2".parse::<Position>().unwrap().board();
//! let plan = plan::dots_table_plan(board, &dir, Split::default()).unwrap();
//! plan::run_local(&plan, &RunOptions::default(), &()).unwrap();
//! let table = DotsTable::open(&dir, board).unwrap();
//! // The first player wins the empty 2x2 board by 2 boxes (3 to 1).
//! assert_eq!(table.value(&Position::empty(board)).unwrap(), 2);
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod file;
pub mod geometry;
pub mod packed;
pub mod shard;
mod table;

pub use file::{part_file_name, PartId};
pub use geometry::{Geometry, GeometryError};
pub use packed::Packed;
pub use table::{
    board_name, shard_specs, table_info, DotsTable, ShardSpec, Split, TableAnalysis, TableError,
    TableInfo,
};
