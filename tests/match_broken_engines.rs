//! `redfool match` against faulty engines (tests/engines/broken_engine.py):
//! every fault is recorded as a loss of the offender with the right
//! `Termination` and reason, and the match goes on with `--recover`, or
//! stops after the faulty game without it.

mod match_support;

use match_support::*;
use matchrunner::pgn::PgnGame;
use movegen::VariantKind;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// What a match left behind.
struct Played {
    games: Vec<PgnGame>,
    pgn_text: String,
    stdout: String,
}

/// Plays chess games of Good against an engine in `mode`, and checks the
/// PGN's games with the rules core.
fn faulty_match(mode: &str, after: u32, extra: &[&str]) -> Played {
    let pgn = temp_file(&format!("{mode}-{after}.pgn"));
    let mut rest = vec!["--variant", "chess", "--pgnout", pgn.to_str().unwrap()];
    rest.extend_from_slice(extra);
    let output = play(&match_args(&scripted("Good", "good", 0), &scripted("Faulty", mode, after), &rest));
    let games = check_pgn(&pgn, VariantKind::Chess, false);
    Played { games, pgn_text: std::fs::read_to_string(&pgn).unwrap(), stdout: text(&output.stdout) }
}

/// Every game was lost by Faulty with `termination`, each with `reason`.
fn assert_forfeits(played: &Played, count: usize, termination: &str, reason: &str) {
    assert_eq!(played.games.len(), count, "{}", played.stdout);
    for game in &played.games {
        assert_eq!(game.tag("Termination"), Some(termination), "{game:?}");
        assert_eq!(points_of("Good", game), 1.0, "{game:?}");
    }
    assert_eq!(played.pgn_text.matches(reason).count(), count, "{}", played.pgn_text);
    let score = format!("Score of Good vs Faulty: +{count} =0 -0 (100.0 %) in {count} games");
    assert!(played.stdout.contains(&score), "{}", played.stdout);
}

#[test]
fn illegal_moves_lose_and_the_match_goes_on() {
    // Faulty plays e2e5 on its third move, after two knight moves.
    let played = faulty_match("illegal", 2, &["--rounds", "2", "--depth", "1", "--report", "2"]);
    assert_forfeits(&played, 4, "illegal move", "loses: illegal move 'e2e5'}");
    // The full report after game 2 (--report 2), and at the end.
    assert_eq!(played.stdout.matches("Results of Good vs Faulty").count(), 2, "{}", played.stdout);
    assert!(played.stdout.contains("Games    2: 2 wins"), "{}", played.stdout);
    // Each game ran to Faulty's third move: 4 half-moves with Faulty
    // White (it moves on plies 0, 2, 4), 5 with Faulty Black.
    let plies: Vec<&str> = played.games.iter().map(|g| g.tag("PlyCount").unwrap()).collect();
    assert_eq!(plies, ["5", "4", "5", "4"]);
}

#[test]
fn crashed_engines_are_restarted_with_recover() {
    let played = faulty_match("crash", 1, &["--rounds", "2", "--depth", "1", "--recover", "--concurrency", "2"]);
    assert_forfeits(&played, 4, "abandoned", "disconnects: the engine exited (exit status: 3)}");
}

#[test]
fn without_recover_a_crash_ends_the_match_after_recording_the_game() {
    let pgn = temp_file("crash-stop.pgn");
    let args = match_args(
        &scripted("Good", "good", 0),
        &scripted("Faulty", "crash", 1),
        &["--variant", "chess", "--rounds", "3", "--depth", "1", "--pgnout", pgn.to_str().unwrap()],
    );
    let output = redfool(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("engine 'Faulty' failed (Black disconnects: the engine exited (exit status: 3))"),
        "{stderr}"
    );
    assert!(stderr.contains("--recover"), "{stderr}");
    let games = check_pgn(&pgn, VariantKind::Chess, false);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("Termination"), Some("abandoned"));
    assert!(text(&output.stdout).contains("Games    1: 1 win, 0 draws, 0 losses"), "{}", text(&output.stdout));
}

