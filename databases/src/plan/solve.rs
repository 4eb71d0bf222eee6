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
//! [`SolveResultFile`]) and, when proved, `ID.proof`. Both are written to a
//! temporary file and renamed into place, the proof first; the result names
//! the proof's length and checksum, so a shard is done only when its result
//! reads back valid, for its position, line and options, with its proof.
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

use std::collections::HashMap;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use amazons::{Evaluator, Move, Position, Size, SolverPosition, Symmetry};
use cgt::budget::Watch;
use cgt::search::bounds::{MAX_SECONDS, TABLE_MIB, THREADS};
use cgt::search::proof::{COMPACT_PROOF_VERSION, PROOF_MAGIC, PROOF_VERSION};
use cgt::search::{
    Budget, ConfigError, DfpnConfig, DfpnSolver, ExtractError, Limits, ParseProofError, ProofNode,
    ProofTree, SolverGame, Verdict, WinLoss,
};
use serde::{Deserialize, Serialize};

use super::{Plan, Shard, ShardKind, PLAN_FORMAT, PLAN_VERSION};
use crate::checksum::Fnv1a64;

/// The `format` field of a result file.
pub const RESULT_FORMAT: &str = "cgtk-solve-result";
/// The result file version this build reads and writes.
pub const RESULT_VERSION: u32 = 1;

/// The id of the root's shard; a line's shard adds `.MOVE` per move.
pub const ROOT_ID: &str = "solve";

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
    /// ran with `ran` and was stopped by a limit: the same options, with
    /// limits no larger. (A smaller `--time-limit` than an unknown shard
    /// had does not retry it.)
    pub fn no_further_than(&self, ran: &SolveOptions) -> bool {
        // `None` is no limit.
        let within = |limit: Option<u64>, ran: Option<u64>| match (limit, ran) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(l), Some(r)) => l <= r,
        };
        let unlimited = |o: &SolveOptions| SolveOptions {
            time_limit_ms: None,
            node_limit: None,
            ..o.clone()
        };
        unlimited(self) == unlimited(ran)
            && within(self.time_limit_ms, ran.time_limit_ms)
            && within(self.node_limit, ran.node_limit)
    }

    /// Checks every option against its range: the table size and the
    /// threads against [`TABLE_MIB`] and [`THREADS`], the time limit
    /// against [`MAX_SECONDS`] (from 1 ms), the node limit from 1 and the
    /// proof effort against [`amazons::MAX_PROOF_EFFORT`] (from 1).
    ///
    /// # Errors
    /// The first option out of range.
    pub fn check(&self) -> Result<(), SolveOptionError> {
        let check = |option, value: Option<u64>, range: RangeInclusive<u64>| match value {
            Some(value) if !range.contains(&value) => Err(SolveOptionError {
                option,
                value,
                range,
            }),
            _ => Ok(()),
        };
        // The longest time limit in whole milliseconds.
        let max_ms = (MAX_SECONDS * 1000.0) as u64;
        check("tt_mb", Some(self.tt_mb), TABLE_MIB)?;
        check("threads", Some(self.threads.into()), THREADS)?;
        check("time_limit_ms", self.time_limit_ms, 1..=max_ms)?;
        check("node_limit", self.node_limit, 1..=u64::MAX)?;
        check(
            "proof_effort",
            self.proof_effort,
            1..=amazons::MAX_PROOF_EFFORT,
        )
    }
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
    /// The solver's move order: the moves likeliest to win for the player
    /// making them first. These are usually the longest shards, so a run
    /// to the end on several workers finishes soonest.
    Solver,
    /// The reverse: the moves likeliest to lose first, usually the quickest
    /// shards. A campaign under a time limit per shard settles the most
    /// lines early this way.
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
        source: ParseProofError,
    },
}

/// The length of the file `path`, its FNV-1a 64 checksum and its first
/// `head` bytes, read in pieces (a gathered proof can be gigabytes).
fn scan_proof_file(path: &Path, head: usize) -> std::io::Result<(u64, u64, Vec<u8>)> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    let mut hash = Fnv1a64::new();
    let mut bytes = 0u64;
    let mut start = Vec::with_capacity(head);
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok((bytes, hash.finish(), start));
        }
        let more = head.saturating_sub(start.len()).min(n);
        start.extend_from_slice(&buf[..more]);
        hash.update(&buf[..n]);
        bytes += n as u64;
    }
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

