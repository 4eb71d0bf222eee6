//! Nimstring values against a brute-force reference written here from the
//! rules alone ("Winning Ways", ch. 16; Berlekamp 2000): Strings-and-Coins
//! on bit sets of cut strings, a turn is any sequence of cuts that capture
//! (a cut captures a coin when it was the coin's last string) followed by
//! one cut that captures nothing, and the Grundy value is the mex over the
//! positions complete turns reach. A player who cannot complete a turn
//! (completing the last coin) loses. Nothing here is shared with the code
//! under test but the board geometry and the text format.
//!
//! The brute force decides who wins a position on its own (Grundy value 0
//! or not). Its non-zero Grundy values are not the nimbers that add: a
//! turn in a sum may capture in one component and end in another, so the
//! Grundy value of a position alone counts loony options that no player
//! takes in a sum. Nimbers are checked by what defines them: P equals Q
//! (both nimbers) exactly when P + Q is a win for the second player, and
//! a loony position makes every sum a win for the player to move. So:
//!
//! - alone: the brute force finds a loss for the player to move exactly
//!   when the code says 0;
//! - in pairs: the brute force finds P + Q a loss for the player to move
//!   exactly when the code gives P and Q the same nimber.

use std::collections::HashMap;

use dots::nimstring::{loony_moves, Nimstring, NimstringValue, StringsAndCoins};
use dots::{Board, EdgeSet, Position};
use proptest::prelude::*;
use rand::{rngs::SmallRng, seq::SliceRandom, Rng, SeedableRng};

const GROUND: usize = usize::MAX;

/// Brute-force Nimstring on a graph with at most 64 strings; a state is
/// the set of cut strings.
struct Brute {
    strings: Vec<[usize; 2]>,
    /// For each coin, its strings.
    coin_strings: Vec<u64>,
    dense: Vec<u8>,
    sparse: HashMap<u64, u8>,
}

impl Brute {
    fn new(strings: Vec<[usize; 2]>) -> Brute {
        let coins = strings
            .iter()
            .flatten()
            .filter(|&&e| e != GROUND)
            .map(|&e| e + 1)
            .max()
            .unwrap_or(0);
        let mut coin_strings = vec![0u64; coins];
        for (i, s) in strings.iter().enumerate() {
            for &e in s {
                if e != GROUND {
                    coin_strings[e] |= 1 << i;
                }
            }
        }
        let dense = if strings.len() <= 24 {
            vec![u8::MAX; 1 << strings.len()]
        } else {
            Vec::new()
        };
        Brute {
            strings,
            coin_strings,
            dense,
            sparse: HashMap::new(),
        }
    }

    /// The brute force on a Dots board: coins are boxes, strings are edges
    /// (a state is then the set of drawn edges).
    fn dots(board: Board) -> Brute {
        let strings = (0..board.num_edges())
            .map(|e| {
                board
                    .edge_boxes(dots::Edge::new(e))
                    .map(|b| b.unwrap_or(GROUND))
            })
            .collect();
        Brute::new(strings)
    }

    /// The brute force on a text-format graph (no cut strings).
    fn graph(g: &StringsAndCoins) -> Brute {
        let strings = g
            .to_string()
            .split_whitespace()
            .map(|s| {
                let (a, b) = s.split_once('-').unwrap();
                let end = |t: &str| if t == "G" { GROUND } else { t.parse().unwrap() };
                [end(a), end(b)]
            })
            .collect();
        Brute::new(strings)
    }

    fn captures(&self, after: u64, s: usize) -> bool {
        self.strings[s]
            .iter()
            .any(|&e| e != GROUND && self.coin_strings[e] & !after == 0)
    }

    fn grundy(&mut self, cut: u64) -> u8 {
        let known = if self.dense.is_empty() {
            self.sparse.get(&cut).copied()
        } else {
            Some(self.dense[cut as usize]).filter(|&v| v != u8::MAX)
        };
        if let Some(v) = known {
            return v;
        }
        let all = if self.strings.len() == 64 {
            u64::MAX
        } else {
            (1 << self.strings.len()) - 1
        };
        let mut reached = 0u128;
        let mut within = vec![cut];
        let mut visited = std::collections::HashSet::new();
        while let Some(state) = within.pop() {
            for s in 0..self.strings.len() {
                if state >> s & 1 == 1 {
                    continue;
                }
                let after = state | 1 << s;
                if self.captures(after, s) {
                    // Must move again (if nothing is left, no complete turn).
                    if after != all && visited.insert(after) {
                        within.push(after);
                    }
                } else {
                    reached |= 1 << self.grundy(after);
                }
            }
        }
        let v = reached.trailing_ones() as u8;
        if self.dense.is_empty() {
            self.sparse.insert(cut, v);
        } else {
            self.dense[cut as usize] = v;
        }
        v
    }

