//! `cgtk dots solve | analyze | review | chains | show | plan`: the value
//! of a position and of its moves, a game record reviewed move by move, the
//! chains and loops of a position, its diagram, and a long solve as a plan.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use cgtk::ops::bounds::{self, TABLE_MIB};
use cgtk::ops::dots::{self as ops, DotsPlanOptions, ReviewOptions, SolveOptions};
use cgtk::report::DotsShowReport;
use clap::Args;
use indicatif::ProgressBar;

use crate::dots_out::{print_analysis, print_stopped};
use crate::input::dots_position;
use crate::output::print_json;
use crate::search_args::SearchArgs;

/// `dots show`: a position and how to draw it.
#[derive(Args)]
pub struct ShowArgs {
    /// `WxH` or `WxH:e,e,e`, an ASCII diagram, or `-` to read either from
    /// stdin.
    position: String,
    /// Number the undrawn edges.
    #[arg(long)]
    edges: bool,
    /// Print {"drawn", "height", "position", "undrawn", "width"} instead.
    #[arg(long)]
    json: bool,
}

/// `dots review`: a game record and the budget of the whole review.
#[derive(Args)]
pub struct ReviewArgs {
    /// The game: `WxH` or `WxH:e,e,...` with the edges in the order drawn
    /// (the record `dots play` prints).
    record: String,
    /// Analyse the positions from this one on (after this many moves); the
    /// moves before it are only replayed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    from: usize,
    /// Give each position at most this many seconds (more than 0, at most
    /// 10^7): a position it stops is shown with the margins still possible,
    /// and the review goes on.
    #[arg(long, value_name = "S", value_parser = bounds::seconds)]
    time_per_position: Option<Duration>,
    /// Answer each position from the whole-board table in DIR where it
    /// covers it.
    #[arg(long, value_name = "DIR")]
    table: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

/// `dots chains`: a position.
#[derive(Args)]
pub struct ChainsArgs {
    /// `WxH` or `WxH:e,e,e`, an ASCII diagram, or `-` to read either from
    /// stdin.
    position: String,
    /// Print {"chains": [{"boxes", "ends", "kind", "length", "long"}, ...],
    /// "long_chains", "loops"} instead.
    #[arg(long)]
    json: bool,
}

/// How `dots plan` splits the root.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SplitArg {
    /// One solve shard per first move.
    FirstMoves,
    /// One solve shard per reply to each first move.
    Replies,
}

/// The options of `dots plan`.
#[derive(Args)]
pub struct PlanArgs {
    /// `WxH` or `WxH:e,e,e`, an ASCII diagram, or `-` to read either from
    /// stdin.
    position: String,
    /// The directory of the shards' result files (as every node sees it).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Split at the first moves, or also at the replies to each.
    #[arg(long, value_enum, default_value = "first-moves")]
    split: SplitArg,
    /// Split every solve shard whose result in --out ended unknown at its time
    /// or node limit, under limits no smaller than this plan's (a larger limit
    /// retries the shard whole first), into a shard per reply and a gather (and
    /// those of its replies that ended so, and so on), keeping the splits of
    /// earlier plans of the directory: give it to every later plan of the
    /// directory. Each split multiplies a line's shards by its moves: use a
    /// limit that most replies finish within.
    #[arg(long)]
    split_unknown: bool,
    /// Transposition-table size of each shard in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = bounds::parser(TABLE_MIB))]
    tt_mb: u64,
    /// Each shard stops after this many seconds (more than 0, at most
    /// 10^7) and records an unknown result with the bounds reached.
    #[arg(long, value_name = "S", value_parser = bounds::seconds)]
    time_limit: Option<Duration>,
    /// Each shard stops after about this many nodes (at least 1).
    #[arg(long, value_name = "N", value_parser = bounds::at_least_one)]
    node_limit: Option<u64>,
    /// Ask only whether the root is worth V (-64 to 64) instead of finding
    /// every shard's exact value: each shard decides only the window its
    /// parent needs, and a gather is settled by the first move that reaches
    /// its window (its other moves are needless). The root ends with its
    /// value, when that is V, or a bound; plan again into the same --out
    /// (every bound found is kept). Cheaper: --at-least V, then --at-most V.
    #[arg(long, value_name = "V", allow_hyphen_values = true, group = "window",
          value_parser = clap::value_parser!(i32).range(-64..=64))]
    target: Option<i32>,
    /// Ask only whether the root is worth at least V (-64 to 64): a
    /// null window, one test a shard (see --target).
    #[arg(long, value_name = "V", allow_hyphen_values = true, group = "window",
          value_parser = clap::value_parser!(i32).range(-64..=64))]
    at_least: Option<i32>,
    /// Ask only whether the root is worth at most V (-64 to 64): a null
    /// window, one test a shard (see --target).
    #[arg(long, value_name = "V", allow_hyphen_values = true, group = "window",
          value_parser = clap::value_parser!(i32).range(-64..=64))]
    at_most: Option<i32>,
    #[command(flatten)]
    emit: crate::plan_args::EmitArgs,
}

