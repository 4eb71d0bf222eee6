//! Bounds whose ends are exact, tightened or relaxed, and the rules that turn
//! a sum of bounded components into a winner (Song & Müller 2015, sections II-D and
//! IV-C).
//!
//! Conventions: Left = Black = positive, Right = White = negative. A lower
//! end `l` means G >= l (exact), G > l (tightened) or G > l - e for every
//! positive number e (relaxed); the upper end likewise.

use std::fmt;

use crate::rational::{Overflow, Rational};
use crate::thermograph::{InfinitesimalKind, Thermograph};

/// How an end of [`Bounds`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndKind {
    /// The value itself is included: `G >= l`.
    Exact,
    /// The value is excluded: `G > l`.
    Tightened,
    /// The game may be infinitesimally beyond the value: `G > l - e`.
    Relaxed,
}

impl EndKind {
    /// The kind of a sum of two ends (Song & Müller 2015, II-D, rules 1 to 3): relaxed
    /// if either is relaxed, else tightened if either is tightened, else
    /// exact.
    pub fn sum(self, other: EndKind) -> EndKind {
        self.max(other)
    }
}

/// One end of a [`Bounds`]: a rational or an infinity, and how it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct End {
    /// The value; `None` is the infinity on that side (-inf for a lower end,
    /// +inf for an upper end).
    pub value: Option<Rational>,
    /// How the end holds (ignored for an infinite end).
    pub kind: EndKind,
}

impl End {
    /// An exact end at `x`.
    pub fn exact(x: Rational) -> End {
        End {
            value: Some(x),
            kind: EndKind::Exact,
        }
    }

    /// A tightened end at `x`.
    pub fn tightened(x: Rational) -> End {
        End {
            value: Some(x),
            kind: EndKind::Tightened,
        }
    }

    /// A relaxed end at `x`.
    pub fn relaxed(x: Rational) -> End {
        End {
            value: Some(x),
            kind: EndKind::Relaxed,
        }
    }

    /// The infinite end.
    pub fn infinite() -> End {
        End {
            value: None,
            kind: EndKind::Exact,
        }
    }

    fn checked_add(self, other: End) -> Result<End, Overflow> {
        Ok(match (self.value, other.value) {
            (Some(a), Some(b)) => End {
                value: Some(a.checked_add(b)?),
                kind: self.kind.sum(other.kind),
            },
            _ => End::infinite(),
        })
    }

    fn checked_neg(self) -> Result<End, Overflow> {
        Ok(End {
            value: self.value.map(Rational::checked_neg).transpose()?,
            kind: self.kind,
        })
    }
}

/// Bounds `[lower, upper]` on a game value, each end exact, tightened or
/// relaxed (Song & Müller 2015, II-D). Printed in the paper's notation: `[1, 2+e]`,
/// `(2, 5)`, `[2-e, 5+e]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The lower end.
    pub lower: End,
    /// The upper end.
    pub upper: End,
}

