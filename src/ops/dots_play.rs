//! Dots-and-Boxes players: round-robin tournaments (`dots tournament`),
//! players scored against perfect play (`dots score`), and a game against a
//! computer player with hints and undo (`dots play`).

use std::ops::RangeInclusive;
use std::time::Duration;

use anyhow::Result;
use cgt::budget::StopFlag;
use dots::play::{
    hint, new_player, run_tournament, score_against_perfect, Game, Grid, Hint, PlayError, Player,
    Rng, TournamentConfig,
};

use super::bad_input;
use super::bounds::{check, THREADS};
use crate::report::{ScoreReport, TournamentReport};

/// A board given in boxes, `WxH`.
pub fn grid(text: &str) -> Result<Grid> {
    Grid::parse(text).map_err(|e| bad_input("--board", e))
}

/// Errors of the players' library that come from what the caller gave are
/// bad input; the others are failures.
fn play_error(what: &str, e: PlayError) -> anyhow::Error {
    match e {
        PlayError::BeyondBudget { .. }
        | PlayError::Settings { .. }
        | PlayError::UnknownPlayer { .. }
        | PlayError::BadOption { .. }
        | PlayError::Network(_)
        | PlayError::Setup { .. }
        | PlayError::BoardSize { .. } => bad_input(what, e),
        other => anyhow::Error::new(other),
    }
}

/// The range of games per pair of a tournament, or per player against
/// perfect play.
pub const GAMES: RangeInclusive<u64> = 1..=1_000_000_000;

/// The matches of `dots tournament` and `dots score`.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The board in boxes, `WxH`.
    pub board: String,
    /// The player names (see `dots::play::new_player`).
    pub players: Vec<String>,
    /// Games per pair, or per player against perfect play ([`GAMES`]).
    pub games: u64,
    /// Seed of every game's random numbers.
    pub seed: u64,
    /// Time per move in milliseconds for search players whose names set no
    /// budget.
    pub move_ms: u64,
    /// Threads playing games ([`THREADS`]).
    pub threads: u64,
    /// A tournament starts no game after this time, and the games under way
    /// end at once, uncounted.
    pub time_limit: Option<Duration>,
}

impl MatchOptions {
    /// The checked board, players, games and threads.
    fn checked(&self) -> Result<(Grid, usize, usize)> {
        let grid = grid(&self.board)?;
        for name in &self.players {
            new_player(name, self.move_ms).map_err(|e| bad_input("--players", e))?;
        }
        let threads = check("--threads", self.threads, &THREADS)?;
        check("--games", self.games, &GAMES)?;
        let games = usize::try_from(self.games).unwrap_or(usize::MAX);
        Ok((grid, games, usize::try_from(threads).unwrap_or(1)))
    }
}

/// Splits a comma-separated list of player names.
pub fn player_names(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().to_string()).collect()
}

