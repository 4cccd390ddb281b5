//! Move text: UCI with the Fool's `@square` suffix and SAN (RULES.md §1,
//! Notation), including every error a typed move can get.

use movegen::{Chess, MoveError, Position, RedFool};

fn red_fool(fen: &str) -> Position<RedFool> {
    Position::from_fen(fen, false).unwrap()
}

#[test]
fn uci_suffix_required_only_when_the_mover_has_a_choice() {
    // Fool d5: Rb1-b5 leaves him six flights; Rb1-b4 does not stir him.
    let pos = red_fool("7k/8/8/8/8/3*4/8/8/8/KR6 w - - 0 1");
    let m = pos.parse_uci("b1b5@c3").unwrap();
    assert_eq!(pos.uci(m), "b1b5@c3");
    assert_eq!(pos.uci(pos.parse_uci("b1b4").unwrap()), "b1b4");
    match pos.parse_uci("b1b5") {
        Err(MoveError::FoolChoiceMissing { mut choices, .. }) => {
            choices.sort();
            assert_eq!(choices, ["b1b5@c3", "b1b5@c7", "b1b5@e3", "b1b5@e7", "b1b5@f4", "b1b5@f6"])
        }
        other => panic!("{other:?}"),
    }
    let err = pos.parse_uci("b1b5@b4").unwrap_err();
    assert!(matches!(err, MoveError::FoolAnswerIllegal { .. }));
    assert!(err.to_string().contains("b1b5@c3"), "the error lists the legal answers: {err}");
    // A suffix on a move that leaves him alone is not a legal answer either.
    assert!(matches!(pos.parse_uci("b1b4@c3"), Err(MoveError::FoolAnswerIllegal { .. })));
}

#[test]
fn a_single_answer_may_be_left_out() {
    // Rung a with one safe flight: b2-b1 sends the Fool from h1 to f2.
    let pos = red_fool("k7/8/8/8/8/K7/7p/8/1R6/7* w - - 0 1");
    assert_eq!(pos.uci(pos.parse_uci("b2b1").unwrap()), "b2b1@f2");
}

#[test]
fn uci_errors() {
    let pos = Position::<RedFool>::startpos();
    assert!(matches!(pos.parse_uci("e2e5"), Err(MoveError::Illegal { .. })));
    for junk in ["", "e2", "zz", "e2e4@", "e2e4@z9", "é2e4", "e2e4@e11"] {
        assert!(pos.parse_uci(junk).is_err(), "{junk:?} accepted");
    }
    assert_eq!(pos.uci(pos.parse_uci("e2e4").unwrap()), "e2e4");
    assert_eq!(pos.uci(pos.parse_uci("b1c3").unwrap()), "b1c3");
    // SAN naming rank 10 (zeros are not castling).
    let promo = red_fool("4k3/P7/8/8/8/3*4/8/8/8/4K3 w - - 0 1");
    assert_eq!(promo.parse_san("a10=Q").map(|m| promo.uci(m)), Ok("a9a10q".to_string()));
    let rook = red_fool("r3k3/8/8/8/8/3*4/8/8/8/4K3 b - - 0 1");
    assert_eq!(rook.parse_san("Rb10").map(|m| rook.uci(m)), Ok("a10b10".to_string()));
    // Two-digit ranks and promotions on rank 10.
    let promo = red_fool("4k3/P7/8/8/8/3*4/8/8/8/4K3 w - - 0 1");
    assert_eq!(promo.uci(promo.parse_uci("a9a10q").unwrap()), "a9a10q");
}

