//! The Amazons operations of `cgtk.amazons` (`ops::amazons`, `ops::db`):
//! each returns the JSON of the CLI's `--json` (and a drawing where one is
//! shown), which `cgtk/amazons.py` reads into its types.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use cgtk::ops::amazons::{
    self as ops, CheckProofOptions, ProofOptions, SolveOptions, SolveProgress, ValueOptions,
};
use cgtk::ops::cgt::canonical_text;
use cgtk::ops::db;
use cgtk::report::{AmazonsEvalReport, ThermographReport};
use cgtk::svg;
use pyo3::prelude::*;

use crate::run::{json, limits, run, to_py};

/// Endgame databases of a directory, opened lazily (headers now, each table
/// read and checked when a lookup first needs it), as ``--db DIR`` opens
/// them: ``cgtk.amazons.Databases(dir)``. Files that cannot be read are
/// left out and named in ``left_out``.
#[pyclass(module = "cgtk.amazons", frozen)]
pub struct Databases {
    dbs: Arc<databases::Databases>,
    dir: PathBuf,
    left_out: Arc<Mutex<Vec<String>>>,
}

#[pymethods]
impl Databases {
    /// ``Databases(dir)``: the databases in ``dir`` (a directory that
    /// cannot be listed raises ``ValueError``).
    #[new]
    fn new(dir: PathBuf) -> PyResult<Databases> {
        let left_out = Arc::new(Mutex::new(Vec::new()));
        let sink = left_out.clone();
        let dbs = db::open(
            &dir,
            Arc::new(move |e: &str| {
                if let Ok(mut v) = sink.lock() {
                    v.push(e.to_owned());
                }
            }),
        )
        .map_err(to_py)?;
        Ok(Databases {
            dbs: Arc::new(dbs),
            dir,
            left_out,
        })
    }

    /// The files left out so far (``FILE: REASON``), as ``--db`` warns of
    /// them.
    #[getter]
    fn left_out(&self) -> Vec<String> {
        self.left_out.lock().map(|v| v.clone()).unwrap_or_default()
    }

    /// The directory.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// The JSON of ``db query POS --blockers B --json``.
    #[pyo3(signature = (position, blockers=Vec::new()))]
    fn _query(&self, py: Python<'_>, position: &str, blockers: Vec<String>) -> PyResult<String> {
        let (pos, set) = db::query_position(position, &blockers).map_err(to_py)?;
        run(py, |_| db::query_report(&db::query(&self.dbs, &pos, set)?)).map(|r| json(&r))
    }

    fn __repr__(&self) -> String {
        format!("Databases({:?})", self.dir.display().to_string())
    }
}

/// The position of `text` (a position or a size `WxH`), normalised, with
/// its width, height and side to move.
#[pyfunction]
pub fn amazons_position(text: &str) -> PyResult<(String, u8, u8, &'static str)> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let size = pos.size();
    Ok((
        pos.to_string(),
        size.width(),
        size.height(),
        cgtk::report::color_name(pos.to_move()),
    ))
}

/// The position after the main line of an SGF game record.
#[pyfunction]
pub fn amazons_from_sgf(text: &str) -> PyResult<String> {
    Ok(ops::position_from_sgf(text).map_err(to_py)?.to_string())
}

/// The drawing of the position.
#[pyfunction]
pub fn amazons_svg(text: &str) -> PyResult<String> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    Ok(svg::amazons_board_svg(&pos, None))
}

/// `amazons eval --json` and the board with its areas coloured.
#[pyfunction]
#[pyo3(signature = (text, *, basic_partition=false, db=None))]
pub fn amazons_eval(
    py: Python<'_>,
    text: &str,
    basic_partition: bool,
    db: Option<&Databases>,
) -> PyResult<(String, String)> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let oracle = db.map(|d| d.dbs.clone());
    let report = run(py, |_| {
        let oracle = oracle.as_deref().map(|d| d as &dyn amazons::AreaOracle);
        Ok(AmazonsEvalReport::new(
            &pos,
            &ops::evaluate(&pos, basic_partition, oracle),
        ))
    })?;
    Ok((json(&report), svg::amazons_board_svg(&pos, Some(&report))))
}

