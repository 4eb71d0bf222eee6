//! `cgtk dots nimber` and the loony marks of `cgtk dots analyze`: JSON
//! fields (ARCHITECTURE.md), text output and bad input. Expected outcomes
//! come from a naive Nimstring search written here from the rules (a move
//! that completes a box moves again; a player who cannot complete a turn
//! loses): a position's nimber is 0 exactly when the player to move loses.

use std::collections::HashMap;
use std::process::Output;

mod common;
use common::json;

fn cgtk(args: &[&str]) -> Output {
    common::cgtk_output(args, None)
}

/// Whether the player to move wins Nimstring on a `w x h` board with
/// `drawn` edges (edges numbered as in ARCHITECTURE.md).
fn wins(w: usize, h: usize, drawn: u64, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&v) = memo.get(&drawn) {
        return v;
    }
    let nh = (h + 1) * w;
    let n = nh + h * (w + 1);
    let box_mask = |r: usize, c: usize| -> u64 {
        1 << (r * w + c)
            | 1 << ((r + 1) * w + c)
            | 1 << (nh + r * (w + 1) + c)
            | 1 << (nh + r * (w + 1) + c + 1)
    };
    let boxes: Vec<u64> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .map(|(r, c)| box_mask(r, c))
        .collect();
    let completes = |before: u64, e: usize| {
        boxes
            .iter()
            .any(|&b| b >> e & 1 == 1 && (before | 1 << e) & b == b)
    };
    // Positions reachable by a complete turn: captures, then a quiet cut.
    let mut result = false;
    let mut stack = vec![drawn];
    let mut seen = std::collections::HashSet::new();
    while let Some(s) = stack.pop() {
        for e in (0..n).filter(|&e| s >> e & 1 == 0) {
            let t = s | 1 << e;
            if completes(s, e) {
                if seen.insert(t) {
                    stack.push(t);
                }
            } else if !wins(w, h, t, memo) {
                result = true;
            }
        }
    }
    memo.insert(drawn, result);
    result
}

#[test]
fn json_fields_and_values_agree_with_the_naive_search() {
    for (w, h, pos) in [
        (2, 2, "2x2"),
        (2, 2, "2x2:0,5"),
        (1, 2, "1x2:0,3,5,6"),
        (2, 2, "2x2:0,1,2,3"),
    ] {
        let v = json(&cgtk(&["dots", "nimber", pos, "--json"]));
        let p: dots::Position = pos.parse().unwrap();
        let mut memo = HashMap::new();
        let nimber = v["nimber"].as_u64();
        let loony = v["loony"].as_bool().unwrap();
        assert_eq!(loony, nimber.is_none(), "{pos}");
        assert_eq!(
            nimber == Some(0),
            !wins(w, h, p.edges().0, &mut memo),
            "{pos}"
        );
        let moves = v["moves"].as_array().unwrap();
        let edges: Vec<u64> = moves.iter().map(|m| m["edge"].as_u64().unwrap()).collect();
        let legal: Vec<u64> = p.legal_moves().iter().map(|e| e.index() as u64).collect();
        assert_eq!(edges, legal, "{pos}: every legal move in increasing order");
        for m in moves {
            let e = m["edge"].as_u64().unwrap();
            let (next, captures) = p.play(e as usize).unwrap();
            assert_eq!(m["captures"].as_u64().unwrap() as usize, captures);
            assert_eq!(m["loony"].as_bool().unwrap(), m["nimber"].is_null());
            if captures == 0 {
                // A move to 0 wins: the opponent, to move, loses.
                let zero = m["nimber"].as_u64() == Some(0);
                assert_eq!(
                    zero,
                    !wins(w, h, next.edges().0, &mut memo),
                    "{pos} edge {e}"
                );
                assert_eq!(m["winning"].as_bool().unwrap(), zero);
            }
        }
        let comps = v["components"].as_array().unwrap();
        assert!(!comps.is_empty());
    }
    // The empty 2x2 board is a loss for the player to move.
    let v = json(&cgtk(&["dots", "nimber", "2x2", "--json"]));
    assert_eq!(v["nimber"], 0);
}

#[test]
fn text_output_names_the_value_and_marks_moves() {
    let out = cgtk(&["dots", "nimber", "1x2:0,3,5,6"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // The two boxes form a chain of two from the ground to the ground:
    // cutting an end offers a capturable chain of two (loony), cutting the
    // middle leaves two capturable single boxes (0).
    assert!(
        text.contains("nimstring value: * (a win for the player to move)"),
        "{text}"
    );
    assert!(text.contains("edge  1: 0  leaves 0"), "{text}");
    assert!(text.contains("edge  2: loony\n"), "{text}");
}

#[test]
fn analyze_marks_loony_moves() {
    let v = json(&cgtk(&["dots", "analyze", "1x2:0,3,5,6", "--json"]));
    let marks: Vec<(u64, bool)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["edge"].as_u64().unwrap(), m["loony"].as_bool().unwrap()))
        .collect();
    assert_eq!(marks, vec![(1, false), (2, true), (4, true)]);
}

