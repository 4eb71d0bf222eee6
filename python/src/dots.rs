//! The Dots-and-Boxes operations of `cgtk.dots` (`ops::dots`,
//! `ops::dots_play`): each returns the JSON of the CLI's `--json` (and a
//! drawing where one is shown), which `cgtk/dots.py` reads into its types.

use std::path::PathBuf;

use cgtk::ops::dots::{self as ops, MoveOptions, SolveOptions, DEFAULT_NIMBER_NODES};
use cgtk::ops::dots_play::{tournament, MatchOptions};
use cgtk::report::DotsShowReport;
use cgtk::svg;
use pyo3::prelude::*;

use crate::run::{json, limits, run, to_py};

/// The solver's options of `--tt-mb` and `--threads`.
fn solve_options(
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    tt_mb: u64,
    threads: u64,
) -> PyResult<SolveOptions> {
    let mut options = SolveOptions {
        limits: limits(time_limit, node_limit)?,
        ..SolveOptions::default()
    };
    // Ranges are checked by the operation (`ops::bounds`).
    options.solver.tt_mb = usize::try_from(tt_mb).unwrap_or(usize::MAX);
    options.solver.threads = usize::try_from(threads).unwrap_or(usize::MAX);
    Ok(options)
}

/// `dots show --json`: the position read from `text`.
#[pyfunction]
pub fn dots_show(text: &str) -> PyResult<String> {
    let pos = ops::position(text).map_err(to_py)?;
    Ok(json(&DotsShowReport::new(&pos)))
}

/// The position after `edge`, and the boxes the move completes.
#[pyfunction]
pub fn dots_play(text: &str, edge: usize) -> PyResult<(String, usize)> {
    let pos = ops::position(text).map_err(to_py)?;
    let (after, boxes) = ops::play(&pos, edge).map_err(to_py)?;
    Ok((after.to_string(), boxes))
}

/// The drawing of the position.
#[pyfunction]
pub fn dots_svg(text: &str) -> PyResult<String> {
    let pos = ops::position(text).map_err(to_py)?;
    Ok(svg::dots_board_svg(&pos, None))
}

/// `dots solve --json`.
#[pyfunction]
#[pyo3(signature = (text, *, time_limit=None, node_limit=None, tt_mb=256, threads=1))]
pub fn dots_solve(
    py: Python<'_>,
    text: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    tt_mb: u64,
    threads: u64,
) -> PyResult<String> {
    let pos = ops::position(text).map_err(to_py)?;
    let options = solve_options(time_limit, node_limit, tt_mb, threads)?;
    run(py, |stop| ops::solve(&pos, &options, stop, None)).map(|r| json(&r))
}

/// `dots analyze --json` and the board with the moves' values.
#[pyfunction]
#[pyo3(signature = (text, *, time_limit=None, node_limit=None, tt_mb=256, threads=1))]
pub fn dots_analyze(
    py: Python<'_>,
    text: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    tt_mb: u64,
    threads: u64,
) -> PyResult<(String, String)> {
    let pos = ops::position(text).map_err(to_py)?;
    let options = solve_options(time_limit, node_limit, tt_mb, threads)?;
    let report = run(py, |stop| ops::analyze(&pos, &options, stop, None))?;
    Ok((json(&report), svg::dots_board_svg(&pos, Some(&report))))
}

/// `dots nimber --json`.
#[pyfunction]
#[pyo3(signature = (text, *, time_limit=None, node_limit=DEFAULT_NIMBER_NODES))]
pub fn dots_nimber(
    py: Python<'_>,
    text: &str,
    time_limit: Option<f64>,
    node_limit: u64,
) -> PyResult<String> {
    let pos = ops::position(text).map_err(to_py)?;
    let limits = limits(time_limit, Some(node_limit))?;
    run(py, |stop| ops::nimber(&pos, limits, stop)).map(|r| json(&r))
}

/// `dots move RECORD --player P --json`.
#[pyfunction]
#[pyo3(signature = (record, player, *, seed=0, move_ms=1000))]
pub fn dots_move(
    py: Python<'_>,
    record: &str,
    player: &str,
    seed: u64,
    move_ms: u64,
) -> PyResult<String> {
    let options = MoveOptions {
        record: record.to_owned(),
        player: player.to_owned(),
        seed,
        move_ms,
    };
    run(py, |stop| ops::best_move(&options, stop)).map(|r| json(&r))
}

/// `dots tournament --json`.
#[pyfunction]
#[pyo3(signature = (board, players, games, *, seed=0, move_ms=100, threads=1, time_limit=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "the keyword arguments of one call"
)]
pub fn dots_tournament(
    py: Python<'_>,
    board: &str,
    players: Vec<String>,
    games: u64,
    seed: u64,
    move_ms: u64,
    threads: u64,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let options = MatchOptions {
        board: board.to_owned(),
        players,
        games,
        seed,
        move_ms,
        threads,
        time_limit: limits(time_limit, None)?.time,
    };
    run(py, |stop| tournament(&options, stop, &|_, _| {})).map(|r| json(&r))
}

/// `dots table query POS --table DIR --json` and the board with the values.
#[pyfunction]
pub fn dots_table_query(py: Python<'_>, dir: PathBuf, text: &str) -> PyResult<(String, String)> {
    let pos = ops::position(text).map_err(to_py)?;
    let report = run(py, |_| ops::table_query(&dir, &pos))?;
    Ok((json(&report), svg::dots_board_svg(&pos, Some(&report))))
}

/// `dots table info DIR --json`.
#[pyfunction]
pub fn dots_table_info(py: Python<'_>, dir: PathBuf) -> PyResult<String> {
    run(py, |_| ops::table_info(&dir)).map(|r| json(&r))
}
