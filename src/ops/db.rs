//! Endgame databases (Song & Müller 2015, §III): which tables a build
//! names, building them, their build plan, checking their files, and
//! looking positions up.

use std::path::{Path, PathBuf};
use std::time::Duration;

use amazons::{Bitboard, Position, Size, Square};
use cgt::budget::{StopFlag, Watch};
use cgt::ProgressSink;
use databases::plan::Plan;
use databases::{BuildJob, Databases, DbError, DbKind, JobError, QueryAnswer, EXTENSION};

use super::bad_input;
use crate::report::{
    DbBuildReport, DbFileReport, DbInfoReport, DbQueryReport, DbSkippedReport, DbTableReport,
    ThermographReport,
};

/// Which tables a build or a build plan names.
#[derive(Clone, Debug, Default)]
pub struct TablesOptions {
    /// The kind (default: simple; with `paper_set`, every kind).
    pub kind: Option<DbKind>,
    /// The box size `WxH` (required without `paper_set`).
    pub size: Option<String>,
    /// Simple and blocker: total queen counts (default 1 to 4, fewer than
    /// the box's squares). Active: the Black and White queen counts
    /// (default 1, 1).
    pub queens: Vec<u32>,
    /// The paper's set (Song & Müller 2015, §III-B) instead of one box.
    pub paper_set: bool,
    /// Leave out tables with more entries than this.
    pub max_entries: Option<u64>,
}

/// Tables left out for [`TablesOptions::max_entries`], with their entry
/// counts.
pub type Skipped = Vec<(BuildJob, u64)>;

/// The tables asked for, and those left out.
pub fn tables(options: &TablesOptions) -> anyhow::Result<(Vec<BuildJob>, Skipped)> {
    let jobs = if options.paper_set {
        let kinds = match options.kind {
            Some(k) => vec![k],
            None => vec![DbKind::Simple, DbKind::Blocker, DbKind::Active],
        };
        BuildJob::paper_set(&kinds)
    } else {
        let Some(text) = &options.size else {
            return Err(bad_input("size", "--size is required without --paper-set"));
        };
        let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
        let kind = options.kind.unwrap_or(DbKind::Simple);
        BuildJob::for_box(kind, size.width(), size.height(), &options.queens).map_err(|e| {
            let what = match e {
                JobError::BoxTooLarge { .. } => "size",
                _ => "queens",
            };
            bad_input(what, e)
        })?
    };
    let (mut keep, mut skip) = (Vec::new(), Vec::new());
    for job in jobs {
        match (options.max_entries, job.entries()) {
            (Some(max), Some(n)) if n > max => skip.push((job, n)),
            _ => keep.push(job),
        }
    }
    Ok((keep, skip))
}

/// `db build`: builds the tables into `out` in turn (valid files already
/// there are kept), calling `built` after each; stops at `time` or `stop`
/// (the table under way is given up without a file; a later build
/// resumes).
pub fn build(
    tables: &TablesOptions,
    out: &Path,
    time: Option<Duration>,
    stop: &StopFlag,
    progress: &dyn ProgressSink,
    built: &mut dyn FnMut(&DbTableReport),
) -> anyhow::Result<DbBuildReport> {
    if out.exists() && !out.is_dir() {
        return Err(bad_input(
            &format!("--out {}", out.display()),
            "a file is there: the output is a directory",
        ));
    }
    let (jobs, skipped) = self::tables(tables)?;
    let mut report = DbBuildReport {
        limit: None,
        skipped: skipped
            .iter()
            .map(|(job, entries)| DbSkippedReport {
                entries: *entries,
                path: job.path(out).display().to_string(),
            })
            .collect(),
        tables: Vec::new(),
        total: jobs.len(),
    };
    let watch = Watch::new(time, Some(stop));
    for job in jobs {
        if let Some(limit) = watch.reached() {
            report.limit = Some(limit.name());
            break;
        }
        let r = match job.run(out, progress, &watch) {
            Ok(r) => r,
            Err(DbError::Stopped { limit }) => {
                report.limit = Some(limit.name());
                break;
            }
            Err(e @ DbError::OutOfMemory { .. }) => return Err(bad_input("db build", e)),
            Err(e) => return Err(anyhow::Error::new(e)),
        };
        let table = DbTableReport {
            bytes: r.bytes,
            entries: r.entries,
            path: r.path.display().to_string(),
            resumed: r.resumed,
            seconds: r.elapsed.as_secs_f64(),
        };
        built(&table);
        report.tables.push(table);
    }
    Ok(report)
}

