//! `redfool match` refuses bad input with a clear message on standard
//! error and exit status 2: options, engines that cannot play, openings
//! and output files.

mod match_support;

use match_support::*;

fn good_pair(rest: &[&str]) -> Vec<String> {
    match_args(&scripted("A", "good", 0), &scripted("B", "good", 0), rest)
}

#[test]
fn help_is_not_an_error() {
    let output = redfool(&["match", "--help"]);
    assert!(output.status.success());
    assert!(text(&output.stdout).starts_with("usage: redfool match -engine cmd=<path>"));
}

#[test]
fn option_mistakes_name_the_option() {
    let stderr = refused(&good_pair(&["--games", "2", "--depth", "1", "--colour", "red"]));
    assert_eq!(stderr, "redfool: --colour: unknown option (try redfool match --help)\n");
    let stderr = refused(&good_pair(&["--games", "2"]));
    assert_eq!(
        stderr,
        "redfool: -engine: 'A' has no limit: give tc=, st=, nodes= or depth= to -engine or -each \
         (or --tc, --st, --nodes, --depth)\n"
    );
}

#[test]
fn an_engine_that_cannot_start_is_named() {
    let missing = vec!["cmd=/nonexistent/engine".to_string()];
    let stderr = refused(&match_args(&missing, &scripted("B", "good", 0), &["--games", "2", "--depth", "1"]));
    assert!(
        stderr.starts_with("redfool: engine '/nonexistent/engine': cannot start '/nonexistent/engine': "),
        "{stderr}"
    );
}

#[test]
fn an_unknown_engine_option_is_refused() {
    let mut with_hash = scripted("A", "good", 0);
    with_hash.push("option.Hash=16".into());
    let stderr = refused(&match_args(&with_hash, &scripted("B", "good", 0), &["--games", "2", "--depth", "1"]));
    assert_eq!(stderr, "redfool: engine 'A': has no option 'Hash' (its options: UCI_Variant)\n");
}

#[test]
fn bad_openings_name_the_file_and_line() {
    let epd = temp_file("bad.epd");
    std::fs::write(&epd, "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nrnbqkbnr/pppppppp w\n").unwrap();
    let stderr = refused(&good_pair(&["--games", "2", "--depth", "1", "--openings", epd.to_str().unwrap()]));
    assert!(stderr.starts_with(&format!("redfool: {}:2: ", epd.display())), "{stderr}");
    let pgn = temp_file("bad.pgn");
    std::fs::write(&pgn, "[Variant \"Red Fool\"]\n\n1. Nc3 Nc8\n2. Qd4 *\n").unwrap();
    let stderr = refused(&good_pair(&["--games", "2", "--depth", "1", "--openings", pgn.to_str().unwrap()]));
    assert_eq!(stderr, format!("redfool: {}: line 4: half-move 3: illegal move 'Qd4'\n", pgn.display()));
    let missing = temp_file("missing.epd");
    let stderr = refused(&good_pair(&["--games", "2", "--depth", "1", "--openings", missing.to_str().unwrap()]));
    assert!(stderr.starts_with(&format!("redfool: cannot read openings '{}': ", missing.display())), "{stderr}");
}

#[test]
fn an_unwritable_pgn_file_is_refused_before_the_match() {
    let directory = std::env::temp_dir();
    let stderr = refused(&good_pair(&["--games", "2", "--depth", "1", "--pgnout", directory.to_str().unwrap()]));
    assert!(stderr.starts_with(&format!("redfool: cannot write the PGN file '{}': ", directory.display())), "{stderr}");
}

#[test]
fn chess960_needs_a_variant_with_chess960_arrays() {
    let stderr = refused(&good_pair(&["--variant", "tamruat", "--chess960", "--games", "2", "--depth", "1"]));
    assert_eq!(
        stderr,
        "redfool: --chess960: tamruat has no Chess960 start arrays (give its positions with --openings)\n"
    );
}
