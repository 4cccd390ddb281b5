//! The command line for people: help everywhere, perft and startpos,
//! analyse and play, and clear errors with exit code 2 for bad input.

use matchrunner::pgn;
use movegen::{Chess, Position, Variant, VariantKind};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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

/// Runs a command line that must fail, and returns its error text.
fn refused(args: &[&str]) -> String {
    let out = redfool(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} exits 2: {}{}", stdout(&out), stderr(&out));
    stderr(&out)
}

// ---- help, version, typos ----

#[test]
fn help_and_version() {
    let help = redfool(&["--help"]);
    assert!(help.status.success());
    for command in ["perft", "startpos", "analyse", "play", "bench", "match", "UCI"] {
        assert!(stdout(&help).contains(command), "help mentions {command}");
    }
    let version = redfool(&["--version"]);
    assert_eq!(stdout(&version).trim(), format!("redfool {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn every_sub_command_has_help() {
    for command in ["perft", "startpos", "analyse", "play", "bench"] {
        for args in [vec![command, "--help"], vec!["help", command]] {
            let out = redfool(&args);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            let usage = format!("Usage: redfool {command}");
            assert!(stdout(&out).contains(&usage), "{args:?}: {}", stdout(&out));
        }
    }
    // The match runner reads its own options, `--help` included.
    let runner = redfool(&["match", "--help"]);
    assert!(runner.status.success() && stdout(&runner).contains("-engine cmd=<path>"), "{}", stdout(&runner));
    let help = redfool(&["help", "match"]);
    assert!(help.status.success() && stdout(&help).contains("-engine cmd=<path>"), "{}", stdout(&help));
}

#[test]
fn variant_lists_come_from_the_rules_core() {
    let names: Vec<&str> = VariantKind::ALL.iter().map(|v| v.name()).collect();
    let list = format!("[possible values: {}]", names.join(", "));
    for args in [&["--help"][..], &["perft", "--help"], &["analyse", "-h"]] {
        let text = stdout(&redfool(args)).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&list), "{args:?} lists {list}: {text}");
    }
}

#[test]
fn typos_get_a_suggestion_and_exit_2() {
    assert!(refused(&["perf", "3"]).contains("a similar subcommand exists: 'perft'"));
    assert!(refused(&["perft", "3", "--thread", "2"]).contains("a similar argument exists: '--threads'"));
    assert!(refused(&["perft", "1", "--variant", "chesss"]).contains("a similar value exists: 'chess'"));
}

// ---- perft and startpos ----

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
    // From a position reached by moves: after 1. e4 Black has 20 moves.
    let after = redfool(&["perft", "1", "--variant", "chess", "--moves", "e2e4"]);
    assert_eq!(stdout(&after).lines().last(), Some("Nodes searched: 20"));
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

// ---- errors ----

#[test]
fn bad_command_lines_exit_2_with_a_reason() {
    let cases: [(&[&str], &str); 8] = [
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "deep"], "invalid value 'deep' for '<DEPTH>': not a whole number"),
        (&["perft", "1", "--variant", "go"], "invalid value 'go' for '--variant <VARIANT>'"),
        (&["perft", "1", "--fen", "8/8 w - - 0 1"], "ranks"),
        (&["perft", "1", "--fen"], "a value is required for '--fen <FEN>'"),
        (&["perft", "1", "--bogus"], "unexpected argument '--bogus'"),
        (&["startpos", "--chess960", "--number", "960"], "expected 0 to 959"),
    ];
    for (args, needle) in cases {
        let message = refused(args);
        assert!(message.contains(needle), "{args:?}: {message}");
    }
}

#[test]
fn variants_without_chess960_say_so() {
    let cases: [&[&str]; 5] = [
        &["startpos", "--variant", "tamruat", "--chess960"],
        &["startpos", "--variant", "checkered", "--number", "3"],
        &["perft", "1", "--chess960", "--variant", "tamruat"],
        &["analyse", "--variant", "tamruat", "--number", "3", "--depth", "1"],
        &["--variant", "tamruat", "--chess960"],
    ];
    for args in cases {
        let message = refused(args);
        let variant = args[args.iter().position(|&a| a == "--variant").unwrap() + 1];
        assert!(message.contains(&format!("the variant {variant} has no Chess960 arrays")), "{args:?}: {message}");
        assert!(!message.contains("expected 0 to 959"), "{args:?} says nothing of --number ranges: {message}");
    }
}

