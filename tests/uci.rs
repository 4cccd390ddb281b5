//! Scripted UCI sessions against the real binary, for `redfool` and `chess`:
//! handshake, options, positions with Fool moves, every kind of `go`,
//! `stop` during an infinite search, `isready` while searching, and every
//! kind of bad input (one `info string error:` line; a bad `go` answered
//! with `bestmove 0000`, a bad `position` leaving none).

mod support;

use movegen::{Chess, Position, RedFool, Variant};
use support::Engine;

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error:")).collect()
}

/// Sends `command`, which must draw exactly one error line, containing
/// `needle`; returns all its lines and that one.
#[track_caller]
fn one_error(engine: &mut Engine, command: &str, needle: &str) -> (Vec<String>, String) {
    let lines = engine.ask(command);
    let errs = errors(&lines);
    assert_eq!(errs.len(), 1, "{command}: {lines:#?}");
    assert!(errs[0].contains(needle), "{command}: {} lacks {needle:?}", errs[0]);
    let error = errs[0].clone();
    (lines, error)
}

fn fen_of(engine: &mut Engine) -> String {
    let lines = engine.ask("d");
    lines.iter().find_map(|l| l.strip_prefix("Fen: ")).expect("d prints the FEN").to_string()
}

/// Checks that `text` is a legal move of the FEN's position.
fn assert_legal<V: Variant>(fen: &str, text: &str, chess960: bool) {
    let pos = Position::<V>::from_fen(fen, chess960).unwrap();
    assert!(pos.parse_uci(text).is_ok(), "{text} is not legal in {fen}");
}