/// A player. Left = Black, Right = White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left, Black in Amazons: positive values favour Left.
    Left,
    /// Right, White in Amazons: negative values favour Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl Bounds {
    /// `[x, x]`: a number (a territory's move count, for example).
    pub fn number(x: Rational) -> Bounds {
        Bounds {
            lower: End::exact(x),
            upper: End::exact(x),
        }
    }

    /// `[lower, upper]` with exact ends.
    pub fn exact(lower: Rational, upper: Rational) -> Bounds {
        Bounds {
            lower: End::exact(lower),
            upper: End::exact(upper),
        }
    }

    /// No information: `(-inf, +inf)`.
    pub fn unbounded() -> Bounds {
        Bounds {
            lower: End::infinite(),
            upper: End::infinite(),
        }
    }

    /// Bounds on `x + an infinitesimal of the given kind` (Song & Müller 2015, II-D2):
    /// `[x, x]`, `(x, x+e]`, `[x-e, x)` or `[x-e, x+e]`.
    pub fn infinitesimal(x: Rational, kind: InfinitesimalKind) -> Bounds {
        let (lower, upper) = match kind {
            InfinitesimalKind::Zero => (End::exact(x), End::exact(x)),
            InfinitesimalKind::Positive => (End::tightened(x), End::relaxed(x)),
            InfinitesimalKind::Negative => (End::relaxed(x), End::tightened(x)),
            InfinitesimalKind::Fuzzy => (End::relaxed(x), End::relaxed(x)),
        };
        Bounds { lower, upper }
    }

    /// Bounds from a thermograph (Song & Müller 2015, II-D1 and II-D2): the stops, each
    /// exact where its wall is vertical just below t = 0 and relaxed where it
    /// slants; when the stops agree, the infinitesimal kind decides.
    pub fn from_thermograph(thermograph: &Thermograph) -> Result<Bounds, Overflow> {
        if let Some((x, kind)) = thermograph.infinitesimal_kind()? {
            return Ok(Bounds::infinitesimal(x, kind));
        }
        let end = |x, vertical| {
            if vertical {
                End::exact(x)
            } else {
                End::relaxed(x)
            }
        };
        Ok(Bounds {
            lower: end(
                thermograph.right_stop()?,
                thermograph.right_vertical_below_zero()?,
            ),
            upper: end(
                thermograph.left_stop()?,
                thermograph.left_vertical_below_zero()?,
            ),
        })
    }

    /// The sum, end by end, by the three rules of Song & Müller 2015, II-D.
    pub fn checked_add(&self, other: &Bounds) -> Result<Bounds, Overflow> {
        Ok(Bounds {
            lower: self.lower.checked_add(other.lower)?,
            upper: self.upper.checked_add(other.upper)?,
        })
    }

    /// The bounds of `-G`.
    pub fn checked_neg(&self) -> Result<Bounds, Overflow> {
        Ok(Bounds {
            lower: self.upper.checked_neg()?,
            upper: self.lower.checked_neg()?,
        })
    }

    /// The width `u - l`, or `None` if an end is infinite.
    pub fn width(&self) -> Result<Option<Rational>, Overflow> {
        match (self.lower.value, self.upper.value) {
            (Some(l), Some(u)) => Ok(Some(u.checked_sub(l)?)),
            _ => Ok(None),
        }
    }

    /// The winner rules of Song & Müller 2015, II-D: the player who wins a game with
    /// these bounds when `to_move` moves next, if the bounds decide it.
    pub fn winner(&self, to_move: Player) -> Option<Player> {
        let zero = Rational::ZERO;
        let left_wins = match self.lower.value {
            Some(l) if l > zero => true,
            Some(l) if l == zero => match self.lower.kind {
                EndKind::Tightened => true,
                EndKind::Exact => to_move == Player::Right,
                EndKind::Relaxed => false,
            },
            _ => false,
        };
        let right_wins = match self.upper.value {
            Some(u) if u < zero => true,
            Some(u) if u == zero => match self.upper.kind {
                EndKind::Tightened => true,
                EndKind::Exact => to_move == Player::Left,
                EndKind::Relaxed => false,
            },
            _ => false,
        };
        match (left_wins, right_wins) {
            (true, false) => Some(Player::Left),
            (false, true) => Some(Player::Right),
            // Both at once means the bounds contradict each other; neither
            // means they say nothing.
            _ => None,
        }
    }
}

impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lower.value, self.lower.kind) {
            (None, _) => f.write_str("(-inf")?,
            (Some(x), EndKind::Exact) => write!(f, "[{x}")?,
            (Some(x), EndKind::Tightened) => write!(f, "({x}")?,
            (Some(x), EndKind::Relaxed) => write!(f, "[{x}-e")?,
        }
        f.write_str(", ")?;
        match (self.upper.value, self.upper.kind) {
            (None, _) => f.write_str("inf)"),
            (Some(x), EndKind::Exact) => write!(f, "{x}]"),
            (Some(x), EndKind::Tightened) => write!(f, "{x})"),
            (Some(x), EndKind::Relaxed) => write!(f, "{x}+e]"),
        }
    }
}

/// One independent component of a sum, as the evaluator sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Component {
    /// Bounds from any source (a territory count, static rules, local search).
    Bounds(Bounds),
    /// A component whose thermograph is known (an active-area database):
    /// hot ones take part in the one-move lookahead (Song & Müller 2015, IV-C1),
    /// infinitesimal ones in the rules of IV-C2.
    Thermograph(Thermograph),
    /// A component known to equal `x + *` exactly (from its canonical form);
    /// pairs of stars cancel (Song & Müller 2015, IV-C2).
    StarPlus(Rational),
}

/// The outcome of evaluating a sum of components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumEvaluation {
    /// The sum of all components' bounds (stars and infinitesimals included
    /// through their bounds).
    pub bounds: Bounds,
    /// The player who wins the sum with the given player to move, if the
    /// rules decide it.
    pub winner: Option<Player>,
    /// Which rule decided (for reports): `"bounds"`, `"lookahead"` or
    /// `"infinitesimals"`.
    pub rule: Option<&'static str>,
}

