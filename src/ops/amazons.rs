//! Amazons: positions (text, size or game record), move counts, the
//! full-board evaluation, values, solving (with proofs), proof checking and
//! solve plans.

use std::io::Read;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use amazons::safe_moves::SafeMoveRules;
use amazons::{Evaluation, Evaluator, Move, Position, SolverPosition, Valuer};
use cgt::budget::{Limits, OutputLimit, StopFlag, Watch};
use cgt::search::proof::file::{Compression, ProofFileError, ProofWriter};
use cgt::search::{
    extract_proof, AlphaBetaSolver, Budget, DfpnConfig, DfpnSolver, ProgressHook, ProofSource,
    ProofTree, SolveResult, Verdict,
};
use cgt::{CgtError, ProgressSink, Thermograph};
use databases::plan::{Plan, ShardOrder, SolveSplit};

use super::bounds::{self, check};
use super::plan::absolute;
use super::{bad_input, BadInput};
use crate::report::{
    color_name, AmazonsMoveReport, AmazonsMovesReport, AmazonsPerftReport, AmazonsSolveReport,
    CanonReport, ValueLimitReport,
};

mod proof;

pub use proof::{
    check_proof, convert_proof, read_proof, CheckProofOptions, CheckStopped, PROOF_FORMATS,
};

/// The perft depths accepted (deeper runs would never end anyway).
pub const PERFT_DEPTH: RangeInclusive<u32> = 0..=20;

/// The positions per node a proof's checker may take to decide a subtree
/// written as one `leaf search`.
pub const PROOF_EFFORT: RangeInclusive<u64> = 1..=amazons::MAX_PROOF_EFFORT;

/// The epsilon of df-pn's 1+epsilon trick (0 is plain df-pn).
pub const EPSILON: RangeInclusive<f64> = 0.0..=10.0;

/// The depths from which weak proof numbers may start in a solve plan's
/// shards.
pub const WEAK_PN_FROM: RangeInclusive<u32> = 0..=1000;

/// The deepest iteration of the computer player ([`computer_move`]), in
/// plies.
pub const PLAYER_DEPTH: RangeInclusive<u64> = 1..=64;

/// The computer player's time when no limit is given.
pub const PLAYER_DEFAULT_TIME: Duration = Duration::from_secs(5);

/// The default memory bound of [`value`], in MiB.
pub const VALUE_TT_MB: u64 = 1024;

/// The longest SGF file read (game records are a few kilobytes).
const MAX_SGF_BYTES: u64 = 1 << 24;

/// Reads a position, or a size `WxH` meaning its standard start.
pub fn parse_position_or_size(text: &str) -> anyhow::Result<Position> {
    Position::parse_or_standard(text).map_err(|e| bad_input("position", e))
}

/// Reads the position after the main line of an SGF game record.
pub fn position_from_sgf(text: &str) -> anyhow::Result<Position> {
    let game = amazons::sgf::read(text).map_err(|e| bad_input("SGF", e))?;
    Ok(game.final_position())
}

/// The position after the main line of the SGF game record in `path`
/// (refused past 16 MiB).
pub fn position_from_sgf_file(path: &Path) -> anyhow::Result<Position> {
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
    Ok(game.final_position())
}

/// `amazons moves`: the position after the moves `then` (played in turn
/// from `pos`, each checked legal; empty entries, as a trailing comma
/// leaves, are skipped) and the legal moves of its side to move.
pub fn moves(pos: &Position, then: &[&str]) -> anyhow::Result<AmazonsMovesReport> {
    let mut pos = pos.clone();
    let then = then.iter().filter(|t| !t.trim().is_empty());
    for (i, text) in then.enumerate() {
        let what = || format!("move {} of the moves played", i + 1);
        let mv: Move = text.parse().map_err(|e| bad_input(&what(), e))?;
        pos.play(mv).map_err(|e| bad_input(&what(), e))?;
    }
    Ok(AmazonsMovesReport {
        position: pos.to_string(),
        size: pos.size().to_string(),
        to_move: color_name(pos.to_move()),
        moves: pos.legal_moves().iter().map(Move::to_string).collect(),
    })
}

