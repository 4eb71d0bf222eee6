//! Outcome classes and the order relation between games.

use std::fmt;

/// The outcome class of a game: who wins under normal play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// Left wins whoever starts (`G > 0`).
    Left,
    /// Right wins whoever starts (`G < 0`).
    Right,
    /// The second player wins (`G = 0`).
    Previous,
    /// The first player wins (`G || 0`).
    Next,
}

impl Outcome {
    /// The outcome class from who wins moving first.
    pub const fn from_first_player_wins(left_first_wins: bool, right_first_wins: bool) -> Outcome {
        match (left_first_wins, right_first_wins) {
            (true, true) => Outcome::Next,
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::Previous,
        }
    }
}

impl fmt::Display for Outcome {
    /// `L`, `R`, `P` or `N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Left => "L",
            Outcome::Right => "R",
            Outcome::Previous => "P",
            Outcome::Next => "N",
        })
    }
}

/// How two games compare: the partial order of game values.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Relation {
    /// `G = H`.
    Equal,
    /// `G < H`.
    Less,
    /// `G > H`.
    Greater,
    /// `G || H` (confused, incomparable).
    Confused,
}

impl Relation {
    /// The relation from `G <= H` and `G >= H`.
    pub const fn from_leq_geq(leq: bool, geq: bool) -> Relation {
        match (leq, geq) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// The symbol: `=`, `<`, `>` or `||`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::Less => "<",
            Relation::Greater => ">",
            Relation::Confused => "||",
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}
