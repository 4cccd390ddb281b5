//! Ending games early from the engines' own evaluations, to save time on
//! games whose result is no longer in doubt.

use movegen::{Colour, Score};

/// A mate score counts as this many centipawns.
const MATE_CENTIPAWNS: i32 = 100_000;

/// `--resign movecount=<n> score=<cp>`: a side whose engine reports a score
/// of at most −`score` for `move_count` of its moves in a row loses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i32,
}

/// `--draw movenumber=<n> movecount=<n> score=<cp>`: from move `move_number`
/// on, when both engines report scores within ±`score` for `move_count`
/// moves each in a row, the game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// `--maxmoves <n>`: a game still going after move `n` (both sides' `n`th
/// moves played) is drawn. It bounds games the rules let run very long,
/// such as Checkered chess's stage 2, where pawns step back and forth.
pub type MaxMoves = u32;

/// The adjudicator's decision.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Adjudication {
    /// This side resigns.
    Resigns(Colour),
    Draw,
}

/// Watches the scores of one game.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    max_moves: Option<MaxMoves>,
    /// Consecutive losing scores of each side's engine, White first.
    losing_streak: [u32; 2],
    /// Consecutive half-moves with a drawish score.
    drawish_plies: u32,
}

impl Adjudicator {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>, max_moves: Option<MaxMoves>) -> Adjudicator {
        Adjudicator { resign, draw, max_moves, losing_streak: [0; 2], drawish_plies: 0 }
    }

    /// Takes the score `mover`'s engine gave for its move number
    /// `move_number`; a move without a score breaks every streak.
    pub fn update(&mut self, mover: Colour, score: Option<Score>, move_number: u32) -> Option<Adjudication> {
        let centipawns = score.map(|s| match s {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => MATE_CENTIPAWNS,
            Score::Mate(_) => -MATE_CENTIPAWNS,
        });
        if let Some(rule) = self.resign {
            let streak = &mut self.losing_streak[mover.index()];
            *streak = if centipawns.is_some_and(|cp| cp <= -rule.score) { *streak + 1 } else { 0 };
            if *streak >= rule.move_count {
                return Some(Adjudication::Resigns(mover));
            }
        }
        if let Some(rule) = self.draw {
            let drawish = move_number >= rule.move_number && centipawns.is_some_and(|cp| cp.abs() <= rule.score);
            self.drawish_plies = if drawish { self.drawish_plies + 1 } else { 0 };
            if self.drawish_plies >= 2 * rule.move_count {
                return Some(Adjudication::Draw);
            }
        }
        if self.max_moves.is_some_and(|n| mover == Colour::Black && move_number >= n) {
            return Some(Adjudication::Draw);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black, White};

    const CP: fn(i32) -> Option<Score> = |cp| Some(Score::Cp(cp));

    #[test]
    fn resigns_after_the_losing_streak() {
        let mut adjudicator = Adjudicator::new(Some(ResignRule { move_count: 3, score: 500 }), None, None);
        assert_eq!(adjudicator.update(White, CP(-600), 10), None);
        assert_eq!(adjudicator.update(Black, CP(600), 10), None);
        assert_eq!(adjudicator.update(White, CP(-500), 11), None);
        assert_eq!(adjudicator.update(Black, CP(600), 11), None);
        assert_eq!(adjudicator.update(White, Some(Score::Mate(-5)), 12), Some(Adjudication::Resigns(White)));
    }

    #[test]
    fn a_better_or_missing_score_breaks_the_streak() {
        let mut adjudicator = Adjudicator::new(Some(ResignRule { move_count: 2, score: 500 }), None, None);
        assert_eq!(adjudicator.update(Black, CP(-900), 1), None);
        assert_eq!(adjudicator.update(Black, CP(-499), 2), None);
        assert_eq!(adjudicator.update(Black, CP(-900), 3), None);
        assert_eq!(adjudicator.update(Black, None, 4), None);
        assert_eq!(adjudicator.update(Black, CP(-900), 5), None);
        assert_eq!(adjudicator.update(Black, CP(-900), 6), Some(Adjudication::Resigns(Black)));
    }

    #[test]
    fn draws_after_enough_quiet_moves_from_the_move_number_on() {
        let rule = DrawRule { move_number: 5, move_count: 2, score: 10 };
        let mut adjudicator = Adjudicator::new(None, Some(rule), None);
        // Before move 5 nothing counts.
        for number in 1..5 {
            assert_eq!(adjudicator.update(White, CP(0), number), None);
            assert_eq!(adjudicator.update(Black, CP(0), number), None);
        }
        assert_eq!(adjudicator.update(White, CP(10), 5), None);
        assert_eq!(adjudicator.update(Black, CP(-10), 5), None);
        assert_eq!(adjudicator.update(White, CP(11), 6), None);
        assert_eq!(adjudicator.update(Black, CP(0), 6), None);
        assert_eq!(adjudicator.update(White, CP(0), 7), None);
        assert_eq!(adjudicator.update(Black, CP(0), 7), None);
        assert_eq!(adjudicator.update(White, CP(-3), 8), Some(Adjudication::Draw));
    }

    #[test]
    fn draws_once_both_sides_played_the_last_move_allowed() {
        let mut adjudicator = Adjudicator::new(None, None, Some(3));
        for number in 1..3 {
            assert_eq!(adjudicator.update(White, CP(900), number), None);
            assert_eq!(adjudicator.update(Black, None, number), None);
        }
        assert_eq!(adjudicator.update(White, CP(900), 3), None);
        assert_eq!(adjudicator.update(Black, CP(-900), 3), Some(Adjudication::Draw));
    }
}
