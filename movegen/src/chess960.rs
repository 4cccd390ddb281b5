//! Chess960 start positions by Scharnagl number (0–959; 518 is the
//! orthodox array), for every variant whose armies stand on 8 files.

use crate::geometry::Geometry;
use crate::piece::Role;
use crate::variant::Variant;

/// Number of Chess960 start positions.
pub const CHESS960_COUNT: u16 = 960;
/// The Scharnagl number of the orthodox array RNBQKBNR.
pub const CHESS960_ORTHODOX: u16 = 518;

/// Knight placements among the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank (files a–h) of start position `number`, or `None` when the
/// number is not below 960.
fn back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= CHESS960_COUNT {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = number as usize;
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * ((n / 4) % 4)] = Some(Role::Bishop);
    let (queen, knights) = ((n / 16) % 6, n / 96);
    let nth_empty =
        |rank: &[Option<Role>; 8], k: usize| (0..8).filter(|&f| rank[f].is_none()).nth(k).expect("enough empty files");
    let q = nth_empty(&rank, queen);
    rank[q] = Some(Role::Queen);
    let (k1, k2) = KNIGHTS[knights];
    let (f1, f2) = (nth_empty(&rank, k1), nth_empty(&rank, k2));
    rank[f1] = Some(Role::Knight);
    rank[f2] = Some(Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        let f = nth_empty(&rank, 0);
        rank[f] = Some(role);
    }
    Some(rank.map(|r| r.expect("every file filled")))
}

/// The start FEN of variant `V` with back-rank arrangement `number`: the
/// orthodox start FEN with its first and last ranks replaced. `None` for a
/// number not below 960 or a variant without Chess960 arrays (Tam Ruat).
pub fn chess960_start_fen<V: Variant>(number: u16) -> Option<String> {
    if !V::CHESS960_ARRAYS || V::G::FILES != 8 {
        return None;
    }
    let rank = back_rank(number)?;
    let white: String = rank.iter().map(|r| r.char().to_ascii_uppercase()).collect();
    let black: String = rank.iter().map(|r| r.char()).collect();
    let (board, rest) = V::START_FEN.split_once(' ')?;
    let mut ranks: Vec<String> = board.split('/').map(str::to_string).collect();
    let last = ranks.len() - 1;
    ranks[0] = black;
    ranks[last] = white;
    Some(format!("{} {}", ranks.join("/"), rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(n: u16) -> String {
        back_rank(n).unwrap().iter().map(|r| r.char().to_ascii_uppercase()).collect()
    }

    #[test]
    fn known_numbers_give_known_arrays() {
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(518), "RNBQKBNR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(back_rank(960), None);
    }

    #[test]
    fn every_array_is_a_legal_chess960_array() {
        for n in 0..CHESS960_COUNT {
            let rank = back_rank(n).unwrap();
            let files = |role| (0..8).filter(|&f| rank[f] == role).collect::<Vec<_>>();
            let (bishops, rooks, king) = (files(Role::Bishop), files(Role::Rook), files(Role::King));
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "bishops on opposite colours in {n}");
            assert!(rooks[0] < king[0] && king[0] < rooks[1], "king between rooks in {n}");
        }
    }

    #[test]
    fn red_fool_start_fen_keeps_the_fool() {
        let fen = chess960_start_fen::<crate::RedFool>(0).unwrap();
        assert_eq!(fen, "bbqnnrkr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
        assert_eq!(chess960_start_fen::<crate::TamRuat>(0), None, "Tam Ruat has no Chess960 arrays");
    }
}
