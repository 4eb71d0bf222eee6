//! `cgtk plan ...`: run build plans locally or one shard at a time (as a
//! cluster job does): the options and output; the work is done by
//! [`cgtk::ops::plan`].

use std::path::PathBuf;

use anyhow::Result;
use cgtk::ops::bounds;
use cgtk::ops::plan::{self as plan_ops, ShardChoice, SIM_WORKERS};
use cgtk::report::{PlanRunReport, PlanStatusReport};
use clap::{Args, Subcommand};

use crate::output::{bad_input, print_json};
use crate::plan_args::{print_text, stopped_note, RunnerArgs};
use crate::progress;

/// Plan subcommands.
#[derive(Subcommand)]
pub enum PlanCommand {
    /// Run a plan on this machine (resumes: valid shard files are kept).
    Run(RunArgs),
    /// Build one shard of a plan (what a cluster job runs); nothing if its
    /// file is already valid.
    BuildShard(BuildShardArgs),
    /// Where every shard of a plan stands (from its files; nothing is
    /// built): done (a solve proved, with its winner or value), unknown
    /// (stopped by a limit) or missing.
    Status(StatusArgs),
    /// How long a solve plan takes on N one-core workers (a cluster):
    /// each shard's time from its result file, a shard without one
    /// assumed; the whole plan, and what the next run builds.
    Simulate(SimulateArgs),
}

/// `plan simulate`.
#[derive(Args)]
pub struct SimulateArgs {
    /// The plan file (JSON) of an Amazons or Dots solve plan.
    plan: PathBuf,
    /// One-core workers (1 to 10^6).
    #[arg(long, value_parser = bounds::parser(SIM_WORKERS))]
    workers: usize,
    /// Seconds assumed for a shard without a result, and at least for a
    /// stopped one the next run retries [default: the median of the
    /// proved shards' times].
    #[arg(long, value_name = "S")]
    missing_seconds: Option<f64>,
    /// Print `{"plan", "workers", "shards", "recorded", "stopped",
    /// "assumed", "assumed_seconds", "work", "makespan", "mean_busy",
    /// "left_work", "left_makespan"}` (seconds).
    #[arg(long)]
    json: bool,
}

/// `plan status`.
#[derive(Args)]
pub struct StatusArgs {
    /// The plan file (JSON).
    plan: PathBuf,
    /// Print `{"plan", "shards", "done", "unknown", "missing", "needless",
    /// "results": [{"id", "state", "retried", "winner", "best_move",
    /// "limit", "decided_by", "nodes", "seconds", "proof_bytes", "moves",
    /// "settled_moves", "value", "bounds", "move_value", "move_bounds"}]}`.
    #[arg(long)]
    json: bool,
}

/// `plan run`.
#[derive(Args)]
pub struct RunArgs {
    /// The plan file (JSON).
    plan: PathBuf,
    #[command(flatten)]
    runner: RunnerArgs,
}

/// `plan build-shard`.
#[derive(Args)]
pub struct BuildShardArgs {
    /// The plan file (JSON).
    plan: PathBuf,
    /// The shard's id (or give --level and --task).
    shard: Option<String>,
    /// The dependency level (with --task: the task-th shard of the level,
    /// as a Slurm job array task).
    #[arg(long, requires = "task", conflicts_with = "shard")]
    level: Option<usize>,
    /// The index within the level.
    #[arg(long, requires = "level")]
    task: Option<usize>,
    /// Print `{"built", "id"}` (`built`: false when its valid file was
    /// already there).
    #[arg(long)]
    json: bool,
}

