//! Splitting a position into shards: its moves up to the board's
//! symmetries, the plan, and the re-split of shards stopped by their limit.

use std::collections::HashMap;
use std::path::Path;

use dots::Position;

use super::shard::read_line_result;
use super::{
    line_id, position_after, DotsShard, DotsSolveOptions, SolveSplit, SolveStatus, SolveStep,
};
use crate::plan::{Plan, Shard, ShardKind, PLAN_FORMAT, PLAN_VERSION};

/// A legal move of a position and the move whose shard answers for it:
/// itself, or an earlier move whose position is a symmetric image of this
/// one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move (an edge number).
    pub edge: usize,
    /// The move with the shard.
    pub rep: usize,
    /// Whether `rep` is another move (a twin under a board symmetry).
    pub twin: bool,
    /// Boxes the move completes.
    pub gain: u32,
}

/// The image of the edge set `edges` under the edge permutation `perm`.
fn permuted(perm: &[u8], edges: u64) -> u64 {
    let mut image = 0;
    let mut bits = edges;
    while bits != 0 {
        let e = bits.trailing_zeros() as usize;
        image |= 1 << perm[e];
        bits &= bits - 1;
    }
    image
}

/// Every legal move of `pos` in increasing edge order, each with the move
/// whose shard answers for it: the first move, in that order, whose
/// position is an image of its own under a symmetry of the board
/// ([`dots::Board::symmetries`]). Twins complete as many boxes, so their
/// values are equal.
pub fn children(pos: &Position) -> Vec<Child> {
    let perms = pos.board().symmetries();
    let mut reps: HashMap<u64, usize> = HashMap::new();
    pos.legal_moves()
        .iter()
        .map(|m| {
            let (next, gain) = pos.play_unchecked(m);
            let edges = next.edges().0;
            let key = perms
                .iter()
                .map(|p| permuted(p, edges))
                .min()
                .unwrap_or(edges);
            let edge = m.index();
            let rep = *reps.entry(key).or_insert(edge);
            Child {
                edge,
                rep,
                twin: rep != edge,
                gain: gain as u32,
            }
        })
        .collect()
}

/// The shard of `line` from `root` (text).
fn shard(
    root: &str,
    line: &[usize],
    step: SolveStep,
    deps: Vec<String>,
    options: &DotsSolveOptions,
) -> Shard {
    Shard {
        id: line_id(line),
        kind: ShardKind::DotsSolve {
            position: root.to_owned(),
            line: line.to_vec(),
            step,
            options: options.clone(),
        },
        deps,
        cost: u64::from(step == SolveStep::Solve),
    }
}

/// The moves of `pos` that have shards (one per symmetry class), in the
/// order the exact solver tries a node's moves without a table hint:
/// moves that complete a box, then those that give no box its third side,
/// then the others, each group from the centre outwards
/// ([`dots::Board::centre_out`]). The runner takes shards in plan order,
/// so a gather with a window meets its likeliest cutoff first.
fn shard_moves(pos: &Position) -> Vec<usize> {
    let board = pos.board();
    let mut rank = vec![0; board.num_edges()];
    for (r, e) in board.centre_out().into_iter().enumerate() {
        rank[e.index()] = r;
    }
    let sides = |b: usize| {
        board
            .box_edges(b)
            .iter()
            .filter(|&&e| pos.edges().contains(e))
            .count()
    };
    let group = |c: &Child| {
        let third_side = board
            .edge_boxes(dots::Edge::new(c.edge))
            .into_iter()
            .flatten()
            .any(|b| sides(b) == 2);
        match (c.gain > 0, third_side) {
            (true, _) => 0,
            (false, false) => 1,
            (false, true) => 2,
        }
    };
    let mut moves: Vec<Child> = children(pos).into_iter().filter(|c| !c.twin).collect();
    moves.sort_by_key(|c| (group(c), rank[c.edge]));
    moves.into_iter().map(|c| c.edge).collect()
}

/// Pushes onto `out` the shards of `line`'s position as a gather over one
/// solve shard per move (up to symmetry), each move's shard itself split
/// when `split_further` says so.
fn push_split(
    root: &str,
    pos: &Position,
    line: &[usize],
    options: &DotsSolveOptions,
    split_further: &dyn Fn(&[usize]) -> bool,
    out: &mut Vec<Shard>,
) {
    let mut deps = Vec::new();
    for edge in shard_moves(pos) {
        let mut next = line.to_vec();
        next.push(edge);
        let (child, _) = pos.play_unchecked(dots::Edge::new(edge));
        if !child.is_over() && split_further(&next) {
            push_split(root, &child, &next, options, split_further, out);
        } else {
            out.push(shard(root, &next, SolveStep::Solve, Vec::new(), options));
        }
        deps.push(line_id(&next));
    }
    out.push(shard(root, line, SolveStep::Gather, deps, options));
}

