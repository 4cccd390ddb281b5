//! The position a people-facing command starts from: `--fen` (or the
//! variant's start position, or a Chess960 array) and `--moves`.

use crate::args::Args;
use movegen::{chess960, Position, Variant};

/// Reads `--chess960`, `--fen FEN` and `--moves M…` and builds the position.
pub fn position_from_args<V: Variant>(args: &mut Args) -> Result<Position<V>, String> {
    let is_960 = args.flag("--chess960");
    let fen = args.value("--fen")?;
    let number: Option<u16> = args.parsed("--number", "a Chess960 number from 0 to 959")?;
    let moves = args.values("--moves")?.unwrap_or_default();
    let fen = match (fen, number) {
        (Some(_), Some(_)) => return Err("give --fen or --number, not both".to_string()),
        (Some(fen), None) => fen,
        (None, Some(n)) => chess960::start_fen::<V>(n).ok_or_else(|| format!("--number {n}: expected 0 to 959"))?,
        (None, None) => V::START_FEN.to_string(),
    };
    let mut pos = Position::<V>::from_fen(&fen, is_960).map_err(|e| format!("--fen: {e}"))?;
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .parse_uci(text)
            .or_else(|_| pos.parse_san(text))
            .map_err(|e| format!("--moves: move {} ('{text}'): {e}", i + 1))?;
        pos.make(m);
    }
    Ok(pos)
}
