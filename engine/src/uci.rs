//! The UCI front end, with the variant extensions of Fairy-Stockfish
//! (`UCI_Variant`, the `info string variant …` line) and the Red Fool's
//! move suffix (`g1f3@d4`).
//!
//! The engine starts in orthodox chess, as Fairy-Stockfish does, so that a
//! chess GUI that never sends `UCI_Variant` is answered with chess moves;
//! [`run_with`] starts it in another variant.
//!
//! The main thread reads commands; a search (or a `go perft`) runs on a
//! worker thread that owns the [`Searcher`] while it works and hands it
//! back when done, so `isready`, `stop` and `ponderhit` are answered at
//! once. Output goes out one whole line at a time through the locked
//! standard output, so lines of the two threads never interleave. A bad
//! command gets one `info string error: …` line, with the input it quotes
//! escaped and cut short ([`echo`]); a bad `go` is then answered with
//! `bestmove 0000`, so that every `go` ends in a `bestmove`.

mod display;
mod echo;
mod options;
mod wdl;

pub use display::{describe, diagram, diagram_from, fool_menacers};
pub use echo::echo;
pub use options::{parse_variant, EngineOptions, OptionChange, OptionError, UnknownVariantName, VariantChoice};
pub use wdl::WdlModel;

use crate::greedy::{GreedyPlayer, Verdict};
use crate::limits::Limits;
use crate::search::{Bound, Report, SearchInfo, SearchOptions, SearchResult, Searcher, Signals};
use movegen::{legal_moves, perft_until, with_variant, Geometry, Move, Position, Score, Variant, VariantKind};
use std::io::{BufRead, Write};
use std::num::IntErrorKind;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Stack for the search thread: deep recursion with move lists per ply.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// The deepest `go perft`.
const PERFT_MAX_DEPTH: u64 = 20;

/// Writes one line to standard output. A vanished reader is not an error
/// worth dying for: the end of input will end the session.
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Sends an error line; the message's text from the input is escaped and
/// cut short, so that it can never pose as a line of its own.
fn send_error(message: &str) {
    send(&format!("info string error: {}", echo(message)));
}

/// Runs a UCI session in orthodox chess on standard input and output until
/// `quit` or the end of input.
pub fn run() {
    run_with(VariantKind::Chess, false);
}

/// Runs a UCI session that starts in `variant` (with Chess960 castling when
/// `chess960`), for tools that can pass the engine arguments but not
/// options (`redfool --variant redfool`). `UCI_Variant` still switches.
pub fn run_with(variant: VariantKind, chess960: bool) {
    let mut session = Session::starting_in(variant, chess960);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buffer = Vec::new();
    loop {
        let flow = match read_line(&mut input, &mut buffer) {
            Line::End => break,
            Line::TooLong => {
                send_error(&format!("a command line longer than {} MiB was ignored", MAX_LINE_BYTES >> 20));
                Flow::Continue
            }
            Line::Read => session.execute(String::from_utf8_lossy(&buffer).trim()),
        };
        if flow == Flow::Quit {
            break;
        }
    }
    session.finish_search(true);
}

/// The longest command line read; a longer one is skipped, so that input
/// without line ends cannot fill the memory.
const MAX_LINE_BYTES: usize = 16 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line, in the buffer.
    Read,
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
    /// The end of the input (or an error reading it).
    End,
}

/// Reads one line into `buffer`.
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> Line {
    buffer.clear();
    let limit = MAX_LINE_BYTES as u64 + 1;
    match std::io::Read::take(&mut *input, limit).read_until(b'\n', buffer) {
        Ok(0) | Err(_) => return Line::End,
        Ok(_) if buffer.len() <= MAX_LINE_BYTES || buffer.ends_with(b"\n") => return Line::Read,
        Ok(_) => {}
    }
    // Skip the rest of the line, holding at most one chunk at a time.
    loop {
        buffer.clear();
        match std::io::Read::take(&mut *input, limit).read_until(b'\n', buffer) {
            Ok(0) | Err(_) => return Line::TooLong,
            Ok(_) if buffer.ends_with(b"\n") => return Line::TooLong,
            Ok(_) => {}
        }
    }
}

