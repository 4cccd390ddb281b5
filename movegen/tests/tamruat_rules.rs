//! Tam Ruat (RULES.md §3) piece by piece and rule by rule, on hand-built
//! 12x12 positions (FEN ranks 12 down to 1) with the expected moves spelled
//! out. The reference perft table covers the same ground in bulk.

use movegen::{legal_moves, Colour, FenError, Outcome, Position, TamRuat};

const START: &str = "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1";

fn position(fen: &str) -> Position<TamRuat> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves starting on `from`, sorted, in UCI text.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let pos = position(fen);
    let mut texts: Vec<String> =
        legal_moves(&pos).into_iter().map(|m| pos.uci(m)).filter(|t| t.starts_with(from)).collect();
    texts.sort();
    texts
}

fn after(fen: &str, moves: &[&str]) -> Position<TamRuat> {
    let mut pos = position(fen);
    for text in moves {
        let m = pos.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    }
    pos
}

#[test]
fn start_position() {
    let pos = Position::<TamRuat>::startpos();
    assert_eq!(legal_moves(&pos).len(), 45);
    assert_eq!(pos.fen(), "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1");
}

#[test]
fn paladin_and_wizard_leaps() {
    // A paladin on d4: wazir steps and alfil jumps; a wizard on h4: ferz,
    // dabbaba and camel, all on its own colour.
    let fen = "12/12/12/p11/12/5k6/12/12/3A3X4/12/12/K11 w - - 0 1";
    assert_eq!(moves_from(fen, "d4"), ["d4b2", "d4b6", "d4c4", "d4d3", "d4d5", "d4e4", "d4f2", "d4f6"]);
    let wizard = moves_from(fen, "h4");
    assert_eq!(wizard.len(), 16, "{wizard:?}");
    for m in ["h4g3", "h4i5", "h4f4", "h4h6", "h4i7", "h4g1", "h4k5", "h4e3"] {
        assert!(wizard.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn warlock_steps_and_captures_by_jumping() {
    // Warlock d4: steps to empty neighbours; jumps the black warriors on d5
    // (to d6, but d6 is occupied: no capture) and e5 (to f6); never over its
    // own warrior on c5.
    let fen = "11k/12/12/12/12/12/3p8/2Ppp7/3L8/12/12/K11 w - - 0 1";
    assert_eq!(moves_from(fen, "d4"), ["d4c3", "d4c4", "d4d3", "d4e3", "d4e4", "d4f6"]);
    // The capture summons a ghost on the victim's square…
    let pos = after(fen, &["d4f6"]);
    assert_eq!(pos.fen(), "11k/12/12/12/12/12/3p1L6/2PpG7/12/12/12/K11 b - - 0 1");
    // …unless two of the side's ghosts already stand on the board.
    let two_ghosts = "11k/12/12/12/12/12/12/4p7/3L8/12/10G1/K9G1 w - - 0 1";
    assert_eq!(after(two_ghosts, &["d4f6"]).fen(), "11k/12/12/12/12/12/5L6/12/12/12/10G1/K9G1 b - - 0 1");
    // Unmake puts victim back and the ghost away.
    let mut pos = position(fen);
    let before = pos.snapshot();
    pos.make(pos.parse_uci("d4f6").unwrap());
    pos.unmake();
    assert!(pos.snapshot() == before);
}

#[test]
fn ghost_hops_over_the_first_piece() {
    // Ghost d4: north over d7 onto the knight d8 (a capture); north-east
    // over its own warrior f6 to g7; west over b4 to a4; south-west its
    // hurdle is the king a1 with nothing beyond; east and south nothing.
    let fen = "12/12/12/12/3n8/3p1k6/5P6/12/1p1G8/12/12/K11 w - - 0 1";
    assert_eq!(moves_from(fen, "d4"), ["d4a4", "d4d8", "d4g7"]);
}

#[test]
fn barbarian_moves_diagonally_and_captures_straight() {
    // Barbarian c2 (start rank): diagonal steps b3, d3 and double steps a4,
    // e4; captures c3 straight ahead. Barbarian d5: diagonals c6, e6,
    // capture d6.
    let fen = "11k/12/12/12/12/12/3p8/3U8/12/2p2p6/2U9/K11 w - - 0 1";
    assert_eq!(moves_from(fen, "c2"), ["c2a4", "c2b3", "c2c3", "c2d3", "c2e4"]);
    assert_eq!(moves_from(fen, "d5"), ["d5c6", "d5d6", "d5e6"]);
}

#[test]
fn en_passant_with_warriors_and_barbarians() {
    // White's barbarian c2 double-steps to e4 over d3: the black warrior c4
    // (diagonal capture onto d3) and the black barbarian d4 (straight
    // capture onto d3) may both take it en passant.
    let fen = "11k/12/12/12/12/12/12/12/2pu8/12/2U9/K11 w - - 0 1";
    let pos = after(fen, &["c2e4"]);
    assert_eq!(pos.en_passant().map(|s| s.index()), Some(3 + 2 * 12));
    let black: Vec<String> = legal_moves(&pos).into_iter().map(|m| pos.uci(m)).filter(|t| t.ends_with("d3")).collect();
    assert!(black.contains(&"c4d3".to_string()) && black.contains(&"d4d3".to_string()), "{black:?}");
    let taken = after(fen, &["c2e4", "d4d3"]);
    assert_eq!(taken.fen(), "11k/12/12/12/12/12/12/12/2p9/3u8/12/K11 w - - 0 2");
    // A FEN's en-passant field must name a square exactly one piece passed.
    let err = Position::<TamRuat>::from_fen("11k/12/12/12/12/12/12/12/2pu8/12/12/K11 b - d3 0 1", false);
    assert!(matches!(err, Err(FenError::EnPassant { .. })), "{err:?}");
}

#[test]
fn promotion_only_into_lost_pieces() {
    // White has king, queen and a warrior: every other type is lost.
    let fen = "12/7P4/12/p11/12/12/5k6/12/12/12/12/KQ10 w - - 0 1";
    assert_eq!(moves_from(fen, "h11"), ["h11h12a", "h11h12b", "h11h12l", "h11h12n", "h11h12r", "h11h12x"]);
    // With nothing lost, the warrior may not step onto the far rank, yet it
    // still attacks (and checks on) the far-rank squares diagonally ahead.
    let full = "1k10/P11/1K10/12/12/12/4LLRBNAX1/5QRBNAX1/12/12/12/12 b - - 0 1";
    let pos = position(full);
    assert!(pos.in_check(), "the warrior on a11 checks b12");
    let white_to_move = "2k9/P11/1K10/12/12/12/4LLRBNAX1/5QRBNAX1/12/12/12/12 w - - 0 1";
    assert!(moves_from(white_to_move, "a11").is_empty());
}

#[test]
fn kings_become_emperors_and_royals_never_check() {
    // The king steps onto the far rank and becomes an emperor, moving as a queen.
    let pos = after("12/5K6/12/12/12/12/12/11k/12/p11/1P10/12 w - - 0 1", &["f11f12"]);
    assert!(pos.fen().starts_with("5E6/"), "{}", pos.fen());
    // An emperor on an open line with the enemy king gives no check…
    let line = position("5E5k/12/12/12/12/12/12/12/12/p11/1P10/12 b - - 0 1");
    assert!(!line.in_check());
    // …but royal pieces may never stand next to each other.
    let moves = moves_from("12/12/12/12/12/4k7/12/4K7/12/p11/1P10/12 b - - 0 1", "e7");
    assert_eq!(moves, ["e7d7", "e7d8", "e7e8", "e7f7", "e7f8"], "d6, e6 and f6 touch the white king");
}

#[test]
fn warlocks_and_ghosts_give_check() {
    // The warlock f7 next to the king f8 checks it (the square beyond, f9,
    // is empty). Its neighbours e7, e8, g7, g8 are attacked too.
    let warlock = "12/12/12/p11/5k6/5L6/12/12/12/12/12/K11 b - - 0 1";
    assert!(position(warlock).in_check());
    assert_eq!(moves_from(warlock, "f8"), ["f8e9", "f8f7", "f8f9", "f8g9"]);
    // The ghost f2 hops over the warrior f7 onto f8: check.
    let ghost = "12/12/12/p11/5k6/5P6/12/12/12/12/5G6/K11 b - - 0 1";
    assert!(position(ghost).in_check());
}

#[test]
fn bare_king_checkmate_and_stalemate() {
    // Black is left with the king alone: the game is over, White won.
    let bare = position("12/12/12/12/12/12/12/12/12/2k9/12/K11 b - - 0 1");
    assert_eq!(bare.outcome(), Some(Outcome::BareKing { winner: Colour::White }));
    assert!(legal_moves(&bare).is_empty());
    // Capturing the last piece bares the king at once.
    let pos = after("12/12/12/12/12/12/12/12/12/2k9/2p9/KR10 w - - 0 1", &["b1b2"]);
    assert_eq!(pos.outcome(), None, "the knight is not the last piece here");
    let last = after("12/12/12/12/12/12/12/12/12/4k7/2p9/KR10 w - - 0 1", &["b1b2"]);
    assert_eq!(last.outcome(), None);
    let win = after("12/12/12/12/12/12/12/12/12/4k7/1p10/KR10 w - - 0 1", &["b1b2"]);
    assert_eq!(win.outcome(), Some(Outcome::BareKing { winner: Colour::White }));
    // Checkmate with material left on both sides.
    let mate = position("1n10/P11/1K10/12/12/12/4LLRBNAX1/5QRBNAXk/12/12/12/12 b - - 0 1");
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Colour::White }));
}

