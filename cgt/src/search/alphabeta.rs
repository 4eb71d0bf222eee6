//! Alpha-beta on win/loss: the baseline solver of the df-pn comparison in
//! Song & Müller 2015, §V-A (their `ab`, after Müller,
//! *Solving 5x5 Amazons*, GPW 2001).
//!
//! With only two values the alpha-beta window is always (loss, win), so the
//! search is a depth-first negamax that stops at the first child lost for
//! the opponent. It uses the same hooks as df-pn: the static evaluation as
//! the terminal test, the move-ordering hint, mirror symmetry through
//! [`SolverGame::canonical_hash`] (sibling moves with equal keys are
//! searched once), and a transposition table of decided positions with an
//! enhanced transposition cutoff (before searching any child, look for a
//! child already known lost in the table). The game must be acyclic.

use super::control::{Budget, ConfigError, Control, Counter, Limit, Limits, SolveResult, Verdict};
use super::game::{distinct_children, SolverGame};
use super::numbers::ProofNumbers;
use super::numbers::WinLoss;
use super::table::Table;

/// A single-threaded alpha-beta solver with its transposition table (kept
/// between solves; [`AlphaBetaSolver::clear`] empties it).
///
/// ```
/// use cgt::search::{toy::Nim, AlphaBetaSolver, Budget, WinLoss, Verdict};
/// let mut solver = AlphaBetaSolver::new(Budget::default()).unwrap();
/// // Nim with heaps 1, 2: the nim-sum is 3, so the player to move wins.
/// let result = solver.solve(&Nim::new(&[1, 2]));
/// assert_eq!(result.verdict, Verdict::Proven(WinLoss::Win));
/// ```
pub struct AlphaBetaSolver {
    budget: Budget,
    table: Table,
}

impl std::fmt::Debug for AlphaBetaSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlphaBetaSolver")
            .field("budget", &self.budget)
            .finish()
    }
}

impl AlphaBetaSolver {
    /// A solver with an empty table of `budget.tt_mb` MiB.
    pub fn new(budget: Budget) -> Result<AlphaBetaSolver, ConfigError> {
        if budget.tt_mb == 0 {
            return Err(ConfigError::NoTable);
        }
        let table = Table::with_megabytes(budget.tt_mb, true)?;
        Ok(AlphaBetaSolver { budget, table })
    }

    /// Sets the limits of the next solves (the table is kept).
    pub fn set_limits(&mut self, limits: Limits) {
        self.budget.limits = limits;
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The outcome of `game` if the table holds it.
    #[must_use]
    pub fn known<G: SolverGame>(&self, game: &G) -> Option<WinLoss> {
        self.table.known(game.canonical_hash())
    }

    /// Solves `game` for the player to move, within the configured limits.
    pub fn solve<G: SolverGame>(&mut self, game: &G) -> SolveResult<G::Move> {
        let control = Control::new(
            self.budget.limits,
            self.budget.progress.clone(),
            self.budget.progress_interval,
        );
        let mut search = Search {
            table: &self.table,
            control: &control,
            counter: Counter::default(),
        };
        let mut position = game.clone();
        let mut best_move = None;
        let outcome = search.search(&mut position, Some(&mut best_move));
        search.counter.flush(&control);
        let verdict = match outcome {
            Some(o) => Verdict::Proven(o),
            None => Verdict::Unknown(control.limit_hit().unwrap_or(Limit::Time)),
        };
        SolveResult {
            verdict,
            best_move,
            nodes: search.counter.total,
            elapsed: control.elapsed(),
            root: outcome.map_or(ProofNumbers::UNKNOWN, ProofNumbers::proven),
        }
    }
}

struct Search<'a> {
    table: &'a Table,
    control: &'a Control,
    counter: Counter,
}

impl Search<'_> {
    /// The outcome for the player to move, or `None` if a limit stopped the
    /// search. At the root, `best` receives a winning move.
    fn search<G: SolverGame>(
        &mut self,
        game: &mut G,
        mut best: Option<&mut Option<G::Move>>,
    ) -> Option<WinLoss> {
        let is_root = best.is_some();
        let key = game.canonical_hash();
        if !is_root {
            if let Some(o) = self.table.probe(key).and_then(ProofNumbers::outcome) {
                return Some(o);
            }
        }
        if !self.counter.visit(self.control) {
            return None;
        }
        let start = self.counter.total;
        if let Some(o) = game.evaluate() {
            // At the root a static win is searched anyway, to find the
            // winning move.
            if !(is_root && o == WinLoss::Win) {
                self.table.store(key, ProofNumbers::proven(o), 1);
                return Some(o);
            }
        }
        let children = distinct_children(game);
        // Enhanced transposition cutoff.
        for &(mv, child) in &children {
            if self.table.probe(child).and_then(ProofNumbers::outcome) == Some(WinLoss::Loss) {
                if let Some(b) = best.as_deref_mut() {
                    *b = Some(mv);
                }
                self.table
                    .store(key, ProofNumbers::WIN, self.counter.total - start + 1);
                return Some(WinLoss::Win);
            }
        }
        for &(mv, _) in &children {
            game.play(mv);
            let result = self.search(game, None);
            game.undo(mv);
            match result {
                None => return None,
                Some(WinLoss::Loss) => {
                    if let Some(b) = best.as_deref_mut() {
                        *b = Some(mv);
                    }
                    self.table
                        .store(key, ProofNumbers::WIN, self.counter.total - start + 1);
                    return Some(WinLoss::Win);
                }
                Some(WinLoss::Win) => {}
            }
        }
        self.table
            .store(key, ProofNumbers::LOSS, self.counter.total - start + 1);
        Some(WinLoss::Loss)
    }
}
