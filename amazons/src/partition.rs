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

use crate::bitboard::Bitboard;
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

/// An area: a set of empty squares and queens, with its kind.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Area {
    /// The kind.
    pub kind: AreaKind,
    /// The empty squares of the area (each empty square of the board is in
    /// exactly one area).
    pub empty: Bitboard,
    /// The white queens of the area (blockers included).
    pub white: Bitboard,
    /// The black queens of the area (blockers included).
    pub black: Bitboard,
    /// The queens that this area shares with other areas (improved
    /// partition only; always empty in the basic partition).
    pub blockers: Bitboard,
}

impl Area {
    /// All squares of the area: empty squares and queens.
    pub fn squares(&self) -> Bitboard {
        self.empty | self.white | self.black
    }

    /// The queens of `color` in the area.
    pub fn queens(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

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

    fn new(empty: Bitboard, white: Bitboard, black: Bitboard) -> Area {
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
            blockers: Bitboard::EMPTY,
        }
    }
}

/// The 8-connected components of `set`, ordered by their lowest square.
pub fn components(set: Bitboard) -> Vec<Bitboard> {
    each_component(set).collect()
}

/// The components of [`components`], one at a time (no list allocated).
pub(crate) fn each_component(set: Bitboard) -> impl Iterator<Item = Bitboard> {
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
fn basic_areas(pos: &Position) -> impl Iterator<Item = Area> {
    let white = pos.queens(Color::White);
    let black = pos.queens(Color::Black);
    let empty = pos.empty();
    each_component(pos.mask() - pos.burnt())
        .map(move |c| Area::new(empty & c, white & c, black & c))
}

/// The empty squares of `empty` that the queens `queens` can ever reach
/// (moving through empty squares only): the 8-connected flood from their
/// neighbours.
pub fn reachable(queens: Bitboard, empty: Bitboard) -> Bitboard {
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
    let mut out = Vec::new();
    for area in basic_areas(pos) {
        if area.kind == AreaKind::Active {
            split_active(&area, &mut out);
        } else {
            out.push(area);
        }
    }
    out
}

/// Appends the pieces of the active area `area` to `out` (built in place,
/// at the end of `out`).
fn split_active(area: &Area, out: &mut Vec<Area>) {
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
fn merge_groups(pieces: &[Area], groups: &[Vec<usize>]) -> Vec<Area> {
    let merged: Vec<(Bitboard, Bitboard, Bitboard)> = groups
        .iter()
        .map(|g| {
            g.iter().fold(
                (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
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
            .fold(Bitboard::EMPTY, |acc, (_, &(_, w, b))| acc | w | b);
        let mut a = Area::new(empty, white, black);
        a.blockers = (white | black) & others;
        out.push(a);
    }
    out
}

fn is_territory(area: &Area) -> bool {
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
fn close_territories(area: &Area, pieces: &mut [Area]) {
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
fn coupled_groups(area: &Area, pieces: &[Area]) -> Option<Vec<Vec<usize>>> {
    if pieces.len() < 2 {
        return None;
    }
    let holders =
        |x: Bitboard| (0..pieces.len()).filter(move |&i| pieces[i].squares().intersects(x));
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
        let x = Bitboard::from_square(sq);
        let covered = holders(x).fold(Bitboard::EMPTY, |acc, i| acc | pieces[i].squares());
        for other in ((x.neighbours() & queens) - covered).squares() {
            for j in holders(Bitboard::from_square(other)) {
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

fn split_by_reach(area: &Area, out: &mut Vec<Area>) {
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
    let mut used_queens = Bitboard::EMPTY;
    for (color, own, queens) in [
        (Color::White, only_white, area.white),
        (Color::Black, only_black, area.black),
    ] {
        for t in each_component(own) {
            let members = queens & t.neighbours();
            // A blocker also touches an empty square outside this territory.
            let blockers = members
                .squares()
                .filter(|&q| (Bitboard::from_square(q).neighbours() & (empty - t)).any())
                .collect::<Bitboard>();
            used_queens |= members;
            let (white, black) = match color {
                Color::White => (members, Bitboard::EMPTY),
                Color::Black => (Bitboard::EMPTY, members),
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
    let placed: Bitboard = used_queens | active_queens;
    for c in each_component(queens - placed) {
        out.push(Area::new(Bitboard::EMPTY, area.white & c, area.black & c));
    }
    // Blockers of the active parts: their queens that a territory also holds.
    let territory_queens: Bitboard = out[first..]
        .iter()
        .filter(|a| {
            matches!(
                a.kind,
                AreaKind::BlockerTerritory(_) | AreaKind::SimpleTerritory(_)
            )
        })
        .fold(Bitboard::EMPTY, |acc, a| acc | a.white | a.black);
    for a in &mut out[first..] {
        if a.kind == AreaKind::Active {
            a.blockers &= territory_queens;
        }
    }
}