/// Whether the session goes on after a command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`: the session is over.
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

/// A search or perft running on its worker thread.
struct RunningJob {
    signals: Arc<Signals>,
    /// Set by the worker just before it sends its last line, so that a `go`
    /// sent in answer to that line never finds the engine still busy.
    done: Arc<AtomicBool>,
    worker: JoinHandle<Searcher>,
}

/// The work of a `go` on the worker thread: it may use the searcher, must
/// watch the signals, and returns the line that ends it (`bestmove …`).
type Job = Box<dyn FnOnce(&mut Searcher, &Signals) -> String + Send>;

/// One UCI session's state.
pub struct Session {
    /// The start-up option values, declared as the defaults.
    start: EngineOptions,
    options: EngineOptions,
    setup: Option<GameSetup>,
    /// `None` while a job holds it.
    searcher: Option<Searcher>,
    running: Option<RunningJob>,
    /// Plays instead of the search while the `Greedy` option is on.
    greedy: GreedyPlayer,
    /// Searches started so far: a weakened search seeds its random errors
    /// with this count, so a session's choices are reproducible and yet
    /// differ from one move to the next.
    searches: u64,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session in orthodox chess with default options and no position yet.
    pub fn new() -> Session {
        Session::starting_in(VariantKind::Chess, false)
    }

    /// A session that starts in `variant`, with no position yet.
    pub fn starting_in(variant: VariantKind, chess960: bool) -> Session {
        let options = EngineOptions::starting_in(variant, chess960);
        Session {
            searcher: Some(Searcher::new(options.hash_mb)),
            start: options.clone(),
            options,
            setup: None,
            running: None,
            greedy: GreedyPlayer::default(),
            searches: 0,
        }
    }

    /// Executes one command line.
    pub fn execute(&mut self, line: &str) -> Flow {
        self.reap_job();
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
            "go" => {
                self.go(args);
                Ok(())
            }
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
            "bench" => self.bench(args),
            "d" => self.with_position(|text| text.to_string(), describe_any),
            "eval" => self.with_position(|text| text.to_string(), trace_any),
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(message) = result {
            send_error(&message);
        }
        Flow::Continue
    }

    fn identify(&self) {
        send(&format!("id name redfool {}", env!("CARGO_PKG_VERSION")));
        send(&format!("id author {}", env!("CARGO_PKG_AUTHORS")));
        for line in options::declarations(&self.start) {
            send(&line);
        }
        send(&variant_line(self.options.variant));
        send("uciok");
    }

