//! `cgtk dots table build | query | info | plan` and `cgtk plan run |
//! build-shard`: the query's JSON has the fields and values of `dots
//! analyze --json` (ARCHITECTURE.md), a plan run locally gives the same
//! files as a build, and bad input exits with 2.

use std::process::{Command, Output};
use testkit::files::{files, temp_dir};

fn cgtk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .output()
        .expect("run cgtk")
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn query_answers_as_analyze_does() {
    let dir = temp_dir("query");
    let d = dir.to_str().unwrap();
    ok(&cgtk(&[
        "dots", "table", "build", "2x3", "--quiet", "--out", d,
    ]));
    let info = ok(&cgtk(&["dots", "table", "info", d, "--json"]));
    let info: serde_json::Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["tables"][0]["board"], "2x3");
    assert_eq!(info["tables"][0]["complete"], true);
    assert_eq!(info["tables"][0]["board_positions"], 1 << 17);
    for pos in [
        "2x3",
        "2x3:0,2,5,9,12",
        "2x3:0,1,2,3,9,12,16",
        "2x3:2,5,8,11,13,14",
    ] {
        let table: serde_json::Value = serde_json::from_str(&ok(&cgtk(&[
            "dots", "table", "query", pos, "--table", d, "--json",
        ])))
        .unwrap();
        let solver: serde_json::Value =
            serde_json::from_str(&ok(&cgtk(&["dots", "analyze", pos, "--json", "--quiet"])))
                .unwrap();
        assert_eq!(table["value"], solver["value"], "{pos}");
        assert_eq!(table["moves"], solver["moves"], "{pos}");
        assert_eq!(table["nodes"], 0);
        assert!(table["seconds"].is_f64());
        let keys = |v: &serde_json::Value| {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        assert_eq!(keys(&table), keys(&solver));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A build stopped by its time limit keeps the shards it finished and
/// says so; the next run builds the rest, and the files are those of a
/// build in one go.
#[test]
fn a_build_stopped_by_its_time_limit_resumes() {
    let stopped = temp_dir("stopped");
    let whole = temp_dir("whole");
    let build = |dir: &std::path::Path, limit: Option<&str>| {
        let mut args = vec!["dots", "table", "build", "3x3", "--quiet", "--json"];
        args.extend(["--out", dir.to_str().unwrap()]);
        if let Some(s) = limit {
            args.extend(["--time-limit", s]);
        }
        let out = ok(&cgtk(&args));
        serde_json::from_str::<serde_json::Value>(&out).unwrap()
    };
    // 406 shards take far more than a millisecond.
    let first = build(&stopped, Some("0.001"));
    assert_eq!(first["limit"], "time");
    let built = first["built"].as_u64().unwrap();
    assert!(built < 406, "{first}");
    let second = build(&stopped, None);
    assert!(second["limit"].is_null(), "{second}");
    assert_eq!(second["kept"].as_u64().unwrap(), built);
    assert_eq!(second["built"].as_u64().unwrap(), 406 - built);
    build(&whole, None);
    assert_eq!(files(&stopped, ""), files(&whole, ""));
    for p in [stopped, whole] {
        let _ = std::fs::remove_dir_all(&p);
    }
}

#[test]
fn a_plan_run_locally_gives_the_files_of_a_build() {
    let built = temp_dir("built");
    let planned = temp_dir("planned");
    let plan_file = temp_dir("plan").with_extension("json");
    ok(&cgtk(&[
        "dots",
        "table",
        "build",
        "3x2",
        "--quiet",
        "--out",
        built.to_str().unwrap(),
    ]));
    ok(&cgtk(&[
        "dots",
        "table",
        "plan",
        "3x2",
        "--emit",
        "json",
        "--out",
        planned.to_str().unwrap(),
        "--plan-file",
        plan_file.to_str().unwrap(),
    ]));
    // One shard by hand (the full board's, which needs nothing), then the
    // rest with two workers.
    let plan: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&plan_file).unwrap()).unwrap();
    let first = plan["shards"][0]["id"].as_str().unwrap();
    let out = ok(&cgtk(&[
        "plan",
        "build-shard",
        plan_file.to_str().unwrap(),
        first,
    ]));
    assert_eq!(out.trim(), format!("{first}: built"));
    let out = ok(&cgtk(&[
        "plan",
        "run",
        plan_file.to_str().unwrap(),
        "--workers",
        "2",
        "--quiet",
        "--json",
    ]));
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["kept"], 1);
    assert_eq!(files(&built, ""), files(&planned, ""));
    for p in [built, planned, plan_file] {
        let _ = std::fs::remove_dir_all(&p);
        let _ = std::fs::remove_file(&p);
    }
}

#[test]
fn bad_input_exits_with_two() {
    let plan_file = temp_dir("bad").with_extension("json");
    std::fs::write(&plan_file, "{\"format\": 1").unwrap();
    for args in [
        vec!["dots", "table", "build", "9x9", "--out", "/tmp/x"],
        vec!["dots", "table", "build", "3x3:1", "--out", "/tmp/x"],
        vec![
            "dots",
            "table",
            "build",
            "2x2",
            "--out",
            "/tmp/x",
            "--workers",
            "0",
        ],
        vec!["dots", "table", "query", "2x2:99", "--table", "/tmp/x"],
        vec!["dots", "table", "query", "2x2", "--table", "/nonexistent"],
        vec![
            "dots", "table", "plan", "2x2", "--out", "/tmp/x", "--emit", "slurm",
        ],
        vec!["plan", "run", plan_file.to_str().unwrap()],
        vec!["plan", "build-shard", "/nonexistent.json", "x"],
    ] {
        let out = cgtk(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    std::fs::remove_file(&plan_file).unwrap();
}

#[test]
fn analyze_answers_from_a_table_when_one_covers_the_position() {
    let dir = std::env::temp_dir().join(format!("cgtk-analyze-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    run(&["dots", "table", "build", "2x2", "--out", d, "--quiet"]);
    // From the table: the solver's values, nodes 0, and the text says so.
    let (table, _) = run(&["dots", "analyze", "2x2:0,5", "--table", d, "--json"]);
    let (solver, _) = run(&["dots", "analyze", "2x2:0,5", "--json"]);
    let strip = |s: &str| {
        let v: serde_json::Value = serde_json::from_str(s).unwrap();
        (
            v["value"].clone(),
            v["moves"].clone(),
            v["nodes"].as_u64().unwrap(),
        )
    };
    let (tv, tm, tn) = strip(&table);
    let (sv, sm, sn) = strip(&solver);
    assert_eq!((tv, tm, tn), (sv, sm, 0));
    assert!(sn > 0);
    let (text, _) = run(&["dots", "analyze", "2x2:0,5", "--table", d]);
    assert!(text.contains(&format!("source: table {d}")), "{text}");
    // A board the directory has no table of: the solver answers, with a note.
    let (text, err) = run(&["dots", "analyze", "1x2", "--table", d]);
    assert!(text.contains("nodes:"), "{text}");
    assert!(err.contains("solving instead"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
