//! Alpha-beta (negamax, fail-soft) over edge sets, on the value "boxes the
//! player to move takes minus boxes the opponent takes, over the remaining
//! boxes" (Barker & Korf 2012, "Problem Overview": the optimal strategy depends only
//! on the unscored state). A move that completes a box moves again.
//!
//! Per node: chain preprocessing ([`crate::chains`]), then the
//! transposition table ([`super::tt`]) keyed by the canonical edge set
//! (board symmetries and ground strings, [`super::geometry`]), then
//! enhanced transposition cutoffs from the children's entries (whose bounds
//! also value the children they decide, without a call), then the moves in
//! centre-out order with third-edge moves last (move classes as edge-set
//! masks, iterated through a table of centre-out ranks). The root value
//! comes from MTD(f)-style null-window searches that step by two, since the
//! value always has the parity of the number of remaining boxes.
//!
//! Keys: the edge set is ground-normalised once and its images under the
//! board symmetries are taken with byte tables; the images are kept so that
//! a child's key costs one permuted bit per symmetry (incremental keys).
//! Several threads can share the table (lazy SMP, see [`Solver`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cgt::budget::{Limit, Limits, SharedMeter, StopFlag};

use super::geometry::Geometry;
use super::loony;
use super::options::Options;
use super::sc_key;
use super::tt::{Table, TableAllocError, CHECK_BITS, UNKNOWN_HI, UNKNOWN_LO};
use crate::chains;
use crate::geometry::GROUND;
use crate::{Board, Edge, Position};

/// Quiet nodes with fewer undrawn edges than this are neither looked up in
/// the table nor stored: their subtrees are smaller than a cache miss (on
/// 2x5 and 3x4 the node counts are the same as with every node stored).
const TT_MIN_UNDRAWN: u8 = 6;

/// Enhanced transposition cutoffs are tried only at nodes with at least
/// this many undrawn edges; below, they cost more probes than they save
/// (3x4: 4,070,104 nodes with this bound, 4,068,453 with none).
const ETC_MIN_UNDRAWN: u8 = 10;

/// The value of a position and all its optimal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Boxes the player to move takes minus boxes the opponent takes, over
    /// the remaining boxes, under optimal play.
    pub value: i32,
    /// Every move that achieves the value, in increasing edge order.
    pub best_moves: Vec<Edge>,
    /// Nodes searched for this answer.
    pub nodes: u64,
}

/// The value of a position and of each of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value of the position (the best of the moves' values).
    pub value: i32,
    /// Every legal move, in increasing edge order, with the value of the
    /// position for the player who makes it if both play optimally after it
    /// (counting the boxes the move itself completes).
    pub moves: Vec<(Edge, i32)>,
    /// Nodes searched for this answer.
    pub nodes: u64,
}

/// A search stopped by a limit before it finished: what it had established.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The limit that stopped it.
    pub limit: Limit,
    /// The root value is at least this ...
    pub lower: i32,
    /// ... and at most this (both with the parity of the remaining boxes).
    pub upper: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// A progress report of a long search, given to the progress hook (see
/// [`Solver::set_progress`]) about every `interval`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Nodes searched so far by the reporting thread.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The bounds on the root value known so far (in an analysis, from
    /// the moves valued so far: the best of them, and the remaining boxes
    /// until every move is valued).
    pub lower: i32,
    /// See `lower`.
    pub upper: i32,
    /// In an analysis ([`Solver::analyze`]): the moves valued so far and
    /// the legal moves. `None` in a search for the value.
    pub moves: Option<(usize, usize)>,
}

/// How far an analysis is, for its progress reports.
struct Valued {
    /// Moves valued so far.
    count: AtomicUsize,
    /// The best of their values (`i32::MIN` before the first).
    best: AtomicI32,
    /// Legal moves.
    total: usize,
    /// The position's remaining boxes.
    remaining: i32,
}

/// A callback for progress reports, called from the main search thread.
pub type ProgressHook = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Nodes a thread counts between two additions to the search's
/// [`SharedMeter`] (and looks at its limits).
const CHECK_NODES: u64 = 0x400;

/// Counters of one solver's work (since it was made).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Calls of the search function, including nodes only passed through
    /// by chain preprocessing.
    pub nodes: u64,
    /// Nodes with no capturable box (after preprocessing).
    pub quiet: u64,
    /// Quiet nodes found in the table.
    pub table_hits: u64,
    /// Quiet nodes valued as simple loony endgames.
    pub loony: u64,
    /// Quiet nodes whose moves were searched.
    pub expanded: u64,
    /// Expanded nodes cut off before their last move.
    pub cutoffs: u64,
    /// Of those, cut off by the first move tried.
    pub first_move_cutoffs: u64,
    /// Quiet nodes cut off by a child's table entry before any search
    /// (enhanced transposition cutoffs).
    pub etc_cutoffs: u64,
    /// Table probes made for enhanced transposition cutoffs.
    pub etc_probes: u64,
    /// Children valued by the entry an enhanced-transposition-cutoff probe
    /// found, without a call of the search (not counted in `nodes`).
    pub etc_values: u64,
    /// Quiet nodes looked up by their Strings-and-Coins key (after a miss
    /// in the table of edge sets).
    pub sc_probes: u64,
    /// Of those, found in the Strings-and-Coins table.
    pub sc_hits: u64,
}

/// The images of an edge set under the symmetries the keys use: index 0
/// the identity, `s + 1` for `Geometry::symmetries[s]`, and the identity's
/// again up to index 7; ground-normalised when the corner symmetry is on.
#[derive(Debug, PartialEq, Eq)]
struct Images {
    sets: [u64; 8],
    count: usize,
    /// The set itself, ground-normalised when the corner symmetry is on.
    normalised: u64,
}

impl Images {
    /// The least image (the canonical key) and its symmetry index.
    fn key(&self) -> (u64, usize) {
        let mut best = (self.sets[0], 0);
        for s in 1..self.count {
            if self.sets[s] < best.0 {
                best = (self.sets[s], s);
            }
        }
        best
    }
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.quiet += o.quiet;
        self.table_hits += o.table_hits;
        self.loony += o.loony;
        self.expanded += o.expanded;
        self.cutoffs += o.cutoffs;
        self.first_move_cutoffs += o.first_move_cutoffs;
        self.etc_cutoffs += o.etc_cutoffs;
        self.etc_probes += o.etc_probes;
        self.etc_values += o.etc_values;
        self.sc_probes += o.sc_probes;
        self.sc_hits += o.sc_hits;
    }
}

