//! Parsers never panic, and SGF records of random games round-trip.

use amazons::sgf::{self, Game};
use amazons::{Move, Position, Size};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn position_parser_never_panics(text in "[.WBxq/ wb0-9]{0,40}") {
        if let Ok(pos) = text.parse::<Position>() {
            // What parses prints back to something that parses the same.
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        }
    }

    #[test]
    fn move_and_size_parsers_never_panic(text in "[A-Ja-j0-9x\\-]{0,10}") {
        let _ = text.parse::<Move>();
        let _ = text.parse::<Size>();
    }

    #[test]
    fn sgf_reader_never_panics(text in "[();A-Za-z0-9\\[\\]:\\\\ ]{0,60}") {
        let _ = sgf::read(&text);
    }

    #[test]
    fn sgf_reader_survives_damaged_records(cut in 0usize..60, byte in 0u8..128) {
        let good = "(;FF[4]GM[18]SZ[5:6];W[bfbcdc];B[abadac](;W[bcbebc]))";
        prop_assert_eq!(sgf::read(good).unwrap().moves.len(), 3);
        let mut bytes = good.as_bytes().to_vec();
        let i = cut % bytes.len();
        bytes[i] = byte;
        let _ = sgf::read(&String::from_utf8_lossy(&bytes));
        let _ = sgf::read(&good[..i]);
    }
}

#[test]
fn sgf_points_on_10x10() {
    // SGF points are column then row letters, row `a` the top rank (the
    // SGF spec's convention for Amazons, as for Go): on 10x10, D1 is `dj`,
    // D7 `dd`, D9 `db`, J10 `ja`.
    let game = sgf::read("(;FF[4]GM[18]SZ[10];W[djdddb];B[jdjaja])").unwrap_err();
    assert!(game.to_string().contains("illegal"), "{game}");
    let game = sgf::read("(;FF[4]GM[18]SZ[10];W[djdddb];B[gaicgc])").unwrap();
    let names: Vec<String> = game.moves.iter().map(Move::to_string).collect();
    assert_eq!(names, ["D1-D7xD9", "G10-I8xG8"]);
    assert_eq!(
        game.start,
        Position::standard("10x10".parse().unwrap()).unwrap()
    );
    assert!(sgf::write(&game).contains("SZ[10]"));
    assert!(sgf::write(&game).contains("W[djdddb]"));
    assert!(sgf::read("(;FF[4]GM[18]SZ[11])").is_err());
}

#[test]
fn random_games_round_trip_through_sgf() {
    let mut rng = SmallRng::seed_from_u64(18);
    for size in ["4x4", "5x6", "6x5", "8x8", "4x7", "10x10", "9x10", "10x4"] {
        for _ in 0..20 {
            let start = Position::standard(size.parse().unwrap()).unwrap();
            let mut pos = start.clone();
            let mut moves = Vec::new();
            let length = rng.gen_range(0..30);
            while moves.len() < length {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.gen_range(0..legal.len())];
                pos.play(mv).unwrap();
                moves.push(mv);
            }
            let game = Game { start, moves };
            let text = sgf::write(&game);
            let back = sgf::read(&text).unwrap();
            assert_eq!(back, game, "{text}");
            assert_eq!(back.final_position(), pos);
        }
    }
}
