//! Game values of short partizan games given in CGSuite notation: canonical
//! forms, comparison, thermographs, and the games made from a game (cooled,
//! heated, overheated, frozen, its atomic weight, reduced canonical form,
//! Norton product, incentives) (`cgtk cgt ...`, `/api/cgt/...`).
//!
//! ```
//! use cgt::search::StopFlag;
//! use cgtk::ops::cgt::{canon, compare, CgtOptions};
//!
//! let options = CgtOptions::default();
//! let report = canon("{2|1} + {2|1}", &options, &StopFlag::new()).unwrap();
//! assert_eq!(report.canonical.as_deref(), Some("3"));
//! let report = compare("*", "0", &options, &StopFlag::new()).unwrap();
//! assert_eq!(report.relation.as_deref(), Some("||"));
//! ```

use std::io::Write;

use anyhow::Result;
use cgt::budget::{Limits, OutputLimit, StopFlag};
use cgt::{Arena, CgtError, GameId, ParseGameError, Thermograph, ThermographCache};

use super::bad_input;
use crate::report::{stop_reason, CanonReport, CompareReport, IncentivesReport};

/// The budget of a computation on games: a sum of games that are not
/// number-up-star values can take time exponential in its length (a sum of
/// n switches has up to 2^n positions), and so can comparing deep games.
#[derive(Clone, Copy, Debug, Default)]
pub struct CgtOptions {
    /// The time limit and the step limit (sums of games that are not both
    /// number-up-star values, comparisons that look at options, and
    /// thermographs of games that are not number-up-star).
    pub limits: Limits,
    /// How long a canonical form may be printed; a longer one is reported
    /// by its size and birthday.
    pub output: OutputLimit,
}

/// An arena that stops at `options`' limits or when `stop` is set.
fn arena(options: &CgtOptions, stop: &StopFlag) -> Arena {
    let mut arena = Arena::new();
    arena.set_limits(options.limits, Some(stop.clone()));
    arena
}

/// The canonical form of `game`, or the limit that stopped it, or its size
/// when its text is longer than `options.output`.
pub fn canon(game: &str, options: &CgtOptions, stop: &StopFlag) -> Result<CanonReport> {
    let mut arena = arena(options, stop);
    Ok(match parse_game(&mut arena, game)? {
        Ok(g) => CanonReport::new(&arena, g, options.output),
        Err(stopped) => stopped,
    })
}

/// Writes the canonical form of `game` whole into `out`, however long,
/// without building its text in memory; a limit that stops it writes the
/// words of [`canonical_text`] instead.
pub fn write_canonical(
    game: &str,
    options: &CgtOptions,
    stop: &StopFlag,
    out: &mut dyn Write,
) -> Result<()> {
    let mut arena = arena(options, stop);
    match parse_game(&mut arena, game)? {
        Ok(g) => writeln!(out, "{}", arena.display(g))?,
        Err(stopped) => writeln!(out, "{}", canonical_text(&stopped))?,
    }
    Ok(())
}

/// The canonical form for people: the text, `unknown` with the limit, or
/// the size of a text too long to print.
pub fn canonical_text(report: &CanonReport) -> String {
    match (&report.canonical, &report.too_large) {
        (Some(text), _) => text.clone(),
        (None, Some(big)) => format!(
            "too large to print: {} bytes, birthday {} (--full prints it whole)",
            big.bytes, big.birthday
        ),
        (None, None) => unknown_text(report.limit, report.steps),
    }
}

/// `unknown (time limit reached after N sums and comparisons of games)`.
pub fn unknown_text(limit: Option<&str>, steps: Option<u64>) -> String {
    format!(
        "unknown ({} after {} sums and comparisons of games)",
        stop_reason(limit.unwrap_or("time")),
        steps.unwrap_or(0)
    )
}

