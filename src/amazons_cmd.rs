//! `cgtk amazons ...`: the Amazons subcommands' options and output; the
//! work is done by [`cgtk::ops::amazons`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use amazons::{Color, Evaluation, Position, Square};
use anyhow::Result;
use cgt::search::{DfpnConfig, Limits, Progress, ProgressHook, ProofNumbers};
use cgtk::ops::amazons::{
    self as amazons_ops, Algorithm, CheckProofOptions, ProofOptions, SolveOptions,
    SolvePlanOptions, SolveProgress, ValueOptions, EPSILON, PROOF_EFFORT, PROOF_FORMATS,
    WEAK_PN_FROM,
};
use cgtk::ops::bounds::{self, TABLE_MIB, THREADS};
use cgtk::report::{color_name, AmazonsEvalReport, ValueLimitReport};
use clap::{Args, Subcommand};

use crate::search_args::SearchArgs;
use crate::{output, progress, thermo_out};

/// Amazons: move counts, the full-board evaluation, values, solving with
/// proofs, proof checking, long solves as build plans.
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
        /// Stop after this many seconds (more than 0, at most 10^7) and
        /// print the sequences counted so far (Ctrl-C stops it too).
        #[arg(long, value_name = "S", value_parser = bounds::seconds)]
        time_limit: Option<std::time::Duration>,
        /// Print `{"depth", "limit", "sequences"}` (`limit`: "time" or
        /// "interrupt" when one stopped the count, then `sequences` is a
        /// lower bound; else null).
        #[arg(long)]
        json: bool,
    },
    /// The legal moves of the side to move (after the moves of --then,
    /// played in turn and each checked legal), with the position they are
    /// moves of.
    Moves {
        #[command(flatten)]
        position: PositionArg,
        /// Moves to play first, comma-separated (`B1-B4xD4,A3-B2xB1`).
        #[arg(long, value_name = "MOVES", value_delimiter = ',')]
        then: Vec<String>,
        /// Print {"position", "size", "to_move", "moves"}.
        #[arg(long)]
        json: bool,
    },
    /// The full-board evaluation: areas, their kinds and bounds, the global
    /// bounds, and the winner if the rules decide it (Song & Müller 2015).
    Eval {
        #[command(flatten)]
        position: PositionArg,
        /// Print {"verdict", "to_move", "bounds", "areas": [{"kind", "squares", "bounds", "source"}]}.
        #[arg(long)]
        json: bool,
        /// Use the basic partition (8-connected components) instead of the
        /// improved one with blocker territories.
        #[arg(long)]
        basic_partition: bool,
        /// Answer areas from the endgame databases in this directory (built
        /// by `cgtk db build`).
        #[arg(long, value_name = "DIR")]
        db: Option<std::path::PathBuf>,
    },
    /// Canonical form and subzero thermograph of a position as a sum of its
    /// areas (Black = Left = positive).
    Value {
        #[command(flatten)]
        position: PositionArg,
        /// Stop after this many seconds (more than 0, at most 10^7).
        #[arg(long, value_name = "S", value_parser = bounds::seconds)]
        time_limit: Option<Duration>,
        /// Stop after valuing about this many positions (at least 1).
        #[arg(long, value_name = "N", value_parser = cgtk::ops::bounds::at_least_one)]
        node_limit: Option<u64>,
        /// The memory, in MiB (1 to 65536), the table of the positions
        /// valued and their values may take: valuing stops there ("memory
        /// limit reached").
        #[arg(long, value_name = "MIB", default_value_t = amazons_ops::VALUE_TT_MB,
              value_parser = bounds::parser(TABLE_MIB))]
        tt_mb: u64,
        /// No progress on stderr.
        #[arg(long)]
        quiet: bool,
        /// Print the fields of `cgt thermograph --json`.
        #[arg(long)]
        json: bool,
        /// Also draw the thermograph as an SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<std::path::PathBuf>,
        #[command(flatten)]
        output: crate::cgt_cmd::OutputArgs,
    },
    /// Who wins a position (df-pn with the full-board evaluation of Song &
    /// Müller 2015 at every node), a winning move, nodes and time.
    Solve(SolveArgs),
    /// The computer player's move within a time limit (iterative deepening
    /// alpha-beta on the full-board evaluation and queen-distance
    /// territory): always a legal move when there is one.
    Move {
        #[command(flatten)]
        position: PositionArg,
        /// Think for this many seconds (more than 0, at most 10^7; default
        /// 5 when no limit is given).
        #[arg(long, value_name = "S", value_parser = bounds::seconds)]
        time_limit: Option<Duration>,
        /// Think for about this many positions (at least 1).
        #[arg(long, value_name = "N", value_parser = cgtk::ops::bounds::at_least_one)]
        node_limit: Option<u64>,
        /// The deepest iteration in plies (1 to 64).
        #[arg(long, value_name = "D", default_value_t = 64,
              value_parser = bounds::parser(amazons_ops::PLAYER_DEPTH))]
        max_depth: u64,
        /// Print {"best_move", "depth", "limit", "nodes", "proved", "score",
        /// "seconds", "to_move", "winner"}.
        #[arg(long)]
        json: bool,
    },
    /// A long solve as a build plan: one df-pn shard per first move (or per
    /// reply), gathered into the root's result and one proof file; run it
    /// with `cgtk plan run` or on a Slurm cluster.
    Plan(SolvePlanArgs),
    /// Rewrites a proof file in another version of the format (1: a
    /// numbered line per node, every reply named; 2: compact, the replies
    /// implied by the game), gzip-compressed when OUT ends in `.gz`. The
    /// proof is read whole (at most 1 GiB of text) and not checked.
    ConvertProof {
        /// The proof file (plain or gzip-compressed).
        input: PathBuf,
        /// The file to write.
        output: PathBuf,
        /// The version to write.
        #[arg(long, value_name = "V", default_value_t = 2,
              value_parser = bounds::parser(PROOF_FORMATS))]
        format: u32,
        /// Print `{"compressed", "format", "nodes", "output"}`.
        #[arg(long)]
        json: bool,
    },
    /// Verifies a proof file written by `solve --proof`: legal moves, every
    /// reply at AND nodes, every leaf re-decided exactly. Given a solve plan
    /// instead, checks its root from the shards' proof files, one at a time.
    /// Prints `valid`.
    CheckProof {
        /// The proof file (plain text, or gzip-compressed: read either way),
        /// or the plan file of an `amazons plan` solve.
        file: PathBuf,
        /// Threads deciding the evaluated leaves (1 to 64; default: one per
        /// core).
        #[arg(long, value_name = "N", value_parser = bounds::parser(THREADS))]
        threads: Option<u64>,
        /// The most positions the exact search may visit to decide one
        /// leaf, `leaf eval` or `leaf search` (at least 1); a leaf that needs
        /// more makes the proof incomplete.
        #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_LEAF_LIMIT,
              value_parser = cgtk::ops::bounds::at_least_one)]
        leaf_limit: u64,
        /// Stop after this many seconds (more than 0, at most 10^7): the
        /// check then says `unknown` with the node it reached.
        #[arg(long, value_name = "S", value_parser = bounds::seconds)]
        time_limit: Option<Duration>,
        /// Print `{"valid", "nodes", "no_move_leaves", "evaluated_leaves",
        /// "searched_leaves", "depth", "seconds"}` (`{"valid": null,
        /// "limit", "node", "seconds"}` when a limit stopped it).
        #[arg(long)]
        json: bool,
        /// No progress bar on stderr.
        #[arg(long)]
        quiet: bool,
    },
}

