//! `redfool perft`: leaf counts for checking move generators, in
//! Stockfish's output format.

use crate::args::Args;
use crate::output;
use movegen::{divide, with_variant, Position, Variant};
use std::time::Instant;

/// Runs `perft <depth> [--variant V] [--chess960] [--fen FEN] [--divide] [--threads N]`.
pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let variant = args.variant()?;
    let chess960 = args.flag("--chess960");
    let show_divide = args.flag("--divide");
    let threads: usize = args.parsed("--threads", "a thread count")?.unwrap_or(1);
    let fen = args.value("--fen")?;
    let depth_text = args.positional().ok_or("perft needs a depth")?;
    let depth: u32 = depth_text.parse().map_err(|_| format!("depth '{depth_text}' is not a number"))?;
    args.finish()?;
    if threads == 0 || threads > 1024 {
        return Err(format!("--threads {threads}: expected 1 to 1024"));
    }
    with_variant!(variant, V => report::<V>(fen.as_deref(), chess960, depth, threads, show_divide))
}

fn report<V: Variant>(
    fen: Option<&str>,
    chess960: bool,
    depth: u32,
    threads: usize,
    show_divide: bool,
) -> Result<(), String> {
    let pos = match fen {
        Some(fen) => Position::<V>::from_fen(fen, chess960).map_err(|e| e.to_string())?,
        None => Position::<V>::from_fen(V::START_FEN, chess960).map_err(|e| e.to_string())?,
    };
    let start = Instant::now();
    let mut text = String::new();
    let nodes = if depth == 0 {
        1
    } else {
        let split = divide(&pos, depth, threads);
        if show_divide {
            for (m, n) in &split {
                text.push_str(&format!("{}: {n}\n", pos.uci(*m)));
            }
            text.push('\n');
        }
        split.iter().map(|(_, n)| n).sum()
    };
    let elapsed = start.elapsed();
    eprintln!("time {} ms, {:.0} nodes/s", elapsed.as_millis(), nodes as f64 / elapsed.as_secs_f64().max(1e-9));
    text.push_str(&format!("Nodes searched: {nodes}\n"));
    output::print(&text)
}
