//! `cgtk dots review`: every move's loss, class and margin on 3x3 game
//! records against a reference computed here from `cgtk dots analyze` of
//! each position (the best value minus the played move's value), a scorer
//! written here (boxes taken so far), and the rule of ARCHITECTURE.md (a
//! blunder lowers the sign of the mover's final margin); partial results
//! at a limit, and bad input.

use serde_json::Value;

mod common;
use common::{cgtk_output, json};

/// A 3x3 game record of `moves` random moves (edges 0..24), from `seed`.
fn random_record(seed: u64, moves: usize) -> Vec<usize> {
    let mut left: Vec<usize> = (0..24).collect();
    let mut x = seed;
    let mut out = Vec::new();
    for _ in 0..moves {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        out.push(left.remove((x >> 33) as usize % left.len()));
    }
    out
}

fn record_text(moves: &[usize]) -> String {
    let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
    if list.is_empty() {
        "3x3".to_owned()
    } else {
        format!("3x3:{}", list.join(","))
    }
}

/// The score (first, second) and the side to move after `moves` on 3x3.
fn replay(moves: &[usize]) -> ([i64; 2], usize) {
    let box_edges = |r: usize, c: usize| {
        let v = 12 + r * 4 + c;
        [r * 3 + c, (r + 1) * 3 + c, v, v + 1]
    };
    let (mut score, mut side) = ([0i64; 2], 0);
    for (k, &e) in moves.iter().enumerate() {
        let drawn = &moves[..=k];
        let took = (0..9)
            .filter(|&b| {
                let edges = box_edges(b / 3, b % 3);
                edges.contains(&e) && edges.iter().all(|x| drawn.contains(x))
            })
            .count();
        score[side] += took as i64;
        if took == 0 {
            side = 1 - side;
        }
    }
    (score, side)
}

fn analyze(moves: &[usize]) -> Value {
    json(&cgtk_output(
        &["dots", "analyze", &record_text(moves), "--json", "--quiet"],
        None,
    ))
}

#[test]
fn losses_are_those_of_dots_analyze() {
    let mut classes = [0usize; 3];
    for (seed, length) in [(1u64, 24usize), (7, 14), (12, 20)] {
        let moves = random_record(seed, length);
        let record = record_text(&moves);
        let review = json(&cgtk_output(
            &["dots", "review", &record, "--json", "--quiet"],
            None,
        ));
        assert_eq!(review["limit"], Value::Null, "{record}");
        let positions = review["positions"].as_array().unwrap();
        let reviewed = review["moves"].as_array().unwrap();
        assert_eq!(positions.len(), length + 1, "{record}");
        assert_eq!(reviewed.len(), length, "{record}");
        for k in 0..length {
            let before = &moves[..k];
            let a = analyze(before);
            let best = a["value"].as_i64().unwrap();
            let played = a["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["edge"] == moves[k])
                .unwrap();
            let value = played["value"].as_i64().unwrap();
            let (score, side) = replay(before);
            let lead = score[side] - score[1 - side];
            let class = if value == best {
                "best"
            } else if (lead + value).signum() < (lead + best).signum() {
                "blunder"
            } else {
                "mistake"
            };
            classes[["best", "mistake", "blunder"]
                .iter()
                .position(|c| *c == class)
                .unwrap()] += 1;
            let margin = |v: i64| score[0] - score[1] + if side == 0 { v } else { -v };
            let m = &reviewed[k];
            let what = format!("{record}, move {}", k + 1);
            assert_eq!(m["edge"], moves[k], "{what}");
            assert_eq!(m["best"], best, "{what}");
            assert_eq!(m["value"], value, "{what}");
            assert_eq!(m["loss"], best - value, "{what}");
            assert_eq!(m["class"], class, "{what}");
            assert_eq!(m["margin"], margin(value), "{what}");
            assert_eq!(m["mover"], ["first", "second"][side], "{what}");
            // The position's margins are dots analyze's values, turned.
            let p = &positions[k];
            assert_eq!(p["margin"], margin(best), "{what}");
            assert_eq!(p["score"], serde_json::json!(score), "{what}");
            let want: Vec<Value> = a["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| serde_json::json!([m["edge"], margin(m["value"].as_i64().unwrap())]))
                .collect();
            let got: Vec<Value> = p["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| serde_json::json!([m["edge"], m["margin"]]))
                .collect();
            assert_eq!(got, want, "{what}");
        }
        // The last position: the game over, or analysed as the others.
        let (score, _) = replay(&moves);
        if length == 24 {
            assert_eq!(positions[length]["margin"], score[0] - score[1]);
        }
    }
    // Random play makes every kind of move.
    assert!(classes.iter().all(|&n| n > 0), "{classes:?}");
}

#[test]
fn from_skips_the_positions_before_it() {
    let record = record_text(&random_record(3, 12));
    let all = json(&cgtk_output(
        &["dots", "review", &record, "--json", "--quiet"],
        None,
    ));
    let later = json(&cgtk_output(
        &[
            "dots", "review", &record, "--from", "8", "--json", "--quiet",
        ],
        None,
    ));
    assert_eq!(later["from"], 8);
    assert_eq!(
        later["moves"].as_array().unwrap()[..],
        all["moves"].as_array().unwrap()[8..]
    );
    // The same positions, whose search nodes depend on what the solver's
    // table holds already.
    let without_nodes = |v: &Value| -> Vec<Value> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let mut p = p.clone();
                p.as_object_mut().unwrap().remove("nodes");
                p
            })
            .collect()
    };
    assert_eq!(
        without_nodes(&later["positions"])[..],
        without_nodes(&all["positions"])[8..]
    );
}

#[test]
fn a_limit_ends_the_review_with_what_it_reached() {
    let out = cgtk_output(
        &[
            "dots",
            "review",
            "4x4:0,1",
            "--node-limit",
            "1000",
            "--json",
            "--quiet",
        ],
        None,
    );
    let r = json(&out);
    assert_eq!(r["limit"], "node");
    let positions = r["positions"].as_array().unwrap();
    let last = positions.last().unwrap();
    assert_eq!(last["margin"], Value::Null);
    let range = last["margin_range"].as_array().unwrap();
    assert!(range[0].as_i64() <= range[1].as_i64(), "{last}");
    assert!(r["moves"].as_array().unwrap().len() < 2);
}

#[test]
fn bad_records_are_one_line_errors() {
    for (record, what) in [
        ("3x3:0,0", "move 2"),
        ("3x3:0,x", "move 2"),
        ("3x3:99", "move 1"),
        ("6x6", "board size"),
    ] {
        let out = cgtk_output(&["dots", "review", record, "--quiet"], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{record}: {err}");
        assert_eq!(err.lines().count(), 1, "{record}: {err}");
        assert!(err.contains(what), "{record}: {err}");
    }
    let out = cgtk_output(&["dots", "review", "3x3:0", "--from", "2"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_time_per_position_stops_positions_not_the_review() {
    // 4x4 positions take the solver minutes: each stops at its time and
    // the review goes on to the end of the record.
    let r = json(&cgtk_output(
        &[
            "dots",
            "review",
            "4x4:0,1",
            "--time-per-position",
            "0.2",
            "--json",
            "--quiet",
        ],
        None,
    ));
    assert_eq!(r["limit"], Value::Null, "{r}");
    let positions = r["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 3, "{r}");
    for p in positions {
        assert_eq!(p["limit"], "time", "{p}");
        assert_eq!(p["margin"], Value::Null, "{p}");
    }
    assert!(r["moves"].as_array().unwrap().is_empty());
}