/// How `g` compares with `h`, or the limit that stopped it.
pub fn compare(g: &str, h: &str, options: &CgtOptions, stop: &StopFlag) -> Result<CompareReport> {
    let mut arena = arena(options, stop);
    let stopped = |r: CanonReport| CompareReport {
        limit: r.limit,
        relation: None,
        steps: r.steps,
    };
    let g = match parse_game(&mut arena, g)? {
        Ok(g) => g,
        Err(r) => return Ok(stopped(r)),
    };
    let h = match parse_game(&mut arena, h)? {
        Ok(h) => h,
        Err(r) => return Ok(stopped(r)),
    };
    Ok(match arena.checked_compare(g, h) {
        Ok(relation) => CompareReport {
            limit: None,
            relation: Some(relation.symbol().to_owned()),
            steps: None,
        },
        Err(CgtError::LimitReached { limit, positions }) => {
            stopped(CanonReport::stopped(limit, positions))
        }
        Err(err) => return Err(bad_input("compare", err)),
    })
}

/// A thermograph computed, or the limit that stopped it.
#[derive(Clone, Debug)]
pub enum Thermographed {
    /// The canonical form (within the output limit) and the thermograph.
    Done(CanonReport, Thermograph),
    /// The limit that stopped the computation.
    Stopped(CanonReport),
}

/// The canonical form of `game` (within `options.output`) and its
/// thermograph, or the limit that stopped it.
pub fn thermograph(game: &str, options: &CgtOptions, stop: &StopFlag) -> Result<Thermographed> {
    let mut arena = arena(options, stop);
    let g = match parse_game(&mut arena, game)? {
        Ok(g) => g,
        Err(stopped) => return Ok(Thermographed::Stopped(stopped)),
    };
    match ThermographCache::new().thermograph(&mut arena, g) {
        Ok(t) => Ok(Thermographed::Done(
            CanonReport::new(&arena, g, options.output),
            t,
        )),
        Err(CgtError::LimitReached { limit, positions }) => Ok(Thermographed::Stopped(
            CanonReport::stopped(limit, positions),
        )),
        Err(err @ CgtError::Overflow { .. }) => Err(bad_input(
            &format!("thermograph of {}", quoted(game)),
            format!("{err} (thermographs are exact, with 64-bit numerators and denominators)"),
        )),
        Err(err) => Err(bad_input(&format!("thermograph of {}", quoted(game)), err)),
    }
}

/// A game made from a game `G` (see [`transform`]); the texts are games
/// in CGSuite notation.
#[derive(Clone, Copy, Debug)]
pub enum Transform<'a> {
    /// `G_t`, cooled by the number `t` (more than -1).
    Cool(&'a str),
    /// `∫^t G`, heated by the game `t`.
    Heat(&'a str),
    /// `∫_s^t G`, overheated from `s` to `t`.
    Overheat(&'a str, &'a str),
    /// Cooled by its temperature.
    Freeze,
    /// The atomic weight (of an atomic infinitesimal).
    AtomicWeight,
    /// The reduced canonical form.
    Reduced,
    /// The Norton product `G.U` by a positive unit `U`.
    Norton(&'a str),
}

impl Transform<'_> {
    /// The operation in words, for messages.
    fn name(self) -> &'static str {
        match self {
            Transform::Cool(_) => "cooling",
            Transform::Heat(_) => "heating",
            Transform::Overheat(..) => "overheating",
            Transform::Freeze => "freezing",
            Transform::AtomicWeight => "atomic weight",
            Transform::Reduced => "reduced canonical form",
            Transform::Norton(_) => "Norton product",
        }
    }
}

