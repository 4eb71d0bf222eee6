//! The JSON contract of ARCHITECTURE.md, byte for byte: every `--json`
//! output of the CLI on fixed inputs, in one insta snapshot (times masked).
//! The report types in `src/report.rs` must keep these bytes; a change here
//! is a change of the contract.

use std::path::PathBuf;
use std::process::Command;

fn cgtk(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(args)
        .env_remove("CGTK_DB")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    mask_seconds(&text)
}

/// `"seconds":1.25` becomes `"seconds":"[s]"`: times are never snapshotted.
fn mask_seconds(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"seconds\":") {
        let start = at + "\"seconds\":".len();
        out.push_str(&rest[..start]);
        out.push_str("\"[s]\"");
        let tail = &rest[start..];
        let end = tail
            .find(|c: char| !(c.is_ascii_digit() || "+-.eE".contains(c)))
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgtk-json-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn every_json_output() {
    let db = temp_dir("db");
    let d = db.to_str().unwrap();
    for args in [
        ["--kind", "simple", "--size", "3x2", "--queens", "1"],
        ["--kind", "blocker", "--size", "3x2", "--queens", "2"],
        ["--kind", "active", "--size", "3x2", "--queens", "1,1"],
    ] {
        let mut all = vec!["db", "build", "--out", d, "--quiet"];
        all.extend(args);
        cgtk(&all);
    }
    let proof = db.join("4x4.proof");
    let p = proof.to_str().unwrap();
    cgtk(&["amazons", "solve", "4x4", "--proof", p, "--quiet"]);
    let table = db.join("t22");
    let t = table.to_str().unwrap();
    let plan = db.join("plan.json");
    let pl = plan.to_str().unwrap();
    cgtk(&[
        "dots",
        "table",
        "plan",
        "2x2",
        "--out",
        t,
        "--emit",
        "json",
        "--plan-file",
        pl,
    ]);
    let net_file = db.join("train.net");
    let net = net_file.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["cgt", "canon", "{1|*} + {2|1}", "--json"],
        vec!["cgt", "compare", "^", "*", "--json"],
        vec!["cgt", "thermograph", "{3|{2*|1*}}", "--json"],
        vec!["cgt", "thermograph", "^", "--json"],
        vec!["cgt", "cool", "{3||2*|1*}", "1/4", "--json"],
        vec!["cgt", "atomic-weight", "{^^^|vv}", "--json"],
        vec!["cgt", "incentives", "{3||2*|1*}", "--json"],
        vec!["dots", "solve", "2x2", "--json"],
        vec!["dots", "solve", "3x2:0,4", "--json"],
        vec!["dots", "analyze", "2x2:0,5", "--json"],
        vec![
            "dots",
            "move",
            "3x3:0,4,9",
            "--player",
            "level2",
            "--seed",
            "1",
            "--json",
        ],
        vec!["plan", "run", pl, "--json", "--quiet", "--workers", "1"],
        vec![
            "dots", "table", "build", "2x2", "--out", t, "--json", "--quiet",
        ],
        vec!["dots", "table", "info", t, "--json"],
        vec!["dots", "table", "query", "2x2:0,5", "--table", t, "--json"],
        vec!["amazons", "solve", "4x4", "--json"],
        vec!["amazons", "solve", "5x4", "--json"],
        vec!["amazons", "solve", "5x5", "--json", "--node-limit", "20000"],
        vec![
            "amazons",
            "solve",
            "..W/.../..B w",
            "--json",
            "--solver",
            "alphabeta",
        ],
        vec!["amazons", "eval", "..Wx/...x/..Bx/xxxx/B.xx b", "--json"],
        vec![
            "amazons",
            "eval",
            "..Wx/...x/..Bx/xxxx/B.xx b",
            "--json",
            "--db",
            d,
        ],
        vec!["amazons", "value", "..W/.../..B w", "--json"],
        vec!["amazons", "check-proof", p, "--json", "--quiet"],
        vec!["db", "query", "B../... w", "--db", d, "--json"],
        vec!["db", "query", "xxx/xxx w", "--db", d, "--json"],
        vec![
            "db",
            "query",
            "B.B/... w",
            "--blockers",
            "a2",
            "--db",
            d,
            "--json",
        ],
        vec!["db", "query", "B../..W w", "--db", d, "--json"],
        vec!["db", "query", "B...../W..... w", "--db", d, "--json"],
        vec![
            "dots",
            "train",
            "--method",
            "direct",
            "--generations",
            "2",
            "--population",
            "8",
            "--snapshots",
            "1",
            "--eval-games",
            "20",
            "--seed",
            "5",
            "--out",
            net,
            "--json",
            "--quiet",
        ],
    ];
    let mut out = String::new();
    for args in cases {
        out.push_str(&format!("$ cgtk {}\n", args.join(" ").replace(d, "DB")));
        out.push_str(&cgtk(&args).replace(d, "DB"));
    }
    let _ = std::fs::remove_dir_all(&db);
    insta::assert_snapshot!(out);
}

/// The JSON of `amazons perft`, `amazons convert-proof`, `db build`, `db
/// info` and `plan build-shard`.
#[test]
fn amazons_db_and_plan_json_outputs() {
    let dir = temp_dir("more");
    let d = dir.to_str().unwrap();
    let proof = dir.join("4x4.proof");
    let p = proof.to_str().unwrap();
    let converted = dir.join("4x4-v1.proof.gz");
    let c = converted.to_str().unwrap();
    let plan = dir.join("plan.json");
    let pl = plan.to_str().unwrap();
    let table = dir.join("t22");
    let t = table.to_str().unwrap();
    let build = [
        "db", "build", "--kind", "simple", "--size", "3x2", "--queens", "1", "--out", d, "--quiet",
        "--json",
    ];
    let cases: Vec<Vec<&str>> = vec![
        // 4,336 two-move sequences on 4x4 (issue 5, counted by hand there).
        vec!["amazons", "perft", "4x4", "2", "--json"],
        // 192 entries: the queen on one of 6 squares, each of the other 5
        // empty or burnt.
        build.to_vec(),
        // The second build keeps the file.
        build.to_vec(),
        vec!["db", "info", d, "--json"],
        vec!["amazons", "solve", "4x4", "--proof", p, "--quiet", "--json"],
        vec!["amazons", "convert-proof", p, c, "--format", "1", "--json"],
        // The checker counts the nodes of the converted file itself.
        vec!["amazons", "check-proof", c, "--json", "--quiet"],
        vec![
            "dots",
            "table",
            "plan",
            "2x2",
            "--out",
            t,
            "--emit",
            "json",
            "--plan-file",
            pl,
        ],
        vec![
            "plan",
            "build-shard",
            pl,
            "--level",
            "0",
            "--task",
            "0",
            "--json",
        ],
        vec![
            "plan",
            "build-shard",
            pl,
            "--level",
            "0",
            "--task",
            "0",
            "--json",
        ],
    ];
    let mut out = String::new();
    for args in cases {
        let shown = args.join(" ").replace(d, "DIR");
        let printed = cgtk(&args).replace(d, "DIR");
        if args[1] == "table" {
            continue;
        }
        out.push_str(&format!("$ cgtk {shown}\n{printed}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    insta::assert_snapshot!(out);
}
