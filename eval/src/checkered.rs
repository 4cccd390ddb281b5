//! Checkered chess (RULES.md §4): what the checkered pieces are worth.
//!
//! **Stage 1.** White's and Black's pieces are scored by the ordinary
//! evaluation (checkered pieces stand outside both colour sets, so it does
//! not count them). A checkered piece belongs to both players: whoever is to
//! move may use it first — to capture the other's pieces for free, since a
//! checkered piece is never captured — and may switch, taking all of them
//! for good. So:
//! - the side to move is credited a share of the checkered material
//!   ([`Weights::checkered_share`]; the rest would be credited to both and
//!   cancels);
//! - checkered pieces bearing on a king's neighbourhood are danger to that
//!   king, since its opponent may use them (checkered pawns attacking as the
//!   opponent's pawns), counted in the ordinary king-danger units;
//! - a piece of the side to move attacked by a checkered piece hangs: the
//!   opponent may take it next, for nothing. The side to move saves at most
//!   one, so it is charged part ([`Weights::checkered_hanging`]) of the
//!   least valuable of its two most valuable such pieces (the one it cannot
//!   save);
//! - while the switch is allowed, the side to move may switch now: its score
//!   is at least what the stage-2 evaluation gives it as the switcher.
//!
//! **Stage 2.** Two camps: the switcher's checkered pieces against every
//! white and black piece. Material (ordinary values), placement (the
//! ordinary piece-square tables, the switcher's own for checkered pieces;
//! two-way checkered pawns by how near they are to either promotion rank),
//! the checkered pieces' pressure on both kings (the checkered side wins by
//! mating either), and the move.
//!
//! Both return White's point of view, as `evaluate_white` does.

use crate::psqt;
use crate::score::Score;
use crate::trace::{Recorder, Silent};
use crate::tuned;
use crate::weights::{
    king_danger_penalty, Field, KING_ATTACKER_UNITS, KING_ZONE_HIT_UNITS, PHASE_MAX, PHASE_WEIGHT, PIECE_VALUE,
};
use movegen::{a_king_attacked_by_checkered, Bb, Bitboard, Colour, Geometry, Position, Role, Square, Stage, Variant};

// ----- stage 2 weights (the stage-1 weights are fitted: `crate::weights`) -----
//
// Stage 2 positions are few in self-play and the evaluation there is not
// linear in the weights (the switch compares two scores), so the tuner
// leaves these hand-set.

/// Stage 2: a two-way checkered pawn one step from promotion (either way);
/// two steps away it earns a third of this.
pub const STAGE_TWO_PAWN_NEAR_END: Score = Score::new(40, 80);
/// Stage 2: percent of the ordinary king-danger penalty charged for the
/// checkered pieces' pressure on each king.
pub const STAGE_TWO_KING_DANGER_PERCENT: i32 = 100;

/// Centipawns from White's point of view; `colours` is the ordinary
/// evaluation of the white and black pieces (White's point of view), asked
/// for only in stage 1.
#[inline]
pub(crate) fn evaluate_white<V: Variant>(pos: &Position<V>, stage: Stage, colours: impl FnOnce() -> i32) -> i32 {
    if let Stage::Two(switcher) = stage {
        let theirs = stage_two(pos, switcher);
        return if switcher == Colour::White { theirs } else { -theirs };
    }
    stage_one_white(pos, stage, colours(), Silent).0
}

/// Stage 1: White's score, given `base`, the ordinary evaluation of the
/// white and black pieces (White's point of view); the recorder
/// [`stage_one`] reported its weights to (untouched without checkered
/// pieces); and whether the score is that sum — linear in the weights —
/// rather than the switch's.
///
/// While the switch is allowed (and no king stands attacked by a checkered
/// piece, which the switch would leave to the switcher's opponent), the
/// side to move may switch now, so its score is at least its stage-2 score
/// as the switcher.
pub(crate) fn stage_one_white<V: Variant, R: Recorder>(
    pos: &Position<V>,
    stage: Stage,
    base: i32,
    recorder: R,
) -> (i32, bool, R) {
    // Without checkered pieces the ordinary evaluation is the whole score.
    if pos.board().checkered().is_empty() {
        return (base, true, recorder);
    }
    let us = pos.side_to_move();
    let from_white = |ours: i32| if us == Colour::White { ours } else { -ours };
    let (terms, recorder) = stage_one(pos, recorder);
    let ours = from_white(base) + terms;
    if stage == Stage::One && !a_king_attacked_by_checkered::<V>(pos.board()) {
        let switched = stage_two(pos, us);
        if switched > ours {
            return (from_white(switched), false, recorder);
        }
    }
    (from_white(ours), true, recorder)
}

/// The game phase counting every piece, checkered ones included.
fn phase<V: Variant>(pos: &Position<V>) -> i32 {
    let board = pos.board();
    let sum: i32 = Role::ALL.iter().map(|&r| PHASE_WEIGHT[r.index()] * board.role(r).count() as i32).sum();
    sum.min(PHASE_MAX)
}

/// The squares a checkered piece on `sq` attacks; a pawn attacks as moving
/// towards the far side of each colour of `pawn_directions`.
fn attacks<V: Variant>(pos: &Position<V>, sq: Square, role: Role, pawn_directions: &[Colour]) -> Bb<V> {
    let tables = V::G::tables();
    let occupied = pos.occupied();
    match role {
        Role::Pawn => pawn_directions.iter().fold(Bb::<V>::EMPTY, |acc, &d| acc | tables.pawn(d, sq)),
        Role::Knight => tables.knight(sq),
        Role::Bishop => tables.bishop(sq, occupied),
        Role::Rook => tables.rook(sq, occupied),
        Role::Queen => tables.queen(sq, occupied),
        _ => Bb::<V>::EMPTY,
    }
}

