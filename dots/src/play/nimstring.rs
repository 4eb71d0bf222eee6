//! `nimstring`: plays the Nimstring game correctly (Berlekamp 2000: a move
//! to a position of value 0, so that the opponent must in the end offer the
//! long chains), then in the loony endgame the exact solver's best move for
//! the boxes ([`crate::nimstring::nimstring_move`]).

use crate::nimstring::nimstring_move_within;

use super::{Game, PlayError, Player, Rng};

/// The `nimstring` player, on boards of up to 64 edges.
pub struct NimstringPlayer {
    name: String,
    /// Component positions valued per move before falling back to a random
    /// move that is not loony.
    limit: usize,
}

impl NimstringPlayer {
    /// A player named `name` valuing at most `limit` component positions a
    /// move.
    pub fn new(name: String, limit: usize) -> NimstringPlayer {
        NimstringPlayer { name, limit }
    }
}

impl Player for NimstringPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &Game<'_>, rng: &mut Rng) -> Result<usize, PlayError> {
        let beyond = || PlayError::BeyondBudget {
            position: game.to_string(),
            undrawn: game.num_legal(),
            limit: 0,
        };
        let pos = game.position().ok_or_else(beyond)?;
        nimstring_move_within(&pos, rng.next_u64(), self.limit)
            .map(|e| e.index())
            .ok_or_else(beyond)
    }
}
