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

/// A position's text as cells (`cells[rank][file]`, rank 0 at the bottom)
/// and the side to move.
fn cells_of(text: &str) -> (Vec<Vec<u8>>, u8) {
    let (board, side) = text.split_once(' ').unwrap();
    let cells = board
        .split('/')
        .rev()
        .map(|r| r.bytes().collect())
        .collect();
    (cells, side.as_bytes()[0])
}

/// The text of cells and a side to move.
fn text_of(cells: &[Vec<u8>], side: u8) -> String {
    let ranks: Vec<String> = cells
        .iter()
        .rev()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect();
    format!("{} {}", ranks.join("/"), side as char)
}

/// A square's name and its index `10 * rank + file`.
fn square(file: usize, rank: usize) -> (String, usize) {
    (
        format!("{}{}", (b'A' + file as u8) as char, rank + 1),
        10 * rank + file,
    )
}

/// The legal moves, naively: each queen of the side to move slides through
/// empty squares in the 8 directions, then shoots from there the same way,
/// its old square now empty; sorted by queen, destination and arrow
/// (squares by `10 * rank + file`), the order `amazons moves` documents.
fn naive_moves(text: &str) -> Vec<String> {
    let (cells, side) = cells_of(text);
    let (h, w) = (cells.len() as i32, cells[0].len() as i32);
    let queen = if side == b'w' { b'W' } else { b'B' };
    let reach = |cells: &Vec<Vec<u8>>, f: i32, r: i32| {
        let mut out = Vec::new();
        for (df, dr) in testkit::amazons::QUEEN_DIRECTIONS {
            let (mut x, mut y) = (f + df, r + dr);
            while (0..w).contains(&x)
                && (0..h).contains(&y)
                && cells[y as usize][x as usize] == b'.'
            {
                out.push((x, y));
                x += df;
                y += dr;
            }
        }
        out
    };
    let mut moves = Vec::new();
    for r in 0..h {
        for f in 0..w {
            if cells[r as usize][f as usize] != queen {
                continue;
            }
            let mut vacated = cells.clone();
            vacated[r as usize][f as usize] = b'.';
            for (x, y) in reach(&cells, f, r) {
                for (ax, ay) in reach(&vacated, x, y) {
                    let sq = |a: i32, b: i32| square(a as usize, b as usize);
                    moves.push([sq(f, r), sq(x, y), sq(ax, ay)]);
                }
            }
        }
    }
    moves.sort_by_key(|m| [m[0].1, m[1].1, m[2].1]);
    moves
        .iter()
        .map(|[a, b, c]| format!("{}-{}x{}", a.0, b.0, c.0))
        .collect()
}

/// The position after `mv` (`A1-B2xC3`), naively.
fn naive_play(text: &str, mv: &str) -> String {
    let (mut cells, side) = cells_of(text);
    let squares: Vec<(usize, usize)> = mv
        .split(['-', 'x'])
        .map(|s| {
            (
                (s.as_bytes()[0] - b'A') as usize,
                s[1..].parse::<usize>().unwrap() - 1,
            )
        })
        .collect();
    let [(f0, r0), (f1, r1), (f2, r2)] = squares[..] else {
        panic!("{mv}")
    };
    cells[r1][f1] = cells[r0][f0];
    cells[r0][f0] = b'.';
    cells[r2][f2] = b'x';
    text_of(&cells, if side == b'w' { b'b' } else { b'w' })
}

#[test]
fn moves_lists_the_legal_moves_and_plays_them() {
    // The starts of 4x4 and of the 10x10 tournament board, endgames, a 6x5
    // position, and the positions after a few moves of each (the move a
    // fifth of the way down the list each time).
    for start in [
        ".BB./B..B/W..W/.WW. w",
        "..x/B.x/x.W w",
        "B..x/.x../x..W/..xx w",
        ".BB.B./B....B/....../W....W/.WW.W. w",
        "...B..B.../........../........../B........B/........../........../W........W/........../........../...W..W... w",
    ] {
        let mut line: Vec<String> = Vec::new();
        let mut pos = start.to_string();
        for _ in 0..4 {
            let mut args = vec!["amazons", "moves", start, "--json"];
            let then = line.join(",");
            if !line.is_empty() {
                args.extend(["--then", then.as_str()]);
            }
            let (code, out, err) = cgtk(&args);
            assert_eq!(code, 0, "{err}");
            let report: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(report["position"], pos.as_str(), "{start} then {then}");
            let want = naive_moves(&pos);
            assert_eq!(report["moves"], serde_json::json!(want), "{pos}");
            let Some(mv) = want.get(want.len() / 5) else {
                break;
            };
            pos = naive_play(&pos, mv);
            line.push(mv.clone());
        }
    }
    // The text output: the position, then the moves one a line.
    let (code, out, _) = cgtk(&["amazons", "moves", "..x/B.x/x.W w"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "..x/B.x/x.W w");
    assert_eq!(lines[2..], naive_moves("..x/B.x/x.W w")[..]);
    // Bad moves: one line naming the move, exit 2.
    for (then, needle) in [
        ("B1-B2xB3,A1-A2xA3", "move 2 of the moves played"),
        ("B1-B9xB3", "move 1 of the moves played"),
        ("nonsense", "bad move"),
    ] {
        let (code, out, err) = cgtk(&["amazons", "moves", "4x4", "--then", then]);
        assert_eq!(code, 2, "{then}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{then}: {err}");
    }
}
