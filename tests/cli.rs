//! The command line for people: help and version, perft and startpos,
//! analyse and play, and clear errors with exit code 2 for bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn redfool(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_redfool")).args(args).output().expect("the binary runs")
}

fn redfool_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_redfool"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("the binary ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn help_and_version() {
    let help = redfool(&["--help"]);
    assert!(help.status.success());
    for command in ["perft", "startpos", "analyse", "play", "UCI"] {
        assert!(stdout(&help).contains(command), "help mentions {command}");
    }
    let version = redfool(&["--version"]);
    assert_eq!(stdout(&version).trim(), format!("redfool {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn perft_counts_and_divides() {
    let out = redfool(&["perft", "3"]);
    assert_eq!(stdout(&out).lines().last(), Some("Nodes searched: 15127"));
    let divided = redfool(&["perft", "2", "--divide", "--threads", "2"]);
    let text = stdout(&divided);
    let parts: Vec<u64> = text
        .lines()
        .filter_map(|l| l.split_once(": ").filter(|(m, _)| !m.starts_with("Nodes")))
        .map(|(_, n)| n.parse().unwrap())
        .collect();
    assert_eq!(parts.len(), 20);
    assert_eq!(parts.iter().sum::<u64>(), 646);
    assert_eq!(text.lines().last(), Some("Nodes searched: 646"));
    let chess = redfool(&["perft", "4", "--variant", "chess"]);
    assert_eq!(stdout(&chess).lines().last(), Some("Nodes searched: 197281"));
}

#[test]
fn bad_command_lines_exit_2_with_a_reason() {
    let cases: [(&[&str], &str); 8] = [
        (&["frobnicate"], "unknown command 'frobnicate'"),
        (&["perft"], "needs a depth"),
        (&["perft", "deep"], "depth 'deep' is not a number"),
        (&["perft", "1", "--variant", "go"], "unknown variant 'go'"),
        (&["perft", "1", "--fen", "8/8 w - - 0 1"], "ranks"),
        (&["perft", "1", "--fen"], "--fen needs a value"),
        (&["perft", "1", "--bogus"], "unexpected argument '--bogus'"),
        (&["startpos", "--chess960", "--number", "960"], "expected 0 to 959"),
    ];
    for (args, needle) in cases {
        let out = redfool(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn startpos_prints_chess960_arrays() {
    let orthodox = redfool(&["startpos", "--variant", "chess", "--chess960", "--number", "518"]);
    assert_eq!(stdout(&orthodox).trim(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let zero = redfool(&["startpos", "--chess960", "--number", "0"]);
    assert_eq!(stdout(&zero).trim(), "bbqnnrkr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    let a = redfool(&["startpos", "--chess960", "--seed", "7"]);
    let b = redfool(&["startpos", "--chess960", "--seed", "7"]);
    assert_eq!(stdout(&a), stdout(&b), "the same seed gives the same array");
}

#[test]
fn analyse_prints_san_lines_with_scores_in_pawns() {
    let out = redfool(&["analyse", "--depth", "5", "--multipv", "2", "--moves", "e2e4", "e9e7"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().filter(|l| l.contains("depth")).collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines.iter().all(|l| l.contains("2. ") && (l.contains('+') || l.contains('-'))), "{text}");
    // A mate in one is announced as #1, in SAN.
    let mate = redfool(&["analyse", "--variant", "chess", "--fen", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "--depth", "3"]);
    let text = stdout(&mate);
    assert!(text.contains("#1") && text.contains("Rh8#"), "{text}");
}

#[test]
fn play_a_game_in_the_terminal() {
    let out = redfool_with_input(&["play", "--variant", "chess", "--depth", "1"], "e4\nmoves\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("you play e4") && text.contains("redfool plays "), "{text}");
    assert!(text.contains("legal moves: "), "{text}");

    // A move that leaves the Fool a choice lists the choices.
    let out = redfool_with_input(&["play", "--fen", "7k/8/8/8/8/3*4/8/8/8/KR6 w - - 0 1"], "Rb5\nquit\n");
    assert!(stdout(&out).contains("b1b5@c3"), "{}", stdout(&out));

    // The human mates; the result is announced.
    let out = redfool_with_input(&["play", "--variant", "chess", "--fen", "k7/8/1K6/8/8/8/8/7R w - - 0 1"], "Rh8\n");
    assert!(stdout(&out).contains("Game over: checkmate, white wins (1-0)"), "{}", stdout(&out));

    // Black's queen move sends the Fool to b3: only he checks White's king,
    // and White has no move. A draw, announced as such.
    let fool_mate = "8/8/p1k5/P6p/4q3/6p1/3*4/4n3/5r2/K7 b - - 27 137";
    let out = redfool_with_input(&["play", "--colour", "black", "--fen", fool_mate], "Qe4@b3\n");
    assert!(stdout(&out).contains("Game over: draw: the Fool alone gives mate (1/2-1/2)"), "{}", stdout(&out));
}
