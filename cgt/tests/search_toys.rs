//! The generic solvers against plain minimax (written here, using only move
//! generation) on thousands of random toy positions with fixed seeds, and
//! proof extraction, the proof file format and the proof checker.
//!
//! References: plain minimax with memoisation (this file); Bouton's nim-sum
//! rule for Nim (Annals of Math. 3, 1901); the Sprague–Grundy values of
//! Kayles computed here by mex (Winning Ways, ch. 4).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use cgt::search::toy::{Domineering, Kayles, Nim};
use cgt::search::{
    check_proof, extract_proof, extract_proof_shaped, AlphaBetaSolver, Budget, CheckProofError,
    DfpnConfig, DfpnSolver, LeafKind, LeafVerdict, Limit, Limits, ParseProofError,
    ProofLineProblem, ProofNode, ProofShape, ProofTree, SolverGame, Verdict, WinLoss,
};
use testkit::search::{kayles_grundy, kayles_outcome, minimax};

use testkit::SplitMix as Rng;

fn dfpn(threads: usize) -> DfpnSolver {
    DfpnSolver::new(DfpnConfig {
        budget: Budget::with_table(1),
        threads,
        ..DfpnConfig::default()
    })
    .unwrap()
}

fn alphabeta() -> AlphaBetaSolver {
    AlphaBetaSolver::new(Budget::with_table(1)).unwrap()
}

/// A random acyclic game: node `i` moves to some of the next `width`
/// nodes (so move orders transpose), and a node without moves is lost. The
/// static evaluation reveals the true value (computed here by backward
/// induction) at a random fifth of the nodes: sound, as the trait demands.
struct Dag {
    children: Vec<Vec<u32>>,
    revealed: Vec<Option<WinLoss>>,
}

impl Dag {
    fn random(rng: &mut Rng, nodes: usize) -> Arc<Dag> {
        let width = 2 + rng.below(6) as usize;
        let children: Vec<Vec<u32>> = (0..nodes)
            .map(|i| {
                let count = rng.below(5);
                let mut c: Vec<u32> = (0..count)
                    .filter_map(|_| {
                        let to = i + 1 + rng.below(width as u64) as usize;
                        (to < nodes).then_some(to as u32)
                    })
                    .collect();
                c.sort_unstable();
                c.dedup();
                c
            })
            .collect();
        let mut value = vec![WinLoss::Loss; nodes];
        for i in (0..nodes).rev() {
            if children[i]
                .iter()
                .any(|&c| value[c as usize] == WinLoss::Loss)
            {
                value[i] = WinLoss::Win;
            }
        }
        let revealed = value
            .iter()
            .map(|&v| (rng.below(5) == 0).then_some(v))
            .collect();
        Arc::new(Dag { children, revealed })
    }
}

#[derive(Clone)]
struct DagGame {
    dag: Arc<Dag>,
    at: u32,
    path: Vec<u32>,
}

impl PartialEq for DagGame {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at && Arc::ptr_eq(&self.dag, &other.dag)
    }
}
impl Eq for DagGame {}
impl Hash for DagGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl SolverGame for DagGame {
    type Move = u32;
    fn generate_moves(&self, moves: &mut Vec<u32>) {
        moves.extend_from_slice(&self.dag.children[self.at as usize]);
    }
    fn play(&mut self, mv: u32) {
        self.path.push(self.at);
        self.at = mv;
    }
    fn undo(&mut self, _mv: u32) {
        self.at = self.path.pop().unwrap();
    }
    fn hash(&self) -> u64 {
        u64::from(self.at).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234_5678
    }
    fn evaluate(&self) -> Option<WinLoss> {
        self.dag.revealed[self.at as usize]
    }
    fn move_text(&self, mv: u32) -> String {
        format!("n{mv}")
    }
    fn position_text(&self) -> String {
        format!("node {}", self.at)
    }
}

/// Solves with df-pn (1 and 2 threads) and alpha-beta, checks each against
/// `expected`, checks that a claimed winning move wins, and returns the
/// df-pn solver (1 thread) whose table holds the proof.
fn solve_all_ways<G: SolverGame + Hash + Eq>(
    game: &G,
    expected: WinLoss,
    what: &str,
) -> DfpnSolver {
    let mut memo = HashMap::new();
    let mut solvers = Vec::new();
    for threads in [1, 2] {
        let mut solver = dfpn(threads);
        let r = solver.solve(game);
        assert_eq!(
            r.verdict,
            Verdict::Proven(expected),
            "df-pn x{threads} on {what}"
        );
        check_best_move(game, r.best_move, expected, &mut memo, what);
        solvers.push(solver);
    }
    let r = alphabeta().solve(game);
    assert_eq!(r.verdict, Verdict::Proven(expected), "alpha-beta on {what}");
    check_best_move(game, r.best_move, expected, &mut memo, what);
    solvers.swap_remove(0)
}