/// The canonical form of the game `how` makes from `game` (see
/// [`cgt::cooling`], [`cgt::atomic`], [`cgt::reduced`], [`cgt::norton`]),
/// or the limit that stopped it, or its size when its text is longer than
/// `options.output`. A malformed game, a cooling temperature that is not a
/// number above -1, a game without an atomic weight and a Norton unit that
/// is not positive are bad input.
///
/// ```
/// use cgt::search::StopFlag;
/// use cgtk::ops::cgt::{transform, CgtOptions, Transform};
///
/// let options = CgtOptions::default();
/// let report = transform("{3||2*|1*}", Transform::Cool("1/2"), &options, &StopFlag::new()).unwrap();
/// assert_eq!(report.canonical.as_deref(), Some("{5/2|2*}"));
/// ```
pub fn transform(
    game: &str,
    how: Transform<'_>,
    options: &CgtOptions,
    stop: &StopFlag,
) -> Result<CanonReport> {
    let mut arena = arena(options, stop);
    let g = match parse_game(&mut arena, game)? {
        Ok(g) => g,
        Err(stopped) => return Ok(stopped),
    };
    let made = match how {
        Transform::Cool(t) => match parse_game(&mut arena, t)? {
            Ok(t_game) => match arena.number(t_game) {
                Some(t) => arena.cool(g, t),
                None => {
                    return Err(bad_input(
                        &format!("cooling temperature {}", quoted(t)),
                        "not a number",
                    ))
                }
            },
            Err(stopped) => return Ok(stopped),
        },
        Transform::Heat(t) => match parse_game(&mut arena, t)? {
            Ok(t) => arena.heat(g, t),
            Err(stopped) => return Ok(stopped),
        },
        Transform::Overheat(s, t) => match (parse_game(&mut arena, s)?, parse_game(&mut arena, t)?)
        {
            (Ok(s), Ok(t)) => arena.overheat(g, s, t),
            (Err(stopped), _) | (_, Err(stopped)) => return Ok(stopped),
        },
        Transform::Freeze => arena.freeze(g),
        Transform::AtomicWeight => arena.atomic_weight(g),
        Transform::Reduced => arena.reduced(g),
        Transform::Norton(u) => match parse_game(&mut arena, u)? {
            Ok(u) => arena.norton_product(g, u),
            Err(stopped) => return Ok(stopped),
        },
    };
    match made {
        Ok(h) => Ok(CanonReport::new(&arena, h, options.output)),
        Err(err) => stopped_or_bad(err, &format!("{} of {}", how.name(), quoted(game))),
    }
}

/// Each player's undominated incentives of `game`, or the limit that
/// stopped them.
pub fn incentives(game: &str, options: &CgtOptions, stop: &StopFlag) -> Result<IncentivesReport> {
    let mut arena = arena(options, stop);
    let g = match parse_game(&mut arena, game)? {
        Ok(g) => g,
        Err(stopped) => return Ok(IncentivesReport::stopped(&stopped)),
    };
    match arena.incentives(g) {
        Ok(incentives) => Ok(IncentivesReport::new(&arena, &incentives, options.output)),
        Err(err) => stopped_or_bad(err, &format!("incentives of {}", quoted(game)))
            .map(|stopped| IncentivesReport::stopped(&stopped)),
    }
}

/// A limit reached is the report of the limit; any other error of the
/// layer is bad input about `what`.
fn stopped_or_bad(err: CgtError, what: &str) -> Result<CanonReport> {
    match err {
        CgtError::LimitReached { limit, positions } => Ok(CanonReport::stopped(limit, positions)),
        err @ CgtError::Overflow { .. } => Err(bad_input(
            what,
            format!("{err} (values are exact, with 64-bit numerators and denominators)"),
        )),
        err => Err(bad_input(what, err)),
    }
}

/// Parses a game; a malformed one is bad input with the column, and a limit
/// reached while summing it is `Err`, the report of the limit.
fn parse_game(arena: &mut Arena, text: &str) -> Result<std::result::Result<GameId, CanonReport>> {
    match arena.parse(text) {
        Ok(g) => Ok(Ok(g)),
        Err(ParseGameError::Arithmetic {
            source: CgtError::LimitReached { limit, positions },
            ..
        }) => Ok(Err(CanonReport::stopped(limit, positions))),
        Err(err) => Err(bad_input(&format!("bad game {}", quoted(text)), err)),
    }
}

/// The game text quoted for a message: its first 60 characters and its
/// length when it is longer.
fn quoted(text: &str) -> String {
    const SHOWN: usize = 60;
    let length = text.chars().count();
    if length <= SHOWN + 10 {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(SHOWN).collect();
    format!("{head:?}... ({length} characters)")
}