/// An exact solver for one board size. Keeps its transposition table
/// between calls.
///
/// With [`Options::threads`] above one, the solver has helpers that share
/// its table ("lazy SMP"): every null-window test is searched by all
/// threads at once, the helpers with a slightly different move order so
/// that they fill the table with entries the main search will want; the
/// first thread to finish gives the answer and the others stop (without
/// storing anything from the unfinished search). Every thread's answer is
/// exact, so the value never depends on the number of threads; the node
/// counts do.
pub struct Solver {
    geo: Arc<Geometry>,
    opts: Options,
    /// For each edge, its bit in each image of [`Images`] (the symmetry's
    /// permutation of it; the identity's in the padding).
    child_bits: Vec<[u64; 8]>,
    /// Per number of undrawn edges, the safe children of the node being
    /// searched at that depth (a node's descendants have fewer undrawn
    /// edges, so no two live nodes share a frame).
    frames: Vec<Frame>,
    table: Arc<Table>,
    /// The Strings-and-Coins table ([`Options::sc_keys`]).
    sc_table: Option<Arc<Table>>,
    /// The keys of that table (with their cache).
    sc_keys: sc_key::Keys,
    /// Other threads' solvers (empty with one thread).
    helpers: Vec<Solver>,
    /// 0 for the main thread, `i` for helper `i` (which varies the order).
    variant: usize,
    /// Set when one thread has finished the current test.
    stop: Arc<AtomicBool>,
    /// Whether this thread saw `stop` and is unwinding.
    aborted: bool,
    stats: Stats,
    started: Instant,
    last_report: Instant,
    window: (i32, i32),
    /// The limits of the current search (shared with the helpers).
    control: Arc<SharedMeter>,
    progress: Option<(ProgressHook, Duration)>,
    /// During an analysis, on the main thread: how far it is.
    valued: Option<Arc<Valued>>,
    /// Stops the searches early when set ([`Limit::Interrupt`]).
    external_stop: Option<StopFlag>,
    loony_memo: HashMap<Vec<u8>, i32>,
    /// Slots of the table this solver filled since it last grew.
    filled: usize,
    /// The same for the Strings-and-Coins table.
    sc_filled: usize,
}

impl Solver {
    /// A solver for positions on `board`. With one thread the table starts
    /// small and grows to `opts.tt_mb`; with more it takes all of it now.
    ///
    /// # Panics
    /// If the table cannot be allocated (see [`Solver::try_new`]).
    pub fn new(board: Board, opts: Options) -> Solver {
        Solver::try_new(board, opts).expect("the transposition table fits in memory")
    }

    /// [`Solver::new`], or an error if the table cannot be allocated.
    ///
    /// # Errors
    /// [`TableAllocError`] naming the memory the table needs.
    pub fn try_new(board: Board, mut opts: Options) -> Result<Solver, TableAllocError> {
        let threads = opts.threads.max(1);
        let geo = Arc::new(Geometry::new(board));
        let num_edges = board.num_edges() as u32;
        let sc_keys = opts.sc_keys_on(board);
        // What [`Solver::options`] tells: the switch as decided.
        opts.sc_keys = Some(sc_keys);
        let edges_mb = if sc_keys { opts.tt_mb / 2 } else { opts.tt_mb };
        let table = Arc::new(Table::new(
            edges_mb,
            threads == 1,
            num_edges,
            opts.compact_tt,
        )?);
        // Keys of 64 bits and a check: wide entries.
        let sc_table = sc_keys
            .then(|| Table::new(opts.tt_mb - edges_mb, threads == 1, 64, false).map(Arc::new))
            .transpose()?;
        let stop = Arc::new(AtomicBool::new(false));
        let tables = (&table, &sc_table);
        let mut main = Solver::worker(&geo, tables, &stop, opts, 0);
        main.helpers = (1..threads)
            .map(|i| Solver::worker(&geo, tables, &stop, opts, i))
            .collect();
        Ok(main)
    }

    fn worker(
        geo: &Arc<Geometry>,
        (table, sc_table): (&Arc<Table>, &Option<Arc<Table>>),
        stop: &Arc<AtomicBool>,
        opts: Options,
        variant: usize,
    ) -> Solver {
        let now = Instant::now();
        Solver {
            geo: Arc::clone(geo),
            opts,
            child_bits: child_bits(geo, opts),
            frames: vec![Frame::default(); 65],
            table: Arc::clone(table),
            sc_table: sc_table.clone(),
            sc_keys: sc_key::Keys::default(),
            helpers: Vec::new(),
            variant,
            stop: Arc::clone(stop),
            aborted: false,
            stats: Stats::default(),
            started: now,
            last_report: now,
            window: (0, 0),
            control: Arc::new(SharedMeter::new(Limits::NONE, None)),
            progress: None,
            valued: None,
            external_stop: None,
            loony_memo: HashMap::new(),
            filled: 0,
            sc_filled: 0,
        }
    }

    /// The options in use ([`Options::sc_keys`] decided for the board).
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Reports progress to `hook` about every `interval` during searches
    /// (`None`: no reports, the default).
    pub fn set_progress(&mut self, hook: Option<ProgressHook>, interval: Duration) {
        self.progress = hook.map(|h| (h, interval));
    }

    /// Stops the next searches early when `flag` is set (they end as if
    /// the time limit were reached); `None`: no such flag, the default.
    pub fn set_stop(&mut self, flag: Option<StopFlag>) {
        self.external_stop = flag;
    }

