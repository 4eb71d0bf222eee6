//! The `cgtk` command-line tool: one CLI over game values, Dots-and-Boxes,
//! Amazons and endgame databases. The CLI contract is in ARCHITECTURE.md.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[allow(dead_code, reason = "the helpers are used by subcommands as they land")]
mod output;

mod dots_cmd;

/// cgtk: combinatorial game theory toolkit.
#[derive(Parser)]
#[command(name = "cgtk", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Dots-and-Boxes: solve and analyse positions.
    Dots {
        #[command(subcommand)]
        command: dots_cmd::DotsCommand,
    },
}

#[allow(
    unreachable_code,
    unused_variables,
    reason = "no subcommand has landed yet"
)]
fn main() -> ExitCode {
    let cli = Cli::parse();
    let result: anyhow::Result<()> = match cli.command {
        Command::Dots { command } => dots_cmd::run(command),
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
