//! The search in Checkered chess: it sees stage 2's win by taking the last
//! checkered piece, and the checkered side's mate of either king, and
//! returns a legal move on every position of the reference table.

use engine::limits::Limits;
use engine::search::{Report, SearchOptions, SearchResult, Searcher, Signals};
use movegen::{legal_moves, Checkered, Position, Score};

fn search(fen: &str, depth: u32) -> (Position<Checkered>, SearchResult) {
    let pos = Position::<Checkered>::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let options = SearchOptions { threads: 1, multipv: 1, move_overhead: 0, skill: None };
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let result = Searcher::new(16).search(&pos, &limits, &options, &Signals::default(), &mut |_: Report| {});
    (pos, result)
}

#[test]
fn taking_the_last_checkered_piece_wins() {
    // Stage 2, White switched; the checkered queen on d2 checks White's king
    // and Black (moving white and black pieces) takes it, with White's queen
    // or king: the checkered side, to move with nothing left, has lost.
    let (pos, result) = search("4k3/8/8/8/8/8/3t4/3QK3 b - - 0 1 0000000000000000 - 2w", 4);
    let best = result.best.expect("a move");
    assert_eq!(pos.uci(best).get(2..), Some("d2"), "played {}", pos.uci(best));
    assert_eq!(result.score, Score::Mate(1));
}

#[test]
fn the_checkered_side_mates_either_king() {
    // Stage 2, Black switched: the checkered rook mates White's king on the
    // back rank (Black's king cannot help White).
    let (pos, result) = search("4k3/8/8/8/8/8/u4PPP/6K1 b - - 0 1 0000000000000000 - 2b", 3);
    let best = result.best.expect("a move");
    assert_eq!(result.score, Score::Mate(1), "played {}", pos.uci(best));
    let mut after = pos.clone();
    after.make(best);
    assert!(after.in_check() && legal_moves(&after).is_empty());
}

#[test]
fn a_legal_move_on_every_table_position() {
    let path = format!("{}/../tests/data/checkered.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for line in text.lines().skip(1) {
        let fen = line.split('\t').nth(3).expect("a fen column");
        let (pos, result) = search(fen, 3);
        match result.best {
            Some(m) => assert!(legal_moves(&pos).contains(&m), "{fen}"),
            None => assert!(legal_moves(&pos).is_empty(), "{fen}"),
        }
    }
}
