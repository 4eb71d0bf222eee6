//! Neural-network Dots-and-Boxes players trained by evolution or by
//! back-propagation (Weaver & Bossomaier 1998): `dots train`.

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Result;
use cgt::budget::StopFlag;
use dots::play::net::{train, Method, Scheme, TrainConfig, TrainProgress, Trained};
use dots::play::{Grid, PlayError};

use super::bad_input;
use super::bounds::{check, check_above_zero, THREADS};
use crate::report::{TrainReport, TrainSnapshotReport};

/// The range of the population size.
pub const POPULATION: RangeInclusive<u64> = 4..=10_000;
/// The range of generations of evolution and of epochs of
/// back-propagation.
pub const STEPS: RangeInclusive<u64> = 1..=10_000_000;
/// The range of back-propagation runs, and of training sets.
pub const RUNS: RangeInclusive<u64> = 1..=10_000;
/// The range of games per training set.
pub const TRAINING_GAMES: RangeInclusive<u64> = 1..=10_000_000;
/// The range of snapshots after the first.
pub const SNAPSHOTS: RangeInclusive<u64> = 0..=10_000;
/// The range of games per member against each opponent in a snapshot.
pub const EVAL_GAMES: RangeInclusive<u64> = 1..=1_000_000;
/// The range of a probability (mutation, crossover).
pub const PROBABILITY: RangeInclusive<f64> = 0.0..=1.0;
/// The range of the initial weights' bound.
pub const INIT_RANGE: RangeInclusive<f64> = 0.0..=64.0;
/// The largest learning rate (it must be more than 0).
pub const MAX_RATE: f64 = 100.0;

/// The default generations of evolution (the default run takes about a
/// minute on one core).
pub const DEFAULT_GENERATIONS: u64 = 2_000;

/// The default epochs of back-propagation.
pub const DEFAULT_EPOCHS: u64 = 100;

/// How long to train: evolution takes generations or games, back-propagation
/// epochs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    /// Generations of evolution ([`STEPS`]).
    Generations(u64),
    /// Evolution until this many games are played (whole generations).
    Games(u64),
    /// Epochs of back-propagation ([`STEPS`]).
    Epochs(u64),
}

/// The settings of `dots train`.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    /// Board size in boxes, `WxH`.
    pub board: String,
    /// How to train.
    pub method: Method,
    /// How long; `None` for the method's default.
    pub length: Option<Length>,
    /// Seed of every random choice.
    pub seed: u64,
    /// The network file to write.
    pub out: PathBuf,
    /// A file to write the snapshots into, as CSV.
    pub log: Option<PathBuf>,
    /// Population size ([`POPULATION`]).
    pub population: u64,
    /// Bitwise mutation probability ([`PROBABILITY`]).
    pub mutation: f64,
    /// Single-point crossover probability ([`PROBABILITY`]).
    pub crossover: f64,
    /// Back-propagation: learning rate (more than 0, at most [`MAX_RATE`]).
    pub rate: f64,
    /// Back-propagation: initial weights uniform in plus or minus this
    /// ([`INIT_RANGE`]).
    pub init_range: f64,
    /// Back-propagation: networks trained ([`RUNS`]).
    pub runs: u64,
    /// Back-propagation: training sets ([`RUNS`]).
    pub training_sets: u64,
    /// Back-propagation: games per training set ([`TRAINING_GAMES`]).
    pub training_games: u64,
    /// Snapshots after the first ([`SNAPSHOTS`]).
    pub snapshots: u64,
    /// Games per member against each opponent in a snapshot
    /// ([`EVAL_GAMES`]).
    pub eval_games: u64,
    /// Threads ([`THREADS`]); results do not depend on it.
    pub threads: u64,
    /// Start no generation (or epoch) after this time.
    pub time_limit: Option<Duration>,
}

/// `direct`, `round-robin`, `antibody` or `backprop`.
pub fn method_name(method: Method) -> &'static str {
    match method {
        Method::Evolve(Scheme::Direct(_)) => "direct",
        Method::Evolve(Scheme::RoundRobin) => "round-robin",
        Method::Evolve(Scheme::Antibody) => "antibody",
        Method::Backprop => "backprop",
    }
}

/// A count within `range`, as a `usize`.
fn count(what: &str, n: u64, range: &RangeInclusive<u64>) -> Result<usize> {
    Ok(usize::try_from(check(what, n, range)?).unwrap_or(usize::MAX))
}

