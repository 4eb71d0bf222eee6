//! Slurm submission scripts for a plan.

use std::fmt::Write as _;
use std::path::Path;

use super::Plan;

/// How the jobs of a plan are submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlurmMode {
    /// One job per shard, each with `--dependency=afterok:` on its
    /// dependencies' jobs and `--kill-on-invalid-dep=yes` (a failed job
    /// cancels every job after it).
    PerShard,
    /// One job array per level ([`Plan::levels`]), each after the previous
    /// level's array; task `k` builds the level's `k`-th shard. Fewer jobs
    /// for the scheduler, less overlap between levels.
    ArrayPerLevel,
}

/// What the script submits with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlurmOptions {
    /// Per-shard jobs or arrays per level.
    pub mode: SlurmMode,
    /// Cores per job (the shard spreads over them).
    pub cpus_per_task: u32,
    /// More `sbatch` options for every job (e.g. `--partition=debug`).
    pub sbatch_args: Vec<String>,
}

impl Default for SlurmOptions {
    fn default() -> SlurmOptions {
        SlurmOptions {
            mode: SlurmMode::PerShard,
            cpus_per_task: 1,
            sbatch_args: Vec::new(),
        }
    }
}

/// Single-quotes `s` for the shell.
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// A bash script that submits `plan` (read from `plan_path` on the nodes)
/// to Slurm (the plan must be checked: its ids need no quoting). Jobs run `$CGTK plan build-shard` (`CGTK` defaults to `cgtk`),
/// write their logs to `$LOG` (default: `slurm-logs` in the plan's
/// directory), and the script prints the job ids it submitted, one a line,
/// last the job that finishes the plan. Every node must see the plan file
/// and the plan's directory.
pub fn slurm_script(plan: &Plan, plan_path: &Path, opts: &SlurmOptions) -> String {
    let mut s = String::new();
    let logs = plan.dir.join("slurm-logs");
    let _ = writeln!(s, "#!/usr/bin/env bash");
    let _ = writeln!(
        s,
        "# Submits the plan {:?} ({} shards) to Slurm.",
        plan.name,
        plan.shards.len()
    );
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(s, "CGTK=${{CGTK:-cgtk}}");
    let _ = writeln!(s, "PLAN={}", quote(&plan_path.display().to_string()));
    let _ = writeln!(s, "LOG=${{LOG:-{}}}", quote(&logs.display().to_string()));
    let _ = writeln!(s, "mkdir -p \"$LOG\"");
    let mut common = format!(
        "--parsable --kill-on-invalid-dep=yes --cpus-per-task={}",
        opts.cpus_per_task.max(1)
    );
    for a in &opts.sbatch_args {
        common.push(' ');
        common.push_str(&quote(a));
    }
    let _ = writeln!(s, "SBATCH=\"sbatch {}\"", common.replace('"', "\\\""));
    match opts.mode {
        SlurmMode::PerShard => {
            for (i, sh) in plan.shards.iter().enumerate() {
                let at: Vec<usize> = sh
                    .deps
                    .iter()
                    .map(|d| plan.position(d).expect("a checked plan"))
                    .collect();
                let dep = if at.is_empty() {
                    String::new()
                } else {
                    let ids: Vec<String> = at.iter().map(|j| format!("$j{j}")).collect();
                    format!(" --dependency=afterok:{}", ids.join(":"))
                };
                let _ = writeln!(
                    s,
                    "j{i}=$($SBATCH{dep} --job-name={id} --output=\"$LOG/{id}.out\" --wrap \"\\\"$CGTK\\\" plan build-shard \\\"$PLAN\\\" {id}\")",
                    id = sh.id,
                );
                let _ = writeln!(s, "echo \"$j{i}\"");
            }
        }
        SlurmMode::ArrayPerLevel => {
            let levels = plan.levels();
            let top = levels.iter().copied().max().unwrap_or(0);
            for l in 0..=top {
                let n = levels.iter().filter(|&&x| x == l).count();
                if n == 0 {
                    continue;
                }
                let dep = if l == 0 {
                    String::new()
                } else {
                    format!(" --dependency=afterok:$a{}", l - 1)
                };
                let _ = writeln!(
                    s,
                    "a{l}=$($SBATCH{dep} --array=0-{last} --job-name=level{l} --output=\"$LOG/level{l}-%a.out\" --wrap \"\\\"$CGTK\\\" plan build-shard \\\"$PLAN\\\" --level {l} --task \\$SLURM_ARRAY_TASK_ID\")",
                    last = n - 1,
                );
                let _ = writeln!(s, "echo \"$a{l}\"");
            }
        }
    }
    s
}

impl Plan {
    /// The shards of level `level` in plan order (task `k` of that level's
    /// job array builds the `k`-th).
    pub fn level_members(&self, level: usize) -> Vec<usize> {
        self.levels()
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l == level)
            .map(|(i, _)| i)
            .collect()
    }
}
