//! `UCI_ShowWDL`: the chances of a win, a draw and a loss that a score
//! stands for, per mille, as `info … wdl W D L` reports them.
//!
//! The model is Stockfish's logistic one: from the side to move's point of
//! view, a score of `s` centipawns wins with probability
//! `1 / (1 + exp((a - s) / b))` and loses with `1 / (1 + exp((a + s) / b))`;
//! the rest is the draw. `a` is the score at which a win becomes as likely
//! as not (the wider the drawing margin, the larger), `b` how quickly the
//! chances change with the score. Both are fitted per variant by
//! `scripts/fit_wdl.py` to self-play games of the engine (see
//! [`WdlModel::of`]).

use movegen::{Score, VariantKind};

/// The model's parameters for one variant: `a` and `b` in centipawns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlModel {
    /// The score at which a win is as likely as not.
    pub a: f64,
    /// How quickly the chances change with the score.
    pub b: f64,
}

impl WdlModel {
    /// The fitted model of `variant`, an exhaustive match so that a new
    /// variant cannot compile without its model.
    ///
    /// Fitted by `scripts/fit_wdl.py` (maximum likelihood over every engine
    /// score within ±2000 cp in the games, each labelled with the game's
    /// result for the side that gave it) to 240 self-play games per variant
    /// of the build of commit b0584c9: `redfool match --nodes 800 --games 2
    /// --rounds 120 --random-plies 8 --seed 1 --concurrency 1` (Checkered
    /// chess also `--maxmoves 200`; one of its games was adjudicated so).
    /// Samples: Red Fool 35 433, chess 27 326, Tam Ruat 47 469, Checkered
    /// 17 151. Such fast games convert an advantage less surely than longer
    /// searches do, so the model is on the cautious side; Checkered chess's
    /// scores, whose checkered pieces change hands, predict the result least.
    pub fn of(variant: VariantKind) -> WdlModel {
        match variant {
            VariantKind::RedFool => WdlModel { a: 291.7, b: 379.8 },
            VariantKind::Chess => WdlModel { a: 228.6, b: 359.4 },
            VariantKind::TamRuat => WdlModel { a: 439.4, b: 659.7 },
            VariantKind::Checkered => WdlModel { a: 723.8, b: 2084.4 },
        }
    }

    /// Win, draw and loss chances of `score` per mille, summing to 1000.
    /// A mate score is certain.
    pub fn wdl(&self, score: Score) -> [u32; 3] {
        match score {
            Score::Mate(n) if n > 0 => [1000, 0, 0],
            Score::Mate(_) => [0, 0, 1000],
            Score::Cp(cp) => {
                let s = f64::from(cp);
                let per_mille = |x: f64| (1000.0 / (1.0 + ((self.a - x) / self.b).exp())).round() as u32;
                let win = per_mille(s);
                let loss = per_mille(-s).min(1000 - win);
                [win, 1000 - win - loss, loss]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_sum_to_1000_and_follow_the_score() {
        for variant in VariantKind::ALL {
            let model = WdlModel::of(variant);
            assert!(model.a > 0.0 && model.b > 0.0, "{variant}: {model:?}");
            let mut last = [0, 1000, 1000];
            for cp in (-3000..=3000).step_by(7) {
                let [w, d, l] = model.wdl(Score::Cp(cp));
                assert_eq!(w + d + l, 1000, "{variant} at {cp}");
                assert!(w >= last[0] && l <= last[2], "{variant}: not monotone at {cp}");
                last = [w, d, l];
            }
            let [w, d, l] = model.wdl(Score::Cp(0));
            assert_eq!(w, l, "{variant}: an equal score is symmetric");
            assert!(d > 0, "{variant}: an equal score can be drawn");
            // Three queens ahead wins more often than not, and a lot more
            // often than an equal score.
            let ahead = model.wdl(Score::Cp(3000));
            assert!(ahead[0] > 700 && ahead[0] > w + 250 && ahead[2] < l / 2, "{variant}: {ahead:?}");
            assert_eq!(model.wdl(Score::Cp(-3000)), [ahead[2], ahead[1], ahead[0]], "{variant}: symmetric");
        }
    }

    #[test]
    fn mates_are_certain() {
        let model = WdlModel::of(VariantKind::RedFool);
        assert_eq!(model.wdl(Score::Mate(3)), [1000, 0, 0]);
        assert_eq!(model.wdl(Score::Mate(-2)), [0, 0, 1000]);
        assert_eq!(model.wdl(Score::Mate(0)), [0, 0, 1000]);
    }
}
