//! `redfool tune`: fits a variant's evaluation weights to `redfool
//! datagen` output by Texel's method ([`eval::tune`]) and writes them as the
//! variant's generated source file (`eval/src/tuned/<variant>.rs`), whose
//! header names the data, this command and the loss before and after.
//!
//! The last tenth of the positions (the last games of the data) is held
//! out: the descent never fits it, and the weights kept are those of the
//! epoch with the lowest loss on it (early stopping), so that the fit
//! generalises rather than memorises the positions it sees.

use crate::common_args::{in_range, VariantArgs};
use crate::error::CliError;
use crate::game_setup::check_chess960;
use crate::output;
use clap::Args;
use engine::datagen::{Sample, SampleError, GAME_END};
use eval::tune::{self, Descent, Entry, Provenance};
use eval::weights::Field;
use movegen::{with_variant, FenError, Position, Variant};
use std::fmt;
use std::path::PathBuf;

/// The arguments of `redfool tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Data files written by 'redfool datagen' for this variant
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Passes of gradient descent over the data
    #[arg(long, value_name = "N", default_value_t = 500, value_parser = in_range(1..=1_000_000usize))]
    epochs: usize,
    /// Adam's step size (centipawns; percent for the percentage weights)
    #[arg(long, value_name = "R", default_value_t = 1.0)]
    rate: f64,
    /// Share of the game's result in each position's target, 0 to 1; the
    /// rest is the expected score of the search's score of the position
    #[arg(long, value_name = "R", default_value_t = 1.0, value_parser = share)]
    result_share: f64,
    /// Weight fields to leave as they are (names as in eval/src/weights.rs, e.g. material)
    #[arg(long, value_name = "FIELD", num_args = 1.., value_parser = field)]
    freeze: Vec<Field>,
    /// Where to write the generated weights [default: eval/src/tuned/<variant>.rs]
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Parses a share, a number from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ => Err(format!("'{text}' is not a number from 0 to 1")),
    }
}

/// Parses the name of a weight field.
fn field(text: &str) -> Result<Field, String> {
    Field::ALL.iter().copied().find(|f| f.name() == text).ok_or_else(|| {
        let names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
        format!("'{text}' is not a weight field; the fields: {}", names.join(", "))
    })
}

/// A data line that cannot be used.
#[derive(Debug)]
pub enum DataError {
    Read { path: PathBuf, error: std::io::Error },
    Sample { path: PathBuf, line: usize, error: SampleError },
    Fen { path: PathBuf, line: usize, error: FenError },
    Empty,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Read { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            DataError::Sample { path, line, error } => write!(f, "{}:{line}: {error}", path.display()),
            DataError::Fen { path, line, error } => write!(f, "{}:{line}: {error}", path.display()),
            DataError::Empty => f.write_str("the data files hold too few positions to fit (fewer than 10)"),
        }
    }
}

impl std::error::Error for DataError {}

/// Runs `redfool tune`.
pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    check_chess960(args.variant.variant.0, args.variant.chess960)?;
    with_variant!(args.variant.variant.0, V => tune_variant::<V>(args))
}

/// Every position of the data files as features. Lines of unfinished
/// games (after the last game's closing line) are left out, as `datagen
/// --append` leaves them out.
fn read_entries<V: Variant>(args: &TuneArgs) -> Result<Vec<Entry>, DataError> {
    let mut entries = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).map_err(|error| DataError::Read { path: path.clone(), error })?;
        let mut game = Vec::new();
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
            if line.starts_with(GAME_END) {
                entries.append(&mut game);
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let sample: Sample =
                line.parse().map_err(|error| DataError::Sample { path: path.clone(), line: number, error })?;
            let pos = Position::<V>::from_fen(&sample.fen, args.variant.chess960).map_err(|error| DataError::Fen {
                path: path.clone(),
                line: number,
                error,
            })?;
            game.push(Entry::new(&pos, sample.score, sample.result.white_score()));
        }
    }
    if entries.len() < 10 {
        return Err(DataError::Empty);
    }
    Ok(entries)
}

fn tune_variant<V: Variant>(args: &TuneArgs) -> Result<(), CliError> {
    let mut entries = read_entries::<V>(args).map_err(CliError::Data)?;
    let held_out = entries.len() / 10;
    let split = entries.len() - held_out;
    let start = tune::current(V::KIND);
    // The scale is fitted to the results alone: it maps evaluations to
    // expected scores, which the search's scores are then turned into.
    let k = tune::fit_k(&entries[..split], &start);
    tune::blend_targets(&mut entries, k, args.result_share);
    let (fit, test) = entries.split_at(split);
    let before = [tune::loss(fit, &start, k), tune::loss(test, &start, k)];
    output::note(&format!(
        "{} positions ({} held out), k = {k:.6}, loss {:.6} / {:.6} (fitted / held out)\n",
        entries.len(),
        test.len(),
        before[0],
        before[1]
    ));
    let descent = Descent { epochs: args.epochs, rate: args.rate, frozen: args.freeze.clone() };
    let (fitted, best) = tune::descend(fit, test, &start, k, &descent, |epoch, loss, held| {
        output::note(&format!("epoch {epoch}: loss {loss:.6} / {held:.6}\n"));
    });
    output::note(&format!("kept the weights of epoch {best}, the lowest held-out loss\n"));
    let tuned = fitted.rounded();
    let rounded = tune::Params::from(&tuned);
    let after = [tune::loss(fit, &rounded, k), tune::loss(test, &rounded, k)];
    output::note(&format!("after: loss {:.6} / {:.6} (fitted / held out)\n", after[0], after[1]));
    let command = std::iter::once("redfool".to_string())
        .chain(std::env::args().skip(1).filter(|a| !a.contains('\n')))
        .collect::<Vec<_>>()
        .join(" ");
    let data: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
    let made = Provenance {
        data: &data,
        positions: entries.len(),
        command: &command,
        k,
        loss_before: before,
        loss_after: after,
    };
    let path = args.out.clone().unwrap_or_else(|| PathBuf::from(eval::tuned::source_path(V::KIND)));
    std::fs::write(&path, tune::source(V::KIND, &tuned, &made))
        .map_err(|error| CliError::File { path: path.clone(), error })?;
    output::note(&format!("{}: written\n", path.display()));
    Ok(())
}
