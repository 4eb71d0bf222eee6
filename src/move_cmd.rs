//! `cgtk dots move`: the move a player (any name `dots tournament` takes)
//! makes in the position of a game record.

use anyhow::Result;
use cgtk::ops::dots::{best_move, MoveOptions, MOVE_MS};
use clap::Args;

use crate::output::print_json;

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
    #[arg(long, default_value_t = 1000,
          value_parser = cgtk::ops::bounds::parser(MOVE_MS))]
    move_ms: u64,
    /// Print {"edge", "player"}.
    #[arg(long)]
    json: bool,
}

/// Runs `cgtk dots move`.
pub fn run(args: MoveArgs) -> Result<()> {
    let options = MoveOptions {
        record: args.record,
        player: args.player,
        seed: args.seed,
        move_ms: args.move_ms,
    };
    let report = best_move(&options, crate::interrupted())?;
    if args.json {
        print_json(&report);
    } else {
        println!("edge {}", report.edge);
    }
    Ok(())
}
