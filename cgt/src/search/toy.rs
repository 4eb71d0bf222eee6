//! Small games for testing and documenting the solvers: Nim, Kayles and
//! Domineering. Each is simple enough that a plain minimax gives the
//! answer, and each exercises a hook of [`SolverGame`]: Nim a static
//! evaluation and heap-permutation symmetry, Kayles left-right mirror
//! symmetry of a row, Domineering a partizan game with mirror symmetry.

use std::fmt::Write as _;

use super::game::SolverGame;
use super::numbers::WinLoss;

/// The SplitMix64 finalizer: a cheap, well-mixed 64-bit hash of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Nim with up to 8 heaps of up to 255 stones: a move takes one or more
/// stones from one heap; who cannot move loses. The player to move wins iff
/// the nim-sum (XOR) of the heaps is not 0 (Bouton, *Nim, a game with a
/// complete mathematical theory*, Annals of Math. 3, 1901).
///
/// Hooks: [`SolverGame::evaluate`] decides a position with one non-empty
/// heap (take it all: a win); [`SolverGame::canonical_hash`] ignores the
/// order of the heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: [u8; 8],
    len: usize,
}

/// A Nim move: take `take >= 1` stones from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The heap index.
    pub heap: u8,
    /// Stones taken.
    pub take: u8,
}

impl Nim {
    /// Nim with these heaps.
    ///
    /// # Panics
    /// If there are more than 8 heaps.
    #[must_use]
    pub fn new(heaps: &[u8]) -> Nim {
        assert!(heaps.len() <= 8, "at most 8 heaps");
        let mut h = [0; 8];
        h[..heaps.len()].copy_from_slice(heaps);
        Nim {
            heaps: h,
            len: heaps.len(),
        }
    }

    /// The heaps.
    #[must_use]
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..self.len]
    }

    fn pack(heaps: &[u8]) -> u64 {
        heaps.iter().fold(0u64, |acc, &h| (acc << 8) | u64::from(h))
    }
}

impl SolverGame for Nim {
    type Move = NimMove;

    fn generate_moves(&self, moves: &mut Vec<NimMove>) {
        for (heap, &size) in self.heaps().iter().enumerate() {
            for take in 1..=size {
                moves.push(NimMove {
                    heap: heap as u8,
                    take,
                });
            }
        }
    }

    fn play(&mut self, mv: NimMove) {
        debug_assert!(self.heaps[usize::from(mv.heap)] >= mv.take && mv.take >= 1);
        self.heaps[usize::from(mv.heap)] -= mv.take;
    }

    fn undo(&mut self, mv: NimMove) {
        self.heaps[usize::from(mv.heap)] += mv.take;
    }

    /// Nim is impartial: the outcome for the player to move does not depend
    /// on who that is, so the hash leaves the player out.
    fn hash(&self) -> u64 {
        mix(Self::pack(self.heaps()) ^ (self.len as u64).rotate_right(8))
    }

    fn evaluate(&self) -> Option<WinLoss> {
        let non_empty = self.heaps().iter().filter(|&&h| h > 0).count();
        (non_empty == 1).then_some(WinLoss::Win)
    }

    fn order_moves(&self, moves: &mut Vec<NimMove>) {
        // Emptying moves first (an arbitrary but fixed hint).
        moves.sort_by_key(|m| std::cmp::Reverse(m.take));
    }

    fn canonical_hash(&self) -> u64 {
        let mut sorted = self.heaps;
        sorted[..self.len].sort_unstable();
        mix(Self::pack(&sorted[..self.len]) ^ (self.len as u64).rotate_right(8))
    }

    fn move_text(&self, mv: NimMove) -> String {
        format!("h{}-{}", mv.heap, mv.take)
    }

    fn position_text(&self) -> String {
        let texts: Vec<String> = self.heaps().iter().map(u8::to_string).collect();
        texts.join(" ")
    }
}

/// Kayles on a row of up to 64 places: a move knocks down one pin or two
/// adjacent pins; who cannot move loses. Impartial.
///
/// Hook: [`SolverGame::canonical_hash`] identifies a row with its mirror
/// image.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kayles {
    /// Bit `i` set: a pin stands at place `i`.
    pins: u64,
    len: u32,
}

/// A Kayles move: knock down `width` (1 or 2) pins starting at `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KaylesMove {
    /// The first place knocked down.
    pub at: u8,
    /// 1 or 2.
    pub width: u8,
}

impl KaylesMove {
    fn mask(self) -> u64 {
        ((1u64 << self.width) - 1) << self.at
    }
}

impl Kayles {
    /// A row of `len` places with pins where bit `i` of `pins` is set.
    ///
    /// # Panics
    /// If `len > 64` or a pin lies beyond `len`.
    #[must_use]
    pub fn new(pins: u64, len: u32) -> Kayles {
        assert!(len <= 64, "at most 64 places");
        assert!(len == 64 || pins >> len == 0, "pins beyond the row");
        Kayles { pins, len }
    }

    /// The pins, bit `i` for place `i`.
    #[must_use]
    pub fn pins(&self) -> u64 {
        self.pins
    }

    fn mirror(&self) -> u64 {
        if self.len == 0 {
            0
        } else {
            self.pins.reverse_bits() >> (64 - self.len)
        }
    }
}

impl SolverGame for Kayles {
    type Move = KaylesMove;

    fn generate_moves(&self, moves: &mut Vec<KaylesMove>) {
        for at in 0..self.len as u8 {
            for width in 1..=2 {
                let mv = KaylesMove { at, width };
                if u32::from(at) + u32::from(width) <= self.len
                    && self.pins & mv.mask() == mv.mask()
                {
                    moves.push(mv);
                }
            }
        }
    }

