//! `cgtk serve`: a local web page over the engines, and a JSON API under
//! `/api/` that answers exactly what the CLI prints with `--json`.
//!
//! The server is axum on tokio. Every request that computes runs on
//! tokio's blocking pool, so a long search never holds up another request;
//! searches run under limits (a time limit of at most
//! [`api::MAX_SECONDS`] seconds, node limits, the players' budgets) and stop
//! early, through a [`cgt::search::StopFlag`], when the client goes away.
//! The page (one HTML file, a style sheet and plain JavaScript) is compiled
//! into the binary: nothing is fetched from elsewhere.

mod api;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use clap::Args;

use crate::output::bad_input;

/// `cgtk serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port (0: any free port; the URL is printed on one line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (only this machine by default).
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

/// The router: the page, its assets and the API.
fn router(state: Arc<api::State>) -> Router {
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
    runtime.block_on(async move {
        let addr = SocketAddr::new(args.host, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| bad_input(&format!("cannot listen on {addr}"), e))?;
        let local = listener.local_addr()?;
        println!("cgtk serve: http://{local}/");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        axum::serve(listener, router(state))
            .await
            .context("the server stopped")
    })
}
