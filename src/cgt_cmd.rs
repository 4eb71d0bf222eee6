//! `cgtk cgt ...`: canonical forms, comparison and thermographs of short games.

use std::time::Duration;

use anyhow::Result;
use cgt::search::Limits;
use cgt::{Arena, CgtError, GameId, ParseGameError, Thermograph, ThermographCache};
use cgtk::report::{CanonReport, CompareReport};
use clap::{Args, Subcommand};

use crate::search_args::parse_seconds;
use crate::{output, thermo_out};

/// Limits on computing a game: a sum of games that are not number-up-star
/// values can take time exponential in its length (a sum of n switches has
/// up to 2^n positions), and so can comparing deep games. Ctrl-C stops it
/// too. A stopped command prints the steps it took (sums and comparisons)
/// and exits with code 1.
#[derive(Args, Clone, Debug)]
pub struct WorkArgs {
    /// Stop after this many seconds (more than 0, at most 10^7).
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Stop after this many steps (at least 1): sums of games that are not
    /// both number-up-star values, and comparisons that look at options.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
}

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
        #[command(flatten)]
        work: WorkArgs,
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
        #[command(flatten)]
        work: WorkArgs,
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
        #[command(flatten)]
        work: WorkArgs,
    },
}

/// Runs a `cgt` subcommand.
pub fn run(command: CgtCommand) -> Result<()> {
    let mut arena = Arena::new();
    let (CgtCommand::Canon { work, .. }
    | CgtCommand::Compare { work, .. }
    | CgtCommand::Thermograph { work, .. }) = &command;
    arena.set_limits(
        Limits {
            nodes: work.node_limit,
            time: work.time_limit,
        },
        Some(crate::interrupted().clone()),
    );
    match command {
        CgtCommand::Canon { game, json, .. } => {
            let report = canon(&mut arena, &game)?;
            if json {
                output::print_json(&report);
            } else {
                println!("{}", report.canonical);
            }
        }
        CgtCommand::Compare { g, h, json, .. } => {
            let report = compare(&mut arena, &g, &h)?;
            if json {
                output::print_json(&report);
            } else {
                println!("{}", report.relation);
            }
        }
        CgtCommand::Thermograph {
            game, json, svg, ..
        } => {
            let (canonical, thermograph) = thermograph(&mut arena, &game)?;
            thermo_out::print_thermograph(&canonical, &thermograph, json, svg.as_deref())?;
        }
    }
    Ok(())
}

/// `cgt canon`: the canonical form of `game`.
pub fn canon(arena: &mut Arena, game: &str) -> Result<CanonReport> {
    let g = parse_game(arena, game)?;
    Ok(CanonReport {
        canonical: arena.to_string(g),
    })
}

/// `cgt compare`: how `g` compares with `h`.
pub fn compare(arena: &mut Arena, g: &str, h: &str) -> Result<CompareReport> {
    let g = parse_game(arena, g)?;
    let h = parse_game(arena, h)?;
    let relation = arena
        .checked_compare(g, h)
        .map_err(|err| game_error("compare", err))?;
    Ok(CompareReport {
        relation: relation.symbol().to_owned(),
    })
}

/// `cgt thermograph`: the canonical form of `game` and its thermograph.
pub fn thermograph(arena: &mut Arena, game: &str) -> Result<(String, Thermograph)> {
    let g = parse_game(arena, game)?;
    let canonical = arena.to_string(g);
    let thermograph = ThermographCache::new()
        .thermograph(arena, g)
        .map_err(|err| {
            let what = format!("thermograph of {}", quoted(game));
            match err {
                CgtError::Overflow { .. } => output::bad_input(
                    &what,
                    format!(
                        "{err} (thermographs are exact, with 64-bit numerators and denominators)"
                    ),
                ),
                err => game_error(&what, err),
            }
        })?;
    Ok((canonical, thermograph))
}

/// Parses a game; a malformed one is bad input (exit code 2) with the column.
fn parse_game(arena: &mut Arena, text: &str) -> Result<GameId> {
    arena.parse(text).map_err(|err| match err {
        ParseGameError::Arithmetic {
            source: source @ CgtError::LimitReached { .. },
            ..
        } => game_error(&format!("game {}", quoted(text)), source),
        err => output::bad_input(&format!("bad game {}", quoted(text)), err),
    })
}

/// An error computing a game: a limit reached (exit code 1, naming the
/// steps taken), else bad input (exit code 2).
fn game_error(what: &str, err: CgtError) -> anyhow::Error {
    match err {
        CgtError::LimitReached { limit, positions } => {
            let by = limit.reason();
            anyhow::anyhow!(
                "{what}: {by} after {positions} sums and comparisons of games, before a result"
            )
        }
        err => output::bad_input(what, err),
    }
}

/// The game text quoted for a message: its first 60 characters and its
/// length when it is longer.
fn quoted(text: &str) -> String {
    const SHOWN: usize = 60;
    let length = text.chars().count();
    if length <= SHOWN + 10 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(SHOWN).collect();
    format!("{head:?}... ({length} characters)")
}