/// `amazons perft`: the number of move sequences of `depth` moves from
/// `pos` (in [`PERFT_DEPTH`]), or at least how many were counted when
/// `time` or `stop` ended the count.
pub fn perft(
    pos: &Position,
    depth: u32,
    time: Option<Duration>,
    stop: &StopFlag,
) -> anyhow::Result<AmazonsPerftReport> {
    check("depth", depth, &PERFT_DEPTH)?;
    let watch = Watch::new(time, Some(stop));
    Ok(match amazons::perft(pos, depth, &watch) {
        Ok(sequences) => AmazonsPerftReport {
            depth,
            limit: None,
            sequences,
        },
        Err((sequences, limit)) => AmazonsPerftReport {
            depth,
            limit: Some(limit.name()),
            sequences,
        },
    })
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

/// The options of [`value`].
#[derive(Clone, Copy, Debug)]
pub struct ValueOptions {
    /// The node (positions valued) and time limits.
    pub limits: Limits,
    /// The memory, in MiB (in [`bounds::TABLE_MIB`]), the table of the
    /// positions valued and their values may take.
    pub tt_mb: u64,
    /// How long a canonical form may be printed.
    pub output: OutputLimit,
}

impl Default for ValueOptions {
    fn default() -> ValueOptions {
        ValueOptions {
            limits: Limits::default(),
            tt_mb: VALUE_TT_MB,
            output: OutputLimit::DEFAULT,
        }
    }
}

/// The canonical form and thermograph of a position, or what a limit
/// stopped.
pub type ValueOutcome = Result<(CanonReport, Thermograph), ValueLimitReport>;

/// `amazons value`: the canonical form and thermograph of `pos` as a sum of
/// its areas (Black = Left), or the limit that stopped it (`stop` too).
pub fn value(
    pos: &Position,
    options: &ValueOptions,
    stop: &StopFlag,
    progress: &dyn ProgressSink,
) -> anyhow::Result<ValueOutcome> {
    let tt_mb = check("tt_mb", options.tt_mb, &bounds::TABLE_MIB)?;
    let mut valuer = Valuer::new();
    valuer.set_stop(Some(stop.clone()));
    let bytes = tt_mb.saturating_mul(1 << 20);
    valuer.set_memory_limit(Some(usize::try_from(bytes).unwrap_or(usize::MAX)));
    let g = match valuer.canonical(pos, options.limits, progress) {
        Err(CgtError::LimitReached { limit, positions }) => {
            return Ok(Err(ValueLimitReport {
                limit: limit.name(),
                positions,
            }))
        }
        other => other?,
    };
    let canonical = CanonReport::new(&valuer.arena, g, options.output);
    let thermograph = valuer.thermograph_of(g)?;
    Ok(Ok((canonical, thermograph)))
}

/// The search algorithm of [`solve`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Depth-first proof-number search (Nagai 2002), on any number of
    /// threads.
    #[default]
    Dfpn,
    /// Alpha-beta with a transposition table, on one thread.
    AlphaBeta,
}

/// Where and how [`solve`] writes the proof of its result.
#[derive(Clone, Debug)]
pub struct ProofOptions {
    /// The file (gzip-compressed when it ends in `.gz`).
    pub path: PathBuf,
    /// A subtree of at most this many proof nodes that the checker decides
    /// within `effort` positions per node is written as one `leaf search`
    /// (0: every node written).
    pub cut: u64,
    /// The positions per node of such a subtree (in [`PROOF_EFFORT`]).
    pub effort: u64,
    /// The version of the file format (in [`PROOF_FORMATS`]).
    pub format: u32,
}

impl ProofOptions {
    /// The default shape and format of a proof written to `path`.
    pub fn new(path: PathBuf) -> ProofOptions {
        ProofOptions {
            path,
            cut: amazons::DEFAULT_PROOF_CUT,
            effort: amazons::DEFAULT_PROOF_EFFORT,
            format: cgt::search::proof::COMPACT_PROOF_VERSION,
        }
    }
}

