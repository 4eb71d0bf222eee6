//! `cgtk serve`: a local web page over the engines, and a JSON API under
//! `/api/` that answers exactly what the CLI prints with `--json`.
//!
//! The server is axum's router served by hyper-util on tokio. Every
//! request that computes runs on tokio's blocking pool, with a turn of its
//! class of routes, so a long search never holds up another request;
//! computations run under limits (a time limit of at most
//! [`api::MAX_SECONDS`] seconds, node limits, the players' budgets) and
//! stop early, through a [`cgt::budget::StopFlag`], when the client goes
//! away or the server shuts down (the first Ctrl-C). Idle connections are
//! closed after [`IDLE_SECONDS`]; on a loopback address only requests that
//! name this machine are answered. The page (one HTML file, a style sheet
//! and plain JavaScript) is compiled into the binary: nothing is fetched
//! from elsewhere.

mod api;
mod jobs;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::extract::{Request, State as Extract};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use clap::Args;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::output::bad_input;

/// `cgtk serve`.
#[derive(Args)]
#[command(after_help = "\
On a loopback address (the default) the server answers only requests whose Host header \
names this machine (localhost, 127.0.0.1 or [::1], with any port), so that no web site \
can reach it through a name of its own (DNS rebinding); on any address, requests whose \
Origin header is another site's are refused (HTTP 403). On another address (--host 0.0.0.0) \
anyone who can reach the port can use the API; the server warns on stderr.")]
pub struct ServeArgs {
    /// The port (0: any free port; the URL is printed on one line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (only this machine by default; see below).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Answer Amazons areas from the endgame databases in DIR.
    #[arg(long, value_name = "DIR")]
    db: Option<PathBuf>,
    /// Answer Dots analyses from the whole-board tables in DIR.
    #[arg(long, value_name = "DIR")]
    table: Option<PathBuf>,
}

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");

/// The router: the page, its assets and the API, behind the [`gate`]
/// (with `loopback`: the server listens on a loopback address).
fn router(state: Arc<api::State>, loopback: bool) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/app.css",
            get(|| async { page(APP_CSS, "text/css; charset=utf-8") }),
        )
        .nest("/api", api::routes())
        .with_state(state)
        .layer(middleware::from_fn_with_state(loopback, gate))
}

/// Refuses (HTTP 403, one line) a request that [`refusal`] refuses.
async fn gate(Extract(loopback): Extract<bool>, request: Request, next: Next) -> Response {
    match refusal(loopback, request.headers()) {
        Some(why) => (StatusCode::FORBIDDEN, format!("error: forbidden: {why}")).into_response(),
        None => next.run(request).await,
    }
}

/// Why a request with `headers` is refused, if it is: on a `loopback`
/// address, a `Host` that is not this machine (a web site that resolves its
/// own name to 127.0.0.1, DNS rebinding); on any address, an `Origin`
/// other than the page's own (a request made by another site's page).
fn refusal(loopback: bool, headers: &HeaderMap) -> Option<String> {
    let hosts: Vec<&HeaderValue> = headers.get_all(header::HOST).iter().collect();
    if loopback {
        if hosts.is_empty() {
            return Some(
                "no Host header (this server answers only localhost, 127.0.0.1 and [::1])"
                    .to_owned(),
            );
        }
        if let Some(bad) = hosts
            .iter()
            .find(|h| !h.to_str().is_ok_and(is_this_machine))
        {
            return Some(format!(
                "Host {} is not this machine (this server answers only localhost, 127.0.0.1 and [::1])",
                shown(bad)
            ));
        }
    }
    let host = match hosts.as_slice() {
        [one] => one.to_str().ok(),
        _ => None,
    };
    headers
        .get_all(header::ORIGIN)
        .iter()
        .find(|origin| {
            let same = host
                .zip(origin.to_str().ok())
                .is_some_and(|(host, origin)| {
                    origin
                        .strip_prefix("http://")
                        .is_some_and(|o| o.eq_ignore_ascii_case(host))
                });
            !same
        })
        .map(|origin| format!("a request from another site (Origin {})", shown(origin)))
}

