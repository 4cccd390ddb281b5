//! An engine running in a child process, spoken to in UCI.
//!
//! A reader thread turns the engine's output into time-stamped lines on a
//! channel, so that every wait has a deadline: an engine that hangs, exits
//! or floods its output costs at most a timeout, never the match. The time
//! stamps are taken when a line arrives, which keeps the runner's own
//! scheduling out of the engine's thinking time.

use movegen::VariantKind;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// Output lines longer than this are cut: an engine cannot exhaust memory
/// by writing without newlines.
const MAX_LINE: usize = 64 * 1024;

/// Lines buffered between the reader thread and the referee: an engine
/// that writes faster than it is read is held up by its pipe instead of
/// filling memory.
const QUEUED_LINES: usize = 4096;

/// How long an engine has to quit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// How an engine is started and configured, from `--engine`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct EngineSpec {
    /// The name for the PGN and the reports; by default the engine's own.
    pub name: Option<String>,
    pub cmd: String,
    pub args: Vec<String>,
    /// UCI options to set, by name.
    pub options: Vec<(String, String)>,
}

/// What every engine of the match is told before its first game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UciSetup {
    pub variant: VariantKind,
    pub chess960: bool,
    /// The longest wait for a reply that no clock limits.
    pub timeout: Duration,
}

/// An engine's evaluation from its own point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    Centipawns(i32),
    /// Mate in this many moves; negative when the engine is being mated.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `+0.31`, `-1.20`, `+M3`, `-M2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Score::Mate(n) => write!(f, "{}M{}", if n < 0 { '-' } else { '+' }, n.unsigned_abs()),
        }
    }
}

/// The result of one `go`: the move text as the engine wrote it and what
/// its last `info` said.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thought {
    pub bestmove: String,
    pub elapsed: Duration,
    pub score: Option<Score>,
    pub depth: Option<u32>,
}

/// What went wrong with an engine. Each is the engine's fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// The command could not be started.
    Start { cmd: String, reason: String },
    /// No expected reply in time.
    Silent { waiting_for: &'static str, after: Duration },
    /// The engine closed its output or input: it exited or crashed.
    Exited { status: String },
    /// The engine cannot play this match (missing option, other variant).
    Refused { reason: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Start { cmd, reason } => write!(f, "cannot start '{cmd}': {reason}"),
            EngineError::Silent { waiting_for, after } => {
                write!(f, "no '{waiting_for}' within {} s", after.as_secs_f64())
            }
            EngineError::Exited { status } => write!(f, "the engine {status}"),
            EngineError::Refused { reason } => f.write_str(reason),
        }
    }
}

impl std::error::Error for EngineError {}

/// A line of engine output and when it arrived.
struct Line {
    at: Instant,
    text: String,
}

/// A UCI option the engine listed in its reply to `uci`.
struct ListedOption {
    name: String,
    choices: Vec<String>,
}

impl ListedOption {
    /// Reads `option name <name> type <type> … [var <choice>]…`.
    fn parse(line: &str) -> Option<ListedOption> {
        let rest = line.strip_prefix("option name ")?;
        let (name, rest) = rest.split_once(" type ").unwrap_or((rest, ""));
        let mut choices: Vec<String> = Vec::new();
        let mut in_choice = false;
        for word in rest.split_whitespace() {
            match word {
                "var" => {
                    choices.push(String::new());
                    in_choice = true;
                }
                "default" | "min" | "max" => in_choice = false,
                _ if in_choice => {
                    let choice = choices.last_mut().expect("a var started the choice");
                    if !choice.is_empty() {
                        choice.push(' ');
                    }
                    choice.push_str(word);
                }
                _ => {}
            }
        }
        Some(ListedOption { name: name.trim().to_string(), choices })
    }
}

/// A running UCI engine. Dropping it sends `quit` and, when the engine
/// does not exit quickly, kills it.
pub struct EngineProcess {
    id_name: Option<String>,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    timeout: Duration,
}

