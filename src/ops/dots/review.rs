//! `dots review`: a game record's positions analysed one after another
//! (one solver, whose transposition table serves every position), and
//! every move measured against the best move of the position before it.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use cgt::budget::{Limit, StopFlag};
use dots::play::{Game, Grid};
use dots::{Board, ProgressHook};

use super::{record_edges, remaining, solver, split_record, table_analysis, SolveOptions};
use crate::ops::bad_input;
use crate::report::{
    DotsAnalyzeReport, DotsReviewReport, MoveClass, ReviewEdge, ReviewMove, ReviewPosition,
};

/// The options of `dots review`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReviewOptions {
    /// The solver's switches and the limits of the whole review.
    pub solve: SolveOptions,
    /// The first position to analyse (after this many moves): the ones
    /// before it are only replayed (a caller that has them already).
    pub from: usize,
    /// The most time one position's analysis may take: a position it
    /// stops is reported with the margins still possible and the review
    /// goes on to the next (the review's own limits still end it).
    pub position_time: Option<Duration>,
}

/// The class of a move worth `value` to its mover where the best move is
/// worth `best`, when the mover leads by `lead` boxes so far (their boxes
/// minus the opponent's). The game's result for the mover is the sign of
/// their final margin, `lead + value` under perfect play after the move:
/// a move that keeps the best value is [`MoveClass::Best`]; one that lowers
/// that sign (a win to a tie or a loss, a tie to a loss) is a
/// [`MoveClass::Blunder`]; any other that gives boxes away a
/// [`MoveClass::Mistake`].
///
/// ```
/// use cgtk::ops::dots::classify;
/// use cgtk::report::MoveClass;
///
/// assert_eq!(classify(0, 3, 3), MoveClass::Best);
/// assert_eq!(classify(0, 3, 1), MoveClass::Mistake);
/// assert_eq!(classify(0, 1, -1), MoveClass::Blunder);
/// // Ahead by 4, the mover still wins after losing 2 of 3.
/// assert_eq!(classify(4, 3, -1), MoveClass::Mistake);
/// ```
pub fn classify(lead: i32, best: i32, value: i32) -> MoveClass {
    if value >= best {
        MoveClass::Best
    } else if (lead + value).signum() < (lead + best).signum() {
        MoveClass::Blunder
    } else {
        MoveClass::Mistake
    }
}

/// `"first"` or `"second"`.
fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "first"
    } else {
        "second"
    }
}

/// The first player's final margin in `game` when the player to move gets
/// `value` more of the boxes left than the other.
fn first_margin(game: &Game<'_>, value: i32) -> i32 {
    let [a, b] = game.score();
    let diff = a as i32 - b as i32;
    if game.to_move() == 0 {
        diff + value
    } else {
        diff - value
    }
}

/// A game record to review (`WxH:e,e,...`, the edges in the order drawn):
/// a board the solver takes (at most 64 edges) and moves that are each
/// legal where they are played.
#[derive(Clone, Debug)]
pub struct ReviewRecord {
    grid: Grid,
    board: Board,
    edges: Vec<usize>,
}

impl ReviewRecord {
    /// Reads and checks `record`: a malformed record, a board beyond the
    /// solver or an illegal move is bad input.
    pub fn read(record: &str) -> Result<ReviewRecord> {
        let (grid, text) = split_record(record)?;
        let board =
            Board::new(grid.width(), grid.height()).map_err(|e| bad_input("position", e))?;
        let edges = record_edges(text)?;
        let record = ReviewRecord { grid, board, edges };
        record.games()?;
        Ok(record)
    }

    /// How many moves the record has.
    pub fn moves(&self) -> usize {
        self.edges.len()
    }

    /// The game after each number of moves, from none to all.
    fn games(&self) -> Result<Vec<Game<'_>>> {
        super::games(&self.grid, &self.edges)
    }
}

