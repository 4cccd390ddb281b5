//! Issue #16's UCI defects, each replayed against the binary: `go perft`
//! on the search thread, PV and ponder moves written from the position they
//! are played in, Hash allocation (fast, one table at a time, a failure
//! survived), escaped echoes, and messages that say what is wrong.

mod support;

use movegen::{legal_moves, Checkered, Chess, Position, RedFool, TamRuat, Variant};
use std::process::Command;
use std::time::{Duration, Instant};
use support::Engine;

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error")).collect()
}

/// `isready` must be answered within this, whatever the engine is doing.
const READY_WITHIN: Duration = Duration::from_secs(2);

#[track_caller]
fn assert_ready_soon(engine: &mut Engine) -> Vec<String> {
    engine.send("isready");
    let (mut lines, ready) = engine.read_within(READY_WITHIN, |l| l == "readyok");
    assert!(ready, "no readyok within {READY_WITHIN:?}: {lines:#?}");
    lines.pop();
    lines
}

#[test]
fn go_perft_runs_on_the_search_thread() {
    let mut engine = Engine::start();
    engine.ask("position startpos");
    engine.send("go perft 20");
    std::thread::sleep(Duration::from_millis(300));
    let during = assert_ready_soon(&mut engine);
    assert!(during.iter().all(|l| !l.starts_with("Nodes searched")), "{during:#?}");
    engine.send("stop");
    let (lines, ended) = engine.read_within(READY_WITHIN, |l| l.starts_with("Nodes searched"));
    assert!(ended, "stop did not end the perft: {lines:#?}");
    let last = lines.last().unwrap();
    assert!(last.contains("(incomplete: stopped after "), "a stopped count is marked: {last}");
    // The moves finished before the stop are listed with their counts.
    let listed: u64 = lines.iter().filter_map(|l| l.split_once(": ")?.1.parse::<u64>().ok()).sum();
    let total: u64 = last["Nodes searched: ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert_eq!(listed, total, "{lines:#?}");

    // A complete count is still right and unmarked.
    engine.send("go perft 3");
    let lines = engine.read_until("perft total", |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(lines.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count(), 20);

    // The end of input during a long perft ends the engine, with code 0.
    engine.send("go perft 12");
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    assert_eq!(engine.close().code(), Some(0));
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?} to exit", started.elapsed());
}

/// A fixed-seed xorshift, so that a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A position reached by random legal moves from `fen`, not yet over.
fn random_position<V: Variant>(fen: &str, chess960: bool, rng: &mut Rng) -> String {
    loop {
        let mut pos = Position::<V>::from_fen(fen, chess960).unwrap();
        let plies = 2 + rng.below(40);
        for _ in 0..plies {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len())]);
        }
        if !legal_moves(&pos).is_empty() && pos.outcome().is_none() {
            return pos.fen();
        }
    }
}

/// Plays the UCI texts from `fen`, each of which must be the text of a
/// legal move of the position it is played in (exactly as the rules core
/// writes it there).
#[track_caller]
fn assert_replays<V: Variant>(fen: &str, chess960: bool, texts: &[&str], context: &str) {
    let mut pos = Position::<V>::from_fen(fen, chess960).unwrap();
    for (i, text) in texts.iter().enumerate() {
        let m = pos
            .parse_uci(text)
            .unwrap_or_else(|e| panic!("move {} '{text}' of {context} is not legal in {}: {e}", i + 1, pos.fen()));
        assert_eq!(&pos.uci(m), text, "move {} of {context} in {}", i + 1, pos.fen());
        pos.make(m);
    }
}

/// Searches `fen` and replays every PV of every `info` line, and the
/// best and ponder moves.
fn check_lines<V: Variant>(engine: &mut Engine, fen: &str, chess960: bool, go: &str) {
    assert!(errors(&engine.ask(&format!("position fen {fen}"))).is_empty(), "{fen}");
    engine.send(go);
    let (lines, _) = engine.bestmove();
    for line in &lines {
        if let Some((_, pv)) = line.split_once(" pv ") {
            let texts: Vec<&str> = pv.split_whitespace().collect();
            assert_replays::<V>(fen, chess960, &texts, line);
        }
    }
    let last: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
    match last.as_slice() {
        ["bestmove", best] => assert_replays::<V>(fen, chess960, &[best], "bestmove"),
        ["bestmove", best, "ponder", ponder] => {
            assert_replays::<V>(fen, chess960, &[best, ponder], &format!("bestmove {best} ponder {ponder}"))
        }
        other => panic!("bad bestmove line {other:?} for {fen}"),
    }
}

