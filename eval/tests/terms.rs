//! Hand-built positions showing that each term points the right way.

use eval::{evaluate, evaluate_white, piece_value, trace, Score, Term};
use movegen::{Checkered, Chess, Colour, Position, RedFool, Role, TamRuat, Variant, VariantKind};

fn redfool(fen: &str) -> Position<RedFool> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn chess(fen: &str) -> Position<Chess> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The king-safety term of Black's king in a chess position, from Black's
/// point of view.
fn black_king_safety(fen: &str) -> Score {
    trace(&chess(fen)).side(Term::KingSafety, Colour::Black)
}

fn white(pos_trace: &eval::Trace, term: Term) -> Score {
    pos_trace.side(term, Colour::White)
}

#[test]
fn extra_material_wins() {
    let even = redfool("4k3/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    let knight_up = redfool("4k3/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/1N2K3 w - - 0 1");
    assert!(evaluate_white(&knight_up) > 200, "{}", trace(&knight_up));
    assert!(evaluate_white(&knight_up) - evaluate_white(&even) > 200);
    let chess_even = chess("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    let chess_rook_up = chess("4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1");
    assert!(evaluate_white(&chess_rook_up) - evaluate_white(&chess_even) > 350);
    // The side-to-move view: Black to move, a knight down, scores negative.
    let black_to_move = redfool("4k3/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/1N2K3 b - - 0 1");
    assert_eq!(evaluate(&black_to_move), -evaluate_white(&black_to_move));
    assert!(evaluate(&black_to_move) < -200);
    assert_eq!(evaluate(&knight_up), evaluate_white(&knight_up));
}

#[test]
fn piece_values_order_the_roles_and_royals_count_nothing() {
    fn check<V: Variant>() {
        let values = Role::ALL.map(piece_value::<V>);
        assert!(values[..5].windows(2).all(|w| w[0] < w[1]), "{}: {values:?}", V::KIND.name());
        assert_eq!(piece_value::<V>(Role::King), 0, "{}", V::KIND.name());
        assert_eq!(piece_value::<V>(Role::Emperor), 0, "{}", V::KIND.name());
    }
    check::<Chess>();
    check::<RedFool>();
    check::<TamRuat>();
    check::<Checkered>();
    // Red Fool's search prices exchanges as its fitted evaluation does.
    assert_eq!(piece_value::<RedFool>(Role::Pawn), eval::tuned::of(RedFool::KIND).material[0].mg());
    assert_ne!(piece_value::<RedFool>(Role::Pawn), piece_value::<Chess>(Role::Pawn));
    assert_eq!(piece_value::<Chess>(Role::Pawn), 100);
}

#[test]
fn a_passed_pawn_near_promotion_is_worth_more_than_one_far_back() {
    // 8x10: the pawn one step from the tenth rank, then on its third rank,
    // then on the third rank but stopped by an enemy pawn ahead beside it.
    let near = redfool("4k3/1P6/8/8/7*/8/8/8/8/4K3 w - - 0 1");
    let far = redfool("4k3/8/8/8/7*/8/8/1P6/8/4K3 w - - 0 1");
    let stopped = redfool("4k3/8/2p5/8/7*/8/8/1P6/8/4K3 w - - 0 1");
    let (near_bonus, far_bonus) = (white(&trace(&near), Term::PassedPawns), white(&trace(&far), Term::PassedPawns));
    assert!(near_bonus.eg() > far_bonus.eg() + 100, "{near_bonus:?} vs {far_bonus:?}");
    assert_eq!(white(&trace(&stopped), Term::PassedPawns), Score::ZERO);
    assert!(evaluate_white(&near) > evaluate_white(&far) + 50);
    // 8x8: the same on the orthodox board, where the last step is to rank 8.
    let near = chess("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let far = chess("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert!(evaluate_white(&near) > evaluate_white(&far) + 50);
}

#[test]
fn an_advanced_passed_pawn_wants_its_own_king_near_and_the_enemy_king_far() {
    let passed = |fen: &str| white(&trace(&chess(fen)), Term::PassedPawns).eg();
    // A pawn on b6: White's king far (g1) or near (c7), Black's far (h4) or
    // in front of it (b8).
    let (far, own_near) = (passed("8/8/1P6/8/7k/8/8/6K1 w - - 0 1"), passed("8/2K5/1P6/8/7k/8/8/8 w - - 0 1"));
    let enemy_near = passed("1k6/8/1P6/8/8/8/8/6K1 w - - 0 1");
    assert!(own_near > far && far > enemy_near, "{own_near} {far} {enemy_near}");
    // In its own half a passed pawn does not care where the kings are.
    assert_eq!(passed("8/8/8/8/7k/1P6/8/6K1 w - - 0 1"), passed("1k6/8/8/8/8/1P6/8/6K1 w - - 0 1"));
}

#[test]
fn an_advanced_passed_pawn_is_worth_less_with_an_enemy_piece_in_front() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let passed = |fen: &str| white(&trace(&chess(fen)), Term::PassedPawns);
    // A pawn on b6 (a unit of 3): a black knight on b7 blocks it, one on d7
    // does not (it only watches b8, so that neither path is free).
    let (blocked, beside) = (passed("4k3/1n6/1P6/8/8/8/8/4K3 w - - 0 1"), passed("4k3/3n4/1P6/8/8/8/8/4K3 w - - 0 1"));
    assert_eq!(blocked - beside, weights.passed_blocked * 3);
    assert!(blocked.eg() < beside.eg());
    // A piece of its own in front blocks it too, but it is not held: no charge.
    assert_eq!(passed("4k3/1N6/1P6/8/8/8/8/4K3 w - - 0 1"), passed("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"));
    // On its third rank a blockader costs it nothing.
    assert_eq!(passed("4k3/8/8/8/8/1n6/1P6/4K3 w - - 0 1"), passed("4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1"));
}

#[test]
fn a_bare_king_is_driven_to_the_edge_and_the_kings_brought_together() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let mop_up = |fen: &str| white(&trace(&chess(fen)), Term::MopUp);
    // The bare king in the centre (edge distance 3, nothing to gain), the
    // kings four steps apart (three nearer than the far corners' seven).
    let centre = mop_up("8/8/8/3k4/8/8/8/R2K4 w - - 0 1");
    assert_eq!(centre, weights.mop_up_close * 3);
    // On the edge, two steps nearer; on the edge and the kings two apart.
    assert_eq!(mop_up("3k4/8/8/8/8/8/8/R2K4 w - - 0 1") - centre, weights.mop_up_edge * 3 - weights.mop_up_close * 3);
    assert_eq!(mop_up("3k4/8/3K4/8/8/8/8/R7 w - - 0 1"), weights.mop_up_edge * 3 + weights.mop_up_close * 5);
    // Only against a bare king, and only with a rook's worth of pieces.
    assert_eq!(mop_up("3k4/7p/3K4/8/8/8/8/R7 w - - 0 1"), Score::ZERO);
    assert_eq!(mop_up("3k4/8/3K4/8/8/8/8/N7 w - - 0 1"), Score::ZERO);
    // The same for Black.
    assert_eq!(
        trace(&chess("r7/8/8/8/8/3k4/8/3K4 w - - 0 1")).side(Term::MopUp, Colour::Black),
        weights.mop_up_edge * 3 + weights.mop_up_close * 5
    );
}

#[test]
fn an_advanced_passed_pawn_is_worth_more_with_a_free_path() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let passed = |fen: &str| white(&trace(&chess(fen)), Term::PassedPawns);
    // A pawn on b6 (a unit of 3): a rook on h7 attacks b7 on its path, one
    // on h5 attacks nothing there.
    let (watched, free) = (passed("4k3/7r/1P6/8/8/8/8/4K3 w - - 0 1"), passed("4k3/8/1P6/7r/8/8/8/4K3 w - - 0 1"));
    assert_eq!(free - watched, weights.passed_free * 3);
    assert!(free.eg() > watched.eg());
    // An enemy piece on the path, not attacking it, takes the bonus too.
    assert_eq!(passed("1n2k3/8/1P6/7r/8/8/8/4K3 w - - 0 1"), watched);
}

