//! Monte Carlo players: the depth-limited Monte Carlo search of O'Flaherty
//! & Wu (§III-E), with uniform or Crazy Stone selection, and UCT.
//!
//! **`mcts`, `mcts-crazystone`.** Each descent starts at the position and
//! picks a move at every level down to a depth of [`MC_DEPTH`] moves (7, as
//! in the paper) or the end of the game; the utility (eq. 3) of the
//! position reached, for the player at the root, is backed up into every
//! tree node on the way and averaged there. The root move with the highest
//! average is played. With uniform selection every level picks a uniformly
//! random move, so only the root's children need statistics (the averages
//! of deeper nodes select nothing). Crazy Stone selection (Chaslot,
//! Winands, van den Herik & Uiterwijk 2008, as the paper gives it) picks
//! child `i` of a node with probability proportional to
//! `exp(-2.4 (μ0 − μi) / sqrt(2 (σ0² + σi²))) + εi`, children ranked by
//! their mean μ for the player to move there (μ0 the best), σ² the variance
//! of their backed-up values, and `εi = 15 (0.1 + exp(-i/N)) / N` over `N`
//! children (the paper's eq. 1 and its regularisation, eq. 2). Until every
//! child of a node has two values (a variance needs two), the children with
//! fewer are picked first, uniformly. A node gets statistics for its
//! children on its second visit; below the nodes with statistics the
//! descent picks uniformly. The tree holds at most [`MAX_SLOTS`] nodes.
//!
//! **`uct`.** UCT (Kocsis & Szepesvári 2006): from the root down the tree,
//! the child maximising `w/n + C sqrt(ln N / n)` (`w/n` the share of wins of
//! the child's mover, ties counting half, `C` = 1/√2 = [`UCT_C`]), unvisited
//! children first; one node added per descent; then a uniformly random
//! playout to the end of the game. The most visited root move is played.
//!
//! The budget counts descents (`nodes=N`) or time (`ms=N`).

use cgt::budget::StopFlag;

use super::{bits, Budget, Game, Limiter, PlayError, Player, Rng, Utility};

/// The depth of a Monte Carlo descent in moves (O'Flaherty & Wu, §III-E).
pub const MC_DEPTH: u32 = 7;

/// The most tree nodes a Monte Carlo or UCT player keeps for one move.
pub const MAX_SLOTS: usize = 1 << 22;

/// UCT's exploration constant `C`.
pub const UCT_C: f64 = std::f64::consts::FRAC_1_SQRT_2;

const NONE: u32 = u32::MAX;

/// How [`Mcts`] picks a move at each level of a descent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Uniformly at random.
    Uniform,
    /// By the Crazy Stone probabilities of O'Flaherty & Wu, eq. (1), (2).
    CrazyStone,
}

/// Running count, mean and variance of backed-up values.
#[derive(Clone, Copy, Debug, Default)]
struct Stat {
    n: u32,
    sum: f64,
    sum_sq: f64,
}

impl Stat {
    fn add(&mut self, v: f64) {
        self.n += 1;
        self.sum += v;
        self.sum_sq += v * v;
    }

    fn mean(&self) -> f64 {
        self.sum / f64::from(self.n)
    }

    fn variance(&self) -> f64 {
        (self.sum_sq / f64::from(self.n) - self.mean().powi(2)).max(0.0)
    }
}

/// The shape of a search tree in flat arrays: each slot's first child,
/// child count and the edge that leads to it (slot 0 is the root). The
/// players keep their statistics per slot beside it.
#[derive(Clone, Debug, Default)]
struct Links {
    first_child: Vec<u32>,
    num_children: Vec<u8>,
    edge: Vec<u8>,
}

impl Links {
    /// Only the root, not expanded.
    fn reset(&mut self) {
        self.first_child.clear();
        self.num_children.clear();
        self.edge.clear();
        self.push(0);
    }

    fn push(&mut self, edge: u8) {
        self.first_child.push(NONE);
        self.num_children.push(0);
        self.edge.push(edge);
    }

    /// A child slot below `slot` for every legal move of `game`, calling
    /// `new_stat` once for each so the statistics stay beside the slots.
    fn expand(&mut self, slot: u32, game: &Game<'_>, mut new_stat: impl FnMut()) {
        let first = self.edge.len() as u32;
        let mut k = 0u8;
        for e in bits(game.legal()) {
            self.push(e as u8);
            new_stat();
            k += 1;
        }
        self.first_child[slot as usize] = first;
        self.num_children[slot as usize] = k;
    }
}

