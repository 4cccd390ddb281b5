//! Castling in orthodox chess, Chess960 and Red Fool 960 (RULES.md §2 and
//! the FRC seed): every arrangement of king and rook, the FIDE conditions,
//! rights bookkeeping, castling fields (KQkq, Shredder-FEN, X-FEN) and move
//! text in both modes.

use movegen::{legal_moves, Chess, MoveKind, Position, RedFool, Variant};

fn chess960(fen: &str) -> Position<Chess> {
    Position::from_fen(fen, true).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The castling moves of the side to move, in UCI text.
fn castles<V: Variant>(pos: &Position<V>) -> Vec<String> {
    let mut texts: Vec<String> =
        legal_moves(pos).into_iter().filter(|m| m.kind() == MoveKind::Castle).map(|m| pos.uci(m)).collect();
    texts.sort();
    texts
}

/// Plays `text` and returns the FEN's board and castling fields.
fn after<V: Variant>(pos: &Position<V>, text: &str) -> String {
    let mut pos = pos.clone();
    pos.make(pos.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}")));
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    format!("{} {}", fields[0], fields[2])
}

#[test]
fn double_move_castling_both_sides() {
    // Orthodox array in 960 mode: king takes rook.
    let pos = chess960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castles(&pos), ["e1a1", "e1h1"]);
    assert_eq!(after(&pos, "e1h1"), "r3k2r/8/8/8/8/8/8/R4RK1 kq");
    assert_eq!(after(&pos, "e1a1"), "r3k2r/8/8/8/8/8/8/2KR3R kq");
}

#[test]
fn king_and_rook_adjacent_swap_places() {
    // King f1, rook g1: h-side castling puts the king on g1, the rook on f1.
    let pos = chess960("k7/8/8/8/8/8/8/5KR1 w K - 0 1");
    assert_eq!(castles(&pos), ["f1g1"]);
    assert_eq!(after(&pos, "f1g1"), "k7/8/8/8/8/8/8/5RK1 -");
}

#[test]
fn rook_already_on_the_kings_destination() {
    // King e1, rook c1: a-side castling, king to c1 over the rook, rook to d1.
    let pos = chess960("4k3/8/8/8/8/8/8/2R1K3 w Q - 0 1");
    assert_eq!(castles(&pos), ["e1c1"]);
    assert_eq!(after(&pos, "e1c1"), "4k3/8/8/8/8/8/8/2KR4 -");
}

#[test]
fn king_already_on_its_destination_only_the_rook_moves() {
    let pos = chess960("6k1/8/8/8/8/8/8/6KR w K - 0 1");
    assert_eq!(castles(&pos), ["g1h1"]);
    assert_eq!(after(&pos, "g1h1"), "6k1/8/8/8/8/8/8/5RK1 -");
    let a_side = chess960("2k5/8/8/8/8/8/8/R1K5 w Q - 0 1");
    assert_eq!(after(&a_side, "c1a1"), "2k5/8/8/8/8/8/8/2KR4 -");
}

#[test]
fn only_the_king_moves_when_the_rook_is_home() {
    // King e1, rook f1: the rook already stands on f1, the king goes to g1.
    let pos = chess960("4k3/8/8/8/8/8/8/4KR2 w K - 0 1");
    assert_eq!(after(&pos, "e1f1"), "4k3/8/8/8/8/8/8/5RK1 -");
}

#[test]
fn fide_conditions() {
    // A piece on a square the king crosses blocks castling.
    assert!(castles(&chess960("3k4/8/8/8/8/8/8/1R2KB1R w KQ - 0 1")).iter().all(|m| m != "e1h1"));
    // A piece on b1 blocks the rook's path in a-side castling with a rook on a1.
    assert!(castles(&chess960("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1")).is_empty());
    // In check: no castling.
    assert!(castles(&chess960("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")).is_empty());
    // The king may not cross an attacked square (f1, by the rook on f8)...
    assert_eq!(castles(&chess960("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1a1"]);
    // ...but the rook may (b1, attacked by the rook on b8).
    assert_eq!(castles(&chess960("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")), ["e1a1", "e1h1"]);
    // The king may not land on an attacked square, even one the castling
    // rook stands on.
    assert_eq!(castles(&chess960("6r1/1k6/8/8/8/8/8/R3K1R1 w KQ - 0 1")), ["e1a1"]);
}

#[test]
fn rights_bookkeeping() {
    let pos = Position::<Chess>::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false).unwrap();
    assert_eq!(after(&pos, "e1e2"), "r3k2r/8/8/8/8/8/4K3/R6R kq", "a king move loses both rights");
    assert_eq!(after(&pos, "h1h2"), "r3k2r/8/8/8/8/8/7R/R3K3 Qkq", "a rook move loses its own right");
    assert_eq!(after(&pos, "a1a8"), "R3k2r/8/8/8/8/8/8/4K2R Kk", "capturing a rook on its square");
    // A rook moving back to its start square does not regain the right.
    let mut pos = pos.clone();
    for m in ["h1h2", "h8h7", "h2h1", "h7h8"] {
        pos.make(pos.parse_uci(m).unwrap());
    }
    assert_eq!(pos.fen().split(' ').nth(2), Some("Qq"));
}

