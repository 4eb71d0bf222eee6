//! `cgtk amazons ...`: Amazons subcommands.

use std::io::{Read, Seek, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use amazons::safe_moves::SafeMoveRules;
use amazons::{perft, Color, Evaluation, Evaluator, Move, Position, Square, Valuer};
use amazons::{LeafVerifier, SolverPosition};
use anyhow::Result;
use cgt::search::{
    check_proof_parallel, extract_proof, AlphaBetaSolver, Budget, CheckProofError, DfpnConfig,
    DfpnSolver, Limits, Progress, ProgressHook, ProofSource, ProofStats, ProofTree, SolveResult,
    Verdict, WinLoss,
};
use cgt::CgtError;
use cgtk::report::{
    color_name, AmazonsEvalReport, AmazonsSolveReport, CheckProofReport, CheckProofStoppedReport,
    ValueLimitReport,
};
use clap::{Args, Subcommand};

use crate::output::{self, bad_input};
use crate::search_args::SearchArgs;
use crate::{progress, thermo_out};

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
        /// Stop after this many seconds (more than 0, at most 10^7) and
        /// print the sequences counted so far (Ctrl-C stops it too).
        #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
        time_limit: Option<std::time::Duration>,
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
        #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
        time_limit: Option<Duration>,
        /// Stop after valuing about this many positions (at least 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        node_limit: Option<u64>,
        /// The memory, in MiB (1 to 65536), the table of the positions
        /// valued and their values may take: valuing stops there ("memory
        /// limit reached").
        #[arg(long, value_name = "MIB", default_value_t = VALUE_TT_MB,
              value_parser = clap::value_parser!(u64).range(1..=65536))]
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
              value_parser = clap::value_parser!(u32).range(1..=2))]
        format: u32,
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
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: Option<u64>,
        /// The most positions the exact search may visit to decide one
        /// leaf, `leaf eval` or `leaf search` (at least 1); a leaf that needs
        /// more makes the proof incomplete.
        #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_LEAF_LIMIT,
              value_parser = clap::value_parser!(u64).range(1..))]
        leaf_limit: u64,
        /// Stop after this many seconds (more than 0, at most 10^7): the
        /// check then says `unknown` with the node it reached.
        #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
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
    /// With --proof: a subtree of at most N proof nodes whose position the
    /// checker's exact search decides within --proof-effort positions per
    /// node is written as one `leaf search` (0: every node of the proof
    /// written)
    #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_PROOF_CUT)]
    proof_cut: u64,
    /// With --proof: the positions per node of a subtree the checker's
    /// exact search may take for it to be written as one `leaf search`
    /// (1 to 2^24; less: a faster extraction and check, a larger file)
    #[arg(long, value_name = "N", default_value_t = amazons::DEFAULT_PROOF_EFFORT,
          value_parser = clap::value_parser!(u64).range(1..=amazons::MAX_PROOF_EFFORT))]
    proof_effort: u64,
    /// With --proof: the version of the file format (2: compact, the
    /// replies of AND nodes implied by the game; 1: every reply named)
    #[arg(long, value_name = "V", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=2))]
    proof_format: u32,
    /// Df-pn: start unsearched positions at proof numbers estimated from
    /// mobility instead of Nagai's 1, 1 (fewer nodes on 4x5, more on 5x4
    /// and 5x5).
    #[arg(long)]
    mobility_pn: bool,
    /// Df-pn: weak proof numbers (Ueda et al. 2008) at positions at least
    /// D moves below the root: a position's disproof number is the largest
    /// proof number of its children plus the number of the other undecided
    /// ones, not their sum. Off by default (sums everywhere, Nagai's
    /// df-pn); 2 halves the nodes on 4x5, but 5x5 then stalls; 0 multiplies
    /// 5x4's nodes by 14.
    #[arg(long, value_name = "D")]
    weak_pn_from: Option<usize>,
    /// Df-pn: expand every position on its first visit, instead of storing
    /// the estimate 1, number of moves for a position that estimate already
    /// puts over its thresholds (lazy expansion, the default).
    #[arg(long)]
    no_lazy_expansion: bool,
    /// The epsilon of df-pn's 1+epsilon trick (0 to 10; 0 is plain df-pn).
    #[arg(long, default_value_t = DfpnConfig::default().epsilon)]
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
    /// The reverse: the moves likeliest to lose first (usually the quickest
    /// shards; a campaign under a time limit settles most lines early).
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
    /// Transposition-table size of each shard in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 256,
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    tt_mb: u64,
    /// Search threads of each shard (1 to 64); with one, proofs are the
    /// same byte for byte on every run.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Each shard stops after this many seconds (more than 0, at most
    /// 10^7), its proof's extraction included, and records an unknown
    /// result.
    #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
    time_limit: Option<Duration>,
    /// Each shard stops after about this many nodes (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Initial proof numbers from mobility (as `solve --mobility-pn`).
    #[arg(long)]
    mobility_pn: bool,
    /// Weak proof numbers (as `solve --weak-pn-from`) from D moves below
    /// each shard's position (0 to 1000). With the first-move split of a
    /// second-player win, 1 weakens the sums where the first player moves.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(0..=1000))]
    weak_pn_from: Option<u32>,
    /// Each shard's proof: subtrees of at most N nodes the checker decides
    /// quickly written as one `leaf search` (as `solve --proof-cut`).
    #[arg(long, value_name = "N")]
    proof_cut: Option<u64>,
    /// Each shard's proof: the checker's positions per node of such a
    /// subtree (as `solve --proof-effort`, 1 to 2^24).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=amazons::MAX_PROOF_EFFORT))]
    proof_effort: Option<u64>,
    /// Endgame databases for the evaluation (as every node sees them).
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
    #[command(flatten)]
    emit: crate::plan_cmd::EmitArgs,
}

