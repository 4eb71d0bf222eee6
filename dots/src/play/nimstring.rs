//! `nimstring`: plays the Nimstring game correctly (Berlekamp 2000: a move
//! to a position of value 0, so that the opponent must in the end offer the
//! long chains), then in the loony endgame the exact solver's best move for
//! the boxes ([`crate::nimstring::nimstring_move`]).

use cgt::budget::{Limits, Meter, StopFlag};

use crate::nimstring::nimstring_move;

use super::{Game, PlayError, Player, Rng};

/// The `nimstring` player, on boards of up to 64 edges.
pub struct NimstringPlayer {
    name: String,
    /// The budget of one move: component positions valued and time; past
    /// it the player falls back to a random move that is not loony.
    limits: Limits,
    stop: Option<StopFlag>,
}

impl NimstringPlayer {
    /// A player named `name` with the budget `limits` per move.
    pub fn new(name: String, limits: Limits) -> NimstringPlayer {
        NimstringPlayer {
            name,
            limits,
            stop: None,
        }
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
        let meter = Meter::new(self.limits, self.stop.as_ref());
        nimstring_move(&pos, rng.next_u64(), meter)
            .map(|e| e.index())
            .ok_or_else(beyond)
    }

    fn set_stop(&mut self, stop: Option<StopFlag>) {
        self.stop = stop;
    }

    fn fits(&self, grid: &super::Grid, _undrawn: usize) -> Result<(), PlayError> {
        match grid.board() {
            Some(_) => Ok(()),
            None => Err(PlayError::BeyondBudget {
                position: grid.to_string(),
                undrawn: grid.num_edges(),
                limit: 0,
            }),
        }
    }
}
