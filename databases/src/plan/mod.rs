//! Build plans: shards, the dependencies between them and how to build
//! each, run on this machine ([`run_local`]) or on a Slurm cluster
//! ([`slurm_script`]), and simulated on `P` workers ([`simulate()`]).
//!
//! A [`Plan`] is plain data (JSON through serde): a directory and a list of
//! [`Shard`]s, each with an id, a [`ShardKind`] saying what it builds, the
//! ids it depends on and a cost (positions to value). Any node that sees
//! the directory can build any shard whose dependencies are built
//! ([`build_shard`]); a shard is done when its file reads back valid, so
//! every runner resumes.
//!
//! Each kind of work (a Dots table part, an Amazons database, a part of a
//! long Amazons solve, [`solve`], a part of a long Dots-and-Boxes solve,
//! [`dots_solve`]) is a [`ShardKind`] variant with its arms
//! in `exec.rs`; plans, runners, Slurm scripts and the simulation do not
//! depend on the kind.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub mod dots_solve;
mod exec;
mod runner;
pub mod simulate;
mod slurm;
pub mod solve;

pub use dots_solve::{
    dots_solve_plan, split_unknown, DotsResultFile, DotsSolveError, DotsSolveOptions,
};
pub use exec::{build_shard, is_done, status, Executor, ShardState, ShardStatus};
pub use runner::{default_workers, run_local, RunOptions, RunReport, ShardTiming};
pub use simulate::{simulate, simulate_durations, Calibration, SimReport};
pub use slurm::{slurm_script, SlurmMode, SlurmOptions};
pub use solve::{
    amazons_solve_plan, check_solve_plan, PlanProofError, ShardOrder, SolveError, SolveOptionError,
    SolveOptions, SolveResultFile, SolveSplit, SolveStatus, SolveStep,
};

use crate::dots::{board_name, shard_specs, Geometry, GeometryError, PartId, Split};
use crate::jobs::BuildJob;

/// The `format` field of a plan file.
pub const PLAN_FORMAT: &str = "cgtk-plan";
/// The longest plan file read (a plan of tens of thousands of shards is a
/// few tens of MB).
pub const MAX_PLAN_BYTES: u64 = 256 << 20;

/// The plan file version this build reads and writes.
pub const PLAN_VERSION: u32 = 1;

/// What a shard builds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ShardKind {
    /// One part of one shard of a whole-board Dots-and-Boxes table
    /// ([`crate::dots`]).
    DotsTable {
        /// The board, `WxH`.
        board: String,
        /// Lines per region (normalised).
        counts: Vec<u8>,
        /// The part (0-based).
        part: u32,
        /// Parts of the shard.
        parts: u32,
    },
    /// One Amazons endgame database table (Song & Müller 2015, §III), as
    /// [`crate::jobs::BuildJob`] builds it.
    AmazonsDb {
        /// `simple`, `blocker` or `active`.
        table: String,
        /// The box width.
        width: u8,
        /// The box height.
        height: u8,
        /// Queens: `[q]` (simple), `[normal, blockers]` (blocker) or
        /// `[black, white]` (active).
        groups: Vec<u32>,
    },
    /// A part of a long Amazons solve ([`solve`]): df-pn on the position
    /// after `line`, or the gather of that position's moves.
    AmazonsSolve {
        /// The plan's root position.
        position: String,
        /// The moves from the root to this shard's position.
        line: Vec<String>,
        /// Solve or gather.
        step: SolveStep,
        /// The solver's options.
        options: SolveOptions,
    },
    /// A part of a long Dots-and-Boxes solve ([`dots_solve`]): the exact
    /// solver on the position after `line`, or the gather of that
    /// position's moves.
    DotsSolve {
        /// The plan's root position (`WxH:e,e,...`).
        position: String,
        /// The moves (edges) from the root to this shard's position.
        line: Vec<usize>,
        /// Solve or gather.
        step: SolveStep,
        /// The solver's options.
        options: DotsSolveOptions,
    },
}

impl ShardKind {
    /// The kind of an Amazons database job.
    pub fn amazons(job: BuildJob) -> ShardKind {
        let (table, width, height, groups) = match job {
            BuildJob::Simple(w, h, q) => ("simple", w, h, vec![q]),
            BuildJob::Blocker(w, h, n, b) => ("blocker", w, h, vec![n, b]),
            BuildJob::Active(w, h, b, wq) => ("active", w, h, vec![b, wq]),
        };
        ShardKind::AmazonsDb {
            table: table.to_owned(),
            width,
            height,
            groups,
        }
    }

