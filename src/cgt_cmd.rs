//! `cgtk cgt ...`: canonical forms, comparison and thermographs of short games.

use std::io::Write as _;
use std::time::Duration;

use anyhow::Result;
use cgt::budget::OutputLimit;
use cgt::search::Limits;
use cgt::{Arena, CgtError, GameId, ParseGameError, Thermograph, ThermographCache};
use cgtk::report::{CanonReport, CompareReport};
use clap::{Args, Subcommand};

use crate::search_args::parse_seconds;
use crate::{output, thermo_out};

/// Limits on computing a game: a sum of games that are not number-up-star
/// values can take time exponential in its length (a sum of n switches has
/// up to 2^n positions), and so can comparing deep games. Ctrl-C stops it
/// too. A stopped command prints `unknown` with the limit and the steps it
/// took (sums and comparisons) and exits with code 0.
#[derive(Args, Clone, Debug)]
pub struct WorkArgs {
    /// Stop after this many seconds (more than 0, at most 10^7).
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Stop after this many steps (at least 1): sums of games that are not
    /// both number-up-star values, comparisons that look at options, and
    /// thermographs of games that are not number-up-star.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
}

/// How much of a canonical form to print.
#[derive(Args, Clone, Debug)]
pub struct OutputArgs {
    /// Print the canonical form whole however long. Without it, a form
    /// longer than 1 MiB (a sum of n hot games has about 2^n options) is
    /// reported by its size and birthday instead.
    #[arg(long)]
    full: bool,
}

impl OutputArgs {
    /// The output limit these options ask for.
    pub fn limit(&self) -> OutputLimit {
        if self.full {
            OutputLimit::NONE
        } else {
            OutputLimit::DEFAULT
        }
    }
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
        #[command(flatten)]
        output: OutputArgs,
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
        #[command(flatten)]
        output: OutputArgs,
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
        CgtCommand::Canon {
            game, json, output, ..
        } if output.full && !json => match parse_game(&mut arena, &game)? {
            // Streamed: the text is never built whole in memory.
            Ok(g) => {
                let mut out = std::io::BufWriter::new(std::io::stdout().lock());
                writeln!(out, "{}", arena.display(g))?;
                out.flush()?;
            }
            Err(stopped) => println!("{}", canonical_text(&stopped)),
        },
        CgtCommand::Canon {
            game, json, output, ..
        } => {
            let report = canon(&mut arena, &game, output.limit())?;
            if json {
                output::print_json(&report);
            } else {
                println!("{}", canonical_text(&report));
            }
        }
        CgtCommand::Compare { g, h, json, .. } => {
            let report = compare(&mut arena, &g, &h)?;
            if json {
                output::print_json(&report);
            } else {
                match (&report.relation, report.limit, report.steps) {
                    (Some(relation), _, _) => println!("{relation}"),
                    (None, limit, steps) => println!("{}", unknown_text(limit, steps)),
                }
            }
        }
        CgtCommand::Thermograph {
            game,
            json,
            svg,
            output: out,
            ..
        } => match thermograph(&mut arena, &game, out.limit())? {
            Ok((canonical, thermograph)) => {
                thermo_out::print_thermograph(&canonical, &thermograph, json, svg.as_deref())?;
            }
            Err(stopped) if json => output::print_json(&stopped),
            Err(stopped) => println!("{}", canonical_text(&stopped)),
        },
    }
    Ok(())
}

/// `cgt canon`: the canonical form of `game`, or the limit that stopped
/// it, or its size when its text is longer than `output`.
pub fn canon(arena: &mut Arena, game: &str, output: OutputLimit) -> Result<CanonReport> {
    let g = match parse_game(arena, game)? {
        Ok(g) => g,
        Err(stopped) => return Ok(stopped),
    };
    Ok(CanonReport::new(arena, g, output))
}

/// The canonical form for people: the text, `unknown` with the limit, or
/// the size of a text too long to print.
pub fn canonical_text(report: &CanonReport) -> String {
    match (&report.canonical, &report.too_large) {
        (Some(text), _) => text.clone(),
        (None, Some(big)) => format!(
            "too large to print: {} bytes, birthday {} (--full prints it whole)",
            big.bytes, big.birthday
        ),
        (None, None) => unknown_text(report.limit, report.steps),
    }
}

/// `unknown (time limit reached after N sums and comparisons of games)`.
fn unknown_text(limit: Option<&str>, steps: Option<u64>) -> String {
    format!(
        "unknown ({} after {} sums and comparisons of games)",
        cgtk::report::stop_reason(limit.unwrap_or("time")),
        steps.unwrap_or(0)
    )
}

/// `cgt compare`: how `g` compares with `h`, or the limit that stopped it.
pub fn compare(arena: &mut Arena, g: &str, h: &str) -> Result<CompareReport> {
    let stopped = |r: CanonReport| CompareReport {
        limit: r.limit,
        relation: None,
        steps: r.steps,
    };
    let g = match parse_game(arena, g)? {
        Ok(g) => g,
        Err(r) => return Ok(stopped(r)),
    };
    let h = match parse_game(arena, h)? {
        Ok(h) => h,
        Err(r) => return Ok(stopped(r)),
    };
    Ok(match arena.checked_compare(g, h) {
        Ok(relation) => CompareReport {
            limit: None,
            relation: Some(relation.symbol().to_owned()),
            steps: None,
        },
        Err(CgtError::LimitReached { limit, positions }) => {
            stopped(CanonReport::stopped(limit, positions))
        }
        Err(err) => return Err(output::bad_input("compare", err)),
    })
}

/// `cgt thermograph`: the canonical form of `game` (within `output`) and
/// its thermograph, or (`Err`) the limit that stopped it.
pub fn thermograph(
    arena: &mut Arena,
    game: &str,
    output: OutputLimit,
) -> Result<std::result::Result<(CanonReport, Thermograph), CanonReport>> {
    let g = match parse_game(arena, game)? {
        Ok(g) => g,
        Err(stopped) => return Ok(Err(stopped)),
    };
    match ThermographCache::new().thermograph(arena, g) {
        Ok(t) => Ok(Ok((CanonReport::new(arena, g, output), t))),
        Err(CgtError::LimitReached { limit, positions }) => {
            Ok(Err(CanonReport::stopped(limit, positions)))
        }
        Err(err @ CgtError::Overflow { .. }) => Err(output::bad_input(
            &format!("thermograph of {}", quoted(game)),
            format!("{err} (thermographs are exact, with 64-bit numerators and denominators)"),
        )),
        Err(err) => Err(output::bad_input(
            &format!("thermograph of {}", quoted(game)),
            err,
        )),
    }
}

/// Parses a game; a malformed one is bad input (exit code 2) with the
/// column, and a limit reached while summing it is `Err`, the report of the
/// limit.
fn parse_game(arena: &mut Arena, text: &str) -> Result<std::result::Result<GameId, CanonReport>> {
    match arena.parse(text) {
        Ok(g) => Ok(Ok(g)),
        Err(ParseGameError::Arithmetic {
            source: CgtError::LimitReached { limit, positions },
            ..
        }) => Ok(Err(CanonReport::stopped(limit, positions))),
        Err(err) => Err(output::bad_input(
            &format!("bad game {}", quoted(text)),
            err,
        )),
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
