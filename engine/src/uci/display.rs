//! Text pictures of a position for people: the board drawn from the top
//! rank down, the Fool as `*`, and the pieces that menace him marked, as
//! the Red Fool rules' own board outlines them; Checkered chess's checkered
//! pieces set apart between colons.

use movegen::{legal_moves, Bitboard, Colour, Geometry, Position, Stage, Variant, VariantState};
use std::fmt::Write;

/// The board as text. A piece that attacks the Fool's square (and so would
/// stir him if he were to resolve now) is drawn in brackets: `[R]`; a
/// checkered piece between colons: `:o:`.
pub fn diagram<V: Variant>(pos: &Position<V>) -> String {
    diagram_from(pos, Colour::White)
}

/// The board as [`diagram`] draws it, seen from `side`: Black's side puts
/// rank 1 at the top and the h-file on the left, as a player of Black sees
/// the board across the table.
pub fn diagram_from<V: Variant>(pos: &Position<V>, side: Colour) -> String {
    let menacers = fool_menacers(pos);
    let mut out = String::new();
    let rule = format!("   +{}\n", "---+".repeat(V::G::FILES as usize));
    let white_side = side == Colour::White;
    let ranks: Vec<u8> = if white_side { (0..V::G::RANKS).rev().collect() } else { (0..V::G::RANKS).collect() };
    let files: Vec<u8> = if white_side { (0..V::G::FILES).collect() } else { (0..V::G::FILES).rev().collect() };
    for &rank in &ranks {
        out.push_str(&rule);
        let _ = write!(out, "{:>2} |", rank + 1);
        for &file in &files {
            let sq = V::G::square(file, rank);
            let symbol = if pos.fool() == Some(sq) { '*' } else { pos.piece_at(sq).map_or(' ', |p| p.char()) };
            if menacers.has(sq) {
                let _ = write!(out, "[{symbol}]|");
            } else if pos.board().checkered().has(sq) {
                let _ = write!(out, ":{symbol}:|");
            } else {
                let _ = write!(out, " {symbol} |");
            }
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out.push_str("    ");
    for &file in &files {
        let _ = write!(out, " {}  ", (b'a' + file) as char);
    }
    out.push('\n');
    out
}

/// The pieces that attack the Fool's square now (empty without a Fool).
pub fn fool_menacers<V: Variant>(pos: &Position<V>) -> <V::G as Geometry>::Bb {
    match pos.fool() {
        Some(fool) => pos.board().attackers_to(V::G::tables(), fool, pos.occupied()),
        None => Default::default(),
    }
}

/// The full `d` report: diagram, FEN, key, checkers, the Fool, legal moves.
pub fn describe<V: Variant>(pos: &Position<V>) -> String {
    let name = |sq| V::G::square_name(sq).to_string();
    let mut out = diagram(pos);
    let _ = writeln!(out, "\nFen: {}", pos.fen());
    let _ = writeln!(out, "Key: {:016X}", pos.key());
    let mut checkers: Vec<String> = pos.checkers().squares().map(name).collect();
    if pos.fool_gives_check() {
        checkers.push(format!("the Fool on {}", name(pos.fool().expect("a Fool that checks"))));
    }
    let _ = writeln!(out, "Checkers: {}", if checkers.is_empty() { "none".to_string() } else { checkers.join(" ") });
    if let Some(fool) = pos.fool() {
        let menacers: Vec<String> = fool_menacers(pos).squares().map(name).collect();
        let menaced = if menacers.is_empty() { "nobody".to_string() } else { menacers.join(" ") };
        let _ = writeln!(out, "Fool: {} (menaced by {menaced})", name(fool));
    }
    if let Some(stage) = pos.state().stage() {
        let stage = match stage {
            Stage::One => "1, the switch allowed".to_string(),
            Stage::OneNoSwitch => "1, the switch disabled".to_string(),
            Stage::Two(switcher) => {
                let other = if switcher == Colour::White { "Black" } else { "White" };
                format!("2, {} moves the checkered pieces, {other} the white and black ones", switcher.name())
            }
        };
        let _ = writeln!(out, "Stage: {stage}");
        let _ = writeln!(out, "Checkered pieces: :s: pawn, :o: knight, :c: bishop, :u: rook, :t: queen");
    }
    let mut moves: Vec<String> = legal_moves(pos).into_iter().map(|m| pos.uci(m)).collect();
    moves.sort();
    let _ = writeln!(out, "Legal moves ({}): {}", moves.len(), moves.join(" "));
    if let Some(outcome) = pos.outcome() {
        let _ = writeln!(out, "Game over: {outcome}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::RedFool;

    #[test]
    fn menacers_of_the_fool_are_bracketed() {
        // The rook on h1 attacks the Fool on h3 up the h-file.
        let pos = Position::<RedFool>::from_fen("4k3/8/8/8/8/8/8/7*/8/4K2R w - - 0 1", false).unwrap();
        let picture = diagram(&pos);
        assert!(picture.contains(" * |"), "{picture}");
        assert!(picture.contains("[R]|"), "{picture}");
        assert!(picture.lines().any(|l| l.starts_with("10 |")), "ranks from 10 down");
        let report = describe(&pos);
        assert!(report.contains("Fool: h3 (menaced by h1)"), "{report}");
        assert!(report.contains("Checkers: none"), "{report}");
    }

    #[test]
    fn black_sees_rank_one_at_the_top_and_the_h_file_on_the_left() {
        let pos = Position::<RedFool>::startpos();
        let picture = diagram_from(&pos, Colour::Black);
        let rows: Vec<&str> = picture.lines().filter(|l| l.contains('|') && !l.contains('+')).collect();
        assert_eq!(rows.first().copied(), Some(" 1 | R | N | B | K | Q | B | N | R |"), "{picture}");
        assert_eq!(rows.last().copied(), Some("10 | r | n | b | k | q | b | n | r |"), "{picture}");
        assert_eq!(picture.lines().last().map(str::trim), Some("h   g   f   e   d   c   b   a"), "{picture}");
        assert_eq!(diagram_from(&pos, Colour::White), diagram(&pos));
    }

    #[test]
    fn checkered_pieces_and_the_stage_are_shown() {
        let fen = "4k3/8/8/8/3o4/8/8/4K3 b - - 0 1 0000000000000000 - 2w";
        let pos = Position::<movegen::Checkered>::from_fen(fen, false).unwrap();
        let report = describe(&pos);
        assert!(report.contains(":o:|"), "{report}");
        assert!(report.contains(" K |") && report.contains(" k |"), "{report}");
        assert!(report.contains("Stage: 2, white moves the checkered pieces"), "{report}");
    }
}
