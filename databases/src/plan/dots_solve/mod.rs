//! Long Dots-and-Boxes solves as plans: a root split.
//!
//! The root position's legal moves are split into shards: one exact solve
//! ([`dots::Solver::value`], one thread) per first move
//! ([`SolveSplit::FirstMoves`]), or one per reply to each first move
//! ([`SolveSplit::Replies`]) with a gather shard per first move. A final
//! gather shard takes the root's value as the best of its moves'.
//!
//! Values are those of the solver: boxes the player to move takes minus
//! boxes the opponent takes, over the boxes not yet completed. A move that
//! completes boxes keeps the turn, so the value of a move for the player
//! who makes it is `gain + value(child)` when it completes `gain > 0` boxes
//! and `-value(child)` otherwise ([`move_bounds`]), as
//! [`dots::Solver::analyze`] counts it.
//!
//! Moves whose positions are images of an earlier move's under a symmetry
//! of the board ([`dots::Board::symmetries`]) get no shard of their own:
//! the gather takes the value of that twin.
//!
//! # Windows
//!
//! Without a window every shard finds its position's exact value. With a
//! window `(alpha, beta)` for the root ([`DotsSolveOptions::window`], both
//! ends excluded) the plan asks only where the root's value lies against
//! it: `(t - 1, t + 1)` asks whether it is `t`, the null window `(t - 1,
//! t)` whether it is at least `t`, `(t, t + 1)` whether it is at most `t`.
//! Each line's window is its parent's seen from the player to move after
//! the move ([`child_window`]: shifted by the boxes a capture takes, else
//! negated), as alpha-beta passes windows down. A solve shard then only
//! decides its window ([`dots::Solver::value_within`]): its exact value
//! when that lies inside, else a bound, and its result is
//! [`SolveStatus::Bounded`]. A gather is decided as soon as one move is
//! worth at least its window's high end (a cutoff): its other moves'
//! shards, and those below them, are then needless and are not searched
//! (a shard under way looks every few seconds and stops). So a first move
//! that fails the test costs one good reply's null-window test instead of
//! every reply's exact value. "Is the value `t`?" is best asked as two
//! null-window plans into one directory, "at least `t`?" and "at most
//! `t`?": each shard then needs one test, where the window `(t - 1, t +
//! 1)` makes every shard worth `t` prove it exactly (two tests, and every
//! reply of a first move worth `t`). The root gets a bound or its value;
//! every settled bound is kept for the next window, as MTD(f) keeps its
//! bounds (Plaat et al. 1996).
//!
//! # Files
//!
//! Shard `ID` (`solve` for the root, `solve.E1` for the line of first move
//! (edge) `E1`, `solve.E1.E2` for a reply) writes `ID.result.json` (a
//! [`DotsResultFile`]) through a temporary file renamed into place. A
//! shard is done only when its result reads back valid for its position,
//! line and step.
//!
//! # Limits
//!
//! A solve shard that reaches its time or node limit writes an honest
//! `unknown` result with the bounds the solver reached
//! ([`dots::Interrupted`]). It counts as done for a plan with the same
//! options and limits no larger, so rerunning the plan does not repeat it;
//! a plan made with a larger limit (or none) retries exactly those shards.
//! A shard stopped by Ctrl-C (the runner's stop flag) records `unknown`
//! with limit `interrupt` and is redone by the next run. A gather is done
//! only when its value is settled: it takes the best of its moves' bounds,
//! and its value is known once those bounds meet (every move settled, or
//! one move known to be at least as good as every other can be).
//!
//! # Re-splitting
//!
//! [`split_unknown`] turns the plan of a directory into one where every
//! solve shard that ended `unknown` at its limit is a gather over one solve
//! shard per reply (and so on down, for those of its replies that ended
//! the same way), so that a campaign's workers stay busy to the end.

mod shard;
mod split;

pub use shard::summary;
pub(crate) use shard::DotsShard;
pub use split::{children, dots_solve_plan, split_unknown, Child};

use std::path::Path;

use cgt::budget::Limits;
use cgt::search::bounds::TABLE_MIB;
use dots::{Position, PositionError};
use serde::{Deserialize, Serialize};

use super::solve::{
    check_limits, check_option, shard_limits, SolveOptionError, SolveStatus, SolveStep,
};

pub use super::solve::SolveSplit;

/// The `format` field of a Dots solve result file.
pub const RESULT_FORMAT: &str = "cgtk-dots-solve-result";
/// The result file version this build reads and writes.
pub const RESULT_VERSION: u32 = 1;