    /// Bytes of memory taken by the transposition tables.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes() + self.sc_table.as_ref().map_or(0, |t| t.bytes())
    }

    /// Counters of the work done since the solver was made (by all its
    /// threads).
    pub fn stats(&self) -> Stats {
        let mut total = self.stats;
        for h in &self.helpers {
            total.add(&h.stats);
        }
        total
    }

    /// A null-window (or any-window) test of `edges` at the root, by all
    /// threads: the fail-soft result of the first to finish.
    /// `None` if a limit stopped it.
    fn test(&mut self, edges: u64, side: u8, alpha: i32, beta: i32) -> Option<i32> {
        if self.helpers.is_empty() {
            let v = self.search(edges, side, alpha, beta);
            let finished = !self.aborted;
            self.aborted = false;
            return finished.then_some(v);
        }
        self.stop.store(false, Relaxed);
        let stop = Arc::clone(&self.stop);
        let (main, helpers) = (self, &mut Vec::new());
        std::mem::swap(helpers, &mut main.helpers);
        let first = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .map(|h| {
                    let stop = &stop;
                    scope.spawn(move || {
                        h.aborted = false;
                        let v = h.search(edges, side, alpha, beta);
                        let finished = !h.aborted;
                        stop.store(true, Relaxed);
                        finished.then_some(v)
                    })
                })
                .collect();
            main.aborted = false;
            let v = main.search(edges, side, alpha, beta);
            let mine = (!main.aborted).then_some(v);
            stop.store(true, Relaxed);
            let theirs: Vec<Option<i32>> = handles
                .into_iter()
                .map(|h| h.join().expect("a helper thread panicked"))
                .collect();
            mine.or_else(|| theirs.into_iter().flatten().next())
        });
        std::mem::swap(helpers, &mut main.helpers);
        main.aborted = false;
        // No thread finished only when a limit stopped them all.
        first
    }

    fn start(&mut self, pos: &Position, limits: Limits) -> u64 {
        assert_eq!(
            pos.board(),
            self.geo.boxes.board,
            "position is for another board than the solver"
        );
        self.started = Instant::now();
        self.last_report = self.started;
        self.stop.store(false, Relaxed);
        self.control = Arc::new(SharedMeter::new(limits, self.external_stop.as_ref()));
        // A helper that lost the last race is still marked stopped; every
        // search starts clean (an analysis searches with each helper alone).
        self.aborted = false;
        for h in &mut self.helpers {
            h.control = Arc::clone(&self.control);
            h.aborted = false;
        }
        self.stats().nodes
    }

    /// What a search stopped by a limit had established.
    fn interrupted(&self, before: u64, (lower, upper): (i32, i32)) -> Interrupted {
        Interrupted {
            limit: self.control.limit().unwrap_or(Limit::Time),
            lower,
            upper,
            nodes: self.stats().nodes - before,
        }
    }

    /// The value of `pos` (see [`Solution::value`]), unless `limits` stop
    /// the search first. With [`Limits::NONE`] and no stop flag
    /// ([`Solver::set_stop`]) it always finishes.
    ///
    /// # Errors
    /// [`Interrupted`], with the bounds on the value established so far.
    ///
    /// # Panics
    /// If `pos` is on another board than the solver's.
    pub fn value(&mut self, pos: &Position, limits: Limits) -> Result<i32, Interrupted> {
        let before = self.start(pos, limits);
        self.exact(pos.edges().0)
            .map_err(|bounds| self.interrupted(before, bounds))
    }

    /// Bounds on the value of `pos` that decide the window `(alpha, beta)`
    /// (both excluded): the value itself when it lies strictly inside, else
    /// a bound showing it is at most `alpha` or at least `beta` (the other
    /// end no tighter than the search found it). The same null-window tests
    /// as [`Solver::value`], but only those inside the window, so a parent
    /// that needs only "is this move worth at least t?" pays one or two
    /// tests instead of an exact value (a plan's shards, see crate
    /// `databases`). `(i32::MIN, i32::MAX)` is [`Solver::value`].
    ///
    /// # Errors
    /// [`Interrupted`], with the bounds established so far.
    ///
    /// # Panics
    /// If `pos` is on another board than the solver's.
    pub fn value_within(
        &mut self,
        pos: &Position,
        (alpha, beta): (i32, i32),
        limits: Limits,
    ) -> Result<(i32, i32), Interrupted> {
        let before = self.start(pos, limits);
        self.within(pos.edges().0, alpha, beta)
            .map_err(|bounds| self.interrupted(before, bounds))
    }

    /// The value of `pos` and all moves that achieve it, unless `limits`
    /// stop the search first (see [`Solver::value`]).
    ///
    /// # Errors
    /// [`Interrupted`], with the bounds on the value established so far.
    ///
    /// # Panics
    /// If `pos` is on another board than the solver's.
    pub fn solve(&mut self, pos: &Position, limits: Limits) -> Result<Solution, Interrupted> {
        let before = self.start(pos, limits);
        let edges = pos.edges().0;
        let value = self
            .exact(edges)
            .map_err(|bounds| self.interrupted(before, bounds))?;
        let mut best_moves = Vec::new();
        for m in pos.legal_moves().iter() {
            let child = edges | m.bit();
            let gain = self.geo.boxes.completes(edges, m.index()) as i32;
            let good = if gain > 0 {
                self.test(child, 0, value - gain - 1, value - gain)
                    .map(|v| v >= value - gain)
            } else {
                self.test(child, 1, -value, -value + 1).map(|v| v <= -value)
            };
            match good {
                Some(true) => best_moves.push(m),
                Some(false) => {}
                None => return Err(self.interrupted(before, (value, value))),
            }
        }
        Ok(Solution {
            value,
            best_moves,
            nodes: self.stats().nodes - before,
        })
    }

    /// The value of `pos` and of every legal move, unless `limits` stop the
    /// search first (see [`Solver::value`]). Each move's value is found
    /// exactly, and the position's is the best of them (searching the
    /// position first as well costs more: on four 5x5 positions with 40
    /// and 42 undrawn edges, 1 to 8 % more nodes in all). With
    /// [`Options::threads`] above one the moves are shared out among the
    /// threads, each searching its moves alone in the common table, instead
    /// of all threads searching each test (lazy SMP): the moves are
    /// independent, so the threads rarely wait.
    ///
    /// # Errors
    /// [`Interrupted`], with the bounds on the position's value established
    /// so far (from the moves valued and those being valued).
    ///
    /// # Panics
    /// If `pos` is on another board than the solver's.
    pub fn analyze(&mut self, pos: &Position, limits: Limits) -> Result<Analysis, Interrupted> {
        let before = self.start(pos, limits);
        let edges = pos.edges().0;
        let legal: Vec<Edge> = pos.legal_moves().iter().collect();
        if legal.is_empty() {
            return Ok(Analysis {
                value: 0,
                moves: Vec::new(),
                nodes: 0,
            });
        }
        let found = self.value_moves(edges, &legal);
        let (mut lower, mut upper) = (i32::MIN, i32::MIN);
        let mut moves = Vec::with_capacity(legal.len());
        for (&m, v) in legal.iter().zip(&found) {
            let (lo, hi) = match *v {
                Ok(v) => {
                    moves.push((m, v));
                    (v, v)
                }
                Err(bounds) => bounds,
            };
            lower = lower.max(lo);
            upper = upper.max(hi);
        }
        if moves.len() < legal.len() {
            return Err(self.interrupted(before, (lower, upper)));
        }
        Ok(Analysis {
            value: lower,
            moves,
            nodes: self.stats().nodes - before,
        })
    }

    /// The exact value of each move of `legal` from `edges` for the player
    /// who makes it, or bounds on it where a limit stopped the search (the
    /// remaining boxes' for a move not reached); shared out among the
    /// threads when there are helpers (see [`Solver::analyze`]).
    fn value_moves(&mut self, edges: u64, legal: &[Edge]) -> Vec<Result<i32, (i32, i32)>> {
        let r = self.remaining(edges);
        let results: Vec<std::sync::Mutex<Result<i32, (i32, i32)>>> = legal
            .iter()
            .map(|_| std::sync::Mutex::new(Err((-r, r))))
            .collect();
        let next = AtomicUsize::new(0);
        let valued = Arc::new(Valued {
            count: AtomicUsize::new(0),
            best: AtomicI32::new(i32::MIN),
            total: legal.len(),
            remaining: r,
        });
        let work = |solver: &mut Solver| loop {
            let i = next.fetch_add(1, Relaxed);
            let Some(m) = legal.get(i) else {
                return;
            };
            let child = edges | m.bit();
            let gain = solver.geo.boxes.completes(edges, m.index()) as i32;
            let v = match solver.exact(child) {
                Ok(v) if gain > 0 => Ok(gain + v),
                Ok(v) => Ok(-v),
                Err((lo, hi)) if gain > 0 => Err((gain + lo, gain + hi)),
                Err((lo, hi)) => Err((-hi, -lo)),
            };
            let stopped = v.is_err();
            if let Ok(v) = v {
                valued.best.fetch_max(v, Relaxed);
                valued.count.fetch_add(1, Relaxed);
            }
            *results[i].lock().unwrap_or_else(|e| e.into_inner()) = v;
            if stopped {
                // A limit stops every thread (see `search_from`).
                return;
            }
        };
        // Each thread searches alone: the helpers are lent out for the
        // while (see `test`).
        let mut helpers = std::mem::take(&mut self.helpers);
        self.valued = Some(Arc::clone(&valued));
        std::thread::scope(|scope| {
            for h in &mut helpers {
                scope.spawn(|| work(h));
            }
            work(self);
        });
        self.valued = None;
        self.helpers = helpers;
        results
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    }

    fn remaining(&self, edges: u64) -> i32 {
        (self.geo.boxes.box_mask.len() as u32 - self.geo.boxes.completed(edges)) as i32
    }

    /// The exact value of the edge set `edges`, or the bounds established when a
    /// limit stopped the search.
    fn exact(&mut self, edges: u64) -> Result<i32, (i32, i32)> {
        self.within(edges, i32::MIN, i32::MAX).map(|(lo, _)| lo)
    }

    /// Bounds on the value of `edges` that decide the window `(alpha,
    /// beta)` (see [`Solver::value_within`]), or the bounds established
    /// when a limit stopped the search.
    fn within(&mut self, edges: u64, alpha: i32, beta: i32) -> Result<(i32, i32), (i32, i32)> {
        let r = self.remaining(edges);
        let (mut lo, mut hi) = (-r, r);
        let decided = |lo: i32, hi: i32| lo == hi || lo >= beta || hi <= alpha;
        if !self.opts.mtd {
            self.window = (lo, hi);
            let (a, b) = (alpha.max(-r - 1), beta.min(r + 1));
            let v = self.test(edges, 0, a, b).ok_or((lo, hi))?;
            return Ok(if v <= a {
                (lo, v)
            } else if v >= b {
                (v, hi)
            } else {
                (v, v)
            });
        }
        // The value has the parity of r; test "value >= t" until the bounds
        // meet or decide the window. The first test asks whether the
        // player to move gets a tie, or loses by at most one box when r is
        // odd: values are mostly small, and odd boards mostly go to the
        // second player (1xN for odd N: -1, 3x3: -3, 3x5: -1), so the first
        // test starts next to the value (on 3x3: 78,357 nodes instead of
        // 94,516 from "value >= 1"); in a narrower window, inside it.
        let mut t = (-(r % 2)).clamp(alpha.saturating_add(1), beta.max(alpha.saturating_add(1)));
        while !decided(lo, hi) {
            self.window = (lo, hi);
            t = t.clamp(lo + 1, hi);
            let v = self.test(edges, 0, t - 1, t).ok_or((lo, hi))?;
            if v >= t {
                lo = v + (v - r).rem_euclid(2);
                t = lo + 1;
            } else {
                hi = v - (v - r).rem_euclid(2);
                t = hi;
            }
        }
        Ok((lo, hi))
    }

    /// The images of `edges` under the symmetries the keys use (see
    /// [`Images`]).
    fn images(&self, edges: u64) -> Images {
        let geo = &self.geo;
        let mut im = Images {
            sets: [0; 8],
            count: 1,
            normalised: edges,
        };
        if self.opts.corners {
            // Normalise once; the grounded symmetries keep sets normalised.
            im.normalised = geo.normalise_ground(edges);
        }
        im.sets = [im.normalised; 8];
        if self.opts.symmetry {
            for s in 0..geo.symmetries.len() {
                im.sets[s + 1] = if self.opts.corners {
                    geo.apply_grounded(s, im.normalised)
                } else {
                    geo.apply(s, edges)
                };
            }
            im.count += geo.symmetries.len();
        }
        im
    }

    /// The edge that the undrawn edge `m` of a set with images `im` is in
    /// the normalised set: itself, or a ground string's box's next border
    /// edge with the corner symmetry.
    fn normalised_edge(&self, im: &Images, m: u8) -> u8 {
        match self.geo.ground_of_edge[usize::from(m)] {
            Some(g) if self.opts.corners => {
                (self.geo.ground[g].0 & !im.normalised).trailing_zeros() as u8
            }
            _ => m,
        }
    }

    /// The key of `edges` plus the undrawn edge `m`, from the images of `edges`:
    /// one permuted bit per symmetry (incremental keys). The least of the
    /// sets [`Solver::child_images`] makes, without making them (this is
    /// the hot path of the enhanced transposition cutoffs).
    fn child_key(&self, im: &Images, m: u8) -> u64 {
        let bits = &self.child_bits[usize::from(self.normalised_edge(im, m))];
        im.sets
            .iter()
            .zip(bits)
            .fold(u64::MAX, |key, (set, bit)| key.min(set | bit))
    }

    /// The images of `edges` plus the undrawn edge `m`, from those of
    /// `edges` (each symmetry is a permutation of the edges, and the
    /// grounded ones keep sets normalised).
    fn child_images(&self, im: &Images, m: u8) -> Images {
        let m = self.normalised_edge(im, m);
        let bits = &self.child_bits[usize::from(m)];
        let mut child = Images {
            sets: im.sets,
            count: im.count,
            normalised: im.normalised | 1 << m,
        };
        for (set, bit) in child.sets.iter_mut().zip(bits) {
            *set |= bit;
        }
        child
    }

    /// The ranks in the move order (bit `r` for the `r`-th edge tried) of an
    /// edge set.
    fn ranks(&self, set: u64) -> u64 {
        if self.opts.centre_out {
            self.geo.centre_out_ranks(set)
        } else {
            set
        }
    }

    /// The edge of rank `r` in the move order.
    fn edge_at(&self, r: u8) -> u8 {
        if self.opts.centre_out {
            self.geo.centre_out[usize::from(r)]
        } else {
            r
        }
    }

    /// The edge permutations that go with the keys (see [`Solver::images`]).
    fn perms(&self) -> &[(Vec<u8>, Vec<u8>)] {
        key_perms(&self.geo, self.opts)
    }

    /// A stored best move (in key coordinates) as a move of `edges`.
    fn move_from_key(&self, edges: u64, sym: usize, stored: u8) -> Option<u8> {
        let geo = &self.geo;
        let m = *self.perms()[sym].1.get(usize::from(stored))?;
        let free = !edges & geo.boxes.full;
        match geo.ground_of_edge[usize::from(m)] {
            // Ground strings of one box are interchangeable: the candidate
            // is the lowest undrawn one.
            Some(g) if self.opts.corners => {
                let u = geo.ground[g].0 & free;
                (u != 0).then(|| u.trailing_zeros() as u8)
            }
            _ => (free >> m & 1 == 1).then_some(m),
        }
    }

    fn report(&mut self) {
        let Some((hook, interval)) = &self.progress else {
            return;
        };
        let now = Instant::now();
        if now - self.last_report >= *interval {
            self.last_report = now;
            let (lower, upper, moves) = match &self.valued {
                // The window is that of the move being valued: report the
                // position's bounds from the moves valued.
                Some(a) => {
                    let count = a.count.load(Relaxed);
                    let best = a.best.load(Relaxed).max(-a.remaining);
                    let upper = if count == a.total { best } else { a.remaining };
                    (best, upper, Some((count, a.total)))
                }
                None => (self.window.0, self.window.1, None),
            };
            hook(&Progress {
                nodes: self.stats.nodes,
                elapsed: now - self.started,
                lower,
                upper,
                moves,
            });
        }
    }

    /// Fail-soft negamax: the value of `edges` for the player to move if it lies
    /// in (alpha, beta), else a bound on the side the window was left.
    /// `side` (0 or 1) only matters to the partial-table ablation.
    fn search(&mut self, edges: u64, side: u8, alpha: i32, beta: i32) -> i32 {
        self.search_from(edges, side, alpha, beta, None)
    }

    /// [`Solver::search`], given the images of `edges` ([`Solver::images`])
    /// when the caller has them: the child of a safe move of a quiet node,
    /// quiet itself.
    fn search_from(
        &mut self,
        edges: u64,
        side: u8,
        mut alpha: i32,
        mut beta: i32,
        given: Option<Images>,
    ) -> i32 {
        self.stats.nodes += 1;
        if self.stats.nodes % CHECK_NODES == 0 {
            if self.stats.nodes & 0xffff == 0 {
                self.report();
            }
            if self.control.add(CHECK_NODES) {
                // Stop every thread of this search.
                self.stop.store(true, Relaxed);
            }
            // Set while threads race on one test (see `test`), or by a limit.
            self.aborted |= self.stop.load(Relaxed) || self.control.limit().is_some();
        }
        if self.aborted {
            return 0;
        }
        let geo = &self.geo;
        if edges == geo.boxes.full {
            return 0;
        }
        let mut degrees = None;
        // A safe move's child (given its images) is quiet: nothing to
        // capture.
        if self.opts.chains && given.is_none() {
            let red = chains::reduce(&geo.boxes, edges);
            degrees = Some(red.degrees);
            if red.choices != 0 {
                // Chains that meet: take the first coin of one of them.
                let (g, s) = (red.gained + 1, red.rest);
                let mut best = i32::MIN;
                let mut choices = red.choices;
                while choices != 0 {
                    let m = choices.trailing_zeros();
                    choices &= choices - 1;
                    let a = alpha.max(best);
                    let v = g + self.search(s | 1 << m, side, a - g, beta - g);
                    best = best.max(v);
                    if best >= beta {
                        break;
                    }
                }
                return best;
            }
            if red.gained != 0 || red.handout.is_some() {
                let (g, s) = (red.gained, red.rest);
                return match red.handout {
                    None => g + self.search(s, side, alpha - g, beta - g),
                    // At least g ([`Options::handout_bound`]).
                    Some(_) if g >= beta && self.opts.handout_bound => g,
                    Some(k) => {
                        // Take all: gain k and move again in s.
                        let take = g + k + self.search(s, side, alpha - g - k, beta - g - k);
                        if take >= beta {
                            return take;
                        }
                        // Hand out: the opponent gains k and moves in s.
                        let a = alpha.max(take);
                        let decline =
                            g - k - self.search(s, side ^ 1, -(beta - g + k), -(a - g + k));
                        take.max(decline)
                    }
                };
            }
        }
        self.stats.quiet += 1;
        debug_assert!(
            given.is_none() || !self.opts.chains || {
                let red = chains::reduce(&self.geo.boxes, edges);
                (red.gained, red.handout, red.choices) == (0, None, 0)
            }
        );
        let degrees = degrees.unwrap_or_else(|| self.geo.boxes.degrees(edges));
        let r = (self.geo.boxes.all_boxes() & !degrees[0]).count_ones() as i32;
        if r <= alpha {
            return r;
        }
        if -r >= beta {
            return -r;
        }
        debug_assert!(given.as_ref().is_none_or(|im| *im == self.images(edges)));
        let images = given.unwrap_or_else(|| self.images(edges));
        let (key, sym) = images.key();
        let tside = if self.opts.impartial_tt { 0 } else { side };
        let mut hint = None;
        let depth = (!edges & self.geo.boxes.full).count_ones() as u8;
        let use_tt = depth >= TT_MIN_UNDRAWN;
        let mut found = false;
        if let Some(hit) = use_tt.then(|| self.table.probe(key, tside)).flatten() {
            let (lo, hi) = (i32::from(hit.lo), i32::from(hit.hi));
            self.stats.table_hits += 1;
            found = true;
            hint = hit.best.and_then(|m| self.move_from_key(edges, sym, m));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // A miss: the Strings-and-Coins table may know an isomorphic
        // position.
        let mut sc = None;
        if use_tt && !found && depth <= Options::SC_MAX_UNDRAWN {
            if let Some(table) = &self.sc_table {
                sc = self
                    .sc_keys
                    .key(&self.geo.boxes, edges)
                    .map(|k| (k as u64, (k >> (128 - CHECK_BITS)) as u32));
                if let Some(k) = sc {
                    self.stats.sc_probes += 1;
                    if let Some(hit) = table.probe_checked(k.0, 0, k.1) {
                        self.stats.sc_hits += 1;
                        let (lo, hi) = (i32::from(hit.lo), i32::from(hit.hi));
                        // The cutoffs of a hit in the table of edge sets.
                        let cut = if lo >= beta || lo == hi {
                            Some(lo)
                        } else {
                            (hi <= alpha).then_some(hi)
                        };
                        if let Some(v) = cut {
                            // Known for this edge set too from now on.
                            if self
                                .table
                                .store(key, tside, depth, hit.lo, hit.hi, None, true)
                            {
                                self.filled_one();
                            }
                            return v;
                        }
                        alpha = alpha.max(lo);
                        beta = beta.min(hi);
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        if self.opts.loony {
            if let Some(comps) = loony::components(&self.geo, edges, &degrees) {
                self.stats.loony += 1;
                let v = loony::value(&mut self.loony_memo, &comps);
                if use_tt
                    && self
                        .table
                        .store(key, tside, depth, v as i8, v as i8, None, true)
                {
                    self.filled_one();
                }
                return v;
            }
        }

        // Moves: captures first (only without chain preprocessing), then
        // moves that give no box its third edge, then those that do.
        let geo = &self.geo;
        let free = !edges & geo.boxes.full;
        let mut skip = 0u64;
        let next_to_one = geo.boxes.edges_of(degrees[1]);
        let next_to_two = geo.boxes.edges_of(degrees[2]) & !next_to_one;
        let hint_edge = hint.map_or(0, |m| 1u64 << m);
        // The redundant openings of chains are strings of two-string coins,
        // so third-edge moves, which come last: they are found here only if
        // the hint is one of them, else when the third-edge moves are
        // reached (most cutoffs come before).
        let mut later_openings = self.opts.chains && self.opts.one_opening;
        if later_openings && hint_edge & next_to_two != 0 {
            skip |= chains::redundant_openings(&geo.boxes, edges, degrees[2]);
            later_openings = false;
        }
        if self.opts.corners {
            for &(mask, _) in &geo.ground {
                let u = mask & free;
                skip |= u & u.wrapping_sub(1);
            }
        }
        // Move classes as edge sets, then in search order ("ranks": bit r is
        // the r-th edge of the order).
        let moves = free & !skip;
        let hint_bit = hint_edge & moves;
        let rest = moves & !hint_bit;
        let captures = self.ranks(rest & next_to_one);
        let safe = self.ranks(rest & !next_to_one & !next_to_two);
        let third = self.ranks(rest & next_to_two);
        // Table bounds of the safe children probed by ETC (bit m of `known`
        // set: this depth's frame's `bounds[m]` holds the child's entry).
        let mut known = 0u64;
        if self.opts.etc && depth >= ETC_MIN_UNDRAWN {
            if let Some(v) = self.etc(&images, tside, depth, beta, safe, &mut known) {
                let canonical = self.perms()[sym].0[usize::from(v.1)];
                let merge = self.opts.two_bounds;
                let lo = v.0 as i8;
                if self
                    .table
                    .store(key, tside, depth, lo, UNKNOWN_HI, Some(canonical), merge)
                {
                    self.filled_one();
                }
                return v.0;
            }
        } else if depth > TT_MIN_UNDRAWN {
            // The safe children will look themselves up: fetch their
            // buckets now, all at once (as the enhanced transposition
            // cutoffs above do).
            self.fetch_children(&images, tside, depth, safe);
        }
        // A helper thread tries the safe moves in another order: its first
        // `variant` safe moves go last.
        let mut rotated = 0u64;
        if self.variant > 0 && depth % 2 == 0 {
            let mut s = safe;
            for _ in 0..self.variant.min(safe.count_ones() as usize) {
                rotated |= s & s.wrapping_neg();
                s &= s - 1;
            }
        }
        // The hint (an edge), then captures, safe moves and third-edge moves
        // (ranks).
        let stages = [hint_bit, captures, safe & !rotated, rotated, third];

        self.stats.expanded += 1;
        let mut best = i32::MIN;
        let mut best_move = 0;
        let mut tried = 0;
        'moves: for (i, &stage) in stages.iter().enumerate() {
            let mut set = stage;
            if i == stages.len() - 1 && later_openings {
                let skip = chains::redundant_openings(&self.geo.boxes, edges, degrees[2]);
                set &= !self.ranks(skip);
            }
            while set != 0 {
                let r = set.trailing_zeros() as u8;
                set &= set - 1;
                let m = if i == 0 { r } else { self.edge_at(r) };
                let child = edges | 1u64 << m;
                tried += 1;
                let gain = if i <= 1 {
                    self.geo.boxes.edge_boxes[usize::from(m)]
                        .iter()
                        .filter(|&&b| b != GROUND && degrees[1] >> b & 1 == 1)
                        .count() as i32
                } else {
                    0
                };
                let v = if known >> m & 1 == 1 && self.opts.etc_values {
                    // The child's search would find this entry first and
                    // return at once if its bounds decide the child's window
                    // (-beta, -alpha); take its answer without the call.
                    let (lo, hi) = self.frames[usize::from(depth)].bounds[usize::from(m)];
                    let (lo, hi) = (i32::from(lo), i32::from(hi));
                    if lo >= -alpha || lo == hi {
                        self.stats.etc_values += 1;
                        -lo
                    } else {
                        let im = self.child_images(&images, m);
                        -self.search_from(child, side ^ 1, -beta, -alpha, Some(im))
                    }
                } else if gain > 0 {
                    gain + self.search(child, side, alpha - gain, beta - gain)
                } else if i == 2 || i == 3 {
                    // A safe move (see `stages`).
                    let im = self.child_images(&images, m);
                    -self.search_from(child, side ^ 1, -beta, -alpha, Some(im))
                } else {
                    -self.search(child, side ^ 1, -beta, -alpha)
                };
                if self.aborted {
                    // Another thread finished the test, or a limit stopped
                    // the search: store nothing.
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = m;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            self.stats.cutoffs += 1;
                            if tried == 1 {
                                self.stats.first_move_cutoffs += 1;
                            }
                            break 'moves;
                        }
                    }
                }
            }
        }
        let (lo, hi) = if best <= alpha0 {
            (UNKNOWN_LO, best as i8)
        } else if best >= beta0 {
            (best as i8, UNKNOWN_HI)
        } else {
            (best as i8, best as i8)
        };
        let canonical = self.perms()[sym].0[usize::from(best_move)];
        let merge = self.opts.two_bounds;
        if let (Some(k), Some(table)) = (sc, &self.sc_table) {
            if table.store_checked(k, 0, depth, lo, hi, None, merge) {
                self.sc_filled_one();
            }
        }
        if use_tt
            && self
                .table
                .store(key, tside, depth, lo, hi, Some(canonical), merge)
        {
            self.filled_one();
        }
        best
    }

    /// Enhanced transposition cutoff (Plaat et al. 1996): the table's upper
    /// bounds of the children reached by `safe` moves (moves that neither
    /// complete a box nor give one its third edge, so the child is quiet and
    /// its key is the one its search stores). A child with upper bound `hi`
    /// makes the move worth at least `-hi`; returns that value and the move
    /// if it reaches `beta`.
    /// The bounds of every child probed are left in `bounds[m]`, with bit
    /// `m` of `known` set.
    fn etc(
        &mut self,
        im: &Images,
        side: u8,
        depth: u8,
        beta: i32,
        safe: u64,
        known: &mut u64,
    ) -> Option<(i32, u8)> {
        let n = self.fetch_children(im, side, depth, safe);
        let child_side = self.child_side(side);
        let frame = &mut self.frames[usize::from(depth)];
        for (&m, &key) in frame.moves[..n].iter().zip(&frame.keys[..n]) {
            self.stats.etc_probes += 1;
            if let Some(hit) = self.table.probe(key, child_side) {
                *known |= 1 << m;
                frame.bounds[usize::from(m)] = (hit.lo, hit.hi);
                let v = -i32::from(hit.hi);
                if v >= beta {
                    self.stats.etc_cutoffs += 1;
                    return Some((v, m));
                }
            }
        }
        None
    }

    /// The table side of the children of a node of table side `side`.
    fn child_side(&self, side: u8) -> u8 {
        if self.opts.impartial_tt {
            0
        } else {
            side ^ 1
        }
    }

    /// Writes into the frame of `depth` (the node's undrawn edges) the
    /// moves of the ranks `safe` (in their order) and the keys of the
    /// children they reach (of a node with images `im` and table side
    /// `side`), and returns how many; the children's buckets are fetched
    /// all at once ([`Table::touch`]), so that their probes that follow
    /// find them in the cache.
    fn fetch_children(&mut self, im: &Images, side: u8, depth: u8, safe: u64) -> usize {
        let mut n = 0;
        let mut set = safe;
        while set != 0 {
            let m = self.edge_at(set.trailing_zeros() as u8);
            set &= set - 1;
            let key = self.child_key(im, m);
            let frame = &mut self.frames[usize::from(depth)];
            (frame.moves[n], frame.keys[n]) = (m, key);
            n += 1;
        }
        let frame = &self.frames[usize::from(depth)];
        self.table.touch(&frame.keys[..n], self.child_side(side));
        n
    }

    /// [`Solver::filled_one`] for the Strings-and-Coins table.
    fn sc_filled_one(&mut self) {
        if let Some(table) = &mut self.sc_table {
            count_filled(table, &mut self.sc_filled);
        }
    }

    /// Counts a slot newly filled by [`Table::store`] and doubles the table
    /// when half of it is in use.
    fn filled_one(&mut self) {
        count_filled(&mut self.table, &mut self.filled);
    }
}

/// The safe children of a node: their moves, keys and (where an enhanced
/// transposition cutoff probe found them) table bounds, by move.
#[derive(Clone)]
struct Frame {
    moves: [u8; 64],
    keys: [u64; 64],
    bounds: [(i8, i8); 64],
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            moves: [0; 64],
            keys: [0; 64],
            bounds: [(0, 0); 64],
        }
    }
}

