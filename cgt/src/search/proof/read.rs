//! Reading a proof of either version from text or a reader.

use std::io::BufRead;

use super::compact::CompactBody;
use super::format::{
    io_lines, line_error, parse_header, Lines, ParseProofError, ProofLineProblem, PROOF_VERSION,
};
use super::text::named_body;
use super::tree::ProofTree;
use crate::search::game::SolverGame;

impl ProofTree {
    /// Reads a version 1 proof file.
    pub fn read_from<R: BufRead>(input: R) -> Result<ProofTree, ParseProofError> {
        parse_named(io_lines(input))
    }

    /// Reads a proof file of either version; a version 2 body is replayed
    /// on `game_of(root)` (the game's position from the root's text, or a
    /// message why it is none) to name the replies of its AND nodes.
    ///
    /// # Errors
    /// A malformed file, with the line and the problem.
    pub fn read_for<R: BufRead, G: SolverGame>(
        input: R,
        game_of: impl FnOnce(&str) -> Result<G, String>,
    ) -> Result<ProofTree, ParseProofError> {
        parse_any(io_lines(input), game_of)
    }

    /// [`ProofTree::read_for`] on text.
    ///
    /// # Errors
    /// A malformed file, with the line and the problem.
    pub fn parse_for<G: SolverGame>(
        text: &str,
        game_of: impl FnOnce(&str) -> Result<G, String>,
    ) -> Result<ProofTree, ParseProofError> {
        parse_any(text.lines().map(Ok), game_of)
    }

    /// Parses version 1 proof text.
    pub fn parse(text: &str) -> Result<ProofTree, ParseProofError> {
        parse_named(text.lines().map(Ok))
    }
}

/// Parses a version 1 proof from its lines (or the error reading one). A
/// version 2 file needs its game ([`ProofTree::parse_for`]).
fn parse_named<S: AsRef<str>>(
    lines: impl Iterator<Item = Result<S, ParseProofError>>,
) -> Result<ProofTree, ParseProofError> {
    let mut lines = Lines::new(lines);
    let header = parse_header(&mut lines)?;
    if header.version != PROOF_VERSION {
        return Err(line_error(1, ProofLineProblem::NeedsTheGame));
    }
    let nodes = named_body(&mut lines, header.nodes)?;
    lines.end()?;
    Ok(ProofTree {
        root: header.root,
        outcome: header.outcome,
        nodes,
    })
}

/// Parses a proof of either version from its lines; a version 2 body is
/// replayed on the game `game_of(root)` gives.
fn parse_any<S, G, I>(
    lines: I,
    game_of: impl FnOnce(&str) -> Result<G, String>,
) -> Result<ProofTree, ParseProofError>
where
    S: AsRef<str>,
    G: SolverGame,
    I: Iterator<Item = Result<S, ParseProofError>>,
{
    let mut lines = Lines::new(lines);
    let header = parse_header(&mut lines)?;
    let nodes = if header.version == PROOF_VERSION {
        named_body(&mut lines, header.nodes)?
    } else {
        let mut game = game_of(&header.root)
            .map_err(|message| line_error(2, ProofLineProblem::BadRoot { message }))?;
        let mut body = CompactBody {
            lines: &mut lines,
            count: header.nodes,
            nodes: Vec::new(),
        };
        body.node(&mut game, 0)?;
        let found = body.nodes.len();
        if found != header.nodes {
            let problem = ProofLineProblem::NodeCount {
                header: header.nodes,
                found,
            };
            return Err(line_error(body.lines.last + 1, problem));
        }
        body.nodes
    };
    lines.end()?;
    Ok(ProofTree {
        root: header.root,
        outcome: header.outcome,
        nodes,
    })
}
