//! `cgtk dots train`: the network file it writes plays as `net:FILE`, the
//! same seed gives the same file at one and two threads, the CSV log has a
//! line per snapshot, and bad input exits with 2 and one line.

mod common;
use common::{cgtk, cgtk_output, json};
use testkit::files::temp_dir;

fn train(dir: &std::path::Path, name: &str, extra: &[&str]) -> serde_json::Value {
    let out = dir.join(format!("{name}.net"));
    let log = dir.join(format!("{name}.csv"));
    let mut args = vec![
        "dots",
        "train",
        "--population",
        "12",
        "--eval-games",
        "10",
        "--snapshots",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--log",
        log.to_str().unwrap(),
        "--json",
        "--quiet",
    ];
    args.extend(extra);
    json(&cgtk_output(&args, None))
}

#[test]
fn train_writes_a_network_that_plays_and_follows_the_seed() {
    let dir = temp_dir("train-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let base = ["--method", "direct", "--generations", "4", "--seed", "3"];
    let one = train(&dir, "one", &[&base[..], &["--threads", "1"]].concat());
    let two = train(&dir, "two", &[&base[..], &["--threads", "2"]].concat());
    let file = |n: &str| std::fs::read(dir.join(n)).unwrap();
    assert_eq!(file("one.net"), file("two.net"));
    assert_eq!(file("one.csv"), file("two.csv"));
    assert_eq!(one["snapshots"], two["snapshots"]);
    assert_eq!(one["method"], "direct");
    assert_eq!(one["opponent"], "random");
    assert_eq!(one["generations"], 4);
    // Direct evolution: 100 games per member per generation (§5.1: 2,000
    // for 100 members), here 12 members.
    assert_eq!(one["games"], 4 * 12 * 20);
    let snaps = one["snapshots"].as_array().unwrap();
    assert_eq!(snaps.len(), 3);
    assert_eq!(snaps[0]["generation"], 0);
    assert_eq!(snaps[2]["games"], one["games"]);
    // The CSV: a header and a line per snapshot, matching the JSON.
    let csv = String::from_utf8(file("one.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "generation,games,best_level0,mean_level0,best_level1,mean_level1"
    );
    assert_eq!(lines.len(), 4);
    let last: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(last[1], one["games"].to_string());
    let best0 = snaps[2]["best_level0"].as_f64().unwrap();
    assert!((last[2].parse::<f64>().unwrap() - best0).abs() < 1e-4);
    // It plays in a tournament, and wins about the share the report gives
    // (2,000 games there, 2,000 here: four standard deviations is 0.063).
    let spec = format!("net:{}", dir.join("one.net").display());
    let players = format!("{spec},random");
    let t = json(&cgtk_output(
        &[
            "dots",
            "tournament",
            "--board",
            "3x3",
            "--players",
            &players,
            "--games",
            "2000",
            "--json",
            "--quiet",
        ],
        None,
    ));
    assert_eq!(t["pairs"][0]["a"], spec.as_str());
    let share = t["crosstable"][0][1].as_f64().unwrap();
    let level0 = one["level0"].as_f64().unwrap();
    assert!((share - level0).abs() < 0.063, "{share} {level0}");
    // Back-propagation reports epochs and the games of its training sets.
    let bp = train(
        &dir,
        "bp",
        &[
            "--method",
            "backprop",
            "--epochs",
            "2",
            "--runs",
            "2",
            "--training-sets",
            "2",
            "--training-games",
            "30",
        ],
    );
    assert_eq!(bp["games"], 60);
    assert!(bp["opponent"].is_null());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A time limit ends training after the generation under way: the
/// network of the last one finished is written, and it plays.
#[test]
fn a_time_limit_ends_training_with_a_network() {
    let dir = temp_dir("train-limit");
    std::fs::create_dir_all(&dir).unwrap();
    let report = train(
        &dir,
        "limited",
        &["--generations", "100000", "--time-limit", "0.001"],
    );
    assert_eq!(report["limit"], "time");
    let done = report["generations"].as_u64().unwrap();
    assert!(done < 100_000, "{report}");
    // The last snapshot is the generation it stopped at.
    let snaps = report["snapshots"].as_array().unwrap();
    assert_eq!(snaps.last().unwrap()["generation"], done);
    let players = format!("net:{},random", dir.join("limited.net").display());
    let (code, _, err) = cgtk(&[
        "dots",
        "tournament",
        "--board",
        "3x3",
        "--players",
        &players,
        "--games",
        "2",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let dir = temp_dir("train-cli-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("x.net");
    let o = out.to_str().unwrap();
    let bad_file = dir.join("bad.net");
    std::fs::write(&bad_file, "cgtk-net 7\n").unwrap();
    let bad_player = format!("net:{},random", bad_file.display());
    let net3 = dir.join("level.net");
    std::fs::write(
        &net3,
        dots::play::net::Network::level1(&dots::play::Grid::new(3, 3).unwrap()).to_text(),
    )
    .unwrap();
    let wrong_board = format!("net:{},random", net3.display());
    for (args, needle) in [
        (
            vec!["dots", "train", "--out", o, "--mutation", "1.5"],
            "--mutation",
        ),
        (
            vec!["dots", "train", "--out", o, "--population", "2"],
            "--population",
        ),
        (vec!["dots", "train", "--out", o, "--rate", "0"], "--rate"),
        (
            vec![
                "dots",
                "train",
                "--out",
                o,
                "--method",
                "backprop",
                "--generations",
                "3",
            ],
            "--epochs",
        ),
        (
            vec!["dots", "train", "--out", o, "--epochs", "3"],
            "--epochs",
        ),
        (
            vec!["dots", "train", "--out", o, "--board", "9x9"],
            "--board",
        ),
        (
            vec!["dots", "train", "--out", o, "--threads", "0"],
            "--threads",
        ),
        (
            vec![
                "dots",
                "tournament",
                "--board",
                "3x3",
                "--players",
                &bad_player,
                "--games",
                "2",
            ],
            "line 1: format version 7",
        ),
        (
            vec![
                "dots",
                "tournament",
                "--board",
                "2x2",
                "--players",
                &wrong_board,
                "--games",
                "2",
            ],
            "a network for 3x3, the game is on 2x2",
        ),
    ] {
        let (code, stdout, stderr) = cgtk(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
