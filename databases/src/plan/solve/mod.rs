//! Long Amazons solves as plans: a root split.
//!
//! The root position's legal moves are split into shards: one df-pn solve
//! per first move ([`SolveSplit::FirstMoves`]), or one per reply to each
//! first move ([`SolveSplit::Replies`]) with a gather shard per first move.
//! A final gather shard combines the first moves into the root's result and
//! one proof file of the whole root, in the format `cgtk amazons
//! check-proof` reads ([`cgt::search::proof`]).
//!
//! Moves whose positions are left-right mirror images of an earlier move's
//! get no shard of their own: the gather answers them from the mirror
//! image, whose proof it mirrors.
//!
//! # Files
//!
//! Shard `ID` (`solve` for the root, `solve.M1` for the line of first move
//! `M1`, `solve.M1.M2` for a reply) writes `ID.result.json` (a
//! [`SolveResultFile`]) and, when proved, its proof ([`proof_path`]:
//! `ID.proof.gz` for a solve shard, `ID.proof` for a gather). Both are
//! written to a temporary file and renamed into place, the proof first;
//! the result names the length and checksum of the proof's text (after
//! decompression), so a shard is done only when its result reads back
//! valid, for its position, line and options, with its proof. The results
//! and the solve shards' proofs are small: a campaign can keep its
//! directory in a repository, and a run anywhere resumes from it.
//!
//! # Limits
//!
//! A solve shard that reaches its time or node limit writes an honest
//! `unknown` result (no proof). It counts as done for a plan with the same
//! solver options and limits no larger, so rerunning the plan does not
//! repeat it; a plan made with other options (say a larger `--time-limit`)
//! retries exactly the unknown shards and keeps the proved ones. A gather
//! shard is done only when proved: an unknown gather is redone at every
//! run (it only reads its children's results), and its result lists which
//! moves are settled.
//!
//! A shard whose line is already decided above it writes a `needless`
//! result at once instead of searching: a gather on its line (its parent,
//! or any line above) has another move whose shard is proved lost for the
//! player to move after it, so that gather is a win whatever this shard
//! finds. A solve under way looks again every few seconds and stops the
//! same way, so that the workers of a run, or the jobs of a cluster, leave
//! a line as soon as one of them settles it. This is what keeps a split line cheap: of the moves of a
//! position split after a limit, the first one proved winning settles it,
//! and the others are not searched.

mod check;
mod options;
mod proof;
mod shard;
mod split;

pub use check::{check_solve_plan, PlanProofError};
pub(crate) use options::{check_limits, check_option, shard_limits};
pub use options::{SolveOptionError, SolveOptions};
pub use shard::summary;
pub(crate) use shard::{sibling_deciding, watched, SolveShard};
pub use split::{amazons_solve_plan, children, split_unknown, Child};

use std::path::{Path, PathBuf};

use amazons::Position;
use cgt::search::proof::file::ProofFileError;
use cgt::search::{ConfigError, ExtractError, WinLoss};
use serde::{Deserialize, Serialize};

/// The `format` field of a result file.
pub const RESULT_FORMAT: &str = "cgtk-solve-result";
/// The result file version this build reads and writes.
pub const RESULT_VERSION: u32 = 1;

/// The id of the root's shard; a line's shard adds `.MOVE` per move.
pub const ROOT_ID: &str = "solve";

/// What a solve plan's shard does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolveStep {
    /// Df-pn on the position after the line.
    Solve,
    /// Combine the results of the position's moves (their shards are its
    /// dependencies).
    Gather,
}

/// How a solve plan splits the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveSplit {
    /// One solve shard per first move.
    FirstMoves,
    /// One solve shard per reply to each first move, gathered per first
    /// move.
    Replies,
}

/// In which order a solve plan lists the moves it splits at (the runner
/// starts shards in the plan's order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardOrder {
    /// The solver's move order everywhere: the moves likeliest to win for
    /// the player making them first. These are usually the longest shards,
    /// so a run to the end on several workers finishes soonest.
    Solver,
    /// The opponent's replies (the moves an odd number of moves below the
    /// root, every one of which must be refuted for the root's player to
    /// win) in reverse: the likeliest to lose first, usually the quickest
    /// shards, so a campaign under a time limit settles the most lines
    /// early. The root player's own moves (the first moves, and those of a
    /// reply's position split again) keep the solver's order: one win
    /// settles such a position, and the likeliest winning move usually
    /// gives it soonest.
    Reversed,
}

/// Whether a shard's position is proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolveStatus {
    /// Proved; the proof file is there.
    Proved,
    /// A limit ended the search (or, for a gather, a move is unknown).
    Unknown,
    /// Decided within its window (Dots solve plans with a window): the
    /// value is known to be at most the window's low end or at least its
    /// high end, which is all the gather above it needs.
    Bounded,
    /// Not searched (Amazons solve plans): a line above it was already
    /// decided by another move's shard (`decided_by`), a move proved to
    /// win for the player who makes it, so nothing this shard could prove
    /// changes the root.
    Needless,
}

/// The outcome for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
}

impl From<WinLoss> for Outcome {
    fn from(o: WinLoss) -> Outcome {
        match o {
            WinLoss::Win => Outcome::Win,
            WinLoss::Loss => Outcome::Loss,
        }
    }
}

/// One legal move of a gathered position and what its shard found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveResult {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The shard that answers for it.
    pub shard: String,
    /// Whether that shard's position is this one's mirror image.
    pub mirrored: bool,
    /// The shard's status.
    pub status: SolveStatus,
    /// The outcome for the player to move after the move, when proved.
    pub outcome: Option<Outcome>,
}

