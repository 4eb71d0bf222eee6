//! Dots-and-Boxes positions: their values and every move's (`dots solve`,
//! `dots analyze`, from the solver or a whole-board table), long solves as
//! plans (`dots plan`), their Nimstring values (`dots nimber`), and the
//! move a player makes in a game record (`dots move`); the same operations
//! answer `/api/dots/...`.
//!
//! ```
//! use cgt::search::StopFlag;
//! use cgtk::ops::dots::{position, solve, SolveOptions};
//!
//! let pos = position("2x1").unwrap();
//! let report = solve(&pos, &SolveOptions::default(), &StopFlag::new(), None).unwrap();
//! assert_eq!(report.value, Some(0));
//! ```

use std::ops::RangeInclusive;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use cgt::budget::{Limit, Limits, Meter, StopFlag};
use databases::dots::{table_info as read_table_info, DotsTable, TableError};
use dots::nimstring::{position_components, Nimstring, NimstringError};
use dots::play::{new_player, Game, Grid, Rng};
use dots::{Analysis, Position, ProgressHook, Solver};

use super::bounds::{check, TABLE_MIB, THREADS};
use super::{bad_input, BadInput};
use crate::report::{
    DotsAnalyzeReport, DotsMoveReport, DotsPvMove, DotsPvReport, DotsSolveReport, NimberComponent,
    NimberMove, NimberReport, TableInfoEntry, TableInfoReport,
};

mod chains;
mod plan;
mod review;

pub use chains::chains;
pub use plan::{solve_plan, DotsPlanOptions};
pub use review::{classify, review, ReviewOptions, ReviewRecord};

/// Reads a position: `WxH`, `WxH:e,e,e` or an ASCII diagram.
pub fn position(text: &str) -> Result<Position> {
    Position::read(text).map_err(|e| bad_input("position", e))
}

/// The position after `edge` is drawn in `pos`, and the boxes that move
/// completes; an edge that is not a legal move is bad input.
pub fn play(pos: &Position, edge: usize) -> Result<(Position, usize)> {
    pos.play(edge)
        .map_err(|e| bad_input(&format!("edge {edge}"), e))
}

/// The solver's switches and the budget of `dots solve` and `dots analyze`.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// The solver's switches, threads ([`THREADS`]) and table size in MiB
    /// ([`TABLE_MIB`]).
    pub solver: dots::Options,
    /// The node and time limits.
    pub limits: Limits,
}

/// How often the solver calls a progress callback.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(500);

/// The solver of `options` for `pos`, stopping when `stop` is set and
/// reporting to `progress`.
fn solver(
    pos: &Position,
    options: &SolveOptions,
    stop: &StopFlag,
    progress: Option<ProgressHook>,
) -> Result<Solver> {
    let opts = options.solver;
    check("--threads", opts.threads as u64, &THREADS)?;
    check("--tt-mb", opts.tt_mb as u64, &TABLE_MIB)?;
    let mut solver = Solver::try_new(pos.board(), opts).map_err(|e| bad_input("--tt-mb", e))?;
    solver.set_stop(Some(stop.clone()));
    solver.set_progress(progress, PROGRESS_INTERVAL);
    Ok(solver)
}

/// `dots solve`: the value of `pos` and every optimal move, or the bounds
/// reached when a limit (or `stop`) ends the search.
pub fn solve(
    pos: &Position,
    options: &SolveOptions,
    stop: &StopFlag,
    progress: Option<ProgressHook>,
) -> Result<DotsSolveReport> {
    let mut solver = solver(pos, options, stop, progress)?;
    let start = Instant::now();
    let result = solver.solve(pos, options.limits);
    let seconds = start.elapsed().as_secs_f64();
    Ok(match result {
        Ok(s) => DotsSolveReport::new(&s, seconds),
        Err(i) => DotsSolveReport::interrupted(&i, seconds),
    })
}