#[test]
fn handshake_announces_options_and_the_variant() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok", |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name redfool ")));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let has = |prefix: &str| lines.iter().any(|l| l.starts_with(prefix));
    // Chess by default, as Fairy-Stockfish: the combo lists the engine's
    // own names only.
    assert!(
        lines
            .iter()
            .any(|l| l
                == "option name UCI_Variant type combo default chess var redfool var chess var tamruat var checkered"),
        "{lines:#?}"
    );
    for option in ["UCI_Chess960 type check", "Hash type spin", "Threads type spin", "MultiPV type spin"] {
        assert!(has(&format!("option name {option}")), "{option}");
    }
    assert!(has("option name Move Overhead type spin") && has("option name Ponder type check"));
    assert!(has("option name Clear Hash type button"));
    assert!(has("option name UCI_ShowWDL type check default false"));
    assert!(has("option name UCI_AnalyseMode type check") && has("option name UCI_Opponent type string"));
    assert!(has("option name UCI_EngineAbout type string default redfool "));
    let chess =
        format!("info string variant chess files 8 ranks 8 pocket 0 template fairy startpos {}", Chess::START_FEN);
    assert!(lines.contains(&chess), "{lines:#?}");
    let switched = engine.ask("setoption name UCI_Variant value redfool");
    assert_eq!(
        switched,
        [format!(
            "info string variant redfool files 8 ranks 10 pocket 0 template fairy startpos {}",
            RedFool::START_FEN
        )]
    );
    assert_eq!(engine.close().code(), Some(0));

    // Started in Red Fool, the combo's default says so.
    let mut engine = Engine::red_fool();
    engine.send("uci");
    let lines = engine.read_until("uciok", |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant type combo default redfool ")), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("info string variant redfool ")), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn positions_with_fool_moves_and_searches() {
    let mut engine = Engine::red_fool();
    // White's knight stirs nothing; Black's g10-f8 frightens the Fool (e6),
    // who must be told where to go.
    assert!(engine.ask("position startpos moves g1f3 g10f8@c5").is_empty());
    assert_eq!(fen_of(&mut engine), "rnbqkb1r/pppppppp/5n2/8/8/2*5/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2");

    engine.send("go depth 4");
    let (lines, best) = engine.bestmove();
    assert!(lines.iter().any(|l| l.starts_with("info depth 4 ") && l.contains(" pv ")), "{lines:#?}");
    let fen = fen_of(&mut engine);
    assert_legal::<RedFool>(&fen, &best, false);

    engine.send("go nodes 2000");
    let (_, best) = engine.bestmove();
    assert_legal::<RedFool>(&fen, &best, false);

    engine.send("go movetime 200");
    let (_, best) = engine.bestmove();
    assert_legal::<RedFool>(&fen, &best, false);

    engine.send("go wtime 2000 btime 2000 winc 20 binc 20");
    let (_, best) = engine.bestmove();
    assert_legal::<RedFool>(&fen, &best, false);

    // searchmoves restricts the root.
    engine.send("go depth 3 searchmoves a2a3");
    assert_eq!(engine.bestmove().1, "a2a3");

    // go perft: Stockfish's format, Fool answers counted as moves.
    engine.send("go perft 2");
    let perft = engine.read_until("the perft total", |l| l.starts_with("Nodes searched"));
    let root_moves = perft.iter().filter(|l| l.contains(": ")).count();
    assert!(root_moves > 20, "{perft:#?}");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_while_searching() {
    let mut engine = Engine::red_fool();
    engine.ask("position startpos");
    engine.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let during = engine.sync();
    assert!(during.iter().all(|l| !l.starts_with("bestmove")), "no bestmove before stop: {during:#?}");
    engine.send("stop");
    let (_, best) = engine.bestmove();
    assert_legal::<RedFool>(RedFool::START_FEN, &best, false);

    // Ponder: no bestmove on its own, then ponderhit lets the clock run.
    engine.send("go ponder wtime 500 btime 500");
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(engine.pending().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("ponderhit");
    engine.bestmove();
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn chess_and_chess960_castling_text() {
    let mut engine = Engine::start();
    engine.ask("setoption name UCI_Variant value chess");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    engine.ask(&format!("position fen {fen} moves e1g1"));
    assert!(fen_of(&mut engine).starts_with("r3k2r/8/8/8/8/8/8/R4RK1 b kq"));
    engine.ask("setoption name UCI_Chess960 value true");
    engine.ask(&format!("position fen {fen}"));
    let lines = engine.ask("d");
    let moves = lines.iter().find(|l| l.starts_with("Legal moves")).unwrap();
    assert!(moves.contains(" e1h1 ") && moves.contains(" e1a1 "), "{moves}");
    engine.send("go depth 3");
    let (_, best) = engine.bestmove();
    assert_legal::<Chess>(fen, &best, true);
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn every_bad_command_gets_one_error_line() {
    let mut engine = Engine::red_fool();
    // go before position: the error, then a bestmove all the same.
    let lines = engine.ask("go depth 1");
    assert_eq!(errors(&lines).len(), 1, "{lines:#?}");
    assert!(lines[0].contains("position"), "{lines:#?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"), "{lines:#?}");

    let set = "position startpos moves e2e4";
    engine.ask(set);
    let fen = fen_of(&mut engine);
    // Commands that fail and leave the state as it was.
    let bad = [
        ("xyzzy", "unknown command"),
        ("setoption name Bogus value 3", "unknown option 'Bogus'"),
        ("setoption name Threads value 100000", "from 1 to 256"),
        ("setoption name UCI_Chess960 value maybe", "true or false"),
        ("setoption name UCI_Variant value xiangqi", "unknown variant 'xiangqi'"),
        ("setoption Hash 3", "missing 'name'"),
    ];
    for (command, needle) in bad {
        one_error(&mut engine, command, needle);
        assert_eq!(fen_of(&mut engine), fen, "{command} changed the position");
    }
    // A go that fails: the error, then bestmove 0000; the position stays.
    let bad_go = [
        ("go depth many", "'many' is not a depth"),
        ("go sometimes", "unknown parameter 'sometimes'"),
        ("go searchmoves e2e5", "illegal move"),
        ("go perft 99", "out of range"),
        ("go depth", "missing a depth"),
        ("go nodes 99999999999999999999", "out of range"),
    ];
    for (command, needle) in bad_go {
        let (lines, _) = one_error(&mut engine, command, needle);
        assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"), "{command}: {lines:#?}");
        assert_eq!(fen_of(&mut engine), fen, "{command} changed the position");
    }
    // A position that fails leaves none (searching the old one would play
    // a move illegal in the GUI's game), and says so.
    let bad_position = [
        ("position", "expected 'startpos'"),
        ("position fen", "FEN is missing"),
        ("position fen 8/8/8 w - - 0 1", "ranks"),
        (
            "position fen rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
            "illegal move 'e2e5'",
        ),
        ("position startpos moves e2e4 e9e7 zz", "'zz' is not a move"),
        ("position startpos moves g1f3 g10f8", "choose one of"),
        ("position startpos moves g1f3 g10f8@a1", "not a legal answer"),
    ];
    for (command, needle) in bad_position {
        engine.ask(set);
        let (_, error) = one_error(&mut engine, command, needle);
        assert!(error.contains("no position is set now"), "{command}: {error}");
        let lines = engine.ask("go depth 2");
        assert!(errors(&lines)[0].contains("no position set"), "{command}: {lines:#?}");
        assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"), "{command}: {lines:#?}");
    }
    // The ambiguous Fool answer lists the choices.
    let lines = engine.ask("position startpos moves g1f3 g10f8");
    assert!(lines[0].contains("g10f8@c5") && lines[0].contains("g10f8@g7"), "{lines:#?}");
    // A one-megabyte line is survived.
    let huge = format!("position startpos moves {}", "e2e4 ".repeat(200_000));
    let lines = engine.ask(&huge);
    assert_eq!(errors(&lines).len(), 1);
    engine.ask(set);
    assert_eq!(fen_of(&mut engine), fen);
    assert_eq!(engine.close().code(), Some(0), "end of input ends the engine cleanly");
}