/// A position and the solver's switches.
#[derive(Args)]
pub struct SolveArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as `cgtk dots show --edges` shows), an ASCII
    /// diagram (dots `+`, lines `---` and `|`), or `-` to read either from
    /// stdin.
    position: String,
    #[command(flatten)]
    search: SearchArgs,
    /// `analyze`: answer from the whole-board table in DIR (built by `dots
    /// table build`) when it covers the position, and say so.
    #[arg(long, value_name = "DIR")]
    table: Option<PathBuf>,
    /// Switch off chain preprocessing.
    #[arg(long)]
    no_chains: bool,
    /// Switch off board symmetries in the table keys.
    #[arg(long)]
    no_symmetry: bool,
    /// Switch off the corner-edge (ground-string) symmetry.
    #[arg(long)]
    no_corners: bool,
    /// Order moves left to right, top to bottom instead of centre-out.
    #[arg(long)]
    no_centre_out: bool,
    /// Switch off the simple-loony-endgame evaluation.
    #[arg(long)]
    no_loony: bool,
    /// Search what is left after a loony offer even when the boxes taken
    /// before the handout already decide the window.
    #[arg(long)]
    no_handout_bound: bool,
    /// Try every opening of a chain, not one per chain.
    #[arg(long)]
    no_one_opening: bool,
    /// Store one bound and a flag per table entry instead of two bounds.
    #[arg(long)]
    one_bound: bool,
    /// Make the table partial (entries match only the same side to move).
    #[arg(long)]
    partial_tt: bool,
    /// One full-window alpha-beta search instead of null-window (MTD) steps.
    #[arg(long)]
    no_mtd: bool,
    /// Switch off enhanced transposition cutoffs (children looked up in the
    /// table before any is searched).
    #[arg(long)]
    no_etc: bool,
    /// Search every child the enhanced transposition cutoffs looked up,
    /// instead of taking the child's value from the entry found when its
    /// bounds already decide it.
    #[arg(long)]
    no_etc_values: bool,
    /// Store 16-byte table entries (the key whole) instead of 8-byte ones.
    #[arg(long)]
    wide_tt: bool,
    /// Add a second table keyed by Strings-and-Coins graphs up to
    /// isomorphism (half the table budget): fewer nodes, each key costs
    /// more (faster on boards such as 2x6, 1x11, 2x7 and 3x5; slower on
    /// 3x4 and smaller and on 4x4). The default: on for boards that are not
    /// square with 32 edges or more (2x6, 1x11, 2x7, 3x5, 4x5, ...).
    #[arg(long, conflicts_with = "no_sc_keys")]
    sc_keys: bool,
    /// No Strings-and-Coins table (see --sc-keys).
    #[arg(long)]
    no_sc_keys: bool,
}