/// `dots analyze`: the value of every legal move of `pos`, or the bounds
/// reached when a limit (or `stop`) ends the search.
pub fn analyze(
    pos: &Position,
    options: &SolveOptions,
    stop: &StopFlag,
    progress: Option<ProgressHook>,
) -> Result<DotsAnalyzeReport> {
    let mut solver = solver(pos, options, stop, progress)?;
    let start = Instant::now();
    let result = solver.analyze(pos, options.limits);
    let seconds = start.elapsed().as_secs_f64();
    Ok(match result {
        Ok(a) => DotsAnalyzeReport::new(pos, &a, seconds),
        Err(i) => DotsAnalyzeReport::interrupted(&i, seconds),
    })
}

/// The principal variation of `pos`: from each position the lowest-numbered
/// optimal move (from the whole-board table in `table` where it covers the
/// position, else from one solver whose transposition table serves every
/// step), until the game ends. `options.limits` bound the whole variation;
/// a limit (or `stop`) ends it with the moves found so far. `progress`
/// hears of each move as it is found.
pub fn principal_variation(
    pos: &Position,
    options: &SolveOptions,
    table: Option<&Path>,
    stop: &StopFlag,
    progress: &dyn Fn(&DotsPvReport),
) -> Result<DotsPvReport> {
    let mut solver = solver(pos, options, stop, None)?;
    let start = Instant::now();
    let mut report = DotsPvReport {
        value: None,
        moves: Vec::new(),
        limit: None,
        nodes: 0,
    };
    let mut here = *pos;
    while !here.is_over() {
        let (value, edge) = match table.map(|dir| table_analysis(dir, &here)).transpose()? {
            Some(Some(t)) => {
                let best = t.moves.iter().find(|m| Some(m.value) == t.value);
                match (t.value, best) {
                    (Some(v), Some(m)) => (v, m.edge.index()),
                    _ => break,
                }
            }
            _ => {
                let limits = remaining(options.limits, report.nodes, start);
                match solver.solve(&here, limits) {
                    Ok(s) => {
                        report.nodes += s.nodes;
                        match s.best_moves.first() {
                            Some(e) => (s.value, e.index()),
                            None => break,
                        }
                    }
                    Err(i) => {
                        report.nodes += i.nodes;
                        report.limit = Some(i.limit.name());
                        break;
                    }
                }
            }
        };
        let (next, captures) = play(&here, edge)?;
        report.value.get_or_insert(value);
        report.moves.push(DotsPvMove {
            edge,
            value,
            captures,
        });
        progress(&report);
        here = next;
    }
    Ok(report)
}

/// What is left of `limits` after `nodes` searched since `start` (at
/// least one node and one millisecond, so that a search that is out of
/// budget stops at once with its limit).
fn remaining(limits: Limits, nodes: u64, start: Instant) -> Limits {
    Limits {
        nodes: limits.nodes.map(|n| n.saturating_sub(nodes).max(1)),
        time: limits.time.map(|t| {
            t.saturating_sub(start.elapsed())
                .max(Duration::from_millis(1))
        }),
    }
}

/// `dots analyze --table DIR`: the analysis of `pos` from the whole-board
/// table in `dir`, if the table there covers the position (`None` if it has
/// no table of the board or misses a shard the position needs).
pub fn table_analysis(dir: &Path, pos: &Position) -> Result<Option<DotsAnalyzeReport>> {
    let start = Instant::now();
    let table = match DotsTable::open(dir, pos.board()) {
        Ok(table) => table,
        Err(TableError::Dir { .. }) => {
            return Err(bad_input(
                &format!("--table {}", dir.display()),
                "not a readable directory",
            ))
        }
        Err(_) => return Ok(None),
    };
    Ok(table.lookup(pos).map(|t| {
        let analysis = Analysis {
            value: t.value,
            moves: t.moves,
            nodes: 0,
        };
        DotsAnalyzeReport::new(pos, &analysis, start.elapsed().as_secs_f64())
    }))
}