    /// Joins a job that has finished on its own, taking the searcher back.
    fn reap_job(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.done.load(Ordering::Acquire)) {
            self.finish_search(false);
        }
    }

    /// Waits for the running job (stopping it first when `stop`) and
    /// takes the searcher back.
    pub fn finish_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.signals.stop.store(true, Ordering::Relaxed);
            }
            match running.worker.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    send_error("the search thread failed; starting with a fresh table");
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
            OptionChange::Variant(choice) => {
                self.options.variant = choice.variant;
                self.options.chess960 |= choice.chess960;
                self.setup = None;
                send(&variant_line(choice.variant));
            }
            OptionChange::Chess960(on) => self.options.chess960 = on,
            OptionChange::Hash(mb) => {
                let result = self.searcher_mut()?.set_hash(mb);
                self.options.hash_mb = result.map_or_else(|e| e.kept_mb, |()| mb);
                result.map_err(|e| format!("setoption Hash: {e}"))?;
            }
            OptionChange::ClearHash => self.searcher_mut()?.clear(),
            OptionChange::Threads(n) => self.options.threads = n,
            OptionChange::MultiPv(n) => self.options.multipv = n,
            OptionChange::MoveOverhead(ms) => self.options.move_overhead = ms,
            OptionChange::Ponder(on) => self.options.ponder = on,
            OptionChange::ShowWdl(on) => self.options.show_wdl = on,
            OptionChange::Greedy(on) => self.options.greedy = on,
            OptionChange::SkillLevel(level) => self.options.skill_level = level,
            OptionChange::LimitStrength(on) => self.options.limit_strength = on,
            OptionChange::Elo(elo) => self.options.elo = elo,
            OptionChange::NoEffect => {}
        }
        Ok(())
    }

    /// `position startpos|fen <FEN> [moves …]`. On any error no position is
    /// left: searching the previous one would answer with a move that is
    /// illegal in the GUI's game.
    fn set_position(&mut self, args: &str) -> Result<(), String> {
        self.setup = None;
        let setup = self.parse_position(args).map_err(|e| format!("{e} (no position is set now)"))?;
        self.setup = Some(setup);
        Ok(())
    }

    fn parse_position(&self, args: &str) -> Result<GameSetup, String> {
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
            return Err(format!("position: expected 'startpos' or 'fen <FEN>', got '{base}'"));
        };
        let texts: Vec<&str> = moves.map_or(Vec::new(), |m| m.split_whitespace().collect());
        let chess960 = self.options.chess960;
        with_variant!(self.options.variant, V => parse_game::<V>(&fen, &texts, chess960))
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

    /// `bench [depth]`, as on the command line (OpenBench runs it either
    /// way). Runs on the input thread: it is a tool, not a game command.
    fn bench(&mut self, args: &str) -> Result<(), String> {
        if self.running.is_some() {
            return Err("bench: the engine is searching; send 'stop' first".to_string());
        }
        let args: Vec<String> = args.split_whitespace().map(str::to_string).collect();
        crate::bench::run(&args)
    }

    /// `go`: always answered with a `bestmove` (`bestmove 0000` after an
    /// error line), but for `go perft`, which ends with its node count. A
    /// `go` sent while a search runs ends that search first (its
    /// `bestmove` is sent), so each `go` gets its own answer, in order.
    fn go(&mut self, args: &str) {
        self.finish_search(true);
        if let Err(message) = self.start_go(args) {
            send_error(&message);
            send("bestmove 0000");
        }
    }

    fn start_go(&mut self, args: &str) -> Result<(), String> {
        let setup =
            self.setup.clone().ok_or("go: no position set: send 'position startpos' or 'position fen <FEN>'")?;
        let variant = self.options.variant;
        let chess960 = self.options.chess960;
        with_variant!(variant, V => {
            let pos = setup.build::<V>(chess960)?;
            match parse_go(&pos, args)? {
                GoCommand::Perft(depth) => self.spawn_job(Box::new(move |_, signals| perft_job(&pos, depth, signals))),
                GoCommand::Search(limits) if self.options.greedy => {
                    self.play_greedy(&pos, &limits);
                    Ok(())
                }
                GoCommand::Search(limits) => self.start_search(pos, limits),
            }
        })
    }

    /// The model for `wdl` in `info` lines, when `UCI_ShowWDL` is on.
    fn wdl_model(&self) -> Option<WdlModel> {
        self.options.show_wdl.then(|| WdlModel::of(self.options.variant))
    }

    /// Answers `go` at once with the greedy player's move, whatever the
    /// limits (but `searchmoves`).
    fn play_greedy<V: Variant>(&mut self, pos: &Position<V>, limits: &Limits) {
        let choice = self.greedy.choose(pos, &limits.searchmoves);
        let score = match choice {
            None => Score::Cp(0),
            Some((_, Verdict::Wins)) => Score::Mate(1),
            Some((_, Verdict::Material(cp))) => Score::Cp(cp),
        };
        let best = choice.map(|(m, _)| m);
        let depth = u32::from(best.is_some());
        let info = SearchInfo {
            depth,
            seldepth: depth,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: u64::from(depth),
            nps: 0,
            hashfull: 0,
            time_ms: 0,
            pv: best.into_iter().collect(),
        };
        send(&info_line(pos, &info, self.wdl_model()));
        send(&bestmove_line(pos, &SearchResult { best, ponder: None, nodes: info.nodes, score, depth }));
    }

    fn start_search<V: Variant>(&mut self, pos: Position<V>, limits: Limits) -> Result<(), String> {
        let options = SearchOptions {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            skill: self.options.skill(self.searches),
        };
        self.searches += 1;
        let wdl = self.wdl_model();
        self.spawn_job(Box::new(move |searcher, signals| {
            let result =
                searcher.search(&pos, &limits, &options, signals, &mut |report| send(&report_line(&pos, &report, wdl)));
            bestmove_line(&pos, &result)
        }))
    }

    /// Runs `job` on the worker thread with the searcher. Should the job
    /// panic (an engine bug), the GUI still gets an error line and
    /// `bestmove 0000` at once, and the session a fresh searcher.
    fn spawn_job(&mut self, job: Job) -> Result<(), String> {
        let mut searcher = self.searcher.take().ok_or("go: the engine is busy")?;
        let signals = Arc::new(Signals::default());
        let thread_signals = Arc::clone(&signals);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let hash_mb = self.options.hash_mb;
        let spawned =
            std::thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK_BYTES).spawn(move || {
                let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut searcher, &thread_signals)));
                let last = outcome.unwrap_or_else(|_| {
                    send_error("the search failed (an engine bug); starting again with a fresh table");
                    searcher = Searcher::new(hash_mb);
                    "bestmove 0000".to_string()
                });
                thread_done.store(true, Ordering::Release);
                send(&last);
                searcher
            });
        match spawned {
            Ok(worker) => {
                self.running = Some(RunningJob { signals, done, worker });
                Ok(())
            }
            Err(e) => {
                // The closure (and the searcher in it) is gone with the
                // failed thread: start afresh.
                self.searcher = Some(Searcher::new(self.options.hash_mb));
                Err(format!("go: cannot start the search thread: {e}"))
            }
        }
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
            text.parse().map_err(|e: std::num::ParseIntError| match e.kind() {
                IntErrorKind::PosOverflow => format!("go {word}: {text} is out of range (at most {})", u64::MAX),
                _ => format!("go {word}: '{text}' is not {what}"),
            })
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
                let depth = number("a depth")?;
                if depth > PERFT_MAX_DEPTH {
                    return Err(format!("go perft: depth {depth} is out of range (at most {PERFT_MAX_DEPTH})"));
                }
                return Ok(GoCommand::Perft(depth as u32));
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
            other => return Err(format!("go: unknown parameter '{other}'")),
        }
        i += if matches!(word, "infinite" | "ponder") { 1 } else { 2 };
    }
    Ok(GoCommand::Search(limits))
}

