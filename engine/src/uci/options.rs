//! The UCI options the engine offers, their limits, and `setoption` parsing.

use super::echo::echo;
use crate::skill::{self, Skill};
use movegen::VariantKind;
use std::fmt;

/// The option values a session holds.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// `UCI_Variant`.
    pub variant: VariantKind,
    /// `UCI_Chess960`: castling written king takes rook.
    pub chess960: bool,
    /// `Hash`, in MiB.
    pub hash_mb: usize,
    /// `Threads`.
    pub threads: usize,
    /// `MultiPV`.
    pub multipv: usize,
    /// `Move Overhead`, in milliseconds.
    pub move_overhead: u64,
    /// `Ponder`: the GUI may send `go ponder`.
    pub ponder: bool,
    /// Add `wdl W D L` to `info` lines (`UCI_ShowWDL`).
    pub show_wdl: bool,
    /// Play as the 1-ply material-greedy test opponent instead of searching.
    pub greedy: bool,
    /// `Skill Level`: 20 is full strength.
    pub skill_level: i64,
    /// `UCI_LimitStrength`: play at `UCI_Elo`, overriding `Skill Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength asked for when `UCI_LimitStrength` is on.
    pub elo: i64,
}

impl EngineOptions {
    /// The start-up values, in `variant` (orthodox chess by default, as in
    /// Fairy-Stockfish, so that a chess GUI that never sends `UCI_Variant`
    /// gets chess moves).
    pub fn starting_in(variant: VariantKind, chess960: bool) -> EngineOptions {
        EngineOptions {
            variant,
            chess960,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            move_overhead: 10,
            ponder: false,
            show_wdl: false,
            greedy: false,
            skill_level: *skill::LEVELS.end(),
            limit_strength: false,
            elo: *skill::ELO.start(),
        }
    }

    /// How weak to play (`None`: full strength), the random errors drawn
    /// from `seed`: `UCI_Elo` when `UCI_LimitStrength` is on, else `Skill
    /// Level`.
    pub fn skill(&self, seed: u64) -> Option<Skill> {
        if self.limit_strength {
            Some(Skill::from_elo(self.elo, seed))
        } else {
            Skill::from_level(self.skill_level, seed)
        }
    }
}

/// Transposition table size at start-up, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
const HASH_MAX_MB: i64 = 16384;
const THREADS_MAX: i64 = 256;
const MULTIPV_MAX: i64 = 500;
const MOVE_OVERHEAD_MAX: i64 = 5000;

/// Variant names GUIs use for the variants the engine plays under other
/// names: Cute Chess's `standard` and `fischerandom`, and `chess960`. The
/// `UCI_Variant` combo lists only the engine's own names (a GUI that knows
/// an alias offers it from `UCI_Chess960` anyway); `setoption` takes both.
/// Each alias: the variant, and whether it turns Chess960 on.
const VARIANT_ALIASES: [(&str, VariantKind, bool); 3] = [
    ("standard", VariantKind::Chess, false),
    ("fischerandom", VariantKind::Chess, true),
    ("chess960", VariantKind::Chess, true),
];

/// A variant chosen by name (`UCI_Variant`, or `redfool --variant`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantChoice {
    /// The variant named.
    pub variant: VariantKind,
    /// True for the Chess960 aliases, which also turn `UCI_Chess960` on; a
    /// plain name leaves that option as it is.
    pub chess960: bool,
}

/// A variant name the engine does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariantName(pub String);

impl fmt::Display for UnknownVariantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = VariantKind::ALL.iter().map(|v| v.name()).collect();
        let aliases: Vec<&str> = VARIANT_ALIASES.iter().map(|(name, ..)| *name).collect();
        write!(f, "unknown variant '{}' (known: {}; also {})", echo(&self.0), known.join(", "), aliases.join(", "))
    }
}

impl std::error::Error for UnknownVariantName {}

/// Reads a variant name in any case: the engine's own names and the
/// aliases GUIs use.
pub fn parse_variant(name: &str) -> Result<VariantChoice, UnknownVariantName> {
    let lower = name.to_ascii_lowercase();
    if let Some(&(_, variant, chess960)) = VARIANT_ALIASES.iter().find(|(alias, ..)| *alias == lower) {
        return Ok(VariantChoice { variant, chess960 });
    }
    lower
        .parse()
        .map(|variant| VariantChoice { variant, chess960: false })
        .map_err(|_| UnknownVariantName(name.to_string()))
}

