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
