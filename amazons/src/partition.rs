//! Board partition into areas (Song & Müller 2015, sections II-A3 and II-B).
//!
//! The **basic partition** splits the board into the 8-connected components
//! of empty squares and queens: no queen and no arrow can cross a burnt
//! square, so the components are independent subgames. The **improved
//! partition** further cuts an active component with *blockers*: the empty
//! squares that the opponent can never reach while the player's queens stay
//! put (the flood fill from the opponent's queens through empty squares
//! misses them) form, with the player's queens next to them, a *blocker
//! territory*; the queens of such a territory that also touch other empty
//! squares of the component are its *blockers*, and belong to every area they
//! separate. What is left (the empty squares both players can reach and the
//! queens next to them) stays active.
//!
//! Queens next to queens: a queen's square empties when it moves, so
//! pieces that touch only through two adjacent queens are not independent.
//! Active and dead pieces that touch are merged into one area. A territory
//! queen next to a queen outside the territory becomes one of its blockers
//! (the owner keeps the territory closed by moving such a queen only to
//! shoot back at its square), and joins the active area next door, if any,
//! as a blocker there too (see `close_territories`).
//!
//! Area kinds (II-B): *dead* (only queens or only empty squares), *simple
//! territory* (queens of one colour, sharing nothing), *blocker territory*
//! (queens of one colour, sharing blockers with other areas), *active* (queens
//! of both colours and an empty square).

use std::fmt;

use crate::bitboard::{Set, Word};
use crate::color::Color;
use crate::position::Position;

/// The kind of an area (Song & Müller 2015, II-B).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum AreaKind {
    /// Only queens or only empty squares: nobody can move here.
    Dead,
    /// Queens of one colour only, sharing no square with another area.
    SimpleTerritory(Color),
    /// Queens of one colour only, sharing blockers with other areas.
    BlockerTerritory(Color),
    /// Queens of both colours and at least one empty square.
    Active,
}

impl fmt::Display for AreaKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AreaKind::Dead => f.write_str("dead"),
            AreaKind::SimpleTerritory(c) => write!(f, "simple territory ({c})"),
            AreaKind::BlockerTerritory(c) => write!(f, "blocker territory ({c})"),
            AreaKind::Active => f.write_str("active"),
        }
    }
}

/// An area: a set of empty squares and queens, with its kind (its sets in
/// the word `W`: 128 bits, or 64 while the partition is computed on a
/// board that fits them).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Area<W: Word = u128> {
    /// The kind.
    pub kind: AreaKind,
    /// The empty squares of the area (each empty square of the board is in
    /// exactly one area).
    pub empty: Set<W>,
    /// The white queens of the area (blockers included).
    pub white: Set<W>,
    /// The black queens of the area (blockers included).
    pub black: Set<W>,
    /// The queens that this area shares with other areas (improved
    /// partition only; always empty in the basic partition).
    pub blockers: Set<W>,
}

impl<W: Word> Area<W> {
    /// All squares of the area: empty squares and queens.
    pub fn squares(&self) -> Set<W> {
        self.empty | self.white | self.black
    }

    /// The queens of `color` in the area.
    pub fn queens(&self, color: Color) -> Set<W> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The same area in 128-bit sets.
    fn widen(self) -> Area {
        Area {
            kind: self.kind,
            empty: self.empty.widen(),
            white: self.white.widen(),
            black: self.black.widen(),
            blockers: self.blockers.widen(),
        }
    }

    fn new(empty: Set<W>, white: Set<W>, black: Set<W>) -> Area<W> {
        let kind = if empty.is_empty() || (white | black).is_empty() {
            AreaKind::Dead
        } else if black.is_empty() {
            AreaKind::SimpleTerritory(Color::White)
        } else if white.is_empty() {
            AreaKind::SimpleTerritory(Color::Black)
        } else {
            AreaKind::Active
        };
        Area {
            kind,
            empty,
            white,
            black,
            blockers: Set::EMPTY,
        }
    }
}

impl Area {
    /// The area as a position of its own: the same board, with every square
    /// outside the area burnt, and `to_move` to move.
    pub fn to_position(&self, pos: &Position, to_move: Color) -> Position {
        let setup = crate::position::Setup {
            size: pos.size(),
            white: self.white,
            black: self.black,
            burnt: pos.mask() - self.squares(),
            to_move,
        };
        Position::from_setup(setup).expect("an area of a valid position is valid")
    }
}

/// The 8-connected components of `set`, ordered by their lowest square.
pub fn components<W: Word>(set: Set<W>) -> Vec<Set<W>> {
    each_component(set).collect()
}

/// The components of [`components`], one at a time (no list allocated).
pub(crate) fn each_component<W: Word>(set: Set<W>) -> impl Iterator<Item = Set<W>> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let comp = rest.component(rest.first()?);
        rest = rest - comp;
        Some(comp)
    })
}

/// The basic partition (II-A3): one area per 8-connected component of the
/// empty squares and queens, ordered by lowest square.
pub fn basic_partition(pos: &Position) -> Vec<Area> {
    basic_areas(pos).collect()
}

