//! `cgtk.Game` and the calculations of `cgtk cgt ...` (`ops::cgt`).

use cgt::budget::{Limits, OutputLimit, StopFlag};
use cgtk::ops::cgt::{self as ops, CgtOptions, Thermographed, Transform};
use cgtk::report::{CanonReport, CompareReport, IncentivesReport, ThermographReport};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::run::{json, limits, run_quick};

/// A game shorter than this (in bytes) is computed first on the calling
/// thread (see [`run_quick`]): its nesting, and so its recursion, is
/// shallow.
const SMALL: usize = 256;

/// The options of a calculation under `limits`, with the 1 MiB output limit
/// of the CLI (`full`: none, as `--full`).
fn options(limits: Limits, full: bool) -> CgtOptions {
    CgtOptions {
        limits,
        output: if full {
            OutputLimit::NONE
        } else {
            OutputLimit::DEFAULT
        },
    }
}

/// `cgt canon` of `game` under the limits.
fn canon_report(py: Python<'_>, game: &str, limits: Limits, full: bool) -> PyResult<CanonReport> {
    run_quick(
        py,
        game.len() < SMALL,
        limits,
        |l, stop| ops::canon(game, &options(l, full), stop),
        |r| r.limit.is_some(),
    )
}

/// `cgt compare` of `g` and `h` under the limits.
fn compare_report(py: Python<'_>, g: &str, h: &str, limits: Limits) -> PyResult<CompareReport> {
    run_quick(
        py,
        g.len() + h.len() < SMALL,
        limits,
        |l, stop| ops::compare(g, h, &options(l, false), stop),
        |r| r.limit.is_some(),
    )
}

/// `cgt thermograph --json` of `game` (or of the limit that stopped it)
/// and the drawing of `--svg` (`None` when stopped).
fn thermograph_json(
    py: Python<'_>,
    game: &str,
    limits: Limits,
    full: bool,
) -> PyResult<(String, Option<String>)> {
    let done = run_quick(
        py,
        game.len() < SMALL,
        limits,
        |l, stop: &StopFlag| ops::thermograph(game, &options(l, full), stop),
        |t| matches!(t, Thermographed::Stopped(_)),
    )?;
    Ok(match done {
        Thermographed::Done(canonical, t) => {
            let report = ThermographReport::with_canonical(&canonical, &t)
                .map_err(|e| crate::run::to_py(e.into()))?;
            let title = ops::canonical_text(&canonical);
            (json(&report), Some(cgtk::svg::thermograph_svg(&t, &title)))
        }
        Thermographed::Stopped(stopped) => (json(&stopped), None),
    })
}

/// The [`Transform`] named as the CLI's command names it, with its
/// operands (the command's arguments after the game).
fn transform<'a>(op: &str, operands: &'a [String]) -> PyResult<Transform<'a>> {
    let arity = |n: usize| {
        if operands.len() == n {
            Ok(())
        } else {
            Err(crate::run::CgtkValueError::new_err(format!(
                "cgt {op}: {n} operands after the game, not {}",
                operands.len()
            )))
        }
    };
    let one = || operands.first().map(String::as_str).unwrap_or_default();
    Ok(match op {
        "cool" => arity(1).map(|()| Transform::Cool(one()))?,
        "heat" => arity(1).map(|()| Transform::Heat(one()))?,
        "norton" => arity(1).map(|()| Transform::Norton(one()))?,
        "overheat" => arity(2).map(|()| Transform::Overheat(&operands[0], &operands[1]))?,
        "freeze" => arity(0).map(|()| Transform::Freeze)?,
        "atomic-weight" => arity(0).map(|()| Transform::AtomicWeight)?,
        "reduced" => arity(0).map(|()| Transform::Reduced)?,
        _ => {
            return Err(crate::run::CgtkValueError::new_err(format!(
            "no cgt command {op:?}: cool, heat, overheat, freeze, atomic-weight, reduced or norton"
        )))
        }
    })
}