/// The `mcts` and `mcts-crazystone` players.
#[derive(Clone, Debug)]
pub struct Mcts {
    name: String,
    selection: Selection,
    budget: Budget,
    stop: Option<StopFlag>,
    utility: Utility,
    stats: Vec<Stat>,
    links: Links,
    /// Work buffers of Crazy Stone selection: children ranked by mean,
    /// their weights, and the regularisation terms for each child count.
    ranked: Vec<(f64, f64, u32)>,
    weights: Vec<f64>,
    eps: Vec<Vec<f64>>,
    last_descents: u64,
}

impl Mcts {
    /// The player under `name`.
    pub fn new(name: String, selection: Selection, budget: Budget) -> Mcts {
        Mcts {
            name,
            selection,
            budget,
            stop: None,
            utility: Utility::Paper,
            stats: Vec::new(),
            links: Links::default(),
            ranked: Vec::new(),
            weights: Vec::new(),
            eps: Vec::new(),
            last_descents: 0,
        }
    }

    /// The player with another form of the utility.
    pub fn with_utility(self, utility: Utility) -> Mcts {
        Mcts { utility, ..self }
    }

    /// Descents (branches) made for the last move.
    pub fn last_descents(&self) -> u64 {
        self.last_descents
    }

    /// The average backed-up utility (eq. 3, in boxes) of every root move
    /// visited by the last search, for the player to move.
    pub fn root_values(&self) -> Vec<(usize, f64)> {
        if self.stats.is_empty() {
            return Vec::new();
        }
        let (first, k) = (
            self.links.first_child[0] as usize,
            usize::from(self.links.num_children[0]),
        );
        (first..first + k)
            .filter(|&s| self.stats[s].n > 0)
            .map(|s| (usize::from(self.links.edge[s]), self.stats[s].mean()))
            .collect()
    }

    fn expand(&mut self, slot: u32, game: &Game<'_>) {
        let stats = &mut self.stats;
        self.links
            .expand(slot, game, || stats.push(Stat::default()));
    }

    /// Crazy Stone's choice among the children of `slot` (expanded), for
    /// the side that maximises `sign * value`.
    fn crazy_stone(&mut self, slot: u32, sign: f64, rng: &mut Rng) -> u32 {
        let first = self.links.first_child[slot as usize];
        let k = u32::from(self.links.num_children[slot as usize]);
        let stats = &self.stats[first as usize..(first + k) as usize];
        let mut young = [0u8; 128];
        let mut count = 0;
        for (i, st) in stats.iter().enumerate() {
            if st.n < 2 {
                young[count] = i as u8;
                count += 1;
            }
        }
        if count > 0 {
            return first + u32::from(young[rng.below(count as u32) as usize]);
        }
        let ranked = &mut self.ranked;
        ranked.clear();
        ranked.extend(
            stats
                .iter()
                .enumerate()
                .map(|(i, st)| (sign * st.mean(), st.variance(), i as u32)),
        );
        ranked.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        // eq. (2): eps_i = 15 (0.1 + exp(-i/N)) / N, the same for every node
        // with N children.
        if self.eps.len() <= k as usize {
            self.eps.resize(k as usize + 1, Vec::new());
        }
        let eps = &mut self.eps[k as usize];
        if eps.is_empty() {
            let n = f64::from(k);
            eps.extend((0..k).map(|i| 15.0 * (0.1 + (-f64::from(i) / n).exp()) / n));
        }
        let (mu0, var0) = (ranked[0].0, ranked[0].1);
        let weights = &mut self.weights;
        weights.clear();
        let mut total = 0.0;
        for (r, e) in ranked.iter().zip(eps.iter()) {
            let spread = (2.0 * (var0 + r.1)).sqrt();
            let gap = mu0 - r.0;
            // eq. (1); exp(-40) is below the last digit of eps.
            let z = if spread > 0.0 {
                2.4 * gap / spread
            } else if gap > 0.0 {
                40.0
            } else {
                0.0
            };
            let w = if z >= 40.0 { 0.0 } else { (-z).exp() } + e;
            weights.push(w);
            total += w;
        }
        let mut x = rng.unit() * total;
        for (w, r) in weights.iter().zip(ranked.iter()) {
            if x < *w {
                return first + r.2;
            }
            x -= w;
        }
        first + ranked[ranked.len() - 1].2
    }

