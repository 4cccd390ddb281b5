//! Checkered chess (RULES.md §4) rule by rule, on hand-built positions with
//! the expected moves spelled out. The reference perft table covers the
//! same ground in bulk.

use movegen::{legal_moves, Checkered, Colour, FenError, Outcome, Position, Stage};

fn position(fen: &str) -> Position<Checkered> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves starting on `from` (switch moves excluded), sorted, in UCI text.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let pos = position(fen);
    let mut texts: Vec<String> = legal_moves(&pos)
        .into_iter()
        .filter(|m| !m.is_switch())
        .map(|m| pos.uci(m))
        .filter(|t| t.starts_with(from))
        .collect();
    texts.sort();
    texts
}

fn switch_moves(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut texts: Vec<String> = legal_moves(&pos).into_iter().filter(|m| m.is_switch()).map(|m| pos.uci(m)).collect();
    texts.sort();
    texts
}

/// The board field after playing `moves` (UCI) from `fen`.
fn after(fen: &str, moves: &[&str]) -> Position<Checkered> {
    let mut pos = position(fen);
    for text in moves {
        let m = pos.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make(m);
    }
    pos
}

fn board(pos: &Position<Checkered>) -> String {
    pos.fen().split(' ').next().unwrap().to_string()
}

#[test]
fn start_position_round_trips() {
    let pos = Position::<Checkered>::startpos();
    assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1");
    assert_eq!(legal_moves(&pos).len(), 20);
}

#[test]
fn captures_turn_the_capturer_checkered_of_either_nature() {
    let fen = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1 0000000000000000 - 1-";
    assert!(moves_from(fen, "f3").contains(&"f3e5".to_string()));
    assert!(moves_from(fen, "f3").contains(&"f3e5p".to_string()));
    assert_eq!(board(&after(fen, &["f3e5"])), "4k3/8/8/4o3/8/8/8/4K3");
    assert_eq!(board(&after(fen, &["f3e5p"])), "4k3/8/8/4s3/8/8/8/4K3");
    // The same nature twice is one move.
    let same = "4k3/8/8/4n3/8/5N2/8/4K3 w - - 0 1 0000000000000000 - 1-";
    assert_eq!(moves_from(same, "f3").iter().filter(|t| t.starts_with("f3e5")).count(), 1);
    // A checkered piece moved by Black captures White's piece the same way.
    let black = "4k3/8/8/8/2o5/8/3P4/4K3 b - - 0 1 0000000000000000 - 1-";
    assert_eq!(board(&after(black, &["c4d2p"])), "4k3/8/8/8/8/8/3s4/4K3");
}

#[test]
fn the_king_captures_plain_and_a_new_checkered_piece_may_not_check_its_maker() {
    // The black pawn on d2 checks e1. The king takes it and stays white;
    // the knight takes it as a checkered knight, but not as a checkered
    // pawn, which would attack e1 as Black's pawns do.
    let fen = "4k3/8/8/8/2N5/8/3p4/4K3 w - - 0 1 0000000000000000 - 1-";
    assert_eq!(board(&after(fen, &["e1d2"])), "4k3/8/8/8/2N5/8/3K4/8");
    assert!(!moves_from(fen, "e1").contains(&"e1d2p".to_string()));
    assert_eq!(moves_from(fen, "c4"), vec!["c4d2"]);
}

#[test]
fn promotion_by_capture_is_checkered_and_without_capture_stays_own() {
    let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 - 1-";
    let moves = moves_from(fen, "e7");
    let expected = ["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"];
    assert_eq!(moves, expected);
    assert_eq!(board(&after(fen, &["e7d8q"])), "3t3k/8/8/8/8/8/8/4K3");
    assert_eq!(board(&after(fen, &["e7e8n"])), "3rN2k/8/8/8/8/8/8/4K3");
}