/// The proof file of shard `id` in `dir`.
pub fn proof_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.proof"))
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

/// The left-right mirror image of `pos`.
fn mirror_position(pos: &Position) -> Position {
    pos.transformed(Symmetry::MIRROR_FILES)
}

/// The move text `text` mirrored left-right on a board of `size` (`None`
/// if it is not a move of that board).
fn mirror_move_text(text: &str, size: Size) -> Option<String> {
    let m: Move = text.parse().ok()?;
    if [m.from, m.to, m.arrow].iter().any(|&s| !size.contains(s)) {
        return None;
    }
    Some(m.transformed(Symmetry::MIRROR_FILES, size).to_string())
}

/// A legal move of a position and the move whose shard answers for it:
/// itself, or an earlier move leading to the mirror image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move.
    pub mv: Move,
    /// The move with the shard.
    pub rep: Move,
    /// Whether `rep`'s position is the mirror image of `mv`'s.
    pub mirrored: bool,
}

/// Every legal move of `pos` in generation order, each with the move whose
/// shard answers for it (the first move, in that order, of its class under
/// the left-right mirror).
pub fn children(pos: &Position) -> Vec<Child> {
    let game = SolverPosition::with_evaluator(pos.clone(), None);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut reps: HashMap<Position, Move> = HashMap::new();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut p = pos.clone();
        p.play_unchecked(mv);
        match reps.get(&mirror_position(&p)) {
            Some(&rep) => out.push(Child {
                mv,
                rep,
                mirrored: true,
            }),
            None => {
                reps.insert(p, mv);
                out.push(Child {
                    mv,
                    rep: mv,
                    mirrored: false,
                });
            }
        }
    }
    out
}

/// The moves of `pos` that have shards (one per mirror class), in the
/// solver's move order (the moves most likely to win first) or its
/// reverse.
fn shard_moves(pos: &Position, order: ShardOrder) -> Vec<Move> {
    let mut moves: Vec<Move> = children(pos)
        .into_iter()
        .filter(|c| !c.mirrored)
        .map(|c| c.mv)
        .collect();
    SolverPosition::new(pos.clone()).order_moves(&mut moves);
    if order == ShardOrder::Reversed {
        moves.reverse();
    }
    moves
}

/// Whether a plan splits at `pos`: it has moves and the static evaluation
/// does not decide it.
fn splits(pos: &Position) -> bool {
    let game = SolverPosition::new(pos.clone());
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    !moves.is_empty() && game.evaluate().is_none()
}

/// The plan solving `root` in `dir`: a solve shard per first move (up to
/// the mirror image, in `order`) and a gather shard for the root; with
/// [`SolveSplit::Replies`], a first move whose position the evaluation
/// does not decide gets a solve shard per reply (in `order`) and a gather
/// shard. A root without moves, or decided by the evaluation, is one solve
/// shard. Costs: 1 per solve shard, 0 per gather.
///
/// With `only` not empty, only those first moves (legal moves of `root`; a
/// mirror image stands for its twin) get shards: the root's gather can then
/// prove a win through one of them, never a loss. This is how a solve with
/// a known first move is run, as Song & Müller (2015, §V-B) fixed White's
/// first move on 5x6.
pub fn amazons_solve_plan(
    root: &Position,
    split: SolveSplit,
    order: ShardOrder,
    only: &[Move],
    options: &SolveOptions,
    dir: &Path,
) -> Plan {
    let text = root.to_string();
    let kids = children(root);
    let wanted: Vec<Move> = kids
        .iter()
        .filter(|c| only.contains(&c.mv))
        .map(|c| c.rep)
        .collect();
    let shard = |line: &[Move], step: SolveStep, deps: Vec<String>| {
        let line: Vec<String> = line.iter().map(Move::to_string).collect();
        Shard {
            id: line_id(&line),
            kind: ShardKind::AmazonsSolve {
                position: text.clone(),
                line,
                step,
                options: options.clone(),
            },
            deps,
            cost: u64::from(step == SolveStep::Solve),
        }
    };
    let mut shards = Vec::new();
    if splits(root) {
        let mut root_deps = Vec::new();
        for first in shard_moves(root, order)
            .into_iter()
            .filter(|m| only.is_empty() || wanted.contains(m))
        {
            let mut p = root.clone();
            p.play_unchecked(first);
            let line = [first];
            if split == SolveSplit::Replies && splits(&p) {
                let mut deps = Vec::new();
                for reply in shard_moves(&p, order) {
                    let s = shard(&[first, reply], SolveStep::Solve, Vec::new());
                    deps.push(s.id.clone());
                    shards.push(s);
                }
                shards.push(shard(&line, SolveStep::Gather, deps));
            } else {
                shards.push(shard(&line, SolveStep::Solve, Vec::new()));
            }
            root_deps.push(line_id(&[first.to_string()]));
        }
        shards.push(shard(&[], SolveStep::Gather, root_deps));
    } else {
        shards.push(shard(&[], SolveStep::Solve, Vec::new()));
    }
    Plan {
        format: PLAN_FORMAT.to_owned(),
        version: PLAN_VERSION,
        name: format!("amazons solve {text}"),
        dir: dir.to_owned(),
        shards,
    }
}

