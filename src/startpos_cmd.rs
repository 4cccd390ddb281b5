//! `redfool startpos`: print a variant's start FEN, orthodox or Chess960.

use crate::common_args::{in_range, VariantArgs};
use crate::error::CliError;
use crate::game_setup::{check_chess960, SetupError};
use crate::output;
use clap::Args;
use movegen::{chess960_start_fen, with_variant, Variant, CHESS960_COUNT};

/// The arguments of `redfool startpos`.
#[derive(Args, Debug)]
#[command(mut_arg("chess960", |arg| arg.help("Print a Chess960 array: random, or by --number or --seed")))]
pub struct StartposArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// The Chess960 array by Scharnagl number, 0 to 959 (518 is the
    /// orthodox array); implies --chess960
    #[arg(long, value_name = "N", value_parser = in_range(0..=CHESS960_COUNT - 1), conflicts_with = "seed")]
    number: Option<u16>,
    /// Draw the Chess960 array at random from this seed (without --number
    /// and --seed, from the clock); implies --chess960
    #[arg(long, value_name = "S", value_parser = in_range(0..=u64::MAX))]
    seed: Option<u64>,
}

/// Runs `redfool startpos`.
pub fn run(args: &StartposArgs) -> Result<(), CliError> {
    let kind = args.variant.variant.0;
    let is_960 = args.variant.chess960 || args.number.is_some() || args.seed.is_some();
    check_chess960(kind, is_960)?;
    if !is_960 {
        return output::print(&format!("{}\n", with_variant!(kind, V => V::START_FEN)));
    }
    let number = args.number.unwrap_or_else(|| random_number(args.seed.unwrap_or_else(time_seed)));
    let fen = with_variant!(kind, V => chess960_start_fen::<V>(number)).ok_or(SetupError::NoChess960(kind))?;
    output::print(&format!("{fen}\n"))
}

/// A Scharnagl number drawn from `seed` (SplitMix64).
fn random_number(seed: u64) -> u16 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) % CHESS960_COUNT as u64) as u16
}

fn time_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}