    /// The Amazons database job of this shard, `None` for other kinds or
    /// parameters that name no table.
    pub fn amazons_job(&self) -> Option<BuildJob> {
        let ShardKind::AmazonsDb {
            table,
            width,
            height,
            groups,
        } = self
        else {
            return None;
        };
        let (w, h) = (*width, *height);
        let job = match (table.as_str(), groups.as_slice()) {
            ("simple", &[q]) => BuildJob::Simple(w, h, q),
            ("blocker", &[n, b]) if b >= 1 => BuildJob::Blocker(w, h, n, b),
            ("active", &[b, wq]) => BuildJob::Active(w, h, b, wq),
            _ => return None,
        };
        job.entries().map(|_| job)
    }
}

/// One unit of work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Unique within the plan; also the job name on a cluster.
    pub id: String,
    /// What it builds.
    #[serde(flatten)]
    pub kind: ShardKind,
    /// The ids of the shards that must be built first.
    pub deps: Vec<String>,
    /// Its cost in work units (positions to value), for scheduling and
    /// simulation.
    pub cost: u64,
}

/// A build plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// Always [`PLAN_FORMAT`].
    pub format: String,
    /// [`PLAN_VERSION`].
    pub version: u32,
    /// What the plan builds, for people.
    pub name: String,
    /// The directory the shards' files go to.
    pub dir: PathBuf,
    /// The shards, every one after its dependencies.
    pub shards: Vec<Shard>,
}

/// An error reading, checking or running a plan.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// The plan file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The plan file is not valid plan JSON.
    #[error("{path}: not a plan: {source}")]
    Json {
        /// The file.
        path: PathBuf,
        /// The cause, with line and column.
        source: serde_json::Error,
    },
    /// A plan of another format or version.
    #[error("{path}: plan format {format:?} version {version}, expected {PLAN_FORMAT:?} version {PLAN_VERSION}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The format found.
        format: String,
        /// The version found.
        version: u32,
    },
    /// An id with characters other than ASCII letters, digits, `.`, `_`
    /// and `-` (ids become job and file names).
    #[error("bad shard id {id:?} (letters, digits, '.', '_' and '-' only)")]
    BadId {
        /// The id.
        id: String,
    },
    /// Two shards share an id.
    #[error("duplicate shard id {id:?}")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// A dependency that is not in the plan.
    #[error("shard {shard:?} depends on {dep:?}, which is not in the plan")]
    UnknownDependency {
        /// The shard.
        shard: String,
        /// The missing dependency.
        dep: String,
    },
    /// A shard listed before one of its dependencies (or a cycle).
    #[error("shard {shard:?} comes before its dependency {dep:?} (or they form a cycle)")]
    Order {
        /// The shard.
        shard: String,
        /// The dependency.
        dep: String,
    },
    /// No shard with this id.
    #[error("no shard {id:?} in the plan")]
    UnknownShard {
        /// The id asked for.
        id: String,
    },
    /// A shard whose parameters make no sense.
    #[error("shard {id:?}: {what}")]
    BadShard {
        /// The shard.
        id: String,
        /// What is wrong.
        what: String,
    },
    /// A dependency of the shard is not built (on a cluster: its job did
    /// not finish, or the directory is not shared).
    #[error("shard {id:?}: dependency {dep:?} is not built")]
    NotReady {
        /// The shard.
        id: String,
        /// The dependency.
        dep: String,
    },
    /// Building a Dots-and-Boxes shard failed.
    #[error("shard {id:?}: {source}")]
    Table {
        /// The shard.
        id: String,
        /// The cause.
        source: crate::dots::TableError,
    },
    /// An Amazons database table cannot be built or written.
    #[error("shard {id:?}: {source}")]
    Db {
        /// The shard.
        id: String,
        /// The cause.
        source: crate::format::DbError,
    },
    /// A board without whole-board tables.
    #[error(transparent)]
    Geometry(#[from] GeometryError),
    /// An Amazons solve shard cannot be run or gathered.
    #[error("shard {id:?}: {source}")]
    Solve {
        /// The shard.
        id: String,
        /// The cause.
        source: SolveError,
    },
    /// A Dots-and-Boxes solve shard cannot be run or gathered.
    #[error("shard {id:?}: {source}")]
    DotsSolve {
        /// The shard.
        id: String,
        /// The cause.
        source: DotsSolveError,
    },
}

