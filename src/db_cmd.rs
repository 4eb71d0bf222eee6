//! `cgtk db ...`: build, inspect and query endgame databases.

use std::path::{Path, PathBuf};

use amazons::{Color, Position, Size};
use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use databases::{
    build_active, build_simple, default_dir, inspect, paper_simple_set, BuildReport, Databases,
    EXTENSION,
};
use serde_json::json;

use crate::output::{self, bad_input};
use crate::thermo_out;

/// The kinds of database `db build` knows.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// Simple territories: move counts.
    Simple,
    /// Blocker territories (not built by this version).
    Blocker,
    /// Active areas: subzero thermographs (`--queens B,W`: Black, White).
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
        /// Simple: queen counts, e.g. `2` or `1,2,3` (default 1 to 4, fewer
        /// than the box's squares). Active: `B,W`, the Black and White queen
        /// counts (default 1,1).
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
    /// Look a position up: the move count and a best move of a territory, or
    /// the thermograph of an active area (the whole position, every square
    /// outside the box burnt).
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
            if kind == KindArg::Blocker {
                anyhow::bail!("blocker territory databases are not built by this version");
            }
            let out = out.unwrap_or_else(default_dir);
            let jobs: Vec<(u8, u8, Vec<u32>)> = if paper_set {
                if kind != KindArg::Simple {
                    return Err(bad_input("--paper-set", "only with --kind simple"));
                }
                paper_simple_set()
                    .into_iter()
                    .map(|(w, h, q)| (w, h, vec![q]))
                    .collect()
            } else {
                let text = size.expect("clap requires --size");
                let size: Size = text.parse().map_err(|e| bad_input("size", e))?;
                let (w, h) = (size.width(), size.height());
                let n = u32::from(w) * u32::from(h);
                let max_cells = if kind == KindArg::Active { 12 } else { 24 };
                if n > max_cells {
                    return Err(bad_input(
                        "size",
                        format!(
                            "{text}: at most {max_cells} squares for {} databases",
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
                    vec![(w, h, q)]
                } else {
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
                    queens.into_iter().map(|q| (w, h, vec![q])).collect()
                }
            };
            for (w, h, q) in jobs {
                let r: BuildReport = if kind == KindArg::Active {
                    build_active(&out, w, h, q[0], q[1])?
                } else {
                    build_simple(&out, w, h, q[0], !quiet)?
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
        DbCommand::Query { position, db, json } => {
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
            let answer = dbs.position_territory(&pos);
            let owner = if white.is_empty() {
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