    fn search_uniform(&mut self, game: &Game<'_>, rng: &mut Rng, limiter: &mut Limiter) {
        let me = game.to_move();
        let mut moves = [0u8; 128];
        let mut n = 0;
        for e in bits(game.legal()) {
            moves[n] = e as u8;
            n += 1;
        }
        loop {
            let i = rng.below(n as u32) as usize;
            let mut g = *game;
            g.play_unchecked(usize::from(moves[i]));
            for _ in 1..MC_DEPTH {
                if g.is_over() {
                    break;
                }
                let e = rng.pick(g.legal());
                g.play_unchecked(e);
            }
            let slot = self.links.first_child[0] as usize + i;
            self.stats[slot].add(f64::from(g.utility(self.utility, me)) / 4.0);
            if limiter.tick() {
                break;
            }
        }
    }

    fn search_crazy_stone(&mut self, game: &Game<'_>, rng: &mut Rng, limiter: &mut Limiter) {
        let me = game.to_move();
        let mut path = Vec::with_capacity(MC_DEPTH as usize + 1);
        loop {
            path.clear();
            path.push(0u32);
            let mut slot = 0u32;
            let mut g = *game;
            let mut depth = 0;
            while depth < MC_DEPTH && !g.is_over() {
                if self.links.first_child[slot as usize] == NONE {
                    let room = self.stats.len() + g.num_legal() <= MAX_SLOTS;
                    if self.stats[slot as usize].n == 0 || !room {
                        break;
                    }
                    self.expand(slot, &g);
                }
                let sign = if g.to_move() == me { 1.0 } else { -1.0 };
                slot = self.crazy_stone(slot, sign, rng);
                g.play_unchecked(usize::from(self.links.edge[slot as usize]));
                path.push(slot);
                depth += 1;
            }
            while depth < MC_DEPTH && !g.is_over() {
                let e = rng.pick(g.legal());
                g.play_unchecked(e);
                depth += 1;
            }
            let v = f64::from(g.utility(self.utility, me)) / 4.0;
            for &s in &path {
                self.stats[s as usize].add(v);
            }
            if limiter.tick() {
                break;
            }
        }
    }
}

impl Player for Mcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        self.stats.clear();
        self.stats.push(Stat::default());
        self.links.reset();
        self.expand(0, game);
        let mut limiter = Limiter::new(&self.budget, self.stop.as_ref());
        match self.selection {
            Selection::Uniform => self.search_uniform(game, rng, &mut limiter),
            Selection::CrazyStone => self.search_crazy_stone(game, rng, &mut limiter),
        }
        self.last_descents = limiter.nodes;
        // The highest average; ties (and a search too short to visit every
        // move) broken at random.
        let mut best = f64::NEG_INFINITY;
        let mut ties = 0u128;
        for (e, v) in self.root_values() {
            if v > best {
                best = v;
                ties = 0;
            }
            if v == best {
                ties |= 1 << e;
            }
        }
        Ok(rng.pick(if ties != 0 { ties } else { game.legal() }))
    }
}

/// The `uct` player.
#[derive(Clone, Debug)]
pub struct Uct {
    name: String,
    budget: Budget,
    stop: Option<StopFlag>,
    visits: Vec<u32>,
    wins: Vec<f32>,
    links: Links,
    last_descents: u64,
}

impl Uct {
    /// The player under `name`.
    pub fn new(name: String, budget: Budget) -> Uct {
        Uct {
            name,
            budget,
            stop: None,
            visits: Vec::new(),
            wins: Vec::new(),
            links: Links::default(),
            last_descents: 0,
        }
    }

    /// Descents (playouts) made for the last move.
    pub fn last_descents(&self) -> u64 {
        self.last_descents
    }

    fn expand(&mut self, slot: u32, game: &Game<'_>) {
        let (visits, wins) = (&mut self.visits, &mut self.wins);
        self.links.expand(slot, game, || {
            visits.push(0);
            wins.push(0.0);
        });
    }

