//! One game on the board, generic over the variant: its start position, the
//! move list (one line, which a move played from an earlier point replaces
//! from there on), and the position shown. [`GameTable`] hides the variant
//! so that a session can switch variants at run time.

use super::error::ServeError;
use super::protocol::{AnalysisView, LastMove, LineView, MoveView, PieceView, PositionView};
use crate::analyse_cmd::san_line;
use crate::game_record::{game_pgn, sentence, Players};
use crate::move_input::parse_move;
use crate::score_text::ScorePov;
use engine::limits::Limits;
use engine::search::{Report, SearchOptions, Searcher, Signals};
use engine::uci::fool_menacers;
use movegen::{
    legal_moves, Bitboard, Colour, Geometry, Move, MoveKind, Position, Role, Score, Stage, Variant, VariantState,
};

/// A search the session hands to a thread: it owns a copy of the position.
pub type SearchJob = Box<
    dyn FnOnce(&mut Searcher, &Limits, &SearchOptions, &Signals, &mut dyn FnMut(AnalysisView)) -> Option<String> + Send,
>;

/// A game of some variant, as the session sees it.
pub trait GameTable: Send {
    fn variant(&self) -> movegen::VariantKind;
    fn chess960(&self) -> bool;
    fn files(&self) -> u8;
    fn ranks(&self) -> u8;
    fn view(&self) -> PositionView;
    /// Plays a move (UCI or SAN) in the shown position. When the move list
    /// goes on from here with another move, it is replaced from here on.
    fn play(&mut self, text: &str) -> Result<(), ServeError>;
    /// Shows the position after `ply` moves of the line.
    fn goto(&mut self, ply: usize) -> Result<(), ServeError>;
    /// Drops the last move of the line (showing the position before it).
    fn pop(&mut self);
    /// Moves shown, and moves in the line.
    fn ply(&self) -> usize;
    fn len(&self) -> usize;
    fn side_to_move(&self) -> Colour;
    /// The side to move at the end of the line.
    fn side_to_move_at_end(&self) -> Colour;
    /// The shown position's result in words: `Checkmate, white wins (1-0)`.
    fn result(&self) -> Option<String>;
    /// The whole line as PGN.
    fn pgn(&self, players: &Players) -> String;
    /// A search of the shown position.
    fn search_job(&self) -> SearchJob;
}

/// A game of variant `V`.
pub struct Table<V: Variant> {
    start: Position<V>,
    line: Vec<Move>,
    /// The start position with the first `pos.ply() - start.ply()` moves of
    /// `line` played.
    pos: Position<V>,
}

impl<V: Variant> Table<V> {
    /// A game from `start` with the moves `line` (legal, checked by the
    /// caller), showing the end of the line.
    pub fn new(start: Position<V>, line: Vec<Move>) -> Table<V> {
        let mut pos = start.clone();
        for &m in &line {
            pos.make(m);
        }
        Table { start, line, pos }
    }

    fn shown(&self) -> usize {
        self.pos.ply() - self.start.ply()
    }

    fn last_move(&self) -> Option<LastMove> {
        let m = *self.line.get(self.shown().checked_sub(1)?)?;
        let mut before = self.pos.clone();
        before.unmake();
        Some(LastMove {
            from: name::<V>(m.from()),
            to: name::<V>(m.to()),
            fool_from: before.fool().map(name::<V>),
            fool_to: m.fool_to().map(name::<V>),
        })
    }

    fn move_view(&self, m: Move, all: &[Move], scratch: &mut Position<V>) -> MoveView {
        let mut to = Vec::with_capacity(2);
        if m.kind() == MoveKind::Castle {
            // Dropped on the king's target square, unless a plain king move
            // goes there too (Chess960); the rook's square always works.
            let king_to = Position::<V>::castling_targets(m.from(), m.to()).0;
            let plain_there =
                all.iter().any(|o| o.kind() != MoveKind::Castle && o.from() == m.from() && o.to() == king_to);
            if !plain_there && king_to != m.from() {
                to.push(name::<V>(king_to));
            }
        }
        to.push(name::<V>(m.to()));
        MoveView {
            uci: self.pos.uci(m),
            san: scratch.san(m),
            from: name::<V>(m.from()),
            to,
            fool_to: m.fool_to().map(name::<V>),
            promotion: m.promotion().map(role_name),
            switch: m.is_switch(),
        }
    }

    fn stage(&self) -> Option<String> {
        let text = match self.pos.state().stage()? {
            Stage::One => "Stage 1: a side may switch to the checkered pieces".to_string(),
            Stage::OneNoSwitch => "Stage 1: the switch is no longer allowed".to_string(),
            Stage::Two(switcher) => {
                format!(
                    "Stage 2: {} moves the checkered pieces, {} the others",
                    side_name(switcher),
                    side_name(!switcher)
                )
            }
        };
        Some(text)
    }
}

impl<V: Variant> GameTable for Table<V> {
    fn variant(&self) -> movegen::VariantKind {
        V::KIND
    }
    fn chess960(&self) -> bool {
        self.pos.chess960()
    }
    fn files(&self) -> u8 {
        V::G::FILES
    }
    fn ranks(&self) -> u8 {
        V::G::RANKS
    }

