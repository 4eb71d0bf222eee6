//! Proof files of Amazons solves: reading (plain or gzip-compressed, either
//! version of the format), writing, converting between versions, and
//! checking them (or a solve plan's root from its shards' proofs) with the
//! exact leaf verifier.

use std::io::Read;
use std::ops::RangeInclusive;
use std::path::Path;
use std::time::{Duration, Instant};

use amazons::{LeafVerifier, Position, SolverPosition};
use cgt::budget::{Limit, StopFlag, Watch};
use cgt::search::proof::file::{
    write_proof, Compression, ProofFileError, ProofFormat, ProofReader,
};
use cgt::search::{check_proof_parallel, CheckProofError, ProofStats, ProofTree, WinLoss};
use cgt::ProgressSink;

use crate::ops::bounds::{self, check};
use crate::ops::{bad_input, BadInput};
use crate::report::{CheckProofReport, CheckProofStoppedReport, ConvertProofReport};

/// The versions of the proof file format (1: a numbered line per node,
/// every reply named; 2: compact, the replies implied by the game).
pub const PROOF_FORMATS: RangeInclusive<u32> = 1..=2;

/// The longest proof file read.
const MAX_PROOF_BYTES: u64 = 1 << 30;

/// The proof in `file`, of either version (a version 2 body is replayed
/// from its root position), plain or gzip-compressed (told by its first two
/// bytes), read as a stream: refused past 1 GiB of text, and stopped (with
/// [`CheckStopped`]) when `watch` ends.
pub fn read_proof(file: &Path, watch: &Watch) -> anyhow::Result<ProofTree> {
    let read = ProofReader::open(file, watch)
        .map(|r| r.max_bytes(MAX_PROOF_BYTES))
        .and_then(|r| r.read_for(SolverPosition::from_proof_root));
    match read {
        Ok(proof) => Ok(proof),
        Err(ProofFileError::Stopped { limit, .. }) => Err(anyhow::Error::new(CheckStopped {
            node: None,
            limit,
            seconds: 0.0,
        })),
        Err(ProofFileError::Open { path, source } | ProofFileError::Read { path, source }) => Err(
            bad_input(&format!("cannot read {}", path.display()), source),
        ),
        Err(ProofFileError::TooLong { path, .. }) => Err(bad_input(
            &format!("proof {}", path.display()),
            "longer than 1 GiB of text",
        )),
        Err(ProofFileError::Parse { path, source }) => {
            Err(bad_input(&format!("proof {}", path.display()), source))
        }
        Err(e) => Err(anyhow::Error::new(BadInput(e.to_string()))),
    }
}

/// The format version `format` of the option `what`, checked against
/// [`PROOF_FORMATS`].
pub(super) fn proof_format(what: &str, format: u32) -> anyhow::Result<ProofFormat> {
    let format = check(what, format, &PROOF_FORMATS)?;
    ProofFormat::from_version(format)
        .ok_or_else(|| bad_input(what, format!("{format} is not a proof format")))
}

/// `amazons convert-proof`: rewrites the proof `input` in version `format`
/// to `output` (gzip-compressed when it ends in `.gz`), unchecked; `stop`
/// ends the reading.
pub fn convert_proof(
    input: &Path,
    output: &Path,
    format: u32,
    stop: &StopFlag,
) -> anyhow::Result<ConvertProofReport> {
    let version = proof_format("--format", format)?;
    let proof = read_proof(input, &Watch::new(None, Some(stop)))?;
    let compression = Compression::for_path(output);
    write_proof(output, &proof, version, compression)
        .map_err(|e| anyhow::Error::new(BadInput(e.to_string())))?;
    Ok(ConvertProofReport {
        compressed: compression == Compression::Gzip,
        format,
        nodes: proof.nodes.len(),
        output: output.display().to_string(),
    })
}

/// The options of [`check_proof`].
#[derive(Clone, Debug)]
pub struct CheckProofOptions {
    /// Threads deciding the evaluated leaves (in [`bounds::THREADS`]; one
    /// per core, at most 64, if none).
    pub threads: Option<u64>,
    /// The most positions the exact search may visit to decide one leaf;
    /// a leaf that needs more makes the proof incomplete.
    pub leaf_limit: u64,
    /// The check stops after this long, without a verdict.
    pub time_limit: Option<Duration>,
}

