//! `cgtk._cgtk`, the native module of the Python package `cgtk`: the
//! operations of `cgtk::ops` (the library the CLI and the web server call),
//! each returning the JSON report the CLI prints with `--json` (and the
//! drawings of `cgtk::svg`); the Python sources in `python/cgtk/` read them
//! into their result types. Nothing here computes: it converts arguments,
//! runs the operation without the GIL under a stop flag that a
//! `KeyboardInterrupt` sets (module `run`), and converts errors (bad input is a
//! `ValueError` with the CLI's one line).

use pyo3::prelude::*;

mod amazons;
mod dots;
mod game;
mod run;

/// The native module.
#[pymodule]
fn _cgtk(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("CgtkValueError", m.py().get_type::<run::CgtkValueError>())?;
    m.add_class::<game::Game>()?;
    m.add_class::<amazons::Databases>()?;
    m.add_function(wrap_pyfunction!(game::canon_json, m)?)?;
    m.add_function(wrap_pyfunction!(game::compare_json, m)?)?;
    m.add_function(wrap_pyfunction!(game::thermograph_json_svg, m)?)?;
    m.add_function(wrap_pyfunction!(game::transform_json, m)?)?;
    m.add_function(wrap_pyfunction!(game::incentives_json, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_show, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_play, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_svg, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_solve, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_analyze, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_nimber, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_move, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_table_query, m)?)?;
    m.add_function(wrap_pyfunction!(dots::dots_table_info, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_position, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_from_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_svg, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_eval, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_value, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_solve, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_perft, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_moves, m)?)?;
    m.add_function(wrap_pyfunction!(amazons::amazons_check_proof, m)?)?;
    Ok(())
}
