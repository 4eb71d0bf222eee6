//! A computer player that plays within a budget: iterative deepening
//! alpha-beta (negamax) whose leaves are scored by the full-board
//! evaluation where it decides the game, and by queen-distance territory
//! where it does not.
//!
//! - **Decided leaves.** [`Evaluator::verdict`] (Song & Müller 2015,
//!   Algorithm 1) names the winner of many positions long before the end:
//!   every area a territory or a small local game whose bounds decide the
//!   sum. Such a leaf scores ±([`WIN`] − ply), so that a win is taken by
//!   the shortest way and a loss put off as long as possible; a side to
//!   move without a move has lost.
//! - **Undecided leaves.** The bounds of a large active area are too wide
//!   to rank moves (the opening's one area is `[-n, n]`), so these are
//!   ranked by the queen-distance territory of the Amazons programs
//!   (Lieberum 2005, "An evaluation function for the game of Amazons",
//!   §2; Müller & Tegos 2002, §4): an empty square belongs to the side
//!   whose queens reach it in fewer queen moves (ties to nobody), counted
//!   [`TERRITORY_WEIGHT`] times, plus the difference of the squares the
//!   queens reach in one move (mobility), from the side to move's view.
//! - **Search.** Depth 1, 2, ... until the budget ends, the result is
//!   proved (a win, a loss, or a depth at which no leaf was undecided), or
//!   [`PlayerOptions::max_depth`]. Moves are ordered by the previous
//!   iteration at the root and by their one-move score at inner nodes of
//!   remaining depth two or more. A move is ready before the search starts
//!   (the first legal move), so a player always answers a legal move,
//!   whatever its budget; an iteration cut by the budget counts only when
//!   it had searched the previous best move first (its best is then at
//!   least as well founded).
//!
//! Nothing here assumes a board size: it reads squares from the position
//! (boards up to 10x10, the tournament board).
//!
//! ```
//! use amazons::player::{choose, PlayerOptions};
//! use amazons::Position;
//! use cgt::budget::{Limits, Meter};
//!
//! // Walled-off territories: Black has two squares to move into, White
//! // one, so White, to move, has lost (Song & Müller 2015, IV-C3); the
//! // search proves it, and still answers a legal move.
//! let pos: Position = "B..x/xxxx/W.xx w".parse()?;
//! let mut meter = Meter::new(Limits::nodes(10_000), None);
//! let choice = choose(&pos, &PlayerOptions::default(), &mut meter).unwrap();
//! assert!(pos.legal_moves().contains(&choice.best));
//! assert_eq!(choice.winner(pos.to_move()), Some(amazons::Color::Black));
//! # Ok::<(), amazons::PositionError>(())
//! ```

use cgt::budget::{Limit, Meter};

use crate::bitboard::{queen_attacks, Bitboard};
use crate::color::Color;
use crate::eval::Evaluator;
use crate::moves::Move;
use crate::position::Position;

/// The score of a won position at the root (less the plies to the win).
pub const WIN: i32 = 1_000_000;

/// Scores beyond `WIN - PROVEN_MARGIN` (or below its negation) are proved
/// wins (losses).
const PROVEN_MARGIN: i32 = 10_000;

/// How much one square of queen-distance territory weighs against one
/// square of mobility (a square more reached in one queen move).
pub const TERRITORY_WEIGHT: i32 = 4;

/// The largest territory the player's evaluator solves exactly (empty
/// squares): the evaluator's default, 12, can take 0.3 s for a territory
/// of 11 or 12 empty squares the first time one is met (measured on a
/// 6x6 middle game), longer than a move's whole budget may be; larger
/// ones get plodding bounds, which are sound, only wider.
pub const EXACT_TERRITORY_MAX_EMPTY: u32 = 10;

/// The player's knobs.
#[derive(Clone, Copy, Debug)]
pub struct PlayerOptions {
    /// The full-board evaluator whose verdicts score decided leaves
    /// (default: the evaluator's, with exact territories up to
    /// [`EXACT_TERRITORY_MAX_EMPTY`] empty squares).
    pub evaluator: Evaluator,
    /// The deepest iteration (1 to 64 plies; the default 64 means: until
    /// the budget ends or the result is proved).
    pub max_depth: u32,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        let mut evaluator = Evaluator::default();
        evaluator.analyzer.exact_territory_max_empty = EXACT_TERRITORY_MAX_EMPTY;
        PlayerOptions {
            evaluator,
            max_depth: 64,
        }
    }
}

