//! Amazons move generation checked by perft: against the counts of
//! `amazons/tests/data/amazons.perft` (see its `# Source:` line) and
//! against a naive generator written here, square by square on a grid of
//! characters.

use amazons::{Color, Move, Position, Size, Square};
use cgt::budget::Watch;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use testkit::amazons::{board_text, QUEEN_DIRECTIONS};

/// [`amazons::perft`] without a limit, which counts to the end.
fn perft(pos: &Position, depth: u32) -> u64 {
    amazons::perft(pos, depth, &Watch::unlimited()).expect("no limit")
}

/// Counts at or below this run in the normal test suite; larger ones are
/// `#[ignore]`d (run them with `cargo test --release -- --ignored`).
const SHALLOW_LIMIT: u64 = 2_000_000;

struct Case {
    pos: Position,
    depth: u32,
    count: u64,
    line: usize,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/amazons.perft");
    assert!(text.lines().any(|l| l.starts_with("# Source:")));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "line {}: {line}", i + 1);
        let pos = match fields[0].parse::<Size>() {
            Ok(size) => Position::standard(size).unwrap(),
            Err(_) => fields[0].parse().unwrap(),
        };
        cases.push(Case {
            pos,
            depth: fields[1].parse().unwrap(),
            count: fields[2].parse().unwrap(),
            line: i + 1,
        });
    }
    cases
}

