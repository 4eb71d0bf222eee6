//! `cgtk dots ...`: solve and analyse Dots-and-Boxes positions.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use cgtk::report::{DotsAnalyzeReport, DotsSolveReport};
use clap::{Args, Subcommand};
use databases::dots::{DotsTable, TableError};
use dots::{Analysis, Interrupted, Options, Position, Solver};
use indicatif::ProgressBar;

use crate::output::{bad_input, print_json};
use crate::search_args::SearchArgs;

/// Dots-and-Boxes subcommands.
#[derive(Subcommand)]
pub enum DotsCommand {
    /// The value of a position (boxes the player to move takes minus boxes
    /// the opponent takes, over the remaining boxes) and all optimal moves.
    Solve(SolveArgs),
    /// The value of every legal move.
    Analyze(SolveArgs),
    /// Draw a position; with `--edges`, every undrawn edge shows its number
    /// (the numbers `WxH:e,e,...` and the moves of every command use).
    Show {
        /// `WxH` or `WxH:e,e,e`, an ASCII diagram, or `-` to read either
        /// from stdin.
        position: String,
        /// Number the undrawn edges.
        #[arg(long)]
        edges: bool,
    },
    /// Whole-board retrograde tables: build, query, info, plan.
    #[command(subcommand)]
    Table(crate::table_cmd::TableCommand),
    /// Round-robin tournament between players: wins, margins, ratings.
    Tournament(crate::play_cmd::TournamentArgs),
    /// Play a game against a computer player in the terminal.
    Play(crate::play_cmd::PlayArgs),
    /// Score players against perfect play: boxes given away, optimal moves.
    Score(crate::play_cmd::ScoreArgs),
    /// The Nimstring value of the position, of each component and after
    /// each legal move.
    Nimber(crate::nimber_cmd::NimberArgs),
    /// The edge a player draws after the moves of a game record.
    Move(crate::move_cmd::MoveArgs),
    /// Train a neural-network player by evolution or back-propagation.
    Train(crate::train_cmd::TrainArgs),
}

/// A position and the solver's switches.
#[derive(Args)]
pub struct SolveArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as in ARCHITECTURE.md), an ASCII
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
}

/// Reads a position given on the command line, or from stdin for `-`.
pub fn read_position(arg: &str) -> Result<Position> {
    let text = if arg == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| bad_input("position", e))?;
        s
    } else {
        arg.to_owned()
    };
    Position::read(&text).map_err(|e| bad_input("position", e))
}

impl SolveArgs {
    fn position(&self) -> Result<Position> {
        read_position(&self.position)
    }

    /// The solver, reporting its progress on `spinner`.
    fn solver(&self, pos: &Position, spinner: &ProgressBar) -> Result<Solver> {
        let opts = Options {
            chains: !self.no_chains,
            symmetry: !self.no_symmetry,
            corners: !self.no_corners,
            centre_out: !self.no_centre_out,
            loony: !self.no_loony,
            one_opening: !self.no_one_opening,
            two_bounds: !self.one_bound,
            impartial_tt: !self.partial_tt,
            mtd: !self.no_mtd,
            etc: !self.no_etc,
            etc_values: !self.no_etc_values,
            compact_tt: !self.wide_tt,
            threads: self.search.threads(),
            tt_mb: self.search.tt_mb(),
        };
        let mut solver = Solver::try_new(pos.board(), opts).map_err(|e| bad_input("--tt-mb", e))?;
        solver.set_stop(Some(crate::interrupted().clone()));
        let spinner = spinner.clone();
        solver.set_progress(
            Some(Arc::new(move |p: &dots::Progress| {
                spinner.set_message(format!(
                    "{} nodes, value in [{}, {}]",
                    p.nodes, p.lower, p.upper
                ));
            })),
            Duration::from_millis(500),
        );
        Ok(solver)
    }
}

/// What a search stopped by a limit reached, for people.
fn print_interrupted(i: &Interrupted) {
    println!(
        "value: unknown ({}; value in [{:+}, {:+}])",
        i.limit.reason().to_owned(),
        i.lower,
        i.upper
    );
    println!("nodes: {}", i.nodes);
}

/// The analysis of `pos` from the whole-board table in `dir`, if the table
/// there covers the position (`None` if it has no table of the board or
/// misses a shard the position needs).
pub fn table_analysis(dir: &Path, pos: &Position) -> Result<Option<Analysis>> {
    let table = match DotsTable::open(dir, pos.board()) {
        Ok(table) => table,
        Err(TableError::Dir { .. }) => {
            return Err(bad_input(
                &format!("--table {}", dir.display()),
                "not a readable directory",
            ))
        }
        Err(_) => return Ok(None),
    };
    Ok(table.lookup(pos).map(|t| Analysis {
        value: t.value,
        moves: t.moves,
        nodes: 0,
    }))
}

