//! What both versions of the proof file share: the first line, the
//! header, the reading of significant lines, and the errors of a file that
//! cannot be read.

use std::io::BufRead;

use crate::search::numbers::WinLoss;

/// The first word of a proof file.
pub const PROOF_MAGIC: &str = "cgtk-proof";
/// The version of the format with a numbered line per node (every reply
/// of an AND node named), which this module writes and reads.
pub const PROOF_VERSION: u32 = 1;
/// The version of the compact format (replies implied by the game), which
/// this module writes and reads with the game.
pub const COMPACT_PROOF_VERSION: u32 = 2;

/// The header of a proof file: its first four significant lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofHeader {
    /// The format version: [`PROOF_VERSION`] or [`COMPACT_PROOF_VERSION`].
    pub version: u32,
    /// The root position in the game's notation.
    pub root: String,
    /// The outcome for the player to move at the root.
    pub outcome: WinLoss,
    /// The number of nodes.
    pub nodes: usize,
}

/// What is wrong with a line of a proof file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofLineProblem {
    /// The first line is not `cgtk-proof <version>`.
    #[error("not a proof file (expected \"{PROOF_MAGIC} {PROOF_VERSION}\" or \"{PROOF_MAGIC} {COMPACT_PROOF_VERSION}\")")]
    NotAProofFile,
    /// The version is not one this reader knows.
    #[error("unsupported proof format version {found:?} (this reader knows {PROOF_VERSION} and {COMPACT_PROOF_VERSION})")]
    UnsupportedVersion {
        /// The version field.
        found: String,
    },
    /// A header line was expected.
    #[error("expected a line \"{expected} ...\"")]
    Expected {
        /// The keyword expected.
        expected: &'static str,
    },
    /// The root position is empty.
    #[error("empty root position")]
    EmptyRoot,
    /// The outcome is not `win` or `loss`.
    #[error("outcome must be win or loss, found {found:?}")]
    BadOutcome {
        /// The field found.
        found: String,
    },
    /// A number field does not parse.
    #[error("expected a number, found {found:?}")]
    BadNumber {
        /// The field found.
        found: String,
    },
    /// The node count is 0.
    #[error("a proof has at least one node")]
    NoNodes,
    /// Node lines must come in order 0, 1, ...
    #[error("expected node {expected}, found node {found}")]
    WrongNodeId {
        /// The id expected here.
        expected: usize,
        /// The id found.
        found: usize,
    },
    /// The node kind is not `or`, `and` or `leaf`.
    #[error("unknown node kind {found:?} (expected or, and, leaf)")]
    UnknownKind {
        /// The field found.
        found: String,
    },
    /// An `or` line needs exactly a move and a child.
    #[error("an or node needs exactly one move and one child")]
    BadOrNode,
    /// An `and` line needs move/child pairs, at least one.
    #[error("an and node needs one or more move/child pairs")]
    BadAndNode,
    /// A leaf is `leaf none`, `leaf eval` or `leaf search`.
    #[error("a leaf is \"leaf none\", \"leaf eval\" or \"leaf search\"")]
    BadLeaf,
    /// A child id is not below the node count.
    #[error("child {child} does not exist (the proof has {nodes} nodes)")]
    ChildOutOfRange {
        /// The child id.
        child: usize,
        /// The node count.
        nodes: usize,
    },
    /// The file ended before the `end` line.
    #[error("the file ends early (expected {expected})")]
    UnexpectedEnd {
        /// What was expected next.
        expected: &'static str,
    },
    /// Text after the `end` line.
    #[error("unexpected text after the end line")]
    TrailingText,
    /// A version 2 proof read without its game.
    #[error("a version 2 proof is read with its game")]
    NeedsTheGame,
    /// The root position is not a position of the game.
    #[error("the root is not a position: {message}")]
    BadRoot {
        /// The game's message.
        message: String,
    },
    /// A version 2 line is none of `o MOVE`, `a COUNT`, `n`, `e`, `s`, `@K`.
    #[error("expected o MOVE, a COUNT, n, e, s or @K")]
    BadCompactLine,
    /// A version 2 `o` line names a move that is not legal there.
    #[error("{mv} is not a legal move here")]
    NoSuchMove {
        /// The move.
        mv: String,
    },
    /// A version 2 `a` line's count is not the number of legal moves.
    #[error("an and node with {listed} replies where there are {legal} legal moves")]
    ReplyCount {
        /// The count on the line.
        listed: usize,
        /// The legal moves.
        legal: usize,
    },
    /// A version 2 `@K` line names a node not yet defined.
    #[error("@{node} refers to a node not yet defined")]
    ForwardReference {
        /// The node named.
        node: usize,
    },
    /// A version 2 body nests deeper than any game.
    #[error("the proof nests more than 4096 moves deep")]
    TooDeep,
    /// A version 2 body defines a number of nodes other than the header's.
    #[error("the header gives {header} nodes, the body defines {found}")]
    NodeCount {
        /// The header's count.
        header: usize,
        /// The nodes defined (so far).
        found: usize,
    },
}

