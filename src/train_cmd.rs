//! `cgtk dots train`: neural-network players trained by evolution or by
//! back-propagation (Weaver & Bossomaier 1998).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use cgtk::report::{TrainReport, TrainSnapshotReport};
use clap::{Args, ValueEnum};
use dots::play::net::{train as run_training, Heuristic, Method, Scheme, TrainConfig, Trained};
use dots::play::{Grid, PlayError};

use crate::output::{bad_input, print_json};
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

/// The default generations of evolution (the default run takes about a
/// minute on one core).
pub const DEFAULT_GENERATIONS: usize = 2_000;

/// The default epochs of back-propagation.
pub const DEFAULT_EPOCHS: usize = 100;

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
    #[arg(long, conflicts_with_all = ["games", "epochs"])]
    generations: Option<usize>,
    /// Train until this many games are played (whole generations).
    #[arg(long, conflicts_with = "epochs")]
    games: Option<u64>,
    /// Epochs of back-propagation [default: 100].
    #[arg(long)]
    epochs: Option<usize>,
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
    #[arg(long, default_value_t = 100)]
    population: usize,
    /// Bitwise mutation probability (the paper used 0.005 and 0.00072).
    #[arg(long, default_value_t = 0.00072)]
    mutation: f64,
    /// Single-point crossover probability.
    #[arg(long, default_value_t = 0.6)]
    crossover: f64,
    /// Back-propagation: learning rate.
    #[arg(long, default_value_t = 0.1)]
    rate: f64,
    /// Back-propagation: initial weights uniform in plus or minus this (0
    /// to 64; 64 gives the random networks a random genome encodes).
    #[arg(long, default_value_t = 0.5)]
    init_range: f64,
    /// Back-propagation: networks trained, each from its own random start.
    #[arg(long, default_value_t = 30)]
    runs: usize,
    /// Back-propagation: training sets (run r uses set r mod sets).
    #[arg(long, default_value_t = 10)]
    training_sets: usize,
    /// Back-propagation: games of random against level1 per training set.
    #[arg(long, default_value_t = 800)]
    training_games: usize,
    /// Snapshots after the first (evenly spaced, the last at the end).
    #[arg(long, default_value_t = 10)]
    snapshots: usize,
    /// Games per member against each of random and level1 in a snapshot.
    #[arg(long, default_value_t = 300)]
    eval_games: usize,
    /// Threads (1 to 64); results do not depend on it.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Start no generation (or epoch) after this many seconds (more than 0,
    /// at most 10^7; Ctrl-C stops it too): the best network of the last one
    /// finished is chosen and written as at the end.
    #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
    time_limit: Option<std::time::Duration>,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The largest number of generations, epochs or snapshots accepted.
const MAX_STEPS: usize = 10_000_000;

fn method_name(m: MethodArg) -> &'static str {
    match m {
        MethodArg::Direct => "direct",
        MethodArg::RoundRobin => "round-robin",
        MethodArg::Antibody => "antibody",
        MethodArg::Backprop => "backprop",
    }
}

/// Runs `dots train`.
pub fn train(args: TrainArgs) -> Result<()> {
    let grid = Grid::parse(&args.board).map_err(|e| bad_input("--board", e))?;
    let opponent = match args.opponent {
        OpponentArg::Random => Heuristic::Random,
        OpponentArg::Level1 => Heuristic::Level1,
    };
    let method = match args.method {
        MethodArg::Direct => Method::Evolve(Scheme::Direct(opponent)),
        MethodArg::RoundRobin => Method::Evolve(Scheme::RoundRobin),
        MethodArg::Antibody => Method::Evolve(Scheme::Antibody),
        MethodArg::Backprop => Method::Backprop,
    };
    let range = |what: &str, n: usize, lo: usize, hi: usize| -> Result<usize> {
        if (lo..=hi).contains(&n) {
            Ok(n)
        } else {
            Err(bad_input(what, format!("{n} out of range ({lo} to {hi})")))
        }
    };
    let probability = |what: &str, p: f64| -> Result<f64> {
        if (0.0..=1.0).contains(&p) {
            Ok(p)
        } else {
            Err(bad_input(what, format!("{p} out of range (0 to 1)")))
        }
    };
    let mut config = TrainConfig::new(grid, method, 0, args.seed);
    config.population = range("--population", args.population, 4, 10_000)?;
    config.mutation = probability("--mutation", args.mutation)?;
    config.crossover = probability("--crossover", args.crossover)?;
    config.runs = range("--runs", args.runs, 1, 10_000)?;
    config.training_sets = range("--training-sets", args.training_sets, 1, 10_000)?;
    config.training_games = range("--training-games", args.training_games, 1, 10_000_000)?;
    if !(args.rate > 0.0 && args.rate <= 100.0) {
        return Err(bad_input(
            "--rate",
            format!("{} out of range (above 0, at most 100)", args.rate),
        ));
    }
    config.rate = args.rate;
    if !(0.0..=64.0).contains(&args.init_range) {
        return Err(bad_input(
            "--init-range",
            format!("{} out of range (0 to 64)", args.init_range),
        ));
    }
    config.init_range = args.init_range;
    config.snapshots = range("--snapshots", args.snapshots, 0, 10_000)?;
    config.eval_games = range("--eval-games", args.eval_games, 1, 1_000_000)?;
    config.threads = range("--threads", args.threads, 1, 64)?;
    config.generations = if method == Method::Backprop {
        if args.generations.is_some() || args.games.is_some() {
            return Err(bad_input(
                "--method backprop",
                "takes --epochs, not --generations or --games",
            ));
        }
        range(
            "--epochs",
            args.epochs.unwrap_or(DEFAULT_EPOCHS),
            1,
            MAX_STEPS,
        )?
    } else if args.epochs.is_some() {
        return Err(bad_input(
            "--epochs",
            "only for --method backprop (evolution takes --generations or --games)",
        ));
    } else if let Some(games) = args.games {
        let per = config.games_per_generation() as u64;
        let g = games.div_ceil(per);
        range(
            "--games",
            usize::try_from(g).unwrap_or(usize::MAX),
            1,
            MAX_STEPS,
        )?
    } else {
        range(
            "--generations",
            args.generations.unwrap_or(DEFAULT_GENERATIONS),
            1,
            MAX_STEPS,
        )?
    };
    let unit = if method == Method::Backprop {
        "epochs"
    } else {
        "generations"
    };
    config.time_limit = args.time_limit;
    config.stop = Some(crate::interrupted().clone());
    let bar = progress::bar(args.quiet, config.generations as u64, unit);
    let start = Instant::now();
    let trained =
        run_training(&config, &|p| bar.set_position(p.generation as u64)).map_err(|e| match e {
            PlayError::Settings { .. } => bad_input("dots train", e),
            other => anyhow::Error::new(other),
        })?;
    bar.finish_and_clear();
    trained
        .network
        .write(&args.out)
        .map_err(|e| bad_input("--out", e))?;
    if let Some(log) = &args.log {
        std::fs::write(log, csv(&trained))
            .map_err(|e| bad_input("--log", format!("{}: {e}", log.display())))?;
    }
    let report = TrainReport {
        board: config.grid.to_string(),
        method: method_name(args.method).to_string(),
        opponent: (args.method == MethodArg::Direct).then(|| opponent.name().to_string()),
        seed: args.seed,
        generations: trained.generations,
        limit: trained.stopped.map(cgt::budget::Limit::name),
        games: trained.games,
        out: args.out.display().to_string(),
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
    };
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
            cgtk::report::stop_reason(l),
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