#[test]
fn fen_rules_of_the_variant() {
    let err = |fen: &str| Position::<TamRuat>::from_fen(fen, false).err().unwrap_or_else(|| panic!("accepted {fen}"));
    assert!(matches!(err("11k/12/12/12/12/12/12/12/12/p11/12/K11 w KQ - 0 1"), FenError::Castling { .. }));
    assert!(matches!(err("12/12/12/12/12/12/12/12/12/p11/Kk10/12 w - - 0 1"), FenError::Board { .. }));
    assert!(matches!(err("1K10/12/12/12/12/12/12/12/12/p11/12/k11 w - - 0 1"), FenError::Board { .. }));
    assert!(matches!(err("12/12/12/12/12/12/12/12/12/p11/12/KEk9 w - - 0 1"), FenError::KingCount { .. }));
    assert!(matches!(err("12/12/12/12/12/12/12/12/12/12/12/K9*k w - - 0 1"), FenError::FoolNotAllowed));
    assert!(matches!(err("12/12/12/12/12/12/12/12/12/12/12/K9Zk w - - 0 1"), FenError::UnknownPiece { .. }));
}

#[test]
fn en_passant_field_names_one_double_stepper_when_it_matters() {
    // Two black barbarians both pass e10; White can take nothing there, so
    // the field written after the second double step reads back.
    let pos = after(START, &["b2b3", "d11f9", "b3b4", "f11d9"]);
    assert_eq!(
        pos.fen(),
        "raxnbqkbnxar/lup1p1pupupl/12/3u1u6/12/12/12/12/1P10/12/L1UPUPUPUPUL/RAXNBQKBNXAR w - e10 0 3"
    );
    assert_eq!(position(&pos.fen()).fen(), pos.fen());
    // The same with a white barbarian on e9 that could take en passant:
    // which barbarian it would take is unknowable, so the field is refused.
    let fen = "raxnbqkbnxar/lup1p1pupupl/12/3uUu6/12/12/12/12/1P10/12/L1UPUPUPUPUL/RAXNBQKBNXAR w - e10 0 3";
    let err = Position::<TamRuat>::from_fen(fen, false).expect_err("ambiguous en passant accepted");
    assert!(matches!(err, FenError::EnPassant { .. }) && err.to_string().contains("ambiguous"), "{err}");
}
