//! PGN, written and read back: the match runner writes every finished game
//! with SAN that carries the Fool's answer (`Nf3@d4+`, RULES.md §1), and
//! reads PGN files as openings or, in tests, to replay its own output.
//!
//! The files are meant to be read by tools that know nothing of the
//! variants: a game on a board other than 8x8 always carries `[SetUp]` and
//! `[FEN]` (whose ranks show the board's size), and every engine move on a
//! clock records the mover's time left as `[%clk h:mm:ss.sss]`, so a time
//! forfeit can be examined move by move.

use super::game::GameRecord;
use movegen::{with_variant, Colour, FenError, Geometry, Move, MoveError, Position, Variant, VariantKind};
use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The value of the `[Variant]` tag for a variant and castling mode.
pub fn variant_tag(kind: VariantKind, chess960: bool) -> String {
    match (kind, chess960) {
        (VariantKind::Chess, true) => "Chess960".to_string(),
        (kind, true) => format!("{} 960", kind.pgn_name()),
        (kind, false) => kind.pgn_name().to_string(),
    }
}

/// Reads a `[Variant]` tag: the variant and whether it is a 960 variant.
fn parse_variant_tag(tag: &str) -> Option<(VariantKind, bool)> {
    let tag = tag.trim().to_ascii_lowercase();
    for kind in VariantKind::ALL {
        for chess960 in [false, true] {
            if tag == variant_tag(kind, chess960).to_ascii_lowercase() {
                return Some((kind, chess960));
            }
        }
    }
    match tag.as_str() {
        "chess" | "standard chess" | "orthodox" => Some((VariantKind::Chess, false)),
        "fischerandom" | "fischer random" | "chess 960" | "frc" => Some((VariantKind::Chess, true)),
        _ => tag.parse().ok().map(|kind| (kind, false)),
    }
}

/// The tags that describe a game's setting rather than its moves.
pub struct PgnHeader<'a> {
    pub event: &'a str,
    pub site: &'a str,
    pub date: &'a str,
    pub round: &'a str,
    pub white: &'a str,
    pub black: &'a str,
    /// The `TimeControl` tag values of White's and Black's clocks.
    pub time_controls: [Option<String>; 2],
}

/// A game as PGN text: the seven standard tags, `Variant`, `SetUp`/`FEN`
/// when the game does not start from the variant's start position or is
/// not played on 8x8, `TimeControl` (or `WhiteTimeControl` and
/// `BlackTimeControl` when the clocks differ), `PlyCount` and
/// `Termination`; then the moves, each with its comment and clock, the
/// reason the game ended as a last comment, and the result.
pub fn game_to_pgn(record: &GameRecord, header: &PgnHeader) -> String {
    let result = record.result.pgn_result();
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", header.event.to_string()),
        ("Site", header.site.to_string()),
        ("Date", header.date.to_string()),
        ("Round", header.round.to_string()),
        ("White", header.white.to_string()),
        ("Black", header.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", variant_tag(record.variant, record.chess960)),
    ];
    let (start_fen, eight_by_eight) = with_variant!(record.variant, V => (V::START_FEN, is_eight_by_eight::<V>()));
    if record.start_fen != start_fen || !eight_by_eight {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", record.start_fen.clone()));
    }
    match &header.time_controls {
        [Some(white), Some(black)] if white == black => tags.push(("TimeControl", white.clone())),
        [white, black] => {
            let given = |tc: &Option<String>| tc.clone().unwrap_or_else(|| "-".to_string());
            if white.is_some() || black.is_some() {
                tags.push(("WhiteTimeControl", given(white)));
                tags.push(("BlackTimeControl", given(black)));
            }
        }
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.result.termination.pgn_tag().to_string()));

    let mut out = String::new();
    for (name, value) in &tags {
        out.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    out.push('\n');
    let mut text = LineWrapper::default();
    let (mut number, mut side) = record.first_move;
    let mut need_number = true;
    for m in &record.moves {
        match side {
            Colour::White => text.push(&format!("{number}.")),
            Colour::Black if need_number => text.push(&format!("{number}...")),
            Colour::Black => {}
        }
        text.push(&m.san);
        let annotation = match m.clock {
            Some(left) if m.comment.is_empty() => format!("[%clk {}]", clock_text(left)),
            Some(left) => format!("{} [%clk {}]", m.comment, clock_text(left)),
            None => m.comment.clone(),
        };
        need_number = !annotation.is_empty();
        if need_number {
            text.push(&comment(&annotation));
        }
        if side == Colour::Black {
            number += 1;
        }
        side = !side;
    }
    text.push(&comment(&record.result.reason));
    text.push(result);
    out.push_str(&text.finish());
    out.push_str("\n\n");
    out
}

