//! The df-pn options of a solve plan's shards and their ranges.

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use cgt::budget::Limits;
use cgt::search::bounds::{MAX_SECONDS, TABLE_MIB, THREADS};
use serde::{Deserialize, Serialize};

/// The df-pn options of every solve shard of a plan (those of `cgtk
/// amazons solve`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveOptions {
    /// Transposition table in MiB (in [`TABLE_MIB`]).
    pub tt_mb: u64,
    /// Search threads (in [`THREADS`]); one thread makes the proofs reproducible
    /// byte for byte.
    pub threads: u32,
    /// Each shard's time limit in milliseconds (from 1 to [`MAX_SECONDS`]
    /// in milliseconds), if any: for
    /// its search and its proof's extraction together.
    pub time_limit_ms: Option<u64>,
    /// Each shard's node limit (at least 1), if any.
    pub node_limit: Option<u64>,
    /// Initial proof numbers from mobility (`amazons solve --mobility-pn`).
    pub mobility_pn: bool,
    /// Weak proof numbers (`amazons solve --weak-pn-from`) from this many
    /// moves below each shard's position, if any. Absent from files written
    /// without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weak_pn_from: Option<u32>,
    /// The largest proof subtree written as one `leaf search` (`amazons
    /// solve --proof-cut`), if not the default. Absent from files written
    /// without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_cut: Option<u64>,
    /// The checker's positions per node of such a subtree (`amazons solve
    /// --proof-effort`, 1 to 2^24), if not the default. Absent from files
    /// written without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof_effort: Option<u64>,
    /// Endgame databases for the evaluation, if any (as every node sees
    /// the directory).
    pub db: Option<PathBuf>,
}

impl Default for SolveOptions {
    /// The defaults of `amazons solve`: 256 MiB, one thread, no limits.
    fn default() -> SolveOptions {
        SolveOptions {
            tt_mb: 256,
            threads: 1,
            time_limit_ms: None,
            node_limit: None,
            mobility_pn: false,
            weak_pn_from: None,
            proof_cut: None,
            proof_effort: None,
            db: None,
        }
    }
}

impl SolveOptions {
    /// Whether a search with these options gets no further than one that
    /// ran with `ran` and was stopped by a limit: the same search options,
    /// with limits no larger. (A smaller `--time-limit` than an unknown
    /// shard had does not retry it.) The proof's shape (`proof_cut`,
    /// `proof_effort`) is not the search's: a search stopped under one
    /// stops at the same node under another, and has no proof to shape.
    pub fn no_further_than(&self, ran: &SolveOptions) -> bool {
        let unlimited = |o: &SolveOptions| SolveOptions {
            time_limit_ms: None,
            node_limit: None,
            proof_cut: None,
            proof_effort: None,
            ..o.clone()
        };
        unlimited(self) == unlimited(ran) && self.limits().within(ran.limits())
    }

    /// The time and node limits.
    pub fn limits(&self) -> Limits {
        shard_limits(self.time_limit_ms, self.node_limit)
    }

    /// Checks every option against its range: the table size and the
    /// threads against [`TABLE_MIB`] and [`THREADS`], the time limit
    /// against [`MAX_SECONDS`] (from 1 ms), the node limit from 1 and the
    /// proof effort against [`amazons::MAX_PROOF_EFFORT`] (from 1).
    ///
    /// # Errors
    /// The first option out of range.
    pub fn check(&self) -> Result<(), SolveOptionError> {
        check_option("tt_mb", Some(self.tt_mb), TABLE_MIB)?;
        check_option("threads", Some(self.threads.into()), THREADS)?;
        check_limits(self.time_limit_ms, self.node_limit)?;
        check_option(
            "proof_effort",
            self.proof_effort,
            1..=amazons::MAX_PROOF_EFFORT,
        )
    }
}

/// The limits of a shard's options: its time limit in milliseconds and
/// its node limit (`None`: no limit), for the shards of every solve plan.
pub(crate) fn shard_limits(time_limit_ms: Option<u64>, node_limit: Option<u64>) -> Limits {
    Limits {
        nodes: node_limit,
        time: time_limit_ms.map(Duration::from_millis),
    }
}

/// `value`, if any, against `range`: the option `option` out of range.
pub(crate) fn check_option(
    option: &'static str,
    value: Option<u64>,
    range: RangeInclusive<u64>,
) -> Result<(), SolveOptionError> {
    match value {
        Some(value) if !range.contains(&value) => Err(SolveOptionError {
            option,
            value,
            range,
        }),
        _ => Ok(()),
    }
}

/// A shard's time limit (from 1 ms to [`MAX_SECONDS`] in whole
/// milliseconds) and node limit (from 1), when set.
pub(crate) fn check_limits(
    time_limit_ms: Option<u64>,
    node_limit: Option<u64>,
) -> Result<(), SolveOptionError> {
    let max_ms = (MAX_SECONDS * 1000.0) as u64;
    check_option("time_limit_ms", time_limit_ms, 1..=max_ms)?;
    check_option("node_limit", node_limit, 1..=u64::MAX)
}

/// A solver option out of its range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{option} {value} out of range ({} to {})", range.start(), range.end())]
pub struct SolveOptionError {
    /// The option's field in [`SolveOptions`].
    pub option: &'static str,
    /// Its value.
    pub value: u64,
    /// Its range.
    pub range: RangeInclusive<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_result_settles_a_shard_with_no_larger_limits() {
        let ran = SolveOptions {
            time_limit_ms: Some(600_000),
            ..SolveOptions::default()
        };
        let with = |time, nodes, tt_mb| SolveOptions {
            time_limit_ms: time,
            node_limit: nodes,
            tt_mb,
            ..SolveOptions::default()
        };
        assert!(with(Some(600_000), None, 256).no_further_than(&ran));
        assert!(with(Some(300_000), None, 256).no_further_than(&ran));
        assert!(with(Some(300_000), Some(1000), 256).no_further_than(&ran));
        // More time, no time limit, or another search: retried.
        assert!(!with(Some(900_000), None, 256).no_further_than(&ran));
        assert!(!with(None, Some(1000), 256).no_further_than(&ran));
        assert!(!with(Some(300_000), None, 512).no_further_than(&ran));
        // Another shape of the proof is the same search.
        let shaped = SolveOptions {
            proof_effort: Some(16),
            proof_cut: Some(64),
            ..with(Some(300_000), None, 256)
        };
        assert!(shaped.no_further_than(&ran));
        assert!(!SolveOptions {
            proof_effort: Some(16),
            ..with(Some(900_000), None, 256)
        }
        .no_further_than(&ran));
    }
}
