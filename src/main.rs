//! The `cgtk` command-line tool: one CLI over game values, Dots-and-Boxes,
//! Amazons and endgame databases. The CLI contract is in ARCHITECTURE.md.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod amazons_cmd;
mod cgt_cmd;
mod db_cmd;
mod dots_cmd;
mod dots_out;
mod input;
mod move_cmd;
mod nimber_cmd;
mod output;
mod plan_args;
mod plan_cmd;
mod play_cmd;
mod progress;
mod search_args;
mod serve;
mod table_cmd;
mod thermo_out;
mod train_cmd;

/// cgtk: combinatorial game theory toolkit.
#[derive(Parser)]
#[command(name = "cgtk", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Game values: canonical forms, comparison and thermographs of short games.
    #[command(subcommand)]
    Cgt(cgt_cmd::CgtCommand),
    /// Amazons: move counts, the full-board evaluation, values, solving
    /// with proofs, proof checking, long solves as build plans.
    Amazons(amazons_cmd::AmazonsArgs),
    /// Dots-and-Boxes: solve, analyse and draw positions, Nimstring values,
    /// whole-board tables, players (matches, a game in the terminal,
    /// training).
    #[command(subcommand)]
    Dots(DotsCommand),
    /// Endgame databases of Amazons areas: build, plan, info, query.
    #[command(subcommand)]
    Db(db_cmd::DbCommand),
    /// Build plans: run locally, build one shard (as a cluster job does),
    /// show where every shard stands.
    #[command(subcommand)]
    Plan(plan_cmd::PlanCommand),
    /// The web page on 127.0.0.1: play and analyse Dots-and-Boxes and
    /// Amazons, and a CGT calculator; the JSON API under /api/.
    Serve(serve::ServeArgs),
}

/// Dots-and-Boxes subcommands.
#[derive(Subcommand)]
enum DotsCommand {
    /// The value of a position (boxes the player to move takes minus boxes
    /// the opponent takes, over the remaining boxes) and all optimal moves.
    Solve(dots_cmd::SolveArgs),
    /// The value of every legal move.
    Analyze(dots_cmd::SolveArgs),
    /// A game record reviewed: every position analysed, every move's loss
    /// against the best move, mistakes and blunders, the first player's
    /// margin after each move.
    Review(dots_cmd::ReviewArgs),
    /// The chains and loops of a position (as the solver's chain rules see
    /// them).
    Chains(dots_cmd::ChainsArgs),
    /// Draw a position; with `--edges`, every undrawn edge shows its number
    /// (the numbers `WxH:e,e,...` and the moves of every command use).
    Show(dots_cmd::ShowArgs),
    /// A long exact solve as a build plan: one solve shard per first move
    /// (or per reply) up to the board's symmetries, and gathers; run it
    /// with `cgtk plan run` or on a Slurm cluster.
    Plan(dots_cmd::PlanArgs),
    /// Whole-board retrograde tables: build, query, info, plan.
    #[command(subcommand)]
    Table(table_cmd::TableCommand),
    /// Round-robin tournament between players: wins, margins, ratings.
    Tournament(play_cmd::TournamentArgs),
    /// Play a game against a computer player in the terminal.
    Play(play_cmd::PlayArgs),
    /// Score players against perfect play: boxes given away, optimal moves.
    Score(play_cmd::ScoreArgs),
    /// The Nimstring value of the position, of each component and after
    /// each legal move.
    Nimber(nimber_cmd::NimberArgs),
    /// The edge a player draws after the moves of a game record.
    Move(move_cmd::MoveArgs),
    /// Train a neural-network player by evolution or back-propagation.
    Train(train_cmd::TrainArgs),
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if err.use_stderr() => {
            // A usage error on one line, as every other error: the first
            // paragraph of clap's message (`--help` gives the rest).
            let text = err.render().to_string();
            let first: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty())
                .collect();
            eprintln!("{}", first.join(" "));
            return ExitCode::from(2);
        }
        Err(err) => {
            // --help and --version.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
    };
    watch_interrupts();
    // The command runs on a thread with a stack of its own size: game
    // values recurse once per level of a game (up to `cgt::MAX_DEPTH`).
    let command = std::thread::Builder::new()
        .name("cgtk".to_owned())
        .stack_size(COMMAND_STACK_BYTES)
        .spawn(move || run(cli.command));
    let result = match command {
        Ok(handle) => match handle.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        },
        Err(err) => Err(anyhow::Error::new(err).context("cannot start the command's thread")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that closed stdout early, as for `println!` below.
        Err(err)
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            // One line: the outermost message and its causes joined by ": ".
            eprintln!("error: {}", output::one_line(&err));
            if err.is::<output::BadInput>() {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

/// The flag Ctrl-C sets: the searches that watch it (`dots solve` and
/// `analyze`, `amazons solve`) stop and print what they reached.
pub fn interrupted() -> &'static cgt::search::StopFlag {
    static FLAG: std::sync::OnceLock<cgt::search::StopFlag> = std::sync::OnceLock::new();
    FLAG.get_or_init(cgt::search::StopFlag::new)
}

/// The first Ctrl-C sets [`interrupted`]; a second one ends the process at
/// once (exit code 130, as a shell reports a process ended by SIGINT).
fn watch_interrupts() {
    let _ = ctrlc::set_handler(|| {
        if interrupted().is_stopped() {
            std::process::exit(130);
        }
        interrupted().stop();
    });
}

/// The stack of the threads that run commands (and of the web server's):
/// 64 MiB, about ten times what game values of `cgt::MAX_DEPTH` levels need
/// (address space only: pages are used as the stack grows).
const COMMAND_STACK_BYTES: usize = 64 << 20;

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Cgt(command) => cgt_cmd::run(command),
        Command::Amazons(args) => amazons_cmd::run(args),
        Command::Dots(command) => run_dots(command),
        Command::Db(command) => db_cmd::run(command),
        Command::Plan(command) => plan_cmd::run(command),
        Command::Serve(args) => serve::run(args),
    }
}

fn run_dots(command: DotsCommand) -> anyhow::Result<()> {
    match command {
        DotsCommand::Solve(args) => dots_cmd::solve(args),
        DotsCommand::Analyze(args) => dots_cmd::analyze(args),
        DotsCommand::Review(args) => dots_cmd::review(args),
        DotsCommand::Chains(args) => dots_cmd::chains(args),
        DotsCommand::Show(args) => dots_cmd::show(args),
        DotsCommand::Plan(args) => dots_cmd::plan(args),
        DotsCommand::Table(command) => table_cmd::run(command),
        DotsCommand::Tournament(args) => play_cmd::tournament(args),
        DotsCommand::Play(args) => play_cmd::play(args),
        DotsCommand::Score(args) => play_cmd::score(args),
        DotsCommand::Nimber(args) => nimber_cmd::run(args),
        DotsCommand::Move(args) => move_cmd::run(args),
        DotsCommand::Train(args) => train_cmd::train(args),
    }
}

/// A reader that closes stdout early (`cgtk ... | head`) ends the command
/// quietly with exit code 0, as a closed pipe ends `cat`, instead of a panic
/// from `println!`.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
