//! Splitting a root into shards: its moves up to the left-right mirror,
//! and the plan.

use std::collections::HashMap;
use std::path::Path;

use amazons::{Move, Position, SolverPosition, Symmetry};
use cgt::search::SolverGame;

use super::options::SolveOptions;
use super::shard::{sibling_deciding, SolveShard};
use super::{line_id, position_after, ShardOrder, SolveSplit, SolveStatus, SolveStep};
use crate::plan::{IndexedPlan, Plan, Shard, ShardKind, PLAN_FORMAT, PLAN_VERSION};

/// The left-right mirror image of `pos`.
pub(super) fn mirror_position(pos: &Position) -> Position {
    pos.transformed(Symmetry::MIRROR_FILES)
}

/// A legal move of a position and the move whose shard answers for it:
/// itself, or an earlier move leading to the mirror image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move.
    pub mv: Move,
    /// The move with the shard.
    pub rep: Move,
    /// Whether `rep`'s position is the mirror image of `mv`'s.
    pub mirrored: bool,
}

/// Every legal move of `pos` in generation order, each with the move whose
/// shard answers for it (the first move, in that order, of its class under
/// the left-right mirror).
pub fn children(pos: &Position) -> Vec<Child> {
    let game = SolverPosition::with_evaluator(pos.clone(), None);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut reps: HashMap<Position, Move> = HashMap::new();
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut p = pos.clone();
        p.play_unchecked(mv);
        match reps.get(&mirror_position(&p)) {
            Some(&rep) => out.push(Child {
                mv,
                rep,
                mirrored: true,
            }),
            None => {
                reps.insert(p, mv);
                out.push(Child {
                    mv,
                    rep: mv,
                    mirrored: false,
                });
            }
        }
    }
    out
}

/// The moves of `pos`, `depth` moves below the plan's root, that have
/// shards (one per mirror class), in the solver's move order (the moves
/// most likely to win first), or its reverse at odd depths under
/// [`ShardOrder::Reversed`].
pub(super) fn shard_moves(pos: &Position, order: ShardOrder, depth: usize) -> Vec<Move> {
    let mut moves: Vec<Move> = children(pos)
        .into_iter()
        .filter(|c| !c.mirrored)
        .map(|c| c.mv)
        .collect();
    SolverPosition::new(pos.clone()).order_moves(&mut moves);
    if order == ShardOrder::Reversed && depth % 2 == 1 {
        moves.reverse();
    }
    moves
}

/// Whether a plan splits at `pos`: it has moves and the static evaluation
/// does not decide it.
pub(super) fn splits(pos: &Position) -> bool {
    let game = SolverPosition::new(pos.clone());
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    !moves.is_empty() && game.evaluate().is_none()
}

/// The plan solving `root` in `dir`: a solve shard per first move (up to
/// the mirror image, in `order`) and a gather shard for the root; with
/// [`SolveSplit::Replies`], a first move whose position the evaluation
/// does not decide gets a solve shard per reply (in `order`) and a gather
/// shard. A root without moves, or decided by the evaluation, is one solve
/// shard. Costs: 1 per solve shard, 0 per gather.
///
/// With `only` not empty, only those first moves (legal moves of `root`; a
/// mirror image stands for its twin) get shards: the root's gather can then
/// prove a win through one of them, never a loss. This is how a solve with
/// a known first move is run, as Song & Müller (2015, §V-B) fixed White's
/// first move on 5x6.
pub fn amazons_solve_plan(
    root: &Position,
    split: SolveSplit,
    order: ShardOrder,
    only: &[Move],
    options: &SolveOptions,
    dir: &Path,
) -> Plan {
    let text = root.to_string();
    let kids = children(root);
    let wanted: Vec<Move> = kids
        .iter()
        .filter(|c| only.contains(&c.mv))
        .map(|c| c.rep)
        .collect();
    let shards_of = Split {
        dir,
        root: &text,
        options,
        order,
        split_further: &|_, _| false,
    };
    let shard = |line: &[Move], step: SolveStep, deps: Vec<String>| {
        let line: Vec<String> = line.iter().map(Move::to_string).collect();
        shards_of.shard(&line, step, deps)
    };
    let mut shards = Vec::new();
    if splits(root) {
        let mut root_deps = Vec::new();
        for first in shard_moves(root, order, 0)
            .into_iter()
            .filter(|m| only.is_empty() || wanted.contains(m))
        {
            let mut p = root.clone();
            p.play_unchecked(first);
            let line = [first];
            if split == SolveSplit::Replies && splits(&p) {
                let mut deps = Vec::new();
                for reply in shard_moves(&p, order, 1) {
                    let s = shard(&[first, reply], SolveStep::Solve, Vec::new());
                    deps.push(s.id.clone());
                    shards.push(s);
                }
                shards.push(shard(&line, SolveStep::Gather, deps));
            } else {
                shards.push(shard(&line, SolveStep::Solve, Vec::new()));
            }
            root_deps.push(line_id(&[first.to_string()]));
        }
        shards.push(shard(&[], SolveStep::Gather, root_deps));
    } else {
        shards.push(shard(&[], SolveStep::Solve, Vec::new()));
    }
    Plan {
        format: PLAN_FORMAT.to_owned(),
        version: PLAN_VERSION,
        name: format!("amazons solve {text}"),
        dir: dir.to_owned(),
        shards,
    }
}

