//! Writing a sub-command's results to standard output without panicking
//! when the reader goes away (`redfool perft 6 --divide | head`).

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output. A closed pipe is not an error (the
/// reader has what it wanted); any other failure is reported.
pub fn print(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write to standard output: {e}")),
        _ => Ok(()),
    }
}
