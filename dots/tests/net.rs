//! Neural-network players (Weaver & Bossomaier 1998): the genome's size and
//! round trip, the network file and its errors, the hand-made level-1
//! network against a naive box-completion check, and training that is the
//! same by seed at any thread count.

use dots::play::net::{
    genome_bytes, parse, train, weight_of_code, Genome, Heuristic, Method, NetError, NetFileError,
    Network, Scheme, Shape, TrainConfig, WEIGHT_BITS,
};
use dots::play::{new_player, Game, Grid, PlayError, Player, Rng};
use proptest::prelude::*;
use testkit::files::temp_dir;

fn grid3() -> Grid {
    Grid::new(3, 3).unwrap()
}

#[test]
fn genome_of_a_3x3_network_is_582_bytes() {
    let shape = Shape::for_grid(&grid3());
    assert_eq!(
        shape,
        Shape {
            inputs: 24,
            hidden: 9,
            outputs: 24
        }
    );
    // §3.3: a hidden node is 250 bits (24 weights and a threshold of 10
    // bits), an output node 100 bits (9 and a threshold); 582 bytes with 6
    // bits unused.
    let bits = 9 * 250 + 24 * 100;
    assert_eq!(bits, WEIGHT_BITS * shape.num_weights());
    assert_eq!(genome_bytes(shape), 582);
    assert_eq!(582 * 8 - bits, 6);
    // §5.2 counts "465 weights and thresholds".
    assert_eq!(shape.num_weights(), 465);
    // 1,024 evenly spaced values from -64 to +64 inclusive.
    assert_eq!(weight_of_code(0), -64.0);
    assert_eq!(weight_of_code(1023), 64.0);
    let step = weight_of_code(1) - weight_of_code(0);
    assert!((step - 128.0 / 1023.0).abs() < 1e-12);
}

#[test]
fn genome_encode_decode_round_trip() {
    let mut rng = Rng::new(11);
    for (w, h) in [(3, 3), (1, 1), (2, 3), (5, 5)] {
        let grid = Grid::new(w, h).unwrap();
        let shape = Shape::for_grid(&grid);
        for _ in 0..20 {
            let g = Genome::random(shape, &mut rng);
            assert_eq!(g.bytes().len(), genome_bytes(shape));
            let net = g.decode(&grid);
            // Each weight is its 10-bit code's value, read most significant
            // bit first.
            for (i, &x) in net.weights().iter().enumerate() {
                let code = (0..WEIGHT_BITS)
                    .fold(0u32, |c, b| c << 1 | u32::from(g.bit(i * WEIGHT_BITS + b)));
                assert_eq!(x, -64.0 + 128.0 * f64::from(code) / 1023.0);
            }
            assert_eq!(Genome::encode(&net), g);
            assert_eq!(
                Genome::from_bytes(shape, g.bytes().to_vec()).as_ref(),
                Some(&g)
            );
            // The unused bits of the last byte stay zero.
            let unused = g.bytes().len() * 8 - g.len_bits();
            assert_eq!(g.bytes().last().unwrap() & ((1u16 << unused) - 1) as u8, 0);
        }
    }
}

#[test]
fn crossover_swaps_the_tails_and_mutation_flips_at_its_rate() {
    let shape = Shape::for_grid(&grid3());
    let mut rng = Rng::new(5);
    let (a, b) = (
        Genome::random(shape, &mut rng),
        Genome::random(shape, &mut rng),
    );
    for point in [1, 7, 8, 9, 100, 4649] {
        let (mut x, mut y) = (a.clone(), b.clone());
        x.cross(&mut y, point);
        for i in 0..a.len_bits() {
            let (from_x, from_y) = if i < point { (&a, &b) } else { (&b, &a) };
            assert_eq!(x.bit(i), from_x.bit(i), "point {point}, bit {i}");
            assert_eq!(y.bit(i), from_y.bit(i), "point {point}, bit {i}");
        }
    }
    // 200 genomes of 4,650 bits at p = 0.005: 4,650 flips expected,
    // standard deviation about 68.
    let mut flips = 0;
    for _ in 0..200 {
        let mut m = a.clone();
        m.mutate(0.005, &mut rng);
        flips += (0..a.len_bits()).filter(|&i| m.bit(i) != a.bit(i)).count();
    }
    assert!((4_350..=4_950).contains(&flips), "{flips}");
}

/// Whether a legal move of `game` completes a box, by playing each.
fn can_complete(game: &Game<'_>) -> bool {
    (0..game.grid().num_edges()).any(|e| {
        let mut g = *game;
        g.play(e).is_ok_and(|boxes| boxes > 0)
    })
}

