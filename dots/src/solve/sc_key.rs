//! Strings-and-Coins keys: one key for all positions whose Strings-and-Coins
//! graphs are isomorphic. The value of a position (the margin over the
//! boxes left) depends only on its coins, its strings and the ground
//! (Berlekamp, "The Dots and Boxes Game", 2000, ch. 4, "Strings and
//! Coins"), not on where on the board they lie; the board's symmetries and
//! the corner strings (Barker & Korf 2012) are special cases.
//!
//! The key is computed for a quiet position (no coin with one string):
//! - chains of two-string coins are contracted: coins with three or four
//!   strings ("joints") are joined by chains of `L >= 0` coins, to each
//!   other, to themselves or to the ground; components of two-string coins
//!   alone are chains from the ground to the ground and loops, kept as
//!   their lengths;
//! - each component of joints gets a canonical code by colour refinement
//!   and individualisation (the scheme of McKay's canonical labelling,
//!   without automorphism pruning): the least code over the leaves of the
//!   individualisation tree;
//! - the key is a 128-bit hash of the sorted codes (two independent 64-bit
//!   lanes), of which the solver's table checks 88 bits (64 as the entry's
//!   key, 24 as its check). Positions with equal keys are taken as
//!   isomorphic: with 88 bits a false match is less likely than a hardware
//!   fault.
//!
//! The solver's keys ([`Keys`]) are the same construction one level up:
//! the hash of the sorted [`key`]s of the connected components, each
//! computed once and cached under the component's undrawn edges, because
//! a search moves between positions that differ in one component (on
//! 2x6, five of six components come from the cache; a key costs half
//! of what the whole graph's did).

use crate::geometry::{BoxTables, GROUND};

/// Leaves of the individualisation tree explored per component before
/// giving up (the position then has no key and is not looked up).
const MAX_LEAVES: usize = 64;

/// An end of a chain at a joint: to the ground, back to the same joint, or
/// to another joint (its index).
const TO_GROUND: u8 = 0xff;
const TO_SELF: u8 = 0xfe;

/// The contracted graph: joints and their chain ends.
struct Joints {
    /// Joint index -> chain ends `(other end, coins on the chain)`; a
    /// chain back to the same joint appears once per end.
    ends: [[(u8, u8); 4]; 32],
    count: [u8; 32],
    /// Joints adjacent to each joint (bit sets over joint indices).
    adj: [u32; 32],
    n: usize,
}

/// Colours of the joints of one component during refinement.
type Colours = [u64; 32];

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

/// Two independent 64-bit lanes over a stream of words.
struct Hash128(u64, u64);

impl Hash128 {
    fn new() -> Hash128 {
        Hash128(0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344)
    }

    #[inline]
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
        self.1 = (self.1.rotate_left(17) ^ w.wrapping_mul(0xd6e8_feb8_6659_fd93))
            .wrapping_mul(0xa076_1d64_78bd_642f);
    }

    fn finish(&self) -> u128 {
        u128::from(mix(self.0 ^ 0x5851_f42d_4c95_7f2d)) << 64
            | u128::from(mix(self.1 ^ 0x1405_7b7e_f767_814f))
    }
}

/// log2 of the entries of a [`Keys`] cache.
const CACHE_BITS: u32 = 12;

/// Strings-and-Coins keys of positions of one board, with a cache of the
/// codes of their connected components.
///
/// The key of a position is a 128-bit hash of the sorted codes of its
/// components (each the [`key`] of the position in which only that
/// component is left), so it too is shared by exactly the positions with
/// isomorphic graphs. A search moves from a position to one that differs
/// in one component, so the others' codes come from the cache, where a
/// component is named by its undrawn edges, exactly.
#[derive(Default)]
pub struct Keys {
    /// `(undrawn edges, code)` of components met (no component has no
    /// undrawn edge, so 0 marks a free slot); empty until the first key.
    cache: Vec<(u64, u128)>,
}

