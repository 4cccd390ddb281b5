//! Match statistics: Elo with its 95 % error, likelihood of superiority,
//! pentanomial counts over game pairs, and the sequential probability ratio
//! test (SPRT) that decides when a match has said enough.
//!
//! Scores are always the first engine's. Two games played from one opening
//! with colours swapped form a *pair*; a pair scores 0, ½, 1, 1½ or 2 points,
//! and counting pairs instead of games (the pentanomial model) removes most
//! of the noise that unbalanced openings add.

use std::fmt;

/// The two-sided 95 % quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value: `800 / ln 10`. A normalized Elo of
/// `n` means a t-value of `n / NELO_PER_T` per game.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Pair-count cells that are empty are counted as this many pairs, so that
/// the maximum-likelihood fits below exist for every sample (no cell may
/// have zero probability when the fit moves the mean).
const EMPTY_CELL: f64 = 1e-3;

/// The expected score of a player `elo` points stronger (logistic model).
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `score`; infinite at 0 and 1.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// An estimate with its 95 % error margin (the half-width of the interval).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    pub value: f64,
    pub margin: f64,
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_finite() {
            // Adding 0.0 turns −0.0 into 0.0, which prints without a minus.
            write!(f, "{:+.1}", self.value + 0.0)?;
        } else {
            f.write_str(if self.value > 0.0 { "+inf" } else { "-inf" })?;
        }
        if self.margin.is_finite() {
            write!(f, " +/- {:.1}", self.margin)
        } else {
            f.write_str(" +/- inf")
        }
    }
}

/// Won, drawn and lost games of the first engine.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The score as a fraction of the games, or `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / self.games() as f64)
    }

    /// The share of drawn games.
    pub fn draw_ratio(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.draws as f64 / self.games() as f64)
    }

    /// The Elo difference and its 95 % error, treating games as independent
    /// trials with three outcomes: the error comes from the sample variance
    /// of the per-game score, mapped through the logistic curve.
    pub fn elo(&self) -> Option<Estimate> {
        let score = self.score()?;
        let n = self.games() as f64;
        let variance = (self.wins as f64 * (1.0 - score).powi(2)
            + self.draws as f64 * (0.5 - score).powi(2)
            + self.losses as f64 * score.powi(2))
            / n;
        let delta = Z95 * (variance / n).sqrt();
        let margin = (score_to_elo(score + delta) - score_to_elo(score - delta)) / 2.0;
        Some(Estimate { value: score_to_elo(score), margin })
    }

    /// Likelihood of superiority: the probability that the first engine is
    /// the stronger one, from wins and losses (draws say nothing about it).
    /// With W wins and L losses, W − L is roughly normal with variance W + L.
    pub fn los(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        let z = (self.wins as f64 - self.losses as f64) / decisive.sqrt();
        0.5 * (1.0 + erf(z / std::f64::consts::SQRT_2))
    }
}

/// Game pairs counted by the first engine's points in the pair, in half
/// points: index 0 is two losses, 2 a win and a loss or two draws, 4 two wins.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Counts one pair in which the first engine scored `half_points` (0–4).
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points] += 1;
    }

    /// The normalized Elo (the t-value of the score per game, scaled so that
    /// it is close to Elo for typical draw rates) with its 95 % error.
    /// `None` without pairs or when every pair scored the same.
    pub fn normalized_elo(&self) -> Option<Estimate> {
        let pairs = self.pairs();
        let distribution = Distribution::from_counts(self.0.map(f64::from));
        let (mean, sd) = (distribution.mean(), distribution.variance().sqrt());
        if pairs == 0 || sd == 0.0 {
            return None;
        }
        // A pair is the mean of two games, so a game's t-value is the pair's
        // divided by √2; the pair t-value's standard error is 1/√pairs.
        let value = (mean - 0.5) / sd / std::f64::consts::SQRT_2 * NELO_PER_T;
        let margin = Z95 * NELO_PER_T / (2.0 * pairs as f64).sqrt();
        Some(Estimate { value, margin })
    }
}