/// `dots table query`: the analysis of `pos` from the table in `dir`; a
/// table that is missing or does not cover the position is bad input.
pub fn table_query(dir: &Path, pos: &Position) -> Result<DotsAnalyzeReport> {
    let start = Instant::now();
    let what = || format!("--table {}", dir.display());
    let table = DotsTable::open(dir, pos.board()).map_err(|e| bad_input(&what(), e))?;
    let t = table.analyze(pos).map_err(|e| bad_input(&what(), e))?;
    let analysis = Analysis {
        value: t.value,
        moves: t.moves,
        nodes: 0,
    };
    Ok(DotsAnalyzeReport::new(
        pos,
        &analysis,
        start.elapsed().as_secs_f64(),
    ))
}

/// `dots table info`: the whole-board tables in `dir`.
pub fn table_info(dir: &Path) -> Result<TableInfoReport> {
    let tables = read_table_info(dir).map_err(|e| bad_input(&dir.display().to_string(), e))?;
    Ok(TableInfoReport {
        tables: tables
            .iter()
            .map(|t| TableInfoEntry {
                bits_per_value: t.bits,
                board: t.board.clone(),
                board_positions: t.board_positions,
                bytes: t.bytes,
                complete: t.complete(),
                files: t.expected,
                positions: t.positions,
                valid: t.valid,
            })
            .collect(),
    })
}

/// The range of the most parts one shard of a whole-board table is split
/// into.
pub const SHARD_PARTS: RangeInclusive<u64> = 1..=1000;

/// The range of `dots nimber --node-limit`: component positions valued or
/// tested (each takes about 10 to 30 µs and 21 to 43 bytes in a release
/// build).
pub const NIMBER_NODES: RangeInclusive<u64> = 1..=1_000_000_000;

/// The default node limit of `dots nimber`: up to about half a minute of
/// work (a component position takes about 10 to 30 µs in a release build,
/// more in larger components; BENCHMARKS.md), enough for the empty boards
/// of up to ten boxes.
pub const DEFAULT_NIMBER_NODES: u64 = 1_000_000;

/// `dots nimber`: the Nimstring value of `pos` under `limits` (the node
/// limit counts component positions valued, within [`NIMBER_NODES`]) and
/// `stop`: the components first (the position's value is their sum), then
/// every legal move in increasing edge order. A limit ends the work; the
/// report then names it and holds what was valued before it.
pub fn nimber(pos: &Position, limits: Limits, stop: &StopFlag) -> Result<NimberReport> {
    nimber_watched(pos, limits, stop, &|_| {})
}

/// [`nimber`], telling `progress` the report so far after each component
/// and each move valued.
pub fn nimber_watched(
    pos: &Position,
    limits: Limits,
    stop: &StopFlag,
    progress: &dyn Fn(&NimberReport),
) -> Result<NimberReport> {
    if let Some(nodes) = limits.nodes {
        check("--node-limit", nodes, &NIMBER_NODES)?;
    }
    let mut nim = Nimstring::with_meter(Meter::new(limits, Some(stop)));
    let mut r = NimberReport {
        nimber: None,
        loony: false,
        moves: Vec::new(),
        components: Vec::new(),
        limit: None,
        positions: 0,
    };
    r.limit = fill(&mut nim, pos, &mut r, progress).err().map(Limit::name);
    r.positions = nim.positions();
    Ok(r)
}

/// Values the components, the position and the moves into `r`, until a
/// limit.
fn fill(
    nim: &mut Nimstring,
    pos: &Position,
    r: &mut NimberReport,
    progress: &dyn Fn(&NimberReport),
) -> Result<(), Limit> {
    let stopped = |e: NimstringError| match e {
        NimstringError::LimitReached { limit, .. } => limit,
    };
    for c in position_components(pos) {
        let value = nim.graph_value(&c.graph).map_err(stopped)?;
        r.components.push(NimberComponent {
            boxes: c.boxes,
            edges: c.edges.iter().map(|e| e.index()).collect(),
            nimber: value.nimber(),
            loony: value.is_loony(),
        });
        r.positions = nim.positions();
        progress(r);
    }
    let value = nim.value(pos).map_err(stopped)?;
    r.nimber = value.nimber();
    r.loony = value.is_loony();
    for edge in pos.legal_moves().iter() {
        let m = nim.move_value(pos, edge).map_err(stopped)?;
        r.moves.push(NimberMove {
            edge: m.edge.index(),
            nimber: m.value.nimber(),
            loony: m.value.is_loony(),
            captures: m.captures,
            winning: m.is_winning(),
        });
        r.positions = nim.positions();
        progress(r);
    }
    Ok(())
}