impl Keys {
    /// The Strings-and-Coins key of the quiet position `edges` (of the
    /// board of `boxes`), or `None` if a coin has one string (not quiet)
    /// or a component is too symmetric for the search.
    pub fn key(&mut self, boxes: &BoxTables, edges: u64) -> Option<u128> {
        if self.cache.is_empty() {
            self.cache = vec![(0, 0); 1 << CACHE_BITS];
        }
        let free = !edges & boxes.full;
        // Coins and their neighbours.
        let mut adj = [0u32; 32];
        let mut coins = 0u32;
        let mut set = free;
        while set != 0 {
            let m = set.trailing_zeros() as usize;
            set &= set - 1;
            let [a, b] = boxes.edge_boxes[m];
            if a == GROUND {
                coins |= 1 << b;
            } else if b == GROUND {
                coins |= 1 << a;
            } else {
                adj[usize::from(a)] |= 1 << b;
                adj[usize::from(b)] |= 1 << a;
                coins |= 1 << a | 1 << b;
            }
        }
        let mut codes = [0u128; 32];
        let mut n = 0;
        let mut left = coins;
        while left != 0 {
            let comp = component(&adj, left & left.wrapping_neg());
            left &= !comp;
            let strings = boxes.edges_of(comp) & free;
            let slot = (mix(strings) >> (64 - CACHE_BITS)) as usize;
            codes[n] = if self.cache[slot].0 == strings {
                self.cache[slot].1
            } else {
                let code = key(boxes, boxes.full & !strings)?;
                self.cache[slot] = (strings, code);
                code
            };
            n += 1;
        }
        let codes = &mut codes[..n];
        codes.sort_unstable();
        let mut h = Hash128::new();
        h.word(n as u64);
        for &c in codes.iter() {
            h.word(c as u64);
            h.word((c >> 64) as u64);
        }
        Some(h.finish())
    }
}

