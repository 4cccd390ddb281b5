//! Where `play` reads the player's lines: a line editor with history when
//! standard input is a terminal (arrow keys, editing, earlier moves recalled
//! with the up arrow), plain lines otherwise, so that scripts and tests can
//! drive a game through a pipe.

use crate::error::CliError;
use crate::output;
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::io::{self, BufRead, IsTerminal, StdinLock};

/// A source of the player's lines.
pub enum LineInput {
    Editor(Box<DefaultEditor>),
    Plain(StdinLock<'static>),
}

impl LineInput {
    /// The line editor on a terminal; plain lines from a pipe or a file, or
    /// when the terminal cannot be set up for editing.
    pub fn new() -> LineInput {
        let stdin = io::stdin();
        if stdin.is_terminal() {
            if let Ok(editor) = DefaultEditor::new() {
                return LineInput::Editor(Box::new(editor));
            }
        }
        LineInput::Plain(stdin.lock())
    }

    /// The next line after showing `prompt`, without its line end; `None`
    /// at the end of input, or when the player presses Ctrl-D or Ctrl-C.
    pub fn read(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        match self {
            LineInput::Editor(editor) => loop {
                match editor.readline(prompt) {
                    Ok(line) => {
                        // History is a convenience: a line it cannot keep is still played.
                        let _ = editor.add_history_entry(line.as_str());
                        return Ok(Some(line));
                    }
                    Err(ReadlineError::Eof | ReadlineError::Interrupted) => return Ok(None),
                    // The terminal was resized: prompt again.
                    Err(ReadlineError::Signal(_)) => {}
                    Err(ReadlineError::Io(e)) => return Err(CliError::Read(e)),
                    Err(e) => return Err(CliError::Read(io::Error::other(e))),
                }
            },
            LineInput::Plain(input) => {
                output::print(prompt)?;
                let mut bytes = Vec::new();
                match input.read_until(b'\n', &mut bytes) {
                    Ok(0) => Ok(None),
                    Ok(_) => {
                        // Bytes that are not UTF-8 make a move that is not understood, not a failure.
                        let line = String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string();
                        // Nothing echoes piped input: the transcript shows it after the prompt.
                        output::print(&format!("{line}\n"))?;
                        Ok(Some(line))
                    }
                    Err(e) => Err(CliError::Read(e)),
                }
            }
        }
    }
}