/// The order in which ready shards are started (a max-heap key): shards of
/// cost 0 first (a solve plan's gathers: they only read their moves'
/// results, and a settled gather makes the shards of its line's siblings
/// needless at once), then the largest cost first, then plan order.
pub(crate) type ReadyKey = (bool, u64, std::cmp::Reverse<usize>);

impl Plan {
    /// The [`ReadyKey`] of shard `i`.
    pub(crate) fn ready_key(&self, i: usize) -> ReadyKey {
        let cost = self.shards[i].cost;
        (cost == 0, cost, std::cmp::Reverse(i))
    }

    /// Checks the plan: format and version, unique ids, known dependencies,
    /// every shard after its dependencies.
    ///
    /// # Errors
    /// The first [`PlanError`] found.
    pub fn check(&self, path: &Path) -> Result<(), PlanError> {
        if self.format != PLAN_FORMAT || self.version != PLAN_VERSION {
            return Err(PlanError::Version {
                path: path.to_owned(),
                format: self.format.clone(),
                version: self.version,
            });
        }
        let mut at: HashMap<&str, usize> = HashMap::new();
        for (i, s) in self.shards.iter().enumerate() {
            let safe = |c: char| c.is_ascii_alphanumeric() || "._-".contains(c);
            if s.id.is_empty() || !s.id.chars().all(safe) {
                return Err(PlanError::BadId { id: s.id.clone() });
            }
            if at.insert(&s.id, i).is_some() {
                return Err(PlanError::DuplicateId { id: s.id.clone() });
            }
        }
        for (i, s) in self.shards.iter().enumerate() {
            for d in &s.deps {
                match at.get(d.as_str()) {
                    None => {
                        return Err(PlanError::UnknownDependency {
                            shard: s.id.clone(),
                            dep: d.clone(),
                        })
                    }
                    Some(&j) if j >= i => {
                        return Err(PlanError::Order {
                            shard: s.id.clone(),
                            dep: d.clone(),
                        })
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }

    /// Reads and checks a plan file.
    ///
    /// # Errors
    /// [`PlanError::Io`], [`PlanError::Json`], or what [`Plan::check`] finds.
    pub fn read(path: &Path) -> Result<Plan, PlanError> {
        use std::io::Read as _;
        let io = |source| PlanError::Io {
            path: path.to_owned(),
            source,
        };
        let mut text = String::new();
        std::fs::File::open(path)
            .map_err(io)?
            .take(MAX_PLAN_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(io)?;
        if text.len() as u64 > MAX_PLAN_BYTES {
            return Err(io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("longer than {} MiB", MAX_PLAN_BYTES >> 20),
            )));
        }
        let plan: Plan = serde_json::from_str(&text).map_err(|source| PlanError::Json {
            path: path.to_owned(),
            source,
        })?;
        plan.check(path)?;
        Ok(plan)
    }

    /// The plan as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a plan serialises")
    }

    /// Writes the plan file (atomically).
    ///
    /// # Errors
    /// [`PlanError::Io`].
    pub fn write(&self, path: &Path) -> Result<(), PlanError> {
        crate::format::write_atomic(path, self.to_json().as_bytes()).map_err(|e| match e {
            crate::format::DbError::Io { path, source } => PlanError::Io { path, source },
            other => PlanError::Io {
                path: path.to_owned(),
                source: std::io::Error::other(other.to_string()),
            },
        })
    }

    /// The index of the shard with this id.
    ///
    /// # Errors
    /// [`PlanError::UnknownShard`].
    pub fn position(&self, id: &str) -> Result<usize, PlanError> {
        self.shards
            .iter()
            .position(|s| s.id == id)
            .ok_or_else(|| PlanError::UnknownShard { id: id.to_owned() })
    }

    /// Each shard's level: 0 without dependencies, else one more than its
    /// highest dependency (a plan must be checked first).
    pub fn levels(&self) -> Vec<usize> {
        let at: HashMap<&str, usize> = self
            .shards
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), i))
            .collect();
        let mut level = vec![0usize; self.shards.len()];
        for (i, s) in self.shards.iter().enumerate() {
            level[i] = s
                .deps
                .iter()
                .map(|d| level[at[d.as_str()]] + 1)
                .max()
                .unwrap_or(0);
        }
        level
    }

    /// Total cost.
    pub fn total_cost(&self) -> u64 {
        self.shards.iter().map(|s| s.cost).sum()
    }
}