impl Default for CheckProofOptions {
    fn default() -> CheckProofOptions {
        CheckProofOptions {
            threads: None,
            leaf_limit: amazons::DEFAULT_LEAF_LIMIT,
            time_limit: None,
        }
    }
}

/// `amazons check-proof`: verifies the proof `file` written by a solve
/// (legal moves, every reply at AND nodes, every leaf re-decided exactly),
/// or given a solve plan's file, its root from the shards' proof files. An
/// invalid proof is bad input; a check that a limit or `stop` ended before
/// every leaf was decided is the inner `Err` (no verdict).
pub fn check_proof(
    file: &Path,
    options: &CheckProofOptions,
    stop: &StopFlag,
    progress: &dyn ProgressSink,
) -> anyhow::Result<Result<CheckProofReport, CheckStopped>> {
    let start = Instant::now();
    let threads = match options.threads {
        Some(n) => usize::try_from(check("--threads", n, &bounds::THREADS)?).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, |n| n.get().min(64)),
    };
    check("--leaf-limit", options.leaf_limit, &(1..=u64::MAX))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| bad_input("--threads", e))?;
    let checker = ProofChecker {
        pool: &pool,
        leaf_limit: options.leaf_limit,
        watch: Watch::new(options.time_limit, Some(stop)),
        progress,
    };
    let checked = if is_plan_file(file)? {
        checker.plan(file)
    } else {
        checker.file(file, None).map(|(_, stats)| stats)
    };
    let seconds = start.elapsed().as_secs_f64();
    match checked {
        Ok(stats) => Ok(Ok(CheckProofReport::new(&stats, seconds))),
        Err(e) => match e.downcast::<CheckStopped>() {
            Ok(stopped) => Ok(Err(CheckStopped { seconds, ..stopped })),
            Err(e) => Err(e),
        },
    }
}

/// Whether `file` is a plan (JSON) rather than a proof: its first byte
/// that is not white space is `{`.
fn is_plan_file(file: &Path) -> anyhow::Result<bool> {
    let cannot = |e: std::io::Error| bad_input(&format!("cannot read {}", file.display()), e);
    let mut head = Vec::new();
    std::fs::File::open(file)
        .map_err(cannot)?
        .take(64)
        .read_to_end(&mut head)
        .map_err(cannot)?;
    Ok(head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'))
}

/// Checks proof files with the exact leaf verifier.
struct ProofChecker<'a> {
    pool: &'a rayon::ThreadPool,
    leaf_limit: u64,
    /// The time limit and stop flag of the whole check.
    watch: Watch,
    progress: &'a dyn ProgressSink,
}

/// A check stopped by a limit before every leaf was decided: no verdict
/// (not a problem of the proof).
#[derive(Clone, Copy, Debug)]
pub struct CheckStopped {
    /// The node reached, `None` while the file was read.
    pub node: Option<usize>,
    /// The limit that stopped it.
    pub limit: Limit,
    /// Wall-clock time until the stop.
    pub seconds: f64,
}

impl CheckStopped {
    /// The report of `check-proof --json`.
    pub fn report(&self) -> CheckProofStoppedReport {
        CheckProofStoppedReport {
            limit: self.limit.name(),
            node: self.node,
            seconds: self.seconds,
            valid: None,
        }
    }
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
        file: &Path,
        position: Option<&Position>,
    ) -> anyhow::Result<(WinLoss, ProofStats)> {
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
                    self.progress,
                )
            })
            .map_err(|e| match e {
                // Not a problem of the proof: no verdict.
                CheckProofError::Stopped { node, limit } => anyhow::Error::new(CheckStopped {
                    node: Some(node),
                    limit,
                    seconds: 0.0,
                }),
                e => bad_input(&what(), e),
            })?;
        Ok((proof.outcome, stats))
    }

    /// Checks the root of the solve plan `file` from its shards' proof
    /// files ([`databases::plan::check_solve_plan`]); the counts add up
    /// over the files, the depth adds the shard's line.
    fn plan(&self, file: &Path) -> anyhow::Result<ProofStats> {
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

/// A shard's proof file failed its check (the message of the error).
#[derive(Debug)]
struct ShardProofError(String);

impl std::fmt::Display for ShardProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShardProofError {}
