//! Proof files of solve shards: written with their length and checksum,
//! and a gather's proof joined from its moves' proofs (mirrored where a
//! move is answered by its mirror image's shard).

use std::io::Write;
use std::path::Path;

use amazons::{Move, Position, Size, SolverPosition, Symmetry};
use cgt::search::proof::{COMPACT_PROOF_VERSION, PROOF_MAGIC};
use cgt::search::{ProofNode, ProofTree, WinLoss};

use super::{proof_path, SolveError};
use crate::checksum::Fnv1a64;

/// The length of the file `path`, its FNV-1a 64 checksum and its first
/// `head` bytes, read in pieces (a gathered proof can be gigabytes).
pub(super) fn scan_proof_file(path: &Path, head: usize) -> std::io::Result<(u64, u64, Vec<u8>)> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    let mut hash = Fnv1a64::new();
    let mut bytes = 0u64;
    let mut start = Vec::with_capacity(head);
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok((bytes, hash.finish(), start));
        }
        let more = head.saturating_sub(start.len()).min(n);
        start.extend_from_slice(&buf[..more]);
        hash.update(&buf[..n]);
        bytes += n as u64;
    }
}

/// The length and FNV-1a 64 checksum of a proof file written.
pub(super) struct ProofFile {
    pub(super) bytes: u64,
    pub(super) checksum: u64,
}

/// A writer that counts the bytes through it and their checksum.
pub(super) struct Counting<W> {
    inner: W,
    hash: Fnv1a64,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Why a proof file could not be written: the file's own I/O, or (from
/// `fill`) a shard's proof that could not be read.
pub(super) enum FillError {
    Io(std::io::Error),
    Solve(SolveError),
}

impl From<std::io::Error> for FillError {
    fn from(e: std::io::Error) -> FillError {
        FillError::Io(e)
    }
}

/// Writes the proof file `path` with `fill`, streamed through a temporary
/// file that reaches the disk before it is renamed into place
/// ([`crate::format::write_renamed_with`]); its length and checksum.
pub(super) fn write_proof_file<E: Into<FillError>>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<ProofFile, SolveError> {
    crate::format::write_renamed_with(path, true, |file| {
        let mut out = Counting {
            inner: file,
            hash: Fnv1a64::new(),
            bytes: 0,
        };
        fill(&mut out).map_err(Into::into)?;
        Ok::<_, FillError>(ProofFile {
            bytes: out.bytes,
            checksum: out.hash.finish(),
        })
    })
    .map_err(|e| match e {
        FillError::Io(source) => SolveError::Write(crate::format::DbError::Io {
            path: path.to_owned(),
            source,
        }),
        FillError::Solve(e) => e,
    })
}

/// A move of a gather's proof and the shard whose proof answers it.
pub(super) struct JoinedMove {
    pub(super) mv: String,
    pub(super) shard: String,
    pub(super) mirrored: bool,
}

/// Writes the proof of `outcome` at `pos` in the compact format (version 2):
/// a root node over `moves` (the one winning move, or every legal move in
/// the order of their notation) with each move's proof after it, its
/// references renumbered. A move's proof in the compact format is copied
/// line by line (a shard's proof can be larger than memory); one in
/// version 1, or the mirror image of its shard's, is read whole, mirrored,
/// and written out compact.
pub(super) fn write_joined(
    out: &mut dyn Write,
    dir: &Path,
    pos: &Position,
    outcome: WinLoss,
    moves: &[JoinedMove],
) -> Result<(), FillError> {
    let mut moves: Vec<&JoinedMove> = moves.iter().collect();
    moves.sort_by(|a, b| a.mv.cmp(&b.mv));
    // The node counts first, for the header and the references.
    let mut bodies = Vec::with_capacity(moves.len());
    let mut total = 1;
    for m in &moves {
        let body = JoinedBody::open(dir, m, pos.size())?;
        let offset = total;
        total += body.nodes();
        bodies.push((m, body, offset));
    }
    writeln!(out, "{PROOF_MAGIC} {COMPACT_PROOF_VERSION}")?;
    writeln!(out, "root {pos}")?;
    writeln!(out, "outcome {outcome}")?;
    writeln!(out, "nodes {total}")?;
    match outcome {
        WinLoss::Win => writeln!(out, "o {}", moves[0].mv)?,
        WinLoss::Loss => writeln!(out, "a {}", moves.len())?,
    }
    for (m, body, offset) in bodies {
        body.write(out, dir, m, offset)?;
    }
    writeln!(out, "end")?;
    Ok(())
}

/// A move's proof as it goes into a gathered one.
pub(super) enum JoinedBody {
    /// A compact proof file copied line by line: its node count.
    Copied(usize),
    /// A proof read whole (version 1, or mirrored).
    Read(ProofTree),
}

impl JoinedBody {
    fn open(dir: &Path, m: &JoinedMove, size: Size) -> Result<JoinedBody, FillError> {
        let path = proof_path(dir, &m.shard);
        let not_done = || {
            FillError::Solve(SolveError::ChildNotDone {
                shard: m.shard.clone(),
            })
        };
        let (version, nodes) = proof_header(&path).ok_or_else(not_done)?;
        if version == COMPACT_PROOF_VERSION && !m.mirrored {
            return Ok(JoinedBody::Copied(nodes));
        }
        let file = std::fs::File::open(&path).map_err(|_| not_done())?;
        let mut proof = ProofTree::read_for(
            std::io::BufReader::new(file),
            SolverPosition::from_proof_root,
        )
        .map_err(|source| {
            FillError::Solve(SolveError::ChildProof {
                shard: m.shard.clone(),
                source,
            })
        })?;
        if m.mirrored {
            for node in &mut proof.nodes {
                mirror_node(node, size);
            }
        }
        Ok(JoinedBody::Read(proof))
    }