/// One line on the root of a solve plan, from its result file: the winner
/// and the proof file, or how many of the root's moves are settled; `None`
/// if the plan is not a solve plan or the root has no valid result.
pub fn summary(plan: &Plan) -> Option<String> {
    let shard = plan.shards.iter().find(|s| s.id == ROOT_ID)?;
    let r = SolveShard::of(shard)?.read_result(&plan.dir)?;
    Some(match &r.winner {
        Some(w) => format!(
            "winner: {w} ({} to move), proof {}",
            r.to_move,
            proof_path(&plan.dir, ROOT_ID).display()
        ),
        None if r.moves.is_empty() => format!(
            "winner: unknown ({} limit reached)",
            r.limit.as_deref().unwrap_or("a")
        ),
        None => format!(
            "winner: unknown ({} of {} moves settled; see {})",
            r.moves
                .iter()
                .filter(|m| m.status == SolveStatus::Proved)
                .count(),
            r.moves.len(),
            result_path(&plan.dir, ROOT_ID).display()
        ),
    })
}

/// The parts of an [`ShardKind::AmazonsSolve`] shard.
pub(crate) struct SolveShard<'a> {
    pub id: &'a str,
    pub root: &'a str,
    pub line: &'a [String],
    pub step: SolveStep,
    pub options: &'a SolveOptions,
}

