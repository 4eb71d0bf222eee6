//! Version 1 of the proof file format: one numbered line per node, every
//! reply of an AND node named.

use std::fmt;
use std::io::{self, Write};

use super::format::{
    line_error, parse_number, Lines, ParseProofError, ProofLineProblem, PROOF_MAGIC, PROOF_VERSION,
};
use super::tree::{LeafKind, ProofNode, ProofTree};

impl ProofTree {
    /// Writes the proof in the format of version [`PROOF_VERSION`].
    pub fn write_to<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        writeln!(out, "{PROOF_MAGIC} {PROOF_VERSION}")?;
        writeln!(out, "root {}", self.root)?;
        writeln!(out, "outcome {}", self.outcome)?;
        writeln!(out, "nodes {}", self.nodes.len())?;
        self.write_nodes_to(out)?;
        writeln!(out, "end")
    }

    /// Writes the node lines of version 1, one per node in id order.
    fn write_nodes_to<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        for (id, node) in self.nodes.iter().enumerate() {
            write!(out, "{id} ")?;
            match node {
                ProofNode::Or { mv, child } => write!(out, "or {mv} {child}")?,
                ProofNode::And { replies } => {
                    out.write_all(b"and")?;
                    for (mv, child) in replies {
                        write!(out, " {mv} {child}")?;
                    }
                }
                ProofNode::Leaf(LeafKind::NoMoves) => out.write_all(b"leaf none")?,
                ProofNode::Leaf(LeafKind::Evaluation) => out.write_all(b"leaf eval")?,
                ProofNode::Leaf(LeafKind::Search) => out.write_all(b"leaf search")?,
            }
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// The proof as text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut buf = Vec::new();
        self.write_to(&mut buf)
            .expect("writing to a Vec cannot fail");
        String::from_utf8(buf).expect("proof text is UTF-8")
    }
}

impl fmt::Display for ProofTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// The `count` node lines of a version 1 body.
pub(super) fn named_body<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>>(
    lines: &mut Lines<I>,
    count: usize,
) -> Result<Vec<ProofNode>, ParseProofError> {
    let mut nodes = Vec::new();
    for expected in 0..count {
        let (n, line) = lines.next("a node line")?;
        let line = line.as_ref().trim_end_matches('\r');
        nodes.push(parse_node(line, expected, count).map_err(|p| line_error(n, p))?);
    }
    Ok(nodes)
}

fn parse_node(line: &str, expected: usize, count: usize) -> Result<ProofNode, ProofLineProblem> {
    let fields: Vec<&str> = line.split(' ').collect();
    let id = parse_number(fields[0])?;
    if id != expected {
        return Err(ProofLineProblem::WrongNodeId {
            expected,
            found: id,
        });
    }
    let child = |field: &str| -> Result<usize, ProofLineProblem> {
        let child = parse_number(field)?;
        if child >= count {
            return Err(ProofLineProblem::ChildOutOfRange {
                child,
                nodes: count,
            });
        }
        Ok(child)
    };
    let is_move = |field: &str| !field.is_empty();
    match fields.get(1).copied() {
        Some("or") => {
            if fields.len() != 4 || !is_move(fields[2]) {
                return Err(ProofLineProblem::BadOrNode);
            }
            Ok(ProofNode::Or {
                mv: fields[2].to_string(),
                child: child(fields[3])?,
            })
        }
        Some("and") => {
            let pairs = &fields[2..];
            if pairs.is_empty() || pairs.len() % 2 != 0 {
                return Err(ProofLineProblem::BadAndNode);
            }
            let mut replies = Vec::with_capacity(pairs.len() / 2);
            for pair in pairs.chunks(2) {
                if !is_move(pair[0]) {
                    return Err(ProofLineProblem::BadAndNode);
                }
                replies.push((pair[0].to_string(), child(pair[1])?));
            }
            Ok(ProofNode::And { replies })
        }
        Some("leaf") => match &fields[2..] {
            ["none"] => Ok(ProofNode::Leaf(LeafKind::NoMoves)),
            ["eval"] => Ok(ProofNode::Leaf(LeafKind::Evaluation)),
            ["search"] => Ok(ProofNode::Leaf(LeafKind::Search)),
            _ => Err(ProofLineProblem::BadLeaf),
        },
        other => Err(ProofLineProblem::UnknownKind {
            found: other.unwrap_or("").to_string(),
        }),
    }
}
