//! Supervised training (Weaver & Bossomaier 1998, §3.7): training sets from
//! games of a random player against the level-1 player, and on-line
//! back-propagation of the squared error over the legal moves.

use crate::play::heuristic::completing_moves;
use crate::play::{bits, Game, Grid, Rng};

use super::Network;

/// One training pair: a position the level-1 player moved in, where some
/// move completes a box.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainingPosition {
    /// The drawn edges.
    pub edges: u128,
    /// The undrawn edges (the only outputs with an error; drawn edges are
    /// illegal moves, whose error is taken as zero).
    pub legal: u128,
    /// Per edge, the boxes drawing it completes (0 for drawn edges).
    pub targets: Vec<f64>,
}

/// The training set of `games` games of `random` against `level1` (level1
/// moving first in even-numbered games): every position the level-1
/// player moved in, less those where no move completes a box (§3.7).
pub fn training_set(grid: &Grid, games: usize, rng: &mut Rng) -> Vec<TrainingPosition> {
    let mut set = Vec::new();
    for g in 0..games {
        let level1_side = g % 2;
        let mut game = Game::new(grid);
        while !game.is_over() {
            let e = if game.to_move() == level1_side {
                let take = completing_moves(&game);
                if take != 0 {
                    set.push(position(&game));
                }
                rng.pick(if take != 0 { take } else { game.legal() })
            } else {
                rng.pick(game.legal())
            };
            game.play_unchecked(e);
        }
    }
    set
}

fn position(game: &Game<'_>) -> TrainingPosition {
    let grid = game.grid();
    let mut targets = vec![0.0; grid.num_edges()];
    for e in bits(game.legal()) {
        targets[e] = grid.completed_by(game.edges(), e) as f64;
    }
    TrainingPosition {
        edges: game.edges(),
        legal: game.legal(),
        targets,
    }
}

/// One epoch of on-line back-propagation at learning rate `rate`: every
/// position once, in an order `rng` shuffles. Returns the mean squared
/// error over the legal outputs before each update.
pub(crate) fn epoch(net: &mut Network, set: &[TrainingPosition], rate: f64, rng: &mut Rng) -> f64 {
    let shape = net.shape();
    let (ni, nh, no) = (shape.inputs, shape.hidden, shape.outputs);
    let out_base = nh * (ni + 1);
    let mut order: Vec<usize> = (0..set.len()).collect();
    rng.shuffle(&mut order);
    let mut hidden = vec![0.0; nh];
    let mut delta_out = vec![0.0; no];
    let mut delta_hidden = vec![0.0; nh];
    let (mut error, mut count) = (0.0, 0usize);
    for &p in &order {
        let pos = &set[p];
        net.hidden_into(pos.edges, &mut hidden);
        delta_out.fill(0.0);
        for k in bits(pos.legal) {
            let y = net.output(&hidden, k);
            let diff = y - pos.targets[k];
            error += diff * diff;
            count += 1;
            delta_out[k] = diff * y * (1.0 - y);
        }
        let w = net.weights_mut();
        for (j, d) in delta_hidden.iter_mut().enumerate() {
            let back: f64 = bits(pos.legal)
                .map(|k| delta_out[k] * w[out_base + k * (nh + 1) + j])
                .sum();
            *d = back * hidden[j] * (1.0 - hidden[j]);
        }
        // Output units: net = Σ v·h − threshold.
        for k in bits(pos.legal) {
            let unit = &mut w[out_base + k * (nh + 1)..out_base + (k + 1) * (nh + 1)];
            let step = rate * delta_out[k];
            for (v, h) in unit.iter_mut().zip(&hidden) {
                *v -= step * h;
            }
            unit[nh] += step;
        }
        // Hidden units: inputs are 1 on drawn edges, 0 elsewhere.
        for (j, &d) in delta_hidden.iter().enumerate() {
            let unit = &mut w[j * (ni + 1)..(j + 1) * (ni + 1)];
            let step = rate * d;
            for e in bits(pos.edges) {
                unit[e] -= step;
            }
            unit[ni] += step;
        }
    }
    if count == 0 {
        0.0
    } else {
        error / count as f64
    }
}

/// A network with weights uniform in `[−range, range]`.
pub(crate) fn random_network(grid: &Grid, range: f64, rng: &mut Rng) -> Network {
    let n = super::Shape::for_grid(grid).num_weights();
    let w = (0..n).map(|_| (2.0 * rng.unit() - 1.0) * range).collect();
    Network::new(grid, w).expect("the grid's shape")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The gradient of the error over one position against finite
    /// differences of the error itself.
    #[test]
    fn updates_follow_the_gradient() {
        let grid = Grid::new(2, 1).unwrap();
        let mut rng = Rng::new(4);
        let set = training_set(&grid, 40, &mut rng);
        assert!(!set.is_empty());
        let pos = &set[0];
        let net = random_network(&grid, 1.0, &mut rng);
        let error = |n: &Network| -> f64 {
            let y = n.outputs(pos.edges);
            bits(pos.legal)
                .map(|k| (y[k] - pos.targets[k]).powi(2) / 2.0)
                .sum()
        };
        let rate = 1e-6;
        let mut stepped = net.clone();
        epoch(&mut stepped, std::slice::from_ref(pos), rate, &mut rng);
        for i in 0..net.weights().len() {
            let h = 1e-6;
            let mut plus = net.clone();
            plus.weights_mut()[i] += h;
            let mut minus = net.clone();
            minus.weights_mut()[i] -= h;
            let gradient = (error(&plus) - error(&minus)) / (2.0 * h);
            let step = stepped.weights()[i] - net.weights()[i];
            assert!(
                (step + rate * gradient).abs() < 1e-9,
                "weight {i}: step {step}, gradient {gradient}"
            );
        }
        // Every position has a completing move, and its target counts boxes.
        for p in &set {
            assert!(p.targets.iter().any(|&t| t >= 1.0));
            for e in bits(p.legal) {
                assert_eq!(p.targets[e], grid.completed_by(p.edges, e) as f64);
            }
        }
    }
}