/// Runs a `plan` subcommand.
pub fn run(command: PlanCommand) -> Result<()> {
    match command {
        PlanCommand::Run(args) => {
            let opts = args.runner.options()?;
            let plan = plan_ops::read(&args.plan)?;
            let bar = progress::Bar::new(args.runner.quiet);
            let report = plan_ops::run(&plan, &opts, &bar)?;
            if args.runner.json {
                print_json(&PlanRunReport {
                    board: None,
                    built: report.built,
                    kept: report.kept,
                    peak_loaded_bytes: report.peak_loaded_bytes,
                    seconds: report.seconds,
                    shards: plan.shards.len(),
                    limit: report.stopped.map(cgt::budget::Limit::name),
                });
            } else {
                println!(
                    "{}: {} shards ({} built, {} kept), {:.1} s{}",
                    plan.name,
                    plan.shards.len(),
                    report.built,
                    report.kept,
                    report.seconds,
                    stopped_note(report.stopped)
                );
                let summary = databases::plan::solve::summary(&plan)
                    .or_else(|| databases::plan::dots_solve::summary(&plan));
                if let Some(line) = summary {
                    println!("{line}");
                }
            }
        }
        PlanCommand::BuildShard(args) => {
            let plan = plan_ops::read(&args.plan)?;
            let choice = match (args.shard, args.level, args.task) {
                (Some(id), _, _) => ShardChoice::Id(id),
                (None, Some(level), Some(task)) => ShardChoice::Task { level, task },
                _ => return Err(bad_input("shard", "give a shard id, or --level and --task")),
            };
            let report = plan_ops::build_shard(&plan, &choice, Some(crate::interrupted()))?;
            if args.json {
                print_json(&report);
            } else {
                let done = if report.built {
                    "built"
                } else {
                    "already built"
                };
                println!("{}: {done}", report.id);
            }
        }
        PlanCommand::Simulate(args) => {
            let plan = plan_ops::read(&args.plan)?;
            let r = plan_ops::simulate(&plan, args.workers, args.missing_seconds)?;
            if args.json {
                print_json(&r);
            } else {
                println!("{}: {} shards on {} workers", r.plan, r.shards, r.workers);
                println!(
                    "times: {} shards recorded ({} stopped by a limit: at least that), {} assumed at {:.1} s each",
                    r.recorded, r.stopped, r.assumed, r.assumed_seconds
                );
                println!(
                    "whole plan: {:.0} s of work, {:.0} s wall ({:.1} workers busy on average)",
                    r.work, r.makespan, r.mean_busy
                );
                println!(
                    "left for the next run: {:.0} s of work, {:.0} s wall",
                    r.left_work, r.left_makespan
                );
            }
        }
        PlanCommand::Status(args) => {
            let plan = plan_ops::read(&args.plan)?;
            let report = plan_ops::status(&plan)?;
            if args.json {
                print_json(&report);
            } else {
                print_text(&status_text(&report));
            }
        }
    }
    Ok(())
}

/// [`PlanStatusReport`] for people: a summary line, then one line per
/// shard.
fn status_text(report: &PlanStatusReport) -> String {
    let mut text = format!(
        "{}: {} shards, {} done, {} unknown, {} missing",
        report.plan, report.shards, report.done, report.unknown, report.missing
    );
    if report.needless > 0 {
        text += &format!(", {} needless", report.needless);
    }
    text.push('\n');
    let width = report.results.iter().map(|s| s.id.len()).max().unwrap_or(0);
    for s in &report.results {
        let mut line = format!("{:width$}  {}", s.id, s.state);
        if let Some(w) = &s.winner {
            line += &format!(", {w} wins");
        }
        if let Some(m) = &s.best_move {
            line += &format!(" by {m}");
        }
        match (s.value, s.bounds) {
            (Some(v), _) => line += &format!(", value {v}"),
            (None, Some([lo, hi])) => line += &format!(", value in [{lo}, {hi}]"),
            (None, None) => {}
        }
        if let Some(l) = &s.limit {
            line += &format!(" ({l} limit)");
        }
        if let Some(by) = &s.decided_by {
            line += &format!(" (decided by {by})");
        }
        match (s.move_value, s.move_bounds) {
            (Some(v), _) => line += &format!(", move value {v}"),
            (None, Some([lo, hi])) => line += &format!(", move value in [{lo}, {hi}]"),
            (None, None) => {}
        }
        if let (Some(settled), Some(moves)) = (s.settled_moves, s.moves) {
            line += &format!(", {settled} of {moves} moves settled");
        }
        if let (Some(nodes), Some(seconds)) = (s.nodes, s.seconds) {
            line += &format!(", {nodes} nodes, {seconds:.1} s");
        }
        if let Some(b) = s.proof_bytes {
            line += &format!(", proof {b} bytes");
        }
        if s.retried && s.state != "missing" {
            line += ", redone by the next run";
        }
        text += &line;
        text.push('\n');
    }
    text
}