    fn value(&mut self) -> u8 {
        self.grundy(0)
    }
}

/// A coin on two ground strings (brute force: *1, checked below).
const STAR: &str = "0-G 0-G";

/// Checks the code's value of `g` against the brute force's Grundy value
/// of `g` alone.
fn check_graph(g: &StringsAndCoins, brute_value: u8, what: &str) -> NimstringValue {
    let ours = Nimstring::new().graph_value(g).unwrap();
    assert_eq!(
        ours.is_zero(),
        brute_value == 0,
        "{what}: {g}: ours {ours}, brute force {brute_value}"
    );
    if ours.is_loony() && g.strings().len() <= 6 {
        let double = g.union(g).unwrap();
        assert_ne!(Brute::graph(&double).value(), 0, "P + P: {what}: {g}");
        let star: StringsAndCoins = STAR.parse().unwrap();
        let more = double.union(&star).unwrap();
        assert_ne!(Brute::graph(&more).value(), 0, "P + P + *: {what}: {g}");
    }
    ours
}

/// Checks the code's values of `p` and `q` against the brute force's
/// outcome of `p + q`.
fn check_pair(p: &StringsAndCoins, q: &StringsAndCoins) -> bool {
    let mut nim = Nimstring::new();
    let (vp, vq) = (nim.graph_value(p).unwrap(), nim.graph_value(q).unwrap());
    let equal = vp == vq && !vp.is_loony();
    let sum = Brute::graph(&p.union(q).unwrap()).value();
    assert_eq!(
        equal,
        sum == 0,
        "{p} ({vp}) + {q} ({vq}): brute force {sum}"
    );
    equal
}

fn check_position(brute: &mut Brute, pos: &Position) -> NimstringValue {
    let v = brute.grundy(pos.edges().0);
    check_graph(&StringsAndCoins::from_position(pos), v, &pos.to_string())
}

#[test]
fn star_gadget_is_star_one() {
    let g: StringsAndCoins = STAR.parse().unwrap();
    assert_eq!(Brute::graph(&g).value(), 1);
}

/// Random positions: `count` per board, with a random number of edges drawn.
fn random_positions(board: Board, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let n = board.num_edges();
    (0..count)
        .map(|_| {
            let mut edges: Vec<usize> = (0..n).collect();
            edges.shuffle(&mut rng);
            let k = rng.gen_range(0..=n);
            let set = EdgeSet(edges[..k].iter().fold(0, |a, &e| a | 1 << e));
            Position::from_edges(board, set).unwrap()
        })
        .collect()
}

/// Random positions up to 3x3 against the brute force: the counts per
/// board divided by `divisor`.
fn random_positions_up_to_three_by_three(divisor: usize) {
    let mut checked = 0;
    for (i, (w, h, count)) in [
        (1, 2, 100),
        (2, 2, 400),
        (1, 4, 300),
        (2, 3, 1000),
        (3, 2, 500),
        (3, 3, 3000),
    ]
    .into_iter()
    .enumerate()
    {
        let board = Board::new(w, h).unwrap();
        let mut brute = Brute::dots(board);
        for pos in random_positions(board, count / divisor, 1000 + i as u64) {
            check_position(&mut brute, &pos);
            checked += 1;
        }
    }
    assert_eq!(checked, 5300 / divisor);
}

#[test]
#[ignore = "minutes: run in release with --ignored"]
fn random_positions_up_to_three_by_three_all() {
    random_positions_up_to_three_by_three(1);
}

/// Small positions (at most `max` undrawn edges) from random play-outs.
fn small_graphs(count: usize, max: usize, seed: u64) -> Vec<StringsAndCoins> {
    let mut out = Vec::new();
    for (i, (w, h)) in [(2, 2), (2, 3), (3, 2), (3, 3), (1, 4)]
        .into_iter()
        .enumerate()
    {
        let board = Board::new(w, h).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed + i as u64);
        while out.len() < count * (i + 1) / 5 {
            let mut edges: Vec<usize> = (0..board.num_edges()).collect();
            edges.shuffle(&mut rng);
            let undrawn = rng.gen_range(1..=max);
            let set = EdgeSet(edges[undrawn..].iter().fold(0, |a, &e| a | 1 << e));
            let pos = Position::from_edges(board, set).unwrap();
            out.push(StringsAndCoins::from_position(&pos));
        }
    }
    out
}

