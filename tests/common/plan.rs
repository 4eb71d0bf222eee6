//! What the plan tests of every game share: a directory of their own, a
//! plan written by `cgtk GAME plan`, and `cgtk plan run` and `plan status`
//! read back as JSON.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::cgtk;

/// A fresh temporary directory for test `name` of `game`'s plans.
pub fn temp_dir(game: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-{game}-plan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The stdout of a run that must succeed.
pub fn ok(run: &(i32, String, String)) -> String {
    assert_eq!(run.0, 0, "stderr: {}", run.2);
    run.1.clone()
}

/// A path as the text of an argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Writes the plan of `position` (`cgtk GAME plan`, with `extra` options)
/// to `root/plan.json` for the directory `root/out`; returns the plan file.
pub fn plan(game: &str, root: &Path, position: &str, extra: &[&str]) -> PathBuf {
    let file = root.join("plan.json");
    let out = root.join("out");
    let mut args = vec![
        game,
        "plan",
        position,
        "--out",
        s(&out),
        "--emit",
        "json",
        "--plan-file",
        s(&file),
    ];
    args.extend_from_slice(extra);
    ok(&cgtk(&args));
    file
}

/// `plan run --json` of `file`.
pub fn run(file: &Path) -> Value {
    let out = ok(&cgtk(&["plan", "run", s(file), "--quiet", "--json"]));
    serde_json::from_str(&out).unwrap()
}

/// `plan status --json` of `file`.
pub fn status(file: &Path) -> Value {
    let out = ok(&cgtk(&["plan", "status", s(file), "--json"]));
    serde_json::from_str(&out).unwrap()
}

/// A JSON file.
pub fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}
