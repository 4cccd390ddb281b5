//! Running a match: `--concurrency` worker threads, each with its own pair
//! of engine processes, take games from the schedule one at a time; the
//! main thread collects the finished games, writes them to the PGN file,
//! prints the standings and stops the match when the SPRT has decided or
//! an engine is lost.
//!
//! Interruption: the runner installs no signal handler (the standard
//! library offers none). Instead nothing finished is ever held back: each
//! game is appended to the PGN file with one write and flushed the moment
//! it ends, and followed on standard output by a score line carrying the
//! statistics so far. Ctrl-C therefore loses only the games in progress;
//! the engines, in the same process group, receive the same interrupt.

use super::cli::{MatchConfig, Order};
use super::engine_process::{EngineError, EngineProcess, EngineSpec, UciSetup};
use super::game::{self, GameRecord, Referee, Seat};
use super::openings::{self, OpeningError};
use super::pgn::{self, PgnHeader};
use super::report::{OutputFormat, Scoreboard};
use super::schedule::{has_chess960_arrays, GameSpec, OpeningSource, Schedule};
use super::stats::SprtVerdict;
use movegen::{Colour, Variant, VariantKind};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

/// Why a match could not start, or stopped before its end.
#[derive(Debug)]
pub enum MatchError {
    Openings(OpeningError),
    PgnOut {
        path: PathBuf,
        error: io::Error,
    },
    /// An engine could not be started (or restarted).
    Engine {
        name: String,
        error: EngineError,
    },
    /// An engine failed during a game and `--recover` was not given.
    EngineLost {
        name: String,
        reason: String,
    },
    /// `--chess960` without openings in a variant that has no Chess960 arrays.
    NoChess960Arrays {
        variant: VariantKind,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Openings(error) => error.fmt(f),
            MatchError::PgnOut { path, error } => write!(f, "cannot write the PGN file '{}': {error}", path.display()),
            MatchError::Engine { name, error } => write!(f, "engine '{name}': {error}"),
            MatchError::EngineLost { name, reason } => write!(
                f,
                "engine '{name}' failed ({reason}), so the match stopped (--recover restarts engines that fail)"
            ),
            MatchError::NoChess960Arrays { variant } => {
                write!(f, "--chess960: {variant} has no Chess960 start arrays (give its positions with --openings)")
            }
        }
    }
}

impl std::error::Error for MatchError {}

/// What the worker threads share.
struct Shared<'a> {
    config: &'a MatchConfig,
    schedule: Schedule,
    referee: Referee,
    setup: UciSetup,
    /// The engines with their names settled.
    engines: [EngineSpec; 2],
    /// The next game of the schedule to hand out.
    next_game: AtomicUsize,
    /// No new games are started once this is raised.
    closing: AtomicBool,
    /// Games in progress are abandoned once this is raised.
    abandon: AtomicBool,
}

/// What a worker tells the main thread.
enum Event {
    Started(GameSpec),
    Finished(Box<(GameSpec, GameRecord)>),
    Failed(MatchError),
}

/// Plays the match of `config` in variant `V`.
pub fn run<V: Variant>(config: &MatchConfig) -> Result<(), MatchError> {
    let seed = config.seed.unwrap_or_else(time_seed);
    let schedule = plan::<V>(config, seed)?;
    let pgn_out = match &config.pgn_out {
        Some(out) => Some(
            OpenOptions::new()
                .create(true)
                .write(true)
                .append(out.append)
                .truncate(!out.append)
                .open(&out.path)
                .map_err(|error| MatchError::PgnOut { path: out.path.clone(), error })?,
        ),
        None => None,
    };
    let setup = UciSetup { variant: V::KIND, chess960: config.chess960, timeout: config.timeout };
    let first_pair = start_pair(&config.engines, &setup)?;
    let engines = settle_names(&config.engines, &first_pair);
    let names = engines.clone().map(|e| e.name.expect("names are settled"));
    let shared = Shared {
        config,
        schedule,
        referee: Referee {
            timeout: config.timeout,
            resign: config.resign,
            draw: config.draw,
            max_moves: config.max_moves,
            chess960: config.chess960,
        },
        setup,
        engines,
        next_game: AtomicUsize::new(0),
        closing: AtomicBool::new(false),
        abandon: AtomicBool::new(false),
    };
    let setting = setting(&pgn::variant_tag(V::KIND, config.chess960), &shared.engines);
    say(&format!(
        "Match {} vs {}: {} games, {setting}, {} at once",
        names[0],
        names[1],
        config.total_games(),
        config.concurrency
    ));
    let mut collector = Collector {
        config,
        scoreboard: Scoreboard::new(names.clone(), config.sprt),
        names,
        setting,
        pgn_out,
        decided: None,
        failure: None,
    };
    let (sender, events) = mpsc::channel();
    thread::scope(|scope| {
        let mut first_pair = Some(first_pair);
        for _ in 0..config.concurrency.min(config.total_games()) {
            let (shared, sender, pair) = (&shared, sender.clone(), first_pair.take());
            scope.spawn(move || worker::<V>(shared, pair, sender));
        }
        drop(sender);
        for event in events {
            match event {
                Event::Started(spec) => collector.started(&spec),
                Event::Finished(game) => collector.finished(&game.0, &game.1, &shared),
                Event::Failed(error) => collector.failed(error),
            }
        }
    });
    collector.finish()
}