/// The king's square and its neighbours.
fn king_zone<V: Variant>(pos: &Position<V>, colour: Colour) -> Bb<V> {
    let king = pos.board().king(colour);
    V::G::tables().king(king) | Bb::<V>::from_square(king)
}

/// Danger units a piece of `role` attacking `attacks` adds against the
/// king whose neighbourhood is `zone` (the ordinary king-safety units).
fn danger_units<V: Variant>(role: Role, attacks: Bb<V>, zone: Bb<V>) -> i32 {
    let hits = attacks & zone;
    if hits.is_empty() {
        0
    } else {
        KING_ATTACKER_UNITS[role.index()] + KING_ZONE_HIT_UNITS * hits.count() as i32
    }
}

/// The ordinary king-danger penalty of `units`, scaled by `percent`.
fn danger_penalty(units: i32, percent: i32) -> Score {
    king_danger_penalty(units).scaled(percent, 100)
}

/// Stage 1, from the side to move's point of view: its share of the
/// checkered material, the checkered pressure on each king and its pieces
/// hanging to checkered attackers; each weight's count goes to `recorder`.
fn stage_one<V: Variant, R: Recorder>(pos: &Position<V>, mut recorder: R) -> (i32, R) {
    let board = pos.board();
    let weights = tuned::of(V::KIND);
    let us = pos.side_to_move();
    let hundredths = |s: Score| [s.mg() as f64 / 100.0, s.eg() as f64 / 100.0];
    let mut count = |colour: Colour, field: Field, of: Score| {
        if R::COUNTS {
            recorder.weight(colour, field.offset(), hundredths(of));
        }
    };
    let zones = Colour::ALL.map(|c| king_zone(pos, c));
    let mut material = Score::ZERO;
    let mut units = [0; 2];
    // Squares each colour's pieces are attacked from by checkered pieces
    // (pawns moving the opponent's way).
    let mut attacked = [Bb::<V>::EMPTY; 2];
    for sq in board.checkered().squares() {
        let role = board.role_at(sq).expect("a checkered piece has a role");
        material += PIECE_VALUE[role.index()];
        for colour in Colour::ALL {
            let reach = attacks(pos, sq, role, &[!colour]);
            attacked[colour.index()] |= reach;
            units[colour.index()] += danger_units::<V>(role, reach, zones[colour.index()]);
        }
    }
    let share = material.percent(weights.checkered_share);
    count(us, Field::CheckeredShare, material);
    let mut danger = Score::ZERO;
    for colour in Colour::ALL {
        let penalty = king_danger_penalty(units[colour.index()]);
        let own = penalty.percent(weights.checkered_king_danger);
        danger += if colour == us { own } else { -own };
        count(colour, Field::CheckeredKingDanger, penalty);
    }
    // The two most valuable pieces of ours attacked by checkered pieces.
    let mut hanging = [Score::ZERO; 2];
    let ours = board.colour(us) & attacked[us.index()] & !board.role(Role::King);
    for sq in ours.squares() {
        let value = PIECE_VALUE[board.role_at(sq).expect("a piece has a role").index()];
        if value.mg() > hanging[0].mg() {
            hanging = [value, hanging[0]];
        } else if value.mg() > hanging[1].mg() {
            hanging[1] = value;
        }
    }
    let lost = hanging[1].percent(weights.checkered_hanging);
    count(us, Field::CheckeredHanging, -hanging[1]);
    let phase = phase(pos);
    let total = (share + danger - lost).taper(phase);
    recorder.finish(phase, total);
    (total, recorder)
}

/// Stage 2, from the switcher's point of view: the checkered camp against
/// the white and black pieces.
fn stage_two<V: Variant>(pos: &Position<V>, switcher: Colour) -> i32 {
    let board = pos.board();
    let table = psqt::table::<V>();
    let mut total = Score::ZERO;
    // The allied camp: material and placement, each colour on its own table.
    for colour in Colour::ALL {
        let own = &table[colour.index()];
        for sq in board.colour(colour).squares() {
            let role = board.role_at(sq).expect("a piece has a role");
            total -= PIECE_VALUE[role.index()] + own[role.index()][sq.index()];
        }
    }
    // The checkered camp: material, placement, pressure on both kings.
    let zones = Colour::ALL.map(|c| king_zone(pos, c));
    let mut units = [0; 2];
    let own = &table[switcher.index()];
    for sq in board.checkered().squares() {
        let role = board.role_at(sq).expect("a checkered piece has a role");
        total += PIECE_VALUE[role.index()];
        if role == Role::Pawn {
            let rank = V::G::rank(sq) as i32;
            let to_end = rank.min(V::G::RANKS as i32 - 1 - rank);
            total += match to_end {
                1 => STAGE_TWO_PAWN_NEAR_END,
                2 => STAGE_TWO_PAWN_NEAR_END.scaled(1, 3),
                _ => Score::ZERO,
            };
        } else {
            total += own[role.index()][sq.index()];
        }
        let reach = attacks(pos, sq, role, &Colour::ALL);
        for colour in Colour::ALL {
            units[colour.index()] += danger_units::<V>(role, reach, zones[colour.index()]);
        }
    }
    for u in units {
        total -= danger_penalty(u, STAGE_TWO_KING_DANGER_PERCENT);
    }
    let tempo = tuned::of(V::KIND).tempo;
    total += if pos.side_to_move() == switcher { tempo } else { -tempo };
    total.taper(phase(pos))
}