#[test]
fn checkered_switch_ponder_move_is_written_after_the_best_move() {
    // Issue #16's example: after f3e4 the switch is h7e4,c3c7, not f3h7,c3c7.
    let mut engine = Engine::start_with(&["--variant", "checkered"]);
    check_lines::<Checkered>(
        &mut engine,
        "8/7K/8/4P3/8/2u1ok2/8/6q1 b - - 5 67 1101000101011000 - 1",
        false,
        "go depth 6",
    );
    assert_eq!(engine.close().code(), Some(0));
}

/// Replays the lines of searches of four random positions reached from
/// `start` in variant `V`.
fn check_random_positions<V: Variant>(engine: &mut Engine, start: &str, chess960: bool, depth: u32, seed: u64) {
    engine.ask(&format!("setoption name UCI_Variant value {}", V::KIND.name()));
    engine.ask(&format!("setoption name UCI_Chess960 value {chess960}"));
    let mut rng = Rng(seed);
    for _ in 0..4 {
        let fen = random_position::<V>(start, chess960, &mut rng);
        check_lines::<V>(engine, &fen, chess960, &format!("go depth {depth}"));
    }
}

#[test]
fn every_pv_and_ponder_move_replays_legally_in_every_variant() {
    let mut engine = Engine::start();
    engine.ask("setoption name MultiPV value 3");
    check_random_positions::<RedFool>(&mut engine, RedFool::START_FEN, false, 4, 0x2545_F491_4F6C_DD1D);
    let red_fool_960 = "rqnbbnkr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RQNBBNKR w HAha - 0 1";
    check_random_positions::<RedFool>(&mut engine, red_fool_960, true, 4, 7);
    check_random_positions::<Chess>(&mut engine, Chess::START_FEN, false, 5, 11);
    // Castling still possible on either side after a few moves.
    let castles = "r3k2r/pppqbppp/2n2n2/3pp3/3PP3/2N2N2/PPPQBPPP/R3K2R w KQkq - 0 1";
    check_random_positions::<Chess>(&mut engine, castles, true, 5, 13);
    check_random_positions::<TamRuat>(&mut engine, TamRuat::START_FEN, false, 3, 17);
    check_random_positions::<Checkered>(&mut engine, Checkered::START_FEN, false, 4, 19);
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn echoed_input_cannot_forge_a_line() {
    let mut engine = Engine::start();
    engine.send_bytes(b"position x\rbestmove e2e4\n");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].starts_with("info string error: ") && lines[0].contains("x\\rbestmove"), "{lines:#?}");
    assert!(!lines[0].contains('\r'), "a raw carriage return: {:?}", lines[0]);

    engine.send_bytes(b"position startpos moves e2e4\0 \x1b[2J\n");
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(!lines[0].chars().any(|c| c.is_control()), "{:?}", lines[0]);
    assert!(lines[0].contains("e2e4\\0"), "{:?}", lines[0]);

    // A one-megabyte option name comes back cut short.
    let name = "N".repeat(1 << 20);
    let lines = engine.ask(&format!("setoption name {name} value 1"));
    assert_eq!(lines.len(), 1);
    assert!(lines[0].contains("unknown option 'NNNN") && lines[0].contains('…'), "{}", &lines[0][..100]);
    assert!(lines[0].len() < 200, "{} bytes echoed", lines[0].len());
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn a_line_of_many_megabytes_is_skipped_in_bounded_memory() {
    let mut engine = Engine::start();
    let pid = engine.pid();
    engine.sync();
    let before = status_kb(pid, "VmHWM:");
    for _ in 0..4 {
        engine.send_bytes(&vec![b'q'; 16 << 20]);
    }
    engine.send("");
    let lines = engine.sync();
    assert_eq!(lines, ["info string error: a command line longer than 16 MiB was ignored"]);
    let grown = status_kb(pid, "VmHWM:") - before;
    assert!(grown < 40 << 10, "64 MiB on one line took {grown} kB");
    assert!(engine.ask("position startpos").is_empty(), "the next line is read as usual");
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn messages_say_what_is_wrong() {
    let mut engine = Engine::start();
    for variant in ["chess", "tamruat"] {
        engine.ask(&format!("setoption name UCI_Variant value {variant}"));
        let lines = engine.ask("position startpos moves g1f3@d4");
        assert!(lines[0].contains("this variant has no Fool"), "{variant}: {lines:#?}");
        assert!(!lines[0].contains("not a legal answer"), "{variant}: {lines:#?}");
    }
    engine.ask("setoption name UCI_Variant value chess");
    engine.ask("position startpos");
    for go in ["go perft 4294967296", "go perft 99999999999999999999999", "go depth 4294967296"] {
        let lines = engine.ask(go);
        assert!(lines[0].contains("out of range"), "{go}: {lines:#?}");
        assert!(!lines[0].contains("not a number") && !lines[0].contains("is not a depth"), "{go}: {lines:#?}");
    }
    let lines = engine.ask("setoption name UCI_Variant value shogi");
    assert!(lines[0].contains("unknown variant 'shogi' (known: "), "{lines:#?}");
    assert_eq!(engine.close().code(), Some(0));
}

/// A field of `/proc/<pid>/status` in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("Linux /proc");
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or_else(|| panic!("no {field}"));
    line[field.len() + 1..].trim().trim_end_matches(" kB").trim().parse().unwrap()
}

