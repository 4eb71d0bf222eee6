//! `cgtk db ...`: build, inspect and query endgame databases.

use std::path::{Path, PathBuf};

use amazons::{Bitboard, Color, Position, Size, Square};
use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use databases::{
    build_active, build_blocker, build_simple, default_dir, file_name, inspect, paper_active_set,
    paper_blocker_set, paper_simple_set, BoxIndex, BuildReport, Databases, DbKind, EXTENSION,
};
use serde_json::json;

use crate::output::{self, bad_input};
use crate::thermo_out;

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

/// Endgame databases (seed 004, III).
#[derive(Subcommand)]
pub enum DbCommand {
    /// Build databases into a directory; valid files already there are kept.
    Build {
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
        /// The paper's set (seed 004, III-B): simple and blocker territories
        /// 1xn, 2xn, 3xn for 2 <= n <= 6 with 1 to 4 queens (not 3x6 with 4);
        /// active areas 1xn, 2xn (n <= 6), 3xn (3 <= n <= 5) with 1 to 4
        /// queens a side, 3x6 with at most 2 a side, the four smallest 4x4.
        #[arg(long, conflicts_with = "size")]
        paper_set: bool,
        /// Skip databases with more entries than this (listed as skipped).
        #[arg(long)]
        max_entries: Option<u64>,
        /// The output directory (default `$CGTK_DB`, else `./cgtk-db`).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
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

/// One database to build.
enum Job {
    Simple(u8, u8, u32),
    Blocker(u8, u8, u32, u32),
    Active(u8, u8, u32, u32),
}

impl Job {
    /// The entries of the largest table this job builds: a blocker table
    /// builds the tables with fewer blockers it depends on first.
    fn entries(&self) -> Option<u64> {
        let count = |w, h, groups: &[u32]| BoxIndex::new(w, h, groups).ok().map(|i| i.count());
        match *self {
            Job::Simple(w, h, q) => count(w, h, &[q]),
            Job::Blocker(w, h, n, b) => (0..b)
                .map(|down| count(w, h, &[n + down, b - down]))
                .chain([count(w, h, &[n + b])])
                .try_fold(0, |acc, c| c.map(|c| acc.max(c))),
            Job::Active(w, h, b, wq) => count(w, h, &[b, wq]),
        }
    }
}

/// The most squares a box may have (an index of a 24-square box fits memory
/// only with few queens; `--max-entries` limits the rest).
const MAX_SQUARES: u32 = 24;

fn build_jobs(
    kind: Option<KindArg>,
    size: Option<String>,
    queens: Vec<u32>,
    paper_set: bool,
) -> Result<Vec<Job>> {
    if paper_set {
        let kinds = match kind {
            Some(k) => vec![k],
            None => vec![KindArg::Simple, KindArg::Blocker, KindArg::Active],
        };
        let mut jobs = Vec::new();
        for k in kinds {
            match k {
                KindArg::Simple => jobs.extend(
                    paper_simple_set()
                        .into_iter()
                        .map(|(w, h, q)| Job::Simple(w, h, q)),
                ),
                KindArg::Blocker => jobs.extend(
                    paper_blocker_set()
                        .into_iter()
                        .map(|(w, h, n, b)| Job::Blocker(w, h, n, b)),
                ),
                KindArg::Active => jobs.extend(
                    paper_active_set()
                        .into_iter()
                        .map(|(w, h, b, wq)| Job::Active(w, h, b, wq)),
                ),
            }
        }
        return Ok(jobs);
    }
    let kind = kind.unwrap_or(KindArg::Simple);
    let Some(text) = size else {
        return Err(bad_input("size", "--size is required without --paper-set"));
    };
    let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
    let (w, h) = (size.width(), size.height());
    let n = u32::from(w) * u32::from(h);
    if n > MAX_SQUARES {
        return Err(bad_input(
            "size",
            format!(
                "{text}: at most {MAX_SQUARES} squares for {} databases",
                kind_name(kind)
            ),
        ));
    }
    if kind == KindArg::Active {
        let q = if queens.is_empty() {
            vec![1, 1]
        } else {
            queens
        };
        if q.len() != 2 || q.contains(&0) || q[0].saturating_add(q[1]) >= n {
            return Err(bad_input(
                "queens",
                "active areas need B,W: at least one queen each, fewer than the box's squares",
            ));
        }
        return Ok(vec![Job::Active(w, h, q[0], q[1])]);
    }
    let queens = if queens.is_empty() {
        (1..=4).filter(|&q| q < n).collect()
    } else {
        queens
    };
    for &q in &queens {
        if q == 0 || q >= n {
            return Err(bad_input(
                "queens",
                format!("{q} is out of range (1 to {})", n - 1),
            ));
        }
    }
    Ok(match kind {
        KindArg::Blocker => queens
            .into_iter()
            .flat_map(|k| (1..=k).map(move |b| Job::Blocker(w, h, k - b, b)))
            .collect(),
        _ => queens.into_iter().map(|q| Job::Simple(w, h, q)).collect(),
    })
}

/// Runs a `db` subcommand.
pub fn run(command: DbCommand) -> Result<()> {
    match command {
        DbCommand::Build {
            kind,
            size,
            queens,
            paper_set,
            max_entries,
            out,
            quiet,
        } => {
            let out = out.unwrap_or_else(default_dir);
            for job in build_jobs(kind, size, queens, paper_set)? {
                if let (Some(max), Some(n)) = (max_entries, job.entries()) {
                    if n > max {
                        let (kind, w, h, q) = match job {
                            Job::Simple(w, h, q) => (DbKind::Simple, w, h, vec![q]),
                            Job::Blocker(w, h, n, b) => (DbKind::Blocker, w, h, vec![n, b]),
                            Job::Active(w, h, b, wq) => (DbKind::Active, w, h, vec![b, wq]),
                        };
                        println!(
                            "{} (skipped: {n} entries to build, over --max-entries)",
                            out.join(file_name(kind, w, h, &q)).display()
                        );
                        continue;
                    }
                }
                let r: BuildReport = match job {
                    Job::Simple(w, h, q) => build_simple(&out, w, h, q, !quiet)?,
                    Job::Blocker(w, h, n, b) => build_blocker(&out, w, h, n, b, !quiet)?,
                    Job::Active(w, h, b, wq) => build_active(&out, w, h, b, wq, !quiet)?,
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
            let dir = db.unwrap_or_else(default_dir);
            let dbs = Databases::open_dir(&dir)
                .map_err(|e| bad_input(&format!("database {}", dir.display()), e))?;
            let (black, white) = (pos.queens(Color::Black), pos.queens(Color::White));
            if black.any() && white.any() {
                let t = dbs.active(pos.empty(), black, white);
                if json {
                    let thermograph = match t {
                        Some(t) => {
                            let canonical = dbs.active_canonical(pos.empty(), black, white);
                            let mut v = thermo_out::thermograph_json(canonical.unwrap_or(""), t)?;
                            // Large tables store no canonical forms.
                            if canonical.is_none() {
                                v["canonical"] = serde_json::Value::Null;
                            }
                            v
                        }
                        None => serde_json::Value::Null,
                    };
                    output::print_json(&json!({
                        "found": t.is_some(),
                        "kind": t.map(|_| "active"),
                        "moves": null,
                        "thermograph": thermograph,
                        "best_move": null,
                    }));
                } else {
                    match t {
                        Some(t) => println!(
                            "active area: canonical form {}, left stop {}, right stop {}, mean {}, temperature {}",
                            dbs.active_canonical(pos.empty(), black, white).unwrap_or("(not stored)"),
                            t.left_stop()?,
                            t.right_stop()?,
                            t.mean(),
                            t.temperature()
                        ),
                        None => println!("not found"),
                    }
                }
                return Ok(());
            }
            let owner = if white.is_empty() {
                Color::Black
            } else {
                Color::White
            };
            if !blockers.is_empty() {
                let queens = pos.queens(owner);
                let mut set = Bitboard::EMPTY;
                for text in &blockers {
                    let sq: Square = text.parse().map_err(|e| bad_input("blockers", e))?;
                    if !queens.contains(sq) {
                        return Err(bad_input(
                            "blockers",
                            format!("{text} is not a queen of the position"),
                        ));
                    }
                    set = set.with(sq);
                }
                let n = dbs.blocker_territory(pos.empty(), queens - set, set);
                let mv = dbs.blocker_territory_best_move(pos.empty(), queens - set, set);
                if json {
                    output::print_json(&json!({
                        "found": n.is_some(),
                        "kind": n.map(|_| "blocker"),
                        "moves": n,
                        "thermograph": null,
                        "best_move": mv.map(|m| m.to_string()),
                    }));
                } else {
                    match (n, mv) {
                        (Some(n), Some(mv)) => {
                            println!("blocker territory ({owner}): {n} moves, best move {mv}")
                        }
                        (Some(n), None) => println!("blocker territory ({owner}): {n} moves"),
                        (None, _) => println!("not found"),
                    }
                }
                return Ok(());
            }
            let answer = dbs.position_territory(&pos);
            if json {
                let value = match answer {
                    Some((n, mv)) => json!({
                        "found": true,
                        "kind": "simple",
                        "moves": n,
                        "thermograph": null,
                        "best_move": mv.map(|m| m.to_string()),
                    }),
                    None => json!({
                        "found": false,
                        "kind": null,
                        "moves": null,
                        "thermograph": null,
                        "best_move": null,
                    }),
                };
                output::print_json(&value);
            } else {
                match answer {
                    Some((n, mv)) => println!(
                        "simple territory ({owner}): {n} moves, best move {}",
                        mv.map_or("none".to_owned(), |m| m.to_string())
                    ),
                    None => println!("not found"),
                }
            }
            Ok(())
        }
    }
}

fn kind_name(kind: KindArg) -> &'static str {
    match kind {
        KindArg::Simple => "simple",
        KindArg::Blocker => "blocker",
        KindArg::Active => "active",
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
    for file in files {
        let i = inspect(&file).map_err(|e| bad_input(&format!("{}", file.display()), e))?;
        let h = &i.header;
        let queens: Vec<String> = h.queens.iter().map(u32::to_string).collect();
        println!(
            "{}: {} {}x{} queens {} entries {} bytes {} checksum {}",
            file.display(),
            h.kind,
            h.width,
            h.height,
            queens.join("+"),
            h.entries,
            i.file_len,
            if i.checksum_ok { "ok" } else { "MISMATCH" }
        );
    }
    Ok(())
}
