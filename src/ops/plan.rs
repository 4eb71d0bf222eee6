//! Build plans (`databases::plan`): running one on this machine, building
//! one shard (what a cluster job runs), and where every shard stands.

use std::path::{Path, PathBuf};

/// `path` made absolute (against the current directory), as the paths of a
/// plan are: every node of a cluster sees them alike.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}