/// A proof file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseProofError {
    /// A malformed line (1-based line number).
    #[error("line {line}: {problem}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What is wrong.
        problem: ProofLineProblem,
    },
    /// The file could not be read (or is not UTF-8).
    #[error("line {line}: cannot read: {message}")]
    Io {
        /// The 1-based line number.
        line: usize,
        /// The reader's message.
        message: String,
    },
}

/// The significant lines of a proof file (blank lines and `#` comments
/// skipped, a `\r` before the line end dropped), with their 1-based numbers.
pub(super) struct Lines<I> {
    inner: std::iter::Enumerate<I>,
    /// The number of the last line returned.
    pub(super) last: usize,
}

impl<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>> Lines<I> {
    pub(super) fn new(lines: I) -> Lines<I> {
        Lines {
            inner: lines.enumerate(),
            last: 0,
        }
    }

    /// The next significant line, if any.
    pub(super) fn next_line(&mut self) -> Option<Result<(usize, S), ParseProofError>> {
        for (i, line) in &mut self.inner {
            let line = match line {
                Ok(line) => line,
                Err(e) => return Some(Err(e)),
            };
            let text = line.as_ref();
            if text.trim().is_empty() || text.starts_with('#') {
                continue;
            }
            self.last = i + 1;
            return Some(Ok((i + 1, line)));
        }
        None
    }

    /// The next significant line, where `expected` must follow.
    pub(super) fn next(&mut self, expected: &'static str) -> Result<(usize, S), ParseProofError> {
        self.next_line().unwrap_or(Err(ParseProofError::Line {
            line: self.last + 1,
            problem: ProofLineProblem::UnexpectedEnd { expected },
        }))
    }

    /// After the body: the `end` line, then nothing.
    pub(super) fn end(&mut self) -> Result<(), ParseProofError> {
        let (n, line) = self.next("end")?;
        if line.as_ref().trim_end_matches('\r') != "end" {
            return Err(line_error(
                n,
                ProofLineProblem::Expected { expected: "end" },
            ));
        }
        match self.next_line() {
            Some(Ok((n, _))) => Err(line_error(n, ProofLineProblem::TrailingText)),
            Some(Err(e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// The lines of `input`, a read error as the [`ParseProofError`] of its
/// line.
pub(super) fn io_lines<R: BufRead>(
    input: R,
) -> impl Iterator<Item = Result<String, ParseProofError>> {
    input.lines().enumerate().map(|(i, line)| {
        line.map_err(|e| ParseProofError::Io {
            line: i + 1,
            message: e.to_string(),
        })
    })
}

pub(super) fn line_error(line: usize, problem: ProofLineProblem) -> ParseProofError {
    ParseProofError::Line { line, problem }
}

/// Reads the four header lines of a proof file (either version).
pub(super) fn parse_header<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>>(
    lines: &mut Lines<I>,
) -> Result<ProofHeader, ParseProofError> {
    let err = line_error;
    let text = |l: &S| -> String { l.as_ref().trim_end_matches('\r').to_string() };
    let (n, header) = lines.next("the header")?;
    let header = text(&header);
    let mut fields = header.split(' ');
    if fields.next() != Some(PROOF_MAGIC) {
        return Err(err(n, ProofLineProblem::NotAProofFile));
    }
    let found = fields.collect::<Vec<_>>().join(" ");
    let version = match found.parse::<u32>() {
        Ok(v @ (PROOF_VERSION | COMPACT_PROOF_VERSION)) if v.to_string() == found => v,
        _ => return Err(err(n, ProofLineProblem::UnsupportedVersion { found })),
    };

    let (n, line) = lines.next("root")?;
    let line = text(&line);
    let root = line
        .strip_prefix("root ")
        .ok_or(err(n, ProofLineProblem::Expected { expected: "root" }))?;
    if root.trim().is_empty() {
        return Err(err(n, ProofLineProblem::EmptyRoot));
    }
    let root = root.to_string();

    let (n, line) = lines.next("outcome")?;
    let outcome = match text(&line).strip_prefix("outcome ") {
        Some("win") => WinLoss::Win,
        Some("loss") => WinLoss::Loss,
        Some(other) => {
            let found = other.to_string();
            return Err(err(n, ProofLineProblem::BadOutcome { found }));
        }
        None => {
            let expected = "outcome";
            return Err(err(n, ProofLineProblem::Expected { expected }));
        }
    };

    let (n, line) = lines.next("nodes")?;
    let line = text(&line);
    let count = line
        .strip_prefix("nodes ")
        .ok_or(err(n, ProofLineProblem::Expected { expected: "nodes" }))?;
    let count = parse_number(count).map_err(|p| err(n, p))?;
    if count == 0 {
        return Err(err(n, ProofLineProblem::NoNodes));
    }
    Ok(ProofHeader {
        version,
        root,
        outcome,
        nodes: count,
    })
}

pub(super) fn parse_number(field: &str) -> Result<usize, ProofLineProblem> {
    // Digits only: `usize::from_str` would accept a leading '+'.
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ProofLineProblem::BadNumber {
            found: field.to_string(),
        });
    }
    field.parse().map_err(|_| ProofLineProblem::BadNumber {
        found: field.to_string(),
    })
}
