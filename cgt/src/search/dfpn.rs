//! Depth-first proof-number search (df-pn) with the 1+epsilon trick.
//!
//! - A. Nagai, *Df-pn algorithm for searching AND/OR trees and its
//!   applications*, Ph.D. thesis, Univ. of Tokyo, 2002, ch. 3 (procedure
//!   `MID`, thresholds in negamax form).
//! - J. Pawlewicz and L. Lew, *Improving depth-first PN-search: 1+epsilon
//!   trick*, Computers and Games 2006, LNCS 4630, pp. 160–171, section 3:
//!   the child's disproof threshold is `ceil(dn2 * (1 + epsilon))` instead of
//!   `dn2 + 1`, where `dn2` is the second-smallest child disproof number, so
//!   the search stays longer in one subtree and re-expands less.
//! - Weak proof numbers ([`DfpnConfig::weak_pn_from`]): T. Ueda,
//!   T. Hashimoto, J. Hashimoto and H. Iida, *Weak proof-number search*,
//!   Computers and Games 2008, LNCS 5131, pp. 157–168: a position's
//!   disproof number is the largest proof number of its unproven children
//!   plus the number of the others, instead of their sum, which counts a
//!   subtree reached through several children once per child. Off by
//!   default. From two moves below the root on (the root and its children
//!   keep the sums) they halve the nodes of Amazons 4x5 and leave 5x4's
//!   unchanged, but 5x5 stalls with them (no proof after 600 s and 100
//!   million nodes, where sums prove it in 3.3 million); everywhere they
//!   multiply 5x4's nodes by 14 (BENCHMARKS.md). Where the player to move
//!   at the root is expected to win, as in each first-move shard of a
//!   second-player win's root split, they pay from the first reply on: on
//!   the 63 hardest first moves of 6x4 they prove 23 within 20 million
//!   nodes, sums none.
//! - Killer moves: the two moves that last proved a win at a depth are
//!   tried first among equally promising children at that depth.
//! - Initial numbers (df-pn+, Nagai 2002, section 3.4): an unsearched
//!   child starts with [`SolverGame::initial_numbers`] instead of `1, 1`.
//! - Lazy expansion ([`DfpnConfig::lazy_expansion`], on by default): a
//!   position visited for the first time, whose static evaluation decided
//!   nothing, is first given the game's estimate of what expanding it would
//!   give ([`SolverGame::lazy_numbers`]; Amazons: `1, number of moves`).
//!   If that already reaches one of its thresholds, as it does on most
//!   first visits, the estimate is stored and the position is expanded only
//!   when it is visited again. On Amazons 4x5 86 % of the expansions were
//!   such first visits; skipping them halves the time (BENCHMARKS.md).
//! - Song & Müller 2015, §IV: df-pn with the full static
//!   evaluation as the terminal test, the solver this module serves.
//!
//! In negamax form every position has numbers for the player to move:
//! `pn(n) = min over children c of dn(c)`, `dn(n) = sum over c of pn(c)`.
//! `MID(n, th_pn, th_dn)` searches below `n` until `pn(n) >= th_pn` or
//! `dn(n) >= th_dn`; it picks the child `c1` with the smallest `dn` and calls
//! `MID(c1, th_dn - dn(n) + pn(c1), min(th_pn, max(dn2 + 1,
//! ceil(dn2 * (1 + epsilon)))))`. The root is searched with infinite
//! thresholds.
//!
//! **The game must be acyclic** (see [`SolverGame`]). Then a position's
//! value does not depend on the path to it and the transposition table can
//! be shared by all paths: there is no graph-history-interaction problem,
//! and the only cost of transpositions is that proof numbers of a DAG are
//! over-estimated (a shared subtree is counted once per parent), which
//! affects speed, never correctness. A proven value is only ever derived
//! from proven child values or the game's own terminal tests.
//!
//! Threads (`threads >= 2`): lazy SMP. All threads run df-pn from the root
//! on the one shared table; helper thread `t` works at the root on the child
//! of rank `t` (by disproof number) instead of the best one, and uses
//! epsilon `epsilon * (1 + t)`; below the root, a thread whose chosen child
//! is being searched by another thread takes an undecided child no thread
//! is in, if one has at most twice the disproof number (a simple form of
//! Kaneko's virtual proof numbers, AAAI 2010). So the threads work on
//! different subtrees and share what they prove. The first thread to decide
//! the root stops the others. With one thread none of this runs. A value in the table is either an estimate (which only steers the
//! search) or a proof, so the verdict does not depend on the thread count;
//! the winning move and the node count may.
//!
//! Tuning knobs, in [`DfpnConfig`]: `tt_mb` (table size, 1 MiB and up; about
//! 65,536 positions per MiB), `epsilon` (0 gives Nagai's plain df-pn; the
//! default 0.25 is a starting point, not a measured optimum: tune it per
//! game; allowed range 0..=10), `threads` (1 and up).

