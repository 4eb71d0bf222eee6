//! The network of Weaver & Bossomaier 1998, §3.2: fully connected feed
//! forward, one input per edge (0 undrawn, 1 drawn), one hidden unit per
//! box, one output per edge, sigmoid units whose thresholds are weights on
//! a constant −1 input. The move is the legal edge with the highest output,
//! ties broken at random.

use crate::play::{bits, Game, Grid, PlayError, Player, Rng};

/// The sizes of a network's three layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Input units (one per edge).
    pub inputs: usize,
    /// Hidden units (one per box).
    pub hidden: usize,
    /// Output units (one per edge).
    pub outputs: usize,
}

impl Shape {
    /// The shape for a board: edges, boxes, edges (24-9-24 on 3x3).
    pub fn for_grid(grid: &Grid) -> Shape {
        Shape {
            inputs: grid.num_edges(),
            hidden: grid.num_boxes(),
            outputs: grid.num_edges(),
        }
    }

    /// Weights including thresholds: `hidden·(inputs + 1) + outputs·(hidden + 1)`
    /// (465 on 3x3).
    pub fn num_weights(&self) -> usize {
        self.hidden * (self.inputs + 1) + self.outputs * (self.hidden + 1)
    }
}

/// The logistic function 1 / (1 + e^−x).
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A network for one board size.
///
/// The weights are stored node by node, as the genome lists them (§3.3):
/// first each hidden unit `j` in box order, its weights from inputs
/// `0..inputs` (edge order) then its threshold; then each output unit `k`
/// in edge order, its weights from hidden units `0..hidden` then its
/// threshold. A unit's activation is `sigmoid(Σ w·x − threshold)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    width: usize,
    height: usize,
    shape: Shape,
    weights: Vec<f64>,
}

/// What [`Network::new`] rejects.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The number of weights does not match the board.
    #[error("a {width}x{height} network has {expected} weights, not {found}")]
    WeightCount {
        /// Boxes across.
        width: usize,
        /// Boxes down.
        height: usize,
        /// Weights the board needs.
        expected: usize,
        /// Weights given.
        found: usize,
    },
    /// A weight that is not a finite number.
    #[error("weight {index} is not finite")]
    NotFinite {
        /// Its index in the order of [`Network`].
        index: usize,
    },
}

impl Network {
    /// A network for `grid` with the given weights (in the order of the
    /// type's docs).
    ///
    /// # Errors
    /// [`ShapeError`] if the count does not fit the board or a weight is
    /// not finite.
    pub fn new(grid: &Grid, weights: Vec<f64>) -> Result<Network, ShapeError> {
        let shape = Shape::for_grid(grid);
        if weights.len() != shape.num_weights() {
            return Err(ShapeError::WeightCount {
                width: grid.width(),
                height: grid.height(),
                expected: shape.num_weights(),
                found: weights.len(),
            });
        }
        if let Some(index) = weights.iter().position(|w| !w.is_finite()) {
            return Err(ShapeError::NotFinite { index });
        }
        Ok(Network {
            width: grid.width(),
            height: grid.height(),
            shape,
            weights,
        })
    }

    /// The hand-made level-1 network of §3.6: each hidden unit looks at the
    /// four sides of its box (weight 20 each, threshold 50), so that it is
    /// near 1 when three or four sides are drawn and near 0 otherwise; each
    /// output unit looks at the hidden units of the one or two boxes beside
    /// its edge (weight 20 each, threshold 10). A legal edge next to a box
    /// with three sides is the missing side and completes it; a box with
    /// four sides has no undrawn edge. Every other weight is zero.
    pub fn level1(grid: &Grid) -> Network {
        let shape = Shape::for_grid(grid);
        let mut w = vec![0.0; shape.num_weights()];
        let hidden_len = shape.inputs + 1;
        for b in 0..shape.hidden {
            let unit = &mut w[b * hidden_len..(b + 1) * hidden_len];
            for e in bits(grid.box_mask(b)) {
                unit[e] = 20.0;
            }
            unit[shape.inputs] = 50.0;
        }
        let base = shape.hidden * hidden_len;
        for e in 0..shape.outputs {
            let unit = &mut w[base + e * (shape.hidden + 1)..base + (e + 1) * (shape.hidden + 1)];
            for b in grid.edge_boxes(e).into_iter().flatten() {
                unit[b] = 20.0;
            }
            unit[shape.hidden] = 10.0;
        }
        Network::new(grid, w).expect("the shape of the grid")
    }