/// `db plan`: the tables as a build plan (one shard per table, after the
/// tables it depends on) writing into `out` (made absolute), and the
/// tables left out for `max_entries` with their entry counts.
pub fn plan(tables: &TablesOptions, out: &Path) -> anyhow::Result<(Plan, Vec<DbSkippedReport>)> {
    let out = super::plan::absolute(out);
    let (jobs, skipped) = self::tables(tables)?;
    let skipped = skipped
        .iter()
        .map(|(job, entries)| DbSkippedReport {
            entries: *entries,
            path: job.path(&out).display().to_string(),
        })
        .collect();
    Ok((databases::plan::amazons_db_plan(&jobs, &out), skipped))
}

/// `db info`: every database file `path` names (a file, or those of a
/// directory), each read whole and checked as its kind; a bad one is
/// reported and the others still are (see [`check_info`]).
pub fn info(path: &Path) -> anyhow::Result<DbInfoReport> {
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
    Ok(DbInfoReport {
        files: files.iter().map(|f| check_file(f)).collect(),
    })
}

/// Bad input naming the first invalid file of `report`, if any.
pub fn check_info(report: &DbInfoReport) -> anyhow::Result<()> {
    let bad: Vec<String> = report
        .files
        .iter()
        .filter_map(|f| Some(format!("{}: {}", f.path, f.error.as_ref()?)))
        .collect();
    match bad.len() {
        0 => Ok(()),
        1 => Err(bad_input("db info", &bad[0])),
        n => Err(bad_input(
            "db info",
            format!(
                "{n} of {} database files are not valid, the first {}",
                report.files.len(),
                bad[0]
            ),
        )),
    }
}

/// What a database file holds, if it reads back valid as the kind its
/// header and its name give, or why not.
fn check_file(file: &Path) -> DbFileReport {
    let mut report = DbFileReport {
        bytes: None,
        entries: None,
        error: None,
        kind: None,
        path: file.display().to_string(),
        queens: None,
        size: None,
    };
    let i = match databases::format::validate(file) {
        Ok(i) => i,
        Err(e) => {
            // The error names the file; the report names it already.
            let text = e.to_string();
            let prefix = format!("{}: ", report.path);
            report.error = Some(text.strip_prefix(&prefix).unwrap_or(&text).to_owned());
            return report;
        }
    };
    let h = &i.header;
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let named = ["simple", "blocker", "active", "dots"]
        .into_iter()
        .find(|k| name.starts_with(&format!("{k}-")));
    if !i.checksum_ok {
        report.error = Some("checksum MISMATCH".to_owned());
    } else if let Some(k) = named.filter(|k| *k != h.kind.to_string()) {
        report.error = Some(format!("the header says {} but the name says {k}", h.kind));
    } else {
        report.bytes = Some(i.file_len);
        report.entries = Some(h.entries);
        report.kind = Some(h.kind.to_string());
        report.queens = Some(h.queens.clone());
        report.size = Some(format!("{}x{}", h.width, h.height));
    }
    report
}

/// Where [`open`] tells of a database file it leaves out (a line such as
/// `FILE: REASON`): the CLI prints a warning on stderr.
pub type LeftOut = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The databases of the directory `dir`, opened lazily (headers now, each
/// table read and checked when first used): a file that cannot be read is
/// handed to `left_out` and left out, when the directory is opened (a bad
/// header) or when a lookup first needs it (a bad checksum or entry; that
/// lookup goes on as if the file were not there); a directory that cannot
/// be listed is bad input.
pub fn open(dir: &Path, left_out: LeftOut) -> anyhow::Result<Databases> {
    let (mut dbs, skipped) =
        Databases::open_dir_skipping(dir).map_err(|e| bad_input("database directory", e))?;
    for e in skipped {
        left_out(&e.to_string());
    }
    dbs.on_bad_table(std::sync::Arc::new(move |e| left_out(&e.to_string())));
    Ok(dbs)
}

/// Reads the position and blocker squares of a `db query`.
pub fn query_position(position: &str, blockers: &[String]) -> anyhow::Result<(Position, Bitboard)> {
    let pos: Position = position.parse().map_err(|e| bad_input("position", e))?;
    let mut set = Bitboard::EMPTY;
    for text in blockers {
        let sq: Square = text.parse().map_err(|e| bad_input("blockers", e))?;
        set = set.with(sq);
    }
    Ok((pos, set))
}

/// `db query`: what the databases `dbs` answer for `pos` with the queens on
/// `blockers` as blockers.
pub fn query<'d>(
    dbs: &'d Databases,
    pos: &Position,
    blockers: Bitboard,
) -> anyhow::Result<QueryAnswer<'d>> {
    dbs.query(pos, blockers)
        .map_err(|e| bad_input("blockers", e))
}

/// The report of a query's answer.
pub fn query_report(answer: &QueryAnswer<'_>) -> anyhow::Result<DbQueryReport> {
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
