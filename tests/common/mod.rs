//! Running the `cgtk` binary from the root package's integration tests (the
//! references they share are in the test kit, `tests/kit`).

#![allow(dead_code, reason = "each test binary uses a part of this module")]

pub mod plan;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the `cgtk` binary with `args`: (exit code, stdout, stderr).
pub fn cgtk(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs the `cgtk` binary with `args`, writing `stdin` to its standard input
/// (closed at once without one).
pub fn cgtk_output(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgtk");
    let mut input = child.stdin.take().expect("a piped stdin");
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(input);
    child.wait_with_output().expect("cgtk finishes")
}

/// The one JSON value a successful run printed.
pub fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON value")
}

/// Runs the `cgtk` binary with `args` under `ulimit -v 4000000` (about 4
/// GB of address space), writing `stdin` to its standard input (closed at
/// once without one): its output and the wall-clock time it took.
pub fn cgtk_bounded(args: &[&str], stdin: Option<&str>) -> (Output, std::time::Duration) {
    let start = std::time::Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgtk");
    let mut input = child.stdin.take().expect("a piped stdin");
    if let Some(text) = stdin {
        // The command may exit before it reads its input.
        let _ = input.write_all(text.as_bytes());
    }
    drop(input);
    let out = child.wait_with_output().expect("cgtk finishes");
    (out, start.elapsed())
}
