//! Moves typed by people, in UCI (`e2e4`, `g1f3@d4`) or SAN (`Nf3@d4`): a
//! text shaped like UCI is read as UCI, anything else as SAN. When the
//! Fool's answer is missing or not legal, the error lists the choices in the
//! notation the move was typed in, so that one can be copied back.

use movegen::{MoveError, Position, Variant};

/// Reads a move typed by a person in the position `pos`.
pub fn parse_move<V: Variant>(pos: &Position<V>, text: &str) -> Result<movegen::Move, MoveError> {
    match pos.parse_uci(text) {
        Err(MoveError::Syntax { .. }) => pos.parse_san(text).map_err(|e| choices_in_san(pos, e)),
        other => other,
    }
}

/// The rules core lists the Fool's answers in UCI; for a move typed in SAN
/// they are turned into SAN (`Rb5@c3+`).
fn choices_in_san<V: Variant>(pos: &Position<V>, error: MoveError) -> MoveError {
    let to_san = |choices: Vec<String>| -> Vec<String> {
        let mut scratch = pos.clone();
        choices
            .into_iter()
            .map(|uci| match pos.parse_uci(&uci) {
                Ok(m) => scratch.san(m),
                Err(_) => uci,
            })
            .collect()
    };
    match error {
        MoveError::FoolChoiceMissing { text, choices } => {
            MoveError::FoolChoiceMissing { text, choices: to_san(choices) }
        }
        MoveError::FoolAnswerIllegal { text, choices } => {
            MoveError::FoolAnswerIllegal { text, choices: to_san(choices) }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::RedFool;

    /// The rook's move from b1 to b5 stirs the Fool on d5 (RULES.md §1), who
    /// has several squares to go to.
    const FOOL_CHOICE: &str = "7k/8/8/8/8/3*4/8/8/8/KR6 w - - 0 1";

    #[test]
    fn fool_choices_come_in_the_notation_typed() {
        let pos = Position::<RedFool>::from_fen(FOOL_CHOICE, false).unwrap();
        let Err(MoveError::FoolChoiceMissing { choices, .. }) = parse_move(&pos, "Rb5") else {
            panic!("Rb5 needs the Fool's answer")
        };
        assert!(choices.len() > 1 && choices.iter().all(|c| c.starts_with("Rb5@")), "{choices:?}");
        for choice in &choices {
            assert!(parse_move(&pos, choice).is_ok(), "{choice} is a legal move");
        }
        let Err(MoveError::FoolChoiceMissing { choices, .. }) = parse_move(&pos, "b1b5") else {
            panic!("b1b5 needs the Fool's answer")
        };
        assert!(choices.iter().all(|c| c.starts_with("b1b5@")), "{choices:?}");
        let Err(MoveError::FoolAnswerIllegal { choices, .. }) = parse_move(&pos, "Rb5@h1") else {
            panic!("the Fool cannot go to h1")
        };
        assert!(choices.iter().all(|c| c.starts_with("Rb5@")), "{choices:?}");
    }

    #[test]
    fn uci_shaped_text_is_not_read_as_san() {
        let pos = Position::<RedFool>::startpos();
        assert_eq!(parse_move(&pos, "e2e5"), Err(MoveError::Illegal { text: "e2e5".to_string() }));
        assert_eq!(pos.uci(parse_move(&pos, "e4").unwrap()), "e2e4");
    }
}