use std::sync::atomic::{AtomicU64, Ordering};

use super::control::{
    Budget, ConfigError, Control, Counter, Limit, Limits, SolveResult, StopFlag, Verdict,
};
use super::game::{ChildBuffers, SolverGame};
use super::numbers::{pn_add, ProofNumbers, WinLoss};
use super::table::Table;

const INF: u32 = ProofNumbers::INFINITY;

/// Settings of a [`DfpnSolver`].
#[derive(Clone, Debug)]
pub struct DfpnConfig {
    /// Table size, limits and progress reports.
    pub budget: Budget,
    /// The epsilon of the 1+epsilon trick (0..=10; 0 is plain df-pn).
    pub epsilon: f64,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Weak proof-number search (Ueda et al. 2008), `dn = max pn + (open
    /// children - 1)` instead of the sum of the children's proof numbers,
    /// at positions at least this many moves below the root; `None`: sums
    /// everywhere (Nagai). Default `None`: from depth 2 they halve the
    /// nodes on 4x5, but on 5x5 the search stalls with them (BENCHMARKS.md).
    pub weak_pn_from: Option<usize>,
    /// Lazy expansion ([`SolverGame::lazy_numbers`]): a position visited
    /// for the first time whose estimated numbers already reach its
    /// thresholds is stored with them, not expanded. Default `true`.
    pub lazy_expansion: bool,
}

impl Default for DfpnConfig {
    fn default() -> Self {
        DfpnConfig {
            budget: Budget::default(),
            epsilon: 0.25,
            threads: 1,
            weak_pn_from: None,
            lazy_expansion: true,
        }
    }
}

impl DfpnConfig {
    fn validate(&self) -> Result<(), ConfigError> {
        if self.threads == 0 {
            return Err(ConfigError::NoThreads);
        }
        if self.budget.tt_mb == 0 {
            return Err(ConfigError::NoTable);
        }
        if !(0.0..=10.0).contains(&self.epsilon) {
            return Err(ConfigError::BadEpsilon(self.epsilon));
        }
        Ok(())
    }
}

/// A df-pn solver with its transposition table. The table is kept between
/// solves (so a proof tree can be extracted after a solve, and related
/// positions reuse each other's work); [`DfpnSolver::clear`] empties it.
///
/// ```
/// use cgt::search::{toy::Nim, DfpnConfig, DfpnSolver, WinLoss, Verdict};
/// let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
/// // Nim with heaps 1, 2, 3: the nim-sum is 0, so the player to move loses.
/// let result = solver.solve(&Nim::new(&[1, 2, 3]));
/// assert_eq!(result.verdict, Verdict::Proven(WinLoss::Loss));
/// ```
pub struct DfpnSolver {
    config: DfpnConfig,
    table: Table,
    stop: Option<StopFlag>,
}

impl std::fmt::Debug for DfpnSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DfpnSolver")
            .field("config", &self.config)
            .field("table_entries", &self.table.capacity())
            .finish()
    }
}

impl DfpnSolver {
    /// A solver with an empty table of `config.budget.tt_mb` MiB.
    pub fn new(config: DfpnConfig) -> Result<DfpnSolver, ConfigError> {
        config.validate()?;
        let table = Table::with_megabytes(config.budget.tt_mb, config.threads == 1)?;
        Ok(DfpnSolver {
            config,
            table,
            stop: None,
        })
    }