#[test]
fn hand_made_network_plays_like_level1_on_10000_positions() {
    let mut rng = Rng::new(36);
    let mut checked = [0usize; 2];
    for (w, h, count) in [(3, 3, 10_000), (2, 3, 1_000), (5, 4, 1_000)] {
        let grid = Grid::new(w, h).unwrap();
        let mut net = new_player("level1", 0).unwrap();
        let mut player = dots::play::net::NetPlayer::new("n".into(), Network::level1(&grid));
        for _ in 0..count {
            let mut game = Game::new(&grid);
            let moves = rng.below(grid.num_edges() as u32);
            for _ in 0..moves {
                let e = rng.pick(game.legal());
                game.play_unchecked(e);
            }
            let chosen = player.choose(&game, &mut rng).unwrap();
            let mut after = game;
            let completes = after.play(chosen).unwrap() > 0;
            let possible = can_complete(&game);
            assert_eq!(completes, possible, "{game}: chose {chosen}");
            checked[usize::from(possible)] += 1;
            // level1 agrees on whether to take a box.
            let l1 = net.choose(&game, &mut rng).unwrap();
            let mut after = game;
            assert_eq!(after.play(l1).unwrap() > 0, completes);
        }
    }
    // Both kinds of position were met often.
    assert!(checked.iter().all(|&c| c > 2_000), "{checked:?}");
}

