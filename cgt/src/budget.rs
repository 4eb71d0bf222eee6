//! The one budget of every long computation: what it may spend (time,
//! nodes or other units of work, memory, output), a stop flag that Ctrl-C,
//! a web client going away or Python's `KeyboardInterrupt` sets, and the
//! [`Limit`] that ended it. Every engine of every crate takes these types;
//! none keeps a vocabulary of its own.
//!
//! - [`Limits`]: the node (work unit) and time limits of one computation.
//! - [`StopFlag`]: set from outside to stop it.
//! - [`Watch`]: the clock and the flag of one computation, shareable between
//!   threads (`Sync`): asked between units of work that each take well under
//!   a second (shards, games, table rows).
//! - [`Meter`]: a [`Watch`] with a unit counter, for one thread: each unit
//!   of work calls [`Meter::tick`], which looks at the clock and the flag
//!   every [`CHECK_EVERY`] units, so that a computation whose units take
//!   microseconds stops within a millisecond of its limit.
//! - [`SharedMeter`]: the same for the threads of one search: each adds the
//!   units it counted locally now and then ([`SharedMeter::add`]), and the
//!   first limit reached stops them all.
//! - [`OutputLimit`]: the most bytes a result may take when printed.
//!
//! ```
//! use std::time::Duration;
//! use cgt::budget::{Limit, Limits, Meter, StopFlag};
//!
//! let stop = StopFlag::new();
//! let mut meter = Meter::new(Limits { nodes: Some(1000), time: None }, Some(&stop));
//! let mut done = 0;
//! let end = loop {
//!     if let Err(limit) = meter.tick() {
//!         break limit;
//!     }
//!     done += 1;
//! };
//! assert_eq!((end, done, meter.spent()), (Limit::Nodes, 1000, 1000));
//!
//! let mut meter = Meter::new(Limits { nodes: None, time: Some(Duration::from_secs(60)) }, Some(&stop));
//! stop.stop();
//! assert_eq!(meter.check(), Err(Limit::Interrupt));
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Node (work unit) and time limits of one computation. `None` means no
/// limit. What a node is belongs to the engine: a position searched, a
/// component position valued, a sum of games formed; each engine's
/// documentation says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes (exact with one thread; with more
    /// threads the count may overshoot by a few hundred nodes per thread).
    pub nodes: Option<u64>,
    /// Stop after about this much wall-clock time.
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit.
    pub const NONE: Limits = Limits {
        nodes: None,
        time: None,
    };

    /// A node (work unit) limit only.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            time: None,
        }
    }

    /// A time limit only.
    #[must_use]
    pub fn time(time: Duration) -> Limits {
        Limits {
            nodes: None,
            time: Some(time),
        }
    }

    /// Whether each of these limits is no larger than `other`'s (no limit
    /// is the largest): a computation under them gets no further than one
    /// that `other` stopped.
    ///
    /// ```
    /// use cgt::budget::Limits;
    /// use std::time::Duration;
    ///
    /// assert!(Limits::nodes(5).within(Limits::nodes(8)));
    /// assert!(Limits::nodes(5).within(Limits::NONE));
    /// assert!(!Limits::NONE.within(Limits::nodes(8)));
    /// assert!(!Limits::nodes(5).within(Limits::time(Duration::from_secs(1))));
    /// ```
    #[must_use]
    pub fn within(self, other: Limits) -> bool {
        fn no_larger<T: PartialOrd>(limit: Option<T>, other: Option<T>) -> bool {
            match (limit, other) {
                (_, None) => true,
                (None, Some(_)) => false,
                (Some(l), Some(o)) => l <= o,
            }
        }
        no_larger(self.nodes, other.nodes) && no_larger(self.time, other.time)
    }
}

/// A flag another thread sets to stop a computation early (a web request
/// whose client went away, Ctrl-C). A computation that sees it set ends
/// with [`Limit::Interrupt`]. Cloning gives another handle on the same flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet set.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Sets the flag: every computation watching it stops soon.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Which limit ended a computation. With the `serde` feature it
/// serializes as its [name](Limit::name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Limit {
    /// The node (work unit) limit.
    #[cfg_attr(feature = "serde", serde(rename = "node"))]
    Nodes,
    /// The time limit.
    Time,
    /// A [`StopFlag`] set from outside (Ctrl-C, a web client gone away).
    Interrupt,
    /// The memory limit.
    Memory,
}

