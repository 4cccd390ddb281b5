//! One tab's game session: the game, who plays which side, how strongly
//! the engine plays, the clocks, and whether the analysis runs. It answers
//! each request with the messages to send back, and says which search the
//! tab's engine should be running now; the socket runs it.

use super::clock::Clock;
use super::error::ServeError;
use super::protocol::{ClientMessage, HumanSide, NewGame, ServerMessage, StateView, Strength};
use super::table::{GameTable, SearchJob, Table};
use crate::common_args::{VariantArgs, VariantName};
use crate::game_record::Players;
use crate::game_setup::{position_from_args, PositionArgs};
use engine::limits::Limits;
use engine::search::SearchOptions;
use matchrunner::pgn::{self, PgnError};
use movegen::{with_variant, Colour, VariantKind};
use std::time::Instant;

/// Thinking time per move when no strength is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The most lines the analysis shows.
const MAX_MULTIPV: usize = 8;
/// The deepest fixed depth one may ask for.
const MAX_DEPTH: u32 = 64;
/// The engine's and the player's names in the PGN.
const ENGINE_NAME: &str = concat!("redfool ", env!("CARGO_PKG_VERSION"));
const PLAYER_NAME: &str = "Player";

/// Why a search runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// The engine chooses its move, and plays it when the search ends.
    Play,
    /// Live analysis, until stopped.
    Analyse,
}

/// The search a session wants running.
pub struct SearchPlan {
    pub purpose: Purpose,
    pub job: SearchJob,
    pub limits: Limits,
    pub options: SearchOptions,
    /// Whether its lines are sent to the page.
    pub report: bool,
}

/// The answer to a request.
pub struct Reply {
    pub messages: Vec<ServerMessage>,
    /// The game or the settings changed, so the running search is stale.
    pub changed: bool,
}

/// A tab's game.
pub struct Session {
    table: Box<dyn GameTable>,
    human: HumanSide,
    strength: Strength,
    clock: Option<Clock>,
    /// The analysis's number of lines, while it runs.
    analysis: Option<usize>,
    /// The side whose flag fell.
    flagged: Option<Colour>,
}

impl Default for Session {
    /// Red Fool Chess from its start position, the person playing White.
    fn default() -> Session {
        let game = NewGame { variant: VariantKind::RedFool.name().to_string(), ..NewGame::default() };
        Session::new(&game).expect("the start position sets up")
    }
}

impl Session {
    /// A session for a new game.
    pub fn new(game: &NewGame) -> Result<Session, ServeError> {
        let kind: VariantKind = game.variant.parse().map_err(ServeError::UnknownVariant)?;
        check_strength(&game.strength)?;
        let args = PositionArgs {
            variant: VariantArgs { variant: VariantName(kind), chess960: game.chess960 },
            fen: game.fen.clone().filter(|fen| !fen.trim().is_empty()),
            number: game.number,
            moves: Vec::new(),
        };
        let table: Box<dyn GameTable> = with_variant!(kind, V => {
            Box::new(Table::new(position_from_args::<V>(&args).map_err(ServeError::Setup)?, Vec::new()))
        });
        let clock = game.strength.clock_ms.map(|ms| Clock::new(ms, game.strength.increment_ms.unwrap_or(0)));
        Ok(Session { table, human: game.human, strength: game.strength, clock, analysis: None, flagged: None })
    }