impl<'a> SolveShard<'a> {
    /// The parts of `shard`, if it is a solve shard.
    pub fn of(shard: &'a Shard) -> Option<SolveShard<'a>> {
        match &shard.kind {
            ShardKind::AmazonsSolve {
                position,
                line,
                step,
                options,
            } => Some(SolveShard {
                id: &shard.id,
                root: position,
                line,
                step: *step,
                options,
            }),
            _ => None,
        }
    }

    /// Checks the shard: options in range, a legal line, the id of the
    /// line; a gather's moves all answered by its dependencies.
    pub fn check(&self, deps: &[String]) -> Result<(), SolveError> {
        self.options.check()?;
        let pos = position_after(self.root, self.line)?;
        if self.id != line_id(self.line) {
            return Err(SolveError::Id {
                expected: line_id(self.line),
            });
        }
        if self.step == SolveStep::Gather
            && !children(&pos)
                .iter()
                .any(|c| deps.contains(&self.child_id(c.rep)))
        {
            return Err(SolveError::NoMoveShard);
        }
        Ok(())
    }

    fn child_id(&self, mv: Move) -> String {
        let mut line = self.line.to_vec();
        line.push(mv.to_string());
        line_id(&line)
    }

    /// The result in `dir` if it reads back valid for this shard (its proof
    /// too, when proved), whatever the options it ran with.
    pub fn read_result(&self, dir: &Path) -> Option<SolveResultFile> {
        let text = std::fs::read_to_string(result_path(dir, self.id)).ok()?;
        let r: SolveResultFile = serde_json::from_str(&text).ok()?;
        let pos = position_after(self.root, self.line).ok()?;
        let sound = r.format == RESULT_FORMAT
            && r.version == RESULT_VERSION
            && r.shard == self.id
            && r.position == pos.to_string()
            && r.line == self.line
            && r.step == self.step
            && (r.status == SolveStatus::Proved) == r.outcome.is_some();
        if !sound {
            return None;
        }
        if let Some(outcome) = r.outcome {
            let winner = match outcome {
                Outcome::Win => pos.to_move(),
                Outcome::Loss => pos.to_move().opposite(),
            };
            // The proof's header names the position and the outcome: a
            // result whose fields were changed does not match it.
            let word = match outcome {
                Outcome::Win => "win",
                Outcome::Loss => "loss",
            };
            let header = |version| format!("{PROOF_MAGIC} {version}\nroot {pos}\noutcome {word}\n");
            let (v1, v2) = (header(PROOF_VERSION), header(COMPACT_PROOF_VERSION));
            let (bytes, checksum, head) =
                scan_proof_file(&proof_path(dir, self.id), v1.len()).ok()?;
            let ok = r.proof_bytes == Some(bytes)
                && r.proof_checksum.as_deref() == Some(&format!("{checksum:016x}"))
                && (head == v1.as_bytes() || head == v2.as_bytes())
                && r.winner.as_deref() == Some(&winner.to_string())
                && r.to_move == pos.to_move().to_string();
            if !ok {
                return None;
            }
        }
        Some(r)
    }

    /// Whether the shard is done: proved, or (a solve) unknown under
    /// options [`SolveOptions::no_further_than`] those it ran with.
    pub fn is_done(&self, dir: &Path) -> bool {
        self.read_result(dir).is_some_and(|r| {
            r.status == SolveStatus::Proved
                || (self.step == SolveStep::Solve && self.options.no_further_than(&r.options))
        })
    }

    /// Runs the shard, writing its files into `dir`.
    pub fn run(&self, dir: &Path, plan: &Plan) -> Result<SolveResultFile, SolveError> {
        match self.step {
            SolveStep::Solve => self.solve(dir),
            SolveStep::Gather => self.gather(dir, plan),
        }
    }

    fn empty_result(&self, pos: &Position) -> SolveResultFile {
        SolveResultFile {
            format: RESULT_FORMAT.to_owned(),
            version: RESULT_VERSION,
            shard: self.id.to_owned(),
            position: pos.to_string(),
            line: self.line.to_vec(),
            step: self.step,
            status: SolveStatus::Unknown,
            outcome: None,
            winner: None,
            to_move: pos.to_move().to_string(),
            best_move: None,
            limit: None,
            nodes: 0,
            seconds: 0.0,
            options: self.options.clone(),
            proof_bytes: None,
            proof_checksum: None,
            moves: Vec::new(),
        }
    }

    /// Writes the result, after its proof if any (already written by
    /// [`write_proof_file`]: its outcome, length and checksum).
    fn write(
        &self,
        dir: &Path,
        pos: &Position,
        mut result: SolveResultFile,
        proof: Option<(WinLoss, ProofFile)>,
    ) -> Result<SolveResultFile, SolveError> {
        match proof {
            Some((outcome, file)) => {
                let outcome = Outcome::from(outcome);
                result.status = SolveStatus::Proved;
                result.outcome = Some(outcome);
                let winner = match outcome {
                    Outcome::Win => pos.to_move(),
                    Outcome::Loss => pos.to_move().opposite(),
                };
                result.winner = Some(winner.to_string());
                result.proof_bytes = Some(file.bytes);
                result.proof_checksum = Some(format!("{:016x}", file.checksum));
            }
            None => {
                let _ = std::fs::remove_file(proof_path(dir, self.id));
            }
        }
        let json = serde_json::to_string_pretty(&result).expect("a result serialises") + "\n";
        crate::format::write_atomic(&result_path(dir, self.id), json.as_bytes())
            .map_err(SolveError::Write)?;
        Ok(result)
    }

    /// Df-pn on the position, with the evaluation of `amazons solve`.
    fn solve(&self, dir: &Path) -> Result<SolveResultFile, SolveError> {
        self.options.check()?;
        let pos = position_after(self.root, self.line)?;
        let o = self.options;
        let mut game = SolverPosition::with_evaluator(pos.clone(), Some(Evaluator::default()))
            .with_mobility_numbers(o.mobility_pn);
        if let Some(db) = &o.db {
            let dbs = crate::Databases::open_dir(db).map_err(|source| SolveError::Db {
                dir: db.clone(),
                source,
            })?;
            game = game.with_oracle(Arc::new(dbs));
        }
        let budget = Budget {
            tt_mb: usize::try_from(o.tt_mb).unwrap_or(usize::MAX),
            limits: Limits {
                nodes: o.node_limit,
                time: o.time_limit_ms.map(Duration::from_millis),
            },
            ..Budget::default()
        };
        let mut solver = DfpnSolver::new(DfpnConfig {
            budget,
            threads: o.threads as usize,
            weak_pn_from: o.weak_pn_from.map(|d| d as usize),
            ..DfpnConfig::default()
        })?;
        let start = Instant::now();
        let r = solver.solve(&game);
        let mut result = self.empty_result(&pos);
        result.nodes = r.nodes;
        result.best_move = r.best_move.map(|m| m.to_string());
        // The time limit covers the proof too: its extraction stops at the
        // shard's deadline, and the shard is unknown.
        let left = o
            .time_limit_ms
            .map(|ms| Duration::from_millis(ms).saturating_sub(start.elapsed()));
        let watch = Watch::new(left, None);
        let proof = match r.verdict {
            Verdict::Proven(_) => match amazons::extract_checkable_proof(
                &mut solver,
                &game,
                o.proof_cut.unwrap_or(amazons::DEFAULT_PROOF_CUT),
                o.proof_effort.unwrap_or(amazons::DEFAULT_PROOF_EFFORT),
                &watch,
                &(),
            ) {
                Ok(p) => Some(p),
                Err(ExtractError::Limit(l)) => {
                    result.limit = Some(l.name().to_owned());
                    None
                }
                Err(e) => return Err(e.into()),
            },
            Verdict::Unknown(l) => {
                result.limit = Some(l.name().to_owned());
                None
            }
        };
        if proof.as_ref().is_none_or(|p| p.outcome == WinLoss::Loss) {
            result.best_move = None;
        }
        result.seconds = start.elapsed().as_secs_f64();
        let written = match proof {
            Some(p) => {
                let file =
                    write_proof_file(&proof_path(dir, self.id), |out| p.write_compact_to(out))?;
                Some((p.outcome, file))
            }
            None => None,
        };
        self.write(dir, &pos, result, written)
    }

    /// Combines the results of the position's moves that have a shard among
    /// its dependencies: a win if one leads to a position proved lost (the
    /// first in generation order), a loss if every legal move has a shard and
    /// leads to a position proved won, else unknown.
    fn gather(&self, dir: &Path, plan: &Plan) -> Result<SolveResultFile, SolveError> {
        let pos = position_after(self.root, self.line)?;
        let mut result = self.empty_result(&pos);
        let kids = children(&pos);
        let deps = plan
            .shards
            .iter()
            .find(|s| s.id == self.id)
            .map_or(&[][..], |s| &s.deps[..]);
        let mut read = Vec::with_capacity(kids.len());
        for c in &kids {
            let id = self.child_id(c.rep);
            if !deps.contains(&id) {
                continue;
            }
            let shard = plan
                .shards
                .iter()
                .find(|s| s.id == id)
                .and_then(SolveShard::of)
                .ok_or_else(|| SolveError::MissingShard {
                    mv: c.mv.to_string(),
                    shard: id.clone(),
                })?;
            let r = shard
                .read_result(dir)
                .ok_or_else(|| SolveError::ChildNotDone { shard: id.clone() })?;
            result.moves.push(MoveResult {
                mv: c.mv.to_string(),
                shard: id.clone(),
                mirrored: c.mirrored,
                status: r.status,
                outcome: r.outcome,
            });
            if !c.mirrored {
                result.nodes += r.nodes;
                result.seconds += r.seconds;
            }
            read.push((c, id, r.outcome));
        }
        let winning = read.iter().find(|(_, _, o)| *o == Some(Outcome::Loss));
        let joined: Vec<&(&Child, String, Option<Outcome>)> = if let Some(w) = winning {
            result.best_move = Some(w.0.mv.to_string());
            vec![w]
        } else if read.len() == kids.len() && read.iter().all(|(_, _, o)| *o == Some(Outcome::Win))
        {
            read.iter().collect()
        } else {
            Vec::new()
        };
        let written = if joined.is_empty() {
            None
        } else {
            let outcome = if winning.is_some() {
                WinLoss::Win
            } else {
                WinLoss::Loss
            };
            let moves: Vec<JoinedMove> = joined
                .iter()
                .map(|(c, id, _)| JoinedMove {
                    mv: c.mv.to_string(),
                    shard: id.clone(),
                    mirrored: c.mirrored,
                })
                .collect();
            let file = write_proof_file(&proof_path(dir, self.id), |out| {
                write_joined(out, dir, &pos, outcome, &moves)
            })?;
            Some((outcome, file))
        };
        self.write(dir, &pos, result, written)
    }
}

/// The length and FNV-1a 64 checksum of a proof file written.
struct ProofFile {
    bytes: u64,
    checksum: u64,
}

/// A writer that counts the bytes through it and their checksum.
struct Counting<W> {
    inner: W,
    hash: Fnv1a64,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Why a proof file could not be written: the file's own I/O, or (from
/// `fill`) a shard's proof that could not be read.
enum FillError {
    Io(std::io::Error),
    Solve(SolveError),
}

impl From<std::io::Error> for FillError {
    fn from(e: std::io::Error) -> FillError {
        FillError::Io(e)
    }
}

/// Writes the proof file `path` with `fill`, streamed through a temporary
/// file that reaches the disk before it is renamed into place
/// ([`crate::format::write_renamed_with`]); its length and checksum.
fn write_proof_file<E: Into<FillError>>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<ProofFile, SolveError> {
    crate::format::write_renamed_with(path, true, |file| {
        let mut out = Counting {
            inner: file,
            hash: Fnv1a64::new(),
            bytes: 0,
        };
        fill(&mut out).map_err(Into::into)?;
        Ok::<_, FillError>(ProofFile {
            bytes: out.bytes,
            checksum: out.hash.finish(),
        })
    })
    .map_err(|e| match e {
        FillError::Io(source) => SolveError::Write(crate::format::DbError::Io {
            path: path.to_owned(),
            source,
        }),
        FillError::Solve(e) => e,
    })
}

/// A move of a gather's proof and the shard whose proof answers it.
struct JoinedMove {
    mv: String,
    shard: String,
    mirrored: bool,
}

/// Writes the proof of `outcome` at `pos` in the compact format (version 2):
/// a root node over `moves` (the one winning move, or every legal move in
/// the order of their notation) with each move's proof after it, its
/// references renumbered. A move's proof in the compact format is copied
/// line by line (a shard's proof can be larger than memory); one in
/// version 1, or the mirror image of its shard's, is read whole, mirrored,
/// and written out compact.
fn write_joined(
    out: &mut dyn Write,
    dir: &Path,
    pos: &Position,
    outcome: WinLoss,
    moves: &[JoinedMove],
) -> Result<(), FillError> {
    let mut moves: Vec<&JoinedMove> = moves.iter().collect();
    moves.sort_by(|a, b| a.mv.cmp(&b.mv));
    // The node counts first, for the header and the references.
    let mut bodies = Vec::with_capacity(moves.len());
    let mut total = 1;
    for m in &moves {
        let body = JoinedBody::open(dir, m, pos.size())?;
        let offset = total;
        total += body.nodes();
        bodies.push((m, body, offset));
    }
    writeln!(out, "{PROOF_MAGIC} {COMPACT_PROOF_VERSION}")?;
    writeln!(out, "root {pos}")?;
    writeln!(out, "outcome {outcome}")?;
    writeln!(out, "nodes {total}")?;
    match outcome {
        WinLoss::Win => writeln!(out, "o {}", moves[0].mv)?,
        WinLoss::Loss => writeln!(out, "a {}", moves.len())?,
    }
    for (m, body, offset) in bodies {
        body.write(out, dir, m, offset)?;
    }
    writeln!(out, "end")?;
    Ok(())
}

/// A move's proof as it goes into a gathered one.
enum JoinedBody {
    /// A compact proof file copied line by line: its node count.
    Copied(usize),
    /// A proof read whole (version 1, or mirrored).
    Read(ProofTree),
}

impl JoinedBody {
    fn open(dir: &Path, m: &JoinedMove, size: Size) -> Result<JoinedBody, FillError> {
        let path = proof_path(dir, &m.shard);
        let not_done = || {
            FillError::Solve(SolveError::ChildNotDone {
                shard: m.shard.clone(),
            })
        };
        let (version, nodes) = proof_header(&path).ok_or_else(not_done)?;
        if version == COMPACT_PROOF_VERSION && !m.mirrored {
            return Ok(JoinedBody::Copied(nodes));
        }
        let file = std::fs::File::open(&path).map_err(|_| not_done())?;
        let mut proof = ProofTree::read_for(
            std::io::BufReader::new(file),
            SolverPosition::from_proof_root,
        )
        .map_err(|source| {
            FillError::Solve(SolveError::ChildProof {
                shard: m.shard.clone(),
                source,
            })
        })?;
        if m.mirrored {
            for node in &mut proof.nodes {
                mirror_node(node, size);
            }
        }
        Ok(JoinedBody::Read(proof))
    }

