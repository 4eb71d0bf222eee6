//! Minimax and alpha-beta on the utility of O'Flaherty & Wu (§III-C, §III-D,
//! eq. 3), depth-limited, by iterative deepening under a [`Budget`].
//!
//! Each iteration searches every root move to a fixed number of moves
//! (plies: a move that completes a box is followed by another move of the
//! same side, so the side to move, not the depth, says whether a node
//! maximises). The move of the deepest finished iteration is played; an
//! iteration cut off by the budget is discarded (the first iteration always
//! finishes). Moves are searched in a random order at every node, as in
//! the paper, or centre-out (the solver's order) with [`MoveOrder::CentreOut`].
//! Among equally valued root moves the first in that order is played, so
//! with random order ties are broken uniformly at random.

use cgt::budget::StopFlag;

use super::{bits, Budget, Game, Limiter, PlayError, Player, Rng, Utility};

/// The order in which a search tries moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOrder {
    /// A fresh uniformly random order at every node (O'Flaherty & Wu, §III-C).
    Random,
    /// From the centre of the board outwards, the same at every node.
    CentreOut,
}

/// The `minimax` and `alphabeta` players.
#[derive(Clone, Debug)]
pub struct Search {
    name: String,
    pruning: bool,
    order: MoveOrder,
    budget: Budget,
    stop: Option<StopFlag>,
    utility: Utility,
    last_depth: u32,
    last_nodes: u64,
}

impl Search {
    /// A search player under `name`: alpha-beta if `pruning`, else plain
    /// minimax.
    pub fn new(name: String, pruning: bool, order: MoveOrder, budget: Budget) -> Search {
        Search {
            name,
            pruning,
            order,
            budget,
            stop: None,
            utility: Utility::Paper,
            last_depth: 0,
            last_nodes: 0,
        }
    }

    /// The player with another form of the utility.
    pub fn with_utility(self, utility: Utility) -> Search {
        Search { utility, ..self }
    }

    /// The depth of the last move's deepest finished iteration.
    pub fn last_depth(&self) -> u32 {
        self.last_depth
    }

    /// Nodes searched for the last move.
    pub fn last_nodes(&self) -> u64 {
        self.last_nodes
    }

    /// The moves of `game` in this player's order.
    fn ordered(&self, game: &Game<'_>, rng: &mut Rng, out: &mut [u8; 128]) -> usize {
        let legal = game.legal();
        let mut n = 0;
        match self.order {
            MoveOrder::Random => {
                for e in bits(legal) {
                    out[n] = e as u8;
                    n += 1;
                }
                rng.shuffle(&mut out[..n]);
            }
            MoveOrder::CentreOut => {
                for &e in game.grid().centre_out() {
                    if legal >> e & 1 == 1 {
                        out[n] = e;
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// The value of `node` for side `me` searched `depth` moves deep, within
    /// the window (`alpha`, `beta`) when pruning (fail-hard). Sets `*stop`
    /// when the budget runs out and `abortable`.
    #[allow(clippy::too_many_arguments)]
    fn value(
        &self,
        node: &Game<'_>,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        me: usize,
        limiter: &mut Limiter,
        rng: &mut Rng,
        stop: &mut bool,
        abortable: bool,
    ) -> i32 {
        if limiter.tick() && abortable {
            *stop = true;
        }
        if depth == 0 || node.is_over() || *stop {
            return node.utility(self.utility, me);
        }
        let mut moves = [0u8; 128];
        let n = self.ordered(node, rng, &mut moves);
        let maximising = node.to_move() == me;
        let mut best = if maximising { i32::MIN } else { i32::MAX };
        for &e in &moves[..n] {
            let mut child = *node;
            child.play_unchecked(usize::from(e));
            let v = self.value(
                &child,
                depth - 1,
                alpha,
                beta,
                me,
                limiter,
                rng,
                stop,
                abortable,
            );
            if *stop {
                return 0;
            }
            if maximising {
                best = best.max(v);
                if self.pruning {
                    alpha = alpha.max(v);
                    if alpha >= beta {
                        return best;
                    }
                }
            } else {
                best = best.min(v);
                if self.pruning {
                    beta = beta.min(v);
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        best
    }
}

impl Player for Search {
    fn name(&self) -> &str {
        &self.name
    }

    fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let me = game.to_move();
        let mut moves = [0u8; 128];
        let n = self.ordered(game, rng, &mut moves);
        let mut limiter = Limiter::new(&self.budget, self.stop.as_ref());
        let max_depth = self.budget.depth.unwrap_or(u32::MAX).min(n as u32);
        let mut chosen = usize::from(moves[0]);
        self.last_depth = 0;
        for depth in 1..=max_depth {
            let mut stop = false;
            let mut best = i32::MIN;
            let mut best_move = chosen;
            for &e in &moves[..n] {
                let mut child = *game;
                child.play_unchecked(usize::from(e));
                let alpha = if self.pruning {
                    best.max(i32::MIN + 1)
                } else {
                    i32::MIN
                };
                let v = self.value(
                    &child,
                    depth - 1,
                    alpha,
                    i32::MAX,
                    me,
                    &mut limiter,
                    rng,
                    &mut stop,
                    depth > 1,
                );
                if stop {
                    break;
                }
                if v > best {
                    best = v;
                    best_move = usize::from(e);
                }
            }
            if stop {
                break;
            }
            chosen = best_move;
            self.last_depth = depth;
            if limiter.spent() {
                break;
            }
        }
        self.last_nodes = limiter.nodes;
        Ok(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Grid;

    /// Plain minimax on the utility, every move, for comparison.
    fn reference(node: &Game<'_>, depth: u32, me: usize) -> i32 {
        if depth == 0 || node.is_over() {
            return node.utility4(me);
        }
        let values = bits(node.legal()).map(|e| {
            let mut c = *node;
            c.play_unchecked(e);
            reference(&c, depth - 1, me)
        });
        if node.to_move() == me {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn both_searches_find_a_move_of_the_reference_value() {
        let grid = Grid::new(2, 2).unwrap();
        let mut rng = Rng::new(11);
        for trial in 0..300 {
            // A random position with 2..=9 undrawn edges.
            let mut game = Game::new(&grid);
            let keep = 2 + trial % 8;
            while game.num_legal() > keep {
                let e = rng.pick(game.legal());
                game.play_unchecked(e);
            }
            let depth = 1 + (trial % 4) as u32;
            let me = game.to_move();
            let best = bits(game.legal())
                .map(|e| {
                    let mut c = game;
                    c.play_unchecked(e);
                    reference(&c, depth - 1, me)
                })
                .max()
                .unwrap();
            for (pruning, order) in [
                (false, MoveOrder::Random),
                (true, MoveOrder::Random),
                (true, MoveOrder::CentreOut),
            ] {
                let budget = Budget {
                    depth: Some(depth),
                    ..Budget::default()
                };
                let mut p = Search::new("s".into(), pruning, order, budget);
                let e = p.choose(&game, &mut rng).unwrap();
                let mut c = game;
                c.play_unchecked(e);
                assert_eq!(reference(&c, depth - 1, me), best, "{game} depth {depth}");
            }
        }
    }
}