#[test]
fn an_engine_that_never_answers_stalls_without_a_clock() {
    let played = faulty_match("silent", 1, &["--rounds", "1", "--depth", "1", "--timeout", "0.5", "--recover"]);
    assert_forfeits(&played, 2, "stalled connection", "connection stalls: no 'bestmove' within 0.5 s}");
}

#[test]
fn an_engine_that_talks_without_moving_stalls() {
    let played = faulty_match("chatty", 1, &["--rounds", "1", "--depth", "1", "--timeout", "0.5", "--recover"]);
    assert_forfeits(&played, 2, "stalled connection", "connection stalls: no 'bestmove' within 0.5 s}");
}

#[test]
fn an_engine_that_never_answers_loses_on_time_with_a_clock() {
    let played = faulty_match("silent", 0, &["--rounds", "1", "--tc", "0.2+0", "--recover", "--timeout", "0.5"]);
    // The reason says how long the engine had (0.2 s and the 10 ms margin).
    assert_forfeits(&played, 2, "time forfeit", "loses on time (no move within 0.210 s)}");
}

#[test]
fn engines_are_told_the_variant() {
    // The scripted engine shuffles a knight to the squares of the variant
    // UCI_Variant names; told nothing, it would play chess moves, illegal
    // on the 8x10 and 12x12 boards.
    for variant in [VariantKind::RedFool, VariantKind::TamRuat] {
        let pgn = temp_file(&format!("{variant}-shuffle.pgn"));
        let args = match_args(
            &scripted("A", "good", 0),
            &scripted("B", "good", 0),
            &["--variant", variant.name(), "--rounds", "1", "--depth", "1", "--pgnout", pgn.to_str().unwrap()],
        );
        play(&args);
        let games = check_pgn(&pgn, variant, false);
        assert_eq!(games.len(), 2);
        for game in &games {
            assert_eq!(game.tag("Termination"), Some("normal"));
            assert_eq!(game.tag("Result"), Some("1/2-1/2"));
            assert_eq!(game.tag("PlyCount"), Some("8"), "threefold repetition after eight half-moves");
        }
    }
}

#[test]
fn the_sprt_stops_a_decided_match() {
    let args = match_args(
        &scripted("Good", "good", 0),
        &scripted("Faulty", "illegal", 0),
        &["--variant", "chess", "--rounds", "200", "--depth", "1", "--sprt", "elo0=0", "elo1=100"],
    );
    let stdout = text(&play(&args).stdout);
    // All pairs are won: the LLR (normalized model) passes 2.94 after ten.
    assert!(stdout.contains("SPRT: H1 accepted after 20 games, so the match stopped"), "{stdout}");
    let finished = stdout.lines().filter(|l| l.starts_with("Finished game")).count();
    assert!((20..400).contains(&finished), "{finished} games");
    assert!(stdout.contains(": H1 accepted\n"), "{stdout}");
}

#[test]
fn an_interrupted_match_keeps_every_finished_game() {
    let pgn = temp_file("interrupted.pgn");
    let args = match_args(
        &scripted("A", "good", 0),
        &scripted("B", "good", 0),
        &["--variant", "chess", "--rounds", "500", "--depth", "1", "--pgnout", pgn.to_str().unwrap()],
    );
    let mut child = Command::new(REDFOOL).args(&args).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut finished = 0;
    let mut line = String::new();
    while finished < 3 {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the match ended early");
        finished += line.starts_with("Finished game") as usize;
    }
    // SIGKILL, the harshest interruption (no chance to clean up), and one
    // no process can ignore: a test run as a background job inherits an
    // ignored SIGINT, and the match would then play on to the end.
    let interrupt = Command::new("kill").args(["-KILL", &child.id().to_string()]).status().unwrap();
    assert!(interrupt.success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(!child.wait().unwrap().success());
    finished += rest.lines().filter(|l| l.starts_with("Finished game")).count();
    assert!(finished < 1000, "the interrupt came too late to test anything");
    // Each game reaches the file before its "Finished" line is printed.
    let games = check_pgn(&pgn, VariantKind::Chess, false);
    assert!((finished..=finished + 1).contains(&games.len()), "{} games for {finished} lines", games.len());
}