/// What `cgt OP GAME OPERANDS` makes (the canonical form's report).
fn transform_report(
    py: Python<'_>,
    game: &str,
    op: &str,
    operands: &[String],
    limits: Limits,
    full: bool,
) -> PyResult<CanonReport> {
    let how = transform(op, operands)?;
    let length = game.len() + operands.iter().map(String::len).sum::<usize>();
    run_quick(
        py,
        length < SMALL,
        limits,
        |l, stop| ops::transform(game, how, &options(l, full), stop),
        |r| r.limit.is_some(),
    )
}

/// `cgtk cgt OP GAME OPERANDS --json` for OP one of `cool`, `heat`,
/// `overheat`, `freeze`, `atomic-weight`, `reduced`, `norton`: the JSON of
/// the report.
#[pyfunction]
#[pyo3(signature = (game, op, operands, *, time_limit=None, node_limit=None, full=false))]
pub fn transform_json(
    py: Python<'_>,
    game: &str,
    op: &str,
    operands: Vec<String>,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    full: bool,
) -> PyResult<String> {
    let limits = limits(time_limit, node_limit)?;
    Ok(json(&transform_report(
        py, game, op, &operands, limits, full,
    )?))
}

/// `cgtk cgt incentives GAME --json`: the JSON of the report.
#[pyfunction]
#[pyo3(signature = (game, *, time_limit=None, node_limit=None, full=false))]
pub fn incentives_json(
    py: Python<'_>,
    game: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    full: bool,
) -> PyResult<String> {
    let limits = limits(time_limit, node_limit)?;
    Ok(json(&incentives_report(py, game, limits, full)?))
}

/// `cgt incentives` of `game` under the limits.
fn incentives_report(
    py: Python<'_>,
    game: &str,
    limits: Limits,
    full: bool,
) -> PyResult<IncentivesReport> {
    run_quick(
        py,
        game.len() < SMALL,
        limits,
        |l, stop| ops::incentives(game, &options(l, full), stop),
        |r| r.limit.is_some(),
    )
}

/// `cgtk cgt canon GAME --json`: the JSON of the report.
#[pyfunction]
#[pyo3(signature = (game, *, time_limit=None, node_limit=None, full=false))]
pub fn canon_json(
    py: Python<'_>,
    game: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    full: bool,
) -> PyResult<String> {
    let limits = limits(time_limit, node_limit)?;
    Ok(json(&canon_report(py, game, limits, full)?))
}

/// `cgtk cgt compare G H --json`: the JSON of the report.
#[pyfunction]
#[pyo3(signature = (g, h, *, time_limit=None, node_limit=None))]
pub fn compare_json(
    py: Python<'_>,
    g: &str,
    h: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
) -> PyResult<String> {
    let limits = limits(time_limit, node_limit)?;
    Ok(json(&compare_report(py, g, h, limits)?))
}

/// `cgtk cgt thermograph GAME --json --svg FILE`: the JSON and the drawing
/// (`None` when a limit stopped it).
#[pyfunction]
#[pyo3(signature = (game, *, time_limit=None, node_limit=None, full=false))]
pub fn thermograph_json_svg(
    py: Python<'_>,
    game: &str,
    time_limit: Option<f64>,
    node_limit: Option<u64>,
    full: bool,
) -> PyResult<(String, Option<String>)> {
    let limits = limits(time_limit, node_limit)?;
    thermograph_json(py, game, limits, full)
}

/// A short partizan game in CGSuite notation, held as its canonical form.
///
/// ``Game("{3|{2*|1*}}")``, ``Game("^*")``, ``Game("1/2")``, ``Game(3)``,
/// ``Game("{2|1} + {2|1}")``. Games add (``G + H``), subtract and negate;
/// they compare as games do: ``G <= H``, ``G == H`` (equal values),
/// ``G < H``, and ``G.fuzzy(H)`` when neither is at most the other (the
/// relation ``||``). A game is hashable: equal games have the same
/// canonical form.
///
/// A malformed game raises ``ValueError`` (``cgtk.CgtkValueError``) with
/// the column of the error, the line ``cgtk cgt canon`` prints. Long
/// calculations release the GIL and stop on Ctrl-C
/// (``KeyboardInterrupt``).
#[pyclass(module = "cgtk", frozen)]
pub struct Game {
    /// The canonical form, or (when its text is longer than 1 MiB) the game
    /// as given, in parentheses.
    text: String,
    /// Whether `text` is the canonical form.
    canonical: bool,
}

