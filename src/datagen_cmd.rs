//! `redfool datagen`: self-play games for tuning the evaluation, written in
//! the data line format of [`engine::datagen`] (`FEN | score | result`);
//! or, with `--openings N`, a suite of balanced openings as EPD (one FEN a
//! line, as the match runner, cutechess and fastchess read it).
//!
//! A file is never overwritten: an existing one is refused unless
//! `--append` is given, and then the games (or openings) carry on where the
//! file ends — game numbering included, so that a run stopped and resumed
//! with the same seed writes what one run would have — after cutting off
//! any unfinished game or partial line an interrupted run left behind.

use crate::common_args::{in_range, ThreadsArg, VariantArgs};
use crate::error::CliError;
use crate::game_setup::check_chess960;
use crate::output;
use clap::Args;
use engine::datagen::{in_order, Budget, DataFile, OpeningRules};
use movegen::{with_variant, Variant};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Nodes per move when neither `--nodes` nor `--depth` is given.
const DEFAULT_NODES: u64 = 5000;

/// The arguments of `redfool datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// The file to write (refused if it exists, unless --append)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games to play
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = in_range(1..=u64::MAX))]
    games: u64,
    /// Write N balanced openings as EPD instead of playing games
    #[arg(long, value_name = "N", value_parser = in_range(1..=u64::MAX))]
    openings: Option<u64>,
    #[arg(long, value_name = "N", conflicts_with = "depth", value_parser = in_range(1..=u64::MAX),
          help = format!("Nodes searched per move [default without --depth: {DEFAULT_NODES}]"))]
    nodes: Option<u64>,
    /// Depth searched per move
    #[arg(long, value_name = "N", value_parser = in_range(1..=64u32))]
    depth: Option<u32>,
    /// Random plies that make an opening
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = in_range(0..=200usize))]
    opening_plies: usize,
    /// Openings are kept when the search scores them within this many centipawns of 0
    #[arg(long, value_name = "CP", default_value_t = 60, value_parser = in_range(0..=10_000))]
    margin: i32,
    #[command(flatten)]
    threads: ThreadsArg,
    /// The seed: the same seed writes the same file, whatever the thread count
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = in_range(0..=u64::MAX))]
    seed: u64,
    /// Add to an existing file, after its last whole game (or opening)
    #[arg(long)]
    append: bool,
}

/// Runs `redfool datagen`.
pub fn run(args: &DatagenArgs) -> Result<(), CliError> {
    check_chess960(args.variant.variant.0, args.variant.chess960)?;
    let budget = match (args.nodes, args.depth) {
        (_, Some(depth)) => Budget::Depth(depth),
        (nodes, None) => Budget::Nodes(nodes.unwrap_or(DEFAULT_NODES)),
    };
    let rules =
        OpeningRules { plies: args.opening_plies, chess960: args.variant.chess960, margin: args.margin, budget };
    with_variant!(args.variant.variant.0, V => match args.openings {
        Some(count) => write_openings::<V>(args, &rules, count),
        None => write_games::<V>(args, &rules, budget),
    })
}

/// The output file, opened for appending after what it holds that is
/// whole (`keep` reads the existing text and says how many bytes of it to
/// keep, and how many items they hold). A file that exists is refused
/// without `--append`.
fn open_output(args: &DatagenArgs, keep: impl Fn(&str) -> (usize, u64)) -> Result<(File, u64), CliError> {
    let path = &args.out;
    let file_error = |error| CliError::File { path: path.clone(), error };
    if !args.append {
        let file = OpenOptions::new().write(true).create_new(true).open(path).map_err(|error| {
            if error.kind() == std::io::ErrorKind::AlreadyExists {
                CliError::Exists(path.clone())
            } else {
                file_error(error)
            }
        })?;
        return Ok((file, 0));
    }
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| CliError::NotText(path.clone()))?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(error) => return Err(file_error(error)),
    };
    let (complete_len, items) = keep(&text);
    if complete_len < text.len() {
        output::note(&format!(
            "{}: dropping {} bytes after the last whole item (an interrupted run's)\n",
            path.display(),
            text.len() - complete_len
        ));
    }
    let mut file = OpenOptions::new().create(true).write(true).truncate(false).open(path).map_err(file_error)?;
    file.set_len(complete_len as u64).map_err(file_error)?;
    file.seek(SeekFrom::End(0)).map_err(file_error)?;
    Ok((file, items))
}

