//! `cgtk db ...`: build, inspect and query endgame databases.

use std::path::{Path, PathBuf};

use amazons::{Color, Position, Size};
use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use databases::{build_simple, default_dir, inspect, paper_simple_set, Databases, EXTENSION};
use serde_json::json;

use crate::output::{self, bad_input};

/// The kinds of database `db build` knows.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Simple territories: move counts.
    Simple,
    /// Blocker territories (not built by this version).
    Blocker,
    /// Active areas (not built by this version).
    Active,
}

/// Endgame databases (seed 004, III).
#[derive(Subcommand)]
pub enum DbCommand {
    /// Build databases into a directory; valid files already there are kept.
    Build {
        /// The kind of database.
        #[arg(long, value_enum, default_value = "simple")]
        kind: KindArg,
        /// The box size `WxH` (required without --paper-set).
        #[arg(long, required_unless_present = "paper_set")]
        size: Option<String>,
        /// Queen counts, e.g. `2` or `1,2,3` (default 1 to 4, fewer than
        /// the box's squares).
        #[arg(long, value_delimiter = ',')]
        queens: Vec<u32>,
        /// The paper's simple territory set: 1xn, 2xn, 3xn for 2 <= n <= 6,
        /// 1 to 4 queens, not 3x6 with 4 queens.
        #[arg(long, conflicts_with = "size")]
        paper_set: bool,
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
    /// Look a position up: the move count and a best move of a territory.
    Query {
        /// A position (`x` burnt), e.g. `xxxx/x..x/xB.x w`.
        position: String,
        /// The database directory (default `$CGTK_DB`, else `./cgtk-db`).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Print `{"found", "kind", "moves", "thermograph", "best_move"}`.
        #[arg(long)]
        json: bool,
    },
}

/// The largest box side `db build` accepts (larger boxes cannot be indexed
/// in memory anyway).
const MAX_SIDE: u8 = 8;

/// Runs a `db` subcommand.
pub fn run(command: DbCommand) -> Result<()> {
    match command {
        DbCommand::Build {
            kind,
            size,
            queens,
            paper_set,
            out,
            quiet,
        } => {
            if kind != KindArg::Simple {
                anyhow::bail!("only simple territory databases can be built by this version");
            }
            let out = out.unwrap_or_else(default_dir);
            let jobs: Vec<(u8, u8, u32)> = if paper_set {
                paper_simple_set()
            } else {
                let text = size.expect("clap requires --size");
                let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
                let (w, h) = (size.width(), size.height());
                if w > MAX_SIDE || h > MAX_SIDE || u32::from(w) * u32::from(h) > 24 {
                    return Err(bad_input("size", format!("{text}: at most 24 squares")));
                }
                let n = u32::from(w) * u32::from(h);
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
                queens.into_iter().map(|q| (w, h, q)).collect()
            };
            for (w, h, q) in jobs {
                let r = build_simple(&out, w, h, q, !quiet)?;
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
        DbCommand::Query { position, db, json } => {
            let pos: Position = position.parse().map_err(|e| bad_input("position", e))?;
            let dir = db.unwrap_or_else(default_dir);
            let dbs = Databases::open_dir(&dir)
                .map_err(|e| bad_input(&format!("database {}", dir.display()), e))?;
            let answer = dbs.position_territory(&pos);
            let owner = if pos.queens(Color::White).is_empty() {
                Color::Black
            } else {
                Color::White
            };
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
