//! `redfool bench [depth]`: searches a fixed set of positions of every
//! variant (Red Fool and Red Fool 960, chess and Chess960, Tam Ruat,
//! Checkered chess) to a fixed depth, one thread, a fresh table for each, and
//! prints the total node count and speed in the format Stockfish and
//! OpenBench use. The node count is deterministic, so it serves as the
//! search's signature: a change that alters it changes the search.

use crate::limits::Limits;
use crate::search::{SearchOptions, Searcher, Signals};
use movegen::{with_variant, Position, Variant, VariantKind};
use std::io::Write;
use std::time::{Duration, Instant};

/// The depth searched when none is given: a few seconds in a release build.
pub const DEFAULT_DEPTH: u32 = 10;
/// Transposition table size in MiB.
const HASH_MB: usize = 16;

/// A position of the bench: variant, Chess960 castling, FEN.
type BenchPosition = (VariantKind, bool, &'static str);

const POSITIONS: &[BenchPosition] = &[
    // Red Fool: the start, middlegames from play-outs, rule positions.
    (VariantKind::RedFool, false, "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    (VariantKind::RedFool, false, "rnkq1r2/1p3pp1/p1n3b1/2p4p/8/1B1pP*b1/3P1P2/P1P4N/2N2KPP/1R5R w - - 19 33"),
    (VariantKind::RedFool, false, "r4r2/p*1bk3/npp1p2p/2R5/3K2p1/2P2p2/1b2PPPP/1P1PB3/2NN4/7R b - - 1 36"),
    (VariantKind::RedFool, false, "2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21"),
    (VariantKind::RedFool, false, "*nb2b1r/pp1k1p1p/4pn2/2pp2p1/8/5P2/2PPP1P1/1qN2Q2/PP5P/RNB1KB1R b KQ - 2 12"),
    (VariantKind::RedFool, false, "rn1qkbr1/p3ppQp/8/1ppp4/8/3N3n/1*2b3/1P6/P1PP1PPP/R1B1K1NR w KQq - 1 13"),
    (VariantKind::RedFool, false, "2r2knr/4ppbp/2p5/p1*2bp1/3p1P2/8/2PP1P1P/N5PN/PP4B1/R1BK2QR w - - 1 19"),
    (VariantKind::RedFool, false, "r2qkbnr/p1ppp1pp/np6/2*2p1N/8/8/2P1b1Q1/2N3P1/PP1P1P1P/R1B1KB1R b KQkq - 0 9"),
    (VariantKind::RedFool, false, "k7/p6*/2p5/3p4/8/8/8/2P5/PR1N4/K7 w - - 0 1"),
    (VariantKind::RedFool, false, "k7/7*/5P2/6r1/8/8/8/8/1R6/2K2R2 w - - 0 1"),
    (VariantKind::RedFool, false, "k5r1/8/8/8/4p3/8/3p4/6*1/4P3/4K3 w - - 0 1"),
    (VariantKind::RedFool, false, "r3k2r/8/8/8/8/8/8/8/8/R*2K2R w KQkq - 0 1"),
    (VariantKind::RedFool, false, "7k/8/8/8/8/2p2B2/8/8/2*5/K7 w - - 0 1"),
    (VariantKind::RedFool, false, "2n5/1P1*4/8/8/8/8/8/8/8/K6k w - - 0 1"),
    (VariantKind::RedFool, true, "rqnbbnkr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RQNBBNKR w HAha - 0 1"),
    (VariantKind::RedFool, true, "b2*n1kr/p1p1prp1/5p1p/1p1p4/8/8/3P2P1/P1PNPPq1/1P3R1P/B1QN2KR w H - 1 16"),
    // Chess and Chess960.
    (VariantKind::Chess, false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    (VariantKind::Chess, false, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    (VariantKind::Chess, false, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (VariantKind::Chess, false, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
    (VariantKind::Chess, false, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
    (VariantKind::Chess, false, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    (VariantKind::Chess, true, "nqbnr3/ppppp1k1/5Q1p/6b1/3r1P2/1PP2N2/P2PP1PP/2BNRKRB b GE - 2 10"),
    (VariantKind::Chess, true, "rbbk1r2/4pppp/p1pp1N2/1pn2P2/1PPP3P/8/P2nP1P1/RB1KQNR1 w GAa - 0 14"),
    (VariantKind::Chess, true, "rbqn2rk/pppp4/5np1/P3pp1p/1PN5/2P2b1P/1R1PPPP1/2QNK1BR b - - 1 14"),
    (VariantKind::Chess, true, "rn4rb/p1ppk3/qp1n4/4p1pP/5Q2/2KP3P/PP2PN2/RN1R2B1 b - - 6 15"),
    (VariantKind::Chess, true, "1rn1qbrn/p1ppk2p/1p6/4p3/P3PpQ1/1P3PN1/N1PP4/BR2KBR1 b - e3 0 14"),
    (VariantKind::Chess, true, "2rk1rbn/pp3p1p/3pp3/qnN3p1/1PP2P2/4P1P1/P2P3B/1BKRQR1N w fc - 1 11"),
    (VariantKind::Chess, true, "r2Qb1n1/p1pn4/qrkp2p1/1p5p/2PPPpP1/1RB2P1P/PP6/R1KB1NN1 b - - 2 15"),
    (VariantKind::Chess, true, "qnrbbknr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBKNR w HChc - 0 1"),
    // Tam Ruat: the start and self-play middlegames (depth 5 after four
    // random plies, seeds 1-3 of the script in the commit adding them).
    (
        VariantKind::TamRuat,
        false,
        "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1",
    ),
    (
        VariantKind::TamRuat,
        false,
        "ra2b1kb2ar/lupup1pup1p1/4n2n1l2/3x3ux2u/12/5X5R/12/1q10/U7U3/1P8L1/L2PUP1PUPU1/RAXNBQKBN1A1 w - - 11 13",
    ),
    (
        VariantKind::TamRuat,
        false,
        "r5kb2ar/1upup2upup1/1l1au1pq2l1/12/8n3/3nX2x1b2/7x4/3B2A5/6U1U3/1P2NX6/L1UPUP1P1PUL/RA2BQK1N2R w - - 4 21",
    ),
    (
        VariantKind::TamRuat,
        false,
        "1a2bk1b1r2/1u1un1pup1pl/1l3p6/7u1a2/12/8n3/6B5/12/3P5Q2/5PBUP1L1/1PU1qNUP2U1/RAX3K1N3 w - - 6 31",
    ),
    // Checkered chess: the start and self-play middlegames, as above.
    (VariantKind::Checkered, false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1"),
    (
        VariantKind::Checkered,
        false,
        "r2qkbnr/pp1b1pp1/8/2ssp2p/7P/1P3P2/P1PP2P1/R1BQKcNR w KQkq - 5 13 1111011011000110 a6f1 1",
    ),
    (
        VariantKind::Checkered,
        false,
        "r1b1k2r/p1pp2pp/5n2/Pp6/6Pq/3B1P2/R1P1s2P/1NKQ2nR w kq - 0 21 0110111110111111 e3e2 1",
    ),
    (VariantKind::Checkered, false, "r2qk2r/pp4p1/2pbp3/1P4s1/3sN2p/P2Q3s/1s1PK3/1R5R w - - 0 31 1001110111101110 - 1"),
];

/// The totals of a bench run.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    /// Nodes searched over all positions: the signature of the search.
    pub nodes: u64,
    /// The time the searches took.
    pub elapsed: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth`, calling `each` with the
/// position's number, FEN, best move (UCI) and nodes.
pub fn bench(depth: u32, mut each: impl FnMut(usize, &str, &str, u64)) -> BenchResult {
    let mut searcher = Searcher::new(HASH_MB);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let options = SearchOptions { threads: 1, multipv: 1, move_overhead: 0, skill: None };
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    for (number, &(variant, chess960, fen)) in POSITIONS.iter().enumerate() {
        // Emptying the table is not search time (Stockfish's bench, too,
        // restarts its clock after clearing).
        searcher.clear();
        let start = Instant::now();
        let (best, count) =
            with_variant!(variant, V => search_one::<V>(&mut searcher, chess960, fen, &limits, &options));
        elapsed += start.elapsed();
        nodes += count;
        each(number + 1, fen, &best, count);
    }
    BenchResult { nodes, elapsed }
}

fn search_one<V: Variant>(
    searcher: &mut Searcher,
    chess960: bool,
    fen: &str,
    limits: &Limits,
    options: &SearchOptions,
) -> (String, u64) {
    let pos = Position::<V>::from_fen(fen, chess960).expect("bench FENs are valid");
    let result = searcher.search(&pos, limits, options, &Signals::default(), &mut |_| {});
    (result.best.map_or_else(|| "(none)".to_string(), |m| pos.uci(m)), result.nodes)
}

/// Runs `bench [depth]` from the command line.
pub fn run(args: &[String]) -> Result<(), String> {
    let depth = match args {
        [] => DEFAULT_DEPTH,
        [text] => match text.parse() {
            Ok(depth) if (1..=64).contains(&depth) => depth,
            _ => return Err(format!("bench: depth '{text}' is not a number from 1 to 64")),
        },
        [_, extra, ..] => return Err(format!("bench: unexpected argument '{extra}' (usage: bench [depth])")),
    };
    let total = POSITIONS.len();
    let mut out = std::io::stdout().lock();
    let mut written = Ok(());
    let result = bench(depth, |number, fen, best, nodes| {
        if written.is_ok() {
            written = writeln!(out, "Position {number}/{total}: {fen}: bestmove {best}, {nodes} nodes");
        }
    });
    written
        .and_then(|()| writeln!(out, "Total time (ms): {}", result.elapsed.as_millis()))
        .and_then(|()| writeln!(out, "Nodes searched: {}", result.nodes))
        .and_then(|()| writeln!(out, "Nodes/second: {}", result.nps()))
        .map_err(|e| format!("bench: cannot write the output: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_valid() {
        assert!(POSITIONS.len() >= 30);
        for &(variant, chess960, fen) in POSITIONS {
            let ok = with_variant!(variant, V => Position::<V>::from_fen(fen, chess960).is_ok());
            assert!(ok, "{fen}");
        }
    }

    #[test]
    fn bad_arguments_are_errors() {
        assert!(run(&["x".to_string()]).unwrap_err().contains("'x'"));
        assert!(run(&["0".to_string()]).is_err());
        assert!(run(&["3".to_string(), "4".to_string()]).unwrap_err().contains("'4'"));
    }
}
