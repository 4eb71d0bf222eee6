//! Shared helpers for the CLI's output and error reporting.

use std::fmt;

/// An error in what the user gave us (a malformed game, position, move, file
/// or an option out of range). `main` prints it on one line and exits with 2.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// Wraps any displayable error as bad input, prefixed by what was being read.
pub fn bad_input(what: &str, err: impl fmt::Display) -> anyhow::Error {
    anyhow::Error::new(BadInput(format!("{what}: {err}")))
}

/// The databases of the directory `dir`, opened lazily (headers now, each
/// table read and checked when first used): a file that cannot be read is
/// named in a warning on stderr and left out, when the directory is opened
/// (a bad header) or when a lookup first needs it (a bad checksum or
/// entry; that lookup goes on as if the file were not there); a directory
/// that cannot be listed is bad input.
pub fn open_databases(dir: &std::path::Path) -> anyhow::Result<databases::Databases> {
    let (mut dbs, skipped) = databases::Databases::open_dir_skipping(dir)
        .map_err(|e| bad_input(&format!("database directory {}", dir.display()), e))?;
    for e in skipped {
        eprintln!("warning: left out {e}");
    }
    dbs.on_bad_table(std::sync::Arc::new(|e| eprintln!("warning: left out {e}")));
    Ok(dbs)
}

/// The error and its causes on one line.
pub fn one_line(err: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in err.chain() {
        let text = cause.to_string().replace('\n', " ");
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
    }
    parts.join(": ")
}

/// Prints a report as one line of JSON on stdout.
pub fn print_json<T: serde::Serialize>(report: &T) {
    println!("{}", cgtk::report::to_json_line(report));
}