/// A `setoption` the session must act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// `UCI_Variant` (a Chess960 alias also turns `UCI_Chess960` on).
    Variant(VariantChoice),
    /// `UCI_Chess960`.
    Chess960(bool),
    /// `Hash`, in MiB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `MultiPV`.
    MultiPv(usize),
    /// `Move Overhead`, in milliseconds.
    MoveOverhead(u64),
    /// `Ponder`.
    Ponder(bool),
    /// `UCI_ShowWDL`.
    ShowWdl(bool),
    /// `Greedy`: play the 1-ply material player instead of searching.
    Greedy(bool),
    /// `Skill Level`.
    SkillLevel(i64),
    /// `UCI_LimitStrength`.
    LimitStrength(bool),
    /// `UCI_Elo`.
    Elo(i64),
    /// `Clear Hash`: forget what earlier searches learnt.
    ClearHash,
    /// An option GUIs send as information (`UCI_AnalyseMode`,
    /// `UCI_Opponent`, `UCI_EngineAbout`): accepted, and nothing changes.
    NoEffect,
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The command is not `setoption name <id> [value <x>]`; what is wrong.
    Syntax(String),
    /// No option has this name.
    Unknown(String),
    /// The value is out of the option's range or of the wrong type.
    BadValue {
        /// The option, as the engine names it.
        name: &'static str,
        /// The value given.
        value: String,
        /// What the option takes.
        expected: String,
    },
    /// `UCI_Variant` names a variant the engine does not play.
    UnknownVariant(UnknownVariantName),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(text) => write!(f, "setoption: {text} (expected: setoption name <id> [value <x>])"),
            OptionError::Unknown(name) => write!(f, "setoption: unknown option '{name}'"),
            OptionError::BadValue { name, value, expected } => {
                write!(f, "setoption {name}: bad value '{value}', expected {expected}")
            }
            OptionError::UnknownVariant(unknown) => write!(f, "setoption UCI_Variant: {unknown}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The `option` lines of the `uci` answer; `start` holds the start-up
/// values, declared as the defaults.
pub fn declarations(start: &EngineOptions) -> Vec<String> {
    let variants: Vec<String> = VariantKind::ALL.iter().map(|v| format!("var {}", v.name())).collect();
    vec![
        format!("option name UCI_Variant type combo default {} {}", start.variant.name(), variants.join(" ")),
        format!("option name UCI_Chess960 type check default {}", start.chess960),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {HASH_MAX_MB}"),
        format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
        format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
        format!("option name Move Overhead type spin default 10 min 0 max {MOVE_OVERHEAD_MAX}"),
        "option name Ponder type check default false".to_string(),
        "option name Clear Hash type button".to_string(),
        "option name UCI_ShowWDL type check default false".to_string(),
        "option name UCI_AnalyseMode type check default false".to_string(),
        "option name UCI_Opponent type string default <empty>".to_string(),
        format!("option name UCI_EngineAbout type string default {}", engine_about()),
        "option name Greedy type check default false".to_string(),
        format!(
            "option name Skill Level type spin default {} min {} max {}",
            start.skill_level,
            skill::LEVELS.start(),
            skill::LEVELS.end()
        ),
        format!("option name UCI_LimitStrength type check default {}", start.limit_strength),
        format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            start.elo,
            skill::ELO.start(),
            skill::ELO.end()
        ),
    ]
}

