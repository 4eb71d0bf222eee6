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

use crate::budget::OutputLimit;
use crate::{Arena, GameId, Nus};

/// A game with its arena, printable in CGSuite notation (see
/// [`Arena::display`]). Printing streams into the formatter: the text is
/// never built whole in memory.
pub struct GameDisplay<'a> {
    arena: &'a Arena,
    game: GameId,
}

/// A canonical form whose text is longer than the output allows (see
/// [`Arena::printed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("its text takes {bytes} bytes, more than the {limit} allowed")]
pub struct OutputTooLarge {
    /// The length of the text in bytes.
    pub bytes: u64,
    /// The limit it passed.
    pub limit: usize,
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

    /// `g` in CGSuite notation. The text of a game can be exponentially
    /// longer than the game's description (a sum of n hot games has about
    /// 2^n options in all); [`Arena::printed`] bounds it.
    pub fn to_string(&self, g: GameId) -> String {
        self.display(g).to_string()
    }

    /// The length in bytes of `g` in CGSuite notation, computed without
    /// printing it (in time proportional to the games below `g`).
    ///
    /// ```
    /// use cgt::Arena;
    /// let mut arena = Arena::new();
    /// let g = arena.parse("{3 || 2+* | 1+*}").unwrap();
    /// assert_eq!(arena.printed_len(g), "{3||2*|1*}".len() as u64);
    /// ```
    pub fn printed_len(&self, g: GameId) -> u64 {
        Printer::new(self).len(g, false)
    }

    /// `g` in CGSuite notation if its text takes at most `limit` bytes.
    ///
    /// # Errors
    /// [`OutputTooLarge`] with the text's length, when it is longer; the
    /// text is then not built.
    pub fn printed(&self, g: GameId, limit: OutputLimit) -> Result<String, OutputTooLarge> {
        let mut printer = Printer::new(self);
        let bytes = printer.len(g, false);
        if bytes > limit.0 as u64 {
            return Err(OutputTooLarge {
                bytes,
                limit: limit.0,
            });
        }
        let mut text = String::with_capacity(usize::try_from(bytes).unwrap_or(0));
        let mut out = Writer {
            out: &mut text,
            result: Ok(()),
        };
        printer.render(g, false, &mut out);
        Ok(text)
    }
}

impl fmt::Display for GameDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = Writer {
            out: f,
            result: Ok(()),
        };
        Printer::new(self.arena).render(self.game, false, &mut out);
        out.result
    }
}

/// Where [`Printer::render`] puts a game's text: its own characters, and its
/// options' texts (which a writer prints and a counter looks up).
trait Out {
    /// Characters of the game itself (braces, bars, commas, `+-`).
    fn text(&mut self, s: &str);
    /// The text of the option `g` (its body only, without the outer
    /// braces, if `body`).
    fn child(&mut self, printer: &mut Printer<'_>, g: GameId, body: bool);
}

/// Writes the text.
struct Writer<'w> {
    out: &'w mut dyn fmt::Write,
    result: fmt::Result,
}

impl Out for Writer<'_> {
    fn text(&mut self, s: &str) {
        if self.result.is_ok() {
            self.result = self.out.write_str(s);
        }
    }

    fn child(&mut self, printer: &mut Printer<'_>, g: GameId, body: bool) {
        if self.result.is_ok() {
            printer.render(g, body, self);
        }
    }
}

/// Counts the bytes of the text, options by their memoised lengths.
struct Counter(u64);

impl Out for Counter {
    fn text(&mut self, s: &str) {
        self.0 = self.0.saturating_add(s.len() as u64);
    }

    fn child(&mut self, printer: &mut Printer<'_>, g: GameId, body: bool) {
        self.0 = self.0.saturating_add(printer.len(g, body));
    }
}

/// Left and Right options in display order.
type SortedOptions = (Rc<[GameId]>, Rc<[GameId]>);

/// A game printed with this many bars keeps its braces as a lone option,
/// as in CGSuite: `{0||0,v*|vv|||{..}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}`.
const MAX_SLASHES: usize = 4;