    /// Stops the next solves early when `flag` is set (they end as if the
    /// time limit were reached); `None`: no such flag, the default.
    pub fn set_stop(&mut self, flag: Option<StopFlag>) {
        self.stop = flag;
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &DfpnConfig {
        &self.config
    }

    /// Sets the limits of the next solves (the table is kept).
    pub fn set_limits(&mut self, limits: Limits) {
        self.config.budget.limits = limits;
    }

    /// Empties the transposition table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Number of positions the table can hold.
    #[must_use]
    pub fn table_capacity(&self) -> usize {
        self.table.capacity()
    }

    /// The outcome of `game` if the table holds a proof of it.
    #[must_use]
    pub fn known<G: SolverGame>(&self, game: &G) -> Option<WinLoss> {
        self.table.known(game.canonical_hash())
    }

    /// Solves `game` for the player to move, within the configured limits.
    pub fn solve<G: SolverGame>(&mut self, game: &G) -> SolveResult<G::Move> {
        let control = Control::new(
            self.config.budget.limits,
            self.config.budget.progress.clone(),
            self.config.budget.progress_interval,
        )
        .with_stop(self.stop.clone());
        let threads = self.config.threads;
        let table = &self.table;
        let config = &self.config;
        let control_ref = &control;
        let busy = (threads > 1).then(Busy::new);
        let busy = busy.as_ref();
        let mut outcomes: Vec<WorkerOutcome<G::Move>> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|rank| {
                    let mut position = game.clone();
                    scope.spawn(move || {
                        let mut worker = Worker::new(table, control_ref, config, rank);
                        worker.busy = busy;
                        worker.run(&mut position)
                    })
                })
                .collect();
            let mut position = game.clone();
            let mut main = Worker::new(table, control_ref, config, 0);
            main.busy = busy;
            let mut all = vec![main.run(&mut position)];
            for helper in helpers {
                // A helper panics only if the game's own code panicked;
                // pass that panic on.
                all.push(
                    helper
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                );
            }
            all
        });
        let mut nodes: u64 = outcomes.iter().map(|o| o.nodes).sum();
        // Prefer a thread that decided the root; else thread 0's numbers.
        let decided = outcomes.iter().position(|o| o.value.is_proven());
        let main = outcomes.swap_remove(decided.unwrap_or(0));
        let mut best_move = main.best_move;
        let verdict = match main.value.outcome() {
            Some(outcome) => Verdict::Proven(outcome),
            // Only a limit ends the search of an undecided root.
            None => Verdict::Unknown(control.limit_hit().unwrap_or(Limit::Time)),
        };
        if verdict == Verdict::Proven(WinLoss::Win) && best_move.is_none() {
            // The root was decided without its loop (a static evaluation):
            // find a winning move by solving the children.
            let (mv, extra) = self.find_winning_move(game, &control);
            best_move = mv;
            nodes += extra;
        }
        SolveResult {
            verdict,
            best_move,
            nodes,
            elapsed: control.elapsed(),
            root: main.value,
        }
    }

    fn find_winning_move<G: SolverGame>(
        &self,
        game: &G,
        first: &Control,
    ) -> (Option<G::Move>, u64) {
        let limits = Limits {
            nodes: self
                .config
                .budget
                .limits
                .nodes
                .map(|n| n.saturating_sub(first.nodes())),
            time: self
                .config
                .budget
                .limits
                .time
                .map(|t| t.saturating_sub(first.elapsed())),
        };
        let control = Control::new(limits, None, self.config.budget.progress_interval)
            .with_stop(self.stop.clone());
        let mut worker = Worker::new(&self.table, &control, &self.config, 0);
        let mut position = game.clone();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        position.order_moves(&mut moves);
        let mut found = None;
        for mv in moves {
            position.play(mv);
            let key = position.canonical_hash();
            let value = worker.mid(&mut position, key, INF, INF, 1);
            position.undo(mv);
            if value.outcome() == Some(WinLoss::Loss) {
                found = Some(mv);
                break;
            }
            if control.stopped() {
                break;
            }
        }
        worker.counter.flush(&control);
        (found, worker.counter.total)
    }
}

/// Positions some thread is searching right now (threads >= 2 only): a
/// small table of keys, one per slot, so that a thread choosing a child can
/// see that another thread is already below it and go elsewhere (a simple
/// form of the virtual proof numbers of Kaneko, *Parallel depth first
/// proof number search*, AAAI 2010). A full slot is simply not marked.
struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    const SLOTS: usize = 1 << 14;

    fn new() -> Busy {
        Busy {
            slots: (0..Self::SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key as usize) & (Self::SLOTS - 1)]
    }

    /// Marks `key`; false if its slot was taken.
    fn enter(&self, key: u64) -> bool {
        key != 0
            && self
                .slot(key)
                .compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }

    fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn contains(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Ordering::Relaxed) == key
    }
}

