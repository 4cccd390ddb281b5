//! Openings: the positions games start from, read from EPD or PGN files,
//! optionally extended by random moves. Every opening is checked against
//! the rules when it is loaded, so a bad book fails before the first game.

use super::pgn::{self, PgnError};
use movegen::{legal_moves, FenError, Move, Position, Variant};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;
use std::path::Path;

/// Where a game starts: a position and the moves already played from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Opening {
    /// The FEN, as the rules core writes it.
    pub fen: String,
    /// Legal moves from `fen`, which leave the game unfinished.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The variant's start position.
    pub fn start<V: Variant>() -> Opening {
        Opening { fen: V::START_FEN.to_string(), moves: Vec::new() }
    }
}

/// The two kinds of openings file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BookFormat {
    /// One position per line.
    Epd,
    /// Games whose moves are played from their start.
    Pgn,
}

/// Why an openings file could not be used.
#[derive(Debug)]
pub enum OpeningError {
    Read {
        path: String,
        error: std::io::Error,
    },
    /// A line of an EPD file is not a position.
    Epd {
        path: String,
        line: usize,
        error: FenError,
    },
    Pgn {
        path: String,
        error: PgnError,
    },
    /// An opening whose game is already over.
    Finished {
        path: String,
        line: usize,
        outcome: String,
    },
    Empty {
        path: String,
    },
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Read { path, error } => write!(f, "cannot read openings '{path}': {error}"),
            OpeningError::Epd { path, line, error } => write!(f, "{path}:{line}: {error}"),
            OpeningError::Pgn { path, error } => write!(f, "{path}: {error}"),
            OpeningError::Finished { path, line, outcome } => {
                write!(f, "{path}:{line}: the opening's game is already over ({outcome})")
            }
            OpeningError::Empty { path } => write!(f, "{path}: no openings in the file"),
        }
    }
}

impl std::error::Error for OpeningError {}

/// Reads the openings of an EPD file (one position per line) or a PGN file
/// (each game's moves from its start position, at most `plies` of them):
/// in `format`, or by the file's extension, or by its first character when
/// the extension says neither.
pub fn load<V: Variant>(
    path: &Path,
    format: Option<BookFormat>,
    plies: Option<usize>,
    chess960: bool,
) -> Result<Vec<Opening>, OpeningError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| OpeningError::Read { path: name.clone(), error })?;
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let format = format.unwrap_or(match extension.as_deref() {
        Some("pgn") => BookFormat::Pgn,
        Some("epd") => BookFormat::Epd,
        _ if text.trim_start().starts_with('[') => BookFormat::Pgn,
        _ => BookFormat::Epd,
    });
    let mut openings = match format {
        BookFormat::Pgn => from_pgn::<V>(&text, chess960, &name)?,
        BookFormat::Epd => from_epd::<V>(&text, chess960, &name)?,
    };
    if let Some(plies) = plies {
        openings.iter_mut().for_each(|opening| opening.moves.truncate(plies));
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty { path: name });
    }
    Ok(openings)
}

/// One opening per non-blank line: four FEN fields, then either the rest
/// of a FEN (the two clocks and any fields of the variant's own) or EPD
/// operations (`hmvc` and `fmvn` give the clocks, others
/// are ignored). Lines starting with `#` are comments; a leading
/// byte-order mark is skipped.
fn from_epd<V: Variant>(text: &str, chess960: bool, path: &str) -> Result<Vec<Opening>, OpeningError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = epd_to_fen(line);
        let position = Position::<V>::from_fen(&fen, chess960).map_err(|error| OpeningError::Epd {
            path: path.to_string(),
            line: number,
            error,
        })?;
        if let Some(outcome) = position.outcome() {
            return Err(OpeningError::Finished { path: path.to_string(), line: number, outcome: outcome.to_string() });
        }
        openings.push(Opening { fen: position.fen(), moves: Vec::new() });
    }
    Ok(openings)
}

