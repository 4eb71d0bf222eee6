//! Bounds of one area without the `cgt` layer (Song & Müller 2015, IV-A and IV-B1).
//!
//! An area's bounds are plain integers, Left = Black = positive: the number
//! of moves Black can make there more than White. Relaxed ends (`+e`, `-e`,
//! Song & Müller 2015 II-D) come only from local search. The `cgt` layer turns these
//! into its `Bounds` and sums them.

use std::fmt;

use crate::color::Color;
use crate::local_search::local_search;
use crate::partition::{Area, AreaKind};
use crate::position::Position;
use crate::safe_moves::{static_eval, SafeMoveRules};
use crate::territory::{blocker_territory_moves, plodding, territory_moves};

/// Answers areas from precomputed tables (implemented by the `databases`
/// crate): simple territories, blocker territories and active areas.
pub trait AreaOracle {
    /// The exact number of moves the owner can make in the simple territory
    /// `area`, if the table holds it.
    fn territory_moves(&self, area: &Area) -> Option<u32>;

    /// The subzero thermograph of the active area `area` (its queens and
    /// empty squares, every other square burnt; Black = Left), if a table
    /// holds it. The default holds none.
    fn active_thermograph(&self, _area: &Area) -> Option<cgt::Thermograph> {
        None
    }

    /// The exact number of moves the owner can make in the blocker
    /// territory `area` under the blocker constraint (Song & Müller 2015, III-A: a
    /// blocker that moves in must shoot back at its origin), with all its
    /// queens, normal ones and `area.blockers`, if a table holds it. The
    /// default holds none.
    fn blocker_territory_moves(&self, _area: &Area) -> Option<u32> {
        None
    }
}

/// Where an area's bounds came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoundsSource {
    /// A dead area: nobody can move, the value is 0.
    Dead,
    /// An [`AreaOracle`] gave the exact territory value.
    Oracle,
    /// Exhaustive search of a territory ([`territory_moves`]).
    ExactSearch,
    /// The plodding lower bound and the number of empty squares (IV-A1/2).
    Plodding,
    /// Static evaluation by safe moves (IV-A5), with the rule that gave each
    /// player a safe move.
    SafeMoves {
        /// The rule that gave Black a safe move, if any.
        black_rule: Option<u8>,
        /// The rule that gave White a safe move, if any.
        white_rule: Option<u8>,
    },
    /// Local alpha-beta search with passes (IV-A6).
    LocalSearch,
}

impl fmt::Display for BoundsSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoundsSource::Dead => f.write_str("dead"),
            BoundsSource::Oracle => f.write_str("database"),
            BoundsSource::ExactSearch => f.write_str("exact search"),
            BoundsSource::Plodding => f.write_str("plodding"),
            BoundsSource::SafeMoves {
                black_rule,
                white_rule,
            } => {
                f.write_str("safe moves")?;
                let rule = |r: &Option<u8>| r.map_or("none".to_owned(), |n| format!("rule {n}"));
                write!(
                    f,
                    " (black: {}, white: {})",
                    rule(black_rule),
                    rule(white_rule)
                )
            }
            BoundsSource::LocalSearch => f.write_str("local search"),
        }
    }
}

/// Bounds on an area's value, Black positive: `lower <= value <= upper`,
/// where a relaxed end holds only up to an infinitesimal (`lower - e`,
/// `upper + e`, Song & Müller 2015 II-D).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AreaBounds {
    /// The lower bound.
    pub lower: i32,
    /// The upper bound.
    pub upper: i32,
    /// Whether the lower bound is relaxed (`lower - e`).
    pub lower_relaxed: bool,
    /// Whether the upper bound is relaxed (`upper + e`).
    pub upper_relaxed: bool,
    /// Where the bounds came from.
    pub source: BoundsSource,
}

impl AreaBounds {
    fn exact(value: i32, source: BoundsSource) -> AreaBounds {
        AreaBounds {
            lower: value,
            upper: value,
            lower_relaxed: false,
            upper_relaxed: false,
            source,
        }
    }
}

impl fmt::Display for AreaBounds {
    /// As in Song & Müller 2015: `[1, 2+e]`, `[-3-e, 0]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lower_e = if self.lower_relaxed { "-e" } else { "" };
        let upper_e = if self.upper_relaxed { "+e" } else { "" };
        write!(f, "[{}{lower_e}, {}{upper_e}]", self.lower, self.upper)
    }
}

