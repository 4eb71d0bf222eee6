//! The proof checker: it trusts only move generation and a caller-supplied
//! leaf verifier.

use std::collections::{HashMap, HashSet};

use super::tree::{LeafKind, ProofNode, ProofTree};
use crate::budget::{Watch, CHECK_EVERY};
use crate::search::control::Limit;
use crate::search::game::SolverGame;
use crate::search::numbers::WinLoss;
use crate::ProgressSink;

/// Counts of a checked proof (fields in alphabetical order, the order of
/// their keys in JSON with the `serde` feature).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ProofStats {
    /// Longest move sequence from the root to a leaf.
    pub depth: usize,
    /// `leaf eval` leaves accepted by the leaf verifier.
    pub evaluated_leaves: usize,
    /// Leaves with no legal move.
    pub no_move_leaves: usize,
    /// Distinct nodes checked.
    pub nodes: usize,
    /// `leaf search` leaves accepted by the leaf verifier.
    pub searched_leaves: usize,
}

/// A proof that does not prove its claim.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckProofError {
    /// The game given to the checker is not the proof's root.
    #[error("the proof is for root {in_proof:?}, not {given:?}")]
    RootMismatch {
        /// The root written in the proof.
        in_proof: String,
        /// The position given to the checker.
        given: String,
    },
    /// An OR node where the player to move should lose, or an AND node or a
    /// no-move leaf where they should win.
    #[error("node {node}: a {found} node where the player to move should {expected}")]
    WrongNodeKind {
        /// The node id.
        node: usize,
        /// `or`, `and` or `leaf none`.
        found: &'static str,
        /// The outcome the proof needs at this node.
        expected: WinLoss,
    },
    /// A move that is not legal in the node's position.
    #[error("node {node}: move {mv} is not legal here")]
    IllegalMove {
        /// The node id.
        node: usize,
        /// The move as written.
        mv: String,
    },
    /// A legal reply missing from an AND node.
    #[error("node {node}: the legal reply {mv} is missing")]
    MissingReply {
        /// The node id.
        node: usize,
        /// The missing move.
        mv: String,
    },
    /// A reply listed twice at an AND node.
    #[error("node {node}: reply {mv} is listed twice")]
    DuplicateReply {
        /// The node id.
        node: usize,
        /// The repeated move.
        mv: String,
    },
    /// A `leaf none` where the player to move has legal moves.
    #[error("node {node}: marked as having no legal move, but has {moves}")]
    HasMoves {
        /// The node id.
        node: usize,
        /// How many legal moves there are.
        moves: usize,
    },
    /// The leaf verifier did not confirm a `leaf eval` or `leaf search`.
    #[error(
        "node {node}: the leaf verifier rejects a {claimed} for the player to move in {position}"
    )]
    LeafRejected {
        /// The node id.
        node: usize,
        /// The position, in the game's notation.
        position: String,
        /// The outcome the proof claims there.
        claimed: WinLoss,
    },
    /// The leaf verifier could not decide a leaf within its limit.
    #[error(
        "incomplete proof at node {node}: its leaf needs more than {limit} positions of exact search ({position})"
    )]
    LeafTooHard {
        /// The node id.
        node: usize,
        /// The position, in the game's notation.
        position: String,
        /// The verifier's limit per leaf.
        limit: u64,
    },
    /// The check was stopped (a time limit, Ctrl-C) before every leaf was
    /// decided: no verdict.
    #[error("{limit} at node {node}, before every leaf was checked: no verdict")]
    Stopped {
        /// The node of the first leaf left undecided.
        node: usize,
        /// The limit that stopped it.
        limit: Limit,
    },
    /// Two paths reach one node with different positions.
    #[error("node {node} is reached with two different positions")]
    Inconsistent {
        /// The node id.
        node: usize,
    },
    /// A node is its own descendant.
    #[error("node {node} is reached again below itself (a cycle)")]
    Cycle {
        /// The node id.
        node: usize,
    },
    /// A child id (or the root, node 0) that is not a node of the proof
    /// (only possible in a proof built in memory; the parser refuses it).
    #[error("node {node} does not exist")]
    NoSuchNode {
        /// The missing id.
        node: usize,
    },
    /// A node the root does not reach.
    #[error("node {node} is not reached from the root")]
    Unreachable {
        /// The node id.
        node: usize,
    },
}

