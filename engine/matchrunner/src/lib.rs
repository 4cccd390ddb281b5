//! `redfool match`: a match runner for UCI engines in every variant the
//! rules core knows, Red Fool Chess first. Generic runners (cutechess-cli,
//! fastchess) cannot referee the Fool; this one keeps the authoritative
//! position with `movegen`, so engine authors can run matches and SPRT
//! tests in Red Fool Chess.
//!
//! - [`cli`] reads the command line;
//! - [`tournament`] runs the match on worker threads;
//! - [`schedule`] decides colours and openings of each game;
//! - [`game`] referees one game, with [`clock`] and [`adjudication`];
//! - [`engine_process`] starts engines and speaks UCI with timeouts;
//! - [`openings`] and [`pgn`] read and write positions and games;
//! - [`stats`] and [`report`] turn results into Elo, LOS and the SPRT.

pub mod adjudication;
pub mod cli;
pub mod clock;
pub mod engine_process;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod report;
pub mod schedule;
pub mod stats;
pub mod tournament;

use movegen::with_variant;

/// Runs `redfool match` with the arguments after `match`.
pub fn run(argv: &[String]) -> Result<(), String> {
    match cli::parse_args(argv).map_err(|e| e.to_string())? {
        cli::Command::Help => {
            println!("{}", cli::USAGE);
            Ok(())
        }
        cli::Command::Play(config) => {
            with_variant!(config.variant, V => tournament::run::<V>(&config)).map_err(|e| e.to_string())
        }
    }
}
