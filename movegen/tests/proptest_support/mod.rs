//! What the property tests of every crate share (movegen, engine and
//! matchrunner include this file): a configuration with a fixed seed, and
//! text made by mutating valid input.

#![allow(dead_code)] // each test file uses its own subset

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

/// `cases` cases from a fixed seed, so that CI runs the same ones every
/// time, unless the environment asks for another seed
/// (`PROPTEST_RNG_SEED`) or number (`PROPTEST_CASES`).
pub fn config(cases: u32) -> Config {
    let from_env = Config::default();
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() { from_env.cases } else { cases };
    let rng_seed = match from_env.rng_seed {
        RngSeed::Random => RngSeed::Fixed(0x5EED_0016),
        fixed => fixed,
    };
    Config { cases, rng_seed, failure_persistence: None, ..from_env }
}

/// One of `seeds` with up to `edits` characters replaced, inserted or cut
/// off at random places, the new characters drawn from `alphabet` (the
/// syntax of the input) or from all of Unicode.
pub fn mutated(
    seeds: &'static [&'static str],
    alphabet: &'static [char],
    edits: usize,
) -> impl Strategy<Value = String> {
    let edit = (any::<usize>(), prop_oneof![prop::sample::select(alphabet), any::<char>()], 0..3u8);
    (prop::sample::select(seeds), prop::collection::vec(edit, 0..=edits)).prop_map(|(seed, edits)| {
        let mut chars: Vec<char> = seed.chars().collect();
        for (at, c, kind) in edits {
            let at = at % (chars.len() + 1);
            match kind {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => chars.truncate(at),
                _ => chars.insert(at, c),
            }
        }
        chars.into_iter().collect()
    })
}

/// Mostly mutated `seeds`, sometimes arbitrary text.
pub fn text_like(
    seeds: &'static [&'static str],
    alphabet: &'static [char],
    edits: usize,
) -> impl Strategy<Value = String> {
    prop_oneof![3 => mutated(seeds, alphabet, edits), 1 => any::<String>()]
}
