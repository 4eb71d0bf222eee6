//! The options every solver command shares (`dots solve | analyze`,
//! `amazons solve`), with one meaning and one range everywhere (the
//! constants of [`cgtk::ops::bounds`]), and the spinner that shows a
//! search's progress on stderr.

use std::time::Duration;

use cgt::search::Limits;
use cgtk::ops::bounds::{self, TABLE_MIB, THREADS};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

/// Table, threads, limits and output of a search.
#[derive(Args, Clone, Debug)]
pub struct SearchArgs {
    /// Transposition-table size in MiB (1 to 65536). With one thread the
    /// table starts at 1 MiB and doubles up to this size as it fills.
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = bounds::parser(TABLE_MIB))]
    pub tt_mb: u64,
    /// Threads searching, sharing the table (1 to 64). Verdicts and values
    /// do not depend on it; node counts do.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = bounds::parser(THREADS))]
    pub threads: u64,
    /// Stop after this many seconds (more than 0, at most 10^7) and print
    /// what was reached.
    #[arg(long, value_name = "S", value_parser = bounds::seconds)]
    pub time_limit: Option<Duration>,
    /// Stop after about this many nodes (at least 1) and print what was
    /// reached.
    #[arg(long, value_name = "N", value_parser = cgtk::ops::bounds::at_least_one)]
    pub node_limit: Option<u64>,
    /// Print one line of JSON.
    #[arg(long)]
    pub json: bool,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
}

impl SearchArgs {
    /// The node and time limits.
    pub fn limits(&self) -> Limits {
        Limits {
            nodes: self.node_limit,
            time: self.time_limit,
        }
    }

    /// The table size in MiB.
    pub fn tt_mb(&self) -> usize {
        usize::try_from(self.tt_mb).unwrap_or(usize::MAX)
    }

    /// The thread count.
    pub fn threads(&self) -> usize {
        usize::try_from(self.threads).unwrap_or(1)
    }

    /// A spinner on stderr for the search's progress lines (hidden with
    /// `--quiet` or when stderr is not a terminal).
    pub fn spinner(&self) -> ProgressBar {
        if self.quiet {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    }
}