/// The edge permutations (with their inverses) that go with the keys
/// under `opts`: the grounded ones with the corner symmetry.
fn key_perms(geo: &Geometry, opts: Options) -> &[(Vec<u8>, Vec<u8>)] {
    if opts.corners {
        &geo.grounded_perms
    } else {
        &geo.perms
    }
}

/// For each edge of `geo`'s board, its bit in each of the eight images of
/// [`Images`] under `opts` (see [`Solver::child_key`]).
fn child_bits(geo: &Geometry, opts: Options) -> Vec<[u64; 8]> {
    let perms = key_perms(geo, opts);
    let count = if opts.symmetry { perms.len() } else { 1 };
    (0..geo.boxes.board.num_edges())
        .map(|m| {
            let mut bits = [1u64 << m; 8];
            for (s, bit) in bits.iter_mut().enumerate().take(count) {
                *bit = 1 << perms[s].0[m];
            }
            bits
        })
        .collect()
}

/// Counts a slot newly filled in `table` (`filled` of them since it last
/// grew) and doubles the table when half of it is in use.
fn count_filled(table: &mut Arc<Table>, filled: &mut usize) {
    *filled += 1;
    if 2 * *filled > table.capacity() && table.can_grow() {
        // Only a one-thread solver's table can grow (it holds the only
        // reference).
        if let Some(table) = Arc::get_mut(table) {
            table.grow();
            *filled = table.used();
        }
    }
}

