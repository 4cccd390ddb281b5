//! The PGN of a game played with `redfool play`, written by the match
//! runner's PGN writer so that both commands write the same dialect (SAN
//! with the Fool's answer, `[Variant]`, `[SetUp]`/`[FEN]`) and the match
//! runner reads `play`'s games as openings.

use matchrunner::game::{GameRecord, GameResult, RecordedMove, Termination};
use matchrunner::pgn::{self, PgnHeader};
use movegen::{Position, Variant};
use std::time::{Duration, SystemTime};

/// The players' names for the PGN tags.
pub struct Players<'a> {
    pub white: &'a str,
    pub black: &'a str,
}

/// The game that led to `pos`, from the position it was set up in, as PGN.
/// A game not over yet gets the result `*` (PGN's "game in progress").
pub fn game_pgn<V: Variant>(pos: &Position<V>, players: &Players) -> String {
    let mut replay = pos.clone();
    while replay.ply() > 0 {
        replay.unmake();
    }
    let start_fen = replay.fen();
    let first_move = (replay.fullmove_number(), replay.side_to_move());
    let mut moves = Vec::with_capacity(pos.ply());
    for m in pos.moves_played() {
        moves.push(RecordedMove { san: replay.san(m), comment: String::new(), clock: None });
        replay.make(m);
    }
    let outcome = pos.outcome();
    let result = match outcome {
        Some(outcome) => GameResult {
            winner: outcome.winner(),
            termination: Termination::Normal,
            reason: sentence(&outcome.to_string()),
        },
        None => GameResult { winner: None, termination: Termination::Normal, reason: "Game in progress".to_string() },
    };
    let record = GameRecord {
        variant: V::KIND,
        chess960: pos.chess960(),
        start_fen,
        first_move,
        moves,
        result,
        broken_engine: None,
        referee_time: Duration::ZERO,
        engine_moves: 0,
    };
    let date = pgn::date(SystemTime::now());
    let header = PgnHeader {
        event: "redfool play",
        site: "?",
        date: &date,
        round: "-",
        white: players.white,
        black: players.black,
        time_controls: [None, None],
    };
    let text = pgn::game_to_pgn(&record, &header);
    if outcome.is_some() {
        text
    } else {
        in_progress(&text, &record.result)
    }
}

/// The match runner only writes finished games; a game saved while it is
/// still being played was written with the placeholder result `written`
/// and is marked here as what it is: result `*` in the `Result` tag and
/// after the moves, `Termination "unterminated"`.
fn in_progress(pgn: &str, written: &GameResult) -> String {
    let (result, termination) = (written.pgn_result(), written.termination.pgn_tag());
    let body = pgn.trim_end();
    let body = body.strip_suffix(result).unwrap_or(body);
    body.replace(&format!("[Result \"{result}\"]"), "[Result \"*\"]")
        .replace(&format!("[Termination \"{termination}\"]"), "[Termination \"unterminated\"]")
        + "*\n\n"
}

/// `checkmate, white wins` → `Checkmate, white wins`.
pub(crate) fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool};

    fn play(pos: &mut Position<impl Variant>, moves: &[&str]) {
        for text in moves {
            let m = pos.parse_san(text).unwrap();
            pos.make(m);
        }
    }

    #[test]
    fn a_game_in_progress_reads_back_with_result_star() {
        let mut pos = Position::<RedFool>::startpos();
        play(&mut pos, &["e4", "e7"]);
        let text = game_pgn(&pos, &Players { white: "Player", black: "redfool" });
        assert!(text.contains("[Result \"*\"]") && text.contains("[Termination \"unterminated\"]"), "{text}");
        let game = &pgn::parse(&text).unwrap()[0];
        assert_eq!(game.result.as_deref(), Some("*"), "{text}");
        let replay = pgn::replay::<RedFool>(game, false).unwrap();
        assert_eq!(replay.position.fen(), pos.fen());
    }

    #[test]
    fn a_finished_game_from_a_fen_keeps_its_result_and_start() {
        let fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
        let mut pos = Position::<Chess>::from_fen(fen, false).unwrap();
        play(&mut pos, &["Rh8#"]);
        let text = game_pgn(&pos, &Players { white: "Player", black: "redfool" });
        let game = &pgn::parse(&text).unwrap()[0];
        assert_eq!(game.result.as_deref(), Some("1-0"), "{text}");
        assert_eq!(game.tag("FEN"), Some(fen));
        assert_eq!(game.tag("Termination"), Some("normal"));
        assert!(text.contains("{Checkmate, white wins}"), "{text}");
    }
}
