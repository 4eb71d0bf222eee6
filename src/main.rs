//! The `cgtk` command-line tool: one CLI over game values, Dots-and-Boxes,
//! Amazons and endgame databases. The CLI contract is in ARCHITECTURE.md.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod amazons_cmd;
mod cgt_cmd;
mod db_cmd;
mod dots_cmd;
mod nimber_cmd;
mod output;
mod svg;
mod thermo_out;

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
    /// Amazons: rules, move counts.
    Amazons(amazons_cmd::AmazonsArgs),
    /// Dots-and-Boxes: solve and analyse positions.
    Dots {
        #[command(subcommand)]
        command: dots_cmd::DotsCommand,
    },
    /// Endgame databases: build, info, query.
    #[command(subcommand)]
    Db(db_cmd::DbCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: anyhow::Result<()> = match cli.command {
        Command::Cgt(command) => cgt_cmd::run(command),
        Command::Amazons(args) => amazons_cmd::run(args),
        Command::Dots { command } => dots_cmd::run(command),
        Command::Db(command) => db_cmd::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
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
