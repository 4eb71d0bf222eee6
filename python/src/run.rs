//! How a Python call runs an operation: without the GIL, on a thread of its
//! own with the stack the CLI's commands have, under a `StopFlag` that a
//! `KeyboardInterrupt` sets; and how the operations' errors become Python
//! exceptions.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use cgt::budget::{Limits, StopFlag};
use cgtk::ops::{one_line, BadInput};
use pyo3::exceptions::PyRuntimeError;
use pyo3::panic::PanicException;
use pyo3::prelude::*;

pyo3::create_exception!(
    cgtk,
    CgtkValueError,
    pyo3::exceptions::PyValueError,
    "Bad input (a malformed game, position, move, file, or an option out of \
     range): a `ValueError` whose message is the line the CLI prints for the \
     same input, naming what is wrong and where."
);

/// How long the calling thread waits for the computation between two looks
/// at Python's signals.
const SLICE: Duration = Duration::from_millis(50);

/// The stack of the thread that computes: that of the CLI's commands (game
/// values of `cgt::MAX_DEPTH` levels recurse deeply).
const STACK_BYTES: usize = 64 << 20;

/// The error of an operation as a Python exception: bad input is a
/// `ValueError` ([`CgtkValueError`]) with the CLI's one line, anything else
/// a `RuntimeError` with it.
pub fn to_py(err: anyhow::Error) -> PyErr {
    if err.downcast_ref::<BadInput>().is_some() {
        CgtkValueError::new_err(one_line(&err))
    } else {
        PyRuntimeError::new_err(one_line(&err))
    }
}

/// Runs `work` without the GIL on a thread of its own, with a fresh
/// [`StopFlag`]. The calling thread waits in slices of 50 ms and looks at
/// Python's signals between them: on `KeyboardInterrupt` (or any exception a
/// signal handler raises) it sets the flag, waits for `work` to return
/// (every operation stops within about a second of its flag) and raises the
/// exception. A panic (a bug) is a `PanicException`.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&StopFlag) -> anyhow::Result<T> + Send,
{
    let stop = StopFlag::new();
    let (result, signal) = py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let stop = &stop;
            let worker = std::thread::Builder::new()
                .name("cgtk".to_owned())
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let _ = tx.send(work(stop));
                });
            let worker = match worker {
                Ok(worker) => worker,
                Err(e) => return (Err(PyRuntimeError::new_err(e.to_string())), None),
            };
            let mut signal: Option<PyErr> = None;
            loop {
                match rx.recv_timeout(SLICE) {
                    Ok(result) => return (result.map_err(to_py), signal),
                    Err(RecvTimeoutError::Timeout) => {
                        if signal.is_none() {
                            if let Err(e) = Python::attach(|py| py.check_signals()) {
                                stop.stop();
                                signal = Some(e);
                            }
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        let message = match worker.join() {
                            Err(payload) => panic_text(payload.as_ref()),
                            Ok(()) => "the computation ended without a result".to_owned(),
                        };
                        return (Err(PanicException::new_err(message)), signal);
                    }
                }
            }
        })
    });
    match signal {
        Some(e) => Err(e),
        None => result,
    }
}

/// Runs `work` on the calling thread (without the GIL) when `small` and the
/// caller set no limit, under a limit of 20 ms: a call on a small game
/// takes microseconds, less than starting a thread. When that limit stops
/// it (`stopped` says so), or when the call is not small, it runs again by
/// [`run`], with the caller's limits and Ctrl-C.
pub fn run_quick<T, F>(
    py: Python<'_>,
    small: bool,
    limits: Limits,
    work: F,
    stopped: impl Fn(&T) -> bool,
) -> PyResult<T>
where
    T: Send,
    F: Fn(Limits, &StopFlag) -> anyhow::Result<T> + Send + Sync,
{
    if small && limits == Limits::NONE {
        let quick = Limits::time(Duration::from_millis(20));
        let first = py.detach(|| work(quick, &StopFlag::new())).map_err(to_py)?;
        if !stopped(&first) {
            return Ok(first);
        }
    }
    run(py, |stop| work(limits, stop))
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_owned());
    format!("internal error (please report it): {text}")
}

/// The limits of a call's keyword arguments: `time_limit` in seconds (more
/// than 0, at most `cgt`'s bound, as `--time-limit` takes it), `node_limit`
/// at least 1.
pub fn limits(time_limit: Option<f64>, node_limit: Option<u64>) -> PyResult<Limits> {
    let time = match time_limit {
        Some(s) => Some(Duration::from_secs_f64(
            cgtk::ops::bounds::check_above_zero("time_limit", s, cgtk::ops::bounds::MAX_SECONDS)
                .map_err(to_py)?,
        )),
        None => None,
    };
    if let Some(n) = node_limit {
        cgtk::ops::bounds::check("node_limit", n, &(1..=u64::MAX)).map_err(to_py)?;
    }
    Ok(Limits {
        nodes: node_limit,
        time,
    })
}

/// A report as the JSON the CLI prints with `--json`, for the Python side
/// to read into its result types.
pub fn json<T: serde::Serialize>(report: &T) -> String {
    cgtk::report::to_json_line(report)
}