#[test]
fn bad_input_exits_with_2() {
    for args in [
        vec!["dots", "nimber", "2x2:99"],
        vec!["dots", "nimber", "7x7"],
        vec!["dots", "nimber", "2x2:a"],
        vec!["dots", "nimber", "2x2", "--node-limit", "0"],
    ] {
        let out = cgtk(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// A generous bound on the time a command given a limit of about a second
/// may take in a debug build (no tight timing is asserted).
const WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

#[test]
fn a_time_limit_stops_the_nimber_of_the_empty_4x4_board() {
    // The empty 4x4 board is one component of 40 strings: far more than a
    // second of work (it did not finish without a limit).
    let (out, took) = common::cgtk_bounded(&["dots", "nimber", "4x4", "--time-limit", "1"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(took < WITHIN, "{took:?}");
    assert!(
        text.contains("nimstring value: unknown (time limit reached after "),
        "{text}"
    );
    assert!(text.contains(" component positions)\n"), "{text}");
    // One component, not valued; no move valued.
    assert!(text.contains("components: 1 (0 valued)"), "{text}");
    assert!(text.contains("0 of 40 valued"), "{text}");

    let (out, took) = common::cgtk_bounded(
        &["dots", "nimber", "4x4", "--time-limit", "0.5", "--json"],
        None,
    );
    assert!(took < WITHIN, "{took:?}");
    let v = json(&out);
    assert_eq!(v["limit"], "time");
    assert!(v["nimber"].is_null());
    assert_eq!(v["loony"], false);
    assert!(v["positions"].as_u64().unwrap() > 0);
    assert_eq!(v["components"].as_array().unwrap().len(), 0);
    assert_eq!(v["moves"].as_array().unwrap().len(), 0);
}

#[test]
fn a_node_limit_stops_at_its_count_and_exits_0() {
    // The position of the reproduction: three drawn edges on 5x5.
    let (out, took) = common::cgtk_bounded(
        &[
            "dots",
            "nimber",
            "5x5:0,7,30,44",
            "--node-limit",
            "2000",
            "--json",
        ],
        None,
    );
    assert!(took < WITHIN, "{took:?}");
    let v = json(&out);
    assert_eq!(v["limit"], "node");
    assert_eq!(v["positions"], 2000);
    assert!(v["nimber"].is_null());
}

#[test]
fn without_a_limit_reached_the_report_says_so() {
    // 2x2 is valued within any budget: every legal move (12) is listed.
    let v = json(&cgtk(&["dots", "nimber", "2x2", "--json"]));
    assert!(v["limit"].is_null());
    assert!(v["positions"].as_u64().unwrap() > 0);
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
}

#[test]
fn a_node_limit_during_the_moves_keeps_the_value_and_the_moves_valued() {
    // Boxes (0,0) and (0,1) of 2x2 form a chain of two coins from a
    // capturable box (three sides drawn: 0, 2, 6) to the joint (1,1): a
    // capturable chain of two is offered, so the position is loony
    // (Berlekamp 2000) with no search, while the moves need some.
    let pos = "2x2:0,1,2,6,8";
    let full = json(&cgtk(&["dots", "nimber", pos, "--json"]));
    assert_eq!(full["loony"], true);
    assert!(full["limit"].is_null());
    let v = json(&cgtk(&[
        "dots",
        "nimber",
        pos,
        "--json",
        "--node-limit",
        "1",
    ]));
    assert_eq!(v["limit"], "node");
    assert_eq!(v["positions"], 1);
    assert_eq!(v["loony"], true);
    assert_eq!(v["components"], full["components"]);
    // 7 undrawn edges; those valued are the first of the full list.
    let moves = v["moves"].as_array().unwrap();
    let all = full["moves"].as_array().unwrap();
    assert_eq!(all.len(), 7);
    assert!(moves.len() < 7);
    assert_eq!(moves[..], all[..moves.len()]);
    let text =
        String::from_utf8(cgtk(&["dots", "nimber", pos, "--node-limit", "1"]).stdout).unwrap();
    assert!(text.contains("nimstring value: loony"), "{text}");
    assert!(
        text.contains("stopped: node limit reached after 1 component positions"),
        "{text}"
    );
}

#[test]
fn bad_limits_exit_with_2() {
    for args in [
        vec!["dots", "nimber", "2x2", "--time-limit", "0"],
        vec!["dots", "nimber", "2x2", "--time-limit", "x"],
        vec!["dots", "nimber", "2x2", "--node-limit", "-1"],
        vec!["dots", "nimber", "2x2", "--node-limit", "1000000001"],
    ] {
        let out = cgtk(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
