//! `cgtk dots tournament | play | score`: matches between players, a game
//! in the terminal, and players scored against perfect play.

use std::io::{BufRead, Write};

use anyhow::Result;
use cgtk::report::{ScoreReport, TournamentReport};
use clap::{Args, ValueEnum};
use dots::play::{
    hint, new_player, run_tournament, score_against_perfect, Game, Grid, HintSource, PlayError,
    Rng, Tournament, TournamentConfig,
};

use crate::output::bad_input;
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
    #[arg(long)]
    games: usize,
    /// Seed of every game's random numbers.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time per move in milliseconds for search players whose names set no
    /// budget (O'Flaherty & Wu used 1000). Not reproducible: use nodes=N
    /// in the player's name for reproducible results.
    #[arg(long, default_value_t = 100)]
    move_ms: u64,
    /// Threads playing games (1 to 64); results do not depend on it, except
    /// through time budgets.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A tournament starts no game after this many seconds (more than 0, at
    /// most 10^7), and the games under way end at once, uncounted: the
    /// results are those of the games played. Ctrl-C stops it too.
    #[arg(long, value_name = "S", value_parser = crate::search_args::parse_seconds)]
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
    /// budget, and for hints the solver cannot give.
    #[arg(long, default_value_t = 1000)]
    move_ms: u64,
}

fn grid(text: &str) -> Result<Grid> {
    Grid::parse(text).map_err(|e| bad_input("--board", e))
}

fn threads(n: usize) -> Result<usize> {
    if (1..=64).contains(&n) {
        Ok(n)
    } else {
        Err(bad_input(
            "--threads",
            format!("{n} out of range (1 to 64)"),
        ))
    }
}

fn names(list: &str, move_ms: u64) -> Result<Vec<String>> {
    let names: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
    for n in &names {
        new_player(n, move_ms).map_err(|e| bad_input("--players", e))?;
    }
    Ok(names)
}

/// Errors of the library that come from what the user gave us exit with 2.
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

/// Runs `dots tournament`.
pub fn tournament(args: TournamentArgs) -> Result<()> {
    let config = TournamentConfig {
        grid: grid(&args.board)?,
        players: names(&args.players, args.move_ms)?,
        games: args.games,
        seed: args.seed,
        move_ms: args.move_ms,
        threads: threads(args.threads)?,
        time_limit: args.time_limit,
        stop: Some(crate::interrupted().clone()),
    };
    if args.games == 0 {
        return Err(bad_input("--games", "0 out of range (at least 1)"));
    }
    let k = config.players.len();
    let bar = progress::bar(args.quiet, (k * (k - 1) / 2 * args.games) as u64, "games");
    let t = run_tournament(&config, &|done, _| bar.set_position(done as u64))
        .map_err(|e| play_error("tournament", e))?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string(&TournamentReport::from(&t))?);
        return Ok(());
    }
    print!("{}", tournament_text(&t));
    Ok(())
}