/// The options of [`solve`]. The default: df-pn on one thread with a
/// table of 256 MiB, no limit, the full evaluation at every node.
#[derive(Clone)]
pub struct SolveOptions {
    /// Transposition-table size in MiB (in [`bounds::TABLE_MIB`]).
    pub tt_mb: u64,
    /// Threads searching (in [`bounds::THREADS`]; df-pn only).
    pub threads: u64,
    /// The node and time limits.
    pub limits: Limits,
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// Df-pn: the epsilon of the 1+epsilon trick (in [`EPSILON`]).
    pub epsilon: f64,
    /// Df-pn: weak proof numbers (Ueda et al. 2008) at positions at least
    /// this many moves below the root.
    pub weak_pn_from: Option<usize>,
    /// Df-pn: unsearched positions start at proof numbers estimated from
    /// mobility instead of 1, 1.
    pub mobility_pn: bool,
    /// Df-pn: lazy expansion (a position its first estimate puts over its
    /// thresholds is stored, not expanded).
    pub lazy_expansion: bool,
    /// The full-board evaluation at every node (else only positions
    /// without moves end the search).
    pub eval: bool,
    /// The improved partition, with blocker territories.
    pub blockers: bool,
    /// Local search of small active areas.
    pub local_search: bool,
    /// Safe-move rules in the static evaluation of active areas.
    pub safe_moves: bool,
    /// Exact search of territories (else plodding bounds).
    pub exact_territory: bool,
    /// Endgame databases the evaluation asks for areas.
    pub db: Option<Arc<databases::Databases>>,
    /// Write the proof of the result here.
    pub proof: Option<ProofOptions>,
    /// Report the principal variation of a proven result.
    pub pv: bool,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        let dfpn = DfpnConfig::default();
        SolveOptions {
            tt_mb: 256,
            threads: 1,
            limits: Limits::default(),
            algorithm: Algorithm::Dfpn,
            epsilon: dfpn.epsilon,
            weak_pn_from: dfpn.weak_pn_from,
            mobility_pn: false,
            lazy_expansion: dfpn.lazy_expansion,
            eval: true,
            blockers: true,
            local_search: true,
            safe_moves: true,
            exact_territory: true,
            db: None,
            proof: None,
            pv: false,
        }
    }
}

impl SolveOptions {
    /// The evaluation these options ask for.
    fn evaluator(&self) -> Option<Evaluator> {
        if !self.eval {
            return None;
        }
        let mut e = Evaluator {
            improved_partition: self.blockers,
            ..Evaluator::default()
        };
        if !self.local_search {
            e.analyzer.local_search_below = 0;
        }
        if !self.safe_moves {
            e.analyzer.rules = SafeMoveRules::NONE;
        }
        if !self.exact_territory {
            e.analyzer.exact_territory_max_empty = 0;
        }
        Some(e)
    }
}

/// How [`solve`] reports its progress: the search's lines (nodes, rate,
/// root) and the proof extraction's stages.
#[derive(Clone, Copy)]
pub struct SolveProgress<'a> {
    /// Called every half second of the search.
    pub search: Option<&'a ProgressHook>,
    /// The stages of the proof's extraction.
    pub extraction: &'a dyn ProgressSink,
}

impl Default for SolveProgress<'_> {
    fn default() -> Self {
        SolveProgress {
            search: None,
            extraction: &(),
        }
    }
}

