//! Training runs: a population evolved under one of the fitness schemes,
//! or networks trained by back-propagation, with snapshots of their
//! proficiency against the level-0 and level-1 players at regular
//! intervals (Weaver & Bossomaier 1998, §4).
//!
//! Every random choice is drawn from a generator seeded by the run's seed,
//! what it is for, the generation and the match or member, and results are
//! combined in index order, so a run gives the same networks with any
//! number of threads.

use std::time::Duration;

use cgt::budget::{Limit, StopFlag, Watch};
use rayon::prelude::*;

use crate::play::{Grid, PlayError, Rng};

use super::backprop::{epoch, random_network, training_set, TrainingPosition};
use super::evolve::{
    fitness, next_generation, pairing, play_match, scale_linear, Scheme, SCALING_SHARE,
};
use super::{proficiency, Genome, Heuristic, Network, Shape};

/// Tags that keep the generators of different purposes apart.
const TAG_INIT: u64 = 1;
const TAG_PAIRING: u64 = 2;
const TAG_MATCH: u64 = 3;
const TAG_BREED: u64 = 4;
const TAG_EVAL: u64 = 5;
const TAG_SET: u64 = 6;
const TAG_EPOCH: u64 = 7;
const TAG_FINAL: u64 = 8;

/// The members of the last snapshot with the highest proficiency that
/// are played again, [`TrainConfig::final_games`] games against each
/// opponent, to choose the network a run returns (the best of many 300-game
/// estimates is lucky as often as it is good).
pub const FINALISTS: usize = 10;

/// Games per opponent for each finalist, by default.
pub const FINAL_GAMES: usize = 2_000;

/// How networks are trained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Evolution under a fitness scheme (§3.4).
    Evolve(Scheme),
    /// Back-propagation on games of random against level 1 (§3.7).
    Backprop,
}

/// A training run's settings. [`TrainConfig::new`] gives the paper's.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// The board.
    pub grid: Grid,
    /// The method.
    pub method: Method,
    /// Generations of evolution, or epochs of back-propagation.
    pub generations: usize,
    /// Population size (§3.5: 100; at least 4).
    pub population: usize,
    /// Crossover probability (§3.5: 0.6).
    pub crossover: f64,
    /// Bitwise mutation probability (§3.5: 0.005 or 0.00072).
    pub mutation: f64,
    /// Back-propagation: networks trained (each from its own random start).
    pub runs: usize,
    /// Back-propagation: training sets, run `r` using set `r mod sets`.
    pub training_sets: usize,
    /// Back-propagation: games of random against level 1 per training set
    /// (§4.3: 800).
    pub training_games: usize,
    /// Back-propagation: learning rate.
    pub rate: f64,
    /// Back-propagation: initial weights are uniform in ±this.
    pub init_range: f64,
    /// Snapshots after generation 0 (evenly spaced, the last at the end).
    pub snapshots: usize,
    /// Games per member and opponent in a snapshot (§4: at least 300).
    pub eval_games: usize,
    /// Games per opponent for each of the [`FINALISTS`] (default
    /// [`FINAL_GAMES`]).
    pub final_games: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// Threads (at least 1); results do not depend on it.
    pub threads: usize,
    /// No generation (or epoch) is started after this time from the
    /// start: training ends with the last one finished.
    pub time_limit: Option<Duration>,
    /// No generation (or epoch) is started once this is set (Ctrl-C).
    pub stop: Option<StopFlag>,
}

