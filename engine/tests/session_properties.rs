//! Property test of the UCI command loop (issue #16): arbitrary command
//! lines — mutated valid commands of every variant, random words of the
//! protocol, arbitrary text — fed to `engine::uci::Session::execute` never
//! panic, neither on the input thread nor on the search thread (whose
//! failure the session survives but reports as "the search thread failed").
//!
//! The session writes its answers straight to standard output, which the
//! test harness does not capture, so the cases run in a child process (this
//! test binary again, running the ignored test `session_cases`) whose output
//! the parent reads and checks.
//!
//! The cases come from a fixed seed; `PROPTEST_RNG_SEED=<n>` or
//! `PROPTEST_CASES=<n>` explores others.

use engine::uci::{Flow, Session};
use movegen::VariantKind;
use proptest::prelude::*;
use std::process::Command;

#[path = "../../movegen/tests/proptest_support/mod.rs"]
mod proptest_support;
use proptest_support::{config, mutated};

#[test]
fn arbitrary_commands_never_panic_the_session() {
    let output = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", "session_cases", "--ignored", "--nocapture", "--test-threads", "1"])
        .output()
        .expect("the test binary runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "the cases failed:\n{stderr}");
    assert!(stdout.contains("1 passed"), "the cases did not run: {stdout:.2000}");
    assert!(!stderr.contains("panicked"), "a thread panicked:\n{stderr}");
    assert!(!stdout.contains("the search thread failed"), "the search thread panicked:\n{stderr}");
    // The cases ran searches to their end: each `go` ends in a `bestmove`.
    assert!(stdout.matches("\nbestmove ").count() > 100, "too few searches ran");
}

/// Valid commands to mutate, over every variant.
const COMMANDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value redfool",
    "setoption name UCI_Variant value checkered",
    "setoption name UCI_Variant value tamruat",
    "setoption name UCI_Variant value fischerandom",
    "setoption name UCI_Chess960 value true",
    "setoption name Hash value 1",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name UCI_ShowWDL value true",
    "setoption name Greedy value true",
    "setoption name Clear Hash",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3",
    "position startpos moves e2e4@f4 e9e7",
    "position fen rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves g1f3@d4",
    "position fen 7k/8/3*4/3p4/8/8/8/8/8/4K3 w - d8 0 1",
    "position fen 8/7K/8/4P3/8/2u1ok2/8/6q1 b - - 5 67 1101000101011000 - 1 moves f3e4",
    "position fen raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - 0 1",
    "go depth 2",
    "go nodes 500",
    "go movetime 5",
    "go wtime 100 btime 100 winc 1 binc 1 movestogo 3",
    "go depth 3 searchmoves e2e4 d2d4",
    "go mate 1",
    "go infinite",
    "go ponder depth 2",
    "go perft 2",
    "ponderhit",
    "stop",
    "d",
    "eval",
];

const WORDS: &[&str] = &[
    "go",
    "position",
    "setoption",
    "name",
    "value",
    "startpos",
    "fen",
    "moves",
    "depth",
    "nodes",
    "perft",
    "stop",
    "infinite",
    "ponder",
    "searchmoves",
    "wtime",
    "movetime",
    "Hash",
    "UCI_Variant",
    "0",
    "1",
    "-1",
    "99999999999",
    "e2e4",
    "g1f3@d4",
    "h7e4,c3c7",
    "8/8",
    "*",
    "@",
    "",
];

/// The syntax of commands.
const ALPHABET: &[char] = &[' ', '@', '/', '0', '9', '\t', '\0'];

fn command_line() -> impl Strategy<Value = String> {
    let words = prop::collection::vec(prop::sample::select(WORDS), 1..8).prop_map(|w| w.join(" "));
    prop_oneof![4 => prop::sample::select(COMMANDS).prop_map(str::to_string), 4 => mutated(COMMANDS, ALPHABET, 3), 2 => words, 1 => any::<String>()]
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    #[ignore = "run in a child process by arbitrary_commands_never_panic_the_session"]
    fn session_cases(
        variant in prop::sample::select(&VariantKind::ALL[..]),
        lines in prop::collection::vec(command_line(), 1..12),
    ) {
        let mut session = Session::starting_in(variant, false);
        for line in &lines {
            if session.execute(line.trim()) == Flow::Quit {
                break;
            }
        }
        // Whatever came before, the session still plays.
        session.finish_search(true);
        prop_assert_eq!(session.execute("position startpos"), Flow::Continue);
        prop_assert_eq!(session.execute("go depth 1"), Flow::Continue);
        session.finish_search(false);
    }
}
