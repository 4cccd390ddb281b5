//! Helpers shared by the `redfool match` integration tests: running the
//! binary, the broken test engines, and checking the PGN files it writes.

#![allow(dead_code)] // each test file uses its own subset

use matchrunner::pgn::{self, PgnGame};
use movegen::{Variant, VariantKind};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The `redfool` binary under test.
pub const REDFOOL: &str = env!("CARGO_BIN_EXE_redfool");

/// Stockfish as the Debian package installs it (CI installs it).
pub const STOCKFISH: &str = "/usr/games/stockfish";

/// Runs `redfool` with `args`.
pub fn redfool(args: &[&str]) -> Output {
    Command::new(REDFOOL).args(args).output().expect("the redfool binary runs")
}

/// Text of an output stream.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The Python interpreter itself, found once: version-manager shims in
/// front of it can take longer to start than the timeouts the tests use.
fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let output = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs the scripted test engines");
        text(&output.stdout).trim().to_string()
    })
}

/// The `--engine` values of the scripted engine in `mode` that misbehaves
/// from its own move `after` on (see tests/engines/broken_engine.py).
pub fn scripted(name: &str, mode: &str, after: u32) -> Vec<String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/broken_engine.py");
    vec![
        format!("cmd={}", python()),
        format!("arg={script}"),
        format!("arg={mode}"),
        format!("arg={after}"),
        format!("name={name}"),
    ]
}

/// A fresh path in the temporary directory, unique to this test process.
pub fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("redfool-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `redfool match` arguments: two `--engine` groups and the rest.
pub fn match_args(first: &[String], second: &[String], rest: &[&str]) -> Vec<String> {
    let mut args = vec!["match".to_string(), "--engine".to_string()];
    args.extend(first.iter().cloned());
    args.push("--engine".to_string());
    args.extend(second.iter().cloned());
    args.extend(rest.iter().map(|s| s.to_string()));
    args
}

/// Runs a match and insists that it succeeded.
pub fn play(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = redfool(&args);
    assert!(
        output.status.success(),
        "redfool {args:?} failed\nstdout:\n{}\nstderr:\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    output
}

/// Runs `redfool` and returns its standard error, insisting on exit status 2.
pub fn refused(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = redfool(&args);
    assert_eq!(output.status.code(), Some(2), "redfool {args:?}\nstdout:\n{}", text(&output.stdout));
    text(&output.stderr)
}

/// Reads the games of a PGN file.
pub fn read_pgn(path: &Path) -> Vec<PgnGame> {
    let text = std::fs::read_to_string(path).expect("the PGN file exists");
    pgn::parse(&text).unwrap_or_else(|e| panic!("the PGN does not parse: {e}\n{text}"))
}

/// Checks one game of the runner's PGN with the rules core: its moves
/// replay legally from its start, its tags agree with its moves, and a game
/// ended by the rules really is over, with the result the rules give; any
/// other game is not over by the rules.
pub fn check_game<V: Variant>(game: &PgnGame, chess960: bool) {
    let replay = pgn::replay::<V>(game, chess960).unwrap_or_else(|e| panic!("{e} in {game:?}"));
    let tag = |name: &str| game.tag(name).unwrap_or_else(|| panic!("no {name} tag in {game:?}"));
    assert_eq!(tag("Variant"), pgn::variant_tag(V::KIND, chess960));
    assert_eq!(tag("PlyCount"), replay.moves.len().to_string());
    assert_eq!(game.result.as_deref(), Some(tag("Result")));
    // Tools that ignore [Variant] must see the board: any game not on 8x8
    // carries its FEN.
    let eight_by_eight = V::KIND == VariantKind::Chess || V::KIND == VariantKind::Checkered;
    if replay.start_fen != V::START_FEN || !eight_by_eight {
        assert_eq!((tag("SetUp"), tag("FEN")), ("1", replay.start_fen.as_str()));
    }
    match (tag("Termination"), replay.position.outcome()) {
        ("normal", Some(outcome)) => assert_eq!(tag("Result"), outcome.result(), "{game:?}"),
        ("normal", None) => panic!("a normal termination in an unfinished game: {game:?}"),
        (_, outcome) => assert_eq!(outcome, None, "{game:?}"),
    }
}

/// Checks every game of a PGN file in the variant named `variant`.
pub fn check_pgn(path: &Path, variant: VariantKind, chess960: bool) -> Vec<PgnGame> {
    let games = read_pgn(path);
    for game in &games {
        movegen::with_variant!(variant, V => check_game::<V>(game, chess960));
    }
    games
}

/// The score of the engine named `name` in `game`: 1, ½ or 0.
pub fn points_of(name: &str, game: &PgnGame) -> f64 {
    let white = game.tag("White") == Some(name);
    match (game.tag("Result"), white) {
        (Some("1-0"), true) | (Some("0-1"), false) => 1.0,
        (Some("1/2-1/2"), _) => 0.5,
        _ => 0.0,
    }
}

/// Plays redfool against itself: `games` games of `variant` at depth 2 (in
/// rounds of two games from one opening), two at once, after four random
/// plies, plus the `extra` arguments. Insists
/// that every game finished, checks each with [`check_game`], and returns
/// the games.
pub fn self_match(variant: VariantKind, games: usize, extra: &[&str]) -> Vec<PgnGame> {
    let engine = |name: &str| vec![format!("cmd={REDFOOL}"), format!("name={name}"), "option.Hash=16".into()];
    let pgn = temp_file(&format!("{}-self.pgn", variant.name()));
    let rounds = (games / 2).to_string();
    let mut rest = vec!["--variant", variant.name(), "--rounds", &rounds, "--depth", "2", "--concurrency", "2"];
    rest.extend(["--random-plies", "4", "--seed", "11", "--pgnout", pgn.to_str().unwrap()]);
    rest.extend(extra);
    let stdout = text(&play(&match_args(&engine("Self-A"), &engine("Self-B"), &rest)).stdout);
    let title = format!("Results of Self-A vs Self-B ({}, depth 2):", variant.pgn_name());
    assert!(stdout.contains(&title), "{stdout}");
    // The final report is the last (one comes every ten games too).
    let finished = stdout.lines().rev().find_map(|line| line.trim().strip_prefix("Games"));
    let finished = finished.and_then(|rest| rest.split_whitespace().next());
    assert_eq!(finished, Some(format!("{games}:").as_str()), "{stdout}");
    let played = check_pgn(&pgn, variant, false);
    assert_eq!(played.len(), games);
    played
}