#[test]
fn numbers_out_of_range_name_one_limit() {
    let multipv = refused(&["analyse", "--multipv", "1000"]);
    assert!(multipv.contains("invalid value '1000' for '--multipv <K>': out of range (expected 1 to 64)"), "{multipv}");
    assert!(!multipv.contains("threads"), "{multipv}");
    let analyse_help = stdout(&redfool(&["analyse", "--help"]));
    assert!(analyse_help.contains("Best lines to show, 1 to 64"), "{analyse_help}");
    // perft and analyse share one thread range.
    for args in [&["perft", "1", "--threads", "1000"][..], &["analyse", "--threads", "1000"]] {
        let message = refused(args);
        assert!(message.contains("'1000' for '--threads <N>': out of range (expected 1 to 256)"), "{message}");
    }
    let huge = refused(&["perft", "4294967296"]);
    assert!(huge.contains("out of range") && !huge.contains("not a whole number"), "{huge}");
    // A depth that could never finish is refused, not a stack overflow.
    assert!(refused(&["perft", "100000"]).contains("out of range (expected 0 to 64)"));
}

// ---- analyse ----

/// The depth and score columns of `analyse`'s lines.
fn depths_and_scores(text: &str) -> Vec<(u32, usize, String)> {
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let depth = fields.first()?.parse().ok()?;
            Some((depth, fields.get(1)?.parse().ok()?, fields.get(2)?.to_string()))
        })
        .collect()
}

#[test]
fn analyse_prints_each_depth_with_scores_from_white_s_side() {
    let out = redfool(&["analyse", "--depth", "5", "--multipv", "2", "--moves", "e2e4", "e9e7"]);
    let text = stdout(&out);
    let lines = depths_and_scores(&text);
    let expected: Vec<(u32, usize)> = (1..=5).flat_map(|d| [(d, 1), (d, 2)]).collect();
    assert_eq!(lines.iter().map(|(d, l, _)| (*d, *l)).collect::<Vec<_>>(), expected, "{text}");
    assert!(text.lines().last().unwrap().starts_with("best move: "), "{text}");

    // Black to move and a queen up: negative for White, positive for Black.
    let fen = "3qk3/8/8/8/8/8/8/4K3 b - - 0 1";
    let white = stdout(&redfool(&["analyse", "--variant", "chess", "--fen", fen, "--depth", "4"]));
    assert!(white.contains("from White's point of view"), "{white}");
    let scores = depths_and_scores(&white);
    assert_eq!(scores.len(), 4, "{white}");
    assert!(scores.iter().all(|(_, _, s)| s.starts_with('-') && s.len() > 4), "{white}");
    let side =
        stdout(&redfool(&["analyse", "--variant", "chess", "--fen", fen, "--depth", "4", "--score-pov", "side"]));
    assert!(depths_and_scores(&side).iter().all(|(_, _, s)| s.starts_with('+')), "{side}");

    // A mate in one is announced as +M1 (the notation of PGN comments), in SAN.
    let mate = redfool(&["analyse", "--variant", "chess", "--fen", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "--depth", "3"]);
    let text = stdout(&mate);
    assert!(text.contains("+M1") && text.contains("Rh8#"), "{text}");
}