/// The id of the root's shard; a line's shard adds `.EDGE` per move.
pub const ROOT_ID: &str = "solve";

/// The solver options of every shard of a Dots solve plan (each shard
/// searches on one thread).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DotsSolveOptions {
    /// Transposition table in MiB (in [`TABLE_MIB`]).
    pub tt_mb: u64,
    /// Each shard's time limit in milliseconds (from 1 to [`MAX_SECONDS`](cgt::search::bounds::MAX_SECONDS)
    /// in milliseconds), if any.
    pub time_limit_ms: Option<u64>,
    /// Each shard's node limit (at least 1), if any.
    pub node_limit: Option<u64>,
    /// The root's window `(alpha, beta)` (JSON `[alpha, beta]`), both ends
    /// excluded (`alpha < beta`, each at most [`MAX_WINDOW`] in
    /// magnitude); `None`: every shard's exact value. See the module docs,
    /// "Windows".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<(i32, i32)>,
}

/// The largest end of a root window in magnitude (more boxes than any
/// board the solver takes).
pub const MAX_WINDOW: u32 = 65;

impl Default for DotsSolveOptions {
    /// The defaults of `dots solve`: 256 MiB, no limits.
    fn default() -> DotsSolveOptions {
        DotsSolveOptions {
            tt_mb: 256,
            time_limit_ms: None,
            node_limit: None,
            window: None,
        }
    }
}

impl DotsSolveOptions {
    /// Whether a search with these options gets no further than one that
    /// ran with `ran` and was stopped by a limit: the same table, limits
    /// no larger (`None` is no limit).
    pub fn no_further_than(&self, ran: &DotsSolveOptions) -> bool {
        self.tt_mb == ran.tt_mb && self.limits().within(ran.limits())
    }

    /// The time and node limits.
    pub fn limits(&self) -> Limits {
        shard_limits(self.time_limit_ms, self.node_limit)
    }

    /// Checks every option against its range: the table size against
    /// [`TABLE_MIB`], the time limit against [`MAX_SECONDS`](cgt::search::bounds::MAX_SECONDS) (from 1 ms),
    /// the node limit from 1, the window's ends in magnitude up to
    /// [`MAX_WINDOW`], low end below high end.
    ///
    /// # Errors
    /// The first option out of range.
    pub fn check(&self) -> Result<(), SolveOptionError> {
        check_option("tt_mb", Some(self.tt_mb), TABLE_MIB)?;
        if let Some((alpha, beta)) = self.window {
            let magnitude = |end: i32| Some(u64::from(end.unsigned_abs()));
            let range = 0..=u64::from(MAX_WINDOW);
            check_option(
                "window's low end, in magnitude",
                magnitude(alpha),
                range.clone(),
            )?;
            check_option("window's high end, in magnitude", magnitude(beta), range)?;
            let width = u64::try_from(i64::from(beta) - i64::from(alpha)).unwrap_or(0);
            check_option("window's width", Some(width), 1..=2 * u64::from(MAX_WINDOW))?;
        }
        check_limits(self.time_limit_ms, self.node_limit)
    }
}

/// The window of the position after a move that completes `gain` boxes,
/// from the window `(alpha, beta)` of the position before it, for the
/// player to move there: the same player, `gain` boxes richer, after a
/// capture; the opponent, who sees the window negated, after any other
/// move.
pub fn child_window(gain: u32, (alpha, beta): (i32, i32)) -> (i32, i32) {
    let gain = i32::try_from(gain).unwrap_or(i32::MAX);
    if gain > 0 {
        (alpha - gain, beta - gain)
    } else {
        (-beta, -alpha)
    }
}

/// Whether bounds `(lower, upper)` on a value decide `window`: they meet,
/// or (with a window) the value is at least its high end or at most its
/// low end.
pub fn decides((lower, upper): (i32, i32), window: Option<(i32, i32)>) -> bool {
    lower == upper || window.is_some_and(|(alpha, beta)| lower >= beta || upper <= alpha)
}

/// One legal move of a gathered position and what its shard found, for
/// the player who makes the move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DotsMoveResult {
    /// The move (an edge number).
    pub edge: usize,
    /// The shard that answers for it.
    pub shard: String,
    /// Whether that shard is an earlier move's whose position is a
    /// symmetric image of this move's.
    pub twin: bool,
    /// Boxes the move completes (the mover then moves again).
    pub gain: u32,
    /// The shard's status.
    pub status: SolveStatus,
    /// The move's value for its mover, when settled.
    pub value: Option<i32>,
    /// The move's value is at least this ...
    pub lower: i32,
    /// ... and at most this.
    pub upper: i32,
}