/// The largest SPRT bound, in either model: a difference of 1000 Elo is a
/// score of 99.7 %, beyond anything a test between versions asks, and
/// bounds past it would only print as absurd numbers.
pub const MAX_SPRT_ELO: f64 = 1000.0;

/// The scale on which the SPRT bounds `elo0` and `elo1` are given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtModel {
    /// Normalized Elo: the hypotheses fix the t-value of the score, which
    /// makes the test's length independent of the draw rate.
    Normalized,
    /// Logistic Elo: the hypotheses fix the expected score.
    Logistic,
}

impl SprtModel {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Normalized => "normalized",
            SprtModel::Logistic => "logistic",
        }
    }
}

/// What the SPRT concludes from the pairs so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtVerdict {
    /// The LLR crossed the upper bound: the patch gains at least `elo1`.
    AcceptH1,
    /// The LLR crossed the lower bound: it gains at most `elo0`.
    AcceptH0,
    /// Keep playing.
    Continue,
}

impl fmt::Display for SprtVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtVerdict::AcceptH1 => "H1 accepted",
            SprtVerdict::AcceptH0 => "H0 accepted",
            SprtVerdict::Continue => "continue",
        })
    }
}

/// A generalized SPRT of H0: Elo = `elo0` against H1: Elo = `elo1` over
/// pentanomial pair counts, with error rates `alpha` (false H1) and `beta`
/// (false H0).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

