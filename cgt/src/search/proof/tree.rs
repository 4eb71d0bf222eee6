//! The proof tree: a winning strategy as a DAG of OR, AND and leaf nodes.

use crate::search::numbers::WinLoss;

/// How a leaf of a proof was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafKind {
    /// The player to move has no legal move, and loses (`leaf none`).
    NoMoves,
    /// The static evaluation decided it (`leaf eval`).
    Evaluation,
    /// A position the proof leaves whole to the checker's exact search
    /// (`leaf search`): the search below it is smaller than the proof
    /// would be (see [`ProofShape`](super::ProofShape)).
    Search,
}

/// One node of a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofNode {
    /// The player to move wins by `mv`, leading to node `child`.
    Or {
        /// The winning move, in the game's notation.
        mv: String,
        /// The node after the move.
        child: usize,
    },
    /// The player to move loses: every legal reply, each with its node.
    And {
        /// Every legal move and the node it leads to.
        replies: Vec<(String, usize)>,
    },
    /// A position decided without search.
    Leaf(LeafKind),
}

/// A proof: the winning strategy for one side from a root position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofTree {
    /// The root position in the game's notation.
    pub root: String,
    /// The outcome for the player to move at the root.
    pub outcome: WinLoss,
    /// The nodes; node 0 is the root.
    pub nodes: Vec<ProofNode>,
}

impl ProofTree {
    /// The principal variation of the proof: from the root, the winner's
    /// move at each of its turns and, at each of the loser's, the reply
    /// with the largest refutation (the most proof nodes below it, counted
    /// along every path), down to a leaf. It is the loser's longest
    /// resistance by that measure, not necessarily by the number of moves.
    #[must_use]
    pub fn principal_variation(&self) -> Vec<String> {
        let n = self.nodes.len();
        let size = subtree_sizes(&self.nodes);
        let mut line = Vec::new();
        let mut at = 0;
        while let Some(node) = self.nodes.get(at) {
            let next = match node {
                ProofNode::Or { mv, child } => Some((mv, *child)),
                ProofNode::And { replies } => replies
                    .iter()
                    .max_by_key(|(_, c)| size.get(*c).copied().unwrap_or(0))
                    .map(|(mv, c)| (mv, *c)),
                ProofNode::Leaf(_) => None,
            };
            // A proof of an acyclic game has at most `n` moves on a path.
            match next {
                Some((mv, child)) if line.len() < n => {
                    line.push(mv.clone());
                    at = child;
                }
                _ => break,
            }
        }
        line
    }

    /// Number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if the proof has no nodes (never true for a parsed or extracted
    /// proof).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// The number of nodes below each node and itself, counted along every
/// path (a shared node counts once per path), saturating; by an iterative
/// post-order walk (proofs share nodes, and a deep proof must not overflow
/// the stack). A node met again on its own path (only in a malformed file)
/// counts 1.
pub(super) fn subtree_sizes(nodes: &[ProofNode]) -> Vec<u64> {
    let children = |node: &ProofNode| -> Vec<usize> {
        match node {
            ProofNode::Or { child, .. } => vec![*child],
            ProofNode::And { replies } => replies.iter().map(|(_, c)| *c).collect(),
            ProofNode::Leaf(_) => Vec::new(),
        }
    };
    let n = nodes.len();
    let mut size = vec![0u64; n];
    let mut state = vec![0u8; n]; // 0 new, 1 on the path, 2 done
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, false)];
        while let Some((at, expanded)) = stack.pop() {
            if expanded {
                size[at] = children(&nodes[at])
                    .into_iter()
                    .map(|c| if c < n && state[c] == 2 { size[c] } else { 1 })
                    .fold(1u64, u64::saturating_add);
                state[at] = 2;
            } else if state[at] == 0 {
                state[at] = 1;
                stack.push((at, true));
                for c in children(&nodes[at]) {
                    if c < n && state[c] == 0 {
                        stack.push((c, false));
                    }
                }
            }
        }
    }
    size
}
