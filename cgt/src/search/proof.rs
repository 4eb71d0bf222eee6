//! Proof trees: the winning strategy behind a solver's verdict, a text file
//! format for it, and a checker that trusts only move generation and a
//! caller-supplied leaf verifier.
//!
//! A proof that the player to move at the root *wins* has an OR node at the
//! root (one winning move), AND nodes below each such move (every legal
//! reply), and so on down to leaves decided either because the player to
//! move has no legal move (a loss for them) or by the static evaluation.
//! A proof that the player to move *loses* starts with an AND node.
//! Positions reached by several move orders are written once, so the tree is
//! stored as a DAG; the checker verifies that every path to a node reaches
//! the same position.
//!
//! # File format, version 1
//!
//! Line-oriented UTF-8 text. Blank lines and lines starting with `#` are
//! ignored anywhere. In order:
//!
//! ```text
//! cgtk-proof 1
//! root <position in the game's notation, the rest of the line>
//! outcome win|loss        (for the player to move at the root)
//! nodes <N>               (N >= 1; node 0 is the root)
//! <id> or <move> <child>                       one line per node, ids 0..N-1 in order
//! <id> and <move> <child> <move> <child> ...   every legal reply, each once
//! <id> leaf none          (the player to move has no legal move: they lose)
//! <id> leaf eval          (decided by the static evaluation)
//! <id> leaf search        (left whole to the checker's exact search)
//! end
//! ```
//!
//! Fields are separated by single spaces; moves are in the game's notation
//! ([`SolverGame::move_text`]), which contains no whitespace. For example a
//! proof that the first player wins Nim with one heap of 2 (move `h0-2`
//! takes two stones from heap 0):
//!
//! ```text
//! cgtk-proof 1
//! root 2
//! outcome win
//! nodes 2
//! 0 or h0-2 1
//! 1 leaf none
//! end
//! ```
//!
//! # File format, version 2 (compact)
//!
//! The same header (`cgtk-proof 2`; `nodes` counts the nodes defined), then
//! one line per node in depth-first order from the root: each node's line,
//! then the subtrees of its children in order.
//!
//! ```text
//! o <move>     the player to move wins by <move>; the node after it follows
//! a <count>    every legal move (<count> of them) in the byte order of their
//!              notation; the node after each follows, in that order
//! n            leaf none
//! e            leaf eval
//! s            leaf search
//! @<k>         the k-th node defined (from 0, in file order) again
//! ```
//!
//! The replies of an AND node are implied by the game, so a version 2 file
//! is read with the game ([`ProofTree::read_for`]), replaying it from the
//! root; the moves it does not write are most of a version 1 file. The Nim
//! proof above is `o h0-2` then `n`.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{self, BufRead, Write};

use super::alphabeta::AlphaBetaSolver;
use super::control::{Limit, Verdict};
use super::dfpn::DfpnSolver;
use super::game::SolverGame;
use super::numbers::WinLoss;
use crate::budget::{Watch, CHECK_EVERY};
use crate::ProgressSink;

/// The first word of a proof file.
pub const PROOF_MAGIC: &str = "cgtk-proof";
/// The version of the format with a numbered line per node (every reply
/// of an AND node named), which this module writes and reads.
pub const PROOF_VERSION: u32 = 1;
/// The version of the compact format (replies implied by the game), which
/// this module writes and reads with the game.
pub const COMPACT_PROOF_VERSION: u32 = 2;

/// How a leaf of a proof was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafKind {
    /// The player to move has no legal move, and loses (`leaf none`).
    NoMoves,
    /// The static evaluation decided it (`leaf eval`).
    Evaluation,
    /// A position the proof leaves whole to the checker's exact search
    /// (`leaf search`): the search below it is smaller than the proof
    /// would be (see [`ProofShape`]).
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