impl EngineProcess {
    /// Starts the engine, performs the UCI handshake and sets the variant,
    /// Chess960 mode and the options of `spec`.
    ///
    /// `UCI_Variant` is sent when the variant is not orthodox chess, or when
    /// the engine lists the option (a plain chess engine knows nothing of it).
    pub fn start(spec: &EngineSpec, setup: &UciSetup) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new(&spec.cmd)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| EngineError::Start { cmd: spec.cmd.clone(), reason: e.to_string() })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::sync_channel(QUEUED_LINES);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(text)) = read_line(&mut reader) {
                if sender.send(Line { at: Instant::now(), text }).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess { id_name: None, child, stdin, lines, timeout: setup.timeout };

        engine.send("uci\n")?;
        let mut id_name = None;
        let mut listed = Vec::new();
        engine.wait_for("uciok", setup.timeout, |text| {
            if let Some(name) = text.strip_prefix("id name ") {
                id_name = Some(name.trim().to_string());
            } else if let Some(option) = ListedOption::parse(text) {
                listed.push(option);
            }
            (text == "uciok").then_some(())
        })?;
        engine.id_name = id_name;
        let find = |name: &str| listed.iter().find(|o| o.name.eq_ignore_ascii_case(name));

        let variant = setup.variant.name();
        if let Some(option) = find("UCI_Variant") {
            if !option.choices.is_empty() && !option.choices.iter().any(|c| c.eq_ignore_ascii_case(variant)) {
                return Err(EngineError::Refused {
                    reason: format!("does not play {variant} (its UCI_Variant choices: {})", option.choices.join(", ")),
                });
            }
        }
        if setup.variant != VariantKind::Chess || find("UCI_Variant").is_some() {
            engine.send(&format!("setoption name UCI_Variant value {variant}\n"))?;
        }
        if setup.chess960 {
            engine.send("setoption name UCI_Chess960 value true\n")?;
        }
        for (name, value) in &spec.options {
            let Some(option) = find(name) else {
                let known: Vec<&str> = listed.iter().map(|o| o.name.as_str()).collect();
                return Err(EngineError::Refused {
                    reason: format!("has no option '{name}' (its options: {})", known.join(", ")),
                });
            };
            engine.send(&format!("setoption name {} value {value}\n", option.name))?;
        }
        engine.synchronize()?;
        Ok(engine)
    }

    /// The name the engine gave in its `id name` line.
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// Tells the engine that a new game starts and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame\n")?;
        self.synchronize()
    }

    /// Sends `isready` and waits for `readyok`.
    fn synchronize(&mut self) -> Result<(), EngineError> {
        self.send("isready\n")?;
        self.wait_for("readyok", self.timeout, |text| (text == "readyok").then_some(()))
    }

    /// Sends `commands` (a `position` and a `go` line) and waits at most
    /// `allowance` for `bestmove`. The thinking time runs from the moment
    /// the commands are sent until the `bestmove` line arrives.
    pub fn think(&mut self, commands: &str, allowance: Duration) -> Result<Thought, EngineError> {
        self.discard_pending()?;
        // The clock starts before the write: writing wakes the engine, which
        // may run before this thread does.
        let start = Instant::now();
        self.send(commands)?;
        let (mut score, mut depth) = (None, None);
        let (bestmove, at) = self.wait_until("bestmove", start, allowance, |line| {
            let mut words = line.text.split_whitespace();
            match words.next() {
                Some("bestmove") => return Some((words.next().unwrap_or("").to_string(), line.at)),
                Some("info") => {
                    let info = parse_info(&line.text);
                    if info.multipv.unwrap_or(1) == 1 {
                        depth = info.depth.or(depth);
                        score = info.score.or(score);
                    }
                }
                _ => {}
            }
            None
        })?;
        Ok(Thought { bestmove, elapsed: at.saturating_duration_since(start), score, depth })
    }

    /// After `think` ran out of time: sends `stop` and waits at most `grace`
    /// for the `bestmove` that resynchronizes the engine.
    pub fn stop(&mut self, grace: Duration) -> Result<(), EngineError> {
        self.send("stop\n")?;
        self.wait_for("bestmove", grace, |text| text.starts_with("bestmove").then_some(()))
    }

    fn send(&mut self, text: &str) -> Result<(), EngineError> {
        if self.stdin.write_all(text.as_bytes()).and_then(|()| self.stdin.flush()).is_err() {
            return Err(self.exited());
        }
        Ok(())
    }

    /// Drops output left over from earlier commands (late `info` lines).
    fn discard_pending(&mut self) -> Result<(), EngineError> {
        loop {
            match self.lines.try_recv() {
                Ok(_) => {}
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// Reads lines for at most `timeout` from now until `accept` takes one.
    fn wait_for<T>(
        &mut self,
        waiting_for: &'static str,
        timeout: Duration,
        mut accept: impl FnMut(&str) -> Option<T>,
    ) -> Result<T, EngineError> {
        self.wait_until(waiting_for, Instant::now(), timeout, |line| accept(line.text.as_str()))
    }

    /// Reads lines until `accept` takes one or `timeout` has passed since
    /// `start`. Lines are judged by when they arrived, so neither a late
    /// look at the queue nor an engine that keeps talking extends the wait.
    fn wait_until<T>(
        &mut self,
        waiting_for: &'static str,
        start: Instant,
        timeout: Duration,
        mut accept: impl FnMut(&Line) -> Option<T>,
    ) -> Result<T, EngineError> {
        let deadline = start + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.at > deadline => return Err(EngineError::Silent { waiting_for, after: timeout }),
                Ok(line) => {
                    if let Some(value) = accept(&line) {
                        return Ok(value);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Silent { waiting_for, after: timeout });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// The error for an engine whose pipes closed, with its exit status
    /// when it has exited by now.
    fn exited(&mut self) -> EngineError {
        let deadline = Instant::now() + QUIT_GRACE;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!("exited ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => break "closed its connection".to_string(),
            }
        };
        EngineError::Exited { status }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"quit\n").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads one line without its end-of-line characters, cut at `MAX_LINE`
/// bytes and decoded leniently; `None` at the end of the output.
fn read_line(reader: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let found_newline = loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            break false;
        }
        let (chunk, newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], true),
            None => (buffer, false),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len() + newline as usize;
        reader.consume(used);
        if newline {
            break true;
        }
    };
    if !found_newline && bytes.is_empty() {
        return Ok(None);
    }
    let text = String::from_utf8_lossy(&bytes);
    Ok(Some(text.trim_end_matches('\r').trim().to_string()))
}

/// The parts of an `info` line the referee uses.
#[derive(Default, PartialEq, Eq, Debug)]
struct Info {
    depth: Option<u32>,
    multipv: Option<u32>,
    score: Option<Score>,
}

fn parse_info(line: &str) -> Info {
    let mut info = Info::default();
    let mut words = line.split_whitespace().skip(1);
    while let Some(word) = words.next() {
        match word {
            "string" => break,
            "depth" => info.depth = words.next().and_then(|w| w.parse().ok()),
            "multipv" => info.multipv = words.next().and_then(|w| w.parse().ok()),
            "score" => {
                info.score = match (words.next(), words.next().and_then(|w| w.parse().ok())) {
                    (Some("cp"), Some(cp)) => Some(Score::Centipawns(cp)),
                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                    _ => None,
                }
            }
            _ => {}
        }
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input`, read through a small buffer so that lines
    /// span several refills.
    fn read_all_lines(input: &[u8]) -> Vec<String> {
        let mut reader = BufReader::with_capacity(7, input);
        std::iter::from_fn(|| read_line(&mut reader).unwrap()).collect()
    }

    #[test]
    fn reads_lines_across_buffer_refills_and_cuts_long_ones() {
        let long = "x".repeat(MAX_LINE + 10);
        let input = format!("uciok\r\n  bestmove e2e4 \n\n{long}\nlast");
        let lines = read_all_lines(input.as_bytes());
        assert_eq!(lines[..3], ["uciok", "bestmove e2e4", ""]);
        assert_eq!(lines[3].len(), MAX_LINE);
        assert_eq!(lines[4], "last");
        assert_eq!(lines.len(), 5);
        let invalid = read_all_lines(b"info \xff\n");
        assert_eq!(invalid, ["info \u{fffd}"]);
    }

    #[test]
    fn parses_info_lines() {
        let info = parse_info("info depth 12 seldepth 18 multipv 1 score cp -31 nodes 100 pv e2e4");
        assert_eq!(info, Info { depth: Some(12), multipv: Some(1), score: Some(Score::Centipawns(-31)) });
        let info = parse_info("info depth 30 score mate -4 lowerbound");
        assert_eq!(info.score, Some(Score::Mate(-4)));
        assert_eq!(parse_info("info string score cp 500"), Info::default());
        assert_eq!(parse_info("info score cp"), Info::default());
    }

    #[test]
    fn scores_print_in_pawns_from_the_engines_side() {
        assert_eq!(Score::Centipawns(31).to_string(), "+0.31");
        assert_eq!(Score::Centipawns(-120).to_string(), "-1.20");
        assert_eq!(Score::Centipawns(-5).to_string(), "-0.05");
        assert_eq!(Score::Mate(3).to_string(), "+M3");
        assert_eq!(Score::Mate(-2).to_string(), "-M2");
    }

    #[test]
    fn parses_listed_options() {
        let option =
            ListedOption::parse("option name UCI_Variant type combo default redfool var redfool var chess").unwrap();
        assert_eq!(option.name, "UCI_Variant");
        assert_eq!(option.choices, ["redfool", "chess"]);
        let option = ListedOption::parse("option name Move Overhead type spin default 10 min 0 max 5000").unwrap();
        assert_eq!(option.name, "Move Overhead");
        assert!(option.choices.is_empty());
        assert!(ListedOption::parse("id name x").is_none());
    }

    #[test]
    fn a_missing_command_is_a_start_error() {
        let spec = EngineSpec { cmd: "/nonexistent/engine".into(), ..EngineSpec::default() };
        let setup = UciSetup { variant: VariantKind::Chess, chess960: false, timeout: Duration::from_secs(1) };
        let err = EngineProcess::start(&spec, &setup).err().unwrap();
        assert!(err.to_string().starts_with("cannot start '/nonexistent/engine': "), "{err}");
    }
}
