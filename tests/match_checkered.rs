//! `redfool match` with redfool against itself in Checkered chess at fixed
//! depth: every game of its PGN replays legally with the rules core, the
//! result of a game ended by the rules being the one the rules give, and
//! the variant's own moves (captures that take the victim's nature, the
//! switch) really occur.

mod match_support;

use match_support::*;
use movegen::VariantKind;

const GAMES: usize = 20;

/// The `--engine` values of redfool itself.
fn redfool_engine(name: &str) -> Vec<String> {
    vec![format!("cmd={REDFOOL}"), format!("name={name}"), "option.Hash=16".into()]
}

#[test]
fn checkered_self_match_replays_legally() {
    let pgn = temp_file("checkered.pgn");
    let games = GAMES.to_string();
    // Stage 2 can last long at depth 2 (a checkered pawn stepping to and fro
    // resets the fifty-move count), so lopsided games are adjudicated.
    let output = play(&match_args(
        &redfool_engine("CK-A"),
        &redfool_engine("CK-B"),
        &[
            "--variant",
            "checkered",
            "--games",
            &games,
            "--depth",
            "2",
            "--concurrency",
            "2",
            "--random-plies",
            "4",
            "--seed",
            "11",
            "--resign",
            "movecount=4",
            "score=1500",
            "--pgnout",
            pgn.to_str().unwrap(),
        ],
    ));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("Results of CK-A vs CK-B (Checkered, depth 2):"), "{stdout}");
    let finished = stdout.lines().find_map(|line| line.trim().strip_prefix("Games"));
    let finished = finished.and_then(|rest| rest.split_whitespace().next());
    assert_eq!(finished, Some(format!("{GAMES}:").as_str()), "{stdout}");

    // Each game replays move by move with the rules core, and its tags and
    // result agree with the position it reaches (see `check_game`).
    let games = check_pgn(&pgn, VariantKind::Checkered, false);
    assert_eq!(games.len(), GAMES);
    for game in &games {
        // No illegal move, crash, stall or time forfeit.
        let termination = game.tag("Termination");
        assert!(matches!(termination, Some("normal" | "adjudication")), "{game:?}");
    }
    assert!(games.iter().any(|g| g.tag("Termination") == Some("normal") && g.tag("Result") != Some("1/2-1/2")));
    let sans: Vec<&str> = games.iter().flat_map(|g| g.moves.iter().map(|m| m.text.as_str())).collect();
    assert!(sans.iter().any(|san| san.starts_with("S,")), "no switch in {GAMES} games");
    assert!(sans.iter().any(|san| san.contains('x') && san.contains('=') && !san.starts_with(char::is_lowercase)));
}
