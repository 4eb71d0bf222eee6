//! The web API of `cgtk serve` against the CLI: every route answers, for
//! the same input, exactly the JSON the matching command prints with
//! `--json` (times masked), the SVG it writes with `--svg`, and for bad
//! input HTTP 400 with the line the command prints on stderr.

mod serve_kit;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serve_kit::{cli, cli_json, read_response, untimed, Server};

#[test]
fn dots_analyze_matches_the_cli() {
    let server = Server::start(&[]);
    for pos in [
        "2x2",
        "2x2:0,5",
        "3x2:0,1,2,7",
        "1x1:0,1",
        "3x3:0,1,2,3,12,13",
    ] {
        let api = server.json("/api/dots/analyze", &[("position", pos)]);
        let cli = cli_json(&["dots", "analyze", pos, "--json", "--quiet"]);
        assert_eq!(untimed(api), untimed(cli), "{pos}");
    }
    // The empty 3x3 board is worth -3 to the player to move (Barker &
    // Korf 2012, Table 1).
    let api = server.json("/api/dots/analyze", &[("position", "3x3")]);
    assert_eq!(api["value"], -3);
    assert_eq!(
        untimed(api),
        untimed(cli_json(&["dots", "analyze", "3x3", "--json", "--quiet"]))
    );
    // A node limit ends the search as it ends the command's.
    let api = server.json(
        "/api/dots/analyze",
        &[("position", "3x3"), ("node_limit", "5000")],
    );
    let cli = cli_json(&[
        "dots",
        "analyze",
        "3x3",
        "--node-limit",
        "5000",
        "--json",
        "--quiet",
    ]);
    assert_eq!(api["limit"], "node");
    assert_eq!(untimed(api), untimed(cli));
}

#[test]
fn dots_nimber_and_move_match_the_cli() {
    let server = Server::start(&[]);
    for pos in ["2x2", "2x2:0,5", "3x2:0,1,2,7,9"] {
        let api = server.json("/api/dots/nimber", &[("position", pos)]);
        assert_eq!(api, cli_json(&["dots", "nimber", pos, "--json"]), "{pos}");
    }
    for (record, player, seed) in [
        ("3x3", "level2", "0"),
        ("3x3:0,1,13", "level1", "4"),
        ("3x3:4,5,6,20", "random", "7"),
        ("2x2:0,5", "perfect", "1"),
        ("4x4:0,1,2", "greedy", "2"),
        ("3x3:0", "mcts:nodes=300", "3"),
        ("6x6:0,1", "level2", "5"),
    ] {
        let api = server.json(
            "/api/dots/move",
            &[("position", record), ("player", player), ("seed", seed)],
        );
        let cli = cli_json(&[
            "dots", "move", record, "--player", player, "--seed", seed, "--json",
        ]);
        assert_eq!(api, cli, "{record} {player}");
    }
}