/// Evaluates a sum of independent components with `to_move` to move (Song &
/// Müller 2015, II-D and IV-C): the plain winner rules on the summed bounds; then, if
/// a hot thermograph component is present, the one-move lookahead in the one
/// with the widest bounds; otherwise the star and fuzzy-infinitesimal rules.
pub fn evaluate_sum(components: &[Component], to_move: Player) -> Result<SumEvaluation, Overflow> {
    let zero = Bounds::number(Rational::ZERO);
    // `cold`: the sum of the components that are neither hot thermographs
    // nor infinitesimals (those count their number part only); `hot`: bounds
    // of the hot thermograph components; the census of infinitesimals.
    let mut cold = zero;
    let mut infinitesimals = zero;
    let mut hot: Vec<Bounds> = Vec::new();
    let (mut stars, mut fuzzy, mut positive, mut negative) = (0usize, 0usize, 0usize, 0usize);
    for component in components {
        match component {
            Component::Bounds(b) => cold = cold.checked_add(b)?,
            Component::StarPlus(x) => {
                stars += 1;
                cold = cold.checked_add(&Bounds::number(*x))?;
            }
            Component::Thermograph(t) => match t.infinitesimal_kind()? {
                Some((x, kind)) => {
                    cold = cold.checked_add(&Bounds::number(x))?;
                    infinitesimals =
                        infinitesimals.checked_add(&Bounds::infinitesimal(Rational::ZERO, kind))?;
                    match kind {
                        InfinitesimalKind::Zero => {}
                        InfinitesimalKind::Positive => positive += 1,
                        InfinitesimalKind::Negative => negative += 1,
                        InfinitesimalKind::Fuzzy => fuzzy += 1,
                    }
                }
                None => {
                    hot.push(Bounds::from_thermograph(t)?);
                }
            },
        }
    }
    // Pairs of stars cancel (* + * = 0); an odd one out is fuzzy.
    if stars % 2 == 1 {
        infinitesimals = infinitesimals.checked_add(&Bounds::infinitesimal(
            Rational::ZERO,
            InfinitesimalKind::Fuzzy,
        ))?;
    }
    let sum_hot_except = |skip: Option<usize>| -> Result<Bounds, Overflow> {
        let mut sum = zero;
        for (i, b) in hot.iter().enumerate() {
            if Some(i) != skip {
                sum = sum.checked_add(b)?;
            }
        }
        Ok(sum)
    };
    let rest = cold.checked_add(&sum_hot_except(None)?)?;
    let all = rest.checked_add(&infinitesimals)?;
    let verdict = |winner, rule| SumEvaluation {
        bounds: all,
        winner,
        rule,
    };
    if let Some(winner) = all.winner(to_move) {
        return Ok(verdict(Some(winner), Some("bounds")));
    }

    if let Some(widest) = widest(&hot)? {
        // IV-C1: the mover plays in the hot game with the widest bounds and
        // keeps answering there down to its stop. This restricts the mover's
        // strategy, so it can only prove a win for the mover.
        let b = hot[widest];
        let replaced = match to_move {
            Player::Left => Bounds {
                lower: End::relaxed(b.upper.value.expect("thermograph stops are finite")),
                upper: b.upper,
            },
            Player::Right => Bounds {
                lower: b.lower,
                upper: End::relaxed(b.lower.value.expect("thermograph stops are finite")),
            },
        };
        let total = cold
            .checked_add(&sum_hot_except(Some(widest))?)?
            .checked_add(&replaced)?
            .checked_add(&infinitesimals)?;
        let winner = total.winner(to_move.opponent()).filter(|&w| w == to_move);
        return Ok(verdict(winner, winner.map(|_| "lookahead")));
    }

    // IV-C2, written for Left; Right's rules are the same with signs swapped.
    let (rest, opposed) = match to_move {
        Player::Left => (rest, negative),
        Player::Right => (rest.checked_neg()?, positive),
    };
    let rest_ok = rest.lower.value == Some(Rational::ZERO) && rest.lower.kind != EndKind::Relaxed;
    let odd_stars = stars % 2 == 1;
    if rest_ok && opposed == 0 && (odd_stars != (fuzzy == 1)) && fuzzy <= 1 {
        return Ok(verdict(Some(to_move), Some("infinitesimals")));
    }
    Ok(verdict(None, None))
}

