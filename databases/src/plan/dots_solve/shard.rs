//! Running one Dots solve shard: its checks, its result file, the exact
//! solver or the gather of its moves.

use std::path::Path;
use std::time::Instant;

use cgt::budget::StopFlag;
use dots::{Position, Solver};

use super::split::children;
use super::{
    decides, line_id, line_windows, move_bounds, position_after, replay, result_path,
    DotsMoveResult, DotsResultFile, DotsSolveError, DotsSolveOptions, SolveStatus, SolveStep,
    RESULT_FORMAT, RESULT_VERSION, ROOT_ID,
};
use crate::plan::solve::{sibling_deciding, watched};
use crate::plan::{IndexedPlan, Plan, Shard, ShardKind};

/// One line on the root of a Dots solve plan, from its result file: the
/// value and the best moves, or the bounds and how many of the root's
/// moves are settled; `None` if the plan is not a Dots solve plan or the
/// root has no valid result.
pub fn summary(plan: &Plan) -> Option<String> {
    let shard = plan.shards.iter().find(|s| s.id == ROOT_ID)?;
    let r = DotsShard::of(shard)?.read_result(&plan.dir)?;
    let list = |edges: &[usize]| {
        edges
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let tested = r
        .window
        .map_or(String::new(), |(a, b)| format!(", window ({a}, {b})"));
    Some(match r.value {
        Some(v) if r.best_moves.is_empty() => format!("value: {v} (for the player to move)"),
        None if r.status == SolveStatus::Bounded => {
            if r.window.is_some_and(|(alpha, _)| r.upper <= alpha) {
                format!(
                    "value: at most {} (for the player to move{tested})",
                    r.upper
                )
            } else {
                format!(
                    "value: at least {} (for the player to move{tested})",
                    r.lower
                )
            }
        }
        Some(v) => format!(
            "value: {v} (for the player to move), best moves {}",
            list(&r.best_moves)
        ),
        None if r.moves.is_empty() => format!(
            "value: unknown, in [{}, {}] ({})",
            r.lower,
            r.upper,
            r.limit
                .as_deref()
                .map_or("a limit reached".to_owned(), |l| format!(
                    "{l} limit reached"
                ))
        ),
        None => format!(
            "value: unknown, in [{}, {}] ({} of {} moves settled; see {})",
            r.lower,
            r.upper,
            r.moves
                .iter()
                .filter(|m| matches!(m.status, SolveStatus::Proved | SolveStatus::Bounded))
                .count(),
            r.moves.len(),
            result_path(&plan.dir, ROOT_ID).display()
        ),
    })
}

/// The result in `dir` of the line `line` from `root` if it reads back
/// valid for that line, whichever step wrote it.
pub(super) fn read_line_result(dir: &Path, root: &str, line: &[usize]) -> Option<DotsResultFile> {
    let id = line_id(line);
    let text = std::fs::read_to_string(result_path(dir, &id)).ok()?;
    let r: DotsResultFile = serde_json::from_str(&text).ok()?;
    let (pos, gain) = position_after(root, line).ok()?;
    let remaining = i32::try_from(pos.remaining_boxes()).ok()?;
    let sound = r.format == RESULT_FORMAT
        && r.version == RESULT_VERSION
        && r.shard == id
        && r.position == pos.to_string()
        && r.line == line
        && r.gain == gain
        && r.lower <= r.upper
        && -remaining <= r.lower
        && r.upper <= remaining
        && match r.value {
            Some(v) => r.status == SolveStatus::Proved && r.lower == v && r.upper == v,
            None => match r.status {
                SolveStatus::Unknown | SolveStatus::Needless => true,
                SolveStatus::Bounded => decides((r.lower, r.upper), r.window),
                SolveStatus::Proved => false,
            },
        };
    sound.then_some(r)
}

/// The parts of a [`ShardKind::DotsSolve`] shard.
pub(crate) struct DotsShard<'a> {
    pub id: &'a str,
    pub root: &'a str,
    pub line: &'a [usize],
    pub step: SolveStep,
    pub options: &'a DotsSolveOptions,
}