impl Plan {
    /// Each shard's index in [`Plan::shards`], by id.
    pub(crate) fn indices(&self) -> HashMap<&str, usize> {
        self.shards
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), i))
            .collect()
    }
}

/// A plan with its shards indexed by id, for the shards that read each
/// other's results while they run (a gather its moves', a solve the other
/// moves of the gathers above it): a lookup is a hash, not a pass over a
/// plan of thousands of shards.
#[derive(Debug)]
pub struct IndexedPlan {
    plan: Plan,
    at: HashMap<String, usize>,
}

impl IndexedPlan {
    /// The index of `plan`.
    pub fn new(plan: Plan) -> IndexedPlan {
        let at = plan
            .indices()
            .into_iter()
            .map(|(id, i)| (id.to_owned(), i))
            .collect();
        IndexedPlan { plan, at }
    }

    /// The shard of id `id`, if the plan has one.
    pub fn shard(&self, id: &str) -> Option<&Shard> {
        self.at.get(id).map(|&i| &self.plan.shards[i])
    }
}

/// The plan of Amazons database tables in `dir`: one shard per table of
/// `jobs` and per table they depend on (a blocker table reads the table
/// with one blocker fewer, down to the simple table), each after its
/// dependencies; costs are entry counts.
pub fn amazons_db_plan(jobs: &[BuildJob], dir: &Path) -> Plan {
    let id = |job: BuildJob| {
        let path = job.path(Path::new(""));
        let name = path.to_string_lossy().into_owned();
        name.trim_end_matches(&format!(".{}", crate::format::EXTENSION))
            .to_owned()
    };
    let dep = |job: BuildJob| match job {
        BuildJob::Blocker(w, h, n, 1) => Some(BuildJob::Simple(w, h, n + 1)),
        BuildJob::Blocker(w, h, n, b) => Some(BuildJob::Blocker(w, h, n + 1, b - 1)),
        _ => None,
    };
    // Every job with the chain below it, dependencies first.
    let mut ordered: Vec<BuildJob> = Vec::new();
    for &job in jobs {
        let mut chain = vec![job];
        while let Some(d) = dep(*chain.last().unwrap_or(&job)) {
            chain.push(d);
        }
        for j in chain.into_iter().rev() {
            if !ordered.contains(&j) {
                ordered.push(j);
            }
        }
    }
    let shards = ordered
        .iter()
        .map(|&job| Shard {
            id: id(job),
            kind: ShardKind::amazons(job),
            deps: dep(job).map(id).into_iter().collect(),
            cost: job.entries().unwrap_or(0),
        })
        .collect();
    Plan {
        format: PLAN_FORMAT.to_owned(),
        version: PLAN_VERSION,
        name: "amazons databases".to_owned(),
        dir: dir.to_owned(),
        shards,
    }
}

/// The plan of the whole-board table of `board` in `dir`: one shard per
/// stored shard part ([`shard_specs`]), each depending on every part of the
/// shards it reads.
///
/// # Errors
/// [`PlanError::Geometry`] if the board has no whole-board table.
pub fn dots_table_plan(board: dots::Board, dir: &Path, split: Split) -> Result<Plan, PlanError> {
    let geo = Geometry::new(board)?;
    let specs = shard_specs(&geo, split);
    let parts: HashMap<&[u8], u32> = specs
        .iter()
        .map(|s| (s.counts.as_slice(), s.parts))
        .collect();
    let id = |counts: &[u8], part: u32| {
        let name = crate::dots::part_file_name(
            &geo,
            &PartId {
                counts: counts.to_vec(),
                part,
                parts: parts[counts],
            },
        );
        name.trim_end_matches(&format!(".{}", crate::format::EXTENSION))
            .to_owned()
    };
    let mut shards = Vec::new();
    for s in &specs {
        let deps: Vec<String> = s
            .deps
            .iter()
            .flat_map(|d| (0..parts[d.as_slice()]).map(|p| id(d, p)))
            .collect();
        for part in 0..s.parts {
            let range = crate::dots::shard::part_range(s.size, part, s.parts);
            shards.push(Shard {
                id: id(&s.counts, part),
                kind: ShardKind::DotsTable {
                    board: board_name(board),
                    counts: s.counts.clone(),
                    part,
                    parts: s.parts,
                },
                deps: deps.clone(),
                cost: range.end - range.start,
            });
        }
    }
    Ok(Plan {
        format: PLAN_FORMAT.to_owned(),
        version: PLAN_VERSION,
        name: format!("dots table {}", board_name(board)),
        dir: dir.to_owned(),
        shards,
    })
}
