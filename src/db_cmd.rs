//! `cgtk db ...`: build, inspect and query endgame databases.

use std::path::{Path, PathBuf};

use amazons::{Bitboard, Position, Size, Square};
use anyhow::Result;
use cgtk::report::{DbQueryReport, ThermographReport};
use clap::{Args, Subcommand, ValueEnum};
use databases::plan;
use databases::{default_dir, BuildJob, BuildReport, DbKind, JobError, QueryAnswer, EXTENSION};

use crate::output::{bad_input, print_json};
use crate::plan_cmd::{absolute, EmitArgs};
use crate::progress;

/// The kinds of database `db build` knows.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Simple territories: move counts.
    Simple,
    /// Blocker territories: move counts under the blocker constraint
    /// (`--queens`: total queen counts, every split into normal queens and
    /// at least one blocker).
    Blocker,
    /// Active areas: subzero thermographs (`--queens B,W`: Black, White).
    Active,
}

/// Which tables a `db build` or `db plan` names.
#[derive(Args)]
pub struct TablesArgs {
    /// The kind of database (default: simple; with --paper-set, every
    /// kind).
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// The box size `WxH` (required without --paper-set).
    #[arg(long, required_unless_present = "paper_set")]
    size: Option<String>,
    /// Simple and blocker: total queen counts, e.g. `2` or `1,2,3`
    /// (default 1 to 4, fewer than the box's squares). Active: `B,W`,
    /// the Black and White queen counts (default 1,1).
    #[arg(long, value_delimiter = ',')]
    queens: Vec<u32>,
    /// The paper's set (Song & Müller 2015, §III-B): simple and blocker
    /// territories 1xn, 2xn, 3xn for 2 <= n <= 6 with 1 to 4 queens (not
    /// 3x6 with 4); active areas 1xn, 2xn (n <= 6), 3xn (3 <= n <= 5) with 1
    /// to 4 queens a side, 3x6 with at most 2 a side, the four smallest 4x4.
    #[arg(long, conflicts_with = "size")]
    paper_set: bool,
    /// Skip databases with more entries than this (listed as skipped).
    #[arg(long)]
    max_entries: Option<u64>,
}

/// Tables left out by `--max-entries`, with their entry counts.
type Skipped = Vec<(BuildJob, u64)>;

impl TablesArgs {
    /// The tables asked for, and those skipped for `--max-entries`.
    fn jobs(&self) -> Result<(Vec<BuildJob>, Skipped)> {
        let jobs = if self.paper_set {
            let kinds = match self.kind {
                Some(k) => vec![k.into()],
                None => vec![DbKind::Simple, DbKind::Blocker, DbKind::Active],
            };
            BuildJob::paper_set(&kinds)
        } else {
            let Some(text) = &self.size else {
                return Err(bad_input("size", "--size is required without --paper-set"));
            };
            let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
            let kind = self.kind.map_or(DbKind::Simple, DbKind::from);
            BuildJob::for_box(kind, size.width(), size.height(), &self.queens).map_err(|e| {
                let what = match e {
                    JobError::BoxTooLarge { .. } => "size",
                    _ => "queens",
                };
                bad_input(what, e)
            })?
        };
        let (mut keep, mut skip) = (Vec::new(), Vec::new());
        for job in jobs {
            match (self.max_entries, job.entries()) {
                (Some(max), Some(n)) if n > max => skip.push((job, n)),
                _ => keep.push(job),
            }
        }
        Ok((keep, skip))
    }
}