#[test]
fn a_minor_piece_behind_its_own_pawn_is_well_placed() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let placement = |fen: &str| white(&trace(&chess(fen)), Term::PieceSquares);
    // The knight on d2 behind the pawn on d3, or the pawn a step further on
    // d4: the difference is the pawn's own squares and the bonus.
    let behind = placement("4k3/8/8/8/8/3P4/3N4/4K3 w - - 0 1") - placement("4k3/8/8/8/3P4/8/3N4/4K3 w - - 0 1");
    let pawn_alone = placement("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1") - placement("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1");
    assert_eq!(behind, pawn_alone + weights.minor_behind_pawn);
    // An enemy pawn in front is no shield.
    let theirs = placement("4k3/8/8/8/8/3p4/3N4/4K3 w - - 0 1");
    assert_eq!(theirs, placement("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1"));
}

#[test]
fn doubled_and_isolated_pawns_are_penalised() {
    let doubled_isolated = chess("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
    let connected = chess("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1");
    // One doubled pawn, two isolated ones, at chess's weights.
    let weights = eval::tuned::of(VariantKind::Chess);
    let expected = weights.doubled_pawn + weights.isolated_pawn * 2;
    assert!(expected.mg() < 0 && expected.eg() < 0, "{expected:?}");
    assert_eq!(white(&trace(&doubled_isolated), Term::PawnStructure), expected);
    assert_eq!(white(&trace(&connected), Term::PawnStructure), Score::ZERO);
}

#[test]
fn pieces_attacked_by_pawns_or_left_undefended_are_threats() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let threats = |fen: &str| white(&trace(&chess(fen)), Term::Threats);
    // The pawn on d4 forks a defended knight and a defended bishop.
    assert_eq!(threats("4k3/8/3p4/2n1b3/3P4/8/8/4K3 w - - 0 1"), weights.threat_by_pawn * 2);
    // The rook on a1 attacks an undefended knight on a8; defended, no threat.
    assert_eq!(threats("n3k3/8/8/8/8/8/8/R3K3 w - - 0 1"), weights.hanging);
    assert_eq!(threats("n7/1k6/8/8/8/8/8/R3K3 w - - 0 1"), Score::ZERO);
    // An undefended pawn hangs too; the king it checks never does.
    assert_eq!(threats("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1"), weights.hanging);
    assert_eq!(threats("R3k3/8/8/8/8/8/8/4K3 b - - 0 1"), Score::ZERO);
}

