//! Variants: which board, which pieces and which extra rules a game uses.
//!
//! A variant is a zero-sized type implementing [`Variant`]; positions and the
//! move generator are generic over it, so rule switches such as "is there a
//! Fool" are constants that the compiler folds away. [`VariantKind`] names the
//! variants at run time (command line, UCI) and [`with_variant!`] turns a
//! run-time choice into a call of the right monomorphized code.

use crate::board::Bitboards;
use crate::fen::{EnPassantError, FenError};
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveSink};
use crate::outcome::Outcome;
use crate::piece::{Colour, Piece, Role};
use crate::position::{Bb, Effect, Position};
use crate::variants::checkered::Stage;
use std::fmt;
use std::str::FromStr;

/// A variant: the board, its pieces, and every rule question the generic
/// code asks. The required methods are the rule hooks; a new variant that
/// forgets one does not compile. The search, the evaluation and the referee
/// never ask which variant they play: they call [`Position`] methods, which
/// answer through these hooks, monomorphized per variant.
///
/// Each variant lives in one module under `variants/`; see ARCHITECTURE.md
/// for what adding one touches.
pub trait Variant: 'static + Copy + Eq + Send + Sync + fmt::Debug + Default {
    /// The board shape.
    type G: Geometry;
    /// What a position of this variant carries beyond the pieces, the side
    /// to move, castling rights, the en-passant square and the clocks: the
    /// Fool's square in Red Fool Chess, the checkered state in Checkered
    /// chess, nothing (`()`) elsewhere.
    type State: VariantState;
    /// Which variant this is at run time.
    const KIND: VariantKind;
    /// The roles that may stand on the board (the FEN letters accepted).
    const ROLES: &'static [Role];
    /// The orthodox start position.
    const START_FEN: &'static str;
    /// True when the variant castles (its FEN castling field may be other than `-`).
    const CASTLING: bool;
    /// True when the variant has Chess960 back-rank arrangements.
    const CHESS960_ARRAYS: bool;
    /// FEN fields after the fullmove number (Checkered chess has three).
    const EXTRA_FEN_FIELDS: usize;
    /// True when a capture or pawn move can never be undone, so that only
    /// the positions since the last one (the fifty-move clock) can repeat.
    /// False where they can: Tam Ruat's warlock capture summons a ghost and
    /// keeps the number of pieces, Checkered chess's stage-2 pawns step
    /// back and forth; there the whole recorded game can repeat.
    const IRREVERSIBLE_RESETS: bool;

    /// Generates every legal move of the side to move into `sink`.
    fn generate<S: MoveSink>(pos: &Position<Self>, sink: &mut S);

    /// True when [`Self::generate_noisy`] never generates the quiet moves
    /// (chess, Red Fool Chess), so that a quiescence search saves their cost
    /// by asking for the noisy moves alone, though it can no longer tell a
    /// stalemate. False where it generates every move and filters them (the
    /// default): there a quiescence search may as well keep every move and
    /// see stalemates, which Checkered chess's stage 2 often reaches.
    const NOISY_GENERATOR: bool = false;

    /// Generates the legal noisy moves of the side to move into `sink` (see
    /// [`Position::is_noisy`]). By default every move is generated and the
    /// quiet ones dropped (see [`Self::NOISY_GENERATOR`]).
    #[inline(always)]
    fn generate_noisy<S: MoveSink>(pos: &Position<Self>, sink: &mut S) {
        Self::generate(pos, &mut crate::movegen::NoisyOnly { pos, sink });
    }

    /// The pieces giving check to the side to move (the Fool not included:
    /// see [`Position::fool_gives_check`]).
    fn checkers(pos: &Position<Self>) -> Bb<Self>;

    /// False only when legal move `m` certainly does not give check, so a
    /// search may prune it without making it; true whenever it might (the
    /// caller then makes the move and asks [`Position::in_check`]).
    fn may_give_check(pos: &Position<Self>, m: Move) -> bool;

    /// The pieces of `by` that could capture a piece of the other side
    /// standing on `sq`, lines stopping at `occupied`: the recaptures the
    /// exchange evaluator plays out (see also [`Self::exchange_occupant`]).
    /// `None` when the variant declares its exchanges unmodelled: the
    /// capture's own gain is then taken as final.
    fn exchange_attackers(board: &Bitboards<Bb<Self>>, sq: Square, by: Colour, occupied: Bb<Self>) -> Option<Bb<Self>>;

    /// What stands on a square once `capturer` has taken the piece there
    /// (`board` before the capture): the capturer itself, or for Tam
    /// Ruat's warlock, which lands beyond, the ghost it may summon there,
    /// or nothing.
    fn exchange_occupant(board: &Bitboards<Bb<Self>>, capturer: Piece) -> Option<Role>;

    /// What the base move `m` of `mover` (a quiet move, capture, promotion
    /// or en passant; not castling) does to the board: what it captures and
    /// where, what stands on the target square afterwards, and whether a
    /// piece is summoned.
    fn effect(pos: &Position<Self>, m: Move, mover: Piece) -> Effect;

    /// Updates the variant's own state after the base move `m` of `mover`
    /// (`captured`: it took a piece), before the Fool answers.
    fn after_move(pos: &mut Position<Self>, m: Move, mover: Piece, captured: bool);

    /// The en-passant square when it tells positions apart for repetitions
    /// and the key: only when the side to move could take there, except in
    /// variants that count every FEN field.
    fn en_passant_key(pos: &Position<Self>) -> Option<Square>;

    /// The game's end by the variant's own rules, before mate and the draw
    /// rules are looked at: Tam Ruat's bare king, Checkered chess's
    /// checkered side with nothing left.
    fn variant_outcome(pos: &Position<Self>) -> Option<Outcome>;

    /// Reads a FEN piece letter (checkered pieces included where they exist).
    fn read_piece(c: char) -> Option<Piece>;

    /// Reads the extra FEN fields ([`Self::EXTRA_FEN_FIELDS`] of them) into
    /// the position's state.
    fn read_extra_fields(pos: &mut Position<Self>, fields: &[String]) -> Result<(), FenError>;

    /// Writes the extra FEN fields, each preceded by a space.
    fn write_extra_fields(pos: &Position<Self>, out: &mut String);

    /// Checks the placement alone, right after the board field is read
    /// (royal pieces, pieces on impossible ranks).
    fn validate_placement(pos: &Position<Self>) -> Result<(), FenError>;

    /// The square of the piece whose double step passed `passed`, `side`
    /// being to move, or why the en-passant field is implausible.
    fn en_passant_victim(pos: &Position<Self>, side: Colour, passed: Square) -> Result<Square, EnPassantError>;

    /// Checks a position read from a FEN as a whole: the side that just
    /// moved may not be in check, and the variant's state must be possible.
    fn validate(pos: &Position<Self>) -> Result<(), FenError>;
}