impl<'a> DotsShard<'a> {
    /// The parts of `shard`, if it is a Dots solve shard.
    pub fn of(shard: &'a Shard) -> Option<DotsShard<'a>> {
        match &shard.kind {
            ShardKind::DotsSolve {
                position,
                line,
                step,
                options,
            } => Some(DotsShard {
                id: &shard.id,
                root: position,
                line,
                step: *step,
                options,
            }),
            _ => None,
        }
    }

    /// Checks the shard: options in range, a legal line, the id of the
    /// line; a gather at a position with moves, each answered by a shard
    /// among its dependencies.
    pub fn check(&self, deps: &[String]) -> Result<(), DotsSolveError> {
        self.options.check()?;
        let (pos, _) = position_after(self.root, self.line)?;
        if self.id != line_id(self.line) {
            return Err(DotsSolveError::Id {
                expected: line_id(self.line),
            });
        }
        if self.step == SolveStep::Gather {
            if pos.is_over() {
                return Err(DotsSolveError::NoMoves);
            }
            for c in children(&pos) {
                let id = self.child_id(c.rep);
                if !deps.contains(&id) {
                    return Err(DotsSolveError::MissingShard {
                        edge: c.edge,
                        shard: id,
                    });
                }
            }
        }
        Ok(())
    }

    fn child_id(&self, edge: usize) -> String {
        let mut line = self.line.to_vec();
        line.push(edge);
        line_id(&line)
    }

    /// The result in `dir` if it reads back valid for this shard, whatever
    /// the options it ran with.
    pub fn read_result(&self, dir: &Path) -> Option<DotsResultFile> {
        read_line_result(dir, self.root, self.line)
            .filter(|r| r.shard == self.id && r.step == self.step)
    }

    /// The windows of the positions along the shard's line, the root's
    /// first (see the module docs, "Windows"); empty without a window or
    /// for a line that is not legal.
    fn windows(&self) -> Vec<(i32, i32)> {
        match (self.options.window, replay(self.root, self.line)) {
            (Some(root), Ok((_, gains))) => line_windows(root, &gains),
            _ => Vec::new(),
        }
    }

    /// The window of the shard's position, `None` without a window.
    fn window(&self) -> Option<(i32, i32)> {
        self.windows().last().copied()
    }

    /// Whether the shard is done: its bounds decide its window (proved,
    /// or bounded in this plan's window: a result for another window may
    /// not), needless in this plan's window, or (a solve) stopped by its
    /// time or node limit under options [`DotsSolveOptions::no_further_than`]
    /// those it ran with.
    pub fn is_done(&self, dir: &Path) -> bool {
        let window = self.window();
        self.read_result(dir).is_some_and(|r| {
            let bounds = (r.lower, r.upper);
            match r.status {
                SolveStatus::Proved => true,
                SolveStatus::Bounded => decides(bounds, window),
                SolveStatus::Needless => r.window == window,
                SolveStatus::Unknown => {
                    decides(bounds, window)
                        || (self.step == SolveStep::Solve
                            && r.limit.as_deref() != Some("interrupt")
                            && self.options.no_further_than(&r.options))
                }
            }
        })
    }

    /// Runs the shard, writing its result into `dir`: a needless result if
    /// a gather above it is already decided ([`DotsShard::decided_above`]),
    /// before or while it runs; a solve stops early when `stop` is set.
    pub fn run(
        &self,
        dir: &Path,
        plan: &IndexedPlan,
        stop: Option<&StopFlag>,
    ) -> Result<DotsResultFile, DotsSolveError> {
        if let Some(by) = self.decided_above(dir, plan) {
            return self.write_needless(dir, by);
        }
        match self.step {
            SolveStep::Solve => self.solve(dir, plan, stop),
            SolveStep::Gather => self.gather(dir, plan),
        }
    }

    /// Writes a needless result, decided by shard `by`.
    fn write_needless(&self, dir: &Path, by: String) -> Result<DotsResultFile, DotsSolveError> {
        let (pos, gain) = position_after(self.root, self.line)?;
        let result = DotsResultFile {
            status: SolveStatus::Needless,
            decided_by: Some(by),
            ..self.empty_result(&pos, gain)
        };
        self.write(dir, result)
    }

    /// In a plan with a window: the shard of a move that decides a gather
    /// above this shard whatever this shard finds, a sibling of the line's
    /// move there (the parent's first) whose result shows the move worth
    /// at least the high end of the gather's window (a cutoff); `None`
    /// when no gather above is decided so, or without a window.
    fn decided_above(&self, dir: &Path, plan: &IndexedPlan) -> Option<String> {
        let windows = self.windows();
        if windows.is_empty() {
            return None;
        }
        let ids: Vec<String> = (0..=self.line.len())
            .map(|k| line_id(&self.line[..k]))
            .collect();
        sibling_deciding(plan, &ids, |k, s| {
            DotsShard::of(s)
                .and_then(|s| s.read_result(dir))
                .filter(|r| r.status != SolveStatus::Needless)
                .and_then(|r| r.move_bounds())
                .is_some_and(|(lower, _)| lower >= windows[k].1)
        })
    }

    fn empty_result(&self, pos: &Position, gain: Option<u32>) -> DotsResultFile {
        let r = i32::try_from(pos.remaining_boxes()).unwrap_or(i32::MAX);
        DotsResultFile {
            format: RESULT_FORMAT.to_owned(),
            version: RESULT_VERSION,
            shard: self.id.to_owned(),
            position: pos.to_string(),
            line: self.line.to_vec(),
            gain,
            step: self.step,
            status: SolveStatus::Unknown,
            value: None,
            lower: -r,
            upper: r,
            best_moves: Vec::new(),
            limit: None,
            window: self.window(),
            decided_by: None,
            nodes: 0,
            seconds: 0.0,
            options: self.options.clone(),
            moves: Vec::new(),
        }
    }

    /// Sets the bounds; the value when they meet, else bounded when they
    /// decide the result's window.
    fn settle(result: &mut DotsResultFile, lower: i32, upper: i32) {
        result.lower = lower;
        result.upper = upper;
        if lower == upper {
            result.status = SolveStatus::Proved;
            result.value = Some(lower);
        } else if decides((lower, upper), result.window) {
            result.status = SolveStatus::Bounded;
        }
    }

    /// Writes the result (a temporary file renamed into place).
    fn write(&self, dir: &Path, result: DotsResultFile) -> Result<DotsResultFile, DotsSolveError> {
        let json = serde_json::to_string_pretty(&result).expect("a result serialises") + "\n";
        crate::format::write_atomic(&result_path(dir, self.id), json.as_bytes())
            .map_err(DotsSolveError::Write)?;
        Ok(result)
    }

    /// The exact solver on the position (in the shard's window, when the
    /// plan has a window), on one thread, within the options' table and
    /// limits; with a window, it stops when a gather above it is decided
    /// meanwhile ([`DotsShard::decided_above`], looked at every few
    /// seconds), and writes a needless result. The solver (and so its
    /// transposition table) is the worker thread's: the shards a worker
    /// runs one after another share the positions their searches met, as
    /// the moves of one search do (a table's entries are bounds on a
    /// position's value, true in any search). A shard's nodes are its own
    /// searches' (with those of an earlier result whose bounds it keeps).
    fn solve(
        &self,
        dir: &Path,
        plan: &IndexedPlan,
        stop: Option<&StopFlag>,
    ) -> Result<DotsResultFile, DotsSolveError> {
        thread_local! {
            /// The solver of the shards this thread runs: its board, its
            /// table size and itself.
            static SOLVER: std::cell::RefCell<Option<(dots::Board, u64, Solver)>> =
                const { std::cell::RefCell::new(None) };
        }
        let o = self.options;
        o.check()?;
        let (pos, gain) = position_after(self.root, self.line)?;
        SOLVER.with_borrow_mut(|kept| {
            // Another board's or table size's solver goes before the new
            // table is allocated.
            let same = kept
                .take()
                .filter(|(board, mb, _)| *board == pos.board() && *mb == o.tt_mb);
            let mut solver = match same {
                Some((_, _, solver)) => solver,
                None => Solver::try_new(
                    pos.board(),
                    dots::Options {
                        threads: 1,
                        tt_mb: usize::try_from(o.tt_mb).unwrap_or(usize::MAX),
                        ..dots::Options::default()
                    },
                )?,
            };
            let result = self.solve_with(&mut solver, &pos, gain, (dir, plan), stop);
            *kept = Some((pos.board(), o.tt_mb, solver));
            result
        })
    }

    /// [`DotsShard::solve`] with `solver`.
    fn solve_with(
        &self,
        solver: &mut Solver,
        pos: &Position,
        gain: Option<u32>,
        (dir, plan): (&Path, &IndexedPlan),
        stop: Option<&StopFlag>,
    ) -> Result<DotsResultFile, DotsSolveError> {
        let o = self.options;
        let limits = o.limits();
        let window = self.window();
        let start = Instant::now();
        let before = solver.stats().nodes;
        let mut result = self.empty_result(pos, gain);
        // Without a window nothing above can decide the line.
        let above = || window.and_then(|_| self.decided_above(dir, plan));
        let (found, decided) = watched(stop, &above, |flag| {
            solver.set_stop(Some(flag.clone()));
            solver.value_within(pos, window.unwrap_or((i32::MIN, i32::MAX)), limits)
        });
        solver.set_stop(None);
        let bounds = match found {
            Ok(bounds) => {
                result.nodes = solver.stats().nodes - before;
                bounds
            }
            Err(stopped) => {
                if let Some(by) = decided {
                    return self.write_needless(dir, by);
                }
                result.nodes = stopped.nodes;
                result.limit = Some(stopped.limit.name().to_owned());
                (stopped.lower, stopped.upper)
            }
        };
        result.seconds = start.elapsed().as_secs_f64();
        // Both searches count.
        let ((lower, upper), earlier) = self.with_earlier(dir, bounds);
        if let Some(earlier) = earlier {
            result.nodes += earlier.nodes;
            result.seconds += earlier.seconds;
        }
        Self::settle(&mut result, lower, upper);
        self.write(dir, result)
    }

    /// `bounds` narrowed by those of the line's earlier result in `dir`,
    /// which hold too (found for another window, or under a limit), and
    /// that result; `bounds` alone when there is none (or a needless one,
    /// or one that contradicts them).
    fn with_earlier(
        &self,
        dir: &Path,
        (lower, upper): (i32, i32),
    ) -> ((i32, i32), Option<DotsResultFile>) {
        let earlier = self.read_result(dir).filter(|r| {
            r.status != SolveStatus::Needless && r.lower.max(lower) <= r.upper.min(upper)
        });
        match earlier {
            Some(r) => ((r.lower.max(lower), r.upper.min(upper)), Some(r)),
            None => ((lower, upper), None),
        }
    }

    /// The best of the position's moves, from their shards' results: the
    /// bounds are the largest lower and the largest upper bound of the
    /// moves (each for the player who makes it; a needless move's are the
    /// board's), narrowed by the gather's earlier result (another window's),
    /// the value known once they meet, the window decided once they
    /// decide it.
    fn gather(&self, dir: &Path, plan: &IndexedPlan) -> Result<DotsResultFile, DotsSolveError> {
        let (pos, gain) = position_after(self.root, self.line)?;
        let mut result = self.empty_result(&pos, gain);
        let deps = plan.shard(self.id).map_or(&[][..], |s| &s.deps[..]);
        let (mut lower, mut upper) = (i32::MIN, i32::MIN);
        for c in children(&pos) {
            let id = self.child_id(c.rep);
            let shard = plan
                .shard(&id)
                .filter(|_| deps.contains(&id))
                .and_then(DotsShard::of)
                .ok_or_else(|| DotsSolveError::MissingShard {
                    edge: c.edge,
                    shard: id.clone(),
                })?;
            let r = shard
                .read_result(dir)
                .ok_or_else(|| DotsSolveError::ChildNotDone { shard: id.clone() })?;
            let (lo, hi) = move_bounds(c.gain, (r.lower, r.upper));
            lower = lower.max(lo);
            upper = upper.max(hi);
            result.moves.push(DotsMoveResult {
                edge: c.edge,
                shard: id,
                twin: c.twin,
                gain: c.gain,
                status: r.status,
                value: r.value.map(|_| lo),
                lower: lo,
                upper: hi,
            });
            if !c.twin {
                result.nodes += r.nodes;
                result.seconds += r.seconds;
            }
        }
        if result.moves.is_empty() {
            return Err(DotsSolveError::NoMoves);
        }
        let ((lower, upper), _) = self.with_earlier(dir, (lower, upper));
        Self::settle(&mut result, lower, upper);
        if let Some(v) = result.value {
            result.best_moves = result
                .moves
                .iter()
                .filter(|m| m.value == Some(v))
                .map(|m| m.edge)
                .collect();
        }
        self.write(dir, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::dots_solve::{dots_solve_plan, SolveSplit};
    use cgt::budget::Limits;

    /// Runs every shard of the plan in order.
    fn run_all(plan: &Plan) {
        let indexed = IndexedPlan::new(plan.clone());
        for s in &plan.shards {
            let d = DotsShard::of(s).unwrap();
            d.check(&s.deps).unwrap();
            d.run(&plan.dir, &indexed, None).unwrap();
            assert!(d.is_done(&plan.dir), "{}", s.id);
        }
    }

    #[test]
    fn gathered_values_are_the_solvers() {
        let dir = std::env::temp_dir().join(format!("cgtk-dots-shard-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A 2x2 position with a capturable box: its first moves include
        // one that completes a box and keeps the turn.
        let pos: Position = "2x2:0,2,6".parse().unwrap();
        let analysis = Solver::new(pos.board(), dots::Options::default())
            .analyze(&pos, Limits::NONE)
            .unwrap();
        for split in [SolveSplit::FirstMoves, SolveSplit::Replies] {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let plan = dots_solve_plan(&pos, split, &DotsSolveOptions::default(), &dir);
            run_all(&plan);
            let root = DotsShard::of(plan.shards.last().unwrap())
                .unwrap()
                .read_result(&dir)
                .unwrap();
            assert_eq!(root.value, Some(analysis.value));
            let moves: Vec<(usize, i32)> = root
                .moves
                .iter()
                .map(|m| (m.edge, m.value.unwrap()))
                .collect();
            let expected: Vec<(usize, i32)> = analysis
                .moves
                .iter()
                .map(|&(e, v)| (e.index(), v))
                .collect();
            assert_eq!(moves, expected);
            assert!(root.moves.iter().any(|m| m.gain > 0));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