fn check_best_move<G: SolverGame + Hash + Eq>(
    game: &G,
    best: Option<G::Move>,
    expected: WinLoss,
    memo: &mut HashMap<G, WinLoss>,
    what: &str,
) {
    match (expected, best) {
        (WinLoss::Win, Some(mv)) => {
            let mut child = game.clone();
            child.play(mv);
            assert_eq!(
                minimax(&mut child, memo),
                WinLoss::Loss,
                "best move on {what}"
            );
        }
        (WinLoss::Win, None) => {
            // Only a root decided by the static evaluation may lack a move,
            // and then the solver searches one out: never None for a win
            // with legal moves.
            panic!("no winning move reported on {what}");
        }
        (WinLoss::Loss, mv) => assert!(mv.is_none(), "a move for a lost root on {what}"),
    }
}

/// Extracts a proof, round-trips it through the text format and checks it
/// with the leaf verifier "minimax agrees".
fn prove_and_check<G: SolverGame + Hash + Eq>(
    solver: &mut DfpnSolver,
    game: &G,
    expected: WinLoss,
) -> ProofTree {
    let proof = extract_proof(solver, game).unwrap();
    assert_eq!(proof.outcome, expected);
    let text = proof.to_text();
    let parsed = ProofTree::parse(&text).unwrap();
    assert_eq!(parsed, proof);
    let mut memo = HashMap::new();
    check_proof(game, &parsed, |g, claimed| {
        minimax(&mut g.clone(), &mut memo) == claimed
    })
    .unwrap_or_else(|e| panic!("proof of {} rejected: {e}", game.position_text()));
    // The compact format: read back with the game, it passes the checker,
    // and written again it is the same text.
    let compact = compact_text(&proof);
    let read = ProofTree::parse_for(&compact, |_| Ok(game.clone())).unwrap();
    assert_eq!(read.len(), proof.compact_len());
    check_proof(game, &read, |g, claimed| {
        minimax(&mut g.clone(), &mut memo) == claimed
    })
    .unwrap_or_else(|e| panic!("compact proof of {} rejected: {e}", game.position_text()));
    assert_eq!(compact_text(&read), compact);
    proof
}

