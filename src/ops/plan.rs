//! Build plans (`databases::plan`): running one on this machine, building
//! one shard (what a cluster job runs), and where every shard stands.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use cgt::budget::StopFlag;
use cgt::ProgressSink;
use databases::plan::{self, Plan, RunOptions, RunReport, ShardState, SolveStatus};

use super::bad_input;
use super::bounds::check;
use crate::report::{BuildShardReport, PlanSimulationReport, PlanStatusReport, ShardStatusReport};

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
                .filter(|m| matches!(m.status, SolveStatus::Proved | SolveStatus::Bounded))
                .count()
        }),
        value: r.value,
        bounds: Some([r.lower, r.upper]),
        move_value: move_bounds.filter(|(lo, hi)| lo == hi).map(|(lo, _)| lo),
        move_bounds: move_bounds.map(|(lo, hi)| [lo, hi]),
    }
}

/// Workers a simulation may have.
pub const SIM_WORKERS: RangeInclusive<usize> = 1..=1_000_000;

/// `plan simulate`: `plan` (an Amazons or Dots solve plan) run on
/// `workers` one-core workers by the runner's rule (a shard as soon as its
/// dependencies are done and a worker is free, gathers first, then the
/// largest cost first),
/// each solve shard taking the seconds its result file records (proved, or
/// stopped by a limit: then a lower bound), a shard without a result
/// `missing_seconds` (default: the median of the proved solve shards'),
/// gathers and needless shards nothing. Twice: the whole plan from the
/// start, and what is left (the shards the next run builds; a stopped one
/// it retries at least `missing_seconds`).
///
/// # Errors
/// Bad input for a plan that is not a solve plan, workers outside
/// [`SIM_WORKERS`], a negative or non-finite `missing_seconds`, or no
/// proved shard to take a default from.
pub fn simulate(
    plan: &Plan,
    workers: usize,
    missing_seconds: Option<f64>,
) -> anyhow::Result<PlanSimulationReport> {
    let workers = check("--workers", workers, &SIM_WORKERS)?;
    if let Some(s) = missing_seconds.filter(|s| !s.is_finite() || *s < 0.0) {
        return Err(bad_input(
            "--missing-seconds",
            format!("{s} is not a number of seconds"),
        ));
    }
    let states = plan::status(plan).map_err(|e| bad_input("plan", e))?;
    // (seconds recorded, whether a limit stopped it, whether it searches)
    let mut shards = Vec::with_capacity(states.len());
    for (s, st) in plan.shards.iter().zip(&states) {
        let searches = s.cost > 0;
        let recorded = match (&st.result, &st.dots) {
            (Some(r), _) => Some((r.seconds, r.status)),
            (_, Some(r)) => Some((r.seconds, r.status)),
            _ if !matches!(
                s.kind,
                plan::ShardKind::AmazonsSolve { .. } | plan::ShardKind::DotsSolve { .. }
            ) =>
            {
                return Err(bad_input(
                    "plan",
                    format!(
                        "shard {} is not a solve shard: plan simulate takes Amazons or Dots \
                         solve plans",
                        s.id
                    ),
                ))
            }
            _ => None,
        };
        shards.push((searches, recorded, &st.state));
    }
    let mut proved: Vec<f64> = shards
        .iter()
        .filter_map(|&(searches, r, _)| match r {
            Some((t, SolveStatus::Proved | SolveStatus::Bounded)) if searches => Some(t),
            _ => None,
        })
        .collect();
    proved.sort_by(f64::total_cmp);
    let assumed_seconds = match missing_seconds {
        Some(s) => s,
        None if proved.is_empty() => {
            return Err(bad_input(
                "--missing-seconds",
                "no proved shard has a time to assume for the others: give --missing-seconds",
            ))
        }
        None => (proved[(proved.len() - 1) / 2] + proved[proved.len() / 2]) / 2.0,
    };
    let whole: Vec<f64> = shards
        .iter()
        .map(|&(searches, r, _)| match r {
            _ if !searches => 0.0,
            Some((_, SolveStatus::Needless)) => 0.0,
            Some((t, _)) => t,
            None => assumed_seconds,
        })
        .collect();
    let left: Vec<f64> = shards
        .iter()
        .zip(&whole)
        .map(|(&(searches, r, state), &t)| match state {
            _ if !searches => 0.0,
            ShardState::Missing => t,
            ShardState::Unknown { retried: true } if r.is_some() => t.max(assumed_seconds),
            _ => 0.0,
        })
        .collect();
    let all = plan::simulate_durations(plan, workers, &whole);
    let rest = plan::simulate_durations(plan, workers, &left);
    let searching = |f: &dyn Fn(Option<(f64, SolveStatus)>) -> bool| {
        shards.iter().filter(|&&(s, r, _)| s && f(r)).count()
    };
    Ok(PlanSimulationReport {
        plan: plan.name.clone(),
        workers,
        shards: plan.shards.len(),
        recorded: searching(&|r| r.is_some()),
        stopped: searching(&|r| r.is_some_and(|(_, st)| st == SolveStatus::Unknown)),
        assumed: searching(&|r| r.is_none()),
        assumed_seconds,
        work: all.work,
        makespan: all.makespan,
        mean_busy: all.mean_busy,
        left_work: rest.work,
        left_makespan: rest.makespan,
    })
}
