//! A proof joined from the proofs of a position's moves: the root an OR
//! node over the one winning move, or an AND node over every legal move,
//! with each move's proof after it in the compact format. A plan proves a
//! position this way from the proofs its shards wrote; a move's proof that
//! is a compact file is copied line by line (it can be larger than
//! memory), its references renumbered.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use super::file::{ProofFileError, ProofReader};
use super::format::{
    line_error, parse_number, ParseProofError, ProofLineProblem, COMPACT_PROOF_VERSION, PROOF_MAGIC,
};
use super::tree::ProofTree;
use crate::budget::Watch;
use crate::search::numbers::WinLoss;

/// A move's proof in a joined one.
#[derive(Clone, Debug)]
pub enum JoinedProof {
    /// A proof in memory.
    Tree(ProofTree),
    /// A proof file of either version, plain or gzip-compressed: a compact
    /// one is copied line by line, a version 1 one read whole.
    File(PathBuf),
}

/// A move of the joined proof's root and the proof of the position after
/// it.
#[derive(Clone, Debug)]
pub struct JoinedChild {
    /// The move, in the game's notation.
    pub mv: String,
    /// The proof of the position after it.
    pub proof: JoinedProof,
}

/// Why a joined proof could not be written.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// A move's proof file could not be read, or is malformed.
    #[error("the proof of move {mv}: {source}")]
    Child {
        /// The move.
        mv: String,
        /// The cause.
        source: ProofFileError,
    },
    /// A win is joined from one move, a loss from at least one.
    #[error("a {outcome} is joined from {expected}, not {found} moves")]
    Moves {
        /// The outcome of the root.
        outcome: WinLoss,
        /// How many moves it needs.
        expected: &'static str,
        /// How many were given.
        found: usize,
    },
    /// Writing the joined proof failed.
    #[error(transparent)]
    Write(#[from] io::Error),
}

/// Writes, in the compact format, the proof that the player to move at
/// `root` has `outcome`: a win by the move of the one child, a loss over
/// every child (which must be every legal move: the reader checks, with the
/// game). The children's proofs are read while `watch` runs.
///
/// # Errors
/// [`JoinError`]: a child's proof that cannot be read, a wrong number of
/// children, or `out` failing.
pub fn write_joined<W: Write + ?Sized>(
    out: &mut W,
    root: &str,
    outcome: WinLoss,
    children: Vec<JoinedChild>,
    watch: &Watch,
) -> Result<(), JoinError> {
    let expected = match outcome {
        WinLoss::Win if children.len() != 1 => Some("one"),
        WinLoss::Loss if children.is_empty() => Some("at least one"),
        _ => None,
    };
    if let Some(expected) = expected {
        return Err(JoinError::Moves {
            outcome,
            expected,
            found: children.len(),
        });
    }
    let mut children = children;
    children.sort_by(|a, b| a.mv.cmp(&b.mv));
    // The node counts first, for the header and the references; a version
    // 1 file is read whole here.
    let mut parts = Vec::with_capacity(children.len());
    let mut total = 1;
    for child in children {
        let fail = |source| JoinError::Child {
            mv: child.mv.clone(),
            source,
        };
        let part = match child.proof {
            JoinedProof::Tree(tree) => Part::Tree(tree),
            JoinedProof::File(path) => {
                let mut reader = ProofReader::open(&path, watch).map_err(fail)?;
                let header = reader.header().map_err(fail)?;
                if header.version == COMPACT_PROOF_VERSION {
                    Part::Copied(path, header.nodes)
                } else {
                    let reader = ProofReader::open(&path, watch).map_err(fail)?;
                    Part::Tree(reader.read_from().map_err(fail)?)
                }
            }
        };
        let offset = total;
        total += part.nodes();
        parts.push((child.mv, part, offset));
    }
    writeln!(out, "{PROOF_MAGIC} {COMPACT_PROOF_VERSION}")?;
    writeln!(out, "root {root}")?;
    writeln!(out, "outcome {outcome}")?;
    writeln!(out, "nodes {total}")?;
    match outcome {
        WinLoss::Win => writeln!(out, "o {}", parts[0].0)?,
        WinLoss::Loss => writeln!(out, "a {}", parts.len())?,
    }
    for (mv, part, offset) in parts {
        match part {
            Part::Tree(tree) => tree.write_compact_nodes_to(out, offset)?,
            Part::Copied(path, nodes) => {
                let fail = |source| JoinError::Child {
                    mv: mv.clone(),
                    source,
                };
                let mut reader = ProofReader::open(&path, watch).map_err(fail)?;
                reader.header().map_err(fail)?;
                copy_body(&mut reader, nodes, out, offset).map_err(|e| match e {
                    Copy::Read(source) => fail(source),
                    Copy::Write(e) => JoinError::Write(e),
                })?;
            }
        }
    }
    writeln!(out, "end")?;
    Ok(())
}

