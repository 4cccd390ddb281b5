//! Every piece value and term weight of the evaluation, in one place.
//!
//! Scores are [`Score`] pairs (middlegame, endgame) in centipawns, added for
//! the side that owns the feature: a negative weight is a penalty. The
//! values are hand-set starting points, meant to be tuned by games; the
//! shapes they scale (tables built from the board size) live in the term
//! modules.

use crate::score::Score;
use movegen::Role;

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

/// Bonus for keeping both bishops: together they cover both square colours.
pub const BISHOP_PAIR: Score = Score::new(30, 50);

// ----- game phase -----

/// How much each role counts towards the game phase (pawns and kings do not).
pub const PHASE_WEIGHT: [i32; Role::COUNT] = [0, 1, 1, 2, 4, 0, 0, 1, 1, 1, 1, 0];

/// The phase of the full starting armies (4 minors, 4 rooks, 2 queens): pure
/// middlegame. Phase 0 is a pawn (or bare-king) ending. Promotions can push
/// the sum higher; it is capped here.
pub const PHASE_MAX: i32 = 24;

// ----- piece-square shapes (see `psqt.rs`) -----
//
// Each shape is a function of how central a square is (0 on the edge, 100 in
// the middle) or how far it has advanced (0 on the owner's first rank, 100 on
// the last), measured relative to the board size so that one set of weights
// serves 8x8, 8x10 and larger boards. A "centred" weight W gives -W/2 on the
// edge and +W/2 in the centre.

/// Pawns: bonus for advancing, growing towards the centre files
/// (middlegame), worth its full weight on a central file at the last rank.
pub const PAWN_CENTRE_ADVANCE: Score = Score::new(40, 0);
/// Pawns: bonus for advancing on any file (endgame), full weight at the last rank.
pub const PAWN_ADVANCE: Score = Score::new(0, 30);
/// Knights: centred weight; a knight on the rim is dim.
pub const KNIGHT_CENTRE: Score = Score::new(50, 40);
/// Bishops: centred weight.
pub const BISHOP_CENTRE: Score = Score::new(20, 20);
/// Rooks: centred weight over files only (central files open first).
pub const ROOK_CENTRE_FILE: Score = Score::new(10, 0);
/// Rooks: bonus on the rank before the enemy's first rank (the "seventh").
pub const ROOK_PENULTIMATE_RANK: Score = Score::new(20, 25);
/// Queens: centred weight.
pub const QUEEN_CENTRE: Score = Score::new(10, 30);
/// King: bonus for a wing file, full weight on the edge file, nothing in the
/// centre files (middlegame shelter).
pub const KING_WING: Score = Score::new(30, 0);
/// King: penalty for leaving the first rank, full weight on the last rank.
pub const KING_ADVANCE: Score = Score::new(-60, 0);
/// King: centred weight in the endgame, where the king must be active.
pub const KING_CENTRE: Score = Score::new(0, 60);

// ----- mobility -----

/// Value of each square a piece attacks in its mobility area (squares not
/// held by its own pieces, not the Fool's, not attacked by enemy pawns),
/// indexed by role; pawns and kings have no mobility term.
pub const MOBILITY: [Score; Role::COUNT] = [
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

/// The number of mobility squares a role has in a typical position, taken
/// off before weighting so that piece values stay piece values.
pub const MOBILITY_BASELINE: [i32; Role::COUNT] = [0, 4, 6, 6, 12, 0, 0, 4, 6, 4, 2, 0];

// ----- pawn structure -----

/// Per pawn standing behind another pawn of its own on the same file.
pub const DOUBLED_PAWN: Score = Score::new(-10, -25);
/// Per pawn with no pawn of its own on the neighbouring files.
pub const ISOLATED_PAWN: Score = Score::new(-8, -15);
/// A passed pawn (no enemy pawn ahead on its own or a neighbouring file)
/// one step from promotion. Farther back it earns this times the square of
/// the fraction of the way it has come, so the bonus grows as it nears the
/// last rank, whatever the board's length.
pub const PASSED_PAWN: Score = Score::new(70, 140);

// ----- king safety -----
//
// Danger to a king is counted in units and turned into a penalty that grows
// with the square of the units, so that several attackers together weigh
// much more than each alone.

/// Units per enemy piece that attacks a square next to (or of) the king,
/// indexed by role.
pub const KING_ATTACKER_UNITS: [i32; Role::COUNT] = [0, 20, 20, 30, 50, 0, 0, 20, 20, 20, 20, 0];
/// Units per square of the king's neighbourhood such a piece attacks.
pub const KING_ZONE_HIT_UNITS: i32 = 8;
/// Units when the Fool stands a knight's move from the king: the king is in
/// check from a piece that cannot be captured, only frightened away.
pub const FOOL_CHECK_UNITS: i32 = 40;
/// Units when the Fool, stirred next, could leap to a square a knight's move
/// from the king (one of the squares he would choose, by the rungs of §1).
pub const FOOL_CHECK_THREAT_UNITS: i32 = 20;
/// Middlegame penalty: units squared divided by this.
pub const KING_DANGER_DIVISOR: i32 = 256;
/// Endgame penalty: units divided by this (kings fear little in the endgame).
pub const KING_DANGER_ENDGAME_DIVISOR: i32 = 8;
/// The middlegame king-danger penalty never exceeds this.
pub const KING_DANGER_MAX: i32 = 1200;
/// Per pawn of the king's own in the three files around it, one or two
/// ranks ahead of it.
pub const PAWN_SHELTER: Score = Score::new(12, 0);

// ----- the Red Fool -----

/// Share (percent) of a piece's value charged to its owner when it is among
/// the Fool's cheapest safe victims and the opponent is to move: any move
/// that frightens him kills it at once.
pub const FOOL_VICTIM_THREATENED_PERCENT: i32 = 60;
/// The same share when the owner is to move and can still rescue the piece.
pub const FOOL_VICTIM_EXPOSED_PERCENT: i32 = 15;
/// Added for a king whose knight distance to the Fool is the index (1: the
/// Fool checks it; 2: one leap away from checking it); farther is free.
pub const FOOL_KING_DISTANCE: [Score; 4] = [Score::ZERO, Score::new(-30, -15), Score::new(-12, -6), Score::new(-4, -2)];
/// Per piece attacking the Fool's square: while it stays there every move
/// sets him leaping, and its owner decides when to release him.
pub const FOOL_MENACE: Score = Score::new(5, 3);

// ----- side to move -----

/// Bonus for the side to move: having the move is worth something.
pub const TEMPO: Score = Score::new(20, 10);
