//! Pins the evaluation of a few positions to the values the evaluation
//! computed before it was restructured for speed (recorded once from eval/
//! as of commit d09d349, unchanged up to 7a67b9e). A rewrite
//! that only makes the evaluation faster must leave every value here as it
//! is; a change that means to alter the values updates them with a reason.

use movegen::{Checkered, Chess, Position, RedFool, TamRuat, Variant};

/// (FEN, chess960, White-view score). Red Fool's values are those of its
/// tuned weights (`eval/src/tuned/redfool.rs`, proven by a fixed-node SPRT:
/// see the README, "Tuning data").
const REDFOOL: [(&str, bool, i32); 12] = [
    ("rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 26),
    ("r2qkbnr/p1ppp1pp/np6/2*2p1N/8/8/2P1b1Q1/2N3P1/PP1P1P1P/R1B1KB1R b KQkq - 0 9", false, -81),
    ("2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21", false, -44),
    ("r4r2/p*1bk3/npp1p2p/2R5/3K2p1/2P2p2/1b2PPPP/1P1PB3/2NN4/7R b - - 1 36", false, -157),
    ("4rk2/4pn2/N1p2p1p/*1b2b2/3p4/5pP1/2PP1P1P/1P1K4/1B6/2R2B1N b - - 0 48", false, 353),
    ("5k2/8/p2p4/bp1pqp2/2r5/1*2P1Rn/4K3/1P3N2/PB3P1P/8 b - - 0 39", false, -1208),
    ("*nb2b1r/pp1k1p1p/4pn2/2pp2p1/8/5P2/2PPP1P1/1qN2Q2/PP5P/RNB1KB1R b KQ - 2 12", false, 669),
    ("2r2knr/4pp2/2p4p/p1*1bbp1/5P2/2Pp3P/3P1P2/N3B1PN/PP4B1/R1K3QR b - - 1 22", false, 1502),
    ("rn1qkb1r/p*ppp2p/1p4pn/5p1N/Q7/8/2P2P2/2N2bP1/PP1P3P/R1B1KB1R w KQkq - 4 13", false, -222),
    ("b2*2kr/p1p1prp1/3n1p1p/1p1p4/8/8/3P2P1/P1PNPPP1/1P3R2/B1QN2KR w K - 1 17", false, 1433),
    ("3nr1kr/1qp1Qp1n/2b5/1p1p2pp/2*b4/3N1P2/Pp1P1R2/5N2/B1P1PK1P/B2R4 w k - 2 30", true, -198),
    ("8/8/8/3k4/5P2/4P3/2P*4/3P4/8/K7 w - - 1 17", false, 476),
];

/// Chess's values are those of its tuned weights (`eval/src/tuned/chess.rs`,
/// proven by a fixed-node SPRT: see the README, "Tuning data").
const CHESS: [(&str, bool, i32); 6] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, 13),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 29),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false, 356),
    ("1r3n2/3p3k/1Q4p1/2P1p1pn/8/8/1NPP1K2/1R3B2 w - - 6 34", false, 862),
    ("2bbr3/2p1pp1p/r5k1/p1Pp2P1/Q2n1p2/1P1PPNnN/4BK1P/2R2R2 b - - 2 24", true, 574),
    // 749 before `passed_free`: the pawn on a6 has a free path to a8.
    ("6k1/1N3q1r/Pp2r2p/2pnpBpP/P1PQ3P/2B2Pn1/3P1K1R/4NR2 w - g6 0 33", true, 763),
];

/// Tam Ruat's values are those of its tuned weights
/// (`eval/src/tuned/tamruat.rs`, proven by a fixed-node SPRT: see the
/// README, "Tuning data").
const TAMRUAT: [(&str, bool, i32); 4] = [
    ("raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1", false, 16),
    ("2xn1ak1n1ar/l3p2u2p1/2p1u2xp1ul/4X1pb4/12/1r2N7/12/6NB2A1/2A6P2/1P9L/3PUPKP2UR/LR2BQ1X4 w - - 3 47", false, 1734),
    ("12/12/12/4n1k5/12/12/7Ku3/4Nb6/2p9/12/6P5/12 w - - 8 14", false, -856),
    ("12/1k10/12/2K9/12/5Q1u4/6P1P3/12/12/12/12/N11 b - - 3 2", false, 1923),
];

/// Checkered chess's values are those of its tuned weights
/// (`eval/src/tuned/checkered.rs`, proven by a fixed-node SPRT: see the
/// README, "Tuning data"): the start, stage 1 with checkered pieces (the
/// switch disabled in one), and stage 2 after either side switched.
const CHECKERED: [(&str, bool, i32); 7] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1", false, 0),
    ("2kr4/pp6/2p5/4ss1r/1P2ns1P/2Np4/P1P1P1BP/R2o1RK1 b - - 0 11 1010100111000000 - 1", false, 214),
    ("7k/b5pp/8/8/8/8/6ss/7K w - - 0 3 0000000000000011 g3g2 1", false, -585),
    ("r3k2o/3p1p2/1p5n/p2c1s1s/Ps6/1P2P2P/1B1PB3/R3K1c1 b Qq - 0 21 1111101111110110 - 1", false, 270),
    ("q5n1/rp1kp1b1/2pp1u2/p2P3s/1s2c3/4P2P/1P6/RNB1KBNR w KQ - 0 19 1110101101111100 - 1-", false, 112),
    ("4k3/3pp3/8/2t5/8/3s4/4PP2/R3K2R w KQ - 0 6 0000000000000000 - 2w", false, -166),
    ("rn6/ppp4p/2k2q2/7s/2bP1s2/P2PBN2/7R/RN1K1B2 b - - 1 25 1001100111110011 - 2b", false, 4769),
];

fn check<V: Variant>(positions: &[(&str, bool, i32)]) {
    let mut wrong = Vec::new();
    for &(fen, chess960, pinned) in positions {
        let pos = Position::<V>::from_fen(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let now = eval::evaluate_white(&pos);
        if now != pinned {
            wrong.push(format!("{fen}: pinned {pinned}, now {now}"));
        }
    }
    assert!(wrong.is_empty(), "evaluations changed:\n{}", wrong.join("\n"));
}

#[test]
fn redfool_values_stay_pinned() {
    check::<RedFool>(&REDFOOL);
}

#[test]
fn chess_values_stay_pinned() {
    check::<Chess>(&CHESS);
}

#[test]
fn tamruat_values_stay_pinned() {
    check::<TamRuat>(&TAMRUAT);
}

#[test]
fn checkered_values_stay_pinned() {
    check::<Checkered>(&CHECKERED);
}
