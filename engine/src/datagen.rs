//! Self-play for tuning and testing: balanced random openings, and games
//! the engine plays against itself at a fixed budget, recorded position by
//! position with the search's score and the game's result.
//!
//! Everything here is a function of a seed: an opening or a game numbered
//! `n` of seed `s` is the same whoever plays it and on how many threads,
//! because each game gets its own random stream and its own searcher, and a
//! fixed node or depth budget does not depend on the clock.
//!
//! # The data line format
//!
//! One position per line, three fields separated by ` | `:
//!
//! ```text
//! <FEN> | <score> | <result>
//! ```
//!
//! `score` is the search's score in centipawns from White's point of view;
//! `result` is the game's result from White's point of view, `1.0`, `0.5`
//! or `0.0`. A game's positions are followed by one line
//! `# game <n> result <1-0|1/2-1/2|0-1> plies <p> (<how it ended>)`, so a
//! file holds whole games only when it ends with such a line: see
//! [`DataFile`].
//!
//! # Which positions are kept
//!
//! Tuning fits the static evaluation to results, so only positions whose
//! static evaluation means something are written ("quiet" positions):
//! not in check, and with a best move that is not noisy ([`is_noisy`]: a
//! capture, a promotion, or a move the Fool answers by killing a piece).
//! Positions with a mate score are left out as well.

use crate::limits::Limits;
use crate::search::{SearchOptions, Searcher, Signals};
use movegen::{chess960_start_fen, legal_moves, Colour, Move, MoveKind, Position, Score, Variant, CHESS960_COUNT};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

/// How long each move is searched: a fixed budget, so that games are
/// reproducible and independent of the machine's load.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// This many nodes a move (`--nodes`).
    Nodes(u64),
    /// This many plies a move (`--depth`).
    Depth(u32),
}

impl Budget {
    fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits { nodes: Some(n), ..Limits::default() },
            Budget::Depth(d) => Limits { depth: Some(d), ..Limits::default() },
        }
    }
}

/// Transposition table size of each self-play searcher, in mebibytes:
/// enough for a few thousand nodes a move, small enough for many threads.
const HASH_MB: usize = 16;

/// A game whose score has stayed at least this far (centipawns) from 0
/// for [`WIN_PLIES`] plies in a row, the same side ahead, is adjudicated
/// a win for that side.
pub const WIN_SCORE: i32 = 1000;
/// See [`WIN_SCORE`].
pub const WIN_PLIES: usize = 4;
/// After [`DRAW_FROM_PLY`] plies, a game whose score has stayed within
/// this many centipawns of 0 for [`DRAW_PLIES`] plies is adjudicated a draw.
pub const DRAW_SCORE: i32 = 10;
/// See [`DRAW_SCORE`].
pub const DRAW_PLIES: usize = 12;
/// See [`DRAW_SCORE`].
pub const DRAW_FROM_PLY: usize = 80;
/// A game not decided after this many plies from its opening is a draw.
pub const MAX_PLIES: usize = 400;

/// A game's result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// 1-0, written `1.0`.
    WhiteWins,
    /// ½-½, written `0.5`.
    Draw,
    /// 0-1, written `0.0`.
    BlackWins,
}

impl GameResult {
    /// The result won by `winner` (`None`: a draw).
    pub fn won_by(winner: Option<Colour>) -> GameResult {
        match winner {
            Some(Colour::White) => GameResult::WhiteWins,
            Some(Colour::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
    /// White's share of the point: 1, 0.5 or 0.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWins => 1.0,
            GameResult::Draw => 0.5,
            GameResult::BlackWins => 0.0,
        }
    }
    /// As PGN writes it.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
        }
    }
}

/// One quiet position of a game: a line of the data format.
#[derive(Clone, PartialEq, Debug)]
pub struct Sample {
    /// The position.
    pub fen: String,
    /// The search's score in centipawns, White's point of view.
    pub score: i32,
    /// How the game this position came from ended.
    pub result: GameResult,
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} | {} | {:.1}", self.fen, self.score, self.result.white_score())
    }
}

/// Why a data line is not a [`Sample`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SampleError {
    /// Not three fields separated by ` | `.
    Fields(usize),
    /// The score is not a whole number.
    Score(String),
    /// The result is not `1.0`, `0.5` or `0.0`.
    Result(String),
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::Fields(n) => write!(f, "expected 3 fields 'FEN | score | result', found {n}"),
            SampleError::Score(text) => write!(f, "the score '{text}' is not a whole number of centipawns"),
            SampleError::Result(text) => write!(f, "the result '{text}' is not 1.0, 0.5 or 0.0"),
        }
    }
}

impl std::error::Error for SampleError {}