#[test]
fn a_safe_pawn_step_that_would_attack_pieces_is_a_threat() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let threats = |fen: &str| white(&trace(&chess(fen)), Term::Threats);
    // d3-d4 would attack the knight on c5 and the rook on e5.
    assert_eq!(threats("4k3/8/8/2n1r3/8/3P4/8/7K w - - 0 1"), weights.threat_by_pawn_push * 2);
    // Not when a black pawn guards d4, nor when d4 is taken.
    assert_eq!(threats("4k3/8/8/2n1p3/8/3P4/8/7K w - - 0 1"), Score::ZERO);
    assert_eq!(threats("4k3/8/8/2n1r3/3n4/3P4/8/7K w - - 0 1"), Score::ZERO);
    // A piece a pawn attacks already is that pawn's threat, not the step's.
    assert_eq!(threats("4k3/8/8/2n1r3/1P6/3P4/8/7K w - - 0 1"), weights.threat_by_pawn + weights.threat_by_pawn_push);
}

#[test]
fn a_piece_attacked_by_a_lesser_one_is_a_threat() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let threats = |fen: &str| white(&trace(&chess(fen)), Term::Threats);
    // The knight on e3 attacks a rook on d5, undefended, then defended.
    assert_eq!(threats("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1"), weights.threat_by_lesser + weights.hanging);
    assert_eq!(threats("4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1"), weights.threat_by_lesser);
    // A defended knight is no lesser piece's threat for a knight.
    assert_eq!(threats("4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1"), Score::ZERO);
}