impl Sprt {
    /// The lower and upper LLR bounds (Wald): crossing the lower accepts H0,
    /// crossing the upper accepts H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0.
    ///
    /// Each hypothesis is a set of pair-score distributions (those with the
    /// hypothesis' score or t-value); the likelihood of a hypothesis is that
    /// of its member closest to the observed frequencies (maximum
    /// likelihood), so LLR = pairs × Σ p̂ᵢ ln(p1ᵢ / p0ᵢ). `None` when a
    /// hypothesis lies outside what five pair outcomes can express.
    pub fn llr(&self, counts: &Pentanomial) -> Option<f64> {
        if counts.pairs() == 0 {
            return Some(0.0);
        }
        let observed = Distribution::from_counts(counts.0.map(|c| if c == 0 { EMPTY_CELL } else { c as f64 }));
        let fit = |elo: f64| match self.model {
            SprtModel::Logistic => observed.closest_with_mean(elo_to_score(elo)),
            SprtModel::Normalized => observed.closest_with_t_value(elo / NELO_PER_T * std::f64::consts::SQRT_2),
        };
        let (h0, h1) = (fit(self.elo0)?, fit(self.elo1)?);
        let per_pair: f64 = (0..5).map(|i| observed.p[i] * (h1.p[i].ln() - h0.p[i].ln())).sum();
        Some(observed.total * per_pair)
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// A probability distribution over the five pair scores 0, ¼, ½, ¾, 1
/// (points per game), with the number of pairs it was counted from.
#[derive(Clone, Copy, Debug)]
struct Distribution {
    p: [f64; 5],
    total: f64,
}

impl Distribution {
    /// The pair score per game of cell `i`.
    fn score(i: usize) -> f64 {
        i as f64 / 4.0
    }

    fn from_counts(counts: [f64; 5]) -> Distribution {
        let total: f64 = counts.iter().sum();
        let p = if total > 0.0 { counts.map(|c| c / total) } else { [0.0; 5] };
        Distribution { p, total }
    }

    fn mean(&self) -> f64 {
        (0..5).map(|i| self.p[i] * Self::score(i)).sum()
    }

    fn variance(&self) -> f64 {
        let mean = self.mean();
        (0..5).map(|i| self.p[i] * (Self::score(i) - mean).powi(2)).sum()
    }

    /// The distribution q maximizing Σ p̂ᵢ ln qᵢ subject to Σ qᵢ aᵢ = 0.
    ///
    /// Lagrange: p̂ᵢ / qᵢ = κ + λ aᵢ; multiplying by qᵢ and summing gives
    /// κ = 1, so qᵢ = p̂ᵢ / (1 + λ aᵢ) where λ is the root of
    /// f(λ) = Σ p̂ᵢ aᵢ / (1 + λ aᵢ), which falls strictly on the interval
    /// keeping every 1 + λ aᵢ positive and runs there from +∞ to −∞: a
    /// bisection finds it. `None` when no such λ exists (all aᵢ of one sign).
    fn closest_with_zero_mean_of(&self, a: [f64; 5]) -> Option<Distribution> {
        let (a_min, a_max) = a.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        if a_min >= 0.0 || a_max <= 0.0 {
            return None;
        }
        let f = |lambda: f64| -> f64 { (0..5).map(|i| self.p[i] * a[i] / (1.0 + lambda * a[i])).sum() };
        let (mut lo, mut hi) = (-1.0 / a_max, -1.0 / a_min);
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let lambda = 0.5 * (lo + hi);
        let q = std::array::from_fn(|i| self.p[i] / (1.0 + lambda * a[i]));
        Some(Distribution { p: q, total: self.total })
    }

    /// The most likely distribution whose mean score is `score`.
    fn closest_with_mean(&self, score: f64) -> Option<Distribution> {
        self.closest_with_zero_mean_of(std::array::from_fn(|i| Self::score(i) - score))
    }

    /// The most likely distribution whose t-value (mean − ½) / sd is `t`.
    ///
    /// The constraint g(q) = μ(q) − ½ − t σ(q) = 0 is not linear; its
    /// gradient, shifted by a constant (which the Σ q = 1 multiplier
    /// absorbs), is aᵢ = xᵢ − ½ − t σ (1 + ((xᵢ − μ) / σ)²) / 2, and at the
    /// fit Σ qᵢ aᵢ = g(q). So iterate: take μ, σ of the current fit, solve
    /// the linear problem for those aᵢ, repeat until the fit stops moving.
    fn closest_with_t_value(&self, t: f64) -> Option<Distribution> {
        let mut fit = *self;
        for _ in 0..100 {
            let (mean, sd) = (fit.mean(), fit.variance().sqrt());
            let a = std::array::from_fn(|i| {
                let x = Self::score(i);
                x - 0.5 - t * sd * (1.0 + ((x - mean) / sd).powi(2)) / 2.0
            });
            let next = self.closest_with_zero_mean_of(a)?;
            let moved = (0..5).map(|i| (next.p[i] - fit.p[i]).abs()).fold(0.0, f64::max);
            fit = next;
            if moved < 1e-14 {
                break;
            }
        }
        Some(fit)
    }
}

/// The error function, to about 1e-14: its Maclaurin series near zero and
/// the continued fraction of erfc further out, where the series would lose
/// its digits to cancellation.
fn erf(x: f64) -> f64 {
    if x < 0.0 {
        return -erf(-x);
    }
    if x < 2.5 {
        // erf x = 2/√π Σ (−1)ⁿ x²ⁿ⁺¹ / (n! (2n + 1))
        let (mut term, mut sum, mut n) = (x, x, 0.0);
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x * x / n;
            sum += term / (2.0 * n + 1.0);
        }
        return sum * 2.0 / std::f64::consts::PI.sqrt();
    }
    // erfc x = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
    let mut fraction = x;
    for k in (1..=60).rev() {
        fraction = x + (k as f64 / 2.0) / fraction;
    }
    1.0 - (-x * x).exp() / std::f64::consts::PI.sqrt() / fraction
}

#[cfg(test)]
mod tests {
    use super::*;

