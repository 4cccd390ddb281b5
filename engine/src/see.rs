//! Static exchange evaluation: what a capture wins or loses once both sides
//! have recaptured on its square as long as it pays, cheapest piece first.
//!
//! The move itself is exact, the Fool's answer included (his kill counts,
//! and if he lands on the capture square nothing can recapture there). The
//! recaptures that follow are the variant's: the position's
//! [`Variant::exchange_attackers`] names the pieces that can take on the
//! square and stand there (Tam Ruat's paladins, wizards and ghost hops; no
//! royal piece), and a variant that declares its exchanges unmodelled
//! (Checkered chess, where a stage-1 capture leaves a checkered piece that
//! is never taken) gets the capture's own gain. The recaptures ignore pins
//! and the Fool's later answers, except that he stays a blocker of lines
//! where he stands: an estimate for move ordering and pruning, cheap enough
//! to run on every capture.

use crate::movepick::Material;
use eval::piece_value;
use movegen::{Bitboard, Move, MoveKind, Piece, Position, Role, Variant};

/// The order recapturers are tried in: cheapest first (by the evaluation's
/// values), royal pieces last. Roles a variant lacks are simply absent, so
/// chess and Red Fool see the usual pawn, knight, bishop, rook, queen, king.
const CAPTURE_ORDER: [Role; Role::COUNT] = [
    Role::Pawn,
    Role::Barbarian,
    Role::Paladin,
    Role::Warlock,
    Role::Knight,
    Role::Ghost,
    Role::Bishop,
    Role::Rook,
    Role::Wizard,
    Role::Queen,
    Role::King,
    Role::Emperor,
];