/// The Strings-and-Coins key of the quiet position `edges` (of the board of
/// `boxes`), or `None` if a coin has one string (not quiet) or a component
/// is too symmetric for the search.
pub fn key(boxes: &BoxTables, edges: u64) -> Option<u128> {
    // Coins: neighbours as bit sets, strings to the ground.
    let mut adj = [0u32; 32];
    let mut ground = [0u8; 32];
    let mut coins = 0u32;
    let mut free = !edges & boxes.full;
    while free != 0 {
        let m = free.trailing_zeros() as usize;
        free &= free - 1;
        let [a, b] = boxes.edge_boxes[m];
        if a == GROUND {
            ground[usize::from(b)] += 1;
            coins |= 1 << b;
        } else if b == GROUND {
            ground[usize::from(a)] += 1;
            coins |= 1 << a;
        } else {
            adj[usize::from(a)] |= 1 << b;
            adj[usize::from(b)] |= 1 << a;
            coins |= 1 << a | 1 << b;
        }
    }
    let degree = |v: usize| adj[v].count_ones() + u32::from(ground[v]);
    let mut joint_of = [0u8; 32];
    let mut js = Joints {
        ends: [[(0, 0); 4]; 32],
        count: [0; 32],
        adj: [0; 32],
        n: 0,
    };
    // Joints: coins of three or four strings, numbered in coin order.
    let mut joints = 0u32;
    let mut set = coins;
    while set != 0 {
        let v = set.trailing_zeros() as usize;
        set &= set - 1;
        match degree(v) {
            1 => return None,
            2 => {}
            _ => {
                joints |= 1 << v;
                joint_of[v] = js.n as u8;
                js.n += 1;
            }
        }
    }
    // Follows a chain from joint or coin `from` into coin `cur` (a
    // two-string coin): the far end (a joint's coin, or GROUND) and the
    // coins passed.
    let mut chain_coins = 0u32;
    let walk = |from: usize, mut cur: usize, seen: &mut u32| -> (u8, u8) {
        let mut prev = from;
        let mut len = 1u8;
        loop {
            *seen |= 1 << cur;
            if ground[cur] > 0 && (adj[cur] & !(1 << prev)) == 0 {
                // The other string goes to the ground (or both do).
                return (GROUND, len);
            }
            let next = (adj[cur] & !(1 << prev)).trailing_zeros() as usize;
            if joints >> next & 1 == 1 {
                return (next as u8, len);
            }
            if *seen >> next & 1 == 1 {
                // Only a loop of two-string coins comes back to a seen coin.
                return (next as u8, len);
            }
            prev = cur;
            cur = next;
            len += 1;
        }
    };
    let mut set = joints;
    while set != 0 {
        let v = set.trailing_zeros() as usize;
        set &= set - 1;
        let jv = usize::from(joint_of[v]);
        for _ in 0..ground[v] {
            push(&mut js, jv, TO_GROUND, 0);
        }
        let mut nb = adj[v];
        while nb != 0 {
            let u = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            if joints >> u & 1 == 1 {
                push(&mut js, jv, joint_of[u], 0);
                js.adj[jv] |= 1 << joint_of[u];
                continue;
            }
            if chain_coins >> u & 1 == 1 {
                // A chain walked from its other end.
                continue;
            }
            // A chain: walked once, recorded at both its ends.
            let mut seen = 0u32;
            let (end, len) = walk(v, u, &mut seen);
            chain_coins |= seen;
            if end == GROUND {
                push(&mut js, jv, TO_GROUND, len);
            } else if usize::from(end) == v {
                push(&mut js, jv, TO_SELF, len);
                push(&mut js, jv, TO_SELF, len);
            } else {
                let je = joint_of[usize::from(end)];
                push(&mut js, jv, je, len);
                push(&mut js, usize::from(je), joint_of[v], len);
                js.adj[jv] |= 1 << je;
                js.adj[usize::from(je)] |= 1 << jv;
            }
        }
    }
    let mut h = Hash128::new();
    // Components of two-string coins alone: ground-to-ground chains and
    // loops, as sorted lengths (a loop's length with the top bit).
    let mut pure = [0u8; 32];
    let mut np = 0;
    let mut rest = coins & !joints & !chain_coins;
    while rest != 0 {
        let v = rest.trailing_zeros() as usize;
        let mut seen = 1u32 << v;
        let mut len = 1u8;
        let mut is_loop = false;
        // Walk both ways from v (its strings: coins or the ground).
        let mut nb = adj[v];
        let mut ends_done = 0;
        while nb != 0 && ends_done < 2 {
            let u = nb.trailing_zeros() as usize;
            nb &= nb - 1;
            ends_done += 1;
            if seen >> u & 1 == 1 {
                continue;
            }
            let (end, l) = walk(v, u, &mut seen);
            len += l;
            if usize::from(end) == v {
                is_loop = true;
                break;
            }
        }
        rest &= !seen;
        pure[np] = if is_loop { len | 0x80 } else { len };
        np += 1;
    }
    let pure = &mut pure[..np];
    pure.sort_unstable();
    h.word(np as u64);
    for &p in pure.iter() {
        h.word(u64::from(p));
    }
    // Components of joints, each canonically coded; their codes sorted.
    let mut flat = [0u64; 64];
    let mut comps = [(0usize, 0usize); 32];
    let mut nc = 0;
    let mut used = 0;
    let mut left: u32 = if js.n == 32 {
        u32::MAX
    } else {
        (1u32 << js.n) - 1
    };
    while left != 0 {
        let comp = component(&js.adj, left & left.wrapping_neg());
        left &= !comp;
        let mut colour = [0u64; 32];
        let mut s = comp;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            colour[v] = local_label(&js, v);
        }
        let len = if comp.count_ones() == 1 || refine(&js, comp, &mut colour) == comp.count_ones() {
            // Discrete already: the one leaf.
            code(&js, comp, &colour, &mut flat[used..])
        } else {
            let mut leaves = 0;
            let mut best = [0u64; 64];
            let mut best_len = usize::MAX;
            let mut scratch = [0u64; 64];
            individualise(
                &js,
                comp,
                &colour,
                &mut leaves,
                (&mut best, &mut best_len),
                &mut scratch,
            );
            if leaves >= MAX_LEAVES {
                return None;
            }
            flat[used..used + best_len].copy_from_slice(&best[..best_len]);
            best_len
        };
        comps[nc] = (used, len);
        used += len;
        nc += 1;
    }
    let comps = &mut comps[..nc];
    comps.sort_unstable_by(|&(a, la), &(b, lb)| flat[a..a + la].cmp(&flat[b..b + lb]));
    h.word(nc as u64);
    for &(start, len) in comps.iter() {
        h.word(len as u64);
        for &w in &flat[start..start + len] {
            h.word(w);
        }
    }
    Some(h.finish())
}

/// The vertices connected to `start` (a bit set) in the graph whose
/// vertex `v` has the neighbours `adj[v]`.
fn component(adj: &[u32; 32], start: u32) -> u32 {
    let (mut comp, mut frontier) = (start, start);
    while frontier != 0 {
        let v = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        let new = adj[v] & !comp;
        comp |= new;
        frontier |= new;
    }
    comp
}

fn push(js: &mut Joints, j: usize, other: u8, len: u8) {
    let c = usize::from(js.count[j]);
    js.ends[j][c] = (other, len);
    js.count[j] += 1;
}

/// A joint's own label: its chain ends to the ground and to itself, sorted,
/// and its degree.
fn local_label(js: &Joints, v: usize) -> u64 {
    let mut own = [0u16; 4];
    let mut n = 0;
    for &(other, len) in &js.ends[v][..usize::from(js.count[v])] {
        if other == TO_GROUND || other == TO_SELF {
            own[n] = u16::from(other == TO_SELF) << 7 | u16::from(len);
            n += 1;
        }
    }
    let own = &mut own[..n];
    own.sort_unstable();
    own.iter()
        .fold(u64::from(js.count[v]), |acc, &o| acc << 8 | u64::from(o))
}

