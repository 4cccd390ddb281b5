//! The `Greedy` option through the real binary: the 1-ply material-greedy
//! test opponent answers `go` with an `info` line and a `bestmove` in every
//! variant, and can be switched off again.

mod support;

use eval::piece_value;
use movegen::{Position, RedFool, Role, TamRuat};
use support::Engine;

#[test]
fn greedy_option_answers_go_in_every_variant() {
    let mut engine = Engine::red_fool();
    assert!(engine.ask("setoption name Greedy value true").is_empty());

    // Red Fool: Rxa5 would win a bishop but stir the Fool into killing the
    // queen on b8; the greedy player keeps the balance (queen and rook
    // against two bishops, in Red Fool's own piece values) instead.
    assert!(engine.ask("position fen *6k/8/1Q6/4b3/8/b7/8/8/8/R6K w - - 0 1").is_empty());
    engine.send("go wtime 1000 btime 1000 winc 100 binc 100");
    let (lines, best) = engine.bestmove();
    let value = piece_value::<RedFool>;
    let balance = value(Role::Queen) + value(Role::Rook) - 2 * value(Role::Bishop);
    let score = format!(" score cp {balance} ");
    assert!(lines.iter().any(|l| l.starts_with("info depth 1 ") && l.contains(&score)), "{score}: {lines:#?}");
    assert_ne!(best, "a1a5@b8");
    engine.send("go depth 5 searchmoves a1a5");
    assert_eq!(engine.bestmove().1, "a1a5@b8");

    // Chess: a mate in one before the rook.
    engine.ask("setoption name UCI_Variant value chess");
    engine.ask("position fen 6k1/5ppp/8/8/8/7r/8/R5KR w - - 0 1");
    engine.send("go movetime 1000");
    let (lines, best) = engine.bestmove();
    assert_eq!(best, "a1a8");
    assert!(lines.iter().any(|l| l.contains(" score mate 1 ")), "{lines:#?}");
    engine.ask("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    engine.send("go depth 1");
    assert_eq!(engine.bestmove().1, "(none)");

    // Tam Ruat: a legal move.
    engine.ask("setoption name UCI_Variant value tamruat");
    engine.ask("position startpos");
    engine.send("go nodes 1000");
    let best = engine.bestmove().1;
    assert!(Position::<TamRuat>::startpos().parse_uci(&best).is_ok(), "{best}");

    // Off again: the search answers, deeper than one ply.
    engine.ask("setoption name Greedy value false");
    engine.send("go depth 3");
    let (lines, _) = engine.bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}