/// `amazons solve`: who wins `pos`, a winning move, nodes and time; the
/// proof written to `options.proof` (to `FILE.PID.partial` first, created
/// before the search so that an unwritable path is refused at once, then
/// renamed into place) when the result is proven; `stop` ends the search
/// early (an unknown result).
pub fn solve(
    pos: &Position,
    options: &SolveOptions,
    stop: &StopFlag,
    progress: SolveProgress<'_>,
) -> anyhow::Result<AmazonsSolveReport> {
    if options.algorithm == Algorithm::AlphaBeta && options.threads > 1 {
        return Err(bad_input(
            "--threads",
            "the alpha-beta solver searches with one thread",
        ));
    }
    let tt_mb = check("--tt-mb", options.tt_mb, &bounds::TABLE_MIB)?;
    let threads = check("--threads", options.threads, &bounds::THREADS)?;
    check("--epsilon", options.epsilon, &EPSILON)?;
    let proof_format = match &options.proof {
        Some(proof) => {
            check("--proof-effort", proof.effort, &PROOF_EFFORT)?;
            Some(proof::proof_format("--proof-format", proof.format)?)
        }
        None => None,
    };
    let mut game = SolverPosition::with_evaluator(pos.clone(), options.evaluator())
        .with_mobility_numbers(options.mobility_pn);
    if let Some(db) = &options.db {
        game = game.with_oracle(db.clone());
    }
    let writer = match &options.proof {
        Some(asked) => Some(ProofWriter::create(&asked.path).map_err(|e| match e {
            ProofFileError::Open { source, .. } => {
                bad_input(&format!("cannot write {}", asked.path.display()), source)
            }
            e => anyhow::Error::new(BadInput(e.to_string())),
        })?),
        None => None,
    };
    let budget = Budget {
        tt_mb: usize::try_from(tt_mb).unwrap_or(usize::MAX),
        limits: options.limits,
        progress: progress.search.cloned(),
        progress_interval: Duration::from_millis(500),
    };
    let (result, proof): (SolveResult<Move>, _) = match options.algorithm {
        Algorithm::AlphaBeta => {
            let mut solver = AlphaBetaSolver::new(budget).map_err(|e| bad_input("solver", e))?;
            let r = solver.solve(&game);
            let proof = proof_if_asked(options, &r, &mut solver, &game, stop, progress)?;
            (r, proof)
        }
        Algorithm::Dfpn => {
            let mut solver = DfpnSolver::new(DfpnConfig {
                budget,
                threads: usize::try_from(threads).unwrap_or(1),
                epsilon: options.epsilon,
                weak_pn_from: options.weak_pn_from,
                lazy_expansion: options.lazy_expansion,
            })
            .map_err(|e| bad_input("solver", e))?;
            solver.set_stop(Some(stop.clone()));
            let r = solver.solve(&game);
            let proof = proof_if_asked(options, &r, &mut solver, &game, stop, progress)?;
            (r, proof)
        }
    };
    if let (Some(asked), Some(format), Some(writer), Some(proof)) =
        (&options.proof, proof_format, writer, &proof)
    {
        writer
            .write(proof, format, Compression::for_path(&asked.path))
            .map_err(|e| BadInput(e.to_string()))?;
    }
    let mut report = AmazonsSolveReport::new(pos, &result);
    if options.pv {
        report.pv = proof.as_ref().map(ProofTree::principal_variation);
    }
    Ok(report)
}

/// The proof tree of a proven result, read from the solver that found it,
/// when a proof file or the principal variation is asked for: shaped for
/// the checker (see [`amazons::extract_checkable_proof`]) when it is to be
/// written, whole for the principal variation alone.
fn proof_if_asked<S: ProofSource<SolverPosition>>(
    options: &SolveOptions,
    result: &SolveResult<Move>,
    solver: &mut S,
    game: &SolverPosition,
    stop: &StopFlag,
    progress: SolveProgress<'_>,
) -> anyhow::Result<Option<ProofTree>> {
    if !matches!(result.verdict, Verdict::Proven(_)) {
        return Ok(None);
    }
    let watch = Watch::new(None, Some(stop));
    Ok(if let Some(proof) = &options.proof {
        Some(amazons::extract_checkable_proof(
            solver,
            game,
            proof.cut,
            proof.effort,
            &watch,
            progress.extraction,
        )?)
    } else if options.pv {
        Some(extract_proof(solver, game)?)
    } else {
        None
    })
}

/// The options of [`solve_plan`].
#[derive(Clone, Debug)]
pub struct SolvePlanOptions {
    /// Split at the first moves, or also at the replies to each.
    pub split: SolveSplit,
    /// The order of the shards of each split position's moves.
    pub order: ShardOrder,
    /// Only these first moves get shards (all of them when empty).
    pub moves: Vec<String>,
    /// Split every solve shard whose result in `out` ended `unknown` at a
    /// limit this plan's would not take further into its moves (and keep
    /// the splits made before).
    pub split_unknown: bool,
    /// Each shard's solve.
    pub solve: databases::plan::SolveOptions,
    /// The directory of the shards' result and proof files (made absolute:
    /// every node must see it there).
    pub out: PathBuf,
}

