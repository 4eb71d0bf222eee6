//! Progress bars on stderr for the library's progress reports (hidden with
//! `--quiet`, and by indicatif when stderr is not a terminal).

use std::sync::Mutex;

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
/// the total is unknown).
pub struct Bar {
    quiet: bool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Bar {
    /// A bar, or nothing at all if `quiet`.
    pub fn new(quiet: bool) -> Bar {
        Bar {
            quiet,
            bar: Mutex::new(None),
        }
    }

    fn with(&self, f: impl FnOnce(&mut Option<ProgressBar>)) {
        if let Ok(mut bar) = self.bar.lock() {
            f(&mut bar);
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
