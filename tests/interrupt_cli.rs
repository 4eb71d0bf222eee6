//! Ctrl-C (SIGINT) stops a long search, which then prints what it reached
//! and exits 0; a second Ctrl-C would end the process at once.

use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `cgtk args`, sends it SIGINT after a second, and returns its exit
/// code and standard output.
fn interrupt(args: &[&str]) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn an_interrupted_dots_solve_prints_its_bounds() {
    // 5x5 is far beyond a second and a half of search.
    let (code, out) = interrupt(&["dots", "solve", "5x5"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with("value: unknown (interrupted; value in [-25, +25])"),
        "{out}"
    );
}

#[test]
fn an_interrupted_amazons_solve_reports_the_interrupt() {
    let (code, out) = interrupt(&["amazons", "solve", "5x6", "--json"]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["status"], "unknown");
    assert_eq!(report["limit"], "interrupt");
    assert!(report["nodes"].as_u64().unwrap() > 0);
}
