//! The full-board evaluation against plain minimax: whenever it names a
//! winner, that player wins.

use std::collections::HashMap;

use amazons::{improved_partition, AreaKind, Color, Evaluator, Position, Valuer};
use cgt::{Arena, Bounds, Dyadic, EndKind, GameId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use testkit::amazons::{minimax_wins as wins, random_board, random_position};

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
        let mut pos = random_position(&mut rng, 7);
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

/// Plain negamax with a memo (for the larger positions): whether the side to
/// move wins.
fn wins_memo(pos: &mut Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&w) = memo.get(pos) {
        return w;
    }
    let mut win = false;
    for mv in pos.legal_moves() {
        pos.play_unchecked(mv);
        let lost = !wins_memo(pos, memo);
        pos.undo(mv);
        if lost {
            win = true;
            break;
        }
    }
    memo.insert(pos.clone(), win);
    win
}

/// A position from a random playout of the standard start of a random board
/// up to 6x6, stopped when at most `max_empty` squares are empty.
fn playout_position(rng: &mut SmallRng, max_empty: u32) -> Position {
    let sizes = ["4x4", "5x4", "4x5", "5x5", "6x4", "6x5", "6x6"];
    let mut pos =
        Position::standard(sizes[rng.gen_range(0..sizes.len())].parse().unwrap()).unwrap();
    while pos.empty().count() > max_empty {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
    }
    pos
}

/// Whether `g` satisfies the end `x` of kind `kind` from below (`g >= x`,
/// `g > x`, or `g > x - e` for all e > 0; integers here, so the last is
/// `g > x - 1/2^20`).
fn above(arena: &mut Arena, g: GameId, x: i64, kind: EndKind) -> bool {
    let dx = |arena: &mut Arena, n: i64, e: u32| arena.dyadic(Dyadic::new(n, e).unwrap());
    match kind {
        EndKind::Exact => {
            let x = dx(arena, x, 0);
            arena.geq(g, x)
        }
        EndKind::Tightened => {
            let x = dx(arena, x, 0);
            arena.geq(g, x) && g != x
        }
        EndKind::Relaxed => {
            let x = dx(arena, (x << 20) - 1, 20);
            arena.geq(g, x) && g != x
        }
    }
}

fn contains(arena: &mut Arena, b: &Bounds, g: GameId) -> bool {
    let int = |q: cgt::Rational| {
        assert!(q.is_integer());
        q.numer()
    };
    let lower = b
        .lower
        .value
        .is_none_or(|l| above(arena, g, int(l), b.lower.kind));
    let neg = arena.neg(g);
    let upper = b
        .upper
        .value
        .is_none_or(|u| above(arena, neg, -int(u), b.upper.kind));
    lower && upper
}

/// Issue 5's acceptance: positions on boards up to 6x6 with 6 to 12 empty
/// squares, from random playouts of the standard starts: every verdict is
/// right (negamax with a memo), and the bounds of every area that shares no
/// blocker and has at most 9 squares contain its exact value from the
/// `cgt` layer.
#[test]
fn playout_positions_verdicts_and_area_bounds_are_sound() {
    let mut rng = SmallRng::seed_from_u64(0x00a3_a2c0);
    let evaluator = Evaluator::default();
    let mut valuer = Valuer::new();
    let (mut decided, mut areas_checked) = (0, 0);
    let total = 2000;
    for i in 0..total {
        let mut pos = playout_position(&mut rng, 6 + (i % 7));
        let eval = evaluator.evaluate(&pos, None);
        // Exact values of large active areas cost seconds each: check the
        // areas of at most 9 squares (empty squares and queens).
        let small =
            |r: &&amazons::AreaReport| r.area.blockers.is_empty() && r.area.squares().count() <= 9;
        for report in eval.areas.iter().filter(small) {
            let area = report.area.to_position(&pos, pos.to_move());
            let g = valuer
                .canonical(&area, cgt::budget::Limits::NONE, &())
                .unwrap();
            assert!(
                contains(&mut valuer.arena, &report.bounds, g),
                "{pos}: area {} has bounds {} from {} but value {}",
                area,
                report.bounds,
                report.source,
                valuer.arena.to_string(g)
            );
            areas_checked += 1;
        }
        if let Some(winner) = eval.verdict {
            let mover_wins = wins_memo(&mut pos, &mut HashMap::new());
            let truth = if mover_wins {
                pos.to_move()
            } else {
                pos.to_move().opposite()
            };
            assert_eq!(
                winner, truth,
                "{pos}: bounds {} by {:?}",
                eval.bounds, eval.rule
            );
            decided += 1;
        }
    }
    eprintln!(
        "{decided} of {total} playout positions decided; {areas_checked} area bounds checked"
    );
    // A floor on the evaluation's power, not a reference value: 248 of the
    // 2000 are decided. (The unsound split that separated adjacent queens
    // decided 251; merging every coupled piece, 175.)
    assert!(decided > total / 10, "only {decided} verdicts");
}

