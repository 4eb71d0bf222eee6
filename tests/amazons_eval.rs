//! The full-board evaluation against plain minimax: whenever it names a
//! winner, that player wins.

use amazons::{Color, Evaluator, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plain minimax over the move generator, with no pruning but a first win:
/// whether the side to move wins (a player without a move loses).
fn wins(pos: &mut Position) -> bool {
    for mv in pos.legal_moves() {
        pos.play_unchecked(mv);
        let lost = !wins(pos);
        pos.undo(mv);
        if lost {
            return true;
        }
    }
    false
}

/// A random position: a `w x h` board with `empty` empty squares, one to
/// three queens a side, the rest burnt.
fn random_position(rng: &mut SmallRng) -> Position {
    let (w, h) = (rng.gen_range(2..=5), rng.gen_range(2..=4));
    let n = w * h;
    let queens = rng.gen_range(2..=4.min(n - 1));
    let empty = rng.gen_range(1..=(n - queens).min(7));
    let mut cells: Vec<char> = std::iter::repeat_n('x', n).collect();
    let mut order: Vec<usize> = (0..n).collect();
    for i in 0..n {
        let j = rng.gen_range(i..n);
        order.swap(i, j);
    }
    for (k, &i) in order.iter().take(queens + empty).enumerate() {
        cells[i] = if k == 0 {
            'W'
        } else if k == 1 {
            'B'
        } else if k < queens {
            if rng.gen_bool(0.5) {
                'W'
            } else {
                'B'
            }
        } else {
            '.'
        };
    }
    let ranks: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
    let side = if rng.gen_bool(0.5) { "w" } else { "b" };
    format!("{} {side}", ranks.join("/")).parse().unwrap()
}

/// Thousands of random small positions (fixed seed): every verdict is right.
#[test]
fn verdicts_agree_with_minimax() {
    let mut rng = SmallRng::seed_from_u64(0x5eed_a3a2);
    let evaluator = Evaluator::default();
    let basic = Evaluator {
        improved_partition: false,
        ..Evaluator::default()
    };
    let mut decided = 0;
    let total = 4000;
    for _ in 0..total {
        let mut pos = random_position(&mut rng);
        let mover_wins = wins(&mut pos);
        let truth = if mover_wins {
            pos.to_move()
        } else {
            pos.to_move().opposite()
        };
        for e in [&evaluator, &basic] {
            let eval = e.evaluate(&pos, None);
            if let Some(winner) = eval.verdict {
                assert_eq!(
                    winner, truth,
                    "{pos}: {:?} says {winner} by {:?}",
                    eval.bounds, eval.rule
                );
                decided += 1;
            }
        }
    }
    // The evaluation must decide a fair share, or it is not doing its job.
    assert!(
        decided > total / 2,
        "only {decided} of {} verdicts",
        2 * total
    );
    eprintln!("{decided} of {} evaluations decided", 2 * total);
}

#[test]
fn verdict_names_black_or_white_in_color_terms() {
    // Black has a 2-square territory, White none: Black wins either way.
    for side in ["w", "b"] {
        let pos: Position = format!("B..x/xxxx/Wxxx {side}").parse().unwrap();
        assert_eq!(
            Evaluator::default().evaluate(&pos, None).verdict,
            Some(Color::Black)
        );
    }
}

#[test]
fn cli_eval_json_has_the_fields_of_architecture_md() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["amazons", "eval", "B..x/xxxx/W.xx w", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Black's 2-move territory against White's 1 (both counted exactly):
    // Black wins with White to move.
    assert_eq!(v["verdict"], "black");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["bounds"], "[1, 1]");
    let areas = v["areas"].as_array().unwrap();
    assert_eq!(areas.len(), 2);
    for a in areas {
        assert!(a["kind"].as_str().unwrap().contains("territory"));
        assert!(a["source"].is_string() && a["squares"].is_array() && a["bounds"].is_string());
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_cgtk"))
        .args(["amazons", "eval", "B..q w"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}
