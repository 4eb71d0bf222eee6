//! The options of the commands that write or run plans (`amazons plan`,
//! `dots plan`, `db plan`, `dots table build`, `plan run`): how a plan is emitted
//! (JSON or a Slurm script) and how it runs on this machine.

use std::path::PathBuf;

use anyhow::Result;
use cgtk::ops::bounds;
use cgtk::ops::plan::{absolute, CPUS_PER_TASK, WORKERS};
use clap::{Args, ValueEnum};
use databases::plan::{self, default_workers, Plan, RunOptions, SlurmMode, SlurmOptions};

use crate::output::bad_input;

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
    /// the shards under way finish, and a later run resumes. Ctrl-C starts
    /// no shard either and stops the solve shards under way at once (they
    /// are redone by the next run).
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

/// ", stopped: time limit reached (run again to resume)" after a run a
/// limit stopped, else nothing.
pub fn stopped_note(stopped: Option<cgt::search::Limit>) -> String {
    stopped.map_or_else(String::new, |l| {
        format!("; stopped: {} (run again to resume)", l.reason())
    })
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
