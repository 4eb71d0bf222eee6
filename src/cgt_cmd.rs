//! `cgtk cgt ...`: canonical forms, comparison and thermographs of short games.

use std::io::Write as _;
use std::time::Duration;

use anyhow::Result;
use cgt::budget::{Limits, OutputLimit};
use cgtk::ops::cgt::{self as ops, canonical_text, unknown_text, CgtOptions, Thermographed};
use clap::{Args, Subcommand};

use cgtk::ops::bounds::seconds;

use crate::{output, thermo_out};

/// Limits on computing a game: a sum of games that are not number-up-star
/// values can take time exponential in its length (a sum of n switches has
/// up to 2^n positions), and so can comparing deep games. Ctrl-C stops it
/// too. A stopped command prints `unknown` with the limit and the steps it
/// took (sums and comparisons) and exits with code 0.
#[derive(Args, Clone, Debug)]
pub struct WorkArgs {
    /// Stop after this many seconds (more than 0, at most 10^7).
    #[arg(long, value_name = "S", value_parser = seconds)]
    time_limit: Option<Duration>,
    /// Stop after this many steps (at least 1): sums of games that are not
    /// both number-up-star values, comparisons that look at options, and
    /// thermographs of games that are not number-up-star.
    #[arg(long, value_name = "N", value_parser = cgtk::ops::bounds::at_least_one)]
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
        /// Print one line of JSON: the canonical form, stops, mean, temperature
        /// and the walls (exact rationals as strings).
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
    let (CgtCommand::Canon { work, .. }
    | CgtCommand::Compare { work, .. }
    | CgtCommand::Thermograph { work, .. }) = &command;
    let limits = Limits {
        nodes: work.node_limit,
        time: work.time_limit,
    };
    let stop = crate::interrupted();
    match command {
        CgtCommand::Canon {
            game, json, output, ..
        } if output.full && !json => {
            let options = CgtOptions {
                limits,
                output: output.limit(),
            };
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            ops::write_canonical(&game, &options, stop, &mut out)?;
            out.flush()?;
        }
        CgtCommand::Canon {
            game, json, output, ..
        } => {
            let options = CgtOptions {
                limits,
                output: output.limit(),
            };
            let report = ops::canon(&game, &options, stop)?;
            if json {
                output::print_json(&report);
            } else {
                println!("{}", canonical_text(&report));
            }
        }
        CgtCommand::Compare { g, h, json, .. } => {
            let options = CgtOptions {
                limits,
                ..CgtOptions::default()
            };
            let report = ops::compare(&g, &h, &options, stop)?;
            if json {
                output::print_json(&report);
            } else {
                match &report.relation {
                    Some(relation) => println!("{relation}"),
                    None => println!("{}", unknown_text(report.limit, report.steps)),
                }
            }
        }
        CgtCommand::Thermograph {
            game,
            json,
            svg,
            output: out,
            ..
        } => {
            let options = CgtOptions {
                limits,
                output: out.limit(),
            };
            match ops::thermograph(&game, &options, stop)? {
                Thermographed::Done(canonical, thermograph) => {
                    thermo_out::print_thermograph(&canonical, &thermograph, json, svg.as_deref())?;
                }
                Thermographed::Stopped(stopped) if json => output::print_json(&stopped),
                Thermographed::Stopped(stopped) => println!("{}", canonical_text(&stopped)),
            }
        }
    }
    Ok(())
}