/// `proof` in the compact format (version 2).
fn compact_text(proof: &ProofTree) -> String {
    let mut out = Vec::new();
    proof.write_compact_to(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Calls `check(game, expected, memo)` on up to 8 start nodes of each of
/// `dags` random DAGs, `expected` from minimax (memoised in `memo`, one per
/// DAG); returns the number of positions checked.
fn on_random_dags(
    seed: u64,
    dags: usize,
    mut check: impl FnMut(&DagGame, WinLoss, &mut HashMap<DagGame, WinLoss>),
) -> usize {
    let mut rng = Rng(seed);
    let mut positions = 0;
    for _ in 0..dags {
        let nodes = 20 + rng.below(200) as usize;
        let dag = Dag::random(&mut rng, nodes);
        let mut memo = HashMap::new();
        for start in 0..8.min(nodes as u32) {
            let game = DagGame {
                dag: dag.clone(),
                at: start,
                path: Vec::new(),
            };
            let expected = minimax(&mut game.clone(), &mut memo);
            check(&game, expected, &mut memo);
            positions += 1;
        }
    }
    positions
}

#[test]
fn random_dags_agree_with_minimax() {
    let positions = on_random_dags(6, 150, |game, expected, _| {
        let what = format!("dag node {}", game.at);
        let mut solver = solve_all_ways(game, expected, &what);
        prove_and_check(&mut solver, game, expected);
    });
    assert_eq!(positions, 1200);
}

/// Weak proof numbers (dn = max + open - 1) everywhere on random DAGs,
/// where many children share subtrees: the same verdicts as minimax, with
/// one and two threads, and checked proofs.
#[test]
fn random_dags_agree_with_minimax_with_weak_proof_numbers() {
    on_random_dags(7, 60, |game, expected, memo| {
        for threads in [1, 2] {
            let mut solver = DfpnSolver::new(DfpnConfig {
                budget: Budget::with_table(1),
                threads,
                weak_pn_from: Some(0),
                ..DfpnConfig::default()
            })
            .unwrap();
            let r = solver.solve(game);
            assert_eq!(r.verdict, Verdict::Proven(expected), "dag node {}", game.at);
            check_best_move(game, r.best_move, expected, memo, "weak");
            if threads == 1 {
                prove_and_check(&mut solver, game, expected);
            }
        }
    });
}

#[test]
fn nim_agrees_with_bouton_and_minimax() {
    let mut rng = Rng(1901);
    let mut memo = HashMap::new();
    for _ in 0..600 {
        let heaps: Vec<u8> = (0..1 + rng.below(4)).map(|_| rng.below(6) as u8).collect();
        let game = Nim::new(&heaps);
        let nim_sum = heaps.iter().fold(0, |a, &h| a ^ h);
        let bouton = if nim_sum != 0 {
            WinLoss::Win
        } else {
            WinLoss::Loss
        };
        assert_eq!(
            minimax(&mut game.clone(), &mut memo),
            bouton,
            "minimax on {heaps:?}"
        );
        let mut solver = solve_all_ways(&game, bouton, &format!("nim {heaps:?}"));
        prove_and_check(&mut solver, &game, bouton);
    }
}

#[test]
fn kayles_agrees_with_grundy_values_and_minimax() {
    let grundy = kayles_grundy(64);
    let mut rng = Rng(12);
    let mut memo = HashMap::new();
    for _ in 0..600 {
        let len = 1 + rng.below(14) as u32;
        let pins = rng.next_u64() & ((1u64 << len) - 1);
        let game = Kayles::new(pins, len);
        let expected = kayles_outcome(pins, len, &grundy);
        assert_eq!(
            minimax(&mut game.clone(), &mut memo),
            expected,
            "minimax on {pins:b}"
        );
        let mut solver = solve_all_ways(&game, expected, &game.position_text());
        prove_and_check(&mut solver, &game, expected);
    }
}

#[test]
fn long_kayles_rows_with_a_small_table_agree_with_grundy_values() {
    // Rows too long for minimax here; the 1 MiB table must replace entries.
    let grundy = kayles_grundy(64);
    let mut rng = Rng(70);
    for _ in 0..40 {
        let len = 17 + rng.below(5) as u32;
        let pins = rng.next_u64() & ((1u64 << len) - 1);
        let game = Kayles::new(pins, len);
        let expected = kayles_outcome(pins, len, &grundy);
        for threads in [1, 2] {
            let r = dfpn(threads).solve(&game);
            assert_eq!(
                r.verdict,
                Verdict::Proven(expected),
                "{} x{threads}",
                game.position_text()
            );
        }
        let r = alphabeta().solve(&game);
        assert_eq!(
            r.verdict,
            Verdict::Proven(expected),
            "{} alpha-beta",
            game.position_text()
        );
    }
}

#[test]
fn domineering_agrees_with_minimax() {
    let mut rng = Rng(2000);
    let mut memo = HashMap::new();
    for _ in 0..800 {
        let (width, height) = [(4, 4), (5, 4), (4, 5), (3, 6), (6, 3)][rng.below(5) as usize];
        let squares = width * height;
        let mut covered = 0u64;
        for s in 0..squares {
            if rng.below(10) < 3 {
                covered |= 1 << s;
            }
        }
        let game = Domineering::new(width, height, covered, rng.below(2) == 0);
        let expected = minimax(&mut game.clone(), &mut memo);
        let mut solver = solve_all_ways(&game, expected, &game.position_text());
        prove_and_check(&mut solver, &game, expected);
    }
}

#[test]
fn alpha_beta_proofs_are_accepted() {
    // Proof extraction works from the alpha-beta table too.
    let mut rng = Rng(1982);
    let mut memo = HashMap::new();
    for _ in 0..200 {
        let mut covered = 0u64;
        for s in 0..20 {
            if rng.below(10) < 3 {
                covered |= 1 << s;
            }
        }
        let game = Domineering::new(5, 4, covered, rng.below(2) == 0);
        let expected = minimax(&mut game.clone(), &mut memo);
        let mut solver = alphabeta();
        assert_eq!(solver.solve(&game).verdict, Verdict::Proven(expected));
        let proof = extract_proof(&mut solver, &game).unwrap();
        assert_eq!(proof.outcome, expected);
        check_proof(&game, &proof, |g, claimed| {
            minimax(&mut g.clone(), &mut memo) == claimed
        })
        .unwrap();
    }
}

#[test]
fn empty_domineering_boards_agree_with_minimax() {
    // Whole empty boards up to 4x4 from both sides.
    let mut memo = HashMap::new();
    for (width, height) in [(2, 2), (3, 3), (2, 5), (4, 3), (4, 4)] {
        for left in [true, false] {
            let game = Domineering::new(width, height, 0, left);
            let expected = minimax(&mut game.clone(), &mut memo);
            let mut solver = solve_all_ways(&game, expected, &game.position_text());
            prove_and_check(&mut solver, &game, expected);
        }
    }
}

#[test]
fn the_documented_example_file_is_what_the_writer_produces() {
    // The example in the proof module docs: Nim with one heap of 2.
    let doc = "cgtk-proof 1\nroot 2\noutcome win\nnodes 2\n0 or h0-2 1\n1 leaf none\nend\n";
    let game = Nim::new(&[2]);
    let mut solver = dfpn(1);
    let proof = extract_proof(&mut solver, &game).unwrap();
    // Nim's evaluation decides one heap statically, so the solver's proof
    // has a single `leaf eval`; the documented proof spells the move out.
    assert_eq!(proof.nodes, vec![ProofNode::Leaf(LeafKind::Evaluation)]);
    let parsed = ProofTree::parse(doc).unwrap();
    assert_eq!(parsed.to_text(), doc);
    check_proof(&game, &parsed, |_, _| false).unwrap();
}

/// A Domineering position with a won root and an AND node with two or more
/// replies below it, with its proof.
fn won_domineering_proof() -> (Domineering, ProofTree) {
    let game = Domineering::new(4, 4, 0, true);
    let mut memo = HashMap::new();
    assert_eq!(
        minimax(&mut game.clone(), &mut memo),
        WinLoss::Win,
        "4x4, Left first"
    );
    let mut solver = dfpn(1);
    let proof = prove_and_check(&mut solver, &game, WinLoss::Win);
    (game, proof)
}

fn minimax_verifier(
    memo: &mut HashMap<Domineering, WinLoss>,
) -> impl FnMut(&Domineering, WinLoss) -> bool + '_ {
    |g, claimed| minimax(&mut g.clone(), memo) == claimed
}

#[test]
fn a_missing_reply_is_rejected() {
    let (game, mut proof) = won_domineering_proof();
    let (node, removed) = proof
        .nodes
        .iter_mut()
        .enumerate()
        .find_map(|(i, n)| match n {
            ProofNode::And { replies } if replies.len() >= 2 => Some((i, replies.pop().unwrap().0)),
            _ => None,
        })
        .unwrap();
    let mut memo = HashMap::new();
    // The checker meets the missing reply before it could notice that the
    // removed reply's subtree is now unreachable.
    match check_proof(&game, &proof, minimax_verifier(&mut memo)) {
        Err(CheckProofError::MissingReply { node: n, mv }) => {
            assert_eq!((n, mv), (node, removed));
        }
        other => panic!("expected a missing reply, got {other:?}"),
    }
}

#[test]
fn an_illegal_move_is_rejected() {
    let (game, mut proof) = won_domineering_proof();
    // The root is an OR node; D4 is off the board for a vertical domino.
    let ProofNode::Or { mv, .. } = &mut proof.nodes[0] else {
        panic!("a won root is an OR node")
    };
    *mv = "D4".to_string();
    let mut memo = HashMap::new();
    assert_eq!(
        check_proof(&game, &proof, minimax_verifier(&mut memo)),
        Err(CheckProofError::IllegalMove {
            node: 0,
            mv: "D4".to_string()
        })
    );
}

#[test]
fn a_wrong_leaf_is_rejected() {
    // Replace the root's winning move by a legal losing one (minimax says
    // so) and claim the result is decided: the leaf verifier must refuse.
    let (game, mut proof) = won_domineering_proof();
    let mut memo = HashMap::new();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let losing = moves
        .into_iter()
        .find(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            minimax(&mut child, &mut memo) == WinLoss::Win
        })
        .expect("4x4 Domineering has a losing first move");
    let leaf = proof.nodes.len();
    proof.nodes.push(ProofNode::Leaf(LeafKind::Evaluation));
    proof.nodes[0] = ProofNode::Or {
        mv: game.move_text(losing),
        child: leaf,
    };
    // The old subtree is now unreachable, but the checker meets the wrong
    // leaf first.
    match check_proof(&game, &proof, minimax_verifier(&mut memo)) {
        Err(CheckProofError::LeafRejected { node, claimed, .. }) => {
            assert_eq!((node, claimed), (leaf, WinLoss::Loss));
        }
        other => panic!("expected a rejected leaf, got {other:?}"),
    }
    // And a `leaf none` where moves remain.
    let (game, mut proof) = won_domineering_proof();
    let ProofNode::Or { child, .. } = proof.nodes[0] else {
        panic!("a won root is an OR node")
    };
    proof.nodes[child] = ProofNode::Leaf(LeafKind::NoMoves);
    assert!(matches!(
        check_proof(&game, &proof, minimax_verifier(&mut memo)),
        Err(CheckProofError::HasMoves { node, .. }) if node == child
    ));
}