    // The expected values below were computed by hand (with a calculator
    // for the logarithms), or for the SPRT with an independent script
    // solving the same maximum-likelihood problems by Newton's method.

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse_logistic() {
        // 75 % is three wins per loss: −400 log10(1/3) = 190.8485.
        assert!(close(score_to_elo(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_to_score(190.848_501_887_865), 0.75, 1e-12));
        assert_eq!(score_to_elo(0.5), 0.0);
        assert!(score_to_elo(1.0).is_infinite() && score_to_elo(0.0).is_infinite());
    }

    #[test]
    fn elo_error_of_an_even_match() {
        // s = ½, per-game variance (30·¼ + 40·0 + 30·¼)/100 = 0.15,
        // δ = 1.96·√(0.15/100) = 0.075910, Elo(½ + δ) = 53.158.
        let tally = Tally { wins: 30, draws: 40, losses: 30 };
        let elo = tally.elo().unwrap();
        assert!(close(elo.value, 0.0, 1e-12));
        assert!(close(elo.margin, 53.157_979_780, 1e-6), "{elo:?}");
        let tally = Tally { wins: 40, draws: 30, losses: 30 };
        let elo = tally.elo().unwrap();
        assert!(close(elo.value, 34.860_070_288, 1e-6), "{elo:?}");
        assert!(close(elo.margin, 57.676_170_388, 1e-6), "{elo:?}");
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn elo_of_a_perfect_score_is_infinite() {
        let elo = Tally { wins: 3, draws: 0, losses: 0 }.elo().unwrap();
        assert_eq!(elo.value, f64::INFINITY);
        assert_eq!(elo.to_string(), "+inf +/- inf");
    }

    #[test]
    fn likelihood_of_superiority() {
        // 10 wins, 5 losses: Φ(5/√15) = ½(1 + erf(5/√30)) = 0.901647.
        let tally = Tally { wins: 10, draws: 7, losses: 5 };
        assert!(close(tally.los(), 0.901_647_198_771, 1e-10));
        assert!(close(Tally { wins: 40, draws: 0, losses: 30 }.los(), 0.884_001_138_186, 1e-10));
        assert_eq!(Tally { wins: 0, draws: 4, losses: 0 }.los(), 0.5);
        assert!(close(Tally { wins: 5, draws: 0, losses: 10 }.los(), 1.0 - 0.901_647_198_771, 1e-10));
    }

    #[test]
    fn erf_matches_tables() {
        assert!(close(erf(0.5), 0.520_499_877_813_047, 1e-14));
        assert!(close(erf(1.0), 0.842_700_792_949_715, 1e-14));
        assert!(close(erf(2.0), 0.995_322_265_018_953, 1e-14));
        assert!(close(erf(3.0), 0.999_977_909_503_001_4, 1e-14));
        assert!(close(erf(-1.0), -0.842_700_792_949_715, 1e-14));
    }

    #[test]
    fn sprt_bounds_are_walds() {
        let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: SprtModel::Logistic };
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) and ln(0.95/0.05)
        assert!(close(lower, -2.944_438_979_166, 1e-11) && close(upper, 2.944_438_979_166, 1e-11));
        let sprt = Sprt { alpha: 0.05, beta: 0.1, ..sprt };
        let (lower, upper) = sprt.bounds();
        assert!(close(lower, -2.251_291_798_606, 1e-11) && close(upper, 2.890_371_757_896, 1e-11));
        assert_eq!(sprt.verdict(2.9), SprtVerdict::AcceptH1);
        assert_eq!(sprt.verdict(-2.26), SprtVerdict::AcceptH0);
        assert_eq!(sprt.verdict(0.0), SprtVerdict::Continue);
    }

    fn llr(counts: [u32; 5], elo0: f64, elo1: f64, model: SprtModel) -> f64 {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05, model }.llr(&Pentanomial(counts)).unwrap()
    }

