//! `redfool play`: a game against the engine in the terminal. The board is
//! drawn after every move with the Fool as `*` and the pieces menacing him
//! in brackets; moves are typed in UCI or SAN; when a move leaves the Fool a
//! choice, the error lists the choices; the result is announced with its
//! reason ("draw: the Fool alone gives mate").

use crate::args::Args;
use crate::game_setup::position_from_args;
use crate::output;
use engine::limits::Limits;
use engine::search::{SearchOptions, Searcher, Signals};
use engine::uci::diagram;
use movegen::{legal_moves, with_variant, Colour, Position, Variant};
use std::io::BufRead;

const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Runs `play [--variant V] [--chess960] [--fen FEN | --number N] [--moves M…]
/// [--colour white|black] [--depth N | --movetime MS]`.
pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let variant = args.variant()?;
    let human = match args.value("--colour")?.as_deref() {
        None | Some("white") => Colour::White,
        Some("black") => Colour::Black,
        Some(other) => return Err(format!("--colour: '{other}' is not white or black")),
    };
    let depth: Option<u32> = args.parsed("--depth", "a depth")?;
    let movetime: Option<u64> = args.parsed("--movetime", "milliseconds")?;
    let limits =
        Limits { depth, movetime: movetime.or(depth.is_none().then_some(DEFAULT_MOVETIME_MS)), ..Limits::default() };
    with_variant!(variant, V => {
        let pos = position_from_args::<V>(&mut args)?;
        args.finish()?;
        play(pos, human, &limits)
    })
}

fn play<V: Variant>(mut pos: Position<V>, human: Colour, limits: &Limits) -> Result<(), String> {
    let mut searcher = Searcher::new(64);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    output::print("Type moves in UCI (e2e4, g1f3@d4) or SAN (Nf3@d4); 'moves' lists them, 'quit' ends.\n")?;
    loop {
        output::print(&format!("\n{}{}\n", diagram(&pos), pos.fen()))?;
        if let Some(outcome) = pos.outcome() {
            return output::print(&format!("Game over: {outcome} ({})\n", outcome.result()));
        }
        if pos.side_to_move() != human {
            let result = searcher.search(&pos, limits, &SearchOptions::default(), &Signals::default(), &mut |_| {});
            let m = result.best.ok_or("the engine found no move in a position that is not over")?;
            output::print(&format!("redfool plays {}\n", pos.san(m)))?;
            pos.make(m);
            continue;
        }
        output::print("your move: ")?;
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => return output::print("\n"),
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read the move: {e}")),
        }
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let list: Vec<String> = legal_moves(&pos).into_iter().map(|m| pos.clone().san(m)).collect();
                output::print(&format!("legal moves: {}\n", list.join(" ")))?;
                continue;
            }
            _ => {}
        }
        // UCI first; a text that is no UCI move at all is tried as SAN.
        let parsed = match pos.parse_uci(text) {
            Err(movegen::MoveError::Syntax { .. }) => pos.parse_san(text),
            other => other,
        };
        match parsed {
            Ok(m) => {
                let san = pos.san(m);
                output::print(&format!("you play {san}\n"))?;
                pos.make(m);
            }
            Err(e) => output::print(&format!("{e}\n"))?,
        }
    }
}