/// A variant's state beyond the orthodox one; see [`Variant::State`].
pub trait VariantState: Copy + Eq + fmt::Debug + Default + Send + Sync + 'static {
    /// True when the state holds the Fool (one must stand on the board).
    const FOOL: bool;
    /// The Fool's square, in a variant with a Fool.
    fn fool(&self) -> Option<Square>;
    /// Moves the Fool (only called when [`Self::FOOL`]).
    fn set_fool(&mut self, sq: Square);
    /// Checkered chess's stage, the only part of its state the search and
    /// evaluation look at; `None` in other variants.
    fn stage(&self) -> Option<Stage>;
    /// The state's part of the Zobrist key (0 for the start state).
    fn key(&self) -> u64;
}

/// No state beyond the orthodox one (chess, Tam Ruat).
impl VariantState for () {
    const FOOL: bool = false;
    #[inline(always)]
    fn fool(&self) -> Option<Square> {
        None
    }
    fn set_fool(&mut self, _: Square) {
        unreachable!("a variant without a Fool never moves him")
    }
    #[inline(always)]
    fn stage(&self) -> Option<Stage> {
        None
    }
    #[inline(always)]
    fn key(&self) -> u64 {
        0
    }
}

/// The variants by name, for choosing one at run time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantKind {
    /// Red Fool Chess, the default: [`RedFool`](crate::RedFool).
    RedFool,
    /// Orthodox chess and Chess960: [`Chess`](crate::Chess).
    Chess,
    /// Tam Ruat on 12x12: [`TamRuat`](crate::TamRuat).
    TamRuat,
    /// Checkered chess: [`Checkered`](crate::Checkered).
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
