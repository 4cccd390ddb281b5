//! Every piece value and term weight of the evaluation, in one place.
//!
//! Scores are [`Score`] pairs (middlegame, endgame) in centipawns, added for
//! the side that owns the feature: a negative weight is a penalty. The
//! weights the evaluation is linear in form the [`Weights`] set, of which
//! each variant plays with its own ([`crate::tuned`], fitted by `redfool
//! tune`); the hand-set values here are where fitting starts. The other
//! constants (the phase, the king-danger units, which the penalty squares)
//! are not fitted. The shapes the weights scale (tables built from the
//! board size) live in the term modules.

use crate::score::Score;
use movegen::Role;
use std::slice;

// ----- material -----

/// Material value of each role, indexed by `Role::index()`: pawn (Tam
/// Ruat's warrior), knight, bishop (cleric), rook (chariot), queen, king,
/// then Tam Ruat's emperor, paladin, wizard, warlock, ghost and barbarian.
/// Royal pieces are never captured, so they count 0. The Tam Ruat values
/// come from self-play (see the README, "Tam Ruat piece values").
pub const PIECE_VALUE: [Score; Role::COUNT] = [
    Score::new(100, 125),
    Score::new(320, 305),
    Score::new(335, 335),
    Score::new(495, 545),
    Score::new(975, 1010),
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(TAMRUAT_VALUE[0], TAMRUAT_VALUE[0]),
    Score::new(TAMRUAT_VALUE[1], TAMRUAT_VALUE[1]),
    Score::new(TAMRUAT_VALUE[2], TAMRUAT_VALUE[2]),
    Score::new(TAMRUAT_VALUE[3], TAMRUAT_VALUE[3]),
    Score::new(TAMRUAT_VALUE[4], TAMRUAT_VALUE[4] + 25),
];

/// Tam Ruat's paladin, wizard, warlock, ghost and barbarian in centipawns,
/// measured by redfool self-play with `scripts/tamruat_piece_values.py`
/// (redfool 7d1a77f, depth 6, 80 games per pairing): two of the piece
/// against two knights (the ghosts on the knights' squares; the barbarian:
/// three against three warriors), each Elo difference turned into
/// centipawns by what two knights are worth in Elo (knight = 320), rounded
/// to 10. The 95 % intervals are wide: paladin 289 +/- 91, wizard
/// 565 +/- 140, warlock 302 +/- 93, ghost 326 +/- 93, barbarian 96 +/- 59;
/// only the wizard stands clearly apart from the knight.
pub const TAMRUAT_VALUE: [i32; 5] = [290, 560, 300, 330, 100];

// ----- game phase -----

/// How much each role counts towards the game phase (pawns and kings do not).
pub const PHASE_WEIGHT: [i32; Role::COUNT] = [0, 1, 1, 2, 4, 0, 0, 1, 1, 1, 1, 0];

/// The phase of the full starting armies (4 minors, 4 rooks, 2 queens): pure
/// middlegame. Phase 0 is a pawn (or bare-king) ending. Promotions can push
/// the sum higher; it is capped here.
pub const PHASE_MAX: i32 = 24;

// ----- mobility -----

/// The number of mobility squares a role has in a typical position, taken
/// off before weighting so that piece values stay piece values.
pub const MOBILITY_BASELINE: [i32; Role::COUNT] = [0, 4, 6, 6, 12, 0, 0, 4, 6, 4, 2, 0];

// ----- passed pawns -----

/// The hand-set passed-pawn bonus one step from promotion. Farther back a
/// passed pawn starts from this times the square of the fraction of the way
/// it has come, so the bonus grows as it nears the last rank, whatever the
/// board's length; fitting then sets each rank on its own.
pub const PASSED_PAWN: Score = Score::new(70, 140);