/// The training configuration of `options`, checked.
pub fn config(options: &TrainOptions, stop: &StopFlag) -> Result<TrainConfig> {
    let grid = Grid::parse(&options.board).map_err(|e| bad_input("--board", e))?;
    let method = options.method;
    let mut config = TrainConfig::new(grid, method, 0, options.seed);
    config.population = count("--population", options.population, &POPULATION)?;
    config.mutation = check("--mutation", options.mutation, &PROBABILITY)?;
    config.crossover = check("--crossover", options.crossover, &PROBABILITY)?;
    config.runs = count("--runs", options.runs, &RUNS)?;
    config.training_sets = count("--training-sets", options.training_sets, &RUNS)?;
    config.training_games = count("--training-games", options.training_games, &TRAINING_GAMES)?;
    config.rate = check_above_zero("--rate", options.rate, MAX_RATE)?;
    config.init_range = check("--init-range", options.init_range, &INIT_RANGE)?;
    config.snapshots = count("--snapshots", options.snapshots, &SNAPSHOTS)?;
    config.eval_games = count("--eval-games", options.eval_games, &EVAL_GAMES)?;
    config.threads = count("--threads", options.threads, &THREADS)?;
    config.generations = match (method, options.length) {
        (Method::Backprop, Some(Length::Generations(_) | Length::Games(_))) => {
            return Err(bad_input(
                "--method backprop",
                "takes --epochs, not --generations or --games",
            ))
        }
        (Method::Backprop, length) => {
            let epochs = match length {
                Some(Length::Epochs(n)) => n,
                _ => DEFAULT_EPOCHS,
            };
            count("--epochs", epochs, &STEPS)?
        }
        (_, Some(Length::Epochs(_))) => {
            return Err(bad_input(
                "--epochs",
                "only for --method backprop (evolution takes --generations or --games)",
            ))
        }
        (_, Some(Length::Games(games))) => {
            let per = config.games_per_generation() as u64;
            count("--games", games.div_ceil(per), &STEPS)?
        }
        (_, length) => {
            let generations = match length {
                Some(Length::Generations(n)) => n,
                _ => DEFAULT_GENERATIONS,
            };
            count("--generations", generations, &STEPS)?
        }
    };
    config.time_limit = options.time_limit;
    config.stop = Some(stop.clone());
    Ok(config)
}

/// `dots train`: trains as `config` (from [`config`]) says, writes the
/// network (and the CSV log) and returns the report; `progress` is called
/// after each generation (or epoch).
pub fn run(
    options: &TrainOptions,
    config: &TrainConfig,
    progress: &(dyn Fn(TrainProgress) + Sync),
) -> Result<TrainReport> {
    let start = Instant::now();
    let trained = train(config, progress).map_err(|e| match e {
        PlayError::Settings { .. } => bad_input("dots train", e),
        other => anyhow::Error::new(other),
    })?;
    trained
        .network
        .write(&options.out)
        .map_err(|e| bad_input("--out", e))?;
    if let Some(log) = &options.log {
        std::fs::write(log, csv(&trained))
            .map_err(|e| bad_input("--log", format!("{}: {e}", log.display())))?;
    }
    let opponent = match config.method {
        Method::Evolve(Scheme::Direct(h)) => Some(h.name().to_string()),
        _ => None,
    };
    Ok(TrainReport {
        board: config.grid.to_string(),
        method: method_name(config.method).to_string(),
        opponent,
        seed: config.seed,
        generations: trained.generations,
        limit: trained.stopped.map(cgt::budget::Limit::name),
        games: trained.games,
        out: options.out.display().to_string(),
        level0: trained.proficiency[0],
        level1: trained.proficiency[1],
        snapshots: trained
            .snapshots
            .iter()
            .map(|s| TrainSnapshotReport {
                generation: s.generation,
                games: s.games,
                best_level0: s.best[0],
                mean_level0: s.mean[0],
                best_level1: s.best[1],
                mean_level1: s.mean[1],
            })
            .collect(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The snapshots as CSV, one line each.
pub fn csv(t: &Trained) -> String {
    let mut out =
        String::from("generation,games,best_level0,mean_level0,best_level1,mean_level1\n");
    for s in &t.snapshots {
        let _ = writeln!(
            out,
            "{},{},{:.4},{:.4},{:.4},{:.4}",
            s.generation, s.games, s.best[0], s.mean[0], s.best[1], s.mean[1]
        );
    }
    out
}