/// The options of `amazons solve`.
#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Print the principal variation: the winner's moves and the loser's
    /// longest resistance (the reply with the largest refutation in the
    /// proof), to the end of the proof.
    #[arg(long)]
    pv: bool,
    /// Table, threads (df-pn only), limits and output. `--json` prints
    /// `{"winner", "status", "to_move", "best_move", "nodes", "seconds",
    /// "root_pn", "root_dn", "limit"}` (`winner` null and `status`
    /// "unknown" when a limit ended the search).
    #[command(flatten)]
    search: SearchArgs,
    /// Write the proof of the result to FILE (checked by `check-proof`;
    /// gzip-compressed when FILE ends in `.gz`).
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    /// With --proof: the version of the file format (2: compact, the
    /// replies of AND nodes implied by the game; 1: every reply named)
    #[arg(long, value_name = "V", default_value_t = 2,
          value_parser = bounds::parser(PROOF_FORMATS))]
    proof_format: u32,
    #[command(flatten)]
    dfpn: DfpnArgs,
    /// Df-pn: expand every position on its first visit, instead of storing
    /// the estimate 1, number of moves for a position that estimate already
    /// puts over its thresholds (lazy expansion, the default).
    #[arg(long)]
    no_lazy_expansion: bool,
    /// The epsilon of df-pn's 1+epsilon trick (0 to 10; 0 is plain df-pn).
    #[arg(long, default_value_t = DfpnConfig::default().epsilon,
          value_parser = bounds::parser(EPSILON))]
    epsilon: f64,
    /// The search algorithm.
    #[arg(long, default_value = "dfpn", value_parser = ["dfpn", "alphabeta"])]
    solver: String,
    /// No evaluation at all: only positions without moves end the search.
    #[arg(long)]
    no_eval: bool,
    /// The basic partition instead of the improved one (no blocker territories).
    #[arg(long)]
    no_blockers: bool,
    /// No local search of small active areas.
    #[arg(long)]
    no_local_search: bool,
    /// No safe-move rules in the static evaluation of active areas.
    #[arg(long)]
    no_safe_moves: bool,
    /// Plodding bounds instead of exact search for every territory.
    #[arg(long)]
    no_exact_territory: bool,
    /// Let the evaluation answer areas from the endgame databases in this
    /// directory (built by `cgtk db build`).
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
}

