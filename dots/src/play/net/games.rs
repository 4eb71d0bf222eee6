//! Games between networks and the heuristic players of Weaver & Bossomaier
//! 1998, §2.2, without the [`Player`](crate::play::Player) trait's boxes:
//! training plays millions of them.

use crate::play::heuristic::completing_moves;
use crate::play::{Game, Grid, Rng};

use super::Network;

/// A heuristic opponent: level 0 or level 1 (§2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Level 0: a random move.
    Random,
    /// Level 1: a random box-completing move if there is one, else a random
    /// move.
    Level1,
}

impl Heuristic {
    /// The player name (`random` or `level1`).
    pub fn name(self) -> &'static str {
        match self {
            Heuristic::Random => "random",
            Heuristic::Level1 => "level1",
        }
    }
}

/// One side of a game.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mover<'a> {
    Net(&'a Network),
    Heuristic(Heuristic),
}

impl Mover<'_> {
    #[inline]
    fn choose(self, game: &Game<'_>, rng: &mut Rng) -> usize {
        match self {
            Mover::Net(net) => net.choose_unchecked(game, rng),
            Mover::Heuristic(Heuristic::Random) => rng.pick(game.legal()),
            Mover::Heuristic(Heuristic::Level1) => {
                let take = completing_moves(game);
                rng.pick(if take != 0 { take } else { game.legal() })
            }
        }
    }
}

/// Plays one game, `first` moving first; the boxes of each.
pub(crate) fn play(grid: &Grid, first: Mover<'_>, second: Mover<'_>, rng: &mut Rng) -> [usize; 2] {
    let mut game = Game::new(grid);
    while !game.is_over() {
        let side = if game.to_move() == 0 { first } else { second };
        let e = side.choose(&game, rng);
        game.play_unchecked(e);
    }
    game.score()
}

/// A two-game match, each side moving first once; `a`'s games won (a tie
/// counts half).
pub(crate) fn two_game_match(grid: &Grid, a: Mover<'_>, b: Mover<'_>, rng: &mut Rng) -> f64 {
    let mut won = 0.0;
    for a_first in [true, false] {
        let [s0, s1] = if a_first {
            play(grid, a, b, rng)
        } else {
            let [x, y] = play(grid, b, a, rng);
            [y, x]
        };
        won += match s0.cmp(&s1) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    won
}

/// Proficiency (§4): the share of `games` games `net` wins against
/// `opponent` (a tie counts half), moving first in even-numbered games.
pub fn proficiency(
    grid: &Grid,
    net: &Network,
    opponent: Heuristic,
    games: usize,
    rng: &mut Rng,
) -> f64 {
    if games == 0 {
        return 0.0;
    }
    let (me, them) = (Mover::Net(net), Mover::Heuristic(opponent));
    let mut won = 0.0;
    for g in 0..games {
        let [mine, theirs] = if g % 2 == 0 {
            play(grid, me, them, rng)
        } else {
            let [x, y] = play(grid, them, me, rng);
            [y, x]
        };
        won += match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    won / games as f64
}
