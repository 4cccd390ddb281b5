//! `redfool play`: a game against the engine in the terminal. The board is
//! drawn from the player's side with the Fool as `*` and the pieces menacing
//! him in brackets; moves are typed in UCI or SAN, with line editing and
//! history on a terminal; when a move leaves the Fool a choice, the choices
//! are listed in the notation typed; `undo`, `hint` and `save` help along;
//! the result is announced with its reason ("draw: the Fool alone gives
//! mate") and the game printed as PGN.

use crate::common_args::ThinkingArgs;
use crate::error::CliError;
use crate::game_record::{game_pgn, Players};
use crate::game_setup::{position_from_args, PositionArgs};
use crate::line_input::LineInput;
use crate::move_input::parse_move;
use crate::output;
use crate::score_text::ScorePov;
use clap::{Args, ValueEnum};
use engine::limits::Limits;
use engine::search::{SearchOptions, SearchResult, Searcher, Signals};
use engine::uci::diagram_from;
use movegen::{legal_moves, with_variant, Colour, Position, Variant};
use std::path::{Path, PathBuf};

/// Thinking time per move when neither `--depth` nor `--movetime` is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;
/// Transposition table size in MiB.
const HASH_MB: usize = 64;
/// The engine's name in the PGN.
const ENGINE_NAME: &str = concat!("redfool ", env!("CARGO_PKG_VERSION"));
/// The player's name in the PGN.
const PLAYER_NAME: &str = "Player";

const COMMANDS: &str = "\
Type a move in UCI (e2e4, g1f3@d4) or SAN (e4, Nf3@d4), or a command:
  moves       list the legal moves
  undo        take back your last move and the engine's reply
  hint        ask the engine for a move
  board       draw the board again
  save FILE   write the game so far to FILE as PGN
  help        show this list
  quit        end the game (its PGN is printed)
";

/// A side of the board.
#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    White,
    Black,
}

/// The arguments of `redfool play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Your side; the board is drawn from it
    #[arg(long, visible_alias = "color", value_enum, value_name = "SIDE", default_value_t = Side::White)]
    colour: Side,
    #[command(flatten)]
    thinking: ThinkingArgs<DEFAULT_MOVETIME_MS>,
    /// Also write the game's PGN to FILE when the game ends
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
}

/// Runs `redfool play`.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let human = match args.colour {
        Side::White => Colour::White,
        Side::Black => Colour::Black,
    };
    let limits = args.thinking.limits();
    with_variant!(args.position.variant.variant.0, V => {
        let pos = position_from_args::<V>(&args.position)?;
        Game { pos, human, limits, searcher: Searcher::new(HASH_MB), pgn_file: args.pgn.as_deref() }.play()
    })
}

/// What the loop does after a line of input.
enum Flow {
    Continue,
    Quit,
}

/// A game in progress.
struct Game<'a, V: Variant> {
    pos: Position<V>,
    human: Colour,
    limits: Limits,
    searcher: Searcher,
    pgn_file: Option<&'a Path>,
}

