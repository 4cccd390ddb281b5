//! `redfool analyse`: search a position and print the best lines in SAN
//! (Fool suffixes included) with scores in pawns, for people.

use crate::args::Args;
use crate::game_setup::position_from_args;
use crate::output;
use engine::limits::Limits;
use engine::search::{Bound, Report, Score, SearchInfo, SearchOptions, Searcher, Signals};
use movegen::{with_variant, Colour, Position, Variant};

/// Thinking time when neither `--depth` nor `--movetime` is given.
const DEFAULT_MOVETIME_MS: u64 = 2000;

/// Runs `analyse [--variant V] [--chess960] [--fen FEN | --number N] [--moves M…]
/// [--depth N | --movetime MS] [--multipv K] [--threads N]`.
pub fn run(argv: &[String]) -> Result<(), String> {
    let mut args = Args::new(argv);
    let variant = args.variant()?;
    let depth: Option<u32> = args.parsed("--depth", "a depth")?;
    let movetime: Option<u64> = args.parsed("--movetime", "milliseconds")?;
    let multipv: usize = args.parsed("--multipv", "a line count")?.unwrap_or(1);
    let threads: usize = args.parsed("--threads", "a thread count")?.unwrap_or(1);
    if !(1..=64).contains(&multipv) || !(1..=256).contains(&threads) {
        return Err("--multipv must be 1 to 64 and --threads 1 to 256".to_string());
    }
    let limits =
        Limits { depth, movetime: movetime.or((depth.is_none()).then_some(DEFAULT_MOVETIME_MS)), ..Limits::default() };
    let options = SearchOptions { threads, multipv, ..SearchOptions::default() };
    with_variant!(variant, V => {
        let pos = position_from_args::<V>(&mut args)?;
        args.finish()?;
        analyse(pos, &limits, &options)
    })
}

fn analyse<V: Variant>(pos: Position<V>, limits: &Limits, options: &SearchOptions) -> Result<(), String> {
    if let Some(outcome) = pos.outcome() {
        return output::print(&format!("{}\nthe game is over: {outcome}\n", pos.fen()));
    }
    let mut lines: Vec<Option<SearchInfo>> = vec![None; options.multipv];
    let mut searcher = Searcher::new(64);
    searcher.search(&pos, limits, options, &Signals::default(), &mut |report| {
        if let Report::Info(info) = report {
            if info.bound == Bound::Exact && info.multipv >= 1 && info.multipv <= lines.len() {
                let slot = info.multipv - 1;
                lines[slot] = Some(info);
            }
        }
    });
    let mut text = format!("{}\n", pos.fen());
    let side = match pos.side_to_move() {
        Colour::White => "White",
        Colour::Black => "Black",
    };
    text.push_str(&format!("scores in pawns from {side}'s point of view\n"));
    for info in lines.iter().flatten() {
        text.push_str(&format!(
            "{:>2}. {:>7}  depth {:>2}  {}\n",
            info.multipv,
            pawns(info.score),
            info.depth,
            san_line(&pos, &info.pv)
        ));
    }
    output::print(&text)
}

/// A score for people: `+0.35`, `-1.20`, `#3` (mate in 3), `#-2` (mated in 2).
fn pawns(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// A line of moves in SAN with move numbers: `12. Nf3@d4+ Nc6 13. …`.
pub fn san_line<V: Variant>(pos: &Position<V>, moves: &[movegen::Move]) -> String {
    let mut pos = pos.clone();
    let mut parts = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let number = pos.fullmove_number();
        match pos.side_to_move() {
            Colour::White => parts.push(format!("{number}. {}", pos.san(m))),
            Colour::Black if i == 0 => parts.push(format!("{number}... {}", pos.san(m))),
            Colour::Black => parts.push(pos.san(m)),
        }
        pos.make(m);
    }
    parts.join(" ")
}