/// The FEN of an EPD line (or of a FEN line, which passes unchanged).
fn epd_to_fen(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let board = fields.iter().take(4).copied().collect::<Vec<_>>().join(" ");
    let rest = &fields[fields.len().min(4)..];
    let is_number = |s: &&str| s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty();
    // A whole FEN: the clocks, then any fields of the variant's own (the
    // nine-field FEN of Checkered chess), which the rules core reads.
    if rest.first().is_some_and(is_number) && !line.contains(';') {
        return fields.join(" ");
    }
    let operations = rest.join(" ");
    let operand = |opcode: &str| {
        operations.split(';').find_map(|op| {
            let mut words = op.split_whitespace();
            (words.next() == Some(opcode)).then(|| words.next().unwrap_or("").to_string())
        })
    };
    let halfmove = operand("hmvc").unwrap_or_else(|| "0".to_string());
    let fullmove = operand("fmvn").unwrap_or_else(|| "1".to_string());
    format!("{board} {halfmove} {fullmove}")
}

/// Each game's moves from its start, replayed with the rules core.
fn from_pgn<V: Variant>(text: &str, chess960: bool, path: &str) -> Result<Vec<Opening>, OpeningError> {
    let pgn_error = |error| OpeningError::Pgn { path: path.to_string(), error };
    let mut openings = Vec::new();
    for game in pgn::parse(text).map_err(pgn_error)? {
        let replay = pgn::replay::<V>(&game, chess960).map_err(pgn_error)?;
        if let Some(outcome) = replay.position.outcome() {
            return Err(OpeningError::Finished {
                path: path.to_string(),
                line: game.line,
                outcome: outcome.to_string(),
            });
        }
        let fen = Position::<V>::from_fen(&replay.start_fen, chess960).map_or(replay.start_fen, |p| p.fen());
        openings.push(Opening { fen, moves: replay.moves });
    }
    Ok(openings)
}

