//! The options every solver command shares (`dots solve | analyze`,
//! `amazons solve`), with one meaning and one range everywhere, and the
//! spinner that shows a search's progress on stderr.

use std::time::Duration;

use cgt::search::Limits;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

/// The longest time limit accepted, in seconds (about 115 days).
const MAX_SECONDS: f64 = 1e7;

/// Table, threads, limits and output of a search.
#[derive(Args, Clone, Debug)]
pub struct SearchArgs {
    /// Transposition-table size in MiB (1 to 65536). With one thread the
    /// table starts at 1 MiB and doubles up to this size as it fills.
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub tt_mb: u64,
    /// Threads searching, sharing the table (1 to 64). Verdicts and values
    /// do not depend on it; node counts do.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: u64,
    /// Stop after this many seconds (more than 0, at most 10^7) and print
    /// what was reached.
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Stop after about this many nodes (at least 1) and print what was
    /// reached.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
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

/// A number of seconds, more than 0 and at most [`MAX_SECONDS`].
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(s > 0.0 && s <= MAX_SECONDS) {
        return Err(format!("{text} is out of range (more than 0, at most 1e7)"));
    }
    Ok(Duration::from_secs_f64(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_in_range_only() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        for bad in ["0", "-1", "1e300", "inf", "NaN", "x"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