#[test]
#[ignore = "minutes: run in release with --ignored"]
fn pairs_of_positions_add_as_nimbers_all() {
    pairs_of_positions_add_as_nimbers(400);
}

/// Pairs of small positions (`count` of them, each with five partners and
/// one the code calls equal) against the brute force on their sums.
fn pairs_of_positions_add_as_nimbers(count: usize) {
    let graphs = small_graphs(count, 9, 5);
    let mut rng = SmallRng::seed_from_u64(11);
    let (mut equal, mut pairs) = (0, 0);
    for p in &graphs {
        for _ in 0..5 {
            let q = &graphs[rng.gen_range(0..graphs.len())];
            equal += usize::from(check_pair(p, q));
            pairs += 1;
        }
        // Always one pair that the code calls equal, when there is one.
        let mut nim = Nimstring::new();
        let v = nim.graph_value(p).unwrap();
        if let Some(q) = graphs
            .iter()
            .rev()
            .find(|q| !v.is_loony() && nim.graph_value(q).unwrap() == v)
        {
            assert!(check_pair(p, q));
            equal += 1;
            pairs += 1;
        }
    }
    assert!(
        pairs >= 5 * count && equal >= 3 * count / 4,
        "{pairs} pairs, {equal} equal"
    );
}

/// A random multigraph: `coins` coins, `m` strings, some to the ground.
fn random_graph(rng: &mut SmallRng) -> StringsAndCoins {
    let coins = rng.gen_range(1..=7u8);
    let m = rng.gen_range(1..=13);
    let mut text = Vec::new();
    for _ in 0..m {
        let end = |rng: &mut SmallRng| {
            if rng.gen_bool(0.25) {
                "G".to_string()
            } else {
                rng.gen_range(0..coins).to_string()
            }
        };
        let (a, b) = (end(rng), end(rng));
        if a != b || a == "G" {
            text.push(format!("{a}-{b}"));
        }
    }
    text.join(" ").parse().unwrap()
}

/// A random graph on coins `0..coins` with one to `most` strings, some to
/// the ground, as text strings (a string from a coin to itself is left
/// out).
fn random_strings(rng: &mut SmallRng, coins: usize, most: usize) -> Vec<String> {
    let m = rng.gen_range(1..=most);
    let end = |rng: &mut SmallRng| {
        if rng.gen_bool(0.3) {
            "G".to_string()
        } else {
            rng.gen_range(0..coins).to_string()
        }
    };
    let mut out = Vec::new();
    for _ in 0..m {
        let (a, b) = (end(rng), end(rng));
        if a != b || a == "G" {
            out.push(format!("{a}-{b}"));
        }
    }
    out
}

/// A chain of `n` new coins numbered from `first`, from `a` to `b`.
fn chain(a: &str, b: &str, first: usize, n: usize) -> Vec<String> {
    let mut ends = vec![a.to_string()];
    ends.extend((first..first + n).map(|c| c.to_string()));
    ends.push(b.to_string());
    ends.windows(2)
        .map(|w| format!("{}-{}", w[0], w[1]))
        .collect()
}

fn graph(strings: &[String]) -> StringsAndCoins {
    strings.join(" ").parse().unwrap()
}

/// Checks a simplification rule on one instance: `p` and `q`, the position
/// the rule turns `p` into, are the same game. By the brute force: when
/// the code finds `p` not loony, `p + q` is a loss for the player to move
/// (so they are equal nimbers); when it finds `p` loony, both `p` and `q`
/// are wins for the player to move. The code's value of `p` is checked
/// against the brute force on its own too. Returns whether `p` was loony.
fn check_rule(p: &StringsAndCoins, q: &StringsAndCoins) -> bool {
    let ours = check_graph(p, Brute::graph(p).value(), "rule");
    if ours.is_loony() {
        assert_ne!(Brute::graph(q).value(), 0, "{p} is loony, {q} is not");
    } else {
        let sum = p.union(q).unwrap();
        assert_eq!(Brute::graph(&sum).value(), 0, "{p} ({ours}) is not {q}");
    }
    ours.is_loony()
}