/// The largest perft depth accepted (deeper runs would never end anyway).
const MAX_DEPTH: u32 = 20;

/// The longest proof file read.
const MAX_PROOF_BYTES: u64 = 1 << 30;

/// The longest SGF file read (game records are a few kilobytes).
const MAX_SGF_BYTES: u64 = 1 << 24;

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
        if let Some(path) = &self.sgf {
            let what = || format!("SGF file {}", path.display());
            let file = std::fs::File::open(path).map_err(|e| bad_input(&what(), e))?;
            let mut text = String::new();
            file.take(MAX_SGF_BYTES + 1)
                .read_to_string(&mut text)
                .map_err(|e| bad_input(&what(), e))?;
            if text.len() as u64 > MAX_SGF_BYTES {
                return Err(bad_input(&what(), "longer than 16 MiB"));
            }
            let game = amazons::sgf::read(&text).map_err(|e| bad_input(&what(), e))?;
            return Ok(game.final_position());
        }
        parse_position_or_size(self.position.as_deref().unwrap_or_default())
    }
}

/// Reads a position, or a size `WxH` meaning its standard start.
pub fn parse_position_or_size(text: &str) -> Result<Position> {
    Position::parse_or_standard(text).map_err(|e| bad_input("position", e))
}

/// Reads the position after the main line of an SGF game record.
pub fn position_from_sgf(text: &str) -> Result<Position> {
    let game = amazons::sgf::read(text).map_err(|e| bad_input("SGF", e))?;
    Ok(game.final_position())
}

/// `amazons eval`: the evaluation of `pos` with the improved partition (or
/// the basic one), asking `oracle` (the databases) for areas if given.
pub fn evaluate(
    pos: &Position,
    basic_partition: bool,
    oracle: Option<&dyn amazons::AreaOracle>,
) -> Evaluation {
    let evaluator = Evaluator {
        improved_partition: !basic_partition,
        ..Evaluator::default()
    };
    evaluator.evaluate(pos, oracle)
}

