//! Long Dots-and-Boxes solves as plans (`cgtk dots plan`, `cgtk plan
//! run`): the gathered value of the root is `cgtk dots solve`'s, every
//! first move's is `cgtk dots analyze`'s (3x3: -3, Barker & Korf 2012,
//! Table 1), shards stopped by their limit record bounds and are retried
//! by a plan without the limit or split into their replies, a plan with a
//! window settles the root with bounds (needless replies left unsearched)
//! and keeps them for the next window, and bad input is refused in one
//! line.

mod common;

use common::cgtk;
use common::plan::{ok, plan, read_json, run, s, status, temp_dir};
use serde_json::Value;

/// `dots <command> <position> --json --quiet`.
fn solver(command: &str, position: &str) -> Value {
    serde_json::from_str(&ok(&cgtk(&[
        "dots", command, position, "--json", "--quiet",
    ])))
    .unwrap()
}

/// Every move's value, `(edge, value)`, from a root result file or from
/// `dots analyze --json`.
fn move_values(moves: &Value) -> Vec<(u64, i64)> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["edge"].as_u64().unwrap(), m["value"].as_i64().unwrap()))
        .collect()
}

/// Plans `position` split as `extra` says, runs it, and checks the root's
/// value and every first move's against `dots solve` and `dots analyze`;
/// returns the root's result.
fn check_against_the_solver(name: &str, position: &str, extra: &[&str]) -> Value {
    let root = temp_dir("dots", name);
    let file = plan("dots", &root, position, extra);
    let report = run(&file);
    assert_eq!(report["limit"], Value::Null);
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["status"], "proved", "{result}");
    assert_eq!(result["value"], solver("solve", position)["value"]);
    let analysis = solver("analyze", position);
    assert_eq!(
        move_values(&result["moves"]),
        move_values(&analysis["moves"])
    );
    // Each first move's own shard shows the same value in `plan status`.
    let st = status(&file);
    assert_eq!(st["missing"], 0);
    assert_eq!(st["unknown"], 0);
    for r in st["results"].as_array().unwrap() {
        let id = r["id"].as_str().unwrap();
        let Some(edge) = id.strip_prefix("solve.").filter(|e| !e.contains('.')) else {
            continue;
        };
        let edge: u64 = edge.parse().unwrap();
        let expected = move_values(&analysis["moves"])
            .into_iter()
            .find(|&(e, _)| e == edge)
            .unwrap()
            .1;
        assert_eq!(r["move_value"], expected, "{id}");
    }
    std::fs::remove_dir_all(&root).unwrap();
    result
}