/// The three simplification rules for long chains and loops (module docs
/// of `nimstring::reduce`, rules 4 to 6) on `count` random small positions
/// each (fixed seed), against the brute force.
fn long_chain_rules(count: usize) {
    let mut rng = SmallRng::seed_from_u64(23);
    let mut not_loony = [0; 3];
    let pick = |rng: &mut SmallRng, coins: usize| {
        if rng.gen_bool(0.2) {
            "G".to_string()
        } else {
            rng.gen_range(0..coins).to_string()
        }
    };
    for _ in 0..count {
        // Rule 4: a loop of four coins or more, or a long chain from the
        // ground to the ground, beside the rest, is worth 0.
        let coins = rng.gen_range(1..=3);
        let core = random_strings(&mut rng, coins, 4);
        let mut p = core.clone();
        let n = rng.gen_range(3..=4);
        if rng.gen_bool(0.5) {
            p.extend(chain("10", "10", 11, n));
        } else {
            p.extend(chain("G", "G", 10, n));
        }
        not_loony[0] += usize::from(!check_rule(&graph(&p), &graph(&core)));

        // Rule 5: a long chain between `a` and `b` (maybe the same coin,
        // maybe the ground) is two arms, one at each end.
        let coins = rng.gen_range(1..=3);
        let core = random_strings(&mut rng, coins, 2);
        let (a, b) = (pick(&mut rng, coins), pick(&mut rng, coins));
        let n = rng.gen_range(3..=4);
        let mut p = core.clone();
        p.extend(chain(&a, &b, 10, n));
        let mut q = core;
        q.extend(chain(&a, "G", 10, 3));
        q.extend(chain(&b, "G", 20, 3));
        not_loony[1] += usize::from(!check_rule(&graph(&p), &graph(&q)));

        // Rule 6: a coin with two arms is the ground.
        let coins = rng.gen_range(1..=3);
        let core = random_strings(&mut rng, coins, 2);
        let mut p = core.clone();
        let mut q = core;
        p.extend(chain("9", "G", 10, 3));
        p.extend(chain("9", "G", 20, 3));
        for _ in 0..rng.gen_range(1..=2) {
            let x = pick(&mut rng, coins);
            p.push(format!("9-{x}"));
            q.push(format!("G-{x}"));
        }
        not_loony[2] += usize::from(!check_rule(&graph(&p), &graph(&q)));
    }
    assert!(
        not_loony.iter().all(|&n| n > count / 4),
        "too few positions that are not loony: {not_loony:?}"
    );
}

#[test]
#[ignore = "minutes: run in release with --ignored"]
fn long_chain_rules_all() {
    long_chain_rules(1000);
}

/// Heavy tests: run by `.ci/run` in the test profile
/// (`cargo test -p dots --test nimstring_reference -- --ignored heavy::`).
mod heavy {
    use super::*;

    #[test]
    #[ignore = "heavy: about thirty seconds in the test profile"]
    fn loony_moves_are_the_moves_to_loony_positions() {
        // A move is loony when it completes no box and leaves a position Q
        // that the brute force finds a first-player win even doubled (Q + Q is
        // 0 whenever Q equals a nimber).
        let board = Board::new(2, 3).unwrap();
        let mut loony = 0;
        for pos in random_positions(board, 300, 99) {
            if pos.legal_moves().len() > 8 {
                continue;
            }
            let marked = loony_moves(&pos);
            for e in pos.legal_moves().iter() {
                let (next, captures) = pos.play_unchecked(e);
                let g = StringsAndCoins::from_position(&next);
                let doubled = Brute::graph(&g.union(&g).unwrap()).value();
                let expected = captures == 0 && doubled != 0;
                assert_eq!(marked.contains(e), expected, "{pos} edge {e}");
                loony += usize::from(expected);
            }
        }
        assert!(loony > 15, "only {loony} loony moves met");
    }