#[test]
fn pawn_flags_are_used_up_only_by_a_double_step() {
    let fen = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 0001100000000000 - 1-";
    assert_eq!(moves_from(fen, "d2"), vec!["d2d3", "d2d4"]);
    let single = after(fen, &["d2d3"]);
    assert_eq!(single.fen().split(' ').nth(6), Some("0001100000000000"));
    let double = after(fen, &["e2e4"]);
    assert_eq!(double.fen().split(' ').nth(6), Some("0001000000000000"));
    // No flag, no double step.
    let spent = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1 0000100000000000 - 1-";
    assert_eq!(moves_from(spent, "d2"), vec!["d2d3"]);
    // A checkered pawn on Black's second rank, moved by Black, uses Black's flag.
    let checkered = "4k3/3s4/8/8/8/8/8/4K3 b - - 0 1 0000000000010000 - 1-";
    assert_eq!(moves_from(checkered, "d7"), vec!["d7d5", "d7d6"]);
}

#[test]
fn en_passant_in_stage_one_by_own_pawns_only() {
    let fen = "r3k3/8/8/2spP3/4s1p1/8/5P2/4K2R w Kq d6 0 1 0000010000000000 - 1";
    assert!(moves_from(fen, "e5").contains(&"e5d6".to_string()));
    assert!(!moves_from(fen, "c5").contains(&"c5d6".to_string()));
    assert_eq!(board(&after(fen, &["e5d6"])), "r3k3/8/3s4/2s5/4s1p1/8/5P2/4K2R");
    // A checkered pawn's double step gives no en-passant square.
    let pos = after("4k3/8/8/8/3p4/8/4s3/4K3 w - - 0 1 0000100000000000 - 1-", &["e2e4"]);
    assert_eq!(pos.en_passant(), None);
}

#[test]
fn stage_two_pawns_go_both_ways_and_take_en_passant_only_beside() {
    let fen = "rk6/1s1s4/8/4ps2/3P4/8/5s2/3K4 w - e6 0 16 0000000000000000 - 2w";
    // f5 stands beside the pawn that double-stepped; d7 would take a phantom.
    assert!(moves_from(fen, "f5").contains(&"f5e6".to_string()));
    assert!(!moves_from(fen, "d7").contains(&"d7e6".to_string()));
    assert_eq!(board(&after(fen, &["f5e6"])), "rk6/1s1s4/4s3/8/3P4/8/5s2/3K4");
    // Down to rank 1 it promotes, to a checkered piece (R2); up from rank 2
    // it may double-step, flags or not.
    assert_eq!(moves_from(fen, "f2"), vec!["f2f1b", "f2f1n", "f2f1q", "f2f1r", "f2f3", "f2f4"]);
    assert_eq!(board(&after(fen, &["f2f1q"])), "rk6/1s1s4/8/4ps2/3P4/8/8/3K1t2");
}

#[test]
fn a_checkered_move_may_not_be_undone_at_once() {
    let with = "r1bqkbnr/pppp1ppp/2n5/4o3/2B1s3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1 1111011111110111 g4e5 1";
    let without = "r1bqkbnr/pppp1ppp/2n5/4o3/2B1s3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1 1111011111110111 - 1";
    assert!(!moves_from(with, "e5").contains(&"e5g4".to_string()));
    assert!(moves_from(without, "e5").contains(&"e5g4".to_string()));
    assert_eq!(moves_from(without, "e5").len(), moves_from(with, "e5").len() + 1);
    // Playing a non-capturing checkered move records it.
    assert_eq!(after(without, &["e5g4"]).fen().split(' ').nth(7), Some("e5g4"));
}

#[test]
fn checkered_pawns_check_like_the_opponents_pawns() {
    // Rules diagram 2: the checkered pawn on g2 attacks h1 as Black's pawns
    // do, and White has no move: checkmate.
    let pos = position("7k/b5pp/8/8/8/8/6ss/7K w - - 0 3 0000000000000011 g3g2 1");
    assert!(pos.in_check());
    assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: Colour::Black }));
    // The same pawn does not attack f3 or h3 (White's pawn direction).
    let quiet = position("7k/8/8/8/8/7K/6s1/8 w - - 0 3 0000000000000000 - 1");
    assert!(!quiet.in_check());
}

