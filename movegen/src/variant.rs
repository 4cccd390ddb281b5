//! Variants: which board, which pieces and which extra rules a game uses.
//!
//! A variant is a zero-sized type implementing [`Variant`]; positions and the
//! move generator are generic over it, so rule switches such as "is there a
//! Fool" are constants that the compiler folds away. [`VariantKind`] names the
//! variants at run time (command line, UCI) and [`with_variant!`] turns a
//! run-time choice into a call of the right monomorphized code.

use crate::geometry::{Board12x12, Board8x10, Board8x8, Geometry};
use crate::piece::Role;
use std::fmt;
use std::str::FromStr;

/// The compile-time description of a variant.
pub trait Variant: 'static + Copy + Eq + Send + Sync + fmt::Debug + Default {
    /// The board shape.
    type G: Geometry;
    /// Which variant this is at run time.
    const KIND: VariantKind;
    /// Which move generator and special rules apply.
    const RULES: Rules;
    /// True when the neutral Red Fool stands on the board (RULES.md §1).
    const HAS_FOOL: bool;
    /// The roles that may stand on the board (the FEN letters accepted).
    const ROLES: &'static [Role];
    /// The orthodox start position.
    const START_FEN: &'static str;
}

/// The families of rules the move generator knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rules {
    /// FIDE chess pieces and castling (chess, Chess960, Red Fool Chess).
    Orthodox,
    /// Tam Ruat (RULES.md §3): new pieces, no castling, bare king.
    TamRuat,
    /// Checkered chess (RULES.md §4): checkered pieces, the switch, stage 2.
    Checkered,
}

/// Red Fool Chess: 8x10 board and the Fool (RULES.md §1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct RedFool;

impl Variant for RedFool {
    type G = Board8x10;
    const KIND: VariantKind = VariantKind::RedFool;
    const RULES: Rules = Rules::Orthodox;
    const HAS_FOOL: bool = true;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

/// Orthodox chess on 8x8 (RULES.md §2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Chess;

impl Variant for Chess {
    type G = Board8x8;
    const KIND: VariantKind = VariantKind::Chess;
    const RULES: Rules = Rules::Orthodox;
    const HAS_FOOL: bool = false;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
}

/// Tam Ruat: 12x12, warlocks, ghosts, barbarians, emperors (RULES.md §3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TamRuat;

impl Variant for TamRuat {
    type G = Board12x12;
    const KIND: VariantKind = VariantKind::TamRuat;
    const RULES: Rules = Rules::TamRuat;
    const HAS_FOOL: bool = false;
    const ROLES: &'static [Role] = &Role::ALL;
    const START_FEN: &'static str =
        "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1";
}

/// Checkered chess (l'Échiqueté) on 8x8 (RULES.md §4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Checkered;

impl Variant for Checkered {
    type G = Board8x8;
    const KIND: VariantKind = VariantKind::Checkered;
    const RULES: Rules = Rules::Checkered;
    const HAS_FOOL: bool = false;
    const ROLES: &'static [Role] = &Role::ORTHODOX;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1";
}

/// The variants by name, for choosing one at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantKind {
    RedFool,
    Chess,
    TamRuat,
    Checkered,
}

impl VariantKind {
    /// Every variant the engine plays, the default first.
    pub const ALL: [VariantKind; 4] =
        [VariantKind::RedFool, VariantKind::Chess, VariantKind::TamRuat, VariantKind::Checkered];

    /// The name used on the command line and in `UCI_Variant`.
    pub const fn name(self) -> &'static str {
        match self {
            VariantKind::RedFool => "redfool",
            VariantKind::Chess => "chess",
            VariantKind::TamRuat => "tamruat",
            VariantKind::Checkered => "checkered",
        }
    }
    /// The name in a PGN `[Variant]` tag.
    pub const fn pgn_name(self) -> &'static str {
        match self {
            VariantKind::RedFool => "Red Fool",
            VariantKind::Chess => "Standard",
            VariantKind::TamRuat => "Tam Ruat",
            VariantKind::Checkered => "Checkered",
        }
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that the engine does not play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = VariantKind::ALL.iter().map(|v| v.name()).collect();
        write!(f, "unknown variant '{}' (known: {})", self.0, known.join(", "))
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for VariantKind {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        VariantKind::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// Runs `$body` with the type alias `$v` bound to the variant type that
/// `$kind` names: `with_variant!(kind, V => perft::<V>(...))`.
#[macro_export]
macro_rules! with_variant {
    ($kind:expr, $v:ident => $body:expr) => {
        match $kind {
            $crate::VariantKind::RedFool => {
                type $v = $crate::RedFool;
                $body
            }
            $crate::VariantKind::Chess => {
                type $v = $crate::Chess;
                $body
            }
            $crate::VariantKind::TamRuat => {
                type $v = $crate::TamRuat;
                $body
            }
            $crate::VariantKind::Checkered => {
                type $v = $crate::Checkered;
                $body
            }
        }
    };
}