/// Computes bounds of areas; each knob documented with its range.
#[derive(Clone, Copy, Debug)]
pub struct AreaAnalyzer {
    /// The safe-move rules used for active areas (default: all six).
    pub rules: SafeMoveRules,
    /// Territories with at most this many empty squares are solved exactly
    /// ([`territory_moves`], or [`blocker_territory_moves`] under the
    /// blocker constraint); larger ones get plodding bounds (0 to 64;
    /// default 12).
    pub exact_territory_max_empty: u32,
    /// Active areas without blockers with fewer than this many queens plus
    /// empty squares are searched locally (0 to 64; default 9, as in Song &
    /// Müller 2015 IV-A6); the others get static evaluation.
    pub local_search_below: u32,
}

impl Default for AreaAnalyzer {
    fn default() -> AreaAnalyzer {
        AreaAnalyzer {
            rules: SafeMoveRules::ALL,
            exact_territory_max_empty: 12,
            local_search_below: 9,
        }
    }
}

impl AreaAnalyzer {
    /// The bounds of `area`, an area of a partition of `pos`, asking
    /// `oracle` first for territories.
    ///
    /// Blocker territories get `[n, e]`: `n` moves under the blocker
    /// constraint (from the oracle, exact search, or plodding with the
    /// normal queens first, IV-A2), at most their `e` empty squares; active
    /// areas with blockers get static evaluation that does not use the
    /// blockers (IV-B3), since neither local search nor the rules know the
    /// blocker constraint.
    pub fn bounds(
        &self,
        pos: &Position,
        area: &Area,
        oracle: Option<&dyn AreaOracle>,
    ) -> AreaBounds {
        let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
        match area.kind {
            AreaKind::Dead => AreaBounds::exact(0, BoundsSource::Dead),
            AreaKind::SimpleTerritory(owner) => {
                if let Some(n) = oracle.and_then(|o| o.territory_moves(area)) {
                    return AreaBounds::exact(sign(owner) * n as i32, BoundsSource::Oracle);
                }
                if area.empty.count() <= self.exact_territory_max_empty {
                    let n = territory_moves(area.empty, area.queens(owner));
                    return AreaBounds::exact(sign(owner) * n as i32, BoundsSource::ExactSearch);
                }
                self.plodding_bounds(area, owner)
            }
            AreaKind::BlockerTerritory(owner) => {
                if let Some(n) = oracle.and_then(|o| o.blocker_territory_moves(area)) {
                    territory_bounds(area, owner, n, BoundsSource::Oracle)
                } else if area.empty.count() <= self.exact_territory_max_empty {
                    let queens = area.queens(owner);
                    let n =
                        blocker_territory_moves(area.empty, queens - area.blockers, area.blockers);
                    territory_bounds(area, owner, n, BoundsSource::ExactSearch)
                } else {
                    self.plodding_bounds(area, owner)
                }
            }
            AreaKind::Active => {
                let local = area.to_position(pos, pos.to_move());
                let size = area.squares().count();
                if area.blockers.is_empty() && size < self.local_search_below {
                    let v = local_search(&local);
                    AreaBounds {
                        lower: v.v_w,
                        upper: v.v_b,
                        lower_relaxed: true,
                        upper_relaxed: true,
                        source: BoundsSource::LocalSearch,
                    }
                } else {
                    let s = static_eval(&local, area.blockers, self.rules);
                    AreaBounds {
                        lower: s.lower,
                        upper: s.upper,
                        lower_relaxed: false,
                        upper_relaxed: false,
                        source: BoundsSource::SafeMoves {
                            black_rule: s.black_rule,
                            white_rule: s.white_rule,
                        },
                    }
                }
            }
        }
    }

    fn plodding_bounds(&self, area: &Area, owner: Color) -> AreaBounds {
        let queens = area.queens(owner);
        let p = plodding(area.empty, queens - area.blockers, area.blockers);
        territory_bounds(area, owner, p, BoundsSource::Plodding)
    }
}

/// The bounds of a territory whose owner surely makes `n` moves there: at
/// least `n`, at most its empty squares (for a blocker territory, a blocker
/// that leaves without shooting back may open more of it to its own queens
/// and to the opponent's, which `n` does not value).
fn territory_bounds(area: &Area, owner: Color, n: u32, source: BoundsSource) -> AreaBounds {
    let (n, e) = (n as i32, area.empty.count() as i32);
    let (lower, upper) = match owner {
        Color::Black => (n, e),
        Color::White => (-e, -n),
    };
    AreaBounds {
        lower,
        upper,
        lower_relaxed: false,
        upper_relaxed: false,
        source,
    }
}
