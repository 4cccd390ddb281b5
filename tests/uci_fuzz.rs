//! A bounded, seeded fuzz of the UCI front end through the real binary:
//! mutated FENs of every variant, garbage bytes (control characters, NUL,
//! invalid UTF-8, long tokens), random commands and options, commands sent
//! during a search or a perft, and the end of input at odd moments.
//!
//! After every case the engine must answer `isready` within 2 s (while
//! whatever the case started still runs, and again once it is stopped), and
//! a valid `position` + `go depth 3` must return a move that the rules core
//! finds legal. One engine process serves many cases; a case that ends the
//! input starts a new one, after checking that the old one exited with 0.
//!
//! A failure prints the case number and its lines; the seed makes it
//! replayable (`UCI_FUZZ_SEED=<n>` runs another sequence).

mod support;

use movegen::{with_variant, Position, VariantKind};
use std::time::{Duration, Instant};
use support::Engine;

const CASES: usize = 4000;
/// One case in this many ends the input.
const EOF_EVERY: usize = 150;
const READY_WITHIN: Duration = Duration::from_secs(2);

/// A fixed-seed xorshift.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rqnbbnkr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RQNBBNKR w HAha - 0 1",
    "4k3/8/3*4/3p4/8/8/8/8/8/4K3 w - d8 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/7K/8/4P3/8/2u1ok2/8/6q1 b - - 5 67 1101000101011000 - 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1",
    "4k3/8/8/8/3o4/8/8/4K3 b - - 0 1 0000000000000000 - 2w",
];

const WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "go",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "searchmoves",
    "perft",
    "infinite",
    "ponder",
    "Hash",
    "Threads",
    "MultiPV",
    "UCI_Variant",
    "UCI_Chess960",
    "UCI_ShowWDL",
    "Clear",
    "Greedy",
    "Move",
    "Overhead",
    "true",
    "false",
    "redfool",
    "chess",
    "tamruat",
    "checkered",
    "fischerandom",
    "standard",
    "shogi",
    "e2e4",
    "e7e5",
    "g1f3",
    "g1f3@d4",
    "g10f8@d4",
    "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR",
    "\t",
    "g10f8@c5",
    "e1g1",
    "e1h1",
    "e10e9",
    "h7e4,c3c7",
    "a7a8q",
    "0000",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "4294967296",
    "99999999999999999999",
    "*",
    "@",
    "/",
    "-",
    "w",
    "b",
    "KQkq",
    "\u{1F600}",
    "\u{2028}",
    "é",
];

/// Options with values that keep a `go depth 3` quick.
const OPTIONS: &[&str] = &[
    "setoption name Hash value 1",
    "setoption name Hash value 64",
    "setoption name Hash value 0",
    "setoption name Hash value x",
    "setoption name Threads value 2",
    "setoption name Threads value 1",
    "setoption name Threads value 0",
    "setoption name MultiPV value 3",
    "setoption name MultiPV value 1",
    "setoption name UCI_Chess960 value true",
    "setoption name UCI_Chess960 value false",
    "setoption name UCI_ShowWDL value true",
    "setoption name Greedy value true",
    "setoption name Greedy value false",
    "setoption name Ponder value true",
    "setoption name Clear Hash",
    "setoption name Move Overhead value 5000",
    "setoption name UCI_AnalyseMode value true",
    "setoption name UCI_Opponent value GM 2800 human X",
];

const GOS: &[&str] = &[
    "go depth 2",
    "go nodes 500",
    "go movetime 20",
    "go wtime 100 btime 100",
    "go wtime -5 btime 10 winc 1 binc 1 movestogo 1",
    "go mate 1",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go perft 9",
    "go perft 2",
    "go searchmoves e2e4 d2d4 depth 3",
    "go",
];

fn mutate_fen(rng: &mut Rng) -> String {
    let mut fen: Vec<char> = rng.pick(FENS).chars().collect();
    const CHARS: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '*', '1', '2', '8', '9', '0', '/', ' ', '-', 'w',
        'a', 'h', 'x', 's', 'o', 'c', 'u', 't', 'L', 'X', 'E', '\0', '\r', '\t', '@',
    ];
    for _ in 0..1 + rng.below(4) {
        if fen.is_empty() {
            break;
        }
        let at = rng.below(fen.len());
        match rng.below(4) {
            0 => fen[at] = CHARS[rng.below(CHARS.len())],
            1 => {
                fen.remove(at);
            }
            2 => fen.insert(at, CHARS[rng.below(CHARS.len())]),
            _ => fen.truncate(at),
        }
    }
    let mut fen: String = fen.into_iter().collect();
    if rng.chance(5) {
        fen = fen.replacen(
            " 0 1",
            &format!(
                " {} {}",
                rng.pick(&["4294967295", "99999999999999999999", "-3"]),
                rng.pick(&["0", "4294967295", "1"])
            ),
            1,
        );
    }
    fen
}

fn random_words(rng: &mut Rng) -> String {
    (0..rng.below(9)).map(|_| rng.pick(WORDS)).collect::<Vec<_>>().join(" ")
}