/// What a leaf verifier says of a `leaf eval` or `leaf search`: confirmed, rejected, or
/// beyond the work it may spend on one leaf (a proof that leaves too much
/// to its leaves is incomplete). A `bool` is a verifier without a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafVerdict {
    /// The player to move has the claimed outcome.
    Confirmed,
    /// The player to move does not have the claimed outcome.
    Rejected,
    /// Deciding the leaf needs more than `limit` positions of search.
    TooHard {
        /// The verifier's limit per leaf, in positions.
        limit: u64,
    },
    /// The check was stopped (a time limit, Ctrl-C) before the leaf was
    /// decided.
    Stopped(Limit),
}

impl From<bool> for LeafVerdict {
    fn from(confirmed: bool) -> LeafVerdict {
        if confirmed {
            LeafVerdict::Confirmed
        } else {
            LeafVerdict::Rejected
        }
    }
}

/// Checks `proof` against the game from the position `game`, trusting only
/// [`SolverGame::generate_moves`], `play`/`undo`, `move_text` and
/// `position_text`, and `leaf_ok(position, claimed)` for every `leaf eval`
/// and `leaf search`
/// (which must return true, or [`LeafVerdict::Confirmed`], only if the
/// player to move in `position` really has the outcome `claimed`, and may
/// give up with [`LeafVerdict::TooHard`] past a limit of its own; give it
/// the simplest sound decision procedure you have, never the solver's
/// heuristics). It never calls
/// [`SolverGame::evaluate`], `order_moves` or `canonical_hash`.
///
/// Every node must be reached from the root; a node reached along several
/// paths must be the same position (compared with `==`) on each.
pub fn check_proof<G, F, V>(
    game: &G,
    proof: &ProofTree,
    leaf_ok: F,
) -> Result<ProofStats, CheckProofError>
where
    G: SolverGame + Eq,
    F: FnMut(&G, WinLoss) -> V,
    V: Into<LeafVerdict>,
{
    check_proof_with_progress(game, proof, leaf_ok, &Watch::unlimited(), &())
}

/// [`check_proof`], reporting progress to `progress`: one unit per node of
/// the proof's structure (of [`ProofTree::len`]), then one per evaluated
/// leaf decided by `leaf_ok`. The walk over the structure stops with
/// [`CheckProofError::Stopped`] when `watch` ends (looked at every
/// [`CHECK_EVERY`] nodes); give `leaf_ok` the same watch.
///
/// # Errors
/// As [`check_proof`].
pub fn check_proof_with_progress<G, F, V>(
    game: &G,
    proof: &ProofTree,
    mut leaf_ok: F,
    watch: &Watch,
    progress: &dyn ProgressSink,
) -> Result<ProofStats, CheckProofError>
where
    G: SolverGame + Eq,
    F: FnMut(&G, WinLoss) -> V,
    V: Into<LeafVerdict>,
{
    let walk = check_structure(game, proof, watch, progress)?;
    progress.start("check-proof leaves", walk.leaves.len() as u64);
    let rejected = walk.leaves.iter().find_map(|leaf| {
        progress.advance(1);
        match leaf_ok(&leaf.position, leaf.claimed).into() {
            LeafVerdict::Confirmed => None,
            verdict => Some((leaf, verdict)),
        }
    });
    progress.finish();
    walk.result(rejected)
}

