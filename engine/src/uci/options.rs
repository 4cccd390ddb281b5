//! The UCI options the engine offers, their limits, and `setoption` parsing.

use movegen::VariantKind;
use std::fmt;

/// The option values a session holds.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub variant: VariantKind,
    pub chess960: bool,
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead: u64,
    pub ponder: bool,
    /// Play as the 1-ply material-greedy test opponent instead of searching.
    pub greedy: bool,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: VariantKind::RedFool,
            chess960: false,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: 10,
            ponder: false,
            greedy: false,
        }
    }
}

/// Transposition table size at start-up, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
const HASH_MAX_MB: i64 = 16384;
const THREADS_MAX: i64 = 256;
const MULTIPV_MAX: i64 = 500;
const MOVE_OVERHEAD_MAX: i64 = 5000;

/// A `setoption` the session must act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    Variant(VariantKind),
    Chess960(bool),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    MoveOverhead(u64),
    Ponder(bool),
    Greedy(bool),
    ClearHash,
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Syntax(String),
    Unknown(String),
    BadValue { name: &'static str, value: String, expected: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(text) => write!(f, "setoption: {text} (expected: setoption name <id> [value <x>])"),
            OptionError::Unknown(name) => write!(f, "setoption: unknown option '{name}'"),
            OptionError::BadValue { name, value, expected } => {
                write!(f, "setoption {name}: bad value '{value}', expected {expected}")
            }
        }
    }
}

/// The `option` lines of the `uci` answer.
pub fn declarations() -> Vec<String> {
    let variants: Vec<String> = VariantKind::ALL.iter().map(|v| format!("var {}", v.name())).collect();
    vec![
        format!("option name UCI_Variant type combo default {} {}", VariantKind::RedFool.name(), variants.join(" ")),
        "option name UCI_Chess960 type check default false".to_string(),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {HASH_MAX_MB}"),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
        format!("option name Move Overhead type spin default 10 min 0 max {MOVE_OVERHEAD_MAX}"),
        "option name Ponder type check default false".to_string(),
        "option name Clear Hash type button".to_string(),
        "option name Greedy type check default false".to_string(),
    ]
}

/// Parses the arguments of `setoption` (everything after the command word).
/// Option names are matched without regard to case, as UCI asks.
pub fn parse_setoption(args: &str) -> Result<OptionChange, OptionError> {
    let rest = args.trim().strip_prefix("name").ok_or_else(|| OptionError::Syntax("missing 'name'".into()))?;
    let (name, value) = match split_keyword(rest, "value") {
        Some((name, value)) => (name.trim(), Some(value.trim())),
        None => (rest.trim(), None),
    };
    if name.is_empty() {
        return Err(OptionError::Syntax("missing option name".into()));
    }
    let value_of = |expected: &str| {
        value
            .filter(|v| !v.is_empty())
            .ok_or_else(|| OptionError::Syntax(format!("option '{name}' needs a value ({expected})")))
    };
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            let v = value_of("a variant name")?;
            v.parse().map(OptionChange::Variant).map_err(|e: movegen::UnknownVariant| OptionError::BadValue {
                name: "UCI_Variant",
                value: v.to_string(),
                expected: e.to_string(),
            })
        }
        "uci_chess960" => check("UCI_Chess960", value_of("true or false")?).map(OptionChange::Chess960),
        "ponder" => check("Ponder", value_of("true or false")?).map(OptionChange::Ponder),
        "greedy" => check("Greedy", value_of("true or false")?).map(OptionChange::Greedy),
        "hash" => spin("Hash", value_of("a size in MB")?, 1, HASH_MAX_MB).map(|v| OptionChange::Hash(v as usize)),
        "threads" => {
            spin("Threads", value_of("a thread count")?, 1, THREADS_MAX).map(|v| OptionChange::Threads(v as usize))
        }
        "multipv" => {
            spin("MultiPV", value_of("a line count")?, 1, MULTIPV_MAX).map(|v| OptionChange::MultiPv(v as usize))
        }
        "move overhead" => spin("Move Overhead", value_of("milliseconds")?, 0, MOVE_OVERHEAD_MAX)
            .map(|v| OptionChange::MoveOverhead(v as u64)),
        "clear hash" => Ok(OptionChange::ClearHash),
        _ => Err(OptionError::Unknown(name.to_string())),
    }
}

/// Splits `text` at the first whole word `keyword`.
fn split_keyword<'a>(text: &'a str, keyword: &str) -> Option<(&'a str, &'a str)> {
    let mut offset = 0;
    for word in text.split(' ') {
        if word == keyword {
            return Some((&text[..offset], &text[offset + word.len()..]));
        }
        offset += word.len() + 1;
    }
    None
}

fn check(name: &'static str, value: &str) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue { name, value: value.to_string(), expected: "true or false".into() }),
    }
}

fn spin(name: &'static str, value: &str, min: i64, max: i64) -> Result<i64, OptionError> {
    value.parse::<i64>().ok().filter(|v| (min..=max).contains(v)).ok_or_else(|| OptionError::BadValue {
        name,
        value: value.to_string(),
        expected: format!("an integer from {min} to {max}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_with_spaces_and_any_case() {
        assert_eq!(parse_setoption("name Move Overhead value 30"), Ok(OptionChange::MoveOverhead(30)));
        assert_eq!(parse_setoption("name uci_variant value chess"), Ok(OptionChange::Variant(VariantKind::Chess)));
        assert_eq!(parse_setoption("name Clear Hash"), Ok(OptionChange::ClearHash));
        assert_eq!(parse_setoption("name UCI_Chess960 value TRUE"), Ok(OptionChange::Chess960(true)));
        assert_eq!(parse_setoption("name greedy value true"), Ok(OptionChange::Greedy(true)));
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        assert!(matches!(parse_setoption("name Hash value 0"), Err(OptionError::BadValue { name: "Hash", .. })));
        assert!(matches!(parse_setoption("name Hash value lots"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse_setoption("name Hash"), Err(OptionError::Syntax(_))));
        assert!(matches!(parse_setoption("name Nonsense value 1"), Err(OptionError::Unknown(_))));
        assert!(matches!(parse_setoption("value 3"), Err(OptionError::Syntax(_))));
        let e = parse_setoption("name UCI_Variant value shogi").unwrap_err();
        assert!(e.to_string().contains("shogi") && e.to_string().contains("redfool"), "{e}");
    }
}
