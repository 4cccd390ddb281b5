//! `redfool match` with redfool against itself in Tam Ruat at fixed depth:
//! the match finishes all its games with no illegal move or crash, and
//! every game of its PGN replays legally with the rules core, the result of
//! a game ended by the rules being the one the rules give.

mod match_support;

use engine::matchrunner::pgn::PgnGame;
use match_support::*;
use movegen::VariantKind;

const GAMES: usize = 20;

/// The `--engine` values of redfool itself.
fn redfool_engine(name: &str) -> Vec<String> {
    vec![format!("cmd={REDFOOL}"), format!("name={name}"), "option.Hash=16".into()]
}

fn sans(game: &PgnGame) -> impl Iterator<Item = &str> {
    game.moves.iter().map(|m| m.text.as_str())
}

#[test]
fn tam_ruat_self_match_replays_legally() {
    let pgn = temp_file("tamruat.pgn");
    let games = GAMES.to_string();
    let output = play(&match_args(
        &redfool_engine("TR-A"),
        &redfool_engine("TR-B"),
        &[
            "--variant",
            "tamruat",
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
            "--pgnout",
            pgn.to_str().unwrap(),
        ],
    ));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("Results of TR-A vs TR-B (Tam Ruat, depth 2):"), "{stdout}");
    let finished = stdout.lines().find_map(|line| line.trim().strip_prefix("Games"));
    let finished = finished.and_then(|rest| rest.split_whitespace().next());
    assert_eq!(finished, Some(format!("{GAMES}:").as_str()), "{stdout}");

    // Each game replays move by move with the rules core, and its tags and
    // result agree with the position it reaches (see `check_game`).
    let games = check_pgn(&pgn, VariantKind::TamRuat, false);
    assert_eq!(games.len(), GAMES);
    for game in &games {
        // No illegal move, crash, stall or time forfeit: no adjudication was
        // asked for, so every game ended by the rules.
        assert_eq!(game.tag("Termination"), Some("normal"), "{game:?}");
    }
    // Some game was won by the rules, and the new pieces really played,
    // ghosts included (only a warlock's capture brings one on the board).
    assert!(games.iter().any(|g| matches!(g.tag("Result"), Some("1-0" | "0-1"))));
    for piece in ["A", "X", "L", "U", "G"] {
        assert!(
            games.iter().flat_map(sans).any(|san| san.starts_with(piece)),
            "no move of the piece {piece} in {GAMES} games"
        );
    }
}