#[test]
fn analyse_streams_depths_and_shows_progress_of_a_long_search() {
    // Progress comes from the search's reports of the root move it is
    // searching, which begin after 3 s (`VERBOSE_AFTER_MS`, UCI's
    // convention) and come again every second while one root move lasts;
    // off a terminal a status line is written at most once a second.
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_redfool"))
        .args(["analyse", "--movetime", "6000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first_depth = lines.by_ref().map_while(Result::ok).find(|l| l.trim_start().starts_with("1 "));
    let first_depth_after = started.elapsed();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let out = child.wait_with_output().expect("the binary ends");
    let ended_after = started.elapsed();
    assert!(first_depth.is_some(), "{rest:?}");
    assert!(
        first_depth_after + Duration::from_secs(2) < ended_after,
        "depth 1 came at {first_depth_after:?}, before the end at {ended_after:?}"
    );
    let lines = depths_and_scores(&rest.join("\n"));
    let depths: Vec<u32> = lines.iter().map(|(d, _, _)| *d).collect();
    assert!(depths.windows(2).all(|w| w[0] < w[1]) && depths.len() > 3, "{rest:?}");
    // The summary repeats the last line's score and depth when that line
    // starts with the move played; otherwise the depth the clock cut short
    // found the move, and the summary says so.
    let (depth, _, score) = lines.last().unwrap();
    let summary = rest.last().unwrap();
    let last_line = rest.iter().rev().find(|l| l.trim_start().starts_with(&format!("{depth} "))).unwrap();
    let first_move = last_line.split_whitespace().nth(6).unwrap();
    let played = summary.strip_prefix("best move: ").and_then(|s| s.split_whitespace().next()).unwrap();
    if played == first_move {
        assert!(summary.ends_with(&format!("({score} at depth {depth})")), "{rest:?}");
    } else {
        assert!(summary.contains(&format!(" at the unfinished depth {})", depth + 1)), "{rest:?}");
    }
    // A status line from 3 s on, then at most about 2 s apart (a root move
    // reported just under a second after the last line shown waits for
    // its repetition a second later), however long one root move takes.
    let progress = stderr(&out);
    let stamps: Vec<f64> = progress
        .lines()
        .filter_map(|l| {
            l.strip_prefix("thinking: depth ")?.strip_suffix("s of 6.0s")?.rsplit(", ").next()?.parse().ok()
        })
        .collect();
    assert!(stamps.len() >= 2 && stamps.len() == progress.lines().count(), "{progress}");
    let close = stamps.windows(2).all(|w| w[1] - w[0] < 2.2);
    assert!(stamps[0] < 4.0 && *stamps.last().unwrap() > 3.8 && close, "{progress}");
}

// ---- play ----

/// The rows of each board drawn, by their rank labels.
fn board_rank_labels(text: &str) -> Vec<Vec<u32>> {
    let mut boards = vec![];
    let mut current = vec![];
    for line in text.lines() {
        let label = line.split_once(" |").and_then(|(label, _)| label.trim().parse().ok());
        match label {
            Some(rank) => current.push(rank),
            None if line.trim_start().starts_with('+') => {}
            None if !current.is_empty() => boards.push(std::mem::take(&mut current)),
            None => {}
        }
    }
    boards
}

#[test]
fn play_a_game_in_the_terminal() {
    let out = redfool_with_input(&["play", "--variant", "chess", "--depth", "1"], "e4\nmoves\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("you play e4") && text.contains("redfool plays "), "{text}");
    assert!(text.contains("legal moves: "), "{text}");
    assert_eq!(board_rank_labels(&text)[0], (1..=8).rev().collect::<Vec<_>>(), "White sees rank 8 on top");

    // The human mates; the result is announced and the game printed.
    let out = redfool_with_input(&["play", "--variant", "chess", "--fen", "k7/8/1K6/8/8/8/8/7R w - - 0 1"], "Rh8\n");
    let text = stdout(&out);
    assert!(text.contains("Game over: checkmate, white wins (1-0)"), "{text}");
    assert!(text.contains("[Result \"1-0\"]") && text.contains("1. Rh8#"), "{text}");
    assert!(text.contains("k6R/8/1K6/8/8/8/8/8 b - - 1 1\nGame over"), "the final position is shown: {text}");

    // Black's queen move sends the Fool to b3: only he checks White's king,
    // and White has no move. A draw, announced as such.
    let fool_mate = "8/8/p1k5/P6p/4q3/6p1/3*4/4n3/5r2/K7 b - - 27 137";
    let out = redfool_with_input(&["play", "--colour", "black", "--fen", fool_mate], "Qe4@b3\n");
    assert!(stdout(&out).contains("Game over: draw: the Fool alone gives mate (1/2-1/2)"), "{}", stdout(&out));
}

#[test]
fn play_draws_the_board_from_black_s_side() {
    let out = redfool_with_input(&["play", "--variant", "chess", "--colour", "black", "--depth", "1"], "quit\n");
    let text = stdout(&out);
    let boards = board_rank_labels(&text);
    assert!(!boards.is_empty(), "{text}");
    assert!(boards.iter().all(|b| *b == (1..=8).collect::<Vec<_>>()), "rank 1 on top: {text}");
    assert!(text.contains("h   g   f   e   d   c   b   a"), "{text}");
    assert!(text.contains("redfool plays "), "the engine moves first for White: {text}");
}

#[test]
fn play_lists_the_fool_s_answers_in_the_notation_typed() {
    // The rook's move to b5 stirs the Fool on d5, who has several squares.
    let fen = "7k/8/8/8/8/3*4/8/8/8/KR6 w - - 0 1";
    let out = redfool_with_input(&["play", "--fen", fen], "Rb5\nb1b5\nquit\n");
    let text = stdout(&out);
    let san = text.lines().find(|l| l.contains("move 'Rb5' needs the Fool's answer")).unwrap_or_default();
    assert!(san.contains("Rb5@c3") && !san.contains("b1b5@"), "SAN choices for SAN input: {text}");
    let uci = text.lines().find(|l| l.contains("move 'b1b5' needs the Fool's answer")).unwrap_or_default();
    assert!(uci.contains("b1b5@c3") && !uci.contains("Rb5@"), "UCI choices for UCI input: {text}");
}

#[test]
fn play_undo_takes_back_a_move_pair_and_hint_suggests_a_legal_move() {
    let start = Chess::START_FEN;
    let out = redfool_with_input(&["play", "--variant", "chess", "--depth", "2"], "undo\ne4\nundo\nhint\nquit\n");
    let text = stdout(&out);
    assert!(text.contains("nothing to take back"), "{text}");
    let took_back = text.lines().find(|l| l.starts_with("took back e4 and ")).expect("an undo line");
    // The board after the undo is the start position again.
    let after: Vec<&str> = text.split(took_back).nth(1).unwrap().lines().collect();
    assert!(after.contains(&start), "{text}");
    let hint = text.lines().find_map(|l| l.strip_prefix("hint: ")).expect("a hint");
    let san = hint.split_whitespace().next().unwrap();
    let pos = Position::<Chess>::from_fen(start, false).unwrap();
    assert!(pos.parse_san(san).is_ok(), "the hint {san} is a legal move");
}

#[test]
fn play_saves_a_pgn_that_replays() {
    let dir = std::env::temp_dir().join(format!("redfool-cli-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let input = format!("e4\nNf3\nsave {}\nquit\n", file.display());
    let out = redfool_with_input(&["play", "--variant", "chess", "--depth", "1"], &input);
    let text = stdout(&out);
    assert!(text.contains(&format!("saved the game to {}", file.display())), "{text}");
    let saved = std::fs::read_to_string(&file).expect("the PGN was written");
    std::fs::remove_dir_all(&dir).unwrap();
    let games = pgn::parse(&saved).expect("the PGN parses");
    assert_eq!(games.len(), 1, "{saved}");
    assert_eq!(games[0].result.as_deref(), Some("*"), "a game in progress: {saved}");
    let replay = pgn::replay::<Chess>(&games[0], false).expect("the moves replay");
    assert_eq!(replay.moves.len(), 4, "two moves each: {saved}");
    // The last position printed is the one the PGN leads to.
    let last_fen = text.lines().rev().find(|l| Position::<Chess>::from_fen(l, false).is_ok()).unwrap();
    assert_eq!(replay.position.fen(), last_fen, "{text}");
    // The PGN printed when the game ends is the one saved.
    assert!(text.contains(saved.trim()), "{text}");
}