/// Whether a `Host` header names this machine: `localhost`, `127.0.0.1` or
/// `[::1]`, with or without a port.
fn is_this_machine(host: &str) -> bool {
    let (name, port) = match host.rfind(':') {
        Some(i) if !host[i..].contains(']') => (&host[..i], Some(&host[i + 1..])),
        _ => (host, None),
    };
    let port_ok =
        port.is_none_or(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    port_ok && (name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "[::1]")
}

/// A header's value for a message: quoted, at most 60 characters.
fn shown(value: &HeaderValue) -> String {
    let text = String::from_utf8_lossy(value.as_bytes());
    let head: String = text.chars().take(60).collect();
    if head.len() < text.len() {
        format!("{head:?}...")
    } else {
        format!("{head:?}")
    }
}

fn page(body: &'static str, kind: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, kind)], body)
}

/// Runs the server until the process is stopped.
pub fn run(args: ServeArgs) -> Result<()> {
    let db = args
        .db
        .as_ref()
        .map(|dir| crate::output::open_databases(dir).map(Arc::new))
        .transpose()?;
    if let Some(dir) = &args.table {
        if !dir.is_dir() {
            return Err(bad_input(
                &format!("--table {}", dir.display()),
                "not a readable directory",
            ));
        }
    }
    let state = Arc::new(api::State::new(db, args.table.clone()));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // Game values recurse once per level of a game, up to
        // `cgt::MAX_DEPTH` levels: more than the default 2 MiB holds.
        .thread_stack_size(crate::COMMAND_STACK_BYTES)
        .build()
        .context("cannot start the server's runtime")?;
    let result = runtime.block_on(serve(SocketAddr::new(args.host, args.port), state));
    // Computations that have not stopped yet end with the process.
    runtime.shutdown_background();
    result
}

/// How long a connection may stay idle, or take to send a request's
/// header, before the server closes it.
const IDLE_SECONDS: u64 = 30;

/// How long, after the first Ctrl-C, the server waits for the requests in
/// flight to send what their stopped computations reached.
const GRACE_SECONDS: u64 = 5;

/// Listens on `addr` and answers until the first Ctrl-C, then shuts down
/// gracefully.
///
/// Connections are served by hyper-util's server (the one `axum::serve`
/// wraps) with a timer, for the one setting `axum::serve` does not offer:
/// hyper's header read timeout, which closes a connection that sends no
/// complete request header within [`IDLE_SECONDS`], idle keep-alive
/// connections included.
async fn serve(addr: SocketAddr, state: Arc<api::State>) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| bad_input(&format!("cannot listen on {addr}"), e))?;
    let local = listener.local_addr()?;
    let loopback = local.ip().is_loopback();
    if !loopback {
        eprintln!(
            "cgtk serve: warning: {} is not a loopback address: anyone who can reach port {} can use the API",
            local.ip(),
            local.port()
        );
    }
    println!("cgtk serve: http://{local}/");
    use std::io::Write as _;
    let _ = std::io::stdout().flush();

    let app = router(Arc::clone(&state), loopback);
    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(IDLE_SECONDS));
    let (closing, _) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut interrupted = pin!(interrupted());
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((tcp, _)) = accepted else {
                    // Out of file descriptors, say: try again a little later.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let builder = builder.clone();
                let service = TowerToHyperService::new(app.clone());
                let mut closing = closing.subscribe();
                connections.spawn(async move {
                    let mut connection = pin!(builder.serve_connection(TokioIo::new(tcp), service));
                    tokio::select! {
                        _ = connection.as_mut() => return,
                        _ = closing.wait_for(|&c| c) => {}
                    }
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                });
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            () = &mut interrupted => break,
        }
    }
    eprintln!(
        "cgtk serve: interrupted: no new connections; running computations stop and answer what they reached (Ctrl-C again ends at once)"
    );
    drop(listener);
    state.stop_all();
    let _ = closing.send(true);
    let grace = Duration::from_secs(GRACE_SECONDS);
    let _ = tokio::time::timeout(grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    Ok(())
}

/// Ends at the first Ctrl-C (which sets [`crate::interrupted`]; a second
/// one ends the process at once).
async fn interrupted() {
    while !crate::interrupted().is_stopped() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_machine_is_named_three_ways_with_any_port() {
        for host in [
            "localhost",
            "LocalHost:8080",
            "127.0.0.1",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:65535",
        ] {
            assert!(is_this_machine(host), "{host}");
        }
        for host in [
            "",
            "example.com",
            "localhost.example.com",
            "127.0.0.1.example.com:80",
            "127.0.0.2",
            "::1",
            "[::1]x",
            "localhost:",
            "localhost:80:80",
            "localhost:123456",
            "[::2]:80",
        ] {
            assert!(!is_this_machine(host), "{host}");
        }
    }

    #[test]
    fn only_the_same_origin_passes() {
        let headers = |pairs: &[(header::HeaderName, &str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.append(name, HeaderValue::from_str(value).unwrap());
            }
            map
        };
        let host = (header::HOST, "127.0.0.1:8080");
        assert_eq!(refusal(true, &headers(std::slice::from_ref(&host))), None);
        assert_eq!(
            refusal(
                true,
                &headers(&[host.clone(), (header::ORIGIN, "http://127.0.0.1:8080")])
            ),
            None
        );
        for origin in [
            "http://example.com",
            "null",
            "http://localhost:8080",
            "https://127.0.0.1:8080",
        ] {
            let refused = refusal(true, &headers(&[host.clone(), (header::ORIGIN, origin)]));
            assert!(refused.is_some_and(|r| r.contains("Origin")), "{origin}");
        }
        assert!(refusal(true, &headers(&[])).is_some());
        assert!(refusal(true, &headers(&[(header::HOST, "example.com")])).is_some());
        assert_eq!(
            refusal(false, &headers(&[(header::HOST, "192.0.2.1:80")])),
            None
        );
        let foreign = headers(&[
            (header::HOST, "192.0.2.1:80"),
            (header::ORIGIN, "http://example.com"),
        ]);
        assert!(refusal(false, &foreign).is_some());
    }
}
