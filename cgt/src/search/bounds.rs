//! The range of every option a search takes, defined once for every face
//! (the CLI's parsers, the server, the plans, Python): threads, table size
//! and time limit.

use std::ops::RangeInclusive;

/// Threads of one search (or one pool of games).
pub const THREADS: RangeInclusive<u64> = 1..=64;

/// A transposition table's size in MiB.
pub const TABLE_MIB: RangeInclusive<u64> = 1..=65536;

/// The longest time limit accepted, in seconds (about 115 days).
pub const MAX_SECONDS: f64 = 1e7;