/// `amazons plan`: a long solve of `pos` as a build plan, one df-pn shard
/// per first move (or per reply), gathered into the root's result; with
/// `split_unknown`, the shards that ended `unknown` at their limit in the
/// plan's directory are split into their moves. The directories it names
/// are made absolute.
pub fn solve_plan(pos: &Position, options: &SolvePlanOptions) -> anyhow::Result<Plan> {
    let solve = &options.solve;
    check("--tt-mb", solve.tt_mb, &bounds::TABLE_MIB)?;
    check("--threads", u64::from(solve.threads), &bounds::THREADS)?;
    if let Some(d) = solve.weak_pn_from {
        check("--weak-pn-from", d, &WEAK_PN_FROM)?;
    }
    if let Some(effort) = solve.proof_effort {
        check("--proof-effort", effort, &PROOF_EFFORT)?;
    }
    if let Some(dir) = solve.db.as_deref().filter(|d| !d.is_dir()) {
        return Err(bad_input(
            &format!("database directory {}", dir.display()),
            "not a directory",
        ));
    }
    let solve = databases::plan::SolveOptions {
        db: solve.db.as_deref().map(absolute),
        ..solve.clone()
    };
    let only = options
        .moves
        .iter()
        .map(|m| {
            pos.parse_move(m)
                .map_err(|e| bad_input(&format!("--moves {m}"), e))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let plan = databases::plan::amazons_solve_plan(
        pos,
        options.split,
        options.order,
        &only,
        &solve,
        &absolute(&options.out),
    );
    Ok(if options.split_unknown {
        databases::plan::solve::split_unknown(&plan, options.order)
    } else {
        plan
    })
}

/// The budget of `amazons move`.
#[derive(Clone, Copy, Debug)]
pub struct PlayerOptions {
    /// The time and node limits (with neither, [`PLAYER_DEFAULT_TIME`]).
    pub limits: Limits,
    /// The deepest iteration ([`PLAYER_DEPTH`]).
    pub max_depth: u64,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions {
            limits: Limits::time(PLAYER_DEFAULT_TIME),
            max_depth: *PLAYER_DEPTH.end(),
        }
    }
}

/// `amazons move`: the computer player's move in `pos` ([`amazons::player`]:
/// iterative deepening alpha-beta on the full-board evaluation's verdicts
/// and queen-distance territory) within `options`' budget and `stop`; it
/// always answers a legal move when there is one.
pub fn computer_move(
    pos: &Position,
    options: &PlayerOptions,
    stop: &StopFlag,
) -> anyhow::Result<AmazonsMoveReport> {
    let max_depth = check("--max-depth", options.max_depth, &PLAYER_DEPTH)?;
    let mut limits = options.limits;
    if limits.time.is_none() && limits.nodes.is_none() {
        limits.time = Some(PLAYER_DEFAULT_TIME);
    }
    let start = std::time::Instant::now();
    let mut meter = cgt::budget::Meter::new(limits, Some(stop));
    let knobs = amazons::player::PlayerOptions {
        max_depth: u32::try_from(max_depth).unwrap_or(64),
        ..amazons::player::PlayerOptions::default()
    };
    let to_move = pos.to_move();
    let choice = amazons::player::choose(pos, &knobs, &mut meter);
    let seconds = start.elapsed().as_secs_f64();
    Ok(match choice {
        Some(c) => AmazonsMoveReport {
            best_move: Some(c.best.to_string()),
            depth: c.depth,
            limit: c.limit.map(cgt::budget::Limit::name),
            nodes: c.nodes,
            proved: c.proved,
            score: c.score,
            seconds,
            to_move: color_name(to_move),
            winner: c.winner(to_move).map(color_name),
        },
        None => AmazonsMoveReport {
            best_move: None,
            depth: 0,
            limit: None,
            nodes: 0,
            proved: true,
            score: -amazons::player::WIN,
            seconds,
            to_move: color_name(to_move),
            winner: Some(color_name(to_move.opposite())),
        },
    })
}