/// `dots tournament`: every pair of players plays `games` games; `progress`
/// is called with the games played and the games in all. A limit (or
/// `stop`) ends it; the results are those of the games played.
pub fn tournament(
    options: &MatchOptions,
    stop: &StopFlag,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<TournamentReport> {
    let (grid, games, threads) = options.checked()?;
    let config = TournamentConfig {
        grid,
        players: options.players.clone(),
        games,
        seed: options.seed,
        move_ms: options.move_ms,
        threads,
        time_limit: options.time_limit,
        stop: Some(stop.clone()),
    };
    let t = run_tournament(&config, progress).map_err(|e| play_error("tournament", e))?;
    Ok(TournamentReport::from(&t))
}

/// `dots score`: each player plays `games` games against perfect play, on
/// a board within the solver's budget; `progress` is called with the
/// player, the games played and the games in all.
pub fn score(
    options: &MatchOptions,
    progress: &(dyn Fn(&str, usize, usize) + Sync),
) -> Result<Vec<ScoreReport>> {
    let (grid, games, threads) = options.checked()?;
    let board = grid.board().ok_or_else(|| {
        bad_input(
            "--board",
            format!("{grid} has more than 64 edges: beyond the solver"),
        )
    })?;
    let mut rows = Vec::new();
    for p in &options.players {
        let s = score_against_perfect(
            board,
            p,
            games,
            options.seed,
            options.move_ms,
            threads,
            &|done, all| progress(p, done, all),
        )
        .map_err(|e| play_error("score", e))?;
        rows.push(ScoreReport {
            player: s.player.clone(),
            games: s.games,
            moves: s.moves,
            optimal_moves: s.optimal_moves,
            optimal_share: s.optimal_share(),
            boxes_given: s.boxes_given,
            given_per_game: s.given_per_game(),
            wins: s.wins_ties_losses[0],
            ties: s.wins_ties_losses[1],
            losses: s.wins_ties_losses[2],
        });
    }
    Ok(rows)
}

/// A game of `dots play`: its board, the computer player and who moves
/// first.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The board in boxes, `WxH`.
    pub board: String,
    /// The computer player's name.
    pub against: String,
    /// Whether the person moves first.
    pub me_first: bool,
    /// Seed of the computer's random numbers.
    pub seed: u64,
    /// Time per move in milliseconds for a search player whose name sets
    /// no budget, and for hints the solver cannot give.
    pub move_ms: u64,
}

/// One state of a [`PlayGame`], kept for undo.
#[derive(Clone)]
struct State {
    edges: u128,
    score: [usize; 2],
    to_move: usize,
    /// Who completed each box: the mover's side.
    owners: Vec<Option<usize>>,
    moves: Vec<usize>,
}

impl State {
    /// The game of this state on `grid`.
    fn game<'g>(&self, grid: &'g Grid) -> Game<'g> {
        Game::from_parts(grid, self.edges, self.score, self.to_move)
            .expect("a state reached by legal moves")
    }
}

/// A game between a person and a computer player, with undo back to each
/// of the person's moves.
pub struct PlayGame {
    grid: Grid,
    computer: Box<dyn Player>,
    me: usize,
    rng: Rng,
    move_ms: u64,
    state: State,
    history: Vec<State>,
}

/// Why a move of the person was not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadMove {
    /// The edge is not on the board or is drawn.
    NotUndrawn,
    /// It is the computer's turn or the game is over.
    NotYourTurn,
}

impl PlayGame {
    /// A new game of `options`; a board or player that does not fit is bad
    /// input.
    pub fn new(options: &PlayOptions) -> Result<PlayGame> {
        let grid = grid(&options.board)?;
        let computer =
            new_player(&options.against, options.move_ms).map_err(|e| bad_input("--against", e))?;
        let me = usize::from(!options.me_first);
        // Its first move comes on the empty board, or after one of yours.
        computer
            .fits(&grid, grid.num_edges() - (1 - me))
            .map_err(|e| bad_input("--against", e))?;
        let state = State {
            edges: 0,
            score: [0, 0],
            to_move: 0,
            owners: vec![None; grid.num_boxes()],
            moves: Vec::new(),
        };
        Ok(PlayGame {
            grid,
            computer,
            me,
            rng: Rng::new(options.seed),
            move_ms: options.move_ms,
            state,
            history: Vec::new(),
        })
    }