    fn view(&self) -> PositionView {
        let pos = &self.pos;
        let mut pieces = Vec::new();
        for index in 0..V::G::SQUARES {
            let sq = movegen::Square::new(index);
            if let Some(piece) = pos.piece_at(sq) {
                let colour = if piece.checkered { "checkered" } else { piece.colour.name() };
                pieces.push(PieceView { square: name::<V>(sq), colour, role: role_name(piece.role) });
            }
        }
        let mut checkers: Vec<String> = pos.checkers().squares().map(name::<V>).collect();
        if pos.fool_gives_check() {
            checkers.extend(pos.fool().map(name::<V>));
        }
        let all = legal_moves(pos);
        let mut scratch = pos.clone();
        let moves = all.iter().map(|&m| self.move_view(m, &all, &mut scratch)).collect();
        let mut replay = self.start.clone();
        let line = self
            .line
            .iter()
            .map(|&m| {
                let san = replay.san(m);
                replay.make(m);
                san
            })
            .collect();
        PositionView {
            fen: pos.fen(),
            pieces,
            fool: pos.fool().map(name::<V>),
            menacers: fool_menacers(pos).squares().map(name::<V>).collect(),
            checkers,
            last_move: self.last_move(),
            moves,
            line,
            first_move_number: self.start.fullmove_number(),
            first_move_black: self.start.side_to_move() == Colour::Black,
            stage: self.stage(),
        }
    }

    fn play(&mut self, text: &str) -> Result<(), ServeError> {
        if let Some(result) = self.result() {
            return Err(ServeError::GameOver(result));
        }
        let m = parse_move(&self.pos, text).map_err(ServeError::Move)?;
        let shown = self.shown();
        if self.line.get(shown) != Some(&m) {
            self.line.truncate(shown);
            self.line.push(m);
        }
        self.pos.make(m);
        Ok(())
    }

    fn goto(&mut self, ply: usize) -> Result<(), ServeError> {
        if ply > self.line.len() {
            return Err(ServeError::NoSuchPly { ply, len: self.line.len() });
        }
        while self.shown() > ply {
            self.pos.unmake();
        }
        while self.shown() < ply {
            self.pos.make(self.line[self.shown()]);
        }
        Ok(())
    }

    fn pop(&mut self) {
        if self.line.pop().is_some() {
            let end = self.line.len();
            // Cannot fail: the line is at least as long as the target.
            let _ = self.goto(self.shown().min(end));
        }
    }

    fn ply(&self) -> usize {
        self.shown()
    }
    fn len(&self) -> usize {
        self.line.len()
    }
    fn side_to_move(&self) -> Colour {
        self.pos.side_to_move()
    }
    fn side_to_move_at_end(&self) -> Colour {
        let odd = (self.line.len() - self.shown()) % 2 == 1;
        if odd {
            !self.pos.side_to_move()
        } else {
            self.pos.side_to_move()
        }
    }

    fn result(&self) -> Option<String> {
        self.pos.outcome().map(|outcome| format!("{} ({})", sentence(&outcome.to_string()), outcome.result()))
    }

    fn pgn(&self, players: &Players) -> String {
        let mut end = self.pos.clone();
        for &m in &self.line[self.shown()..] {
            end.make(m);
        }
        game_pgn(&end, players)
    }

    fn search_job(&self) -> SearchJob {
        let pos = self.pos.clone();
        Box::new(move |searcher, limits, options, signals, sink| {
            let fen = pos.fen();
            let mut lines: Vec<LineView> = Vec::new();
            let mut report = |report: Report| {
                let Report::Info(info) = report else { return };
                let Some(&first) = info.pv.first() else { return };
                let white = ScorePov::White.apply(info.score, pos.side_to_move());
                let line = LineView {
                    multipv: info.multipv,
                    score: white.pawns().to_string(),
                    white_cp: match white {
                        Score::Cp(cp) => cp,
                        Score::Mate(n) if n > 0 => MATE_CP,
                        Score::Mate(_) => -MATE_CP,
                    },
                    depth: info.depth,
                    san: san_line(&pos, &info.pv),
                    from: name::<V>(first.from()),
                    to: name::<V>(first.to()),
                };
                let slot = info.multipv.max(1) - 1;
                if lines.len() <= slot {
                    lines.resize(slot + 1, line.clone());
                }
                lines[slot] = line;
                sink(AnalysisView { fen: fen.clone(), depth: info.depth, nodes: info.nodes, lines: lines.clone() });
            };
            searcher.search(&pos, limits, options, signals, &mut report).best.map(|m| pos.uci(m))
        })
    }
}

/// A mate's place on the evaluation bar, in centipawns.
const MATE_CP: i32 = 10_000;

fn name<V: Variant>(sq: movegen::Square) -> String {
    V::G::square_name(sq).to_string()
}

/// The role's name, which the page turns into a picture.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
        Role::Emperor => "emperor",
        Role::Paladin => "paladin",
        Role::Wizard => "wizard",
        Role::Warlock => "warlock",
        Role::Ghost => "ghost",
        Role::Barbarian => "barbarian",
    }
}

fn side_name(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}