    /// The nodes it defines.
    fn nodes(&self) -> usize {
        match self {
            JoinedBody::Copied(n) => *n,
            JoinedBody::Read(proof) => proof.compact_len(),
        }
    }

    /// Writes its body lines, references raised by `offset`.
    fn write(
        &self,
        out: &mut dyn Write,
        dir: &Path,
        m: &JoinedMove,
        offset: usize,
    ) -> Result<(), FillError> {
        let nodes = match self {
            JoinedBody::Read(proof) => return Ok(proof.write_compact_nodes_to(out, offset)?),
            JoinedBody::Copied(nodes) => *nodes,
        };
        use std::io::BufRead;
        let bad = || {
            FillError::Solve(SolveError::ChildNotDone {
                shard: m.shard.clone(),
            })
        };
        let file = std::fs::File::open(proof_path(dir, &m.shard)).map_err(|_| bad())?;
        let mut lines = std::io::BufReader::new(file)
            .lines()
            .map_while(Result::ok)
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .skip(4);
        let mut defined = 0;
        for line in &mut lines {
            let line = line.trim_end_matches('\r');
            if line == "end" {
                break;
            }
            match line.strip_prefix('@') {
                Some(k) => {
                    let k: usize = k.parse().map_err(|_| bad())?;
                    writeln!(out, "@{}", k + offset)?;
                }
                None => {
                    defined += 1;
                    writeln!(out, "{line}")?;
                }
            }
        }
        if defined != nodes {
            return Err(bad());
        }
        Ok(())
    }
}

/// The format version and node count of a proof file's header.
fn proof_header(path: &Path) -> Option<(u32, usize)> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).ok()?;
    let head: Vec<String> = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(4)
        .collect();
    let version = head
        .first()?
        .trim_end()
        .strip_prefix("cgtk-proof ")?
        .parse()
        .ok()?;
    let nodes = head
        .get(3)?
        .trim_end()
        .strip_prefix("nodes ")?
        .parse()
        .ok()?;
    Some((version, nodes))
}

