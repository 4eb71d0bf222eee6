//! Active area tables against a plain reference builder written here (the
//! table as a straightforward retrograde pass would make it: layer by layer,
//! ranks in increasing order, every option's configuration ranked with
//! `BoxIndex::rank_of` and valued with `Thermograph::from_options`, each new
//! thermograph appended to the dictionary in rank order): the files must be
//! byte for byte the same.

use std::collections::HashMap;

use amazons::{queen_attacks, Bitboard};
use cgt::budget::Watch;
use cgt::Thermograph;
use databases::format::active_bytes;
use databases::{ActiveDb, BoxIndex};

/// The ranks after every move of `movers` (group `group`), `others` staying.
fn options(
    index: &BoxIndex,
    empty: Bitboard,
    movers: Bitboard,
    others: Bitboard,
    group: usize,
) -> Vec<u64> {
    let cells = |b: Bitboard| index.board_to_cells(b).unwrap();
    let mut out = Vec::new();
    for from in movers {
        let vacated = empty.with(from);
        for to in queen_attacks(from, empty) {
            let mut queens = [cells(others); 2];
            queens[group] = cells(movers.without(from).with(to));
            for arrow in queen_attacks(to, vacated.without(to)) {
                out.push(index.rank_of(&queens, cells(vacated.without(to).without(arrow))));
            }
        }
    }
    out
}

/// The table of the box, built plainly.
fn reference(w: u8, h: u8, black: u32, white: u32) -> ActiveDb {
    let index = BoxIndex::new(w, h, &[black, white]).unwrap();
    let mut ids = vec![u32::MAX; index.count() as usize];
    let mut dict: Vec<Thermograph> = Vec::new();
    let mut known: HashMap<Thermograph, u32> = HashMap::new();
    for layer in 0..=index.free_cells() {
        for r in (0..index.count()).filter(|&r| index.empty_count(r) == layer) {
            let c = index.unrank(r);
            let empty = index.cells_to_board(c.empty);
            let b = index.cells_to_board(c.queens[0]);
            let wq = index.cells_to_board(c.queens[1]);
            let values = |ranks: Vec<u64>| -> Vec<Thermograph> {
                ranks
                    .into_iter()
                    .map(|o| dict[ids[o as usize] as usize].clone())
                    .collect()
            };
            let lefts = values(options(&index, empty, b, wq, 0));
            let rights = values(options(&index, empty, wq, b, 1));
            let t = Thermograph::from_options(&lefts, &rights).unwrap();
            let id = *known.entry(t.clone()).or_insert_with(|| {
                dict.push(t);
                (dict.len() - 1) as u32
            });
            ids[r as usize] = id;
        }
    }
    ActiveDb::from_parts(index, dict, ids, Vec::new())
}

#[test]
fn tables_match_the_reference_byte_for_byte() {
    for (w, h, b, wq) in [
        (3, 1, 1, 1),
        (2, 2, 1, 1),
        (3, 2, 1, 2),
        (3, 2, 2, 1),
        (4, 2, 1, 1),
        (3, 3, 1, 1),
        (4, 2, 2, 2),
        (3, 3, 2, 1),
        (5, 2, 1, 2),
        (4, 3, 1, 1),
    ] {
        let built = ActiveDb::build(w, h, b, wq, &(), &Watch::unlimited()).unwrap();
        assert!(
            active_bytes(&built) == active_bytes(&reference(w, h, b, wq)),
            "{w}x{h} b{b} w{wq}"
        );
    }
}