/// The range of a player's time per move, in milliseconds.
pub const MOVE_MS: RangeInclusive<u64> = 1..=60_000;

/// A game record and the player of `dots move`.
#[derive(Clone, Debug)]
pub struct MoveOptions {
    /// The game so far: `WxH` or `WxH:e,e,e` with the edges in the order
    /// drawn (the record `dots play` prints).
    pub record: String,
    /// The player (a name `dots tournament` takes, e.g. `level2` or
    /// `mcts:nodes=2000`).
    pub player: String,
    /// Seed of the player's random numbers.
    pub seed: u64,
    /// Time per move in milliseconds ([`MOVE_MS`]) for a search player
    /// whose name sets no budget.
    pub move_ms: u64,
}

/// `dots move`: the edge the player draws after the moves of the record; a
/// search player stops thinking when `stop` is set (it then plays the move
/// its budget's end would give).
pub fn best_move(options: &MoveOptions, stop: &StopFlag) -> Result<DotsMoveReport> {
    check("--move-ms", options.move_ms, &MOVE_MS)?;
    let (grid, edges) = split_record(&options.record)?;
    let game = replay(&grid, edges)?;
    if game.is_over() {
        return Err(bad_input("position", "the game is over: no move to make"));
    }
    // The player's errors name it already (`unknown player "x"`, `player
    // net: ...`).
    let mut p = new_player(&options.player, options.move_ms)
        .map_err(|e| anyhow::Error::new(BadInput(e.to_string())))?;
    p.fits(&grid, game.num_legal())
        .map_err(|e| bad_input("player", e))?;
    p.set_stop(Some(stop.clone()));
    let edge = p
        .choose(&game, &mut Rng::new(options.seed))
        .map_err(|e| bad_input("player", e))?;
    Ok(DotsMoveReport {
        edge,
        player: options.player.clone(),
    })
}

/// Replays the moves of a game record (`e,e,...`, edges in the order
/// drawn; empty for none), so that the scores and the side to move are
/// those of the game.
pub fn replay<'g>(grid: &'g Grid, edges: &str) -> Result<Game<'g>> {
    let games = games(grid, &record_edges(edges)?)?;
    Ok(games[games.len() - 1])
}

/// The game on `grid` after each number of the moves `edges` (in the
/// order drawn), from none to all; a move that is not legal where it is
/// played is bad input.
pub fn games<'g>(grid: &'g Grid, edges: &[usize]) -> Result<Vec<Game<'g>>> {
    let mut games = vec![Game::new(grid)];
    for (i, &e) in edges.iter().enumerate() {
        let mut next = games[i];
        next.play(e)
            .map_err(|err| bad_input("position", format!("move {}: {err}", i + 1)))?;
        games.push(next);
    }
    Ok(games)
}

/// The edges of a game record's moves (`e,e,...`; empty for none), in the
/// order drawn.
pub fn record_edges(edges: &str) -> Result<Vec<usize>> {
    if edges.trim().is_empty() {
        return Ok(Vec::new());
    }
    edges
        .split(',')
        .enumerate()
        .map(|(i, word)| {
            let word = word.trim();
            word.parse().map_err(|_| {
                bad_input(
                    "position",
                    format!("move {}: {word:?} is not an edge number", i + 1),
                )
            })
        })
        .collect()
}

/// The grid of a game record and the rest of the record after the colon.
pub fn split_record(record: &str) -> Result<(Grid, &str)> {
    let record = record.trim();
    let (size, edges) = record.split_once(':').unwrap_or((record, ""));
    let grid = Grid::parse(size).map_err(|e| bad_input("position", e))?;
    Ok((grid, edges))
}
