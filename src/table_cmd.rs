//! `cgtk dots table ...`: whole-board retrograde tables.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use cgtk::ops::dots::{self as ops, SHARD_PARTS};
use cgtk::report::PlanRunReport;
use clap::{Args, Subcommand};
use databases::dots::Split;
use databases::plan;
use dots::{Board, Position};

use crate::dots_out::print_analysis;
use crate::output::{bad_input, print_json};
use crate::plan_args::{EmitArgs, RunnerArgs};
use crate::progress;
use cgtk::ops::plan::absolute;

/// Whole-board table subcommands.
#[derive(Subcommand)]
pub enum TableCommand {
    /// Build the value of every position of a board into a directory (one
    /// file per shard; resumes, keeping the valid files).
    Build(BuildArgs),
    /// A position's value and every move's, from a table.
    Query(QueryArgs),
    /// What a directory holds: boards, shard files, positions, bytes.
    Info(InfoArgs),
    /// Write the build plan (JSON) or a Slurm submission script for it.
    Plan(PlanArgs),
}

/// How shards are split into parts.
#[derive(Args, Clone, Copy)]
pub struct SplitArgs {
    /// Split shards with more positions than this (at least 1) into parts.
    #[arg(long, default_value_t = 200_000_000,
          value_parser = cgtk::ops::bounds::at_least_one)]
    split_above: u64,
    /// The most parts of one shard (1 to 1000).
    #[arg(long, default_value_t = 20,
          value_parser = cgtk::ops::bounds::parser(SHARD_PARTS))]
    max_parts: u64,
}

impl SplitArgs {
    fn split(self) -> Split {
        Split {
            above: self.split_above,
            max_parts: u32::try_from(self.max_parts).unwrap_or(u32::MAX),
        }
    }
}

/// `dots table build`.
#[derive(Args)]
pub struct BuildArgs {
    /// The board, `WxH` boxes (at most 48 lines; this machine builds up to
    /// about 32).
    board: String,
    /// The table's directory (created if missing).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    split: SplitArgs,
    #[command(flatten)]
    runner: RunnerArgs,
}

/// `dots table query`.
#[derive(Args)]
pub struct QueryArgs {
    /// `WxH` or `WxH:e,e,e`.
    position: String,
    /// The table's directory.
    #[arg(long)]
    table: PathBuf,
    /// Print the JSON of `dots analyze --json`.
    #[arg(long)]
    json: bool,
}
/// `dots table info`.
#[derive(Args)]
pub struct InfoArgs {
    /// The directory.
    dir: PathBuf,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
}

/// `dots table plan`.
#[derive(Args)]
pub struct PlanArgs {
    /// The board, `WxH`.
    board: String,
    /// The table's directory (as every node sees it).
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    emit: EmitArgs,
    #[command(flatten)]
    split: SplitArgs,
}

fn parse_board(text: &str) -> Result<Board> {
    let pos: Position = text.parse().map_err(|e| bad_input("board", e))?;
    if !pos.edges().is_empty() {
        return Err(bad_input(
            "board",
            format!("{text:?} is not a board size (WxH)"),
        ));
    }
    Ok(pos.board())
}

/// Runs a `dots table` subcommand.
pub fn run(command: TableCommand) -> Result<()> {
    match command {
        TableCommand::Build(args) => build(args),
        TableCommand::Query(args) => query(args),
        TableCommand::Info(args) => info(args),
        TableCommand::Plan(args) => emit_plan(args),
    }
}

fn build(args: BuildArgs) -> Result<()> {
    let board = parse_board(&args.board)?;
    let split = args.split.split();
    let opts = args.runner.options()?;
    let plan = plan::dots_table_plan(board, &absolute(&args.out), split)
        .map_err(|e| bad_input("board", e))?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| bad_input(&format!("--out {}", args.out.display()), e))?;
    let bar = progress::Bar::new(args.runner.quiet);
    let start = Instant::now();
    let report = plan::run_local(&plan, &opts, &bar)?;
    let seconds = start.elapsed().as_secs_f64();
    if args.runner.json {
        print_json(&PlanRunReport {
            board: Some(args.board.clone()),
            built: report.built,
            kept: report.kept,
            peak_loaded_bytes: report.peak_loaded_bytes,
            seconds,
            shards: plan.shards.len(),
            limit: report.stopped.map(cgt::budget::Limit::name),
        });
    } else {
        println!(
            "{}: {} shard files ({} built, {} kept) in {}, {:.1} s{}",
            args.board,
            plan.shards.len(),
            report.built,
            report.kept,
            args.out.display(),
            seconds,
            crate::plan_args::stopped_note(report.stopped)
        );
    }
    Ok(())
}

fn query(args: QueryArgs) -> Result<()> {
    let pos = ops::position(&args.position)?;
    let report = ops::table_query(&args.table, &pos)?;
    print_analysis(&pos, &report, args.json, Some(&args.table));
    Ok(())
}

fn info(args: InfoArgs) -> Result<()> {
    let report = ops::table_info(&args.dir)?;
    if args.json {
        print_json(&report);
        return Ok(());
    }
    if report.tables.is_empty() {
        println!("{}: no whole-board table", args.dir.display());
    }
    for t in &report.tables {
        println!(
            "{}: {} of {} shard files valid{}, {} positions stored of {} ({:.2}x fewer by symmetry), {} bits per value, {} bytes",
            t.board,
            t.valid,
            t.files,
            if t.complete { " (complete)" } else { " (INCOMPLETE)" },
            t.positions,
            t.board_positions,
            t.board_positions as f64 / t.positions.max(1) as f64,
            t.bits_per_value,
            t.bytes
        );
    }
    Ok(())
}

fn emit_plan(args: PlanArgs) -> Result<()> {
    let board = parse_board(&args.board)?;
    let split = args.split.split();
    let plan = plan::dots_table_plan(board, &absolute(&args.out), split)
        .map_err(|e| bad_input("board", e))?;
    args.emit.emit(&plan)
}
