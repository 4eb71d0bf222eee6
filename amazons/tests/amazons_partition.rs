//! Board partitions (Song & Müller 2015, II-A3 and II-B): snapshots of a few boards
//! and properties checked against the move generator on random boards.

use amazons::partition::reachable;
use amazons::{basic_partition, improved_partition, Area, AreaKind, Bitboard, Color, Position};
use proptest::prelude::*;
use testkit::amazons::board_text;

fn names(b: Bitboard) -> String {
    b.squares()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A reviewer-readable listing: the board with each empty square labelled
/// by its area (a, b, c, ...), then each area's kind, squares and blockers.
fn describe(pos: &Position, areas: &[Area]) -> String {
    let mut out = String::new();
    for rank in (0..pos.size().height()).rev() {
        for file in 0..pos.size().width() {
            let sq = amazons::Square::new(file, rank).unwrap();
            let c = if pos.queens(Color::White).contains(sq) {
                'W'
            } else if pos.queens(Color::Black).contains(sq) {
                'B'
            } else if pos.burnt().contains(sq) {
                'x'
            } else {
                let i = areas.iter().position(|a| a.empty.contains(sq)).unwrap();
                (b'a' + i as u8) as char
            };
            out.push(c);
        }
        out.push('\n');
    }
    for (i, a) in areas.iter().enumerate() {
        out += &format!(
            "{}: {} | empty: {} | white: {} | black: {} | blockers: {}\n",
            (b'a' + i as u8) as char,
            a.kind,
            names(a.empty),
            names(a.white),
            names(a.black),
            names(a.blockers)
        );
    }
    out
}

/// Boards drawn by hand to show each kind of area.
const BOARDS: [(&str, &str); 5] = [
    // Two areas split by a wall of arrows: an active one and a White
    // territory (the B/W queens of the right part).
    ("wall", "..xW./.Bx../W.x.x/..x.. w"),
    // A White queen in a gap of a wall: the left part is a White blocker
    // territory, the queen its blocker, the right part active.
    ("gate", "...x../...W.B/...x.. b"),
    // A blocker of each colour, as in Song & Müller 2015 Fig. 2: a White blocker
    // territory on the left, a Black one on the right, active in between.
    ("two_gates", "..x..x../..W..B.. w"),
    // A Black queen walled in by White queens only. Cutting it off as dead
    // next to a plain White territory was unsound (the wall can move away
    // and let it out); merging it into one active area threw the territory
    // away. Now the wall queens are blockers of the White territory, which
    // White can keep closed by shooting back, and the Black queen is dead.
    ("dead", "Bx../WW../.... w"),
    // The 6x6 standard start after a few moves: one big active area.
    ("start", ".B..B./B....B/..x.../.x..../W....W/.W..W. w"),
];

#[test]
fn partition_snapshots() {
    for (name, text) in BOARDS {
        let pos: Position = text.parse().unwrap();
        let basic = describe(&pos, &basic_partition(&pos));
        let improved = describe(&pos, &improved_partition(&pos));
        insta::assert_snapshot!(
            format!("amazons_partition_{name}"),
            format!("{text}\n\nbasic:\n{basic}\nimproved:\n{improved}")
        );
    }
}

/// Random boards up to 6x6 with queens, arrows and empty squares.
fn board() -> impl Strategy<Value = Position> {
    (1u8..=6, 1u8..=6)
        .prop_flat_map(|(w, h)| {
            proptest::collection::vec(0u8..10, (w * h) as usize)
                .prop_map(move |cells| board_text(w, h, |r, f| cells[(r * w + f) as usize]) + " w")
        })
        .prop_map(|t| t.parse().unwrap())
}

fn check_cover(pos: &Position, areas: &[Area], blockers_allowed: bool) {
    // Every empty square in exactly one area.
    for sq in pos.empty() {
        assert_eq!(
            areas.iter().filter(|a| a.empty.contains(sq)).count(),
            1,
            "{pos} {sq}"
        );
    }
    // Areas hold only the position's own squares of the right contents.
    for a in areas {
        assert!((a.empty - pos.empty()).is_empty());
        assert!((a.white - pos.queens(Color::White)).is_empty());
        assert!((a.black - pos.queens(Color::Black)).is_empty());
    }
    // Every queen in an area; in more than one only if it is a blocker.
    for q in pos.all_queens() {
        let holding: Vec<&Area> = areas.iter().filter(|a| a.squares().contains(q)).collect();
        assert!(!holding.is_empty(), "{pos} {q}");
        if holding.len() > 1 {
            assert!(blockers_allowed);
            assert!(holding.iter().all(|a| a.blockers.contains(q)), "{pos} {q}");
        }
    }
    for a in areas {
        let expected = if a.empty.is_empty() || (a.white | a.black).is_empty() {
            AreaKind::Dead
        } else if a.white.any() && a.black.any() {
            AreaKind::Active
        } else {
            let c = if a.white.any() {
                Color::White
            } else {
                Color::Black
            };
            if a.blockers.any() {
                AreaKind::BlockerTerritory(c)
            } else {
                AreaKind::SimpleTerritory(c)
            }
        };
        assert_eq!(a.kind, expected, "{pos}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn basic_partition_covers_and_moves_stay_inside(pos in board()) {
        let areas = basic_partition(&pos);
        check_cover(&pos, &areas, false);
        // Independence: every legal move of either side lies in one area.
        for side in [Color::White, Color::Black] {
            let p = pos.with_to_move(side);
            for mv in p.legal_moves() {
                let a = areas.iter().find(|a| a.squares().contains(mv.from)).unwrap();
                prop_assert!(a.squares().contains(mv.to) && a.squares().contains(mv.arrow));
            }
        }
    }

    #[test]
    fn improved_partition_covers_and_keeps_opponents_out(pos in board()) {
        let areas = improved_partition(&pos);
        check_cover(&pos, &areas, true);
        for a in &areas {
            let owner = match a.kind {
                AreaKind::SimpleTerritory(c) | AreaKind::BlockerTerritory(c) => c,
                _ => continue,
            };
            // The opponent's queens never reach the territory's empty
            // squares while the owner's queens stay: every opponent move,
            // and every empty square the opponent can flood to, misses it.
            let opp = owner.opposite();
            prop_assert!(!reachable(pos.queens(opp), pos.empty()).intersects(a.empty));
            for mv in pos.with_to_move(opp).legal_moves() {
                prop_assert!(!a.empty.contains(mv.to) && !a.empty.contains(mv.arrow));
            }
            // Normal queens of a territory touch only its own empty squares.
            for q in a.queens(owner) - a.blockers {
                let touched = Bitboard::from_square(q).neighbours() & pos.empty();
                prop_assert!((touched - a.empty).is_empty(), "{} {}", pos, q);
            }
        }
        // The improved partition refines the basic one.
        for a in &areas {
            prop_assert!(basic_partition(&pos).iter().any(|b| (a.squares() - b.squares()).is_empty()));
        }
    }
}