impl Game {
    /// The game whose text is `text`, held as its canonical form.
    fn from_text(py: Python<'_>, text: &str) -> PyResult<Game> {
        let report = canon_report(py, text, Limits::NONE, false)?;
        Ok(match report.canonical {
            Some(c) => Game {
                text: c,
                canonical: true,
            },
            None => Game {
                text: format!("({text})"),
                canonical: false,
            },
        })
    }

    /// The text of a game or of what converts to one (an `int` or a `str`),
    /// `None` for anything else.
    fn text_of(other: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        if let Ok(g) = other.cast::<Game>() {
            return Ok(Some(g.get().text.clone()));
        }
        if other.is_instance_of::<PyString>() {
            return Ok(Some(other.extract::<String>()?));
        }
        if let Ok(n) = other.extract::<i64>() {
            return Ok(Some(n.to_string()));
        }
        Ok(None)
    }

    /// The relation `self` ? `other` (`=`, `<`, `>` or `||`).
    fn relation(&self, py: Python<'_>, other: &str) -> PyResult<String> {
        let report = compare_report(py, &self.text, other, Limits::NONE)?;
        report
            .relation
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("comparison stopped"))
    }

    /// The thermograph's report as a dict.
    fn thermograph_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (text, _) = thermograph_json(py, &self.text, Limits::NONE, false)?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// A stop, the mean or the temperature as a `fractions.Fraction`.
    fn rational<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        let value = self.thermograph_dict(py)?.get_item(key)?;
        py.import("fractions")?.getattr("Fraction")?.call1((value,))
    }
}