#[test]
fn castling_may_not_pass_squares_checkered_pieces_attack() {
    // The checkered rook on d5 watches d1, the checkered bishop on c4 f1 (R1).
    let fen = "r3k2r/ppp3pp/8/3u4/2c5/8/PPP3PP/R3K2R w KQkq - 0 1 1111111111111111 - 1";
    let king = moves_from(fen, "e1");
    assert!(!king.contains(&"e1g1".to_string()) && !king.contains(&"e1c1".to_string()), "{king:?}");
    let free = "r3k2r/ppp3pp/8/8/8/8/PPP3PP/R3K2R w KQkq - 0 1 1111111111111111 - 1";
    let king = moves_from(free, "e1");
    assert!(king.contains(&"e1g1".to_string()) && king.contains(&"e1c1".to_string()), "{king:?}");
    // Stage 2: the white/black side castles either king, checked against
    // checkered attackers only (R4).
    let stage_two = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 0000000000000000 - 2w";
    assert!(moves_from(stage_two, "e1").contains(&"e1g1".to_string()));
    assert!(moves_from(stage_two, "e8").contains(&"e8c8".to_string()));
}

#[test]
fn the_switch_and_what_forbids_it() {
    let fen = "4k3/8/8/8/3o4/8/8/4K3 w - - 0 1 0000000000000000 - 1";
    let switches = switch_moves(fen);
    assert_eq!(switches.len(), 8, "{switches:?}");
    assert!(switches.contains(&"e1e8,d4c6".to_string()));
    // Besides: four king moves (the knight watches e2) and six knight moves
    // (on f3 or c2 the knight, still checkered, would check White's king).
    assert_eq!(legal_moves(&position(fen)).len(), 4 + 6 + 8);
    // Switching disabled.
    assert!(switch_moves("4k3/8/8/8/3o4/8/8/4K3 w - - 0 1 0000000000000000 - 1-").is_empty());
    // A checkered pawn attacks a king on any diagonal for the switch, though
    // in stage 1 it does not check White from f2.
    let pawn = "4k3/8/8/8/8/4K3/5s2/8 w - - 0 1 0000000000000000 - 1";
    assert!(!position(pawn).in_check());
    assert!(switch_moves(pawn).is_empty());
    // No checkered piece, no switch.
    assert!(switch_moves("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 - 1").is_empty());
    // The switch turn is one move: stage 2w, Black (white and black pieces) to move.
    let mut pos = position(fen);
    // After it the checkered knight on f3 checks White's king, which the
    // white/black side must answer.
    let m = pos.parse_uci("e1e8,d4f3").unwrap();
    assert_eq!(pos.san(m), "S,Nf3+");
    pos.make(m);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/5o2/8/4K3 b - - 1 1 0000000000000000 - 2w");
    assert_eq!(pos.state().stage, Stage::Two(Colour::White));
    assert!(pos.in_check());
    pos.unmake();
    assert_eq!(pos.fen(), fen);
}

#[test]
fn stage_two_results() {
    // The checkered side to move with no checkered piece loses.
    let gone = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 - 2w");
    assert_eq!(gone.outcome(), Some(Outcome::CheckeredGone { winner: Colour::Black }));
    // With pieces but no move: a draw.
    let stuck = position("4k3/8/8/8/8/4p3/4s3/4K3 w - - 0 1 0000000000000000 - 2w");
    assert_eq!(stuck.outcome(), Some(Outcome::Stalemate));
    // The white/black side with no move and a king attacked loses.
    let mated = position("r1bk3r/p3ppbp/2s3p1/8/8/2s5/4PP1P/u3KBNR w K - 0 18 1010110110111111 - 2b");
    assert_eq!(mated.outcome(), Some(Outcome::Checkmate { winner: Colour::Black }));
}