/// The header of a proof file.
struct ProofHeader {
    /// The format version: [`PROOF_VERSION`] or [`COMPACT_PROOF_VERSION`].
    version: u32,
    /// The root position in the game's notation.
    root: String,
    /// The outcome for the player to move at the root.
    outcome: WinLoss,
    /// The number of nodes.
    nodes: usize,
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

/// Where a solver's knowledge comes from when a proof is extracted: its
/// table of decided positions, and a full solve when the table lacks one.
pub trait ProofSource<G: SolverGame> {
    /// The outcome of `game` if already known (no search).
    fn known(&self, game: &G) -> Option<WinLoss>;
    /// Solves `game` within the solver's limits.
    fn solve_position(&mut self, game: &G) -> Verdict;
}

impl<G: SolverGame> ProofSource<G> for DfpnSolver {
    fn known(&self, game: &G) -> Option<WinLoss> {
        DfpnSolver::known(self, game)
    }
    fn solve_position(&mut self, game: &G) -> Verdict {
        self.solve(game).verdict
    }
}

impl<G: SolverGame> ProofSource<G> for AlphaBetaSolver {
    fn known(&self, game: &G) -> Option<WinLoss> {
        AlphaBetaSolver::known(self, game)
    }
    fn solve_position(&mut self, game: &G) -> Verdict {
        self.solve(game).verdict
    }
}

/// Why a proof could not be extracted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    /// Re-solving a position the table had lost hit a solver limit.
    #[error("a limit ({0:?}) stopped the search while building the proof")]
    Limit(Limit),
    /// The root is not decided (solve it first, or raise the limits).
    #[error("the root position is not decided")]
    Undecided,
    /// The solver's outcomes contradict each other at this position (a
    /// solver bug or an unsound static evaluation).
    #[error("position {position}: the solver claims a {claimed} for the player to move but cannot show it")]
    Inconsistent {
        /// The position, in the game's notation.
        position: String,
        /// The outcome the proof needed there.
        claimed: WinLoss,
    },
    /// The checker's leaf verifier refutes what the solver proved here (a
    /// bug in one of them).
    #[error("position {position}: the solver claims a {claimed} for the player to move, the exact search of the checker finds otherwise")]
    Refuted {
        /// The position, in the game's notation.
        position: String,
        /// The outcome the solver claimed.
        claimed: WinLoss,
    },
    /// The game's notation cannot be written in a proof file.
    #[error("{text:?} cannot be written in a proof file (a move must be one non-empty word, a position one line)")]
    BadNotation {
        /// The offending text.
        text: String,
    },
}

/// Extracts the proof of `game`'s outcome from `source` (usually right after
/// solving `game` with it, so most positions are in its table).
///
/// At a won position the first move (in move order) whose result the table
/// knows to be lost is taken; failing that, the position is solved again
/// (which stores a winning child in the table) and the table asked again;
/// only if that still finds none are the children solved in move order
/// until a lost one is found. At a lost position every legal move is
/// followed. Positions already in the proof (same hash and equal) are shared.
pub fn extract_proof<G, S>(source: &mut S, game: &G) -> Result<ProofTree, ExtractError>
where
    G: SolverGame + Eq,
    S: ProofSource<G>,
{
    let (mut proof, builder) = build_proof(source, game)?;
    proof.nodes = builder.nodes;
    Ok(proof)
}

/// How [`extract_proof_shaped`] shapes a proof for a checker that decides
/// its leaves by an exact search of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofShape {
    /// The positions the verifier may search for one leaf, as the checker
    /// will: a `leaf eval` it cannot decide within them is expanded (its
    /// moves followed, solved again) until every leaf below is decided.
    pub leaf_limit: u64,
    /// The largest subtree (in proof nodes, counted along every path) that
    /// may become one `leaf search`; 0 or 1 keeps every node of the proof.
    pub cut: u64,
    /// The positions of exact search the verifier may spend, per node of
    /// the subtree (and within `leaf_limit`), to decide a position whose
    /// subtree would become a `leaf search`; where it cannot, the subtree
    /// is kept and its children are offered instead.
    pub effort: u64,
}

