//! The page of `cgtk serve` in a real headless browser (Debian's
//! `chromium` driven through `chromedriver`): a Dots game against `level2`
//! and one between two players played to the end, every move's value
//! compared with `dots analyze`, Amazons partitions compared with `amazons
//! eval` (of a position and of an SGF record), the solver playing a move,
//! thermographs drawn, the calculator's games made from a game (cooled,
//! heated, ..., incentives) as the CLI prints them, links that open a view (`#cgt=+-1`,
//! `#amazons=5x5&eval`). A screenshot is saved when a step fails.
//!
//! Ignored unless asked for: needs `chromium` and `chromedriver` on the
//! PATH, then `cargo test --test serve_browser -- --ignored` (`.ci/run`
//! installs Debian's `chromium` and `chromium-driver` and does so).

mod serve_kit;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use serve_kit::{cli_json, Server};

type Outcome = Result<(), String>;

/// A chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn connect(driver: &Driver, profile: &std::path::Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1280,800",
                format!("--user-data-dir={}", profile.display()),
            ]
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let start = Instant::now();
    loop {
        match ClientBuilder::new(connector.clone())
            .capabilities(caps.clone())
            .connect(&driver.url)
            .await
        {
            Ok(client) => return client,
            Err(e) if start.elapsed() > Duration::from_secs(20) => {
                panic!("cannot start a browser session: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

async fn js(c: &Client, script: &str) -> Result<Value, String> {
    c.execute(script, vec![])
        .await
        .map_err(|e| format!("{script}: {e}"))
}

/// Waits until `script` returns something other than null or false.
async fn until(c: &Client, what: &str, script: &str) -> Result<Value, String> {
    let start = Instant::now();
    loop {
        let v = js(c, script).await?;
        if !v.is_null() && v != Value::Bool(false) {
            return Ok(v);
        }
        if start.elapsed() > Duration::from_secs(60) {
            return Err(format!("timed out waiting for {what}"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks `button`, an Amazons control that starts a game from the
/// server's position (Load, New game, Load SGF), and waits until the page
/// shows that game.
async fn new_game(c: &Client, button: &str) -> Outcome {
    js(c, "window.amOld = am.root;").await?;
    click(c, button).await?;
    until(
        c,
        &format!("the game of {button}"),
        "return am.root !== window.amOld;",
    )
    .await
    .map(drop)
}

async fn click(c: &Client, css: &str) -> Outcome {
    c.find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?
        .click()
        .await
        .map_err(|e| format!("click {css}: {e}"))
}

async fn type_into(c: &Client, css: &str, text: &str) -> Outcome {
    let el = c
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    el.clear().await.map_err(|e| format!("{css}: {e}"))?;
    el.send_keys(text).await.map_err(|e| format!("{css}: {e}"))
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Outcome {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

/// A game on 3x3 against `level2`, the human side drawing the lowest
/// undrawn edge, to the end; every move of level2 is the one `dots move`
/// gives for the same record and seed.
async fn dots_game(c: &Client) -> Outcome {
    click(c, "#dots-new").await?;
    let start = Instant::now();
    loop {
        let state = until(
            c,
            "the human's turn or the end",
            "const s = document.getElementById('dots-status').dataset; \
             return (s.over === '1' || s.toMove === '0') ? s.over : null;",
        )
        .await?;
        if state == "1" {
            break;
        }
        let before = js(c, "return document.getElementById('dots-record').value;").await?;
        let edge = js(
            c,
            "const e = document.querySelector('#dots-board rect.hit:not(.drawn)'); \
                          return e ? Number(e.dataset.edge) : null;",
        )
        .await?;
        let edge = edge.as_u64().ok_or("no undrawn edge on a board not over")?;
        click(c, &format!("#edge-{edge}")).await?;
        until(
            c,
            "the move to be drawn",
            &format!(
                "return document.getElementById('dots-record').value !== {before};",
                before = before
            ),
        )
        .await?;
        check(start.elapsed() < Duration::from_secs(120), || {
            "the game did not end".into()
        })?;
    }
    let record = js(c, "return document.getElementById('dots-record').value;").await?;
    let record = record.as_str().unwrap_or_default().to_string();
    let score = js(
        c,
        "return document.getElementById('dots-status').dataset.score;",
    )
    .await?;
    let (size, list) = record.split_once(':').ok_or("no moves in the record")?;
    let moves: Vec<&str> = list.split(',').collect();
    check(size == "3x3" && moves.len() == 24, || {
        format!("a 3x3 game has 24 moves: {record}")
    })?;
    let parts: Vec<u32> = score
        .as_str()
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    check(parts.iter().sum::<u32>() == 9, || {
        format!("the boxes of 3x3 are 9: {score}")
    })?;
    // Replay: the side to move after each prefix, and level2's moves.
    let mut side = 0;
    let mut drawn: Vec<usize> = Vec::new();
    for (k, m) in moves.iter().enumerate() {
        let e: usize = m.parse().map_err(|_| format!("bad edge {m}"))?;
        if side == 1 {
            let prefix = if k == 0 {
                "3x3".to_string()
            } else {
                format!("3x3:{}", moves[..k].join(","))
            };
            let cli = cli_json(&[
                "dots",
                "move",
                &prefix,
                "--player",
                "level2",
                "--seed",
                &k.to_string(),
                "--json",
            ]);
            check(cli["edge"] == e, || {
                format!(
                    "move {k} after {prefix}: page {e}, dots move {}",
                    cli["edge"]
                )
            })?;
        }
        drawn.push(e);
        if boxes_completed(3, 3, &drawn, e) == 0 {
            side = 1 - side;
        }
    }
    Ok(())
}

/// Two players against each other on 2x2 (level1 first, level2 second) to
/// the end: every move is the one `dots move` gives its player.
async fn dots_player_against_player(c: &Client) -> Outcome {
    js(
        c,
        "for (const [id, p] of [['dots-p0', 'level1'], ['dots-p1', 'level2']]) \
             document.getElementById(id).value = p; \
           document.getElementById('dots-w').value = '2'; \
           document.getElementById('dots-h').value = '2';",
    )
    .await?;
    click(c, "#dots-new").await?;
    until(
        c,
        "the end of the game",
        "return document.getElementById('dots-status').dataset.over === '1';",
    )
    .await?;
    let record = js(c, "return document.getElementById('dots-record').value;").await?;
    let record = record.as_str().unwrap_or_default().to_string();
    let moves: Vec<&str> = record
        .split_once(':')
        .map(|(_, l)| l.split(',').collect())
        .unwrap_or_default();
    check(moves.len() == 12, || {
        format!("a 2x2 game has 12 moves: {record}")
    })?;
    let (mut side, mut drawn) = (0, Vec::new());
    for (k, m) in moves.iter().enumerate() {
        let e: usize = m.parse().map_err(|_| format!("bad edge {m}"))?;
        let prefix = if k == 0 {
            "2x2".to_string()
        } else {
            format!("2x2:{}", moves[..k].join(","))
        };
        let player = ["level1", "level2"][side];
        let cli = cli_json(&[
            "dots",
            "move",
            &prefix,
            "--player",
            player,
            "--seed",
            &k.to_string(),
            "--json",
        ]);
        check(cli["edge"] == e, || {
            format!(
                "move {k} of {player} after {prefix}: page {e}, dots move {}",
                cli["edge"]
            )
        })?;
        drawn.push(e);
        if boxes_completed(2, 2, &drawn, e) == 0 {
            side = 1 - side;
        }
    }
    js(
        c,
        "document.getElementById('dots-p0').value = 'human'; \
           document.getElementById('dots-w').value = '3'; \
           document.getElementById('dots-h').value = '3';",
    )
    .await?;
    Ok(())
}

/// The score (first, second) and the side to move after the moves of
/// `record` (`WxH:e,e,...`), replayed here.
fn replay(record: &str) -> ([i64; 2], usize) {
    let (size, list) = record.split_once(':').unwrap_or((record, ""));
    let (w, h) = size.split_once('x').unwrap_or(("0", "0"));
    let (w, h): (usize, usize) = (w.parse().unwrap_or(0), h.parse().unwrap_or(0));
    let (mut score, mut side, mut drawn) = ([0i64; 2], 0, Vec::new());
    for e in list.split(',').filter_map(|m| m.parse::<usize>().ok()) {
        drawn.push(e);
        let took = boxes_completed(w, h, &drawn, e);
        score[side] += took as i64;
        if took == 0 {
            side = 1 - side;
        }
    }
    (score, side)
}

/// Boxes that drawing `e` (the last of `drawn`) completed on a WxH board.
fn boxes_completed(w: usize, h: usize, drawn: &[usize], e: usize) -> usize {
    let has = |x: usize| drawn.contains(&x);
    let complete = |r: usize, c: usize| {
        let v = (h + 1) * w + r * (w + 1) + c;
        has(r * w + c) && has((r + 1) * w + c) && has(v) && has(v + 1)
    };
    let hs = (h + 1) * w;
    let around = if e < hs {
        let (r, c) = (e / w, e % w);
        [(r > 0).then(|| (r - 1, c)), (r < h).then_some((r, c))]
    } else {
        let (r, c) = ((e - hs) / (w + 1), (e - hs) % (w + 1));
        [(c > 0).then(|| (r, c - 1)), (c < w).then_some((r, c))]
    };
    around
        .into_iter()
        .flatten()
        .filter(|&(r, c)| complete(r, c))
        .count()
}

/// The first player's final margin when the player to move after `record`
/// gets `value` more boxes than the other of those left.
fn first_margin(record: &str, value: i64) -> i64 {
    let (score, side) = replay(record);
    score[0] - score[1] + if side == 0 { value } else { -value }
}

/// Every move's value on the board, as `dots analyze --json` gives it,
/// turned into the first player's final margin.
async fn dots_values(c: &Client) -> Outcome {
    js(
        c,
        "document.getElementById('dots-p1').value = 'human'; \
           document.getElementById('dots-p1').dispatchEvent(new Event('change'));",
    )
    .await?;
    for pos in ["3x3:0,1,2,3,12,13", "2x2:0,5", "3x2:0,1,2,7"] {
        type_into(c, "#dots-record", pos).await?;
        click(c, "#dots-load").await?;
        let checked = js(c, "return document.getElementById('dots-values').checked;").await?;
        if checked != Value::Bool(true) {
            click(c, "#dots-values").await?;
        }
        let shown = until(
            c,
            "the values",
            "const v = [...document.querySelectorAll('#dots-board text.val')]; \
             return v.length ? v.map(t => [Number(t.dataset.edge), Number(t.dataset.value), \
               t.classList.contains('win') ? 'win' : t.classList.contains('loss') ? 'loss' : 'tie']) : null;",
        )
        .await?;
        let cli = cli_json(&["dots", "analyze", pos, "--json", "--quiet"]);
        let want: Vec<Value> = cli["moves"]
            .as_array()
            .ok_or("no moves")?
            .iter()
            .map(|m| {
                let v = first_margin(pos, m["value"].as_i64().unwrap_or(0));
                let kind = match v.signum() {
                    1 => "win",
                    -1 => "loss",
                    _ => "tie",
                };
                json!([m["edge"], v, kind])
            })
            .collect();
        check(shown == Value::Array(want.clone()), || {
            format!("{pos}: page {shown}, dots analyze {want:?}")
        })?;
        let loony = js(
            c,
            "return document.querySelectorAll('#dots-board text.loony').length;",
        )
        .await?;
        let want_loony = cli["moves"]
            .as_array()
            .map_or(0, |m| m.iter().filter(|m| m["loony"] == true).count());
        check(loony == want_loony, || {
            format!("{pos}: {loony} loony marks, dots analyze has {want_loony}")
        })?;
    }
    Ok(())
}

/// An Amazons position's partition, as `amazons eval --json` gives it, and
/// the thermograph of one of its areas.
async fn amazons_partition(c: &Client) -> Outcome {
    click(c, "#tab-amazons").await?;
    let pos = "B.x.W/..x../xxxxx/W.x.B/..x.. w";
    type_into(c, "#am-position", pos).await?;
    new_game(c, "#am-load").await?;
    let cli = cli_json(&["amazons", "eval", pos, "--json"]);
    areas_shown(c, &cli).await?;
    click(c, "#am-areas tbody tr").await?;
    until(
        c,
        "the area's thermograph",
        "return document.querySelector('#am-thermo svg') !== null;",
    )
    .await?;
    // A game record, read as `amazons eval --sgf FILE` reads it.
    let sgf = "(;FF[4]GM[18]SZ[5:6];W[bfbcdc];B[abacad])";
    let file = testkit::files::temp_dir("serve-browser-sgf");
    std::fs::create_dir_all(&file).map_err(|e| e.to_string())?;
    let file = file.join("g.sgf");
    std::fs::write(&file, sgf).map_err(|e| e.to_string())?;
    let cli = cli_json(&[
        "amazons",
        "eval",
        "--sgf",
        file.to_str().unwrap_or_default(),
        "--json",
    ]);
    type_into(c, "#am-sgf", sgf).await?;
    new_game(c, "#am-sgf-load").await?;
    areas_shown(c, &cli).await
}

/// The computer (the solver) plays Black: its move is the winning move of
/// `amazons solve`.
async fn amazons_computer(c: &Client) -> Outcome {
    let pos = "B.../..../..../...W b";
    type_into(c, "#am-position", pos).await?;
    new_game(c, "#am-load").await?;
    js(
        c,
        "const s = document.getElementById('am-computer'); s.value = 'black'; \
           s.dispatchEvent(new Event('change'));",
    )
    .await?;
    let after = until(
        c,
        "the computer's move",
        "const p = document.getElementById('am-position').value; \
         return p.endsWith(' w') ? p : null;",
    )
    .await?;
    js(c, "document.getElementById('am-computer').value = 'none';").await?;
    let played = js(
        c,
        "return document.getElementById('am-verdict').dataset.move;",
    )
    .await?;
    let played = played.as_str().ok_or("no move shown")?.to_owned();
    let want = play_amazons(pos, &played);
    check(after == want, || {
        format!("after {played}: page {after}, expected {want}")
    })?;
    // The exact solver says Black wins here; the player keeps the win.
    let cli = cli_json(&["amazons", "solve", pos, "--json", "--quiet"]);
    check(cli["winner"] == "black", || format!("{pos}: {cli}"))?;
    let after = after.as_str().ok_or("no position")?.to_owned();
    let solved = cli_json(&["amazons", "solve", &after, "--json", "--quiet"]);
    check(solved["winner"] == "black", || {
        format!(
            "{pos}: the player's {played} gives {after}, which the solver gives to {}",
            solved["winner"]
        )
    })?;
    // "Computer plays" moves for the side to move (White now).
    click(c, "#am-play").await?;
    let reply = until(
        c,
        "the computer's reply",
        "const p = document.getElementById('am-position').value; \
         return p.endsWith(' b') ? p : null;",
    )
    .await?;
    let mv = js(
        c,
        "return document.getElementById('am-verdict').dataset.move;",
    )
    .await?;
    let mv = mv.as_str().ok_or("no reply shown")?;
    check(reply == play_amazons(&after, mv).as_str(), || {
        format!("after {mv}: page {reply}")
    })
}

/// A 10x10 game from the tournament start: ten moves, each chosen by the
/// computer ("Computer plays", a time limit of 0.5 s), each the page's own
/// legal move that turns the position into the one the move gives here,
/// each arrived within the limit plus a generous 5 s (the time the server
/// reports); the game's record then read by `amazons eval --sgf` (which
/// checks every move legal) gives the partition of the page's final
/// position, and the board shows it.
async fn amazons_ten_by_ten(c: &Client, shots: &Shots) -> Outcome {
    const LIMIT: f64 = 0.5;
    click(c, "#tab-amazons").await?;
    js(
        c,
        "document.getElementById('am-computer').value = 'none';          document.getElementById('am-w').value = '10';          document.getElementById('am-h').value = '10';",
    )
    .await?;
    new_game(c, "#am-new").await?;
    type_into(c, "#am-time", &LIMIT.to_string()).await?;
    let start = js(c, "return document.getElementById('am-position').value;").await?;
    let start = start.as_str().ok_or("no position")?.to_owned();
    let tournament = "...B..B.../........../........../B........B/........../\
                      ........../W........W/........../........../...W..W... w";
    check(start == tournament, || format!("10x10 start {start}"))?;
    let mut pos = start;
    for n in 1..=10 {
        let legal = js(c, "return amLegalMoves();").await?;
        click(c, "#am-play").await?;
        let after = until(
            c,
            "the computer's 10x10 move",
            &format!("return document.querySelectorAll('#am-moves li').length === {n} ? document.getElementById('am-position').value : null;"),
        )
        .await?;
        let shown = js(
            c,
            "const v = document.getElementById('am-verdict').dataset; return [v.move, Number(v.seconds)];",
        )
        .await?;
        let mv = shown[0].as_str().ok_or("no move shown")?.to_owned();
        let seconds = shown[1].as_f64().ok_or("no time shown")?;
        let legal = legal.as_array().ok_or("no legal moves")?;
        check(legal.iter().any(|m| m == mv.as_str()), || {
            format!(
                "move {n}, {mv}, is not one of the {} legal moves of {pos}",
                legal.len()
            )
        })?;
        check(seconds <= LIMIT + 5.0, || {
            format!("move {n}, {mv}, took {seconds} s (limit {LIMIT} s)")
        })?;
        let want = play_amazons(&pos, &mv);
        check(after == want.as_str(), || {
            format!("move {n}, {mv}: page {after}, expected {want}")
        })?;
        pos = want;
    }
    click(c, "#am-sgf-export").await?;
    let sgf = js(c, "return document.getElementById('am-sgf').value;").await?;
    let sgf = sgf.as_str().ok_or("no SGF")?.to_owned();
    let dir = testkit::files::temp_dir("serve-browser-10x10");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let file = dir.join("g.sgf");
    std::fs::write(&file, &sgf).map_err(|e| e.to_string())?;
    let path = file.to_str().unwrap_or_default();
    let replayed = cli_json(&["amazons", "eval", "--sgf", path, "--json"]);
    let cli = cli_json(&["amazons", "eval", &pos, "--json"]);
    check(replayed == cli, || {
        format!("{sgf} replayed: {replayed}; the page's {pos}: {cli}")
    })?;
    areas_shown(c, &cli).await?;
    shots.take(c, "amazons-10x10").await
}

/// The position text after `mv` (`A4-C2xC1`): ranks from the top.
fn play_amazons(pos: &str, mv: &str) -> String {
    let (board, side) = pos.split_once(' ').unwrap_or((pos, "w"));
    let mut ranks: Vec<Vec<u8>> = board.split('/').map(|r| r.bytes().collect()).collect();
    let h = ranks.len();
    let at = |sq: &str| {
        let file = usize::from(sq.as_bytes()[0] - b'A');
        let rank: usize = sq[1..].parse().unwrap_or(1);
        (h - rank, file)
    };
    let parts: Vec<&str> = mv.split(['-', 'x']).collect();
    let (from, to, arrow) = (at(parts[0]), at(parts[1]), at(parts[2]));
    let queen = ranks[from.0][from.1];
    ranks[from.0][from.1] = b'.';
    ranks[to.0][to.1] = queen;
    ranks[arrow.0][arrow.1] = b'x';
    let text: Vec<String> = ranks
        .iter()
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    let next = if side == "w" { "b" } else { "w" };
    format!("{} {next}", text.join("/"))
}

/// Evaluates the position on the board and checks the areas shown (the
/// table and the squares' colours) against `amazons eval --json`.
async fn areas_shown(c: &Client, cli: &Value) -> Outcome {
    click(c, "#am-eval").await?;
    areas_match(c, cli).await
}

/// The areas shown (the table and the squares' colours) are those of
/// `amazons eval --json`.
async fn areas_match(c: &Client, cli: &Value) -> Outcome {
    let rows = until(
        c,
        "the areas",
        "const r = [...document.querySelectorAll('#am-areas tbody tr')]; \
         return r.length ? r.map(tr => [...tr.cells].slice(1).map(td => td.textContent)) : null;",
    )
    .await?;
    let want: Vec<Value> = cli["areas"]
        .as_array()
        .ok_or("no areas")?
        .iter()
        .map(|a| {
            let squares: Vec<&str> = a["squares"]
                .as_array()
                .map(|s| s.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            json!([a["kind"], squares.join(" "), a["bounds"], a["source"]])
        })
        .collect();
    check(rows == Value::Array(want.clone()), || {
        format!("page areas {rows}, amazons eval {want:?}")
    })?;
    // Every square of an area is coloured as that area (a square of two
    // areas as both).
    let marked = js(
        c,
        "return [...document.querySelectorAll('#am-board .sq[data-area]')].flatMap(s =>            s.dataset.areas.split(' ').map(i => [s.getAttribute('aria-label'), Number(i)]));",
    )
    .await?;
    for (i, a) in cli["areas"].as_array().into_iter().flatten().enumerate() {
        for sq in a["squares"].as_array().into_iter().flatten() {
            check(
                marked
                    .as_array()
                    .is_some_and(|m| m.iter().any(|x| x[0] == *sq && x[1] == i)),
                || format!("square {sq} of area {i} not coloured: {marked}"),
            )?;
        }
    }
    Ok(())
}

/// The calculator's thermograph: the numbers of `cgt thermograph --json`
/// and a drawing.
async fn cgt_thermograph(c: &Client) -> Outcome {
    click(c, "#tab-cgt").await?;
    let game = "{3|{2*|1*}}";
    type_into(c, "#cgt-g", game).await?;
    click(c, "#cgt-thermograph").await?;
    until(
        c,
        "the thermograph",
        "return document.querySelector('#cgt-svg svg') !== null;",
    )
    .await?;
    let text = js(c, "return document.getElementById('cgt-out').textContent;").await?;
    let text = text.as_str().unwrap_or_default().to_string();
    let cli = cli_json(&["cgt", "thermograph", game, "--json"]);
    for key in [
        "canonical",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
    ] {
        let label = if key == "canonical" {
            "canonical form".to_string()
        } else {
            key.replace('_', " ")
        };
        let want = format!("{label} {}", cli[key].as_str().unwrap_or_default());
        check(text.contains(&want), || format!("{want:?} not in {text:?}"))?;
    }
    Ok(())
}

/// The calculator's games made from G: each button shows what the
/// command prints (`cgt cool`, `heat`, `overheat`, `freeze`,
/// `atomic-weight`, `reduced`, `norton`, `incentives` with `--json`).
async fn cgt_made(c: &Client) -> Outcome {
    let (game, t, s, u) = ("{3||2*|1*}", "1/2", "*", "^");
    type_into(c, "#cgt-g", game).await?;
    type_into(c, "#cgt-t", t).await?;
    type_into(c, "#cgt-s", s).await?;
    type_into(c, "#cgt-u", u).await?;
    for (button, args) in [
        ("cool", vec!["cool", game, t]),
        ("heat", vec!["heat", game, t]),
        ("overheat", vec!["overheat", game, s, t]),
        ("freeze", vec!["freeze", game]),
        ("reduced", vec!["reduced", game]),
        ("norton", vec!["norton", game, u]),
    ] {
        let mut cli = vec!["cgt"];
        cli.extend(args);
        cli.push("--json");
        let want = cli_json(&cli)["canonical"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        js(c, "document.getElementById('cgt-out').textContent = '';").await?;
        click(c, &format!("#cgt-{button}")).await?;
        let script = format!(
            "return document.getElementById('cgt-out').textContent.endsWith(' = ' + {});",
            serde_json::to_string(&want).unwrap_or_default()
        );
        until(c, button, &script).await?;
    }
    js(c, "document.getElementById('cgt-out').textContent = '';").await?;
    click(c, "#cgt-incentives").await?;
    let cli = cli_json(&["cgt", "incentives", game, "--json"]);
    let want = format!(
        "left incentives [{}]",
        cli["left"][0].as_str().unwrap_or_default()
    );
    let script = format!(
        "return document.getElementById('cgt-out').textContent.startsWith({});",
        serde_json::to_string(&want).unwrap_or_default()
    );
    until(c, "the incentives", &script).await?;
    Ok(())
}

/// Opens the page at `link` afresh (a change of the fragment alone does
/// not load it again).
async fn open(c: &Client, link: &str) -> Outcome {
    c.goto("about:blank")
        .await
        .map_err(|e| format!("goto about:blank: {e}"))?;
    c.goto(link).await.map_err(|e| format!("goto {link}: {e}"))
}

/// Links that open a view: `#cgt=+-1` computes the thermograph of +-1 (a
/// `+` in a link is a plus, not a space), `#amazons=5x5&eval` evaluates the
/// standard 5x5 start.
async fn links(c: &Client, url: &str) -> Outcome {
    open(c, &format!("{url}#cgt=+-1")).await?;
    until(
        c,
        "the thermograph of +-1",
        "return document.querySelector('#cgt-svg svg') !== null;",
    )
    .await?;
    let cli = cli_json(&["cgt", "thermograph", "+-1", "--json"]);
    let want = format!(
        "canonical form {}",
        cli["canonical"].as_str().unwrap_or_default()
    );
    let text = js(c, "return document.getElementById('cgt-out').textContent;").await?;
    let text = text.as_str().unwrap_or_default().to_string();
    check(text.contains(&want), || format!("{want:?} not in {text:?}"))?;
    let field = js(c, "return document.getElementById('cgt-g').value;").await?;
    check(field == "+-1", || format!("the game field holds {field}"))?;

    open(c, &format!("{url}#amazons=5x5&eval")).await?;
    let cli = cli_json(&["amazons", "eval", "5x5", "--json"]);
    until(
        c,
        "the areas of 5x5",
        "return document.querySelectorAll('#am-areas tbody tr').length > 0;",
    )
    .await?;
    areas_match(c, &cli).await?;
    let status = js(
        c,
        "return document.getElementById('am-status').textContent;",
    )
    .await?;
    check(status == "White to move.", || format!("status {status}"))
}

/// The long chains and loops of a position, outlined on demand: as many
/// outlines as `dots chains` finds, each over its boxes.
async fn dots_chains_outlined(c: &Client) -> Outcome {
    // A loop of eight boxes around the middle box, and (on 4x3) a chain of
    // three along the bottom row beside other boxes.
    for pos in [
        "3x3:0,1,2,9,10,11,12,15,16,19,20,23,4,7,17,18",
        "4x3:8,9,10,12,13,14",
    ] {
        dots_load(c, pos, false).await?;
        js(
            c,
            "const b = document.getElementById('dots-chains'); \
             if (!b.checked) { b.checked = true; b.dispatchEvent(new Event('change')); }",
        )
        .await?;
        let shown = until(
            c,
            "the chains",
            "const a = document.getElementById('dots-analysis').textContent; \
             return /Long chains/.test(a) ? [...document.querySelectorAll('#dots-board g.chain')] \
               .map(g => [g.dataset.kind, g.dataset.boxes]) : null;",
        )
        .await?;
        let cli = cli_json(&["dots", "chains", pos, "--json"]);
        let want: Vec<Value> = cli["chains"]
            .as_array()
            .ok_or("no chains")?
            .iter()
            .filter(|c| c["long"] == true)
            .map(|c| {
                let boxes: Vec<String> = c["boxes"]
                    .as_array()
                    .map(|b| b.iter().map(ToString::to_string).collect())
                    .unwrap_or_default();
                json!([c["kind"], boxes.join(",")])
            })
            .collect();
        let count = cli["long_chains"].as_u64().unwrap_or(0) + cli["loops"].as_u64().unwrap_or(0);
        check(
            shown == Value::Array(want.clone()) && want.len() as u64 == count && count > 0,
            || format!("{pos}: page {shown}, dots chains {want:?} ({count})"),
        )?;
    }
    js(
        c,
        "const b = document.getElementById('dots-chains'); b.checked = false; \
         b.dispatchEvent(new Event('change'));",
    )
    .await?;
    Ok(())
}

/// Loads the Dots record `record` with every move's values on (or off).
async fn dots_load(c: &Client, record: &str, values: bool) -> Outcome {
    js(
        c,
        &format!(
            "const v = document.getElementById('dots-values'); \
             if (v.checked !== {values}) {{ v.checked = {values}; v.dispatchEvent(new Event('change')); }}"
        ),
    )
    .await?;
    type_into(c, "#dots-record", record).await?;
    click(c, "#dots-load").await
}

/// A long analysis (the empty 5x5 board) shows the busy line with its
/// elapsed time, progress and a Stop button; Stop ends it with the bounds
/// it reached, said for the first player.
async fn dots_long_analysis_stops(c: &Client, shots: &Shots) -> Outcome {
    dots_load(c, "5x5", true).await?;
    let row = until(
        c,
        "the busy line with progress",
        "const t = document.querySelector('#busy .task'); \
         return t && !document.getElementById('busy').hidden && t.querySelector('.stop') && \
           /nodes, value in/.test(t.textContent) ? t.textContent : null;",
    )
    .await?;
    let seconds = js(
        c,
        "return Number(document.querySelector('#busy .task').dataset.seconds);",
    )
    .await?;
    check(seconds.as_f64().is_some_and(|s| s >= 0.3), || {
        format!("busy line {row} shown at {seconds} s")
    })?;
    shots.take(c, "dots-busy").await?;
    click(c, "#busy .task .stop").await?;
    let text = until(
        c,
        "the stopped analysis",
        "const a = document.getElementById('dots-analysis'); \
         return a.dataset.limit === 'interrupt' ? a.textContent : null;",
    )
    .await?;
    let text = text.as_str().unwrap_or_default();
    let bounds: Vec<i64> = text
        .split(|ch: char| !(ch.is_ascii_digit() || ch == '-' || ch == '+'))
        .filter_map(|w| w.trim_start_matches('+').parse().ok())
        .collect();
    // "Stopped after N nodes: the first player ends between L and U."
    check(
        text.starts_with("Stopped after")
            && bounds.len() == 3
            && -25 <= bounds[1]
            && bounds[1] <= bounds[2]
            && bounds[2] <= 25,
        || format!("stopped analysis: {text}"),
    )?;
    until(
        c,
        "the busy line to go",
        "return document.getElementById('busy').hidden;",
    )
    .await?;
    Ok(())
}

/// A mistake in a 3x3 game is marked with the loss `dots analyze` gives
/// (the best move's value minus the move's, in the position before it) and
/// called a blunder when it changes the result (the sign of the mover's
/// final margin: boxes so far plus the value).
async fn dots_mistake_marked(c: &Client) -> Outcome {
    let before = "3x3:0,1,2,3,12,13";
    let cli = cli_json(&["dots", "analyze", before, "--json", "--quiet"]);
    let best = cli["value"].as_i64().ok_or("no value")?;
    let worst = cli["moves"]
        .as_array()
        .and_then(|m| m.iter().min_by_key(|m| m["value"].as_i64()))
        .ok_or("no moves")?;
    let (edge, value) = (worst["edge"].clone(), worst["value"].as_i64().unwrap_or(0));
    let loss = best - value;
    check(loss > 0, || {
        format!("{before}: the worst move loses nothing")
    })?;
    let (score, side) = replay(before);
    let lead = score[side] - score[1 - side];
    let kind = if (lead + value).signum() < (lead + best).signum() {
        "blunder"
    } else {
        "mistake"
    };
    dots_load(c, &format!("{before},{edge}"), true).await?;
    let shown = until(
        c,
        "the loss of move 7",
        "const li = document.querySelector('#dots-moves li[data-ply=\"7\"]'); \
         return li && li.dataset.loss !== undefined ? \
           [Number(li.dataset.loss), li.classList.contains('blunder') ? 'blunder' : \
             li.classList.contains('mistake') ? 'mistake' : '', li.textContent] : null;",
    )
    .await?;
    check(shown[0] == loss && shown[1] == kind, || {
        format!("move {edge} after {before}: page {shown}, dots analyze loss {loss} ({kind})")
    })?;
    let text = shown[2].as_str().unwrap_or_default();
    check(text.contains(&format!("\u{2212}{loss}: {kind}")), || {
        format!("move list says {text:?}")
    })?;
    // The moves before it lost nothing they are not marked for.
    let marked = js(
        c,
        "return document.querySelectorAll('#dots-moves li.mistake, #dots-moves li.blunder').length;",
    )
    .await?;
    let mut want = 1;
    let moves: Vec<&str> = before[4..].split(',').collect();
    for k in 0..moves.len() {
        let pos = if k == 0 {
            "3x3".to_string()
        } else {
            format!("3x3:{}", moves[..k].join(","))
        };
        let a = cli_json(&["dots", "analyze", &pos, "--json", "--quiet"]);
        let played = a["moves"]
            .as_array()
            .and_then(|m| {
                m.iter()
                    .find(|m| m["edge"].as_u64() == moves[k].parse().ok())
            })
            .ok_or("a move not in the analysis")?;
        if played["value"] != a["value"] {
            want += 1;
        }
    }
    check(marked == want, || {
        format!("{marked} moves marked, dots analyze has {want} losing")
    })
}

/// The principal variation of a 3x3 position replays to its value: played
/// out on the page, the game ends with the first player's margin that the
/// page gave, which is `dots analyze`'s value for the player to move.
async fn dots_pv_replays(c: &Client, shots: &Shots) -> Outcome {
    let pos = "3x3:0,4,17";
    dots_load(c, pos, true).await?;
    click(c, "#dots-pv-btn").await?;
    let margin = until(
        c,
        "the principal variation",
        "const m = document.getElementById('dots-pv').dataset.margin; \
         return document.getElementById('dots-pv-play') && m ? m : null;",
    )
    .await?;
    let margin: i64 = margin
        .as_str()
        .and_then(|m| m.parse().ok())
        .ok_or("no margin")?;
    let cli = cli_json(&["dots", "analyze", pos, "--json", "--quiet"]);
    let want = first_margin(pos, cli["value"].as_i64().ok_or("no value")?);
    check(margin == want, || {
        format!("{pos}: page margin {margin}, dots analyze gives {want}")
    })?;
    until(
        c,
        "the move list's marks",
        "return document.querySelectorAll('#dots-moves li[data-loss]').length === 3;",
    )
    .await?;
    shots.take(c, "dots-analysis").await?;
    click(c, "#dots-pv-play").await?;
    let score = until(
        c,
        "the end of the variation",
        "const s = document.getElementById('dots-status').dataset; return s.over === '1' ? s.score : null;",
    )
    .await?;
    let parts: Vec<i64> = score
        .as_str()
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    check(parts.len() == 2 && parts[0] - parts[1] == margin, || {
        format!("{pos}: the variation ends {score}, the page said {margin}")
    })
}

/// A different move from an earlier point starts a variation: the list
/// shows it, Export writes it in parentheses, Load reads it back, and the
/// page's link (its address) opens the same tree at the same move.
async fn dots_variation_exported(c: &Client, url: &str) -> Outcome {
    dots_load(c, "3x3:0,4,7", false).await?;
    click(c, "#dots-moves li[data-ply=\"2\"] button").await?;
    until(
        c,
        "move 2",
        "return document.getElementById('dots-record').value === '3x3:0,4';",
    )
    .await?;
    click(c, "#edge-5").await?;
    let listed = until(
        c,
        "the variation in the list",
        "const b = document.querySelector('#dots-moves li[data-ply=\"3\"] .variation'); return b ? b.dataset.edge : null;",
    )
    .await?;
    check(listed == "7", || format!("variation listed: {listed}"))?;
    click(c, "#dots-export").await?;
    let exported = js(c, "return document.getElementById('dots-record').value;").await?;
    check(exported == "3x3:0,4,7,(5)", || {
        format!("exported {exported}")
    })?;
    let link = js(c, "return location.hash;").await?;
    let link = link.as_str().unwrap_or_default().to_string();
    click(c, "#dots-load").await?;
    click(c, "#dots-export").await?;
    let again = js(c, "return document.getElementById('dots-record').value;").await?;
    check(again == exported, || format!("loaded and exported {again}"))?;
    open(c, &format!("{url}{link}")).await?;
    until(
        c,
        "the record of the link",
        "return document.getElementById('dots-record').value === '3x3:0,4,5';",
    )
    .await?;
    click(c, "#dots-export").await?;
    let linked = js(c, "return document.getElementById('dots-record').value;").await?;
    check(linked == exported, || {
        format!("link {link} opened {linked}")
    })
}

/// With Nimstring on, each move's nimber is on its edge, as `dots nimber`
/// gives it (`L` for a loony position after the move).
async fn dots_nimbers(c: &Client) -> Outcome {
    let pos = "3x2:0,1,2,7,9";
    dots_load(c, pos, false).await?;
    js(
        c,
        "const n = document.getElementById('dots-nimber'); n.checked = true; n.dispatchEvent(new Event('change'));",
    )
    .await?;
    let cli = cli_json(&["dots", "nimber", pos, "--json"]);
    let want: Vec<Value> = cli["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .map(|m| {
            let text = match (m["loony"].as_bool(), m["nimber"].as_u64()) {
                (Some(true), _) => "L".to_string(),
                (_, Some(0)) => "0".to_string(),
                (_, Some(n)) => format!("*{n}"),
                _ => "?".to_string(),
            };
            json!([m["edge"], text])
        })
        .collect();
    let script = format!(
        "const t = [...document.querySelectorAll('#dots-board text.nim')]; \
         return t.length === {} ? t.map(x => [Number(x.dataset.edge), x.dataset.nimber]) : null;",
        want.len()
    );
    let shown = until(c, "the moves' nimbers", &script).await?;
    js(
        c,
        "const n = document.getElementById('dots-nimber'); n.checked = false; n.dispatchEvent(new Event('change'));",
    )
    .await?;
    check(shown == Value::Array(want.clone()), || {
        format!("{pos}: page {shown}, dots nimber {want:?}")
    })
}

/// A board beyond the solver's reach says so in a sentence, and people
/// still play on it.
async fn dots_beyond_reach(c: &Client) -> Outcome {
    dots_load(c, "9x9", true).await?;
    let text = until(
        c,
        "the sentence for 9x9",
        "const t = document.getElementById('dots-analysis').textContent; return /beyond/.test(t) ? t : null;",
    )
    .await?;
    check(
        text.as_str()
            .is_some_and(|t| t.starts_with("The 9x9 board has 180 edges")),
        || format!("9x9: {text}"),
    )?;
    click(c, "#edge-0").await?;
    until(
        c,
        "a move on 9x9",
        "return document.getElementById('dots-record').value === '9x9:0';",
    )
    .await?;
    dots_load(c, "3x3", false).await
}

/// The relative luminance (WCAG 2) of a CSS `rgb(r, g, b)` colour.
fn luminance(css: &str) -> Option<f64> {
    let inner = css.split_once('(')?.1.trim_end_matches(')');
    let c: Vec<f64> = inner
        .split(',')
        .take(3)
        .map(|x| x.trim().parse::<f64>().ok())
        .collect::<Option<_>>()?;
    let lin = |v: f64| {
        let v = v / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    (c.len() == 3).then(|| 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]))
}

/// Amazons areas of each kind have colours distinct from the board's own
/// squares (light, dark and burnt) in lightness (a contrast ratio of at
/// least 1.5), and from the other kinds'.
async fn amazons_area_colours(c: &Client, shots: &Shots) -> Outcome {
    click(c, "#tab-amazons").await?;
    let mut kinds: Vec<(String, String)> = Vec::new();
    for pos in [
        "B.x.W/..x../xxxxx/W.x.B/..x.. w",
        "BxW.x./xxxxx./..x.../Wx.xB./xxxx../...xW. w",
        // Blocker territories (a position of tests/amazons_eval.rs).
        "xxW.xx/xWxxxx/.xWxBx/BWxxxx/..WB.x b",
    ] {
        type_into(c, "#am-position", pos).await?;
        new_game(c, "#am-load").await?;
        let cli = cli_json(&["amazons", "eval", pos, "--json"]);
        areas_shown(c, &cli).await?;
        let colours = js(
            c,
            "const bg = (s) => getComputedStyle(s).backgroundColor; \
             const sq = [...document.querySelectorAll('#am-board .sq')]; \
             return { board: sq.filter(s => !s.dataset.area).map(s => bg(s)), \
               areas: sq.filter(s => s.dataset.area).map(s => [[...s.classList].find(k => k.startsWith('kind-')), bg(s)]) };",
        )
        .await?;
        let board: Vec<f64> = colours["board"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().and_then(luminance))
            .collect();
        check(board.len() >= 2, || format!("board squares: {colours}"))?;
        for a in colours["areas"].as_array().into_iter().flatten() {
            let (kind, bg) = (
                a[0].as_str().unwrap_or_default(),
                a[1].as_str().unwrap_or_default(),
            );
            let l = luminance(bg).ok_or_else(|| format!("colour {bg}"))?;
            for &b in &board {
                let ratio = (l.max(b) + 0.05) / (l.min(b) + 0.05);
                check(ratio >= 1.5, || {
                    format!("{kind} ({bg}) against a board square: contrast {ratio:.2}")
                })?;
            }
            if !kinds.iter().any(|(k, _)| k == kind) {
                kinds.push((kind.to_string(), bg.to_string()));
            }
        }
        if pos.starts_with("BxW") {
            shots.take(c, "amazons-areas").await?;
        } else if pos.starts_with("xxW") {
            shots.take(c, "amazons-blockers").await?;
        }
    }
    // Active, dead, black and white simple territories, blockers.
    check(kinds.len() == 5, || format!("kinds seen: {kinds:?}"))?;
    for (i, (k, bg)) in kinds.iter().enumerate() {
        for (k2, bg2) in &kinds[i + 1..] {
            check(bg != bg2, || format!("{k} and {k2} share {bg}"))?;
        }
    }
    Ok(())
}

/// Solve shows the principal variation of `amazons solve --pv`; playing it
/// fills the move list in the same notation with the last move marked;
/// Undo and Redo walk the list; Export SGF writes a record that Load SGF
/// reads back to the same position.
async fn amazons_moves_and_pv(c: &Client, shots: &Shots) -> Outcome {
    let pos = "B.../..../..../...W b";
    type_into(c, "#am-position", pos).await?;
    new_game(c, "#am-load").await?;
    click(c, "#am-solve").await?;
    let shown = until(
        c,
        "the principal variation",
        "const b = [...document.querySelectorAll('#am-pv .pv-move')]; return b.length ? b.map(x => x.textContent) : null;",
    )
    .await?;
    let cli = cli_json(&["amazons", "solve", pos, "--pv", "--json", "--quiet"]);
    check(shown == cli["pv"], || {
        format!("page pv {shown}, amazons solve {}", cli["pv"])
    })?;
    let n = shown.as_array().map_or(0, Vec::len);
    click(c, "#am-pv .pv-move:nth-of-type(3)").await?;
    let list = until(
        c,
        "the moves",
        "const l = [...document.querySelectorAll('#am-moves li')]; return l.length === 3 ? l.map(x => x.dataset.move) : null;",
    )
    .await?;
    check(
        list.as_array().map(Vec::as_slice) == shown.as_array().and_then(|s| s.get(..3)),
        || format!("moves {list} after three of {shown}"),
    )?;
    let third = shown[2].as_str().unwrap_or_default();
    let marked = js(
        c,
        "return ['last-from', 'last-to', 'last-arrow'].map(k => { const s = document.querySelector('#am-board .sq.' + k); return s ? s.getAttribute('aria-label') : null; }).join('-');",
    )
    .await?;
    let want = third.replace('x', "-");
    check(marked == want.as_str(), || {
        format!("last move {third}, marked {marked}")
    })?;
    shots.take(c, "amazons-moves").await?;
    click(c, "#am-undo").await?;
    let future = js(
        c,
        "return document.querySelectorAll('#am-moves li.future').length;",
    )
    .await?;
    check(future == 1, || format!("{future} moves to redo after Undo"))?;
    click(c, "#am-redo").await?;
    let position = js(c, "return document.getElementById('am-position').value;").await?;
    click(c, "#am-sgf-export").await?;
    let sgf = js(c, "return document.getElementById('am-sgf').value;").await?;
    new_game(c, "#am-sgf-load").await?;
    let again = js(c, "return document.getElementById('am-position').value;").await?;
    check(again == position, || {
        format!("SGF {sgf} loads {again}, not {position}")
    })?;
    let moves = js(
        c,
        "return document.querySelectorAll('#am-moves li').length;",
    )
    .await?;
    check(moves == 3 && n > 3, || format!("SGF {sgf}: {moves} moves"))?;
    // A variation: back to move 2, another move clicked on the board.
    click(c, "#am-moves li:nth-child(2) button").await?;
    let other = js(
        c,
        &format!(
            "return amLegalMoves().find(m => m !== {});",
            serde_json::to_string(third).unwrap_or_default()
        ),
    )
    .await?;
    let other = other.as_str().ok_or("no other move")?.to_string();
    for sq in other.split(['-', 'x']) {
        click(c, &format!("#sq-{sq}")).await?;
    }
    let listed = until(
        c,
        "the Amazons variation",
        "const b = document.querySelector('#am-moves li:nth-child(3) .variation'); return b ? b.textContent : null;",
    )
    .await?;
    check(listed == third, || {
        format!("after {other}, the list offers {listed}, not {third}")
    })?;
    click(c, "#am-sgf-export").await?;
    let sgf = js(c, "return document.getElementById('am-sgf').value;").await?;
    let sgf = sgf.as_str().unwrap_or_default().to_string();
    check(sgf.matches("(;").count() == 3, || {
        format!("SGF with one variation: {sgf}")
    })?;
    new_game(c, "#am-sgf-load").await?;
    click(c, "#am-sgf-export").await?;
    let again = js(c, "return document.getElementById('am-sgf').value;").await?;
    check(again == sgf.as_str(), || {
        format!("SGF {sgf} read back as {again}")
    })
}

/// Screenshots of the views, saved under the test's temporary directory
/// (named by view and window width).
struct Shots {
    dir: std::path::PathBuf,
    width: u32,
}

impl Shots {
    async fn take(&self, c: &Client, name: &str) -> Outcome {
        let png = c
            .screenshot()
            .await
            .map_err(|e| format!("screenshot: {e}"))?;
        std::fs::create_dir_all(&self.dir).map_err(|e| e.to_string())?;
        let path = self.dir.join(format!("{name}-{}.png", self.width));
        std::fs::write(&path, png).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// The views at phone width (390 px): the board fits the window, and the
/// analysis, move list and Amazons areas still work.
async fn phone_width(c: &Client, url: &str, shots: &Shots) -> Outcome {
    c.set_window_size(390, 844)
        .await
        .map_err(|e| format!("window size: {e}"))?;
    open(
        c,
        &format!("{url}#dots=3x3:0,4,17,(5)&values&numbers&second=human"),
    )
    .await?;
    until(
        c,
        "the values at 390 px",
        "return document.querySelectorAll('#dots-board text.val').length > 0 && \
           document.querySelectorAll('#dots-moves li[data-loss]').length === 3;",
    )
    .await?;
    let fits = js(
        c,
        "const b = document.getElementById('dots-board').getBoundingClientRect(); \
         return b.right <= document.documentElement.clientWidth && document.documentElement.scrollWidth <= window.innerWidth;",
    )
    .await?;
    check(fits == true, || "the Dots view is wider than 390 px".into())?;
    shots.take(c, "dots").await?;
    // A `+`-free position with spaces and slashes, percent-encoded.
    let pos = "BxW.x./xxxxx./..x.../Wx.xB./xxxx../...xW. w";
    open(c, &format!("{url}#amazons={}&eval", serve_kit::encode(pos))).await?;
    until(
        c,
        "the areas at 390 px",
        "return document.querySelectorAll('#am-areas tbody tr').length > 0;",
    )
    .await?;
    let fits = js(
        c,
        "return document.documentElement.scrollWidth <= window.innerWidth;",
    )
    .await?;
    check(fits == true, || {
        "the Amazons view is wider than 390 px".into()
    })?;
    shots.take(c, "amazons").await?;
    // The 10x10 board fits too, and takes a move by its squares.
    open(c, &format!("{url}#amazons=10x10")).await?;
    until(
        c,
        "the 10x10 board at 390 px",
        "return document.querySelectorAll('#am-board .sq').length === 100;",
    )
    .await?;
    let fits = js(
        c,
        "const b = document.getElementById('am-board').getBoundingClientRect(); \
         return b.right <= document.documentElement.clientWidth && \
           document.documentElement.scrollWidth <= window.innerWidth;",
    )
    .await?;
    check(fits == true, || {
        "the 10x10 board is wider than 390 px".into()
    })?;
    let before = js(c, "return document.getElementById('am-position').value;").await?;
    let before = before.as_str().ok_or("no position")?.to_owned();
    for sq in ["D1", "D7", "D9"] {
        click(c, &format!("#sq-{sq}")).await?;
    }
    let after = until(
        c,
        "the 10x10 move played",
        &format!(
            "const p = document.getElementById('am-position').value; return p !== {} ? p : null;",
            serde_json::to_string(&before).unwrap_or_default()
        ),
    )
    .await?;
    let want = play_amazons(&before, "D1-D7xD9");
    check(after == want.as_str(), || {
        format!("D1-D7xD9 clicked at 390 px: {after}, expected {want}")
    })?;
    shots.take(c, "amazons-10x10").await?;
    c.set_window_size(1280, 800)
        .await
        .map_err(|e| format!("window size: {e}"))
}

async fn steps(c: &Client, url: &str) -> Outcome {
    c.goto(url).await.map_err(|e| format!("goto: {e}"))?;
    until(
        c,
        "the board",
        "return document.getElementById('edge-0') !== null;",
    )
    .await?;
    dots_game(c).await?;
    dots_player_against_player(c).await?;
    dots_values(c).await?;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_browser_shots");
    let wide = Shots {
        dir: dir.clone(),
        width: 1280,
    };
    dots_long_analysis_stops(c, &wide).await?;
    dots_mistake_marked(c).await?;
    dots_chains_outlined(c).await?;
    dots_pv_replays(c, &wide).await?;
    dots_variation_exported(c, url).await?;
    dots_nimbers(c).await?;
    dots_beyond_reach(c).await?;
    amazons_partition(c).await?;
    amazons_computer(c).await?;
    amazons_area_colours(c, &wide).await?;
    amazons_moves_and_pv(c, &wide).await?;
    amazons_ten_by_ten(c, &wide).await?;
    cgt_thermograph(c).await?;
    cgt_made(c).await?;
    links(c, url).await?;
    phone_width(c, url, &Shots { dir, width: 390 }).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver on the PATH"]
async fn the_page_plays_and_analyses() {
    let server = Server::start(&[]);
    let driver = Driver::start();
    let profile = testkit::files::temp_dir("serve-browser-profile");
    let client = connect(&driver, &profile).await;
    let result = steps(&client, &server.url()).await;
    if let Err(problem) = &result {
        let shot =
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_browser_failure.png");
        match client.screenshot().await {
            Ok(png) if std::fs::write(&shot, &png).is_ok() => {
                eprintln!("screenshot of the failure: {}", shot.display())
            }
            _ => eprintln!("no screenshot could be taken"),
        }
        // What the page's status lines said, and what the server logged.
        let said = js(
            &client,
            "return ['busy', 'dots-analysis'].map(id => { \
               const e = document.getElementById(id); \
               return id + ': ' + (e ? e.textContent.trim() : '(none)'); }).join('\\n');",
        )
        .await;
        eprintln!(
            "the page said:\n{}",
            said.map(|v| v.as_str().unwrap_or_default().to_string())
                .unwrap_or_else(|e| e)
        );
        eprintln!("the server logged:\n{}", server.stderr());
        let _ = client.close().await;
        panic!("{problem}");
    }
    let _ = client.close().await;
    let _ = std::fs::remove_dir_all(&profile);
}
