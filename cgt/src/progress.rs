//! Progress of long jobs (table builds, tournaments, training): libraries
//! report through a [`ProgressSink`] and never print; a front end draws it
//! (the `cgtk` CLI as a progress bar).

/// Receives the progress of a long job, stage by stage. Every method does
/// nothing by default, so `&()` is the silent sink.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use cgt::ProgressSink;
///
/// #[derive(Default)]
/// struct Count(AtomicU64);
/// impl ProgressSink for Count {
///     fn advance(&self, units: u64) {
///         self.0.fetch_add(units, Ordering::Relaxed);
///     }
/// }
/// let count = Count::default();
/// let sink: &dyn ProgressSink = &count;
/// sink.start("example", 10);
/// sink.advance(4);
/// sink.advance(6);
/// sink.finish();
/// assert_eq!(count.0.load(Ordering::Relaxed), 10);
/// let silent: &dyn ProgressSink = &();
/// silent.advance(1);
/// ```
pub trait ProgressSink: Sync {
    /// A stage named `name` of `total` units of work begins.
    fn start(&self, _name: &str, _total: u64) {}
    /// `units` more units of the current stage are done (called from any
    /// thread).
    fn advance(&self, _units: u64) {}
    /// The current stage is over.
    fn finish(&self) {}
}

impl ProgressSink for () {}