fn check(filter: impl Fn(&Case) -> bool) {
    let mut checked = 0;
    for case in cases().iter().filter(|c| filter(c)) {
        assert_eq!(
            perft(&case.pos, case.depth),
            case.count,
            "amazons.perft line {}: {} depth {}",
            case.line,
            case.pos,
            case.depth
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_shallow_counts() {
    check(|c| c.count <= SHALLOW_LIMIT);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn perft_deep_counts() {
    check(|c| c.count > SHALLOW_LIMIT);
}

/// A naive move generator: the board as a grid of characters (`grid[rank][file]`),
/// rays walked one square at a time.
struct Naive {
    width: i32,
    height: i32,
    grid: Vec<Vec<char>>,
    to_move: char,
}

impl Naive {
    fn from_text(text: &str) -> Naive {
        let (board, side) = text.split_once(' ').unwrap();
        let mut grid: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
        grid.reverse(); // grid[0] is rank 1
        Naive {
            width: grid[0].len() as i32,
            height: grid.len() as i32,
            grid,
            to_move: if side == "w" { 'W' } else { 'B' },
        }
    }

    fn empty_at(&self, f: i32, r: i32) -> bool {
        f >= 0
            && r >= 0
            && f < self.width
            && r < self.height
            && self.grid[r as usize][f as usize] == '.'
    }

    fn ray(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (df, dr) in QUEEN_DIRECTIONS {
            let (mut x, mut y) = (f + df, r + dr);
            while self.empty_at(x, y) {
                out.push((x, y));
                x += df;
                y += dr;
            }
        }
        out
    }

    /// Moves as ((from), (to), (arrow)) coordinates.
    fn moves(&mut self) -> Vec<[(i32, i32); 3]> {
        let mut out = Vec::new();
        for r in 0..self.height {
            for f in 0..self.width {
                if self.grid[r as usize][f as usize] != self.to_move {
                    continue;
                }
                for (tf, tr) in self.ray(f, r) {
                    self.grid[r as usize][f as usize] = '.';
                    self.grid[tr as usize][tf as usize] = self.to_move;
                    for arrow in self.ray(tf, tr) {
                        out.push([(f, r), (tf, tr), arrow]);
                    }
                    self.grid[tr as usize][tf as usize] = '.';
                    self.grid[r as usize][f as usize] = self.to_move;
                }
            }
        }
        out
    }

    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mover = self.to_move;
        let other = if mover == 'W' { 'B' } else { 'W' };
        let mut n = 0;
        for [(f, r), (tf, tr), (af, ar)] in self.moves() {
            self.grid[r as usize][f as usize] = '.';
            self.grid[tr as usize][tf as usize] = mover;
            self.grid[ar as usize][af as usize] = 'x';
            self.to_move = other;
            n += self.perft(depth - 1);
            self.to_move = mover;
            self.grid[ar as usize][af as usize] = '.';
            self.grid[tr as usize][tf as usize] = '.';
            self.grid[r as usize][f as usize] = mover;
        }
        n
    }
}

fn to_move(m: [(i32, i32); 3]) -> Move {
    let sq = |(f, r): (i32, i32)| Square::new(f as u8, r as u8).unwrap();
    Move::new(sq(m[0]), sq(m[1]), sq(m[2]))
}

#[test]
fn naive_generator_agrees_on_standard_starts() {
    for size in [
        "4x4", "5x4", "4x5", "5x5", "6x4", "8x8", "9x9", "10x7", "6x10",
    ] {
        let pos = Position::standard(size.parse().unwrap()).unwrap();
        let mut naive = Naive::from_text(&pos.to_string());
        assert_eq!(perft(&pos, 1), naive.perft(1), "{size}");
        if !["8x8", "9x9"].contains(&size) {
            assert_eq!(perft(&pos, 2), naive.perft(2), "{size}");
        }
    }
}

#[test]
fn tournament_start_on_10x10() {
    // The 10x10 start is the tournament one (White A4 D1 G1 J4, Black A7
    // D10 G10 J7, as the rules of the game place them), read here from its
    // text, not from `Position::standard`.
    let text = "...B..B.../........../........../B........B/........../\
                ........../W........W/........../........../...W..W... w";
    let start: Position = text.parse().unwrap();
    assert_eq!(Position::standard("10x10".parse().unwrap()).unwrap(), start);
    // Depth 2 (about 4.3 million sequences) against the naive generator.
    let mut naive = Naive::from_text(text);
    assert_eq!(perft(&start, 2), naive.perft(2));
}

#[test]
fn ten_by_ten_notation_round_trips() {
    // Two-digit ranks: D10-D7xA7 reads as D10 (file 3, rank 9) to D7
    // with the arrow on A7; from the start it is illegal for Black (A7
    // holds a Black queen) and D10-D7xB7 is legal.
    let mv: Move = "D10-D7xA7".parse().unwrap();
    let coords = |s: Square| (s.file(), s.rank());
    assert_eq!(
        [mv.from, mv.to, mv.arrow].map(coords),
        [(3, 9), (3, 6), (0, 6)]
    );
    assert_eq!(mv.to_string(), "D10-D7xA7");
    let mut pos = Position::standard("10x10".parse().unwrap()).unwrap();
    pos.play(pos.parse_move("J4-J5xJ6").unwrap()).unwrap();
    assert!(pos.parse_move("D10-D7xA7").is_err());
    assert!(pos.parse_move("D10-D11xD9").is_err());
    let black = pos.parse_move("d10-d7xb7").unwrap();
    assert_eq!(black.to_string(), "D10-D7xB7");
    // Every legal move of a random 10x10 game prints and reads back as
    // itself, and the position's text reads back as the position.
    let mut rng = SmallRng::seed_from_u64(10);
    let mut pos = Position::standard("10x10".parse().unwrap()).unwrap();
    for _ in 0..40 {
        let moves = pos.legal_moves();
        for &mv in &moves {
            assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        }
        assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        pos.play(moves[rng.gen_range(0..moves.len())]).unwrap();
    }
}

/// A random position: queens and arrows scattered on a random board.
fn random_position(rng: &mut SmallRng) -> Position {
    let (w, h) = (rng.gen_range(1..=8u8), rng.gen_range(1..=8u8));
    let mut text = board_text(w, h, |_, _| rng.gen_range(0..10));
    text.push_str(if rng.gen_bool(0.5) { " w" } else { " b" });
    text.parse().unwrap()
}

#[test]
fn naive_generator_agrees_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..3000 {
        let pos = random_position(&mut rng);
        let mut naive = Naive::from_text(&pos.to_string());
        let mut expected: Vec<Move> = naive.moves().into_iter().map(to_move).collect();
        let mut got = pos.legal_moves();
        expected.sort();
        got.sort();
        assert_eq!(got, expected, "{pos}");
        assert_eq!(pos.has_move(), !expected.is_empty(), "{pos}");
        for &mv in &got {
            assert_eq!(pos.validate(mv), Ok(()), "{pos} {mv}");
        }
        if got.len() < 200 {
            assert_eq!(perft(&pos, 2), naive.perft(2), "{pos}");
        }
    }
}

#[test]
fn random_playouts_agree_and_undo_restores() {
    let mut rng = SmallRng::seed_from_u64(55);
    for size in ["4x4", "5x6", "6x6", "7x5"] {
        for _ in 0..20 {
            let mut pos = Position::standard(size.parse().unwrap()).unwrap();
            let mut history = Vec::new();
            loop {
                let moves = pos.legal_moves();
                let mut naive = Naive::from_text(&pos.to_string());
                assert_eq!(moves.len(), naive.moves().len(), "{pos}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                history.push((pos.clone(), mv));
                pos.play(mv).unwrap();
            }
            // The side with no move loses; undo every move back to the start.
            assert!(matches!(pos.to_move(), Color::White | Color::Black));
            for (before, mv) in history.into_iter().rev() {
                pos.undo(mv);
                assert_eq!(pos, before);
            }
        }
    }
}
