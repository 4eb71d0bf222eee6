//! What the solvers share: limits, results, progress reports and the
//! per-search control block that threads use to count nodes and stop.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use crate::budget::{Limit, Limits, StopFlag};

use super::numbers::{ProofNumbers, WinLoss};

/// What one search may spend, shared by every solver here: the table's
/// memory, the node and time limits, and how often it reports progress.
#[derive(Clone)]
pub struct Budget {
    /// Transposition table size in MiB (at least 1). With one thread the
    /// table starts at 1 MiB and doubles as it fills, up to this size.
    pub tt_mb: usize,
    /// Node and time limits.
    pub limits: Limits,
    /// Called about every `progress_interval` with the progress so far.
    pub progress: Option<ProgressHook>,
    /// Time between progress reports.
    pub progress_interval: Duration,
}

impl Budget {
    /// The default budget with a table of `tt_mb` MiB.
    #[must_use]
    pub fn with_table(tt_mb: usize) -> Budget {
        Budget {
            tt_mb,
            ..Budget::default()
        }
    }
}

impl Default for Budget {
    /// 64 MiB, no limits, no progress reports.
    fn default() -> Budget {
        Budget {
            tt_mb: 64,
            limits: Limits::default(),
            progress: None,
            progress_interval: Duration::from_secs(5),
        }
    }
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("tt_mb", &self.tt_mb)
            .field("limits", &self.limits)
            .field("progress", &self.progress.is_some())
            .field("progress_interval", &self.progress_interval)
            .finish()
    }
}

/// The verdict of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Decided: the outcome for the player to move at the root.
    Proven(WinLoss),
    /// Not decided before a limit was reached.
    Unknown(Limit),
}

impl Verdict {
    /// The proven outcome, if any.
    #[must_use]
    pub fn outcome(self) -> Option<WinLoss> {
        match self {
            Verdict::Proven(o) => Some(o),
            Verdict::Unknown(_) => None,
        }
    }
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveResult<M> {
    /// Win or loss for the player to move, or unknown.
    pub verdict: Verdict,
    /// A winning move when the verdict is a win, else `None`.
    pub best_move: Option<M>,
    /// Nodes visited by all threads (one node = one position entered).
    pub nodes: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
    /// The root's proof and disproof numbers at the end: the progress made
    /// when the verdict is unknown. (Alpha-beta reports `UNKNOWN` then.)
    pub root: ProofNumbers,
}

/// A progress report, given to the progress hook every few seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes visited so far by all threads.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// `nodes / elapsed`.
    pub nodes_per_second: f64,
    /// The root's proof and disproof numbers as last computed (`UNKNOWN`
    /// for alpha-beta).
    pub root: ProofNumbers,
}

/// A callback for progress lines (the CLI prints one on stderr). Called
/// from a search thread; keep it short.
pub type ProgressHook = Arc<dyn Fn(&Progress) + Send + Sync>;

/// A solver configuration that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ConfigError {
    /// The thread count must be at least 1.
    #[error("threads must be at least 1")]
    NoThreads,
    /// The table must have at least 1 MiB.
    #[error("the transposition table needs at least 1 MiB (tt_mb = 0)")]
    NoTable,
    /// The memory of the transposition table could not be reserved.
    #[error("cannot allocate a transposition table of {mib} MiB")]
    TableTooLarge {
        /// The MiB it needed.
        mib: usize,
    },
    /// Epsilon must be finite and in 0..=10.
    #[error("epsilon must be a number in 0..=10, got {0}")]
    BadEpsilon(f64),
}

/// Nodes a thread counts locally before it publishes them and checks the
/// clock, the stop flag and the progress hook.
pub const FLUSH_NODES: u64 = 256;

const NOT_HALTED: u8 = 0;
const HALTED_NODES: u8 = 1;
const HALTED_TIME: u8 = 2;
const HALTED_DONE: u8 = 3;
const HALTED_INTERRUPT: u8 = 4;

/// Shared by the threads of one search.
pub(crate) struct Control {
    start: Instant,
    limits: Limits,
    halted: AtomicU8,
    stop: AtomicBool,
    nodes: AtomicU64,
    /// The root's numbers, `pn << 32 | dn`.
    root: AtomicU64,
    progress: Option<ProgressHook>,
    interval: Duration,
    last_report: Mutex<Instant>,
    /// Set from outside to stop the search.
    external: Option<StopFlag>,
}

