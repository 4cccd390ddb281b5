//! Playing weaker on purpose (`Skill Level`, `UCI_LimitStrength` with
//! `UCI_Elo`), as GUIs expect of an engine that people play against.
//!
//! A weakened search looks only [`Skill::depth`] plies deep and always keeps
//! [`Skill::CANDIDATES`] lines (an internal multi-PV). At the end it does
//! not play the best line but the candidate whose score looks best after a
//! random error is added to each: the error is drawn uniformly from zero to
//! [`Skill::error_cp`], which is zero at the top level and grows as the level
//! drops. So a weaker level both sees less and misjudges more; a candidate
//! worse than the best by more than the error can never be chosen.
//!
//! The errors come from a generator seeded by the caller ([`Skill::new`]):
//! the same seed and the same scores give the same choice, so tests and
//! matches are reproducible.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::ops::RangeInclusive;

/// The integer levels of the `Skill Level` option; the top one is full
/// strength.
pub const LEVELS: RangeInclusive<i64> = 0..=20;

/// The calibration: Elo and the level that played at it against Stockfish
/// 15.1 limited to its own `UCI_Elo` at 5+0.05 (README, section Strength),
/// both rising. Levels 3, 5, 12 and 19 were measured (Stockfish's Elo plus
/// the match's Elo difference, rounded to 10); 1350, Stockfish's lowest,
/// is interpolated between level 3 and level 0's rough 820 (1 win in 22
/// games against 1350). `UCI_Elo` maps to a level by linear interpolation
/// between these points, and its range is theirs: the top level is below
/// 20, so a limited engine is always weakened.
const CALIBRATION: [(i64, f64); 5] = [(1350, 2.6), (1420, 3.0), (1650, 5.0), (1730, 12.0), (1800, 19.0)];

/// The `UCI_Elo` range: from the weakest to the strongest calibrated level.
pub const ELO: RangeInclusive<i64> = CALIBRATION[0].0..=CALIBRATION[CALIBRATION.len() - 1].0;

/// The largest error added to a candidate's score, in centipawns, at
/// level 0; it shrinks linearly to nothing at level 20.
const MAX_ERROR_CP: f64 = 250.0;

/// How weak the engine plays: a level from 0 (weakest) to just below 20
/// (level 20 is full strength and has no `Skill`), and the seed of its
/// random errors.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill {
    level: f64,
    seed: u64,
}

impl Skill {
    /// Lines a weakened search keeps to choose from, whatever `MultiPV`
    /// asks for (more when it asks for more).
    pub const CANDIDATES: usize = 4;

    /// The skill of integer `Skill Level` `level`, or `None` at full
    /// strength (20 and above). `seed` drives the random errors.
    pub fn from_level(level: i64, seed: u64) -> Option<Skill> {
        Skill::new(level as f64, seed)
    }

    /// The skill that `UCI_Elo` `elo` asks for (clamped into [`ELO`]),
    /// always weakened: see [`level_of_elo`].
    pub fn from_elo(elo: i64, seed: u64) -> Skill {
        Skill { level: level_of_elo(elo), seed }
    }

    /// The skill of a level that may be fractional (as `UCI_Elo` gives),
    /// or `None` at full strength (20 and above).
    pub fn new(level: f64, seed: u64) -> Option<Skill> {
        (level < *LEVELS.end() as f64).then_some(Skill { level: level.max(0.0), seed })
    }

    /// The level, from 0 up to (not including) 20.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// The deepest iteration a weakened search runs: one ply at level 0,
    /// one more per level.
    pub fn depth(&self) -> u32 {
        1 + self.level as u32
    }

    /// The largest random error added to a candidate's score, in
    /// centipawns: [`MAX_ERROR_CP`] at level 0, shrinking linearly towards
    /// nothing at level 20.
    pub fn error_cp(&self) -> f64 {
        MAX_ERROR_CP * (1.0 - self.level / *LEVELS.end() as f64)
    }

