//! `cgtk dots tournament | play | score`: matches between players, a game
//! in the terminal, and players scored against perfect play.

use std::io::{BufRead, Write};

use anyhow::Result;
use cgtk::ops::bounds::THREADS;
use cgtk::ops::dots::MOVE_MS;
use cgtk::ops::dots_play::{
    self as ops, player_names, BadMove, MatchOptions, PlayGame, PlayOptions, GAMES,
};
use cgtk::report::{stop_reason, TournamentReport};
use clap::{Args, ValueEnum};
use dots::play::HintSource;

use crate::output::print_json;
use crate::progress;

/// Player names and options, shared by the help of every command here.
const PLAYERS_HELP: &str = "Players: random, level1, level2, greedy, minimax, alphabeta, mcts, \
mcts-crazystone, uct, perfect, nimstring, net:FILE (a network from `dots train`; files over 4 MiB are refused). Options after colons: ms=N (time per move), nodes=N (search nodes, \
Monte Carlo descents, or for nimstring component positions valued, per move; nimstring with neither \
has 100000 and --move-ms, and past its budget plays a random move that is not loony), depth=N (minimax, alphabeta), centre (centre-out move order \
for minimax, alphabeta), relative (greedy, minimax, alphabeta, mcts, mcts-crazystone: three-sided \
boxes count in the utility for the side to move and against the other). A name with nodes= or depth= plays the same moves on every machine \
(reproducible); a time budget (ms= or --move-ms) does not. Boards are boxes: O'Flaherty & Wu's \
4x4 to 7x7 dots are 3x3 to 6x6 boxes.";

/// `dots tournament` (and `dots score`).
#[derive(Args)]
#[command(after_help = PLAYERS_HELP)]
pub struct TournamentArgs {
    /// Board size in boxes, `WxH` (at most 128 edges, e.g. up to 7x7; for
    /// `score`, within the solver's budget, e.g. 3x3, 2x4, 3x4).
    #[arg(long)]
    board: String,
    /// Comma-separated player names (a tournament needs two or more; see
    /// below).
    #[arg(long)]
    players: String,
    /// Games per pair in a tournament (the first-named player of a pair
    /// moves first in even-numbered games); for `score`, games per player
    /// against perfect play (the player moves first in even-numbered games).
    #[arg(long, value_parser = cgtk::ops::bounds::parser(GAMES))]
    games: u64,
    /// Seed of every game's random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time per move in milliseconds for search players whose names set no
    /// budget (1 to 60000; O'Flaherty & Wu used 1000). Not reproducible:
    /// use nodes=N in the player's name for reproducible results.
    #[arg(long, default_value_t = 100,
          value_parser = cgtk::ops::bounds::parser(MOVE_MS))]
    move_ms: u64,
    /// Threads playing games (1 to 64); results do not depend on it, except
    /// through time budgets.
    #[arg(long, default_value_t = 1,
          value_parser = cgtk::ops::bounds::parser(THREADS))]
    threads: u64,
    /// A tournament starts no game after this many seconds (more than 0, at
    /// most 10^7), and the games under way end at once, uncounted: the
    /// results are those of the games played. Ctrl-C stops it too.
    #[arg(long, value_name = "S", value_parser = cgtk::ops::bounds::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Print one line of JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// `dots score` takes the options of `dots tournament`: `--games` games
/// per player against perfect play, on a board within the solver's budget
/// (e.g. 3x3, 2x4, 3x4).
pub type ScoreArgs = TournamentArgs;

/// Who moves first in `dots play`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You.
    Me,
    /// The computer.
    It,
}

/// `dots play`.
#[derive(Args)]
#[command(after_help = PLAYERS_HELP)]
pub struct PlayArgs {
    /// Board size in boxes, `WxH`.
    #[arg(long)]
    board: String,
    /// The computer player (see below).
    #[arg(long)]
    against: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// Seed of the computer's random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time per move in milliseconds for a search player whose name sets no
    /// budget, and for hints the solver cannot give (1 to 60000).
    #[arg(long, default_value_t = 1000,
          value_parser = cgtk::ops::bounds::parser(MOVE_MS))]
    move_ms: u64,
}

