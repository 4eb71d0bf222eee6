//! Ctrl-C (SIGINT) stops a long computation, which then prints what it
//! reached and exits 0 (a table build keeps what it finished, a tournament
//! leaves the games under way uncounted); a second Ctrl-C would end the
//! process at once.

use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `cgtk args`, sends it SIGINT after a second, and returns its exit
/// code and standard output.
fn interrupt(args: &[&str]) -> (Option<i32>, String) {
    let (code, out, _) = interrupt_with_stderr(args);
    (code, out)
}

/// [`interrupt`], also returning standard error.
fn interrupt_with_stderr(args: &[&str]) -> (Option<i32>, String, String) {
    // Under `ulimit -v 4000000` (about 4 GB of address space); `exec`
    // keeps the process id the signal goes to.
    let child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn an_interrupted_table_build_keeps_what_it_finished() {
    let dir = std::env::temp_dir().join(format!("cgtk-interrupt-{}", std::process::id()));
    let (code, out) = interrupt(&[
        "dots",
        "table",
        "build",
        "3x4",
        "--quiet",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["limit"], "interrupt");
    let built = report["built"].as_u64().unwrap();
    assert!(built < report["shards"].as_u64().unwrap(), "{out}");
    // Every shard reported built is a valid file.
    let info = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["dots", "table", "info", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(info.stdout).unwrap();
    assert!(
        text.contains(&format!("{built} of 3080 shard files valid")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_amazons_value_names_the_positions_valued() {
    let (code, out) = interrupt(&["amazons", "value", "5x4", "--quiet"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with("value: unknown (interrupted after "),
        "{out}"
    );
}

#[test]
fn an_interrupted_proof_check_gives_no_verdict() {
    // The 5x5 proof's leaves take minutes to check.
    let proof = concat!(env!("CARGO_MANIFEST_DIR"), "/proofs/5x5.proof.gz");
    let (code, out, err) = interrupt_with_stderr(&["amazons", "check-proof", proof, "--quiet"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.starts_with("unknown (interrupted at node "),
        "{out}{err}"
    );
    assert!(out.contains("before every leaf was checked"), "{out}");
}

#[test]
fn an_interrupted_game_value_names_the_sums_it_computed() {
    // A sum of switches and stars that takes many seconds.
    let (code, out, err) = interrupt_with_stderr(&[
        "cgt",
        "canon",
        "+-1-v1+1-*+-4-49+-9*+-99+-8+-89*+-9999*+--9-*98",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("unknown (interrupted after "), "{out}{err}");
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

/// Runs `cgtk args`, interrupts it after a second and a half and returns
/// its exit code and output, checking it ended within a few seconds of the
/// signal (a generous bound: no tight timing is asserted).
fn interrupt_soon(args: &[&str]) -> (Option<i32>, String) {
    let start = std::time::Instant::now();
    let (code, out) = interrupt(args);
    assert!(start.elapsed() < Duration::from_secs(10), "{args:?}");
    (code, out)
}

#[test]
fn an_interrupted_nimber_prints_what_it_reached() {
    // The empty 4x4 board does not finish in seconds.
    let (code, out) = interrupt_soon(&["dots", "nimber", "4x4"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("nimstring value: unknown (interrupted after "),
        "{out}"
    );
    let (code, out) = interrupt_soon(&["dots", "nimber", "4x4", "--json"]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["limit"], "interrupt");
    assert!(report["nimber"].is_null());
}

#[test]
fn an_interrupted_tournament_reports_the_games_played() {
    // 10,000 games per pair with a Monte Carlo player take far more than
    // a second and a half.
    let (code, out) = interrupt_soon(&[
        "dots",
        "tournament",
        "--board",
        "3x3",
        "--players",
        "mcts:nodes=500,level2,greedy",
        "--games",
        "10000",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["limit"], "interrupt");
    let games: Vec<u64> = report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"].as_u64().unwrap())
        .collect();
    let (lo, hi) = (games.iter().min().unwrap(), games.iter().max().unwrap());
    assert!(hi - lo <= 1 && *hi < 10_000, "{games:?}");
}

#[test]
fn an_interrupted_move_plays_what_its_search_has() {
    // A minute per move is far more than the second and a half before the
    // signal: the player stops thinking and answers a legal edge of 5x5
    // (60 edges).
    for player in ["mcts:ms=60000", "alphabeta:ms=60000", "nimstring:ms=60000"] {
        let (code, out) = interrupt_soon(&["dots", "move", "5x5", "--player", player]);
        assert_eq!(code, Some(0), "{player}: {out}");
        let edge: usize = out
            .trim()
            .strip_prefix("edge ")
            .and_then(|e| e.parse().ok())
            .unwrap_or_else(|| panic!("{player}: {out}"));
        assert!(edge < 60, "{player}: {out}");
    }
}

#[test]
fn an_interrupt_ends_the_games_under_way_uncounted() {
    // One game of a Monte Carlo player thinking five seconds a move on
    // 3x3 (at least 12 of its moves) is far longer than the wait before
    // the signal: it ends at once and counts for nothing.
    let (code, out) = interrupt_soon(&[
        "dots",
        "tournament",
        "--board",
        "3x3",
        "--players",
        "mcts:ms=5000,level1",
        "--games",
        "2",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["limit"], "interrupt");
    assert_eq!(report["pairs"][0]["games"], 0);
    assert!(report["pairs"][0]["a_margin"].is_null());
    for r in report["ratings"].as_array().unwrap() {
        assert!(r["rating"].is_null(), "{r}");
    }
}

#[test]
fn an_interrupted_dots_plan_run_records_its_shards_for_the_next_run() {
    // The first moves of 4x4 take minutes each: the shards under way stop
    // at once, record `unknown` with limit `interrupt`, and are redone by
    // the next run.
    let dir = std::env::temp_dir().join(format!("cgtk-interrupt-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("plan.json");
    let made = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["dots", "plan", "4x4", "--emit", "json", "--out"])
        .arg(dir.join("out"))
        .arg("--plan-file")
        .arg(&file)
        .output()
        .unwrap();
    assert!(made.status.success());
    let file = file.to_str().unwrap();
    let (code, out) = interrupt(&["plan", "run", file, "--quiet", "--json", "--workers", "2"]);
    assert_eq!(code, Some(0), "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["limit"], "interrupt");
    let status = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["plan", "status", file, "--json"])
        .output()
        .unwrap();
    let status: serde_json::Value = serde_json::from_slice(&status.stdout).unwrap();
    let stopped: Vec<&serde_json::Value> = status["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["limit"] == "interrupt")
        .collect();
    assert!(!stopped.is_empty(), "{status}");
    for r in stopped {
        assert_eq!(r["state"], "unknown");
        assert_eq!(r["retried"], true);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
