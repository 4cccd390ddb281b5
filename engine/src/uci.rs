//! The UCI front end, with the variant extensions of Fairy-Stockfish
//! (`UCI_Variant`, the `info string variant …` line) and the Red Fool's
//! move suffix (`g1f3@d4`).
//!
//! The main thread reads commands; a search runs on a worker thread that
//! owns the [`Searcher`] while it thinks and hands it back when done, so
//! `isready`, `stop` and `ponderhit` are answered at once. Output goes out
//! one whole line at a time through the locked standard output, so lines of
//! the two threads never interleave. A bad command gets one
//! `info string error: …` line and changes nothing.

mod display;
mod options;

pub use display::{describe, diagram, diagram_from};
pub use options::{EngineOptions, OptionChange, OptionError};

use crate::greedy::{GreedyPlayer, Verdict};
use crate::limits::Limits;
use crate::search::{Bound, Report, Score, SearchInfo, SearchOptions, SearchResult, Searcher, Signals};
use movegen::{divide, with_variant, Geometry, Move, Position, Variant, VariantKind};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stack for the search thread: deep recursion with move lists per ply.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Writes one line to standard output. A vanished reader is not an error
/// worth dying for: the end of input will end the session.
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs a UCI session on standard input and output until `quit` or the end
/// of input.
pub fn run() {
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buffer);
        if session.execute(line.trim()) == Flow::Quit {
            break;
        }
    }
    session.finish_search(true);
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// The position set by the last `position` command: a start FEN and the
/// moves played from it (kept as moves, so that switching Chess960 mode,
/// which only changes how castling is written, keeps the position).
#[derive(Clone, Debug)]
struct GameSetup {
    fen: String,
    moves: Vec<Move>,
}

impl GameSetup {
    fn build<V: Variant>(&self, chess960: bool) -> Result<Position<V>, String> {
        let mut pos = Position::<V>::from_fen(&self.fen, chess960).map_err(|e| e.to_string())?;
        for &m in &self.moves {
            pos.make(m);
        }
        Ok(pos)
    }
}

/// A search running on its worker thread.
struct RunningSearch {
    signals: Arc<Signals>,
    /// Set by the worker just before it sends `bestmove`, so that a `go`
    /// sent in answer to that line never finds the engine still busy.
    done: Arc<AtomicBool>,
    worker: JoinHandle<Searcher>,
}

/// One UCI session's state.
pub struct Session {
    options: EngineOptions,
    setup: Option<GameSetup>,
    /// `None` while a search holds it.
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
    /// Plays instead of the search while the `Greedy` option is on.
    greedy: GreedyPlayer,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with default options and no position yet.
    pub fn new() -> Session {
        let options = EngineOptions::default();
        Session {
            searcher: Some(Searcher::new(options.hash_mb)),
            options,
            setup: None,
            running: None,
            greedy: GreedyPlayer::default(),
        }
    }

    /// Executes one command line.
    pub fn execute(&mut self, line: &str) -> Flow {
        self.reap_search();
        let (command, args) = line.split_once(char::is_whitespace).map_or((line, ""), |(c, a)| (c, a.trim()));
        let result = match command {
            "" => Ok(()),
            "uci" => {
                self.identify();
                Ok(())
            }
            "isready" => {
                send("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.finish_search(true);
                self.searcher_mut().map(Searcher::clear)
            }
            "setoption" => self.set_option(args),
            "position" => self.set_position(args),
            "go" => self.go(args),
            "stop" => {
                if let Some(running) = &self.running {
                    running.signals.stop.store(true, Ordering::Relaxed);
                }
                Ok(())
            }
            "ponderhit" => {
                if let Some(running) = &self.running {
                    running.signals.ponderhit.store(true, Ordering::Relaxed);
                }
                Ok(())
            }
            "quit" => return Flow::Quit,
            "d" => self.with_position(|text| text.to_string(), describe_any),
            "eval" => self.with_position(|text| text.to_string(), trace_any),
            other => Err(format!("unknown command '{}'", truncate(other))),
        };
        if let Err(message) = result {
            send(&format!("info string error: {message}"));
        }
        Flow::Continue
    }

    fn identify(&self) {
        send(&format!("id name redfool {}", env!("CARGO_PKG_VERSION")));
        send(&format!("id author {}", env!("CARGO_PKG_AUTHORS")));
        for line in options::declarations() {
            send(&line);
        }
        send(&variant_line(self.options.variant));
        send("uciok");
    }

    /// Joins a search that has finished on its own, taking the searcher back.
    fn reap_search(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.done.load(Ordering::Acquire)) {
            self.finish_search(false);
        }
    }