/// The df-pn and proof options `amazons solve` and `amazons plan` share.
#[derive(Args)]
struct DfpnArgs {
    /// Df-pn: start unsearched positions at proof numbers estimated from
    /// mobility instead of Nagai's 1, 1 (fewer nodes on 4x5, more on 5x4
    /// and 5x5).
    #[arg(long)]
    mobility_pn: bool,
    /// Df-pn: weak proof numbers (Ueda et al. 2008) at positions at least
    /// D moves below the root (0 to 1000): a position's disproof number is
    /// the largest proof number of its children plus the number of the
    /// other undecided ones, not their sum. Off by default (sums
    /// everywhere, Nagai's df-pn); 2 halves the nodes on 4x5, but 5x5 then
    /// stalls; 0 multiplies 5x4's nodes by 14. With the first-move split
    /// of a plan for a second-player win, 1 weakens the sums where the
    /// first player moves.
    #[arg(long, value_name = "D", value_parser = bounds::parser(WEAK_PN_FROM))]
    weak_pn_from: Option<u32>,
    /// The proof: a subtree of at most N proof nodes whose position the
    /// checker's exact search decides within --proof-effort positions per
    /// node is written as one `leaf search` (0: every node of the proof
    /// written)
    #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_PROOF_CUT)]
    proof_cut: u64,
    /// The proof: the positions per node of a subtree the checker's exact
    /// search may take for it to be written as one `leaf search` (1 to
    /// 2^24; less: a faster extraction and check, a larger file)
    #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_PROOF_EFFORT,
          value_parser = bounds::parser(PROOF_EFFORT))]
    proof_effort: u64,
}

/// How `amazons plan` splits the root.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SplitArg {
    /// One solve shard per first move.
    FirstMoves,
    /// One solve shard per reply to each first move.
    Replies,
}

/// In which order `amazons plan` lists the shards of the moves it splits.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OrderArg {
    /// The solver's move order: the moves likeliest to win first (usually
    /// the longest shards; a run to the end finishes soonest).
    Solver,
    /// The opponent's replies in reverse, the likeliest to lose first
    /// (usually the quickest shards; a campaign under a time limit settles
    /// most lines early); the first player's own moves keep the solver's
    /// order (one win settles their position).
    Reversed,
}