/// The schedule of the match: its openings (with the random order, Chess960
/// arrays and random plies drawn from `seed`) and its number of games.
fn plan<V: Variant>(config: &MatchConfig, seed: u64) -> Result<Schedule, MatchError> {
    let source = match &config.openings {
        Some(book) => OpeningSource::book(
            openings::load::<V>(&book.path, book.format, book.plies, config.chess960).map_err(MatchError::Openings)?,
            (book.order == Order::Random).then_some(seed),
            book.start,
        ),
        None if config.chess960 && !has_chess960_arrays::<V>() => {
            return Err(MatchError::NoChess960Arrays { variant: V::KIND })
        }
        None if config.chess960 => OpeningSource::Chess960,
        None => OpeningSource::StartPosition,
    };
    let random_order = config.openings.as_ref().is_some_and(|book| book.order == Order::Random);
    let random = random_order || config.random_plies > 0 || matches!(source, OpeningSource::Chess960);
    if random && config.seed.is_none() {
        say(&format!("Seed {seed} (give -srand {seed} to play the same openings again)"));
    }
    Ok(Schedule {
        source,
        random_plies: config.random_plies,
        seed,
        games_per_round: config.games,
        total: config.total_games(),
        chess960: config.chess960,
    })
}

/// The main thread's part: it takes every finished game, writes it to the
/// PGN file, prints it with the standing, and decides when to stop.
struct Collector<'a> {
    config: &'a MatchConfig,
    names: [String; 2],
    /// Variant and limit, for the reports.
    setting: String,
    pgn_out: Option<File>,
    scoreboard: Scoreboard,
    /// The SPRT's verdict and after how many games it came.
    decided: Option<(SprtVerdict, u32)>,
    /// The first failure; the match ends with it as its error.
    failure: Option<MatchError>,
}

impl Collector<'_> {
    /// Announces a game, as fastchess and cutechess do.
    fn started(&self, spec: &GameSpec) {
        let (white, black) = players(&self.names, spec);
        say(&format!("Started game {} of {} ({white} vs {black})", spec.index + 1, self.config.total_games()));
    }

    fn finished(&mut self, spec: &GameSpec, record: &GameRecord, shared: &Shared) {
        if let Err(error) = self.write_pgn(spec, record) {
            shared.close(true);
            let path = self.config.pgn_out.as_ref().expect("a PGN file is open").path.clone();
            self.failed(MatchError::PgnOut { path, error });
        }
        self.scoreboard.record(spec, record);
        let (white, black) = players(&self.names, spec);
        say(&format!(
            "Finished game {} ({white} vs {black}): {} {{{}}}",
            spec.index + 1,
            record.result.pgn_result(),
            record.result.reason
        ));
        let games = self.scoreboard.games();
        let interval = self.config.rating_interval.is_some_and(|n| (games as usize).is_multiple_of(n));
        let last = games as usize == self.config.total_games();
        match self.config.output {
            OutputFormat::Fastchess => {
                say(&self.scoreboard.score_line());
                if interval && !last {
                    say(&self.scoreboard.summary(&self.setting));
                }
            }
            OutputFormat::Cutechess => {
                say(&self.scoreboard.cutechess_score_line());
                if interval && !last {
                    say_lines(&self.scoreboard.cutechess_interval());
                }
            }
        }
        if let Some((_, verdict @ (SprtVerdict::AcceptH0 | SprtVerdict::AcceptH1))) = self.scoreboard.sprt() {
            self.decided.get_or_insert((verdict, games));
            shared.close(true);
        }
    }

    /// Keeps the first failure for the end; later ones are printed now.
    fn failed(&mut self, error: MatchError) {
        match self.failure {
            Some(_) => eprintln!("redfool: {error}"),
            None => self.failure = Some(error),
        }
    }

    /// Appends a finished game to the PGN file, in one write, and flushes it.
    fn write_pgn(&mut self, spec: &GameSpec, record: &GameRecord) -> io::Result<()> {
        let Some(file) = &mut self.pgn_out else { return Ok(()) };
        let (white, black) = players(&self.names, spec);
        let tag = |engine: usize| self.config.engines[engine].limits.clock.and_then(|clock| clock.pgn_tag());
        let header = PgnHeader {
            event: self.config.event.as_deref().unwrap_or("redfool match"),
            site: self.config.site.as_deref().unwrap_or("?"),
            date: &pgn::date(SystemTime::now()),
            round: &format!("{}.{}", spec.round, spec.game_in_round),
            white,
            black,
            time_controls: [tag(spec.white), tag(1 - spec.white)],
        };
        file.write_all(pgn::game_to_pgn(record, &header).as_bytes())?;
        file.flush()
    }

    /// Prints the verdict and the final report.
    fn finish(self) -> Result<(), MatchError> {
        if let Some((verdict, games)) = self.decided {
            say(&format!("SPRT: {verdict} after {games} games, so the match stopped"));
        }
        match self.config.output {
            OutputFormat::Fastchess => say(&self.scoreboard.summary(&self.setting)),
            OutputFormat::Cutechess => {
                say_lines(&self.scoreboard.cutechess_interval());
                say("Finished match");
            }
        }
        self.failure.map_or(Ok(()), Err)
    }
}

