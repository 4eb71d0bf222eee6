//! Outcomes of small Amazons grids against CGSuite.
//!
//! Golden data: `tests/data/amazons-cgsuite/main_tests_amazons_autotests_*.test`
//! (from the MCGS project, results from CGSuite 2.1.1; see the README there).
//! Grids are rows joined by `|`, top row first; `X` = Black = Left, `O` =
//! White = Right, `#` burnt. `{B win, W loss}` means: with Black to move,
//! Black wins; with White to move, White loses. A plain negamax with a memo
//! over our move generator must reproduce every outcome (a player with no
//! move loses).

use std::collections::HashMap;

use amazons::{Color, Position};

use testkit::amazons::{cgsuite_board, cgsuite_data};

type Key = (u128, u128, u128, Color);

/// Whether the side to move wins (normal play: no move, you lose).
fn wins(pos: &mut Position, memo: &mut HashMap<Key, bool>) -> bool {
    let key = (
        pos.queens(Color::White).bits(),
        pos.queens(Color::Black).bits(),
        pos.burnt().bits(),
        pos.to_move(),
    );
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    for mv in pos.legal_moves() {
        pos.play_unchecked(mv);
        let opponent_wins = wins(pos, memo);
        pos.undo(mv);
        if !opponent_wins {
            win = true;
            break;
        }
    }
    memo.insert(key, win);
    win
}

/// Parses one line `grid {B win, W loss}` into the position text and the
/// two expected outcomes (Black to move wins, White to move wins).
fn parse_line(line: &str) -> Option<(String, bool, bool)> {
    let (grid, outcome) = line.split_once(' ')?;
    let board = cgsuite_board(grid)?;
    let black_wins = if outcome.contains("B win") {
        true
    } else if outcome.contains("B loss") {
        false
    } else {
        return None;
    };
    let white_wins = if outcome.contains("W win") {
        true
    } else if outcome.contains("W loss") {
        false
    } else {
        return None;
    };
    Some((board, black_wins, white_wins))
}

fn check_file(name: &str) -> usize {
    let text = cgsuite_data(name);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for line in text.lines() {
        let Some((board, black_wins, white_wins)) = parse_line(line.trim()) else {
            continue;
        };
        let mut black: Position = format!("{board} b").parse().unwrap();
        let mut white: Position = format!("{board} w").parse().unwrap();
        assert_eq!(
            wins(&mut black, &mut memo),
            black_wins,
            "{line}: Black to move"
        );
        assert_eq!(
            wins(&mut white, &mut memo),
            white_wins,
            "{line}: White to move"
        );
        checked += 1;
    }
    checked
}

#[test]
fn cgsuite_outcomes_3x3() {
    // Every grid line of the file (counted with grep).
    assert_eq!(check_file("main_tests_amazons_autotests_3x3.test"), 55);
}

#[test]
fn cgsuite_outcomes_3x4() {
    assert_eq!(check_file("main_tests_amazons_autotests_3x4.test"), 58);
}

#[test]
fn cgsuite_outcomes_4x4() {
    assert_eq!(check_file("main_tests_amazons_autotests_4x4.test"), 30);
}