#[test]
fn a_safe_square_from_which_to_attack_the_queen_is_a_threat() {
    let weights = eval::tuned::of(VariantKind::Chess);
    let threats = |fen: &str| white(&trace(&chess(fen)), Term::Threats);
    // The knight on g1 can reach e2 and f3, each a knight's move from the
    // queen on d4: doubled while she is the board's only queen.
    assert_eq!(threats("4k3/8/8/8/3q4/8/8/4K1N1 w - - 0 1"), weights.knight_on_queen * 4);
    assert_eq!(threats("4k3/8/8/8/3q4/8/Q7/4K1N1 w - - 0 1"), weights.knight_on_queen * 2);
    // A pawn on g4 covers f3: only e2 is left.
    assert_eq!(threats("4k3/8/8/8/3q2p1/8/8/4K1N1 w - - 0 1"), weights.knight_on_queen * 2);
    // The rook can reach d5 on the queen's file, which the pawn on e4
    // covers too (the queen attacks d5 herself); without the pawn the rook
    // could only go to h4, which nothing else of White's covers.
    assert_eq!(threats("4k3/8/8/7R/3qP3/8/8/4K3 w - - 0 1"), weights.slider_on_queen * 2);
    assert_eq!(threats("4k3/8/8/7R/3q4/8/8/4K3 w - - 0 1"), Score::ZERO);
}