/// `plan` with every Amazons solve shard that its directory shows was split, or
/// that ended `unknown` at a time or node limit that the plan's own limits
/// would not take further, made a gather over one solve shard per move of its
/// position (up to the mirror image, in the plan's move order), and so on down
/// the lines: a line is split when its result file in the plan's directory is a
/// gather's, or a solve's stopped by its time or node limit under options
/// [`SolveOptions::no_further_than`] the plan's (not by Ctrl-C: that one is
/// redone as it is; and a plan with a larger limit, or other search options,
/// retries the line whole before it splits it), unless a move beside it, or
/// beside a line above it, is claimed on file to win for the player who makes
/// it: then its moves would all be needless, and it keeps its result (the work
/// it records). Other shards are kept as they are. Deterministic in the
/// directory's files, so running it again after more shards have ended
/// `unknown` splits those too and keeps the earlier splits;
/// the gathers take a win from one winning move and a loss from every move
/// refuted, at any depth.
pub fn split_unknown(plan: &Plan, order: ShardOrder) -> Plan {
    let dir = &plan.dir;
    let indexed = IndexedPlan::new(plan.clone());
    let mut shards = Vec::with_capacity(plan.shards.len());
    for s in &plan.shards {
        let Some(d) = SolveShard::of(s).filter(|d| d.step == SolveStep::Solve) else {
            shards.push(s.clone());
            continue;
        };
        let split_further = |line: &[String], decided: &dyn Fn() -> bool| {
            was_split(dir, d.root, line, d.options, decided)
        };
        // Asked at most once, and only of a line that would be split.
        let above = std::cell::OnceCell::new();
        let decided = || *above.get_or_init(|| decided_above(&indexed, dir, &d));
        match position_after(d.root, d.line) {
            Ok(pos) if splits(&pos) && split_further(d.line, &decided) => {
                let split = Split {
                    dir,
                    root: d.root,
                    options: d.options,
                    order,
                    split_further: &split_further,
                };
                split.push(&pos, d.line, decided(), &mut shards);
            }
            _ => shards.push(s.clone()),
        }
    }
    Plan {
        shards,
        ..plan.clone()
    }
}

/// Whether another move of a gather above shard `d` of `plan` claims a win
/// on file in `dir` for the player who makes it ([`claims_lost`]): the walk
/// up the gathers that a shard's run makes ([`sibling_deciding`]), without
/// reading proofs.
fn decided_above(plan: &IndexedPlan, dir: &Path, d: &SolveShard<'_>) -> bool {
    let ids: Vec<String> = (0..=d.line.len()).map(|k| line_id(&d.line[..k])).collect();
    sibling_deciding(plan, &ids, |_, s| {
        SolveShard::of(s).is_some_and(|s| claims_lost(dir, s.root, s.line, s.options))
    })
    .is_some()
}

/// Whether the result on file in `dir` of `line` from `root` (its solve's or
/// its gather's) claims the line lost for the player to move after it.
fn claims_lost(dir: &Path, root: &str, line: &[String], options: &SolveOptions) -> bool {
    let id = line_id(line);
    [SolveStep::Solve, SolveStep::Gather]
        .into_iter()
        .any(|step| {
            SolveShard {
                id: &id,
                root,
                line,
                step,
                options,
            }
            .claims_lost(dir)
        })
}

