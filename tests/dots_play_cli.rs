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
        assert_eq!(p["games"], 10);
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

/// A generous bound on the time a command given a limit of about a second
/// may take in a debug build (no tight timing is asserted).
const WITHIN: std::time::Duration = std::time::Duration::from_secs(10);

/// The one line a command printed on stderr, after checking it exited 2
/// within [`WITHIN`] and printed nothing on stdout.
fn refused(args: &[&str], stdin: Option<&str>) -> String {
    let (out, took) = common::cgtk_bounded(args, stdin);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(took < WITHIN, "{args:?}: {took:?}");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "", "{args:?}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn a_player_beyond_its_budget_is_refused_before_the_game() {
    // The empty 4x4 board has 40 edges: beyond the exact solver's 31
    // undrawn edges (ARCHITECTURE.md), whoever moves first.
    for first in ["me", "it"] {
        let err = refused(
            &[
                "dots",
                "play",
                "--board",
                "4x4",
                "--against",
                "perfect",
                "--first",
                first,
            ],
            Some("0\n"),
        );
        assert!(err.starts_with("error: --against: "), "{err}");
        assert!(err.contains("beyond the solver's budget"), "{err}");
    }
    // nimstring needs the solver's boards (at most 64 edges): 6x6 has 84.
    let err = refused(
        &["dots", "play", "--board", "6x6", "--against", "nimstring"],
        Some("0\n"),
    );
    assert!(err.starts_with("error: --against: "), "{err}");
    let err = refused(
        &[
            "dots",
            "tournament",
            "--board",
            "4x4",
            "--players",
            "random,perfect",
            "--games",
            "2",
        ],
        None,
    );
    assert!(err.contains("beyond the solver's budget"), "{err}");
    let err = refused(&["dots", "move", "4x4", "--player", "perfect"], None);
    assert!(err.contains("beyond the solver's budget"), "{err}");
}

#[test]
fn an_endless_network_file_is_refused_after_its_cap() {
    // /dev/zero never ends: the reader stops at the cap it names.
    let err = refused(
        &[
            "dots",
            "play",
            "--board",
            "3x3",
            "--against",
            "net:/dev/zero",
        ],
        Some("0\n"),
    );
    assert!(err.contains("longer than 4 MiB"), "{err}");
    let err = refused(
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            "random,net:/dev/zero",
            "--games",
            "1",
        ],
        None,
    );
    assert!(err.contains("/dev/zero: longer than 4 MiB"), "{err}");
}

#[test]
fn the_nimstring_player_keeps_to_its_time_per_move() {
    // 5x5 (60 edges) is far beyond a millisecond of Nimstring values: the
    // player answers with its fallback, a legal edge.
    for args in [
        vec![
            "dots",
            "move",
            "5x5",
            "--player",
            "nimstring",
            "--move-ms",
            "1",
        ],
        vec!["dots", "move", "5x5:0,7", "--player", "nimstring:ms=1"],
    ] {
        let (out, took) = common::cgtk_bounded(&args, None);
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(took < WITHIN, "{args:?}: {took:?}");
        let edge: usize = text.trim().strip_prefix("edge ").unwrap().parse().unwrap();
        assert!(edge < 60 && edge != 0 && edge != 7, "{text}");
    }
    // A whole game between two such players ends.
    let (out, took) = common::cgtk_bounded(
        &[
            "dots",
            "tournament",
            "--board",
            "4x4",
            "--players",
            "nimstring,level2",
            "--games",
            "1",
            "--move-ms",
            "5",
            "--json",
            "--quiet",
        ],
        None,
    );
    assert!(took < std::time::Duration::from_secs(60), "{took:?}");
    let v = json(&out);
    assert_eq!(v["pairs"][0]["games"], 1);
}

#[test]
fn a_stopped_tournament_counts_no_game_under_way() {
    // On one thread, the first game (mcts thinking 300 ms a move on 3x3, at
    // least 12 of its moves) is under way at the time limit: it ends at once
    // and is not counted, and no other game starts, so every pair has no
    // game and no player a rating.
    let args = [
        "dots",
        "tournament",
        "--board",
        "3x3",
        "--players",
        "mcts:ms=300,level1,level2",
        "--games",
        "4",
        "--threads",
        "1",
        "--time-limit",
        "0.5",
        "--quiet",
    ];
    let (out, took) = common::cgtk_bounded(&[&args[..], &["--json"]].concat(), None);
    assert!(took < WITHIN, "{took:?}");
    let v = json(&out);
    assert_eq!(v["limit"], "time");
    for p in v["pairs"].as_array().unwrap() {
        assert_eq!(p["games"], 0, "{p}");
        assert!(p["a_margin"].is_null(), "{p}");
        assert_eq!(
            (&p["a_wins"], &p["b_wins"], &p["ties"]),
            (&0.into(), &0.into(), &0.into())
        );
    }
    for r in v["ratings"].as_array().unwrap() {
        assert!(
            r["rating"].is_null() && r["low"].is_null() && r["high"].is_null(),
            "{r}"
        );
    }
    assert!(v["crosstable"][1][2].is_null());
    assert!(v["crosstable"][0][1].is_null());

    let (out, took) = common::cgtk_bounded(&args, None);
    assert!(took < WITHIN, "{took:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("stopped: time limit reached after 0 of 12 games"),
        "{text}"
    );
    let has_line = |words: &str| {
        text.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") == words)
    };
    assert!(has_line("level1 level2 no games"), "{text}");
    assert!(has_line("level2 unrated (no games)"), "{text}");
    assert!(!text.contains("+0.00"), "{text}");
}

#[test]
fn a_stopped_tournament_has_played_every_pair_about_equally() {
    // Quick players and many games: whenever the limit falls, the games
    // played per pair differ by at most one (one thread, round by round).
    let (out, took) = common::cgtk_bounded(
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            "level1,level2,mcts:ms=20,greedy",
            "--games",
            "1000",
            "--time-limit",
            "1",
            "--json",
            "--quiet",
        ],
        None,
    );
    assert!(took < WITHIN, "{took:?}");
    let v = json(&out);
    assert_eq!(v["limit"], "time");
    let games: Vec<u64> = v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["games"].as_u64().unwrap())
        .collect();
    let (lo, hi) = (games.iter().min().unwrap(), games.iter().max().unwrap());
    assert!(hi - lo <= 1 && *hi < 1000, "{games:?}");
}