impl Shared<'_> {
    /// Starts no more games; with `abandon`, also drops those in progress.
    fn close(&self, abandon: bool) {
        self.closing.store(true, Ordering::Relaxed);
        if abandon {
            self.abandon.store(true, Ordering::Relaxed);
        }
    }
}

/// A worker: plays games on its own engine pair until the schedule is
/// done or the match closes, restarting failed engines with `--recover`.
fn worker<V: Variant>(shared: &Shared, pair: Option<[EngineProcess; 2]>, events: Sender<Event>) {
    let fail = |error: MatchError| {
        shared.close(false);
        let _ = events.send(Event::Failed(error));
    };
    let mut engines = match pair.map_or_else(|| start_pair(&shared.engines, &shared.setup), Ok) {
        Ok(engines) => engines,
        Err(error) => return fail(error),
    };
    while !shared.closing.load(Ordering::Relaxed) {
        let index = shared.next_game.fetch_add(1, Ordering::Relaxed);
        if index >= shared.schedule.total {
            break;
        }
        let spec = shared.schedule.game::<V>(index);
        let _ = events.send(Event::Started(spec.clone()));
        let [first, second] = &mut engines;
        let seat = |engine, i: usize| Seat {
            engine,
            limits: shared.engines[i].limits,
            time_margin: shared.engines[i].time_margin,
        };
        let seats = if spec.white == 0 { [seat(first, 0), seat(second, 1)] } else { [seat(second, 1), seat(first, 0)] };
        let Some(record) = game::play::<V>(seats, &spec.opening, &shared.referee, &shared.abandon) else {
            break;
        };
        let broken = record.broken_engine.map(|side| if side == Colour::White { spec.white } else { 1 - spec.white });
        let reason = record.result.reason.clone();
        let _ = events.send(Event::Finished(Box::new((spec, record))));
        let Some(i) = broken else { continue };
        if !shared.config.recover {
            let name = shared.engines[i].name.clone().expect("names are settled");
            return fail(MatchError::EngineLost { name, reason });
        }
        match start_one(&shared.engines[i], &shared.setup) {
            Ok(engine) => engines[i] = engine,
            Err(error) => return fail(error),
        }
    }
}

/// Starts a process of `spec`'s engine; errors name it.
fn start_one(spec: &EngineSpec, setup: &UciSetup) -> Result<EngineProcess, MatchError> {
    EngineProcess::start(spec, setup)
        .map_err(|error| MatchError::Engine { name: spec.name.clone().unwrap_or_else(|| spec.cmd.clone()), error })
}

/// Starts one process of each engine.
fn start_pair(engines: &[EngineSpec; 2], setup: &UciSetup) -> Result<[EngineProcess; 2], MatchError> {
    Ok([start_one(&engines[0], setup)?, start_one(&engines[1], setup)?])
}

/// The variant and the engines' limits, for the reports: `Red Fool,
/// depth 2`, or each engine's when they differ.
fn setting(variant: &str, engines: &[EngineSpec; 2]) -> String {
    let [first, second] = engines;
    if first.limits == second.limits {
        format!("{variant}, {}", first.limits)
    } else {
        let name = |spec: &EngineSpec| spec.name.clone().unwrap_or_default();
        format!("{variant}, {}: {}; {}: {}", name(first), first.limits, name(second), second.limits)
    }
}

/// The engines with their names settled: the one given with `name=`, else
/// the engine's own; when both are the same, the second gets a " (2)".
fn settle_names(engines: &[EngineSpec; 2], started: &[EngineProcess; 2]) -> [EngineSpec; 2] {
    let mut settled = engines.clone();
    for (spec, process) in settled.iter_mut().zip(started) {
        if spec.name.is_none() {
            spec.name = Some(process.id_name().unwrap_or(&spec.cmd).to_string());
        }
    }
    if settled[0].name == settled[1].name {
        settled[1].name = settled[1].name.take().map(|n| format!("{n} (2)"));
    }
    settled
}

/// The names of White and Black in game `spec`.
fn players<'a>(names: &'a [String; 2], spec: &GameSpec) -> (&'a str, &'a str) {
    (&names[spec.white], &names[1 - spec.white])
}

/// Prints a line on standard output; a closed output is not an error
/// worth stopping a match for.
fn say(text: &str) {
    let _ = writeln!(io::stdout().lock(), "{text}");
}

/// Prints lines that end in a newline (nothing when there are none).
fn say_lines(text: &str) {
    if !text.is_empty() {
        say(text.trim_end_matches('\n'));
    }
}

fn time_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}
