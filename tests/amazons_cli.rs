//! The `cgtk amazons` command line: output and bad-input handling.

mod common;

use common::cgtk;

#[test]
fn perft_prints_the_count() {
    // Song & Müller 2015 quotes 410 first moves on 5x6 and 157 replies to B1-B4xD4.
    assert_eq!(
        cgtk(&["amazons", "perft", "5x6", "1"]),
        (0, "410\n".into(), String::new())
    );
    let after = ".B.B./B...B/.W.x./...../W...W/...W. b";
    assert_eq!(cgtk(&["amazons", "perft", after, "1"]).1, "157\n");
    // Issue 5: 4,336 two-move sequences on 4x4.
    assert_eq!(cgtk(&["amazons", "perft", "4x4", "2"]).1, "4336\n");
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    for (args, needle) in [
        (vec!["amazons", "perft", "11x4", "1"], "out of range"),
        (
            vec!["amazons", "move", "11x11"],
            "board 11x11 is out of range",
        ),
        (vec!["amazons", "perft", "3x3", "1"], "at least 4x4"),
        (
            vec!["amazons", "perft", "..../... w", "1"],
            "rank 1 has 3 squares",
        ),
        (vec!["amazons", "perft", "..q. w", "1"], "unknown character"),
        (
            vec!["amazons", "perft", "........... w", "1"],
            "out of range",
        ),
        (vec!["amazons", "perft", "4x4", "99"], "depth"),
    ] {
        let (code, out, err) = cgtk(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn value_stops_at_its_limits_and_says_so() {
    let pos = "..W/.../..B w";
    let (code, out, err) = cgtk(&["amazons", "value", pos, "--node-limit", "10", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), r#"{"limit":"node","positions":10}"#);
    // A limit the computation stays under changes nothing.
    let (_, limited, _) = cgtk(&["amazons", "value", pos, "--node-limit", "1000000", "--json"]);
    let (_, free, _) = cgtk(&["amazons", "value", pos, "--json"]);
    assert_eq!(limited, free);
    let (code, _, err) = cgtk(&["amazons", "value", pos, "--time-limit", "0"]);
    assert_eq!(code, 2, "{err}");
}