/// The material the side to move ends up with after legal move `m` and the
/// best sequence of recaptures on its square (in centipawns, negative when
/// the exchange loses). `material` is the move's own assessment. For a
/// quiet move it is what the moved piece risks where it lands.
pub fn exchange<V: Variant>(pos: &Position<V>, m: Move, material: Material) -> i32 {
    let to = m.to();
    if m.kind() == MoveKind::Castle || m.fool_to() == Some(to) {
        return material.gain;
    }
    let mut board = pos.board_after(m);
    let mut fool = pos.fool_bb();
    if let Some(landing) = m.fool_to() {
        if let Some(victim) = pos.fool_victim(m) {
            board.toggle(landing, victim);
        }
        fool = Bitboard::from_square(landing);
    }
    let Some(moved) = pos.piece_after_base(m, to) else { return material.gain };
    let mut occupied = board.occupied() | fool;
    let mut at_stake = piece_value::<V>(moved.role);
    let mut side = !pos.side_to_move();
    // gains[d]: what the side making capture d wins if the exchange stops there.
    let mut gains = [0; 32];
    gains[0] = material.gain;
    let mut captures = 0;
    while captures + 1 < gains.len() {
        let Some(ours) = V::exchange_attackers(&board, to, side, occupied) else {
            // Exchanges unmodelled in this variant: the capture's gain stands.
            return material.gain;
        };
        let Some((role, from)) = CAPTURE_ORDER
            .into_iter()
            .find_map(|r| Some(ours & board.role(r)).filter(|b| b.any()).map(|b| (r, b.lsb())))
        else {
            break;
        };
        if role == Role::King && V::exchange_attackers(&board, to, !side, occupied).is_some_and(|b| b.any()) {
            // The king may not capture onto a defended square.
            break;
        }
        captures += 1;
        gains[captures] = at_stake - gains[captures - 1];
        occupied ^= Bitboard::from_square(from);
        match V::exchange_occupant(&board, Piece::new(side, role)) {
            Some(occupant) => at_stake = piece_value::<V>(occupant),
            // Nothing left on the square to take: the exchange ends here.
            None => break,
        }
        side = !side;
    }
    // Each side stops the exchange where continuing would lose.
    while captures > 0 {
        gains[captures - 1] = -(-gains[captures - 1]).max(gains[captures]);
        captures -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Checkered, Chess, RedFool, TamRuat};

    fn see<V: Variant>(fen: &str, uci: &str) -> i32 {
        let pos = Position::<V>::from_fen(fen, false).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        exchange(&pos, m, Material::of(&pos, m))
    }

    fn value<V: Variant>(role: Role) -> i32 {
        piece_value::<V>(role)
    }

    #[test]
    fn undefended_and_defended_captures() {
        assert_eq!(see::<Chess>("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), value::<Chess>(Role::Pawn));
        // A queen for a pawn.
        let queen_for_pawn = see::<Chess>("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5");
        assert_eq!(queen_for_pawn, value::<Chess>(Role::Pawn) - value::<Chess>(Role::Queen));
        // A knight for a pawn.
        let knight_for_pawn = see::<Chess>("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert_eq!(knight_for_pawn, value::<Chess>(Role::Knight) - value::<Chess>(Role::Pawn));
        // The king cannot recapture on a defended square.
        assert_eq!(see::<Chess>("8/8/8/3pk3/8/8/3R4/3RK3 w - - 0 1", "d2d5"), value::<Chess>(Role::Pawn));
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rd2xd5 Rd8xd5 Rd1xd5: the rook behind recaptures through the first.
        let gain = see::<Chess>("3r2k1/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(gain, value::<Chess>(Role::Knight));
    }

    #[test]
    fn the_fools_answer_counts() {
        // Rule position h_kill_defended: b2h2 stirs the Fool onto Black's
        // rook on g7; nothing attacks h2, so the rook is won.
        let fen = "k7/7*/5P2/6r1/8/8/8/8/1R6/2K2R2 w - - 0 1";
        assert_eq!(see::<RedFool>(fen, "b2h2@g7"), value::<RedFool>(Role::Rook));
        // f1h1: his answer kills White's own pawn on f8.
        assert_eq!(see::<RedFool>(fen, "f1h1@f8"), -value::<RedFool>(Role::Pawn));
        // Bh7xf9 takes the knight, and he kills the bishop on f9: he stands
        // there now, so the exchange ends at once.
        let fen = "R2*3k/5npp/B6R/7B/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(see::<RedFool>(fen, "h7f9@f9"), value::<RedFool>(Role::Knight) - value::<RedFool>(Role::Bishop));
    }

    #[test]
    fn tam_ruat_recaptures_by_paladin_warlock_and_ghost() {
        // The chariot takes the warrior on d8; the paladin on d9 (one square
        // orthogonally) takes the chariot back. An orthodox exchange would
        // see no defender and count the warrior won.
        let paladin = "5k6/12/12/3a8/3p8/12/12/12/12/12/3R8/5K6 w - - 0 1";
        assert_eq!(see::<TamRuat>(paladin, "d2d8"), value::<TamRuat>(Role::Pawn) - value::<TamRuat>(Role::Rook));
        // A warlock on d9 jumps the chariot (landing on d7) and, with no
        // ghost of Black's on the board, summons one onto d8, which the
        // cleric on a5 takes: warrior, less chariot, plus ghost.
        let summons = "5k6/12/12/3l8/3p8/12/12/B11/12/12/3R8/5K6 w - - 0 1";
        assert_eq!(
            see::<TamRuat>(summons, "d2d8"),
            value::<TamRuat>(Role::Pawn) - value::<TamRuat>(Role::Rook) + value::<TamRuat>(Role::Ghost)
        );
        // With both of Black's ghosts on the board nothing is summoned: d8
        // is left empty and the cleric has nothing to take.
        let no_summons = "5k4gg/12/12/3l8/3p8/12/12/B11/12/12/3R8/5K6 w - - 0 1";
        assert_eq!(see::<TamRuat>(no_summons, "d2d8"), value::<TamRuat>(Role::Pawn) - value::<TamRuat>(Role::Rook));
        // A ghost on d10 hops over the paladin on d9 onto d8: with both the
        // paladin and the ghost defending, White still loses the chariot.
        let ghost = "5k6/12/3g8/3a8/3p8/12/12/12/12/12/3R8/5K6 w - - 0 1";
        assert_eq!(see::<TamRuat>(ghost, "d2d8"), value::<TamRuat>(Role::Pawn) - value::<TamRuat>(Role::Rook));
    }

    #[test]
    fn tam_ruat_royal_pieces_never_recapture() {
        // The black king on e9 stands next to d8, but royal pieces never
        // capture in Tam Ruat: the warrior is won.
        let fen = "12/12/12/4k7/3p8/12/12/12/12/12/3R8/5K6 w - - 0 1";
        assert_eq!(see::<TamRuat>(fen, "d2d8"), value::<TamRuat>(Role::Pawn));
    }

    #[test]
    fn checkered_captures_are_final_in_stage_one() {
        // The pawn on d5 is defended by e6, but a checkered piece is never
        // captured in stage 1, so no exchange follows a capture there. The
        // checkered knight on c3 wins the pawn outright (an orthodox
        // exchange would say pawn less knight); White's own knight on e3 wins it
        // too but turns checkered, which costs it the knight whether or not
        // the pawn is defended.
        let fen = "4k3/8/4p3/3p4/8/2o1N3/8/4K3 w - - 0 1 1111111111111111 - 1";
        assert_eq!(see::<Checkered>(fen, "c3d5"), value::<Checkered>(Role::Pawn));
        assert_eq!(see::<Checkered>(fen, "e3d5"), value::<Checkered>(Role::Pawn) - value::<Checkered>(Role::Knight));
        let undefended = "4k3/8/8/3p4/8/2o1N3/8/4K3 w - - 0 1 1111111111111111 - 1";
        assert_eq!(
            see::<Checkered>(undefended, "e3d5"),
            value::<Checkered>(Role::Pawn) - value::<Checkered>(Role::Knight)
        );
    }
}
