//! `redfool match` with redfool against itself at fixed depth, in Red Fool
//! Chess and Red Fool 960: the match finishes, and its PGN parses back,
//! replays legally with the rules core (Fool suffixes included) and reads
//! back as openings.

mod match_support;

use match_support::*;
use matchrunner::pgn::PgnGame;
use movegen::VariantKind;

/// The `--engine` values of redfool itself.
fn redfool_engine(name: &str) -> Vec<String> {
    vec![format!("cmd={REDFOOL}"), format!("name={name}"), "option.Hash=16".into()]
}

/// Plays redfool against itself with `rest` and checks the PGN.
fn self_match(file: &str, chess960: bool, rest: &[&str]) -> (Vec<PgnGame>, String, std::path::PathBuf) {
    let pgn = temp_file(file);
    let mut args = vec!["--pgnout", pgn.to_str().unwrap()];
    args.extend_from_slice(rest);
    let output = play(&match_args(&redfool_engine("RF-A"), &redfool_engine("RF-B"), &args));
    (check_pgn(&pgn, VariantKind::RedFool, chess960), text(&output.stdout), pgn)
}

fn sans(game: &PgnGame) -> Vec<&str> {
    game.moves.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn red_fool_self_match_replays_legally() {
    let (games, stdout, _) = self_match(
        "selfplay.pgn",
        false,
        &["--rounds", "2", "--depth", "2", "--concurrency", "2", "--random-plies", "6", "--seed", "5"],
    );
    assert_eq!(games.len(), 4);
    assert!(stdout.contains("Results of RF-A vs RF-B (Red Fool, depth 2):"), "{stdout}");
    // Somewhere the Fool answers a threat, and the SAN says where he went.
    assert!(games.iter().flat_map(sans).any(|san| san.contains('@')));
}

#[test]
fn red_fool_960_self_match_replays_legally() {
    let (games, _, _) =
        self_match("selfplay960.pgn", true, &["--rounds", "1", "--depth", "2", "--chess960", "--seed", "17"]);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Variant"), Some("Red Fool 960"));
    assert!(games[0].tag("FEN").is_some());
    assert_eq!(games[0].tag("FEN"), games[1].tag("FEN"));
}

#[test]
fn red_fool_games_read_back_as_openings() {
    // Adjudicated as drawn after move 6: unfinished games, usable as openings.
    let (first, _, book) = self_match(
        "selfplay-book.pgn",
        false,
        &[
            "--games",
            "1",
            "--rounds",
            "2",
            "--depth",
            "1",
            "--random-plies",
            "4",
            "--seed",
            "8",
            "--draw",
            "movenumber=6",
            "movecount=1",
            "score=100000",
        ],
    );
    for game in &first {
        assert_eq!(game.tag("Termination"), Some("adjudication"), "{game:?}");
    }
    let (second, _, _) = self_match(
        "selfplay-from-book.pgn",
        false,
        &["--games", "1", "--rounds", "2", "--depth", "1", "--openings", book.to_str().unwrap()],
    );
    let by_round = |games: &[PgnGame], round: &str| -> Vec<String> {
        let game = games.iter().find(|g| g.tag("Round") == Some(round)).unwrap();
        sans(game).iter().map(|s| s.to_string()).collect()
    };
    for round in ["1.1", "2.1"] {
        let (opening, game) = (by_round(&first, round), by_round(&second, round));
        assert_eq!(game[..opening.len()], opening[..], "round {round} starts with its opening");
    }
}