    /// Boxes across the board it plays on.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Boxes down the board it plays on.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The layer sizes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The weights, in the order of the type's docs.
    pub fn weights(&self) -> &[f64] {
        &self.weights
    }

    /// The weights, mutable (back-propagation changes them in place).
    pub(crate) fn weights_mut(&mut self) -> &mut [f64] {
        &mut self.weights
    }

    /// Whether the network is for `grid`'s size.
    pub fn fits(&self, grid: &Grid) -> bool {
        (self.width, self.height) == (grid.width(), grid.height())
    }

    /// The hidden activations for the drawn edges `edges` into `hidden`
    /// (length `shape().hidden`).
    #[inline]
    pub(crate) fn hidden_into(&self, edges: u128, hidden: &mut [f64]) {
        let n = self.shape.inputs + 1;
        for (j, h) in hidden.iter_mut().enumerate() {
            let unit = &self.weights[j * n..(j + 1) * n];
            let mut sum = -unit[self.shape.inputs];
            for e in bits(edges) {
                sum += unit[e];
            }
            *h = sigmoid(sum);
        }
    }

    /// The output of unit `k` given the hidden activations.
    #[inline]
    pub(crate) fn output(&self, hidden: &[f64], k: usize) -> f64 {
        let n = self.shape.hidden + 1;
        let base = self.shape.hidden * (self.shape.inputs + 1) + k * n;
        let unit = &self.weights[base..base + n];
        let mut sum = -unit[self.shape.hidden];
        for (w, h) in unit.iter().zip(hidden) {
            sum += w * h;
        }
        sigmoid(sum)
    }

    /// Every output for the drawn edges `edges` (bit `e` for edge `e`).
    pub fn outputs(&self, edges: u128) -> Vec<f64> {
        let mut hidden = vec![0.0; self.shape.hidden];
        self.hidden_into(edges, &mut hidden);
        (0..self.shape.outputs)
            .map(|k| self.output(&hidden, k))
            .collect()
    }

    /// The legal edges whose outputs are highest (several when they tie).
    pub fn best_moves(&self, game: &Game<'_>) -> u128 {
        let mut hidden = [0.0f64; 128];
        let hidden = &mut hidden[..self.shape.hidden];
        self.hidden_into(game.edges(), hidden);
        let mut best = f64::NEG_INFINITY;
        let mut ties = 0u128;
        for e in bits(game.legal()) {
            let y = self.output(hidden, e);
            if y > best {
                best = y;
                ties = 0;
            }
            if y == best {
                ties |= 1 << e;
            }
        }
        ties
    }

    /// The move: the legal edge with the highest output, ties broken at
    /// random (§3.2). `game` must be on the network's board size and not
    /// over.
    #[inline]
    pub fn choose_unchecked(&self, game: &Game<'_>, rng: &mut Rng) -> usize {
        debug_assert!(self.fits(game.grid()) && !game.is_over());
        rng.pick(self.best_moves(game))
    }
}

/// A network as a [`Player`] (`net:FILE`).
#[derive(Clone, Debug)]
pub struct NetPlayer {
    name: String,
    net: Network,
}

impl NetPlayer {
    /// The player, under `name`.
    pub fn new(name: String, net: Network) -> NetPlayer {
        NetPlayer { name, net }
    }

    /// Its network.
    pub fn network(&self) -> &Network {
        &self.net
    }
}

impl Player for NetPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        self.fits(game.grid(), game.num_legal())?;
        Ok(self.net.choose_unchecked(game, rng))
    }

    fn fits(&self, grid: &Grid, _undrawn: usize) -> Result<(), PlayError> {
        if self.net.fits(grid) {
            Ok(())
        } else {
            Err(PlayError::Setup {
                reason: format!(
                    "{} is a network for {}x{}, the game is on {}",
                    self.name, self.net.width, self.net.height, grid
                ),
            })
        }
    }
}