/// Refines `colour` over the joints of `comp` until the number of colours
/// stops growing; returns that number.
fn refine(js: &Joints, comp: u32, colour: &mut Colours) -> u32 {
    let mut cells = distinct(comp, colour);
    loop {
        let mut next = [0u64; 32];
        let mut s = comp;
        while s != 0 {
            let v = s.trailing_zeros() as usize;
            s &= s - 1;
            let mut sum = 0u64;
            for &(other, len) in &js.ends[v][..usize::from(js.count[v])] {
                if other < TO_SELF {
                    sum = sum.wrapping_add(mix(colour[usize::from(other)] ^ u64::from(len) << 56));
                }
            }
            next[v] = mix(colour[v].wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ sum);
        }
        let now = distinct(comp, &next);
        *colour = next;
        if now <= cells || now == comp.count_ones() {
            return now;
        }
        cells = now;
    }
}

fn distinct(comp: u32, colour: &Colours) -> u32 {
    // Joints whose colour no lower joint of the component has.
    let mut count = 0;
    let mut s = comp;
    while s != 0 {
        let v = s.trailing_zeros() as usize;
        s &= s - 1;
        let mut lower = comp & ((1 << v) - 1);
        let mut new = true;
        while lower != 0 {
            let u = lower.trailing_zeros() as usize;
            lower &= lower - 1;
            if colour[u] == colour[v] {
                new = false;
                break;
            }
        }
        count += u32::from(new);
    }
    count
}

/// The code of a component whose colouring is discrete: joints in colour
/// order, each as one word (its own label) and one word (its chain ends to
/// other joints as `(place, length)`, sorted).
fn code(js: &Joints, comp: u32, colour: &Colours, out: &mut [u64]) -> usize {
    let mut order = [(0u64, 0u8); 32];
    let mut n = 0;
    let mut s = comp;
    while s != 0 {
        let v = s.trailing_zeros() as u8;
        s &= s - 1;
        order[n] = (colour[usize::from(v)], v);
        n += 1;
    }
    let order = &mut order[..n];
    order.sort_unstable();
    let mut place = [0u8; 32];
    for (i, &(_, v)) in order.iter().enumerate() {
        place[usize::from(v)] = i as u8;
    }
    let mut len = 0;
    for &(_, v) in order.iter() {
        let v = usize::from(v);
        out[len] = local_label(js, v);
        let mut links = [0u16; 4];
        let mut k = 0;
        for &(other, l) in &js.ends[v][..usize::from(js.count[v])] {
            if other < TO_SELF {
                links[k] = u16::from(place[usize::from(other)]) << 6 | u16::from(l);
                k += 1;
            }
        }
        let links = &mut links[..k];
        links.sort_unstable();
        out[len + 1] = links
            .iter()
            .fold(k as u64, |acc, &o| acc << 11 | u64::from(o));
        len += 2;
    }
    len
}

