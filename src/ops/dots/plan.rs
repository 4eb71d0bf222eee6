//! `dots plan`: a long exact solve of a Dots-and-Boxes position as a build
//! plan ([`databases::plan::dots_solve`]).

use std::path::PathBuf;

use databases::plan::dots_solve::{dots_solve_plan, split_unknown, DotsSolveOptions, SolveSplit};
use databases::plan::Plan;
use dots::Position;

use crate::ops::bad_input;
use crate::ops::plan::absolute;

/// The options of [`solve_plan`].
#[derive(Clone, Debug)]
pub struct DotsPlanOptions {
    /// Split at the first moves, or also at the replies to each.
    pub split: SolveSplit,
    /// Each shard's table size and limits.
    pub solve: DotsSolveOptions,
    /// Split every solve shard whose result in `out` ended `unknown` at a
    /// limit this plan's would not take further into its replies (and keep
    /// the splits made before).
    pub split_unknown: bool,
    /// The directory of the shards' result files (made absolute: every
    /// node must see it there).
    pub out: PathBuf,
}

/// `dots plan`: a long solve of `pos` as a build plan, one exact solve
/// shard per first move (or per reply) up to the board's symmetries,
/// gathered into the root's value; with `split_unknown`, the shards that
/// ended `unknown` at their limit in the plan's directory are split into
/// their replies. Options out of range are bad input.
pub fn solve_plan(pos: &Position, options: &DotsPlanOptions) -> anyhow::Result<Plan> {
    options
        .solve
        .check()
        .map_err(|e| bad_input("solver options", e))?;
    let plan = dots_solve_plan(pos, options.split, &options.solve, &absolute(&options.out));
    Ok(if options.split_unknown {
        split_unknown(&plan)
    } else {
        plan
    })
}