/// The plan solving `root` in `dir`: a solve shard per first move (up to
/// the board's symmetries, in the solver's order) and a gather shard
/// for the root; with [`SolveSplit::Replies`], a first move whose position
/// has moves gets a solve shard per reply (up to symmetry) and a gather
/// shard. A root without moves is one solve shard. Costs: 1 per solve
/// shard, 0 per gather.
pub fn dots_solve_plan(
    root: &Position,
    split: SolveSplit,
    options: &DotsSolveOptions,
    dir: &Path,
) -> Plan {
    let text = root.to_string();
    let mut shards = Vec::new();
    if root.is_over() {
        shards.push(shard(&text, &[], SolveStep::Solve, Vec::new(), options));
    } else {
        let replies = |line: &[usize]| line.len() == 1 && split == SolveSplit::Replies;
        push_split(&text, root, &[], options, &replies, &mut shards);
    }
    Plan {
        format: PLAN_FORMAT.to_owned(),
        version: PLAN_VERSION,
        name: format!("dots solve {text}"),
        dir: dir.to_owned(),
        shards,
    }
}

/// `plan` with every Dots solve shard that its directory shows was split,
/// or that ended `unknown` at its time or node limit, made a gather over
/// one solve shard per move of its position (up to symmetry), and so on
/// down the lines: a line is split when its result file in the plan's
/// directory is a gather's, or a solve's stopped by its time or node limit
/// under options [`DotsSolveOptions::no_further_than`] the plan's (not by
/// Ctrl-C: that one is redone as it is; a plan with a larger limit retries
/// the line whole before it splits it). Other shards are kept as
/// they are. Deterministic in the directory's files, so running it again
/// after more shards have ended `unknown` splits those too and keeps the
/// earlier splits.
pub fn split_unknown(plan: &Plan) -> Plan {
    let dir = &plan.dir;
    let mut shards = Vec::with_capacity(plan.shards.len());
    for s in &plan.shards {
        let Some(d) = DotsShard::of(s).filter(|d| d.step == SolveStep::Solve) else {
            shards.push(s.clone());
            continue;
        };
        let root = d.root.to_owned();
        let options = d.options.clone();
        let split_further = |line: &[usize]| was_split(dir, &root, line, &options);
        match position_after(&root, d.line) {
            Ok((pos, _)) if !pos.is_over() && split_further(d.line) => {
                push_split(&root, &pos, d.line, &options, &split_further, &mut shards);
            }
            _ => shards.push(s.clone()),
        }
    }
    Plan {
        shards,
        ..plan.clone()
    }
}

/// Whether the result in `dir` of `line` from `root` says the line is to
/// be split: a gather's, or a solve's stopped by its time or node limit
/// that `options` would not take further (a larger limit retries the line
/// whole first).
fn was_split(dir: &Path, root: &str, line: &[usize], options: &DotsSolveOptions) -> bool {
    read_line_result(dir, root, line).is_some_and(|r| match r.step {
        SolveStep::Gather => true,
        SolveStep::Solve => {
            r.status == SolveStatus::Unknown
                && matches!(r.limit.as_deref(), Some("time" | "node"))
                && options.no_further_than(&r.options)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_images_share_a_shard() {
        // The empty 3x3 board has the 8 symmetries of the square: its 24
        // first moves fall into the orbits of the edges under them.
        let pos: Position = "3x3".parse().unwrap();
        let kids = children(&pos);
        assert_eq!(kids.len(), 24);
        let perms = pos.board().symmetries();
        assert_eq!(perms.len(), 8);
        for c in &kids {
            let (a, _) = pos.play_unchecked(dots::Edge::new(c.edge));
            let (b, _) = pos.play_unchecked(dots::Edge::new(c.rep));
            assert!(c.rep <= c.edge);
            assert_eq!(c.twin, c.rep != c.edge);
            assert!(perms
                .iter()
                .any(|p| permuted(p, a.edges().0) == b.edges().0));
        }
        // Orbits of the 24 edges under the 8 symmetries, by brute force.
        let mut orbits: Vec<u64> = (0..24)
            .map(|e| perms.iter().map(|p| 1u64 << p[e]).fold(0, |m, b| m | b))
            .collect();
        orbits.sort_unstable();
        orbits.dedup();
        assert_eq!(kids.iter().filter(|c| !c.twin).count(), orbits.len());
    }

    #[test]
    fn the_plan_lists_every_shard_after_its_dependencies() {
        let pos: Position = "2x2".parse().unwrap();
        let dir = Path::new("/nowhere");
        let opts = DotsSolveOptions::default();
        let first = dots_solve_plan(&pos, SolveSplit::FirstMoves, &opts, dir);
        first.check(Path::new("plan.json")).unwrap();
        let reps = children(&pos).iter().filter(|c| !c.twin).count();
        assert_eq!(first.shards.len(), reps + 1);
        assert_eq!(first.shards.last().unwrap().id, "solve");
        let replies = dots_solve_plan(&pos, SolveSplit::Replies, &opts, dir);
        replies.check(Path::new("plan.json")).unwrap();
        assert!(replies.shards.len() > first.shards.len());
        let over: Position = "1x1:0,1,2,3".parse().unwrap();
        let one = dots_solve_plan(&over, SolveSplit::Replies, &opts, dir);
        assert_eq!(one.shards.len(), 1);
    }
}