struct Printer<'a> {
    arena: &'a Arena,
    /// The bars of each game printed in braces (`None`: printed as an atom).
    slashes: HashMap<GameId, Option<usize>>,
    /// The length of each game's text (`true`: of its body only).
    lengths: HashMap<(GameId, bool), u64>,
    negation: HashMap<(GameId, GameId), bool>,
    sorted_options: HashMap<GameId, SortedOptions>,
}

impl<'a> Printer<'a> {
    fn new(arena: &'a Arena) -> Printer<'a> {
        Printer {
            arena,
            slashes: HashMap::new(),
            lengths: HashMap::new(),
            negation: HashMap::new(),
            sorted_options: HashMap::new(),
        }
    }

    /// The length of `g`'s text (its body if `body`), memoised.
    fn len(&mut self, g: GameId, body: bool) -> u64 {
        if let Some(&n) = self.lengths.get(&(g, body)) {
            return n;
        }
        let mut count = Counter(0);
        self.render(g, body, &mut count);
        self.lengths.insert((g, body), count.0);
        count.0
    }

    fn options(&self, g: GameId) -> (&[GameId], &[GameId]) {
        self.arena
            .options_if_made(g)
            .expect("games that are not number-up-star have options")
    }

    /// Renders `g` (only the body between its outer braces if `body`; a game
    /// printed as an atom has no braces to drop):
    /// - number-up-star values as atoms;
    /// - switches `{A | -A}` as `+-x`, `+-(x*)`, `+-{...}`;
    /// - else `{left|right}` with as many bars as needed: a side with a
    ///   single option printed in braces drops them (slash notation), unless
    ///   it already has [`MAX_SLASHES`] bars.
    fn render(&mut self, g: GameId, body: bool, out: &mut dyn Out) {
        if let Some(nus) = self.arena.as_nus(g) {
            out.text(&nus.to_string());
            return;
        }
        let (l, r) = self.sorted_options(g);
        if self.is_switch(&l, &r) {
            if let [only] = *l {
                let atom = self.slashes_of(only).is_none();
                let number = self.arena.as_nus(only).is_some_and(|n| n.is_number());
                if atom && !number {
                    out.text("+-(");
                    out.child(self, only, false);
                    out.text(")");
                } else {
                    out.text("+-");
                    out.child(self, only, false);
                }
            } else {
                out.text("+-{");
                self.render_list(&l, out);
                out.text("}");
            }
            return;
        }
        let (left, right) = (self.lone_braced(&l), self.lone_braced(&r));
        let slashes = left.unwrap_or(0).max(right.unwrap_or(0)) + 1;
        if !body {
            out.text("{");
        }
        self.render_side(&l, left.is_some(), out);
        for _ in 0..slashes {
            out.text("|");
        }
        self.render_side(&r, right.is_some(), out);
        if !body {
            out.text("}");
        }
    }

    /// One side: the body of its lone braced option if `lone`, else its
    /// options separated by commas.
    fn render_side(&mut self, opts: &[GameId], lone: bool, out: &mut dyn Out) {
        if lone {
            out.child(self, opts[0], true);
        } else {
            self.render_list(opts, out);
        }
    }

    fn render_list(&mut self, opts: &[GameId], out: &mut dyn Out) {
        for (i, &o) in opts.iter().enumerate() {
            if i > 0 {
                out.text(",");
            }
            out.child(self, o, false);
        }
    }

    /// The bars of a side's lone option printed in braces with fewer than
    /// [`MAX_SLASHES`] bars (whose braces the side drops), if it has one.
    fn lone_braced(&mut self, opts: &[GameId]) -> Option<usize> {
        match opts {
            [only] => self.slashes_of(*only).filter(|&s| s < MAX_SLASHES),
            _ => None,
        }
    }

    /// The bars between the sides of `g` when printed in braces; `None` for
    /// games printed as atoms (number-up-star values and switches).
    fn slashes_of(&mut self, g: GameId) -> Option<usize> {
        if let Some(&s) = self.slashes.get(&g) {
            return s;
        }
        let s = if self.arena.as_nus(g).is_some() {
            None
        } else {
            let (l, r) = self.sorted_options(g);
            if self.is_switch(&l, &r) {
                None
            } else {
                let (left, right) = (self.lone_braced(&l), self.lone_braced(&r));
                Some(left.unwrap_or(0).max(right.unwrap_or(0)) + 1)
            }
        };
        self.slashes.insert(g, s);
        s
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