#[test]
fn amazons_routes_match_the_cli() {
    let server = Server::start(&[]);
    for pos in ["4x4", "5x5", ".x.B/W..x/..B. b", "xxxx/B..x/x..W/xxxx w"] {
        let api = server.json("/api/amazons/eval", &[("position", pos)]);
        assert_eq!(api, cli_json(&["amazons", "eval", pos, "--json"]), "{pos}");
        let api = server.json(
            "/api/amazons/eval",
            &[("position", pos), ("basic_partition", "1")],
        );
        let cli = cli_json(&["amazons", "eval", pos, "--basic-partition", "--json"]);
        assert_eq!(api, cli, "{pos} basic");
    }
    for (pos, then) in [
        ("4x4", ""),
        ("10x10", "D1-D7xG4"),
        (".x.B/W..x/..B. b", "C1-A1xB1,A2-B2xC2"),
    ] {
        let api = server.json("/api/amazons/moves", &[("position", pos), ("then", then)]);
        let cli = cli_json(&["amazons", "moves", pos, "--then", then, "--json"]);
        assert_eq!(api, cli, "{pos} then {then}");
    }
    for pos in ["4x4", ".x.B/W..x/..B. b", "B.../..../..../...W w"] {
        let api = server.json("/api/amazons/solve", &[("position", pos)]);
        let cli = cli_json(&["amazons", "solve", pos, "--json", "--quiet"]);
        assert_eq!(untimed(api), untimed(cli), "{pos}");
    }
    for pos in [".x.B/W..x/..B. b", "xxx/B.W/xxx w", "B..W b"] {
        let api = server.json("/api/amazons/value", &[("position", pos)]);
        let dir = testkit::files::temp_dir("serve-value");
        std::fs::create_dir_all(&dir).unwrap();
        let svg = dir.join("t.svg");
        let cli = cli_json(&[
            "amazons",
            "value",
            pos,
            "--json",
            "--quiet",
            "--svg",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(api, cli, "{pos}");
        let (status, drawing) = server.get("/api/amazons/value.svg", &[("position", pos)]);
        assert_eq!(status, 200);
        assert_eq!(drawing, std::fs::read_to_string(&svg).unwrap(), "{pos}");
    }
    // A position read from an SGF game record, as `--sgf FILE` reads it.
    let sgf = "(;FF[4]GM[18]SZ[5:6];W[bfbcdc];B[abacad])";
    let dir = testkit::files::temp_dir("serve-sgf");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sgf");
    std::fs::write(&file, sgf).unwrap();
    let file = file.to_str().unwrap();
    let api = server.json("/api/amazons/eval", &[("sgf", sgf)]);
    assert_eq!(api, cli_json(&["amazons", "eval", "--sgf", file, "--json"]));
    let api = server.json(
        "/api/amazons/solve",
        &[("sgf", sgf), ("node_limit", "2000")],
    );
    let cli = cli_json(&[
        "amazons",
        "solve",
        "--sgf",
        file,
        "--node-limit",
        "2000",
        "--json",
        "--quiet",
    ]);
    assert_eq!(untimed(api), untimed(cli));
}

#[test]
fn cgt_routes_match_the_cli() {
    let server = Server::start(&[]);
    for game in [
        "{2|1}",
        "^*",
        "{3||2|1}",
        "+-1",
        "{2|1} + {2|1}",
        "1/2",
        "*2",
    ] {
        let api = server.json("/api/cgt/canon", &[("game", game)]);
        assert_eq!(api, cli_json(&["cgt", "canon", game, "--json"]), "{game}");
        let api = server.json("/api/cgt/thermograph", &[("game", game)]);
        let dir = testkit::files::temp_dir("serve-thermo");
        std::fs::create_dir_all(&dir).unwrap();
        let svg = dir.join("t.svg");
        let cli = cli_json(&[
            "cgt",
            "thermograph",
            game,
            "--json",
            "--svg",
            svg.to_str().unwrap(),
        ]);
        assert_eq!(api, cli, "{game}");
        let (status, drawing) = server.get("/api/cgt/thermograph.svg", &[("game", game)]);
        assert_eq!(status, 200);
        assert_eq!(drawing, std::fs::read_to_string(&svg).unwrap(), "{game}");
    }
    // The games made from a game, with their operands as the command's
    // arguments.
    let made: &[Case] = &[
        ("cool", &[("t", "1/4")], &["1/4"]),
        ("heat", &[("t", "*")], &["*"]),
        ("overheat", &[("s", "*"), ("t", "1*")], &["*", "1*"]),
        ("freeze", &[], &[]),
        ("reduced", &[], &[]),
        ("norton", &[("u", "^")], &["^"]),
    ];
    for game in ["{3||2*|1*}", "1/2", "{0||0|-1}"] {
        for (op, operands, args) in made {
            let mut query = vec![("game", game)];
            query.extend_from_slice(operands);
            let api = server.json(&format!("/api/cgt/{op}"), &query);
            let mut cli = vec!["cgt", op, game];
            cli.extend_from_slice(args);
            cli.push("--json");
            assert_eq!(api, cli_json(&cli), "{op} {game}");
        }
        let api = server.json("/api/cgt/incentives", &[("game", game)]);
        assert_eq!(
            api,
            cli_json(&["cgt", "incentives", game, "--json"]),
            "{game}"
        );
    }
    let api = server.json("/api/cgt/atomic-weight", &[("game", "{^^^|vv}")]);
    assert_eq!(
        api,
        cli_json(&["cgt", "atomic-weight", "{^^^|vv}", "--json"])
    );
    for (g, h) in [("{2|1}", "3/2"), ("*", "0"), ("^", "0"), ("1", "1/2")] {
        let api = server.json("/api/cgt/compare", &[("g", g), ("h", h)]);
        assert_eq!(
            api,
            cli_json(&["cgt", "compare", g, h, "--json"]),
            "{g} {h}"
        );
    }
}

/// A route, its query and the command given the same input.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);

#[test]
fn bad_input_is_400_with_the_cli_message() {
    let server = Server::start(&[]);
    let cases: &[Case] = &[
        (
            "/api/dots/analyze",
            &[("position", "2x2:99")],
            &["dots", "analyze", "2x2:99", "--json"],
        ),
        (
            "/api/dots/nimber",
            &[("position", "2y2")],
            &["dots", "nimber", "2y2", "--json"],
        ),
        (
            "/api/dots/move",
            &[("position", "3x3:0,0"), ("player", "level2")],
            &["dots", "move", "3x3:0,0", "--player", "level2", "--json"],
        ),
        (
            "/api/dots/move",
            &[("position", "3x3"), ("player", "nobody")],
            &["dots", "move", "3x3", "--player", "nobody", "--json"],
        ),
        (
            "/api/amazons/eval",
            &[("position", "..../W w")],
            &["amazons", "eval", "..../W w", "--json"],
        ),
        (
            "/api/amazons/moves",
            &[("position", "4x4"), ("then", "B1-B2xB3,A1-A2xA3")],
            &[
                "amazons",
                "moves",
                "4x4",
                "--then",
                "B1-B2xB3,A1-A2xA3",
                "--json",
            ],
        ),
        (
            "/api/amazons/solve",
            &[("position", "3x3")],
            &["amazons", "solve", "3x3", "--json", "--quiet"],
        ),
        (
            "/api/amazons/value",
            &[("position", "zz")],
            &["amazons", "value", "zz", "--json", "--quiet"],
        ),
        (
            "/api/cgt/canon",
            &[("game", "{2|")],
            &["cgt", "canon", "{2|", "--json"],
        ),
        (
            "/api/cgt/compare",
            &[("g", "0"), ("h", "{|")],
            &["cgt", "compare", "0", "{|", "--json"],
        ),
        (
            "/api/cgt/thermograph",
            &[("game", "{1|2")],
            &["cgt", "thermograph", "{1|2", "--json"],
        ),
        (
            "/api/cgt/atomic-weight",
            &[("game", "9/8*")],
            &["cgt", "atomic-weight", "9/8*", "--json"],
        ),
        (
            "/api/cgt/cool",
            &[("game", "{1|0}"), ("t", "-1")],
            &["cgt", "cool", "{1|0}", "-1", "--json"],
        ),
        (
            "/api/cgt/norton",
            &[("game", "1"), ("u", "-1")],
            &["cgt", "norton", "1", "-1", "--json"],
        ),
    ];
    for (path, params, args) in cases {
        let (status, body) = server.get(path, params);
        let (code, _, err) = cli(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(status, 400, "{path} {params:?}");
        assert_eq!(body.trim(), err.trim(), "{path} {params:?}");
        assert!(!body.trim().contains('\n'), "one line: {body}");
    }
    // Options out of range and unknown parameters are bad input too.
    for (path, params) in [
        (
            "/api/dots/analyze",
            &[("position", "2x2"), ("time_limit", "0")][..],
        ),
        (
            "/api/dots/analyze",
            &[("position", "2x2"), ("time_limit", "61")][..],
        ),
        (
            "/api/amazons/solve",
            &[("position", "4x4"), ("node_limit", "0")][..],
        ),
        ("/api/cgt/canon", &[("game", "0"), ("colour", "red")][..]),
        ("/api/cgt/canon", &[][..]),
    ] {
        let (status, body) = server.get(path, params);
        assert_eq!(status, 400, "{path} {params:?}: {body}");
        assert!(
            body.starts_with("error: ") && !body.trim().contains('\n'),
            "{body}"
        );
    }
}

/// How long a request takes to be answered with 200 (panics otherwise).
fn answer_time(server: &Server, path: &str, params: &[(&str, &str)]) -> Duration {
    let start = Instant::now();
    let (status, body) = server.get(path, params);
    assert_eq!(status, 200, "{path} {params:?}: {body}");
    start.elapsed()
}

/// A bound on the time of a request that takes milliseconds when it gets a
/// turn, generous for a loaded machine (the failures it catches took
/// minutes).
const PROMPT: Duration = Duration::from_secs(5);

/// Waits at most `limit` until the server's stderr holds `text` `count`
/// times.
fn until_stderr(server: &Server, text: &str, count: usize, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if server.stderr().matches(text).count() >= count {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// Searches whose clients go away are stopped and free their turns: with
/// both Amazons turns taken by 60-second solves, another Amazons request
/// waits, while a calculation is answered at once; when the clients close
/// their connections, the server stops both solves (and says so on
/// stderr), and a new Amazons request gets a turn.
#[test]
fn abandoned_searches_stop_and_free_their_turns() {
    let server = Server::start(&[]);
    let abandoned: Vec<_> = (0..2)
        .map(|_| {
            server.request(
                "/api/amazons/solve",
                &[("position", "5x5"), ("time_limit", "60")],
            )
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut waiting = server.request("/api/amazons/value", &[("position", "B..W b")]);
    waiting
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    assert!(
        waiting.read(&mut [0; 1]).is_err(),
        "an Amazons request was answered while both turns were taken"
    );
    drop(waiting);
    assert!(answer_time(&server, "/api/cgt/canon", &[("game", "{2|1}")]) < PROMPT);
    assert_eq!(server.stderr().matches("went away").count(), 0);
    drop(abandoned);
    let took = answer_time(&server, "/api/amazons/value", &[("position", "B..W b")]);
    eprintln!("an Amazons request after the solves' clients went away: {took:?}");
    assert!(took < PROMPT, "a freed Amazons turn took {took:?}");
    assert!(
        until_stderr(&server, "went away", 2, PROMPT),
        "{}",
        server.stderr()
    );
    let api = server.json("/api/dots/analyze", &[("position", "2x2")]);
    assert_eq!(
        untimed(api),
        untimed(cli_json(&["dots", "analyze", "2x2", "--json", "--quiet"]))
    );
}

/// A flood of requests of one class whose clients give up after a second
/// (Nimstring values of 4x4 boards, which take minutes) holds only that
/// class's turns: a Dots analysis, an Amazons search and a calculation are
/// answered promptly throughout.
#[test]
fn a_flood_of_one_class_holds_up_no_other() {
    let server = Server::start(&[]);
    std::thread::scope(|scope| {
        for i in 0..12 {
            let server = &server;
            scope.spawn(move || {
                let position = format!("4x4:{i}");
                let mut s = server.request("/api/dots/nimber", &[("position", &position)]);
                s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
                let _ = s.read(&mut [0; 1]);
            });
        }
        std::thread::sleep(Duration::from_millis(300));
        let mut slowest = Duration::ZERO;
        for _ in 0..5 {
            for (path, params) in [
                ("/api/dots/analyze", &[("position", "2x2")][..]),
                (
                    "/api/amazons/solve",
                    &[("position", "B..W b"), ("time_limit", "5")][..],
                ),
                ("/api/cgt/canon", &[("game", "{2|1}")][..]),
            ] {
                slowest = slowest.max(answer_time(&server, path, params));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        eprintln!("slowest answer during the flood: {slowest:?}");
        assert!(slowest < PROMPT, "{slowest:?}");
    });
    let took = answer_time(&server, "/api/dots/analyze", &[("position", "2x2")]);
    assert!(took < PROMPT, "{took:?}");
}

/// A search that reaches its limit is answered (HTTP 200) with what it
/// reached, as the command prints it: the JSON report of the limit, and for
/// a drawing, a drawing that says the value is unknown and why.
#[test]
fn a_limit_reached_is_an_unknown_answer() {
    let server = Server::start(&[]);
    let api = server.json(
        "/api/amazons/value",
        &[("position", "6x6"), ("node_limit", "100")],
    );
    let json = cli_json(&[
        "amazons",
        "value",
        "6x6",
        "--node-limit",
        "100",
        "--json",
        "--quiet",
    ]);
    assert_eq!(api, json);
    let (code, line, _) = cli(&["amazons", "value", "6x6", "--node-limit", "100", "--quiet"]);
    assert_eq!(code, 0);
    let (status, drawing) = server.get(
        "/api/amazons/value.svg",
        &[("position", "6x6"), ("node_limit", "100")],
    );
    assert_eq!(status, 200, "{drawing}");
    assert!(drawing.starts_with("<svg") && drawing.contains("data-limit=\"node\""));
    assert!(drawing.contains(line.trim()), "{drawing} lacks {line:?}");
    let (status, drawing) = server.get(
        "/api/amazons/value.svg",
        &[("position", "6x6"), ("time_limit", "1")],
    );
    assert_eq!(status, 200, "{drawing}");
    assert!(
        drawing.contains("value: unknown (time limit reached after"),
        "{drawing}"
    );
    let api = server.json(
        "/api/amazons/solve",
        &[("position", "6x6"), ("node_limit", "50")],
    );
    assert_eq!(api["limit"], "node");
    assert_eq!(api["winner"], serde_json::Value::Null);
}

/// A 121-character sum of 11 hot games whose canonical form takes
/// gigabytes of text (it aborted the whole server): the answer gives its
/// size instead, as the CLI does, its thermograph is still drawn, and a
/// Dots analysis is answered promptly after each.
#[test]
fn a_canonical_form_too_large_is_answered_by_its_size() {
    let server = Server::start(&[]);
    let game: Vec<String> = (1..=11)
        .map(|i| format!("{{{}|{{{i}|0}}}}", 2 * i))
        .collect();
    let game = game.join(" + ");
    let api = server.json("/api/cgt/canon", &[("game", &game)]);
    assert_eq!(api, cli_json(&["cgt", "canon", &game, "--json"]));
    assert!(api["canonical"].is_null(), "{api}");
    assert!(api["too_large"]["bytes"].as_u64().unwrap() > 1 << 20);
    answer_time(&server, "/api/dots/analyze", &[("position", "2x2")]);
    let api = server.json("/api/cgt/thermograph", &[("game", &game)]);
    // The mean is additive, and {2i|{i|0}} has mean 5i/4: 5/4 * 66.
    assert_eq!(api["mean"], "165/2");
    assert!(api["canonical"].is_null(), "{api}");
    let (status, drawing) = server.get("/api/cgt/thermograph.svg", &[("game", &game)]);
    assert_eq!(status, 200);
    assert!(drawing.starts_with("<svg"), "{drawing}");
    assert!(
        answer_time(&server, "/api/dots/analyze", &[("position", "2x2")]) < PROMPT,
        "a Dots analysis after the calculations"
    );
}

/// On a loopback address, a request naming another machine in `Host` (DNS
/// rebinding) or carrying another site's `Origin` is refused with 403 and
/// one line, for the page as for the API; this machine's names, with any
/// port, and the page's own origin pass. A Dots analysis is answered
/// promptly throughout.
#[test]
fn foreign_hosts_and_origins_are_refused() {
    let server = Server::start(&[]);
    let port = server.addr.rsplit_once(':').unwrap().1.to_string();
    let own = format!("Host: {}", server.addr);
    let same_origin = format!("Origin: http://{}", server.addr);
    let localhost = format!("Host: localhost:{port}");
    let analyze: &[(&str, &str)] = &[("position", "2x2")];
    for headers in [
        &[own.as_str()][..],
        &[localhost.as_str()][..],
        &["Host: LOCALHOST"][..],
        &["Host: [::1]:80"][..],
        &["Host: 127.0.0.1"][..],
        &[own.as_str(), same_origin.as_str()][..],
    ] {
        let (status, body) = server.get_with("/api/dots/analyze", analyze, headers);
        assert_eq!(status, 200, "{headers:?}: {body}");
    }
    let evil_origin = "Origin: http://evil.example";
    for (headers, what) in [
        (&["Host: evil.example"][..], "Host"),
        (&["Host: 127.0.0.1.evil.example:80"][..], "Host"),
        (&["Host: localhost.evil.example"][..], "Host"),
        (&[][..], "Host"),
        (&[own.as_str(), evil_origin][..], "Origin"),
        (&[own.as_str(), "Origin: null"][..], "Origin"),
        (&[localhost.as_str(), same_origin.as_str()][..], "Origin"),
    ] {
        for path in ["/", "/app.js", "/api/dots/analyze"] {
            let (status, body) = server.get_with(path, analyze, headers);
            assert_eq!(status, 403, "{path} {headers:?}: {body}");
            assert!(
                body.starts_with("error: forbidden: ")
                    && body.contains(what)
                    && !body.trim().contains('\n'),
                "{body}"
            );
        }
        assert!(answer_time(&server, "/api/dots/analyze", analyze) < PROMPT);
    }
}

/// Off a loopback address the server warns on stderr, answers any `Host`,
/// and still refuses other sites' `Origin`.
#[test]
fn a_non_loopback_address_is_warned_of() {
    let server = Server::start(&["--host", "0.0.0.0"]);
    assert!(
        server
            .stderr()
            .contains("warning: 0.0.0.0 is not a loopback address"),
        "{}",
        server.stderr()
    );
    assert_eq!(server.stderr().lines().count(), 1, "{}", server.stderr());
    let analyze: &[(&str, &str)] = &[("position", "2x2")];
    let (status, body) = server.get_with("/api/dots/analyze", analyze, &["Host: 192.0.2.1:80"]);
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.get_with(
        "/api/dots/analyze",
        analyze,
        &["Host: 192.0.2.1:80", "Origin: http://evil.example"],
    );
    assert_eq!(status, 403, "{body}");
}

/// How long until the server closes `stream` (reading and dropping what it
/// sends), or `None` if it is still open after `limit`.
fn closed_within(mut stream: TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0; 4096];
    while let Some(left) = limit.checked_sub(start.elapsed()) {
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        match stream.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(start.elapsed())
            }
            Err(_) => return None,
        }
    }
    None
}

/// The server closes a connection that sends nothing, one whose request
/// header never ends, and a kept-alive one after its answer, after 30 s
/// (not at once, and long before the minutes they stayed open); a Dots
/// analysis is answered promptly meanwhile.
#[test]
fn idle_connections_and_slow_headers_time_out() {
    let server = Server::start(&[]);
    let idle = TcpStream::connect(&server.addr).unwrap();
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    slow.write_all(b"GET /api/dots/analyze?position=2x2 HTTP/1.1\r\nHost: ")
        .unwrap();
    let mut kept = TcpStream::connect(&server.addr).unwrap();
    write!(
        kept,
        "GET /api/dots/analyze?position=2x2 HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    )
    .unwrap();
    std::thread::scope(|scope| {
        let waits: Vec<_> = [idle, slow, kept]
            .into_iter()
            .map(|stream| scope.spawn(move || closed_within(stream, Duration::from_secs(50))))
            .collect();
        for _ in 0..5 {
            let took = answer_time(&server, "/api/dots/analyze", &[("position", "2x2")]);
            assert!(took < PROMPT, "{took:?}");
            std::thread::sleep(Duration::from_millis(500));
        }
        for (wait, what) in waits.into_iter().zip(["idle", "slow header", "kept alive"]) {
            let closed = wait.join().unwrap();
            eprintln!("{what} connection closed after {closed:?}");
            assert!(
                closed.is_some_and(|t| t > Duration::from_secs(5)),
                "{what}: {closed:?}"
            );
        }
    });
}

/// The first Ctrl-C stops accepting, stops the running computations, which
/// answer what they reached (a 60-second solve: the limit "interrupt"),
/// says so on stderr in one line, and ends the server (exit code 0) without
/// waiting for idle connections.
#[test]
fn the_first_ctrl_c_shuts_down_gracefully() {
    let mut server = Server::start(&[]);
    let solving = server.request(
        "/api/amazons/solve",
        &[("position", "5x5"), ("time_limit", "60")],
    );
    let _idle = TcpStream::connect(&server.addr).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    server.interrupt();
    let (status, body) = read_response(solving);
    let took = start.elapsed();
    assert_eq!(status, 200, "{body}");
    let report: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(report["limit"], "interrupt", "{body}");
    assert!(
        took < PROMPT,
        "the interrupted solve answered after {took:?}"
    );
    assert_eq!(server.wait_exit(Duration::from_secs(15)), Some(0));
    eprintln!(
        "after Ctrl-C: the solve answered in {took:?}, the server ended in {:?}",
        start.elapsed()
    );
    let stderr = server.stderr();
    assert_eq!(
        stderr.lines().filter(|l| l.contains("interrupted")).count(),
        1,
        "{stderr}"
    );
    assert!(TcpStream::connect(&server.addr).is_err());
}

/// A second Ctrl-C ends the server at once (exit code 130, as a shell
/// reports SIGINT), while the first waits for a request still being sent.
#[test]
fn a_second_ctrl_c_ends_the_server_at_once() {
    let mut server = Server::start(&[]);
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: ").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    server.interrupt();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        server.wait_exit(Duration::ZERO),
        None,
        "{}",
        server.stderr()
    );
    server.interrupt();
    assert_eq!(server.wait_exit(Duration::from_secs(3)), Some(130));
}

/// A search started as a job ends with the report the plain route (and the
/// CLI) gives; bad input is answered as the route answers it (HTTP 400
/// and the same line); an unknown job is HTTP 404.
#[test]
fn a_job_answers_what_the_route_answers() {
    let server = Server::start(&[]);
    let pos = "3x3:0,1,2,3,12,13";
    let job = server.post_json("/api/jobs/dots/analyze", &[("position", pos)]);
    let poll = server.job_end(&job["job"]);
    assert_eq!(poll["route"], "dots/analyze");
    let cli = cli_json(&["dots", "analyze", pos, "--json", "--quiet"]);
    assert_eq!(untimed(poll["result"].clone()), untimed(cli));
    let job = server.post_json("/api/jobs/dots/nimber", &[("position", "2x2:0,5")]);
    let poll = server.job_end(&job["job"]);
    assert_eq!(
        poll["result"],
        cli_json(&["dots", "nimber", "2x2:0,5", "--json"])
    );
    let am = "B.../..../..../...W b";
    let job = server.post_json("/api/jobs/amazons/solve", &[("position", am)]);
    let poll = server.job_end(&job["job"]);
    let cli = cli_json(&["amazons", "solve", am, "--json", "--quiet"]);
    assert_eq!(poll["result"]["winner"], cli["winner"]);
    assert_eq!(poll["result"]["best_move"], cli["best_move"]);

    // Bad input is answered at once as the route answers it, even while
    // every turn of its class is taken (by two analyses of the empty 5x5
    // board, which run until stopped).
    let busy: Vec<_> = (0..2)
        .map(|_| server.post_json("/api/jobs/dots/analyze", &[("position", "5x5")])["job"].clone())
        .collect();
    for (route, position) in [
        ("dots/analyze", "3x3:0,0"),
        ("dots/review", "3x3:0,0"),
        ("dots/review", "9x9"),
        ("dots/pv", "6x6"),
    ] {
        let asked = std::time::Instant::now();
        let job = server.post(&format!("/api/jobs/{route}"), &[("position", position)]);
        let took = asked.elapsed();
        let plain = server.get(&format!("/api/{route}"), &[("position", position)]);
        assert_eq!(job, plain, "{route} {position}");
        assert_eq!(job.0, 400, "{route} {position}: {}", job.1);
        assert!(took < PROMPT, "{route} {position}: answered after {took:?}");
    }
    for id in &busy {
        server.post(&format!("/api/job/{id}/stop"), &[]);
        assert_eq!(server.job_end(id)["state"], "done");
    }
    let (status, _) = server.post(
        "/api/jobs/dots/analyze",
        &[("position", "3x3"), ("depth", "2")],
    );
    assert_eq!(status, 400);
    assert_eq!(server.get("/api/job/12345", &[]).0, 404);
    assert_eq!(server.post("/api/job/x/stop", &[]).0, 404);
}

/// A long search shows its progress (bounds and nodes) while it runs; a
/// stop ends it with the bounds it reached, which hold the value the
/// progress last showed within them.
#[test]
fn a_running_job_shows_progress_and_stops_on_request() {
    let server = Server::start(&[]);
    let job = server.post_json("/api/jobs/dots/analyze", &[("position", "5x5")]);
    let path = format!("/api/job/{}", job["job"]);
    let start = Instant::now();
    let progress = loop {
        let poll = server.json(&path, &[]);
        assert_ne!(poll["state"], "done", "5x5 solved at once: {poll}");
        if !poll["progress"].is_null() {
            break poll["progress"].clone();
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no progress: {poll}"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        progress["nodes"].as_u64().is_some_and(|n| n > 0),
        "{progress}"
    );
    let stop = server.post_json(&format!("{path}/stop"), &[]);
    assert!(
        stop["stopping"] == true || stop["state"] == "done",
        "{stop}"
    );
    let end = server.job_end(&job["job"]);
    let r = &end["result"];
    assert_eq!(r["limit"], "interrupt", "{end}");
    let (lo, hi) = (r["lower"].as_i64().unwrap(), r["upper"].as_i64().unwrap());
    let (plo, phi) = (
        progress["lower"].as_i64().unwrap(),
        progress["upper"].as_i64().unwrap(),
    );
    // 25 boxes: bounds within [-25, 25], narrower than or as the progress.
    assert!(-25 <= lo && lo <= hi && hi <= 25, "{r}");
    assert!(plo <= lo && hi <= phi, "progress {progress}, end {r}");
}

/// A job whose page stops polling is stopped (and says so on stderr).
#[test]
fn a_job_nobody_polls_stops() {
    let server = Server::start(&[]);
    let job = server.post_json("/api/jobs/dots/analyze", &[("position", "5x5")]);
    assert!(
        until_stderr(&server, "nobody polls job", 1, Duration::from_secs(60)),
        "{}",
        server.stderr()
    );
    let end = server.job_end(&job["job"]);
    assert_eq!(end["result"]["limit"], "interrupt", "{end}");
}

/// The principal variation replays to the value: played out with a naive
/// scorer (written here), the mover's margin over the boxes left is the
/// value, each move keeps the value `dots analyze` gives it in its
/// position, and the game ends.
#[test]
fn the_principal_variation_replays_to_the_value() {
    let server = Server::start(&[]);
    for (w, h, record) in [(3, 3, "0,4"), (2, 2, ""), (3, 2, "0,1,2,7")] {
        let pos = if record.is_empty() {
            format!("{w}x{h}")
        } else {
            format!("{w}x{h}:{record}")
        };
        let pv = server.json("/api/dots/pv", &[("position", &pos)]);
        assert!(pv["limit"].is_null(), "{pv}");
        let mut drawn: Vec<usize> = record
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let edges = (h + 1) * w + h * (w + 1);
        let (mut margin, mut side) = (0i64, 1i64);
        let mut first = true;
        let mut here = pos.clone();
        for m in pv["moves"].as_array().unwrap() {
            let e = m["edge"].as_u64().unwrap() as usize;
            let cli = cli_json(&["dots", "analyze", &here, "--json", "--quiet"]);
            let best = cli["value"].as_i64().unwrap();
            assert_eq!(m["value"].as_i64(), Some(best), "{here}: {m}");
            if first {
                assert_eq!(pv["value"].as_i64(), Some(best), "{here}");
                first = false;
            }
            let took = boxes_completed(w, h, &drawn, e);
            assert_eq!(m["captures"].as_u64(), Some(took as u64), "{here}: {m}");
            drawn.push(e);
            margin += side * took as i64;
            if took == 0 {
                side = -side;
            }
            here = format!(
                "{w}x{h}:{}",
                drawn
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
        }
        assert_eq!(drawn.len(), edges, "{pos}: the variation ends the game");
        assert_eq!(Some(margin), pv["value"].as_i64(), "{pos}: {pv}");
    }
}

/// Boxes of a `w`x`h` board that drawing `e` completes, given `drawn`
/// (edge numbers of ARCHITECTURE.md: horizontal edges row by row, then
/// vertical ones).
fn boxes_completed(w: usize, h: usize, drawn: &[usize], e: usize) -> usize {
    let has = |x: usize| x == e || drawn.contains(&x);
    let complete = |r: usize, c: usize| {
        let v = (h + 1) * w + r * (w + 1) + c;
        has(r * w + c) && has((r + 1) * w + c) && has(v) && has(v + 1)
    };
    let hs = (h + 1) * w;
    let around: Vec<(usize, usize)> = if e < hs {
        let (r, c) = (e / w, e % w);
        [(r > 0).then(|| (r - 1, c)), (r < h).then_some((r, c))]
            .into_iter()
            .flatten()
            .collect()
    } else {
        let (r, c) = ((e - hs) / (w + 1), (e - hs) % (w + 1));
        [(c > 0).then(|| (r, c - 1)), (c < w).then_some((r, c))]
            .into_iter()
            .flatten()
            .collect()
    };
    around.into_iter().filter(|&(r, c)| complete(r, c)).count()
}

/// With `--table DIR`, the principal variation is read from the
/// whole-board table (no search node) and is the solver's: the
/// lowest-numbered optimal move each time, from either source.
#[test]
fn the_principal_variation_comes_from_a_table_when_one_covers_it() {
    let dir = testkit::files::temp_dir("serve-pv-table");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().expect("a UTF-8 path");
    let (code, _, err) = cli(&["dots", "table", "build", "3x2", "--out", out]);
    assert_eq!(code, 0, "{err}");
    let tabled = Server::start(&["--table", out]);
    let solver = Server::start(&[]);
    for pos in ["3x2", "3x2:0,1,2,7", "3x2:3,4,5"] {
        let from_table = tabled.json("/api/dots/pv", &[("position", pos)]);
        let searched = solver.json("/api/dots/pv", &[("position", pos)]);
        assert_eq!(from_table["nodes"], 0, "{pos}: {from_table}");
        assert!(searched["nodes"].as_u64().is_some_and(|n| n > 0), "{pos}");
        assert_eq!(from_table["moves"], searched["moves"], "{pos}");
        assert_eq!(from_table["value"], searched["value"], "{pos}");
        let query = cli_json(&["dots", "table", "query", pos, "--table", out, "--json"]);
        assert_eq!(from_table["value"], query["value"], "{pos}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
