//! Refereeing one game: the runner keeps the authoritative position with
//! the rules core, asks the engine to move for each side in turn, and ends
//! the game by the rules, by adjudication, or by the fault of an engine
//! (time, an illegal move, a crash or silence), the offender losing.

use super::adjudication::{Adjudication, Adjudicator, DrawRule, MaxMoves, ResignRule};
use super::clock::{GameClock, Limits};
use super::engine_process::{EngineError, EngineProcess, Thought};
use super::openings::Opening;
use movegen::{Colour, Outcome, Position, Variant, VariantKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long an engine that ran out of time gets to answer `stop` before
/// it counts as hung (shortened to the match's reply timeout if that is less).
const STOP_GRACE: Duration = Duration::from_secs(1);

/// The match settings the referee applies to every game.
#[derive(Clone, Copy, Debug)]
pub struct Referee {
    /// The longest wait for a move when no clock runs.
    pub timeout: Duration,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub max_moves: Option<MaxMoves>,
    pub chess960: bool,
}

/// Why a game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// By the rules: mate, stalemate, Fool mate, fifty moves, repetition,
    /// king against king.
    Normal,
    Adjudication,
    TimeForfeit,
    IllegalMove,
    /// The engine exited or closed its connection.
    Abandoned,
    /// The engine stopped answering while no clock ran.
    Stalled,
}

impl Termination {
    /// The value of the PGN `Termination` tag.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Abandoned => "abandoned",
            Termination::Stalled => "stalled connection",
        }
    }
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Colour>,
    pub termination: Termination,
    /// Why, in words: "Checkmate, white wins", "Black loses on time".
    pub reason: String,
}

impl GameResult {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Colour::White) => "1-0",
            Some(Colour::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn by_rules(outcome: Outcome) -> GameResult {
        GameResult {
            winner: outcome.winner(),
            termination: Termination::Normal,
            reason: capitalized(&outcome.to_string()),
        }
    }

    fn adjudicated(verdict: Adjudication) -> GameResult {
        let (winner, reason) = match verdict {
            Adjudication::Resigns(loser) => (Some(!loser), format!("{} resigns by adjudication", side_name(loser))),
            Adjudication::Draw => (None, "Draw by adjudication".to_string()),
        };
        GameResult { winner, termination: Termination::Adjudication, reason }
    }

    /// A loss on time; `detail` says by how much, for whoever examines
    /// the forfeit.
    fn lost_on_time(loser: Colour, detail: &str) -> GameResult {
        GameResult {
            winner: Some(!loser),
            termination: Termination::TimeForfeit,
            reason: format!("{} loses on time ({detail})", side_name(loser)),
        }
    }

    fn loss(loser: Colour, termination: Termination, why: impl std::fmt::Display) -> GameResult {
        GameResult { winner: Some(!loser), termination, reason: format!("{} loses: {why}", side_name(loser)) }
    }
}

/// A move of the game record: its SAN, its comment (`book`, or the
/// engine's score, depth and time) and the mover's time left after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordedMove {
    pub san: String,
    pub comment: String,
    /// On a tournament clock, the time the mover had left after the move
    /// (increment included).
    pub clock: Option<Duration>,
}

/// An engine in its seat for one game, with its limits.
pub struct Seat<'a> {
    pub engine: &'a mut EngineProcess,
    pub limits: Limits,
    /// Lateness forgiven on each of its moves (pipe and scheduling latency).
    pub time_margin: Duration,
}

/// A finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    pub variant: VariantKind,
    pub chess960: bool,
    /// The FEN the game starts from, before the opening's moves.
    pub start_fen: String,
    /// The move number and side to move of the first move.
    pub first_move: (u32, Colour),
    /// The opening's moves, then the engines'.
    pub moves: Vec<RecordedMove>,
    pub result: GameResult,
    /// The side whose engine can no longer be used (it crashed or hung).
    pub broken_engine: Option<Colour>,
    /// The referee's own time on the engines' moves (everything but the
    /// engines' thinking), and how many moves that covers.
    pub referee_time: Duration,
    pub engine_moves: u32,
}