    /// Answers one text frame of the page.
    pub fn handle_text(&mut self, text: &str) -> Reply {
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(message) => self.handle(message),
            Err(e) => Reply { messages: vec![error_message(&ServeError::BadMessage(e))], changed: false },
        }
    }

    /// Answers one request: the new state, or the reason it was refused
    /// (with the unchanged state, so that the page drops a refused move).
    pub fn handle(&mut self, message: ClientMessage) -> Reply {
        match self.apply(message) {
            Ok(Some(reply)) => Reply { messages: vec![reply], changed: false },
            Ok(None) => Reply { messages: vec![self.state()], changed: true },
            Err(e) => Reply { messages: vec![error_message(&e), self.state()], changed: false },
        }
    }

    fn apply(&mut self, message: ClientMessage) -> Result<Option<ServerMessage>, ServeError> {
        match message {
            ClientMessage::New(game) => {
                let analysis = self.analysis;
                *self = Session::new(&game)?;
                self.analysis = analysis;
            }
            ClientMessage::Move { uci } => self.play_person(&uci)?,
            ClientMessage::Goto { ply } => self.table.goto(ply)?,
            ClientMessage::Takeback => self.take_back()?,
            ClientMessage::Analyse { on, multipv } => {
                if !(1..=MAX_MULTIPV).contains(&multipv) {
                    return Err(out_of_range("multipv", 1, MAX_MULTIPV as u64, multipv as u64));
                }
                self.analysis = on.then_some(multipv);
            }
            ClientMessage::ExportPgn => return Ok(Some(ServerMessage::Pgn { text: self.pgn() })),
            ClientMessage::ImportPgn { pgn } => self.import(&pgn)?,
        }
        Ok(None)
    }

    fn engine_side(&self) -> Option<Colour> {
        match self.human {
            HumanSide::White => Some(Colour::Black),
            HumanSide::Black => Some(Colour::White),
            HumanSide::Both => None,
        }
    }

    fn result(&self) -> Option<String> {
        if let Some(side) = self.flagged {
            let (loser, winner, score) = match side {
                Colour::White => ("White", "black", "0-1"),
                Colour::Black => ("Black", "white", "1-0"),
            };
            return Some(format!("{loser} lost on time, {winner} wins ({score})"));
        }
        self.table.result()
    }

    /// True when the shown position is the end of the game's line, where
    /// moves are made on the clock and the engine moves by itself.
    fn at_end(&self) -> bool {
        self.table.ply() == self.table.len()
    }

    fn play_person(&mut self, text: &str) -> Result<(), ServeError> {
        if let Some(result) = self.flagged.and(self.result()) {
            return Err(ServeError::GameOver(result));
        }
        if let Some(engine) = self.engine_side().filter(|&side| side == self.table.side_to_move()) {
            return Err(ServeError::EnginesTurn { engine: engine.name() });
        }
        self.play(text)
    }

    fn play(&mut self, text: &str) -> Result<(), ServeError> {
        let mover = self.table.side_to_move();
        let on_clock = self.at_end();
        self.table.play(text)?;
        if let Some(clock) = self.clock.as_mut().filter(|_| on_clock) {
            clock.press(mover, Instant::now());
        }
        Ok(())
    }

    /// Plays the engine's move, found by a search of the position shown
    /// when it started (the caller checks that it is still the same).
    pub fn engine_played(&mut self, uci: &str) -> Vec<ServerMessage> {
        match self.play(uci) {
            Ok(()) => vec![self.state()],
            Err(e) => vec![error_message(&e), self.state()],
        }
    }

    /// Takes back the last move, and the one before when the engine made it
    /// so that the person is to move again.
    fn take_back(&mut self) -> Result<(), ServeError> {
        if self.table.len() == 0 {
            return Err(ServeError::NothingToTakeBack);
        }
        self.table.goto(self.table.len())?;
        self.table.pop();
        if self.engine_side() == Some(self.table.side_to_move()) && self.table.len() > 0 {
            self.table.pop();
        }
        self.flagged = None;
        if let Some(clock) = self.clock.as_mut() {
            clock.restart(Instant::now());
        }
        Ok(())
    }

    fn import(&mut self, text: &str) -> Result<(), ServeError> {
        let games = pgn::parse(text).map_err(ServeError::Pgn)?;
        let game = games.first().ok_or(ServeError::NoGameInPgn)?;
        // The session's variant first: a PGN without [Variant] is read in it.
        let current = self.table.variant();
        let kinds = std::iter::once(current).chain(VariantKind::ALL.into_iter().filter(|&k| k != current));
        let mut refusal = None;
        for kind in kinds {
            for chess960 in [false, true] {
                let replayed: Result<Box<dyn GameTable>, PgnError> = with_variant!(kind, V => {
                    pgn::replay::<V>(game, chess960).and_then(|replay| {
                        let start = movegen::Position::<V>::from_fen(&replay.start_fen, chess960)
                            .map_err(|error| PgnError::Fen { line: game.line, error })?;
                        Ok(Box::new(Table::new(start, replay.moves)) as Box<dyn GameTable>)
                    })
                });
                match replayed {
                    Ok(table) => {
                        self.table = table;
                        // An imported game is looked at, not played on.
                        self.human = HumanSide::Both;
                        self.clock = None;
                        self.flagged = None;
                        return Ok(());
                    }
                    Err(PgnError::Variant { .. }) => {}
                    Err(e) => {
                        refusal.get_or_insert(e);
                    }
                }
            }
        }
        Err(ServeError::Pgn(refusal.unwrap_or_else(|| PgnError::Variant {
            line: game.line,
            found: game.tag("Variant").unwrap_or_default().to_string(),
            expected: "a variant redfool plays".to_string(),
        })))
    }

    fn pgn(&self) -> String {
        let (white, black) = match self.human {
            HumanSide::White => (PLAYER_NAME, ENGINE_NAME),
            HumanSide::Black => (ENGINE_NAME, PLAYER_NAME),
            HumanSide::Both => (PLAYER_NAME, PLAYER_NAME),
        };
        self.table.pgn(&Players { white, black })
    }

    /// The state to draw.
    pub fn state(&self) -> ServerMessage {
        let mut position = self.table.view();
        if self.flagged.is_some() {
            position.moves.clear();
        }
        let now = Instant::now();
        let running = (self.result().is_none() && self.table.len() > 0).then(|| self.table.side_to_move_at_end());
        let clocks = self.clock.as_ref().map(|clock| clock.view(running, now));
        ServerMessage::State(Box::new(StateView {
            variant: self.table.variant().name(),
            variant_name: matchrunner::pgn::variant_tag(self.table.variant(), self.table.chess960()),
            chess960: self.table.chess960(),
            files: self.table.files(),
            ranks: self.table.ranks(),
            position,
            turn: self.table.side_to_move().name(),
            ply: self.table.ply(),
            result: self.result(),
            human: self.human,
            clocks,
            engine_thinking: self.engine_to_move(),
        }))
    }

    /// True when the engine is to move in the shown position.
    fn engine_to_move(&self) -> bool {
        self.at_end() && self.result().is_none() && self.engine_side() == Some(self.table.side_to_move())
    }

    /// The search that should run now: the engine's move when it is to
    /// move, else the analysis when it is on.
    pub fn wanted_search(&self) -> Option<SearchPlan> {
        let report = self.analysis.is_some();
        let options = SearchOptions { multipv: self.analysis.unwrap_or(1), ..SearchOptions::default() };
        if self.engine_to_move() {
            let limits = self.play_limits();
            let options = SearchOptions { multipv: 1, ..options };
            return Some(SearchPlan { purpose: Purpose::Play, job: self.table.search_job(), limits, options, report });
        }
        if self.analysis.is_some() && self.result().is_none() {
            let limits = Limits { infinite: true, ..Limits::default() };
            return Some(SearchPlan {
                purpose: Purpose::Analyse,
                job: self.table.search_job(),
                limits,
                options,
                report,
            });
        }
        None
    }

    fn play_limits(&self) -> Limits {
        let s = &self.strength;
        if let Some(clock) = &self.clock {
            let left = clock.left(Some(self.table.side_to_move()), Instant::now());
            let inc = Some(clock.increment());
            return Limits { time: left.map(Some), inc: [inc, inc], ..Limits::default() };
        }
        let movetime = match (s.depth, s.nodes, s.movetime_ms) {
            (None, None, None) => Some(DEFAULT_MOVETIME_MS),
            (_, _, movetime) => movetime,
        };
        Limits { depth: s.depth, nodes: s.nodes, movetime, ..Limits::default() }
    }

    /// How long until the running clock's flag falls, if a clock runs.
    pub fn time_to_flag(&self) -> Option<std::time::Duration> {
        if self.result().is_some() || self.table.len() == 0 {
            return None;
        }
        let side = self.table.side_to_move_at_end();
        let left = self.clock.as_ref()?.left(Some(side), Instant::now())[side.index()];
        Some(std::time::Duration::from_millis(left))
    }

    /// Marks the flag of the side whose clock ran out, if one did.
    pub fn check_flag(&mut self) -> bool {
        if self.time_to_flag().is_some_and(|left| left.is_zero()) {
            self.flagged = Some(self.table.side_to_move_at_end());
            return true;
        }
        false
    }
}

