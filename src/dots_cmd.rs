//! `cgtk dots ...`: solve and analyse Dots-and-Boxes positions.

use std::io::Read;
use std::time::Instant;

use anyhow::Result;
use clap::{Args, Subcommand};
use dots::{Options, Position, Solver};
use serde_json::json;

use crate::output::{bad_input, print_json};

/// Dots-and-Boxes subcommands.
#[derive(Subcommand)]
pub enum DotsCommand {
    /// The value of a position (boxes the player to move takes minus boxes
    /// the opponent takes, over the remaining boxes) and all optimal moves.
    Solve(SolveArgs),
    /// The value of every legal move.
    Analyze(SolveArgs),
    /// The Nimstring value of the position, of each component and after
    /// each legal move.
    Nimber(crate::nimber_cmd::NimberArgs),
}

/// A position and the solver's switches.
#[derive(Args)]
pub struct SolveArgs {
    /// `WxH` or `WxH:e,e,e` (edges numbered as in ARCHITECTURE.md), an ASCII
    /// diagram (dots `+`, lines `---` and `|`), or `-` to read either from
    /// stdin.
    position: String,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// Transposition table size in MiB (0 to 65536). With one thread the
    /// table starts at 1 MiB and doubles up to this size as it fills.
    #[arg(long, default_value_t = 256)]
    tt_mb: usize,
    /// Threads searching, sharing the table (1 to 64). The value and the
    /// moves do not depend on it; the node count does.
    #[arg(long, default_value_t = 1)]
    threads: usize,
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
    /// No progress lines on stderr.
    #[arg(long)]
    quiet: bool,
}

impl SolveArgs {
    fn position(&self) -> Result<Position> {
        let text = if self.position == "-" {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| bad_input("position", e))?;
            s
        } else {
            self.position.clone()
        };
        let parsed = if text.contains('+') {
            Position::from_diagram(&text)
        } else {
            text.parse()
        };
        parsed.map_err(|e| bad_input("position", e))
    }

    fn solver(&self, pos: &Position) -> Result<Solver> {
        if self.tt_mb > 65536 {
            return Err(bad_input(
                "--tt-mb",
                format!("{} out of range (0 to 65536)", self.tt_mb),
            ));
        }
        if !(1..=64).contains(&self.threads) {
            return Err(bad_input(
                "--threads",
                format!("{} out of range (1 to 64)", self.threads),
            ));
        }
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
            threads: self.threads,
            tt_mb: self.tt_mb,
            progress: !self.quiet,
        };
        Ok(Solver::new(pos.board(), opts))
    }
}

/// Runs a `dots` subcommand.
pub fn run(command: DotsCommand) -> Result<()> {
    match command {
        DotsCommand::Solve(args) => {
            let pos = args.position()?;
            let mut solver = args.solver(&pos)?;
            let start = Instant::now();
            let s = solver.solve(&pos);
            let seconds = start.elapsed().as_secs_f64();
            let best: Vec<usize> = s.best_moves.iter().map(|e| e.index()).collect();
            if args.json {
                print_json(&json!({
                    "value": s.value,
                    "best_moves": best,
                    "nodes": s.nodes,
                    "seconds": seconds,
                }));
            } else {
                print!("{}", pos.diagram());
                println!("position: {pos}");
                println!("value: {:+}", s.value);
                let list: Vec<String> = best.iter().map(usize::to_string).collect();
                println!("best moves: {}", list.join(", "));
                println!("nodes: {}", s.nodes);
                println!("seconds: {seconds:.3}");
            }
        }
        DotsCommand::Analyze(args) => {
            let pos = args.position()?;
            let mut solver = args.solver(&pos)?;
            let start = Instant::now();
            let a = solver.analyze(&pos);
            let seconds = start.elapsed().as_secs_f64();
            let loony = dots::nimstring::loony_moves(&pos);
            if args.json {
                let moves: Vec<_> = a
                    .moves
                    .iter()
                    .map(|(e, v)| json!({"edge": e.index(), "value": v, "loony": loony.contains(*e)}))
                    .collect();
                print_json(&json!({
                    "value": a.value,
                    "moves": moves,
                    "nodes": a.nodes,
                    "seconds": seconds,
                }));
            } else {
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
                for (e, v) in &a.moves {
                    let mark = if *v == a.value { "  best" } else { "" };
                    let lo = if loony.contains(*e) { "  loony" } else { "" };
                    println!("edge {e:>2}: {v:+}{mark}{lo}");
                }
                println!("nodes: {}", a.nodes);
                println!("seconds: {seconds:.3}");
            }
        }
        DotsCommand::Nimber(args) => crate::nimber_cmd::run(args)?,
    }
    Ok(())
}
