//! What real chess GUIs send, replayed against the binary (issue #14):
//! pychess and Cute Chess send no `UCI_Variant` for chess and expect chess
//! moves; every `go`, whatever went wrong before it, ends in a `bestmove`;
//! the options GUIs send routinely are accepted without an error line;
//! variant names in any case and the GUIs' aliases; `UCI_ShowWDL`.

mod support;

use movegen::{Chess, Position, RedFool, Variant};
use support::Engine;

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error")).collect()
}

/// The position after `moves` (UCI) from `fen`, by the rules core.
fn after<V: Variant>(fen: &str, moves: &[&str], chess960: bool) -> Position<V> {
    let mut pos = Position::<V>::from_fen(fen, chess960).unwrap();
    for text in moves {
        let m = pos.parse_uci(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()));
        pos.make(m);
    }
    pos
}

#[test]
fn pychess_sequence_gets_legal_chess_moves() {
    // pychess on a standard game: options, no UCI_Variant, positions as
    // FEN plus moves, clock searches.
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until("uciok", |l| l == "uciok");
    for command in [
        "setoption name Hash value 32",
        "setoption name Threads value 1",
        "setoption name Ponder value false",
        "setoption name UCI_AnalyseMode value false",
        "setoption name UCI_Opponent value none none human Player",
        "ucinewgame",
    ] {
        let lines = engine.ask(command);
        assert!(errors(&lines).is_empty(), "{command}: {lines:#?}");
    }
    let mut played: Vec<String> = Vec::new();
    let mut ours = vec!["e2e4".to_string(), "g1f3".to_string(), "f1c4".to_string()].into_iter();
    for _ in 0..3 {
        // pychess's move, if still legal; else any legal one.
        let pos = after::<Chess>(Chess::START_FEN, &played.iter().map(String::as_str).collect::<Vec<_>>(), false);
        let mine = ours.next().filter(|m| pos.parse_uci(m).is_ok()).unwrap_or_else(|| {
            let m = movegen::legal_moves(&pos)[0];
            pos.uci(m)
        });
        played.push(mine);
        let moves = played.join(" ");
        let lines = engine.ask(&format!("position fen {} moves {moves}", Chess::START_FEN));
        assert!(errors(&lines).is_empty(), "{lines:#?}");
        engine.send("go wtime 1500 btime 1500 winc 0 binc 0");
        let (lines, best) = engine.bestmove();
        assert!(errors(&lines).is_empty(), "{lines:#?}");
        let pos = after::<Chess>(Chess::START_FEN, &played.iter().map(String::as_str).collect::<Vec<_>>(), false);
        assert!(pos.parse_uci(&best).is_ok(), "{best} is not a legal chess move after {moves}");
        played.push(best);
    }
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn cute_chess_sequence_gets_a_legal_chess_move() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until("uciok", |l| l == "uciok");
    assert!(errors(&engine.ask("setoption name Threads value 1")).is_empty());
    engine.ask("ucinewgame");
    assert!(errors(&engine.ask("position startpos moves e2e4 e7e5 g1f3")).is_empty());
    engine.send("go wtime 2000 btime 2000 winc 20 binc 20");
    let (lines, best) = engine.bestmove();
    assert!(errors(&lines).is_empty(), "{lines:#?}");
    let pos = after::<Chess>(Chess::START_FEN, &["e2e4", "e7e5", "g1f3"], false);
    assert!(pos.parse_uci(&best).is_ok(), "{best} is not a legal chess move after 1.e4 e5 2.Nf3");
    assert!(!best.contains('@'), "a Red Fool move in a chess game: {best}");
    // A plain go too.
    engine.send("go movetime 100");
    assert!(pos.parse_uci(&engine.bestmove().1).is_ok());
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn every_go_ends_in_a_bestmove() {
    let mut engine = Engine::start();
    let expect_error_then_0000 = |engine: &mut Engine, go: &str| {
        engine.send(go);
        let (lines, _) = engine.bestmove();
        assert_eq!(errors(&lines).len(), 1, "{go}: {lines:#?}");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"), "{go}: {lines:#?}");
    };
    // No position yet.
    expect_error_then_0000(&mut engine, "go depth 3");
    // Bad arguments.
    engine.ask("position startpos");
    for go in ["go depth x", "go wtime", "go bogus 3", "go searchmoves e7e5", "go perft 4294967296", "go mate -1"] {
        expect_error_then_0000(&mut engine, go);
    }
    // A failed position leaves none.
    engine.ask("position startpos moves e2e5");
    expect_error_then_0000(&mut engine, "go wtime 1000 btime 1000");
    // A variant switch drops the position of the old variant.
    engine.ask("position startpos");
    engine.ask("setoption name UCI_Variant value redfool");
    expect_error_then_0000(&mut engine, "go depth 2");
    // No legal move: checkmated and stalemated, as Stockfish says it.
    engine.ask("setoption name UCI_Variant value chess");
    for fen in ["R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"] {
        engine.ask(&format!("position fen {fen}"));
        engine.send("go wtime 1000 btime 1000");
        let (lines, best) = engine.bestmove();
        assert_eq!(best, "(none)", "{fen}: {lines:#?}");
        assert!(errors(&lines).is_empty(), "{fen}: {lines:#?}");
    }
    // A go during a search ends that search first: two gos, two answers.
    engine.ask("position startpos");
    engine.send("go infinite");
    engine.send("go depth 2");
    let (_, first) = engine.bestmove();
    let (_, second) = engine.bestmove();
    for best in [first, second] {
        assert!(Position::<Chess>::startpos().parse_uci(&best).is_ok(), "{best}");
    }
    assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")), "no third bestmove");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn routine_gui_options_are_accepted_and_unknown_ones_refused_once() {
    let mut engine = Engine::start();
    for command in [
        "setoption name UCI_AnalyseMode value true",
        "setoption name UCI_ShowWDL value false",
        "setoption name UCI_Opponent value GM 2800 human Gary Kasparov",
        "setoption name UCI_Opponent value",
        "setoption name UCI_EngineAbout value whatever",
        "setoption name uci_analysemode value FALSE",
    ] {
        let lines = engine.ask(command);
        assert!(lines.is_empty(), "{command}: {lines:#?}");
    }
    let lines = engine.ask("setoption name UCI_SetPositionValue value 120 fen 8/8/8/8/8/8/k7/K7 w - - 0 1");
    assert_eq!(errors(&lines).len(), 1, "{lines:#?}");
    assert!(lines[0].contains("unknown option 'UCI_SetPositionValue'"), "{lines:#?}");
    let lines = engine.ask("setoption name UCI_Variant value fischerandom");
    assert!(lines[0].starts_with("info string variant chess "), "{lines:#?}");
    let lines = engine.ask("setoption name UCI_Variant value shogi");
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].contains("unknown variant 'shogi' (known: redfool, chess, tamruat, checkered"), "{lines:#?}");
    assert!(!lines[0].contains("expected unknown variant"), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn variant_names_in_any_case_and_aliases() {
    let mut engine = Engine::start();
    for (name, variant) in [
        ("RedFool", "redfool"),
        ("STANDARD", "chess"),
        ("Chess", "chess"),
        ("TamRuat", "tamruat"),
        ("checkered", "checkered"),
    ] {
        let lines = engine.ask(&format!("setoption name UCI_Variant value {name}"));
        assert_eq!(lines.len(), 1, "{name}: {lines:#?}");
        assert!(lines[0].starts_with(&format!("info string variant {variant} ")), "{name}: {lines:#?}");
    }
    // fischerandom and chess960 switch Chess960 castling on: king takes rook.
    for alias in ["fischerandom", "Chess960"] {
        let mut engine = Engine::start();
        engine.ask("setoption name UCI_Variant value redfool");
        engine.ask(&format!("setoption name UCI_Variant value {alias}"));
        engine.ask("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        engine.send("go depth 2 searchmoves e1g1");
        assert_eq!(engine.bestmove().1, "e1h1", "{alias}");
        assert_eq!(engine.close().code(), Some(0));
    }
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn start_up_switches_choose_the_variant() {
    let mut engine = Engine::start_with(&["--variant", "redfool"]);
    engine.ask("position startpos");
    engine.send("go depth 2");
    let best = engine.bestmove().1;
    assert!(Position::<RedFool>::startpos().parse_uci(&best).is_ok(), "{best}");
    assert_eq!(engine.close().code(), Some(0));

    let mut engine = Engine::start_with(&["--chess960"]);
    engine.ask("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    engine.send("go depth 2 searchmoves e1c1");
    assert_eq!(engine.bestmove().1, "e1a1");
    assert_eq!(engine.close().code(), Some(0));

    let bad = std::process::Command::new(support::binary()).args(["--variant", "shogi"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("'shogi'") && stderr.contains("redfool, chess, tamruat, checkered"), "{stderr}");
}

#[test]
fn show_wdl_adds_chances_to_info_lines_only_when_on() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves e2e4");
    engine.send("go depth 4");
    let (lines, _) = engine.bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ")), "{lines:#?}");
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:#?}");

    engine.ask("setoption name UCI_ShowWDL value true");
    engine.send("go depth 4");
    let (lines, _) = engine.bestmove();
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!infos.is_empty());
    for line in infos {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "wdl").unwrap_or_else(|| panic!("no wdl in {line}"));
        let wdl: Vec<u32> = words[at + 1..at + 4].iter().map(|w| w.parse().unwrap()).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        let cp: i32 = words[words.iter().position(|&w| w == "cp").unwrap() + 1].parse().unwrap();
        assert_eq!(wdl[0] >= wdl[2], cp >= 0, "the side ahead is likelier to win: {line}");
    }
    // A mate is certain.
    engine.ask("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go depth 3");
    let (lines, _) = engine.bestmove();
    assert!(lines.iter().any(|l| l.contains(" score mate 1 wdl 1000 0 0 ")), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}
