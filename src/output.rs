//! Shared helpers for the CLI's output and error reporting.

pub use cgtk::ops::{bad_input, one_line, BadInput};

/// The databases of the directory `dir` ([`cgtk::ops::db::open`]), with a
/// warning on stderr for each file left out.
pub fn open_databases(dir: &std::path::Path) -> anyhow::Result<databases::Databases> {
    cgtk::ops::db::open(
        dir,
        std::sync::Arc::new(|e| eprintln!("warning: left out {e}")),
    )
}

/// Prints a report as one line of JSON on stdout.
pub fn print_json<T: serde::Serialize>(report: &T) {
    println!("{}", cgtk::report::to_json_line(report));
}