/// Endgame databases (Song & Müller 2015, §III).
#[derive(Subcommand)]
pub enum DbCommand {
    /// Build databases into a directory; valid files already there are kept.
    Build {
        #[command(flatten)]
        tables: TablesArgs,
        /// The output directory (default `$CGTK_DB`, else `./cgtk-db`).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// Stop after this many seconds (more than 0, at most 10^7; Ctrl-C
        /// stops it too): the table under way is given up without a file
        /// (within a few milliseconds for territories, one entry for active
        /// areas), the files built stay, and a later build resumes.
        #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
        time_limit: Option<std::time::Duration>,
    },
    /// The same tables as a build plan (one shard per table, after the
    /// tables it depends on), for `cgtk plan run` here or a Slurm cluster.
    Plan {
        #[command(flatten)]
        tables: TablesArgs,
        /// The output directory (as every node sees it; default `$CGTK_DB`,
        /// else `./cgtk-db`).
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        emit: EmitArgs,
    },
    /// Kind, box, queen counts, entries, size and checksum status of a
    /// database file or of every database file of a directory.
    Info {
        /// A database file or directory.
        path: PathBuf,
    },
    /// Look a position up: the move count and a best move of a territory, or
    /// the thermograph of an active area (the whole position, every square
    /// outside the box burnt).
    Query {
        /// A position (`x` burnt), e.g. `xxxx/x..x/xB.x w`.
        position: String,
        /// The queens that are blockers of a blocker territory, e.g. `b2,c3`
        /// (they move in only by shooting back at their origin).
        #[arg(long, value_delimiter = ',')]
        blockers: Vec<String>,
        /// The database directory (default `$CGTK_DB`, else `./cgtk-db`).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Print `{"found", "kind", "moves", "thermograph", "best_move"}`.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `db` subcommand.
pub fn run(command: DbCommand) -> Result<()> {
    match command {
        DbCommand::Plan { tables, out, emit } => {
            let out = absolute(&out.unwrap_or_else(default_dir));
            let (jobs, skipped) = tables.jobs()?;
            for (job, n) in skipped {
                eprintln!(
                    "{} (left out: {n} entries to build, over --max-entries)",
                    job.path(&out).display()
                );
            }
            emit.emit(&plan::amazons_db_plan(&jobs, &out))
        }
        DbCommand::Build {
            tables,
            out,
            quiet,
            time_limit,
        } => {
            let out = out.unwrap_or_else(default_dir);
            if out.exists() && !out.is_dir() {
                return Err(bad_input(
                    &format!("--out {}", out.display()),
                    "a file is there: the output is a directory",
                ));
            }
            let (jobs, skipped) = tables.jobs()?;
            for (job, n) in skipped {
                println!(
                    "{} (skipped: {n} entries to build, over --max-entries)",
                    job.path(&out).display()
                );
            }
            let bar = progress::Bar::new(quiet);
            let watch = cgt::budget::Watch::new(time_limit, Some(crate::interrupted()));
            let total = jobs.len();
            let stopped = |limit: cgt::budget::Limit, done| {
                println!(
                    "stopped: {} after {done} of {total} tables (run again to resume)",
                    limit.reason()
                );
            };
            for (done, job) in jobs.into_iter().enumerate() {
                if let Some(limit) = watch.reached() {
                    stopped(limit, done);
                    break;
                }
                let r: BuildReport = match job.run(&out, &bar, &watch) {
                    Ok(r) => r,
                    Err(databases::DbError::Stopped { limit }) => {
                        stopped(limit, done);
                        break;
                    }
                    Err(e @ databases::DbError::OutOfMemory { .. }) => {
                        return Err(bad_input("db build", e))
                    }
                    Err(e) => return Err(anyhow::Error::new(e)),
                };
                println!(
                    "{} {} entries {} bytes {}",
                    r.path.display(),
                    r.entries,
                    r.bytes,
                    if r.resumed {
                        "(already there)".to_owned()
                    } else {
                        format!("{:.3} s", r.elapsed.as_secs_f64())
                    }
                );
            }
            Ok(())
        }
        DbCommand::Info { path } => info(&path),
        DbCommand::Query {
            position,
            blockers,
            db,
            json,
        } => {
            let pos: Position = position.parse().map_err(|e| bad_input("position", e))?;
            let mut set = Bitboard::EMPTY;
            for text in &blockers {
                let sq: Square = text.parse().map_err(|e| bad_input("blockers", e))?;
                set = set.with(sq);
            }
            let dir = db.unwrap_or_else(default_dir);
            let dbs = crate::output::open_databases(&dir)?;
            let answer = dbs.query(&pos, set).map_err(|e| bad_input("blockers", e))?;
            if json {
                print_json(&query_report(&answer)?);
                return Ok(());
            }
            match answer {
                QueryAnswer::Active {
                    thermograph: t,
                    canonical,
                } => println!(
                    "active area: canonical form {}, left stop {}, right stop {}, mean {}, temperature {}",
                    canonical.unwrap_or("(not stored)"),
                    t.left_stop()?,
                    t.right_stop()?,
                    t.mean(),
                    t.temperature()
                ),
                QueryAnswer::Territory {
                    owner,
                    blockers,
                    moves,
                    best_move,
                } => {
                    let kind = if blockers { "blocker" } else { "simple" };
                    match best_move {
                        Some(mv) => println!("{kind} territory ({owner}): {moves} moves, best move {mv}"),
                        None if blockers => println!("{kind} territory ({owner}): {moves} moves"),
                        None => println!("{kind} territory ({owner}): {moves} moves, best move none"),
                    }
                }
                QueryAnswer::NotFound => println!("not found"),
            }
            Ok(())
        }
    }
}

/// The JSON of `db query --json`.
fn query_report(answer: &QueryAnswer<'_>) -> Result<DbQueryReport> {
    Ok(match *answer {
        QueryAnswer::Active {
            thermograph,
            canonical,
        } => DbQueryReport {
            best_move: None,
            found: true,
            kind: Some("active"),
            moves: None,
            thermograph: Some(ThermographReport::new(canonical, thermograph)?),
        },
        QueryAnswer::Territory {
            blockers,
            moves,
            best_move,
            ..
        } => DbQueryReport {
            best_move: best_move.map(|m| m.to_string()),
            found: true,
            kind: Some(if blockers { "blocker" } else { "simple" }),
            moves: Some(moves),
            thermograph: None,
        },
        QueryAnswer::NotFound => DbQueryReport::not_found(),
    })
}

impl From<KindArg> for DbKind {
    fn from(kind: KindArg) -> DbKind {
        match kind {
            KindArg::Simple => DbKind::Simple,
            KindArg::Blocker => DbKind::Blocker,
            KindArg::Active => DbKind::Active,
        }
    }
}

fn info(path: &Path) -> Result<()> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut v: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| bad_input(&format!("directory {}", path.display()), e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == EXTENSION))
            .collect();
        v.sort();
        v
    } else {
        vec![path.to_owned()]
    };
    // Every file is read whole and checked as its kind; a bad one is
    // reported and the others still are.
    let mut bad = Vec::new();
    for file in &files {
        match check_file(file) {
            Ok(line) => println!("{}: {line}", file.display()),
            Err(e) => {
                println!("{}: invalid: {e}", file.display());
                bad.push(format!("{}: {e}", file.display()));
            }
        }
    }
    match bad.len() {
        0 => Ok(()),
        1 => Err(bad_input("db info", &bad[0])),
        n => Err(bad_input(
            "db info",
            format!(
                "{n} of {} database files are not valid, the first {}",
                files.len(),
                bad[0]
            ),
        )),
    }
}

/// The info line of a database file that reads back valid as the kind its
/// header and its name give, or why it does not.
fn check_file(file: &Path) -> Result<String, String> {
    let i = databases::format::validate(file).map_err(|e| e.to_string())?;
    let h = &i.header;
    if !i.checksum_ok {
        return Err("checksum MISMATCH".to_owned());
    }
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let named = ["simple", "blocker", "active", "dots"]
        .into_iter()
        .find(|k| name.starts_with(&format!("{k}-")));
    if named.is_some_and(|k| k != h.kind.to_string()) {
        return Err(format!(
            "the header says {} but the name says {}",
            h.kind,
            named.unwrap_or("")
        ));
    }
    let queens: Vec<String> = h.queens.iter().map(u32::to_string).collect();
    Ok(format!(
        "{} {}x{} queens {} entries {} bytes {} checksum ok",
        h.kind,
        h.width,
        h.height,
        queens.join("+"),
        h.entries,
        i.file_len,
    ))
}
