//! `cgtk dots solve | analyze`: output, JSON fields (ARCHITECTURE.md) and
//! bad input. Expected values come from a naive memoised negamax written
//! here from the rules, or from the literature where named.

use std::collections::HashMap;

mod common;
use common::{cgtk_output as cgtk, json};

/// Naive reference on a `w x h` board (edges numbered as in
/// ARCHITECTURE.md): the value of each legal move of `drawn`.
fn naive_moves(w: usize, h: usize, drawn: u64) -> Vec<(usize, i32)> {
    let nh = (h + 1) * w;
    let n = nh + h * (w + 1);
    let boxes: Vec<[usize; 4]> = (0..w * h)
        .map(|b| {
            let (r, c) = (b / w, b % w);
            let v = nh + r * (w + 1) + c;
            [r * w + c, (r + 1) * w + c, v, v + 1]
        })
        .collect();
    let completes = |d: u64, e: usize| {
        boxes
            .iter()
            .filter(|bx| bx.contains(&e) && bx.iter().all(|&x| (d | 1 << e) >> x & 1 == 1))
            .count() as i32
    };
    fn value(
        d: u64,
        n: usize,
        memo: &mut HashMap<u64, i32>,
        completes: &dyn Fn(u64, usize) -> i32,
    ) -> i32 {
        if let Some(&v) = memo.get(&d) {
            return v;
        }
        let mut best = if d == (1 << n) - 1 { 0 } else { i32::MIN };
        for e in (0..n).filter(|&e| d >> e & 1 == 0) {
            let k = completes(d, e);
            let child = value(d | 1 << e, n, memo, completes);
            best = best.max(if k > 0 { k + child } else { -child });
        }
        memo.insert(d, best);
        best
    }
    let mut memo = HashMap::new();
    (0..n)
        .filter(|&e| drawn >> e & 1 == 0)
        .map(|e| {
            let k = completes(drawn, e);
            let child = value(drawn | 1 << e, n, &mut memo, &completes);
            (e, if k > 0 { k + child } else { -child })
        })
        .collect()
}

#[test]
fn solve_json_has_the_contract_fields() {
    // 2x2 is +2 for the first player (Wilson; and the naive reference).
    let out = json(&cgtk(&["dots", "solve", "2x2", "--json"], None));
    let moves = naive_moves(2, 2, 0);
    let value = moves.iter().map(|m| m.1).max().unwrap();
    assert_eq!(value, 2);
    assert_eq!(out["value"], value);
    let best: Vec<usize> = moves.iter().filter(|m| m.1 == value).map(|m| m.0).collect();
    assert_eq!(out["best_moves"], serde_json::json!(best));
    assert!(out["nodes"].as_u64().unwrap() > 0);
    assert!(out["seconds"].as_f64().unwrap() >= 0.0);
}