/// The default memory bound of `amazons value`, in MiB (the web API's too).
pub const VALUE_TT_MB: u64 = 1024;

/// `amazons value`: the canonical form and thermograph of `pos`, or what a
/// limit or `stop` stopped (`tt_mb`: the memory bound of the valuer's table
/// and arena, in MiB).
pub fn value(
    pos: &Position,
    limits: Limits,
    tt_mb: u64,
    output: cgt::budget::OutputLimit,
    stop: &cgt::search::StopFlag,
    progress: &dyn cgt::ProgressSink,
) -> Result<Result<(cgtk::report::CanonReport, cgt::Thermograph), ValueLimitReport>> {
    let mut valuer = Valuer::new();
    valuer.set_stop(Some(stop.clone()));
    let bytes = tt_mb.saturating_mul(1 << 20);
    valuer.set_memory_limit(Some(usize::try_from(bytes).unwrap_or(usize::MAX)));
    let g = match valuer.canonical(pos, limits, progress) {
        Err(CgtError::LimitReached { limit, positions }) => {
            return Ok(Err(ValueLimitReport {
                limit: limit.name(),
                positions,
            }))
        }
        other => other?,
    };
    let canonical = crate::cgt_cmd::canonical_report(&valuer.arena, g, output);
    let thermograph = valuer.thermograph_of(g)?;
    Ok(Ok((canonical, thermograph)))
}

/// `amazons solve` with every default option: df-pn on one thread with the
/// full evaluation (and the databases, if given) at every node, stopped
/// early when `stop` is set.
pub fn solve_default(
    pos: &Position,
    budget: Budget,
    db: Option<Arc<databases::Databases>>,
    stop: Option<cgt::search::StopFlag>,
) -> Result<AmazonsSolveReport> {
    let mut game = SolverPosition::with_evaluator(pos.clone(), Some(Evaluator::default()));
    if let Some(db) = db {
        game = game.with_oracle(db);
    }
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget,
        ..DfpnConfig::default()
    })
    .map_err(|e| bad_input("solver", e))?;
    solver.set_stop(stop);
    let result = solver.solve(&game);
    Ok(AmazonsSolveReport::new(pos, &result))
}

/// Runs an `amazons` subcommand.
pub fn run(args: AmazonsArgs) -> Result<()> {
    match args.command {
        AmazonsCommand::Perft {
            position,
            depth,
            time_limit,
        } => {
            let pos = parse_position_or_size(&position)?;
            if depth > MAX_DEPTH {
                return Err(bad_input(
                    "depth",
                    format!("{depth} is out of range (0 to {MAX_DEPTH})"),
                ));
            }
            let watch = cgt::budget::Watch::new(time_limit, Some(crate::interrupted()));
            match perft(&pos, depth, &watch) {
                Ok(n) => println!("{n}"),
                Err((n, limit)) => println!(
                    "unknown ({}; at least {n} move sequences counted)",
                    limit.reason()
                ),
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
            let eval = evaluate(&pos, basic_partition, oracle);
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
            let limits = Limits {
                nodes: node_limit,
                time: time_limit,
            };
            let bar = progress::Bar::new(quiet);
            match value(&pos, limits, tt_mb, out.limit(), crate::interrupted(), &bar)? {
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
        AmazonsCommand::Plan(args) => solve_plan(&args),
        AmazonsCommand::ConvertProof {
            input,
            output,
            format,
        } => {
            let proof = read_proof(
                &input,
                &cgt::budget::Watch::new(None, Some(crate::interrupted())),
            )?;
            let compress = output.extension().is_some_and(|e| e == "gz");
            write_proof(&output, compress, &proof, format)
                .map_err(|e| bad_input(&format!("cannot write {}", output.display()), e))
        }
        AmazonsCommand::CheckProof {
            file,
            threads,
            leaf_limit,
            time_limit,
            json,
            quiet,
        } => {
            let start = std::time::Instant::now();
            let bar = progress::Bar::new(quiet);
            let threads = threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get().min(64)),
                |n| n as usize,
            );
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| bad_input("--threads", e))?;
            let checker = ProofChecker {
                pool: &pool,
                leaf_limit,
                watch: cgt::budget::Watch::new(time_limit, Some(crate::interrupted())),
                bar: &bar,
            };
            let checked = if is_plan_file(&file)? {
                checker.plan(&file)
            } else {
                checker.file(&file, None).map(|(_, stats)| stats)
            };
            let stats = match checked {
                Err(e) => match e.downcast_ref::<CheckStopped>() {
                    Some(stopped) => {
                        let seconds = start.elapsed().as_secs_f64();
                        if json {
                            output::print_json(&CheckProofStoppedReport {
                                limit: stopped.limit.name(),
                                node: stopped.node,
                                seconds,
                                valid: None,
                            });
                        } else {
                            println!("unknown ({stopped})");
                        }
                        return Ok(());
                    }
                    None => return Err(e),
                },
                Ok(stats) => stats,
            };
            if json {
                output::print_json(&CheckProofReport::new(
                    &stats,
                    start.elapsed().as_secs_f64(),
                ));
            } else {
                println!("valid");
            }
            Ok(())
        }
    }
}