    fn select(&self, slot: u32, rng: &mut Rng) -> u32 {
        let first = self.links.first_child[slot as usize];
        let k = u32::from(self.links.num_children[slot as usize]);
        let fresh = (first..first + k).filter(|&s| self.visits[s as usize] == 0);
        let count = fresh.clone().count() as u32;
        if count > 0 {
            return fresh
                .clone()
                .nth(rng.below(count) as usize)
                .unwrap_or(first);
        }
        let log_n = f64::from(self.visits[slot as usize]).ln();
        let mut best = (f64::NEG_INFINITY, first);
        for s in first..first + k {
            let n = f64::from(self.visits[s as usize]);
            let score = f64::from(self.wins[s as usize]) / n + UCT_C * (log_n / n).sqrt();
            if score > best.0 {
                best = (score, s);
            }
        }
        best.1
    }
}

impl Player for Uct {
    fn name(&self) -> &str {
        &self.name
    }

    fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        self.visits.clear();
        self.wins.clear();
        self.visits.push(0);
        self.wins.push(0.0);
        self.links.reset();
        self.expand(0, game);
        let mut limiter = Limiter::new(&self.budget, self.stop.as_ref());
        // (slot, side that moved into it)
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut moves = [0u8; 128];
        loop {
            path.clear();
            let mut slot = 0u32;
            let mut g = *game;
            self.visits[0] += 1;
            while !g.is_over() {
                if self.links.first_child[slot as usize] == NONE {
                    if self.visits[slot as usize] < 1
                        || self.visits.len() + g.num_legal() > MAX_SLOTS
                    {
                        break;
                    }
                    self.expand(slot, &g);
                }
                let mover = g.to_move();
                slot = self.select(slot, rng);
                g.play_unchecked(usize::from(self.links.edge[slot as usize]));
                path.push((slot, mover));
                if self.visits[slot as usize] == 0 {
                    break;
                }
            }
            // A uniformly random playout: the undrawn edges in random order.
            let mut n = 0;
            for e in bits(g.legal()) {
                moves[n] = e as u8;
                n += 1;
            }
            rng.shuffle(&mut moves[..n]);
            for &e in &moves[..n] {
                g.play_unchecked(usize::from(e));
            }
            let [s0, s1] = g.score();
            for &(s, mover) in &path {
                let (mine, theirs) = if mover == 0 { (s0, s1) } else { (s1, s0) };
                self.visits[s as usize] += 1;
                self.wins[s as usize] += match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
            if limiter.tick() {
                break;
            }
        }
        self.last_descents = limiter.nodes;
        let first = self.links.first_child[0];
        let k = u32::from(self.links.num_children[0]);
        let best = (first..first + k)
            .max_by(|&a, &b| {
                let (va, vb) = (self.visits[a as usize], self.visits[b as usize]);
                let mean = |s: u32| {
                    f64::from(self.wins[s as usize]) / f64::from(self.visits[s as usize].max(1))
                };
                va.cmp(&vb)
                    .then(mean(a).total_cmp(&mean(b)))
                    .then(b.cmp(&a))
            })
            .unwrap_or(first);
        if self.visits[best as usize] == 0 {
            return Ok(rng.pick(game.legal()));
        }
        Ok(usize::from(self.links.edge[best as usize]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Grid;

    #[test]
    fn monte_carlo_players_take_a_free_chain() {
        // 3x1 board: a chain of three boxes, fully open only at edge 9
        // (right end); all other edges but 5..=8's interior are drawn.
        // Edges: horizontal 0..=5, vertical 6..=9. Draw 0..=5 and 6: then
        // 7, 8, 9 remain; 7 completes box 0, and so on: the mover takes all.
        let grid = Grid::new(3, 1).unwrap();
        let edges: u128 = 0b111_1111;
        let game = Game::from_parts(&grid, edges, [0, 0], 0).unwrap();
        let budget = Budget {
            nodes: Some(500),
            ..Budget::default()
        };
        let mut rng = Rng::new(5);
        for mut p in [
            Box::new(Mcts::new("m".into(), Selection::Uniform, budget)) as Box<dyn Player>,
            Box::new(Mcts::new("c".into(), Selection::CrazyStone, budget)),
            Box::new(Uct::new("u".into(), budget)),
        ] {
            // Only edge 7 completes a box now; 8 and 9 hand the chain over.
            assert_eq!(p.choose(&game, &mut rng), Ok(7), "{}", p.name());
        }
    }
}
