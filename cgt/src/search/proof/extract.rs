//! Extracting a proof from a solver's table, and shaping it for a checker
//! that decides its leaves by an exact search.

use std::collections::HashMap;

use super::check::LeafVerdict;
use super::tree::{subtree_sizes, LeafKind, ProofNode, ProofTree};
use crate::search::alphabeta::AlphaBetaSolver;
use crate::search::control::{Limit, Verdict};
use crate::search::dfpn::DfpnSolver;
use crate::search::game::SolverGame;
use crate::search::numbers::WinLoss;

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
/// (`verify(position, claimed, limit)`, as in [`check_proof`](super::check_proof), searching at
/// most `limit` positions it has not met before): every `leaf eval` is
/// decided by `verify` within [`ProofShape::leaf_limit`] or expanded until
/// it is, and every subtree of at most [`ProofShape::cut`] nodes that
/// `verify` decides within [`ProofShape::effort`] positions per node becomes
/// one `leaf search`. The proof then passes [`check_proof`](super::check_proof) with that
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