/// The areas of [`basic_partition`], one at a time.
fn basic_areas<W: Word>(pos: &Position) -> impl Iterator<Item = Area<W>> {
    let white = pos.queens(Color::White).narrow();
    let black = pos.queens(Color::Black).narrow();
    let empty = pos.empty().narrow();
    each_component((pos.mask() - pos.burnt()).narrow())
        .map(move |c| Area::new(empty & c, white & c, black & c))
}

/// The empty squares of `empty` that the queens `queens` can ever reach
/// (moving through empty squares only): the 8-connected flood from their
/// neighbours.
pub fn reachable<W: Word>(queens: Set<W>, empty: Set<W>) -> Set<W> {
    let mut reach = queens.neighbours() & empty;
    loop {
        let grown = (reach | reach.neighbours()) & empty;
        if grown == reach {
            return reach;
        }
        reach = grown;
    }
}

/// The improved partition (II-A3): the basic partition with blocker
/// territories cut out of the active areas. Every empty square is in exactly
/// one area; a blocker is in every area it borders. Queens next to no empty
/// square of their component form dead areas.
pub fn improved_partition(pos: &Position) -> Vec<Area> {
    if pos.size().is_narrow() {
        NARROW_AREAS.with_borrow_mut(|areas| {
            areas.clear();
            improved_into::<u64>(pos, areas);
            areas.drain(..).map(Area::widen).collect()
        })
    } else {
        let mut out = Vec::new();
        improved_into(pos, &mut out);
        out
    }
}