/// The move chosen and how it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move: ±([`WIN`] − plies) when proved,
    /// else the territory score of the leaf it leads to.
    pub score: i32,
    /// The deepest iteration that counted (0: none finished, the first
    /// legal move).
    pub depth: u32,
    /// Positions searched (leaves and inner nodes).
    pub nodes: u64,
    /// Whether the score is exact: a proved win or loss, or an iteration
    /// in which the evaluation decided every leaf.
    pub proved: bool,
    /// The limit that ended the search, if one did (else the search ended
    /// by proving the result or at [`PlayerOptions::max_depth`]).
    pub limit: Option<Limit>,
}

impl Choice {
    /// The winner the search proved, if it did (`to_move` moved first).
    pub fn winner(&self, to_move: Color) -> Option<Color> {
        if self.score > WIN - PROVEN_MARGIN {
            Some(to_move)
        } else if self.score < -(WIN - PROVEN_MARGIN) {
            Some(to_move.opposite())
        } else {
            None
        }
    }
}

/// The move the player makes in `pos` within `meter`'s budget (every
/// position searched is one unit; the clock and the stop flag are looked
/// at in every position); `None` when the side to move has no move.
pub fn choose(pos: &Position, options: &PlayerOptions, meter: &mut Meter) -> Option<Choice> {
    let mut root_moves = pos.legal_moves();
    let first = *root_moves.first()?;
    let mut search = Search {
        evaluator: options.evaluator,
        meter,
        nodes: 0,
        undecided: false,
    };
    let mut choice = Choice {
        best: first,
        score: 0,
        depth: 0,
        nodes: 0,
        proved: false,
        limit: None,
    };
    let mut pos = pos.clone();
    for depth in 1..=options.max_depth.clamp(1, 64) {
        search.undecided = false;
        let mut alpha = -WIN - 1;
        let mut best = None;
        let mut cut = None;
        for (i, &mv) in root_moves.iter().enumerate() {
            pos.play_unchecked(mv);
            let result = search.negamax(&mut pos, depth - 1, 1, -WIN - 1, -alpha);
            pos.undo(mv);
            match result {
                Ok(s) => {
                    let s = -s;
                    if s > alpha {
                        alpha = s;
                        best = Some((i, s));
                    }
                }
                Err(limit) => {
                    cut = Some((limit, i));
                    break;
                }
            }
        }
        if let Some((limit, i)) = cut {
            // A cut iteration counts once its first move (the previous
            // best) was searched.
            if let (true, Some((b, s))) = (i > 0, best) {
                choice.best = root_moves[b];
                choice.score = s;
                choice.depth = depth;
            }
            choice.limit = Some(limit);
            break;
        }
        let Some((b, s)) = best else { break };
        choice.best = root_moves[b];
        choice.score = s;
        choice.depth = depth;
        // The best move first in the next iteration.
        let mv = root_moves.remove(b);
        root_moves.insert(0, mv);
        choice.proved = s.abs() > WIN - PROVEN_MARGIN || !search.undecided;
        if choice.proved {
            break;
        }
    }
    choice.nodes = search.nodes;
    Some(choice)
}

/// One search: its evaluator, budget and counts.
struct Search<'m> {
    evaluator: Evaluator,
    meter: &'m mut Meter,
    nodes: u64,
    /// Whether a leaf of this iteration was scored by territory.
    undecided: bool,
}