/// Whether the result in `dir` of `line` from `root` says the line is to
/// be split: a gather's (its proof not read), or, unless the line above
/// it is `decided`, a solve's stopped by its time or node limit that `options`
/// would not take further.
fn was_split(
    dir: &Path,
    root: &str,
    line: &[String],
    options: &SolveOptions,
    decided: &dyn Fn() -> bool,
) -> bool {
    let id = line_id(line);
    let shard = |step| SolveShard {
        id: &id,
        root,
        line,
        step,
        options,
    };
    // A gather's result, even without its plain proof (a fresh clone of a
    // campaign's directory has none: the gather joins it again).
    shard(SolveStep::Gather).has_result_file(dir)
        || shard(SolveStep::Solve).read_result(dir).is_some_and(|r| {
            r.status == SolveStatus::Unknown
                && matches!(r.limit.as_deref(), Some("time" | "node"))
                && options.no_further_than(&r.options)
        }) && !decided()
}

/// Whether a line is split again, given whether the line above it is
/// decided (asked only when the answer matters).
type SplitFurther<'a> = dyn Fn(&[String], &dyn Fn() -> bool) -> bool + 'a;

/// How [`split_unknown`] splits a line: the plan's directory, root and
/// options, the order of the moves' shards, and which lines below are split
/// again.
struct Split<'a> {
    dir: &'a Path,
    root: &'a str,
    options: &'a SolveOptions,
    order: ShardOrder,
    split_further: &'a SplitFurther<'a>,
}

impl Split<'_> {
    /// Pushes onto `out` the shards of `line`'s position `pos` as a gather
    /// over one solve shard per move (up to the mirror image), each move's
    /// shard itself split when `split_further` says so, told whether the
    /// line is `decided`: a move's result on file (or one of a line above)
    /// claims a win for the player who makes it, so that the other moves'
    /// shards are needless and a stopped one keeps its result instead of
    /// being split into needless replies.
    fn push(&self, pos: &Position, line: &[String], decided: bool, out: &mut Vec<Shard>) {
        let moves: Vec<(Move, Vec<String>)> = shard_moves(pos, self.order, line.len())
            .into_iter()
            .map(|mv| {
                let mut next = line.to_vec();
                next.push(mv.to_string());
                (mv, next)
            })
            .collect();
        let decided = decided
            || moves
                .iter()
                .any(|(_, next)| claims_lost(self.dir, self.root, next, self.options));
        let mut deps = Vec::new();
        for (mv, next) in moves {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if splits(&child) && (self.split_further)(&next, &|| decided) {
                self.push(&child, &next, decided, out);
            } else {
                out.push(self.shard(&next, SolveStep::Solve, Vec::new()));
            }
            deps.push(line_id(&next));
        }
        out.push(self.shard(line, SolveStep::Gather, deps));
    }

    fn shard(&self, line: &[String], step: SolveStep, deps: Vec<String>) -> Shard {
        Shard {
            id: line_id(line),
            kind: ShardKind::AmazonsSolve {
                position: self.root.to_owned(),
                line: line.to_vec(),
                step,
                options: self.options.clone(),
            },
            deps,
            cost: u64::from(step == SolveStep::Solve),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::solve::proof::mirror_move_text;

    #[test]
    fn mirror_images_share_a_shard() {
        // The 4x4 start is its own mirror image: every first move but
        // those mapped to themselves has a twin.
        let pos = Position::standard("4x4".parse().unwrap()).unwrap();
        let kids = children(&pos);
        let reps = kids.iter().filter(|c| !c.mirrored).count();
        assert!(reps < kids.len());
        for c in kids.iter().filter(|c| c.mirrored) {
            let mut a = pos.clone();
            a.play_unchecked(c.mv);
            let mut b = pos.clone();
            b.play_unchecked(c.rep);
            assert_eq!(mirror_position(&a), b);
            assert_eq!(
                mirror_move_text(&c.rep.to_string(), pos.size()),
                Some(c.mv.to_string())
            );
        }
    }
}