#[test]
fn first_moves_of_3x3_gather_the_solvers_value() {
    // 3x3: -3 (Barker & Korf 2012, Table 1); its 24 first moves fall into
    // 4 classes under the 8 symmetries of the square.
    let result = check_against_the_solver("3x3", "3x3", &[]);
    assert_eq!(result["value"], -3);
    let moves = result["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 24);
    let shards: std::collections::BTreeSet<&str> =
        moves.iter().map(|m| m["shard"].as_str().unwrap()).collect();
    assert_eq!(shards.len(), 4);
}

#[test]
fn first_moves_and_replies_of_2x3_gather_the_solvers_values() {
    check_against_the_solver("2x3", "2x3", &[]);
    let replies = check_against_the_solver("2x3-replies", "2x3", &["--split", "replies"]);
    assert_eq!(replies["moves"].as_array().unwrap().len(), 17);
}

#[test]
fn moves_that_complete_boxes_keep_the_turn() {
    // Box 0 of 2x2 has three sides: edge 7 completes it (the mover moves
    // again), and several first moves are worth different amounts.
    let result = check_against_the_solver("capture", "2x2:0,2,6,9", &["--split", "replies"]);
    let moves = result["moves"].as_array().unwrap();
    assert!(moves.iter().any(|m| m["gain"] == 1));
    let values: std::collections::BTreeSet<i64> =
        moves.iter().map(|m| m["value"].as_i64().unwrap()).collect();
    assert!(values.len() > 1, "{values:?}");
}

#[test]
fn limited_shards_record_bounds_and_a_plan_without_the_limit_settles_them() {
    let root = temp_dir("dots", "limits");
    let file = plan("dots", &root, "3x3", &["--node-limit", "500"]);
    run(&file);
    let st = status(&file);
    assert!(st["unknown"].as_u64().unwrap() >= 2, "{st}");
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["status"], "unknown");
    assert_eq!(result["value"], Value::Null);
    let (lower, upper) = (
        result["lower"].as_i64().unwrap(),
        result["upper"].as_i64().unwrap(),
    );
    assert!(lower <= -3 && -3 <= upper && lower < upper, "{result}");
    for r in st["results"].as_array().unwrap() {
        if r["id"] != "solve" && r["state"] == "unknown" {
            assert_eq!(r["limit"], "node");
            // Done for a plan with no larger limits.
            assert_eq!(r["retried"], false);
            let [lo, hi] = [&r["bounds"][0], &r["bounds"][1]].map(|b| b.as_i64().unwrap());
            assert!(lo < hi);
        }
    }
    let text = ok(&cgtk(&["plan", "status", s(&file)]));
    assert!(text.contains("value in ["), "{text}");
    // The same plan again repeats nothing but the unknown root gather.
    let again = run(&file);
    assert_eq!(again["built"], 1, "{again}");
    // Without the limit: the unknown shards are retried, the others kept.
    let file = plan("dots", &root, "3x3", &[]);
    let st = status(&file);
    assert!(st["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["state"] == "done" || r["retried"] == true));
    let report = run(&file);
    assert!(report["built"].as_u64().unwrap() >= 3, "{report}");
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["value"], -3);
    assert_eq!(
        move_values(&result["moves"]),
        move_values(&solver("analyze", "3x3")["moves"])
    );
    let text = ok(&cgtk(&["plan", "run", s(&file), "--quiet"]));
    assert!(text.contains("value: -3"), "{text}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn shards_stopped_by_their_limit_split_into_their_replies() {
    let root = temp_dir("dots", "split");
    // First moves of 3x3 take 24,000 to 51,000 nodes (36,387 for the first
    // from an empty table; the worker's later shards reuse it), their
    // replies mostly fewer than 30,000: one or two splits settle all.
    // (Each split multiplies a line's shards by its moves: a limit that
    // stops most replies too would make thousands of shards.)
    let limit = ["--node-limit", "30000"];
    let file = plan("dots", &root, "3x3", &limit);
    run(&file);
    let before = status(&file);
    assert!(before["unknown"].as_u64().unwrap() >= 2, "{before}");
    // Split what ended unknown, run, and again, until the root is settled.
    let mut with_split = limit.to_vec();
    with_split.push("--split-unknown");
    let mut rounds = 0;
    loop {
        let file = plan("dots", &root, "3x3", &with_split);
        run(&file);
        rounds += 1;
        let result = read_json(&root.join("out/solve.result.json"));
        if result["status"] == "proved" {
            assert_eq!(result["value"], -3);
            assert_eq!(
                move_values(&result["moves"]),
                move_values(&solver("analyze", "3x3")["moves"])
            );
            let st = status(&file);
            assert_eq!(st["unknown"], 0, "{st}");
            assert!(st["shards"].as_u64() > before["shards"].as_u64());
            // Split lines are gathers at the ids of the shards they replace.
            let plan = read_json(&file);
            let gathers = plan["shards"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["step"] == "gather" && s["id"] != "solve")
                .count();
            assert!(gathers >= 1);
            break;
        }
        assert!(rounds < 8, "not settled after {rounds} splits: {result}");
    }
    // A plan of the directory without --split-unknown is the plain split
    // again: its first-move shards are solves, retried where split.
    let file = plan("dots", &root, "3x3", &limit);
    let plain = read_json(&file);
    assert!(plain["shards"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["step"] == "solve" || s["id"] == "solve"));
    std::fs::remove_dir_all(&root).unwrap();
}

/// Checks a windowed root result against `dots analyze`: every move's
/// bounds hold its value, a move worth `value` (the target) is exact, and
/// the root is `value` with the analysis's best moves.
fn check_windowed_root(result: &Value, analysis: &Value, value: i64) {
    assert_eq!(result["status"], "proved", "{result}");
    assert_eq!(result["value"], value);
    let expected = move_values(&analysis["moves"]);
    let moves = result["moves"].as_array().unwrap();
    assert_eq!(moves.len(), expected.len());
    for (m, &(edge, v)) in moves.iter().zip(&expected) {
        assert_eq!(m["edge"], edge);
        let (lo, hi) = (m["lower"].as_i64().unwrap(), m["upper"].as_i64().unwrap());
        assert!(lo <= v && v <= hi, "move {edge}: {v} not in [{lo}, {hi}]");
        if v == value {
            assert_eq!((lo, hi), (v, v), "move {edge}");
        } else {
            // Below the root's value: the window (value - 1, value + 1)
            // needs no more than that.
            assert!(hi < value, "move {edge}: [{lo}, {hi}]");
        }
    }
    let best: Vec<u64> = expected
        .iter()
        .filter(|&&(_, v)| v == value)
        .map(|&(e, _)| e)
        .collect();
    let best_moves: Vec<u64> = result["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_u64().unwrap())
        .collect();
    assert_eq!(best_moves, best);
}

#[test]
fn a_target_settles_the_root_with_windows_and_keeps_its_bounds() {
    // 3x3 is -3 (Barker & Korf 2012, Table 1), and so is every first move.
    // Tested against -1, by replies, the root is at most -3: one reply
    // that wins 3 boxes refutes each first move, and the replies after it
    // are needless.
    let root = temp_dir("dots", "target");
    let file = plan(
        "dots",
        &root,
        "3x3",
        &["--split", "replies", "--target", "-1"],
    );
    let report = run(&file);
    assert_eq!(report["limit"], Value::Null);
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["status"], "bounded", "{result}");
    assert_eq!(result["value"], Value::Null);
    assert!(result["upper"].as_i64().unwrap() <= -3, "{result}");
    let text = ok(&cgtk(&["plan", "run", s(&file), "--quiet"]));
    assert!(text.contains("value: at most -3"), "{text}");
    let st = status(&file);
    assert_eq!(st["missing"], 0, "{st}");
    assert_eq!(st["unknown"], 0, "{st}");
    let needless = st["needless"].as_u64().unwrap();
    assert!(needless > 0, "{st}");
    let text = ok(&cgtk(&["plan", "status", s(&file)]));
    assert!(text.contains("needless"), "{text}");
    // Every reply searched decided its window: exact, or a bound beyond it.
    for r in st["results"].as_array().unwrap() {
        if r["state"] == "done" && r["value"].is_null() {
            let [lo, hi] = [&r["bounds"][0], &r["bounds"][1]].map(|b| b.as_i64().unwrap());
            assert!(lo < hi, "{r}");
        }
    }
    // Against -3 in the same directory: the value, with every first move's
    // as `dots analyze` finds it; the bounds found against -1 that decide
    // the new windows are kept, the needless replies searched.
    let file = plan(
        "dots",
        &root,
        "3x3",
        &["--split", "replies", "--target", "-3"],
    );
    let again = run(&file);
    assert!(again["kept"].as_u64().unwrap() > 0, "{again}");
    let result = read_json(&root.join("out/solve.result.json"));
    check_windowed_root(&result, &solver("analyze", "3x3"), -3);
    std::fs::remove_dir_all(&root).unwrap();
    // By first moves against the right target: the value of `dots solve`
    // (3x4 is a tie: Wilson, in Barker & Korf 2012), each first move
    // bounded as the root needs.
    let root = temp_dir("dots", "target-3x4");
    let file = plan("dots", &root, "3x4", &["--target", "0"]);
    run(&file);
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["value"], solver("solve", "3x4")["value"]);
    let analysis = solver("analyze", "3x4");
    check_windowed_root(&result, &analysis, 0);
    std::fs::remove_dir_all(&root).unwrap();
    // A tie as two null-window plans into one directory, by replies: at
    // least 0, then at most 0, each shard one test; the root's bounds and
    // every first move's are kept from the first plan to the second.
    let root = temp_dir("dots", "null-windows");
    let file = plan(
        "dots",
        &root,
        "3x4",
        &["--split", "replies", "--at-least", "0"],
    );
    run(&file);
    let first = read_json(&root.join("out/solve.result.json"));
    assert_eq!(first["status"], "bounded", "{first}");
    assert_eq!(first["lower"], 0, "{first}");
    assert!(status(&file)["needless"].as_u64().unwrap() > 0);
    let file = plan(
        "dots",
        &root,
        "3x4",
        &["--split", "replies", "--at-most", "0"],
    );
    run(&file);
    let result = read_json(&root.join("out/solve.result.json"));
    assert_eq!(result["status"], "proved", "{result}");
    assert_eq!(result["value"], 0);
    let expected = move_values(&analysis["moves"]);
    for (m, &(edge, v)) in result["moves"].as_array().unwrap().iter().zip(&expected) {
        let (lo, hi) = (m["lower"].as_i64().unwrap(), m["upper"].as_i64().unwrap());
        assert!(lo <= v && v <= hi, "move {edge}: {v} not in [{lo}, {hi}]");
    }
    // The moves known to tie are ties.
    for e in result["best_moves"].as_array().unwrap() {
        let e = e.as_u64().unwrap();
        assert!(expected.contains(&(e, 0)), "move {e}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_slurm_script_builds_every_shard() {
    let root = temp_dir("dots", "slurm");
    let file = root.join("plan.json");
    let script = ok(&cgtk(&[
        "dots",
        "plan",
        "2x2",
        "--out",
        s(&root.join("out")),
        "--emit",
        "slurm",
        "--plan-file",
        s(&file),
    ]));
    let plan = read_json(&file);
    for shard in plan["shards"].as_array().unwrap() {
        let id = shard["id"].as_str().unwrap();
        assert!(
            script.contains(&format!("plan build-shard \\\"$PLAN\\\" {id}\"")),
            "{id}"
        );
    }
    // A cluster job: one shard from its file.
    let first = plan["shards"][0]["id"].as_str().unwrap();
    let out = ok(&cgtk(&["plan", "build-shard", s(&file), first]));
    assert_eq!(out.trim(), format!("{first}: built"));
    let (code, _, err) = cgtk(&["plan", "build-shard", s(&file), "solve"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is not built"), "{err}");
    std::fs::remove_dir_all(&root).unwrap();
}

/// Bad input: exit 2 and one line on stderr naming what is wrong.
fn refused(args: &[&str], names: &str) {
    let (code, out, err) = cgtk(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(names), "{args:?}: {err}");
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let root = temp_dir("dots", "bad");
    let out = root.join("out");
    let base = ["dots", "plan", "--out", s(&out), "--emit", "json"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter().chain(extra).map(|a| (*a).to_owned()).collect()
    };
    let cases: [(&[&str], &str); 11] = [
        (&["3y3"], "malformed board size"),
        (&["2x2:0,0"], "duplicate edge 0"),
        (&["2x2:99"], "edge 99 out of range"),
        (&["2x2", "--tt-mb", "0"], "--tt-mb"),
        (&["2x2", "--time-limit", "0"], "--time-limit"),
        (&["2x2", "--node-limit", "0"], "--node-limit"),
        (&["2x2", "--split", "halves"], "--split"),
        (&["2x2", "--target", "65"], "--target"),
        (&["2x2", "--target", "one"], "--target"),
        (&["2x2", "--at-least", "-65"], "--at-least"),
        (&["2x2", "--target", "0", "--at-most", "0"], "--at-most"),
    ];
    for (extra, names) in cases {
        let args = with(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&args, names);
    }
    let args = ["dots", "plan", "2x2", "--out", s(&out), "--emit", "slurm"];
    refused(&args, "--plan-file");
    // Plan files: not JSON, and a Dots shard whose line is not legal.
    let file = root.join("plan.json");
    std::fs::write(&file, "{\"format\": ").unwrap();
    refused(&["plan", "run", s(&file)], "plan.json");
    let good = plan("dots", &root, "2x2", &[]);
    let text = std::fs::read_to_string(&good).unwrap();
    let mut bad: Value = serde_json::from_str(&text).unwrap();
    bad["shards"][0]["line"] = serde_json::json!([0, 0]);
    std::fs::write(&file, bad.to_string()).unwrap();
    refused(&["plan", "run", s(&file)], "duplicate edge 0");
    let mut bad: Value = serde_json::from_str(&text).unwrap();
    bad["shards"][0]["options"]["tt_mb"] = serde_json::json!(0);
    std::fs::write(&file, bad.to_string()).unwrap();
    refused(&["plan", "status", s(&file)], "tt_mb 0 out of range");
    let mut bad: Value = serde_json::from_str(&text).unwrap();
    bad["shards"][0]["line"] = serde_json::json!("0");
    std::fs::write(&file, bad.to_string()).unwrap();
    refused(&["plan", "build-shard", s(&file), "solve.0"], "not a plan");
    std::fs::remove_dir_all(&root).unwrap();
}
