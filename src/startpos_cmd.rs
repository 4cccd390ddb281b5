//! `redfool startpos`: print a variant's start FEN, orthodox or Chess960.

use crate::args::Args;
use crate::output;
use movegen::chess960;
use movegen::{with_variant, Variant};

/// Runs `startpos [--variant V] [--chess960 [--number N | --seed S]]`.
pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let variant = args.variant()?;
    let is_960 = args.flag("--chess960");
    let number: Option<u16> = args.parsed("--number", "a number from 0 to 959")?;
    let seed: Option<u64> = args.parsed("--seed", "a number")?;
    args.finish()?;
    if !is_960 {
        if number.is_some() || seed.is_some() {
            return Err("--number and --seed need --chess960".to_string());
        }
        return output::print(&format!("{}\n", with_variant!(variant, V => V::START_FEN)));
    }
    let number = match (number, seed) {
        (Some(_), Some(_)) => return Err("give --number or --seed, not both".to_string()),
        (Some(n), None) => n,
        (None, seed) => random_number(seed.unwrap_or_else(time_seed)),
    };
    let fen = with_variant!(variant, V => chess960::start_fen::<V>(number))
        .ok_or_else(|| format!("--chess960 --number {number}: expected 0 to 959, in a variant with Chess960 arrays"))?;
    output::print(&format!("{fen}\n"))
}

/// A Scharnagl number drawn from `seed` (SplitMix64).
fn random_number(seed: u64) -> u16 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) % chess960::COUNT as u64) as u16
}

fn time_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}
