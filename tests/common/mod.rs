//! Helpers shared by the integration tests: the golden data of
//! `../shared/data/` and a plain minimax reference for Amazons.

#![allow(dead_code, reason = "each test binary uses a part of this module")]

use std::path::Path;

use amazons::Position;

/// The text of a file of `../shared/data/amazons-cgsuite/`.
pub fn cgsuite_data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/amazons-cgsuite")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The board text (without the side to move) of a CGSuite grid: rows joined
/// by `|`, top row first; `X` = Black, `O` = White, `#` burnt. `None` if
/// `grid` is not a grid.
pub fn cgsuite_board(grid: &str) -> Option<String> {
    if grid.is_empty() || !grid.chars().all(|c| ".XO#|".contains(c)) {
        return None;
    }
    Some(
        grid.chars()
            .map(|c| match c {
                'X' => 'B',
                'O' => 'W',
                '#' => 'x',
                '|' => '/',
                other => other,
            })
            .collect(),
    )
}

/// Plain minimax over the move generator: whether the side to move wins (a
/// player without a move loses).
pub fn minimax_wins(pos: &mut Position) -> bool {
    for mv in pos.legal_moves() {
        pos.play_unchecked(mv);
        let lost = !minimax_wins(pos);
        pos.undo(mv);
        if lost {
            return true;
        }
    }
    false
}