struct WorkerOutcome<M> {
    value: ProofNumbers,
    best_move: Option<M>,
    nodes: u64,
}

struct Child<M> {
    mv: M,
    key: u64,
    value: ProofNumbers,
}

/// One search thread.
struct Worker<'a, M> {
    table: &'a Table,
    control: &'a Control,
    counter: Counter,
    epsilon: f64,
    /// The depth from which weak proof numbers are used
    /// ([`DfpnConfig::weak_pn_from`]; `usize::MAX`: never).
    weak_pn_from: usize,
    /// [`DfpnConfig::lazy_expansion`].
    lazy_expansion: bool,
    /// 0 for the main thread; helper `rank` works on the root child of that
    /// rank.
    rank: usize,
    best_root_move: Option<M>,
    /// Shared by the threads when there are two or more.
    busy: Option<&'a Busy>,
    /// Buffers for listing children, reused by every expansion.
    buffers: ChildBuffers<M>,
    /// Children lists of finished expansions, reused by later ones (one is
    /// in use at each depth of the current path).
    spare: Vec<Vec<Child<M>>>,
    /// By depth: the two moves that last proved a win at that depth, the
    /// latest first (the killer heuristic): tried first among the children
    /// of the next position expanded at that depth, where they often win
    /// again.
    killers: Vec<[Option<M>; 2]>,
}

impl<'a, M: Copy + Eq> Worker<'a, M> {
    /// A worker of thread `rank` (0: the main thread; helper `rank` uses
    /// epsilon `config.epsilon * (1 + rank)`).
    fn new(table: &'a Table, control: &'a Control, config: &DfpnConfig, rank: usize) -> Self {
        Worker {
            table,
            control,
            counter: Counter::default(),
            epsilon: config.epsilon * (1 + rank) as f64,
            weak_pn_from: config.weak_pn_from.unwrap_or(usize::MAX),
            lazy_expansion: config.lazy_expansion,
            rank,
            best_root_move: None,
            busy: None,
            buffers: ChildBuffers::default(),
            spare: Vec::new(),
            killers: Vec::new(),
        }
    }

    fn run<G: SolverGame<Move = M>>(mut self, game: &mut G) -> WorkerOutcome<M> {
        let key = game.canonical_hash();
        let value = self.mid(game, key, INF, INF, 0);
        self.counter.flush(self.control);
        if value.is_proven() {
            self.control.finish();
        }
        WorkerOutcome {
            value,
            best_move: self.best_root_move,
            nodes: self.counter.total,
        }
    }

    /// The child's disproof threshold from the second-smallest disproof
    /// number `dn2` (the 1+epsilon trick).
    fn dn_threshold(&self, dn2: u32) -> u32 {
        if dn2 >= ProofNumbers::MAX_FINITE {
            return INF;
        }
        let scaled = (f64::from(dn2) * (1.0 + self.epsilon)).ceil();
        let scaled = if scaled >= f64::from(INF) {
            INF
        } else {
            scaled as u32
        };
        scaled.max(dn2 + 1)
    }

    /// Nagai's `MID`: searches below `game` (whose table key is `key`) until
    /// its numbers reach a threshold, stores them and returns them. With
    /// several threads, the position is marked busy meanwhile.
    fn mid<G: SolverGame<Move = M>>(
        &mut self,
        game: &mut G,
        key: u64,
        th_pn: u32,
        th_dn: u32,
        depth: usize,
    ) -> ProofNumbers {
        let Some(busy) = self.busy else {
            return self.mid_unmarked(game, key, th_pn, th_dn, depth);
        };
        let marked = busy.enter(key);
        let value = self.mid_unmarked(game, key, th_pn, th_dn, depth);
        if marked {
            busy.leave(key);
        }
        value
    }

