//! `redfool analyse`: search a position and print its best lines in SAN
//! (Fool suffixes included) with scores in pawns, for people. Each line is
//! printed the moment its depth is finished, so a long search shows how its
//! view develops; between two depths, what the search is doing is shown on
//! standard error.

use crate::common_args::{in_range, ThinkingArgs, ThreadsArg};
use crate::error::CliError;
use crate::game_setup::{position_from_args, PositionArgs};
use crate::output::{self, Reader};
use crate::score_text::ScorePov;
use clap::Args;
use engine::search::{Bound, Report, SearchInfo, SearchOptions, Searcher, Signals};
use movegen::{legal_moves, with_variant, Colour, Move, Position, Variant};
use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Thinking time when neither `--depth` nor `--movetime` is given.
const DEFAULT_MOVETIME_MS: u64 = 2000;
/// Most lines `--multipv` shows: each line is a search of its own at every
/// depth, so many more lines would leave each one shallow.
const MAX_MULTIPV: usize = 64;
/// Transposition table size in MiB.
const HASH_MB: usize = 64;

/// The arguments of `redfool analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    thinking: ThinkingArgs<DEFAULT_MOVETIME_MS>,
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = in_range(1..=MAX_MULTIPV),
          help = format!("Best lines to show, 1 to {MAX_MULTIPV}"))]
    multipv: usize,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Whose point of view scores are shown from
    #[arg(long, value_enum, value_name = "POV", default_value_t = ScorePov::White)]
    score_pov: ScorePov,
}

/// Runs `redfool analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), CliError> {
    let limits = args.thinking.limits();
    let options = SearchOptions { threads: args.threads.threads, multipv: args.multipv, ..SearchOptions::default() };
    with_variant!(args.position.variant.variant.0, V => {
        let pos = position_from_args::<V>(&args.position)?;
        analyse(&pos, &limits, &options, args.score_pov)
    })
}

fn analyse<V: Variant>(
    pos: &Position<V>,
    limits: &engine::limits::Limits,
    options: &SearchOptions,
    pov: ScorePov,
) -> Result<(), CliError> {
    output::print(&format!("{}\n", pos.fen()))?;
    if let Some(outcome) = pos.outcome() {
        return output::print(&format!("the game is over: {outcome}\n"));
    }
    let heading = format!("{:>5} {:>4} {:>7} {:>11} {:>8}  moves", "depth", "line", "score", "nodes", "time");
    output::print(&format!("scores in pawns from {}\n{heading}\n", pov.describe(pos.side_to_move())))?;
    let signals = Signals::default();
    let mut stream = Stream::new(pos, pov, limits.movetime);
    let result = Searcher::new(HASH_MB).search(pos, limits, options, &signals, &mut |report| {
        if stream.report(report) == Reader::Gone {
            signals.stop.store(true, Ordering::Relaxed);
        }
    });
    stream.progress.clear();
    if let Some(error) = stream.error {
        return Err(error);
    }
    let best = result.best.ok_or(CliError::NoEngineMove)?;
    // When the last finished depth shown starts with the move played, its
    // score and depth are the ones to repeat. Otherwise the depth the clock
    // cut short had already found a better move (reported to UCI as a bound
    // line, which is not printed here): say so, rather than pinning that
    // move on the finished depth that preferred another.
    let san = pos.clone().san(best);
    let summary = match stream.best_line.filter(|info| info.pv.first() == Some(&best)) {
        Some(info) => format!("({} at depth {})", pov.apply(info.score, pos.side_to_move()).pawns(), info.depth),
        None => format!(
            "({} at the unfinished depth {})",
            pov.apply(result.score, pos.side_to_move()).pawns(),
            result.depth + 1
        ),
    };
    output::print(&format!("best move: {san} {summary}\n"))
}

/// Prints the search's reports as they come.
struct Stream<'a, V: Variant> {
    pos: &'a Position<V>,
    pov: ScorePov,
    legal_moves: usize,
    progress: Progress,
    /// The last line 1 printed.
    best_line: Option<SearchInfo>,
    /// The first failure to write; the reports after it are dropped.
    error: Option<CliError>,
}