/// Crowded positions: boards of 3x3 to 5x5 with four to six queens, so
/// that queens often stand next to each other (a queen's square empties
/// when it moves, which couples the areas on either side of it), and up
/// to 7 empty squares. Every verdict agrees with minimax. The first
/// position is the one on which the solver's exact checker caught the
/// improved partition cutting `{d1, e2}` out as a White territory although
/// d1 stands next to White's c1 of the active area (Black to move wins by
/// B2-B1xB2; the evaluation said White wins).
#[test]
fn crowded_positions_verdicts_agree_with_minimax() {
    let mut rng = SmallRng::seed_from_u64(0x00c2_0ded);
    let evaluator = Evaluator::default();
    // Then the wrong verdicts that `hunt_coupled_territories` found before
    // territory queens next to other queens became blockers, and (the last
    // one) before they also joined the active area next door.
    let mut positions: Vec<Position> = [
        "Bx.x./BxxBx/WWxxx/.Bxx./..WWx b",
        "xWx.xx/xxxx../xxBWxx/..xWx./xxxxxx w",
        "..Bx/xx.x/xxWx/WWx./.xB. w",
        "xxW.xx/xWxxxx/.xWxBx/BWxxxx/..WB.x b",
        "xB..x/.xxWx/W.xxB/.xx.. b",
        "B..x./xxWxW/xx.xB/.xx.x/Bx.xx w",
        "x.../.xxW/WBBB/xWB. b",
    ]
    .iter()
    .map(|p| p.parse().unwrap())
    .collect();
    for _ in 0..3000 {
        let (w, h) = (rng.gen_range(3..=5), rng.gen_range(3..=5));
        let queens = rng.gen_range(4..=6);
        let empty = rng.gen_range(2..=7.min(w * h - queens));
        positions.push(random_board(&mut rng, w, h, queens, empty));
    }
    let (total, mut decided) = (positions.len(), 0);
    for mut pos in positions {
        let eval = evaluator.evaluate(&pos, None);
        let Some(winner) = eval.verdict else { continue };
        let truth = if wins(&mut pos) {
            pos.to_move()
        } else {
            pos.to_move().opposite()
        };
        assert_eq!(winner, truth, "{pos}: {:?} by {:?}", eval.bounds, eval.rule);
        decided += 1;
    }
    assert!(decided > 500, "only {decided} decided");
    eprintln!("{decided} of {total} crowded positions decided");
}

/// A long hunt for unsound partitions (run in release: `cargo test
/// --release --test amazons_eval -- --ignored hunt`): 3,000,000 crowded
/// boards up to 6x5 with 3 to 8 queens and up to 9 empty squares, of which
/// the evaluation is checked on those (about a third) where a territory's
/// queen stands next to a queen outside it (the coupling that
/// `close_territories` handles); every verdict agrees with negamax. Before
/// that rule, this found 11 wrong verdicts in about 500,000, and with only
/// half of it (territory queens as blockers, not also in the active area
/// next door) 8; the positions are in
/// `crowded_positions_verdicts_agree_with_minimax`.
#[test]
#[ignore = "about a minute in release"]
fn hunt_coupled_territories() {
    let mut rng = SmallRng::seed_from_u64(1);
    let evaluator = Evaluator::default();
    let mut memo = HashMap::new();
    let (mut checked, mut decided) = (0, 0);
    for _ in 0..3_000_000 {
        let (w, h) = (rng.gen_range(3..=6), rng.gen_range(3..=5));
        let queens = rng.gen_range(3..=8.min(w * h - 2));
        let empty = rng.gen_range(2..=9.min(w * h - queens));
        let mut pos = random_board(&mut rng, w, h, queens, empty);
        let all = pos.all_queens();
        let coupled = improved_partition(&pos).iter().any(|a| {
            let mine = a.white | a.black;
            matches!(
                a.kind,
                AreaKind::SimpleTerritory(_) | AreaKind::BlockerTerritory(_)
            ) && (mine & (all - mine).neighbours()).any()
        });
        if !coupled {
            continue;
        }
        checked += 1;
        let eval = evaluator.evaluate(&pos, None);
        let Some(winner) = eval.verdict else { continue };
        if memo.len() > 5_000_000 {
            memo.clear();
        }
        let truth = if wins_memo(&mut pos, &mut memo) {
            pos.to_move()
        } else {
            pos.to_move().opposite()
        };
        assert_eq!(winner, truth, "{pos}: {:?} by {:?}", eval.bounds, eval.rule);
        decided += 1;
    }
    eprintln!("{decided} of {checked} coupled positions decided");
}
