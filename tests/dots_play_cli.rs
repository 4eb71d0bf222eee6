//! `cgtk dots tournament | play | score`: JSON fields (ARCHITECTURE.md),
//! reproducibility by seed, bad input, and a scripted terminal game whose
//! hint agrees with `dots analyze` and whose record `dots analyze` reads.

mod common;
use common::{cgtk_output as cgtk, json};

#[test]
fn tournament_json_has_the_contract_fields_and_follows_the_seed() {
    let run = |threads: &str, seed: &str| {
        let args = [
            "dots",
            "tournament",
            "--board",
            "2x2",
            "--players",
            "random,level2,alphabeta:nodes=200",
            "--games",
            "10",
            "--seed",
            seed,
            "--threads",
            threads,
            "--json",
        ];
        json(&cgtk(&args, None))
    };
    let v = run("1", "5");
    assert_eq!(v, run("2", "5"));
    assert_eq!(v["board"], "2x2");
    assert_eq!(v["games_per_pair"], 10);
    assert_eq!(v["seed"], 5);
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    for p in pairs {
        let n = p["a_wins"].as_u64().unwrap()
            + p["b_wins"].as_u64().unwrap()
            + p["ties"].as_u64().unwrap();
        assert_eq!(n, 10);
        assert!(p["a"].is_string() && p["b"].is_string() && p["a_margin"].is_f64());
    }
    assert_eq!(
        (pairs[0]["a"].as_str(), pairs[0]["b"].as_str()),
        (Some("random"), Some("level2"))
    );
    let ratings = v["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    let mean: f64 = ratings
        .iter()
        .map(|r| r["rating"].as_f64().unwrap())
        .sum::<f64>()
        / 3.0;
    assert!(mean.abs() < 1e-6);
    for r in ratings {
        let (lo, x, hi) = (
            r["low"].as_f64().unwrap(),
            r["rating"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(lo < x && x < hi, "{r}");
    }
}

#[test]
fn bad_input_exits_with_2() {
    let cases: [&[&str]; 6] = [
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            "random,nobody",
            "--games",
            "2",
        ],
        &[
            "dots",
            "tournament",
            "--board",
            "9x9",
            "--players",
            "random,level1",
            "--games",
            "2",
        ],
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            "random,level1",
            "--games",
            "0",
        ],
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            "random,mcts:depth=2",
            "--games",
            "2",
        ],
        &["dots", "play", "--board", "3x3", "--against", "grandmaster"],
        &[
            "dots",
            "score",
            "--board",
            "6x6",
            "--players",
            "random",
            "--games",
            "2",
        ],
    ];
    for args in cases {
        let out = cgtk(args, Some(""));
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_scripted_game_with_hint_and_undo() {
    // 2x2 board (12 edges), we move first: a hint, a move, undo, then every
    // edge in order (edges already drawn are refused and skipped).
    let mut script = String::from("hint\n5\nundo\n");
    for e in 0..12 {
        script += &format!("{e}\n");
    }
    let out = cgtk(
        &[
            "dots",
            "play",
            "--board",
            "2x2",
            "--against",
            "level1",
            "--seed",
            "3",
        ],
        Some(&script),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("hint from the solver"), "{text}");
    assert!(text.contains("undone"), "{text}");
    // The hint's values are `dots analyze`'s for the empty board.
    let analysis = json(&cgtk(&["dots", "analyze", "2x2", "--json"], None));
    for m in analysis["moves"].as_array().unwrap() {
        let line = format!(
            "  edge {:>3}: {:+}",
            m["edge"].as_u64().unwrap(),
            m["value"].as_i64().unwrap()
        );
        assert!(text.contains(&line), "missing {line:?} in {text}");
    }
    assert!(text.contains("final score: you "), "{text}");
    // The record: every edge once, our first move 0 (the undone 5 is gone).
    let record = text.lines().last().unwrap();
    let (size, list) = record.split_once(':').unwrap();
    assert_eq!(size, "2x2");
    let edges: Vec<usize> = list.split(',').map(|e| e.parse().unwrap()).collect();
    assert_eq!(edges[0], 0);
    let mut sorted = edges.clone();
    sorted.sort();
    assert_eq!(sorted, (0..12).collect::<Vec<_>>());
    // Any prefix of the record is a position `dots analyze` reads.
    let prefix = format!(
        "2x2:{}",
        list.split(',').take(5).collect::<Vec<_>>().join(",")
    );
    let v = json(&cgtk(&["dots", "analyze", &prefix, "--json"], None));
    assert_eq!(v["moves"].as_array().unwrap().len(), 7);
}

#[test]
fn score_reports_every_player() {
    let out = cgtk(
        &[
            "dots",
            "score",
            "--board",
            "2x2",
            "--players",
            "perfect,random",
            "--games",
            "4",
            "--json",
        ],
        None,
    );
    let v = json(&out);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    // The solver against itself gives nothing away and plays only optimal moves.
    assert_eq!(rows[0]["boxes_given"], 0);
    assert_eq!(rows[0]["optimal_moves"], rows[0]["moves"]);
    assert_eq!(rows[1]["games"], 4);
}
