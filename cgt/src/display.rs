//! Printing games in CGSuite notation.
//!
//! - numbers and number-up-star values as `3/4`, `*3`, `^2*`, `v2*`, `3^*`;
//! - switches `{G | -G}` as `+-1`, `+-(1*)`, `+-{2,{4|0}}`;
//! - everything else in braces with slash notation: when a side has a
//!   single option that is itself printed in braces, its braces are dropped
//!   and the outer bar gets one more slash than the inner ones, as in
//!   `{3||2|1}` = `{3 | {2|1}}`.
//!
//! Options are printed in an order that does not depend on ids, CGSuite's:
//! numbers, nimbers, other number-up-star values, then the rest by their
//! options. A game printed with four bars keeps its braces as a lone option.

use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

use hashbrown::HashMap;

use crate::{Arena, GameId, Nus};

/// A game with its arena, printable in CGSuite notation (see
/// [`Arena::display`]).
pub struct GameDisplay<'a> {
    arena: &'a Arena,
    game: GameId,
}

impl Arena {
    /// `g` in CGSuite notation, as something `Display`.
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3 || 2+* | 1+*}").unwrap();
    /// assert_eq!(arena.display(g).to_string(), "{3||2*|1*}");
    /// ```
    pub fn display(&self, g: GameId) -> GameDisplay<'_> {
        GameDisplay {
            arena: self,
            game: g,
        }
    }

    /// `g` in CGSuite notation.
    pub fn to_string(&self, g: GameId) -> String {
        self.display(g).to_string()
    }
}

impl fmt::Display for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer {
            arena: self.arena,
            printed: HashMap::new(),
            negation: HashMap::new(),
            sorted_options: HashMap::new(),
        };
        let p = printer.print(self.game);
        f.write_str(&p.full())
    }
}

/// How a game prints.
enum Printed {
    /// Printed without braces, as an atom: a number-up-star value or a switch.
    Atom(String),
    /// In braces; the text without the outer braces and the number of bars
    /// between its sides.
    Braced { body: String, slashes: usize },
}

impl Printed {
    /// The text as an option or a whole game.
    fn full(&self) -> String {
        match self {
            Printed::Atom(s) => s.clone(),
            Printed::Braced { body, .. } => format!("{{{body}}}"),
        }
    }
}

/// Left and Right options in display order.
type SortedOptions = (Rc<[GameId]>, Rc<[GameId]>);

/// A game printed with this many bars keeps its braces as a lone option,
/// as in CGSuite: `{0||0,v*|vv|||{..}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}`.
const MAX_SLASHES: usize = 4;

struct Printer<'a> {
    arena: &'a Arena,
    printed: HashMap<GameId, Rc<Printed>>,
    negation: HashMap<(GameId, GameId), bool>,
    sorted_options: HashMap<GameId, SortedOptions>,
}