impl Control {
    pub(crate) fn new(
        limits: Limits,
        progress: Option<ProgressHook>,
        interval: Duration,
    ) -> Control {
        let start = Instant::now();
        Control {
            start,
            limits,
            halted: AtomicU8::new(NOT_HALTED),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            root: AtomicU64::new(pack(ProofNumbers::UNKNOWN)),
            progress,
            interval,
            last_report: Mutex::new(start),
            external: None,
        }
    }

    /// Also stops when `flag` is set ([`Limit::Interrupt`]).
    pub(crate) fn with_stop(mut self, flag: Option<StopFlag>) -> Control {
        if flag.as_ref().is_some_and(StopFlag::is_stopped) {
            self.halt(HALTED_INTERRUPT);
        }
        self.external = flag;
        self
    }

    /// True once any thread must stop (a limit, or another thread finished).
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Stops all threads because the search is finished.
    pub(crate) fn finish(&self) {
        let _ = self.halted.compare_exchange(
            NOT_HALTED,
            HALTED_DONE,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
        self.stop.store(true, Ordering::Relaxed);
    }

    fn halt(&self, why: u8) {
        let _ = self
            .halted
            .compare_exchange(NOT_HALTED, why, Ordering::Relaxed, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The limit that stopped the search, if one did.
    pub(crate) fn limit_hit(&self) -> Option<Limit> {
        match self.halted.load(Ordering::Relaxed) {
            HALTED_NODES => Some(Limit::Nodes),
            HALTED_TIME => Some(Limit::Time),
            HALTED_INTERRUPT => Some(Limit::Interrupt),
            _ => None,
        }
    }

    pub(crate) fn set_root(&self, value: ProofNumbers) {
        self.root.store(pack(value), Ordering::Relaxed);
    }

    pub(crate) fn root(&self) -> ProofNumbers {
        unpack(self.root.load(Ordering::Relaxed))
    }

    /// Total nodes published by all threads.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    fn publish(&self, counter: &mut Counter) {
        self.nodes.fetch_add(counter.unflushed, Ordering::Relaxed);
        counter.unflushed = 0;
    }

    fn check_clock_and_report(&self) {
        let now = Instant::now();
        if self.external.as_ref().is_some_and(StopFlag::is_stopped) {
            self.halt(HALTED_INTERRUPT);
        }
        if let Some(max) = self.limits.time {
            if now.duration_since(self.start) >= max {
                self.halt(HALTED_TIME);
            }
        }
        if let Some(hook) = &self.progress {
            let Ok(mut last) = self.last_report.try_lock() else {
                return;
            };
            if now.duration_since(*last) >= self.interval {
                *last = now;
                let elapsed = now.duration_since(self.start);
                let nodes = self.nodes();
                hook(&Progress {
                    nodes,
                    elapsed,
                    nodes_per_second: nodes as f64 / elapsed.as_secs_f64().max(1e-9),
                    root: self.root(),
                });
            }
        }
    }
}

fn pack(v: ProofNumbers) -> u64 {
    (u64::from(v.pn) << 32) | u64::from(v.dn)
}

fn unpack(x: u64) -> ProofNumbers {
    ProofNumbers {
        pn: (x >> 32) as u32,
        dn: x as u32,
    }
}

/// A thread's node counter.
#[derive(Default)]
pub(crate) struct Counter {
    /// Nodes this thread visited.
    pub(crate) total: u64,
    unflushed: u64,
}

impl Counter {
    /// Counts one node about to be visited; false if the search must stop
    /// instead (the node is then not counted).
    pub(crate) fn visit(&mut self, control: &Control) -> bool {
        if control.stopped() {
            return false;
        }
        if let Some(max) = control.limits.nodes {
            if control.nodes() + self.unflushed >= max {
                control.halt(HALTED_NODES);
                return false;
            }
        }
        self.total += 1;
        self.unflushed += 1;
        if self.unflushed >= FLUSH_NODES {
            control.publish(self);
            control.check_clock_and_report();
        }
        true
    }

    /// Publishes the nodes not yet counted in the shared total.
    pub(crate) fn flush(&mut self, control: &Control) {
        control.publish(self);
    }
}
