//! Running one solve shard: its checks, its result file, df-pn or the
//! gather of its moves.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use amazons::{Evaluator, Move, Position, SolverPosition};
use cgt::budget::{StopFlag, Watch};
use cgt::search::proof::file::ProofReader;
use cgt::search::{Budget, DfpnConfig, DfpnSolver, ExtractError, Verdict, WinLoss};

use super::options::SolveOptions;
use super::proof::{scan_proof_file, write_gathered, write_proof_file, JoinedMove, ProofFile};
use super::split::{children, Child};
use super::{
    line_id, position_after, proof_path, result_path, MoveResult, Outcome, SolveError,
    SolveResultFile, SolveStatus, SolveStep, RESULT_FORMAT, RESULT_VERSION, ROOT_ID,
};
use crate::plan::{IndexedPlan, Plan, Shard, ShardKind};

/// How often a solve shard under way looks whether its line has been
/// decided above it (see [`SolveShard::run`]): reading its siblings'
/// result files costs little beside a search that is worth stopping.
pub(crate) const DECIDED_POLL: Duration = Duration::from_secs(5);

/// Runs `work` (a solve shard's search) with a stop flag that is set when
/// `stop` is set or when `decided_above`, looked at every
/// [`DECIDED_POLL`] on a thread beside it, names a shard that decides the
/// line above this one; returns what `work` returned and that shard, if
/// one was named.
pub(crate) fn watched<T>(
    stop: Option<&StopFlag>,
    decided_above: &(dyn Fn() -> Option<String> + Sync),
    work: impl FnOnce(&StopFlag) -> T,
) -> (T, Option<String>) {
    let flag = StopFlag::new();
    if stop.is_some_and(StopFlag::is_stopped) {
        flag.stop();
    }
    let finished = AtomicBool::new(false);
    let decided = Mutex::new(None);
    let out = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| watch_line(stop, &flag, &finished, &decided, decided_above));
        let out = work(&flag);
        finished.store(true, Relaxed);
        watcher.thread().unpark();
        out
    });
    (out, decided.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Sets `flag` when `stop` is set or `decided_above` (looked at every
/// [`DECIDED_POLL`]) names a shard that decides the line above a solve
/// shard under way (which it then stores in `decided`), until `finished`.
/// Run on a thread beside the search; unpark it when the search ends.
fn watch_line(
    stop: Option<&StopFlag>,
    flag: &StopFlag,
    finished: &AtomicBool,
    decided: &Mutex<Option<String>>,
    decided_above: &dyn Fn() -> Option<String>,
) {
    let mut next_look = Instant::now() + DECIDED_POLL;
    while !finished.load(Relaxed) {
        // Woken at once when the search finishes.
        std::thread::park_timeout(Duration::from_millis(50));
        if stop.is_some_and(StopFlag::is_stopped) {
            flag.stop();
            return;
        }
        if Instant::now() >= next_look {
            next_look += DECIDED_POLL;
            if let Some(by) = decided_above() {
                *decided.lock().unwrap_or_else(|e| e.into_inner()) = Some(by);
                flag.stop();
                return;
            }
        }
    }
}

/// The first shard, from the deepest gather above a line up to the root's,
/// that decides that gather whatever the line's shard finds: a dependency
/// of the gather of `ids[k]` other than `ids[k + 1]` for which
/// `decides(k, shard)` holds; `ids` are the ids of the line's prefixes,
/// the root's first and the line's own last.
pub(crate) fn sibling_deciding(
    plan: &IndexedPlan,
    ids: &[String],
    decides: impl Fn(usize, &Shard) -> bool,
) -> Option<String> {
    (0..ids.len().saturating_sub(1)).rev().find_map(|k| {
        let gather = plan.shard(&ids[k])?;
        gather
            .deps
            .iter()
            .filter(|d| **d != ids[k + 1])
            .find(|d| plan.shard(d).is_some_and(|s| decides(k, s)))
            .cloned()
    })
}

/// One line on the root of a solve plan, from its result file: the winner
/// and the proof file, or how many of the root's moves are settled; `None`
/// if the plan is not a solve plan or the root has no valid result.
pub fn summary(plan: &Plan) -> Option<String> {
    let shard = plan.shards.iter().find(|s| s.id == ROOT_ID)?;
    let r = SolveShard::of(shard)?.read_result(&plan.dir)?;
    Some(match &r.winner {
        Some(w) => format!(
            "winner: {w} ({} to move), proof {}",
            r.to_move,
            proof_path(&plan.dir, ROOT_ID, SolveStep::Gather).display()
        ),
        None if r.moves.is_empty() => format!(
            "winner: unknown ({} limit reached)",
            r.limit.as_deref().unwrap_or("a")
        ),
        None => format!(
            "winner: unknown ({} of {} moves settled; see {})",
            r.moves
                .iter()
                .filter(|m| m.status == SolveStatus::Proved)
                .count(),
            r.moves.len(),
            result_path(&plan.dir, ROOT_ID).display()
        ),
    })
}

/// The parts of an [`ShardKind::AmazonsSolve`] shard.
pub(crate) struct SolveShard<'a> {
    pub id: &'a str,
    pub root: &'a str,
    pub line: &'a [String],
    pub step: SolveStep,
    pub options: &'a SolveOptions,
}

impl<'a> SolveShard<'a> {
    /// The parts of `shard`, if it is a solve shard.
    pub fn of(shard: &'a Shard) -> Option<SolveShard<'a>> {
        match &shard.kind {
            ShardKind::AmazonsSolve {
                position,
                line,
                step,
                options,
            } => Some(SolveShard {
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
    /// line; a gather's moves all answered by its dependencies.
    pub fn check(&self, deps: &[String]) -> Result<(), SolveError> {
        self.options.check()?;
        let pos = position_after(self.root, self.line)?;
        if self.id != line_id(self.line) {
            return Err(SolveError::Id {
                expected: line_id(self.line),
            });
        }
        if self.step == SolveStep::Gather
            && !children(&pos)
                .iter()
                .any(|c| deps.contains(&self.child_id(c.rep)))
        {
            return Err(SolveError::NoMoveShard);
        }
        Ok(())
    }

    pub(super) fn child_id(&self, mv: Move) -> String {
        let mut line = self.line.to_vec();
        line.push(mv.to_string());
        line_id(&line)
    }

    /// The result in `dir` if it reads back valid for this shard (its proof
    /// too, when proved), whatever the options it ran with.
    pub fn read_result(&self, dir: &Path) -> Option<SolveResultFile> {
        self.checked(dir, self.result_on_file(dir)?)
    }

    /// The result file in `dir` as it parses, unchecked.
    fn result_on_file(&self, dir: &Path) -> Option<SolveResultFile> {
        let text = std::fs::read_to_string(result_path(dir, self.id)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Whether the result file in `dir` is one of this shard's, its proof
    /// not read: a gather's plain proof is not kept with the results (it
    /// is joined again whenever the gather runs), and without it a
    /// gather's result still shows that its line was split.
    pub fn has_result_file(&self, dir: &Path) -> bool {
        let pos = position_after(self.root, self.line);
        pos.is_ok_and(|pos| {
            self.result_on_file(dir)
                .is_some_and(|r| self.names(&r, &pos))
        })
    }

    /// Whether `r`'s fields name this shard (its position `pos`, line and
    /// step) and agree with each other.
    fn names(&self, r: &SolveResultFile, pos: &Position) -> bool {
        r.format == RESULT_FORMAT
            && r.version == RESULT_VERSION
            && r.shard == self.id
            && r.position == pos.to_string()
            && r.line == self.line
            && r.step == self.step
            && (r.status == SolveStatus::Proved) == r.outcome.is_some()
    }

    /// `r`, if it is valid for this shard in `dir` (its proof too, when
    /// proved).
    fn checked(&self, dir: &Path, r: SolveResultFile) -> Option<SolveResultFile> {
        let pos = position_after(self.root, self.line).ok()?;
        if !self.names(&r, &pos) {
            return None;
        }
        if let Some(outcome) = r.outcome {
            let winner = match outcome {
                Outcome::Win => pos.to_move(),
                Outcome::Loss => pos.to_move().opposite(),
            };
            // The proof's header names the position and the outcome: a
            // result whose fields were changed does not match it.
            let path = proof_path(dir, self.id, self.step);
            let (bytes, checksum) = scan_proof_file(&path).ok()?;
            let header = ProofReader::open(&path, &Watch::unlimited())
                .and_then(|mut r| r.header())
                .ok()?;
            let ok = r.proof_bytes == Some(bytes)
                && r.proof_checksum.as_deref() == Some(&format!("{checksum:016x}"))
                && header.root == pos.to_string()
                && Outcome::from(header.outcome) == outcome
                && r.winner.as_deref() == Some(&winner.to_string())
                && r.to_move == pos.to_move().to_string();
            if !ok {
                return None;
            }
        }
        Some(r)
    }

    /// Whether the shard is done: proved, needless, or (a solve) stopped by
    /// its time or node limit under options [`SolveOptions::no_further_than`]
    /// those it ran with.
    pub fn is_done(&self, dir: &Path) -> bool {
        self.read_result(dir).is_some_and(|r| match r.status {
            SolveStatus::Proved | SolveStatus::Needless => true,
            SolveStatus::Bounded => false,
            SolveStatus::Unknown => {
                self.step == SolveStep::Solve
                    && r.limit.as_deref() != Some("interrupt")
                    && self.options.no_further_than(&r.options)
            }
        })
    }

    /// Runs the shard, writing its files into `dir`: a needless result if
    /// its line is already decided above it ([`SolveShard::decided_above`])
    /// and it is not a gather that its moves' results settle, before or
    /// while it runs (a sibling's shard on another worker, or
    /// another cluster job, can decide it: a solve looks every
    /// [`DECIDED_POLL`] and stops). A solve stops within about a tenth of a
    /// second when `stop` is set, recording `unknown` with limit
    /// `interrupt`, which the next run redoes.
    pub fn run(
        &self,
        dir: &Path,
        plan: &IndexedPlan,
        stop: Option<&StopFlag>,
    ) -> Result<SolveResultFile, SolveError> {
        if let Some(by) = self.decided_above(dir, plan) {
            // A gather whose moves settle it is joined all the same: it
            // costs no search, and a proved result on file (a fresh clone
            // of a campaign has no gather's plain proof, so it is joined
            // again) stays proved instead of turning needless.
            if self.step == SolveStep::Gather {
                let r = self.gather(dir, plan)?;
                if r.status == SolveStatus::Proved {
                    return Ok(r);
                }
            }
            return self.write_needless(dir, by);
        }
        match self.step {
            SolveStep::Solve => self.solve(dir, plan, stop),
            SolveStep::Gather => self.gather(dir, plan),
        }
    }

    /// Writes a needless result, decided by shard `by`.
    fn write_needless(&self, dir: &Path, by: String) -> Result<SolveResultFile, SolveError> {
        let pos = position_after(self.root, self.line)?;
        let result = SolveResultFile {
            status: SolveStatus::Needless,
            decided_by: Some(by),
            ..self.empty_result(&pos)
        };
        self.write(dir, &pos, result, None)
    }

    /// The shard of a move that decides a line above this one: among the
    /// dependencies of the gather of a shorter line (the parent's first),
    /// another move's shard whose result reads back proved lost for the
    /// player to move after it, so that the gather is a win whatever this
    /// shard finds.
    fn decided_above(&self, dir: &Path, plan: &IndexedPlan) -> Option<String> {
        let ids: Vec<String> = (0..=self.line.len())
            .map(|k| line_id(&self.line[..k]))
            .collect();
        sibling_deciding(plan, &ids, |_, s| {
            SolveShard::of(s).is_some_and(|s| s.proved_lost(dir))
        })
    }

    /// Whether the shard's result file in `dir` claims its line proved lost
    /// for the player to move after it, its proof not read (a gather's is
    /// not kept): enough for a plan not to split the line's siblings, which
    /// a run then finds needless after reading the proof.
    pub fn claims_lost(&self, dir: &Path) -> bool {
        position_after(self.root, self.line).is_ok_and(|pos| {
            self.result_on_file(dir).is_some_and(|r| {
                self.names(&r, &pos)
                    && r.status == SolveStatus::Proved
                    && r.outcome == Some(Outcome::Loss)
            })
        })
    }

    /// Whether the shard's result reads back proved lost for the player to
    /// move after its line. Only a result that claims a loss is checked
    /// (its proof read back), not every sibling's at every look
    /// ([`SolveShard::decided_above`]).
    fn proved_lost(&self, dir: &Path) -> bool {
        self.result_on_file(dir)
            .filter(|r| r.outcome == Some(Outcome::Loss))
            .and_then(|r| self.checked(dir, r))
            .is_some()
    }

    fn empty_result(&self, pos: &Position) -> SolveResultFile {
        SolveResultFile {
            format: RESULT_FORMAT.to_owned(),
            version: RESULT_VERSION,
            shard: self.id.to_owned(),
            position: pos.to_string(),
            line: self.line.to_vec(),
            step: self.step,
            status: SolveStatus::Unknown,
            outcome: None,
            winner: None,
            to_move: pos.to_move().to_string(),
            best_move: None,
            limit: None,
            nodes: 0,
            seconds: 0.0,
            options: self.options.clone(),
            proof_bytes: None,
            proof_checksum: None,
            moves: Vec::new(),
            decided_by: None,
        }
    }

    /// Writes the result, after its proof if any (already written by
    /// [`write_proof_file`]: its outcome, length and checksum).
    fn write(
        &self,
        dir: &Path,
        pos: &Position,
        mut result: SolveResultFile,
        proof: Option<(WinLoss, ProofFile)>,
    ) -> Result<SolveResultFile, SolveError> {
        match proof {
            Some((outcome, file)) => {
                let outcome = Outcome::from(outcome);
                result.status = SolveStatus::Proved;
                result.outcome = Some(outcome);
                let winner = match outcome {
                    Outcome::Win => pos.to_move(),
                    Outcome::Loss => pos.to_move().opposite(),
                };
                result.winner = Some(winner.to_string());
                result.proof_bytes = Some(file.bytes);
                result.proof_checksum = Some(format!("{:016x}", file.checksum));
            }
            None => {
                let _ = std::fs::remove_file(proof_path(dir, self.id, self.step));
            }
        }
        let json = serde_json::to_string_pretty(&result).expect("a result serialises") + "\n";
        crate::format::write_atomic(&result_path(dir, self.id), json.as_bytes())
            .map_err(SolveError::Write)?;
        Ok(result)
    }

    /// Df-pn on the position, with the evaluation of `amazons solve`.
    fn solve(
        &self,
        dir: &Path,
        plan: &IndexedPlan,
        stop: Option<&StopFlag>,
    ) -> Result<SolveResultFile, SolveError> {
        self.options.check()?;
        let pos = position_after(self.root, self.line)?;
        let o = self.options;
        let mut game = SolverPosition::with_evaluator(pos.clone(), Some(Evaluator::default()))
            .with_mobility_numbers(o.mobility_pn);
        if let Some(db) = &o.db {
            let dbs = crate::Databases::open_dir(db).map_err(|source| SolveError::Db {
                dir: db.clone(),
                source,
            })?;
            game = game.with_oracle(Arc::new(dbs));
        }
        let budget = Budget {
            tt_mb: usize::try_from(o.tt_mb).unwrap_or(usize::MAX),
            limits: o.limits(),
            ..Budget::default()
        };
        let mut solver = DfpnSolver::new(DfpnConfig {
            budget,
            threads: o.threads as usize,
            weak_pn_from: o.weak_pn_from.map(|d| d as usize),
            ..DfpnConfig::default()
        })?;
        let start = Instant::now();
        let ((r, proof), decided) = watched(stop, &|| self.decided_above(dir, plan), |flag| {
            solver.set_stop(Some(flag.clone()));
            let r = solver.solve(&game);
            // The time limit covers the proof too: its extraction stops at
            // the shard's deadline, and the shard is unknown.
            let left = o
                .time_limit_ms
                .map(|ms| Duration::from_millis(ms).saturating_sub(start.elapsed()));
            // The proof, or the limit that stopped the search or the proof.
            let proof = match r.verdict {
                Verdict::Proven(_) => match amazons::extract_checkable_proof(
                    &mut solver,
                    &game,
                    o.proof_cut.unwrap_or(amazons::DEFAULT_PROOF_CUT),
                    o.proof_effort.unwrap_or(amazons::DEFAULT_PROOF_EFFORT),
                    &Watch::new(left, Some(flag)),
                    &(),
                ) {
                    Ok(p) => Ok(Ok(p)),
                    Err(ExtractError::Limit(l)) => Ok(Err(l)),
                    Err(e) => Err(e),
                },
                Verdict::Unknown(l) => Ok(Err(l)),
            };
            (r, proof)
        });
        let proof = proof?;
        if proof.is_err() {
            if let Some(by) = decided {
                return self.write_needless(dir, by);
            }
        }
        let mut result = self.empty_result(&pos);
        result.nodes = r.nodes;
        result.best_move = r.best_move.map(|m| m.to_string());
        let proof = match proof {
            Ok(p) => Some(p),
            Err(l) => {
                result.limit = Some(l.name().to_owned());
                None
            }
        };
        if proof.as_ref().is_none_or(|p| p.outcome == WinLoss::Loss) {
            result.best_move = None;
        }
        result.seconds = start.elapsed().as_secs_f64();
        let written = match proof {
            Some(p) => {
                let file = write_proof_file(&proof_path(dir, self.id, self.step), |out| {
                    p.write_compact_to(out)
                })?;
                Some((p.outcome, file))
            }
            None => None,
        };
        self.write(dir, &pos, result, written)
    }

    /// Combines the results of the position's moves that have a shard among
    /// its dependencies: a win if one leads to a position proved lost (the
    /// first in generation order), a loss if every legal move has a shard and
    /// leads to a position proved won, else unknown.
    fn gather(&self, dir: &Path, plan: &IndexedPlan) -> Result<SolveResultFile, SolveError> {
        let pos = position_after(self.root, self.line)?;
        let mut result = self.empty_result(&pos);
        let kids = children(&pos);
        let deps = plan.shard(self.id).map_or(&[][..], |s| &s.deps[..]);
        let mut read = Vec::with_capacity(kids.len());
        for c in &kids {
            let id = self.child_id(c.rep);
            if !deps.contains(&id) {
                continue;
            }
            let shard = plan.shard(&id).and_then(SolveShard::of).ok_or_else(|| {
                SolveError::MissingShard {
                    mv: c.mv.to_string(),
                    shard: id.clone(),
                }
            })?;
            let r = shard
                .read_result(dir)
                .ok_or_else(|| SolveError::ChildNotDone { shard: id.clone() })?;
            result.moves.push(MoveResult {
                mv: c.mv.to_string(),
                shard: id.clone(),
                mirrored: c.mirrored,
                status: r.status,
                outcome: r.outcome,
            });
            if !c.mirrored {
                result.nodes += r.nodes;
                result.seconds += r.seconds;
            }
            let proof = proof_path(dir, &id, shard.step);
            read.push((c, id, r.outcome, proof));
        }
        let winning = read.iter().find(|(_, _, o, _)| *o == Some(Outcome::Loss));
        let joined: Vec<&(&Child, String, Option<Outcome>, PathBuf)> = if let Some(w) = winning {
            result.best_move = Some(w.0.mv.to_string());
            vec![w]
        } else if read.len() == kids.len()
            && read.iter().all(|(_, _, o, _)| *o == Some(Outcome::Win))
        {
            read.iter().collect()
        } else {
            Vec::new()
        };
        let written = if joined.is_empty() {
            None
        } else {
            let outcome = if winning.is_some() {
                WinLoss::Win
            } else {
                WinLoss::Loss
            };
            let moves: Vec<JoinedMove> = joined
                .iter()
                .map(|(c, id, _, proof)| JoinedMove {
                    mv: c.mv.to_string(),
                    shard: id.clone(),
                    mirrored: c.mirrored,
                    proof: proof.clone(),
                })
                .collect();
            let file = write_proof_file(&proof_path(dir, self.id, self.step), |out| {
                write_gathered(out, &pos, outcome, &moves)
            })?;
            Some((outcome, file))
        };
        self.write(dir, &pos, result, written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::solve::{amazons_solve_plan, ShardOrder, SolveSplit};

    /// A split at the first moves of a 6x5 position after B1-B4xB3 and
    /// F4-C4xE4, where White wins by E1-C3xD3 (a refuted reply of the 6x5
    /// campaign, `proofs/6x5-B1-B4xB3/`), in a fresh directory.
    fn plan(name: &str, node_limit: u64) -> (IndexedPlan, PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("cgtk-solve-shard-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // The 6x5 start (`Position::standard`), then the two moves.
        let start = ".B..B./B....B/....../W....W/.W..W. w";
        let root = position_after(start, &["B1-B4xB3", "F4-C4xE4"]).expect("legal moves");
        let options = SolveOptions {
            node_limit: Some(node_limit),
            ..SolveOptions::default()
        };
        let plan = amazons_solve_plan(
            &root,
            SolveSplit::FirstMoves,
            ShardOrder::Solver,
            &[],
            &options,
            &dir,
        );
        (IndexedPlan::new(plan), dir)
    }

    fn shard<'a>(plan: &'a IndexedPlan, mv: &str) -> SolveShard<'a> {
        plan.shard(&line_id(&[mv.to_owned()]))
            .and_then(SolveShard::of)
            .expect("a shard per first move")
    }

    /// A shard searching a long line (E1-A1xB1: no answer in 3 M nodes)
    /// stops and writes `needless` once a sibling's shard, run meanwhile,
    /// proves a winning move (E1-C3xD3) of their parent.
    #[test]
    fn a_solve_under_way_stops_when_a_sibling_settles_its_parent() {
        let (plan, dir) = plan("sibling", 1_000_000_000);
        let long = shard(&plan, "E1-A1xB1");
        let win = shard(&plan, "E1-C3xD3");
        // Stops the long shard if this thread panics (else the scope would
        // wait for it).
        struct StopOnDrop(StopFlag);
        impl Drop for StopOnDrop {
            fn drop(&mut self) {
                self.0.stop();
            }
        }
        let flag = StopFlag::new();
        let result = std::thread::scope(|scope| {
            let handle = scope.spawn(|| long.run(&dir, &plan, Some(&flag)));
            let _guard = StopOnDrop(flag.clone());
            // The long shard is searching by now (it looked above its line
            // when it started).
            std::thread::sleep(Duration::from_millis(300));
            let won = win
                .run(&dir, &plan, None)
                .expect("the winning move's shard");
            assert_eq!(
                won.outcome,
                Some(Outcome::Loss),
                "Black loses after E1-C3xD3"
            );
            // Waits for the long shard before the guard stops it.
            handle.join().expect("no panic")
        })
        .expect("the long shard ends");
        assert_eq!(result.status, SolveStatus::Needless);
        assert_eq!(result.decided_by.as_deref(), Some(win.id));
        assert!(long.is_done(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A set stop flag ends a solve shard at once as `unknown` with limit
    /// `interrupt`, which is not done: the next run proves it.
    #[test]
    fn an_interrupted_solve_is_redone() {
        let (plan, dir) = plan("interrupt", 1_000_000);
        let win = shard(&plan, "E1-C3xD3");
        let flag = StopFlag::new();
        flag.stop();
        let stopped = win.run(&dir, &plan, Some(&flag)).expect("a result");
        assert_eq!(stopped.status, SolveStatus::Unknown);
        assert_eq!(stopped.limit.as_deref(), Some("interrupt"));
        assert!(!win.is_done(&dir));
        let proved = win.run(&dir, &plan, None).expect("a result");
        assert_eq!(proved.status, SolveStatus::Proved);
        assert_eq!(proved.outcome, Some(Outcome::Loss));
        assert!(win.is_done(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