    #[test]
    fn logistic_llr_matches_independent_computation() {
        use SprtModel::Logistic;
        assert!(close(llr([3, 17, 60, 25, 5], 0.0, 5.0, Logistic), 0.444_638_305_976, 1e-9));
        assert!(close(llr([3, 17, 60, 25, 5], -5.0, 5.0, Logistic), 1.016_472_840_205, 1e-9));
        assert!(close(llr([10, 20, 40, 25, 5], 0.0, 5.0, Logistic), -0.178_564_360_416, 1e-9));
        assert!(close(llr([0, 0, 0, 0, 12], 0.0, 5.0, Logistic), 0.171_479_650_069, 1e-9));
        // A symmetric sample lies exactly between symmetric hypotheses.
        assert!(close(llr([1, 2, 4, 2, 1], -5.0, 5.0, Logistic), 0.0, 1e-12));
    }

    #[test]
    fn logistic_llr_is_close_to_its_normal_approximation() {
        // For a large sample the GSPRT is approximately
        // N (s1 − s0)(2μ̂ − s0 − s1) / (2σ̂²), here 0.45368.
        let approx = 0.453_684_968_297;
        assert!(close(llr([3, 17, 60, 25, 5], 0.0, 5.0, SprtModel::Logistic), approx, 0.02));
    }

    #[test]
    fn normalized_llr_matches_independent_computation() {
        use SprtModel::Normalized;
        assert!(close(llr([3, 17, 60, 25, 5], 0.0, 5.0, Normalized), 0.274_013_334_773, 1e-9));
        assert!(close(llr([3, 17, 60, 25, 5], 0.0, 10.0, Normalized), 0.503_036_361_429, 1e-9));
        assert!(close(llr([10, 20, 40, 25, 5], 0.0, 5.0, Normalized), -0.120_462_104_704, 1e-9));
        assert!(close(llr([0, 0, 0, 0, 12], 0.0, 10.0, Normalized), 0.478_402_208_166, 1e-9));
    }

    #[test]
    fn normalized_fit_has_the_asked_t_value_and_is_a_likelihood_maximum() {
        let observed = Distribution::from_counts([3.0, 17.0, 60.0, 25.0, 5.0]);
        let t = 0.05;
        let fit = observed.closest_with_t_value(t).unwrap();
        let (mean, sd) = (fit.mean(), fit.variance().sqrt());
        assert!(close(fit.p.iter().sum::<f64>(), 1.0, 1e-12));
        assert!(close((mean - 0.5) / sd, t, 1e-12));
        // Stationarity: p̂ᵢ/qᵢ − 1 is proportional to the constraint's gradient.
        let gradient = |i: usize| {
            let x = Distribution::score(i);
            x - 0.5 - t * sd * (1.0 + ((x - mean) / sd).powi(2)) / 2.0
        };
        let lambda = (observed.p[0] / fit.p[0] - 1.0) / gradient(0);
        for i in 1..5 {
            assert!(close(observed.p[i] / fit.p[i] - 1.0, lambda * gradient(i), 1e-10));
        }
    }

    #[test]
    fn no_pairs_no_evidence() {
        assert_eq!(llr([0; 5], 0.0, 5.0, SprtModel::Normalized), 0.0);
    }

    #[test]
    fn normalized_elo_of_pairs() {
        // 110 pairs, μ = 58/110 = 0.527273, σ = 0.203228 per pair:
        // nElo = (0.027273/σ)/√2 · 347.436 = 32.969, error 1.96 · 347.436 / √220 = 45.910.
        let nelo = Pentanomial([3, 17, 60, 25, 5]).normalized_elo().unwrap();
        assert!(close(nelo.value, 32.968_876_963, 1e-6), "{nelo:?}");
        assert!(close(nelo.margin, 45.910_397_069, 1e-6), "{nelo:?}");
        assert_eq!(Pentanomial([0, 0, 4, 0, 0]).normalized_elo(), None);
        assert_eq!(Pentanomial::default().normalized_elo(), None);
    }
}