/// Whether `file` is a plan (JSON) rather than a proof: its first byte
/// that is not white space is `{`.
fn is_plan_file(file: &std::path::Path) -> Result<bool> {
    let cannot = |e: std::io::Error| bad_input(&format!("cannot read {}", file.display()), e);
    let mut head = Vec::new();
    std::fs::File::open(file)
        .map_err(cannot)?
        .take(64)
        .read_to_end(&mut head)
        .map_err(cannot)?;
    Ok(head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'))
}

/// `check-proof`: checks proof files with the exact leaf verifier.
struct ProofChecker<'a> {
    pool: &'a rayon::ThreadPool,
    leaf_limit: u64,
    /// The time limit and Ctrl-C of the whole check.
    watch: cgt::budget::Watch,
    bar: &'a progress::Bar,
}

/// A check stopped by a limit before every leaf was decided: no verdict
/// (not a problem of the proof). `node`: the node reached, `None` while
/// the file was read.
#[derive(Debug)]
struct CheckStopped {
    node: Option<usize>,
    limit: cgt::budget::Limit,
}

impl std::fmt::Display for CheckStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.node {
            Some(node) => write!(
                f,
                "{} at node {node}, before every leaf was checked",
                self.limit
            ),
            None => write!(f, "{} while reading the proof", self.limit),
        }
    }
}

impl std::error::Error for CheckStopped {}

