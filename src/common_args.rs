//! Command-line options that several sub-commands share, defined once so
//! that their names, ranges and help read the same everywhere: the variant
//! (its list of names taken from the rules core), search threads, how long
//! to think, and a range-checking number reader whose errors say whether the
//! text was no number or a number out of range.

use crate::game_setup::chess960_variants;
use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use engine::limits::Limits;
use movegen::VariantKind;
use std::fmt::Display;
use std::num::{IntErrorKind, ParseIntError};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Most search threads `perft` and `analyse` accept (one limit for both).
pub const MAX_THREADS: usize = 256;

/// A variant named on the command line. The names and their order are the
/// rules core's ([`VariantKind::ALL`]), so a new variant appears in every
/// `--help` and error message without a change here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VariantName(pub VariantKind);

const VARIANT_NAMES: [VariantName; VariantKind::ALL.len()] = {
    let mut names = [VariantName(VariantKind::ALL[0]); VariantKind::ALL.len()];
    let mut i = 1;
    while i < names.len() {
        names[i] = VariantName(VariantKind::ALL[i]);
        i += 1;
    }
    names
};

impl ValueEnum for VariantName {
    fn value_variants<'a>() -> &'a [Self] {
        &VARIANT_NAMES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// `--variant` and `--chess960`, for the commands that work on positions.
#[derive(Args, Clone, Copy, Debug)]
pub struct VariantArgs {
    /// The variant
    #[arg(long, value_enum, value_name = "VARIANT", default_value_t = VariantName(VariantKind::ALL[0]))]
    pub variant: VariantName,
    #[arg(long, help = format!("Chess960 mode ({} only): castling written king takes rook (e1h1)", chess960_variants()))]
    pub chess960: bool,
}

/// `--threads`, with one range for every command that searches.
#[derive(Args, Clone, Copy, Debug)]
pub struct ThreadsArg {
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = in_range(1..=MAX_THREADS),
          help = format!("Threads to use, 1 to {MAX_THREADS}"))]
    pub threads: usize,
}

/// `--depth` and `--movetime`: how long the engine thinks, `DEFAULT_MS`
/// milliseconds when neither is given.
#[derive(Args, Clone, Copy, Debug)]
pub struct ThinkingArgs<const DEFAULT_MS: u64> {
    /// Search to this depth (with --movetime, whichever comes first)
    #[arg(long, value_name = "N", value_parser = in_range(1..=u32::MAX))]
    pub depth: Option<u32>,
    #[arg(long, value_name = "MS", value_parser = in_range(1..=u64::MAX),
          help = format!("Think this many milliseconds [default without --depth: {DEFAULT_MS}]"))]
    pub movetime: Option<u64>,
}

impl<const DEFAULT_MS: u64> ThinkingArgs<DEFAULT_MS> {
    /// The search limits.
    pub fn limits(&self) -> Limits {
        let movetime = self.movetime.or(self.depth.is_none().then_some(DEFAULT_MS));
        Limits { depth: self.depth, movetime, ..Limits::default() }
    }
}

/// A value parser for whole numbers in `range`. Its errors tell a number
/// that is too large or too small ("out of range") from text that is no
/// number at all, and always give the range.
pub fn in_range<T>(range: RangeInclusive<T>) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: FromStr<Err = ParseIntError> + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    let (low, high) = (*range.start(), *range.end());
    move |text: &str| {
        let expected = format!("expected {low} to {high}");
        match text.parse::<T>() {
            Ok(n) if low <= n && n <= high => Ok(n),
            Ok(_) => Err(format!("out of range ({expected})")),
            Err(e) if matches!(e.kind(), IntErrorKind::PosOverflow | IntErrorKind::NegOverflow) => {
                Err(format!("out of range ({expected})"))
            }
            Err(_) if is_negative_whole_number(text) => Err(format!("out of range ({expected})")),
            Err(_) => Err(format!("not a whole number ({expected})")),
        }
    }
}

/// `-12`: a number, if not one an unsigned type can hold.
fn is_negative_whole_number(text: &str) -> bool {
    text.strip_prefix('-').is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_range_tells_out_of_range_from_not_a_number() {
        let depth = in_range(0..=64u32);
        assert_eq!(depth("12"), Ok(12));
        assert_eq!(depth("65"), Err("out of range (expected 0 to 64)".to_string()));
        assert_eq!(depth("4294967296"), Err("out of range (expected 0 to 64)".to_string()));
        assert_eq!(depth("-3"), Err("out of range (expected 0 to 64)".to_string()));
        assert_eq!(depth("deep"), Err("not a whole number (expected 0 to 64)".to_string()));
        assert_eq!(depth(""), Err("not a whole number (expected 0 to 64)".to_string()));
    }

    #[test]
    fn every_variant_of_the_rules_core_has_a_name() {
        let names: Vec<String> = VariantName::value_variants()
            .iter()
            .map(|v| v.to_possible_value().unwrap().get_name().to_string())
            .collect();
        let expected: Vec<&str> = VariantKind::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names, expected);
    }
}
