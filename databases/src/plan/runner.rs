//! The local runner: a plan's shards on this machine, `workers` at a time,
//! resuming from whatever is already built.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use cgt::budget::{Limit, StopFlag, Watch};
use cgt::ProgressSink;
use rayon::prelude::*;

use super::{Executor, Plan, PlanError};

/// How to run a plan locally.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Shards built at once (1 to 256).
    pub workers: usize,
    /// Whether each shard also spreads over rayon's pool (else one thread
    /// per shard, as a cluster job with one core).
    pub parallel_within: bool,
    /// No shard is started after this time from the start of the run
    /// (shards under way finish).
    pub time: Option<Duration>,
    /// No shard is started once this is set (Ctrl-C), and the solve shards
    /// under way stop.
    pub stop: Option<StopFlag>,
}

/// The default number of shards built at once: one per core (at most
/// 256).
pub fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256))
}

impl RunOptions {
    /// `workers` shards at a time, each on one thread (a single worker
    /// spreads its shard over every core), no limit.
    pub fn with_workers(workers: usize) -> RunOptions {
        RunOptions {
            workers,
            parallel_within: workers == 1,
            time: None,
            stop: None,
        }
    }
}

impl Default for RunOptions {
    /// A shard per core at a time ([`default_workers`]): see
    /// [`RunOptions::with_workers`].
    fn default() -> RunOptions {
        RunOptions::with_workers(default_workers())
    }
}

/// When one shard was built.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardTiming {
    /// Its index in the plan.
    pub shard: usize,
    /// Seconds from the start of the run.
    pub start: f64,
    /// Seconds from the start of the run.
    pub end: f64,
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RunReport {
    /// Shards built.
    pub built: usize,
    /// Shards already built (kept).
    pub kept: usize,
    /// Seconds from the first shard started to the last finished (the
    /// makespan; the check of existing files before is not counted).
    pub seconds: f64,
    /// The shards built, in finishing order.
    pub timings: Vec<ShardTiming>,
    /// The most shard data held in memory at once, in bytes.
    pub peak_loaded_bytes: usize,
    /// The limit that stopped the run before every shard was built
    /// ([`Limit::Time`] or [`Limit::Interrupt`]); what was built stays.
    pub stopped: Option<Limit>,
}

struct State {
    ready: BinaryHeap<super::ReadyKey>,
    left: usize,
    failed: Option<PlanError>,
    waiting_on: Vec<usize>,
    users_left: Vec<usize>,
    timings: Vec<ShardTiming>,
    peak: usize,
    stopped: Option<Limit>,
}