/// A move's proof, ready to be written.
enum Part {
    Tree(ProofTree),
    /// A compact file and its node count.
    Copied(PathBuf, usize),
}

impl Part {
    fn nodes(&self) -> usize {
        match self {
            Part::Tree(tree) => tree.compact_len(),
            Part::Copied(_, nodes) => *nodes,
        }
    }
}

/// Why a body could not be copied.
enum Copy {
    Read(ProofFileError),
    Write(io::Error),
}

/// Copies the compact body that `reader` is at (after its header of
/// `nodes` nodes) to `out`, every `@K` raised by `offset`; checks the
/// references, the node count and the `end` line.
fn copy_body<W: Write + ?Sized>(
    reader: &mut ProofReader<'_>,
    nodes: usize,
    out: &mut W,
    offset: usize,
) -> Result<(), Copy> {
    let mut defined = 0;
    let mut text = String::new();
    loop {
        text.clear();
        let line = reader.line + 1;
        let got = reader.input.read_line(&mut text);
        reader.line = line;
        let problem = match got {
            Err(e) => Err(ParseProofError::Io {
                line,
                message: e.to_string(),
            }),
            Ok(0) => Err(line_error(
                line,
                ProofLineProblem::UnexpectedEnd { expected: "end" },
            )),
            Ok(_) => Ok(()),
        };
        reader.check(problem).map_err(Copy::Read)?;
        let text = text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        if text == "end" {
            break;
        }
        let renumbered = match text.strip_prefix('@') {
            Some(k) => parse_number(k).and_then(|k| {
                if k < defined {
                    Ok(format!("@{}", k + offset))
                } else {
                    Err(ProofLineProblem::ForwardReference { node: k })
                }
            }),
            None if defined < nodes => {
                defined += 1;
                Ok(text.to_string())
            }
            None => Err(ProofLineProblem::NodeCount {
                header: nodes,
                found: defined + 1,
            }),
        };
        match renumbered {
            Ok(line) => writeln!(out, "{line}").map_err(Copy::Write)?,
            Err(problem) => return Err(reader_error(reader, line_error(line, problem))),
        }
    }
    if defined != nodes {
        let problem = ProofLineProblem::NodeCount {
            header: nodes,
            found: defined,
        };
        return Err(reader_error(reader, line_error(reader.line, problem)));
    }
    Ok(())
}