#[cfg(test)]
mod stop_tests {
    use super::*;
    use crate::Options;

    /// A set stop flag ends a search (an interrupt); without it the
    /// empty 3x3 board gets its value, -3 (Barker & Korf 2012, Table 1).
    #[test]
    fn a_set_stop_flag_ends_the_search() {
        let pos: Position = "3x3".parse().unwrap();
        let mut solver = Solver::new(pos.board(), Options::default());
        let flag = StopFlag::new();
        flag.stop();
        solver.set_stop(Some(flag));
        let i = solver.value(&pos, Limits::NONE).unwrap_err();
        assert_eq!(i.limit, Limit::Interrupt);
        solver.set_stop(Some(StopFlag::new()));
        assert_eq!(solver.value(&pos, Limits::NONE), Ok(-3));
    }

    /// An analysis stopped by its node limit, on one thread or with the
    /// moves shared among two, reports bounds that hold the value (-3 for
    /// the empty 3x3 board, Barker & Korf 2012, Table 1); without the
    /// limit both find it, with every move worth -3.
    #[test]
    fn a_limited_analysis_reports_bounds_that_hold_the_value() {
        let pos: Position = "3x3".parse().unwrap();
        for threads in [1, 2] {
            let opts = Options {
                threads,
                tt_mb: 16,
                ..Options::default()
            };
            let limits = Limits {
                nodes: Some(20_000),
                time: None,
            };
            let stopped = Solver::new(pos.board(), opts)
                .analyze(&pos, limits)
                .unwrap_err();
            assert_eq!(stopped.limit, Limit::Nodes);
            assert!(stopped.lower <= -3 && -3 <= stopped.upper, "{stopped:?}");
            let a = Solver::new(pos.board(), opts)
                .analyze(&pos, Limits::NONE)
                .unwrap();
            assert_eq!(a.value, -3);
            assert!(a.moves.iter().all(|&(_, v)| v == -3), "{a:?}");
            assert_eq!(a.moves.len(), 24);
        }
    }