    /// The nodes it defines.
    fn nodes(&self) -> usize {
        match self {
            JoinedBody::Copied(n) => *n,
            JoinedBody::Read(proof) => proof.compact_len(),
        }
    }

    /// Writes its body lines, references raised by `offset`.
    fn write(
        &self,
        out: &mut dyn Write,
        dir: &Path,
        m: &JoinedMove,
        offset: usize,
    ) -> Result<(), FillError> {
        let nodes = match self {
            JoinedBody::Read(proof) => return Ok(proof.write_compact_nodes_to(out, offset)?),
            JoinedBody::Copied(nodes) => *nodes,
        };
        use std::io::BufRead;
        let bad = || {
            FillError::Solve(SolveError::ChildNotDone {
                shard: m.shard.clone(),
            })
        };
        let file = std::fs::File::open(proof_path(dir, &m.shard)).map_err(|_| bad())?;
        let mut lines = std::io::BufReader::new(file)
            .lines()
            .map_while(Result::ok)
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .skip(4);
        let mut defined = 0;
        for line in &mut lines {
            let line = line.trim_end_matches('\r');
            if line == "end" {
                break;
            }
            match line.strip_prefix('@') {
                Some(k) => {
                    let k: usize = k.parse().map_err(|_| bad())?;
                    writeln!(out, "@{}", k + offset)?;
                }
                None => {
                    defined += 1;
                    writeln!(out, "{line}")?;
                }
            }
        }
        if defined != nodes {
            return Err(bad());
        }
        Ok(())
    }
}

/// The format version and node count of a proof file's header.
pub(super) fn proof_header(path: &Path) -> Option<(u32, usize)> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).ok()?;
    let head: Vec<String> = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(4)
        .collect();
    let version = head
        .first()?
        .trim_end()
        .strip_prefix("cgtk-proof ")?
        .parse()
        .ok()?;
    let nodes = head
        .get(3)?
        .trim_end()
        .strip_prefix("nodes ")?
        .parse()
        .ok()?;
    Some((version, nodes))
}

/// The move text `text` mirrored left-right on a board of `size` (`None`
/// if it is not a move of that board).
pub(super) fn mirror_move_text(text: &str, size: Size) -> Option<String> {
    let m: Move = text.parse().ok()?;
    if [m.from, m.to, m.arrow].iter().any(|&s| !size.contains(s)) {
        return None;
    }
    Some(m.transformed(Symmetry::MIRROR_FILES, size).to_string())
}

/// Mirrors the moves of a proof's node left-right.
pub(super) fn mirror_node(node: &mut ProofNode, size: Size) {
    let m = |text: &mut String| {
        if let Some(t) = mirror_move_text(text, size) {
            *text = t;
        }
    };
    match node {
        ProofNode::Or { mv, .. } => m(mv),
        ProofNode::And { replies } => replies.iter_mut().for_each(|(mv, _)| m(mv)),
        ProofNode::Leaf(_) => {}
    }
}