/// `error` of the file `reader` reads.
fn reader_error(reader: &mut ProofReader<'_>, error: ParseProofError) -> Copy {
    match reader.check::<()>(Err(error)) {
        Err(e) => Copy::Read(e),
        Ok(()) => unreachable!("an error stays an error"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::proof::check_proof;
    use crate::search::proof::file::{write_proof, Compression, ProofFormat};
    use crate::search::toy::Nim;
    use crate::search::{extract_proof, DfpnConfig, DfpnSolver, SolverGame};
    use std::path::Path;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cgt-join-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn proof_of(game: &Nim) -> ProofTree {
        let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
        solver.solve(game);
        extract_proof(&mut solver, game).unwrap()
    }

    /// Bouton's rule as the verifier of a proof's leaves: the player to
    /// move wins when the heaps' xor is not 0.
    fn bouton(game: &Nim, claimed: WinLoss) -> bool {
        let xor = game
            .position_text()
            .split(' ')
            .map(|h| h.parse::<u32>().unwrap())
            .fold(0, |x, h| x ^ h);
        (xor != 0) == (claimed == WinLoss::Win)
    }

    /// The proof of `game` joined from its moves' proofs, written to a file
    /// and read back with the game.
    fn joined(
        dir: &Path,
        game: &Nim,
        outcome: WinLoss,
        children: Vec<JoinedChild>,
    ) -> Result<ProofTree, JoinError> {
        let path = dir.join("joined.proof");
        let mut out = Vec::new();
        write_joined(
            &mut out,
            &game.position_text(),
            outcome,
            children,
            &Watch::unlimited(),
        )?;
        std::fs::write(&path, out).unwrap();
        let game = game.clone();
        Ok(ProofReader::open(&path, &Watch::unlimited())
            .unwrap()
            .read_for(|_| Ok(game))
            .unwrap())
    }

    #[test]
    fn a_loss_joined_from_files_of_every_kind_checks() {
        // Nim 1+2+3 is a loss for the player to move (Bouton: the heaps'
        // xor is 0), so every move leads to a win for the opponent.
        let dir = temp_dir("loss");
        let game = Nim::new(&[1, 2, 3]);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut children = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play(mv);
            let proof = proof_of(&after);
            assert_eq!(proof.outcome, WinLoss::Win);
            let path = dir.join(format!("{i}.proof"));
            let child = match i % 4 {
                0 => JoinedProof::Tree(proof),
                k => {
                    let (format, compression) = match k {
                        1 => (ProofFormat::Compact, Compression::Plain),
                        2 => (ProofFormat::Compact, Compression::Gzip),
                        _ => (ProofFormat::Named, Compression::Plain),
                    };
                    write_proof(&path, &proof, format, compression).unwrap();
                    JoinedProof::File(path)
                }
            };
            children.push(JoinedChild {
                mv: game.move_text(mv),
                proof: child,
            });
        }
        let proof = joined(&dir, &game, WinLoss::Loss, children).unwrap();
        assert_eq!(proof.outcome, WinLoss::Loss);
        check_proof(&game, &proof, bouton).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_win_is_joined_from_its_one_move() {
        // 1+2: taking one from the 2 leaves 1+1, a loss for the opponent.
        let dir = temp_dir("win");
        let game = Nim::new(&[1, 2]);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let (mv, after) = moves
            .iter()
            .map(|&m| {
                let mut after = game.clone();
                after.play(m);
                (m, after)
            })
            .find(|(_, after)| *after == Nim::new(&[1, 1]))
            .unwrap();
        let path = dir.join("child.proof");
        let child = proof_of(&after);
        write_proof(&path, &child, ProofFormat::Compact, Compression::Plain).unwrap();
        let one = |path: &Path| {
            vec![JoinedChild {
                mv: game.move_text(mv),
                proof: JoinedProof::File(path.to_owned()),
            }]
        };
        let proof = joined(&dir, &game, WinLoss::Win, one(&path)).unwrap();
        check_proof(&game, &proof, bouton).unwrap();
        assert_eq!(proof.compact_len(), child.compact_len() + 1);

        // Two moves for a win, none for a loss: refused.
        let two = [one(&path), one(&path)].concat();
        assert!(matches!(
            joined(&dir, &game, WinLoss::Win, two),
            Err(JoinError::Moves { found: 2, .. })
        ));
        assert!(matches!(
            joined(&dir, &game, WinLoss::Loss, Vec::new()),
            Err(JoinError::Moves { found: 0, .. })
        ));

        // A child cut short, one with a reference forward and one that is
        // missing: errors that name the move and the file.
        let text = std::fs::read_to_string(&path).unwrap();
        let short = dir.join("short.proof");
        std::fs::write(&short, &text[..text.rfind("end").unwrap()]).unwrap();
        let forward = dir.join("forward.proof");
        let body_start = text.match_indices('\n').nth(3).unwrap().0 + 1;
        let mut bad = text.clone();
        bad.insert_str(body_start, "@5\n");
        std::fs::write(&forward, bad).unwrap();
        for (file, expected) in [
            (short, "ends early (expected end)"),
            (forward, "@5 refers to a node not yet defined"),
            (dir.join("missing.proof"), "cannot open"),
        ] {
            let e = joined(&dir, &game, WinLoss::Win, one(&file)).unwrap_err();
            let message = e.to_string();
            assert!(matches!(e, JoinError::Child { .. }), "{message}");
            assert!(message.contains(&game.move_text(mv)), "{message}");
            assert!(message.contains(&file.display().to_string()), "{message}");
            assert!(message.contains(expected), "{message}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
