//! The position a people-facing command starts from: `--fen`, or a Chess960
//! array (`--number`), or the variant's start position; then `--moves`. Also
//! the one check of whether a variant has Chess960 at all, so that every
//! command refuses `--chess960` in Tam Ruat with the same clear message.

use crate::common_args::{in_range, VariantArgs};
use crate::move_input::parse_move;
use clap::Args;
use movegen::{
    chess960_start_fen, with_variant, FenError, MoveError, Position, Variant, VariantKind, CHESS960_COUNT,
    CHESS960_ORTHODOX,
};
use std::fmt;

/// Where the game starts.
#[derive(Args, Clone, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Start from this FEN instead of the start position
    #[arg(long, value_name = "FEN", conflicts_with = "number")]
    pub fen: Option<String>,
    /// Start from Chess960 array N (Scharnagl number, 0 to 959; 518 is the
    /// orthodox array); implies --chess960
    #[arg(long, value_name = "N", value_parser = in_range(0..=CHESS960_COUNT - 1))]
    pub number: Option<u16>,
    /// Moves to play from there, in UCI (e2e4, g1f3@d4) or SAN (Nf3@d4)
    #[arg(long, value_name = "MOVE", num_args = 1..)]
    pub moves: Vec<String>,
}

/// Why the position asked for cannot be set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// Chess960 was asked for in a variant that has neither its start
    /// arrays nor its castling (Tam Ruat, Checkered chess).
    NoChess960(VariantKind),
    /// The `--fen` text is not a position of the variant.
    Fen(FenError),
    /// A move of `--moves` (numbered from 1) is not legal where it stands.
    Move { number: usize, text: String, error: MoveError },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoChess960(kind) => {
                write!(f, "the variant {kind} has no Chess960 arrays (Chess960 exists in {})", chess960_variants())
            }
            SetupError::Fen(e) => write!(f, "--fen: {e}"),
            SetupError::Move { number, text, error } => write!(f, "--moves: move {number} ('{text}'): {error}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// True when `kind` has Chess960 start arrays and castling, as the rules
/// core says: RULES.md defines Chess960 for Red Fool Chess and chess only.
pub fn has_chess960(kind: VariantKind) -> bool {
    with_variant!(kind, V => chess960_start_fen::<V>(CHESS960_ORTHODOX).is_some())
}

/// The variants that have Chess960, for messages: `redfool, chess`.
pub fn chess960_variants() -> String {
    let names: Vec<&str> = VariantKind::ALL.into_iter().filter(|&k| has_chess960(k)).map(|k| k.name()).collect();
    names.join(", ")
}

/// Refuses Chess960 (`wanted`) in a variant without it.
pub fn check_chess960(kind: VariantKind, wanted: bool) -> Result<(), SetupError> {
    if wanted && !has_chess960(kind) {
        return Err(SetupError::NoChess960(kind));
    }
    Ok(())
}

/// Builds the position `args` describe. Its history holds the `--moves`,
/// so that repetitions count and a game record can start before them.
pub fn position_from_args<V: Variant>(args: &PositionArgs) -> Result<Position<V>, SetupError> {
    let is_960 = args.variant.chess960 || args.number.is_some();
    check_chess960(V::KIND, is_960)?;
    let fen = match (&args.fen, args.number) {
        (Some(fen), _) => fen.clone(),
        (None, Some(n)) => chess960_start_fen::<V>(n).ok_or(SetupError::NoChess960(V::KIND))?,
        (None, None) => V::START_FEN.to_string(),
    };
    let mut pos = Position::<V>::from_fen(&fen, is_960).map_err(SetupError::Fen)?;
    for (i, text) in args.moves.iter().enumerate() {
        let m =
            parse_move(&pos, text).map_err(|error| SetupError::Move { number: i + 1, text: text.clone(), error })?;
        pos.make(m);
    }
    Ok(pos)
}
