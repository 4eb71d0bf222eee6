//! Progress bars on stderr for the library's progress reports (hidden with
//! `--quiet`). When stderr is not a terminal (a batch job's log), where
//! indicatif draws nothing, [`Bar`] writes a plain line now and then.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cgt::ProgressSink;
use indicatif::{ProgressBar, ProgressStyle};

/// A bar on stderr for `total` units of work (`unit` names them), with
/// the elapsed time and an estimate of what is left; hidden if `quiet` (and
/// by indicatif when stderr is not a terminal).
pub fn bar(quiet: bool, total: u64, unit: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{msg}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ETA {{eta}}"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A [`ProgressSink`] drawn as one indicatif bar per stage (a spinner when
/// the total is unknown); when stderr is not a terminal, a line such as
/// `check-proof leaves: 1200000 of 33700000 (3.6 %), 0:05:00 elapsed` every
/// [`LOG_EVERY`] instead.
pub struct Bar {
    quiet: bool,
    /// Whether stderr is a log rather than a terminal.
    log: bool,
    bar: Mutex<Option<ProgressBar>>,
    /// When the last log line was written.
    logged: Mutex<Instant>,
}

/// How often [`Bar`] writes a progress line when stderr is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(60);

impl Bar {
    /// A bar, or nothing at all if `quiet`.
    pub fn new(quiet: bool) -> Bar {
        Bar {
            quiet,
            log: !std::io::stderr().is_terminal(),
            bar: Mutex::new(None),
            logged: Mutex::new(Instant::now()),
        }
    }

    fn with(&self, f: impl FnOnce(&mut Option<ProgressBar>)) {
        if let Ok(mut bar) = self.bar.lock() {
            f(&mut bar);
        }
    }

    /// Writes `bar`'s state as a line on stderr if [`LOG_EVERY`] has passed
    /// since the last one.
    fn log_line(&self, bar: &ProgressBar) {
        let Ok(mut logged) = self.logged.lock() else {
            return;
        };
        if logged.elapsed() < LOG_EVERY {
            return;
        }
        *logged = Instant::now();
        let done = bar.position();
        let secs = bar.elapsed().as_secs();
        let elapsed = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
        match bar.length().filter(|&n| n > 0) {
            Some(total) => eprintln!(
                "{}: {done} of {total} ({:.1} %), {elapsed} elapsed",
                bar.message(),
                100.0 * done as f64 / total as f64
            ),
            None => eprintln!("{}: {done}, {elapsed} elapsed", bar.message()),
        }
    }
}

impl ProgressSink for Bar {
    fn start(&self, name: &str, total: u64) {
        if self.quiet {
            return;
        }
        // An unknown total (0) is drawn as a spinner with a count.
        let bar = if total == 0 {
            let spinner = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} {msg} [{elapsed_precise}] {human_pos} {per_sec}",
            ) {
                spinner.set_style(style);
            }
            spinner
        } else {
            bar(false, total, "")
        };
        bar.set_message(name.to_owned());
        self.with(|b| *b = Some(bar));
    }

    fn advance(&self, units: u64) {
        self.with(|b| {
            if let Some(bar) = b {
                bar.inc(units);
                if self.log {
                    self.log_line(bar);
                }
            }
        });
    }

    fn finish(&self) {
        self.with(|b| {
            if let Some(bar) = b.take() {
                bar.finish_and_clear();
            }
        });
    }
}