impl FromStr for Sample {
    type Err = SampleError;
    /// Reads a data line (the FEN is not checked here: that needs the variant).
    fn from_str(line: &str) -> Result<Sample, SampleError> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [fen, score, result] = fields[..] else { return Err(SampleError::Fields(fields.len())) };
        let score = score.parse().map_err(|_| SampleError::Score(score.to_string()))?;
        let result = match result {
            "1.0" | "1" => GameResult::WhiteWins,
            "0.5" => GameResult::Draw,
            "0.0" | "0" => GameResult::BlackWins,
            _ => return Err(SampleError::Result(result.to_string())),
        };
        Ok(Sample { fen: fen.to_string(), score, result })
    }
}

/// How a self-play game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// By the rules (mate, stalemate, repetition, fifty moves…).
    Rules,
    /// The search found a forced mate.
    MateFound,
    /// Adjudicated: see [`WIN_SCORE`].
    Won,
    /// Adjudicated: see [`DRAW_SCORE`].
    Drawn,
    /// [`MAX_PLIES`] reached.
    TooLong,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::Rules => "by the rules",
            Ending::MateFound => "mate found",
            Ending::Won => "adjudicated won",
            Ending::Drawn => "adjudicated drawn",
            Ending::TooLong => "too long, drawn",
        })
    }
}

/// A finished self-play game: its quiet positions, its result, how long it
/// was and how it ended.
#[derive(Clone, PartialEq, Debug)]
pub struct Game {
    /// The positions kept, in the order they were played.
    pub samples: Vec<Sample>,
    /// The result, played out or adjudicated.
    pub result: GameResult,
    /// Plies played from the opening.
    pub plies: usize,
    /// Why the game ended.
    pub ending: Ending,
}

impl Game {
    /// The game as data lines: its samples, then the game's closing line
    /// (`# game <number> …`), each line ending in a newline.
    pub fn to_lines(&self, number: u64) -> String {
        let mut text = String::new();
        for sample in &self.samples {
            text.push_str(&format!("{sample}\n"));
        }
        text.push_str(&format!(
            "{GAME_END}{number} result {} plies {} ({})\n",
            self.result.pgn(),
            self.plies,
            self.ending
        ));
        text
    }
}

/// How every game's closing line starts.
pub const GAME_END: &str = "# game ";

/// What a data file already holds, for appending to it safely.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DataFile {
    /// Whole games in the file.
    pub games: u64,
    /// Bytes up to the end of the last whole game's closing line: what an
    /// append keeps.
    pub complete_len: usize,
}

impl DataFile {
    /// Reads a data file's text: counts its whole games and finds where
    /// the last one ends. Anything after it — the positions of a game an
    /// interrupted run did not finish, a partial last line — is not part
    /// of a whole game.
    pub fn scan(text: &str) -> DataFile {
        let mut file = DataFile { games: 0, complete_len: 0 };
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            offset += line.len();
            if line.ends_with('\n') && line.starts_with(GAME_END) {
                file.games += 1;
                file.complete_len = offset;
            }
        }
        file
    }
}

/// True when `m` changes the material on the board: a capture, a
/// promotion (in Checkered chess also a capture taking the victim's
/// nature), or a move after which the Fool kills a piece. Such positions
/// are not quiet, and the static evaluation misjudges them.
pub fn is_noisy<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    m.kind() == MoveKind::Promotion || pos.captured_by(m).is_some() || pos.fool_victim(m).is_some()
}