/// Why the proof of a solve plan's root does not hold.
#[derive(Debug, thiserror::Error)]
pub enum PlanProofError<E: std::error::Error + 'static> {
    /// The plan has no solve root.
    #[error("not an Amazons solve plan (no shard {ROOT_ID:?})")]
    NotASolvePlan,
    /// A shard the root's proof needs is missing, not proved, or does not
    /// read back valid.
    #[error("shard {shard:?} has no valid proved result")]
    NotProved {
        /// The shard.
        shard: String,
    },
    /// A shard's position or line is bad.
    #[error("shard {shard:?}: {source}")]
    Shard {
        /// The shard.
        shard: String,
        /// What is wrong.
        source: SolveError,
    },
    /// A shard's proof file does not check.
    #[error("shard {shard:?}: {source}")]
    Proof {
        /// The shard.
        shard: String,
        /// What the proof checker found.
        #[source]
        source: E,
    },
    /// What a shard's result records is not what its proof, or its moves'
    /// proofs, establish.
    #[error("shard {shard:?}: its result says {claimed:?}, its proofs give {proved:?}")]
    Mismatch {
        /// The shard.
        shard: String,
        /// The outcome its result file records.
        claimed: Option<Outcome>,
        /// The outcome established, if any.
        proved: Option<Outcome>,
    },
}

