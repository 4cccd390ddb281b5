//! `redfool match` driven as fastchess is: single-dash options, per-engine
//! limits, `-pgnout file=…`, cutechess-style output; variant PGN that
//! tools ignoring `[Variant]` can read, with every move's clock; engines
//! checked before the first game; SPRT bounds checked.

mod match_support;

use match_support::*;
use movegen::VariantKind;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn strings(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

#[test]
fn a_fastchess_command_line_plays_red_fool_and_writes_the_pgn() {
    let pgn = temp_file("fastchess.pgn");
    // The first engine is found through its working directory, as
    // OpenBench's client names engines (dir=Engines/ cmd=./name).
    let binary = Path::new(REDFOOL);
    let in_dir =
        format!("dir={} cmd=./{}", binary.parent().unwrap().display(), binary.file_name().unwrap().to_str().unwrap());
    let engine = |name: &str, cmd: &str| format!("{cmd} name={name} option.Hash=16");
    let line = format!(
        "match -engine {} -engine {} -each tc=1+0.01 nodes=3000 -rounds 2 -games 2 -maxmoves 30 -srand 3 \
         -pgnout file={}",
        engine("RF-A", &in_dir),
        engine("RF-B", &format!("cmd={REDFOOL}")),
        pgn.display()
    );
    let output = play(&strings(&line.split_whitespace().collect::<Vec<_>>()));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("Started game ")).count(), 4, "{stdout}");
    assert!(stdout.contains("Started game 1 of 4 (RF-A vs RF-B)"), "{stdout}");
    assert!(stdout.contains("Results of RF-A vs RF-B (Red Fool, tc 1+0.01, nodes 3000):"), "{stdout}");
    let games = check_pgn(&pgn, VariantKind::RedFool, false);
    assert_eq!(games.len(), 4);
    for game in &games {
        assert_eq!(game.tag("TimeControl"), Some("1+0.01"));
        // Every engine move records its mover's clock, which never exceeds
        // the base time plus the increments earned.
        for (ply, m) in game.moves.iter().enumerate() {
            let clock = m.clock.unwrap_or_else(|| panic!("no [%clk] on half-move {}: {game:?}", ply + 1));
            assert!(clock <= Duration::from_millis(1000 + 10 * (ply as u64 / 2 + 1)), "{clock:?} in {game:?}");
        }
    }
    // The games of a round share the opening (the start position here)
    // with colours swapped.
    let white = |round: &str| games.iter().find(|g| g.tag("Round") == Some(round)).and_then(|g| g.tag("White"));
    assert_eq!((white("1.1"), white("1.2"), white("2.1")), (Some("RF-A"), Some("RF-B"), Some("RF-A")));
}