    /// Waits for the running search (stopping it first when `stop`) and
    /// takes the searcher back.
    pub fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.signals.stop.store(true, Ordering::Relaxed);
            }
            match running.worker.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    send("info string error: the search thread failed; starting with a fresh table");
                    self.searcher = Some(Searcher::new(self.options.hash_mb));
                }
            }
        }
    }

    fn searcher_mut(&mut self) -> Result<&mut Searcher, String> {
        self.searcher.as_mut().ok_or_else(|| "the engine is searching; send 'stop' first".to_string())
    }

    fn set_option(&mut self, args: &str) -> Result<(), String> {
        let change = options::parse_setoption(args).map_err(|e| e.to_string())?;
        match change {
            OptionChange::Variant(variant) => {
                self.options.variant = variant;
                self.setup = None;
                send(&variant_line(variant));
            }
            OptionChange::Chess960(on) => self.options.chess960 = on,
            OptionChange::Hash(mb) => {
                self.searcher_mut()?.set_hash(mb);
                self.options.hash_mb = mb;
            }
            OptionChange::ClearHash => self.searcher_mut()?.clear(),
            OptionChange::Threads(n) => self.options.threads = n,
            OptionChange::MultiPv(n) => self.options.multipv = n,
            OptionChange::MoveOverhead(ms) => self.options.move_overhead = ms,
            OptionChange::Ponder(on) => self.options.ponder = on,
            OptionChange::Greedy(on) => self.options.greedy = on,
        }
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves …]`: on any error the previous
    /// position stays.
    fn set_position(&mut self, args: &str) -> Result<(), String> {
        let (base, moves) = match args.split_once(" moves") {
            Some((base, moves)) => (base.trim(), Some(moves)),
            None => (args.trim(), None),
        };
        let fen = if base == "startpos" {
            with_variant!(self.options.variant, V => V::START_FEN).to_string()
        } else if let Some(fen) = base.strip_prefix("fen ") {
            fen.trim().to_string()
        } else if base == "fen" {
            return Err("position fen: the FEN is missing".to_string());
        } else {
            return Err(format!("position: expected 'startpos' or 'fen <FEN>', got '{}'", truncate(base)));
        };
        let texts: Vec<&str> = moves.map_or(Vec::new(), |m| m.split_whitespace().collect());
        let chess960 = self.options.chess960;
        let setup = with_variant!(self.options.variant, V => parse_game::<V>(&fen, &texts, chess960))?;
        self.setup = Some(setup);
        Ok(())
    }

    /// Runs `f` on the current position, for the debugging commands.
    fn with_position(
        &self,
        show: fn(&str) -> String,
        f: fn(&GameSetup, VariantKind, bool) -> Result<String, String>,
    ) -> Result<(), String> {
        let setup = self.setup.as_ref().ok_or("no position set: send 'position startpos' or 'position fen <FEN>'")?;
        let text = f(setup, self.options.variant, self.options.chess960)?;
        send(&show(text.trim_end()));
        Ok(())
    }

    fn go(&mut self, args: &str) -> Result<(), String> {
        if self.running.is_some() {
            return Err("go: already searching; send 'stop' first".to_string());
        }
        let setup =
            self.setup.clone().ok_or("go: no position set: send 'position startpos' or 'position fen <FEN>'")?;
        let variant = self.options.variant;
        let chess960 = self.options.chess960;
        with_variant!(variant, V => {
            let pos = setup.build::<V>(chess960)?;
            match parse_go(&pos, args)? {
                GoCommand::Perft(depth) => {
                    perft_report(&pos, depth);
                    Ok(())
                }
                GoCommand::Search(limits) if self.options.greedy => {
                    self.play_greedy(&pos, &limits);
                    Ok(())
                }
                GoCommand::Search(limits) => self.start_search(pos, limits),
            }
        })
    }

    /// Answers `go` at once with the greedy player's move, whatever the
    /// limits (but `searchmoves`).
    fn play_greedy<V: Variant>(&mut self, pos: &Position<V>, limits: &Limits) {
        match self.greedy.choose(pos, &limits.searchmoves) {
            None => {
                send("info depth 0 score cp 0");
                send("bestmove (none)");
            }
            Some((m, verdict)) => {
                let score = match verdict {
                    Verdict::Wins => "mate 1".to_string(),
                    Verdict::Material(cp) => format!("cp {cp}"),
                };
                send(&format!(
                    "info depth 1 seldepth 1 multipv 1 score {score} nodes 1 nps 0 time 0 pv {}",
                    pos.uci(m)
                ));
                send(&format!("bestmove {}", pos.uci(m)));
            }
        }
    }

    fn start_search<V: Variant>(&mut self, pos: Position<V>, limits: Limits) -> Result<(), String> {
        let mut searcher = self.searcher.take().ok_or("go: the engine is busy")?;
        let signals = Arc::new(Signals::default());
        let options = SearchOptions {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
        };
        let thread_signals = Arc::clone(&signals);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let worker = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let result = searcher
                    .search(&pos, &limits, &options, &thread_signals, &mut |report| send(&report_line(&pos, &report)));
                thread_done.store(true, Ordering::Release);
                send(&bestmove_line(&pos, &result));
                searcher
            })
            .map_err(|e| format!("go: cannot start the search thread: {e}"))?;
        self.running = Some(RunningSearch { signals, done, worker });
        Ok(())
    }
}

fn parse_game<V: Variant>(fen: &str, texts: &[&str], chess960: bool) -> Result<GameSetup, String> {
    let mut pos = Position::<V>::from_fen(fen, chess960).map_err(|e| format!("position: {e}"))?;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let m = pos.parse_uci(text).map_err(|e| format!("position: move {} of the list: {e}", i + 1))?;
        pos.make(m);
        moves.push(m);
    }
    Ok(GameSetup { fen: fen.to_string(), moves })
}

fn describe_any(setup: &GameSetup, variant: VariantKind, chess960: bool) -> Result<String, String> {
    with_variant!(variant, V => setup.build::<V>(chess960).map(|pos| describe(&pos)))
}

fn trace_any(setup: &GameSetup, variant: VariantKind, chess960: bool) -> Result<String, String> {
    with_variant!(variant, V => setup.build::<V>(chess960).map(|pos| eval::trace(&pos).to_string()))
}

/// The Fairy-Stockfish variant announcement a variant-aware GUI reads.
pub fn variant_line(variant: VariantKind) -> String {
    with_variant!(variant, V => variant_line_of::<V>())
}

fn variant_line_of<V: Variant>() -> String {
    format!(
        "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
        V::KIND.name(),
        V::G::FILES,
        V::G::RANKS,
        V::START_FEN
    )
}

/// What a `go` command asks for.
#[derive(Debug)]
enum GoCommand {
    Search(Limits),
    Perft(u32),
}

const GO_KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go<V: Variant>(pos: &Position<V>, args: &str) -> Result<GoCommand, String> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut limits = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let number = |what: &str| -> Result<u64, String> {
            let text = words.get(i + 1).ok_or_else(|| format!("go {word}: missing {what}"))?;
            // Clocks may run negative in some GUIs: treat that as no time left.
            if let Some(negative) = text.strip_prefix('-') {
                if negative.parse::<u64>().is_ok() && matches!(word, "wtime" | "btime") {
                    return Ok(0);
                }
            }
            text.parse().map_err(|_| format!("go {word}: '{}' is not {what}", truncate(text)))
        };
        let colour_of = |w: &str| if w.starts_with('w') { 0 } else { 1 };
        match word {
            "wtime" | "btime" => limits.time[colour_of(word)] = Some(number("milliseconds")?),
            "winc" | "binc" => limits.inc[colour_of(word)] = Some(number("milliseconds")?),
            "movestogo" => limits.movestogo = Some(to_u32(number("a move count")?, word)?),
            "movetime" => limits.movetime = Some(number("milliseconds")?),
            "depth" => limits.depth = Some(to_u32(number("a depth")?, word)?),
            "nodes" => limits.nodes = Some(number("a node count")?),
            "mate" => limits.mate = Some(to_u32(number("a move count")?, word)?),
            "perft" => {
                let depth = to_u32(number("a depth")?, word)?;
                if depth > 20 {
                    return Err(format!("go perft {depth}: depth too large (at most 20)"));
                }
                return Ok(GoCommand::Perft(depth));
            }
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(text) = words.get(i + 1).filter(|w| !GO_KEYWORDS.contains(w)) {
                    limits.searchmoves.push(pos.parse_uci(text).map_err(|e| format!("go searchmoves: {e}"))?);
                    i += 1;
                }
                i += 1;
                continue;
            }
            other => return Err(format!("go: unknown parameter '{}'", truncate(other))),
        }
        i += if matches!(word, "infinite" | "ponder") { 1 } else { 2 };
    }
    Ok(GoCommand::Search(limits))
}

fn to_u32(n: u64, word: &str) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("go {word}: {n} is too large"))
}

fn perft_report<V: Variant>(pos: &Position<V>, depth: u32) {
    let split = if depth == 0 { Vec::new() } else { divide(pos, depth, 1) };
    for (m, n) in &split {
        send(&format!("{}: {n}", pos.uci(*m)));
    }
    let total: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
    send("");
    send(&format!("Nodes searched: {total}"));
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

/// A search report as a UCI `info` line.
pub fn report_line<V: Variant>(pos: &Position<V>, report: &Report) -> String {
    match report {
        Report::Info(info) => info_line(pos, info),
        Report::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {} currmovenumber {number}", pos.uci(*mv))
        }
    }
}

fn info_line<V: Variant>(pos: &Position<V>, info: &SearchInfo) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let pv: Vec<String> = info.pv.iter().map(|&m| pos.uci(m)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        pv.join(" ")
    )
}

fn bestmove_line<V: Variant>(pos: &Position<V>, result: &SearchResult) -> String {
    match result.best {
        None => "bestmove (none)".to_string(),
        Some(best) => match result.ponder {
            Some(ponder) => format!("bestmove {} ponder {}", pos.uci(best), pos.uci(ponder)),
            None => format!("bestmove {}", pos.uci(best)),
        },
    }
}

/// A long piece of input cut down for an error message.
fn truncate(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}
