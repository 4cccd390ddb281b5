//! `redfool serve`: a board in the browser to play and analyse every
//! variant against the engine. The page and its assets are built into the
//! binary, so it works offline; each tab talks to its own game session over
//! a WebSocket (see [`protocol`]) and has its own search thread. The rules
//! stay on the server: the page draws what it is told (legal moves with the
//! Fool's answers, SAN, the pieces menacing the Fool, results) and asks.

mod assets;
mod clock;
mod error;
mod protocol;
mod session;
mod socket;
mod table;

use crate::error::CliError;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use tokio::sync::watch;

/// The largest request a tab may send (a PGN to import, say), in bytes.
const MAX_FRAME_BYTES: usize = 1 << 20;

/// The arguments of `redfool serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,
    /// The address to listen on; another than 127.0.0.1 opens the board to
    /// the network
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the board in the default web browser
    #[arg(long)]
    open: bool,
}

/// Runs `redfool serve` until Ctrl-C.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let runtime = tokio::runtime::Runtime::new().map_err(CliError::Serve)?;
    runtime.block_on(serve(args))
}

async fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let listener =
        tokio::net::TcpListener::bind(SocketAddr::new(args.host, args.port)).await.map_err(CliError::Serve)?;
    let address = listener.local_addr().map_err(CliError::Serve)?;
    let url = format!("http://{address}/");
    crate::output::print(&format!("redfool serve: the board is at {url} (Ctrl-C stops the server)\n"))?;
    if args.open {
        open_browser(&url);
    }
    let (stop, stopped) = watch::channel(false);
    let app = router(stopped);
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            // If Ctrl-C cannot be watched the server runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            let _ = stop.send(true);
        })
        .await
        .map_err(CliError::Serve)?;
    crate::output::note("redfool serve: stopped\n");
    Ok(())
}

/// The routes: the page, its assets, and the tabs' WebSocket.
fn router(stopped: watch::Receiver<bool>) -> Router {
    Router::new()
        .route("/", get(|| async { asset_response("index.html") }))
        .route("/assets/{name}", get(|Path(name): Path<String>| async move { asset_response(&name) }))
        .route("/ws", get(tab_socket))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found: the board is at /\n") })
        .with_state(stopped)
}

async fn tab_socket(upgrade: WebSocketUpgrade, State(stopped): State<watch::Receiver<bool>>) -> Response {
    upgrade.max_message_size(MAX_FRAME_BYTES).on_upgrade(move |socket| socket::serve_tab(socket, stopped))
}

fn asset_response(name: &str) -> Response {
    match assets::find(name) {
        Some(asset) => ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no asset named '{name}'\n")).into_response(),
    }
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        std::process::Command::new("open").arg(url).spawn()
    } else if cfg!(windows) {
        std::process::Command::new("cmd").args(["/C", "start", "", url]).spawn()
    } else {
        std::process::Command::new("xdg-open").arg(url).spawn()
    };
    if let Err(e) = opener {
        crate::output::note(&format!("redfool serve: cannot open a browser ({e}); open {url} yourself\n"));
    }
}
