//! `cgtk dots move`: the move a player (any name `dots tournament` takes)
//! makes in the position of a game record.

use anyhow::Result;
use cgt::budget::StopFlag;
use cgtk::report::DotsMoveReport;
use clap::Args;
use dots::play::{new_player, Game, Grid, Rng};

use crate::output::{bad_input, print_json};

/// The longest time per move accepted, in milliseconds.
pub const MAX_MOVE_MS: u64 = 60_000;

/// A game record and the player.
#[derive(Args)]
pub struct MoveArgs {
    /// The game so far: `WxH` or `WxH:e,e,e` with the edges in the order
    /// drawn (the record `dots play` prints), up to 128 edges.
    record: String,
    /// The player (a name `dots tournament` takes, e.g. `level2` or
    /// `mcts:nodes=2000`).
    #[arg(long)]
    player: String,
    /// Seed of the player's random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time per move in milliseconds for a search player whose name sets no
    /// budget (1 to 60000).
    #[arg(long, default_value_t = 1000)]
    move_ms: u64,
    /// Print {"edge", "player"}.
    #[arg(long)]
    json: bool,
}

/// Replays a game record (`WxH:e,e,...`, edges in the order drawn), so that
/// the scores and the side to move are those of the game.
pub fn replay<'g>(grid: &'g Grid, edges: &str) -> Result<Game<'g>> {
    let mut game = Game::new(grid);
    for (i, word) in edges.split(',').enumerate() {
        let word = word.trim();
        let e: usize = word.parse().map_err(|_| {
            bad_input(
                "position",
                format!("move {}: {word:?} is not an edge number", i + 1),
            )
        })?;
        game.play(e)
            .map_err(|err| bad_input("position", format!("move {}: {err}", i + 1)))?;
    }
    Ok(game)
}

/// The grid of a record and the rest of the record after the colon.
pub fn split_record(record: &str) -> Result<(Grid, &str)> {
    let record = record.trim();
    let (size, edges) = record.split_once(':').unwrap_or((record, ""));
    let grid = Grid::parse(size).map_err(|e| bad_input("position", e))?;
    Ok((grid, edges))
}

/// `dots move`: the edge `player` draws after the moves of `record`; a
/// search player stops thinking when `stop` is set (it then plays the move
/// its budget's end would give).
pub fn move_report(
    record: &str,
    player: &str,
    seed: u64,
    move_ms: u64,
    stop: Option<&StopFlag>,
) -> Result<DotsMoveReport> {
    if !(1..=MAX_MOVE_MS).contains(&move_ms) {
        return Err(bad_input(
            "--move-ms",
            format!("{move_ms} out of range (1 to {MAX_MOVE_MS})"),
        ));
    }
    let (grid, edges) = split_record(record)?;
    let game = if edges.is_empty() {
        Game::new(&grid)
    } else {
        replay(&grid, edges)?
    };
    if game.is_over() {
        return Err(bad_input("position", "the game is over: no move to make"));
    }
    let mut p = new_player(player, move_ms).map_err(|e| bad_input("player", e))?;
    p.fits(&grid, game.num_legal())
        .map_err(|e| bad_input("player", e))?;
    p.set_stop(stop.cloned());
    let edge = p
        .choose(&game, &mut Rng::new(seed))
        .map_err(|e| bad_input("player", e))?;
    Ok(DotsMoveReport {
        edge,
        player: player.to_owned(),
    })
}

/// Runs `cgtk dots move`.
pub fn run(args: MoveArgs) -> Result<()> {
    let report = move_report(
        &args.record,
        &args.player,
        args.seed,
        args.move_ms,
        Some(crate::interrupted()),
    )?;
    if args.json {
        print_json(&report);
    } else {
        println!("edge {}", report.edge);
    }
    Ok(())
}
