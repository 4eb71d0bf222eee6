//! Building one shard of a plan: the only place that knows what each
//! [`ShardKind`] does.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use cgt::budget::{StopFlag, Watch};

use crate::dots::{DotsTable, PartId};

use super::dots_solve::DotsShard;
use super::solve::{result_path, SolveShard};
use super::{IndexedPlan, Plan, PlanError, Shard, ShardKind};

/// Builds the shards of one plan, sharing what they load (a Dots shard is
/// read once and kept while shards that depend on it are built).
pub struct Executor {
    dots: HashMap<String, Arc<DotsTable>>,
    dir: PathBuf,
    /// The plan's solve shards (a gather reads its moves' shards).
    solves: IndexedPlan,
    /// Stops the Dots solve shards under way when set (Ctrl-C).
    stop: Option<StopFlag>,
}

/// The parts of a solve shard.
fn solve_parts(shard: &Shard) -> Result<SolveShard<'_>, PlanError> {
    SolveShard::of(shard).ok_or_else(|| PlanError::BadShard {
        id: shard.id.clone(),
        what: "not an Amazons solve shard".to_owned(),
    })
}

/// The parts of a Dots solve shard.
fn dots_parts(shard: &Shard) -> Result<DotsShard<'_>, PlanError> {
    DotsShard::of(shard).ok_or_else(|| PlanError::BadShard {
        id: shard.id.clone(),
        what: "not a Dots solve shard".to_owned(),
    })
}

fn parse_board(id: &str, board: &str) -> Result<dots::Board, PlanError> {
    board
        .parse::<dots::Position>()
        .ok()
        .filter(|p| p.edges().is_empty())
        .map(|p| p.board())
        .ok_or_else(|| PlanError::BadShard {
            id: id.to_owned(),
            what: format!("bad board {board:?} (expected WxH)"),
        })
}

impl Executor {
    /// An executor for the shards of `plan`.
    ///
    /// # Errors
    /// [`PlanError::BadShard`] for a shard whose parameters make no sense.
    pub fn new(plan: &Plan) -> Result<Executor, PlanError> {
        let mut parts: HashMap<String, HashMap<Vec<u8>, u32>> = HashMap::new();
        let mut geometries: HashMap<String, crate::dots::Geometry> = HashMap::new();
        for s in &plan.shards {
            match &s.kind {
                ShardKind::DotsTable {
                    board,
                    counts,
                    part,
                    parts: n,
                } => {
                    let geo = match geometries.entry(board.clone()) {
                        Entry::Occupied(e) => e.into_mut(),
                        Entry::Vacant(e) => {
                            e.insert(crate::dots::Geometry::new(parse_board(&s.id, board)?)?)
                        }
                    };
                    let sizes = geo.region_sizes();
                    let ok = counts.len() == sizes.len()
                        && counts
                            .iter()
                            .zip(&sizes)
                            .all(|(&c, &n)| usize::from(c) <= n)
                        && geo.normalise(counts).0 == *counts
                        && *n >= 1
                        && part < n
                        && u64::from(*n) <= geo.shard_size(counts).div_ceil(64);
                    if !ok {
                        return Err(PlanError::BadShard {
                            id: s.id.clone(),
                            what: format!(
                                "counts {counts:?} part {part} of {n} do not name a stored shard part of {board}"
                            ),
                        });
                    }
                    parts
                        .entry(board.clone())
                        .or_default()
                        .insert(counts.clone(), *n);
                }
                ShardKind::AmazonsDb { .. } => {
                    if s.kind.amazons_job().is_none() {
                        return Err(PlanError::BadShard {
                            id: s.id.clone(),
                            what: "names no Amazons database table".to_owned(),
                        });
                    }
                }
                ShardKind::AmazonsSolve { .. } => {
                    solve_parts(s)?
                        .check(&s.deps)
                        .map_err(|source| PlanError::Solve {
                            id: s.id.clone(),
                            source,
                        })?;
                }
                ShardKind::DotsSolve { .. } => {
                    dots_parts(s)?
                        .check(&s.deps)
                        .map_err(|source| PlanError::DotsSolve {
                            id: s.id.clone(),
                            source,
                        })?;
                }
            }
        }
        let mut dots = HashMap::new();
        for (board, p) in parts {
            let b = parse_board(&board, &board)?;
            let table =
                DotsTable::with_parts(&plan.dir, b, p).map_err(|source| PlanError::Table {
                    id: board.clone(),
                    source,
                })?;
            dots.insert(board, Arc::new(table));
        }
        let solves = IndexedPlan::new(Plan {
            shards: plan
                .shards
                .iter()
                .filter(|s| {
                    matches!(
                        s.kind,
                        ShardKind::AmazonsSolve { .. } | ShardKind::DotsSolve { .. }
                    )
                })
                .cloned()
                .collect(),
            ..plan.clone()
        });
        Ok(Executor {
            dots,
            dir: plan.dir.clone(),
            solves,
            stop: None,
        })
    }