/// Checks the outcome of a solve plan's root from its shards' proof files,
/// one file at a time, without the gathered proof (which, for a large
/// split, is too large to read at once): every solve shard the root's
/// result rests on has its proof checked by `check`, given the shard's
/// position, its moves from the root and the file (it returns the outcome
/// the file proves for that position, or its error), and
/// every gather's outcome is derived again from its moves: a win through
/// the move its result names, a loss through every legal move. A move
/// answered by the shard of its mirror image is accepted when its position
/// is that image (Amazons is symmetric under the left-right mirror).
///
/// # Errors
/// The first shard whose result or proof does not hold.
pub fn check_solve_plan<E: std::error::Error + 'static>(
    plan: &Plan,
    check: &mut dyn FnMut(&Position, usize, &Path) -> Result<WinLoss, E>,
) -> Result<WinLoss, PlanProofError<E>> {
    let root = plan
        .shards
        .iter()
        .find(|s| s.id == ROOT_ID)
        .and_then(SolveShard::of)
        .ok_or(PlanProofError::NotASolvePlan)?;
    let pos = position_after(root.root, root.line).map_err(|source| PlanProofError::Shard {
        shard: ROOT_ID.to_owned(),
        source,
    })?;
    check_shard(plan, ROOT_ID, &pos, check)
}