/// [`check_proof_with_progress`] with the evaluated leaves decided in
/// parallel (rayon), each worker with its own decision procedure from
/// `new_leaf_ok` (so it may keep a table of its own). The leaves are taken
/// in runs of consecutive leaves of the proof, which are often close
/// positions. The result, and the error when several leaves are wrong,
/// are those of [`check_proof_with_progress`], which `watch` stops alike.
///
/// # Errors
/// As [`check_proof`].
pub fn check_proof_parallel<G, F, V, N>(
    game: &G,
    proof: &ProofTree,
    new_leaf_ok: N,
    watch: &Watch,
    progress: &(dyn ProgressSink + Sync),
) -> Result<ProofStats, CheckProofError>
where
    G: SolverGame + Eq + Send + Sync,
    F: FnMut(&G, WinLoss) -> V,
    V: Into<LeafVerdict>,
    N: Fn() -> F + Sync,
{
    use rayon::prelude::*;
    let walk = check_structure(game, proof, watch, progress)?;
    progress.start("check-proof leaves", walk.leaves.len() as u64);
    let runs = walk
        .leaves
        .len()
        .div_ceil(16 * rayon::current_num_threads())
        .max(1);
    let rejected = walk
        .leaves
        .par_chunks(runs)
        .filter_map(|run| {
            let mut leaf_ok = new_leaf_ok();
            run.iter().find_map(|leaf| {
                let verdict = leaf_ok(&leaf.position, leaf.claimed).into();
                progress.advance(1);
                match verdict {
                    LeafVerdict::Confirmed => None,
                    verdict => Some((leaf, verdict)),
                }
            })
        })
        .min_by_key(|(leaf, _)| leaf.order);
    progress.finish();
    walk.result(rejected)
}

/// What the walk over a proof's structure found: the evaluated leaves met,
/// in order, and the first problem of the structure if any (every leaf
/// listed was met before it).
struct Walk<G> {
    stats: ProofStats,
    leaves: Vec<Leaf<G>>,
    problem: Option<CheckProofError>,
}

impl<G: SolverGame> Walk<G> {
    /// The verdict, given the first leaf the verifier rejects: a rejected
    /// leaf comes before any problem of the structure, as in a single walk
    /// that decides each leaf when it meets it.
    fn result(
        &self,
        rejected: Option<(&Leaf<G>, LeafVerdict)>,
    ) -> Result<ProofStats, CheckProofError> {
        match (rejected, &self.problem) {
            (Some((leaf, verdict)), _) => Err(leaf.rejected(verdict)),
            (None, Some(problem)) => Err(problem.clone()),
            (None, None) => Ok(self.stats),
        }
    }
}

/// An evaluated leaf, to be decided after the structure is checked.
struct Leaf<G> {
    /// Its place among the leaves in the order of the walk.
    order: usize,
    node: usize,
    position: G,
    claimed: WinLoss,
}

impl<G: SolverGame> Leaf<G> {
    fn rejected(&self, verdict: LeafVerdict) -> CheckProofError {
        match verdict {
            LeafVerdict::TooHard { limit } => CheckProofError::LeafTooHard {
                node: self.node,
                position: self.position.position_text(),
                limit,
            },
            LeafVerdict::Stopped(limit) => CheckProofError::Stopped {
                node: self.node,
                limit,
            },
            LeafVerdict::Confirmed | LeafVerdict::Rejected => CheckProofError::LeafRejected {
                node: self.node,
                position: self.position.position_text(),
                claimed: self.claimed,
            },
        }
    }
}

/// Everything [`check_proof`] checks but the evaluated leaves, which it
/// returns in the order of a depth-first walk from the root, up to the
/// first problem of the structure. Only a root that is not the given
/// position is an error at once.
fn check_structure<G: SolverGame + Eq>(
    game: &G,
    proof: &ProofTree,
    watch: &Watch,
    progress: &dyn ProgressSink,
) -> Result<Walk<G>, CheckProofError> {
    progress.start("check-proof", proof.nodes.len() as u64);
    let given = game.position_text();
    if given != proof.root {
        progress.finish();
        return Err(CheckProofError::RootMismatch {
            in_proof: proof.root.clone(),
            given,
        });
    }
    let mut checker = Checker {
        proof,
        watch,
        progress,
        leaves: Vec::new(),
        state: vec![State::Unvisited; proof.nodes.len()],
        stats: ProofStats::default(),
    };
    let mut position = game.clone();
    let visited = checker.visit(0, &mut position, proof.outcome, 0);
    progress.finish();
    if let Err(stopped @ CheckProofError::Stopped { .. }) = visited {
        return Err(stopped);
    }
    let problem = visited.err().or_else(|| {
        checker
            .state
            .iter()
            .position(|s| matches!(s, State::Unvisited))
            .map(|node| CheckProofError::Unreachable { node })
    });
    Ok(Walk {
        stats: checker.stats,
        leaves: checker.leaves,
        problem,
    })
}

#[derive(Clone)]
enum State<G> {
    Unvisited,
    Open,
    Done(G),
}