/// `dots review`: the positions of `record` from position `options.from`
/// to the last, each analysed (from the whole-board table in `table` where
/// it covers the position, else by one solver), and each move from them
/// measured against the best move ([`classify`]). `options.solve.limits`
/// bound the whole review; a limit (or `stop`) ends it with the positions
/// and moves found so far, the position it stopped in with the margins
/// still possible. `progress` hears the solver's progress within a
/// position, `each` the report after each position.
pub fn review(
    record: &ReviewRecord,
    options: &ReviewOptions,
    table: Option<&Path>,
    stop: &StopFlag,
    progress: Option<ProgressHook>,
    each: &dyn Fn(&DotsReviewReport),
) -> Result<DotsReviewReport> {
    let start = Instant::now();
    let edges = &record.edges;
    if options.from > edges.len() {
        return Err(bad_input(
            "from",
            format!(
                "{} is beyond the record's {} moves",
                options.from,
                edges.len()
            ),
        ));
    }
    let games = record.games()?;
    let mut solver = solver(
        &dots::Position::empty(record.board),
        &options.solve,
        stop,
        progress,
    )?;
    let mut report = DotsReviewReport {
        board: record.grid.to_string(),
        from: options.from,
        limit: None,
        moves: Vec::new(),
        nodes: 0,
        positions: Vec::new(),
        seconds: 0.0,
    };
    for (ply, game) in games.iter().enumerate().skip(options.from) {
        let pos = game
            .position()
            .ok_or_else(|| bad_input("position", "the board has more than 64 edges"))?;
        let analysis = if game.is_over() {
            None
        } else if let Some(t) = table
            .map(|dir| table_analysis(dir, &pos))
            .transpose()?
            .flatten()
        {
            Some(t)
        } else {
            let mut limits = remaining(options.solve.limits, report.nodes, start);
            if let Some(t) = options.position_time {
                limits.time = Some(limits.time.map_or(t, |left| left.min(t)));
            }
            let a = match solver.analyze(&pos, limits) {
                Ok(a) => DotsAnalyzeReport::new(&pos, &a, 0.0),
                Err(i) => {
                    // The position's own time ran out, not the review's:
                    // go on with the next position.
                    let review_left = options
                        .solve
                        .limits
                        .time
                        .is_none_or(|t| start.elapsed() < t);
                    let own = i.limit == Limit::Time && options.position_time.is_some();
                    if !(own && review_left) {
                        report.limit = Some(i.limit.name());
                    }
                    DotsAnalyzeReport::interrupted(&i, 0.0)
                }
            };
            report.nodes += a.nodes;
            Some(a)
        };
        let here = position(ply, game, analysis.as_ref());
        if let (Some(a), Some(&edge)) = (&analysis, edges.get(ply)) {
            if let Some(best) = a.value {
                report.moves.push(measure(ply, game, a, best, edge));
            }
        }
        report.positions.push(here);
        report.seconds = start.elapsed().as_secs_f64();
        each(&report);
        if report.limit.is_some() {
            break;
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// Position `ply` of the review: `game` with its analysis (none when the
/// game is over).
fn position(ply: usize, game: &Game<'_>, a: Option<&DotsAnalyzeReport>) -> ReviewPosition {
    let value = match a {
        None => Some(0),
        Some(a) => a.value,
    };
    let margin_range = a.and_then(|a| {
        let (lo, hi) = (a.lower?, a.upper?);
        let (x, y) = (first_margin(game, lo), first_margin(game, hi));
        Some([x.min(y), x.max(y)])
    });
    ReviewPosition {
        limit: a.and_then(|a| a.limit),
        margin: value.map(|v| first_margin(game, v)),
        margin_range,
        nodes: a.map_or(0, |a| a.nodes),
        moves: a.map_or_else(Vec::new, |a| {
            a.moves
                .iter()
                .map(|m| ReviewEdge {
                    edge: m.edge.index(),
                    loony: m.loony,
                    margin: first_margin(game, m.value),
                    value: m.value,
                })
                .collect()
        }),
        ply,
        score: game.score(),
        to_move: side_name(game.to_move()),
        value,
    }
}

/// Move `ply + 1` (`edge`) from `game`, whose analysis `a` has the value
/// `best`.
fn measure(
    ply: usize,
    game: &Game<'_>,
    a: &DotsAnalyzeReport,
    best: i32,
    edge: usize,
) -> ReviewMove {
    let value = a
        .moves
        .iter()
        .find(|m| m.edge.index() == edge)
        .map_or(best, |m| m.value);
    let [s0, s1] = game.score();
    let mover = game.to_move();
    let lead = if mover == 0 {
        s0 as i32 - s1 as i32
    } else {
        s1 as i32 - s0 as i32
    };
    let mut after = *game;
    let captures = after.play_unchecked(edge);
    ReviewMove {
        best,
        captures,
        class: classify(lead, best, value),
        edge,
        loss: best - value,
        margin: first_margin(game, value),
        mover: side_name(mover),
        ply: ply + 1,
        value,
    }
}