#[test]
fn pgnout_file_key_names_the_file() {
    // Run in an empty directory: the file must be x.pgn, never "file=x.pgn".
    let dir = temp_file("pgnout-dir");
    std::fs::create_dir_all(&dir).unwrap();
    for (spelling, file) in [("--pgnout", "file=x.pgn"), ("-pgnout", "file=y.pgn")] {
        let args = match_args(
            &scripted("A", "good", 0),
            &scripted("B", "good", 0),
            &["--variant", "chess", "--rounds", "1", "--depth", "1", spelling, file],
        );
        let output = Command::new(REDFOOL).args(&args).current_dir(&dir).output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
        let name = file.strip_prefix("file=").unwrap();
        assert!(!dir.join(file).exists(), "{spelling} {file} wrote a file named '{file}'");
        assert_eq!(check_pgn(&dir.join(name), VariantKind::Chess, false).len(), 2);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cutechess_output_prints_the_lines_tools_parse() {
    let args = match_args(
        &scripted("Good", "good", 0),
        &scripted("Faulty", "illegal", 0),
        &["-variant", "standard", "-rounds", "2", "-depth", "1", "-output", "format=cutechess", "-ratinginterval", "2"],
    );
    let stdout = text(&play(&args).stdout);
    // OpenBench's client reads the game number and the result from these.
    assert!(stdout.contains("Finished game 1 (Good vs Faulty): 1-0 {Black loses: illegal move 'e2e5'}\n"), "{stdout}");
    assert!(stdout.contains("Finished game 2 (Faulty vs Good): 0-1 {White loses: illegal move 'e2e5'}\n"), "{stdout}");
    assert!(stdout.contains("Score of Good vs Faulty: 2 - 0 - 0  [1.000] 2\n"), "{stdout}");
    assert!(stdout.contains("Score of Good vs Faulty: 4 - 0 - 0  [1.000] 4\n"), "{stdout}");
    assert_eq!(stdout.matches("Elo difference: inf +/- ").count(), 2, "after game 2 and at the end: {stdout}");
    assert!(stdout.ends_with("Finished match\n"), "{stdout}");
}

#[test]
fn fastchess_sprt_bounds_must_be_finite() {
    let rest = ["-rounds", "1", "-depth", "1", "--sprt", "elo0=nan", "elo1=inf"];
    let stderr = refused(&match_args(&scripted("A", "good", 0), &scripted("B", "good", 0), &rest));
    assert_eq!(stderr, "redfool: --sprt: elo0 must be a finite number, not 'nan'\n");
    let rest = ["-rounds", "1", "-depth", "1", "-sprt", "elo0=0", "elo1=1e300"];
    let stderr = refused(&match_args(&scripted("A", "good", 0), &scripted("B", "good", 0), &rest));
    assert_eq!(stderr, "redfool: -sprt: elo1 must lie within -1000 and 1000 Elo, not '1e300'\n");
}

/// The `-engine` values of redfool itself, with `extra` ones.
fn redfool_engine(name: &str, extra: &[&str]) -> Vec<String> {
    let mut values = vec![format!("cmd={REDFOOL}"), format!("name={name}")];
    values.extend(extra.iter().map(|e| e.to_string()));
    values
}

#[test]
fn an_option_the_engine_answers_with_an_error_is_refused_before_the_first_game() {
    let pgn = temp_file("refused-option.pgn");
    let args = match_args(
        &redfool_engine("RF", &["option.Hash=abc"]),
        &redfool_engine("RF-2", &[]),
        &["-rounds", "1", "-depth", "1", "-pgnout", &format!("file={}", pgn.display())],
    );
    let stderr = refused(&args);
    assert_eq!(
        stderr,
        "redfool: engine 'RF': answered 'setoption name Hash value abc' with 'info string error: setoption Hash: \
         bad value 'abc', expected an integer from 1 to 16384'\n"
    );
    let played = std::fs::read_to_string(&pgn).unwrap_or_default();
    assert!(played.is_empty(), "a game was played: {played}");
}

#[test]
fn an_engine_without_the_variant_is_refused_before_the_first_game() {
    assert!(Path::new(STOCKFISH).exists(), "install the Debian package stockfish");
    let stockfish = vec![format!("cmd={STOCKFISH}"), "name=SF".to_string()];
    let args = match_args(&redfool_engine("RF", &[]), &stockfish, &["-rounds", "1", "-depth", "1"]);
    assert_eq!(
        refused(&args),
        "redfool: engine 'SF': does not play redfool: it offers no UCI_Variant, so it plays chess only\n"
    );
    // The scripted engine offers chess, redfool and tamruat, and no Chess960.
    for (variant, problem) in [
        ("checkered", "does not play checkered (its UCI_Variant choices: chess, redfool, tamruat)"),
        ("fischerandom", "does not play Chess960: it offers no UCI_Chess960"),
    ] {
        let rest = ["-variant", variant, "-rounds", "1", "-depth", "1"];
        let args = match_args(&scripted("A", "good", 0), &scripted("B", "good", 0), &rest);
        assert_eq!(refused(&args), format!("redfool: engine 'A': {problem}\n"));
    }
}

#[test]
fn stockfish_plays_chess_with_redfool_under_per_engine_limits() {
    // Plain chess needs no UCI_Variant; each engine has its own limit.
    let pgn = temp_file("mixed-limits.pgn");
    let stockfish = vec![format!("cmd={STOCKFISH}"), "name=SF".into(), "option.Threads=1".into(), "nodes=400".into()];
    let args = match_args(
        &redfool_engine("RF", &["depth=1"]),
        &stockfish,
        &["-variant", "standard", "-rounds", "1", "-maxmoves", "20", "-pgnout", &format!("file={}", pgn.display())],
    );
    let stdout = text(&play(&args).stdout);
    assert!(stdout.contains("Results of RF vs SF (Standard, RF: depth 1; SF: nodes 400):"), "{stdout}");
    assert_eq!(check_pgn(&pgn, VariantKind::Chess, false).len(), 2);
}