impl TournamentArgs {
    fn options(&self) -> MatchOptions {
        MatchOptions {
            board: self.board.clone(),
            players: player_names(&self.players),
            games: self.games,
            seed: self.seed,
            move_ms: self.move_ms,
            threads: self.threads,
            time_limit: self.time_limit,
        }
    }
}

/// Runs `dots tournament`.
pub fn tournament(args: TournamentArgs) -> Result<()> {
    let options = args.options();
    let k = options.players.len() as u64;
    let bar = progress::bar(
        args.quiet,
        k * k.saturating_sub(1) / 2 * args.games,
        "games",
    );
    let report = ops::tournament(&options, crate::interrupted(), &|done, _| {
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let report = report?;
    if args.json {
        print_json(&report);
    } else {
        print!("{}", tournament_text(&report));
    }
    Ok(())
}

/// The tournament as tables for people.
pub fn tournament_text(t: &TournamentReport) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let width = t.players.iter().map(String::len).max().unwrap_or(1).max(6);
    let _ = writeln!(
        out,
        "board {} (boxes), {} games per pair, seed {}",
        t.board, t.games_per_pair, t.seed
    );
    if let Some(limit) = t.limit {
        let played: usize = t.pairs.iter().map(|p| p.games).sum();
        let _ = writeln!(
            out,
            "stopped: {} after {played} of {} games; the results are those of the games played",
            stop_reason(limit),
            t.pairs.len() * t.games_per_pair
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "{:>w$}  {:<w$}  {:>7}  {:>7}  {:>5}  {:>8}",
        "a",
        "b",
        "a wins",
        "b wins",
        "ties",
        "a margin",
        w = width
    );
    for p in &t.pairs {
        let Some(margin) = p.a_margin else {
            let _ = writeln!(out, "{:>w$}  {:<w$}  no games", p.a, p.b, w = width);
            continue;
        };
        let _ = writeln!(
            out,
            "{:>w$}  {:<w$}  {:>7}  {:>7}  {:>5}  {:>+8.2}",
            p.a,
            p.b,
            p.a_wins,
            p.b_wins,
            p.ties,
            margin,
            w = width
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "crosstable: the row player's score against the column player (%)"
    );
    let short: Vec<String> = (1..=t.players.len()).map(|i| format!("{i:>6}")).collect();
    let _ = writeln!(out, "{:>w$}    {}", "", short.join(""), w = width);
    for (i, row) in t.crosstable.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.map_or(format!("{:>6}", "-"), |x| format!("{:>6.1}", 100.0 * x)))
            .collect();
        let _ = writeln!(
            out,
            "{:>w$} {:>2} {}",
            t.players[i],
            i + 1,
            cells.join(""),
            w = width
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "ratings (Bradley-Terry, Elo scale, mean 0, 95 % interval)"
    );
    let mut rated: Vec<(&str, f64, f64, f64)> = t
        .ratings
        .iter()
        .filter_map(|r| Some((r.player.as_str(), r.rating?, r.low?, r.high?)))
        .collect();
    rated.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (player, rating, low, high) in rated {
        let _ = writeln!(
            out,
            "{player:>width$}  {rating:>+7.0}  [{low:+.0}, {high:+.0}]"
        );
    }
    for r in t.ratings.iter().filter(|r| r.rating.is_none()) {
        let _ = writeln!(out, "{:>width$}  unrated (no games)", r.player);
    }
    out
}

/// Runs `dots score`.
pub fn score(args: ScoreArgs) -> Result<()> {
    let options = args.options();
    let bar = progress::bar(args.quiet, args.games, "games");
    let rows = ops::score(&options, &|player, done, _| {
        bar.set_message(player.to_owned());
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let rows = rows?;
    if args.json {
        print_json(&rows);
        return Ok(());
    }
    let width = options
        .players
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(6)
        .max(6);
    println!(
        "board {} (boxes), {} games per player against perfect play, seed {}",
        ops::grid(&args.board)?,
        args.games,
        args.seed
    );
    println!(
        "{:>width$}  {:>12}  {:>9}  {:>7}  {:>15}",
        "player", "given / game", "optimal %", "moves", "won-tied-lost"
    );
    for r in rows {
        println!(
            "{:>width$}  {:>12.3}  {:>9.2}  {:>7}  {:>15}",
            r.player,
            r.given_per_game,
            100.0 * r.optimal_share,
            r.moves,
            format!("{}-{}-{}", r.wins, r.ties, r.losses)
        );
    }
    Ok(())
}

/// Runs `dots play`: reads commands line by line from stdin.
pub fn play(args: PlayArgs) -> Result<()> {
    let mut game = PlayGame::new(&PlayOptions {
        board: args.board.clone(),
        against: args.against.clone(),
        me_first: args.first == First::Me,
        seed: args.seed,
        move_ms: args.move_ms,
    })?;
    let g = game.grid().clone();
    let diagram = |game: &PlayGame| {
        g.diagram(game.edges(), |b| {
            game.box_owner(b).map(|mine| if mine { 'Y' } else { 'C' })
        })
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(
        out,
        "{g} boxes against {}; you are Y and move {}.",
        args.against,
        if args.first == First::Me {
            "first"
        } else {
            "second"
        }
    )?;
    writeln!(out, "Type an edge number, `hint`, `undo` or `quit`.")?;
    while !game.is_over() {
        if !game.my_turn() {
            let e = game.computer_move()?;
            writeln!(out, "{} draws {e}", args.against)?;
            continue;
        }
        write!(out, "{}", diagram(&game))?;
        let (mine, its) = game.score();
        writeln!(out, "score: you {mine}, {} {its}", args.against)?;
        write!(out, "your move> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            writeln!(out, "end of input: game not finished")?;
            break;
        };
        let line = line?;
        let word = line.trim();
        match word {
            "" => continue,
            "quit" => {
                writeln!(out, "game not finished")?;
                break;
            }
            "undo" => {
                if game.undo() {
                    writeln!(out, "undone")?;
                } else {
                    writeln!(out, "nothing to undo")?;
                }
            }
            "hint" => {
                let h = game.hint();
                let source = match h.source {
                    HintSource::Solver => "the solver: boxes you get minus boxes the computer gets, from here on, with perfect play",
                    HintSource::MonteCarlo => "Monte Carlo averages of the O'Flaherty & Wu utility (the solver cannot answer in a second)",
                };
                writeln!(out, "hint from {source}:")?;
                let best = h
                    .values
                    .iter()
                    .map(|v| v.1)
                    .fold(f64::NEG_INFINITY, f64::max);
                for (e, v) in &h.values {
                    let star = if *v == best { "  best" } else { "" };
                    if h.source == HintSource::Solver {
                        writeln!(out, "  edge {e:>3}: {v:+}{star}")?;
                    } else {
                        writeln!(out, "  edge {e:>3}: {v:+.2}{star}")?;
                    }
                }
            }
            _ => {
                let played = word
                    .parse::<usize>()
                    .map_err(|_| BadMove::NotUndrawn)
                    .and_then(|e| game.play(e));
                if played.is_err() {
                    writeln!(
                        out,
                        "not an undrawn edge of this board: {word:?} (edges 0 to {})",
                        g.num_edges() - 1
                    )?;
                }
            }
        }
    }
    write!(out, "{}", diagram(&game))?;
    let (mine, its) = game.score();
    if game.is_over() {
        let verdict = match mine.cmp(&its) {
            std::cmp::Ordering::Greater => "you win",
            std::cmp::Ordering::Less => "you lose",
            std::cmp::Ordering::Equal => "a tie",
        };
        writeln!(
            out,
            "final score: you {mine}, {} {its}: {verdict}",
            args.against
        )?;
    }
    writeln!(
        out,
        "record (edges in the order drawn; any prefix is a position `dots analyze` reads):"
    )?;
    writeln!(out, "{}", game.record())?;
    Ok(())
}