impl SolveArgs {
    /// The solver's switches and the budget.
    fn options(&self) -> SolveOptions {
        SolveOptions {
            solver: dots::Options {
                chains: !self.no_chains,
                symmetry: !self.no_symmetry,
                corners: !self.no_corners,
                centre_out: !self.no_centre_out,
                loony: !self.no_loony,
                handout_bound: !self.no_handout_bound,
                one_opening: !self.no_one_opening,
                two_bounds: !self.one_bound,
                impartial_tt: !self.partial_tt,
                mtd: !self.no_mtd,
                etc: !self.no_etc,
                etc_values: !self.no_etc_values,
                compact_tt: !self.wide_tt,
                sc_keys: match (self.sc_keys, self.no_sc_keys) {
                    (true, _) => Some(true),
                    (_, true) => Some(false),
                    _ => None,
                },
                threads: self.search.threads(),
                tt_mb: self.search.tt_mb(),
            },
            limits: self.search.limits(),
        }
    }
}

/// The solver's progress on `spinner`.
fn progress(spinner: &ProgressBar) -> dots::ProgressHook {
    let spinner = spinner.clone();
    Arc::new(move |p: &dots::Progress| {
        let valued = p.moves.map_or(String::new(), |(valued, legal)| {
            format!("{valued} of {legal} moves valued, ")
        });
        spinner.set_message(format!(
            "{} nodes, {valued}value in [{}, {}]",
            p.nodes, p.lower, p.upper
        ));
    })
}

/// Runs `dots show`.
pub fn show(args: ShowArgs) -> Result<()> {
    let pos = dots_position(&args.position)?;
    if args.json {
        print_json(&DotsShowReport::new(&pos));
        return Ok(());
    }
    if args.edges {
        print!("{}", pos.annotated_diagram(|e| Some(e.index().to_string())));
    } else {
        print!("{}", pos.diagram());
    }
    println!("position: {pos}");
    Ok(())
}

/// Runs `dots solve`.
pub fn solve(args: SolveArgs) -> Result<()> {
    let pos = dots_position(&args.position)?;
    let spinner = args.search.spinner();
    let report = ops::solve(
        &pos,
        &args.options(),
        crate::interrupted(),
        Some(progress(&spinner)),
    );
    spinner.finish_and_clear();
    let report = report?;
    if args.search.json {
        print_json(&report);
        return Ok(());
    }
    let Some(value) = report.value else {
        print_stopped(report.limit, report.lower, report.upper, report.nodes);
        return Ok(());
    };
    print!("{}", pos.diagram());
    println!("position: {pos}");
    println!("value: {value:+}");
    let list: Vec<String> = report.best_moves.iter().map(ToString::to_string).collect();
    println!("best moves: {}", list.join(", "));
    println!("nodes: {}", report.nodes);
    println!("seconds: {:.3}", report.seconds);
    Ok(())
}

/// Runs `dots analyze`: from the table of `--table` when it covers the
/// position, else from the solver.
pub fn analyze(args: SolveArgs) -> Result<()> {
    let pos = dots_position(&args.position)?;
    if let Some(dir) = &args.table {
        if let Some(report) = ops::table_analysis(dir, &pos)? {
            print_analysis(&pos, &report, args.search.json, Some(dir));
            return Ok(());
        }
        eprintln!(
            "note: no table in {} covers {pos}; solving instead",
            dir.display()
        );
    }
    let spinner = args.search.spinner();
    let report = ops::analyze(
        &pos,
        &args.options(),
        crate::interrupted(),
        Some(progress(&spinner)),
    );
    spinner.finish_and_clear();
    print_analysis(&pos, &report?, args.search.json, None);
    Ok(())
}

