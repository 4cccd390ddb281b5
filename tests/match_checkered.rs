//! `redfool match` with redfool against itself in Checkered chess at fixed
//! depth: every game of its PGN replays legally with the rules core, the
//! result of a game ended by the rules being the one the rules give, and
//! the variant's own moves (captures that take the victim's nature, the
//! switch) really occur.

mod match_support;

use match_support::*;
use movegen::VariantKind;

#[test]
fn checkered_self_match_replays_legally() {
    // Stage 2 can last long at depth 2 (a checkered pawn stepping to and fro
    // resets the fifty-move count), so lopsided games are adjudicated and
    // none runs past move 150.
    let extra = ["--resign", "movecount=4", "score=1500", "--maxmoves", "150"];
    let games = self_match(VariantKind::Checkered, 20, &extra);
    for game in &games {
        // No illegal move, crash, stall or time forfeit.
        let termination = game.tag("Termination");
        assert!(matches!(termination, Some("normal" | "adjudication")), "{game:?}");
    }
    assert!(games.iter().any(|g| g.tag("Termination") == Some("normal") && g.tag("Result") != Some("1/2-1/2")));
    let sans: Vec<&str> = games.iter().flat_map(|g| g.moves.iter().map(|m| m.text.as_str())).collect();
    assert!(sans.iter().any(|san| san.starts_with("S,")), "no switch in 20 games");
    assert!(sans.iter().any(|san| san.contains('x') && san.contains('=') && !san.starts_with(char::is_lowercase)));
}