    /// Which of the candidates to play, given their scores in centipawns
    /// (best first, as the search sorts them): the index of the highest
    /// score once each has had its random error added. The first of equal
    /// results wins, so with no error the best line is played.
    pub fn choose(&self, scores: &[i32]) -> usize {
        let mut rng = StdRng::seed_from_u64(self.seed);
        let error = self.error_cp();
        let seen = |score: i32, rng: &mut StdRng| f64::from(score) + error * rng.gen::<f64>();
        let mut best = (0, f64::NEG_INFINITY);
        for (index, &score) in scores.iter().enumerate() {
            let value = seen(score, &mut rng);
            if value > best.1 {
                best = (index, value);
            }
        }
        best.0
    }
}

/// The level that `UCI_Elo` `elo` maps to: interpolated linearly between
/// the two calibrated points around it; an Elo outside [`ELO`] is clamped
/// to it.
pub fn level_of_elo(elo: i64) -> f64 {
    let elo = elo.clamp(*ELO.start(), *ELO.end());
    let above = CALIBRATION.iter().position(|&(at, _)| at >= elo).expect("the Elo is clamped into the table");
    let (high_elo, high_level) = CALIBRATION[above];
    let Some(&(low_elo, low_level)) = above.checked_sub(1).map(|below| &CALIBRATION[below]) else {
        return high_level;
    };
    low_level + (high_level - low_level) * (elo - low_elo) as f64 / (high_elo - low_elo) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_20_is_full_strength_and_lower_levels_are_not() {
        assert_eq!(Skill::from_level(20, 1), None);
        assert_eq!(Skill::from_level(19, 1).map(|s| s.depth()), Some(20));
        assert_eq!(Skill::from_level(0, 1).map(|s| s.depth()), Some(1));
        assert!(Skill::from_elo(*ELO.end(), 1).level() < 20.0, "a limited engine is always weakened");
    }

    #[test]
    fn elo_maps_to_levels_monotonically_through_the_calibration_and_clamps() {
        let levels: Vec<f64> = ELO.map(level_of_elo).collect();
        assert!(levels.windows(2).all(|w| w[0] < w[1]), "{levels:?}");
        for (elo, level) in CALIBRATION {
            assert_eq!(level_of_elo(elo), level, "{elo}");
        }
        let (weakest, strongest) = (CALIBRATION[0].1, CALIBRATION[CALIBRATION.len() - 1].1);
        assert_eq!((level_of_elo(0), level_of_elo(9999)), (weakest, strongest));
        assert!(strongest < 20.0, "a limited engine is always weakened");
    }

    #[test]
    fn the_error_grows_as_the_level_drops() {
        let errors: Vec<f64> = (0..20).map(|level| Skill::from_level(level, 1).unwrap().error_cp()).collect();
        assert!(errors.windows(2).all(|w| w[0] > w[1]), "{errors:?}");
        assert_eq!(errors[0], MAX_ERROR_CP);
    }

    #[test]
    fn choices_follow_the_seed_and_never_exceed_the_error() {
        let scores = [50, 40, 30, -400];
        let picks = |level: i64| -> Vec<usize> {
            (0..200).map(|seed| Skill::from_level(level, seed).unwrap().choose(&scores)).collect()
        };
        let weakest = picks(0);
        assert_eq!(weakest, picks(0), "the same seeds choose the same moves");
        assert!(weakest.iter().filter(|&&i| i != 0).count() > 50, "level 0 often misses the best: {weakest:?}");
        assert!(!weakest.contains(&3), "a move 450 cp worse is beyond any error");
        let strongest = picks(19);
        assert!(strongest.iter().all(|&i| i != 2), "12.5 cp of error cannot bridge 20 cp: {strongest:?}");
        assert!(
            strongest.iter().filter(|&&i| i != 0).count() < weakest.iter().filter(|&&i| i != 0).count(),
            "the strongest level errs less"
        );
    }
}
