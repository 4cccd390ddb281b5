//! Why a sub-command failed after its command line was read. Errors in the
//! command line itself are clap's (usage, "did you mean", exit code 2); these
//! are the ones found while doing the work, printed as `redfool: …` with
//! exit code 2 as well.

use crate::game_setup::SetupError;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// A sub-command's failure.
#[derive(Debug)]
pub enum CliError {
    /// The position asked for cannot be set up.
    Setup(SetupError),
    /// Standard output could not be written (a closed pipe is not an error).
    Write(io::Error),
    /// Standard input could not be read.
    Read(io::Error),
    /// A file could not be written.
    File { path: PathBuf, error: io::Error },
    /// An output file exists and was not to be added to.
    Exists(PathBuf),
    /// A file to be added to does not hold text.
    NotText(PathBuf),
    /// Tuning data that cannot be used.
    Data(crate::tune_cmd::DataError),
    /// The engine found no move in a position that is not over: a bug, said
    /// plainly rather than with a panic.
    NoEngineMove,
    /// The bench or the match runner, which report their errors as text.
    Runner(String),
    /// `serve` could not start or run its server (the port taken, say).
    Serve(io::Error),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Setup(e) => e.fmt(f),
            CliError::Write(e) => write!(f, "cannot write to standard output: {e}"),
            CliError::Read(e) => write!(f, "cannot read standard input: {e}"),
            CliError::File { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            CliError::Exists(path) => write!(f, "{} exists: pass --append to add to it", path.display()),
            CliError::NotText(path) => write!(f, "{} is not a text file: not adding to it", path.display()),
            CliError::Data(e) => e.fmt(f),
            CliError::NoEngineMove => f.write_str("the engine found no move in a position that is not over"),
            CliError::Runner(message) => f.write_str(message),
            CliError::Serve(e) => write!(f, "the web board's server failed: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<SetupError> for CliError {
    fn from(e: SetupError) -> CliError {
        CliError::Setup(e)
    }
}
