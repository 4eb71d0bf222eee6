//! Static evaluation of active areas by safe moves (Song & Müller 2015, IV-A4, IV-A5).
//!
//! A *safe move* of a player is a move the opponent cannot take away. A
//! queen needs an *adjacent empty square* (AES) to move: it steps there and
//! can always shoot back. Each rule below is a sufficient condition for this
//! statement: **whatever single move the opponent makes in the area, the
//! player still has a move there afterwards.** Then with the opponent moving
//! first and the player answering at once, the player gets at least one
//! move, and the opponent at most `v - 1` of the `v` empty squares, so the
//! area's bound moves by 2 in the player's favour: `[-v + 2, v]` for a Black
//! safe move, `[-v, v - 2]` for a White one (IV-A5).
//!
//! As in Song & Müller 2015, static evaluation counts at most one safe move per player
//! and area ("applied at most once for each player"), since safe moves of
//! different queens can depend on each other.
//!
//! Müller's Rules 1–4 ("Solving 5x5 Amazons", 2001) are not in the seeds;
//! Rules 1–4 here are our own, in their spirit. Rules 5 and 6 are Song &
//! Müller 2015's. `P` is the player, `O` the opponent, `A` the set of empty squares
//! next to `P`'s queens:
//!
//! 1. **Three AES.** `|A| >= 3`: one move of `O` fills at most two squares
//!    (the queen's destination and the arrow).
//! 2. **Untouchable AES.** Some square of `A` is neither a destination nor an
//!    arrow target of any move of `O`.
//! 3. **Two AES, no double block.** `|A| = 2` and no move of `O` lands on one
//!    and shoots at the other.
//! 4. **One-ply check.** Every move of `O` leaves `P` an AES (the general
//!    statement, checked over all of `O`'s moves; the most expensive rule).
//! 5. **Rule 5 of Song & Müller 2015.** `|A| = 1` and every move of `O` that fills it
//!    frees an `O` queen's square next to a `P` queen (without shooting back
//!    there), giving `P` a new AES.
//! 6. **Rule 6 of Song & Müller 2015.** `|A| = 2` and every move of `O` that fills both
//!    frees such a square.
//!
//! Every rule is proven sound, one at a time, by the exhaustive tests in
//! `tests/amazons_area.rs` (a plain solver over the area plus an integer).

use crate::bitboard::{Bitboard, Set, Word};
use crate::color::Color;
use crate::movegen::moves_of;
use crate::position::Position;

/// A set of the safe-move rules 1 to 6 (bit `n - 1` for rule `n`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SafeMoveRules(u8);

impl SafeMoveRules {
    /// No rule.
    pub const NONE: SafeMoveRules = SafeMoveRules(0);
    /// All six rules.
    pub const ALL: SafeMoveRules = SafeMoveRules(0b11_1111);

    /// Only rule `n`.
    ///
    /// # Panics
    /// Unless `n` is in `1..=6`.
    pub fn only(n: u8) -> SafeMoveRules {
        assert!((1..=6).contains(&n), "safe-move rules are numbered 1 to 6");
        SafeMoveRules(1 << (n - 1))
    }

    /// Whether rule `n` is in the set.
    pub fn contains(self, n: u8) -> bool {
        (1..=6).contains(&n) && self.0 & (1 << (n - 1)) != 0
    }
}

impl Default for SafeMoveRules {
    fn default() -> SafeMoveRules {
        SafeMoveRules::ALL
    }
}

/// The result of static evaluation of an active area: bounds (Black
/// positive) and which rule, if any, gave each player a safe move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StaticEval {
    /// `-v`, plus 2 if Black has a safe move.
    pub lower: i32,
    /// `v`, minus 2 if White has a safe move.
    pub upper: i32,
    /// The first rule that found a Black safe move.
    pub black_rule: Option<u8>,
    /// The first rule that found a White safe move.
    pub white_rule: Option<u8>,
}

/// Static evaluation of the area `area` (a position with everything outside
/// the area burnt): bounds `[-v, v]` on its value improved by one safe move
/// per player found by the `rules`. Queens in `excluded` (blockers used for
/// territories, Song & Müller 2015 IV-B3) are not used to find safe moves.
pub fn static_eval(area: &Position, excluded: Bitboard, rules: SafeMoveRules) -> StaticEval {
    let v = area.empty().count() as i32;
    let black_rule = safe_move_rule(area, Color::Black, excluded, rules);
    let white_rule = safe_move_rule(area, Color::White, excluded, rules);
    StaticEval {
        lower: -v + if black_rule.is_some() { 2 } else { 0 },
        upper: v - if white_rule.is_some() { 2 } else { 0 },
        black_rule,
        white_rule,
    }
}

/// The first of the `rules` (in the order 1, 2, 3, 5, 6, 4: cheapest first)
/// that shows `player` has a safe move in `area`, if any.
pub fn safe_move_rule(
    area: &Position,
    player: Color,
    excluded: Bitboard,
    rules: SafeMoveRules,
) -> Option<u8> {
    let mine = area.queens(player) - excluded;
    let theirs = area.queens(player.opposite());
    let empty = area.empty();
    if area.size().is_narrow() {
        first_rule::<u64>(mine.narrow(), theirs.narrow(), empty.narrow(), rules)
    } else {
        first_rule(mine, theirs, empty, rules)
    }
}

/// [`safe_move_rule`] for the queens `mine` of the player, `theirs` of the
/// opponent and the empty squares `empty`.
fn first_rule<W: Word>(
    mine: Set<W>,
    theirs: Set<W>,
    empty: Set<W>,
    rules: SafeMoveRules,
) -> Option<u8> {
    let aes = mine.neighbours() & empty;
    if aes.is_empty() {
        return None;
    }
    let keeps_aes =
        |vacated: Set<W>, filled: Set<W>| (mine.neighbours() & ((empty | vacated) - filled)).any();
    for rule in [1, 2, 3, 5, 6, 4] {
        if !rules.contains(rule) {
            continue;
        }
        let safe = match rule {
            1 => aes.count() >= 3,
            2 => {
                let mut touched = Set::EMPTY;
                for_each_opponent_move(theirs, empty, |_, to, arrow| {
                    touched = touched.with(to).with(arrow);
                    true
                });
                (aes - touched).any()
            }
            3 => {
                aes.count() == 2
                    && for_each_opponent_move(theirs, empty, |_, to, arrow| {
                        !(aes.contains(to) && aes.contains(arrow))
                    })
            }
            4 => for_each_opponent_move(theirs, empty, |from, to, arrow| {
                keeps_aes(Set::from_square(from), Set::from_square(to).with(arrow))
            }),
            5 | 6 => {
                aes.count() == u32::from(rule - 4)
                    && for_each_opponent_move(theirs, empty, |from, to, arrow| {
                        let filled = Set::from_square(to).with(arrow);
                        // Only the moves that fill every AES matter.
                        (aes - filled).any() || keeps_aes(Set::from_square(from), filled)
                    })
            }
            _ => unreachable!("rules are 1 to 6"),
        };
        if safe {
            return Some(rule);
        }
    }
    None
}

/// Calls `f(from, to, arrow)` on every move of the queens `theirs` through
/// `empty` until `f` returns false; returns whether it never did.
fn for_each_opponent_move<W: Word>(
    theirs: Set<W>,
    empty: Set<W>,
    mut f: impl FnMut(crate::Square, crate::Square, crate::Square) -> bool,
) -> bool {
    moves_of(theirs, empty, |mv| f(mv.from, mv.to, mv.arrow))
}