    /// The board.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    fn game(&self) -> Game<'_> {
        self.state.game(&self.grid)
    }

    /// The drawn edges, one bit each.
    pub fn edges(&self) -> u128 {
        self.state.edges
    }

    /// Whether box `b` was completed by the person (`Some(true)`), by the
    /// computer (`Some(false)`), or is open (`None`).
    pub fn box_owner(&self, b: usize) -> Option<bool> {
        self.state.owners[b].map(|side| side == self.me)
    }

    /// Whether every edge is drawn.
    pub fn is_over(&self) -> bool {
        self.game().is_over()
    }

    /// Whether the person is to move (and the game not over).
    pub fn my_turn(&self) -> bool {
        let game = self.game();
        !game.is_over() && game.to_move() == self.me
    }

    /// Boxes of the person and of the computer.
    pub fn score(&self) -> (usize, usize) {
        (self.state.score[self.me], self.state.score[1 - self.me])
    }

    /// The computer's move: the edge it draws.
    pub fn computer_move(&mut self) -> Result<usize> {
        let game = self.state.game(&self.grid);
        let e = self
            .computer
            .choose(&game, &mut self.rng)
            .map_err(|e| play_error("--against", e))?;
        self.apply(e);
        Ok(e)
    }

    /// The person draws edge `e` (undone by [`PlayGame::undo`]).
    pub fn play(&mut self, e: usize) -> Result<(), BadMove> {
        if !self.my_turn() {
            return Err(BadMove::NotYourTurn);
        }
        if e >= self.grid.num_edges() || self.state.edges >> e & 1 == 1 {
            return Err(BadMove::NotUndrawn);
        }
        self.history.push(self.state.clone());
        self.apply(e);
        Ok(())
    }

    /// Takes back the person's last move and the computer's answers to it;
    /// `false` if there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(state) => {
                self.state = state;
                true
            }
            None => false,
        }
    }

    /// Every move's value for the player to move (see `dots::play::hint`).
    pub fn hint(&self) -> Hint {
        hint(&self.game(), &mut self.rng.clone(), self.move_ms)
    }

    /// The game record: `WxH` or `WxH:e,e,...`, edges in the order drawn
    /// (any prefix is a position `dots analyze` reads).
    pub fn record(&self) -> String {
        let list: Vec<String> = self.state.moves.iter().map(usize::to_string).collect();
        let sep = if list.is_empty() { "" } else { ":" };
        format!("{}{sep}{}", self.grid, list.join(","))
    }

    /// Draws `e`, an undrawn edge, and credits the boxes it completes to
    /// the side that drew it.
    fn apply(&mut self, e: usize) {
        let mut game = self.state.game(&self.grid);
        let side = game.to_move();
        game.play_unchecked(e);
        for b in self.grid.edge_boxes(e).into_iter().flatten() {
            let mask = self.grid.box_mask(b);
            if game.edges() & mask == mask && self.state.owners[b].is_none() {
                self.state.owners[b] = Some(side);
            }
        }
        self.state.edges = game.edges();
        self.state.score = game.score();
        self.state.to_move = game.to_move();
        self.state.moves.push(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(me_first: bool) -> PlayGame {
        PlayGame::new(&PlayOptions {
            board: "1x1".into(),
            against: "random".into(),
            me_first,
            seed: 0,
            move_ms: 1,
        })
        .unwrap()
    }

    #[test]
    fn undo_takes_back_the_move_and_the_answer() {
        let mut g = game(true);
        assert!(g.my_turn());
        assert!(!g.undo());
        g.play(0).unwrap();
        assert!(!g.my_turn());
        let answer = g.computer_move().unwrap();
        assert_ne!(answer, 0);
        assert_eq!(g.record(), format!("1x1:0,{answer}"));
        assert!(g.undo());
        assert_eq!(g.record(), "1x1");
        assert_eq!(g.edges(), 0);
        assert!(g.my_turn());
    }

    #[test]
    fn only_undrawn_edges_on_your_turn() {
        let mut g = game(true);
        assert_eq!(g.play(4), Err(BadMove::NotUndrawn));
        g.play(1).unwrap();
        assert_eq!(g.play(2), Err(BadMove::NotYourTurn));
        g.computer_move().unwrap();
        assert_eq!(g.play(1), Err(BadMove::NotUndrawn));
    }

    #[test]
    fn the_last_edge_credits_the_box_to_its_drawer() {
        let mut g = game(true);
        // 1x1: four edges; the side that draws the fourth takes the box.
        while !g.is_over() {
            if g.my_turn() {
                let e = (0..4).find(|e| g.edges() >> e & 1 == 0).unwrap();
                g.play(e).unwrap();
            } else {
                g.computer_move().unwrap();
            }
        }
        let (mine, its) = g.score();
        assert_eq!(mine + its, 1);
        assert_eq!(g.box_owner(0), Some(mine == 1));
    }
}
