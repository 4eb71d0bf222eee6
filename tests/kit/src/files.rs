//! Files for tests: fresh temporary directories and the bytes of a
//! directory's files.

use std::path::{Path, PathBuf};

/// A fresh (emptied) directory name under the system's temporary directory,
/// unique to `name` and this process.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The bytes of every file of `dir` whose name ends in `suffix`, by name.
///
/// # Panics
/// If the directory or a file cannot be read.
pub fn files(dir: &Path, suffix: &str) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.ends_with(suffix)
                .then(|| (name, std::fs::read(e.path()).unwrap()))
        })
        .collect();
    out.sort();
    out
}
