//! Version 2 of the proof file format (compact): the nodes in depth-first
//! order, the replies of AND nodes implied by the game.

use std::io::{self, Write};

use super::format::{
    line_error, parse_number, Lines, ParseProofError, ProofLineProblem, COMPACT_PROOF_VERSION,
    PROOF_MAGIC,
};
use super::tree::{LeafKind, ProofNode, ProofTree};
use crate::search::game::SolverGame;

/// The walk [`ProofTree::write_compact_to`] writes.
struct CompactOrder {
    /// The nodes in the order of their lines (a node met again is a
    /// reference).
    walk: Vec<usize>,
    /// Each node's id in the compact body (`usize::MAX` if unreached).
    new_id: Vec<usize>,
    /// The nodes defined.
    defined: usize,
}

impl ProofTree {
    /// Writes the proof in the compact format of version
    /// [`COMPACT_PROOF_VERSION`] (the nodes the root reaches).
    pub fn write_compact_to<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        let order = self.compact_order();
        writeln!(out, "{PROOF_MAGIC} {COMPACT_PROOF_VERSION}")?;
        writeln!(out, "root {}", self.root)?;
        writeln!(out, "outcome {}", self.outcome)?;
        writeln!(out, "nodes {}", order.defined)?;
        self.write_compact_lines(out, &order, 0)?;
        writeln!(out, "end")
    }

    /// The number of nodes the compact format writes: those the root
    /// reaches.
    #[must_use]
    pub fn compact_len(&self) -> usize {
        self.compact_order().defined
    }

    /// Writes the body lines of the compact format alone, every `@K` raised
    /// by `offset`: this proof as part of a larger one in which `offset`
    /// nodes are defined before its root.
    pub fn write_compact_nodes_to<W: Write + ?Sized>(
        &self,
        out: &mut W,
        offset: usize,
    ) -> io::Result<()> {
        self.write_compact_lines(out, &self.compact_order(), offset)
    }

    /// The order of the compact body: a depth-first walk from the root,
    /// the replies of AND nodes in the order of their notation; each node
    /// defined where first met and referred to after.
    fn compact_order(&self) -> CompactOrder {
        let n = self.nodes.len();
        let mut new_id = vec![usize::MAX; n];
        let mut walk = Vec::new();
        let mut stack = vec![0usize];
        let mut defined = 0;
        while let Some(at) = stack.pop() {
            if at >= n || new_id[at] != usize::MAX {
                walk.push(at);
                continue;
            }
            new_id[at] = defined;
            defined += 1;
            walk.push(at);
            match &self.nodes[at] {
                ProofNode::Or { child, .. } => stack.push(*child),
                ProofNode::And { replies } => {
                    let mut sorted: Vec<&(String, usize)> = replies.iter().collect();
                    sorted.sort_by(|a, b| a.0.cmp(&b.0));
                    stack.extend(sorted.iter().rev().map(|(_, c)| *c));
                }
                ProofNode::Leaf(_) => {}
            }
        }
        CompactOrder {
            walk,
            new_id,
            defined,
        }
    }

    fn write_compact_lines<W: Write + ?Sized>(
        &self,
        out: &mut W,
        order: &CompactOrder,
        offset: usize,
    ) -> io::Result<()> {
        let mut written = vec![false; self.nodes.len()];
        for &at in &order.walk {
            let Some(node) = self.nodes.get(at) else {
                // Only a proof built in memory names a missing node.
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("node {at} does not exist"),
                ));
            };
            if written[at] {
                writeln!(out, "@{}", order.new_id[at] + offset)?;
                continue;
            }
            written[at] = true;
            match node {
                ProofNode::Or { mv, .. } => writeln!(out, "o {mv}")?,
                ProofNode::And { replies } => writeln!(out, "a {}", replies.len())?,
                ProofNode::Leaf(LeafKind::NoMoves) => out.write_all(b"n\n")?,
                ProofNode::Leaf(LeafKind::Evaluation) => out.write_all(b"e\n")?,
                ProofNode::Leaf(LeafKind::Search) => out.write_all(b"s\n")?,
            }
        }
        Ok(())
    }
}

/// The deepest nesting a version 2 body may have (a line of play longer
/// than any game this crate's solvers prove).
const MAX_COMPACT_DEPTH: usize = 4096;

/// The reader of a version 2 body: each node's line, then its children's,
/// replayed on the game to name the replies of `a` nodes.
pub(super) struct CompactBody<'l, I> {
    pub(super) lines: &'l mut Lines<I>,
    /// The node count of the header.
    pub(super) count: usize,
    pub(super) nodes: Vec<ProofNode>,
}

impl<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>> CompactBody<'_, I> {
    /// Reads the node at `game` and everything below it; its id.
    pub(super) fn node<G: SolverGame>(
        &mut self,
        game: &mut G,
        depth: usize,
    ) -> Result<usize, ParseProofError> {
        let (n, line) = self.lines.next("a node line")?;
        let line = line.as_ref().trim_end_matches('\r');
        let err = |problem| line_error(n, problem);
        if let Some(k) = line.strip_prefix('@') {
            let k = parse_number(k).map_err(err)?;
            if k >= self.nodes.len() {
                return Err(err(ProofLineProblem::ForwardReference { node: k }));
            }
            return Ok(k);
        }
        let id = self.nodes.len();
        if id >= self.count {
            return Err(err(ProofLineProblem::NodeCount {
                header: self.count,
                found: id + 1,
            }));
        }
        if depth > MAX_COMPACT_DEPTH {
            return Err(err(ProofLineProblem::TooDeep));
        }
        self.nodes.push(ProofNode::Leaf(LeafKind::NoMoves));
        let fields: Vec<&str> = line.split(' ').collect();
        let mut moves = Vec::new();
        let node = match fields[..] {
            ["n"] => ProofNode::Leaf(LeafKind::NoMoves),
            ["e"] => ProofNode::Leaf(LeafKind::Evaluation),
            ["s"] => ProofNode::Leaf(LeafKind::Search),
            ["o", text] if !text.is_empty() => {
                game.generate_moves(&mut moves);
                let mv = moves
                    .iter()
                    .copied()
                    .find(|&m| game.move_text(m) == text)
                    .ok_or_else(|| {
                        err(ProofLineProblem::NoSuchMove {
                            mv: text.to_string(),
                        })
                    })?;
                game.play(mv);
                let child = self.node(game, depth + 1);
                game.undo(mv);
                ProofNode::Or {
                    mv: text.to_string(),
                    child: child?,
                }
            }
            ["a", listed] => {
                let listed = parse_number(listed).map_err(err)?;
                game.generate_moves(&mut moves);
                let mut named: Vec<(String, G::Move)> =
                    moves.iter().map(|&m| (game.move_text(m), m)).collect();
                named.sort_by(|a, b| a.0.cmp(&b.0));
                if listed != named.len() || listed == 0 {
                    return Err(err(ProofLineProblem::ReplyCount {
                        listed,
                        legal: named.len(),
                    }));
                }
                let mut replies = Vec::with_capacity(named.len());
                for (text, mv) in named {
                    game.play(mv);
                    let child = self.node(game, depth + 1);
                    game.undo(mv);
                    replies.push((text, child?));
                }
                ProofNode::And { replies }
            }
            _ => return Err(err(ProofLineProblem::BadCompactLine)),
        };
        self.nodes[id] = node;
        Ok(id)
    }
}
