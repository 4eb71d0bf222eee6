//! Neural-network players, after Weaver & Bossomaier 1998: the network
//! (§3.2), its genome (§3.3), training by a genetic algorithm under three
//! fitness schemes (§3.4–3.5) or by back-propagation (§3.7), the hand-made
//! level-1 network (§3.6), and networks on disk.
//!
//! ```
//! use dots::play::net::Network;
//! use dots::play::{Game, Grid, Rng};
//!
//! // The hand-made network takes the box whose fourth side is edge 3.
//! let grid = Grid::new(1, 1).unwrap();
//! let net = Network::level1(&grid);
//! let game = Game::from_parts(&grid, 0b0111, [0, 0], 0).unwrap();
//! assert_eq!(net.choose_unchecked(&game, &mut Rng::new(1)), 3);
//! ```

mod backprop;
mod evolve;
mod file;
mod games;
mod genome;
mod network;
mod train;

pub use backprop::{training_set, TrainingPosition};
pub use evolve::{next_generation, scale_linear, Scheme};
pub use file::{parse, NetError, NetFileError, MAGIC, MAX_FILE_BYTES, VERSION};
pub use games::{proficiency, Heuristic};
pub use genome::{code_of_weight, genome_bytes, weight_of_code, Genome, WEIGHT_BITS, WEIGHT_RANGE};
pub use network::{sigmoid, NetPlayer, Network, Shape, ShapeError};
pub use train::{
    train, Method, Snapshot, TrainConfig, TrainProgress, Trained, FINALISTS, FINAL_GAMES,
};
