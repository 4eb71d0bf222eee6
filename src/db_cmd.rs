//! `cgtk db ...`: build, inspect and query endgame databases: the options
//! and output; the work is done by [`cgtk::ops::db`].

use std::path::PathBuf;

use anyhow::Result;
use cgtk::ops::bounds;
use cgtk::ops::db::{self, TablesOptions};
use clap::{Args, Subcommand, ValueEnum};
use databases::{default_dir, DbKind, QueryAnswer};

use crate::output::print_json;
use crate::plan_args::EmitArgs;
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

impl TablesArgs {
    /// The library's options.
    fn options(&self) -> TablesOptions {
        TablesOptions {
            kind: self.kind.map(DbKind::from),
            size: self.size.clone(),
            queens: self.queens.clone(),
            paper_set: self.paper_set,
            max_entries: self.max_entries,
        }
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
        /// (within a few milliseconds for territories, a thousand entries for active
        /// areas), the files built stay, and a later build resumes.
        #[arg(long, value_name = "S", value_parser = bounds::seconds)]
        time_limit: Option<std::time::Duration>,
        /// Print `{"limit", "skipped": [{"entries", "path"}], "tables":
        /// [{"bytes", "entries", "path", "resumed", "seconds"}], "total"}`.
        #[arg(long)]
        json: bool,
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
        /// Print `{"files": [{"bytes", "entries", "error", "kind", "path",
        /// "queens", "size"}]}` (`error` null for a valid file, the others
        /// null for an invalid one).
        #[arg(long)]
        json: bool,
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
            let (plan, skipped) = db::plan(&tables.options(), &out.unwrap_or_else(default_dir))?;
            for s in skipped {
                eprintln!(
                    "{} (left out: {} entries to build, over --max-entries)",
                    s.path, s.entries
                );
            }
            emit.emit(&plan)
        }
        DbCommand::Build {
            tables,
            out,
            quiet,
            time_limit,
            json,
        } => {
            let out = out.unwrap_or_else(default_dir);
            let tables = tables.options();
            // The text lists the tables left out first, then each table as
            // it is built.
            if !json {
                let (_, skipped) = db::tables(&tables)?;
                for (job, n) in skipped {
                    println!(
                        "{} (skipped: {n} entries to build, over --max-entries)",
                        job.path(&out).display()
                    );
                }
            }
            let bar = progress::Bar::new(quiet);
            let report = db::build(
                &tables,
                &out,
                time_limit,
                crate::interrupted(),
                &bar,
                &mut |t| {
                    if !json {
                        println!(
                            "{} {} entries {} bytes {}",
                            t.path,
                            t.entries,
                            t.bytes,
                            if t.resumed {
                                "(already there)".to_owned()
                            } else {
                                format!("{:.3} s", t.seconds)
                            }
                        );
                    }
                },
            )?;
            if json {
                print_json(&report);
            } else if let Some(limit) = report.limit {
                println!(
                    "stopped: {} after {} of {} tables (run again to resume)",
                    cgtk::report::stop_reason(limit),
                    report.tables.len(),
                    report.total
                );
            }
            Ok(())
        }
        DbCommand::Info { path, json } => {
            let report = db::info(&path)?;
            if json {
                print_json(&report);
            } else {
                for f in &report.files {
                    match (&f.error, &f.kind, &f.size, &f.queens, f.entries, f.bytes) {
                        (
                            None,
                            Some(kind),
                            Some(size),
                            Some(queens),
                            Some(entries),
                            Some(bytes),
                        ) => {
                            let queens: Vec<String> = queens.iter().map(u32::to_string).collect();
                            println!(
                                "{}: {kind} {size} queens {} entries {entries} bytes {bytes} checksum ok",
                                f.path,
                                queens.join("+")
                            );
                        }
                        (error, ..) => println!(
                            "{}: invalid: {}",
                            f.path,
                            error.as_deref().unwrap_or("unknown")
                        ),
                    }
                }
            }
            db::check_info(&report)
        }
        DbCommand::Query {
            position,
            blockers,
            db: dir,
            json,
        } => {
            let (pos, blockers) = db::query_position(&position, &blockers)?;
            let dbs = crate::output::open_databases(&dir.unwrap_or_else(default_dir))?;
            let answer = db::query(&dbs, &pos, blockers)?;
            if json {
                print_json(&db::query_report(&answer)?);
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

impl From<KindArg> for DbKind {
    fn from(kind: KindArg) -> DbKind {
        match kind {
            KindArg::Simple => DbKind::Simple,
            KindArg::Blocker => DbKind::Blocker,
            KindArg::Active => DbKind::Active,
        }
    }
}
