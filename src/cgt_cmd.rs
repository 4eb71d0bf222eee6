//! `cgtk cgt ...`: canonical forms, comparison and thermographs of short games.

use anyhow::Result;
use cgt::{Arena, GameId, ThermographCache};
use cgtk::report::{CanonReport, CompareReport};
use clap::Subcommand;

use crate::{output, thermo_out};

/// Game values of short partizan games, in CGSuite notation.
#[derive(Subcommand, Debug)]
pub enum CgtCommand {
    /// Print the canonical form of a game, e.g. `cgtk cgt canon "{1|*} + {2|1}"`.
    Canon {
        /// The game, e.g. "{3||2|1}", "^*", "1/2", "+-1", "{2|1} + {2|1}".
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// Print {"canonical": str}.
        #[arg(long)]
        json: bool,
    },
    /// Compare two games: prints one of =, <, >, || (confused).
    Compare {
        /// The first game G.
        #[arg(allow_hyphen_values = true)]
        g: String,
        /// The second game H.
        #[arg(allow_hyphen_values = true)]
        h: String,
        /// Print {"relation": "=" | "<" | ">" | "||"}.
        #[arg(long)]
        json: bool,
    },
    /// Print the subzero thermograph of a game: canonical form, stops, mean,
    /// temperature and the walls' breakpoints.
    Thermograph {
        /// The game, e.g. "{3|{2*|1*}}".
        #[arg(allow_hyphen_values = true)]
        game: String,
        /// Print the fields of ARCHITECTURE.md as JSON (exact rationals as strings).
        #[arg(long)]
        json: bool,
        /// Also draw the thermograph as an SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
    },
}

/// Runs a `cgt` subcommand.
pub fn run(command: CgtCommand) -> Result<()> {
    let mut arena = Arena::new();
    match command {
        CgtCommand::Canon { game, json } => {
            let g = parse_game(&mut arena, &game)?;
            let canonical = arena.to_string(g);
            if json {
                output::print_json(&CanonReport { canonical });
            } else {
                println!("{canonical}");
            }
        }
        CgtCommand::Compare { g, h, json } => {
            let g = parse_game(&mut arena, &g)?;
            let h = parse_game(&mut arena, &h)?;
            let relation = arena.compare(g, h).symbol();
            if json {
                output::print_json(&CompareReport {
                    relation: relation.to_owned(),
                });
            } else {
                println!("{relation}");
            }
        }
        CgtCommand::Thermograph { game, json, svg } => {
            let g = parse_game(&mut arena, &game)?;
            let canonical = arena.to_string(g);
            let thermograph = ThermographCache::new().thermograph(&mut arena, g)?;
            thermo_out::print_thermograph(&canonical, &thermograph, json, svg.as_deref())?;
        }
    }
    Ok(())
}

/// Parses a game; a malformed one is bad input (exit code 2) with the column.
fn parse_game(arena: &mut Arena, text: &str) -> Result<GameId> {
    arena
        .parse(text)
        .map_err(|err| output::bad_input(&format!("bad game {text:?}"), err))
}