/// Hand-set passed-pawn bonuses of a board of `ranks` ranks, indexed by how
/// many ranks the pawn stands from its own first rank (1 on its start rank,
/// `ranks - 2` one step from promotion).
pub const fn passed_bonuses(ranks: u8) -> [Score; 16] {
    let last = ranks as i32 - 2;
    let mut table = [Score::ZERO; 16];
    let mut rank = 1;
    while rank <= last {
        table[rank as usize] = PASSED_PAWN.scaled(rank * rank, last * last);
        rank += 1;
    }
    table
}

// ----- king safety -----
//
// Danger to a king is counted in units and turned into a penalty that grows
// with the square of the units, so that several attackers together weigh
// much more than each alone. The units are not fitted (the penalty is not
// linear in them); the penalty as a whole is, by `Weights::king_danger`.

/// Units per enemy piece that attacks a square next to (or of) the king,
/// indexed by role.
pub const KING_ATTACKER_UNITS: [i32; Role::COUNT] = [0, 20, 20, 30, 50, 0, 0, 20, 20, 20, 20, 0];
/// Units per square of the king's neighbourhood such a piece attacks.
pub const KING_ZONE_HIT_UNITS: i32 = 8;
/// Units per square next to the king that the enemy attacks and that
/// nothing but the king defends.
pub const WEAK_KING_SQUARE_UNITS: i32 = 12;
/// Units when an enemy knight, bishop, rook or queen could check the king
/// next move from a safe square, indexed by role (once per role).
pub const SAFE_CHECK_UNITS: [i32; Role::COUNT] = [0, 80, 60, 90, 70, 0, 0, 0, 0, 0, 0, 0];
/// Units taken off when a knight of the king's own covers a square next to
/// it (never below none).
pub const KNIGHT_DEFENDER_UNITS: i32 = 20;
/// Units when the Fool stands a knight's move from the king: the king is in
/// check from a piece that cannot be captured, only frightened away.
pub const FOOL_CHECK_UNITS: i32 = 40;
/// Units when the Fool, stirred next, could leap to a square a knight's move
/// from the king (one of the squares he would choose, by the rungs of §1).
pub const FOOL_CHECK_THREAT_UNITS: i32 = 20;
/// Percent of the danger units an enemy without a queen gathers against a
/// king (in variants with queens; the Fool's units are not cut).
pub const QUEENLESS_DANGER_PERCENT: i32 = 50;
/// Middlegame penalty: units squared divided by this.
pub const KING_DANGER_DIVISOR: i32 = 256;
/// Endgame penalty: units divided by this (kings fear little in the endgame).
pub const KING_DANGER_ENDGAME_DIVISOR: i32 = 8;
/// The middlegame king-danger penalty never exceeds this.
pub const KING_DANGER_MAX: i32 = 1200;

/// The king-danger penalty of `units` (middlegame, endgame), before the
/// variant's [`Weights::king_danger`] percentage.
pub const fn king_danger_penalty(units: i32) -> Score {
    let mg = units * units / KING_DANGER_DIVISOR;
    Score::new(-if mg < KING_DANGER_MAX { mg } else { KING_DANGER_MAX }, -units / KING_DANGER_ENDGAME_DIVISOR)
}

// ----- the weight set -----

/// A field of [`Weights`]: one score or an array of them, seen as a slice
/// so that the tuner can number every weight.
pub trait Slots {
    /// How many scores the field holds.
    const LEN: usize;
    /// Whether the field is an array (even of one).
    const ARRAY: bool;
    fn scores(&self) -> &[Score];
    fn scores_mut(&mut self) -> &mut [Score];
}

impl Slots for Score {
    const LEN: usize = 1;
    const ARRAY: bool = false;
    fn scores(&self) -> &[Score] {
        slice::from_ref(self)
    }
    fn scores_mut(&mut self) -> &mut [Score] {
        slice::from_mut(self)
    }
}

impl<const N: usize> Slots for [Score; N] {
    const LEN: usize = N;
    const ARRAY: bool = true;
    fn scores(&self) -> &[Score] {
        self
    }
    fn scores_mut(&mut self) -> &mut [Score] {
        self
    }
}

