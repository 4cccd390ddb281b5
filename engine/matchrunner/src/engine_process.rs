//! An engine running in a child process, spoken to in UCI.
//!
//! A reader thread turns the engine's output into time-stamped lines on a
//! channel, so that every wait has a deadline: an engine that hangs, exits
//! or floods its output costs at most a timeout, never the match. The time
//! stamps are taken when a line arrives, which keeps the runner's own
//! scheduling out of the engine's thinking time.

use super::clock::Limits;
use movegen::{Score, VariantKind};
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
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

/// The longest engine reply quoted in an error message.
const QUOTED_REPLY: usize = 200;

/// How an engine is started, configured and limited, from `-engine` and
/// `-each`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct EngineSpec {
    /// The name for the PGN and the reports; by default the engine's own.
    pub name: Option<String>,
    pub cmd: String,
    /// The engine's working directory; a `cmd` with a `/` is found there.
    pub dir: Option<PathBuf>,
    pub args: Vec<String>,
    /// UCI options to set, by name.
    pub options: Vec<(String, String)>,
    /// What limits its thinking on each move.
    pub limits: Limits,
    /// Lateness forgiven on each of its moves.
    pub time_margin: Duration,
}

/// What every engine of the match is told before its first game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UciSetup {
    pub variant: VariantKind,
    pub chess960: bool,
    /// The longest wait for a reply that no clock limits.
    pub timeout: Duration,
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
    /// Chess960 mode and the options of `spec`, each followed by `isready`.
    ///
    /// The engine is refused before it plays when it cannot play the match:
    /// a variant other than chess that its `UCI_Variant` does not offer (an
    /// engine that lists no `UCI_Variant` plays chess only), Chess960
    /// without `UCI_Chess960`, an option it does not list, or a setting it
    /// answers with an error line.
    pub fn start(spec: &EngineSpec, setup: &UciSetup) -> Result<EngineProcess, EngineError> {
        let mut command = match &spec.dir {
            Some(dir) => {
                let program = if spec.cmd.contains('/') {
                    let joined = dir.join(&spec.cmd);
                    std::path::absolute(&joined).unwrap_or(joined)
                } else {
                    PathBuf::from(&spec.cmd)
                };
                let mut command = Command::new(program);
                command.current_dir(dir);
                command
            }
            None => Command::new(&spec.cmd),
        };
        let mut child = command
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
        for (name, value) in settings(&listed, spec, setup)? {
            engine.configure(&name, &value)?;
        }
        Ok(engine)
    }

    /// Sends `setoption name <name> value <value>` and `isready`, and
    /// refuses the engine when it answers with an error line.
    fn configure(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let command = format!("setoption name {name} value {value}");
        self.send(&format!("{command}\nisready\n"))?;
        let mut refusal = None;
        self.wait_for("readyok", self.timeout, |text| {
            if refusal.is_none() && is_refusal(text) {
                refusal = Some(text.chars().take(QUOTED_REPLY).collect::<String>());
            }
            (text == "readyok").then_some(())
        })?;
        match refusal {
            Some(reply) => Err(EngineError::Refused { reason: format!("answered '{command}' with '{reply}'") }),
            None => Ok(()),
        }
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

/// The options to set, in order (variant, Chess960, then `spec`'s, by the
/// names the engine listed), or why the engine cannot play the match.
fn settings(
    listed: &[ListedOption],
    spec: &EngineSpec,
    setup: &UciSetup,
) -> Result<Vec<(String, String)>, EngineError> {
    let find = |name: &str| listed.iter().find(|o| o.name.eq_ignore_ascii_case(name));
    let refused = |reason: String| Err(EngineError::Refused { reason });
    let variant = setup.variant.name();
    // Chess has two names: redfool's and the one GUIs send.
    let names: &[&str] = if setup.variant == VariantKind::Chess { &[variant, "standard"] } else { &[variant] };
    let mut settings = Vec::new();
    match find("UCI_Variant") {
        Some(option) if option.choices.is_empty() => settings.push((option.name.clone(), variant.to_string())),
        Some(option) => match option.choices.iter().find(|c| names.iter().any(|n| c.eq_ignore_ascii_case(n))) {
            Some(choice) => settings.push((option.name.clone(), choice.clone())),
            None => {
                return refused(format!(
                    "does not play {variant} (its UCI_Variant choices: {})",
                    option.choices.join(", ")
                ))
            }
        },
        None if setup.variant == VariantKind::Chess => {}
        None => return refused(format!("does not play {variant}: it offers no UCI_Variant, so it plays chess only")),
    }
    if setup.chess960 {
        match find("UCI_Chess960") {
            Some(option) => settings.push((option.name.clone(), "true".to_string())),
            None => return refused("does not play Chess960: it offers no UCI_Chess960".to_string()),
        }
    }
    for (name, value) in &spec.options {
        let Some(option) = find(name) else {
            let known: Vec<&str> = listed.iter().map(|o| o.name.as_str()).collect();
            return refused(format!("has no option '{name}' (its options: {})", known.join(", ")));
        };
        settings.push((option.name.clone(), value.clone()));
    }
    Ok(settings)
}

/// True for a reply that refuses a command: `info string error…` (as
/// redfool and Fairy-Stockfish write it) or `No such option…`/`Unknown …`
/// (as Stockfish and others do).
fn is_refusal(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let info = lower.strip_prefix("info string ").map(str::trim_start);
    info.is_some_and(|text| text.starts_with("error") || text.contains(" error:"))
        || lower.starts_with("no such option")
        || lower.starts_with("unknown ")
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
                info.score = match (words.next(), words.next()) {
                    (Some(unit), Some(number)) => Score::parse_uci(unit, number).ok(),
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
        assert_eq!(info, Info { depth: Some(12), multipv: Some(1), score: Some(Score::Cp(-31)) });
        let info = parse_info("info depth 30 score mate -4 lowerbound");
        assert_eq!(info.score, Some(Score::Mate(-4)));
        assert_eq!(parse_info("info string score cp 500"), Info::default());
        assert_eq!(parse_info("info score cp"), Info::default());
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

    fn listed(lines: &[&str]) -> Vec<ListedOption> {
        lines.iter().map(|l| ListedOption::parse(l).unwrap()).collect()
    }

    fn setup(variant: VariantKind, chess960: bool) -> UciSetup {
        UciSetup { variant, chess960, timeout: Duration::from_secs(1) }
    }

    #[test]
    fn settings_need_the_variant_chess960_and_options_the_engine_offers() {
        let redfool = listed(&[
            "option name UCI_Variant type combo default redfool var redfool var chess var tamruat",
            "option name UCI_Chess960 type check default false",
            "option name Hash type spin default 16 min 1 max 16384",
        ]);
        let spec = EngineSpec { options: vec![("hash".into(), "64".into())], ..EngineSpec::default() };
        let chosen = settings(&redfool, &spec, &setup(VariantKind::RedFool, true)).unwrap();
        let expected = [("UCI_Variant", "redfool"), ("UCI_Chess960", "true"), ("Hash", "64")];
        assert_eq!(chosen, expected.map(|(n, v)| (n.to_string(), v.to_string())));
        let refused = |listed: &[ListedOption], spec: &EngineSpec, variant, chess960| {
            super::settings(listed, spec, &setup(variant, chess960)).unwrap_err().to_string()
        };
        assert_eq!(
            refused(&redfool, &EngineSpec::default(), VariantKind::Checkered, false),
            "does not play checkered (its UCI_Variant choices: redfool, chess, tamruat)"
        );
        let stockfish = listed(&["option name Hash type spin default 16 min 1 max 33554432"]);
        assert_eq!(
            refused(&stockfish, &EngineSpec::default(), VariantKind::RedFool, false),
            "does not play redfool: it offers no UCI_Variant, so it plays chess only"
        );
        assert_eq!(
            refused(&stockfish, &EngineSpec::default(), VariantKind::Chess, true),
            "does not play Chess960: it offers no UCI_Chess960"
        );
        assert_eq!(
            refused(
                &stockfish,
                &EngineSpec { options: vec![("Threads".into(), "1".into())], ..spec },
                VariantKind::Chess,
                false
            ),
            "has no option 'Threads' (its options: Hash)"
        );
        // Plain chess needs no UCI_Variant; an engine that calls chess
        // "standard" is told that name.
        assert_eq!(settings(&stockfish, &EngineSpec::default(), &setup(VariantKind::Chess, false)).unwrap(), []);
        let gui_names = listed(&["option name UCI_Variant type combo default standard var standard var xiangqi"]);
        let chosen = settings(&gui_names, &EngineSpec::default(), &setup(VariantKind::Chess, false)).unwrap();
        assert_eq!(chosen, [("UCI_Variant".to_string(), "standard".to_string())]);
    }

    #[test]
    fn recognizes_refusals() {
        assert!(is_refusal("info string error: setoption Hash: bad value 'abc'"));
        assert!(is_refusal("info string ERROR unknown value"));
        assert!(is_refusal("info string setoption: error: bad value"));
        assert!(is_refusal("No such option: Foo"));
        assert!(is_refusal("Unknown command: 'setoption name x'"));
        assert!(!is_refusal("info string NNUE evaluation using nn.bin enabled"));
        assert!(!is_refusal("readyok"));
    }

    #[test]
    fn a_missing_command_is_a_start_error() {
        let spec = EngineSpec { cmd: "/nonexistent/engine".into(), ..EngineSpec::default() };
        let setup = UciSetup { variant: VariantKind::Chess, chess960: false, timeout: Duration::from_secs(1) };
        let err = EngineProcess::start(&spec, &setup).err().unwrap();
        assert!(err.to_string().starts_with("cannot start '/nonexistent/engine': "), "{err}");
    }
}