/// The index of the bounds with the largest width `u - l`, if any.
fn widest(bounds: &[Bounds]) -> Result<Option<usize>, Overflow> {
    let mut best: Option<(usize, Rational)> = None;
    for (i, b) in bounds.iter().enumerate() {
        let w = b.width()?.expect("thermograph bounds are finite");
        if best.is_none_or(|(_, bw)| w > bw) {
            best = Some((i, w));
        }
    }
    Ok(best.map(|(i, _)| i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> Rational {
        s.parse().unwrap()
    }

    // The examples of Song & Müller 2015, II-D.
    #[test]
    fn addition_follows_the_three_rules_of_the_paper() {
        let b = |l: End, u: End| Bounds { lower: l, upper: u };
        let e = |s| End::exact(q(s));
        let t = |s| End::tightened(q(s));
        let r = |s| End::relaxed(q(s));
        let cases = [
            (b(e("1"), r("2")), b(r("1"), e("3")), "[2-e, 5+e]"),
            (b(t("1"), t("2")), b(r("1"), r("3")), "[2-e, 5+e]"),
            (b(e("1"), e("2")), b(t("1"), t("3")), "(2, 5)"),
            (b(t("1"), t("2")), b(r("1"), e("3")), "[2-e, 5)"),
            (b(e("1"), e("2")), b(e("1"), e("3")), "[2, 5]"),
        ];
        for (x, y, expected) in cases {
            assert_eq!(
                x.checked_add(&y).unwrap().to_string(),
                expected,
                "{x} + {y}"
            );
        }
    }

    // The winner rules of Song & Müller 2015, II-D, case by case.
    #[test]
    fn winner_rules_of_the_paper() {
        let b = |l: End, u: End| Bounds { lower: l, upper: u };
        let (l, r) = (Player::Left, Player::Right);
        assert_eq!(b(End::exact(q("1/2")), End::infinite()).winner(l), Some(l));
        assert_eq!(
            b(End::tightened(q("0")), End::exact(q("3"))).winner(l),
            Some(l)
        );
        assert_eq!(b(End::exact(q("0")), End::exact(q("3"))).winner(r), Some(l));
        assert_eq!(b(End::exact(q("0")), End::exact(q("3"))).winner(l), None);
        assert_eq!(b(End::relaxed(q("0")), End::exact(q("3"))).winner(r), None);
        assert_eq!(
            b(End::exact(q("-3")), End::tightened(q("0"))).winner(l),
            Some(r)
        );
        assert_eq!(
            b(End::exact(q("-3")), End::exact(q("0"))).winner(l),
            Some(r)
        );
        assert_eq!(b(End::exact(q("-3")), End::relaxed(q("0"))).winner(l), None);
        assert_eq!(Bounds::number(q("0")).winner(l), Some(r));
    }

    // Song & Müller 2015, IV-C1 example: widest bounds [-5, 2] become [2-e, 2] with
    // Black to play.
    #[test]
    fn lookahead_example_of_the_paper() {
        // A switch {2|-5} has stops 2 and -5 with slanted walls: [-5-e, 2+e].
        let zero = Thermograph::mast_at(q("0"));
        let two = Thermograph::mast_at(q("2"));
        let minus_five = Thermograph::mast_at(q("-5"));
        let switch = Thermograph::from_options([&two], [&minus_five]).unwrap();
        assert_eq!(
            Bounds::from_thermograph(&switch).unwrap().to_string(),
            "[-5-e, 2+e]"
        );
        let components = [
            Component::Thermograph(switch),
            Component::Bounds(Bounds::number(q("-1"))),
            Component::Thermograph(zero),
        ];
        // Black to move: 2 - 1 = 1 - e > 0.
        let black = evaluate_sum(&components, Player::Left).unwrap();
        assert_eq!(black.winner, Some(Player::Left));
        assert_eq!(black.rule, Some("lookahead"));
        let white = evaluate_sum(&components, Player::Right).unwrap();
        assert_eq!(white.winner, Some(Player::Right));
    }

    // Song & Müller 2015, IV-C3 (Fig. 11): 0 + 0 + 0 + * with Black to move.
    #[test]
    fn a_win_by_star() {
        let components = [
            Component::StarPlus(q("0")),
            Component::Bounds(Bounds::number(q("0"))),
        ];
        let eval = evaluate_sum(&components, Player::Left).unwrap();
        assert_eq!(eval.winner, Some(Player::Left));
        assert_eq!(eval.bounds.to_string(), "[0-e, 0+e]");
        let eval = evaluate_sum(&components, Player::Right).unwrap();
        assert_eq!(eval.winner, Some(Player::Right));
        // * + * = 0: pairs of stars cancel, so the second player wins.
        let two_stars = [Component::StarPlus(q("0")), Component::StarPlus(q("0"))];
        assert_eq!(
            evaluate_sum(&two_stars, Player::Left).unwrap().winner,
            Some(Player::Right)
        );
    }
}