impl ProofChecker<'_> {
    /// Checks the proof `file`; with `position`, its root must be that
    /// position. The outcome it proves and what the check counted.
    fn file(
        &self,
        file: &std::path::Path,
        position: Option<&Position>,
    ) -> Result<(WinLoss, ProofStats)> {
        let what = || format!("proof {}", file.display());
        let proof = read_proof(file, &self.watch)?;
        let root: Position = proof
            .root
            .parse()
            .map_err(|e| bad_input(&format!("{}: root", what()), e))?;
        if position.is_some_and(|p| *p != root) {
            return Err(bad_input(
                &format!("{}: root", what()),
                format!("{} is not the shard's position", proof.root),
            ));
        }
        let game = SolverPosition::new(root);
        let leaf_limit = self.leaf_limit;
        let watch = &self.watch;
        let stats = self
            .pool
            .install(|| {
                check_proof_parallel(
                    &game,
                    &proof,
                    || {
                        let mut verifier =
                            LeafVerifier::with_limit(leaf_limit).with_watch(watch.clone());
                        move |g: &SolverPosition, o| verifier.confirms(g, o)
                    },
                    watch,
                    self.bar,
                )
            })
            .map_err(|e| match e {
                // Not a problem of the proof: no verdict (exit code 0).
                CheckProofError::Stopped { node, limit } => anyhow::Error::new(CheckStopped {
                    node: Some(node),
                    limit,
                }),
                e => bad_input(&what(), e),
            })?;
        Ok((proof.outcome, stats))
    }

    /// Checks the root of the solve plan `file` from its shards' proof
    /// files ([`databases::plan::check_solve_plan`]); the counts add up
    /// over the files, the depth adds the shard's line.
    fn plan(&self, file: &std::path::Path) -> Result<ProofStats> {
        let plan = databases::plan::Plan::read(file).map_err(|e| bad_input("plan", e))?;
        let mut total = ProofStats::default();
        let mut failure = None;
        let outcome = databases::plan::check_solve_plan(&plan, &mut |pos, moves, path| match self
            .file(path, Some(pos))
        {
            Ok((outcome, stats)) => {
                total.nodes += stats.nodes;
                total.evaluated_leaves += stats.evaluated_leaves;
                total.searched_leaves += stats.searched_leaves;
                total.no_move_leaves += stats.no_move_leaves;
                total.depth = total.depth.max(stats.depth + moves);
                Ok(outcome)
            }
            Err(e) => {
                let text = e.to_string();
                failure = Some(e);
                Err(ShardProofError(text))
            }
        });
        match (outcome, failure) {
            (Ok(_), _) => Ok(total),
            (Err(_), Some(e)) => Err(e),
            (Err(e), None) => Err(bad_input(&format!("plan {}", file.display()), e)),
        }
    }
}

/// A shard's proof file failed its check (the message of the CLI error).
#[derive(Debug)]
struct ShardProofError(String);

impl std::fmt::Display for ShardProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShardProofError {}

/// The proof in `file`, of either version (a version 2 body is replayed
/// from its root position), plain or gzip-compressed (told by its first two
/// bytes), read as a stream: refused past [`MAX_PROOF_BYTES`] of text, and
/// stopped (with [`CheckStopped`]) when `watch` ends.
fn read_proof(file: &std::path::Path, watch: &cgt::budget::Watch) -> Result<ProofTree> {
    let what = || format!("proof {}", file.display());
    let cannot = |e: std::io::Error| bad_input(&format!("cannot read {}", file.display()), e);
    let mut f = std::fs::File::open(file).map_err(cannot)?;
    let mut magic = [0u8; 2];
    let got = f.read(&mut magic).map_err(cannot)?;
    f.seek(std::io::SeekFrom::Start(0)).map_err(cannot)?;
    let input: Box<dyn Read> = if got == 2 && magic == [0x1f, 0x8b] {
        Box::new(flate2::read::MultiGzDecoder::new(std::io::BufReader::new(
            f,
        )))
    } else {
        Box::new(f)
    };
    let mut guarded = GuardedReader {
        input,
        read: 0,
        watch,
    };
    let parsed = ProofTree::read_for(
        std::io::BufReader::with_capacity(1 << 16, &mut guarded),
        SolverPosition::from_proof_root,
    );
    if let Some(limit) = watch.reached() {
        return Err(anyhow::Error::new(CheckStopped { node: None, limit }));
    }
    if guarded.read > MAX_PROOF_BYTES {
        return Err(bad_input(&what(), "longer than 1 GiB of text"));
    }
    parsed.map_err(|e| bad_input(&what(), e))
}

/// A reader that fails past [`MAX_PROOF_BYTES`] and once a watch has ended.
struct GuardedReader<'w> {
    input: Box<dyn Read>,
    read: u64,
    watch: &'w cgt::budget::Watch,
}

impl Read for GuardedReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.read > MAX_PROOF_BYTES {
            return Err(std::io::Error::other("longer than 1 GiB of text"));
        }
        if let Some(limit) = self.watch.reached() {
            return Err(std::io::Error::other(limit.reason()));
        }
        let n = self.input.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// Writes `proof` to `path` in version `format` of the file format,
