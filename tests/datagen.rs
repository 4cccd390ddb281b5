//! `redfool datagen` and `redfool tune` as a person runs them, and the
//! opening suites of tests/data/openings as the match runner reads them.

use engine::datagen::{DataFile, Sample};
use matchrunner::openings::{load, BookFormat};
use movegen::{with_variant, Position, Variant, VariantKind};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn redfool(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_redfool")).args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> Output {
    let out = redfool(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// A fresh path in the temporary directory.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("redfool-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Chess datagen at 300 nodes a move into `out`, with seed 4 unless
/// `extra` names another.
fn datagen(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["datagen", "--variant", "chess", "--nodes", "300", "--out", out.to_str().unwrap()];
    if !extra.contains(&"--seed") {
        args.extend(["--seed", "4"]);
    }
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn the_same_seed_writes_the_same_games_on_any_number_of_threads() {
    let (one, two, other) = (scratch("one"), scratch("two"), scratch("other"));
    datagen(&one, &["--games", "3"]);
    let out = datagen(&two, &["--games", "3", "--threads", "2"]);
    datagen(&other, &["--games", "3", "--seed", "5"]);
    let text = std::fs::read_to_string(&one).unwrap();
    assert_eq!(text, std::fs::read_to_string(&two).unwrap());
    assert_ne!(text, std::fs::read_to_string(&other).unwrap());
    assert!(String::from_utf8_lossy(&out.stderr).contains("wrote 3 games"));
    assert_eq!(DataFile::scan(&text).games, 3);
    // Every line but the closing ones is a quiet position of the variant.
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let sample: Sample = line.parse().unwrap();
        let pos = Position::<movegen::Chess>::from_fen(&sample.fen, false).unwrap();
        assert!(!pos.in_check(), "{line}");
    }
    for path in [one, two, other] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn a_file_is_never_clobbered_and_an_interrupted_run_resumes_as_one_run() {
    let (whole, resumed) = (scratch("whole"), scratch("resumed"));
    datagen(&whole, &["--games", "3"]);
    datagen(&resumed, &["--games", "2"]);
    let out = redfool(&["datagen", "--variant", "chess", "--out", resumed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists: pass --append"));
    // An interrupted run: half of a third game's positions, a partial line.
    let text = std::fs::read_to_string(&whole).unwrap();
    let two_games = DataFile::scan(&std::fs::read_to_string(&resumed).unwrap()).complete_len;
    let torn = &text[..two_games + (text.len() - two_games) / 2];
    std::fs::write(&resumed, torn).unwrap();
    let out = datagen(&resumed, &["--games", "1", "--append"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("dropping"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), text);
    for path in [whole, resumed] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn tune_fits_datagen_output_and_writes_its_source() {
    let (data, source) = (scratch("tune.data"), scratch("tuned.rs"));
    // Eight games are few: on some seeds' games no step of the descent
    // lowers the held-out loss, and the start is kept (seed 4's since the
    // evaluation's eighteenth-session terms, seed 5's since the search's
    // cut-off counts, seed 6's since the blocked passed pawn changed the
    // games, seed 7's since the threat ordering did; of seeds 1 to 8 only 7
    // keeps the start now). Seed 8's descend.
    datagen(&data, &["--games", "8", "--seed", "8"]);
    let out = ok(&[
        "tune",
        "--variant",
        "chess",
        "--data",
        data.to_str().unwrap(),
        "--epochs",
        "20",
        "--out",
        source.to_str().unwrap(),
    ]);
    let notes = String::from_utf8_lossy(&out.stderr);
    assert!(notes.contains("after: loss"), "{notes}");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("//! Command: `redfool tune --variant chess --data"), "{text}");
    assert!(text.contains("pub(super) const WEIGHTS: Weights = Weights {"), "{text}");
    // Frozen fields are written as the variant plays them now, whatever
    // the data says; the other weights move.
    let material = |text: &str| {
        let start = text.find("    material: [").expect("a material field");
        text[start..][..text[start..].find("],").unwrap()].to_string()
    };
    let current =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("eval/src/tuned/chess.rs")).unwrap();
    let (path, data_path) = (source.to_str().unwrap(), data.to_str().unwrap());
    // The targets are the search's own scores, which the evaluation can move
    // towards, and the steps are small: the held-out loss falls and the
    // descent keeps a later epoch than the start. (Large steps overshoot on
    // a few games' data: at rate 20 the start stayed the best once chess's
    // evaluation saw threats.)
    let fit = ["--data", data_path, "--epochs", "20", "--rate", "0.5", "--result-share", "0", "--out", path];
    ok(&[&["tune", "--variant", "chess", "--freeze", "material"], &fit[..]].concat());
    let text = std::fs::read_to_string(&source).unwrap();
    assert_eq!(material(&text), material(&current));
    assert_ne!(text[text.find("WEIGHTS").unwrap()..], current[current.find("WEIGHTS").unwrap()..]);
    ok(&[&["tune", "--variant", "chess"], &fit[..]].concat());
    assert_ne!(material(&std::fs::read_to_string(&source).unwrap()), material(&current));
    for (bad, says) in [
        (["--freeze", "materiel"], "'materiel' is not a weight field; the fields: material,"),
        (["--result-share", "1.5"], "'1.5' is not a number from 0 to 1"),
    ] {
        let out = redfool(&[&["tune", "--variant", "chess", "--data", data_path], &bad[..]].concat());
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{}", String::from_utf8_lossy(&out.stderr));
    }
    // A line that is not data is refused with its place.
    std::fs::write(&data, "x | y\n").unwrap();
    let out = redfool(&["tune", "--variant", "chess", "--data", data.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":1: expected 3 fields"));
    for path in [data, source] {
        std::fs::remove_file(path).unwrap();
    }
}

/// Loads a suite through the match runner's reader.
fn suite<V: Variant>(name: &str, chess960: bool) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/openings").join(format!("{name}.epd"));
    let openings = load::<V>(&path, Some(BookFormat::Epd), None, chess960).unwrap_or_else(|e| panic!("{e}"));
    openings.into_iter().map(|o| o.fen).collect()
}

#[test]
fn every_opening_suite_reads_whole_and_distinct() {
    for (name, kind, chess960) in [
        ("chess", VariantKind::Chess, false),
        ("chess960", VariantKind::Chess, true),
        ("redfool", VariantKind::RedFool, false),
        ("redfool960", VariantKind::RedFool, true),
        ("tamruat", VariantKind::TamRuat, false),
        ("checkered", VariantKind::Checkered, false),
    ] {
        let fens = with_variant!(kind, V => suite::<V>(name, chess960));
        assert_eq!(fens.len(), 300, "{name}");
        assert_eq!(fens.iter().collect::<HashSet<_>>().len(), 300, "{name}: duplicates");
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/openings/{name}.epd")),
        )
        .unwrap();
        // The reader keeps every field, the Checkered ones included.
        for (fen, line) in fens.iter().zip(text.lines().filter(|l| !l.starts_with('#'))) {
            assert_eq!(fen, line, "{name}");
        }
    }
}