/// The result file of a solve plan's shard (`ID.result.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveResultFile {
    /// Always [`RESULT_FORMAT`].
    pub format: String,
    /// [`RESULT_VERSION`].
    pub version: u32,
    /// The shard's id.
    pub shard: String,
    /// The position after the line.
    pub position: String,
    /// The moves from the plan's root.
    pub line: Vec<String>,
    /// Solve or gather.
    pub step: SolveStep,
    /// Proved or unknown.
    pub status: SolveStatus,
    /// For the player to move, when proved.
    pub outcome: Option<Outcome>,
    /// `white` or `black`, when proved.
    pub winner: Option<String>,
    /// `white` or `black`.
    pub to_move: String,
    /// A winning move, when the player to move wins.
    pub best_move: Option<String>,
    /// `time` or `node` when a limit ended a solve.
    pub limit: Option<String>,
    /// Df-pn nodes (a gather: the sum over its moves' shards).
    pub nodes: u64,
    /// Seconds of search (a gather: the sum over its moves' shards).
    pub seconds: f64,
    /// The options the shard ran with.
    pub options: SolveOptions,
    /// Bytes of the proof file, when proved.
    pub proof_bytes: Option<u64>,
    /// FNV-1a 64 of the proof file, in hex, when proved.
    pub proof_checksum: Option<String>,
    /// A gather: every legal move, in generation order.
    pub moves: Vec<MoveResult>,
    /// A needless shard: the shard whose proved result decided the line
    /// above it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
}

/// Why a solve shard cannot be run or gathered.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The plan's root is not a position.
    #[error("position {text:?}: {source}")]
    Position {
        /// The text.
        text: String,
        /// The cause.
        source: amazons::PositionError,
    },
    /// A move of the line is not legal where it is played.
    #[error("line move {mv:?} (move {index} of the line): {source}")]
    Move {
        /// The move.
        mv: String,
        /// Its place in the line, from 1.
        index: usize,
        /// The cause.
        source: amazons::MoveError,
    },
    /// The shard's id is not the id of its line.
    #[error("the id of its line is {expected:?}")]
    Id {
        /// The id of the line.
        expected: String,
    },
    /// Options out of range.
    #[error("solver options: {0}")]
    Options(#[from] SolveOptionError),
    /// The solver refuses its configuration.
    #[error("solver: {0}")]
    Config(#[from] ConfigError),
    /// The databases cannot be opened.
    #[error("database directory {dir}: {source}")]
    Db {
        /// The directory.
        dir: PathBuf,
        /// The cause.
        source: crate::format::DbError,
    },
    /// The proof could not be extracted after a proved search.
    #[error("proof: {0}")]
    Extract(#[from] ExtractError),
    /// A file cannot be written.
    #[error(transparent)]
    Write(crate::format::DbError),
    /// A proof file cannot be written.
    #[error(transparent)]
    ProofFile(#[from] ProofFileError),
    /// A gather has no move with a shard among its dependencies.
    #[error("a gather needs a shard of one of its position's moves among its dependencies")]
    NoMoveShard,
    /// A gather's move has no shard in the plan.
    #[error("move {mv} has no shard {shard:?} in the plan")]
    MissingShard {
        /// The move.
        mv: String,
        /// The shard id expected.
        shard: String,
    },
    /// A child's result is missing or does not read back valid.
    #[error("shard {shard:?} has no valid result")]
    ChildNotDone {
        /// The child's id.
        shard: String,
    },
    /// A child's proof file does not read back as its result says.
    #[error("shard {shard:?}: proof file: {source}")]
    ChildProof {
        /// The child's id.
        shard: String,
        /// The cause.
        source: ProofFileError,
    },
}

/// The id of the shard of `line`.
pub fn line_id<S: AsRef<str>>(line: &[S]) -> String {
    let mut id = ROOT_ID.to_owned();
    for mv in line {
        id.push('.');
        id.push_str(mv.as_ref());
    }
    id
}

/// The result file of shard `id` in `dir`.
pub fn result_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.result.json"))
}

/// The proof file of shard `id` in `dir`: a solve shard's is
/// gzip-compressed (`ID.proof.gz`: small, so that a campaign's directory of
/// results and proofs can be kept whole, in a repository say), a gather's
/// plain (`ID.proof`: joined again from its moves' proofs whenever the
/// gather runs, and as large as the whole proof at the root).
pub fn proof_path(dir: &Path, id: &str, step: SolveStep) -> PathBuf {
    match step {
        SolveStep::Solve => dir.join(format!("{id}.proof.gz")),
        SolveStep::Gather => dir.join(format!("{id}.proof")),
    }
}

/// The position after `line` from `root`.
///
/// # Errors
/// [`SolveError::Position`] or [`SolveError::Move`].
pub fn position_after<S: AsRef<str>>(root: &str, line: &[S]) -> Result<Position, SolveError> {
    let mut pos: Position = root.parse().map_err(|source| SolveError::Position {
        text: root.to_owned(),
        source,
    })?;
    for (i, mv) in line.iter().enumerate() {
        let text = mv.as_ref();
        let m = pos.parse_move(text).map_err(|source| SolveError::Move {
            mv: text.to_owned(),
            index: i + 1,
            source,
        })?;
        pos.play_unchecked(m);
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_typed_errors() {
        let root = "4x4";
        assert!(matches!(
            position_after(root, &["A1-A2xA3"]),
            Err(SolveError::Position { .. })
        ));
        let root = ".BB./B..B/W..W/.WW. w";
        assert!(matches!(
            position_after(root, &["A1-A2xA3"]),
            Err(SolveError::Move { index: 1, .. })
        ));
    }
}