/// What `UCI_EngineAbout` says: name, version, authors, licence.
fn engine_about() -> String {
    format!(
        "redfool {} by {}, {}: Red Fool Chess, chess, Chess960, Tam Ruat and Checkered chess",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_AUTHORS"),
        env!("CARGO_PKG_LICENSE")
    )
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
            parse_variant(value_of("a variant name")?).map(OptionChange::Variant).map_err(OptionError::UnknownVariant)
        }
        "uci_chess960" => check("UCI_Chess960", value_of("true or false")?).map(OptionChange::Chess960),
        "ponder" => check("Ponder", value_of("true or false")?).map(OptionChange::Ponder),
        "uci_showwdl" => check("UCI_ShowWDL", value_of("true or false")?).map(OptionChange::ShowWdl),
        "uci_analysemode" => check("UCI_AnalyseMode", value_of("true or false")?).map(|_| OptionChange::NoEffect),
        // Free text, possibly empty: who the opponent is, what the engine is.
        "uci_opponent" | "uci_engineabout" => Ok(OptionChange::NoEffect),
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
        "skill level" => spin("Skill Level", value_of("a level")?, *skill::LEVELS.start(), *skill::LEVELS.end())
            .map(OptionChange::SkillLevel),
        "uci_limitstrength" => check("UCI_LimitStrength", value_of("true or false")?).map(OptionChange::LimitStrength),
        "uci_elo" => {
            spin("UCI_Elo", value_of("an Elo rating")?, *skill::ELO.start(), *skill::ELO.end()).map(OptionChange::Elo)
        }
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

    fn variant(variant: VariantKind, chess960: bool) -> Result<OptionChange, OptionError> {
        Ok(OptionChange::Variant(VariantChoice { variant, chess960 }))
    }

    #[test]
    fn options_parse_with_spaces_and_any_case() {
        assert_eq!(parse_setoption("name Move Overhead value 30"), Ok(OptionChange::MoveOverhead(30)));
        assert_eq!(parse_setoption("name uci_variant value chess"), variant(VariantKind::Chess, false));
        assert_eq!(parse_setoption("name Clear Hash"), Ok(OptionChange::ClearHash));
        assert_eq!(parse_setoption("name UCI_Chess960 value TRUE"), Ok(OptionChange::Chess960(true)));
        assert_eq!(parse_setoption("name greedy value true"), Ok(OptionChange::Greedy(true)));
        assert_eq!(parse_setoption("name UCI_ShowWDL value true"), Ok(OptionChange::ShowWdl(true)));
        assert_eq!(parse_setoption("name skill level value 0"), Ok(OptionChange::SkillLevel(0)));
        assert_eq!(parse_setoption("name UCI_LimitStrength value true"), Ok(OptionChange::LimitStrength(true)));
        assert_eq!(parse_setoption("name UCI_Elo value 1500"), Ok(OptionChange::Elo(1500)));
    }

    #[test]
    fn limit_strength_overrides_the_skill_level() {
        let mut options = EngineOptions::starting_in(VariantKind::Chess, false);
        assert_eq!(options.skill(1), None, "full strength by default");
        options.skill_level = 3;
        assert_eq!(options.skill(1).map(|s| s.level()), Some(3.0));
        options.limit_strength = true;
        options.elo = *skill::ELO.end();
        assert_eq!(options.skill(1).map(|s| s.level()), Some(skill::level_of_elo(options.elo)));
    }

    #[test]
    fn variant_names_in_any_case_and_the_gui_aliases() {
        assert_eq!(parse_setoption("name UCI_Variant value RedFool"), variant(VariantKind::RedFool, false));
        assert_eq!(parse_setoption("name UCI_Variant value TAMRUAT"), variant(VariantKind::TamRuat, false));
        assert_eq!(parse_setoption("name UCI_Variant value Standard"), variant(VariantKind::Chess, false));
        assert_eq!(parse_setoption("name UCI_Variant value fischerandom"), variant(VariantKind::Chess, true));
        assert_eq!(parse_setoption("name UCI_Variant value Chess960"), variant(VariantKind::Chess, true));
    }

    #[test]
    fn options_guis_send_routinely_are_accepted() {
        assert_eq!(parse_setoption("name UCI_AnalyseMode value true"), Ok(OptionChange::NoEffect));
        assert_eq!(parse_setoption("name UCI_Opponent value GM 2800 human Gary Kasparov"), Ok(OptionChange::NoEffect));
        assert_eq!(parse_setoption("name UCI_Opponent value"), Ok(OptionChange::NoEffect));
        assert_eq!(parse_setoption("name UCI_EngineAbout value anything"), Ok(OptionChange::NoEffect));
        assert!(matches!(parse_setoption("name UCI_AnalyseMode value 7"), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        assert!(matches!(parse_setoption("name Hash value 0"), Err(OptionError::BadValue { name: "Hash", .. })));
        assert!(matches!(parse_setoption("name Hash value lots"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse_setoption("name Hash"), Err(OptionError::Syntax(_))));
        assert!(matches!(parse_setoption("name Nonsense value 1"), Err(OptionError::Unknown(_))));
        assert!(matches!(parse_setoption("value 3"), Err(OptionError::Syntax(_))));
        let below = format!("name UCI_Elo value {}", skill::ELO.start() - 1);
        assert!(matches!(parse_setoption(&below), Err(OptionError::BadValue { name: "UCI_Elo", .. })));
        assert!(matches!(parse_setoption("name Skill Level value 21"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse_setoption("name Skill Level value -1"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse_setoption("name Skill Level value strong"), Err(OptionError::BadValue { .. })));
        assert!(matches!(parse_setoption("name UCI_LimitStrength value 1"), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn an_unknown_variant_is_named_with_the_known_ones() {
        let e = parse_setoption("name UCI_Variant value shogi").unwrap_err().to_string();
        assert_eq!(
            e,
            "setoption UCI_Variant: unknown variant 'shogi' (known: redfool, chess, tamruat, checkered; \
             also standard, fischerandom, chess960)"
        );
        assert!(!e.contains("expected"), "{e}");
    }
}