/// The options of `amazons plan`.
#[derive(Args)]
struct SolvePlanArgs {
    #[command(flatten)]
    position: PositionArg,
    /// The directory of the shards' result and proof files (as every node
    /// sees it).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Split at the first moves, or also at the replies to each.
    #[arg(long, value_enum, default_value = "first-moves")]
    split: SplitArg,
    /// The order of the shards of each split position's moves, which the
    /// runner starts in turn.
    #[arg(long, value_enum, default_value = "solver")]
    order: OrderArg,
    /// Only these first moves get shards (comma-separated, such as
    /// `B1-B4xD4`): the root can then be proved a win through one of them,
    /// never a loss. Default: every first move.
    #[arg(long, value_name = "MOVES", value_delimiter = ',')]
    moves: Vec<String>,
    /// Split every solve shard whose result in --out ended unknown at its time
    /// or node limit, under the same options and limits no smaller than this
    /// plan's (a larger limit retries the shard whole first), into a shard per
    /// move of its position and a gather (and those of its moves that ended so,
    /// and so on), keeping the splits of earlier plans of the directory: give
    /// it to every later plan of the directory. A gather proves a win by one
    /// winning move and a loss by every move refuted.
    #[arg(long)]
    split_unknown: bool,
    /// Transposition-table size of each shard in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = bounds::parser(TABLE_MIB))]
    tt_mb: u64,
    /// Search threads of each shard (1 to 64); with one, proofs are the
    /// same byte for byte on every run.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = bounds::parser(THREADS))]
    threads: u64,
    /// Each shard stops after this many seconds (more than 0, at most
    /// 10^7), its proof's extraction included, and records an unknown
    /// result.
    #[arg(long, value_name = "S", value_parser = bounds::seconds)]
    time_limit: Option<Duration>,
    /// Each shard stops after about this many nodes (at least 1).
    #[arg(long, value_name = "N", value_parser = cgtk::ops::bounds::at_least_one)]
    node_limit: Option<u64>,
    #[command(flatten)]
    dfpn: DfpnArgs,
    /// Endgame databases for the evaluation (as every node sees them).
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
    #[command(flatten)]
    emit: crate::plan_args::EmitArgs,
}

/// The position of a command: given as text, or read from a game record.
#[derive(Args)]
struct PositionArg {
    /// A position (`.BB./B..B/W..W/.WW. w`: ranks from the top, `x` burnt)
    /// or a size `WxH` for its standard start.
    #[arg(required_unless_present = "sgf")]
    position: Option<String>,
    /// Read the position from an SGF game record instead: the position
    /// after the moves of its main line.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    sgf: Option<PathBuf>,
}

impl PositionArg {
    fn read(&self) -> Result<Position> {
        match &self.sgf {
            Some(path) => amazons_ops::position_from_sgf_file(path),
            None => {
                amazons_ops::parse_position_or_size(self.position.as_deref().unwrap_or_default())
            }
        }
    }
}