impl Search<'_> {
    /// The score of `pos` for its side to move, `ply` plies below the
    /// root, searched `depth` more plies, within (`alpha`, `beta`).
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Limit> {
        self.meter.tick()?;
        self.meter.check()?;
        self.nodes += 1;
        if let Some(decided) = self.decided(pos, ply) {
            return Ok(decided);
        }
        if depth == 0 {
            self.undecided = true;
            return Ok(territory_score(pos));
        }
        let mut moves = pos.legal_moves();
        if depth >= 2 {
            // Order by the one-move score: each child's territory, best
            // for the side to move (lowest for the opponent) first.
            // The clock is read at every child: ordering a wide node takes
            // as long as many leaves.
            let mut scored = Vec::with_capacity(moves.len());
            for &mv in &moves {
                self.meter.check()?;
                pos.play_unchecked(mv);
                scored.push((territory_score(pos), mv));
                pos.undo(mv);
            }
            scored.sort_by_key(|&(s, _)| s);
            moves = scored.into_iter().map(|(_, mv)| mv).collect();
        }
        let mut best = -WIN - 1;
        for mv in moves {
            pos.play_unchecked(mv);
            let result = self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
            pos.undo(mv);
            let s = -result?;
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// The score of a decided position `ply` plies below the root: lost
    /// without a move, or the evaluation's verdict.
    fn decided(&self, pos: &Position, ply: i32) -> Option<i32> {
        let me = pos.to_move();
        if !pos.has_move() {
            return Some(-(WIN - ply));
        }
        self.evaluator.verdict(pos, None).map(|winner| {
            if winner == me {
                WIN - ply
            } else {
                -(WIN - ply)
            }
        })
    }
}

/// The squares of `empty` that queens on `from` reach in one queen move.
fn reach(from: Bitboard, empty: Bitboard) -> Bitboard {
    from.squares()
        .fold(Bitboard::EMPTY, |acc, sq| acc | queen_attacks(sq, empty))
}

/// The queen-distance territory and mobility score of `pos` for its side
/// to move (see the module docs).
pub fn territory_score(pos: &Position) -> i32 {
    let empty = pos.empty();
    let black = pos.queens(Color::Black);
    let white = pos.queens(Color::White);
    let mobility = reach(black, empty).count() as i32 - reach(white, empty).count() as i32;
    let (mut front_b, mut front_w) = (black, white);
    let (mut seen_b, mut seen_w) = (Bitboard::EMPTY, Bitboard::EMPTY);
    let (mut own_b, mut own_w) = (0i32, 0i32);
    while front_b.any() || front_w.any() {
        let new_b = reach(front_b, empty) - seen_b;
        let new_w = reach(front_w, empty) - seen_w;
        own_b += (new_b - seen_w - new_w).count() as i32;
        own_w += (new_w - seen_b - new_b).count() as i32;
        seen_b |= new_b;
        seen_w |= new_w;
        front_b = new_b;
        front_w = new_w;
    }
    let black_score = TERRITORY_WEIGHT * (own_b - own_w) + mobility;
    match pos.to_move() {
        Color::Black => black_score,
        Color::White => -black_score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::budget::Limits;

    /// However small the budget, the answer is a legal move.
    #[test]
    fn a_legal_move_within_any_budget() {
        let pos = Position::standard("8x8".parse().unwrap()).unwrap();
        for nodes in [1, 2, 50, 3000] {
            let mut meter = Meter::new(Limits::nodes(nodes), None);
            let c = choose(&pos, &PlayerOptions::default(), &mut meter).unwrap();
            assert!(pos.legal_moves().contains(&c.best), "{nodes}: {c:?}");
            assert_eq!(c.limit, Some(Limit::Nodes));
        }
        let stop = cgt::budget::StopFlag::new();
        stop.stop();
        let mut meter = Meter::new(Limits::NONE, Some(&stop));
        let c = choose(&pos, &PlayerOptions::default(), &mut meter).unwrap();
        assert_eq!((c.depth, c.limit), (0, Some(Limit::Interrupt)));
        // No move, no choice: White's queen is walled in.
        let stuck: Position = "B.x/.xx/.xW w".parse().unwrap();
        assert!(!stuck.has_move());
        assert!(choose(&stuck, &PlayerOptions::default(), &mut meter).is_none());
    }

    /// Territory by queen distance against a plain breadth-first count
    /// written here, on random positions.
    #[test]
    fn territory_is_that_of_queen_distances() {
        let mut seed = 3u64;
        for _ in 0..40 {
            let mut pos = Position::standard("6x6".parse().unwrap()).unwrap();
            for _ in 0..(seed % 20) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
            seed = seed.wrapping_add(7);
            let empty = pos.empty();
            let dist = |queens: Bitboard| {
                let mut d = [u32::MAX; crate::Square::COUNT];
                let mut frontier: Vec<_> = queens.squares().collect();
                let mut k = 0;
                while !frontier.is_empty() {
                    k += 1;
                    let mut next = Vec::new();
                    for sq in frontier {
                        for t in queen_attacks(sq, empty).squares() {
                            if d[usize::from(t.index())] == u32::MAX {
                                d[usize::from(t.index())] = k;
                                next.push(t);
                            }
                        }
                    }
                    frontier = next;
                }
                d
            };
            let (db, dw) = (
                dist(pos.queens(Color::Black)),
                dist(pos.queens(Color::White)),
            );
            let mut own = 0i32;
            for sq in empty.squares() {
                let i = usize::from(sq.index());
                own += i32::from(db[i] < dw[i]) - i32::from(dw[i] < db[i]);
            }
            let mob = |q: Bitboard| reach(q, empty).count() as i32;
            let black = TERRITORY_WEIGHT * own + mob(pos.queens(Color::Black))
                - mob(pos.queens(Color::White));
            let want = if pos.to_move() == Color::Black {
                black
            } else {
                -black
            };
            assert_eq!(territory_score(&pos), want, "{pos}");
        }
    }
}
