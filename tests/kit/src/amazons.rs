//! Amazons references: exhaustive "does the player to move win", random
//! boards, and the CGSuite golden data of `tests/data/amazons-cgsuite/`.

use std::path::Path;

use amazons::Position;
use rand::rngs::SmallRng;
use rand::Rng;

/// The eight directions a queen moves in, as (file, rank) steps.
pub const QUEEN_DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

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

/// A random `w x h` board (2..=5 by 2..=4) with two to four queens, up to
/// `max_empty` empty squares, the rest burnt.
pub fn random_position(rng: &mut SmallRng, max_empty: usize) -> Position {
    let (w, h) = (rng.gen_range(2..=5), rng.gen_range(2..=4));
    let n = w * h;
    let queens = rng.gen_range(2..=4.min(n - 1));
    let empty = rng.gen_range(1..=(n - queens).min(max_empty));
    random_board(rng, w, h, queens, empty)
}

/// A random `w x h` board with `queens` queens (at least one of each
/// colour, the rest of random colours) and `empty` empty squares on random
/// squares, the rest burnt, and a random side to move.
///
/// # Panics
/// If `queens < 2` or `queens + empty > w * h`.
pub fn random_board(
    rng: &mut SmallRng,
    w: usize,
    h: usize,
    queens: usize,
    empty: usize,
) -> Position {
    let n = w * h;
    let mut cells: Vec<char> = std::iter::repeat_n('x', n).collect();
    let mut order: Vec<usize> = (0..n).collect();
    for i in 0..n {
        let j = rng.gen_range(i..n);
        order.swap(i, j);
    }
    for (k, &i) in order.iter().take(queens + empty).enumerate() {
        cells[i] = match k {
            0 => 'W',
            1 => 'B',
            _ if k < queens => {
                if rng.gen_bool(0.5) {
                    'W'
                } else {
                    'B'
                }
            }
            _ => '.',
        };
    }
    let ranks: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
    let side = if rng.gen_bool(0.5) { "w" } else { "b" };
    format!("{} {side}", ranks.join("/"))
        .parse()
        .expect("a valid board")
}

/// The board text (ranks from the top joined by `/`, no side to move) of a
/// `w x h` board whose cell at rank-from-top `r`, file `f` has the code
/// `cell(r, f)`: 0 a White queen, 1 a Black queen, 2 to 4 burnt, else
/// empty (so a uniform code in `0..10` gives 30 % burnt squares).
pub fn board_text(w: u8, h: u8, mut cell: impl FnMut(u8, u8) -> u8) -> String {
    let mut text = String::new();
    for r in 0..h {
        for f in 0..w {
            text.push(match cell(r, f) {
                0 => 'W',
                1 => 'B',
                2..=4 => 'x',
                _ => '.',
            });
        }
        if r + 1 < h {
            text.push('/');
        }
    }
    text
}

/// The text of a file of `tests/data/amazons-cgsuite/` (values computed by
/// CGSuite; see the README there).
///
/// # Panics
/// If the file cannot be read.
pub fn cgsuite_data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/amazons-cgsuite")
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
