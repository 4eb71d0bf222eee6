//! Shared helpers for the CLI's output and error reporting.

pub use cgtk::ops::{bad_input, one_line, BadInput};

/// The databases of the directory `dir`, opened lazily (headers now, each
/// table read and checked when first used): a file that cannot be read is
/// named in a warning on stderr and left out, when the directory is opened
/// (a bad header) or when a lookup first needs it (a bad checksum or
/// entry; that lookup goes on as if the file were not there); a directory
/// that cannot be listed is bad input.
pub fn open_databases(dir: &std::path::Path) -> anyhow::Result<databases::Databases> {
    let (mut dbs, skipped) = databases::Databases::open_dir_skipping(dir)
        .map_err(|e| bad_input("database directory", e))?;
    for e in skipped {
        eprintln!("warning: left out {e}");
    }
    dbs.on_bad_table(std::sync::Arc::new(|e| eprintln!("warning: left out {e}")));
    Ok(dbs)
}

/// Prints a report as one line of JSON on stdout.
pub fn print_json<T: serde::Serialize>(report: &T) {
    println!("{}", cgtk::report::to_json_line(report));
}
