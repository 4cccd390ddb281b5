//! Writing a sub-command's results to standard output without panicking
//! when the reader goes away (`redfool perft 6 --divide | head`), and notes
//! for people to standard error.

use crate::error::CliError;
use std::io::{ErrorKind, Write};

/// Whether anybody still reads standard output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reader {
    Present,
    /// The pipe was closed: what is left to print can be skipped.
    Gone,
}

/// Writes `text` to standard output and flushes it, so that a line reaches
/// a pipe as soon as it is printed. A closed pipe is not an error (the
/// reader has what it wanted) but is told; any other failure is an error.
pub fn write(text: &str) -> Result<Reader, CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(Reader::Present),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(Reader::Gone),
        Err(e) => Err(CliError::Write(e)),
    }
}

/// [`write`] for callers that have nothing to save when the reader is gone.
pub fn print(text: &str) -> Result<(), CliError> {
    write(text).map(|_| ())
}

/// Writes a note for people (timings, progress) to standard error. A note
/// that cannot be written is dropped: it is not worth failing or panicking
/// over, as `eprint!` would.
pub fn note(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|_| err.flush());
}