#[test]
fn a_proof_of_the_wrong_outcome_or_root_is_rejected() {
    let (game, mut proof) = won_domineering_proof();
    let mut memo = HashMap::new();
    proof.outcome = WinLoss::Loss;
    assert_eq!(
        check_proof(&game, &proof, minimax_verifier(&mut memo)),
        Err(CheckProofError::WrongNodeKind {
            node: 0,
            found: "or",
            expected: WinLoss::Loss
        })
    );
    let other_root = Domineering::new(4, 4, 0, false);
    assert!(matches!(
        check_proof(&other_root, &proof, minimax_verifier(&mut memo)),
        Err(CheckProofError::RootMismatch { .. })
    ));
}

#[test]
fn proofs_built_in_memory_with_missing_nodes_are_rejected() {
    let game = Nim::new(&[2]);
    let mut proof = ProofTree {
        root: "2".to_string(),
        outcome: WinLoss::Win,
        nodes: Vec::new(),
    };
    assert_eq!(
        check_proof(&game, &proof, |_, _| true),
        Err(CheckProofError::NoSuchNode { node: 0 })
    );
    proof.nodes.push(ProofNode::Or {
        mv: "h0-2".to_string(),
        child: 5,
    });
    assert_eq!(
        check_proof(&game, &proof, |_, _| true),
        Err(CheckProofError::NoSuchNode { node: 5 })
    );
}

