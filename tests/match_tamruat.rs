//! `redfool match` with redfool against itself in Tam Ruat at fixed depth:
//! the match finishes all its games with no illegal move or crash, and
//! every game of its PGN replays legally with the rules core, the result of
//! a game ended by the rules being the one the rules give.

mod match_support;

use match_support::*;
use movegen::VariantKind;

#[test]
fn tam_ruat_self_match_replays_legally() {
    let games = self_match(VariantKind::TamRuat, 20, &[]);
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
            games.iter().flat_map(|g| &g.moves).any(|m| m.text.starts_with(piece)),
            "no move of the piece {piece} in 20 games"
        );
    }
}