/// Random bytes, some of them not UTF-8, one of them maybe a long token.
fn garbage(rng: &mut Rng) -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..rng.below(60)).map(|_| (rng.next() % 256) as u8).filter(|&b| b != b'\n').collect();
    if rng.chance(10) {
        bytes.extend(std::iter::repeat_n(b'A' + rng.below(26) as u8, 10_000 + rng.below(100_000)));
    }
    bytes
}

/// The command word of a line, as the engine reads it.
fn command_of(line: &[u8]) -> String {
    String::from_utf8_lossy(line).trim().split(char::is_whitespace).next().unwrap_or("").to_string()
}

/// A line whose first word would end the session is not sent in the
/// middle of a batch.
fn ends_session(line: &[u8]) -> bool {
    command_of(line) == "quit"
}

/// One case: the lines to send.
fn case(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = Vec::new();
    match rng.below(6) {
        0 => {
            let moves = if rng.chance(2) { format!(" moves {}", random_words(rng)) } else { String::new() };
            lines.push(format!("position fen {}{moves}", mutate_fen(rng)).into_bytes());
            if rng.chance(2) {
                lines.push(rng.pick(GOS).as_bytes().to_vec());
            }
        }
        1 => lines.push(garbage(rng)),
        2 => lines.push(random_words(rng).into_bytes()),
        3 => {
            lines.push(rng.pick(OPTIONS).as_bytes().to_vec());
            lines.push(
                format!(
                    "setoption name UCI_Variant value {}",
                    rng.pick(&["redfool", "Chess", "tamruat", "checkered", "chess960", "xx"])
                )
                .into_bytes(),
            );
        }
        _ => {
            // Commands while a search or a perft runs.
            lines.push(b"position startpos".to_vec());
            lines.push(
                rng.pick(&["go infinite", "go depth 30", "go perft 9", "go ponder", "go movetime 50"])
                    .as_bytes()
                    .to_vec(),
            );
            for _ in 0..1 + rng.below(4) {
                let line = match rng.below(5) {
                    0 => rng.pick(GOS).to_string(),
                    1 => rng.pick(OPTIONS).to_string(),
                    2 => format!("position fen {}", mutate_fen(rng)),
                    3 => rng.pick(&["isready", "ponderhit", "stop", "ucinewgame", "d", "uci"]).to_string(),
                    _ => random_words(rng),
                };
                lines.push(line.into_bytes());
            }
        }
    }
    lines.retain(|line| !ends_session(line));
    lines
}

/// Sends `isready` and waits for its `readyok` (after `pending` ones the
/// case asked for itself), failing the case after 2 s.
fn ready(engine: &mut Engine, pending: usize, context: &str) {
    engine.send("isready");
    for _ in 0..=pending {
        let (lines, ok) = engine.read_within(READY_WITHIN, |l| l == "readyok");
        let tail: Vec<&String> = lines.iter().rev().take(5).collect();
        assert!(ok, "{context}: no readyok within {READY_WITHIN:?}; last lines {tail:#?}");
        for line in &lines {
            assert!(!line.chars().any(|c| c.is_control()), "{context}: a control character in {line:?}");
        }
    }
}

/// Stops whatever runs, then checks that a valid search returns a legal
/// move; `pending` is the number of `isready` the case sent.
fn check_sane(engine: &mut Engine, pending: usize, variant: VariantKind, context: &str) {
    ready(engine, pending, context);
    engine.send("stop");
    engine.send("ucinewgame");
    ready(engine, 0, context);
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position startpos");
    engine.send("go depth 3");
    let (lines, best) = engine.bestmove();
    let legal = with_variant!(variant, V => Position::<V>::startpos().parse_uci(&best).is_ok());
    assert!(legal, "{context}: '{best}' is not a legal {variant} move; {lines:#?}");
}

#[test]
fn uci_survives_a_seeded_fuzz() {
    let seed = std::env::var("UCI_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5DEE_CE66_D1CE_4E5B_u64);
    let mut rng = Rng(seed | 1);
    let started = Instant::now();
    let mut engine = Engine::start();
    for number in 0..CASES {
        let lines = case(&mut rng);
        let context = format!(
            "case {number} (seed {seed}): {:?}",
            lines.iter().map(|l| String::from_utf8_lossy(&l[..l.len().min(120)]).into_owned()).collect::<Vec<_>>()
        );
        if number % EOF_EVERY == EOF_EVERY - 1 {
            // The end of input, maybe in the middle of a line.
            for line in &lines {
                engine.send_bytes(line);
                engine.send_bytes(b"\n");
            }
            if rng.chance(2) {
                engine.send_bytes(b"go infinite");
            }
            let code = std::mem::replace(&mut engine, Engine::start()).close().code();
            assert_eq!(code, Some(0), "{context}: exit status after the end of input");
            continue;
        }
        for line in &lines {
            engine.send_bytes(line);
            engine.send_bytes(b"\n");
        }
        let pending = lines.iter().filter(|line| command_of(line) == "isready").count();
        check_sane(&mut engine, pending, VariantKind::ALL[number % VariantKind::ALL.len()], &context);
    }
    assert_eq!(engine.close().code(), Some(0));
    eprintln!("{CASES} cases in {:?}", started.elapsed());
}