/// Prints an analysis: one line of JSON, or the board with every move's
/// value, the values (loony moves marked), and where they come from (a
/// table `source`, or the solver's nodes and time).
pub fn print_analysis(
    pos: &Position,
    a: &Analysis,
    seconds: f64,
    json: bool,
    source: Option<&Path>,
) {
    if json {
        print_json(&DotsAnalyzeReport::new(pos, a, seconds));
        return;
    }
    print!(
        "{}",
        pos.annotated_diagram(|e| {
            a.moves
                .iter()
                .find(|m| m.0 == e)
                .map(|m| format!("{:+}", m.1))
        })
    );
    println!("position: {pos}");
    println!("value: {:+}", a.value);
    // Moves that offer the opponent a loony position (Berlekamp 2000).
    let loony = dots::nimstring::loony_moves(pos);
    for (e, v) in &a.moves {
        let mark = if *v == a.value { "  best" } else { "" };
        let lo = if loony.contains(*e) { "  loony" } else { "" };
        println!("edge {e:>2}: {v:+}{mark}{lo}");
    }
    match source {
        Some(dir) => println!("source: table {}", dir.display()),
        None => {
            println!("nodes: {}", a.nodes);
            println!("seconds: {seconds:.3}");
        }
    }
}

/// Runs a `dots` subcommand.
pub fn run(command: DotsCommand) -> Result<()> {
    match command {
        DotsCommand::Show { position, edges } => {
            let pos = read_position(&position)?;
            if edges {
                print!("{}", pos.annotated_diagram(|e| Some(e.index().to_string())));
            } else {
                print!("{}", pos.diagram());
            }
            println!("position: {pos}");
        }
        DotsCommand::Table(command) => return crate::table_cmd::run(command),
        DotsCommand::Tournament(args) => crate::play_cmd::tournament(args)?,
        DotsCommand::Play(args) => crate::play_cmd::play(args)?,
        DotsCommand::Score(args) => crate::play_cmd::score(args)?,
        DotsCommand::Train(args) => crate::train_cmd::train(args)?,
        DotsCommand::Solve(args) => {
            let pos = args.position()?;
            let spinner = args.search.spinner();
            let mut solver = args.solver(&pos, &spinner)?;
            let start = Instant::now();
            let result = solver.solve(&pos, args.search.limits());
            spinner.finish_and_clear();
            let seconds = start.elapsed().as_secs_f64();
            let s = match result {
                Ok(s) => s,
                Err(i) if args.search.json => {
                    print_json(&DotsSolveReport::interrupted(&i, seconds));
                    return Ok(());
                }
                Err(i) => {
                    print_interrupted(&i);
                    return Ok(());
                }
            };
            let report = DotsSolveReport::new(&s, seconds);
            if args.search.json {
                print_json(&report);
            } else {
                print!("{}", pos.diagram());
                println!("position: {pos}");
                println!("value: {:+}", s.value);
                let list: Vec<String> = report.best_moves.iter().map(ToString::to_string).collect();
                println!("best moves: {}", list.join(", "));
                println!("nodes: {}", s.nodes);
                println!("seconds: {seconds:.3}");
            }
        }
        DotsCommand::Analyze(args) => {
            let pos = args.position()?;
            if let Some(dir) = &args.table {
                let start = Instant::now();
                if let Some(a) = table_analysis(dir, &pos)? {
                    let seconds = start.elapsed().as_secs_f64();
                    print_analysis(&pos, &a, seconds, args.search.json, Some(dir));
                    return Ok(());
                }
                eprintln!(
                    "note: no table in {} covers {pos}; solving instead",
                    dir.display()
                );
            }
            let spinner = args.search.spinner();
            let mut solver = args.solver(&pos, &spinner)?;
            let start = Instant::now();
            let result = solver.analyze(&pos, args.search.limits());
            spinner.finish_and_clear();
            let seconds = start.elapsed().as_secs_f64();
            let a = match result {
                Ok(a) => a,
                Err(i) if args.search.json => {
                    print_json(&DotsAnalyzeReport::interrupted(&i, seconds));
                    return Ok(());
                }
                Err(i) => {
                    print_interrupted(&i);
                    return Ok(());
                }
            };
            print_analysis(&pos, &a, seconds, args.search.json, None);
        }
        DotsCommand::Nimber(args) => crate::nimber_cmd::run(args)?,
        DotsCommand::Move(args) => crate::move_cmd::run(args)?,
    }
    Ok(())
}