fn to_u32(n: u64, word: &str) -> Result<u32, String> {
    u32::try_from(n).map_err(|_| format!("go {word}: {n} is out of range (at most {})", u32::MAX))
}

/// `go perft`: each root move's leaf count as it is finished (in
/// Stockfish's format), then the total, which is the job's last line.
/// Stopped early, it counts only the moves finished and says so.
fn perft_job<V: Variant>(pos: &Position<V>, depth: u32, signals: &Signals) -> String {
    if depth == 0 {
        send("");
        return "Nodes searched: 1".to_string();
    }
    let moves = legal_moves(pos);
    let mut total = 0;
    let mut finished = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.make(m);
        let count = perft_until(&mut child, depth - 1, &signals.stop);
        if signals.stop.load(Ordering::Relaxed) {
            break;
        }
        send(&format!("{}: {count}", pos.uci(m)));
        total += count;
        finished += 1;
    }
    send("");
    if finished < moves.len() {
        format!("Nodes searched: {total} (incomplete: stopped after {finished} of {} moves)", moves.len())
    } else {
        format!("Nodes searched: {total}")
    }
}

/// The UCI text of each move of a line played from `pos`, each written in
/// the position it is played in (a Checkered-chess switch names the kings'
/// squares of that position, Chess960 castling its rook). The text stops
/// before a move that is not legal where it stands, so that no GUI is
/// ever sent one.
fn line_texts<V: Variant>(pos: &Position<V>, line: &[Move]) -> Vec<String> {
    let mut here = pos.clone();
    let mut texts = Vec::with_capacity(line.len());
    for &m in line {
        if !legal_moves(&here).contains(&m) {
            break;
        }
        texts.push(here.uci(m));
        here.make(m);
    }
    texts
}

/// A search report as a UCI `info` line; with a model, the score's
/// win/draw/loss chances too.
pub fn report_line<V: Variant>(pos: &Position<V>, report: &Report, wdl: Option<WdlModel>) -> String {
    match report {
        Report::Info(info) => info_line(pos, info, wdl),
        Report::CurrMove { depth, mv, number } => {
            format!("info depth {depth} currmove {} currmovenumber {number}", pos.uci(*mv))
        }
    }
}

