//! `cgtk cgt ...`: canonical forms, comparison, thermographs, and the games
//! made from a game (cooling, heating, atomic weight, ...) of short games.

use std::io::Write as _;
use std::time::Duration;

use anyhow::Result;
use cgt::budget::{Limits, OutputLimit};
use cgtk::ops::cgt::{
    self as ops, canonical_text, unknown_text, CgtOptions, Thermographed, Transform,
};
use cgtk::report::IncentivesReport;
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

/// A game and how to print its canonical form or what is made from it.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// The game G, e.g. "{3||2|1}", "^*", "1/2", "+-1", "{2|1} + {2|1}".
    #[arg(allow_hyphen_values = true)]
    game: String,
    /// Print one line of JSON: {"canonical": str} ({"left": [str], "right":
    /// [str]} for incentives).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    work: WorkArgs,
    #[command(flatten)]
    output: OutputArgs,
}

impl GameArgs {
    /// The options of the computation, within `limits`.
    fn options(&self, limits: Limits) -> CgtOptions {
        CgtOptions {
            limits,
            output: self.output.limit(),
        }
    }
}

/// Game values of short partizan games, in CGSuite notation.
#[derive(Subcommand, Debug)]
pub enum CgtCommand {
    /// Print the canonical form of a game, e.g. `cgtk cgt canon "{1|*} + {2|1}"`.
    Canon {
        #[command(flatten)]
        g: GameArgs,
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
    /// Cool G by the number T (more than -1): G_T = {G^L_T - T | G^R_T + T},
    /// or the mean once T is above G's temperature.
    Cool {
        #[command(flatten)]
        g: GameArgs,
        /// The temperature T, a number, e.g. "1/2".
        #[arg(allow_hyphen_values = true)]
        t: String,
    },
    /// Heat G by the game T: {∫G^L + T | ∫G^R - T}, numbers unchanged.
    Heat {
        #[command(flatten)]
        g: GameArgs,
        /// The game T, e.g. "1", "*".
        #[arg(allow_hyphen_values = true)]
        t: String,
    },
    /// Overheat G from S to T: {∫G^L + T | ∫G^R - T}, an integer n becomes
    /// n copies of S.
    Overheat {
        #[command(flatten)]
        g: GameArgs,
        /// The game S that integers are multiples of.
        #[arg(allow_hyphen_values = true)]
        s: String,
        /// The game T added to Left's options and taken from Right's.
        #[arg(allow_hyphen_values = true)]
        t: String,
    },
    /// Freeze G: cool it by its temperature.
    Freeze {
        #[command(flatten)]
        g: GameArgs,
    },
    /// The atomic weight of an infinitesimal G (exit 2 with the reason
    /// where it has none).
    AtomicWeight {
        #[command(flatten)]
        g: GameArgs,
    },
    /// The reduced canonical form of G: the simplest game equal to G up to
    /// an infinitesimal.
    Reduced {
        #[command(flatten)]
        g: GameArgs,
    },
    /// Left's and Right's incentives G^L - G and G - G^R (the undominated
    /// ones).
    Incentives {
        #[command(flatten)]
        g: GameArgs,
    },
    /// The Norton product G.U by a positive game U.
    Norton {
        #[command(flatten)]
        g: GameArgs,
        /// The unit U, a game greater than 0, e.g. "^", "1".
        #[arg(allow_hyphen_values = true)]
        u: String,
    },
}

impl CgtCommand {
    /// The limits the command was given.
    fn work(&self) -> &WorkArgs {
        match self {
            CgtCommand::Compare { work, .. } | CgtCommand::Thermograph { work, .. } => work,
            CgtCommand::Canon { g }
            | CgtCommand::Incentives { g }
            | CgtCommand::Cool { g, .. }
            | CgtCommand::Heat { g, .. }
            | CgtCommand::Overheat { g, .. }
            | CgtCommand::Freeze { g }
            | CgtCommand::AtomicWeight { g }
            | CgtCommand::Reduced { g }
            | CgtCommand::Norton { g, .. } => &g.work,
        }
    }
}

/// Prints what `how` makes from the game of `g`.
fn print_transform(g: &GameArgs, how: Transform<'_>, limits: Limits) -> Result<()> {
    let report = ops::transform(&g.game, how, &g.options(limits), crate::interrupted())?;
    print(&report, g.json, canonical_text);
    Ok(())
}

/// Prints `report` as one line of JSON, or its `text`.
fn print<R: serde::Serialize>(report: &R, json: bool, text: fn(&R) -> String) {
    if json {
        output::print_json(report);
    } else {
        println!("{}", text(report));
    }
}

/// The incentives for people: `left: [a, b]` and `right: [c]`, or the
/// limit, or the size of texts too long to print.
fn incentives_text(report: &IncentivesReport) -> String {
    match (&report.left, &report.right, &report.too_large) {
        (Some(left), Some(right), _) => {
            format!("left: [{}]\nright: [{}]", left.join(", "), right.join(", "))
        }
        (_, _, Some(big)) => format!(
            "too large to print: {} bytes, birthday {} (--full prints it whole)",
            big.bytes, big.birthday
        ),
        _ => unknown_text(report.limit, report.steps),
    }
}

/// Runs a `cgt` subcommand.
pub fn run(command: CgtCommand) -> Result<()> {
    let work = command.work();
    let limits = Limits {
        nodes: work.node_limit,
        time: work.time_limit,
    };
    let stop = crate::interrupted();
    match command {
        CgtCommand::Canon { g } if g.output.full && !g.json => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            ops::write_canonical(&g.game, &g.options(limits), stop, &mut out)?;
            out.flush()?;
        }
        CgtCommand::Canon { g } => {
            let report = ops::canon(&g.game, &g.options(limits), stop)?;
            print(&report, g.json, canonical_text);
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
        CgtCommand::Cool { g, t } => print_transform(&g, Transform::Cool(&t), limits)?,
        CgtCommand::Heat { g, t } => print_transform(&g, Transform::Heat(&t), limits)?,
        CgtCommand::Overheat { g, s, t } => {
            print_transform(&g, Transform::Overheat(&s, &t), limits)?;
        }
        CgtCommand::Freeze { g } => print_transform(&g, Transform::Freeze, limits)?,
        CgtCommand::AtomicWeight { g } => print_transform(&g, Transform::AtomicWeight, limits)?,
        CgtCommand::Reduced { g } => print_transform(&g, Transform::Reduced, limits)?,
        CgtCommand::Norton { g, u } => print_transform(&g, Transform::Norton(&u), limits)?,
        CgtCommand::Incentives { g } => {
            let report = ops::incentives(&g.game, &g.options(limits), stop)?;
            print(&report, g.json, incentives_text);
        }
    }
    Ok(())
}
