//! The heuristic players: random (level 0), box completion (level 1) and
//! third-side avoidance (level 2) of Weaver & Bossomaier 1998, §2.2, and
//! the one-ply greedy player of O'Flaherty & Wu, §III-B.

use super::{Game, PlayError, Player, Rng, Utility};

/// The undrawn edges that complete a box (the missing sides of boxes with
/// three sides drawn).
pub(crate) fn completing_moves(game: &Game<'_>) -> u128 {
    let grid = game.grid();
    let edges = game.edges();
    let mut moves = 0u128;
    for b in 0..grid.num_boxes() {
        let m = grid.box_mask(b);
        if (edges & m).count_ones() == 3 {
            moves |= m & !edges;
        }
    }
    moves
}

/// The undrawn edges that draw no box's third side (no box next to them
/// has two or more sides drawn), so that they give the opponent no box.
pub(crate) fn safe_moves(game: &Game<'_>) -> u128 {
    let grid = game.grid();
    let edges = game.edges();
    let mut risky = 0u128;
    for b in 0..grid.num_boxes() {
        let m = grid.box_mask(b);
        if (edges & m).count_ones() >= 2 {
            risky |= m;
        }
    }
    game.legal() & !risky
}

/// Level 0: a uniformly random legal move (Weaver & Bossomaier 1998, §2.2;
/// O'Flaherty & Wu, §III-A).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    name: String,
}

impl RandomPlayer {
    /// The player, under `name`.
    pub fn new(name: String) -> RandomPlayer {
        RandomPlayer { name }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        Ok(rng.pick(game.legal()))
    }
}

/// Level 1, box completion (Weaver & Bossomaier 1998, §2.2): a random move
/// that completes a box if there is one, else a random move.
#[derive(Clone, Debug)]
pub struct Level1 {
    name: String,
}

impl Level1 {
    /// The player, under `name`.
    pub fn new(name: String) -> Level1 {
        Level1 { name }
    }
}

impl Player for Level1 {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let take = completing_moves(game);
        Ok(rng.pick(if take != 0 { take } else { game.legal() }))
    }
}

/// Level 2, third-side avoidance (Weaver & Bossomaier 1998, §2.2): a
/// random move that completes a box if there is one, else a random move
/// that draws no box's third side, else a random move.
#[derive(Clone, Debug)]
pub struct Level2 {
    name: String,
}

impl Level2 {
    /// The player, under `name`.
    pub fn new(name: String) -> Level2 {
        Level2 { name }
    }
}

impl Player for Level2 {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let take = completing_moves(game);
        if take != 0 {
            return Ok(rng.pick(take));
        }
        let safe = safe_moves(game);
        Ok(rng.pick(if safe != 0 { safe } else { game.legal() }))
    }
}

/// Greedy (O'Flaherty & Wu, §III-B): the move whose resulting position has
/// the highest utility (eq. 3) for the mover, ties broken at random.
#[derive(Clone, Debug)]
pub struct Greedy {
    name: String,
    utility: Utility,
}

impl Greedy {
    /// The player, under `name`, with the utility as printed.
    pub fn new(name: String) -> Greedy {
        Greedy {
            name,
            utility: Utility::Paper,
        }
    }

    /// The player with another form of the utility.
    pub fn with_utility(self, utility: Utility) -> Greedy {
        Greedy { utility, ..self }
    }
}

impl Player for Greedy {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let me = game.to_move();
        let mut best = i32::MIN;
        let mut ties = 0u128;
        for e in super::bits(game.legal()) {
            let mut next = *game;
            next.play_unchecked(e);
            let u = next.utility(self.utility, me);
            if u > best {
                best = u;
                ties = 0;
            }
            if u == best {
                ties |= 1 << e;
            }
        }
        Ok(rng.pick(ties))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Grid;

    #[test]
    fn level_moves_follow_their_definitions() {
        // 2x1 board: +-0-+-1-+ / 4 5 6 / +-2-+-3-+. Box 0 has 0, 2, 4 drawn
        // (edge 5 completes it); box 1 has 1 drawn.
        let grid = Grid::new(2, 1).unwrap();
        let game = Game::from_parts(&grid, 1 << 0 | 1 << 2 | 1 << 4 | 1 << 1, [0, 0], 0).unwrap();
        assert_eq!(completing_moves(&game), 1 << 5);
        // Box 1 has one side: edges 3 and 6 draw its second side only; 5 is
        // a side of box 0, which has three.
        assert_eq!(safe_moves(&game), 1 << 3 | 1 << 6);
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            assert_eq!(Level1::new("l1".into()).choose(&game, &mut rng), Ok(5));
            assert_eq!(Level2::new("l2".into()).choose(&game, &mut rng), Ok(5));
        }
        // Utility (eq. 3, times 4) after each move, for the mover: 5 takes
        // a box (+8) and leaves box 1 with two sides (-2); 3 or 6 leave box 0
        // with three sides (+3) and box 1 with two (-2).
        let after = |e: usize| {
            let mut g = game;
            g.play_unchecked(e);
            g.utility4(0)
        };
        assert_eq!(after(5), 6);
        assert_eq!(after(3), 1);
        assert_eq!(Greedy::new("g".into()).choose(&game, &mut rng), Ok(5));
    }
}