impl TrainConfig {
    /// The paper's settings for `method` on `grid`, for `generations`
    /// generations (or epochs): population 100, crossover 0.6, mutation
    /// 0.00072 (the rate of the paper's Figures 3 and 4); back-propagation:
    /// 30 runs on 10 sets of 800 games, rate 0.1, initial weights in ±0.5
    /// (the paper names no rate or range). Ten snapshots of 300 games per
    /// member and opponent, one thread.
    pub fn new(grid: Grid, method: Method, generations: usize, seed: u64) -> TrainConfig {
        TrainConfig {
            grid,
            method,
            generations,
            population: 100,
            crossover: 0.6,
            mutation: 0.00072,
            runs: 30,
            training_sets: 10,
            training_games: 800,
            rate: 0.1,
            init_range: 0.5,
            snapshots: 10,
            eval_games: 300,
            final_games: FINAL_GAMES,
            seed,
            threads: 1,
            time_limit: None,
            stop: None,
        }
    }

    /// The clock and stop flag of training started now.
    fn watch(&self) -> Watch {
        Watch::new(self.time_limit, self.stop.as_ref())
    }

    /// Games played per generation (evolution), or to build the training
    /// sets (back-propagation).
    pub fn games_per_generation(&self) -> usize {
        match self.method {
            Method::Evolve(s) => s.games_per_generation(self.population),
            Method::Backprop => 0,
        }
    }

    fn check(&self) -> Result<(), PlayError> {
        let bad = |reason: &str| {
            Err(PlayError::Settings {
                reason: reason.to_string(),
            })
        };
        if self.threads == 0 {
            return bad("threads must be at least 1");
        }
        if !(0.0..=1.0).contains(&self.crossover) || !(0.0..=1.0).contains(&self.mutation) {
            return bad("crossover and mutation are probabilities (0 to 1)");
        }
        match self.method {
            Method::Evolve(_) if self.population < 4 => bad("the population must be at least 4"),
            Method::Backprop if self.runs == 0 || self.training_sets == 0 => {
                bad("back-propagation needs at least one run and one training set")
            }
            Method::Backprop if !(self.rate > 0.0 && self.rate.is_finite()) => {
                bad("the learning rate must be a positive number")
            }
            Method::Backprop if !(self.init_range >= 0.0 && self.init_range <= 64.0) => {
                bad("the initial weight range must be from 0 to 64")
            }
            _ => Ok(()),
        }
    }
}

/// The proficiency of a population (or of the back-propagation runs) at
/// one point of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Generations (or epochs) done.
    pub generation: usize,
    /// Games the training had played by then (evolution: fitness games;
    /// back-propagation: the games that made the training sets).
    pub games: u64,
    /// The best member's share of games won against level 0, level 1.
    pub best: [f64; 2],
    /// The mean over the members against level 0, level 1.
    pub mean: [f64; 2],
}

/// Where a run is, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainProgress {
    /// Generations (or epochs) done.
    pub generation: usize,
    /// Of this many.
    pub generations: usize,
    /// Training games played so far.
    pub games: u64,
}

/// A finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// The member of the final population (or the run) with the highest
    /// proficiency against level 0 plus level 1 over
    /// [`TrainConfig::final_games`] games each, among the [`FINALISTS`]
    /// best of the last snapshot.
    pub network: Network,
    /// Its share of those games won against level 0 and level 1.
    pub proficiency: [f64; 2],
    /// Snapshots: after generation 0 and at regular intervals to the end.
    pub snapshots: Vec<Snapshot>,
    /// Training games played.
    pub games: u64,
    /// Generations (or epochs) done: fewer than asked when a limit
    /// stopped the training.
    pub generations: usize,
    /// The limit that stopped the training early ([`Limit::Time`] or
    /// [`Limit::Interrupt`]); the network is then the best of the last
    /// generation finished, chosen as at the end.
    pub stopped: Option<Limit>,
}

/// Runs training; `progress` is called after every generation (or epoch).
///
/// # Errors
/// [`PlayError::Settings`] for settings out of range or threads that cannot
/// start.
pub fn train(
    config: &TrainConfig,
    progress: &(dyn Fn(TrainProgress) + Sync),
) -> Result<Trained, PlayError> {
    config.check()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| PlayError::Settings {
            reason: format!("cannot start {} threads: {e}", config.threads),
        })?;
    pool.install(|| match config.method {
        Method::Evolve(scheme) => Ok(evolve(config, scheme, progress)),
        Method::Backprop => Ok(backprop(config, progress)),
    })
}