/// True when `V` is played on the orthodox board, which tools that ignore
/// `[Variant]` assume.
fn is_eight_by_eight<V: Variant>() -> bool {
    <V::G as Geometry>::FILES == 8 && <V::G as Geometry>::RANKS == 8
}

/// A clock reading as `[%clk]` writes it: `h:mm:ss.sss`.
fn clock_text(time: Duration) -> String {
    let millis = time.as_millis();
    let (hours, rest) = (millis / 3_600_000, millis % 3_600_000);
    format!("{hours}:{:02}:{:02}.{:03}", rest / 60_000, rest % 60_000 / 1000, rest % 1000)
}

/// The clock reading of a comment's `[%clk h:mm:ss[.s…]]` command.
fn parse_clock(comment: &str) -> Option<Duration> {
    let rest = &comment[comment.find("[%clk")? + "[%clk".len()..];
    let value = rest[..rest.find(']')?].trim();
    let mut parts = value.split(':');
    let (hours, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !hours.bytes().all(|b| b.is_ascii_digit()) || minutes.len() != 2 {
        return None;
    }
    let whole = |text: &str| text.parse::<u64>().ok().filter(|_| text.bytes().all(|b| b.is_ascii_digit()));
    let (hours, minutes) = (whole(hours)?, whole(minutes)?);
    let seconds: f64 = seconds.parse().ok().filter(|s: &f64| (0.0..60.0).contains(s))?;
    if minutes >= 60 || !seconds.is_finite() {
        return None;
    }
    Duration::from_secs(hours.checked_mul(3600)?.checked_add(minutes * 60)?)
        .checked_add(Duration::from_secs_f64(seconds))
}

/// The PGN date (`YYYY.MM.DD`, UTC) of `time`.
pub fn date(time: SystemTime) -> String {
    let days = match time.duration_since(UNIX_EPOCH) {
        Ok(since) => (since.as_secs() / 86_400) as i64,
        Err(before) => -(before.duration().as_secs().div_ceil(86_400) as i64),
    };
    let (year, month, day) = civil_date(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The Gregorian date of day `days` counted from 1970-01-01. Years are
/// counted from March, so that the leap day ends a year, in 400-year eras
/// of 146 097 days.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468; // days from 0000-03-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 };
    let year = era * 400 + year_of_era + (month <= 2) as i64;
    (year, month as u32, day as u32)
}

fn escape_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A PGN comment; a `}` inside would end it early, so it becomes `)`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// Joins movetext tokens with spaces into lines of at most 79 characters
/// (a token longer than that gets a line of its own).
#[derive(Default)]
struct LineWrapper {
    text: String,
    line_len: usize,
}

impl LineWrapper {
    fn push(&mut self, token: &str) {
        if self.line_len > 0 && self.line_len + 1 + token.len() > 79 {
            self.text.push('\n');
            self.line_len = 0;
        } else if self.line_len > 0 {
            self.text.push(' ');
            self.line_len += 1;
        }
        self.text.push_str(token);
        self.line_len += token.len();
    }

    fn finish(self) -> String {
        self.text
    }
}

/// A move as it appears in a PGN file, with the line it is on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SanToken {
    pub text: String,
    pub line: usize,
    /// The mover's time left, from a `[%clk]` in the comment after the move.
    pub clock: Option<Duration>,
}

/// One game of a PGN file, its moves not yet checked against the rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves in SAN (variations and comments dropped).
    pub moves: Vec<SanToken>,
    /// The game termination marker, if the movetext had one.
    pub result: Option<String>,
    /// The line on which the game starts, for messages.
    pub line: usize,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Why a PGN file could not be read or replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PgnError {
    /// Text that is not PGN.
    Syntax { line: usize, message: String },
    /// A game's `[Variant]` tag names another variant, or a 960 variant in a
    /// match that does not play Chess960.
    Variant { line: usize, found: String, expected: String },
    /// A game's `[FEN]` tag is not a valid position.
    Fen { line: usize, error: FenError },
    /// A move is not legal (or not understood) where it stands.
    Move { line: usize, ply: usize, error: MoveError },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            PgnError::Variant { line, found, expected } => {
                write!(f, "line {line}: the game is [Variant \"{found}\"] but the match plays {expected}")
            }
            PgnError::Fen { line, error } => write!(f, "line {line}: {error}"),
            PgnError::Move { line, ply, error } => write!(f, "line {line}: half-move {ply}: {error}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Splits PGN text into games (a leading byte-order mark is skipped).
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Parser { chars: text.chars().peekable(), line: 1, at_line_start: true }.games()
}

struct Parser<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl Parser<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.at_line_start = c == '\n';
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn error(&self, message: impl Into<String>) -> PgnError {
        PgnError::Syntax { line: self.line, message: message.into() }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    fn games(mut self) -> Result<Vec<PgnGame>, PgnError> {
        let mut games = Vec::new();
        let mut game = PgnGame { tags: Vec::new(), moves: Vec::new(), result: None, line: 1 };
        let mut started = false;
        loop {
            let at_line_start = self.at_line_start;
            let Some(&c) = self.chars.peek() else { break };
            if !started && !c.is_whitespace() {
                game.line = self.line;
                started = true;
            }
            match c {
                _ if c.is_whitespace() => {
                    self.next();
                }
                '%' if at_line_start => self.skip_line(),
                ';' => self.skip_line(),
                '[' => {
                    if !game.moves.is_empty() {
                        // A tag after movetext without a result: a new game.
                        let line = self.line;
                        games.push(std::mem::replace(
                            &mut game,
                            PgnGame { tags: Vec::new(), moves: Vec::new(), result: None, line },
                        ));
                    }
                    let tag = self.tag()?;
                    game.tags.push(tag);
                }
                '{' => {
                    let text = self.comment()?;
                    if let Some(last) = game.moves.last_mut() {
                        last.clock = last.clock.or_else(|| parse_clock(&text));
                    }
                }
                '(' => self.variation()?,
                ')' => return Err(self.error("')' without a variation to close")),
                // A delimiter that no token may hold (reading one would
                // never move on).
                '}' => return Err(self.error("'}' without a comment to close")),
                ']' => return Err(self.error("']' outside a tag")),
                _ => {
                    let line = self.line;
                    let token = self.token();
                    match token.as_str() {
                        "1-0" | "0-1" | "1/2-1/2" | "*" => {
                            game.result = Some(token);
                            games.push(std::mem::replace(
                                &mut game,
                                PgnGame { tags: Vec::new(), moves: Vec::new(), result: None, line: self.line },
                            ));
                            started = false;
                        }
                        _ if token.starts_with('$') => {}
                        _ => {
                            let san = token.trim_start_matches(|c: char| c.is_ascii_digit());
                            let san = if san.len() < token.len() && san.starts_with('.') {
                                san.trim_start_matches('.')
                            } else {
                                token.as_str()
                            };
                            if !san.is_empty() {
                                game.moves.push(SanToken { text: san.to_string(), line, clock: None });
                            }
                        }
                    }
                }
            }
        }
        if !game.tags.is_empty() || !game.moves.is_empty() {
            games.push(game);
        }
        Ok(games)
    }

    /// A movetext token: everything up to whitespace or a PGN delimiter.
    fn token(&mut self) -> String {
        let mut token = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            token.push(c);
            self.next();
        }
        token
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        let error = |message: String| PgnError::Syntax { line, message };
        self.next();
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.next();
        }
        let mut name = String::new();
        while let Some(&c) = self.chars.peek() {
            if !(c.is_ascii_alphanumeric() || c == '_') {
                break;
            }
            name.push(c);
            self.next();
        }
        if name.is_empty() {
            return Err(error("a tag without a name".to_string()));
        }
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.next();
        }
        if self.next() != Some('"') {
            return Err(error(format!("tag {name}: the value must be in double quotes")));
        }
        let mut value = String::new();
        loop {
            match self.next() {
                None | Some('\n') => return Err(error(format!("tag {name}: unterminated value"))),
                Some('"') => break,
                Some('\\') => match self.next() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(error(format!("tag {name}: bad escape in the value"))),
                },
                Some(c) => value.push(c),
            }
        }
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.next();
        }
        if self.next() != Some(']') {
            return Err(error(format!("tag {name}: expected ']' after the value")));
        }
        Ok((name, value))
    }

    /// `{ … }`, which may span lines: its text.
    fn comment(&mut self) -> Result<String, PgnError> {
        let line = self.line;
        self.next();
        let mut text = String::new();
        loop {
            match self.next() {
                Some('}') => return Ok(text),
                Some(c) => text.push(c),
                None => return Err(PgnError::Syntax { line, message: "unterminated comment".into() }),
            }
        }
    }

    /// `( … )`, nested variations and comments included: skipped.
    fn variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        self.next();
        let mut depth = 1;
        while depth > 0 {
            match self.chars.peek() {
                None => return Err(PgnError::Syntax { line, message: "unterminated variation".into() }),
                Some('{') => {
                    self.comment()?;
                }
                Some(';') => self.skip_line(),
                Some(&c) => {
                    depth += (c == '(') as i32 - (c == ')') as i32;
                    self.next();
                }
            }
        }
        Ok(())
    }
}

