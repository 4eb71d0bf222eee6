//! Checking a solve plan's root from its shards' proof files, one file
//! at a time.

use std::collections::HashMap;
use std::path::Path;

use amazons::{Move, Position};
use cgt::search::WinLoss;

use super::shard::SolveShard;
use super::split::{children, mirror_position, Child};
use super::{position_after, proof_path, Outcome, SolveError, SolveStatus, SolveStep, ROOT_ID};
use crate::plan::Plan;

/// Why the proof of a solve plan's root does not hold.
#[derive(Debug, thiserror::Error)]
pub enum PlanProofError<E: std::error::Error + 'static> {
    /// The plan has no solve root.
    #[error("not an Amazons solve plan (no shard {ROOT_ID:?})")]
    NotASolvePlan,
    /// A shard the root's proof needs is missing, not proved, or does not
    /// read back valid.
    #[error("shard {shard:?} has no valid proved result")]
    NotProved {
        /// The shard.
        shard: String,
    },
    /// A shard's position or line is bad.
    #[error("shard {shard:?}: {source}")]
    Shard {
        /// The shard.
        shard: String,
        /// What is wrong.
        source: SolveError,
    },
    /// A shard's proof file does not check.
    #[error("shard {shard:?}: {source}")]
    Proof {
        /// The shard.
        shard: String,
        /// What the proof checker found.
        #[source]
        source: E,
    },
    /// What a shard's result records is not what its proof, or its moves'
    /// proofs, establish.
    #[error("shard {shard:?}: its result says {claimed:?}, its proofs give {proved:?}")]
    Mismatch {
        /// The shard.
        shard: String,
        /// The outcome its result file records.
        claimed: Option<Outcome>,
        /// The outcome established, if any.
        proved: Option<Outcome>,
    },
}

/// Checks the outcome of a solve plan's root from its shards' proof files,
/// one file at a time, without the gathered proof (which, for a large
/// split, is too large to read at once): every solve shard the root's
/// result rests on has its proof checked by `check`, given the shard's
/// position, its moves from the root and the file (it returns the outcome
/// the file proves for that position, or its error), and
/// every gather's outcome is derived again from its moves: a win through
/// the move its result names, a loss through every legal move. A move
/// answered by the shard of its mirror image is accepted when its position
/// is that image (Amazons is symmetric under the left-right mirror).
///
/// # Errors
/// The first shard whose result or proof does not hold.
pub fn check_solve_plan<E: std::error::Error + 'static>(
    plan: &Plan,
    check: &mut dyn FnMut(&Position, usize, &Path) -> Result<WinLoss, E>,
) -> Result<WinLoss, PlanProofError<E>> {
    let root = plan
        .shards
        .iter()
        .find(|s| s.id == ROOT_ID)
        .and_then(SolveShard::of)
        .ok_or(PlanProofError::NotASolvePlan)?;
    let pos = position_after(root.root, root.line).map_err(|source| PlanProofError::Shard {
        shard: ROOT_ID.to_owned(),
        source,
    })?;
    check_shard(plan, ROOT_ID, &pos, check)
}

pub(super) fn check_shard<E: std::error::Error + 'static>(
    plan: &Plan,
    id: &str,
    pos: &Position,
    check: &mut dyn FnMut(&Position, usize, &Path) -> Result<WinLoss, E>,
) -> Result<WinLoss, PlanProofError<E>> {
    let not_proved = || PlanProofError::NotProved {
        shard: id.to_owned(),
    };
    let shard = plan
        .shards
        .iter()
        .find(|s| s.id == id)
        .ok_or_else(not_proved)?;
    let solve = SolveShard::of(shard).ok_or_else(not_proved)?;
    let result = solve
        .read_result(&plan.dir)
        .filter(|r| r.status == SolveStatus::Proved)
        .ok_or_else(not_proved)?;
    let mismatch = |proved: Option<WinLoss>| PlanProofError::Mismatch {
        shard: id.to_owned(),
        claimed: result.outcome,
        proved: proved.map(Outcome::from),
    };
    let proved = match solve.step {
        SolveStep::Solve => check(
            pos,
            solve.line.len(),
            &proof_path(&plan.dir, id, solve.step),
        )
        .map_err(|source| PlanProofError::Proof {
            shard: id.to_owned(),
            source,
        })?,
        SolveStep::Gather => {
            let kids = children(pos);
            let planned: Vec<&Child> = kids
                .iter()
                .filter(|c| shard.deps.contains(&solve.child_id(c.rep)))
                .collect();
            // A win needs the move the result names; a loss every move.
            let needed: Vec<&Child> = match result.outcome {
                Some(Outcome::Win) => planned
                    .iter()
                    .copied()
                    .filter(|c| result.best_move.as_deref() == Some(&c.mv.to_string()))
                    .collect(),
                _ if planned.len() == kids.len() => planned,
                _ => return Err(mismatch(None)),
            };
            let mut outcomes = Vec::with_capacity(needed.len());
            let mut checked: HashMap<Move, WinLoss> = HashMap::new();
            for c in needed {
                let mut child = pos.clone();
                child.play_unchecked(c.rep);
                if c.mirrored {
                    let mut twin = pos.clone();
                    twin.play_unchecked(c.mv);
                    if mirror_position(&twin) != child {
                        return Err(mismatch(None));
                    }
                }
                let o = match checked.get(&c.rep) {
                    Some(&o) => o,
                    None => {
                        let o = check_shard(plan, &solve.child_id(c.rep), &child, check)?;
                        checked.insert(c.rep, o);
                        o
                    }
                };
                outcomes.push(o);
            }
            match result.outcome {
                Some(Outcome::Win) if outcomes.contains(&WinLoss::Loss) => WinLoss::Win,
                Some(Outcome::Loss) if outcomes.iter().all(|&o| o == WinLoss::Win) => WinLoss::Loss,
                _ => return Err(mismatch(None)),
            }
        }
    };
    if result.outcome != Some(Outcome::from(proved)) {
        return Err(mismatch(Some(proved)));
    }
    Ok(proved)
}