struct Checker<'p, G> {
    proof: &'p ProofTree,
    watch: &'p Watch,
    progress: &'p dyn ProgressSink,
    leaves: Vec<Leaf<G>>,
    state: Vec<State<G>>,
    stats: ProofStats,
}

impl<G: SolverGame + Eq> Checker<'_, G> {
    fn visit(
        &mut self,
        node: usize,
        game: &mut G,
        want: WinLoss,
        depth: usize,
    ) -> Result<(), CheckProofError> {
        if node >= self.proof.nodes.len() {
            return Err(CheckProofError::NoSuchNode { node });
        }
        match &self.state[node] {
            State::Open => return Err(CheckProofError::Cycle { node }),
            State::Done(position) if position == game => return Ok(()),
            State::Done(_) => return Err(CheckProofError::Inconsistent { node }),
            State::Unvisited => {}
        }
        self.state[node] = State::Open;
        self.stats.nodes += 1;
        if self.stats.nodes % CHECK_EVERY as usize == 0 {
            if let Some(limit) = self.watch.reached() {
                return Err(CheckProofError::Stopped { node, limit });
            }
        }
        self.progress.advance(1);
        self.stats.depth = self.stats.depth.max(depth);
        let wrong_kind = |found| CheckProofError::WrongNodeKind {
            node,
            found,
            expected: want,
        };
        let mut moves = Vec::new();
        match &self.proof.nodes[node] {
            ProofNode::Leaf(LeafKind::NoMoves) => {
                if want != WinLoss::Loss {
                    return Err(wrong_kind("leaf none"));
                }
                game.generate_moves(&mut moves);
                if !moves.is_empty() {
                    return Err(CheckProofError::HasMoves {
                        node,
                        moves: moves.len(),
                    });
                }
                self.stats.no_move_leaves += 1;
            }
            ProofNode::Leaf(kind @ (LeafKind::Evaluation | LeafKind::Search)) => {
                self.leaves.push(Leaf {
                    order: self.leaves.len(),
                    node,
                    position: game.clone(),
                    claimed: want,
                });
                if *kind == LeafKind::Search {
                    self.stats.searched_leaves += 1;
                } else {
                    self.stats.evaluated_leaves += 1;
                }
            }
            ProofNode::Or { mv, child } => {
                if want != WinLoss::Win {
                    return Err(wrong_kind("or"));
                }
                game.generate_moves(&mut moves);
                let legal = moves
                    .iter()
                    .copied()
                    .find(|&m| game.move_text(m) == *mv)
                    .ok_or_else(|| CheckProofError::IllegalMove {
                        node,
                        mv: mv.clone(),
                    })?;
                game.play(legal);
                let result = self.visit(*child, game, WinLoss::Loss, depth + 1);
                game.undo(legal);
                result?;
            }
            ProofNode::And { replies } => {
                if want != WinLoss::Loss {
                    return Err(wrong_kind("and"));
                }
                let mut listed: HashMap<&str, usize> = HashMap::with_capacity(replies.len());
                for (mv, child) in replies {
                    if listed.insert(mv.as_str(), *child).is_some() {
                        return Err(CheckProofError::DuplicateReply {
                            node,
                            mv: mv.clone(),
                        });
                    }
                }
                game.generate_moves(&mut moves);
                let texts: Vec<String> = moves.iter().map(|&m| game.move_text(m)).collect();
                let legal_texts: HashSet<&str> = texts.iter().map(String::as_str).collect();
                if let Some((mv, _)) = replies
                    .iter()
                    .find(|(mv, _)| !legal_texts.contains(mv.as_str()))
                {
                    return Err(CheckProofError::IllegalMove {
                        node,
                        mv: mv.clone(),
                    });
                }
                let mut legal = Vec::with_capacity(moves.len());
                for (&m, text) in moves.iter().zip(&texts) {
                    let Some(&child) = listed.get(text.as_str()) else {
                        return Err(CheckProofError::MissingReply {
                            node,
                            mv: text.clone(),
                        });
                    };
                    legal.push((m, child));
                }
                for (m, child) in legal {
                    game.play(m);
                    let result = self.visit(child, game, WinLoss::Win, depth + 1);
                    game.undo(m);
                    result?;
                }
            }
        }
        self.state[node] = State::Done(game.clone());
        Ok(())
    }
}
