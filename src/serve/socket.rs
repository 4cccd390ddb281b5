//! One tab's WebSocket: its requests go to its [`Session`], and its search
//! runs on a thread of its own, restarted whenever the game changes and
//! stopped when the tab closes or the server shuts down.

use super::protocol::{AnalysisView, ServerMessage};
use super::session::{Purpose, Session};
use axum::extract::ws::{Message, WebSocket};
use engine::search::{Searcher, Signals};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// Transposition table size per tab, in MiB.
const HASH_MB: usize = 16;

/// What a tab's search thread tells its socket.
enum SearchEvent {
    Lines { generation: u64, view: AnalysisView },
    Done { generation: u64, best: Option<String> },
}

/// The search running for a tab.
struct Running {
    purpose: Purpose,
    signals: Arc<Signals>,
}

/// A tab's engine: one searcher, at most one search running.
struct Engine {
    searcher: Arc<Mutex<Searcher>>,
    events: mpsc::UnboundedSender<SearchEvent>,
    running: Option<Running>,
    generation: u64,
}

impl Engine {
    fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.signals.stop.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
    }

    /// Stops the search running and starts the one `session` wants.
    fn restart(&mut self, session: &Session) {
        self.stop();
        let Some(plan) = session.wanted_search() else { return };
        let signals = Arc::new(Signals::default());
        let generation = self.generation;
        self.running = Some(Running { purpose: plan.purpose, signals: Arc::clone(&signals) });
        let (searcher, events) = (Arc::clone(&self.searcher), self.events.clone());
        std::thread::spawn(move || {
            // The searcher is free as soon as the stopped search before returns.
            let mut searcher = searcher.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let mut sink = |view| {
                if plan.report {
                    let _ = events.send(SearchEvent::Lines { generation, view });
                }
            };
            let best = (plan.job)(&mut searcher, &plan.limits, &plan.options, &signals, &mut sink);
            let _ = events.send(SearchEvent::Done { generation, best });
        });
    }
}

/// Serves one tab until it closes or `shutdown` turns true.
pub async fn serve_tab(mut socket: WebSocket, mut shutdown: watch::Receiver<bool>) {
    let mut session = Session::default();
    let (events, mut incoming) = mpsc::unbounded_channel();
    let mut engine =
        Engine { searcher: Arc::new(Mutex::new(Searcher::new(HASH_MB))), events, running: None, generation: 0 };
    if send(&mut socket, &session.state()).await.is_err() {
        return;
    }
    loop {
        let flag = session.time_to_flag();
        let messages = tokio::select! {
            frame = socket.recv() => match frame {
                Some(Ok(Message::Text(text))) => {
                    let reply = session.handle_text(text.as_str());
                    if reply.changed {
                        engine.restart(&session);
                    }
                    reply.messages
                }
                Some(Ok(Message::Binary(_))) => vec![ServerMessage::Error {
                    message: "malformed request: binary frames are not understood, send JSON text".to_string(),
                }],
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(event) = incoming.recv() => match event {
                SearchEvent::Lines { generation, view } if generation == engine.generation => {
                    vec![ServerMessage::Analysis(view)]
                }
                SearchEvent::Done { generation, best } if generation == engine.generation => {
                    let purpose = engine.running.take().map(|r| r.purpose);
                    match (purpose, best) {
                        (Some(Purpose::Play), Some(uci)) => {
                            let messages = session.engine_played(&uci);
                            engine.restart(&session);
                            messages
                        }
                        _ => Vec::new(),
                    }
                }
                _ => Vec::new(),
            },
            () = tokio::time::sleep(flag.unwrap_or(Duration::ZERO)), if flag.is_some() => {
                if session.check_flag() {
                    engine.restart(&session);
                    vec![session.state()]
                } else {
                    Vec::new()
                }
            }
            _ = shutdown.changed() => break,
        };
        for message in &messages {
            if send(&mut socket, message).await.is_err() {
                engine.stop();
                return;
            }
        }
    }
    engine.stop();
}

async fn send(socket: &mut WebSocket, message: &ServerMessage) -> Result<(), axum::Error> {
    let text = serde_json::to_string(message).expect("server messages serialise");
    socket.send(Message::Text(text.into())).await
}