/// Whether generation `g` (of `total`) ends with a snapshot.
fn snapshot_due(g: usize, total: usize, snapshots: usize) -> bool {
    if g == 0 || g == total {
        return true;
    }
    if snapshots == 0 {
        return false;
    }
    // Generation g closes interval i when floor(g·k/total) steps up.
    g * snapshots / total != (g - 1) * snapshots / total
}

/// Proficiency of every network against level 0 and level 1, in parallel
/// over the networks, each with its own generator.
fn evaluate(config: &TrainConfig, nets: &[Network], generation: usize) -> Vec<[f64; 2]> {
    nets.par_iter()
        .enumerate()
        .map(|(i, net)| {
            [Heuristic::Random, Heuristic::Level1].map(|h| {
                let mut rng = Rng::from_parts(&[
                    config.seed,
                    TAG_EVAL,
                    generation as u64,
                    i as u64,
                    h as u64,
                ]);
                proficiency(&config.grid, net, h, config.eval_games, &mut rng)
            })
        })
        .collect()
}

fn snapshot(generation: usize, games: u64, scores: &[[f64; 2]]) -> Snapshot {
    let n = scores.len() as f64;
    let best = [0, 1].map(|o| scores.iter().map(|s| s[o]).fold(0.0, f64::max));
    let mean = [0, 1].map(|o| scores.iter().map(|s| s[o]).sum::<f64>() / n);
    Snapshot {
        generation,
        games,
        best,
        mean,
    }
}

/// The index of the best score (level 0 plus level 1), the first on ties.
fn best_index(scores: &[[f64; 2]]) -> usize {
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if s[0] + s[1] > scores[best][0] + scores[best][1] {
            best = i;
        }
    }
    best
}

/// The finalist with the best proficiency over `final_games` games per
/// opponent (see [`FINALISTS`]) and that proficiency.
fn final_choice(config: &TrainConfig, nets: &[Network], scores: &[[f64; 2]]) -> (usize, [f64; 2]) {
    let mut order: Vec<usize> = (0..nets.len()).collect();
    order.sort_by(|&a, &b| (scores[b][0] + scores[b][1]).total_cmp(&(scores[a][0] + scores[a][1])));
    order.truncate(FINALISTS);
    let finals: Vec<[f64; 2]> = order
        .par_iter()
        .map(|&i| {
            [Heuristic::Random, Heuristic::Level1].map(|h| {
                let mut rng = Rng::from_parts(&[config.seed, TAG_FINAL, i as u64, h as u64]);
                proficiency(&config.grid, &nets[i], h, config.final_games, &mut rng)
            })
        })
        .collect();
    let k = best_index(&finals);
    (order[k], finals[k])
}

