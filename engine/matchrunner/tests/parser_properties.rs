//! Property tests of the match runner's readers (issue #16): arbitrary text
//! — mutated PGN games and EPD lines of every variant, and plain random
//! text — read as PGN or as an EPD opening book yields games, openings or a
//! typed error, never a panic; and a game that replays is a legal game.
//!
//! The cases come from a fixed seed; `PROPTEST_RNG_SEED=<n>` or
//! `PROPTEST_CASES=<n>` explores others.

use matchrunner::openings::{self, BookFormat};
use matchrunner::pgn;
use movegen::{legal_moves, with_variant, Position, VariantKind};
use proptest::prelude::*;

#[path = "../../../movegen/tests/proptest_support/mod.rs"]
mod proptest_support;
use proptest_support::{config, text_like};

const PGNS: &[&str] = &[
    "[Event \"t\"]\n[Variant \"Red Fool\"]\n[Result \"*\"]\n\n1. e4@f4 e7e5 2. Nf3@d4 {0.20/5 0.1s [%clk 0:00:09.900]} Nc6 (2... d6) *\n",
    "[White \"a\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O O-O-O 2. Rad1 $1 Rh8+ 1/2-1/2\n",
    "[Variant \"Checkered\"]\n[SetUp \"1\"]\n[FEN \"8/7K/8/4P3/8/2u1ok2/8/6q1 b - - 5 67 1101000101011000 - 1\"]\n\n67... Ke4 68. Kg8 S,Rc7 0-1\n",
    "[Variant \"Tam Ruat\"]\n\n1. Ud3 ; comment\n Ud10 2. e4 { a { b } 1-0\n",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *\n\n1. e4 *",
];

const EPDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1;\n",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n# comment\n\u{feff}r3k2r/8/8/8/8/8/8/R3K2R w KQkq -\n",
    "raxnbqkbnxar/lupupupupupl/12/12/12/12/12/12/12/12/LPUPUPUPUPUL/RAXNBQKBNXAR w - - id \"x\";\n",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1111111111111111 - 1\n",
];

/// The syntax of PGN and EPD.
const ALPHABET: &[char] = &['[', ']', '"', '{', '}', '(', ')', ';', '\n', ' ', '.', '*', '@', '/', '$', '%', '1', '\0'];

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn pgn_text_never_panics(text in text_like(PGNS, ALPHABET, 10)) {
        let Ok(games) = pgn::parse(&text) else { return Ok(()) };
        for game in &games {
            for kind in VariantKind::ALL {
                with_variant!(kind, V => if let Ok(replay) = pgn::replay::<V>(game, false) {
                    // A replayed game is legal from its start position.
                    let mut pos = Position::<V>::from_fen(&replay.start_fen, false).expect("the start FEN read");
                    for m in replay.moves {
                        prop_assert!(legal_moves(&pos).contains(&m));
                        pos.make(m);
                    }
                });
            }
        }
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn opening_books_never_panic(text in text_like(EPDS, ALPHABET, 10), pgn_text in text_like(PGNS, ALPHABET, 10)) {
        let dir = std::env::temp_dir();
        let epd = dir.join(format!("redfool-props-{}.epd", std::process::id()));
        let pgn = dir.join(format!("redfool-props-{}.pgn", std::process::id()));
        std::fs::write(&epd, &text).unwrap();
        std::fs::write(&pgn, &pgn_text).unwrap();
        for kind in VariantKind::ALL {
            with_variant!(kind, V => {
                for (path, format) in [(&epd, BookFormat::Epd), (&pgn, BookFormat::Pgn)] {
                    // Every opening read is a position that reads again.
                    if let Ok(book) = openings::load::<V>(path, Some(format), Some(8), false) {
                        for opening in book {
                            prop_assert!(Position::<V>::from_fen(&opening.fen, false).is_ok(), "{}", opening.fen);
                        }
                    }
                }
            });
        }
    }
}