impl Printer<'_> {
    fn print(&mut self, g: GameId) -> Rc<Printed> {
        if let Some(p) = self.printed.get(&g) {
            return Rc::clone(p);
        }
        let p = Rc::new(self.print_uncached(g));
        self.printed.insert(g, Rc::clone(&p));
        p
    }

    fn options(&self, g: GameId) -> (&[GameId], &[GameId]) {
        self.arena
            .options_if_made(g)
            .expect("games that are not number-up-star have options")
    }

    fn print_uncached(&mut self, g: GameId) -> Printed {
        if let Some(nus) = self.arena.as_nus(g) {
            return Printed::Atom(nus.to_string());
        }
        let (l, r) = self.sorted_options(g);
        if self.is_switch(&l, &r) {
            return Printed::Atom(self.print_switch(&l));
        }
        let (left, left_slashes) = self.print_side(&l);
        let (right, right_slashes) = self.print_side(&r);
        let slashes = left_slashes.max(right_slashes) + 1;
        Printed::Braced {
            body: format!("{left}{}{right}", "|".repeat(slashes)),
            slashes,
        }
    }

    /// One side: a lone braced option loses its braces (slash notation),
    /// unless it already has [`MAX_SLASHES`] bars.
    fn print_side(&mut self, opts: &[GameId]) -> (String, usize) {
        if let [only] = opts {
            if let Printed::Braced { body, slashes } = &*self.print(*only) {
                if *slashes < MAX_SLASHES {
                    return (body.clone(), *slashes);
                }
            }
        }
        let parts: Vec<String> = opts.iter().map(|&o| self.print(o).full()).collect();
        (parts.join(","), 0)
    }

    /// `+-x`, `+-(x*)`, `+-{...}` for `{A | -A}`.
    fn print_switch(&mut self, l: &[GameId]) -> String {
        if let [only] = l {
            let inner = self.print(*only);
            return match (&*inner, self.arena.as_nus(*only)) {
                (Printed::Atom(s), Some(nus)) if nus.is_number() => format!("+-{s}"),
                (Printed::Atom(s), _) => format!("+-({s})"),
                (braced, _) => format!("+-{}", braced.full()),
            };
        }
        let parts: Vec<String> = l.iter().map(|&o| self.print(o).full()).collect();
        format!("+-{{{}}}", parts.join(","))
    }

    /// Whether `{l | r}` is `{A | -A}` (r is exactly the negatives of l).
    fn is_switch(&mut self, l: &[GameId], r: &[GameId]) -> bool {
        if l.len() != r.len() || l.is_empty() {
            return false;
        }
        // Both lists are in display order; match greedily.
        let mut used = vec![false; r.len()];
        for &a in l {
            let mut found = false;
            for (j, &b) in r.iter().enumerate() {
                if !used[j] && self.is_negation(a, b) {
                    used[j] = true;
                    found = true;
                    break;
                }
            }
            if !found {
                return false;
            }
        }
        true
    }

    /// Whether `b = -a` (structurally: both are canonical).
    fn is_negation(&mut self, a: GameId, b: GameId) -> bool {
        if let Some(&v) = self.negation.get(&(a, b)) {
            return v;
        }
        let v = match (self.arena.as_nus(a), self.arena.as_nus(b)) {
            (Some(x), Some(y)) => x.neg() == y,
            (None, None) => {
                let (al, ar) = self.options(a);
                let (bl, br) = self.options(b);
                let (al, ar, bl, br) = (al.to_vec(), ar.to_vec(), bl.to_vec(), br.to_vec());
                self.lists_negate(&al, &br) && self.lists_negate(&ar, &bl)
            }
            _ => false,
        };
        self.negation.insert((a, b), v);
        v
    }

    fn lists_negate(&mut self, xs: &[GameId], ys: &[GameId]) -> bool {
        xs.len() == ys.len()
            && xs
                .iter()
                .all(|&x| ys.iter().any(|&y| self.is_negation(x, y)))
    }

    /// Options in display order.
    fn sorted(&mut self, opts: &[GameId]) -> Vec<GameId> {
        let mut opts = opts.to_vec();
        // Insertion sort: option lists are short, and the comparison needs
        // `&mut self` for its memo.
        for i in 1..opts.len() {
            let mut j = i;
            while j > 0 && self.display_cmp(opts[j - 1], opts[j]) == Ordering::Greater {
                opts.swap(j - 1, j);
                j -= 1;
            }
        }
        opts
    }

    /// The display order (CGSuite's `DeterministicOrdering`): numbers by
    /// value, then nimbers, then other number-up-star values (by number, ups,
    /// nimber), then other games by their Left options and then their Right
    /// options, compared in this same order (a shorter list first when one is
    /// a prefix of the other).
    fn display_cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let rank = |n: Option<Nus>| match n {
            Some(n) if n.is_number() => 0,
            Some(n) if n.number.is_zero() && n.ups == 0 => 1,
            Some(_) => 2,
            None => 3,
        };
        let (na, nb) = (self.arena.as_nus(a), self.arena.as_nus(b));
        match (na, nb) {
            (Some(x), Some(y)) => rank(na).cmp(&rank(nb)).then_with(|| {
                x.number
                    .cmp(&y.number)
                    .then(x.ups.cmp(&y.ups))
                    .then(x.nimber.cmp(&y.nimber))
            }),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => {
                let (al, ar) = self.sorted_options(a);
                let (bl, br) = self.sorted_options(b);
                self.lists_cmp(&al, &bl)
                    .then_with(|| self.lists_cmp(&ar, &br))
            }
        }
    }

    fn sorted_options(&mut self, g: GameId) -> SortedOptions {
        if let Some(p) = self.sorted_options.get(&g) {
            return p.clone();
        }
        let (l, r) = self.options(g);
        let (l, r) = (l.to_vec(), r.to_vec());
        let p: SortedOptions = (self.sorted(&l).into(), self.sorted(&r).into());
        self.sorted_options.insert(g, p.clone());
        p
    }

    fn lists_cmp(&mut self, xs: &[GameId], ys: &[GameId]) -> Ordering {
        for (&x, &y) in xs.iter().zip(ys) {
            let c = self.display_cmp(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        xs.len().cmp(&ys.len())
    }
}
