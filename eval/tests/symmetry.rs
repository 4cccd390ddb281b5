//! The evaluation is colour-blind: a position and its colour mirror (ranks
//! flipped, colours swapped) score the same for the side to move, and
//! opposite from White's point of view. Checked on every position of the
//! shared perft tables.

use movegen::{Chess, Position, RedFool, Variant};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The tables the lead copies from the shared positions.
const TABLES: [&str; 4] = ["redfool.tsv", "redfool960.tsv", "chess.tsv", "chess960.tsv"];

/// The colour mirror of a FEN, written at text level: ranks in reverse
/// order, piece letters with their case swapped (the Fool's `*` stays), the
/// other side to move, castling letters case-swapped, the en-passant square
/// on the mirrored rank. `ranks` is the board's number of ranks.
fn mirror_fen(fen: &str, ranks: u32) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { swap_case(fields[2]) };
    let en_passant = if fields[3] == "-" {
        "-".to_string()
    } else {
        let (file, rank) = fields[3].split_at(1);
        let rank: u32 = rank.parse().expect("an en-passant rank");
        format!("{file}{}", ranks + 1 - rank)
    };
    let mut out = vec![board.join("/"), side.to_string(), castling, en_passant];
    out.extend(fields[4..].iter().map(|s| s.to_string()));
    out.join(" ")
}

/// The distinct (variant, chess960, FEN) rows of a shared table.
fn table_positions(name: &str) -> BTreeSet<(String, bool, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let column = |title: &str| header.iter().position(|&h| h == title).unwrap_or_else(|| panic!("no {title} column"));
    let (variant, chess960, fen) = (column("variant"), column("chess960"), column("fen"));
    lines
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            (cells[variant].to_string(), cells[chess960] == "1", cells[fen].to_string())
        })
        .collect()
}

/// Checks one position against its mirror; returns its White-view score.
fn check_symmetry<V: Variant>(fen: &str, chess960: bool) -> i32 {
    let pos = Position::<V>::from_fen(fen, chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mirrored_fen = mirror_fen(fen, <V::G as movegen::Geometry>::RANKS as u32);
    let mirrored = Position::<V>::from_fen(&mirrored_fen, chess960).unwrap_or_else(|e| panic!("{mirrored_fen}: {e}"));
    let white = eval::evaluate_white(&pos);
    assert_eq!(white, -eval::evaluate_white(&mirrored), "{fen} vs its mirror {mirrored_fen}");
    assert_eq!(eval::evaluate(&pos), eval::evaluate(&mirrored), "{fen}: side-to-move scores differ");
    let trace = eval::trace(&pos);
    assert_eq!(trace.total, white, "{fen}: the trace's total differs from evaluate_white");
    white
}

#[test]
fn every_shared_position_scores_minus_its_colour_mirror() {
    let mut checked = 0;
    let mut distinct_scores = BTreeSet::new();
    for table in TABLES {
        let positions = table_positions(table);
        assert!(!positions.is_empty(), "{table} holds no positions");
        for (variant, chess960, fen) in positions {
            let score = match variant.as_str() {
                "redfool" => check_symmetry::<RedFool>(&fen, chess960),
                "chess" => check_symmetry::<Chess>(&fen, chess960),
                other => panic!("{table}: unexpected variant {other}"),
            };
            distinct_scores.insert(score);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} positions checked");
    // A constant evaluation would pass the mirror test trivially.
    assert!(distinct_scores.len() > checked / 2, "too few distinct scores: {distinct_scores:?}");
}

#[test]
fn the_mirror_is_an_involution_that_moves_pieces() {
    let fen = "r3k2r/8/8/8/8/8/8/8/8/R*2K2R w KQkq - 0 1";
    let mirrored = mirror_fen(fen, 10);
    assert_eq!(mirrored, "r*2k2r/8/8/8/8/8/8/8/8/R3K2R b kqKQ - 0 1");
    assert_eq!(mirror_fen(&mirrored, 10), fen);
    assert_eq!(mirror_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 8), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
}