/// [`extract_proof`], shaped for a checker whose leaf verifier is `verify`
/// (`verify(position, claimed, limit)`, as in [`check_proof`], searching at
/// most `limit` positions it has not met before): every `leaf eval` is
/// decided by `verify` within [`ProofShape::leaf_limit`] or expanded until
/// it is, and every subtree of at most [`ProofShape::cut`] nodes that
/// `verify` decides within [`ProofShape::effort`] positions per node becomes
/// one `leaf search`. The proof then passes [`check_proof`] with that
/// verifier and limit, and is much smaller: most of a proof's nodes sit in
/// small subtrees near its leaves. The subtrees are offered from the root
/// down, so a `leaf search` stands as high as the effort allows.
///
/// # Errors
/// As [`extract_proof`], and [`ExtractError::Refuted`] when `verify`
/// contradicts the solver; a `verify` that answers
/// [`LeafVerdict::Stopped`] stops it with [`ExtractError::Limit`] and that
/// limit.
pub fn extract_proof_shaped<G, S, V>(
    source: &mut S,
    game: &G,
    shape: ProofShape,
    mut verify: V,
) -> Result<ProofTree, ExtractError>
where
    G: SolverGame + Eq,
    S: ProofSource<G>,
    V: FnMut(&G, WinLoss, u64) -> LeafVerdict,
{
    let (mut proof, mut builder) = build_proof(source, game)?;
    let mut shaping = Shaping {
        shape,
        verify: &mut verify,
        sizes: subtree_sizes(&builder.nodes),
        out: Vec::new(),
        new_id: HashMap::new(),
    };
    builder.shaped(0, &mut shaping)?;
    proof.nodes = shaping.out;
    Ok(proof)
}

/// The proof of `game`'s outcome from `source`, its nodes left in the
/// builder (with their positions).
fn build_proof<'s, G, S>(
    source: &'s mut S,
    game: &G,
) -> Result<(ProofTree, Builder<'s, G, S>), ExtractError>
where
    G: SolverGame + Eq,
    S: ProofSource<G>,
{
    let outcome = match source.known(game) {
        Some(o) => o,
        None => match source.solve_position(game) {
            Verdict::Proven(o) => o,
            Verdict::Unknown(_) => return Err(ExtractError::Undecided),
        },
    };
    let root = game.position_text();
    if root.contains('\n') || root.contains('\r') || root.trim().is_empty() {
        return Err(ExtractError::BadNotation { text: root });
    }
    let mut builder = Builder {
        source,
        nodes: Vec::new(),
        positions: Vec::new(),
        wants: Vec::new(),
        index: HashMap::new(),
    };
    let mut position = game.clone();
    builder.build(&mut position, outcome)?;
    Ok((
        ProofTree {
            root,
            outcome,
            nodes: Vec::new(),
        },
        builder,
    ))
}

struct Builder<'s, G, S> {
    source: &'s mut S,
    nodes: Vec<ProofNode>,
    /// The position of each node, to share transpositions safely.
    positions: Vec<G>,
    /// The outcome each node proves for its player to move.
    wants: Vec<WinLoss>,
    /// Node ids by position hash.
    index: HashMap<u64, Vec<usize>>,
}

/// The state of [`extract_proof_shaped`]'s walk over the built proof.
struct Shaping<'v, V> {
    shape: ProofShape,
    verify: &'v mut V,
    /// The subtree size of each node of the built proof.
    sizes: Vec<u64>,
    /// The shaped proof's nodes.
    out: Vec<ProofNode>,
    /// The shaped proof's id of each node of the built proof met.
    new_id: HashMap<usize, usize>,
}

impl<V> Shaping<'_, V> {
    /// Whether the verifier confirms `want` in `game` within `limit`
    /// positions; an error when it refutes it or is interrupted.
    fn decides<G: SolverGame>(
        &mut self,
        game: &G,
        want: WinLoss,
        limit: u64,
    ) -> Result<bool, ExtractError>
    where
        V: FnMut(&G, WinLoss, u64) -> LeafVerdict,
    {
        match (self.verify)(game, want, limit) {
            LeafVerdict::Confirmed => Ok(true),
            LeafVerdict::TooHard { .. } => Ok(false),
            LeafVerdict::Stopped(limit) => Err(ExtractError::Limit(limit)),
            LeafVerdict::Rejected => Err(ExtractError::Refuted {
                position: game.position_text(),
                claimed: want,
            }),
        }
    }
}

