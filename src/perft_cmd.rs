//! `redfool perft`: leaf counts for checking move generators, in
//! Stockfish's output format.

use crate::common_args::{in_range, ThreadsArg};
use crate::error::CliError;
use crate::game_setup::{position_from_args, PositionArgs};
use crate::output;
use clap::Args;
use movegen::{divide, with_variant, Position, Variant};
use std::time::Instant;

/// The deepest perft accepted. Counting goes depth first, so a depth far
/// beyond what could ever finish would only overflow the stack.
const MAX_DEPTH: u32 = 64;

/// The arguments of `redfool perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[arg(value_name = "DEPTH", value_parser = in_range(0..=MAX_DEPTH),
          help = format!("Plies to count, 0 to {MAX_DEPTH}"))]
    depth: u32,
    #[command(flatten)]
    position: PositionArgs,
    /// Print each root move's count first (divide)
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// Runs `redfool perft`.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    with_variant!(args.position.variant.variant.0, V => {
        let pos = position_from_args::<V>(&args.position)?;
        report(&pos, args)
    })
}

fn report<V: Variant>(pos: &Position<V>, args: &PerftArgs) -> Result<(), CliError> {
    let start = Instant::now();
    let mut text = String::new();
    let nodes = if args.depth == 0 {
        1
    } else {
        let split = divide(pos, args.depth, args.threads.threads);
        if args.divide {
            for (m, n) in &split {
                text.push_str(&format!("{}: {n}\n", pos.uci(*m)));
            }
            text.push('\n');
        }
        split.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    let nps = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    output::note(&format!("time {} ms, {nps:.0} nodes/s\n", elapsed.as_millis()));
    text.push_str(&format!("Nodes searched: {nodes}\n"));
    output::print(&text)
}