/// gzip-compressed when `compress`.
fn write_proof(
    path: &std::path::Path,
    compress: bool,
    proof: &ProofTree,
    format: u32,
) -> std::io::Result<()> {
    let write = |out: &mut dyn Write| {
        if format == cgt::search::proof::COMPACT_PROOF_VERSION {
            proof.write_compact_to(out)
        } else {
            proof.write_to(out)
        }
    };
    let file = std::fs::File::create(path)?;
    if compress {
        let mut gz = flate2::write::GzEncoder::new(
            std::io::BufWriter::new(file),
            flate2::Compression::best(),
        );
        write(&mut gz)?;
        gz.finish()?.into_inner()?.sync_all()
    } else {
        let mut out = std::io::BufWriter::new(file);
        write(&mut out)?;
        out.into_inner()?.sync_all()
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

/// The proof tree of a proven result, read from the solver that found it,
/// when `--proof` or `--pv` asked for one: shaped for the checker (see
/// [`amazons::extract_checkable_proof`]) when it is to be written, whole
/// for the principal variation alone.
fn proof_if_asked<S: ProofSource<SolverPosition>>(
    args: &SolveArgs,
    result: &SolveResult<Move>,
    solver: &mut S,
    game: &SolverPosition,
) -> Result<Option<ProofTree>> {
    if !matches!(result.verdict, Verdict::Proven(_)) {
        return Ok(None);
    }
    let watch = cgt::budget::Watch::new(None, Some(crate::interrupted()));
    Ok(if args.proof.is_some() {
        let bar = progress::Bar::new(args.search.quiet);
        Some(amazons::extract_checkable_proof(
            solver,
            game,
            args.proof_cut,
            args.proof_effort,
            &watch,
            &bar,
        )?)
    } else if args.pv {
        Some(extract_proof(solver, game)?)
    } else {
        None
    })
}

fn solve_plan(args: &SolvePlanArgs) -> Result<()> {
    use databases::plan::{amazons_solve_plan, ShardOrder, SolveOptions, SolveSplit};
    let pos = args.position.read()?;
    if let Some(dir) = args.db.as_deref().filter(|d| !d.is_dir()) {
        return Err(bad_input(
            &format!("database directory {}", dir.display()),
            "not a directory",
        ));
    }
    let options = SolveOptions {
        tt_mb: args.tt_mb,
        threads: args.threads,
        time_limit_ms: args
            .time_limit
            .map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)),
        node_limit: args.node_limit,
        mobility_pn: args.mobility_pn,
        weak_pn_from: args.weak_pn_from,
        proof_cut: args.proof_cut,
        proof_effort: args.proof_effort,
        db: args.db.as_deref().map(crate::plan_cmd::absolute),
    };
    let split = match args.split {
        SplitArg::FirstMoves => SolveSplit::FirstMoves,
        SplitArg::Replies => SolveSplit::Replies,
    };
    let order = match args.order {
        OrderArg::Solver => ShardOrder::Solver,
        OrderArg::Reversed => ShardOrder::Reversed,
    };
    let only = args
        .moves
        .iter()
        .map(|m| {
            pos.parse_move(m)
                .map_err(|e| bad_input(&format!("--moves {m}"), e))
        })
        .collect::<Result<Vec<_>>>()?;
    let out = crate::plan_cmd::absolute(&args.out);
    args.emit.emit(&amazons_solve_plan(
        &pos, split, order, &only, &options, &out,
    ))
}

