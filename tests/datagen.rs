//! `redfool datagen` and `redfool tune` as a person runs them, and the
//! opening suites of tests/data/openings as the match runner reads them.

use engine::datagen::{DataFile, Ending, Game, GameResult, Sample};
use matchrunner::openings::{load, BookFormat};
use movegen::{with_variant, Position, Role, Variant, VariantKind};
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
    // Whether descent helps on a few games' data is luck: this test only
    // reads and writes; `tune_moves_the_weights_the_data_disagrees_with`
    // checks the fit.
    datagen(&data, &["--games", "8"]);
    let (path, data_path) = (source.to_str().unwrap(), data.to_str().unwrap());
    let out = ok(&["tune", "--variant", "chess", "--data", data_path, "--epochs", "20", "--out", path]);
    let notes = String::from_utf8_lossy(&out.stderr);
    assert!(notes.contains("after: loss"), "{notes}");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(text.contains("//! Command: `redfool tune --variant chess --data"), "{text}");
    assert!(text.contains("pub(super) const WEIGHTS: Weights = Weights {"), "{text}");
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
    let out = redfool(&["tune", "--variant", "chess", "--data", data_path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":1: expected 3 fields"));
    for path in [data, source] {
        std::fs::remove_file(path).unwrap();
    }
}

/// SplitMix64: the synthetic data is the same on every run.
struct Rng(u64);

impl Rng {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A legal chess position with `pieces` (FEN letters, both kings among
/// them) on random squares, pawns off the first and last ranks, neither
/// king in check; `white` to move or not.
fn scatter(rng: &mut Rng, pieces: &str, white: bool) -> String {
    loop {
        let mut board = [None; 64];
        for piece in pieces.chars() {
            let sq = loop {
                let sq = rng.below(64);
                if board[sq].is_none() && (!piece.eq_ignore_ascii_case(&'p') || (8..56).contains(&sq)) {
                    break sq;
                }
            };
            board[sq] = Some(piece);
        }
        let ranks: Vec<String> = board
            .chunks(8)
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for square in rank {
                    match square {
                        None => empty += 1,
                        Some(piece) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(*piece);
                        }
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let fen = |side: &str| format!("{} {side} - - 0 1", ranks.join("/"));
        // Each side to move is a legal position: neither king is in check.
        let legal = ["w", "b"]
            .iter()
            .all(|side| Position::<movegen::Chess>::from_fen(&fen(side), false).is_ok_and(|pos| !pos.in_check()));
        if legal {
            return fen(if white { "w" } else { "b" });
        }
    }
}

/// Chess data the evaluation disagrees with, `positions` of it: in half
/// the positions one side is a knight up and wins, in the other half one
/// side is one or two pawns up and the game is drawn (the rest of the
/// material even). The evaluation rates a knight at about three pawns; the
/// scale `k`, fitted to the results, can only stretch every evaluation
/// alike, and no stretch makes the knight's three pawns decisive and one or
/// two pawns nothing: only the knight gaining on the pawn can. The kinds
/// alternate, so the held-out last tenth holds both. Each position is a
/// game of its own, with its result (and a search score that agrees).
fn disagreeing_data(positions: usize) -> String {
    let mut rng = Rng(8);
    let mut text = String::new();
    for number in 0..positions {
        let (knight, white_ahead) = (number % 2 == 0, rng.below(2) == 0);
        // The same pawns and pieces for both sides, then the advantage.
        let pawns = 2 + rng.below(4);
        let pieces = ["", "r", "b", "rb", "rn"][rng.below(5)];
        let mut black = format!("k{}{pieces}", "p".repeat(pawns));
        let mut white = black.to_uppercase();
        let extra = if knight { "n".to_string() } else { "p".repeat(1 + rng.below(2)) };
        if white_ahead {
            white.push_str(&extra.to_uppercase());
        } else {
            black.push_str(&extra);
        }
        let white_to_move = rng.below(2) == 0;
        let fen = scatter(&mut rng, &(white + &black), white_to_move);
        let (result, score, ending) = match (knight, white_ahead) {
            (false, _) => (GameResult::Draw, 0, Ending::Drawn),
            (true, true) => (GameResult::WhiteWins, 600, Ending::Won),
            (true, false) => (GameResult::BlackWins, -600, Ending::Won),
        };
        let game = Game { samples: vec![Sample { fen, score, result }], result, plies: 1, ending };
        text.push_str(&game.to_lines(number as u64 + 1));
    }
    text
}

/// The material field of a generated weights source, as (middlegame,
/// endgame) scores.
fn material(text: &str) -> Vec<(i32, i32)> {
    let start = text.find("    material: [").expect("a material field");
    let field = &text[start..][..text[start..].find("],").unwrap()];
    field
        .lines()
        .filter_map(|line| line.trim().strip_prefix("Score::new(")?.split_once(')'))
        .map(|(pair, _)| {
            let (mg, eg) = pair.split_once(", ").unwrap();
            (mg.parse().unwrap(), eg.parse().unwrap())
        })
        .collect()
}

/// The held-out loss (before, after) in a generated source's header.
fn held_out_loss(text: &str) -> (f64, f64) {
    let line = text.lines().find(|l| l.starts_with("//! Loss (fitted / held out): ")).expect("a loss line");
    let numbers: Vec<f64> =
        line.split_whitespace().filter_map(|w| w.trim_end_matches([',', '.']).parse().ok()).collect();
    (numbers[1], numbers[3])
}

#[test]
fn tune_moves_the_weights_the_data_disagrees_with() {
    // Self-play data would not do: whether descent lowers the held-out
    // loss of a few games depends on the games, which every change to the
    // search changes. Data the evaluation plainly disagrees with must move it.
    let (data, source) = (scratch("disagree.data"), scratch("disagree.rs"));
    std::fs::write(&data, disagreeing_data(1000)).unwrap();
    let current =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("eval/src/tuned/chess.rs")).unwrap();
    let weights = |text: &str| text[text.find("WEIGHTS").unwrap()..].to_string();
    let (path, data_path) = (source.to_str().unwrap(), data.to_str().unwrap());
    let fit = ["--data", data_path, "--epochs", "20", "--out", path];
    // Frozen fields are written as the variant plays them now, whatever
    // the data says; the other weights move, and the held-out loss falls.
    let out = ok(&[&["tune", "--variant", "chess", "--freeze", "material"], &fit[..]].concat());
    let text = std::fs::read_to_string(&source).unwrap();
    assert_eq!(material(&text), material(&current));
    assert_ne!(weights(&text), weights(&current));
    let (before, after) = held_out_loss(&text);
    assert!(after < before, "{}", String::from_utf8_lossy(&out.stderr));
    // Free, the knight gains on the pawn.
    let out = ok(&[&["tune", "--variant", "chess"], &fit[..]].concat());
    let text = std::fs::read_to_string(&source).unwrap();
    let (was, is) = (material(&current), material(&text));
    let (knight, pawn) = (Role::Knight.index(), Role::Pawn.index());
    assert!(is[knight].0 > was[knight].0 && is[knight].1 > was[knight].1, "{:?} -> {:?}", was[knight], is[knight]);
    assert!(is[pawn].0 < was[pawn].0 && is[pawn].1 < was[pawn].1, "{:?} -> {:?}", was[pawn], is[pawn]);
    let (before, after) = held_out_loss(&text);
    assert!(after < before, "{}", String::from_utf8_lossy(&out.stderr));
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