#[test]
fn malformed_proof_files_give_the_line_and_problem() {
    let good = "cgtk-proof 1\nroot 2\noutcome win\nnodes 2\n0 or h0-2 1\n1 leaf none\nend\n";
    assert!(ProofTree::parse(good).is_ok());
    let line = |text: &str| match ProofTree::parse(text) {
        Err(ParseProofError::Line { line, problem }) => (line, problem),
        other => panic!("expected a line error for {text:?}, got {other:?}"),
    };
    assert_eq!(line("hello\n"), (1, ProofLineProblem::NotAProofFile));
    assert_eq!(
        line(&good.replace("proof 1", "proof 3")),
        (
            1,
            ProofLineProblem::UnsupportedVersion {
                found: "3".to_string()
            }
        )
    );
    assert_eq!(
        line(&good.replace("root 2", "rot 2")),
        (2, ProofLineProblem::Expected { expected: "root" })
    );
    assert_eq!(
        line(&good.replace("outcome win", "outcome draw")),
        (
            3,
            ProofLineProblem::BadOutcome {
                found: "draw".to_string()
            }
        )
    );
    assert_eq!(
        line(&good.replace("nodes 2", "nodes two")),
        (
            4,
            ProofLineProblem::BadNumber {
                found: "two".to_string()
            }
        )
    );
    assert_eq!(
        line(&good.replace("nodes 2", "nodes 0")),
        (4, ProofLineProblem::NoNodes)
    );
    assert_eq!(
        line(&good.replace("0 or h0-2 1", "0 or h0-2 7")),
        (5, ProofLineProblem::ChildOutOfRange { child: 7, nodes: 2 })
    );
    assert_eq!(
        line(&good.replace("1 leaf none", "2 leaf none")),
        (
            6,
            ProofLineProblem::WrongNodeId {
                expected: 1,
                found: 2
            }
        )
    );
    assert_eq!(
        line(&good.replace("1 leaf none", "1 leaf maybe")),
        (6, ProofLineProblem::BadLeaf)
    );
    assert_eq!(
        line(&good.replace("1 leaf none", "1 and h0-1")),
        (6, ProofLineProblem::BadAndNode)
    );
    assert_eq!(
        line(&good.replace("0 or h0-2 1", "0 or h0-2")),
        (5, ProofLineProblem::BadOrNode)
    );
    assert_eq!(
        line(&good.replace("1 leaf none", "1 xor")),
        (
            6,
            ProofLineProblem::UnknownKind {
                found: "xor".to_string()
            }
        )
    );
    assert_eq!(
        line(&format!("{good}more\n")),
        (8, ProofLineProblem::TrailingText)
    );
    assert_eq!(
        line(good.trim_end_matches("end\n")),
        (7, ProofLineProblem::UnexpectedEnd { expected: "end" })
    );
    // Comments and blank lines are skipped, line numbers still count them.
    assert_eq!(
        line("# a comment\n\ncgtk-proof 1\nroot 2\noutcome tie\n"),
        (
            5,
            ProofLineProblem::BadOutcome {
                found: "tie".to_string()
            }
        )
    );
}

#[test]
fn mutated_proof_files_never_panic() {
    // Random byte-level damage to a real proof: parsing and checking must
    // return, whatever the damage.
    let (game, proof) = won_domineering_proof();
    let text = proof.to_text();
    let mut rng = Rng(404);
    let mut memo = HashMap::new();
    let mut rejected = 0;
    for _ in 0..2000 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() as u64) as usize;
            match rng.below(3) {
                0 => {
                    bytes.remove(at);
                }
                1 => bytes[at] = b" 0123456789\nabcdefxorandleaf"[rng.below(28) as usize],
                _ => bytes.insert(at, b"0 1\n"[rng.below(4) as usize]),
            }
        }
        let Ok(damaged) = String::from_utf8(bytes) else {
            continue;
        };
        match ProofTree::parse(&damaged) {
            Err(_) => rejected += 1,
            Ok(p) => {
                if check_proof(&game, &p, minimax_verifier(&mut memo)).is_err() {
                    rejected += 1;
                }
            }
        }
    }
    // Most damage must be caught (some, like a changed digit in a child id
    // that still points to an equivalent node, may leave a valid proof).
    assert!(
        rejected > 1000,
        "only {rejected} of 2000 damaged proofs rejected"
    );
}

