//! The Amazons computer player (`cgtk amazons move`, [`amazons::player`])
//! measured: games against a random player, and its moves against the
//! exact solver's on small boards.
//!
//! 1. `GAMES` games against a player that draws a legal move uniformly
//!    at random (fixed seeds), on each board of `--boards` (default 6x6
//!    and 8x8), colours alternating, `SECONDS` per move: the share won.
//! 2. Positions from the standard 4x4 and 5x4 starts after 2 to 7 random
//!    moves (fixed seeds) that the exact solver (`amazons solve`, df-pn)
//!    proves won for the side to move, and where at most half of the legal
//!    moves keep the win (each move's position solved): how often the
//!    player's move (at `SECONDS` per move) is one of them, beside the
//!    share a random move would have.
//!
//! It also prints the longest time one move took (the time limit is the
//! player's budget; it should stop within about one evaluation of it).
//!
//! ```text
//! cargo run --release --example amazons_player -- [GAMES] [SECONDS] [--boards 6x6,8x8]
//! ```
//!
//! Defaults: 20 games, 0.1 s per move. Prints Markdown rows.

use std::time::Duration;

use amazons::{Color, Move, Position};
use cgt::budget::{Limits, StopFlag};
use cgtk::ops::amazons::{computer_move, solve, PlayerOptions, SolveOptions, SolveProgress};

/// A linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as usize % n
    }
}

fn player_move(pos: &Position, seconds: f64, longest: &mut f64) -> Move {
    let options = PlayerOptions {
        limits: Limits::time(Duration::from_secs_f64(seconds)),
        ..PlayerOptions::default()
    };
    let r = computer_move(pos, &options, &StopFlag::new()).expect("a valid position");
    *longest = longest.max(r.seconds);
    pos.parse_move(r.best_move.as_deref().expect("a move"))
        .expect("a legal move")
}

/// The winner of `pos` by the exact solver (None past its limit).
fn solved_winner(pos: &Position) -> Option<&'static str> {
    let options = SolveOptions {
        limits: Limits::time(Duration::from_secs(120)),
        ..SolveOptions::default()
    };
    solve(pos, &options, &StopFlag::new(), SolveProgress::default())
        .expect("a valid position")
        .winner
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut games = 20usize;
    let mut seconds = 0.1f64;
    let mut boards = vec!["6x6".to_owned(), "8x8".to_owned()];
    let mut plain = Vec::new();
    while let Some(a) = args.next() {
        if a == "--boards" {
            boards = args
                .next()
                .expect("--boards WxH,...")
                .split(',')
                .map(str::to_owned)
                .collect();
        } else {
            plain.push(a);
        }
    }
    if let Some(g) = plain.first() {
        games = g.parse().expect("GAMES: a number");
    }
    if let Some(s) = plain.get(1) {
        seconds = s.parse().expect("SECONDS: a number");
    }
    let mut longest = 0.0f64;
    println!("| workload | games or positions | player's result |");
    println!("|---|---|---|");
    for board in &boards {
        let mut rng = Lcg(7);
        let mut won = 0;
        for g in 0..games {
            let me = if g % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let mut pos = Position::standard(board.parse().expect("a size")).expect("a start");
            while pos.has_move() {
                let mv = if pos.to_move() == me {
                    player_move(&pos, seconds, &mut longest)
                } else {
                    let moves = pos.legal_moves();
                    moves[rng.below(moves.len())]
                };
                pos.play(mv).expect("a legal move");
            }
            // The side to move has no move: it has lost.
            if pos.to_move() != me {
                won += 1;
            }
        }
        println!(
            "| {board} against random, {seconds} s a move | {games} games | {won} won ({:.0} %) |",
            100.0 * won as f64 / games as f64
        );
    }
    for board in ["4x4", "5x4"] {
        let mut rng = Lcg(11);
        let (mut tried, mut kept, mut share) = (0u32, 0u32, 0.0f64);
        let mut seed_games = 0;
        while (tried as usize) < games && seed_games < 50 * games {
            seed_games += 1;
            let mut pos = Position::standard(board.parse().expect("a size")).expect("a start");
            let plies = 2 + rng.below(6);
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]).expect("legal");
            }
            let me = cgtk::report::color_name(pos.to_move());
            if !pos.has_move() || solved_winner(&pos) != Some(me) {
                continue;
            }
            let moves = pos.legal_moves();
            let winning: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| {
                    let mut after = pos.clone();
                    after.play(mv).expect("legal");
                    !after.has_move() || solved_winner(&after) == Some(me)
                })
                .collect();
            if winning.len() * 2 > moves.len() {
                continue;
            }
            tried += 1;
            share += winning.len() as f64 / moves.len() as f64;
            if winning.contains(&player_move(&pos, seconds, &mut longest)) {
                kept += 1;
            }
        }
        println!(
            "| {board} won positions (at most half the moves win), {seconds} s a move | {tried} positions | winning move in {kept} ({:.0} %; a random move: {:.0} %) |",
            100.0 * f64::from(kept) / f64::from(tried.max(1)),
            100.0 * share / f64::from(tried.max(1))
        );
    }
    println!("longest move: {longest:.3} s (limit {seconds} s)");
}
