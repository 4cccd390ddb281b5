//! `redfool match` in orthodox chess and Chess960 with Stockfish (the
//! Debian package `stockfish`): matches complete with PGN that replays
//! legally, openings come from EPD and PGN files, and adjudication ends
//! games early.

mod match_support;

use match_support::*;
use matchrunner::pgn::PgnGame;
use movegen::VariantKind;
use std::path::PathBuf;

/// A Stockfish engine named `name`, kept small and single-threaded.
fn stockfish(name: &str) -> Vec<String> {
    assert!(std::path::Path::new(STOCKFISH).exists(), "install the Debian package stockfish");
    vec![format!("cmd={STOCKFISH}"), format!("name={name}"), "option.Hash=16".into(), "option.Threads=1".into()]
}

/// What a match left behind.
struct Played {
    games: Vec<PgnGame>,
    stdout: String,
    pgn: PathBuf,
}

/// Plays a chess match of Stockfish against itself and checks its PGN.
fn stockfish_match(file: &str, chess960: bool, rest: &[&str]) -> Played {
    let pgn = temp_file(file);
    let mut args = vec!["--variant", "chess", "--pgnout", pgn.to_str().unwrap()];
    if chess960 {
        args.push("--chess960");
    }
    args.extend_from_slice(rest);
    let output = play(&match_args(&stockfish("SF-A"), &stockfish("SF-B"), &args));
    Played { games: check_pgn(&pgn, VariantKind::Chess, chess960), stdout: text(&output.stdout), pgn }
}

fn sans(game: &PgnGame) -> Vec<&str> {
    game.moves.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn a_short_match_completes_with_a_valid_pgn() {
    let played = stockfish_match(
        "stockfish.pgn",
        false,
        &["--rounds", "2", "--depth", "1", "--concurrency", "2", "--random-plies", "4", "--seed", "7"],
    );
    let games = &played.games;
    assert_eq!(games.len(), 4);
    // Games finish in any order; pair them by round.
    let by_round = |round: &str| games.iter().find(|g| g.tag("Round") == Some(round)).unwrap();
    for (first, second) in [("1.1", "1.2"), ("2.1", "2.2")] {
        let (a, b) = (by_round(first), by_round(second));
        assert_eq!(sans(a)[..4], sans(b)[..4], "a pair shares its opening");
        assert_eq!((a.tag("White"), b.tag("White")), (Some("SF-A"), Some("SF-B")));
    }
    assert_ne!(sans(by_round("1.1"))[..4], sans(by_round("2.1"))[..4]);
    let total: f64 = games.iter().map(|g| points_of("SF-A", g) + points_of("SF-B", g)).sum();
    assert_eq!(total, 4.0);
    assert!(played.stdout.contains("Results of SF-A vs SF-B (Standard, depth 1):"), "{}", played.stdout);
    assert!(played.stdout.contains("Pairs    2: [LL LD DD/WL WD WW]"), "{}", played.stdout);
}

#[test]
fn chess960_games_start_from_a_shared_random_array() {
    let played = stockfish_match("chess960.pgn", true, &["--rounds", "1", "--nodes", "500", "--seed", "11"]);
    let games = &played.games;
    assert_eq!(games.len(), 2);
    let fen = games[0].tag("FEN").expect("a Chess960 array needs a FEN tag");
    assert_eq!(games[1].tag("FEN"), Some(fen));
    assert_eq!(games[0].tag("Variant"), Some("Chess960"));
}

#[test]
fn openings_come_from_epd_files() {
    let epd = temp_file("book.epd");
    std::fs::write(
        &epd,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"a\";\n\
         rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - hmvc 1; fmvn 2;\n",
    )
    .unwrap();
    let played = stockfish_match(
        "epd.pgn",
        false,
        &["--games", "1", "--rounds", "2", "--depth", "1", "--openings", epd.to_str().unwrap()],
    );
    let starts: Vec<&str> = played.games.iter().map(|g| g.tag("FEN").unwrap()).collect();
    assert_eq!(
        starts,
        [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
            "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"
        ]
    );
}

#[test]
fn adjudicated_games_read_back_as_pgn_openings() {
    // From move 2 on, two half-moves in a row within ±100 pawns: a draw.
    let first = stockfish_match(
        "adjudicated.pgn",
        false,
        &["--games", "1", "--rounds", "2", "--depth", "1", "--draw", "movenumber=2", "movecount=1", "score=10000"],
    );
    for game in &first.games {
        assert_eq!(game.tag("Termination"), Some("adjudication"));
        assert_eq!(game.tag("Result"), Some("1/2-1/2"));
        assert_eq!(game.moves.len(), 4);
    }
    let book = first.pgn.to_str().unwrap();
    let second =
        stockfish_match("from-pgn.pgn", false, &["--games", "1", "--rounds", "2", "--depth", "1", "--openings", book]);
    let rounds = |games: &[PgnGame]| -> Vec<Vec<String>> {
        let mut by_round: Vec<&PgnGame> = games.iter().collect();
        by_round.sort_by_key(|g| g.tag("Round").map(str::to_string));
        by_round.iter().map(|g| sans(g).iter().map(|s| s.to_string()).collect()).collect()
    };
    for (opening, game) in rounds(&first.games).iter().zip(rounds(&second.games)) {
        assert_eq!(game[..4], opening[..], "the game starts with the opening's moves");
        assert!(game.len() > 4);
    }
}