/// The result file of a Dots solve plan's shard (`ID.result.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DotsResultFile {
    /// Always [`RESULT_FORMAT`].
    pub format: String,
    /// [`RESULT_VERSION`].
    pub version: u32,
    /// The shard's id.
    pub shard: String,
    /// The position after the line.
    pub position: String,
    /// The moves (edges) from the plan's root.
    pub line: Vec<usize>,
    /// Boxes the last move of the line completed (null for the root).
    pub gain: Option<u32>,
    /// Solve or gather.
    pub step: SolveStep,
    /// Proved (the value is known) or unknown.
    pub status: SolveStatus,
    /// The position's value for the player to move there, when proved.
    pub value: Option<i32>,
    /// The value is at least this ...
    pub lower: i32,
    /// ... and at most this (both the value when proved).
    pub upper: i32,
    /// A gather: the moves known to achieve the value, when proved.
    pub best_moves: Vec<usize>,
    /// `time`, `node` or `interrupt` when a limit ended a solve.
    pub limit: Option<String>,
    /// The window the shard decided (a plan with a window), both ends
    /// excluded (JSON `[alpha, beta]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<(i32, i32)>,
    /// A needless shard: the shard whose result decided a line above it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided_by: Option<String>,
    /// Solver nodes (a gather: the sum over its moves' shards).
    pub nodes: u64,
    /// Seconds of search (a gather: the sum over its moves' shards).
    pub seconds: f64,
    /// The options the shard ran with.
    pub options: DotsSolveOptions,
    /// A gather: every legal move, in increasing edge order.
    pub moves: Vec<DotsMoveResult>,
}

impl DotsResultFile {
    /// The bounds on the value of the line's last move for the player who
    /// made it ([`move_bounds`]), `None` for the root.
    pub fn move_bounds(&self) -> Option<(i32, i32)> {
        self.gain
            .map(|gain| move_bounds(gain, (self.lower, self.upper)))
    }
}

/// The bounds on a move's value for the player who makes it, from the
/// bounds on its position's value for the player to move there: `gain +
/// value` when the move completes `gain > 0` boxes (the mover moves
/// again), else `-value`.
pub fn move_bounds(gain: u32, (lower, upper): (i32, i32)) -> (i32, i32) {
    let gain = i32::try_from(gain).unwrap_or(i32::MAX);
    if gain > 0 {
        (gain + lower, gain + upper)
    } else {
        (-upper, -lower)
    }
}