impl<V: Variant> Game<'_, V> {
    fn play(mut self) -> Result<(), CliError> {
        let mut input = LineInput::new();
        let side = if self.human == Colour::White { "White" } else { "Black" };
        output::print(&format!(
            "You play {side}. Type moves in UCI (e2e4, g1f3@d4) or SAN (Nf3@d4); 'help' lists the commands.\n"
        ))?;
        let mut show_board = true;
        loop {
            let outcome = self.pos.outcome();
            if show_board || outcome.is_some() {
                self.show_board()?;
            }
            if let Some(outcome) = outcome {
                output::print(&format!("Game over: {outcome} ({})\n", outcome.result()))?;
                return self.finish();
            }
            if self.pos.side_to_move() != self.human {
                let m = self.think().best.ok_or(CliError::NoEngineMove)?;
                output::print(&format!("redfool plays {}\n", self.pos.san(m)))?;
                self.pos.make(m);
                show_board = true;
                continue;
            }
            let Some(line) = input.read("your move: ")? else {
                output::print("\n")?;
                return self.finish();
            };
            let before = self.pos.ply();
            if let Flow::Quit = self.command(line.trim())? {
                return self.finish();
            }
            // A move played shows the engine's reply's board; an undo, the board now.
            show_board = self.pos.ply() < before;
        }
    }

    fn command(&mut self, line: &str) -> Result<Flow, CliError> {
        let (word, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
        match word {
            "" => {}
            "quit" | "exit" => return Ok(Flow::Quit),
            "help" => output::print(COMMANDS)?,
            "board" => self.show_board()?,
            "moves" => {
                let mut scratch = self.pos.clone();
                let list: Vec<String> = legal_moves(&self.pos).into_iter().map(|m| scratch.san(m)).collect();
                output::print(&format!("legal moves: {}\n", list.join(" ")))?;
            }
            "undo" => self.undo()?,
            "hint" => self.hint()?,
            "save" if rest.is_empty() => output::print("save needs a file name: save game.pgn\n")?,
            "save" => match self.save(Path::new(rest)) {
                Ok(()) => output::print(&format!("saved the game to {rest}\n"))?,
                Err(e) => output::print(&format!("{e}\n"))?,
            },
            _ => match parse_move(&self.pos, line) {
                Ok(m) => {
                    output::print(&format!("you play {}\n", self.pos.san(m)))?;
                    self.pos.make(m);
                }
                Err(e) => output::print(&format!("{e}\n"))?,
            },
        }
        Ok(Flow::Continue)
    }

    fn show_board(&self) -> Result<(), CliError> {
        output::print(&format!("\n{}{}\n", diagram_from(&self.pos, self.human), self.pos.fen()))
    }

    fn think(&mut self) -> SearchResult {
        self.searcher.search(&self.pos, &self.limits, &SearchOptions::default(), &Signals::default(), &mut |_| {})
    }

    /// Takes back the engine's last move and the player's move before it.
    fn undo(&mut self) -> Result<(), CliError> {
        if self.pos.ply() < 2 {
            return output::print("nothing to take back\n");
        }
        let mut taken = Vec::with_capacity(2);
        for _ in 0..2 {
            let Some(m) = self.pos.moves_played().last() else { break };
            self.pos.unmake();
            taken.push(self.pos.san(m));
        }
        output::print(&format!("took back {} and {}\n", taken[1], taken[0]))
    }

    /// Asks the engine which move it would play for the player.
    fn hint(&mut self) -> Result<(), CliError> {
        let result = self.think();
        let m = result.best.ok_or(CliError::NoEngineMove)?;
        let score = ScorePov::White.apply(result.score, self.pos.side_to_move()).pawns();
        let pov = ScorePov::White.describe(self.pos.side_to_move());
        output::print(&format!("hint: {} ({score} from {pov})\n", self.pos.san(m)))
    }

    fn save(&self, path: &Path) -> Result<(), CliError> {
        std::fs::write(path, self.pgn()).map_err(|error| CliError::File { path: path.to_path_buf(), error })
    }

    fn pgn(&self) -> String {
        let (white, black) = match self.human {
            Colour::White => (PLAYER_NAME, ENGINE_NAME),
            Colour::Black => (ENGINE_NAME, PLAYER_NAME),
        };
        game_pgn(&self.pos, &Players { white, black })
    }

    /// At the end of the game (or when the player leaves it): the PGN,
    /// printed when there are moves to show, and written to `--pgn`.
    fn finish(&self) -> Result<(), CliError> {
        if self.pos.ply() > 0 {
            output::print(&format!("\n{}", self.pgn()))?;
        }
        match self.pgn_file {
            Some(path) => self.save(path),
            None => Ok(()),
        }
    }
}
