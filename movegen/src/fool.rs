//! The Red Fool's resolution (RULES.md §1): after every base move, decide
//! whether he stays, where he may go, and which of those answers the mover
//! may legally choose.
//!
//! The resolution looks only at the board right after the base move and at
//! the Fool's square, so it is a pure function of those. It returns the
//! answers that pass the patron rule and legality test 2; the caller turns
//! each into a separate move.

use crate::bitboard::Bitboard;
use crate::board::Bitboards;
use crate::geometry::{Geometry, Square};
use crate::piece::{Colour, Role};

/// Calls `answer` once per legal answer of the Fool to a base move:
/// `Some(t)` when he leaps to `t` (killing whatever stands there), `None`
/// when he stays (untouched or frozen). No call at all means the base move is
/// illegal: the Fool ends on his square while attacking the mover's king.
///
/// `after` is the board right after the base move, `fool` his square, and
/// `mover` the side that moved.
#[inline]
pub fn answers<G: Geometry>(
    after: &Bitboards<G::Bb>,
    fool: Square,
    mover: Colour,
    mut answer: impl FnMut(Option<Square>),
) {
    let tables = G::tables();
    let fool_bb = G::Bb::from_square(fool);
    let occupied = after.occupied() | fool_bb;
    let king = after.king(mover);
    let fool_checks_mover = tables.knight(fool).has(king);

    // Law 1: he stirs only when some piece of either colour attacks him.
    let everyone = after.occupied();
    if !after.is_attacked(tables, fool, occupied, everyone) {
        if !fool_checks_mover {
            answer(None);
        }
        return;
    }

    // Classify his knight targets (kings are never targets) by rung.
    let kings = after.role(Role::King);
    let vacated = occupied ^ fool_bb;
    let mut interior = G::Bb::EMPTY;
    let mut edge = G::Bb::EMPTY;
    let mut kills = G::Bb::EMPTY;
    let mut cheapest = u8::MAX;
    for target in (tables.knight(fool) & !kings).squares() {
        let target_bb = G::Bb::from_square(target);
        // Safe: with him on the target (a victim there removed), nothing
        // attacks the target. A victim cannot attack its own square, so the
        // piece bitboards need no change.
        if after.is_attacked(tables, target, vacated | target_bb, everyone) {
            continue;
        }
        if everyone.has(target) {
            let value = after.role_at(target).map_or(u8::MAX, Role::fool_value);
            if value < cheapest {
                cheapest = value;
                kills = target_bb;
            } else if value == cheapest {
                kills |= target_bb;
            }
        } else if tables.interior.has(target) {
            interior |= target_bb;
        } else {
            edge |= target_bb;
        }
    }
    let options = if interior.any() {
        interior
    } else if kills.any() {
        kills
    } else if (tables.knight(fool) & kings).any() {
        // Rung c: only while his blade is at a king's throat.
        edge
    } else {
        G::Bb::EMPTY
    };

    // Patron rule: drop every option that leaves the mover's king attacked
    // by the Fool on his new square or by an enemy piece (a line his
    // departure or his kill opens). With none left he freezes.
    let enemies = after.colour(!mover);
    let mut any = false;
    for target in options.squares() {
        let target_bb = G::Bb::from_square(target);
        let betrays = tables.knight(target).has(king)
            || after.is_attacked(tables, king, vacated | target_bb, enemies & !target_bb);
        if !betrays {
            answer(Some(target));
            any = true;
        }
    }
    if !any && !fool_checks_mover {
        answer(None);
    }
}