#[test]
fn a_piece_the_fool_would_kill_next_counts_against_its_owner() {
    // The Fool on h10 can leap to g8 or f9. f9 is covered by the black king,
    // so he has no safe empty square and the undefended knight on g8 is his
    // next victim: any move by Black that frightens him kills it.
    let victim = redfool("4k2*/8/6N1/8/8/8/8/8/8/K7 b - - 0 1");
    // One square lower the knight is out of his reach, and g8 is a refuge.
    let safe = redfool("4k2*/8/8/6N1/8/8/8/8/8/K7 b - - 0 1");
    let threatened = white(&trace(&victim), Term::FoolVictims);
    // (How much is the fitted weights' business. Their direction is asserted
    // in the middlegame: the eighth fit gives the endgame a weight near zero,
    // slightly the other way, where the Fool has few victims left.)
    assert!(threatened.mg() < 0, "{threatened:?}");
    assert_eq!(white(&trace(&safe), Term::FoolVictims), Score::ZERO);
    // (The whole score no longer tells: in this bare endgame the knight's
    // square weighs more than the charge the eighth fit leaves there.)
    // With White to move the knight can still be saved: a smaller charge.
    let exposed = white(&trace(&redfool("4k2*/8/6N1/8/8/8/8/8/8/K7 w - - 0 1")), Term::FoolVictims);
    assert!(exposed.mg() < 0 && exposed.mg() > threatened.mg(), "{exposed:?} vs {threatened:?}");
    // A knight defended by its own pawn is no safe target either.
    let defended = redfool("4k2*/8/6N1/5P2/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(white(&trace(&defended), Term::FoolVictims), Score::ZERO);
    // Orthodox chess has no Fool terms at all.
    let orthodox = trace(&chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
    for term in [Term::FoolVictims, Term::FoolKingDistance, Term::FoolMenace] {
        assert_eq!(orthodox.net(term), Score::ZERO);
        assert_eq!(orthodox.side(term, Colour::White), Score::ZERO);
    }
}

#[test]
fn an_attack_without_a_queen_endangers_the_king_less() {
    // The rook on g1, the knight on g5 and the bishop on d3 bear on Black's
    // king; White's queen stands out of play on a1, behind its pawn, or is
    // gone. Without it the attack counts for less, but not for nothing.
    let with_queen = black_king_safety("6k1/6p1/8/6N1/8/3B4/1P6/Q5RK w - - 0 1");
    let without = black_king_safety("6k1/6p1/8/6N1/8/3B4/1P6/6RK w - - 0 1");
    let unattacked = black_king_safety("6k1/6p1/8/8/8/8/1P6/7K w - - 0 1");
    assert!(
        with_queen.mg() < without.mg() && without.mg() < unattacked.mg(),
        "{with_queen:?} {without:?} {unattacked:?}"
    );
}

#[test]
fn a_square_by_the_king_that_only_the_king_defends_is_weak() {
    // The bishop on b3 attacks f7, next to Black's king: defended by the
    // king alone, or by the knight on d8 as well.
    let weak = black_king_safety("6k1/5ppp/8/8/8/1B6/8/6K1 w - - 0 1");
    let defended = black_king_safety("3n2k1/5ppp/8/8/8/1B6/8/6K1 w - - 0 1");
    assert!(weak.mg() < defended.mg() && weak.eg() < defended.eg(), "{weak:?} {defended:?}");
}

#[test]
fn a_safe_square_to_check_from_endangers_the_king() {
    // White's rook on d1 can check from d8, which Black does not guard;
    // Black's rook on a8 guards it, on a7 not. Nothing else differs for
    // Black's king.
    let unguarded = black_king_safety("6k1/r4ppp/8/8/8/8/8/3R2K1 w - - 0 1");
    let guarded = black_king_safety("r5k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1");
    assert!(unguarded.mg() < guarded.mg() && unguarded.eg() < guarded.eg(), "{unguarded:?} {guarded:?}");
}

#[test]
fn a_knight_covering_the_kings_neighbourhood_defends_it() {
    // White's queen on d3 bears on h7. Black's knight on h6 covers g8 and
    // f7, next to the king; on b8 it covers nothing there. Nothing else
    // about Black's king differs.
    let covered = black_king_safety("6k1/5ppp/7n/8/8/3Q4/8/6K1 w - - 0 1");
    let away = black_king_safety("1n4k1/5ppp/8/8/8/3Q4/8/6K1 w - - 0 1");
    assert!(covered.mg() > away.mg() && covered.eg() >= away.eg(), "{covered:?} {away:?}");
}

#[test]
fn a_king_near_the_fool_is_penalised() {
    // The Fool on d3 checks the white king on e1; on a6 he is three leaps
    // away; on e5 he could leap to d3 or f3 and check it.
    let check = redfool("4k3/8/8/8/8/8/8/3*4/8/4K3 w - - 0 1");
    let far = redfool("4k3/8/8/8/*7/8/8/8/8/4K3 w - - 0 1");
    let threat = redfool("4k3/8/8/8/8/4*3/8/8/8/4K3 w - - 0 1");
    let (check, far, threat) = (trace(&check), trace(&far), trace(&threat));
    let distance = |t: &eval::Trace| white(t, Term::FoolKingDistance);
    let safety = |t: &eval::Trace| white(t, Term::KingSafety);
    // (In the middlegame: the eighth fit weighs two and three leaps nearly
    // alike in the endgame.)
    assert!(distance(&check).mg() < distance(&threat).mg() && distance(&threat).mg() < distance(&far).mg());
    assert!(safety(&check).mg() < safety(&threat).mg() && safety(&threat).mg() < safety(&far).mg());
    // Black's king is out of reach in both, so the whole score tells too.
    assert_eq!(check.side(Term::FoolKingDistance, Colour::Black), far.side(Term::FoolKingDistance, Colour::Black));
    assert!(check.total < far.total, "{check}\n{far}");
}

#[test]
fn mobility_favours_the_freer_side() {
    // Black's bishop is shut in by its own pawn; White's is free.
    let t = trace(&chess("4k2b/6p1/8/8/3B4/8/8/4K3 w - - 0 1"));
    assert!(white(&t, Term::Mobility).mg() > t.side(Term::Mobility, Colour::Black).mg() + 30, "{t}");
    let t = trace(&redfool("4k2b/6p1/8/8/8/3B4/8/8/8/*3K3 w - - 0 1"));
    assert!(t.net(Term::Mobility).mg() > 30 && t.net(Term::Mobility).eg() > 30, "{t}");
    // The same bishop boxed in behind its pawn, or free on the next square
    // (in the middlegame: chess's fitted weights give the minor pieces'
    // endgame mobility a slightly negative weight).
    let boxed = trace(&chess("4k3/8/8/8/8/8/6P1/4K2B w - - 0 1"));
    let free = trace(&chess("4k3/8/8/8/8/8/6P1/4KB2 w - - 0 1"));
    assert!(white(&boxed, Term::Mobility).mg() < white(&free, Term::Mobility).mg());
    let boxed = trace(&redfool("*3k3/8/8/8/8/8/8/8/6P1/4K2B w - - 0 1"));
    let free = trace(&redfool("*3k3/8/8/8/8/8/8/8/6P1/4KB2 w - - 0 1"));
    assert!(white(&boxed, Term::Mobility).eg() < white(&free, Term::Mobility).eg());
    assert!(boxed.total < free.total);
    // The Fool's square is no square to go to: he blocks the bishop's line.
    let open = trace(&redfool("4k3/8/8/8/8/8/8/8/8/1B2K2* w - - 0 1"));
    let blocked = trace(&redfool("4k3/8/8/8/8/8/8/3*4/8/1B2K3 w - - 0 1"));
    assert!(white(&blocked, Term::Mobility).mg() < white(&open, Term::Mobility).mg());
}

#[test]
fn tapering_moves_the_king_from_shelter_to_the_centre() {
    // With every piece on the board a king in the centre is a liability…
    let home = trace(&chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kq - 0 1"));
    let centre = trace(&chess("rnbqkbnr/pppppppp/8/8/3K4/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"));
    assert_eq!((home.phase, centre.phase), (24, 24));
    assert!(centre.total < home.total - 30, "{centre}\n{home}");
    // …in a pawn ending it is an asset: the same term, the endgame value.
    let corner = trace(&chess("7k/8/8/8/8/8/P7/K7 w - - 0 1"));
    let central = trace(&chess("7k/8/8/8/3K4/8/P7/8 w - - 0 1"));
    assert_eq!((corner.phase, central.phase), (0, 0));
    assert!(central.total > corner.total + 20, "{central}\n{corner}");
    // The blend itself: pure middlegame value at phase 24, endgame at 0.
    let placement = white(&centre, Term::PieceSquares);
    assert_ne!(placement.mg(), placement.eg());
    assert_eq!(placement.taper(24), placement.mg());
    assert_eq!(placement.taper(0), placement.eg());
    // Between the two, a partial phase blends both parts.
    let rooks = trace(&redfool("r3k2r/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/R3K2R w - - 0 1"));
    assert_eq!(rooks.phase, 8);
}

#[test]
fn the_trace_prints_every_term_and_the_total() {
    let pos = redfool(RED_FOOL_MIDDLEGAME);
    let t = trace(&pos);
    let text = t.to_string();
    for term in Term::ALL {
        assert!(text.contains(term.name()), "{term:?} missing from\n{text}");
    }
    assert!(text.contains(&format!("Total: {} centipawns", evaluate_white(&pos))), "{text}");
    let net: Score = Term::ALL.iter().map(|&term| t.net(term)).fold(Score::ZERO, |a, b| a + b);
    assert_eq!(net.taper(t.phase), t.total);
}

const RED_FOOL_MIDDLEGAME: &str = "r2qkbnr/p1ppp1pp/np6/2*2p1N/8/8/2P1b1Q1/2N3P1/PP1P1P1P/R1B1KB1R b KQkq - 0 9";