/// The random stream of game (or opening) number `index` of `seed`.
pub fn rng_for(seed: u64, index: u64) -> StdRng {
    StdRng::seed_from_u64(seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// How openings are made: `plies` random legal moves from the start
/// position (a random Chess960 array when `chess960`), kept when a search
/// of `budget` scores the result within `margin` centipawns of 0.
#[derive(Clone, Copy, Debug)]
pub struct OpeningRules {
    /// Random moves played from the start.
    pub plies: usize,
    /// Start from a random Chess960 array.
    pub chess960: bool,
    /// The largest score, in centipawns either way, an opening may keep.
    pub margin: i32,
    /// The search that judges the opening.
    pub budget: Budget,
}

/// A self-play engine: one single-threaded searcher.
pub struct SelfPlay {
    searcher: Searcher,
    options: SearchOptions,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay { searcher: Searcher::new(HASH_MB), options: SearchOptions::default() }
    }
}

impl SelfPlay {
    /// Searches `pos` at `budget`: the best move and its score (side to move's view).
    fn search<V: Variant>(&mut self, pos: &Position<V>, budget: Budget) -> Option<(Move, Score)> {
        let result = self.searcher.search(pos, &budget.limits(), &self.options, &Signals::default(), &mut |_| {});
        result.best.map(|m| (m, result.score))
    }

    /// A balanced opening made by `rules` from `rng`: a position after
    /// `rules.plies` random moves, not over, that the search scores within
    /// `rules.margin`; the score (White's view) comes with it. Tries until
    /// one is found.
    pub fn opening<V: Variant>(&mut self, rules: &OpeningRules, rng: &mut StdRng) -> (Position<V>, i32) {
        loop {
            let Some(pos) = random_opening::<V>(rules.plies, rules.chess960, rng) else { continue };
            self.searcher.clear();
            if let Some((_, Score::Cp(score))) = self.search(&pos, rules.budget) {
                if score.abs() <= rules.margin {
                    let white = white_view(&pos, score);
                    return (pos, white);
                }
            }
        }
    }

    /// Plays game number `index` of `seed`: from an opening made by
    /// `openings`, each move searched at `budget`, until the rules or the
    /// adjudication end it.
    pub fn game<V: Variant>(&mut self, seed: u64, index: u64, openings: &OpeningRules, budget: Budget) -> Game {
        let mut rng = rng_for(seed, index);
        let (mut pos, _) = self.opening::<V>(openings, &mut rng);
        pos.clear_history();
        self.searcher.clear();
        let mut samples = Vec::new();
        let (mut winning, mut drawish) = (0usize, 0usize);
        let mut last_sign = 0;
        for ply in 0..MAX_PLIES {
            if let Some(outcome) = pos.outcome() {
                return finish(samples, GameResult::won_by(outcome.winner()), ply, Ending::Rules);
            }
            let Some((best, score)) = self.search(&pos, budget) else {
                unreachable!("a game that is not over has a legal move")
            };
            let cp = match score {
                Score::Mate(n) => {
                    let mover = pos.side_to_move();
                    let winner = if n > 0 { mover } else { !mover };
                    return finish(samples, GameResult::won_by(Some(winner)), ply, Ending::MateFound);
                }
                Score::Cp(cp) => white_view(&pos, cp),
            };
            if !pos.in_check() && !is_noisy(&pos, best) {
                samples.push(Sample { fen: pos.fen(), score: cp, result: GameResult::Draw });
            }
            let sign = cp.signum();
            winning =
                if cp.abs() >= WIN_SCORE && sign == last_sign { winning + 1 } else { (cp.abs() >= WIN_SCORE) as usize };
            last_sign = sign;
            if winning >= WIN_PLIES {
                let winner = if sign > 0 { Colour::White } else { Colour::Black };
                return finish(samples, GameResult::won_by(Some(winner)), ply + 1, Ending::Won);
            }
            drawish = if cp.abs() <= DRAW_SCORE { drawish + 1 } else { 0 };
            if ply >= DRAW_FROM_PLY && drawish >= DRAW_PLIES {
                return finish(samples, GameResult::Draw, ply + 1, Ending::Drawn);
            }
            pos.make(best);
        }
        finish(samples, GameResult::Draw, MAX_PLIES, Ending::TooLong)
    }
}

/// Runs `produce` for the numbers `first`, `first + 1`, … on `threads`
/// threads, each with its own [`SelfPlay`], and hands the results to
/// `consume` in number order whatever thread made them, so that its output
/// does not depend on the thread count. Stops when `consume` returns
/// `Ok(false)` or an error (which is returned).
pub fn in_order<T: Send, E>(
    threads: usize,
    first: u64,
    produce: impl Fn(&mut SelfPlay, u64) -> T + Sync,
    mut consume: impl FnMut(u64, T) -> Result<bool, E>,
) -> Result<(), E> {
    let next = AtomicU64::new(first);
    let done = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, T)>();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (sender, next, done, produce) = (sender.clone(), &next, &done, &produce);
            scope.spawn(move || {
                let mut player = SelfPlay::default();
                while !done.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if sender.send((index, produce(&mut player, index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut expected = first;
        let outcome = 'consume: {
            for (index, item) in &receiver {
                waiting.insert(index, item);
                while let Some(item) = waiting.remove(&expected) {
                    match consume(expected, item) {
                        Ok(true) => expected += 1,
                        Ok(false) => break 'consume Ok(()),
                        Err(e) => break 'consume Err(e),
                    }
                }
            }
            Ok(())
        };
        // The workers finish the item in hand, and their sends then fail.
        done.store(true, Ordering::Relaxed);
        drop(receiver);
        outcome
    })
}

/// The game with its result written into every sample.
fn finish(mut samples: Vec<Sample>, result: GameResult, plies: usize, ending: Ending) -> Game {
    samples.iter_mut().for_each(|s| s.result = result);
    Game { samples, result, plies, ending }
}

/// `score` (side to move's view) from White's point of view.
fn white_view<V: Variant>(pos: &Position<V>, score: i32) -> i32 {
    match pos.side_to_move() {
        Colour::White => score,
        Colour::Black => -score,
    }
}

/// `plies` random legal moves from the start position (a random Chess960
/// array when `chess960`); `None` when the game ended on the way.
pub fn random_opening<V: Variant>(plies: usize, chess960: bool, rng: &mut impl Rng) -> Option<Position<V>> {
    let fen =
        if chess960 { chess960_start_fen::<V>(rng.gen_range(0..CHESS960_COUNT))? } else { V::START_FEN.to_string() };
    let mut pos = Position::<V>::from_fen(&fen, chess960).expect("start positions are valid");
    for _ in 0..plies {
        let m = *legal_moves(&pos).choose(rng)?;
        pos.make(m);
        if pos.outcome().is_some() {
            return None;
        }
    }
    Some(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool};

    #[test]
    fn a_sample_line_reads_back_as_written() {
        let sample = Sample {
            fen: "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            score: -37,
            result: GameResult::BlackWins,
        };
        let line = sample.to_string();
        assert_eq!(line, "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | -37 | 0.0");
        assert_eq!(line.parse::<Sample>(), Ok(sample));
        assert_eq!("a | b".parse::<Sample>(), Err(SampleError::Fields(2)));
        assert_eq!("x | 1.5 | 1.0".parse::<Sample>(), Err(SampleError::Score("1.5".to_string())));
        assert_eq!("x | 12 | 2".parse::<Sample>(), Err(SampleError::Result("2".to_string())));
    }

    #[test]
    fn a_scan_counts_whole_games_and_stops_before_an_unfinished_one() {
        let game = "fen a | 1 | 1.0\n# game 0 result 1-0 plies 9 (by the rules)\n";
        let text = format!("{game}{game}fen b | 3 | 0.5\nfen c | 4");
        let file = DataFile::scan(&text);
        assert_eq!(file, DataFile { games: 2, complete_len: 2 * game.len() });
        // A closing line cut short does not count.
        let cut = &text[..game.len() + game.len() - 3];
        assert_eq!(DataFile::scan(cut), DataFile { games: 1, complete_len: game.len() });
    }

    #[test]
    fn noisy_moves_are_captures_promotions_and_fool_kills() {
        let pos = Position::<Chess>::from_fen("rn2k3/1P6/8/8/8/8/8/R3K3 w - - 0 1", false).unwrap();
        let noisy: Vec<String> =
            legal_moves(&pos).into_iter().filter(|&m| is_noisy(&pos, m)).map(|m| pos.uci(m)).collect();
        assert_eq!(noisy.len(), 5, "{noisy:?}");
        assert!(noisy.contains(&"a1a8".to_string()) && noisy.contains(&"b7a8n".to_string()));
        // In Red Fool Chess a quiet base move the Fool answers by a kill is noisy.
        let pos = Position::<RedFool>::startpos();
        let kills = legal_moves(&pos).into_iter().filter(|&m| pos.fool_victim(m).is_some()).count();
        let noisy = legal_moves(&pos).into_iter().filter(|&m| is_noisy(&pos, m)).count();
        assert_eq!(noisy, kills);
    }

    #[test]
    fn openings_and_games_are_a_function_of_the_seed() {
        let rules = OpeningRules { plies: 6, chess960: false, margin: 60, budget: Budget::Nodes(400) };
        let (a, score) = SelfPlay::default().opening::<RedFool>(&rules, &mut rng_for(7, 3));
        let (b, _) = SelfPlay::default().opening::<RedFool>(&rules, &mut rng_for(7, 3));
        assert_eq!(a.fen(), b.fen());
        assert!(score.abs() <= 60);
        let (c, _) = SelfPlay::default().opening::<RedFool>(&rules, &mut rng_for(7, 4));
        assert_ne!(a.fen(), c.fen());
        let first = SelfPlay::default().game::<Chess>(5, 0, &rules, Budget::Nodes(300));
        let mut reused = SelfPlay::default();
        reused.game::<Chess>(5, 1, &rules, Budget::Nodes(300));
        assert_eq!(reused.game::<Chess>(5, 0, &rules, Budget::Nodes(300)), first);
    }

    #[test]
    fn a_game_keeps_only_quiet_positions_and_writes_its_result_into_each() {
        let rules = OpeningRules { plies: 6, chess960: false, margin: 100, budget: Budget::Nodes(300) };
        let game = SelfPlay::default().game::<RedFool>(11, 0, &rules, Budget::Nodes(300));
        assert!(!game.samples.is_empty() && game.samples.len() <= game.plies);
        for sample in &game.samples {
            assert_eq!(sample.result, game.result);
            let pos = Position::<RedFool>::from_fen(&sample.fen, false).unwrap();
            assert!(!pos.in_check(), "{}", sample.fen);
            assert!(sample.score.abs() < WIN_SCORE * 4, "{sample}");
        }
    }
}
