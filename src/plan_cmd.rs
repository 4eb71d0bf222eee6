//! `cgtk plan ...`: run build plans locally or one shard at a time (as a
//! cluster job does): the options and output; the work is done by
//! [`cgtk::ops::plan`].

use std::path::PathBuf;

use anyhow::Result;
use cgtk::ops::bounds;
use cgtk::ops::plan::{self as plan_ops, ShardChoice, CPUS_PER_TASK, WORKERS};
use cgtk::report::{PlanRunReport, PlanStatusReport};
use clap::{Args, Subcommand, ValueEnum};
use databases::plan::{self, default_workers, Plan, RunOptions, SlurmMode, SlurmOptions};

use crate::output::{bad_input, print_json};
use crate::progress;

pub use cgtk::ops::plan::absolute;

/// Plan subcommands.
#[derive(Subcommand)]
pub enum PlanCommand {
    /// Run a plan on this machine (resumes: valid shard files are kept).
    Run(RunArgs),
    /// Build one shard of a plan (what a cluster job runs); nothing if its
    /// file is already valid.
    BuildShard(BuildShardArgs),
    /// Where every shard of a plan stands (from its files; nothing is
    /// built): done (a solve proved, with its winner), unknown (stopped by
    /// a limit) or missing.
    Status(StatusArgs),
}

/// `plan status`.
#[derive(Args)]
pub struct StatusArgs {
    /// The plan file (JSON).
    plan: PathBuf,
    /// Print `{"plan", "shards", "done", "unknown", "missing", "results":
    /// [{"id", "state", "retried", "winner", "best_move", "limit", "nodes",
    /// "seconds", "proof_bytes", "moves", "settled_moves"}]}`.
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

/// How a plan runs on this machine (`plan run`, `dots table build`).
#[derive(Args)]
pub struct RunnerArgs {
    /// Shards built at once (1 to 256) [default: one per core]; with
    /// more than one, each shard runs on one thread, as a one-core cluster
    /// job; with one, it spreads over every core unless
    /// --single-thread-shards.
    #[arg(long, value_parser = bounds::parser(WORKERS))]
    pub workers: Option<usize>,
    /// One thread per shard even with --workers 1.
    #[arg(long)]
    pub single_thread_shards: bool,
    /// Start no shard after this many seconds (more than 0, at most 10^7):
    /// the shards under way finish, and a later run resumes. Ctrl-C stops
    /// the same way.
    #[arg(long, value_name = "S", value_parser = bounds::seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Print `{"board" (dots table build), "shards", "built", "kept",
    /// "seconds", "peak_loaded_bytes", "limit"}` (`limit`: "time",
    /// "interrupt" or null).
    #[arg(long)]
    pub json: bool,
}

impl RunnerArgs {
    /// The runner's options.
    pub fn options(&self) -> Result<RunOptions> {
        let workers = self.workers.unwrap_or_else(default_workers);
        let base = RunOptions::with_workers(bounds::check("--workers", workers, &WORKERS)?);
        Ok(RunOptions {
            parallel_within: base.parallel_within && !self.single_thread_shards,
            time: self.time_limit,
            stop: Some(crate::interrupted().clone()),
            ..base
        })
    }
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

/// ", stopped: time limit reached (run again to resume)" after a run a
/// limit stopped, else nothing.
pub fn stopped_note(stopped: Option<cgt::search::Limit>) -> String {
    stopped.map_or_else(String::new, |l| {
        format!("; stopped: {} (run again to resume)", l.reason())
    })
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
                if let Some(line) = plan::solve::summary(&plan) {
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
            let report = plan_ops::build_shard(&plan, &choice)?;
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
        "{}: {} shards, {} done, {} unknown, {} missing\n",
        report.plan, report.shards, report.done, report.unknown, report.missing
    );
    let width = report.results.iter().map(|s| s.id.len()).max().unwrap_or(0);
    for s in &report.results {
        let mut line = format!("{:width$}  {}", s.id, s.state);
        if let Some(w) = &s.winner {
            line += &format!(", {w} wins");
        }
        if let Some(m) = &s.best_move {
            line += &format!(" by {m}");
        }
        if let Some(l) = &s.limit {
            line += &format!(" ({l} limit)");
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

/// What a `plan` command writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// The plan as JSON.
    Json,
    /// A bash script submitting the plan to Slurm.
    Slurm,
}

/// How the Slurm script submits.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SlurmModeArg {
    /// One job per shard with `--dependency=afterok` on its dependencies.
    PerShard,
    /// One job array per dependency level.
    Arrays,
}

/// The output options of every command that writes a plan.
#[derive(Args)]
pub struct EmitArgs {
    /// What to print.
    #[arg(long, value_enum)]
    emit: Emit,
    /// Also write the plan JSON to this file (needed with --emit slurm:
    /// the jobs read it).
    #[arg(long)]
    plan_file: Option<PathBuf>,
    /// Slurm: per-shard jobs or job arrays per level.
    #[arg(long, value_enum, default_value = "per-shard")]
    slurm_mode: SlurmModeArg,
    /// Slurm: cores per job (1 to 1024).
    #[arg(long, default_value_t = 1, value_parser = bounds::parser(CPUS_PER_TASK))]
    cpus_per_task: u32,
    /// Slurm: one more sbatch option for every job (repeatable).
    #[arg(long)]
    sbatch_arg: Vec<String>,
}

impl EmitArgs {
    /// Writes `plan` to the plan file if asked, and prints it or its Slurm
    /// submission script.
    pub fn emit(&self, plan: &Plan) -> Result<()> {
        if let Some(path) = &self.plan_file {
            plan.write(path)?;
        }
        match self.emit {
            Emit::Json => print_text(&format!("{}\n", plan.to_json())),
            Emit::Slurm => {
                let Some(path) = &self.plan_file else {
                    return Err(bad_input(
                        "--emit slurm",
                        "needs --plan-file (the jobs read the plan from it)",
                    ));
                };
                let opts = SlurmOptions {
                    mode: match self.slurm_mode {
                        SlurmModeArg::PerShard => SlurmMode::PerShard,
                        SlurmModeArg::Arrays => SlurmMode::ArrayPerLevel,
                    },
                    cpus_per_task: self.cpus_per_task,
                    sbatch_args: self.sbatch_arg.clone(),
                };
                print_text(&plan::slurm_script(plan, &absolute(path), &opts));
            }
        }
        Ok(())
    }
}

/// Prints long text to stdout; a closed pipe (`| head`) ends quietly.
pub fn print_text(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}