/// `amazons value --json` and the drawing of `--svg` (`None` when a limit
/// stopped it).
#[pyfunction]
#[pyo3(signature = (text, *, time_limit=None, node_limit=None, tt_mb=ops::VALUE_TT_MB, full=false))]
pub fn amazons_value(
    py: Python<'_>,
    text: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    tt_mb: u64,
    full: bool,
) -> PyResult<(String, Option<String>)> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let options = ValueOptions {
        limits: limits(time_limit, node_limit)?,
        tt_mb,
        output: if full {
            cgt::budget::OutputLimit::NONE
        } else {
            cgt::budget::OutputLimit::DEFAULT
        },
    };
    let outcome = run(py, |stop| ops::value(&pos, &options, stop, &()))?;
    match outcome {
        Ok((canonical, t)) => {
            let report =
                ThermographReport::with_canonical(&canonical, &t).map_err(|e| to_py(e.into()))?;
            let title = canonical_text(&canonical);
            Ok((json(&report), Some(svg::thermograph_svg(&t, &title))))
        }
        Err(stopped) => Ok((json(&stopped), None)),
    }
}

/// `amazons solve --json` (with `--proof FILE` and `--pv`).
#[pyfunction]
#[pyo3(signature = (text, *, time_limit=None, node_limit=None, tt_mb=256, threads=1, proof=None, pv=false, db=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "the keyword arguments of one call"
)]
pub fn amazons_solve(
    py: Python<'_>,
    text: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    tt_mb: u64,
    threads: u64,
    proof: Option<PathBuf>,
    pv: bool,
    db: Option<&Databases>,
) -> PyResult<String> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let options = SolveOptions {
        tt_mb,
        threads,
        limits: limits(time_limit, node_limit)?,
        db: db.map(|d| d.dbs.clone()),
        proof: proof.map(ProofOptions::new),
        pv,
        ..SolveOptions::default()
    };
    run(py, |stop| {
        ops::solve(&pos, &options, stop, SolveProgress::default())
    })
    .map(|r| json(&r))
}

/// `amazons moves POS --then MOVES --json`.
#[pyfunction]
#[pyo3(signature = (text, then=Vec::new()))]
pub fn amazons_moves(text: &str, then: Vec<String>) -> PyResult<String> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let then: Vec<&str> = then.iter().map(String::as_str).collect();
    Ok(json(&ops::moves(&pos, &then).map_err(to_py)?))
}

/// `amazons perft POS DEPTH --json`.
#[pyfunction]
#[pyo3(signature = (text, depth, *, time_limit=None))]
pub fn amazons_perft(
    py: Python<'_>,
    text: &str,
    depth: u32,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let pos = ops::parse_position_or_size(text).map_err(to_py)?;
    let time = limits(time_limit, None)?.time;
    run(py, |stop| ops::perft(&pos, depth, time, stop)).map(|r| json(&r))
}

/// `amazons check-proof FILE --json`.
#[pyfunction]
#[pyo3(signature = (path, *, threads=None, leaf_limit=amazons::DEFAULT_LEAF_LIMIT, time_limit=None))]
pub fn amazons_check_proof(
    py: Python<'_>,
    path: PathBuf,
    threads: Option<u64>,
    leaf_limit: u64,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let options = CheckProofOptions {
        threads,
        leaf_limit,
        time_limit: limits(time_limit, None)?.time,
    };
    let checked = run(py, |stop| ops::check_proof(&path, &options, stop, &()))?;
    Ok(match checked {
        Ok(report) => json(&report),
        Err(stopped) => json(&stopped.report()),
    })
}
