//! The strength options through the real binary: `Skill Level`,
//! `UCI_LimitStrength` and `UCI_Elo` are declared as GUIs expect, bad
//! values are refused with an error line, a weakened engine answers every
//! kind of `go` with a `bestmove` whose line is the last one shown, level 20
//! plays as full strength, and a session's choices are reproducible.

mod support;

use movegen::{Chess, Position};
use std::time::Duration;
use support::Engine;

/// Positions from the chess opening suite.
fn openings(count: usize) -> Vec<String> {
    let text = std::fs::read_to_string("tests/data/openings/chess.epd").expect("the chess openings");
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(count).map(str::to_string).collect()
}

/// The move of each `go depth` in `fens`, after the `setup` commands.
fn bestmoves(setup: &[&str], fens: &[String], depth: u32) -> Vec<String> {
    let mut engine = Engine::start();
    for command in setup {
        assert!(engine.ask(command).is_empty(), "{command}");
    }
    let moves = fens
        .iter()
        .map(|fen| {
            engine.ask(&format!("position fen {fen}"));
            engine.send(&format!("go depth {depth}"));
            engine.bestmove().1
        })
        .collect();
    assert_eq!(engine.close().code(), Some(0));
    moves
}

/// Checks that the search's last `info … multipv 1 … pv` line starts with
/// the move played.
#[track_caller]
fn last_line_starts_with_the_move(lines: &[String], best: &str) {
    let last = lines.iter().rev().find(|l| l.contains(" multipv 1 ") && l.contains(" pv ")).expect("an info line");
    assert!(last.contains(&format!(" pv {best}")), "{best} is not the last line shown: {lines:#?}");
}

#[test]
fn the_strength_options_are_declared_with_their_types_and_defaults() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok", |l| l == "uciok");
    for option in [
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:#?}");
    }
    let elo = lines.iter().find(|l| l.starts_with("option name UCI_Elo ")).expect("UCI_Elo is declared");
    let words: Vec<&str> = elo.split_whitespace().collect();
    assert_eq!(words[3..5], ["type", "spin"], "{elo}");
    let number = |key: &str| -> i64 {
        let at = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{elo} lacks {key}"));
        words[at + 1].parse().unwrap_or_else(|e| panic!("{elo}: {key}: {e}"))
    };
    let (default, min, max) = (number("default"), number("min"), number("max"));
    assert!(min <= default && default <= max && min < max, "{elo}");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn bad_strength_values_are_refused_and_the_engine_carries_on() {
    let mut engine = Engine::start();
    for (command, needle) in [
        (
            "setoption name Skill Level value 21",
            "setoption Skill Level: bad value '21', expected an integer from 0 to 20",
        ),
        ("setoption name Skill Level value -1", "bad value '-1'"),
        ("setoption name Skill Level value strong", "bad value 'strong'"),
        ("setoption name UCI_Elo value 99", "setoption UCI_Elo: bad value '99', expected an integer from "),
        ("setoption name UCI_Elo value 99999", "bad value '99999'"),
        ("setoption name UCI_Elo value 1500.5", "bad value '1500.5'"),
        (
            "setoption name UCI_LimitStrength value yes",
            "setoption UCI_LimitStrength: bad value 'yes', expected true or false",
        ),
        ("setoption name UCI_Elo", "needs a value"),
    ] {
        let lines = engine.ask(command);
        assert_eq!(lines.len(), 1, "{command}: {lines:#?}");
        assert!(lines[0].starts_with("info string error: ") && lines[0].contains(needle), "{command}: {lines:#?}");
    }
    // The refused values changed nothing: still full strength, still answering.
    engine.ask("position startpos");
    engine.send("go depth 3");
    engine.bestmove();
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn a_weakened_engine_answers_every_go_with_the_move_it_shows_last() {
    for setup in [
        ["setoption name Skill Level value 3", "setoption name UCI_LimitStrength value false"],
        ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1700"],
    ] {
        let mut engine = Engine::start();
        for command in setup {
            assert!(engine.ask(command).is_empty(), "{command}");
        }
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        engine.ask(&format!("position fen {fen}"));
        for go in ["go depth 30", "go movetime 200", "go nodes 5000", "go wtime 3000 btime 3000 winc 30 binc 30"] {
            engine.send(go);
            let (lines, best) = engine.bestmove();
            assert!(Position::<Chess>::from_fen(fen, false).unwrap().parse_uci(&best).is_ok(), "{go}: {best}");
            last_line_starts_with_the_move(&lines, &best);
        }
        // `go infinite` waits for `stop` even when the level's depth is reached.
        engine.send("go infinite");
        let (early, ended) = engine.read_within(Duration::from_millis(500), |l| l.starts_with("bestmove"));
        assert!(!ended, "no bestmove before stop: {early:#?}");
        engine.send("stop");
        let (lines, best) = engine.bestmove();
        last_line_starts_with_the_move(&[early, lines].concat(), &best);
        assert_eq!(engine.close().code(), Some(0));
    }
}

#[test]
fn level_0_often_differs_from_full_strength_and_level_20_never() {
    let fens = openings(30);
    let full = bestmoves(&[], &fens, 6);
    let level_20 = bestmoves(&["setoption name Skill Level value 20"], &fens, 6);
    assert_eq!(level_20, full, "level 20 is full strength");
    let level_0 = bestmoves(&["setoption name Skill Level value 0"], &fens, 6);
    let differ = level_0.iter().zip(&full).filter(|(weak, strong)| weak != strong).count();
    assert!(differ * 4 >= fens.len(), "level 0 differs from full strength in only {differ} of {}", fens.len());
    assert_eq!(bestmoves(&["setoption name Skill Level value 0"], &fens, 6), level_0, "a session is reproducible");
}

#[test]
fn limit_strength_overrides_the_skill_level() {
    let fens = openings(30);
    let full = bestmoves(&[], &fens, 6);
    let limited = ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1700"];
    let at_1700 = bestmoves(&limited, &fens, 6);
    assert_ne!(at_1700, full, "UCI_Elo 1700 is weakened");
    for level in ["0", "20"] {
        let with_level = format!("setoption name Skill Level value {level}");
        let setup = [limited[0], limited[1], with_level.as_str()];
        assert_eq!(bestmoves(&setup, &fens, 6), at_1700, "UCI_Elo decides, not Skill Level {level}");
    }
    let unlimited = ["setoption name UCI_LimitStrength value false", "setoption name UCI_Elo value 1700"];
    assert_eq!(bestmoves(&unlimited, &fens, 6), full, "UCI_Elo alone changes nothing");
}
