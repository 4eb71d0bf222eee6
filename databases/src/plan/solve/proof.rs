//! Proof files of solve shards: written with their length and checksum,
//! and a gather's proof joined from its moves' proofs (mirrored where a
//! move is answered by its mirror image's shard).

use std::io::Write;
use std::path::{Path, PathBuf};

use amazons::{Move, Position, Size, SolverPosition, Symmetry};
use cgt::budget::Watch;
use cgt::search::proof::file::{Compression, ProofFileError, ProofReader, ProofWriter};
use cgt::search::proof::{write_joined, JoinError, JoinedChild, JoinedProof};
use cgt::search::{ProofNode, WinLoss};

use super::SolveError;
use crate::checksum::Fnv1a64;

/// The length of the proof text of the file `path` (decompressed if it
/// is gzip-compressed) and its FNV-1a 64 checksum, read in pieces (a
/// gathered proof can be gigabytes).
pub(super) fn scan_proof_file(path: &Path) -> std::io::Result<(u64, u64)> {
    use std::io::Read;
    let mut file: Box<dyn Read> = if Compression::for_path(path) == Compression::Gzip {
        Box::new(flate2::read::MultiGzDecoder::new(std::io::BufReader::new(
            std::fs::File::open(path)?,
        )))
    } else {
        Box::new(std::fs::File::open(path)?)
    };
    let mut buf = vec![0u8; 1 << 16];
    let mut hash = Fnv1a64::new();
    let mut bytes = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            return Ok((bytes, hash.finish()));
        }
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

/// Writes the proof file `path` with `fill` (gzip-compressed if `path`
/// ends in `.gz`), through `FILE.PID.partial` synced to the disk and
/// renamed into place ([`cgt::search::proof::file::ProofWriter`]); the
/// length and checksum of its text.
pub(super) fn write_proof_file<E: Into<FillError>>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<ProofFile, SolveError> {
    ProofWriter::create(path)?.write_with(Compression::for_path(path), |file| {
        let mut out = Counting {
            inner: file,
            hash: Fnv1a64::new(),
            bytes: 0,
        };
        fill(&mut out).map_err(|e| match e.into() {
            FillError::Io(source) => SolveError::ProofFile(ProofFileError::Write {
                path: path.to_owned(),
                source,
            }),
            FillError::Solve(e) => e,
        })?;
        Ok(ProofFile {
            bytes: out.bytes,
            checksum: out.hash.finish(),
        })
    })
}

/// Why a proof file could not be filled: writing it, or (from a gather) a
/// shard's proof that could not be read.
pub(super) enum FillError {
    Io(std::io::Error),
    Solve(SolveError),
}

impl From<std::io::Error> for FillError {
    fn from(e: std::io::Error) -> FillError {
        FillError::Io(e)
    }
}

/// A move of a gather's proof, the shard whose proof answers it and that
/// proof's file.
pub(super) struct JoinedMove {
    pub(super) mv: String,
    pub(super) shard: String,
    pub(super) mirrored: bool,
    pub(super) proof: PathBuf,
}

/// Writes the proof of `outcome` at `pos` in the compact format, joined
/// from the proofs of `moves`' shards ([`write_joined`]): a shard's proof
/// is copied as it is, or read whole and mirrored where the move is
/// answered by its mirror image's shard.
pub(super) fn write_gathered(
    out: &mut dyn Write,
    pos: &Position,
    outcome: WinLoss,
    moves: &[JoinedMove],
) -> Result<(), FillError> {
    let watch = Watch::unlimited();
    let child_error = |shard: &str, source| match source {
        ProofFileError::Open { .. } => SolveError::ChildNotDone {
            shard: shard.to_owned(),
        },
        source => SolveError::ChildProof {
            shard: shard.to_owned(),
            source,
        },
    };
    let mut children = Vec::with_capacity(moves.len());
    for m in moves {
        let path = m.proof.clone();
        let proof = if m.mirrored {
            let mut proof = ProofReader::open(&path, &watch)
                .and_then(|r| r.read_for(SolverPosition::from_proof_root))
                .map_err(|e| FillError::Solve(child_error(&m.shard, e)))?;
            for node in &mut proof.nodes {
                mirror_node(node, pos.size());
            }
            JoinedProof::Tree(proof)
        } else {
            JoinedProof::File(path)
        };
        children.push(JoinedChild {
            mv: m.mv.clone(),
            proof,
        });
    }
    write_joined(out, &pos.to_string(), outcome, children, &watch).map_err(|e| match e {
        JoinError::Child { mv, source } => {
            let shard = moves.iter().find(|m| m.mv == mv).map_or("", |m| &m.shard);
            FillError::Solve(child_error(shard, source))
        }
        JoinError::Write(source) => FillError::Io(source),
        e @ JoinError::Moves { .. } => unreachable!("a gather joins what it proved: {e}"),
    })
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