/// The least code over the individualisation tree below `colour` (which
/// gives up, counting [`MAX_LEAVES`] leaves, if an individualisation fails
/// to split its cell: only on a collision of 64-bit colours).
fn individualise(
    js: &Joints,
    comp: u32,
    colour: &Colours,
    leaves: &mut usize,
    best: (&mut [u64; 64], &mut usize),
    scratch: &mut [u64; 64],
) {
    // The non-singleton cell of least colour.
    let mut target = None;
    let mut s = comp;
    while s != 0 {
        let v = s.trailing_zeros() as usize;
        s &= s - 1;
        let k = colour[v];
        if target.is_some_and(|t| t <= k) {
            continue;
        }
        let mut others = comp & !(1 << v);
        while others != 0 {
            let u = others.trailing_zeros() as usize;
            others &= others - 1;
            if colour[u] == k {
                target = Some(k);
                break;
            }
        }
    }
    let (best, best_len) = best;
    let Some(t) = target else {
        *leaves += 1;
        let len = code(js, comp, colour, &mut scratch[..]);
        if *best_len == usize::MAX || scratch[..len] < best[..*best_len] {
            best[..len].copy_from_slice(&scratch[..len]);
            *best_len = len;
        }
        return;
    };
    let mut s = comp;
    while s != 0 {
        let v = s.trailing_zeros() as usize;
        s &= s - 1;
        if colour[v] != t {
            continue;
        }
        if *leaves >= MAX_LEAVES {
            return;
        }
        let mut next = *colour;
        next[v] = mix(t ^ 0x5bd1_e995_0000_0001);
        let before = distinct(comp, colour);
        if refine(js, comp, &mut next) <= before {
            *leaves = MAX_LEAVES;
            return;
        }
        individualise(
            js,
            comp,
            &next,
            leaves,
            (&mut *best, &mut *best_len),
            scratch,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use rand::{rngs::SmallRng, Rng, SeedableRng};

    /// A canonical form by brute force: the least sorted list of strings
    /// over every numbering of the coins (the ground is 255).
    fn brute_force(boxes: &BoxTables, edges: u64) -> Vec<(u8, u8)> {
        let free = !edges & boxes.full;
        let strings: Vec<[u8; 2]> = (0..64)
            .filter(|&m| free >> m & 1 == 1)
            .map(|m| boxes.edge_boxes[m])
            .collect();
        let mut coins: Vec<u8> = strings
            .iter()
            .flatten()
            .copied()
            .filter(|&b| b != GROUND)
            .collect();
        coins.sort_unstable();
        coins.dedup();
        let mut perm: Vec<usize> = (0..coins.len()).collect();
        let mut best: Option<Vec<(u8, u8)>> = None;
        let mut visit = |perm: &[usize]| {
            let name = |b: u8| {
                if b == GROUND {
                    255
                } else {
                    perm[coins.iter().position(|&c| c == b).unwrap()] as u8
                }
            };
            let mut list: Vec<(u8, u8)> = strings
                .iter()
                .map(|&[a, b]| {
                    let (a, b) = (name(a), name(b));
                    (a.min(b), a.max(b))
                })
                .collect();
            list.sort_unstable();
            if best.as_ref().is_none_or(|b| list < *b) {
                best = Some(list);
            }
        };
        // Heap's algorithm.
        let n = perm.len();
        let mut c = vec![0; n];
        visit(&perm);
        let mut i = 0;
        while i < n {
            if c[i] < i {
                if i % 2 == 0 {
                    perm.swap(0, i);
                } else {
                    perm.swap(c[i], i);
                }
                visit(&perm);
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        best.unwrap_or_default()
    }

    /// On random quiet positions of small boards (up to 6 coins, so the
    /// brute force stays small), two positions, of the same board or not,
    /// get the same key exactly when their Strings-and-Coins graphs are
    /// isomorphic: the key of the whole graph, and that of [`Keys`] from
    /// its components' (its cache warm from the board's earlier samples).
    #[test]
    fn equal_keys_exactly_for_isomorphic_graphs() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut samples = Vec::new();
        for (w, h) in [(2, 3), (3, 2), (1, 6), (6, 1), (2, 2), (1, 5), (1, 4)] {
            let boxes = BoxTables::new(Board::new(w, h).unwrap());
            let mut keys = Keys::default();
            let n = boxes.edge_boxes.len();
            let mut found = 0;
            while found < 150 {
                let mut edges = 0u64;
                for _ in 0..rng.gen_range(0..n) {
                    edges |= 1 << rng.gen_range(0..n);
                }
                let [_, one, ..] = boxes.degrees(edges);
                if one != 0 || edges == boxes.full {
                    continue;
                }
                found += 1;
                let key = key(&boxes, edges).expect("small graphs are keyed");
                let by_parts = keys.key(&boxes, edges).expect("small graphs are keyed");
                samples.push((brute_force(&boxes, edges), (key, by_parts), (w, h, edges)));
            }
        }
        let mut isomorphic_pairs = 0;
        for (i, a) in samples.iter().enumerate() {
            for b in &samples[i + 1..] {
                assert_eq!(a.0 == b.0, a.1 .0 == b.1 .0, "{:?} and {:?}", a.2, b.2);
                assert_eq!(a.0 == b.0, a.1 .1 == b.1 .1, "{:?} and {:?}", a.2, b.2);
                isomorphic_pairs += usize::from(a.0 == b.0 && a.2 .2 != b.2 .2);
            }
        }
        // The comparison means something: many pairs of different
        // positions are isomorphic.
        assert!(isomorphic_pairs > 1000, "{isomorphic_pairs}");
    }

    /// Not quiet (a coin with one string): no key.
    #[test]
    fn a_capturable_coin_has_no_key() {
        let boxes = BoxTables::new(Board::new(2, 2).unwrap());
        // Box 0's top, left and the edge it shares with box 1 drawn.
        let edges = boxes.box_mask[0] & !(boxes.box_mask[0] & boxes.box_mask[2]);
        assert_eq!(boxes.degrees(edges)[1], 1);
        assert_eq!(key(&boxes, edges), None);
        assert_eq!(Keys::default().key(&boxes, edges), None);
    }
}