fn side_name(side: Colour) -> &'static str {
    match side {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// The comment of an engine's move: `+0.31/12 0.153s`.
fn move_comment(thought: &Thought) -> String {
    let mut comment = String::new();
    if let Some(score) = thought.score {
        comment.push_str(&score.pawns().to_string());
        if let Some(depth) = thought.depth {
            comment.push_str(&format!("/{depth}"));
        }
        comment.push(' ');
    }
    comment.push_str(&format!("{:.3}s", thought.elapsed.as_secs_f64()));
    comment
}

/// Plays one game from `opening` between the engines in the `seats`,
/// White's first. Returns `None` when `cancel` was raised before the game
/// finished.
pub fn play<V: Variant>(
    seats: [Seat; 2],
    opening: &Opening,
    referee: &Referee,
    cancel: &AtomicBool,
) -> Option<GameRecord> {
    let mut position =
        Position::<V>::from_fen(&opening.fen, referee.chess960).expect("openings are checked when they are loaded");
    let mut record = GameRecord {
        variant: V::KIND,
        chess960: referee.chess960,
        start_fen: opening.fen.clone(),
        first_move: (position.fullmove_number(), position.side_to_move()),
        moves: Vec::new(),
        result: GameResult { winner: None, termination: Termination::Normal, reason: String::new() },
        broken_engine: None,
        referee_time: Duration::ZERO,
        engine_moves: 0,
    };
    let position_command = if opening.fen == V::START_FEN {
        "position startpos".to_string()
    } else {
        format!("position fen {}", opening.fen)
    };
    let mut moves_text = String::new();
    for &m in &opening.moves {
        moves_text.push(' ');
        moves_text.push_str(&position.uci(m));
        record.moves.push(RecordedMove { san: position.san(m), comment: "book".to_string(), clock: None });
        position.make(m);
    }

    let mut clock = GameClock::new([&seats[0], &seats[1]].map(|seat| (seat.limits, seat.time_margin)));
    let engines = seats.map(|seat| seat.engine);
    for side in Colour::ALL {
        if let Err(error) = engines[side.index()].new_game() {
            record.broken_engine = Some(side);
            record.result = fault(side, &error, None);
            return Some(record);
        }
    }
    let mut adjudicator = Adjudicator::new(referee.resign, referee.draw, referee.max_moves);
    record.result = loop {
        let move_started = Instant::now();
        if let Some(outcome) = position.outcome() {
            break GameResult::by_rules(outcome);
        }
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let side = position.side_to_move();
        let engine = &mut *engines[side.index()];
        let commands = format!(
            "{position_command}{}{moves_text}\n{}\n",
            if moves_text.is_empty() { "" } else { " moves" },
            clock.go_command(side)
        );
        let allowance = clock.allowance(side);
        let thought = match engine.think(&commands, allowance.unwrap_or(referee.timeout)) {
            Ok(thought) => thought,
            Err(error @ EngineError::Silent { .. }) => {
                if engine.stop(STOP_GRACE.min(referee.timeout)).is_err() {
                    record.broken_engine = Some(side);
                }
                break fault(side, &error, allowance);
            }
            Err(error) => {
                record.broken_engine = Some(side);
                break fault(side, &error, None);
            }
        };
        if clock.charge(side, thought.elapsed).is_err() {
            let allowed = allowance.expect("only a running clock flags").as_secs_f64();
            let took = thought.elapsed.as_secs_f64();
            break GameResult::lost_on_time(side, &format!("its move took {took:.3} s, {allowed:.3} s allowed"));
        }
        let m = match position.parse_uci(&thought.bestmove) {
            Ok(m) => m,
            Err(error) => break GameResult::loss(side, Termination::IllegalMove, error),
        };
        let move_number = position.fullmove_number();
        moves_text.push(' ');
        moves_text.push_str(&position.uci(m));
        record.moves.push(RecordedMove {
            san: position.san(m),
            comment: move_comment(&thought),
            clock: clock.time_left(side),
        });
        position.make(m);
        let verdict = adjudicator.update(side, thought.score, move_number);
        record.referee_time += move_started.elapsed().saturating_sub(thought.elapsed);
        record.engine_moves += 1;
        if let Some(verdict) = verdict {
            break GameResult::adjudicated(verdict);
        }
    };
    Some(record)
}

/// The result of a game that `side`'s engine failed: silence is a loss on
/// time when a clock ran (`allowance` is the time it had), else a stalled
/// connection; anything else means the engine is gone. The words are
/// cutechess's ("disconnects", "connection stalls", "loses on time"),
/// which tools that read match results look for.
fn fault(side: Colour, error: &EngineError, allowance: Option<Duration>) -> GameResult {
    let name = side_name(side);
    let (termination, reason) = match (error, allowance) {
        (EngineError::Silent { .. }, Some(allowed)) => {
            return GameResult::lost_on_time(side, &format!("no move within {:.3} s", allowed.as_secs_f64()))
        }
        (EngineError::Silent { .. }, None) => (Termination::Stalled, format!("{name}'s connection stalls: {error}")),
        _ => (Termination::Abandoned, format!("{name} disconnects: {error}")),
    };
    GameResult { winner: Some(!side), termination, reason }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Score;

    #[test]
    fn results_and_reasons() {
        let mate = GameResult::by_rules(Outcome::Checkmate { winner: Colour::Black });
        assert_eq!(mate.pgn_result(), "0-1");
        assert_eq!(mate.reason, "Checkmate, black wins");
        let fool = GameResult::by_rules(Outcome::FoolMate);
        assert_eq!((fool.pgn_result(), fool.reason.as_str()), ("1/2-1/2", "Draw: the Fool alone gives mate"));
        let exited = EngineError::Exited { status: "exited (exit status: 3)".into() };
        let crash = fault(Colour::White, &exited, Some(Duration::from_secs(1)));
        assert_eq!(crash.termination, Termination::Abandoned);
        assert_eq!(crash.reason, "White disconnects: the engine exited (exit status: 3)");
        assert_eq!(crash.pgn_result(), "0-1");
        let silent = EngineError::Silent { waiting_for: "bestmove", after: Duration::from_millis(300) };
        let flagged = fault(Colour::Black, &silent, Some(Duration::from_millis(310)));
        assert_eq!(flagged.termination, Termination::TimeForfeit);
        assert_eq!(flagged.reason, "Black loses on time (no move within 0.310 s)");
        let stalled = fault(Colour::Black, &silent, None);
        assert_eq!(stalled.termination, Termination::Stalled);
        assert_eq!(stalled.reason, "Black's connection stalls: no 'bestmove' within 0.3 s");
        assert_eq!(stalled.pgn_result(), "1-0");
        let resigned = GameResult::adjudicated(Adjudication::Resigns(Colour::Black));
        assert_eq!((resigned.pgn_result(), resigned.reason.as_str()), ("1-0", "Black resigns by adjudication"));
        assert_eq!(GameResult::adjudicated(Adjudication::Draw).pgn_result(), "1/2-1/2");
    }

    #[test]
    fn move_comments_show_score_depth_and_time() {
        let thought =
            |score, depth| Thought { bestmove: "e2e4".into(), elapsed: Duration::from_micros(153_400), score, depth };
        assert_eq!(move_comment(&thought(Some(Score::Cp(31)), Some(12))), "+0.31/12 0.153s");
        assert_eq!(move_comment(&thought(Some(Score::Mate(-2)), None)), "-M2 0.153s");
        assert_eq!(move_comment(&thought(None, Some(3))), "0.153s");
    }
}
