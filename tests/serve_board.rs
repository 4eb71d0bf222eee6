//! The analysis board's routes against the CLI: `/api/dots/review` (plain
//! and as a job) is `dots review --json`, `/api/dots/chains` is `dots
//! chains --json`, `/api/amazons/move` is `amazons move --json` under the
//! same node limit (times masked); bad input is HTTP 400 with the
//! command's line.

mod serve_kit;

use serve_kit::{cli, cli_json, untimed, Server};

#[test]
fn review_chains_and_the_player_match_the_cli() {
    let server = Server::start(&[]);
    for record in ["3x3:0,4,17,8,13", "2x2:0,5,1,3,9"] {
        let cli = cli_json(&["dots", "review", record, "--json", "--quiet"]);
        let api = server.json("/api/dots/review", &[("position", record)]);
        assert_eq!(untimed(api), untimed(cli.clone()), "{record}");
        let api = server.json("/api/dots/review", &[("position", record), ("from", "2")]);
        let later = cli_json(&["dots", "review", record, "--from", "2", "--json", "--quiet"]);
        assert_eq!(untimed(api), untimed(later), "{record}");
        let job = server.post_json("/api/jobs/dots/review", &[("position", record)]);
        let poll = server.job_end(&job["job"]);
        assert_eq!(untimed(poll["result"].clone()), untimed(cli), "{record}");
    }
    for pos in [
        "3x3:0,1,2,9,10,11,12,15,16,19,20,23,4,7,17,18",
        "3x1:0,1,2,3,4,5",
        "4x4",
    ] {
        let api = server.json("/api/dots/chains", &[("position", pos)]);
        assert_eq!(api, cli_json(&["dots", "chains", pos, "--json"]), "{pos}");
    }
    for pos in ["B.../..../..../...W b", "6x6"] {
        let api = server.json(
            "/api/amazons/move",
            &[("position", pos), ("node_limit", "3000")],
        );
        let cli = cli_json(&["amazons", "move", pos, "--node-limit", "3000", "--json"]);
        assert_eq!(untimed(api), untimed(cli), "{pos}");
    }
    let job = server.post_json(
        "/api/jobs/amazons/move",
        &[("position", "6x6"), ("node_limit", "3000")],
    );
    let poll = server.job_end(&job["job"]);
    let cli = cli_json(&["amazons", "move", "6x6", "--node-limit", "3000", "--json"]);
    assert_eq!(untimed(poll["result"].clone()), untimed(cli));
}

#[test]
fn bad_input_is_400_with_the_cli_line() {
    let server = Server::start(&[]);
    for (path, params, args) in [
        (
            "/api/dots/review",
            vec![("position", "3x3:0,0")],
            vec!["dots", "review", "3x3:0,0"],
        ),
        (
            "/api/dots/chains",
            vec![("position", "3x3:0,99")],
            vec!["dots", "chains", "3x3:0,99"],
        ),
        (
            "/api/amazons/move",
            vec![("position", "B.Q/... b")],
            vec!["amazons", "move", "B.Q/... b"],
        ),
    ] {
        let (status, body) = server.get(path, &params);
        let (code, _, err) = cli(&args);
        assert_eq!((status, code), (400, 2), "{path}: {body}");
        assert_eq!(body.trim(), err.trim(), "{path}");
    }
    let (status, _) = server.get(
        "/api/amazons/move",
        &[("position", "6x6"), ("max_depth", "0")],
    );
    assert_eq!(status, 400);
}