    fn mid_unmarked<G: SolverGame<Move = M>>(
        &mut self,
        game: &mut G,
        key: u64,
        th_pn: u32,
        th_dn: u32,
        depth: usize,
    ) -> ProofNumbers {
        let known = if depth == 0 {
            None
        } else {
            self.table.probe(key)
        };
        if let Some(v) = known {
            if v.is_proven() {
                return v;
            }
        }
        if !self.counter.visit(self.control) {
            return known.unwrap_or(ProofNumbers::UNKNOWN);
        }
        let start = self.counter.total;
        // A position with an unproven table entry was visited before, so
        // its static evaluation decided nothing.
        if known.is_none() {
            if let Some(outcome) = game.evaluate() {
                let value = ProofNumbers::proven(outcome);
                self.table.store(key, value, 1);
                return value;
            }
            if let Some(estimate) = self.lazy_numbers(game, th_pn, th_dn) {
                self.table.store(key, estimate, 1);
                return estimate;
            }
        }
        let mut children = self.expand(game, depth);
        if children.is_empty() {
            self.spare.push(children);
            self.table.store(key, ProofNumbers::LOSS, 1);
            return ProofNumbers::LOSS;
        }

        let mut value;
        // The children's numbers are read from the table on the first pass
        // and then kept here, each updated by its own search. With one
        // thread nothing else writes them meanwhile (in an acyclic game a
        // sibling is reached below this node only through a transposition,
        // and a stale number costs speed, never correctness); other threads
        // do, so with several the table is read on every pass.
        let mut first_pass = true;
        loop {
            if first_pass || self.busy.is_some() {
                self.table.touch(children.iter().map(|c| c.key));
                for child in &mut children {
                    if !child.value.is_proven() {
                        if let Some(v) = self.table.probe(child.key) {
                            child.value = v;
                        }
                    }
                }
                first_pass = false;
            }
            let mut pn_sum = 0;
            let mut pn_max = 0;
            let mut open: u32 = 0;
            let mut best = 0;
            let mut dn1 = INF;
            let mut dn2 = INF;
            for (i, child) in children.iter().enumerate() {
                pn_sum = pn_add(pn_sum, child.value.pn);
                if child.value.pn != 0 {
                    open += 1;
                    pn_max = pn_max.max(child.value.pn);
                }
                if child.value.dn < dn1 {
                    dn2 = dn1;
                    dn1 = child.value.dn;
                    best = i;
                } else if child.value.dn < dn2 {
                    dn2 = child.value.dn;
                }
            }
            let weak = depth >= self.weak_pn_from;
            // With weak proof numbers `dn = pn_max + open - 1`: 0 exactly
            // when every child is won for its mover, as the sum is.
            let others = open.saturating_sub(1);
            value = ProofNumbers {
                pn: dn1,
                dn: if weak { pn_add(pn_max, others) } else { pn_sum },
            };
            if depth == 0 && self.rank == 0 {
                self.control.set_root(value);
            }
            if value.pn >= th_pn || value.dn >= th_dn || self.control.stopped() {
                break;
            }
            let mut child_th_dn = th_pn.min(self.dn_threshold(dn2));
            if depth == 0 && self.rank > 0 {
                (best, child_th_dn) = self.helper_root_choice(&children);
            } else if let Some(alt) = self.avoid_busy(&children, best, th_pn) {
                best = alt;
                child_th_dn = th_pn.min(self.dn_threshold(children[alt].value.dn));
            }
            let child = &children[best];
            // The child's proof threshold: where this node's disproof
            // number reaches `th_dn` (with weak numbers, once the child's
            // proof number is the largest and reaches `th_dn - others`).
            let child_th_pn = if weak {
                u64::from(th_dn) - u64::from(others)
            } else {
                u64::from(th_dn) - u64::from(value.dn) + u64::from(child.value.pn)
            };
            let child_th_pn = u32::try_from(child_th_pn).unwrap_or(INF);
            let (mv, child_key) = (child.mv, child.key);
            game.play(mv);
            let v = self.mid(game, child_key, child_th_pn, child_th_dn, depth + 1);
            game.undo(mv);
            children[best].value = v;
        }
        if value.pn == 0 {
            let winning = children.iter().find(|c| c.value.dn == 0).map(|c| c.mv);
            if depth == 0 {
                self.best_root_move = winning;
            }
            if self.killers.len() <= depth {
                self.killers.resize(depth + 1, [None, None]);
            }
            let k = &mut self.killers[depth];
            if k[0] != winning {
                k[1] = k[0];
                k[0] = winning;
            }
        }
        self.spare.push(children);
        self.table.store(key, value, self.counter.total - start + 1);
        value
    }