fn solve(args: &SolveArgs) -> Result<()> {
    let pos = args.position.read()?;
    if args.solver == "alphabeta" && args.search.threads > 1 {
        return Err(bad_input(
            "--threads",
            "the alpha-beta solver searches with one thread",
        ));
    }
    let evaluator = if args.no_eval {
        None
    } else {
        let mut e = Evaluator {
            improved_partition: !args.no_blockers,
            ..Evaluator::default()
        };
        if args.no_local_search {
            e.analyzer.local_search_below = 0;
        }

        if args.no_safe_moves {
            e.analyzer.rules = SafeMoveRules::NONE;
        }
        if args.no_exact_territory {
            e.analyzer.exact_territory_max_empty = 0;
        }
        Some(e)
    };
    let mut game = SolverPosition::with_evaluator(pos.clone(), evaluator)
        .with_mobility_numbers(args.mobility_pn);
    if let Some(dir) = &args.db {
        let dbs = output::open_databases(dir)?;
        game = game.with_oracle(Arc::new(dbs));
    }
    if !(0.0..=10.0).contains(&args.epsilon) {
        return Err(bad_input(
            "--epsilon",
            format!("{} is out of range (0 to 10)", args.epsilon),
        ));
    }
    // The proof goes to FILE.partial, created now so that an unwritable
    // path is refused before the search, and renamed into place when done.
    let partial = args.proof.as_ref().map(|path| {
        let mut name = path.as_os_str().to_owned();
        name.push(".partial");
        PathBuf::from(name)
    });
    if let Some(tmp) = &partial {
        std::fs::File::create(tmp)
            .map_err(|e| bad_input(&format!("cannot write {}", tmp.display()), e))?;
    }
    let spinner = args.search.spinner();
    let bar = spinner.clone();
    let progress: ProgressHook = Arc::new(move |p: &Progress| {
        bar.set_message(format!(
            "{} nodes ({:.0}/s), root {}",
            p.nodes, p.nodes_per_second, p.root
        ));
    });
    let budget = Budget {
        tt_mb: args.search.tt_mb(),
        limits: args.search.limits(),
        progress: Some(progress),
        progress_interval: Duration::from_millis(500),
    };
    let (result, proof): (SolveResult<Move>, _) = if args.solver == "alphabeta" {
        let mut solver = AlphaBetaSolver::new(budget).map_err(|e| bad_input("solver", e))?;
        let r = solver.solve(&game);
        let proof = proof_if_asked(args, &r, &mut solver, &game)?;
        (r, proof)
    } else {
        let mut solver = DfpnSolver::new(DfpnConfig {
            budget,
            threads: args.search.threads(),
            epsilon: args.epsilon,
            weak_pn_from: args.weak_pn_from,
            lazy_expansion: !args.no_lazy_expansion,
        })
        .map_err(|e| bad_input("solver", e))?;
        solver.set_stop(Some(crate::interrupted().clone()));
        let r = solver.solve(&game);
        let proof = proof_if_asked(args, &r, &mut solver, &game)?;
        (r, proof)
    };
    spinner.finish_and_clear();
    if let (Some(path), Some(tmp)) = (&args.proof, &partial) {
        match &proof {
            Some(proof) => write_proof(
                tmp,
                path.extension().is_some_and(|e| e == "gz"),
                proof,
                args.proof_format,
            )
            .and_then(|()| std::fs::rename(tmp, path))
            .map_err(|e| bad_input(&format!("cannot write {}", path.display()), e))?,
            None => {
                let _ = std::fs::remove_file(tmp);
                eprintln!(
                    "note: no proof written to {}: the search ended at a limit",
                    path.display()
                );
            }
        }
    }
    let mover = pos.to_move();
    let mut report = AmazonsSolveReport::new(&pos, &result);
    if args.pv {
        report.pv = proof.as_ref().map(ProofTree::principal_variation);
    }
    if args.search.json {
        output::print_json(&report);
    } else {
        match (report.winner, report.limit) {
            (Some(w), _) => println!("winner: {w} ({} to move)", color_name(mover)),
            (None, limit) => println!(
                "winner: unknown ({}; root {})",
                cgtk::report::stop_reason(limit.unwrap_or("time")),
                result.root
            ),
        }
        if let Some(b) = &report.best_move {
            println!("best move: {b}");
        }
        if let Some(pv) = &report.pv {
            println!("pv: {}", pv.join(" "));
        }
        println!("nodes: {}", result.nodes);
        println!("seconds: {:.3}", report.seconds);
    }
    Ok(())
}
