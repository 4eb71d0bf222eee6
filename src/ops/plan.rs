//! Build plans (`databases::plan`): running one on this machine, building
//! one shard (what a cluster job runs), and where every shard stands.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use cgt::budget::StopFlag;
use cgt::ProgressSink;
use databases::plan::{self, Plan, RunOptions, RunReport, ShardState, SolveStatus};

use super::bad_input;
use super::bounds::check;
use crate::report::{BuildShardReport, PlanStatusReport, ShardStatusReport};

/// Shards a local run builds at once.
pub const WORKERS: RangeInclusive<usize> = 1..=256;

/// Cores per job of a Slurm submission.
pub const CPUS_PER_TASK: RangeInclusive<u32> = 1..=1024;

/// `path` made absolute (against the current directory), as the paths of a
/// plan are: every node of a cluster sees them alike.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// Reads a plan file; a missing, malformed or inconsistent one is bad
/// input.
pub fn read(path: &Path) -> anyhow::Result<Plan> {
    let plan = Plan::read(path).map_err(|e| bad_input("plan", e))?;
    plan::Executor::new(&plan).map_err(|e| bad_input("plan", e))?;
    Ok(plan)
}

/// `plan run`: builds the shards of `plan` on this machine (valid shard
/// files are kept), as `options` say (its workers in [`WORKERS`]).
pub fn run(
    plan: &Plan,
    options: &RunOptions,
    progress: &dyn ProgressSink,
) -> anyhow::Result<RunReport> {
    check("--workers", options.workers, &WORKERS)?;
    create_dir(plan)?;
    Ok(plan::run_local(plan, options, progress)?)
}

/// Which shard `plan build-shard` builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardChoice {
    /// The shard of this id.
    Id(String),
    /// The `task`-th shard of dependency level `level`, as a Slurm job
    /// array task.
    Task {
        /// The dependency level.
        level: usize,
        /// The index within the level.
        task: usize,
    },
}

/// `plan build-shard`: builds one shard of `plan` (nothing if its file is
/// already valid); a Dots solve shard stops early when `stop` is set.
pub fn build_shard(
    plan: &Plan,
    shard: &ShardChoice,
    stop: Option<&StopFlag>,
) -> anyhow::Result<BuildShardReport> {
    let id = match shard {
        ShardChoice::Id(id) => id.clone(),
        &ShardChoice::Task { level, task } => {
            let members = plan.level_members(level);
            let Some(&i) = members.get(task) else {
                return Err(bad_input(
                    "--task",
                    format!(
                        "{task} out of range (level {level} has {} shards)",
                        members.len()
                    ),
                ));
            };
            plan.shards[i].id.clone()
        }
    };
    plan.position(&id).map_err(|e| bad_input("shard", e))?;
    create_dir(plan)?;
    let built = plan::build_shard(plan, &id, stop)?;
    Ok(BuildShardReport { built, id })
}

/// Creates the directory of `plan`'s files.
fn create_dir(plan: &Plan) -> anyhow::Result<()> {
    std::fs::create_dir_all(&plan.dir)
        .map_err(|e| bad_input(&format!("plan directory {}", plan.dir.display()), e))
}

/// `plan status`: where every shard of `plan` stands, from its files (see
/// [`plan::status`]).
pub fn status(plan: &Plan) -> anyhow::Result<PlanStatusReport> {
    let shards: Vec<ShardStatusReport> = plan::status(plan)
        .map_err(|e| bad_input("plan", e))?
        .into_iter()
        .map(|s| {
            let (state, retried) = match s.state {
                ShardState::Done => ("done", false),
                ShardState::Needless => ("needless", false),
                ShardState::Unknown { retried } => ("unknown", retried),
                ShardState::Missing => ("missing", true),
            };
            let r = s.result;
            let gather = r.as_ref().filter(|r| !r.moves.is_empty());
            if let Some(d) = s.dots {
                return dots_status(s.id, state, retried, &d);
            }
            ShardStatusReport {
                id: s.id,
                state,
                retried,
                winner: r.as_ref().and_then(|r| r.winner.clone()),
                best_move: r.as_ref().and_then(|r| r.best_move.clone()),
                limit: r.as_ref().and_then(|r| r.limit.clone()),
                decided_by: r.as_ref().and_then(|r| r.decided_by.clone()),
                nodes: r.as_ref().map(|r| r.nodes),
                seconds: r.as_ref().map(|r| r.seconds),
                proof_bytes: r.as_ref().and_then(|r| r.proof_bytes),
                moves: gather.map(|r| r.moves.len()),
                settled_moves: gather.map(|r| {
                    r.moves
                        .iter()
                        .filter(|m| m.status == SolveStatus::Proved)
                        .count()
                }),
                value: None,
                bounds: None,
                move_value: None,
                move_bounds: None,
            }
        })
        .collect();
    let count = |state| shards.iter().filter(|s| s.state == state).count();
    Ok(PlanStatusReport {
        plan: plan.name.clone(),
        shards: shards.len(),
        done: count("done"),
        unknown: count("unknown"),
        missing: count("missing"),
        needless: count("needless"),
        results: shards,
    })
}

/// The status of a Dots solve shard with a result: its value or bounds,
/// and those of the line's last move for the player who made it.
fn dots_status(
    id: String,
    state: &'static str,
    retried: bool,
    r: &databases::plan::DotsResultFile,
) -> ShardStatusReport {
    let gather = !r.moves.is_empty();
    let move_bounds = r.move_bounds();
    ShardStatusReport {
        id,
        state,
        retried,
        winner: None,
        best_move: None,
        limit: r.limit.clone(),
        decided_by: None,
        nodes: Some(r.nodes),
        seconds: Some(r.seconds),
        proof_bytes: None,
        moves: gather.then_some(r.moves.len()),
        settled_moves: gather.then(|| {
            r.moves
                .iter()
                .filter(|m| m.status == SolveStatus::Proved)
                .count()
        }),
        value: r.value,
        bounds: Some([r.lower, r.upper]),
        move_value: move_bounds.filter(|(lo, hi)| lo == hi).map(|(lo, _)| lo),
        move_bounds: move_bounds.map(|(lo, hi)| [lo, hi]),
    }
}