    /// Lazy expansion: the game's estimate of the numbers of an unsearched
    /// `game` ([`SolverGame::lazy_numbers`]) if it reaches a threshold, so
    /// that the position need not be expanded now (with Nagai's `1, 1`,
    /// an expansion on the first visit usually only finds that the
    /// position has more moves than its disproof threshold). The position
    /// is expanded on its next visit, with looser thresholds.
    fn lazy_numbers<G: SolverGame<Move = M>>(
        &self,
        game: &G,
        th_pn: u32,
        th_dn: u32,
    ) -> Option<ProofNumbers> {
        if !self.lazy_expansion {
            return None;
        }
        game.lazy_numbers()
            .filter(|estimate| estimate.pn >= th_pn || estimate.dn >= th_dn)
    }

    /// The children of `game` (see [`distinct_children`]), with the initial
    /// numbers of an unsearched position, [`SolverGame::initial_numbers`]
    /// (the loop in `mid` then reads those the table holds), in a list
    /// taken from `spare`.
    ///
    /// [`distinct_children`]: super::game::distinct_children
    fn expand<G: SolverGame<Move = M>>(&mut self, game: &mut G, depth: usize) -> Vec<Child<M>> {
        let mut children = self.spare.pop().unwrap_or_default();
        self.buffers
            .collect(game, &mut children, |game, mv, key| Child {
                mv,
                key,
                value: game.initial_numbers_after(mv),
            });
        for killer in self
            .killers
            .get(depth)
            .copied()
            .unwrap_or_default()
            .into_iter()
            .rev()
            .flatten()
        {
            if let Some(i) = children.iter().position(|c| c.mv == killer) {
                children[..=i].rotate_right(1);
            }
        }
        children
    }

    /// With several threads: if another thread is searching below the
    /// chosen child `best`, an undecided child no thread is in, whose
    /// disproof number is at most twice `best`'s and below `th_pn` (so that
    /// searching it makes progress within this node's thresholds).
    fn avoid_busy(&self, children: &[Child<M>], best: usize, th_pn: u32) -> Option<usize> {
        let busy = self.busy?;
        if !busy.contains(children[best].key) {
            return None;
        }
        let limit = children[best].value.dn.saturating_mul(2).min(th_pn - 1);
        children
            .iter()
            .enumerate()
            .filter(|&(i, c)| {
                i != best && !c.value.is_proven() && c.value.dn <= limit && !busy.contains(c.key)
            })
            .min_by_key(|&(_, c)| c.value.dn)
            .map(|(i, _)| i)
    }

    /// For a helper thread at the root: the undecided child of rank
    /// `self.rank` by disproof number (or the last one), and its disproof
    /// threshold from the next child in that ranking.
    fn helper_root_choice(&self, children: &[Child<M>]) -> (usize, u32) {
        let mut open: Vec<(u32, usize)> = children
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.value.is_proven())
            .map(|(i, c)| (c.value.dn, i))
            .collect();
        open.sort_unstable();
        // The root is undecided, so some child is.
        let pick = self.rank.min(open.len() - 1);
        let next = open.get(pick + 1).map_or(INF, |&(dn, _)| dn);
        (open[pick].1, self.dn_threshold(next))
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use crate::search::toy::Nim;

    const FLUSH_NODES_FOR_TEST: u64 = 2 * crate::search::control::FLUSH_NODES;

    /// A set stop flag ends a solve (an interrupt); without it the
    /// same solve proves the verdict Bouton's rule gives (heaps 3, 5, 7
    /// have nim-sum 1: a win for the player to move).
    #[test]
    fn a_set_stop_flag_ends_the_solve() {
        let game = Nim::new(&[3, 5, 7]);
        let mut solver = DfpnSolver::new(DfpnConfig::default()).unwrap();
        let flag = StopFlag::new();
        flag.stop();
        solver.set_stop(Some(flag));
        let stopped = solver.solve(&game);
        assert_eq!(stopped.verdict, Verdict::Unknown(Limit::Interrupt));
        assert!(stopped.nodes <= FLUSH_NODES_FOR_TEST);
        solver.set_stop(Some(StopFlag::new()));
        solver.clear();
        let r = solver.solve(&game);
        assert_eq!(r.verdict, Verdict::Proven(WinLoss::Win));
    }
}