fn check_strength(s: &Strength) -> Result<(), ServeError> {
    if let Some(depth) = s.depth {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(out_of_range("depth", 1, MAX_DEPTH.into(), depth.into()));
        }
    }
    for (what, value) in [("nodes", s.nodes), ("movetime_ms", s.movetime_ms), ("clock_ms", s.clock_ms)] {
        if value == Some(0) {
            return Err(out_of_range(what, 1, u64::MAX, 0));
        }
    }
    Ok(())
}

fn out_of_range(what: &'static str, min: u64, max: u64, found: u64) -> ServeError {
    ServeError::OutOfRange { what, min, max, found }
}

fn error_message(e: &ServeError) -> ServerMessage {
    ServerMessage::Error { message: e.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::protocol::PieceView;

    fn session(json: &str) -> Session {
        let mut session = Session::default();
        let reply = session.handle_text(json);
        assert!(reply.changed, "{json} sets up: {:?}", reply.messages);
        session
    }

    fn view(session: &Session) -> StateView {
        match session.state() {
            ServerMessage::State(view) => *view,
            other => panic!("not a state: {other:?}"),
        }
    }

    /// The refusal's message; a refusal leaves the game as it was.
    fn refusal(session: &mut Session, json: &str) -> String {
        let before = view(session);
        let reply = session.handle_text(json);
        assert!(!reply.changed, "{json} was refused");
        assert_eq!(view(session), before, "{json} changed nothing");
        match &reply.messages[0] {
            ServerMessage::Error { message } => message.clone(),
            other => panic!("{json}: not an error: {other:?}"),
        }
    }

    fn play(session: &mut Session, uci: &str) {
        let reply = session.handle(ClientMessage::Move { uci: uci.to_string() });
        assert!(reply.changed, "{uci}: {:?}", reply.messages);
    }

    const BOTH: &str = r#""human":"both""#;

    #[test]
    fn malformed_requests_are_refused_with_the_reason() {
        let mut s = Session::default();
        let message = refusal(&mut s, "not json");
        assert!(message.starts_with("malformed request: ") && message.contains("at line 1 column"), "{message}");
        assert!(refusal(&mut s, r#"{"type":"castle"}"#).contains("unknown variant `castle`"));
        assert!(refusal(&mut s, r#"{"type":"move"}"#).contains("missing field `uci`"));
        assert!(refusal(&mut s, r#"{"type":"goto","ply":-1}"#).starts_with("malformed request: invalid value"));
        assert!(refusal(&mut s, r#"{"type":"move","uci":"e2e4","extra":1}"#).contains("unknown field `extra`"));
    }

    #[test]
    fn bad_games_are_refused() {
        let mut s = Session::default();
        assert_eq!(
            refusal(&mut s, r#"{"type":"new","variant":"xiangqi"}"#),
            "unknown variant 'xiangqi' (known: redfool, chess, tamruat, checkered)"
        );
        assert!(refusal(&mut s, r#"{"type":"new","variant":"redfool","fen":"8/8 w - - 0 1"}"#).starts_with("bad FEN: "));
        assert!(refusal(&mut s, r#"{"type":"new","variant":"tamruat","chess960":true}"#)
            .starts_with("the variant tamruat has no Chess960 arrays"));
        assert_eq!(
            refusal(&mut s, r#"{"type":"new","variant":"chess","strength":{"depth":0}}"#),
            "depth must be from 1 to 64, not 0"
        );
        assert_eq!(
            refusal(&mut s, r#"{"type":"analyse","on":true,"multipv":9}"#),
            "multipv must be from 1 to 8, not 9"
        );
    }

    #[test]
    fn illegal_moves_and_missing_fool_answers_are_refused() {
        let mut s = session(&format!(r#"{{"type":"new","variant":"redfool",{BOTH}}}"#));
        assert_eq!(refusal(&mut s, r#"{"type":"move","uci":"e2e5"}"#), "illegal move 'e2e5'");
        assert_eq!(refusal(&mut s, r#"{"type":"move","uci":"castle"}"#), "illegal move 'castle'");
        play(&mut s, "d2d4");
        play(&mut s, "a9a8");
        let message = refusal(&mut s, r#"{"type":"move","uci":"d4d5"}"#);
        assert!(message.starts_with("move 'd4d5' needs the Fool's answer: choose one of d4d5@"), "{message}");
        let offered: Vec<String> = view(&s)
            .position
            .moves
            .into_iter()
            .filter(|m| m.from == "d4" && m.to == ["d5"])
            .filter_map(|m| m.fool_to)
            .collect();
        assert_eq!(offered, ["c5", "c7", "g7"]);
        play(&mut s, "d4d5@c7");
        let state = view(&s);
        assert_eq!(state.position.line, ["d4", "a8", "d5@c7"]);
        assert_eq!(state.position.fool.as_deref(), Some("c7"));
        let last = state.position.last_move.unwrap();
        assert_eq!((last.fool_from.as_deref(), last.fool_to.as_deref()), (Some("e6"), Some("c7")));
    }

    #[test]
    fn the_menacers_are_the_engines() {
        let s = session(&format!(
            r#"{{"type":"new","variant":"redfool","fen":"4k3/8/8/8/8/r2*4/8/2N5/B7/4K2R w K - 0 1",{BOTH}}}"#
        ));
        let mut menacers = view(&s).position.menacers;
        menacers.sort();
        assert_eq!(menacers, ["a2", "a5", "c3"]);
        // Castling is dropped on the king's target square or on the rook.
        // Every move stirs him here, castling too (O-O@…).
        let castle = view(&s).position.moves.into_iter().find(|m| m.san.starts_with("O-O")).unwrap();
        assert!(castle.uci.starts_with("e1g1@"), "{}", castle.uci);
        assert_eq!(castle.to, ["g1", "h1"]);
    }

    #[test]
    fn tam_ruat_promotes_into_lost_pieces_only() {
        let fen = "6k4r/P11/12/12/12/12/12/12/12/12/1PUPUPUPUPUL/RAXNB1KBNXAR w - - 0 1";
        let s = session(&format!(r#"{{"type":"new","variant":"tamruat","fen":"{fen}",{BOTH}}}"#));
        let state = view(&s);
        assert_eq!((state.files, state.ranks), (12, 12));
        let mut roles: Vec<&str> =
            state.position.moves.iter().filter(|m| m.from == "a11").filter_map(|m| m.promotion).collect();
        roles.sort();
        assert_eq!(roles, ["queen", "warlock"]);
    }

    #[test]
    fn the_checkered_switch_is_a_move_of_its_own() {
        let fen = "4k3/8/8/8/3o4/8/8/4K3 w - - 0 1 0000000000000000 - 1";
        let mut s = session(&format!(r#"{{"type":"new","variant":"checkered","fen":"{fen}",{BOTH}}}"#));
        let state = view(&s);
        assert!(state.position.pieces.contains(&PieceView {
            square: "d4".into(),
            colour: "checkered",
            role: "knight"
        }));
        let switch = state.position.moves.iter().find(|m| m.switch && m.to == ["c2"]).unwrap();
        assert_eq!(switch.uci, "e1e8,d4c2");
        play(&mut s, "e1e8,d4c2");
        assert_eq!(
            view(&s).position.stage.as_deref(),
            Some("Stage 2: White moves the checkered pieces, Black the others")
        );
    }

    #[test]
    fn the_engine_moves_in_its_turn_only() {
        let mut s = session(r#"{"type":"new","variant":"redfool","human":"white","strength":{"depth":1}}"#);
        assert!(s.wanted_search().is_none(), "the person is to move and no analysis runs");
        play(&mut s, "e2e4");
        assert_eq!(
            refusal(&mut s, r#"{"type":"move","uci":"e9e8"}"#),
            "it is the engine's move (the engine plays black)"
        );
        let plan = s.wanted_search().unwrap();
        assert_eq!((plan.purpose, plan.limits.depth), (Purpose::Play, Some(1)));
        let best = (plan.job)(
            &mut engine::search::Searcher::new(1),
            &plan.limits,
            &plan.options,
            &engine::search::Signals::default(),
            &mut |_| {},
        )
        .unwrap();
        s.engine_played(&best);
        assert_eq!(view(&s).position.line.len(), 2);
        // Taking back undoes the engine's reply and the person's move.
        assert!(s.handle(ClientMessage::Takeback).changed);
        assert_eq!(view(&s).position.line.len(), 0);
        assert_eq!(refusal(&mut s, r#"{"type":"takeback"}"#), "there is no move to take back");
        assert_eq!(refusal(&mut s, r#"{"type":"goto","ply":3}"#), "no half-move 3: the move list has 0");
        assert!(s.handle_text(r#"{"type":"analyse","on":true,"multipv":3}"#).changed);
        let plan = s.wanted_search().unwrap();
        assert_eq!((plan.purpose, plan.options.multipv, plan.limits.infinite), (Purpose::Analyse, 3, true));
    }

    #[test]
    fn stepping_back_and_branching() {
        let mut s = session(&format!(r#"{{"type":"new","variant":"chess",{BOTH}}}"#));
        for m in ["e2e4", "e7e5", "g1f3"] {
            play(&mut s, m);
        }
        assert!(s.handle(ClientMessage::Goto { ply: 1 }).changed);
        assert_eq!((view(&s).ply, view(&s).position.line.len()), (1, 3));
        // The move the line goes on with keeps the line; another replaces it.
        play(&mut s, "e7e5");
        assert_eq!(view(&s).position.line, ["e4", "e5", "Nf3"]);
        play(&mut s, "b1c3");
        assert_eq!(view(&s).position.line, ["e4", "e5", "Nc3"]);
    }

    #[test]
    fn pgn_round_trip_and_bad_pgn() {
        let mut s = session(&format!(r#"{{"type":"new","variant":"redfool",{BOTH}}}"#));
        for m in ["d2d4", "a9a8", "d4d5@g7"] {
            play(&mut s, m);
        }
        let fen = view(&s).position.fen;
        let Some(ServerMessage::Pgn { text }) = s.handle(ClientMessage::ExportPgn).messages.pop() else {
            panic!("a PGN")
        };
        assert!(text.contains("[Variant \"Red Fool\"]") && text.contains("d5@g7"), "{text}");
        let mut other = session(&format!(r#"{{"type":"new","variant":"tamruat",{BOTH}}}"#));
        assert!(other.handle(ClientMessage::ImportPgn { pgn: text }).changed);
        assert_eq!((view(&other).variant, view(&other).position.fen), ("redfool", fen));
        assert!(refusal(&mut other, r#"{"type":"import_pgn","pgn":"[Variant \"Red Fool\"]\n1. e5 *"}"#)
            .starts_with("PGN: line 2: half-move 1: illegal move 'e5'"));
        assert_eq!(refusal(&mut other, r#"{"type":"import_pgn","pgn":""}"#), "PGN: the text holds no game");
        assert!(refusal(&mut other, r#"{"type":"import_pgn","pgn":"[Variant \"Shogi\"]\n1. e4 *"}"#)
            .starts_with("PGN: line 1: the game is [Variant \"Shogi\"]"));
    }

    #[test]
    fn a_fallen_flag_ends_the_game() {
        let mut s = session(&format!(r#"{{"type":"new","variant":"chess",{BOTH},"strength":{{"clock_ms":1}}}}"#));
        assert_eq!(s.time_to_flag(), None, "the clocks start after the first move");
        play(&mut s, "e2e4");
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(s.check_flag());
        let state = view(&s);
        assert_eq!(state.result.as_deref(), Some("Black lost on time, white wins (1-0)"));
        assert!(state.position.moves.is_empty());
        assert_eq!(
            refusal(&mut s, r#"{"type":"move","uci":"e7e5"}"#),
            "the game is over: Black lost on time, white wins (1-0)"
        );
    }
}