#[test]
fn notation_of_natures_and_switches() {
    let fen = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1 0000000000000000 - 1-";
    let mut pos = position(fen);
    let m = pos.parse_uci("f3e5p").unwrap();
    assert_eq!(pos.san(m), "Nxe5=P");
    assert_eq!(pos.parse_san("Nxe5=P"), Ok(m));
    assert_eq!(pos.san(pos.parse_uci("f3e5").unwrap()), "Nxe5");
    let switch = position("4k3/8/8/8/3o4/8/8/4K3 w - - 0 1 0000000000000000 - 1");
    assert_eq!(switch.uci(switch.parse_san("S,Nc6").unwrap()), "e1e8,d4c6");
    assert!(switch.parse_uci("e1e8,").is_err());
    assert!(switch.parse_uci("e1e8,d4c6,d4c6").is_err());
}

#[test]
fn fen_fields_of_the_variant() {
    let err = |fen: &str| Position::<Checkered>::from_fen(fen, false).expect_err(fen);
    let board = "4k3/8/8/8/3o4/8/8/4K3";
    assert!(matches!(err(&format!("{board} w - - 0 1")), FenError::FieldCount { found: 6, .. }));
    assert!(matches!(err(&format!("{board} w - - 0 1 0101 - 1")), FenError::PawnFlags { .. }));
    assert!(matches!(err(&format!("{board} w - - 0 1 000000000000000x - 1")), FenError::PawnFlags { .. }));
    assert!(matches!(err(&format!("{board} w - - 0 1 0000000000000000 d9e5 1")), FenError::CheckeredMove { .. }));
    // The last checkered move must end on a checkered piece, and only in stage 1.
    assert!(matches!(err(&format!("{board} w - - 0 1 0000000000000000 d4e6 1")), FenError::CheckeredMove { .. }));
    assert!(matches!(err(&format!("{board} w - - 0 1 0000000000000000 e6d4 2b")), FenError::CheckeredMove { .. }));
    assert!(matches!(err(&format!("{board} w - - 0 1 0000000000000000 - 3")), FenError::Stage { .. }));
    // Upper-case checkered letters are read; lower case is written.
    let pos = position("4k3/8/8/8/3O4/8/8/4K3 w - - 0 1 0000000000000000 - 1");
    assert_eq!(pos.fen(), format!("{board} w - - 0 1 0000000000000000 - 1"));
    // The side not to move may not be attacked by a checkered piece.
    let err = err("4k3/8/3o4/8/8/8/8/4K3 w - - 0 1 0000000000000000 - 1");
    assert_eq!(err, FenError::OpponentInCheck { colour: Colour::Black });
}

#[test]
fn repetition_through_two_way_pawn_steps() {
    // Stage 2: a checkered pawn steps up and down (each step resets the
    // fifty-move clock) while a king walks to and fro; the third time the
    // position comes back the game is drawn.
    let fen = "4k3/8/8/8/8/3s4/8/K7 w - - 0 1 0000000000000000 - 2w";
    let pos = after(fen, &["d3d4", "a1b1", "d4d3", "b1a1", "d3d4", "a1b1", "d4d3", "b1a1"]);
    assert_eq!(pos.outcome(), Some(Outcome::Repetition));
}

#[test]
fn san_names_the_pawn_when_two_of_one_file_reach_a_square() {
    // Stage 2, White moves the checkered pawns: a2 steps up, a4 steps down.
    let fen = "4k3/8/8/8/s7/8/s7/4K3 w - - 0 1 0000000000000000 - 2w";
    let mut pos = position(fen);
    let up = pos.parse_uci("a2a3").unwrap();
    let down = pos.parse_uci("a4a3").unwrap();
    assert_eq!((pos.san(up), pos.san(down)), ("a2a3".to_string(), "a4a3".to_string()));
    assert_eq!(pos.parse_san("a4a3"), Ok(down));
    assert!(pos.parse_san("a3").is_err());
    // A lone pawn keeps the short form.
    assert_eq!(pos.san(pos.parse_uci("a4a5").unwrap()), "a5");
}