#[test]
fn a_huge_hash_is_ready_at_once() {
    let mut engine = Engine::start();
    let started = Instant::now();
    engine.send("setoption name Hash value 16384");
    let lines = assert_ready_soon(&mut engine);
    // Where 16 GiB cannot be had, that is said, and nothing else.
    assert!(lines.iter().all(|l| l.contains("cannot allocate a 16384 MiB table")), "{lines:#?}");
    engine.send("ucinewgame");
    assert_ready_soon(&mut engine);
    engine.ask("position startpos");
    engine.send("go depth 3");
    assert!(Position::<Chess>::startpos().parse_uci(&engine.bestmove().1).is_ok());
    engine.send("setoption name Hash value 16");
    assert_ready_soon(&mut engine);
    assert!(started.elapsed() < 3 * READY_WITHIN, "{:?}", started.elapsed());
    assert_eq!(engine.close().code(), Some(0));
}

/// Searches `nodes` nodes of the start position, which stores entries
/// all over the table and so makes its pages resident.
fn fill_table(engine: &mut Engine, nodes: u64) {
    engine.ask("position startpos");
    engine.send(&format!("go nodes {nodes}"));
    engine.bestmove();
}

#[test]
fn hash_resizes_and_clears_hold_one_table_at_a_time() {
    // Address space: a new table built before the old one is freed
    // would need two (as ucinewgame did, freeing after allocating).
    const BIG_MB: u64 = 512;
    let mut engine = Engine::start();
    let pid = engine.pid();
    engine.sync();
    let size_before = status_kb(pid, "VmSize:");
    let big = format!("setoption name Hash value {BIG_MB}");
    for command in [big.as_str(), "setoption name Hash value 511", "ucinewgame", "setoption name Clear Hash", &big] {
        assert!(engine.ask(command).is_empty(), "{command}");
        let peak = status_kb(pid, "VmPeak:");
        assert!(
            peak < size_before + BIG_MB * 1024 * 5 / 4,
            "after '{command}': VmPeak {peak} kB from {size_before} kB"
        );
    }

    // Resident memory: the table is zeroed lazily, so only pages the
    // search writes become resident; each table is filled by a search
    // before it is replaced, and one that was never freed would show.
    const MB: u64 = 64;
    let table_kb = MB * 1024;
    // What a search needs besides its table (a thread and its stack).
    engine.ask("setoption name Hash value 1");
    fill_table(&mut engine, 1_000);
    let resident_before = status_kb(pid, "VmHWM:");
    assert!(engine.ask(&format!("setoption name Hash value {MB}")).is_empty());
    fill_table(&mut engine, 150_000);
    let filled = status_kb(pid, "VmRSS:") - resident_before;
    assert!(filled > table_kb * 3 / 4, "the search made only {filled} kB of a {table_kb} kB table resident");
    for command in
        ["setoption name Hash value 63", "setoption name Hash value 64", "ucinewgame", "setoption name Clear Hash"]
    {
        assert!(engine.ask(command).is_empty(), "{command}");
        fill_table(&mut engine, 150_000);
        let resident = status_kb(pid, "VmHWM:");
        assert!(
            resident < resident_before + table_kb * 5 / 4,
            "after '{command}': VmHWM {resident} kB from {resident_before} kB"
        );
    }
    assert_eq!(engine.close().code(), Some(0));
}

#[test]
fn a_failed_hash_allocation_is_an_error_and_the_engine_plays_on() {
    // At most 1 GiB of address space: a 4 GiB table cannot be had, and two
    // tables of 512 MiB cannot be held at once.
    let mut command = Command::new("sh");
    command.args(["-c", "ulimit -v 1048576 && exec \"$0\"", &support::binary()]);
    let mut engine = Engine::spawn(&mut command);
    let lines = engine.ask("setoption name Hash value 4096");
    assert_eq!(errors(&lines).len(), 1, "{lines:#?}");
    assert!(lines[0].contains("cannot allocate a 4096 MiB table (out of memory); using 16 MiB"), "{lines:#?}");
    for _ in 0..2 {
        assert!(engine.ask("setoption name Hash value 512").is_empty());
    }
    engine.ask("position startpos");
    engine.send("go depth 4");
    assert!(Position::<Chess>::startpos().parse_uci(&engine.bestmove().1).is_ok());
    assert_eq!(engine.close().code(), Some(0));
}