impl<G: SolverGame + Eq, S: ProofSource<G>> Builder<'_, G, S> {
    fn outcome_of(&mut self, game: &G) -> Result<WinLoss, ExtractError> {
        if let Some(o) = self.source.known(game) {
            return Ok(o);
        }
        match self.source.solve_position(game) {
            Verdict::Proven(o) => Ok(o),
            Verdict::Unknown(limit) => Err(ExtractError::Limit(limit)),
        }
    }

    fn move_text(game: &G, mv: G::Move) -> Result<String, ExtractError> {
        let text = game.move_text(mv);
        if text.is_empty() || text.chars().any(char::is_whitespace) {
            return Err(ExtractError::BadNotation { text });
        }
        Ok(text)
    }

    /// The node proving `want` for the player to move in `game`.
    fn build(&mut self, game: &mut G, want: WinLoss) -> Result<usize, ExtractError> {
        let hash = game.hash();
        if let Some(ids) = self.index.get(&hash) {
            if let Some(&id) = ids.iter().find(|&&id| self.positions[id] == *game) {
                return Ok(id);
            }
        }
        let id = self.nodes.len();
        self.nodes.push(ProofNode::Leaf(LeafKind::NoMoves));
        self.positions.push(game.clone());
        self.wants.push(want);
        self.index.entry(hash).or_default().push(id);
        let node = match game.evaluate() {
            Some(o) if o == want => ProofNode::Leaf(LeafKind::Evaluation),
            Some(_) => {
                return Err(ExtractError::Inconsistent {
                    position: game.position_text(),
                    claimed: want,
                })
            }
            None => self.search_node(game, want)?,
        };
        self.nodes[id] = node;
        Ok(id)
    }

    /// The node proving `want` in `game` by its moves (whatever the static
    /// evaluation says), its children built.
    fn search_node(&mut self, game: &mut G, want: WinLoss) -> Result<ProofNode, ExtractError> {
        let inconsistent = |game: &G| ExtractError::Inconsistent {
            position: game.position_text(),
            claimed: want,
        };
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        Ok(if moves.is_empty() {
            if want != WinLoss::Loss {
                return Err(inconsistent(game));
            }
            ProofNode::Leaf(LeafKind::NoMoves)
        } else if want == WinLoss::Win {
            game.order_moves(&mut moves);
            let mv = self
                .winning_move(game, &moves)?
                .ok_or_else(|| inconsistent(game))?;
            let text = Self::move_text(game, mv)?;
            game.play(mv);
            let child = self.build(game, WinLoss::Loss);
            game.undo(mv);
            ProofNode::Or {
                mv: text,
                child: child?,
            }
        } else {
            let mut replies = Vec::with_capacity(moves.len());
            for mv in moves {
                let text = Self::move_text(game, mv)?;
                game.play(mv);
                let child = self.build(game, WinLoss::Win);
                game.undo(mv);
                replies.push((text, child?));
            }
            ProofNode::And { replies }
        })
    }

    /// The node `old` of the built proof as a node of the shaped one (see
    /// [`extract_proof_shaped`]), with everything below it; ids in the
    /// order of a depth-first walk, so the root is node 0.
    fn shaped<V>(&mut self, old: usize, st: &mut Shaping<'_, V>) -> Result<usize, ExtractError>
    where
        V: FnMut(&G, WinLoss, u64) -> LeafVerdict,
    {
        if let Some(&id) = st.new_id.get(&old) {
            return Ok(id);
        }
        let id = st.out.len();
        st.out.push(ProofNode::Leaf(LeafKind::NoMoves));
        st.new_id.insert(old, id);
        let want = self.wants[old];
        let mut node = self.nodes[old].clone();
        if node == ProofNode::Leaf(LeafKind::Evaluation) {
            if st.decides(&self.positions[old], want, st.shape.leaf_limit)? {
                st.out[id] = node;
                return Ok(id);
            }
            // Beyond the checker: follow its moves. The nodes built below
            // have no subtree size, so none of them is cut.
            let mut game = self.positions[old].clone();
            node = self.search_node(&mut game, want)?;
            self.nodes[old] = node.clone();
        } else if let Some(&size) = st.sizes.get(old) {
            let effort = size
                .saturating_mul(st.shape.effort)
                .min(st.shape.leaf_limit);
            if size > 1 && size <= st.shape.cut && st.decides(&self.positions[old], want, effort)? {
                st.out[id] = ProofNode::Leaf(LeafKind::Search);
                return Ok(id);
            }
        }
        st.out[id] = match node {
            ProofNode::Or { mv, child } => ProofNode::Or {
                mv,
                child: self.shaped(child, st)?,
            },
            ProofNode::And { replies } => ProofNode::And {
                replies: replies
                    .into_iter()
                    .map(|(mv, child)| Ok((mv, self.shaped(child, st)?)))
                    .collect::<Result<_, ExtractError>>()?,
            },
            leaf @ ProofNode::Leaf(_) => leaf,
        };
        Ok(id)
    }

    /// A move to a position lost for the opponent: first among those the
    /// source already knows, else by solving the children in order.
    fn winning_move(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
    ) -> Result<Option<G::Move>, ExtractError> {
        let known_loss = |source: &S, game: &mut G| {
            moves.iter().copied().find(|&mv| {
                game.play(mv);
                let known = source.known(game);
                game.undo(mv);
                known == Some(WinLoss::Loss)
            })
        };
        if let Some(mv) = known_loss(self.source, game) {
            return Ok(Some(mv));
        }
        // The table has lost the winning child: solving this position
        // again finds one (and stores it) without proving the children
        // that do not win, as solving them one by one would.
        if let Verdict::Unknown(limit) = self.source.solve_position(game) {
            return Err(ExtractError::Limit(limit));
        }
        if let Some(mv) = known_loss(self.source, game) {
            return Ok(Some(mv));
        }
        for &mv in moves {
            game.play(mv);
            let outcome = self.outcome_of(game);
            game.undo(mv);
            if outcome? == WinLoss::Loss {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }
}

/// The number of nodes below each node and itself, counted along every
/// path (a shared node counts once per path), saturating; by an iterative
/// post-order walk (proofs share nodes, and a deep proof must not overflow
/// the stack). A node met again on its own path (only in a malformed file)
/// counts 1.
fn subtree_sizes(nodes: &[ProofNode]) -> Vec<u64> {
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

    /// The proof as text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut buf = Vec::new();
        self.write_to(&mut buf)
            .expect("writing to a Vec cannot fail");
        String::from_utf8(buf).expect("proof text is UTF-8")
    }

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
struct Lines<I> {
    inner: std::iter::Enumerate<I>,
    /// The number of the last line returned.
    last: usize,
}

impl<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>> Lines<I> {
    fn new(lines: I) -> Lines<I> {
        Lines {
            inner: lines.enumerate(),
            last: 0,
        }
    }

    /// The next significant line, if any.
    fn next_line(&mut self) -> Option<Result<(usize, S), ParseProofError>> {
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
    fn next(&mut self, expected: &'static str) -> Result<(usize, S), ParseProofError> {
        self.next_line().unwrap_or(Err(ParseProofError::Line {
            line: self.last + 1,
            problem: ProofLineProblem::UnexpectedEnd { expected },
        }))
    }

    /// After the body: the `end` line, then nothing.
    fn end(&mut self) -> Result<(), ParseProofError> {
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
fn io_lines<R: BufRead>(input: R) -> impl Iterator<Item = Result<String, ParseProofError>> {
    input.lines().enumerate().map(|(i, line)| {
        line.map_err(|e| ParseProofError::Io {
            line: i + 1,
            message: e.to_string(),
        })
    })
}

fn line_error(line: usize, problem: ProofLineProblem) -> ParseProofError {
    ParseProofError::Line { line, problem }
}

/// Reads the four header lines of a proof file (either version).
fn parse_header<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>>(
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

/// The `count` node lines of a version 1 body.
fn named_body<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>>(
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

/// The deepest nesting a version 2 body may have (a line of play longer
/// than any game this crate's solvers prove).
const MAX_COMPACT_DEPTH: usize = 4096;

/// The reader of a version 2 body: each node's line, then its children's,
/// replayed on the game to name the replies of `a` nodes.
struct CompactBody<'l, I> {
    lines: &'l mut Lines<I>,
    /// The node count of the header.
    count: usize,
    nodes: Vec<ProofNode>,
}

impl<S: AsRef<str>, I: Iterator<Item = Result<S, ParseProofError>>> CompactBody<'_, I> {
    /// Reads the node at `game` and everything below it; its id.
    fn node<G: SolverGame>(
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

fn parse_number(field: &str) -> Result<usize, ProofLineProblem> {
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

/// Counts of a checked proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    /// Distinct nodes checked.
    pub nodes: usize,
    /// Leaves with no legal move.
    pub no_move_leaves: usize,
    /// `leaf eval` leaves accepted by the leaf verifier.
    pub evaluated_leaves: usize,
    /// `leaf search` leaves accepted by the leaf verifier.
    pub searched_leaves: usize,
    /// Longest move sequence from the root to a leaf.
    pub depth: usize,
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

impl fmt::Display for ProofTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
