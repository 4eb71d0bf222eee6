//! The full-board evaluation of Song & Müller 2015 (Algorithm 1, sections II-D and
//! IV-C): partition the board, bound each area, sum the bounds with the
//! tightened/relaxed arithmetic of the `cgt` layer, and decide the winner
//! when the rules allow. The df-pn solver calls this at every node.

use cgt::{evaluate_sum, Bounds, Component, End, Player, Rational};

use crate::bitboard::Bitboard;
use crate::bounds::{AreaAnalyzer, AreaBounds, AreaOracle, BoundsSource};
use crate::color::Color;
use crate::partition::{basic_partition, improved_partition, Area, AreaKind};
use crate::position::Position;

/// One area of an evaluated position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaReport {
    /// The area (its kind, squares and queens).
    pub area: Area,
    /// Its bounds, Black positive, in the `cgt` notation of Song & Müller 2015.
    pub bounds: Bounds,
    /// Where the bounds came from.
    pub source: BoundsSource,
}

/// The evaluation of a whole position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The areas of the partition, with their bounds.
    pub areas: Vec<AreaReport>,
    /// The sum of the areas' bounds.
    pub bounds: Bounds,
    /// The player who wins from this position with its side to move, if the
    /// rules decide it.
    pub verdict: Option<Color>,
    /// The rule that decided (`"bounds"`, `"lookahead"`, `"infinitesimals"`).
    pub rule: Option<&'static str>,
}

/// The full-board evaluator; its knobs are those of [`AreaAnalyzer`] plus
/// the choice of partition.
#[derive(Clone, Copy, Debug)]
pub struct Evaluator {
    /// How areas are bounded.
    pub analyzer: AreaAnalyzer,
    /// Use the improved partition with blocker territories (II-A3; default)
    /// rather than the basic one.
    pub improved_partition: bool,
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator {
            analyzer: AreaAnalyzer::default(),
            improved_partition: true,
        }
    }
}

/// The `cgt` bounds of an area's integer bounds.
pub fn to_cgt_bounds(b: &AreaBounds) -> Bounds {
    let end = |x: i32, relaxed: bool| {
        let x = Rational::integer(i64::from(x));
        if relaxed {
            End::relaxed(x)
        } else {
            End::exact(x)
        }
    };
    Bounds {
        lower: end(b.lower, b.lower_relaxed),
        upper: end(b.upper, b.upper_relaxed),
    }
}

fn player(color: Color) -> Player {
    match color {
        Color::Black => Player::Left,
        Color::White => Player::Right,
    }
}

fn color(player: Player) -> Color {
    match player {
        Player::Left => Color::Black,
        Player::Right => Color::White,
    }
}

impl Evaluator {
    /// Evaluates `pos`, asking `oracle` (a database) first where it can
    /// answer an area.
    pub fn evaluate(&self, pos: &Position, oracle: Option<&dyn AreaOracle>) -> Evaluation {
        let areas = self.partition(pos);
        let mut reports = Vec::with_capacity(areas.len());
        let mut components = Vec::with_capacity(areas.len());
        let mut used = Bitboard::EMPTY;
        for area in areas {
            let (bounds, source, component) = self.area_bounds(pos, &area, &mut used, oracle);
            reports.push(AreaReport {
                area,
                bounds,
                source,
            });
            components.push(component);
        }
        let sum = evaluate_sum(&components, player(pos.to_move()))
            .expect("sums of small integers do not overflow");
        Evaluation {
            areas: reports,
            bounds: sum.bounds,
            verdict: sum.winner.map(color),
            rule: sum.rule,
        }
    }

    /// The [`Evaluation::verdict`] of [`Evaluator::evaluate`] alone (what
    /// a solver needs), without the report of each area.
    pub fn verdict(&self, pos: &Position, oracle: Option<&dyn AreaOracle>) -> Option<Color> {
        let mut used = Bitboard::EMPTY;
        let components: Vec<Component> = self
            .partition(pos)
            .iter()
            .map(|area| self.area_bounds(pos, area, &mut used, oracle).2)
            .collect();
        evaluate_sum(&components, player(pos.to_move()))
            .expect("sums of small integers do not overflow")
            .winner
            .map(color)
    }

    /// The areas of `pos` by the chosen partition.
    fn partition(&self, pos: &Position) -> Vec<Area> {
        if self.improved_partition {
            improved_partition(pos)
        } else {
            basic_partition(pos)
        }
    }

    /// The bounds of `area`, where they came from, and the area's
    /// component of the sum. `used`: the blockers already given to a
    /// blocker territory. A blocker may help at most one area (Song & Müller 2015,
    /// IV-B3): each goes to the first blocker territory that holds it; the
    /// others, and the active areas (whose static evaluation ignores
    /// blockers), must do without it.
    fn area_bounds(
        &self,
        pos: &Position,
        area: &Area,
        used: &mut Bitboard,
        oracle: Option<&dyn AreaOracle>,
    ) -> (Bounds, BoundsSource, Component) {
        let mut bounded = area.clone();
        if let AreaKind::BlockerTerritory(_) = area.kind {
            let taken = area.blockers & *used;
            bounded.blockers = area.blockers - taken;
            bounded.white = area.white - taken;
            bounded.black = area.black - taken;
            *used |= bounded.blockers;
        }
        // An active area a database knows enters the sum with its
        // thermograph, for the lookahead and infinitesimal rules of IV-C.
        if area.kind == AreaKind::Active && area.blockers.is_empty() {
            if let Some(t) = oracle.and_then(|o| o.active_thermograph(area)) {
                if let Ok(bounds) = Bounds::from_thermograph(&t) {
                    return (bounds, BoundsSource::Oracle, Component::Thermograph(t));
                }
            }
        }
        let b = self.analyzer.bounds(pos, &bounded, oracle);
        let bounds = to_cgt_bounds(&b);
        (bounds, b.source, Component::Bounds(bounds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain minimax over the move generator: whether the side to move wins.
    fn wins(pos: &mut Position) -> bool {
        for mv in pos.legal_moves() {
            pos.play_unchecked(mv);
            let lost = !wins(pos);
            pos.undo(mv);
            if lost {
                return true;
            }
        }
        false
    }

    #[test]
    fn verdict_is_that_of_the_full_evaluation() {
        // Random games on several boards, with both partitions: the
        // verdict alone equals the verdict of the full evaluation.
        let mut seed = 31u64;
        let mut decided = 0;
        for size in ["4x4", "5x4", "4x5", "5x5", "6x6"] {
            for _game in 0..10 {
                let mut pos = Position::standard(size.parse().unwrap()).unwrap();
                loop {
                    for improved_partition in [true, false] {
                        let evaluator = Evaluator {
                            improved_partition,
                            ..Evaluator::default()
                        };
                        let full = evaluator.evaluate(&pos, None).verdict;
                        assert_eq!(evaluator.verdict(&pos, None), full, "{pos}");
                        decided += usize::from(full.is_some());
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
                }
            }
        }
        assert!(decided > 0);
    }

    // Song & Müller 2015, IV-C3 style: a territory of 2 for Black against 1 for White
    // wins for Black whoever moves (2 - 1 > 0).
    #[test]
    fn territories_decide_by_their_sum() {
        let pos: Position = "B..x/xxxx/W.xx w".parse().unwrap();
        let eval = Evaluator::default().evaluate(&pos, None);
        assert_eq!(eval.bounds.to_string(), "[1, 1]");
        assert_eq!(eval.verdict, Some(Color::Black));
        assert!(!wins(&mut pos.clone()));
    }
}