/// Runs `dots review`: one line per move (its mover, value, the best
/// value, the loss and its class, the first player's margin after it).
pub fn review(args: ReviewArgs) -> Result<()> {
    let options = ReviewOptions {
        solve: SolveOptions {
            solver: dots::Options {
                threads: args.search.threads(),
                tt_mb: args.search.tt_mb(),
                ..dots::Options::default()
            },
            limits: args.search.limits(),
        },
        from: args.from,
        position_time: args.time_per_position,
    };
    let record = ops::ReviewRecord::read(&args.record)?;
    let spinner = args.search.spinner();
    let report = ops::review(
        &record,
        &options,
        args.table.as_deref(),
        crate::interrupted(),
        Some(progress(&spinner)),
        &|_| {},
    );
    spinner.finish_and_clear();
    let report = report?;
    if args.search.json {
        print_json(&report);
        return Ok(());
    }
    if let Some(first) = report.positions.first().and_then(|p| p.margin) {
        println!("position {}: the first player ends {first:+}", report.from);
    }
    for m in &report.moves {
        let class = match m.class {
            cgtk::report::MoveClass::Best => String::new(),
            other => format!("  -{} {}", m.loss, other.name()),
        };
        println!(
            "{:>3}. {:<6} {:>2}: {:+} (best {:+}), first ends {:+}{class}",
            m.ply, m.mover, m.edge, m.value, m.best, m.margin
        );
    }
    for p in &report.positions {
        if let (Some(limit), Some([lo, hi])) = (p.limit, p.margin_range) {
            println!(
                "position {}: {} (the first player ends between {lo:+} and {hi:+})",
                p.ply,
                cgtk::report::stop_reason(limit)
            );
        }
    }
    if let Some(limit) = report.limit {
        println!("stopped: {}", cgtk::report::stop_reason(limit));
    }
    println!("nodes: {}", report.nodes);
    println!("seconds: {:.3}", report.seconds);
    Ok(())
}

/// Runs `dots chains`.
pub fn chains(args: ChainsArgs) -> Result<()> {
    let pos = dots_position(&args.position)?;
    let report = ops::chains(&pos);
    if args.json {
        print_json(&report);
        return Ok(());
    }
    print!("{}", pos.diagram());
    for c in &report.chains {
        let ends: Vec<String> = c
            .ends
            .iter()
            .map(|e| match e.box_index {
                Some(b) => format!("{} {b}", e.kind),
                None => e.kind.to_owned(),
            })
            .collect();
        let long = if c.long { "long " } else { "" };
        let list: Vec<String> = c.boxes.iter().map(ToString::to_string).collect();
        println!(
            "{long}{} of {}: boxes {}{}",
            c.kind,
            c.length,
            list.join(", "),
            if ends.is_empty() {
                String::new()
            } else {
                format!("; ends: {}", ends.join(", "))
            }
        );
    }
    println!(
        "long chains: {}, loops: {}",
        report.long_chains, report.loops
    );
    Ok(())
}

/// Runs `dots plan`: writes the plan (JSON or a Slurm script).
pub fn plan(args: PlanArgs) -> Result<()> {
    use databases::plan::dots_solve::{DotsSolveOptions, SolveSplit};
    let pos = dots_position(&args.position)?;
    let options = DotsPlanOptions {
        split: match args.split {
            SplitArg::FirstMoves => SolveSplit::FirstMoves,
            SplitArg::Replies => SolveSplit::Replies,
        },
        solve: DotsSolveOptions {
            tt_mb: args.tt_mb,
            time_limit_ms: args
                .time_limit
                .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)),
            node_limit: args.node_limit,
            window: match (args.target, args.at_least, args.at_most) {
                (Some(v), _, _) => Some((v - 1, v + 1)),
                (_, Some(v), _) => Some((v - 1, v)),
                (_, _, Some(v)) => Some((v, v + 1)),
                _ => None,
            },
        },
        split_unknown: args.split_unknown,
        out: args.out.clone(),
    };
    args.emit.emit(&ops::solve_plan(&pos, &options)?)
}
