//! A real single-node Slurm cluster: submit the plans of the 2x3 and 2x2
//! whole-board Dots tables, of a small set of Amazons databases and of the
//! Amazons 4x4 solve split at the first moves, wait for their jobs, and
//! check the files are byte for byte those of a local build; submit the
//! plan of the Dots-and-Boxes 3x4 solve split at the first moves and check
//! its values against the solver's.
//!
//! Ignored unless asked for: needs a running cluster named by `SLURM_CONF`
//! (`.ci/slurm-local up`, then `eval "$(.ci/slurm-local env)"`, then
//! `cargo test --test plan_slurm -- --ignored`; `.ci/run` does so).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const CGTK: &str = env!("CARGO_BIN_EXE_cgtk");

/// How long the cluster may take for one plan.
const TIMEOUT: Duration = Duration::from_secs(600);

/// Fails, saying how to start one, unless a cluster is named.
fn assert_cluster() {
    assert!(
        std::env::var_os("SLURM_CONF").is_some(),
        "no Slurm cluster: run `.ci/slurm-local up`, then `eval \"$(.ci/slurm-local env)\"`"
    );
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("command runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The shard files of a directory, by name (logs left out).
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    testkit::files::files(dir, ".cgtkdb")
}

/// Submits the plan that `plan_args` (a `cgtk` command writing a plan)
/// makes, in Slurm mode `mode`, and waits for its jobs; returns the
/// directory of the files.
fn submit_and_wait(root: &Path, plan_args: &[&str], mode: &str) -> PathBuf {
    let board = plan_args.join(" ");
    let table = root.join("table");
    let plan = root.join("plan.json");
    let script = run(Command::new(CGTK)
        .args(plan_args)
        .args(["--emit", "slurm", "--slurm-mode", mode])
        .arg("--out")
        .arg(&table)
        .arg("--plan-file")
        .arg(&plan));
    let script_path = root.join("submit.sh");
    std::fs::write(&script_path, script).unwrap();
    let ids = run(Command::new("bash").arg(&script_path).env("CGTK", CGTK));
    let ids: Vec<&str> = ids.lines().collect();
    assert!(!ids.is_empty());
    let start = Instant::now();
    loop {
        let queued = run(Command::new("squeue").args(["-h", "-o", "%i %T", "-j", &ids.join(",")]));
        if queued.trim().is_empty() {
            break;
        }
        if start.elapsed() > TIMEOUT {
            let _ = Command::new("scancel").args(&ids).status();
            panic!("{board} {mode}: jobs still queued after {TIMEOUT:?}:\n{queued}");
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    table
}

/// Runs `plan_args` on the cluster and `build_args` (the same files built
/// here, with `--out DIR` added) locally, and compares the files.
fn check(name: &str, plan_args: &[&str], build_args: &[&str], mode: &str) {
    let board = name;
    let root =
        std::env::temp_dir().join(format!("cgtk-slurm-{name}-{mode}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let table = submit_and_wait(&root, plan_args, mode);
    let local = root.join("local");
    run(Command::new(CGTK).args(build_args).arg("--out").arg(&local));
    let (cluster, here) = (files(&table), files(&local));
    assert!(!here.is_empty());
    assert_eq!(
        cluster.len(),
        here.len(),
        "{board} {mode}: shard files missing on the cluster side"
    );
    assert!(
        cluster == here,
        "{board} {mode}: files differ from the local build"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
#[ignore = "needs a Slurm cluster (SLURM_CONF): see .ci/slurm-local"]
fn two_by_three_table_on_slurm_matches_a_local_build() {
    assert_cluster();
    // The 2x3 table as one job per shard (420 jobs chained by afterok;
    // about 3 minutes on a 2-core node), the 2x2 table as one job array
    // per level (55 shards in 13 arrays).
    let table = |board| {
        (
            ["dots", "table", "plan", board],
            ["dots", "table", "build", board, "--quiet"],
        )
    };
    let (plan, build) = table("2x3");
    check("2x3", &plan, &build, "per-shard");
    let (plan, build) = table("2x2");
    check("2x2", &plan, &build, "arrays");
}

#[test]
#[ignore = "needs a Slurm cluster (SLURM_CONF): see .ci/slurm-local"]
fn amazons_databases_on_slurm_match_a_local_build() {
    assert_cluster();
    // The blocker tables of 3x2 with two queens: simple q2, then q1b1, then
    // q0b2, each job after the one it reads.
    let tables = ["--kind", "blocker", "--size", "3x2", "--queens", "2"];
    let plan: Vec<&str> = ["db", "plan"].into_iter().chain(tables).collect();
    let build: Vec<&str> = ["db", "build", "--quiet"]
        .into_iter()
        .chain(tables)
        .collect();
    check("amazons-blocker-3x2", &plan, &build, "per-shard");
}

#[test]
#[ignore = "needs a Slurm cluster (SLURM_CONF): see .ci/slurm-local"]
fn amazons_solve_on_slurm_matches_a_local_run() {
    assert_cluster();
    // The 4x4 start, one job per first move (up to the mirror image) and a
    // gather job after them all; one search thread, so that proofs are the
    // same byte for byte wherever they are found.
    let root = std::env::temp_dir().join(format!("cgtk-slurm-solve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let plan_args = ["amazons", "plan", "4x4", "--threads", "1"];
    let cluster = submit_and_wait(&root, &plan_args, "per-shard");
    let local = root.join("local");
    let local_plan = root.join("local-plan.json");
    run(Command::new(CGTK)
        .args(plan_args)
        .args(["--emit", "json", "--out"])
        .arg(&local)
        .arg("--plan-file")
        .arg(&local_plan));
    run(Command::new(CGTK)
        .args(["plan", "run", "--quiet"])
        .arg(&local_plan));
    // Solve shards' proofs are gzip-compressed, gathers' plain.
    let proofs = |dir: &Path| {
        let mut files = testkit::files::files(dir, ".proof");
        files.extend(testkit::files::files(dir, ".proof.gz"));
        files
    };
    let (there, here) = (proofs(&cluster), proofs(&local));
    assert!(here.iter().any(|(name, _)| name == "solve.proof"));
    assert_eq!(
        there.len(),
        here.len(),
        "proof files missing on the cluster side"
    );
    assert!(there == here, "proofs differ from the local run");
    // The same verdict for every shard (the times differ).
    let verdicts = |dir: &Path| -> Vec<(String, serde_json::Value, serde_json::Value)> {
        testkit::files::files(dir, ".result.json")
            .into_iter()
            .map(|(name, bytes)| {
                let r: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                (name, r["status"].clone(), r["winner"].clone())
            })
            .collect()
    };
    assert_eq!(verdicts(&cluster), verdicts(&local));
    // The gathered proof checks, and gives the solver's verdict.
    let check = run(Command::new(CGTK)
        .args(["amazons", "check-proof", "--quiet"])
        .arg(cluster.join("solve.proof")));
    assert_eq!(check.trim(), "valid");
    let solved: serde_json::Value = serde_json::from_str(&run(
        Command::new(CGTK).args(["amazons", "solve", "4x4", "--json", "--quiet"])
    ))
    .unwrap();
    let gathered: serde_json::Value =
        serde_json::from_slice(&std::fs::read(cluster.join("solve.result.json")).unwrap()).unwrap();
    assert_eq!(gathered["winner"], solved["winner"]);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
#[ignore = "needs a Slurm cluster (SLURM_CONF): see .ci/slurm-local"]
fn dots_solve_on_slurm_gives_the_solvers_values() {
    assert_cluster();
    // The empty 3x4 board, one job per first move up to the board's 4
    // symmetries, and a gather job after them all.
    let root = std::env::temp_dir().join(format!("cgtk-slurm-dots-solve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let dir = submit_and_wait(&root, &["dots", "plan", "3x4"], "per-shard");
    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("solve.result.json")).unwrap()).unwrap();
    // 3x4: a tie under perfect play (Barker & Korf 2012, Table 1).
    assert_eq!(result["status"], "proved", "{result}");
    assert_eq!(result["value"], 0);
    // Every first move's value is the solver's (computed here with the
    // library).
    let pos: dots::Position = "3x4".parse().unwrap();
    let analysis = dots::Solver::new(pos.board(), dots::Options::default())
        .analyze(&pos, cgt::budget::Limits::NONE)
        .unwrap();
    assert_eq!(analysis.value, 0);
    let gathered: Vec<(u64, i64)> = result["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["edge"].as_u64().unwrap(), m["value"].as_i64().unwrap()))
        .collect();
    let expected: Vec<(u64, i64)> = analysis
        .moves
        .iter()
        .map(|&(e, v)| (e.index() as u64, i64::from(v)))
        .collect();
    assert_eq!(gathered, expected);
    // Every shard wrote its result (the twins' moves have none of their own).
    let shards = testkit::files::files(&dir, ".result.json");
    let twins = result["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["twin"] == true)
        .count();
    assert_eq!(shards.len(), 1 + gathered.len() - twins);
    std::fs::remove_dir_all(&root).unwrap();
    // With a null window, "at least 0?": the jobs run side by side, a
    // first move that ties settles the root, and the jobs of the others
    // end needless (before or while they search) or with their bounds; the
    // root is at least 0 and, 3x4 being a tie, no more.
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let dir = submit_and_wait(
        &root,
        &["dots", "plan", "3x4", "--at-least", "0"],
        "per-shard",
    );
    let result: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("solve.result.json")).unwrap()).unwrap();
    assert!(
        result["status"] == "bounded" || result["status"] == "proved",
        "{result}"
    );
    assert_eq!(result["lower"], 0, "{result}");
    for m in result["moves"].as_array().unwrap() {
        let edge = m["edge"].as_u64().unwrap() as usize;
        let v = expected.iter().find(|e| e.0 as usize == edge).unwrap().1;
        let (lo, hi) = (m["lower"].as_i64().unwrap(), m["upper"].as_i64().unwrap());
        assert!(lo <= v && v <= hi, "move {edge}: {v} not in [{lo}, {hi}]");
    }
    std::fs::remove_dir_all(&root).unwrap();
}