/// Runs `plan` on this machine: keeps every shard whose file reads back
/// valid, then builds the others, a shard as soon as its dependencies are
/// built, among those ready the shards of cost 0 (gathers) first, then the
/// largest cost first, then plan order (the order [`super::simulate()`]
/// assumes). Shard data loaded for building is released
/// once no shard left needs it. `progress` gets one stage named after the
/// plan, of the plan's total cost: the cost of the shards kept after the
/// check of existing files, then each shard's cost as it is built.
///
/// With a time limit or a stop flag in `opts`, no shard is started past
/// the limit; the shards under way finish (a solve shard stops at once
/// when the flag is set, recording `unknown`), and the report names the
/// limit.
///
/// # Errors
/// [`PlanError::BadShard`] for a bad plan, [`PlanError::Io`] if the
/// plan's directory cannot be made, the first build error (the run
/// stops; what was built stays).
pub fn run_local(
    plan: &Plan,
    opts: &RunOptions,
    progress: &dyn ProgressSink,
) -> Result<RunReport, PlanError> {
    let mut exec = Executor::new(plan)?;
    exec.set_stop(opts.stop.clone());
    std::fs::create_dir_all(&plan.dir).map_err(|source| PlanError::Io {
        path: plan.dir.clone(),
        source,
    })?;
    let n = plan.shards.len();
    let at = plan.indices();
    let deps: Vec<Vec<usize>> = plan
        .shards
        .iter()
        .map(|s| s.deps.iter().map(|d| at[d.as_str()]).collect())
        .collect();
    let mut dependents = vec![Vec::new(); n];
    for (i, ds) in deps.iter().enumerate() {
        for &d in ds {
            dependents[d].push(i);
        }
    }
    let done: Vec<bool> = plan.shards.par_iter().map(|s| exec.is_done(s)).collect();
    let kept = done.iter().filter(|&&d| d).count();
    let cost_total = plan.total_cost();
    let cost_kept: u64 = (0..n)
        .filter(|&i| done[i])
        .map(|i| plan.shards[i].cost)
        .sum();
    let mut state = State {
        ready: BinaryHeap::new(),
        left: n - kept,
        failed: None,
        waiting_on: (0..n)
            .map(|i| deps[i].iter().filter(|&&d| !done[d]).count())
            .collect(),
        users_left: (0..n)
            .map(|i| dependents[i].iter().filter(|&&j| !done[j]).count())
            .collect(),
        timings: Vec::new(),
        peak: 0,
        stopped: None,
    };
    for (i, &d) in done.iter().enumerate() {
        if !d && state.waiting_on[i] == 0 {
            state.ready.push(plan.ready_key(i));
        }
    }
    progress.start(&plan.name, cost_total);
    progress.advance(cost_kept);
    let state = Mutex::new(state);
    let cv = Condvar::new();
    let start = Instant::now();
    let watch = Watch::new(opts.time, opts.stop.as_ref());
    let workers = opts.workers.clamp(1, 256);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let (i, keep) = {
                    let mut s = state.lock().expect("run state");
                    loop {
                        if s.stopped.is_none() && s.left > 0 {
                            s.stopped = watch.reached();
                        }
                        if s.failed.is_some() || s.left == 0 || s.stopped.is_some() {
                            cv.notify_all();
                            return;
                        }
                        if let Some((_, _, Reverse(i))) = s.ready.pop() {
                            // Kept loaded if a shard left to build reads it.
                            break (i, s.users_left[i] > 0);
                        }
                        // Woken by a finished shard, or every second to
                        // look at the limits.
                        s = cv
                            .wait_timeout(s, Duration::from_secs(1))
                            .expect("run state")
                            .0;
                    }
                };
                let t0 = start.elapsed().as_secs_f64();
                let result = exec.build(&plan.shards[i], opts.parallel_within, keep);
                let t1 = start.elapsed().as_secs_f64();
                let loaded = exec.loaded_bytes();
                let mut s = state.lock().expect("run state");
                if let Err(e) = result {
                    s.failed.get_or_insert(e);
                    cv.notify_all();
                    return;
                }
                s.peak = s.peak.max(loaded);
                s.left -= 1;
                s.timings.push(ShardTiming {
                    shard: i,
                    start: t0,
                    end: t1,
                });
                for &j in dependents[i].iter().filter(|&&j| !done[j]) {
                    s.waiting_on[j] -= 1;
                    if s.waiting_on[j] == 0 {
                        s.ready.push(plan.ready_key(j));
                    }
                }
                for &d in &deps[i] {
                    s.users_left[d] -= 1;
                    if s.users_left[d] == 0 {
                        exec.release(&plan.shards[d]);
                    }
                }
                progress.advance(plan.shards[i].cost);
                cv.notify_all();
            });
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    progress.finish();
    let s = state.into_inner().expect("run state");
    if let Some(e) = s.failed {
        return Err(e);
    }
    Ok(RunReport {
        built: s.timings.len(),
        kept,
        seconds,
        timings: s.timings,
        peak_loaded_bytes: s.peak,
        // (A limit reached while the last shards were under way stopped
        // nothing.)
        stopped: s.stopped.filter(|_| s.left > 0),
    })
}
