//! Driving the `redfool` binary over UCI from integration tests: a child
//! process, its input, and its output lines read on a thread so that every
//! wait has a deadline and a hung engine fails the test instead of hanging it.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running `redfool` speaking UCI.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// How long any single expected answer may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

impl Engine {
    /// Starts the engine with no arguments (UCI mode).
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_redfool"))
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
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(command.as_bytes()).expect("engine reads its input");
        stdin.write_all(b"\n").expect("engine reads its input");
        stdin.flush().expect("engine reads its input");
    }

    /// Reads lines until one satisfies `done`; returns all lines read, that
    /// one included. Fails the test after [`PATIENCE`].
    #[track_caller]
    pub fn read_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {what} within {PATIENCE:?}; got {seen:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("engine closed its output before {what}; got {seen:#?}"),
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