#[test]
fn network_file_round_trips_and_plays_as_net_file() {
    let dir = temp_dir("net-file");
    std::fs::create_dir_all(&dir).unwrap();
    let grid = grid3();
    let mut rng = Rng::new(3);
    let net = Genome::random(Shape::for_grid(&grid), &mut rng).decode(&grid);
    assert_eq!(parse(net.to_text().as_bytes()), Ok(net.clone()));
    let path = dir.join("a.net");
    net.write(&path).unwrap();
    assert_eq!(Network::read(&path), Ok(net.clone()));
    // Any finite weight is written exactly.
    let odd = Network::new(
        &Grid::new(1, 1).unwrap(),
        vec![
            0.1,
            -1e-300,
            3.0,
            1.0 / 3.0,
            7e12,
            5e-324,
            1.5,
            -2.0,
            64.0,
            -64.0,
            1e-7,
            2.5,
            -7.25,
        ],
    );
    let odd = odd.unwrap();
    assert_eq!(parse(odd.to_text().as_bytes()), Ok(odd));
    // As a player: the same moves as the network itself.
    let spec = format!("net:{}", path.display());
    let mut player = new_player(&spec, 0).unwrap();
    assert_eq!(player.name(), spec);
    let game = Game::new(&grid);
    let mut r1 = Rng::new(8);
    let mut r2 = Rng::new(8);
    assert_eq!(
        player.choose(&game, &mut r1).unwrap(),
        net.choose_unchecked(&game, &mut r2)
    );
    // On another board: an error, not a panic.
    let other = Grid::new(2, 2).unwrap();
    assert!(matches!(
        player.choose(&Game::new(&other), &mut r1),
        Err(PlayError::Setup { .. })
    ));
    // A missing file names itself.
    let missing = dir.join("missing.net");
    let Err(err) = new_player(&format!("net:{}", missing.display()), 0) else {
        panic!("a missing file made a player");
    };
    assert!(matches!(err, PlayError::Network(NetFileError::Io { .. })));
    assert!(err.to_string().contains("missing.net"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_network_files_get_typed_errors_naming_the_line() {
    let grid = Grid::new(1, 1).unwrap();
    let text = Network::level1(&grid).to_text();
    let lines: Vec<&str> = text.lines().collect();
    // Two comment lines, then magic (3), board (4), hidden (5), one hidden
    // unit (6), output (7), four output units (8-11).
    assert_eq!(lines.len(), 11);
    let with = |i: usize, new: &str| {
        let mut l = lines.clone();
        l[i] = new;
        l.join("\n")
    };
    let err = |t: &str| parse(t.as_bytes()).unwrap_err();
    // Truncated: at every line and in the middle of one.
    for cut in 3..11 {
        let t = lines[..cut].join("\n");
        assert!(
            matches!(err(&t), NetError::Truncated { .. }),
            "cut at {cut}: {:?}",
            err(&t)
        );
    }
    let half = &text[..text.len() - 4];
    assert!(matches!(
        err(half),
        NetError::WrongSize {
            line: 11,
            expected: 2,
            found: 1,
            ..
        }
    ));
    assert_eq!(
        err(&with(2, "cgtk-net 2")),
        NetError::UnsupportedVersion {
            line: 3,
            found: "2".into()
        }
    );
    assert_eq!(err(&with(2, "hello 1")), NetError::BadMagic { line: 3 });
    assert_eq!(
        err(""),
        NetError::Truncated {
            line: 1,
            expected: "`cgtk-net 1`".into()
        }
    );
    assert!(matches!(
        err(&with(5, "20 20 20 20 x5")),
        NetError::BadNumber {
            line: 6,
            field: 5,
            ..
        }
    ));
    assert!(matches!(
        err(&with(5, "20 20 20 20 inf")),
        NetError::BadNumber {
            line: 6,
            field: 5,
            ..
        }
    ));
    // Wrong size for the board: a 2x2 header over a 1x1 network, a line
    // with a number too many, a wrong unit count.
    assert!(matches!(
        err(&with(3, "board 2x2")),
        NetError::WrongSize { line: 5, .. }
    ));
    assert!(matches!(
        err(&with(5, "20 20 20 20 50 1")),
        NetError::WrongSize {
            line: 6,
            expected: 5,
            found: 6,
            ..
        }
    ));
    assert!(matches!(
        err(&with(6, "output 3")),
        NetError::WrongSize {
            line: 7,
            expected: 4,
            found: 3,
            ..
        }
    ));
    assert!(matches!(
        err(&with(3, "board 9x9")),
        NetError::BadBoard { line: 4, .. }
    ));
    assert!(matches!(
        err(&with(4, "hidden")),
        NetError::Syntax { line: 5, .. }
    ));
    assert_eq!(
        err(&format!("{text}1 2\n")),
        NetError::Trailing { line: 12 }
    );
    assert_eq!(
        parse(&[b'c', 0xff, b'\n']),
        Err(NetError::NotText { offset: 1 })
    );
    // Every message is one line naming the line.
    for t in [with(2, "cgtk-net 2"), with(5, "1 2")] {
        let m = err(&t).to_string();
        assert!(m.starts_with("line ") && !m.contains('\n'), "{m}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// No bytes make the parser panic; valid files with bytes changed
    /// either parse or get an error.
    #[test]
    fn parse_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200),
                          at in 0usize..400, byte in any::<u8>()) {
        let _ = parse(&bytes);
        let mut text = Network::level1(&Grid::new(1, 1).unwrap()).to_text().into_bytes();
        let i = at % text.len();
        text[i] = byte;
        let _ = parse(&text);
        text.truncate(i);
        let _ = parse(&text);
    }
}

fn small(method: Method, threads: usize) -> String {
    let mut c = TrainConfig::new(grid3(), method, 3, 42);
    c.population = 12;
    c.eval_games = 10;
    c.snapshots = 3;
    c.runs = 3;
    c.training_sets = 2;
    c.training_games = 20;
    c.mutation = 0.005;
    c.threads = threads;
    let t = train(&c, &|_| {}).unwrap();
    assert_eq!(t.snapshots.len(), 4);
    format!("{:?}\n{}", t.snapshots, t.network.to_text())
}

#[test]
fn training_is_the_same_by_seed_at_one_and_two_threads() {
    for method in [
        Method::Evolve(Scheme::Direct(Heuristic::Random)),
        Method::Evolve(Scheme::Direct(Heuristic::Level1)),
        Method::Evolve(Scheme::RoundRobin),
        Method::Evolve(Scheme::Antibody),
        Method::Backprop,
    ] {
        let one = small(method, 1);
        assert_eq!(one, small(method, 2), "{method:?}");
        assert_eq!(one, small(method, 1), "{method:?}");
    }
}

#[test]
fn training_checks_its_settings() {
    let mut c = TrainConfig::new(grid3(), Method::Evolve(Scheme::RoundRobin), 1, 0);
    c.population = 3;
    assert!(matches!(
        train(&c, &|_| {}),
        Err(PlayError::Settings { .. })
    ));
    let mut c = TrainConfig::new(grid3(), Method::Backprop, 1, 0);
    c.rate = f64::NAN;
    assert!(matches!(
        train(&c, &|_| {}),
        Err(PlayError::Settings { .. })
    ));
}

/// The defaults of `cgtk dots train` (direct evolution against random,
/// 2,000 generations, seed 0) give a network that beats random in at least
/// 85 % of 1,000 games on 3x3.
#[test]
#[ignore = "a release-build run of about half a minute"]
fn default_training_beats_random() {
    let mut c = TrainConfig::new(
        grid3(),
        Method::Evolve(Scheme::Direct(Heuristic::Random)),
        2_000,
        0,
    );
    c.threads = 2;
    let t = train(&c, &|_| {}).unwrap();
    let mut rng = Rng::new(99);
    let share =
        dots::play::net::proficiency(&grid3(), &t.network, Heuristic::Random, 1_000, &mut rng);
    assert!(share >= 0.85, "{share}");
}