/// Runs an `amazons` subcommand.
pub fn run(args: AmazonsArgs) -> Result<()> {
    match args.command {
        AmazonsCommand::Perft {
            position,
            depth,
            time_limit,
            json,
        } => {
            let pos = amazons_ops::parse_position_or_size(&position)?;
            let report = amazons_ops::perft(&pos, depth, time_limit, crate::interrupted())?;
            match report.limit {
                _ if json => output::print_json(&report),
                None => println!("{}", report.sequences),
                Some(limit) => println!(
                    "unknown ({}; at least {} move sequences counted)",
                    cgtk::report::stop_reason(limit),
                    report.sequences
                ),
            }
            Ok(())
        }
        AmazonsCommand::Moves {
            position,
            then,
            json,
        } => {
            let then: Vec<&str> = then.iter().map(String::as_str).collect();
            let report = amazons_ops::moves(&position.read()?, &then)?;
            if json {
                output::print_json(&report);
            } else {
                println!("{}", report.position);
                let side = if report.to_move == "white" {
                    "White"
                } else {
                    "Black"
                };
                match report.moves.len() {
                    0 => println!("{side} has no move and loses."),
                    n => {
                        println!(
                            "{side} to move, {n} legal move{}:",
                            if n == 1 { "" } else { "s" }
                        );
                        for mv in &report.moves {
                            println!("{mv}");
                        }
                    }
                }
            }
            Ok(())
        }
        AmazonsCommand::Eval {
            position,
            json,
            basic_partition,
            db,
        } => {
            let pos = position.read()?;
            let databases = db.map(|dir| output::open_databases(&dir)).transpose()?;
            let oracle = databases.as_ref().map(|d| d as &dyn amazons::AreaOracle);
            let eval = amazons_ops::evaluate(&pos, basic_partition, oracle);
            if json {
                output::print_json(&AmazonsEvalReport::new(&pos, &eval));
            } else {
                print!("{}", eval_text(&pos, &eval));
            }
            Ok(())
        }
        AmazonsCommand::Value {
            position,
            time_limit,
            node_limit,
            tt_mb,
            quiet,
            json,
            svg,
            output: out,
        } => {
            let pos = position.read()?;
            let options = ValueOptions {
                limits: Limits {
                    nodes: node_limit,
                    time: time_limit,
                },
                tt_mb,
                output: out.limit(),
            };
            let bar = progress::Bar::new(quiet);
            match amazons_ops::value(&pos, &options, crate::interrupted(), &bar)? {
                Err(ValueLimitReport { limit, positions }) if !json => {
                    println!(
                        "value: unknown ({} after {positions} positions)",
                        cgtk::report::stop_reason(limit)
                    );
                    Ok(())
                }
                Err(report) => {
                    output::print_json(&report);
                    Ok(())
                }
                Ok((canonical, thermograph)) => {
                    thermo_out::print_thermograph(&canonical, &thermograph, json, svg.as_deref())
                }
            }
        }
        AmazonsCommand::Solve(args) => solve(&args),
        AmazonsCommand::Move {
            position,
            time_limit,
            node_limit,
            max_depth,
            json,
        } => {
            let pos = position.read()?;
            let options = amazons_ops::PlayerOptions {
                limits: Limits {
                    nodes: node_limit,
                    time: time_limit,
                },
                max_depth,
            };
            let r = amazons_ops::computer_move(&pos, &options, crate::interrupted())?;
            if json {
                output::print_json(&r);
                return Ok(());
            }
            match &r.best_move {
                Some(mv) => println!("move: {mv}"),
                None => println!("move: none ({} has no move)", r.to_move),
            }
            match r.winner {
                Some(w) => println!("winner: {w} (proved)"),
                None => println!("score: {:+} (territory, {} to move)", r.score, r.to_move),
            }
            println!("depth: {}", r.depth);
            println!("nodes: {}", r.nodes);
            println!("seconds: {:.3}", r.seconds);
            Ok(())
        }
        AmazonsCommand::Plan(args) => solve_plan(&args),
        AmazonsCommand::ConvertProof {
            input,
            output: out,
            format,
            json,
        } => {
            let report = amazons_ops::convert_proof(&input, &out, format, crate::interrupted())?;
            if json {
                output::print_json(&report);
            }
            Ok(())
        }
        AmazonsCommand::CheckProof {
            file,
            threads,
            leaf_limit,
            time_limit,
            json,
            quiet,
        } => {
            let options = CheckProofOptions {
                threads,
                leaf_limit,
                time_limit,
            };
            let bar = progress::Bar::new(quiet);
            match amazons_ops::check_proof(&file, &options, crate::interrupted(), &bar)? {
                Ok(report) if json => output::print_json(&report),
                Ok(_) => println!("valid"),
                Err(stopped) if json => output::print_json(&stopped.report()),
                Err(stopped) => println!("unknown ({stopped})"),
            }
            Ok(())
        }
    }
}

/// The board with each empty square marked by its area's letter (`a`, `b`,
/// ...), queens `W`/`B`, burnt squares `#`; then one line per area.
fn eval_text(pos: &Position, eval: &Evaluation) -> String {
    let size = pos.size();
    let mut out = String::new();
    for rank in (0..size.height()).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for sq in (0..size.width()).filter_map(|file| Square::new(file, rank)) {
            let c = if pos.queens(Color::White).contains(sq) {
                'W'
            } else if pos.queens(Color::Black).contains(sq) {
                'B'
            } else if pos.burnt().contains(sq) {
                '#'
            } else {
                eval.areas
                    .iter()
                    .position(|r| r.area.empty.contains(sq))
                    .map_or('?', area_letter)
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..size.width() {
        out.push(' ');
        out.push(char::from(b'A' + file));
    }
    out.push('\n');
    for (i, r) in eval.areas.iter().enumerate() {
        out.push_str(&format!(
            "area {}: {}, {} empty, bounds {} ({})\n",
            area_letter(i),
            r.area.kind,
            r.area.empty.count(),
            r.bounds,
            r.source
        ));
    }
    out.push_str(&format!("global bounds: {}\n", eval.bounds));
    out.push_str(&format!("to move: {}\n", color_name(pos.to_move())));
    match eval.verdict {
        Some(winner) => out.push_str(&format!(
            "verdict: {} wins (by {})\n",
            color_name(winner),
            eval.rule.unwrap_or("bounds")
        )),
        None => out.push_str("verdict: unknown\n"),
    }
    out
}

fn area_letter(i: usize) -> char {
    char::from(b'a' + (i % 26) as u8)
}

fn solve_plan(args: &SolvePlanArgs) -> Result<()> {
    use databases::plan::{ShardOrder, SolveSplit};
    let pos = args.position.read()?;
    let options = SolvePlanOptions {
        split: match args.split {
            SplitArg::FirstMoves => SolveSplit::FirstMoves,
            SplitArg::Replies => SolveSplit::Replies,
        },
        order: match args.order {
            OrderArg::Solver => ShardOrder::Solver,
            OrderArg::Reversed => ShardOrder::Reversed,
        },
        moves: args.moves.clone(),
        split_unknown: args.split_unknown,
        solve: databases::plan::SolveOptions {
            tt_mb: args.tt_mb,
            threads: u32::try_from(args.threads).unwrap_or(u32::MAX),
            time_limit_ms: args
                .time_limit
                .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)),
            node_limit: args.node_limit,
            mobility_pn: args.dfpn.mobility_pn,
            weak_pn_from: args.dfpn.weak_pn_from,
            // A plan records the proof's options only where they are not
            // the defaults.
            proof_cut: Some(args.dfpn.proof_cut).filter(|&c| c != amazons::DEFAULT_PROOF_CUT),
            proof_effort: Some(args.dfpn.proof_effort)
                .filter(|&e| e != amazons::DEFAULT_PROOF_EFFORT),
            db: args.db.clone(),
        },
        out: args.out.clone(),
    };
    args.emit.emit(&amazons_ops::solve_plan(&pos, &options)?)
}