/// Why a Dots solve shard cannot be run or gathered.
#[derive(Debug, thiserror::Error)]
pub enum DotsSolveError {
    /// The plan's root is not a position.
    #[error("position {text:?}: {source}")]
    Position {
        /// The text.
        text: String,
        /// The cause.
        source: PositionError,
    },
    /// A move of the line is not legal where it is played.
    #[error("line move {edge} (move {index} of the line): {source}")]
    Move {
        /// The edge.
        edge: usize,
        /// Its place in the line, from 1.
        index: usize,
        /// The cause.
        source: PositionError,
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
    /// The solver's table cannot be allocated.
    #[error("solver: {0}")]
    Table(#[from] dots::TableAllocError),
    /// A file cannot be written.
    #[error(transparent)]
    Write(crate::format::DbError),
    /// A gather at a position without moves.
    #[error("a gather needs a position with moves")]
    NoMoves,
    /// A gather's move has no shard in the plan.
    #[error("move {edge} has no shard {shard:?} in the plan")]
    MissingShard {
        /// The move.
        edge: usize,
        /// The shard id expected.
        shard: String,
    },
    /// A child's result is missing or does not read back valid.
    #[error("shard {shard:?} has no valid result")]
    ChildNotDone {
        /// The child's id.
        shard: String,
    },
}

/// The id of the shard of `line`.
pub fn line_id(line: &[usize]) -> String {
    let mut id = ROOT_ID.to_owned();
    for e in line {
        id.push('.');
        id.push_str(&e.to_string());
    }
    id
}

/// The result file of shard `id` in `dir`.
pub fn result_path(dir: &Path, id: &str) -> std::path::PathBuf {
    super::solve::result_path(dir, id)
}

/// The position after `line` from `root` and the boxes the line's last
/// move completed (`None` for an empty line).
///
/// # Errors
/// [`DotsSolveError::Position`] or [`DotsSolveError::Move`].
pub fn position_after(
    root: &str,
    line: &[usize],
) -> Result<(Position, Option<u32>), DotsSolveError> {
    replay(root, line).map(|(pos, gains)| (pos, gains.last().copied()))
}

/// The position after `line` from `root` and the boxes each move of the
/// line completed.
///
/// # Errors
/// [`DotsSolveError::Position`] or [`DotsSolveError::Move`].
pub fn replay(root: &str, line: &[usize]) -> Result<(Position, Vec<u32>), DotsSolveError> {
    let mut pos = Position::read(root).map_err(|source| DotsSolveError::Position {
        text: root.to_owned(),
        source,
    })?;
    let mut gains = Vec::with_capacity(line.len());
    for (i, &edge) in line.iter().enumerate() {
        let (next, completed) = pos.play(edge).map_err(|source| DotsSolveError::Move {
            edge,
            index: i + 1,
            source,
        })?;
        pos = next;
        gains.push(completed as u32);
    }
    Ok((pos, gains))
}

/// The windows of the positions along a line from a root with window
/// `root` ([`child_window`]), whose moves completed `gains` boxes: the
/// root's first, the line's position's last.
pub fn line_windows(root: (i32, i32), gains: &[u32]) -> Vec<(i32, i32)> {
    let mut windows = Vec::with_capacity(gains.len() + 1);
    windows.push(root);
    for &g in gains {
        let last = windows[windows.len() - 1];
        windows.push(child_window(g, last));
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_are_typed_errors() {
        assert!(matches!(
            position_after("3y3", &[]),
            Err(DotsSolveError::Position { .. })
        ));
        assert!(matches!(
            position_after("1x1", &[0, 0]),
            Err(DotsSolveError::Move { index: 2, .. })
        ));
        assert!(matches!(
            position_after("1x1", &[4]),
            Err(DotsSolveError::Move { index: 1, .. })
        ));
        let (pos, gain) = position_after("1x1", &[0, 1, 2, 3]).unwrap();
        assert!(pos.is_over());
        assert_eq!(gain, Some(1));
    }

    #[test]
    fn windows_pass_down_as_alpha_beta_passes_them() {
        // Is the root worth 0? A plain move's position must then be worth
        // 0 to the opponent: window (-1, 1) again; a capture of two boxes
        // leaves the same player needing -2.
        let root = (-1, 1);
        assert_eq!(child_window(0, (-3, 1)), (-1, 3));
        assert_eq!(child_window(2, root), (-3, -1));
        assert_eq!(
            line_windows(root, &[0, 2, 0]),
            [(-1, 1), (-1, 1), (-3, -1), (1, 3)]
        );
        assert!(decides((2, 2), None));
        assert!(!decides((0, 2), None));
        assert!(decides((1, 5), Some((-1, 1))));
        assert!(decides((-5, -1), Some((-1, 1))));
        assert!(!decides((-1, 1), Some((-1, 1))));
        let with = |window| DotsSolveOptions {
            window: Some(window),
            ..DotsSolveOptions::default()
        };
        assert!(with((-65, 65)).check().is_ok());
        assert!(with((0, 1)).check().is_ok());
        assert!(with((65, 66)).check().is_err());
        assert!(with((1, 1)).check().is_err());
        assert!(with((2, 1)).check().is_err());
    }

    #[test]
    fn a_move_that_completes_boxes_keeps_the_turn() {
        assert_eq!(move_bounds(0, (-3, 1)), (-1, 3));
        assert_eq!(move_bounds(2, (-3, 1)), (-1, 3));
        assert_eq!(move_bounds(1, (4, 4)), (5, 5));
    }

    #[test]
    fn an_unknown_result_settles_a_shard_with_no_larger_limits() {
        let ran = DotsSolveOptions {
            time_limit_ms: Some(1000),
            ..DotsSolveOptions::default()
        };
        let with = |time, nodes, tt_mb| DotsSolveOptions {
            time_limit_ms: time,
            node_limit: nodes,
            tt_mb,
            window: None,
        };
        assert!(with(Some(1000), None, 256).no_further_than(&ran));
        assert!(with(Some(500), Some(10), 256).no_further_than(&ran));
        assert!(!with(Some(2000), None, 256).no_further_than(&ran));
        assert!(!with(None, None, 256).no_further_than(&ran));
        assert!(!with(Some(500), None, 512).no_further_than(&ran));
        assert!(with(None, None, 0).check().is_err());
        assert!(with(Some(0), None, 1).check().is_err());
        assert!(with(None, Some(0), 1).check().is_err());
        assert!(with(Some(1), Some(1), 1).check().is_ok());
    }
}
