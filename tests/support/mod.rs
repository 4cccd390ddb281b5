//! Driving the `redfool` binary over UCI from integration tests: a child
//! process, its input, and its output lines read on a thread so that every
//! wait has a deadline and a hung engine fails the test instead of hanging it.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The engine under test: this build's `redfool`, or the binary that the
/// environment variable `REDFOOL_BIN` names (to run these tests against
/// another build, an older one say, to see which of them it fails).
pub fn binary() -> String {
    std::env::var("REDFOOL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_redfool").to_string())
}

/// A running `redfool` speaking UCI.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// How long any single expected answer may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

impl Engine {
    /// Starts the engine with no arguments (UCI mode, in chess).
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// Starts the engine in UCI mode in the Red Fool variant.
    pub fn red_fool() -> Engine {
        Engine::start_with(&["--variant", "redfool"])
    }

    /// Starts the engine with these arguments.
    pub fn start_with(args: &[&str]) -> Engine {
        Engine::spawn(Command::new(binary()).args(args))
    }

    /// Starts `command`, which runs the engine (under a shell that limits
    /// its memory, say).
    pub fn spawn(command: &mut Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the redfool binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines }
    }

    /// Sends one command line.
    pub fn send(&mut self, command: &str) {
        self.send_bytes(command.as_bytes());
        self.send_bytes(b"\n");
    }

    /// Sends raw bytes (not necessarily a whole line, nor UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("engine reads its input");
        stdin.flush().expect("engine reads its input");
    }

    /// The process id, to read its `/proc` files.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Reads lines until one satisfies `done` or `patience` runs out;
    /// returns the lines read and whether `done` was met.
    pub fn read_within(&mut self, patience: Duration, done: impl Fn(&str) -> bool) -> (Vec<String>, bool) {
        let (seen, end) = self.read_lines(patience, done);
        (seen, end.is_ok())
    }

    /// Reads lines until one satisfies `done` (then `Ok`), `patience` runs
    /// out or the output closes.
    fn read_lines(
        &mut self,
        patience: Duration,
        done: impl Fn(&str) -> bool,
    ) -> (Vec<String>, Result<(), RecvTimeoutError>) {
        let deadline = Instant::now() + patience;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return (seen, Ok(()));
                    }
                }
                Err(e) => return (seen, Err(e)),
            }
        }
    }

    /// Reads lines until one satisfies `done`; returns all lines read, that
    /// one included. Fails the test after [`PATIENCE`].
    #[track_caller]
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        match self.read_lines(PATIENCE, done) {
            (seen, Ok(())) => seen,
            (seen, Err(RecvTimeoutError::Timeout)) => panic!("no {what} within {PATIENCE:?}; got {seen:#?}"),
            (seen, Err(RecvTimeoutError::Disconnected)) => {
                panic!("engine closed its output before {what}; got {seen:#?}")
            }
        }
    }

    /// Sends `isready` and returns every line before `readyok`.
    #[track_caller]
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok", |l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends `command` and returns the lines it produced (up to the next
    /// `readyok`).
    #[track_caller]
    pub fn ask(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.sync()
    }

    /// Waits for `bestmove` and returns the move text.
    #[track_caller]
    pub fn bestmove(&mut self) -> (Vec<String>, String) {
        let lines = self.read_until("bestmove", |l| l.starts_with("bestmove"));
        let best = lines.last().expect("a bestmove line").split_whitespace().nth(1).expect("a move").to_string();
        (lines, best)
    }

    /// Lines available right now, without waiting.
    pub fn pending(&mut self) -> Vec<String> {
        self.lines.try_iter().collect()
    }

    /// Closes the engine's input and waits for it to exit.
    pub fn close(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait on the engine") {
                return status;
            }
            assert!(Instant::now() < deadline, "engine did not exit after end of input");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