/// A PGN game replayed with the rules core.
pub struct Replay<V: Variant> {
    /// The FEN the game starts from.
    pub start_fen: String,
    /// The moves played, all legal.
    pub moves: Vec<Move>,
    /// The position after the last move.
    pub position: Position<V>,
}

/// Replays a game's moves in variant `V` from its `[FEN]` tag (or the start
/// position), checking its `[Variant]` tag when it has one.
pub fn replay<V: Variant>(game: &PgnGame, chess960: bool) -> Result<Replay<V>, PgnError> {
    if let Some(tag) = game.tag("Variant") {
        let fits = parse_variant_tag(tag).is_some_and(|(kind, is_960)| kind == V::KIND && (chess960 || !is_960));
        if !fits {
            return Err(PgnError::Variant {
                line: game.line,
                found: tag.to_string(),
                expected: variant_tag(V::KIND, chess960),
            });
        }
    }
    let start_fen = game.tag("FEN").unwrap_or(V::START_FEN).to_string();
    let mut position =
        Position::<V>::from_fen(&start_fen, chess960).map_err(|error| PgnError::Fen { line: game.line, error })?;
    let mut moves = Vec::with_capacity(game.moves.len());
    for (ply, san) in game.moves.iter().enumerate() {
        let m =
            position.parse_san(&san.text).map_err(|error| PgnError::Move { line: san.line, ply: ply + 1, error })?;
        position.make(m);
        moves.push(m);
    }
    Ok(Replay { start_fen, moves, position })
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool};

    #[test]
    fn reads_tags_moves_comments_and_variations() {
        let text = "[Event \"a \\\"quoted\\\" name\"]\n[White \"x\"]\n\n\
                    1. e4 {a comment\nover lines} e5 (1... c5 {inner} (1... e6) 2. Nf3) 2. Nf3 $1 Nc6?! ; rest\n\
                    % escaped line\n3.Bb5 3...a6 1-0\n\n[Event \"second\"]\n1. d4 *\n";
        let games = parse(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" name"));
        let sans: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6?!", "Bb5", "a6"]);
        assert_eq!(games[0].moves[4].line, 7);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].tag("Event"), Some("second"));
        assert_eq!(games[1].result.as_deref(), Some("*"));
        assert_eq!(games[1].line, 9);
    }

    #[test]
    fn skips_a_byte_order_mark() {
        let games = parse("\u{feff}[Event \"x\"]\n1. e4 *").unwrap();
        assert_eq!(games[0].tag("Event"), Some("x"));
    }

    #[test]
    fn a_tag_after_movetext_starts_a_new_game() {
        let games = parse("1. e4 e5\n[Event \"b\"]\n1. d4").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, None);
        assert_eq!(games[1].moves.len(), 1);
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let cases = [
            ("[Event \"x]\n", "line 1: tag Event: unterminated value"),
            ("\n\n1. e4 {never closed", "line 3: unterminated comment"),
            ("1. e4 (1. d4", "line 1: unterminated variation"),
            ("1. e4 )", "line 1: ')' without a variation to close"),
            ("[Event x]", "line 1: tag Event: the value must be in double quotes"),
            // These two hung the reader (found by tests/parser_properties.rs).
            ("1. e4 }", "line 1: '}' without a comment to close"),
            ("[Event \"x\"]\n\n1. e4 ] e5", "line 3: ']' outside a tag"),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn replays_red_fool_moves_with_fool_suffixes() {
        // After 1. Nc3, Black's knight from g10 to f8 attacks the Fool on e6,
        // so he moves and the SAN carries his landing square.
        let mut position = Position::<RedFool>::startpos();
        let nc3 = position.parse_uci("b1c3").unwrap();
        position.make(nc3);
        let nf8 = *movegen::legal_moves(&position)
            .iter()
            .find(|m| position.uci(**m).starts_with("g10f8@"))
            .expect("the Fool answers Nf8");
        let san = position.san(nf8);
        assert!(san.starts_with("Nf8@"), "{san}");
        let game = &parse(&format!("[Variant \"Red Fool\"]\n1. Nc3 {san} *")).unwrap()[0];
        let replay = replay::<RedFool>(game, false).unwrap();
        assert_eq!(replay.moves, [nc3, nf8]);
        assert_eq!(replay.start_fen, RedFool::START_FEN);
    }

    #[test]
    fn replays_moves_to_the_tenth_rank() {
        let game = &parse("[Variant \"Red Fool\"]\n1. Nc3 Nc8 2. Nb1 Nb10 *").unwrap()[0];
        let replay = replay::<RedFool>(game, false).unwrap();
        assert_eq!(replay.moves.len(), 4);
        assert_eq!(replay.position.fen(), RedFool::START_FEN.replace(" 0 1", " 4 3"));
    }

    #[test]
    fn replay_reports_the_illegal_move_and_its_line() {
        let game = &parse("1. e4 e5\n2. Ke3").unwrap()[0];
        let err = replay::<Chess>(game, false).err().unwrap();
        assert_eq!(err.to_string(), "line 2: half-move 3: illegal move 'Ke3'");
    }

    #[test]
    fn replay_checks_the_variant_tag() {
        let game = &parse("[Variant \"Red Fool\"]\n1. e4").unwrap()[0];
        let err = replay::<Chess>(game, false).err().unwrap();
        assert_eq!(err.to_string(), "line 1: the game is [Variant \"Red Fool\"] but the match plays Standard");
        let game = &parse("[Variant \"Chess960\"]\n1. e4").unwrap()[0];
        assert!(replay::<Chess>(game, false).is_err());
        assert!(replay::<Chess>(game, true).is_ok());
        let game = &parse("[Variant \"fischerandom\"]\n1. e4").unwrap()[0];
        assert!(replay::<Chess>(game, true).is_ok());
    }

    #[test]
    fn replay_reports_a_bad_fen() {
        let game = &parse("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n").unwrap()[0];
        assert!(matches!(replay::<Chess>(game, false), Err(PgnError::Fen { line: 1, .. })));
    }

    use crate::game::{GameResult, RecordedMove, Termination};
    use std::time::Duration;

    /// A Red Fool game from the start position: 1. Nc3 Nc8, White on a
    /// clock, the game lost on time by White.
    fn red_fool_record() -> GameRecord {
        let engine_move = |san: &str, clock| RecordedMove { san: san.into(), comment: "+0.12/3 0.250s".into(), clock };
        GameRecord {
            variant: VariantKind::RedFool,
            chess960: false,
            start_fen: RedFool::START_FEN.to_string(),
            first_move: (1, Colour::White),
            moves: vec![
                engine_move("Nc3", Some(Duration::from_millis(3_723_456))),
                engine_move("Nc8", Some(Duration::from_millis(9_050))),
            ],
            result: GameResult {
                winner: Some(Colour::Black),
                termination: Termination::TimeForfeit,
                reason: "White loses on time (its move took 9.100 s, 9.060 s allowed)".into(),
            },
            broken_engine: None,
            referee_time: Duration::ZERO,
            engine_moves: 2,
        }
    }

    fn header(time_controls: [Option<String>; 2]) -> PgnHeader<'static> {
        PgnHeader { event: "e", site: "s", date: "2024.01.01", round: "1.1", white: "A", black: "B", time_controls }
    }

    #[test]
    fn variant_games_carry_their_fen_and_every_moves_clock() {
        let text = game_to_pgn(&red_fool_record(), &header([Some("60+0.6".into()), Some("60+0.6".into())]));
        // Tools that ignore [Variant] see a set-up position on ten ranks.
        assert!(text.contains(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", RedFool::START_FEN)), "{text}");
        assert!(text.contains("[TimeControl \"60+0.6\"]\n"), "{text}");
        let movetext = "1. Nc3 {+0.12/3 0.250s [%clk 1:02:03.456]} 1... Nc8 {+0.12/3 0.250s [%clk 0:00:09.050]}";
        assert!(text.replace('\n', " ").contains(movetext), "{text}");
        let game = &parse(&text).unwrap()[0];
        let clocks: Vec<Option<Duration>> = game.moves.iter().map(|m| m.clock).collect();
        assert_eq!(clocks, [Some(Duration::from_millis(3_723_456)), Some(Duration::from_millis(9_050))]);
        assert_eq!((game.tag("Termination"), game.tag("Result")), (Some("time forfeit"), Some("0-1")));
        let replay = replay::<RedFool>(game, false).unwrap();
        assert_eq!(replay.moves.len(), 2);
        // An orthodox chess game from its start position needs no FEN.
        let mut chess = red_fool_record();
        (chess.variant, chess.start_fen) = (VariantKind::Chess, Chess::START_FEN.to_string());
        chess.moves[1].san = "Nc6".into();
        let text = game_to_pgn(&chess, &header([None, None]));
        assert!(!text.contains("[FEN ") && !text.contains("TimeControl"), "{text}");
    }

    #[test]
    fn different_clocks_get_a_tag_each() {
        let text = game_to_pgn(&red_fool_record(), &header([Some("40/60+0".into()), None]));
        assert!(text.contains("[WhiteTimeControl \"40/60+0\"]\n[BlackTimeControl \"-\"]\n"), "{text}");
        assert!(!text.contains("[TimeControl "), "{text}");
    }

    #[test]
    fn reads_clock_comments() {
        assert_eq!(parse_clock("[%clk 0:00:09.8]"), Some(Duration::from_millis(9_800)));
        assert_eq!(parse_clock("+0.31/12 0.1s [%clk 12:34:56]"), Some(Duration::from_secs(45_296)));
        assert_eq!(parse_clock("[%clk  1:00:00.000 ]"), Some(Duration::from_secs(3600)));
        for bad in ["no clock", "[%clk 0:60:00]", "[%clk 0:00:61]", "[%clk 1:2:3]", "[%clk 0:00:xx]", "[%clk 0:00:05"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert_eq!(clock_text(Duration::from_millis(3_723_456)), "1:02:03.456");
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(47_541), (2100, 3, 1));
        assert_eq!(date(UNIX_EPOCH + std::time::Duration::from_secs(19_723 * 86_400 + 5)), "2024.01.01");
    }

    #[test]
    fn wraps_lines_before_eighty_columns() {
        let mut text = LineWrapper::default();
        for _ in 0..40 {
            text.push("Nf3@d4+");
        }
        let text = text.finish();
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|l| l.len() <= 79));
        assert_eq!(text.split_whitespace().count(), 40);
    }
}