    /// Makes the Dots and Amazons solve shards under way stop when `stop`
    /// is set (they record `unknown` with limit `interrupt`, which the next
    /// run redoes).
    pub fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    /// Whether the shard's output is there and reads back valid.
    pub fn is_done(&self, shard: &Shard) -> bool {
        match &shard.kind {
            ShardKind::DotsTable {
                board,
                counts,
                part,
                ..
            } => self.dots[board].read_part(counts, *part).is_ok(),
            ShardKind::AmazonsDb { .. } => shard
                .kind
                .amazons_job()
                .is_some_and(|job| job.is_built(&self.dir)),
            ShardKind::AmazonsSolve { .. } => {
                SolveShard::of(shard).is_some_and(|s| s.is_done(&self.dir))
            }
            ShardKind::DotsSolve { .. } => {
                DotsShard::of(shard).is_some_and(|s| s.is_done(&self.dir))
            }
        }
    }

    /// Whether the shard's output file exists (not checked).
    pub fn exists(&self, shard: &Shard) -> bool {
        match &shard.kind {
            ShardKind::DotsTable {
                board,
                counts,
                part,
                parts,
            } => {
                let t = &self.dots[board];
                t.part_path(&PartId {
                    counts: counts.clone(),
                    part: *part,
                    parts: *parts,
                })
                .exists()
            }
            ShardKind::AmazonsDb { .. } => shard
                .kind
                .amazons_job()
                .is_some_and(|job| job.path(&self.dir).exists()),
            ShardKind::AmazonsSolve { .. } | ShardKind::DotsSolve { .. } => {
                result_path(&self.dir, &shard.id).exists()
            }
        }
    }

    /// Builds the shard (its dependencies must be built); `parallel` lets
    /// it use rayon's pool (a solve shard uses its own thread count);
    /// `keep` keeps a whole Dots table shard loaded for the shards that
    /// depend on it (until [`Executor::release`]). Returns the positions
    /// built (a solve shard: its search's nodes).
    ///
    /// # Errors
    /// [`PlanError::Table`] if a dependency is missing or bad or the file
    /// cannot be written.
    pub fn build(&self, shard: &Shard, parallel: bool, keep: bool) -> Result<u64, PlanError> {
        match &shard.kind {
            ShardKind::DotsTable {
                board,
                counts,
                part,
                ..
            } => self.dots[board]
                .build_part(counts, *part, parallel, keep)
                .map_err(|source| PlanError::Table {
                    id: shard.id.clone(),
                    source,
                }),
            ShardKind::AmazonsDb { .. } => {
                let job = shard
                    .kind
                    .amazons_job()
                    .ok_or_else(|| PlanError::BadShard {
                        id: shard.id.clone(),
                        what: "names no Amazons database table".to_owned(),
                    })?;
                job.run(&self.dir, &(), &Watch::unlimited())
                    .map(|report| report.entries)
                    .map_err(|source| PlanError::Db {
                        id: shard.id.clone(),
                        source,
                    })
            }
            ShardKind::AmazonsSolve { .. } => solve_parts(shard)?
                .run(&self.dir, &self.solves, self.stop.as_ref())
                .map(|r| r.nodes)
                .map_err(|source| PlanError::Solve {
                    id: shard.id.clone(),
                    source,
                }),
            ShardKind::DotsSolve { .. } => dots_parts(shard)?
                .run(&self.dir, &self.solves, self.stop.as_ref())
                .map(|r| r.nodes)
                .map_err(|source| PlanError::DotsSolve {
                    id: shard.id.clone(),
                    source,
                }),
        }
    }