/// `opening` extended by up to `plies` random legal moves; it stops early
/// rather than play a move that ends the game.
pub fn with_random_plies<V: Variant>(opening: &Opening, plies: usize, chess960: bool, rng: &mut impl Rng) -> Opening {
    let mut position = Position::<V>::from_fen(&opening.fen, chess960).expect("openings are checked when loaded");
    for &m in &opening.moves {
        position.make(m);
    }
    let mut extended = opening.clone();
    for _ in 0..plies {
        let Some(&m) = legal_moves(&position).choose(rng) else { break };
        position.make(m);
        if position.outcome().is_some() {
            break;
        }
        extended.moves.push(m);
    }
    extended
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn epd_lines_become_fens() {
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k w - - hmvc 7; fmvn 40; c0 \"x\";"), "8/8/8/8/8/8/8/K6k w - - 7 40");
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k b - - id \"a\";"), "8/8/8/8/8/8/8/K6k b - - 0 1");
        assert_eq!(epd_to_fen("8/8/8/8/8/8/8/K6k b - - 3 9"), "8/8/8/8/8/8/8/K6k b - - 3 9");
    }

    #[test]
    fn a_checkered_fen_keeps_its_own_fields() {
        // Eight plies in: the checkered pieces' field says which are left.
        let fen = "rnbqkbnr/3ppppp/p1p5/8/1p3P2/1P1P3N/P1P1P1PP/RNBQKB1R w KQkq - 0 5 1111101110111111 - 1";
        assert_eq!(epd_to_fen(fen), fen);
        let openings = from_epd::<movegen::Checkered>(&format!("{fen}\n"), false, "c.epd").unwrap();
        assert_eq!(openings[0].fen, fen);
        let start = movegen::Checkered::START_FEN;
        let openings = from_epd::<movegen::Checkered>(&format!("{start}\n"), false, "c.epd").unwrap();
        assert_eq!(openings[0].fen, start);
    }

    #[test]
    fn reads_epd_with_comments_and_reports_bad_lines() {
        let text = "# openings\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5;\n";
        let openings = from_epd::<Chess>(text, false, "book.epd").unwrap();
        assert_eq!(openings.len(), 1);
        assert_eq!(openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let err = from_epd::<Chess>("4k3/8/8/8/8/8/4P3/4K3 w - -\nnot a fen\n", false, "book.epd").unwrap_err();
        assert!(err.to_string().starts_with("book.epd:2: "), "{err}");
        let err = from_epd::<RedFool>(&format!("{}\n", Chess::START_FEN), false, "rf.epd").unwrap_err();
        assert!(err.to_string().starts_with("rf.epd:1: "), "{err}");
    }

    #[test]
    fn skips_a_byte_order_mark() {
        let openings = from_epd::<Chess>("\u{feff}4k3/8/8/8/8/8/4P3/4K3 w - -\n", false, "bom.epd").unwrap();
        assert_eq!(openings[0].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    }

    #[test]
    fn refuses_finished_openings() {
        let err = from_epd::<Chess>("8/8/8/8/8/8/8/K6k w - -\n", false, "kk.epd").unwrap_err();
        assert_eq!(err.to_string(), "kk.epd:1: the opening's game is already over (draw: king against king)");
    }

    #[test]
    fn reads_pgn_openings() {
        let text = "[Event \"a\"]\n1. e4 e5 2. Nf3 *\n\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n1. e4 *\n";
        let openings = from_pgn::<Chess>(text, false, "book.pgn").unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].fen, Chess::START_FEN);
        assert_eq!(openings[0].moves.len(), 3);
        assert_eq!(openings[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let err = from_pgn::<Chess>("1. e4 e4", false, "book.pgn").unwrap_err();
        assert_eq!(err.to_string(), "book.pgn: line 1: half-move 2: illegal move 'e4'");
    }

    #[test]
    fn the_format_and_the_plies_can_be_given() {
        let path = std::env::temp_dir().join(format!("redfool-openings-{}.txt", std::process::id()));
        std::fs::write(&path, "1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
        let openings = load::<Chess>(&path, Some(BookFormat::Pgn), Some(3), false).unwrap();
        assert_eq!(openings[0].moves.len(), 3);
        assert_eq!(load::<Chess>(&path, Some(BookFormat::Pgn), None, false).unwrap()[0].moves.len(), 4);
        // Neither the extension nor a leading '[' says PGN: read as EPD, it fails.
        let err = load::<Chess>(&path, None, None, false).unwrap_err();
        assert!(err.to_string().starts_with(&format!("{}:1: ", path.display())), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn random_plies_are_legal_and_reproducible() {
        let start = Opening::start::<RedFool>();
        let a = with_random_plies::<RedFool>(&start, 8, false, &mut StdRng::seed_from_u64(7));
        let b = with_random_plies::<RedFool>(&start, 8, false, &mut StdRng::seed_from_u64(7));
        assert_eq!(a, b);
        assert_eq!(a.moves.len(), 8);
        let mut position = Position::<RedFool>::startpos();
        for &m in &a.moves {
            assert!(legal_moves(&position).contains(&m));
            position.make(m);
        }
        let c = with_random_plies::<RedFool>(&start, 8, false, &mut StdRng::seed_from_u64(8));
        assert_ne!(a, c);
    }

    #[test]
    fn random_plies_stop_before_the_game_ends() {
        // White to move can only mate or shuffle: 1. Qg7# ends the game.
        let opening = Opening { fen: "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1".to_string(), moves: Vec::new() };
        for seed in 0..20 {
            let extended = with_random_plies::<Chess>(&opening, 6, false, &mut StdRng::seed_from_u64(seed));
            let mut position = Position::<Chess>::from_fen(&extended.fen, false).unwrap();
            for &m in &extended.moves {
                position.make(m);
                assert!(position.outcome().is_none());
            }
        }
    }
}