#[test]
fn san_carries_the_fool_suffix_before_the_check_mark() {
    // Black's rook frightens the Fool off b1 to a3 (his check on d2 ends).
    let mut pos = red_fool("K7/8/8/8/8/8/8/8/3k3r/1*6 b - - 0 1");
    let m = pos.parse_uci("h2h1@a3").unwrap();
    assert_eq!(pos.san(m), "Rh1@a3");
    assert_eq!(pos.parse_san("Rh1@a3"), Ok(m));
    assert_eq!(pos.parse_san("Rh1"), Ok(m), "single answer: suffix optional");
    // Ng1-f3 hits the Fool on d4; his flights c2 and b3 are a knight's move
    // from the black king on a1, so those answers give check.
    let mut check = red_fool("8/8/8/8/8/8/3*4/8/8/k4KN1 w - - 0 1");
    let knight_moves: Vec<_> =
        movegen::legal_moves(&check).into_iter().filter(|m| check.uci(*m).starts_with("g1f3")).collect();
    let mut answers: Vec<String> = knight_moves.into_iter().map(|m| check.san(m)).collect();
    answers.sort();
    assert_eq!(answers, ["Nf3@b3+", "Nf3@b5", "Nf3@c2+", "Nf3@c6", "Nf3@e6", "Nf3@f5"]);
}

#[test]
fn san_disambiguation_captures_promotions_and_mate() {
    let mut pos = Position::<Chess>::from_fen("4k3/1P6/8/8/8/8/4K3/R6R w - - 0 1", false).unwrap();
    let rook = pos.parse_uci("a1d1").unwrap();
    assert_eq!(pos.san(rook), "Rad1");
    let promotion = pos.parse_uci("b7b8q").unwrap();
    assert_eq!(pos.san(promotion), "b8=Q+");
    assert_eq!(pos.parse_san("b8Q"), Ok(promotion));
    let mut mate = Position::<Chess>::from_fen("k7/8/1K6/8/8/8/8/7R w - - 0 1", false).unwrap();
    let m = mate.parse_uci("h1h8").unwrap();
    assert_eq!(mate.san(m), "Rh8#");
    let mut ep = Position::<Chess>::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", false).unwrap();
    let m = ep.parse_uci("d5e6").unwrap();
    assert_eq!(ep.san(m), "dxe6");
    assert!(matches!(ep.parse_san("Kd2d3"), Err(MoveError::Illegal { .. })));
    let ambiguous = Position::<Chess>::from_fen("3k4/8/8/8/8/8/4K3/R6R w - - 0 1", false).unwrap();
    assert!(matches!(ambiguous.parse_san("Rd1"), Err(MoveError::Ambiguous { .. })));
}

#[test]
fn a_fool_answer_in_a_variant_without_a_fool_says_so() {
    use movegen::TamRuat;
    for err in [
        Position::<Chess>::startpos().parse_uci("g1f3@d4").unwrap_err(),
        Position::<TamRuat>::startpos().parse_uci("g1f3@d4").unwrap_err(),
        Position::<Chess>::startpos().parse_san("Nf3@d4").unwrap_err(),
    ] {
        assert!(matches!(err, MoveError::NoFool { .. }), "{err:?}");
        assert!(err.to_string().contains("this variant has no Fool"), "{err}");
        assert!(!err.to_string().contains("not a legal answer"), "{err}");
    }
}

/// Checkered chess, stage 2: the allied side may castle either king the
/// same way, so `O-O-O` alone is ambiguous and the king's move is written
/// out (found by movegen/tests/properties.rs).
#[test]
fn checkered_allies_castling_either_king_name_it() {
    use movegen::Checkered;
    let fen = "r3k2r/ppp3pp/8/u7/2c5/8/PPP3PP/R3K2R b KQkq - 1 1 1111111111111111 - 2w";
    let mut pos = Position::<Checkered>::from_fen(fen, false).unwrap();
    let white = pos.parse_uci("e1c1").unwrap();
    let black = pos.parse_uci("e8c8").unwrap();
    assert_eq!((pos.san(white), pos.san(black)), ("Ke1c1".to_string(), "Ke8c8".to_string()));
    assert_eq!((pos.parse_san("Ke1c1"), pos.parse_san("Ke8c8")), (Ok(white), Ok(black)));
    // The short form is refused with both choices.
    assert!(
        matches!(pos.parse_san("O-O-O"), Err(movegen::MoveError::Ambiguous { candidates, .. }) if candidates.len() == 2)
    );
}
