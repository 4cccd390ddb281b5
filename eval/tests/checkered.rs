//! Checkered chess's evaluation: colour-blind on every position of the
//! shared table, and seeing the checkered pieces where they count.

use eval::{evaluate, evaluate_white};
use movegen::{Checkered, Colour, Position};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn checkered(fen: &str) -> Position<Checkered> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The colour mirror of a Checkered chess FEN, at text level: ranks in
/// reverse order with White's and Black's letters case-swapped (checkered
/// letters stay lower case), the other side to move, castling case-swapped,
/// the en-passant and `cmove` squares on the mirrored ranks, the pawn-flag
/// halves swapped, and the stage's colour swapped (`2w` ↔ `2b`).
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    assert_eq!(fields.len(), 9, "{fen}: not a Checkered chess FEN");
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| match c {
                's' | 'o' | 'c' | 'u' | 't' => c,
                _ if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                _ => c.to_ascii_uppercase(),
            })
            .collect()
    };
    let square = |sq: &str| {
        let (file, rank) = sq.split_at(1);
        let rank: u32 = rank.parse().expect("a rank");
        format!("{file}{}", 9 - rank)
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" { "-".to_string() } else { swap_case(fields[2]) };
    let en_passant = if fields[3] == "-" { "-".to_string() } else { square(fields[3]) };
    let flags = format!("{}{}", &fields[6][8..], &fields[6][..8]);
    let cmove = if fields[7] == "-" {
        "-".to_string()
    } else {
        format!("{}{}", square(&fields[7][..2]), square(&fields[7][2..]))
    };
    let stage = match fields[8] {
        "2w" => "2b",
        "2b" => "2w",
        other => other,
    };
    [&board.join("/"), side, &castling, &en_passant, fields[4], fields[5], &flags, &cmove, stage].join(" ")
}

/// The distinct FENs of the shared Checkered chess table.
fn table_fens() -> BTreeSet<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/checkered.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let fen = header.iter().position(|&h| h == "fen").expect("a fen column");
    lines.filter(|l| !l.trim().is_empty()).map(|l| l.split('\t').nth(fen).expect("a fen cell").to_string()).collect()
}

#[test]
fn every_shared_checkered_position_scores_minus_its_colour_mirror() {
    let mut distinct_scores = BTreeSet::new();
    let mut stages = BTreeSet::new();
    let fens = table_fens();
    for fen in &fens {
        let pos = checkered(fen);
        let mirrored_fen = mirror_fen(fen);
        let mirrored = checkered(&mirrored_fen);
        let white = evaluate_white(&pos);
        assert_eq!(white, -evaluate_white(&mirrored), "{fen} vs its mirror {mirrored_fen}");
        assert_eq!(evaluate(&pos), evaluate(&mirrored), "{fen}: side-to-move scores differ");
        assert_eq!(eval::trace(&pos).total, white, "{fen}: the trace's total differs from evaluate_white");
        distinct_scores.insert(white);
        stages.insert(fen.split_whitespace().last().unwrap().to_string());
    }
    assert!(fens.len() >= 30, "only {} positions", fens.len());
    assert_eq!(stages.len(), 4, "not every stage covered: {stages:?}");
    assert!(distinct_scores.len() > fens.len() / 2, "too few distinct scores: {distinct_scores:?}");
}

#[test]
fn the_mirror_swaps_flags_cmove_stage_and_side() {
    let fen = "r3k2r/8/8/2spP3/4s1p1/8/5P2/4K2R w Kq d6 0 1 0000010000000011 e4g3 2w";
    let mirrored = mirror_fen(fen);
    assert_eq!(mirrored, "4k2r/5p2/8/4s1P1/2sPp3/8/8/R3K2R b kQ d3 0 1 0000001100000100 e5g6 2b");
    assert_eq!(mirror_fen(&mirrored), fen);
}

#[test]
fn stage_two_sees_the_checkered_camp() {
    // A lone checkered queen against the bare kings: good for the switcher,
    // whoever is to move.
    for (fen, switcher) in [
        ("4k3/8/8/3t4/8/8/8/4K3 w - - 0 1 0000000000000000 - 2w", Colour::White),
        ("4k3/8/8/3t4/8/8/8/4K3 b - - 0 1 0000000000000000 - 2w", Colour::White),
        ("4k3/8/8/3t4/8/8/8/4K3 w - - 0 1 0000000000000000 - 2b", Colour::Black),
        ("4k3/8/8/3t4/8/8/8/4K3 b - - 0 1 0000000000000000 - 2b", Colour::Black),
    ] {
        let white = evaluate_white(&checkered(fen));
        let switchers = if switcher == Colour::White { white } else { -white };
        assert!(switchers > 700, "{fen}: {white}");
    }
    // White's rook on the allied side: the checkered queen still wins, by less.
    let queen = evaluate_white(&checkered("4k3/8/8/3t4/8/8/8/4K3 w - - 0 1 0000000000000000 - 2w"));
    let queen_rook = evaluate_white(&checkered("4k3/8/8/3t4/8/8/8/R3K3 w - - 0 1 0000000000000000 - 2w"));
    assert!(queen - queen_rook > 400, "{queen} vs {queen_rook}");
    // A checkered pawn one step from either promotion rank beats one in the middle.
    let near = evaluate_white(&checkered("4k3/8/8/8/8/8/3s4/K7 w - - 0 1 0000000000000000 - 2w"));
    let middle = evaluate_white(&checkered("4k3/8/8/8/3s4/8/8/K7 w - - 0 1 0000000000000000 - 2w"));
    assert!(near > middle, "{near} vs {middle}");
}

#[test]
fn stage_one_credits_checkered_pieces_to_the_side_to_move() {
    // Same armies, a checkered rook in the middle: worth more to whoever
    // moves (switch disabled, so the switch's option does not enter).
    let without = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w Qq - 0 1 1111111111111111 - 1-";
    let with = "r3k3/pppppppp/8/8/3u4/8/PPPPPPPP/R3K3 w Qq - 0 1 1111111111111111 - 1-";
    let gain = evaluate(&checkered(with)) - evaluate(&checkered(without));
    assert!(gain > 50, "the checkered rook adds {gain} to the side to move");
}

#[test]
fn stage_one_takes_the_switch_when_the_checkered_camp_is_stronger() {
    // Two checkered queens and a rook against bare kings and a pawn each:
    // the side to move switches and wins; with the switch disabled it may
    // not, and the score stays modest.
    let allowed = "4k3/4p3/8/2t1t3/8/3u4/4P3/4K3 w - - 0 1 0000000000000000 - 1";
    let disabled = "4k3/4p3/8/2t1t3/8/3u4/4P3/4K3 w - - 0 1 0000000000000000 - 1-";
    let (allowed, disabled) = (evaluate(&checkered(allowed)), evaluate(&checkered(disabled)));
    assert!(allowed > 1500, "{allowed}");
    assert!(allowed > disabled + 500, "{allowed} vs {disabled}");
}