    #[test]
    #[ignore = "heavy: the brute force on every empty board up to 3x3"]
    fn empty_boards_up_to_three_by_three() {
        let mut values = Vec::new();
        for (w, h) in [
            (1, 1),
            (1, 2),
            (2, 1),
            (1, 3),
            (2, 2),
            (1, 4),
            (1, 5),
            (2, 3),
            (3, 2),
            (1, 6),
            (3, 3),
        ] {
            let board = Board::new(w, h).unwrap();
            let pos = Position::empty(board);
            let mut brute = Brute::dots(board);
            let ours = check_position(&mut brute, &pos);
            values.push((format!("{w}x{h}"), brute.grundy(0), ours));
        }
        // The empty 2x2 board is a loss for the player to move.
        let two = values.iter().find(|v| v.0 == "2x2").unwrap();
        assert_eq!((two.1, two.2), (0, NimstringValue::Nimber(cgt::Nimber(0))));
    }

    #[test]
    #[ignore = "heavy: 530 random positions up to 3x3 against the brute force"]
    fn random_positions_up_to_three_by_three_sample() {
        // A tenth of `random_positions_up_to_three_by_three_all` (530
        // positions), for every CI run.
        random_positions_up_to_three_by_three(10);
    }

    #[test]
    #[ignore = "heavy: the brute force on sums of 100 positions with their partners"]
    fn pairs_of_positions_add_as_nimbers_sample() {
        // A quarter of `pairs_of_positions_add_as_nimbers_all`, for every CI
        // run.
        pairs_of_positions_add_as_nimbers(100);
    }

    #[test]
    #[ignore = "heavy: the brute force on sums of 1500 or more pairs of graphs"]
    fn pairs_of_general_graphs_add_as_nimbers() {
        let mut rng = SmallRng::seed_from_u64(17);
        let graphs: Vec<StringsAndCoins> = (0..3000)
            .map(|_| random_graph(&mut rng))
            .filter(|g| g.strings().len() <= 9)
            .collect();
        let mut equal = 0;
        for (i, p) in graphs.iter().enumerate() {
            let q = &graphs[(i * 7 + 3) % graphs.len()];
            equal += usize::from(check_pair(p, q));
            let mut nim = Nimstring::new();
            let v = nim.graph_value(p).unwrap();
            if let Some(q) = graphs
                .iter()
                .find(|q| !v.is_loony() && nim.graph_value(q).unwrap() == v)
            {
                assert!(check_pair(p, q));
                equal += 1;
            }
        }
        assert!(
            graphs.len() > 1500 && equal > 500,
            "{} graphs, {equal} equal",
            graphs.len()
        );
    }

    #[test]
    #[ignore = "heavy: 3000 random graphs against the brute force"]
    fn random_general_graphs() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..3000 {
            let g = random_graph(&mut rng);
            let v = Brute::graph(&g).value();
            check_graph(&g, v, "graph");
        }
    }

    #[test]
    #[ignore = "heavy: the long-chain rules against the brute force on sums"]
    fn long_chain_rules_sample() {
        // A twenty-fifth of `long_chain_rules_all`, for every CI run.
        long_chain_rules(40);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Component sums: where no component is loony, the code's value of a
        /// position is the nim-sum of its components' values, and the brute
        /// force agrees: the position plus a one-component position that the
        /// code gives that nim-sum is a loss for the player to move. Where one is
        /// loony, so is the position, and the player to move wins.
        #[test]
        #[ignore = "heavy: 200 cases of the brute force on sums"]
        fn value_is_the_nim_sum_of_components(seed in any::<u64>(), undrawn in 4usize..=11) {
            let board = Board::new(3, 3).unwrap();
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut edges: Vec<usize> = (0..board.num_edges()).collect();
            edges.shuffle(&mut rng);
            let set = EdgeSet(edges[undrawn..].iter().fold(0, |a, &e| a | 1 << e));
            let pos = Position::from_edges(board, set).unwrap();
            let mut nim = Nimstring::new();
            let comps = nim.components(&pos).unwrap();
            let covered = comps.iter().fold(0, |a, c| a | c.edges.0);
            prop_assert_eq!(covered, pos.legal_moves().0);
            let whole = nim.value(&pos).unwrap();
            let sum = comps.iter().fold(NimstringValue::Nimber(cgt::Nimber(0)), |a, c| a + c.value);
            prop_assert_eq!(whole, sum);
            let g = StringsAndCoins::from_position(&pos);
            if whole.is_loony() {
                prop_assert!(Brute::graph(&g).value() != 0);
            } else {
                let pool = small_graphs(200, 7, seed);
                let single = pool.iter().find(|q| q.components().len() == 1 && nim.graph_value(q).unwrap() == whole);
                if let Some(q) = single {
                    prop_assert!(check_pair(&g, q));
                }
            }
        }
    }
}
