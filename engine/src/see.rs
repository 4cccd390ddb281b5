//! Static exchange evaluation: what a capture wins or loses once both sides
//! have recaptured on its square as long as it pays, cheapest piece first.
//!
//! The move itself is exact, the Fool's answer included (his kill counts,
//! and if he lands on the capture square nothing can recapture there). The
//! recaptures that follow ignore pins and the Fool's later answers, except
//! that he stays a blocker of lines where he stands: an estimate for move
//! ordering and pruning, cheap enough to run on every capture.

use crate::movepick::Material;
use eval::piece_value;
use movegen::{Bitboard, Geometry, Move, MoveKind, Position, Role, Variant};

/// The material the side to move ends up with after legal move `m` and the
/// best sequence of recaptures on its square (in centipawns, negative when
/// the exchange loses). `material` is the move's own assessment.
pub fn exchange<V: Variant>(pos: &Position<V>, m: Move, material: Material) -> i32 {
    let to = m.to();
    if m.kind() == MoveKind::Castle || m.fool_to() == Some(to) {
        return material.gain;
    }
    let tables = V::G::tables();
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
    let mut at_stake = piece_value(moved.role);
    let mut side = !pos.side_to_move();
    // gains[d]: what the side making capture d wins if the exchange stops there.
    let mut gains = [0; 32];
    gains[0] = material.gain;
    let mut captures = 0;
    while captures + 1 < gains.len() {
        let attackers = board.attackers_to(tables, to, occupied) & occupied;
        let ours = attackers & board.colour(side);
        let Some((role, from)) =
            Role::ALL.into_iter().find_map(|r| Some(ours & board.role(r)).filter(|b| b.any()).map(|b| (r, b.lsb())))
        else {
            break;
        };
        if role == Role::King && (attackers & board.colour(!side)).any() {
            // The king may not capture onto a defended square.
            break;
        }
        captures += 1;
        gains[captures] = at_stake - gains[captures - 1];
        at_stake = piece_value(role);
        occupied ^= Bitboard::from_square(from);
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
    use movegen::{Chess, RedFool};

    fn see<V: Variant>(fen: &str, uci: &str) -> i32 {
        let pos = Position::<V>::from_fen(fen, false).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        exchange(&pos, m, Material::of(&pos, m))
    }

    fn value(role: Role) -> i32 {
        piece_value(role)
    }

    #[test]
    fn undefended_and_defended_captures() {
        assert_eq!(see::<Chess>("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), value(Role::Pawn));
        // A queen for a pawn.
        let queen_for_pawn = see::<Chess>("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5");
        assert_eq!(queen_for_pawn, value(Role::Pawn) - value(Role::Queen));
        // A knight for a pawn.
        let knight_for_pawn = see::<Chess>("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5");
        assert_eq!(knight_for_pawn, value(Role::Knight) - value(Role::Pawn));
        // The king cannot recapture on a defended square.
        assert_eq!(see::<Chess>("8/8/8/3pk3/8/8/3R4/3RK3 w - - 0 1", "d2d5"), value(Role::Pawn));
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rd2xd5 Rd8xd5 Rd1xd5: the rook behind recaptures through the first.
        let gain = see::<Chess>("3r2k1/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
        assert_eq!(gain, value(Role::Knight));
    }

    #[test]
    fn the_fools_answer_counts() {
        // Rule position h_kill_defended: b2h2 stirs the Fool onto Black's
        // rook on g7; nothing attacks h2, so the rook is won.
        let fen = "k7/7*/5P2/6r1/8/8/8/8/1R6/2K2R2 w - - 0 1";
        assert_eq!(see::<RedFool>(fen, "b2h2@g7"), value(Role::Rook));
        // f1h1: his answer kills White's own pawn on f8.
        assert_eq!(see::<RedFool>(fen, "f1h1@f8"), -value(Role::Pawn));
        // Bh7xf9 takes the knight, and he kills the bishop on f9: he stands
        // there now, so the exchange ends at once.
        let fen = "R2*3k/5npp/B6R/7B/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(see::<RedFool>(fen, "h7f9@f9"), value(Role::Knight) - value(Role::Bishop));
    }
}
