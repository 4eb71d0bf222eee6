//! The solver's switches: which techniques it uses, its threads and its
//! table size.

use crate::Board;

/// Which techniques the solver uses; [`Options::default`] turns all on
/// (`sc_keys` on boards that are not square, from [`Options::SC_MIN_EDGES`] edges).
/// `chains`, `centre_out`, `corners`, `two_bounds` and `impartial_tt`
/// correspond to ablation columns of Barker & Korf 2012's Table 1; `symmetry`,
/// `loony`, `handout_bound`, `one_opening`, `compact_tt`, `etc`, `etc_values`,
/// `sc_keys` and `mtd` are further switches of ours.
/// Switching any of them off, or changing `threads`, never changes a value,
/// only the work (checked against a naive solver in `tests/reference.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Chain preprocessing (Barker & Korf 2012, "Chains"): make the provably right
    /// captures and consider only "take all" and "leave the hard-hearted
    /// handout" in the last chain. Off: every undrawn edge is a move.
    pub chains: bool,
    /// Canonical keys under the board's reflections and rotations (4
    /// symmetries, 8 on square boards; Barker & Korf 2012, "Symmetries").
    pub symmetry: bool,
    /// The corner-edge symmetry of Strings-and-Coins (Barker & Korf 2012): the strings
    /// from one coin to the ground are interchangeable, so only one of them
    /// is tried and keys count them instead of naming them. We apply it to
    /// every border box, not just corners (on 1xN boards every box has two
    /// or three strings to the ground).
    pub corners: bool,
    /// Centre-out move ordering with third-edge moves last (Barker & Korf 2012, "Move
    /// Ordering"). Off: edges in number order (left to right, top to
    /// bottom), still with third-edge moves last and captures first.
    pub centre_out: bool,
    /// Store a lower and an upper bound per entry. Off: one bound and a
    /// flag (a new result replaces the stored one).
    pub two_bounds: bool,
    /// Impartial table: the side to move is not part of the key. Off: a
    /// "partial" table where entries match only the same side to move.
    pub impartial_tt: bool,
    /// Evaluate simple loony endgames (only chains and loops left, every
    /// move opens one) by a search over the multiset of their lengths
    /// (the `loony` module) instead of over edges. Beyond Barker & Korf 2012.
    pub loony: bool,
    /// A node where the player to move, after the captures chain
    /// preprocessing makes, may take the last chain or hand it out
    /// (the opponent opened a long chain or a loop) is worth at least the
    /// boxes taken before that choice: take all gives `g + k + V`, the
    /// handout `g - k - V`, for the value `V` of what is left, so the
    /// better is `g + |k + V|`. The node returns `g` at once when that
    /// reaches beta, instead of searching what is left (Berlekamp 2000,
    /// "loony moves"). Needs `chains`. Beyond Barker & Korf 2012.
    pub handout_bound: bool,
    /// At a quiet node, try one move per chain of two-string coins (the
    /// middle string of a two-coin chain): every opening of a chain leads to
    /// the same choices for the opponent ([`crate::chains::redundant_openings`]).
    /// Needs `chains`. Beyond Barker & Korf 2012.
    pub one_opening: bool,
    /// Compact table entries (8 bytes, eight to a cache line, exact keys:
    /// see the `tt` module) where the keys allow them (with one thread and
    /// a table of 1 MiB or more: 4x5 and smaller). Off: 16-byte entries,
    /// four to a cache line. Beyond Barker & Korf 2012.
    pub compact_tt: bool,
    /// Enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin,
    /// "Exploiting graph properties of game trees", AAAI 1996): before
    /// searching a node's moves, look its quiet children up in the table
    /// and stop if one of them already proves a cutoff. Beyond Barker & Korf 2012.
    pub etc: bool,
    /// Value a safe child straight from the entry that its enhanced
    /// transposition cutoff probe found, when those bounds decide the
    /// child's window, instead of calling the search on it (which would
    /// find the same entry and return). Needs `etc`. Beyond Barker & Korf 2012.
    pub etc_values: bool,
    /// Strings-and-Coins keys: quiet positions with at most
    /// [`Options::SC_MAX_UNDRAWN`] undrawn edges that the table of edge
    /// sets does not know are looked up, and stored, in a second table
    /// under a key shared by every position with an isomorphic
    /// Strings-and-Coins graph (chains contracted, components coded
    /// canonically: see the `sc_key` module), wherever on the board they
    /// lie. Each table then gets half of `tt_mb`. `None` (the default):
    /// on boards that are not square with [`Options::SC_MIN_EDGES`] edges
    /// or more. It searches
    /// 1.5 to 4.4 times fewer nodes on Table 1's boards, but a key costs
    /// about 0.3 µs, so that 2x6, 1x11 and the longer boards gain time,
    /// and 3x3 to 3x4 and 4x4 lose some (BENCHMARKS.md). Beyond Barker &
    /// Korf 2012.
    pub sc_keys: Option<bool>,
    /// Find the root value by a sequence of null-window searches (MTD(f),
    /// Plaat et al. 1996) instead of one full-window alpha-beta search.
    pub mtd: bool,
    /// Threads searching (sharing one table, see [`crate::Solver`]); 0 counts as
    /// 1. The value does not depend on it.
    pub threads: usize,
    /// Transposition table size in MiB (0: a single bucket, i.e. almost no
    /// table).
    pub tt_mb: usize,
}

impl Options {
    /// Quiet positions with at most this many undrawn edges get
    /// Strings-and-Coins keys ([`Options::sc_keys`]); above, the graphs are
    /// larger and more symmetric, so a key costs more, and isomorphic
    /// positions are rarer.
    pub const SC_MAX_UNDRAWN: u8 = 24;

    /// Boards that are not square and have at least this many edges use
    /// Strings-and-Coins keys unless [`Options::sc_keys`] says otherwise:
    /// 2x6 (32 edges), 1x11, 1x12, 2x7 and 3x5 gain (a fifth to two
    /// thirds of the time), 3x4 (31) and smaller lose, and so does 4x4,
    /// whose eight symmetries the keys of edge sets already share (87 s
    /// without, 102 s with; 5x5 positions with 44 undrawn edges gain about
    /// 5 %: BENCHMARKS.md).
    pub const SC_MIN_EDGES: usize = 32;

    /// Whether a solver for `board` uses Strings-and-Coins keys
    /// ([`Options::sc_keys`]).
    pub fn sc_keys_on(&self, board: Board) -> bool {
        self.sc_keys.unwrap_or(
            board.num_edges() >= Options::SC_MIN_EDGES && board.width() != board.height(),
        )
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            chains: true,
            symmetry: true,
            corners: true,
            centre_out: true,
            loony: true,
            handout_bound: true,
            one_opening: true,
            two_bounds: true,
            impartial_tt: true,
            compact_tt: true,
            etc: true,
            etc_values: true,
            sc_keys: None,
            mtd: true,
            threads: 1,
            tt_mb: 256,
        }
    }
}
