//! Every row of the reference perft tables (copied from ../shared/positions
//! into tests/data) must match. Debug builds also check, after every
//! make/unmake, the incremental Zobrist key and the exact restore.

use movegen::{perft, with_variant, Position, VariantKind};

struct Row {
    name: String,
    variant: VariantKind,
    chess960: bool,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows(file: &str) -> Vec<Row> {
    let path = format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    let column =
        |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("{file}: no column {name}"));
    let (name, variant, chess960, fen, depth, nodes) =
        (column("name"), column("variant"), column("chess960"), column("fen"), column("depth"), column("nodes"));
    lines
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Row {
                name: f[name].to_string(),
                variant: f[variant].parse().unwrap_or_else(|e| panic!("{file}: {e}")),
                chess960: f[chess960] == "1",
                fen: f[fen].to_string(),
                depth: f[depth].parse().expect("a depth"),
                nodes: f[nodes].parse().expect("a node count"),
            }
        })
        .collect()
}

fn check_table(file: &str) {
    let rows = rows(file);
    assert!(!rows.is_empty(), "{file} has no rows");
    let mut failures = Vec::new();
    for row in &rows {
        let got = with_variant!(row.variant, V => {
            let mut pos = Position::<V>::from_fen(&row.fen, row.chess960)
                .unwrap_or_else(|e| panic!("{} {}: {e}", file, row.name));
            perft(&mut pos, row.depth)
        });
        if got != row.nodes {
            failures.push(format!("{} depth {}: expected {}, got {got} ({})", row.name, row.depth, row.nodes, row.fen));
        }
    }
    assert!(failures.is_empty(), "{file}: {} of {} rows wrong:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

#[test]
fn redfool_table() {
    check_table("redfool.tsv");
}

#[test]
fn redfool960_table() {
    check_table("redfool960.tsv");
}

#[test]
fn chess_table() {
    check_table("chess.tsv");
}

#[test]
fn chess960_table() {
    check_table("chess960.tsv");
}

#[test]
fn tamruat_table() {
    check_table("tamruat.tsv");
}

#[test]
fn checkered_table() {
    check_table("checkered.tsv");
}