/// The tournament as tables for people.
pub fn tournament_text(t: &Tournament) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let width = t.players.iter().map(String::len).max().unwrap_or(1).max(6);
    let _ = writeln!(
        out,
        "board {} (boxes), {} games per pair, seed {}",
        t.board, t.games_per_pair, t.seed
    );
    if let Some(limit) = t.stopped {
        let played: usize = t.pairs.iter().map(|p| p.games()).sum();
        let _ = writeln!(
            out,
            "stopped: {} after {played} of {} games; the results are those of the games played",
            limit.reason(),
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
        let Some(margin) = p.margin() else {
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
    for (i, row) in t.crosstable().iter().enumerate() {
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
    let mut order: Vec<usize> = (0..t.ratings.len()).collect();
    order.sort_by(|&a, &b| t.ratings[b].rating.total_cmp(&t.ratings[a].rating));
    for i in order {
        let r = &t.ratings[i];
        let _ = writeln!(
            out,
            "{:>w$}  {:>+7.0}  [{:+.0}, {:+.0}]",
            r.player,
            r.rating,
            r.low,
            r.high,
            w = width
        );
    }
    for p in t.players.iter().filter(|p| t.rating(p).is_none()) {
        let _ = writeln!(out, "{p:>width$}  unrated (no games)");
    }
    out
}

/// Runs `dots score`.
pub fn score(args: ScoreArgs) -> Result<()> {
    let g = grid(&args.board)?;
    let board = g.board().ok_or_else(|| {
        bad_input(
            "--board",
            format!("{g} has more than 64 edges: beyond the solver"),
        )
    })?;
    let players = names(&args.players, args.move_ms)?;
    let threads = threads(args.threads)?;
    if args.games == 0 {
        return Err(bad_input("--games", "0 out of range (at least 1)"));
    }
    let mut rows = Vec::new();
    for p in &players {
        let bar = progress::bar(args.quiet, args.games as u64, "games");
        bar.set_message(p.clone());
        let s = score_against_perfect(
            board,
            p,
            args.games,
            args.seed,
            args.move_ms,
            threads,
            &|done, _| bar.set_position(done as u64),
        )
        .map_err(|e| play_error("score", e))?;
        bar.finish_and_clear();
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
    if args.json {
        println!("{}", serde_json::to_string(&rows)?);
        return Ok(());
    }
    let width = players.iter().map(String::len).max().unwrap_or(6).max(6);
    println!(
        "board {g} (boxes), {} games per player against perfect play, seed {}",
        args.games, args.seed
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

/// One state of a terminal game, kept for `undo`.
#[derive(Clone)]
struct Snapshot {
    edges: u128,
    score: [usize; 2],
    to_move: usize,
    owners: Vec<Option<char>>,
    moves: Vec<usize>,
}

/// Runs `dots play`: reads commands line by line from stdin.
pub fn play(args: PlayArgs) -> Result<()> {
    let g = grid(&args.board)?;
    let mut computer =
        new_player(&args.against, args.move_ms).map_err(|e| bad_input("--against", e))?;
    let me = if args.first == First::Me { 0 } else { 1 };
    // Its first move comes on the empty board, or after one of yours.
    computer
        .fits(&g, g.num_edges() - (1 - me))
        .map_err(|e| bad_input("--against", e))?;
    let mut rng = Rng::new(args.seed);
    let mark = |side: usize| if side == me { 'Y' } else { 'C' };
    let mut state = Snapshot {
        edges: 0,
        score: [0, 0],
        to_move: 0,
        owners: vec![None; g.num_boxes()],
        moves: Vec::new(),
    };
    let mut history: Vec<Snapshot> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(
        out,
        "{g} boxes against {}; you are Y and move {}.",
        args.against,
        if me == 0 { "first" } else { "second" }
    )?;
    writeln!(out, "Type an edge number, `hint`, `undo` or `quit`.")?;
    loop {
        let game = Game::from_parts(&g, state.edges, state.score, state.to_move)
            .map_err(anyhow::Error::new)?;
        if game.is_over() {
            break;
        }
        let side = game.to_move();
        if side != me {
            let e = computer
                .choose(&game, &mut rng)
                .map_err(|e| play_error("--against", e))?;
            apply(&g, &mut state, e, mark(side))?;
            writeln!(out, "{} draws {e}", args.against)?;
            continue;
        }
        write!(out, "{}", g.diagram(state.edges, |b| state.owners[b]))?;
        writeln!(
            out,
            "score: you {}, {} {}",
            state.score[me],
            args.against,
            state.score[1 - me]
        )?;
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
                if let Some(s) = history.pop() {
                    state = s;
                    writeln!(out, "undone")?;
                } else {
                    writeln!(out, "nothing to undo")?;
                }
            }
            "hint" => {
                let h = hint(&game, &mut rng.clone(), args.move_ms);
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
            _ => match word.parse::<usize>() {
                Ok(e) if e < g.num_edges() && state.edges >> e & 1 == 0 => {
                    history.push(state.clone());
                    apply(&g, &mut state, e, mark(side))?;
                }
                _ => writeln!(
                    out,
                    "not an undrawn edge of this board: {word:?} (edges 0..{})",
                    g.num_edges()
                )?,
            },
        }
    }
    let final_game = Game::from_parts(&g, state.edges, state.score, state.to_move)
        .map_err(anyhow::Error::new)?;
    write!(out, "{}", g.diagram(state.edges, |b| state.owners[b]))?;
    let (mine, its) = (state.score[me], state.score[1 - me]);
    if final_game.is_over() {
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
    let list: Vec<String> = state.moves.iter().map(usize::to_string).collect();
    let sep = if list.is_empty() { "" } else { ":" };
    writeln!(
        out,
        "record (edges in the order drawn; any prefix is a position `dots analyze` reads):"
    )?;
    writeln!(out, "{g}{sep}{}", list.join(","))?;
    Ok(())
}

/// Draws `e` and credits the boxes it completes to `who`.
fn apply(g: &Grid, state: &mut Snapshot, e: usize, who: char) -> Result<()> {
    let mut game =
        Game::from_parts(g, state.edges, state.score, state.to_move).map_err(anyhow::Error::new)?;
    game.play(e).map_err(anyhow::Error::new)?;
    for b in g.edge_boxes(e).into_iter().flatten() {
        if game.edges() & g.box_mask(b) == g.box_mask(b) && state.owners[b].is_none() {
            state.owners[b] = Some(who);
        }
    }
    state.edges = game.edges();
    state.score = game.score();
    state.to_move = game.to_move();
    state.moves.push(e);
    Ok(())
}