#[pymethods]
impl Game {
    /// ``Game(text)``: the game in CGSuite notation (``"{2|1}"``, ``"*"``,
    /// ``"^"``, ``"1/2"``, ``"+-1"``, sums ``"{2|1} + *"``), an ``int``, or
    /// another ``Game``.
    #[new]
    fn new(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<Game> {
        match Game::text_of(game)? {
            Some(text) => Game::from_text(py, &text),
            None => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a game is given by a str, an int or a Game, not {}",
                game.get_type().name()?
            ))),
        }
    }

    /// The canonical form in CGSuite notation, whole however long.
    #[getter]
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        if self.canonical {
            return Ok(self.text.clone());
        }
        let report = canon_report(py, &self.text, Limits::NONE, true)?;
        report
            .canonical
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("canonical form stopped"))
    }

    /// The left stop, ``LW(0)``, as a ``fractions.Fraction``.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rational(py, "left_stop")
    }

    /// The right stop, ``RW(0)``, as a ``fractions.Fraction``.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rational(py, "right_stop")
    }

    /// The mean (the mast's value) as a ``fractions.Fraction``.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rational(py, "mean")
    }

    /// The temperature (where the walls meet the mast; -1 for integers) as a
    /// ``fractions.Fraction``.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rational(py, "temperature")
    }

    /// ``thermograph(*, time_limit=None, node_limit=None)``: the subzero
    /// thermograph (a ``cgtk.Thermograph``, walls as ``Fraction`` pairs),
    /// or a ``cgtk.Stopped`` naming the limit that ended it.
    #[pyo3(signature = (*, time_limit=None, node_limit=None))]
    fn thermograph<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<f64>,
        node_limit: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let limits = limits(time_limit, node_limit)?;
        let (text, svg) = thermograph_json(py, &self.text, limits, false)?;
        py.import("cgtk")?
            .getattr("_thermograph_result")?
            .call1((text, svg))
    }

    /// ``G.cool(t)``: G cooled by the number t (more than -1), as ``cgtk
    /// cgt cool`` gives it.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.made(py, "cool", &[t])
    }

    /// ``G.heat(t)``: G heated by the game t.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.made(py, "heat", &[t])
    }

    /// ``G.overheat(s, t)``: G overheated from s to t.
    fn overheat(
        &self,
        py: Python<'_>,
        s: &Bound<'_, PyAny>,
        t: &Bound<'_, PyAny>,
    ) -> PyResult<Game> {
        self.made(py, "overheat", &[s, t])
    }

    /// ``G.freeze()``: G cooled by its temperature.
    fn freeze(&self, py: Python<'_>) -> PyResult<Game> {
        self.made(py, "freeze", &[])
    }

    /// ``G.atomic_weight()``: the atomic weight of an infinitesimal G
    /// (``ValueError`` with the reason where it has none).
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Game> {
        self.made(py, "atomic-weight", &[])
    }

    /// ``G.reduced()``: the reduced canonical form (G up to an
    /// infinitesimal, simplest).
    fn reduced(&self, py: Python<'_>) -> PyResult<Game> {
        self.made(py, "reduced", &[])
    }

    /// ``G.norton(u)``: the Norton product G.U by a positive game U.
    fn norton(&self, py: Python<'_>, u: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.made(py, "norton", &[u])
    }

    /// ``G.incentives()``: Left's and Right's undominated incentives, two
    /// lists of games.
    fn incentives(&self, py: Python<'_>) -> PyResult<(Vec<Game>, Vec<Game>)> {
        let report = incentives_report(py, &self.text, Limits::NONE, true)?;
        let games = |texts: Option<Vec<String>>| {
            texts
                .unwrap_or_default()
                .into_iter()
                .map(|text| Game {
                    text,
                    canonical: true,
                })
                .collect()
        };
        Ok((games(report.left), games(report.right)))
    }

    /// ``G.compare(H)``: ``"="``, ``"<"``, ``">"`` or ``"||"`` (confused),
    /// as ``cgtk cgt compare`` prints it.
    fn compare(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<String> {
        match Game::text_of(other)? {
            Some(h) => self.relation(py, &h),
            None => Err(pyo3::exceptions::PyTypeError::new_err(
                "a game is compared with a Game, a str or an int",
            )),
        }
    }

    /// ``G.fuzzy(H)``: whether G and H are confused (``G || H``: neither is
    /// at most the other).
    fn fuzzy(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.compare(py, other)? == "||")
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = Game::text_of(other)? else {
            return Ok(py.NotImplemented());
        };
        let r = self.relation(py, &h)?;
        let answer = match op {
            CompareOp::Eq => r == "=",
            CompareOp::Ne => r != "=",
            CompareOp::Lt => r == "<",
            CompareOp::Le => r == "<" || r == "=",
            CompareOp::Gt => r == ">",
            CompareOp::Ge => r == ">" || r == "=",
        };
        Ok(pyo3::types::PyBool::new(py, answer)
            .to_owned()
            .into_any()
            .unbind())
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.canonical(py)?.hash(&mut h);
        Ok(h.finish())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(py, other, |a, b| format!("({a}) + ({b})"))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(py, other, |a, b| format!("({b}) + ({a})"))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(py, other, |a, b| format!("({a}) - ({b})"))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(py, other, |a, b| format!("({b}) - ({a})"))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        Game::from_text(py, &format!("-({})", self.text))
    }

    fn __pos__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Game('{}')", self.text)
    }

    /// The game as a pickle reads it back: ``Game(text)``.
    fn __getnewargs__(&self) -> (String,) {
        (self.text.clone(),)
    }
}

impl Game {
    /// The game `cgt OP` makes from `self` and the operands (games, or
    /// what converts to one).
    fn made(&self, py: Python<'_>, op: &str, operands: &[&Bound<'_, PyAny>]) -> PyResult<Game> {
        let mut texts = Vec::with_capacity(operands.len());
        for o in operands {
            texts.push(Game::text_of(o)?.ok_or_else(|| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "an operand of {op} is a Game, a str or an int, not {}",
                    o.get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ))
            })?);
        }
        let report = transform_report(py, &self.text, op, &texts, Limits::NONE, true)?;
        let text = report
            .canonical
            .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err(format!("{op} stopped")))?;
        Ok(Game {
            text,
            canonical: true,
        })
    }

    /// `self` combined with `other` by the text `f` makes of both, or
    /// `NotImplemented` when `other` is no game.
    fn combine(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl Fn(&str, &str) -> String,
    ) -> PyResult<Py<PyAny>> {
        match Game::text_of(other)? {
            Some(b) => Ok(Py::new(py, Game::from_text(py, &f(&self.text, &b))?)?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }
}