fn info_line<V: Variant>(pos: &Position<V>, info: &SearchInfo, wdl: Option<WdlModel>) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let wdl = wdl.map_or(String::new(), |model| {
        let [w, d, l] = model.wdl(info.score);
        format!(" wdl {w} {d} {l}")
    });
    let pv = line_texts(pos, &info.pv);
    let pv = if pv.is_empty() { String::new() } else { format!(" pv {}", pv.join(" ")) };
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound}{wdl} nodes {} nps {} hashfull {} time {}{pv}",
        info.depth, info.seldepth, info.multipv, info.score, info.nodes, info.nps, info.hashfull, info.time_ms,
    )
}

/// `bestmove`, with the ponder move written in the position after it;
/// `bestmove (none)` when there is no legal move, as Stockfish says.
fn bestmove_line<V: Variant>(pos: &Position<V>, result: &SearchResult) -> String {
    let line: Vec<Move> = result.best.into_iter().chain(result.best.and(result.ponder)).collect();
    match line_texts(pos, &line).as_slice() {
        [] => "bestmove (none)".to_string(),
        [best] => format!("bestmove {best}"),
        [best, ponder, ..] => format!("bestmove {best} ponder {ponder}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Checkered;

    #[test]
    fn a_line_too_long_is_skipped_whole_and_the_next_one_read() {
        let mut text = vec![b'x'; 2 * MAX_LINE_BYTES + 5];
        text.extend_from_slice(b"\nisready\nlast");
        let mut input = std::io::Cursor::new(text);
        let mut buffer = Vec::new();
        assert_eq!(read_line(&mut input, &mut buffer), Line::TooLong);
        assert!(buffer.len() <= MAX_LINE_BYTES + 1, "never more than one chunk held");
        assert_eq!((read_line(&mut input, &mut buffer), buffer.as_slice()), (Line::Read, &b"isready\n"[..]));
        assert_eq!((read_line(&mut input, &mut buffer), buffer.as_slice()), (Line::Read, &b"last"[..]));
        assert_eq!(read_line(&mut input, &mut buffer), Line::End);
        // Exactly the limit, with or without its line end, is read.
        let mut input = std::io::Cursor::new(vec![b'y'; MAX_LINE_BYTES]);
        assert_eq!(read_line(&mut input, &mut buffer), Line::Read);
        assert_eq!(buffer.len(), MAX_LINE_BYTES);
    }

    #[test]
    fn a_switch_after_a_king_move_names_the_kings_where_they_then_stand() {
        // Issue #16: after f3e4 the switch is written h7e4,c3c7, not with
        // the root's king squares (f3h7,c3c7).
        let fen = "8/7K/8/4P3/8/2u1ok2/8/6q1 b - - 5 67 1101000101011000 - 1";
        let pos = Position::<Checkered>::from_fen(fen, false).unwrap();
        let king_move = pos.parse_uci("f3e4").unwrap();
        let mut after = pos.clone();
        after.make(king_move);
        let switch = after.parse_uci("h7e4,c3c7").unwrap();
        let info = SearchInfo {
            depth: 2,
            seldepth: 2,
            multipv: 1,
            score: Score::Cp(0),
            bound: Bound::Exact,
            nodes: 1,
            nps: 1,
            hashfull: 0,
            time_ms: 0,
            pv: vec![king_move, switch],
        };
        assert!(info_line(&pos, &info, None).ends_with(" pv f3e4 h7e4,c3c7"), "{}", info_line(&pos, &info, None));
        let result =
            SearchResult { best: Some(king_move), ponder: Some(switch), nodes: 1, score: Score::Cp(0), depth: 2 };
        assert_eq!(bestmove_line(&pos, &result), "bestmove f3e4 ponder h7e4,c3c7");
        // A move that is not legal where it stands ends the line there.
        let info = SearchInfo { pv: vec![king_move, king_move], ..info };
        assert!(info_line(&pos, &info, None).ends_with(" pv f3e4"), "{}", info_line(&pos, &info, None));
    }
}