#[test]
fn limits_end_with_unknown_and_the_progress_made() {
    // 8x8 Domineering is far beyond these limits (solved only with a
    // dedicated program: Breuker, Uiterwijk and van den Herik 2000).
    let game = Domineering::new(8, 8, 0, true);
    let budget = Budget {
        tt_mb: 4,
        limits: Limits {
            nodes: Some(5000),
            time: None,
        },
        ..Budget::default()
    };
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget: budget.clone(),
        ..DfpnConfig::default()
    })
    .unwrap();
    let r = solver.solve(&game);
    assert_eq!(r.verdict, Verdict::Unknown(Limit::Nodes));
    assert_eq!(r.nodes, 5000);
    assert!(!r.root.is_proven() && r.root.pn >= 1 && r.root.dn >= 1);
    assert!(r.best_move.is_none());

    solver.set_limits(Limits {
        nodes: None,
        time: Some(Duration::from_millis(200)),
    });
    let r = solver.solve(&game);
    assert_eq!(r.verdict, Verdict::Unknown(Limit::Time));
    assert!(r.nodes > 0);

    let mut ab = AlphaBetaSolver::new(budget).unwrap();
    let r = ab.solve(&game);
    assert_eq!(r.verdict, Verdict::Unknown(Limit::Nodes));
    assert_eq!(r.nodes, 5000);
}

#[test]
fn two_threads_respect_limits() {
    let game = Domineering::new(8, 8, 0, true);
    let mut solver = DfpnSolver::new(DfpnConfig {
        threads: 2,
        budget: Budget {
            tt_mb: 4,
            limits: Limits {
                nodes: Some(20_000),
                time: None,
            },
            ..Budget::default()
        },
        ..DfpnConfig::default()
    })
    .unwrap();
    let r = solver.solve(&game);
    assert_eq!(r.verdict, Verdict::Unknown(Limit::Nodes));
    // Each thread may overshoot by one flush of FLUSH_NODES.
    assert!(r.nodes <= 20_000 + 2 * cgt::search::control::FLUSH_NODES);
}

#[test]
fn the_progress_hook_reports_growing_node_counts() {
    let calls = Arc::new(AtomicUsize::new(0));
    let last = Arc::new(AtomicU64::new(0));
    let (c, l) = (calls.clone(), last.clone());
    let game = Domineering::new(8, 8, 0, true);
    let mut solver = DfpnSolver::new(DfpnConfig {
        budget: Budget {
            tt_mb: 4,
            limits: Limits {
                nodes: Some(10_000),
                time: None,
            },
            progress: Some(Arc::new(move |p| {
                assert!(p.nodes >= l.load(Ordering::Relaxed));
                assert!(!p.root.is_proven());
                l.store(p.nodes, Ordering::Relaxed);
                c.fetch_add(1, Ordering::Relaxed);
            })),
            progress_interval: Duration::ZERO,
        },
        ..DfpnConfig::default()
    })
    .unwrap();
    solver.solve(&game);
    // With a zero interval the hook runs at every flush of 256 nodes.
    assert_eq!(calls.load(Ordering::Relaxed), 10_000 / 256);
    assert!(last.load(Ordering::Relaxed) >= 9_000);
}

#[test]
fn bad_configurations_are_refused() {
    use cgt::search::ConfigError;
    let bad = |config: DfpnConfig| DfpnSolver::new(config).unwrap_err();
    assert_eq!(
        bad(DfpnConfig {
            threads: 0,
            ..DfpnConfig::default()
        }),
        ConfigError::NoThreads
    );
    assert_eq!(
        bad(DfpnConfig {
            budget: Budget::with_table(0),
            ..DfpnConfig::default()
        }),
        ConfigError::NoTable
    );
    assert!(matches!(
        bad(DfpnConfig {
            epsilon: f64::NAN,
            ..DfpnConfig::default()
        }),
        ConfigError::BadEpsilon(_)
    ));
}

/// The benchmark positions (`benches/solve_toys.rs`) with their node
/// counts, for BENCHMARKS.md: `cargo test --release -p amazons --test
/// solve_toys -- --ignored --nocapture`. Verdicts checked against Grundy
/// values and Bouton's rule.
#[test]
#[ignore = "prints node counts of the benchmark positions; run in release"]
fn benchmark_positions_node_counts() {
    let grundy = kayles_grundy(64);
    let rows = [
        ((1u64 << 18) - 1, 18),
        ((1u64 << 20) - 1 - (1 << 3) - (1 << 11), 20),
    ];
    for (pins, len) in rows {
        let game = Kayles::new(pins, len);
        let expected = kayles_outcome(pins, len, &grundy);
        report(&game, expected);
    }
    let heaps = [3u8, 5, 6, 7];
    let expected = if heaps.iter().fold(0, |a, h| a ^ h) != 0 {
        WinLoss::Win
    } else {
        WinLoss::Loss
    };
    report(&Nim::new(&heaps), expected);
}

fn report<G: SolverGame>(game: &G, expected: WinLoss) {
    for threads in [1, 2] {
        let mut solver = DfpnSolver::new(DfpnConfig {
            budget: Budget::with_table(16),
            threads,
            ..DfpnConfig::default()
        })
        .unwrap();
        let r = solver.solve(game);
        assert_eq!(r.verdict, Verdict::Proven(expected));
        println!(
            "{} df-pn x{threads}: {} nodes, {:?}",
            game.position_text(),
            r.nodes,
            r.elapsed
        );
    }
    let mut solver = AlphaBetaSolver::new(Budget::with_table(16)).unwrap();
    let r = solver.solve(game);
    assert_eq!(r.verdict, Verdict::Proven(expected));
    println!(
        "{} alpha-beta: {} nodes, {:?}",
        game.position_text(),
        r.nodes,
        r.elapsed
    );
}

