//! `cgtk dots train`: neural-network players trained by evolution or by
//! back-propagation (Weaver & Bossomaier 1998).

use std::path::PathBuf;

use anyhow::Result;
use cgtk::ops::bounds::THREADS;
use cgtk::ops::dots_train::{
    self as ops, Length, TrainOptions, EVAL_GAMES, INIT_RANGE, POPULATION, PROBABILITY, RUNS,
    SNAPSHOTS, STEPS, TRAINING_GAMES,
};
use cgtk::report::stop_reason;
use clap::{Args, ValueEnum};
use dots::play::net::{Heuristic, Method, Scheme};

use crate::output::print_json;
use crate::progress;

/// The training method.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Evolution against a heuristic player (`--opponent`).
    Direct,
    /// Co-evolution, every pair of the population playing once.
    RoundRobin,
    /// Co-evolution, antibodies against antigens with implicit fitness
    /// sharing.
    Antibody,
    /// Back-propagation on games of random against level1.
    Backprop,
}

/// Direct evolution's opponent.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OpponentArg {
    /// Level 0: random moves.
    Random,
    /// Level 1: box completion.
    Level1,
}

/// `dots train`.
#[derive(Args)]
#[command(
    after_help = "Writes the network with the highest proficiency against level 0 plus level 1 \
(2,000 games each) among the 10 best of the last snapshot (`net:FILE` plays it in `dots tournament` and `dots play`). A snapshot plays every \
member of the population (or every back-propagation run) --eval-games games against random and \
against level1; --log writes them as CSV. The same seed gives the same file with any --threads."
)]
pub struct TrainArgs {
    /// How to train.
    #[arg(long, value_enum, default_value_t = MethodArg::Direct)]
    method: MethodArg,
    /// Direct evolution's opponent.
    #[arg(long, value_enum, default_value_t = OpponentArg::Random)]
    opponent: OpponentArg,
    /// Board size in boxes, `WxH` (at most 128 edges).
    #[arg(long, default_value = "3x3")]
    board: String,
    /// Generations of evolution [default: 2000].
    #[arg(long, conflicts_with_all = ["games", "epochs"],
          value_parser = cgtk::ops::bounds::parser(STEPS))]
    generations: Option<u64>,
    /// Train until this many games are played (whole generations).
    #[arg(long, conflicts_with = "epochs",
          value_parser = cgtk::ops::bounds::at_least_one)]
    games: Option<u64>,
    /// Epochs of back-propagation [default: 100].
    #[arg(long, value_parser = cgtk::ops::bounds::parser(STEPS))]
    epochs: Option<u64>,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// Write the snapshots as CSV to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Population size (4 to 10,000).
    #[arg(long, default_value_t = 100,
          value_parser = cgtk::ops::bounds::parser(POPULATION))]
    population: u64,
    /// Bitwise mutation probability, 0 to 1 (the paper used 0.005 and
    /// 0.00072).
    #[arg(long, default_value_t = 0.00072,
          value_parser = cgtk::ops::bounds::parser(PROBABILITY))]
    mutation: f64,
    /// Single-point crossover probability, 0 to 1.
    #[arg(long, default_value_t = 0.6,
          value_parser = cgtk::ops::bounds::parser(PROBABILITY))]
    crossover: f64,
    /// Back-propagation: learning rate (more than 0, at most 100).
    #[arg(long, default_value_t = 0.1,
          value_parser = cgtk::ops::bounds::above_zero(ops::MAX_RATE))]
    rate: f64,
    /// Back-propagation: initial weights uniform in plus or minus this (0
    /// to 64; 64 gives the random networks a random genome encodes).
    #[arg(long, default_value_t = 0.5,
          value_parser = cgtk::ops::bounds::parser(INIT_RANGE))]
    init_range: f64,
    /// Back-propagation: networks trained, each from its own random start.
    #[arg(long, default_value_t = 30,
          value_parser = cgtk::ops::bounds::parser(RUNS))]
    runs: u64,
    /// Back-propagation: training sets (run r uses set r mod sets).
    #[arg(long, default_value_t = 10,
          value_parser = cgtk::ops::bounds::parser(RUNS))]
    training_sets: u64,
    /// Back-propagation: games of random against level1 per training set.
    #[arg(long, default_value_t = 800,
          value_parser = cgtk::ops::bounds::parser(TRAINING_GAMES))]
    training_games: u64,
    /// Snapshots after the first (evenly spaced, the last at the end).
    #[arg(long, default_value_t = 10,
          value_parser = cgtk::ops::bounds::parser(SNAPSHOTS))]
    snapshots: u64,
    /// Games per member against each of random and level1 in a snapshot.
    #[arg(long, default_value_t = 300,
          value_parser = cgtk::ops::bounds::parser(EVAL_GAMES))]
    eval_games: u64,
    /// Threads (1 to 64); results do not depend on it.
    #[arg(long, default_value_t = 1,
          value_parser = cgtk::ops::bounds::parser(THREADS))]
    threads: u64,
    /// Start no generation (or epoch) after this many seconds (more than 0,
    /// at most 10^7; Ctrl-C stops it too): the best network of the last one
    /// finished is chosen and written as at the end.
    #[arg(long, value_name = "S", value_parser = cgtk::ops::bounds::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl TrainArgs {
    /// The method and the training's length.
    fn method(&self) -> Method {
        let opponent = match self.opponent {
            OpponentArg::Random => Heuristic::Random,
            OpponentArg::Level1 => Heuristic::Level1,
        };
        match self.method {
            MethodArg::Direct => Method::Evolve(Scheme::Direct(opponent)),
            MethodArg::RoundRobin => Method::Evolve(Scheme::RoundRobin),
            MethodArg::Antibody => Method::Evolve(Scheme::Antibody),
            MethodArg::Backprop => Method::Backprop,
        }
    }

    fn options(&self) -> TrainOptions {
        let length = match (self.generations, self.games, self.epochs) {
            (Some(n), _, _) => Some(Length::Generations(n)),
            (_, Some(n), _) => Some(Length::Games(n)),
            (_, _, Some(n)) => Some(Length::Epochs(n)),
            _ => None,
        };
        TrainOptions {
            board: self.board.clone(),
            method: self.method(),
            length,
            seed: self.seed,
            out: self.out.clone(),
            log: self.log.clone(),
            population: self.population,
            mutation: self.mutation,
            crossover: self.crossover,
            rate: self.rate,
            init_range: self.init_range,
            runs: self.runs,
            training_sets: self.training_sets,
            training_games: self.training_games,
            snapshots: self.snapshots,
            eval_games: self.eval_games,
            threads: self.threads,
            time_limit: self.time_limit,
        }
    }
}

/// Runs `dots train`.
pub fn train(args: TrainArgs) -> Result<()> {
    let options = args.options();
    let config = ops::config(&options, crate::interrupted())?;
    let unit = if config.method == Method::Backprop {
        "epochs"
    } else {
        "generations"
    };
    let bar = progress::bar(args.quiet, config.generations as u64, unit);
    let report = ops::run(&options, &config, &|p| {
        bar.set_position(p.generation as u64);
    });
    bar.finish_and_clear();
    let report = report?;
    if args.json {
        print_json(&report);
        return Ok(());
    }
    println!(
        "{} on {} boxes, seed {}: {} {unit}, {} training games, {:.1} s{}",
        report.method,
        report.board,
        report.seed,
        report.generations,
        report.games,
        report.seconds,
        report.limit.map_or_else(String::new, |l| format!(
            " (stopped: {} after {} of {} {unit})",
            stop_reason(l),
            report.generations,
            config.generations
        ))
    );
    println!(
        "wrote {}: wins {:.1} % against random, {:.1} % against level1 ({} games each)",
        report.out,
        100.0 * report.level0,
        100.0 * report.level1,
        dots::play::net::FINAL_GAMES
    );
    Ok(())
}