fn solve(args: &SolveArgs) -> Result<()> {
    let pos = args.position.read()?;
    let db = args
        .db
        .as_deref()
        .map(|dir| output::open_databases(dir).map(Arc::new))
        .transpose()?;
    let options = SolveOptions {
        tt_mb: args.search.tt_mb,
        threads: args.search.threads,
        limits: args.search.limits(),
        algorithm: if args.solver == "alphabeta" {
            Algorithm::AlphaBeta
        } else {
            Algorithm::Dfpn
        },
        epsilon: args.epsilon,
        weak_pn_from: args.dfpn.weak_pn_from.map(|d| d as usize),
        mobility_pn: args.dfpn.mobility_pn,
        lazy_expansion: !args.no_lazy_expansion,
        eval: !args.no_eval,
        blockers: !args.no_blockers,
        local_search: !args.no_local_search,
        safe_moves: !args.no_safe_moves,
        exact_territory: !args.no_exact_territory,
        db,
        proof: args.proof.clone().map(|path| ProofOptions {
            path,
            cut: args.dfpn.proof_cut,
            effort: args.dfpn.proof_effort,
            format: args.proof_format,
        }),
        pv: args.pv,
    };
    let spinner = args.search.spinner();
    let bar = spinner.clone();
    let hook: ProgressHook = Arc::new(move |p: &Progress| {
        bar.set_message(format!(
            "{} nodes ({:.0}/s), root {}",
            p.nodes, p.nodes_per_second, p.root
        ));
    });
    let extraction = progress::Bar::new(args.search.quiet);
    let progress = SolveProgress {
        search: Some(&hook),
        extraction: &extraction,
    };
    let report = amazons_ops::solve(&pos, &options, crate::interrupted(), progress)?;
    spinner.finish_and_clear();
    if let (Some(path), None) = (&args.proof, report.winner) {
        eprintln!(
            "note: no proof written to {}: the search ended at a limit",
            path.display()
        );
    }
    if args.search.json {
        output::print_json(&report);
        return Ok(());
    }
    match (report.winner, report.limit) {
        (Some(w), _) => println!("winner: {w} ({} to move)", report.to_move),
        (None, limit) => {
            let root = ProofNumbers {
                pn: report.root_pn.unwrap_or(ProofNumbers::INFINITY),
                dn: report.root_dn.unwrap_or(ProofNumbers::INFINITY),
            };
            println!(
                "winner: unknown ({}; root {root})",
                cgtk::report::stop_reason(limit.unwrap_or("time")),
            );
        }
    }
    if let Some(b) = &report.best_move {
        println!("best move: {b}");
    }
    if let Some(pv) = &report.pv {
        println!("pv: {}", pv.join(" "));
    }
    println!("nodes: {}", report.nodes);
    println!("seconds: {:.3}", report.seconds);
    Ok(())
}