#[test]
fn the_principal_variation_is_a_won_line_to_a_leaf() {
    // Kayles on 7 pins is a first-player win (knock down the middle pin and
    // mirror). Kayles has no static evaluation, so along the principal
    // variation every move is legal, the winner moves first and last, and
    // the line ends where the loser has no move.
    let game = Kayles::new(0b111_1111, 7);
    let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
    assert_eq!(solver.solve(&game).verdict, Verdict::Proven(WinLoss::Win));
    let proof = extract_proof(&mut solver, &game).unwrap();
    let pv = proof.principal_variation();
    assert_eq!(pv.len() % 2, 1, "{pv:?}");
    let mut g = game.clone();
    for text in &pv {
        let mut moves = Vec::new();
        g.generate_moves(&mut moves);
        let mv = *moves
            .iter()
            .find(|&&m| g.move_text(m) == *text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", g.position_text()));
        g.play(mv);
    }
    let mut moves = Vec::new();
    g.generate_moves(&mut moves);
    assert!(moves.is_empty(), "the line ends at {}", g.position_text());
}

/// Plain minimax without a table, counting the positions it visits: the
/// outcome for the player to move, or `None` after `limit` positions. The
/// same call always needs the same positions, so a verifier built on it
/// decides a leaf in the checker exactly as it did at extraction.
fn minimax_within<G: SolverGame>(game: &mut G, limit: u64, spent: &mut u64) -> Option<WinLoss> {
    *spent += 1;
    if *spent > limit {
        return None;
    }
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    for mv in moves {
        game.play(mv);
        let child = minimax_within(game, limit, spent);
        game.undo(mv);
        if child? == WinLoss::Loss {
            return Some(WinLoss::Win);
        }
    }
    Some(WinLoss::Loss)
}

/// A leaf verifier from [`minimax_within`].
fn budgeted<G: SolverGame>(game: &G, claimed: WinLoss, limit: u64) -> LeafVerdict {
    match minimax_within(&mut game.clone(), limit, &mut 0) {
        Some(outcome) => (outcome == claimed).into(),
        None => LeafVerdict::TooHard { limit },
    }
}

/// The kinds of leaf in `proof`: (`leaf none`, `leaf eval`, `leaf search`).
fn leaf_counts(proof: &ProofTree) -> (usize, usize, usize) {
    let count = |kind| {
        proof
            .nodes
            .iter()
            .filter(|n| **n == ProofNode::Leaf(kind))
            .count()
    };
    (
        count(LeafKind::NoMoves),
        count(LeafKind::Evaluation),
        count(LeafKind::Search),
    )
}

#[test]
fn shaped_proofs_pass_a_checker_with_the_same_limit_and_are_smaller() {
    // Random Domineering positions, solved and extracted twice: whole, and
    // shaped for the budgeted minimax verifier. The shaped proof survives
    // the file format and the checker with that verifier at the same
    // limit, proves the outcome minimax finds, and has no more nodes.
    let shape = ProofShape {
        leaf_limit: 40,
        cut: 24,
        effort: 4,
    };
    let mut rng = Rng(2011);
    let mut memo = HashMap::new();
    let (mut whole, mut shaped, mut searched) = (0, 0, 0);
    for _ in 0..300 {
        let (width, height) = [(4, 4), (5, 4), (4, 5), (3, 6)][rng.below(4) as usize];
        let mut covered = 0u64;
        for s in 0..width * height {
            if rng.below(10) < 3 {
                covered |= 1 << s;
            }
        }
        let game = Domineering::new(width, height, covered, rng.below(2) == 0);
        let expected = minimax(&mut game.clone(), &mut memo);
        let mut solver = dfpn(1);
        assert_eq!(solver.solve(&game).verdict, Verdict::Proven(expected));
        let full = extract_proof(&mut solver, &game).unwrap();
        let proof = extract_proof_shaped(&mut solver, &game, shape, budgeted).unwrap();
        assert_eq!(proof.outcome, expected);
        let parsed = ProofTree::parse(&proof.to_text()).unwrap();
        assert_eq!(parsed, proof);
        let stats = check_proof(&game, &parsed, |g, claimed| {
            budgeted(g, claimed, shape.leaf_limit)
        })
        .unwrap_or_else(|e| panic!("{}: {e}", game.position_text()));
        assert_eq!(stats.searched_leaves, leaf_counts(&proof).2);
        assert!(proof.len() <= full.len(), "{}", game.position_text());
        whole += full.len();
        shaped += proof.len();
        searched += stats.searched_leaves;
    }
    assert!(searched > 0, "no subtree was left to the checker");
    assert!(shaped < whole, "{shaped} nodes shaped, {whole} whole");
}

#[test]
fn leaves_the_verifier_cannot_decide_are_expanded() {
    // Heaps 2, 3, 2: a win by Bouton's rule (the nim-sum is 3). Nim's
    // evaluation decides a single heap at once. A verifier that may visit
    // one position decides only positions without moves, so the shaped
    // proof must follow every line to the end: leaves `leaf none` only,
    // accepted by a checker that decides no leaf at all. The whole proof
    // leaves single heaps to the evaluation, and that checker refuses it.
    let game = Nim::new(&[2, 3, 2]);
    let mut solver = dfpn(1);
    assert_eq!(solver.solve(&game).verdict, Verdict::Proven(WinLoss::Win));
    let shape = ProofShape {
        leaf_limit: 1,
        cut: 1000,
        effort: 1000,
    };
    let proof = extract_proof_shaped(&mut solver, &game, shape, budgeted).unwrap();
    let (none, eval, search) = leaf_counts(&proof);
    assert!(none > 0);
    assert_eq!((eval, search), (0, 0));
    let cannot = |_: &Nim, _| LeafVerdict::TooHard { limit: 1 };
    check_proof(&game, &proof, cannot).unwrap();
    let full = extract_proof(&mut solver, &game).unwrap();
    assert!(leaf_counts(&full).1 > 0);
    assert!(matches!(
        check_proof(&game, &full, cannot),
        Err(CheckProofError::LeafTooHard { .. })
    ));
}

#[test]
fn a_verifier_that_contradicts_the_solver_stops_the_extraction() {
    let game = Domineering::new(4, 4, 0, true);
    let mut solver = dfpn(1);
    assert_eq!(solver.solve(&game).verdict, Verdict::Proven(WinLoss::Win));
    let shape = ProofShape {
        leaf_limit: 1000,
        cut: 0,
        effort: 0,
    };
    let wrong = |_: &Domineering, _, _| LeafVerdict::Rejected;
    assert!(matches!(
        extract_proof_shaped(&mut solver, &game, shape, wrong),
        Err(cgt::search::ExtractError::Refuted { .. })
    ));
}

#[test]
fn the_compact_format_names_each_problem_with_its_line() {
    // A proof of 4x4 Domineering, Left first, in the compact format, then
    // broken one way at a time: each is refused with its line and problem,
    // never a panic.
    let (game, proof) = won_domineering_proof();
    let text = compact_text(&proof);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "cgtk-proof 2");
    let and_line = lines.iter().position(|l| l.starts_with("a ")).unwrap();
    let leaf_line = lines.iter().position(|l| *l == "e" || *l == "n").unwrap();
    let with = |at: usize, line: &str| {
        let mut l = lines.clone();
        l[at] = line;
        l.join("\n")
    };
    let count: usize = lines[and_line][2..].parse().unwrap();
    let problem = |text: &str| match ProofTree::parse_for(text, |_| Ok(game.clone())) {
        Err(ParseProofError::Line { line, problem }) => (line, problem),
        other => panic!("expected a line error, got {other:?}"),
    };
    assert_eq!(
        problem(&with(and_line, &format!("a {}", count + 1))),
        (
            and_line + 1,
            ProofLineProblem::ReplyCount {
                listed: count + 1,
                legal: count
            }
        )
    );
    assert_eq!(
        problem(&with(4, "o Z9-Z8")),
        (5, ProofLineProblem::NoSuchMove { mv: "Z9-Z8".into() })
    );
    assert_eq!(
        problem(&with(leaf_line, "@999")),
        (
            leaf_line + 1,
            ProofLineProblem::ForwardReference { node: 999 }
        )
    );
    assert_eq!(
        problem(&with(leaf_line, "x")),
        (leaf_line + 1, ProofLineProblem::BadCompactLine)
    );
    let nodes = proof.compact_len();
    assert_eq!(
        problem(&with(3, &format!("nodes {}", nodes + 1))).1,
        ProofLineProblem::NodeCount {
            header: nodes + 1,
            found: nodes
        }
    );
    assert_eq!(
        ProofTree::parse(&text),
        Err(ParseProofError::Line {
            line: 1,
            problem: ProofLineProblem::NeedsTheGame
        })
    );
    // A root the game cannot read.
    let refused = ProofTree::parse_for(&text, |root| Err::<Domineering, _>(format!("no: {root}")));
    assert!(matches!(
        refused,
        Err(ParseProofError::Line {
            line: 2,
            problem: ProofLineProblem::BadRoot { .. }
        })
    ));
    // Every line dropped or doubled: an error or a proof, never a panic;
    // what parses is then judged by the checker.
    for at in 4..lines.len() {
        let mut dropped = lines.clone();
        dropped.remove(at);
        let mut doubled = lines.clone();
        doubled.insert(at, lines[at]);
        for text in [dropped.join("\n"), doubled.join("\n")] {
            if let Ok(p) = ProofTree::parse_for(&text, |_| Ok(game.clone())) {
                let _ = check_proof(&game, &p, |_, _| true);
            }
        }
    }
}
