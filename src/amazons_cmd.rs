//! `cgtk amazons ...`: Amazons subcommands.

use amazons::{perft, Position, Size};
use anyhow::Result;
use clap::{Args, Subcommand};

use crate::output::bad_input;

/// Amazons: rules, move counts.
#[derive(Args)]
pub struct AmazonsArgs {
    #[command(subcommand)]
    command: AmazonsCommand,
}

#[derive(Subcommand)]
enum AmazonsCommand {
    /// Number of move sequences of DEPTH moves (perft).
    Perft {
        /// A position (`.BB./B..B/W..W/.WW. w`) or a size `WxH` for its standard start.
        position: String,
        /// The number of moves (0 to 20).
        depth: u32,
    },
}

/// The largest perft depth accepted (deeper runs would never end anyway).
const MAX_DEPTH: u32 = 20;

/// Reads a position, or a size `WxH` meaning its standard start.
pub fn parse_position_or_size(text: &str) -> Result<Position> {
    let looks_like_size = !text.contains(['/', '.', ' '])
        && text.contains(['x', 'X'])
        && text.chars().next().is_some_and(|c| c.is_ascii_digit());
    if looks_like_size {
        let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
        Position::standard(size).map_err(|e| bad_input("size", e))
    } else {
        text.parse().map_err(|e| bad_input("position", e))
    }
}

/// Runs an `amazons` subcommand.
pub fn run(args: AmazonsArgs) -> Result<()> {
    match args.command {
        AmazonsCommand::Perft { position, depth } => {
            let pos = parse_position_or_size(&position)?;
            if depth > MAX_DEPTH {
                return Err(bad_input(
                    "depth",
                    format!("{depth} is out of range (0 to {MAX_DEPTH})"),
                ));
            }
            println!("{}", perft(&pos, depth));
            Ok(())
        }
    }
}