    fn play(&mut self, mv: KaylesMove) {
        debug_assert_eq!(self.pins & mv.mask(), mv.mask());
        self.pins &= !mv.mask();
    }

    fn undo(&mut self, mv: KaylesMove) {
        self.pins |= mv.mask();
    }

    /// Impartial: the player to move is left out.
    fn hash(&self) -> u64 {
        mix(self.pins ^ u64::from(self.len) << 58)
    }

    fn canonical_hash(&self) -> u64 {
        mix(self.pins.min(self.mirror()) ^ u64::from(self.len) << 58)
    }

    fn move_text(&self, mv: KaylesMove) -> String {
        if mv.width == 1 {
            format!("{}", mv.at)
        } else {
            format!("{}-{}", mv.at, mv.at + 1)
        }
    }

    fn position_text(&self) -> String {
        (0..self.len)
            .map(|i| if self.pins >> i & 1 == 1 { 'I' } else { '.' })
            .collect()
    }
}

/// Domineering on a board of `width x height <= 64` squares: Left places
/// vertical dominoes, Right horizontal ones; who cannot move loses.
/// Partizan.
///
/// Squares are numbered `rank * width + file` from the bottom-left; bit `s`
/// of the board is set when square `s` is covered.
///
/// Hooks: [`SolverGame::evaluate`] decides a position where the opponent has
/// no move at all and the player to move has one (a win: covering squares
/// never gives the opponent a move); [`SolverGame::canonical_hash`]
/// identifies a board with its left-right mirror image (which keeps
/// vertical dominoes vertical and horizontal ones horizontal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Domineering {
    covered: u64,
    width: u32,
    height: u32,
    left_to_move: bool,
}

/// A Domineering move: the lower (Left) or left (Right) square of the domino.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DomineeringMove(pub u8);

impl Domineering {
    /// A board with the squares of `covered` taken, `left_to_move` choosing
    /// who moves.
    ///
    /// # Panics
    /// If the board has more than 64 squares or a covered square lies off it.
    #[must_use]
    pub fn new(width: u32, height: u32, covered: u64, left_to_move: bool) -> Domineering {
        let squares = width * height;
        assert!(squares <= 64, "at most 64 squares");
        assert!(
            squares == 64 || covered >> squares == 0,
            "square off the board"
        );
        Domineering {
            covered,
            width,
            height,
            left_to_move,
        }
    }

    /// The covered squares.
    #[must_use]
    pub fn covered(&self) -> u64 {
        self.covered
    }

    /// True when Left (vertical) is to move.
    #[must_use]
    pub fn left_to_move(&self) -> bool {
        self.left_to_move
    }

    fn domino(&self, at: u8, left: bool) -> u64 {
        let other = if left {
            u32::from(at) + self.width
        } else {
            u32::from(at) + 1
        };
        (1u64 << at) | (1u64 << other)
    }

    fn moves_for(&self, left: bool, moves: &mut Vec<DomineeringMove>) {
        for rank in 0..self.height {
            for file in 0..self.width {
                let fits = if left {
                    rank + 1 < self.height
                } else {
                    file + 1 < self.width
                };
                let at = (rank * self.width + file) as u8;
                if fits && self.covered & self.domino(at, left) == 0 {
                    moves.push(DomineeringMove(at));
                }
            }
        }
    }

    fn mirror(&self) -> u64 {
        let mut m = 0;
        for rank in 0..self.height {
            for file in 0..self.width {
                if self.covered >> (rank * self.width + file) & 1 == 1 {
                    m |= 1 << (rank * self.width + self.width - 1 - file);
                }
            }
        }
        m
    }

    fn key(&self, covered: u64) -> u64 {
        mix(covered ^ u64::from(self.width) << 56 ^ u64::from(self.left_to_move) << 63)
    }
}

impl SolverGame for Domineering {
    type Move = DomineeringMove;

    fn generate_moves(&self, moves: &mut Vec<DomineeringMove>) {
        self.moves_for(self.left_to_move, moves);
    }

    fn play(&mut self, mv: DomineeringMove) {
        let domino = self.domino(mv.0, self.left_to_move);
        debug_assert_eq!(self.covered & domino, 0);
        self.covered |= domino;
        self.left_to_move = !self.left_to_move;
    }

    fn undo(&mut self, mv: DomineeringMove) {
        self.left_to_move = !self.left_to_move;
        self.covered &= !self.domino(mv.0, self.left_to_move);
    }

    fn hash(&self) -> u64 {
        self.key(self.covered)
    }

    fn evaluate(&self) -> Option<WinLoss> {
        let mut theirs = Vec::new();
        self.moves_for(!self.left_to_move, &mut theirs);
        if !theirs.is_empty() {
            return None;
        }
        let mut mine = Vec::new();
        self.moves_for(self.left_to_move, &mut mine);
        (!mine.is_empty()).then_some(WinLoss::Win)
    }

    fn canonical_hash(&self) -> u64 {
        self.key(self.covered.min(self.mirror()))
    }

    fn move_text(&self, mv: DomineeringMove) -> String {
        let file = u32::from(mv.0) % self.width;
        let rank = u32::from(mv.0) / self.width;
        format!("{}{}", char::from(b'A' + file as u8), rank + 1)
    }

    /// Ranks from the top, `.` empty, `x` covered, then `l` or `r` for the
    /// player to move.
    fn position_text(&self) -> String {
        let mut text = String::new();
        for rank in (0..self.height).rev() {
            for file in 0..self.width {
                let covered = self.covered >> (rank * self.width + file) & 1 == 1;
                text.push(if covered { 'x' } else { '.' });
            }
            if rank > 0 {
                text.push('/');
            }
        }
        let _ = write!(text, " {}", if self.left_to_move { 'l' } else { 'r' });
        text
    }
}