fn evolve(
    config: &TrainConfig,
    scheme: Scheme,
    progress: &(dyn Fn(TrainProgress) + Sync),
) -> Trained {
    let grid = &config.grid;
    let shape = Shape::for_grid(grid);
    let n = config.population;
    let mut rng = Rng::from_parts(&[config.seed, TAG_INIT]);
    let mut pop: Vec<Genome> = (0..n).map(|_| Genome::random(shape, &mut rng)).collect();
    let mut games = 0u64;
    let mut snapshots = Vec::new();
    let mut last_scores = Vec::new();
    let per_generation = scheme.games_per_generation(n) as u64;
    let watch = config.watch();
    for g in 0..=config.generations {
        let nets: Vec<Network> = pop.par_iter().map(|x| x.decode(grid)).collect();
        let stopped = (g < config.generations).then(|| watch.reached()).flatten();
        if snapshot_due(g, config.generations, config.snapshots) || stopped.is_some() {
            last_scores = evaluate(config, &nets, g);
            snapshots.push(snapshot(g, games, &last_scores));
        }
        if g == config.generations || stopped.is_some() {
            let (best, proficiency) = final_choice(config, &nets, &last_scores);
            return Trained {
                network: nets[best].clone(),
                proficiency,
                snapshots,
                games,
                generations: g,
                stopped,
            };
        }
        let gen = g as u64;
        let pairs = pairing(
            scheme,
            n,
            &mut Rng::from_parts(&[config.seed, TAG_PAIRING, gen]),
        );
        let won: Vec<f64> = pairs
            .matches
            .par_iter()
            .enumerate()
            .map(|(i, &m)| {
                let mut rng = Rng::from_parts(&[config.seed, TAG_MATCH, gen, i as u64]);
                play_match(grid, scheme, &nets, m, &mut rng)
            })
            .collect();
        games += per_generation;
        let mut f = fitness(scheme, n, &pairs, &won);
        if let Scheme::Direct(_) = scheme {
            f = scale_linear(&f, (SCALING_SHARE * n as f64).max(1.0));
        }
        let mut rng = Rng::from_parts(&[config.seed, TAG_BREED, gen]);
        pop = next_generation(&pop, &f, config.crossover, config.mutation, &mut rng);
        progress(TrainProgress {
            generation: g + 1,
            generations: config.generations,
            games,
        });
    }
    unreachable!("the loop returns at the last generation")
}

fn backprop(config: &TrainConfig, progress: &(dyn Fn(TrainProgress) + Sync)) -> Trained {
    let grid = &config.grid;
    let sets: Vec<Vec<TrainingPosition>> = (0..config.training_sets)
        .into_par_iter()
        .map(|s| {
            let mut rng = Rng::from_parts(&[config.seed, TAG_SET, s as u64]);
            training_set(grid, config.training_games, &mut rng)
        })
        .collect();
    let games = (config.training_sets * config.training_games) as u64;
    let mut nets: Vec<Network> = (0..config.runs)
        .map(|r| {
            let mut rng = Rng::from_parts(&[config.seed, TAG_INIT, r as u64]);
            random_network(grid, config.init_range, &mut rng)
        })
        .collect();
    let mut snapshots = Vec::new();
    let mut last_scores = Vec::new();
    let watch = config.watch();
    let (mut done, mut stopped) = (config.generations, None);
    for g in 0..=config.generations {
        stopped = (g < config.generations).then(|| watch.reached()).flatten();
        if snapshot_due(g, config.generations, config.snapshots) || stopped.is_some() {
            last_scores = evaluate(config, &nets, g);
            snapshots.push(snapshot(g, games, &last_scores));
        }
        if g == config.generations || stopped.is_some() {
            done = g;
            break;
        }
        nets.par_iter_mut().enumerate().for_each(|(r, net)| {
            let mut rng = Rng::from_parts(&[config.seed, TAG_EPOCH, g as u64, r as u64]);
            epoch(net, &sets[r % sets.len()], config.rate, &mut rng);
        });
        progress(TrainProgress {
            generation: g + 1,
            generations: config.generations,
            games,
        });
    }
    let (best, proficiency) = final_choice(config, &nets, &last_scores);
    Trained {
        network: nets.swap_remove(best),
        proficiency,
        snapshots,
        games,
        generations: done,
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_are_evenly_spaced_and_end_at_the_end() {
        let due: Vec<usize> = (0..=25).filter(|&g| snapshot_due(g, 25, 5)).collect();
        assert_eq!(due, vec![0, 5, 10, 15, 20, 25]);
        let due: Vec<usize> = (0..=3).filter(|&g| snapshot_due(g, 3, 10)).collect();
        assert_eq!(due, vec![0, 1, 2, 3]);
        let due: Vec<usize> = (0..=7).filter(|&g| snapshot_due(g, 7, 0)).collect();
        assert_eq!(due, vec![0, 7]);
    }
}
