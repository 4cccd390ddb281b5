//! Scores with a middlegame and an endgame part.
//!
//! Every term of the evaluation is worth something different when the board
//! is full than when it has emptied out (a central king is a liability in
//! the middlegame and an asset in the endgame). Terms are therefore summed as
//! pairs and blended once, at the end, by the game phase.

use crate::weights::PHASE_MAX;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame and an endgame value in centipawns, packed into one integer
/// (`eg * 2^32 + mg`) so that adding two scores, or multiplying one by a
/// count, is a single instruction. Each part must stay within `i32`.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Score(i64);

impl Score {
    /// Nothing in either phase.
    pub const ZERO: Score = Score::new(0, 0);

    /// The score worth `mg` in the middlegame and `eg` in the endgame.
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score(((eg as i64) << 32) + mg as i64)
    }
    /// The value while most pieces are on the board.
    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.0 as i32
    }
    /// The value once the pieces are gone.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        ((self.0 - self.mg() as i64) >> 32) as i32
    }
    /// The sum, usable while building constant tables.
    #[inline(always)]
    pub const fn plus(self, other: Score) -> Score {
        Score(self.0 + other.0)
    }
    /// `self * numerator / denominator` in both phases. Division truncates
    /// toward zero, so scaling a negated score gives the negated result: the
    /// evaluation stays exactly colour-symmetric.
    pub const fn scaled(self, numerator: i32, denominator: i32) -> Score {
        Score::new(self.mg() * numerator / denominator, self.eg() * numerator / denominator)
    }
    /// Each part times its own percentage: `mg * percent.mg() / 100` and
    /// `eg * percent.eg() / 100`, truncated toward zero like [`Score::scaled`].
    #[inline(always)]
    pub const fn percent(self, percent: Score) -> Score {
        Score::new(self.mg() * percent.mg() / 100, self.eg() * percent.eg() / 100)
    }
    /// The blend of both parts at `phase` (from [`PHASE_MAX`], all pieces on
    /// the board, down to 0, none left).
    #[inline(always)]
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg() * phase + self.eg() * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score({}, {})", self.mg(), self.eg())
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, other: Score) -> Score {
        self.plus(other)
    }
}

impl AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, other: Score) -> Score {
        Score(self.0 - other.0)
    }
}

impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, other: Score) {
        *self = *self - other;
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, factor: i32) -> Score {
        Score(self.0 * factor as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_moves_from_the_middlegame_to_the_endgame_value() {
        let s = Score::new(100, 300);
        assert_eq!(s.taper(PHASE_MAX), 100);
        assert_eq!(s.taper(0), 300);
        assert_eq!(s.taper(PHASE_MAX / 2), 200);
        assert_eq!((-s).taper(PHASE_MAX / 3), -s.taper(PHASE_MAX / 3));
    }

    #[test]
    fn packed_parts_come_back_out() {
        for (mg, eg) in [(0, 0), (1, -1), (-1, 1), (-975, 1010), (123_456, -654_321), (i32::MIN / 4, i32::MAX / 4)] {
            let s = Score::new(mg, eg);
            assert_eq!((s.mg(), s.eg()), (mg, eg));
            assert_eq!(((-s).mg(), (-s).eg()), (-mg, -eg));
        }
        let (a, b) = (Score::new(-30, 45), Score::new(17, -80));
        assert_eq!(a + b, Score::new(-13, -35));
        assert_eq!(a - b, Score::new(-47, 125));
        assert_eq!(b * -3, Score::new(-51, 240));
    }

    #[test]
    fn scaling_is_odd_symmetric() {
        let s = Score::new(7, -13);
        assert_eq!(s.scaled(2, 3), Score::new(4, -8));
        assert_eq!((-s).scaled(2, 3), -s.scaled(2, 3));
        assert_eq!(s * 3 - s, s + s);
    }
}