/// Declares [`Weights`] and [`Field`] from one list, so that a weight is
/// named, documented and given its hand-set value in one place.
macro_rules! weight_set {
    (|$ranks:ident| $($(#[$doc:meta])* $field:ident, $name:ident: $ty:ty = $hand:expr;)*) => {
        /// Every weight the evaluation is linear in: what `redfool tune`
        /// fits. Each variant evaluates with its own set, a constant
        /// ([`crate::tuned::of`]).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub struct Weights {
            $($(#[$doc])* pub $field: $ty,)*
        }

        /// Names a field of [`Weights`].
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum Field {
            $($name,)*
        }

        impl Field {
            /// Every field, in declaration order.
            pub const ALL: &'static [Field] = &[$(Field::$name),*];

            /// How many scores the field holds.
            pub const fn slots(self) -> usize {
                match self {
                    $(Field::$name => <$ty as Slots>::LEN,)*
                }
            }

            /// Whether the field is an array of scores.
            pub const fn is_array(self) -> bool {
                match self {
                    $(Field::$name => <$ty as Slots>::ARRAY,)*
                }
            }

            /// The field's name in Rust source.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Field::$name => stringify!($field),)*
                }
            }
        }

        impl Weights {
            /// How many scores the set holds: the weights the tuner numbers.
            pub const COUNT: usize = 0 $(+ <$ty as Slots>::LEN)*;

            /// The hand-set weights of a board of `ranks` ranks.
            pub const fn hand_set($ranks: u8) -> Weights {
                Weights { $($field: $hand,)* }
            }

            /// The scores of `field`.
            pub fn field(&self, field: Field) -> &[Score] {
                match field {
                    $(Field::$name => self.$field.scores(),)*
                }
            }

            /// The scores of `field`, to change.
            pub fn field_mut(&mut self, field: Field) -> &mut [Score] {
                match field {
                    $(Field::$name => self.$field.scores_mut(),)*
                }
            }
        }
    };
}

impl Field {
    /// The number the tuner gives the field's first score: fields are
    /// numbered in declaration order, each score of an array in turn.
    pub const fn offset(self) -> usize {
        let (mut i, mut sum) = (0, 0);
        while (Field::ALL[i] as usize) < self as usize {
            sum += Field::ALL[i].slots();
            i += 1;
        }
        sum
    }
}

weight_set! { |ranks|
    // ----- material -----

    /// Material value of each role, indexed by `Role::index()` (see
    /// [`PIECE_VALUE`]); royal pieces count 0.
    material, Material: [Score; Role::COUNT] = PIECE_VALUE;
    /// Bonus for keeping both bishops: together they cover both square colours.
    bishop_pair, BishopPair: Score = Score::new(30, 50);

    // ----- piece-square shapes (see `psqt.rs`) -----
    //
    // Each shape is a function of how central a square is (0 on the edge,
    // 100 in the middle) or how far it has advanced (0 on the owner's first
    // rank, 100 on the last), measured relative to the board size so that
    // one set of weights serves 8x8, 8x10 and larger boards. A "centred"
    // weight W gives -W/2 on the edge and +W/2 in the centre.

    /// Pawns: bonus for advancing, growing towards the centre files
    /// (middlegame), worth its full weight on a central file at the last rank.
    pawn_centre_advance, PawnCentreAdvance: Score = Score::new(40, 0);
    /// Pawns: bonus for advancing on any file (endgame), full weight at the last rank.
    pawn_advance, PawnAdvance: Score = Score::new(0, 30);
    /// Knights (and Tam Ruat's leapers): centred weight; a knight on the rim is dim.
    knight_centre, KnightCentre: Score = Score::new(50, 40);
    /// Bishops: centred weight.
    bishop_centre, BishopCentre: Score = Score::new(20, 20);
    /// Rooks: centred weight over files only (central files open first).
    rook_centre_file, RookCentreFile: Score = Score::new(10, 0);
    /// Rooks: bonus on the rank before the enemy's first rank (the "seventh").
    rook_penultimate_rank, RookPenultimateRank: Score = Score::new(20, 25);
    /// Queens (and the emperor): centred weight.
    queen_centre, QueenCentre: Score = Score::new(10, 30);
    /// King: bonus for a wing file, full weight on the edge file, nothing in
    /// the centre files (middlegame shelter).
    king_wing, KingWing: Score = Score::new(30, 0);
    /// King: penalty for leaving the first rank, full weight on the last rank.
    king_advance, KingAdvance: Score = Score::new(-60, 0);
    /// King: centred weight in the endgame, where the king must be active.
    king_centre, KingCentre: Score = Score::new(0, 60);

    // ----- minor pieces -----

    /// Per knight or bishop standing right behind a pawn of its own.
    minor_behind_pawn, MinorBehindPawn: Score = Score::new(10, 2);

    // ----- mobility -----

    /// Value of each square a piece attacks in its mobility area (squares
    /// not held by its own pieces, not the Fool's, not attacked by enemy
    /// pawns) beyond its [`MOBILITY_BASELINE`], indexed by role; pawns and
    /// kings have no mobility term.
    mobility, Mobility: [Score; Role::COUNT] = [
        Score::ZERO,
        Score::new(6, 6),
        Score::new(5, 6),
        Score::new(3, 5),
        Score::new(2, 4),
        Score::ZERO,
        Score::ZERO,
        Score::new(5, 5),
        Score::new(4, 4),
        Score::new(3, 3),
        Score::new(3, 3),
        Score::ZERO,
    ];

    // ----- pawn structure -----

    /// Per pawn standing behind another pawn of its own on the same file.
    doubled_pawn, DoubledPawn: Score = Score::new(-10, -25);
    /// Per pawn with no pawn of its own on the neighbouring files.
    isolated_pawn, IsolatedPawn: Score = Score::new(-8, -15);
    /// A passed pawn (no enemy pawn ahead on its own or a neighbouring
    /// file), indexed by how many ranks it stands from its own first rank
    /// (see [`passed_bonuses`]).
    passed_pawn, PassedPawn: [Score; 16] = passed_bonuses(ranks);
    /// Per unit of a passed pawn's king proximity: the enemy king's
    /// distance to the square in front of it, less our own king's, weighted
    /// by how far it has come (see `pawns.rs`).
    passed_king_proximity, PassedKingProximity: Score = Score::new(0, 1);
    /// Per unit of a passed pawn that an enemy piece (or the Fool) stands
    /// right in front of: its rank on an eight-rank board less 2 (from 1 on
    /// the fourth rank to 4 on the seventh), nothing further back. A
    /// blockader holds the pawn, and the bonus by rank overrates it.
    passed_blocked, PassedBlocked: Score = Score::new(-6, -16);
    /// Per unit (as for `passed_blocked`) of a passed pawn whose path to
    /// promotion holds no enemy piece and no square the enemy attacks.
    passed_free, PassedFree: Score = Score::new(4, 12);

    // ----- king safety -----

    /// Percent (middlegame, endgame) of [`king_danger_penalty`] charged.
    king_danger, KingDanger: Score = Score::new(100, 100);
    /// Per pawn of the king's own in the three files around it, one or two
    /// ranks ahead of it.
    pawn_shelter, PawnShelter: Score = Score::new(12, 0);

    // ----- threats -----

    /// Per enemy piece (not a pawn, not royal) one of our pawns attacks.
    threat_by_pawn, ThreatByPawn: Score = Score::new(55, 25);
    /// Per enemy piece (not a pawn, not royal) one of our pawns would
    /// attack after a single step to an empty square where it is not lost
    /// for nothing, and that no pawn of ours attacks already.
    threat_by_pawn_push, ThreatByPawnPush: Score = Score::new(20, 15);
    /// Per enemy piece one of our pieces (not a pawn) of less material
    /// value attacks, counted once per attacker.
    threat_by_lesser, ThreatByLesser: Score = Score::new(60, 40);
    /// Per square from which one of our knights, moving there safely, would
    /// attack the enemy's only queen (doubled when she is the only queen).
    knight_on_queen, KnightOnQueen: Score = Score::new(12, 8);
    /// The same for our bishops and rooks, on squares we attack twice.
    slider_on_queen, SliderOnQueen: Score = Score::new(45, 15);
    /// Per enemy piece or pawn (not royal) we attack and they do not defend.
    hanging, Hanging: Score = Score::new(30, 25);

    // ----- the Red Fool -----

    /// Percent (middlegame, endgame) of a piece's [`PIECE_VALUE`] charged to
    /// its owner when it is among the Fool's cheapest safe victims and the
    /// opponent is to move: any move that frightens him kills it at once.
    fool_victim_threatened, FoolVictimThreatened: Score = Score::new(60, 60);
    /// The same percent when the owner is to move and can still rescue the piece.
    fool_victim_exposed, FoolVictimExposed: Score = Score::new(15, 15);
    /// Added for a king whose knight distance to the Fool is the index (1:
    /// the Fool checks it; 2: one leap away from checking it); farther is free.
    fool_king_distance, FoolKingDistance: [Score; 4] =
        [Score::ZERO, Score::new(-30, -15), Score::new(-12, -6), Score::new(-4, -2)];
    /// Per piece attacking the Fool's square: while it stays there every
    /// move sets him leaping, and its owner decides when to release him.
    fool_menace, FoolMenace: Score = Score::new(5, 3);

    // ----- Checkered chess, stage 1 (see `checkered.rs`) -----
    //
    // Percentages of the terms a checkered piece brings while it belongs to
    // both players; stage 2 is scored with the constants of `checkered.rs`.

    /// Percent of the checkered pieces' [`PIECE_VALUE`] credited to the side
    /// to move, which may use them first (the rest would go to both players
    /// and cancel).
    checkered_share, CheckeredShare: Score = Score::new(25, 25);
    /// Percent of [`king_danger_penalty`] charged against each king for the
    /// checkered pieces bearing on its neighbourhood: the opponent may use them.
    checkered_king_danger, CheckeredKingDanger: Score = Score::new(100, 100);
    /// Percent of the [`PIECE_VALUE`] of the side to move's piece that
    /// checkered pieces attack and that it cannot save (the lesser of its
    /// two most valuable such pieces) charged to it.
    checkered_hanging, CheckeredHanging: Score = Score::new(50, 50);

    // ----- mop-up -----

    /// Per step the bare enemy king stands nearer the edge than the centre
    /// (see `mop_up.rs`).
    mop_up_edge, MopUpEdge: Score = Score::new(0, 25);
    /// Per step the kings stand nearer each other than the board's far
    /// corners, with the enemy king bare.
    mop_up_close, MopUpClose: Score = Score::new(0, 12);

    // ----- side to move -----

    /// Bonus for the side to move: having the move is worth something.
    tempo, Tempo: Score = Score::new(20, 10);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passed_bonus_grows_to_full_weight_one_step_from_promotion() {
        for ranks in [8, 10, 12] {
            let table = Weights::hand_set(ranks).passed_pawn;
            let last = ranks as usize - 2;
            assert_eq!(table[last], PASSED_PAWN);
            assert_eq!(table[0], Score::ZERO);
            assert_eq!(table[last + 1], Score::ZERO);
            assert!((1..last).all(|r| table[r].eg() < table[r + 1].eg()));
        }
    }

    #[test]
    fn fields_number_every_weight_once() {
        let mut next = 0;
        for &field in Field::ALL {
            assert_eq!(field.offset(), next, "{}", field.name());
            assert_eq!(Weights::hand_set(8).field(field).len(), field.slots());
            next += field.slots();
        }
        assert_eq!(next, Weights::COUNT);
    }
}