    /// A solver with helpers that raced on a test (all threads on it, the
    /// loser stopped when the first finishes) then analyses (each thread on
    /// moves of its own) without a limit: it finishes, as a fresh solver
    /// does. The empty 3x4 board is worth 0 (Barker & Korf 2012, Table 1).
    #[test]
    fn a_solver_with_helpers_analyses_after_a_value() {
        let pos: Position = "3x4".parse().unwrap();
        let opts = Options {
            tt_mb: 64,
            threads: 2,
            ..Options::default()
        };
        let mut solver = Solver::new(pos.board(), opts);
        assert_eq!(solver.value_within(&pos, (-1, 1), Limits::NONE), Ok((0, 0)));
        let a = solver.analyze(&pos, Limits::NONE).unwrap();
        let fresh = Solver::new(pos.board(), opts)
            .analyze(&pos, Limits::NONE)
            .unwrap();
        assert_eq!((a.value, &a.moves), (0, &fresh.moves));
    }

    /// The progress of an analysis gives the position's bounds (not those
    /// of the move under way, seen from the other side) and the moves
    /// valued so far; that of a search for the value, its bounds. The
    /// empty 2x5 board is worth -2 (Barker & Korf 2012, Table 1).
    #[test]
    fn progress_reports_hold_the_value() {
        let pos: Position = "2x5".parse().unwrap();
        let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut solver = Solver::new(
            pos.board(),
            Options {
                tt_mb: 16,
                ..Options::default()
            },
        );
        let seen = Arc::clone(&reports);
        solver.set_progress(
            Some(Arc::new(move |p: &Progress| seen.lock().unwrap().push(*p))),
            Duration::ZERO,
        );
        solver.analyze(&pos, Limits::NONE).unwrap();
        let analysis = std::mem::take(&mut *reports.lock().unwrap());
        assert!(analysis.len() > 1, "{analysis:?}");
        let mut before = 0;
        for p in &analysis {
            let (valued, legal) = p.moves.expect("an analysis counts its moves");
            assert!(legal == 27 && before <= valued && valued <= legal, "{p:?}");
            assert!(p.lower <= -2 && -2 <= p.upper, "{p:?}");
            before = valued;
        }
        assert!(before > 0, "{analysis:?}");
        let mut solver = Solver::new(pos.board(), Options::default());
        let seen = Arc::clone(&reports);
        solver.set_progress(
            Some(Arc::new(move |p: &Progress| seen.lock().unwrap().push(*p))),
            Duration::ZERO,
        );
        assert_eq!(solver.value(&pos, Limits::NONE), Ok(-2));
        let search = reports.lock().unwrap();
        assert!(!search.is_empty());
        assert!(search
            .iter()
            .all(|p| p.moves.is_none() && p.lower <= -2 && -2 <= p.upper));
    }
}