impl Limit {
    /// The limit's name in reports and messages: `"node"`, `"time"`,
    /// `"interrupt"`, `"memory"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Limit::Nodes => "node",
            Limit::Time => "time",
            Limit::Interrupt => "interrupt",
            Limit::Memory => "memory",
        }
    }

    /// What stopping by it says: "node limit reached", "time limit
    /// reached", "interrupted", "memory limit reached".
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            Limit::Nodes => "node limit reached",
            Limit::Time => "time limit reached",
            Limit::Interrupt => "interrupted",
            Limit::Memory => "memory limit reached",
        }
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

/// The clock and the stop flag of one computation:
/// [`Watch::reached`] says whether the flag is set or the time is up.
/// `Sync`, so threads of one computation share it.
#[derive(Clone, Debug)]
pub struct Watch {
    deadline: Option<Instant>,
    stop: Option<StopFlag>,
}

impl Watch {
    /// A watch started now, ending `time` from now (if given) or when
    /// `stop` is set.
    #[must_use]
    pub fn new(time: Option<Duration>, stop: Option<&StopFlag>) -> Watch {
        Watch {
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
            stop: stop.cloned(),
        }
    }

    /// A watch that never ends.
    #[must_use]
    pub fn unlimited() -> Watch {
        Watch::new(None, None)
    }

    /// The limit reached, if any: the flag set ([`Limit::Interrupt`]), else
    /// the time passed ([`Limit::Time`]).
    #[must_use]
    pub fn reached(&self) -> Option<Limit> {
        if self.stop.as_ref().is_some_and(StopFlag::is_stopped) {
            Some(Limit::Interrupt)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Limit::Time)
        } else {
            None
        }
    }

    /// [`Watch::reached`] as a `Result`, for `?`.
    ///
    /// # Errors
    /// The limit reached.
    pub fn check(&self) -> Result<(), Limit> {
        self.reached().map_or(Ok(()), Err)
    }

    /// The time left before the time limit, if there is one.
    #[must_use]
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// The stop flag watched, if any.
    #[must_use]
    pub fn stop_flag(&self) -> Option<&StopFlag> {
        self.stop.as_ref()
    }
}

/// Units of work between two looks at the clock and the stop flag by
/// [`Meter::tick`].
pub const CHECK_EVERY: u64 = 256;

/// A [`Watch`] with a counter of units of work, for one thread: the budget
/// of one computation as it runs.
#[derive(Clone, Debug)]
pub struct Meter {
    watch: Watch,
    spent: u64,
    max: u64,
    next_check: u64,
}

impl Meter {
    /// A meter started now under `limits`, also stopping when `stop` is set.
    #[must_use]
    pub fn new(limits: Limits, stop: Option<&StopFlag>) -> Meter {
        Meter {
            watch: Watch::new(limits.time, stop),
            spent: 0,
            max: limits.nodes.unwrap_or(u64::MAX),
            next_check: 0,
        }
    }

    /// A meter with no limit.
    #[must_use]
    pub fn unlimited() -> Meter {
        Meter::new(Limits::NONE, None)
    }

    /// Counts one unit of work about to be done; `Err` with the limit
    /// instead (the unit is then not counted) when the node limit is
    /// reached, or, looked at every [`CHECK_EVERY`] units, the time is up or
    /// the flag set.
    ///
    /// # Errors
    /// The limit reached.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Limit> {
        if self.spent >= self.max {
            return Err(Limit::Nodes);
        }
        if self.spent >= self.next_check {
            self.next_check = self.spent.saturating_add(CHECK_EVERY);
            self.watch.check()?;
        }
        self.spent += 1;
        Ok(())
    }

    /// Looks at the clock and the flag now (counting nothing).
    ///
    /// # Errors
    /// The limit reached.
    pub fn check(&self) -> Result<(), Limit> {
        if self.spent >= self.max {
            return Err(Limit::Nodes);
        }
        self.watch.check()
    }

    /// Units counted so far.
    #[must_use]
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// The watch of this meter (its clock and flag).
    #[must_use]
    pub fn watch(&self) -> &Watch {
        &self.watch
    }
}

/// A [`Meter`] shared by the threads of one search: a unit counter they
/// add to in batches, and the first limit reached, which stops them all.
#[derive(Debug)]
pub struct SharedMeter {
    watch: Watch,
    max: u64,
    spent: AtomicU64,
    /// 0: running; else the [`Limit`] reached, as [`SharedMeter::code`].
    reached: AtomicU8,
}