    /// Forgets what was loaded of the shard (no shard left needs it).
    pub fn release(&self, shard: &Shard) {
        match &shard.kind {
            ShardKind::DotsTable { board, counts, .. } => self.dots[board].release(counts),
            ShardKind::AmazonsDb { .. }
            | ShardKind::AmazonsSolve { .. }
            | ShardKind::DotsSolve { .. } => {}
        }
    }

    /// Bytes of shard data loaded now.
    pub fn loaded_bytes(&self) -> usize {
        self.dots.values().map(|t| t.loaded_bytes()).sum()
    }
}

/// Whether shard `id` of the plan is built (its file reads back valid).
///
/// # Errors
/// [`PlanError::UnknownShard`], [`PlanError::BadShard`].
pub fn is_done(plan: &Plan, id: &str) -> Result<bool, PlanError> {
    let i = plan.position(id)?;
    Ok(Executor::new(plan)?.is_done(&plan.shards[i]))
}

/// Builds shard `id` of the plan on this machine (as a cluster job does):
/// nothing if its file is already valid, else from its dependencies' files,
/// using every core; a solve shard stops early when `stop` is set.
/// Returns whether it built (false: already done).
///
/// # Errors
/// [`PlanError::NotReady`] if a dependency's file is missing, and what
/// building finds.
pub fn build_shard(plan: &Plan, id: &str, stop: Option<&StopFlag>) -> Result<bool, PlanError> {
    let i = plan.position(id)?;
    let mut exec = Executor::new(plan)?;
    exec.set_stop(stop.cloned());
    std::fs::create_dir_all(&plan.dir).map_err(|source| PlanError::Io {
        path: plan.dir.clone(),
        source,
    })?;
    let shard = &plan.shards[i];
    if exec.is_done(shard) {
        return Ok(false);
    }
    for d in &shard.deps {
        let dep = &plan.shards[plan.position(d)?];
        if !exec.exists(dep) {
            return Err(PlanError::NotReady {
                id: id.to_owned(),
                dep: d.clone(),
            });
        }
    }
    exec.build(shard, true, false)?;
    Ok(true)
}

/// Where one shard of a plan stands (see [`status`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ShardState {
    /// No valid output yet.
    Missing,
    /// Built; a solve shard proved.
    Done,
    /// A solve plan's shard not searched: its line was decided above it
    /// (its result names the shard that decided it).
    Needless,
    /// A solve shard stopped by a limit (its result says which), or a
    /// gather with a move unknown.
    Unknown {
        /// Whether the next run of this plan repeats it: a gather always,
        /// a solve run with other options than the plan's.
        retried: bool,
    },
}

/// One shard's [`ShardState`], and for a solve shard its result file.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardStatus {
    /// The shard's id.
    pub id: String,
    /// Where it stands.
    pub state: ShardState,
    /// An Amazons solve shard's result (proved or unknown), if it reads
    /// back valid.
    pub result: Option<super::SolveResultFile>,
    /// A Dots solve shard's result (proved or unknown), if it reads back
    /// valid.
    pub dots: Option<super::DotsResultFile>,
}

/// Where every shard of `plan` stands, in the plan's order, from the files
/// in its directory (read, never written).
///
/// # Errors
/// [`PlanError::BadShard`] for a shard whose parameters make no sense.
pub fn status(plan: &Plan) -> Result<Vec<ShardStatus>, PlanError> {
    let exec = Executor::new(plan)?;
    Ok(plan
        .shards
        .iter()
        .map(|shard| {
            let result = SolveShard::of(shard).and_then(|s| s.read_result(&plan.dir));
            let dots = DotsShard::of(shard).and_then(|s| s.read_result(&plan.dir));
            let done = exec.is_done(shard);
            let status = result
                .as_ref()
                .map(|r| r.status)
                .or(dots.as_ref().map(|r| r.status));
            // A result the plan redoes (a bound for another window, say)
            // counts as unknown.
            let unknown =
                status == Some(super::SolveStatus::Unknown) || (status.is_some() && !done);
            let state = if status == Some(super::SolveStatus::Needless) && done {
                ShardState::Needless
            } else if unknown {
                ShardState::Unknown { retried: !done }
            } else if done {
                ShardState::Done
            } else {
                ShardState::Missing
            };
            ShardStatus {
                id: shard.id.clone(),
                state,
                result,
                dots,
            }
        })
        .collect())
}