impl<'a, V: Variant> Stream<'a, V> {
    fn new(pos: &'a Position<V>, pov: ScorePov, movetime: Option<u64>) -> Stream<'a, V> {
        Stream {
            pos,
            pov,
            legal_moves: legal_moves(pos).len(),
            progress: Progress::new(movetime),
            best_line: None,
            error: None,
        }
    }

    /// Prints a finished depth's line at once; shows a line being searched
    /// again or the move being searched as progress.
    fn report(&mut self, report: Report) -> Reader {
        if self.error.is_some() {
            return Reader::Gone;
        }
        match report {
            Report::Info(info) if info.bound == Bound::Exact => {
                self.progress.clear();
                let written = output::write(&self.line(&info));
                if info.multipv == 1 {
                    self.best_line = Some(info);
                }
                written.unwrap_or_else(|e| {
                    self.error = Some(e);
                    Reader::Gone
                })
            }
            Report::Info(info) => {
                if self.progress.due() {
                    let best = info.pv.first().map_or(String::new(), |&m| format!(", best so far {}", self.san(m)));
                    self.progress.show(&format!("depth {}{best}", info.depth));
                }
                Reader::Present
            }
            Report::CurrMove { depth, mv, number } => {
                if self.progress.due() {
                    let total = self.legal_moves;
                    self.progress.show(&format!("depth {depth}, move {number}/{total} {}", self.san(mv)));
                }
                Reader::Present
            }
        }
    }

    fn line(&self, info: &SearchInfo) -> String {
        let score = self.pov.apply(info.score, self.pos.side_to_move()).pawns();
        let seconds = format!("{:.2}s", info.time_ms as f64 / 1000.0);
        let moves = san_line(self.pos, &info.pv);
        format!("{:>5} {:>4} {score:>7} {:>11} {seconds:>8}  {moves}\n", info.depth, info.multipv, info.nodes)
    }

    fn san(&self, m: Move) -> String {
        self.pos.clone().san(m)
    }
}

/// A line of moves in SAN with move numbers: `12. Nf3@d4+ Nc6 13. …`.
pub(crate) fn san_line<V: Variant>(pos: &Position<V>, moves: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut parts = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let number = pos.fullmove_number();
        match pos.side_to_move() {
            Colour::White => parts.push(format!("{number}. {}", pos.san(m))),
            Colour::Black if i == 0 => parts.push(format!("{number}... {}", pos.san(m))),
            Colour::Black => parts.push(pos.san(m)),
        }
        pos.make(m);
    }
    parts.join(" ")
}

/// What a long search is doing between two finished depths, on standard
/// error: on a terminal one status line rewritten in place, elsewhere a
/// line a second, so that a log shows the search is alive.
struct Progress {
    terminal: bool,
    started: Instant,
    movetime: Option<u64>,
    last: Option<Instant>,
    /// A status line is on the terminal and must be wiped before output.
    showing: bool,
}

impl Progress {
    fn new(movetime: Option<u64>) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        Progress { terminal, started: Instant::now(), movetime, last: None, showing: false }
    }

    /// True when enough time has passed since the last status shown.
    fn due(&self) -> bool {
        let every = if self.terminal { Duration::from_millis(250) } else { Duration::from_secs(1) };
        self.last.is_none_or(|last| last.elapsed() >= every)
    }

    fn show(&mut self, what: &str) {
        self.last = Some(Instant::now());
        let elapsed = self.started.elapsed().as_secs_f64();
        let budget = self.movetime.map_or(String::new(), |ms| format!(" of {:.1}s", ms as f64 / 1000.0));
        let text = format!("thinking: {what}, {elapsed:.1}s{budget}");
        if self.terminal {
            output::note(&format!("\r\x1b[K{text}"));
            self.showing = true;
        } else {
            output::note(&format!("{text}\n"));
        }
    }

    /// Wipes the status line before a result is printed under it.
    fn clear(&mut self) {
        if self.showing {
            output::note("\r\x1b[K");
            self.showing = false;
        }
    }
}