#[test]
fn a_fool_kill_of_a_rook_on_its_start_square_ends_its_right() {
    // Red Fool: Nf5-d4 hits the Fool on b3. His empty interior targets c5,
    // d2 and the knight on d4 are covered by the black rooks on c10 and d10,
    // so he kills the cheapest safe victim: the rook on a1, and with it the
    // a-side castling right.
    let fen = "2rrk3/8/8/8/8/5N2/8/1*6/8/R3K2R w KQ - 0 1";
    let pos = Position::<RedFool>::from_fen(fen, false).unwrap();
    assert_eq!(after(&pos, "f5d4"), "2rrk3/8/8/8/8/8/3N4/8/8/*3K2R K");
}

#[test]
fn castling_fields_round_trip() {
    // Shredder-FEN in, X-FEN out.
    let pos = chess960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    assert!(pos.fen().contains(" w KQkq "));
    // Two rooks on one side: the inner one needs its file letter.
    let inner = chess960("1r2k2r/8/8/8/8/8/8/RR2K2R w BKk - 0 1");
    assert_eq!(inner.fen().split(' ').nth(2), Some("KBk"));
    assert_eq!(chess960(&inner.fen()).fen(), inner.fen());
    // The outer rook is written K/Q even when given by file.
    assert_eq!(chess960("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").fen().split(' ').nth(2), Some("KQkq"));
    // A letter naming no rook is an error that names the field.
    let err = Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/R3K2R w C - 0 1", true).err().unwrap();
    assert!(err.to_string().contains("castling"), "{err}");
}

#[test]
fn move_text_in_both_modes() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let orthodox = Position::<Chess>::from_fen(fen, false).unwrap();
    assert_eq!(castles(&orthodox), ["e1c1", "e1g1"]);
    // Either form is understood in either mode.
    assert_eq!(orthodox.parse_uci("e1h1"), orthodox.parse_uci("e1g1"));
    let frc = chess960(fen);
    assert_eq!(frc.parse_uci("e1g1").map(|m| frc.uci(m)), Ok("e1h1".to_string()));
    let mut frc = frc;
    let short = frc.parse_uci("e1h1").unwrap();
    let long = frc.parse_uci("e1a1").unwrap();
    assert_eq!((frc.san(short), frc.san(long)), ("O-O".to_string(), "O-O-O".to_string()));
    assert_eq!(frc.parse_san("O-O"), Ok(short));
    assert_eq!(frc.parse_san("0-0-0"), Ok(long));
}

#[test]
fn a_king_step_onto_the_destination_is_not_castling_in_960_mode() {
    // King f1, rook h1: f1g1 is an ordinary king step; castling is f1h1.
    let pos = chess960("6k1/8/8/8/8/8/8/5K1R w K - 0 1");
    let step = pos.parse_uci("f1g1").unwrap();
    assert_eq!(step.kind(), MoveKind::Normal);
    assert_eq!(pos.parse_uci("f1h1").unwrap().kind(), MoveKind::Castle);
}

#[test]
fn red_fool_960_castling_with_the_fool() {
    // Red Fool 960 array RK....R: the Fool on f2 watches... d1 and h1; the
    // a-side castling (king b1 to c1) is free, the h-side one crosses d1.
    let pos = Position::<RedFool>::from_fen("rk5r/ppp3pp/8/8/8/8/8/8/PPP2*PP/RK5R w HAha - 0 1", true).unwrap();
    assert_eq!(castles(&pos), ["b1a1"]);
}