/// Writes `text` whole and flushes it, so that what is on disk always ends
/// with a whole item unless the process dies inside this call.
fn write_whole(file: &mut File, path: &Path, text: &str) -> Result<(), CliError> {
    file.write_all(text.as_bytes())
        .and_then(|_| file.flush())
        .map_err(|error| CliError::File { path: path.to_path_buf(), error })
}

fn write_games<V: Variant>(args: &DatagenArgs, rules: &OpeningRules, budget: Budget) -> Result<(), CliError> {
    let (mut file, done) = open_output(args, |text| {
        let scan = DataFile::scan(text);
        (scan.complete_len, scan.games)
    })?;
    let (first, last) = (done, done + args.games);
    let started = Instant::now();
    let (mut positions, mut plies, mut white_points) = (0usize, 0usize, 0.0);
    let report_every = (args.games / 50).max(1);
    in_order(
        args.threads.threads,
        first,
        |player, index| player.game::<V>(args.seed, index, rules, budget),
        |index, game| {
            write_whole(&mut file, &args.out, &game.to_lines(index))?;
            positions += game.samples.len();
            plies += game.plies;
            white_points += game.result.white_score();
            let played = index + 1 - first;
            if played % report_every == 0 || index + 1 == last {
                output::note(&format!(
                    "games {played}/{}, positions {positions}, {:.1} games/s\n",
                    args.games,
                    played as f64 / started.elapsed().as_secs_f64().max(1e-3)
                ));
            }
            Ok::<bool, CliError>(index + 1 < last)
        },
    )?;
    let games = args.games as f64;
    output::note(&format!(
        "{}: wrote {} games ({first} to {} of seed {}), {positions} positions, {:.0} plies a game, White scored {:.1} %\n",
        args.out.display(),
        args.games,
        last - 1,
        args.seed,
        plies as f64 / games,
        100.0 * white_points / games
    ));
    Ok(())
}

fn write_openings<V: Variant>(args: &DatagenArgs, rules: &OpeningRules, count: u64) -> Result<(), CliError> {
    let mut seen = HashSet::new();
    let (mut file, done) = open_output(args, |text| {
        // Whole lines only; each non-comment line is one opening.
        let complete_len = text.rfind('\n').map_or(0, |i| i + 1);
        let openings = text[..complete_len].lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).count();
        (complete_len, openings as u64)
    })?;
    if done == 0 {
        let header = format!(
            "# {count} balanced {}{} openings: {} random plies, kept within {} cp by a search of {:?}, seed {}\n",
            V::KIND,
            if args.variant.chess960 { " (Chess960)" } else { "" },
            rules.plies,
            rules.margin,
            rules.budget,
            args.seed
        );
        write_whole(&mut file, &args.out, &header)?;
    } else {
        let text =
            std::fs::read_to_string(&args.out).map_err(|error| CliError::File { path: args.out.clone(), error })?;
        seen.extend(text.lines().filter(|l| !l.starts_with('#')).map(|l| l.trim().to_string()));
    }
    let mut written = 0;
    // Attempts are numbered from the count already written: an append adds
    // new openings (a duplicate of one in the file is skipped).
    in_order(
        args.threads.threads,
        done,
        |player, index| player.opening::<V>(rules, &mut engine::datagen::rng_for(args.seed, index)),
        |_, (pos, _)| {
            let fen = pos.fen();
            if !seen.contains(&fen) {
                write_whole(&mut file, &args.out, &format!("{fen}\n"))?;
                seen.insert(fen);
                written += 1;
            }
            Ok::<bool, CliError>(written < count)
        },
    )?;
    output::note(&format!("{}: wrote {written} openings\n", args.out.display()));
    Ok(())
}
