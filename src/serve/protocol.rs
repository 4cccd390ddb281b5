//! The JSON messages between the page and the server, one WebSocket text
//! frame each. The page only draws and asks: everything it shows about the
//! rules (legal moves with their Fool answers, SAN, the menacers, the
//! result) comes in a [`StateView`], so no rule is written twice.

use serde::{Deserialize, Serialize};

/// What a tab asks of its game session.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Start a new game: variant, start position, sides and strength.
    New(NewGame),
    /// Play a move in UCI text (`g1f3@d4`, `e1e8,d5d6` for a switch).
    Move { uci: String },
    /// Show the position after `ply` half-moves of the move list.
    Goto { ply: usize },
    /// Take back the last move of the player (and the engine's reply).
    Takeback,
    /// Start (`on`) or stop the live analysis, with this many lines.
    Analyse {
        on: bool,
        #[serde(default = "one")]
        multipv: usize,
    },
    /// Ask for the game so far as PGN.
    ExportPgn,
    /// Replace the game by the one of this PGN text.
    ImportPgn { pgn: String },
}

fn one() -> usize {
    1
}

/// The settings of a new game.
#[derive(Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A variant name as the command line takes it (`redfool`, `tamruat`…).
    pub variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// Start from this Chess960 array (implies `chess960`).
    #[serde(default)]
    pub number: Option<u16>,
    #[serde(default)]
    pub chess960: bool,
    /// Who the person plays; the engine plays the other side.
    #[serde(default)]
    pub human: HumanSide,
    #[serde(default)]
    pub strength: Strength,
}

/// Which side the person plays.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum HumanSide {
    #[default]
    White,
    Black,
    /// Both sides: the engine never moves by itself (analysis board).
    Both,
}

/// How strongly the engine plays: any of a depth, a node count, a time per
/// move, or a clock with increment (which both sides then play on).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Strength {
    #[serde(default)]
    pub depth: Option<u32>,
    #[serde(default)]
    pub nodes: Option<u64>,
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// Each side's time for the game, in milliseconds.
    #[serde(default)]
    pub clock_ms: Option<u64>,
    /// Added to the mover's clock after each move, in milliseconds.
    #[serde(default)]
    pub increment_ms: Option<u64>,
}

/// What the server tells a tab.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The position shown and everything the page needs to draw it.
    State(Box<StateView>),
    /// The engine's lines on the position of `fen`, as they come.
    Analysis(AnalysisView),
    /// The last request was refused, and why.
    Error { message: String },
    /// The game as PGN, in the format `redfool match` writes.
    Pgn { text: String },
}

/// A position shown on the board, and everything the page needs to draw it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct StateView {
    /// The variant's command-line name and its name for people.
    pub variant: &'static str,
    pub variant_name: String,
    pub chess960: bool,
    pub files: u8,
    pub ranks: u8,
    #[serde(flatten)]
    pub position: PositionView,
    pub turn: &'static str,
    /// How many moves of the line lead to the shown position.
    pub ply: usize,
    /// The game's result in words, once it is over.
    pub result: Option<String>,
    pub human: HumanSide,
    pub clocks: Option<ClockView>,
    /// True while the engine is choosing its move.
    pub engine_thinking: bool,
}

/// What the rules say about the shown position and the game's line.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct PositionView {
    pub fen: String,
    pub pieces: Vec<PieceView>,
    /// The Fool's square, if there is a Fool.
    pub fool: Option<String>,
    /// The pieces menacing the Fool now (the list UCI `d` prints).
    pub menacers: Vec<String>,
    /// The squares of the pieces giving check (the Fool's included).
    pub checkers: Vec<String>,
    /// The move that led here, for highlighting and animating.
    pub last_move: Option<LastMove>,
    /// Every legal move, each with its Fool answer.
    pub moves: Vec<MoveView>,
    /// The move list in SAN (the whole line, even past the shown position).
    pub line: Vec<String>,
    /// The fullmove number and side of the line's first move.
    pub first_move_number: u32,
    pub first_move_black: bool,
    /// Checkered chess's stage in words.
    pub stage: Option<String>,
}

/// A piece on the board.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct PieceView {
    pub square: String,
    /// `white`, `black` or `checkered`.
    pub colour: &'static str,
    pub role: &'static str,
}

/// A legal move as the page offers it.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct MoveView {
    pub uci: String,
    pub san: String,
    pub from: String,
    /// Where the piece is dropped: the destination, or for castling the
    /// king's target square (or the rook's square, which also works).
    pub to: Vec<String>,
    pub fool_to: Option<String>,
    /// The role promoted to (or, in Checkered chess, taken on by a capture).
    pub promotion: Option<&'static str>,
    /// Checkered chess: the move starts with the switch.
    pub switch: bool,
}

/// The last move played: its squares and the Fool's leap.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub from: String,
    pub to: String,
    pub fool_from: Option<String>,
    pub fool_to: Option<String>,
}

/// Both clocks, in milliseconds left.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    /// The side whose clock runs (none once the game is over).
    pub running: Option<&'static str>,
}

/// The engine's current lines on a position.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct AnalysisView {
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
    pub lines: Vec<LineView>,
}

/// One of the engine's best lines.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct LineView {
    pub multipv: usize,
    /// From White's side: `+0.35`, `#-2`.
    pub score: String,
    /// Centipawns from White's side, mates as ±10000 (for the bar).
    pub white_cp: i32,
    pub depth: u32,
    /// The line in SAN with move numbers and Fool suffixes.
    pub san: String,
    /// Its first move's squares, for the arrow.
    pub from: String,
    pub to: String,
}