/// The `edge` and `value` of every move of a `dots analyze --json` (the
/// loony marks are checked in `dots_nimber_cli.rs`).
fn edge_values(out: &serde_json::Value) -> Vec<serde_json::Value> {
    out["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::json!({"edge": m["edge"], "value": m["value"]}))
        .collect()
}

#[test]
fn analyze_json_gives_every_move_its_naive_value() {
    let pos = "2x3:0,2,5,9,12";
    let drawn = [0, 2, 5, 9, 12].iter().fold(0u64, |d, e| d | 1 << e);
    let out = json(&cgtk(&["dots", "analyze", pos, "--json"], None));
    let expected: Vec<serde_json::Value> = naive_moves(2, 3, drawn)
        .into_iter()
        .map(|(e, v)| serde_json::json!({"edge": e, "value": v}))
        .collect();
    assert_eq!(edge_values(&out), expected);
}

#[test]
fn text_output_and_switches() {
    // 3x3 is -3 (Barker & Korf 2012), with every technique switched off too.
    let all = cgtk(&["dots", "solve", "3x3"], None);
    assert!(all.status.success());
    let text = String::from_utf8(all.stdout).unwrap();
    assert!(text.contains("value: -3"), "{text}");
    let off = cgtk(
        &[
            "dots",
            "solve",
            "3x3:0,1,2,12,13",
            "--json",
            "--no-symmetry",
            "--no-corners",
            "--no-centre-out",
            "--one-bound",
            "--partial-tt",
            "--no-mtd",
            "--no-loony",
            "--no-handout-bound",
            "--no-one-opening",
            "--no-etc",
            "--no-etc-values",
            "--wide-tt",
            "--tt-mb",
            "1",
        ],
        None,
    );
    let on = cgtk(&["dots", "solve", "3x3:0,1,2,12,13", "--json"], None);
    let (off, on) = (json(&off), json(&on));
    assert_eq!(off["value"], on["value"]);
    assert_eq!(off["best_moves"], on["best_moves"]);
}

#[test]
fn two_threads_give_the_naive_values() {
    let pos = "3x2:1,4,8,12";
    let drawn = [1, 4, 8, 12].iter().fold(0u64, |d, e| d | 1 << e);
    let moves = naive_moves(3, 2, drawn);
    let value = moves.iter().map(|m| m.1).max().unwrap();
    let expected: Vec<serde_json::Value> = moves
        .iter()
        .map(|&(e, v)| serde_json::json!({"edge": e, "value": v}))
        .collect();
    let args = ["dots", "analyze", pos, "--json", "--threads", "2"];
    let out = json(&cgtk(&args, None));
    assert_eq!(out["value"], value);
    assert_eq!(edge_values(&out), expected);
    let best: Vec<usize> = moves.iter().filter(|m| m.1 == value).map(|m| m.0).collect();
    let args = ["dots", "solve", pos, "--json", "--threads", "2"];
    assert_eq!(
        json(&cgtk(&args, None))["best_moves"],
        serde_json::json!(best)
    );
}

#[test]
fn reads_a_pasted_diagram_from_stdin() {
    // Edges 0, 4 and 5 of 2x1 (ARCHITECTURE.md numbering).
    // As `dots show` prints it, and in the compact form.
    let moves = naive_moves(2, 1, 1 | 1 << 4 | 1 << 5);
    for diagram in [
        " + --- +     +\n |     |\n +     +     +\n",
        "+---+   +\n|   |\n+   +   +\n",
    ] {
        let out = json(&cgtk(&["dots", "solve", "-", "--json"], Some(diagram)));
        assert_eq!(out["value"], moves.iter().map(|m| m.1).max().unwrap());
    }
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for (args, needle) in [
        (vec!["dots", "solve", "6x6"], "unknown board size"),
        (vec!["dots", "solve", "3y3"], "malformed board size"),
        (vec!["dots", "solve", "2x2:12"], "edge 12 out of range"),
        (vec!["dots", "analyze", "2x2:3,1,3"], "duplicate edge 3"),
        (vec!["dots", "solve", "2x2:a"], "malformed edge"),
        (
            vec!["dots", "solve", "+---+\n|   x\n+---+"],
            "malformed diagram at line 2",
        ),
        (vec!["dots", "solve", "2x2", "--tt-mb", "70000"], "--tt-mb"),
        (vec!["dots", "solve", "2x2", "--threads", "0"], "--threads"),
    ] {
        let out = cgtk(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_limit_ends_with_bounds_around_the_value() {
    // The empty 3x3 board is worth -3 (Barker & Korf 2012); a search cut
    // short must report bounds that contain it, with exit code 0.
    for args in [
        vec!["dots", "solve", "3x3", "--json", "--node-limit", "3000"],
        vec!["dots", "analyze", "3x3", "--json", "--node-limit", "3000"],
        vec![
            "dots",
            "solve",
            "3x3",
            "--json",
            "--node-limit",
            "3000",
            "--threads",
            "2",
        ],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["limit"], "node", "{args:?}: {v}");
        assert!(v["value"].is_null(), "{v}");
        let (lo, hi) = (v["lower"].as_i64().unwrap(), v["upper"].as_i64().unwrap());
        assert!(lo <= -3 && -3 <= hi, "{args:?}: [{lo}, {hi}]");
    }
}

#[test]
fn show_numbers_the_edges_as_architecture_md_does() {
    // On 1x1 (ARCHITECTURE.md): top 0, bottom 1, left 2, right 3.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["dots", "show", "1x1", "--edges"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().filter(|w| *w != "+").collect())
        .collect();
    assert_eq!(lines[0], ["0"], "{text}");
    assert_eq!(lines[1], ["2", "3"], "{text}");
    assert_eq!(lines[2], ["1"], "{text}");
    // A drawn edge shows as a line, not a number.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["dots", "show", "1x1:0", "--edges"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().next().unwrap().contains("---"), "{text}");
}

#[test]
fn show_json_lists_the_edges() {
    // 2x1 boxes: 4 horizontal edges (0 to 3) and 3 vertical ones (4 to 6);
    // drawn and undrawn split the 7 edges.
    let out = cgtk(&["dots", "show", "2x1:0,5", "--json"], None);
    let v = json(&out);
    assert_eq!(v["drawn"], serde_json::json!([0, 5]));
    assert_eq!(v["undrawn"], serde_json::json!([1, 2, 3, 4, 6]));
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}
