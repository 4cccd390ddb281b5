//! The `redfool` command: speaks UCI with no sub-command, and offers
//! sub-commands for people (perft, startpos, analyse, play, …).
//!
//! The command line is read by clap, so every sub-command has `--help`,
//! `redfool help <command>` works, typos get a "did you mean", and errors
//! exit with code 2. A sub-command is one arm of [`Command`] with its
//! arguments struct and `run` function in a module of its own.

mod analyse_cmd;
mod common_args;
mod datagen_cmd;
mod error;
mod game_record;
mod game_setup;
mod line_input;
mod move_input;
mod output;
mod perft_cmd;
mod play_cmd;
mod score_text;
mod serve;
mod startpos_cmd;
mod tune_cmd;

use clap::{Args, Parser, Subcommand};
use common_args::VariantName;
use error::CliError;
use std::process::ExitCode;

/// A chess-variant engine for Red Fool Chess, chess, Chess960, Tam Ruat and
/// Checkered chess.
#[derive(Parser, Debug)]
#[command(
    name = "redfool",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "With no command, redfool speaks UCI on standard input and output, for chess GUIs and match \
                  runners.\n'redfool help <command>' or 'redfool <command> --help' tells more about a command."
)]
struct Cli {
    #[command(flatten)]
    uci: UciStart,
    #[command(subcommand)]
    command: Option<Command>,
}

/// How the UCI engine starts when no sub-command is given, for tools that
/// can pass arguments to an engine but cannot set its options.
#[derive(Args, Debug)]
struct UciStart {
    /// Start the UCI engine in this variant (as 'setoption name UCI_Variant' does)
    #[arg(long, value_enum, value_name = "VARIANT")]
    variant: Option<VariantName>,
    /// Start the UCI engine in Chess960 mode (as 'setoption name UCI_Chess960' does)
    #[arg(long)]
    chess960: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (last line: Nodes searched: N)
    Perft(perft_cmd::PerftArgs),
    /// Print a start position's FEN, orthodox or a Chess960 array
    Startpos(startpos_cmd::StartposArgs),
    /// Search a position and print its best lines in SAN, each depth as it finishes
    #[command(visible_alias = "analyze")]
    Analyse(analyse_cmd::AnalyseArgs),
    /// Play a game against the engine in the terminal
    Play(play_cmd::PlayArgs),
    /// Search a fixed set of positions; last lines: Nodes searched, Nodes/second
    Bench(BenchArgs),
    /// Play the engine against itself and write positions, scores and results for tuning
    /// (or, with --openings, balanced openings as EPD)
    Datagen(datagen_cmd::DatagenArgs),
    /// Fit a variant's evaluation weights to datagen output (Texel's method) and write
    /// them as its generated source file
    Tune(tune_cmd::TuneArgs),
    /// Play a match between two UCI engines, refereed by the rules core
    /// (its options: redfool match --help)
    #[command(disable_help_flag = true, after_long_help = matchrunner::cli::USAGE)]
    Match(MatchArgs),
    /// Serve a board in the web browser to play and analyse against the engine
    Serve(serve::ServeArgs),
}

/// `bench` takes its depth as text: the bench checks it itself, as it
/// does for OpenBench's `bench` without arguments.
#[derive(Args, Debug)]
struct BenchArgs {
    #[arg(value_name = "DEPTH",
          help = format!("The depth each position is searched to, 1 to 64 [default: {}]", engine::bench::DEFAULT_DEPTH))]
    depth: Option<String>,
}

/// `match` takes its arguments raw: the match runner reads them itself
/// (its own `--help` included), so its options are defined in one place.
#[derive(Args, Debug)]
struct MatchArgs {
    /// The match runner's options
    #[arg(value_name = "OPTIONS", num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

fn main() -> ExitCode {
    // Help and version go to standard output with exit code 0; errors to
    // standard error with exit code 2.
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            output::note(&format!("redfool: {error}\n"));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<(), CliError> {
    let Some(command) = cli.command else {
        // Chess unless told otherwise, as plain chess GUIs expect.
        let variant = cli.uci.variant.map_or(movegen::VariantKind::Chess, |name| name.0);
        game_setup::check_chess960(variant, cli.uci.chess960)?;
        engine::uci::run_with(variant, cli.uci.chess960);
        return Ok(());
    };
    match command {
        Command::Perft(args) => perft_cmd::run(&args),
        Command::Startpos(args) => startpos_cmd::run(&args),
        Command::Analyse(args) => analyse_cmd::run(&args),
        Command::Play(args) => play_cmd::run(&args),
        Command::Bench(args) => engine::bench::run(&Vec::from_iter(args.depth)).map_err(CliError::Runner),
        Command::Datagen(args) => datagen_cmd::run(&args),
        Command::Tune(args) => tune_cmd::run(&args),
        Command::Match(args) => matchrunner::run(&args.args).map_err(CliError::Runner),
        Command::Serve(args) => serve::run(&args),
    }
}