impl SharedMeter {
    /// A meter started now under `limits`, also stopping when `stop` is set.
    #[must_use]
    pub fn new(limits: Limits, stop: Option<&StopFlag>) -> SharedMeter {
        SharedMeter {
            watch: Watch::new(limits.time, stop),
            max: limits.nodes.unwrap_or(u64::MAX),
            spent: AtomicU64::new(0),
            reached: AtomicU8::new(0),
        }
    }

    /// Adds `units` done by one thread and looks at the node limit, the
    /// clock and the flag; true once a limit is reached (by this thread or
    /// another).
    pub fn add(&self, units: u64) -> bool {
        let spent = self.spent.fetch_add(units, Ordering::Relaxed) + units;
        let limit = if spent >= self.max {
            Some(Limit::Nodes)
        } else {
            self.watch.reached()
        };
        if let Some(limit) = limit {
            let _ = self.reached.compare_exchange(
                0,
                SharedMeter::code(limit),
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
        self.limit().is_some()
    }

    /// The first limit reached, if any.
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        match self.reached.load(Ordering::Relaxed) {
            1 => Some(Limit::Nodes),
            2 => Some(Limit::Time),
            3 => Some(Limit::Interrupt),
            4 => Some(Limit::Memory),
            _ => None,
        }
    }

    /// Units added so far by all threads.
    #[must_use]
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    fn code(limit: Limit) -> u8 {
        match limit {
            Limit::Nodes => 1,
            Limit::Time => 2,
            Limit::Interrupt => 3,
            Limit::Memory => 4,
        }
    }
}

/// The most bytes of text a result may take when rendered, so that a value
/// too large to print is reported as such instead of built in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputLimit(pub usize);

impl OutputLimit {
    /// One mebibyte: what the CLI prints without `--full` and the web API
    /// answers.
    pub const DEFAULT: OutputLimit = OutputLimit(1 << 20);
    /// No limit (the CLI's `--full`).
    pub const NONE: OutputLimit = OutputLimit(usize::MAX);
}

impl Default for OutputLimit {
    fn default() -> OutputLimit {
        OutputLimit::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meter_counts_exactly_up_to_its_node_limit() {
        for max in [0, 1, 255, 256, 257, 1000] {
            let mut meter = Meter::new(
                Limits {
                    nodes: Some(max),
                    time: None,
                },
                None,
            );
            let mut n = 0;
            while meter.tick().is_ok() {
                n += 1;
            }
            assert_eq!(n, max);
            assert_eq!(meter.spent(), max);
            assert_eq!(meter.tick(), Err(Limit::Nodes));
        }
    }

    #[test]
    fn a_meter_stops_at_the_flag_within_check_every_units() {
        let stop = StopFlag::new();
        let mut meter = Meter::new(Limits::NONE, Some(&stop));
        for _ in 0..10 {
            meter.tick().unwrap();
        }
        stop.stop();
        let mut more = 0;
        while meter.tick().is_ok() {
            more += 1;
        }
        assert!(more <= CHECK_EVERY, "{more} units after the flag");
        assert_eq!(meter.check(), Err(Limit::Interrupt));
    }

    #[test]
    fn a_shared_meter_keeps_the_first_limit_reached() {
        let stop = StopFlag::new();
        let meter = SharedMeter::new(
            Limits {
                nodes: Some(1000),
                time: None,
            },
            Some(&stop),
        );
        assert!(!meter.add(999));
        assert_eq!(meter.limit(), None);
        assert!(meter.add(1));
        assert_eq!(meter.limit(), Some(Limit::Nodes));
        stop.stop();
        assert!(meter.add(1));
        assert_eq!(meter.limit(), Some(Limit::Nodes));
        assert_eq!(meter.spent(), 1001);
        let meter = SharedMeter::new(Limits::NONE, Some(&stop));
        assert!(meter.add(0));
        assert_eq!(meter.limit(), Some(Limit::Interrupt));
    }

    #[test]
    fn a_watch_ends_at_its_time() {
        let watch = Watch::new(Some(Duration::ZERO), None);
        assert_eq!(watch.reached(), Some(Limit::Time));
        assert_eq!(Watch::unlimited().reached(), None);
        assert_eq!(
            Watch::new(Some(Duration::from_secs(3600)), None).reached(),
            None
        );
    }
}