fn check_shard<E: std::error::Error + 'static>(
    plan: &Plan,
    id: &str,
    pos: &Position,
    check: &mut dyn FnMut(&Position, usize, &Path) -> Result<WinLoss, E>,
) -> Result<WinLoss, PlanProofError<E>> {
    let not_proved = || PlanProofError::NotProved {
        shard: id.to_owned(),
    };
    let shard = plan
        .shards
        .iter()
        .find(|s| s.id == id)
        .ok_or_else(not_proved)?;
    let solve = SolveShard::of(shard).ok_or_else(not_proved)?;
    let result = solve
        .read_result(&plan.dir)
        .filter(|r| r.status == SolveStatus::Proved)
        .ok_or_else(not_proved)?;
    let mismatch = |proved: Option<WinLoss>| PlanProofError::Mismatch {
        shard: id.to_owned(),
        claimed: result.outcome,
        proved: proved.map(Outcome::from),
    };
    let proved = match solve.step {
        SolveStep::Solve => {
            check(pos, solve.line.len(), &proof_path(&plan.dir, id)).map_err(|source| {
                PlanProofError::Proof {
                    shard: id.to_owned(),
                    source,
                }
            })?
        }
        SolveStep::Gather => {
            let kids = children(pos);
            let planned: Vec<&Child> = kids
                .iter()
                .filter(|c| shard.deps.contains(&solve.child_id(c.rep)))
                .collect();
            // A win needs the move the result names; a loss every move.
            let needed: Vec<&Child> = match result.outcome {
                Some(Outcome::Win) => planned
                    .iter()
                    .copied()
                    .filter(|c| result.best_move.as_deref() == Some(&c.mv.to_string()))
                    .collect(),
                _ if planned.len() == kids.len() => planned,
                _ => return Err(mismatch(None)),
            };
            let mut outcomes = Vec::with_capacity(needed.len());
            let mut checked: HashMap<Move, WinLoss> = HashMap::new();
            for c in needed {
                let mut child = pos.clone();
                child.play_unchecked(c.rep);
                if c.mirrored {
                    let mut twin = pos.clone();
                    twin.play_unchecked(c.mv);
                    if mirror_position(&twin) != child {
                        return Err(mismatch(None));
                    }
                }
                let o = match checked.get(&c.rep) {
                    Some(&o) => o,
                    None => {
                        let o = check_shard(plan, &solve.child_id(c.rep), &child, check)?;
                        checked.insert(c.rep, o);
                        o
                    }
                };
                outcomes.push(o);
            }
            match result.outcome {
                Some(Outcome::Win) if outcomes.contains(&WinLoss::Loss) => WinLoss::Win,
                Some(Outcome::Loss) if outcomes.iter().all(|&o| o == WinLoss::Win) => WinLoss::Loss,
                _ => return Err(mismatch(None)),
            }
        }
    };
    if result.outcome != Some(Outcome::from(proved)) {
        return Err(mismatch(Some(proved)));
    }
    Ok(proved)
}

/// Mirrors the moves of a proof's node left-right.
fn mirror_node(node: &mut ProofNode, size: Size) {
    let m = |text: &mut String| {
        if let Some(t) = mirror_move_text(text, size) {
            *text = t;
        }
    };
    match node {
        ProofNode::Or { mv, .. } => m(mv),
        ProofNode::And { replies } => replies.iter_mut().for_each(|(mv, _)| m(mv)),
        ProofNode::Leaf(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_images_share_a_shard() {
        // The 4x4 start is its own mirror image: every first move but
        // those mapped to themselves has a twin.
        let pos = Position::standard("4x4".parse().unwrap()).unwrap();
        let kids = children(&pos);
        let reps = kids.iter().filter(|c| !c.mirrored).count();
        assert!(reps < kids.len());
        for c in kids.iter().filter(|c| c.mirrored) {
            let mut a = pos.clone();
            a.play_unchecked(c.mv);
            let mut b = pos.clone();
            b.play_unchecked(c.rep);
            assert_eq!(mirror_position(&a), b);
            assert_eq!(
                mirror_move_text(&c.rep.to_string(), pos.size()),
                Some(c.mv.to_string())
            );
        }
    }

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
        let shaped = SolveOptions {
            proof_effort: Some(16),
            ..with(Some(300_000), None, 256)
        };
        assert!(!shaped.no_further_than(&ran));
    }

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