thread_local! {
    /// The areas of [`improved_partition`] in 64-bit sets, before they are
    /// widened (a list kept from one call to the next).
    static NARROW_AREAS: std::cell::RefCell<Vec<Area<u64>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Appends the areas of [`improved_partition`] in sets of `W` (which hold
/// the board) to `out`.
fn improved_into<W: Word>(pos: &Position, out: &mut Vec<Area<W>>) {
    for area in basic_areas(pos) {
        if area.kind == AreaKind::Active {
            split_active(&area, out);
        } else {
            out.push(area);
        }
    }
}

/// Appends the pieces of the active area `area` to `out` (built in place,
/// at the end of `out`).
fn split_active<W: Word>(area: &Area<W>, out: &mut Vec<Area<W>>) {
    let first = out.len();
    split_by_reach(area, out);
    if let Some(groups) = coupled_groups(area, &out[first..]) {
        let merged = merge_groups(&out[first..], &groups);
        out.truncate(first);
        out.extend(merged);
    }
    close_territories(area, &mut out[first..]);
}

/// One area per group of `pieces`; a queen that two groups still share is
/// a blocker of both. Territories are never grouped with anything, so they
/// stay as they are.
fn merge_groups<W: Word>(pieces: &[Area<W>], groups: &[Vec<usize>]) -> Vec<Area<W>> {
    let merged: Vec<(Set<W>, Set<W>, Set<W>)> = groups
        .iter()
        .map(|g| {
            g.iter().fold(
                (Set::<W>::EMPTY, Set::<W>::EMPTY, Set::<W>::EMPTY),
                |(e, w, b), &i| {
                    (
                        e | pieces[i].empty,
                        w | pieces[i].white,
                        b | pieces[i].black,
                    )
                },
            )
        })
        .collect();
    let mut out = Vec::with_capacity(groups.len());
    for (k, g) in groups.iter().enumerate() {
        if let [i] = g[..] {
            if is_territory(&pieces[i]) {
                out.push(pieces[i].clone());
                continue;
            }
        }
        let (empty, white, black) = merged[k];
        let others = merged
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .fold(Set::<W>::EMPTY, |acc, (_, &(_, w, b))| acc | w | b);
        let mut a = Area::new(empty, white, black);
        a.blockers = (white | black) & others;
        out.push(a);
    }
    out
}

fn is_territory<W: Word>(area: &Area<W>) -> bool {
    matches!(
        area.kind,
        AreaKind::SimpleTerritory(_) | AreaKind::BlockerTerritory(_)
    )
}

/// Makes every queen of a territory that stands next to a queen outside
/// the territory one of its blockers. A queen's square empties when it
/// moves, and the queen next door could then step through it into the
/// territory; as a blocker (Song & Müller 2015, III-A) the queen may leave only by
/// shooting back at its square, so the territory's owner can keep it
/// closed, which is all the blocker bounds `[n, e]` assume: `n` counts the
/// moves the owner makes with every blocker closed, and `e`, the empty
/// squares, bounds what any queen can take out of the territory.
fn close_territories<W: Word>(area: &Area<W>, pieces: &mut [Area<W>]) {
    let queens = area.white | area.black;
    for k in 0..pieces.len() {
        if !is_territory(&pieces[k]) {
            continue;
        }
        let t = &mut pieces[k];
        let mine = t.white | t.black;
        let touching = mine & (queens - mine).neighbours();
        if touching.is_empty() {
            continue;
        }
        t.blockers |= touching;
        if let AreaKind::SimpleTerritory(c) = t.kind {
            t.kind = AreaKind::BlockerTerritory(c);
        }
        let (white, black) = (t.white & touching, t.black & touching);
        for a in pieces.iter_mut().filter(|p| p.kind == AreaKind::Active) {
            let near = touching & (a.white | a.black).neighbours();
            if near.any() {
                a.white |= white & near;
                a.black |= black & near;
                a.blockers |= near;
            }
        }
    }
}

/// The active and dead pieces of `area` grouped into independent
/// subgames: two such pieces are in one group when a square of one is
/// 8-adjacent to a square of the other and no piece holds both squares. A
/// queen's square empties when it moves, so a queen next to a queen of
/// another piece could later step (or let the other step) across: the
/// improved partition must not separate them. Territories stay apart: their
/// queens next to other pieces are blockers ([`close_territories`]).
/// Blockers lie in every piece they border, as in Song & Müller 2015, III-A. Groups
/// are lists of piece indices, in order of their first piece; `None` when
/// every piece is a group of its own.
fn coupled_groups<W: Word>(area: &Area<W>, pieces: &[Area<W>]) -> Option<Vec<Vec<usize>>> {
    if pieces.len() < 2 {
        return None;
    }
    let holders = |x: Set<W>| (0..pieces.len()).filter(move |&i| pieces[i].squares().intersects(x));
    let mut root: Vec<usize> = (0..pieces.len()).collect();
    fn find(root: &[usize], mut i: usize) -> usize {
        while root[i] != i {
            i = root[i];
        }
        i
    }
    let mut coupled = false;
    // An empty square's neighbours all lie in its own piece (a queen next
    // to it belongs there), so only two queens can couple pieces.
    let queens = area.white | area.black;
    for sq in queens.squares() {
        let x = Set::<W>::from_square(sq);
        let covered = holders(x).fold(Set::<W>::EMPTY, |acc, i| acc | pieces[i].squares());
        for other in ((x.neighbours() & queens) - covered).squares() {
            for j in holders(Set::<W>::from_square(other)) {
                for i in holders(x) {
                    if is_territory(&pieces[i]) || is_territory(&pieces[j]) {
                        continue;
                    }
                    let (a, b) = (find(&root, i), find(&root, j));
                    if a != b {
                        root[a] = b;
                        coupled = true;
                    }
                }
            }
        }
    }
    if !coupled {
        return None;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of_root = vec![usize::MAX; pieces.len()];
    for i in 0..pieces.len() {
        let r = find(&root, i);
        if group_of_root[r] == usize::MAX {
            group_of_root[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of_root[r]].push(i);
    }
    Some(groups)
}

fn split_by_reach<W: Word>(area: &Area<W>, out: &mut Vec<Area<W>>) {
    let empty = area.empty;
    let reach_white = reachable(area.white, empty);
    let reach_black = reachable(area.black, empty);
    let contested = reach_white & reach_black;
    // Each empty square is reached by someone (a path to a queen of the
    // component ends next to that queen), so these two are the territories.
    let only_white = empty - reach_black;
    let only_black = empty - reach_white;
    if only_white.is_empty() && only_black.is_empty() {
        out.push(area.clone());
        return;
    }
    let first = out.len();
    let mut used_queens = Set::<W>::EMPTY;
    for (color, own, queens) in [
        (Color::White, only_white, area.white),
        (Color::Black, only_black, area.black),
    ] {
        for t in each_component(own) {
            let members = queens & t.neighbours();
            // A blocker also touches an empty square outside this territory.
            let blockers = members
                .squares()
                .filter(|&q| (Set::<W>::from_square(q).neighbours() & (empty - t)).any())
                .collect::<Set<W>>();
            used_queens |= members;
            let (white, black) = match color {
                Color::White => (members, Set::<W>::EMPTY),
                Color::Black => (Set::<W>::EMPTY, members),
            };
            out.push(Area {
                kind: if blockers.any() {
                    AreaKind::BlockerTerritory(color)
                } else {
                    AreaKind::SimpleTerritory(color)
                },
                empty: t,
                white,
                black,
                blockers,
            });
        }
    }
    let queens = area.white | area.black;
    let active_queens = queens & contested.neighbours();
    for c in each_component(contested | active_queens) {
        let mut a = Area::new(contested & c, area.white & c, area.black & c);
        a.blockers = a.white | a.black;
        out.push(a);
    }
    let placed: Set<W> = used_queens | active_queens;
    for c in each_component(queens - placed) {
        out.push(Area::new(Set::<W>::EMPTY, area.white & c, area.black & c));
    }
    // Blockers of the active parts: their queens that a territory also holds.
    let territory_queens: Set<W> = out[first..]
        .iter()
        .filter(|a| {
            matches!(
                a.kind,
                AreaKind::BlockerTerritory(_) | AreaKind::SimpleTerritory(_)
            )
        })
        .fold(Set::<W>::EMPTY, |acc, a| acc | a.white | a.black);
    for a in &mut out[first..] {
        if a.kind == AreaKind::Active {
            a.blockers &= territory_queens;
        }
    }
}
