//! Texel's method: fitting the weights of [`crate::tuned`] to the results
//! of self-play games.
//!
//! Each position's evaluation is written as a linear function of the
//! fitted weights, from a [`Trace`] of its terms: White's surplus of each
//! role times that role's value, plus each term's net times its percentage,
//! both blended by the phase, plus what no fitted weight changes (the
//! bishop pair, Checkered chess's own terms). The evaluation `e` predicts
//! White's score as `sigmoid(k * e)`; the loss is the mean squared
//! difference from the game's result. First `k` is fitted to the current
//! weights (a golden-section search), then the weights by gradient descent
//! (Adam, on the whole data set each step).

use crate::score::Score;
use crate::trace::Term;
use crate::tuned::{self, Tuned};
use crate::weights::PHASE_MAX;
use movegen::{Bitboard, Colour, Position, Role, Variant, VariantKind};
use std::fmt::Write;

/// One position's features: what the linear model needs of it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// White's score in the game: 1, 0.5 or 0.
    result: f64,
    /// The middlegame share of the blend, phase / `PHASE_MAX`.
    mg_share: f64,
    /// White's surplus of each role (White's count minus Black's).
    surplus: [i8; Role::COUNT],
    /// Each term's net for White (middlegame, endgame) at 100 percent.
    terms: [[f64; 2]; Term::COUNT],
    /// The part of the evaluation no fitted weight changes.
    fixed: f64,
}

impl Entry {
    /// The features of `pos`, whose game White scored `result` in.
    pub fn new<V: Variant>(pos: &Position<V>, result: f64) -> Entry {
        let trace = crate::trace(pos);
        let board = pos.board();
        let surplus = Role::ALL.map(|role| {
            let count = |colour| board.pieces(colour, role).count() as i32;
            (count(Colour::White) - count(Colour::Black)).clamp(i8::MIN.into(), i8::MAX.into()) as i8
        });
        let terms = Term::ALL.map(|term| {
            let net = trace.net(term);
            [net.mg() as f64, net.eg() as f64]
        });
        let mut entry = Entry { result, mg_share: trace.phase as f64 / PHASE_MAX as f64, surplus, terms, fixed: 0.0 };
        entry.fixed = trace.total as f64 - entry.model(&Weights::from(tuned::of(V::KIND)));
        entry
    }

    /// The model's evaluation at `weights`, before the fixed part.
    fn model(&self, weights: &Weights) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for (role, &n) in self.surplus.iter().enumerate() {
            mg += n as f64 * weights.material[role][0];
            eg += n as f64 * weights.material[role][1];
        }
        for (term, net) in self.terms.iter().enumerate().skip(1) {
            mg += net[0] * weights.percent[term][0] / 100.0;
            eg += net[1] * weights.percent[term][1] / 100.0;
        }
        mg * self.mg_share + eg * (1.0 - self.mg_share)
    }

    /// The evaluation at `weights`, White's point of view.
    fn evaluate(&self, weights: &Weights) -> f64 {
        self.fixed + self.model(weights)
    }

    /// Adds the gradient of the evaluation, times `factor`, to `gradient`.
    fn add_gradient(&self, factor: f64, gradient: &mut Weights) {
        let (mg, eg) = (factor * self.mg_share, factor * (1.0 - self.mg_share));
        for (role, &n) in self.surplus.iter().enumerate() {
            gradient.material[role][0] += n as f64 * mg;
            gradient.material[role][1] += n as f64 * eg;
        }
        for (term, net) in self.terms.iter().enumerate().skip(1) {
            gradient.percent[term][0] += net[0] * mg / 100.0;
            gradient.percent[term][1] += net[1] * eg / 100.0;
        }
    }
}

/// The fitted weights as real numbers while they are being fitted.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Weights {
    material: [[f64; 2]; Role::COUNT],
    percent: [[f64; 2]; Term::COUNT],
}

impl From<&Tuned> for Weights {
    fn from(tuned: &Tuned) -> Weights {
        let pair = |s: &Score| [s.mg() as f64, s.eg() as f64];
        Weights { material: tuned.material.each_ref().map(pair), percent: tuned.percent.each_ref().map(pair) }
    }
}

impl Weights {
    /// Rounded to whole centipawns and percents.
    pub fn rounded(&self) -> Tuned {
        let score = |p: &[f64; 2]| Score::new(p[0].round() as i32, p[1].round() as i32);
        Tuned { material: self.material.each_ref().map(score), percent: self.percent.each_ref().map(score) }
    }

    /// Every fitted number with whether `variant` lets it move: the values
    /// of its roles but the royal ones, the percentages of every term but
    /// material (fitted role by role) and the Fool's terms without a Fool.
    fn free_mask(variant: VariantKind, roles: &[Role]) -> Weights {
        let mut mask = Weights::default();
        for &role in roles {
            if !matches!(role, Role::King | Role::Emperor) {
                mask.material[role.index()] = [1.0; 2];
            }
        }
        for term in Term::ALL.into_iter().skip(1) {
            let fool_term = matches!(term, Term::FoolVictims | Term::FoolKingDistance | Term::FoolMenace);
            if variant == VariantKind::RedFool || !fool_term {
                mask.percent[term as usize] = [1.0; 2];
            }
        }
        mask
    }

    fn numbers_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.material.iter_mut().chain(self.percent.iter_mut()).flatten()
    }

    fn numbers(&self) -> impl Iterator<Item = &f64> {
        self.material.iter().chain(self.percent.iter()).flatten()
    }
}

/// The logistic curve: the expected score of an evaluation `x * k`.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of `sigmoid(k * evaluation)` against the results.
pub fn loss(entries: &[Entry], weights: &Weights, k: f64) -> f64 {
    let sum: f64 = entries.iter().map(|e| (e.result - sigmoid(k * e.evaluate(weights))).powi(2)).sum();
    sum / entries.len().max(1) as f64
}

/// The scale `k` (per centipawn) that makes the current weights fit best:
/// a golden-section search of the loss over `ln k`, between 1e-4 and 0.1.
pub fn fit_k(entries: &[Entry], weights: &Weights) -> f64 {
    let f = |ln_k: f64| loss(entries, weights, ln_k.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-4f64.ln(), 0.1f64.ln());
    let (mut a, mut b) = (high - ratio * (high - low), low + ratio * (high - low));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..60 {
        if fa < fb {
            high = b;
            (b, fb) = (a, fa);
            a = high - ratio * (high - low);
            fa = f(a);
        } else {
            low = a;
            (a, fa) = (b, fb);
            b = low + ratio * (high - low);
            fb = f(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// How the descent runs.
#[derive(Clone, Copy, Debug)]
pub struct Descent {
    /// Full passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns (material) and percent (terms).
    pub rate: f64,
}

/// Fits the weights of the variant `V` to `entries`
/// from `start` at scale `k`, by Adam on the whole data set, and returns
/// the weights of the epoch (0: `start`) whose loss on `held_out` was
/// lowest, with that epoch: the descent stops helping once it fits the
/// noise of the positions it sees. Calls `progress(epoch, loss, held-out
/// loss)` every tenth of the way.
pub fn descend<V: Variant>(
    entries: &[Entry],
    held_out: &[Entry],
    start: &Weights,
    k: f64,
    descent: Descent,
    mut progress: impl FnMut(usize, f64, f64),
) -> (Weights, usize) {
    let mask = Weights::free_mask(V::KIND, V::ROLES);
    let mut weights = start.clone();
    let (mut m, mut v) = (Weights::default(), Weights::default());
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let report_every = (descent.epochs / 10).max(1);
    let mut best = (start.clone(), 0, loss(held_out, start, k));
    for epoch in 1..=descent.epochs {
        let mut gradient = Weights::default();
        for entry in entries {
            let p = sigmoid(k * entry.evaluate(&weights));
            entry.add_gradient(-2.0 * (entry.result - p) * p * (1.0 - p) * k, &mut gradient);
        }
        let n = entries.len().max(1) as f64;
        let (c1, c2) = (1.0 - beta1.powi(epoch as i32), 1.0 - beta2.powi(epoch as i32));
        let numbers = weights.numbers_mut().zip(gradient.numbers()).zip(mask.numbers());
        for (((w, &g), &free), (m, v)) in numbers.zip(m.numbers_mut().zip(v.numbers_mut())) {
            let g = g / n * free;
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            *w = (*w - descent.rate * (*m / c1) / ((*v / c2).sqrt() + epsilon)).max(0.0);
        }
        let held_out_loss = loss(held_out, &weights, k);
        if held_out_loss < best.2 {
            best = (weights.clone(), epoch, held_out_loss);
        }
        if epoch % report_every == 0 || epoch == descent.epochs {
            progress(epoch, loss(entries, &weights, k), held_out_loss);
        }
    }
    (best.0, best.1)
}

/// What the generated file's header says about how it was made.
pub struct Provenance<'a> {
    /// The data files and how many positions they gave.
    pub data: &'a [String],
    pub positions: usize,
    /// The command line that made the file.
    pub command: &'a str,
    pub k: f64,
    /// Loss of the fitted and the held-out positions, before and after.
    pub loss_before: [f64; 2],
    pub loss_after: [f64; 2],
}

/// The generated Rust source of `variant`'s fitted weights.
pub fn source(variant: VariantKind, tuned: &Tuned, made: &Provenance) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "//! The fitted weights of {variant}, generated by `redfool tune`: rerun it");
    let _ = writeln!(text, "//! rather than edit this file.");
    let _ = writeln!(text, "//!");
    let _ = writeln!(text, "//! Command: `{}`", made.command);
    let _ = writeln!(text, "//! Data: {} ({} positions)", made.data.join(", "), made.positions);
    let _ = writeln!(text, "//! Scale: k = {:.6} per centipawn", made.k);
    let _ = writeln!(
        text,
        "//! Loss (fitted / held out): {:.6} / {:.6} before, {:.6} / {:.6} after.",
        made.loss_before[0], made.loss_before[1], made.loss_after[0], made.loss_after[1]
    );
    text.push_str("\nuse super::Tuned;\nuse crate::score::Score;\n\npub(super) const TUNED: Tuned = Tuned {\n");
    text.push_str("    // Indexed by role: pawn, knight, bishop, rook, queen, king, emperor,\n");
    text.push_str("    // paladin, wizard, warlock, ghost, barbarian.\n    material: [\n");
    for s in tuned.material {
        let _ = writeln!(text, "        Score::new({}, {}),", s.mg(), s.eg());
    }
    text.push_str("    ],\n    percent: [\n");
    for (term, s) in Term::ALL.iter().zip(tuned.percent) {
        let _ = writeln!(text, "        Score::new({}, {}), // {}", s.mg(), s.eg(), term.name());
    }
    text.push_str("    ],\n};\n");
    text
}

/// The weights `variant` plays with now, as the descent's start.
pub fn current(variant: VariantKind) -> Weights {
    Weights::from(tuned::of(variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{Chess, RedFool};

    fn entry(fen: &str, result: f64) -> Entry {
        Entry::new(&Position::<Chess>::from_fen(fen, false).unwrap(), result)
    }

    #[test]
    fn the_model_gives_the_evaluation_back_at_the_current_weights() {
        for fen in
            ["r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "4k3/8/8/3Pp3/8/8/8/4K2R b K - 0 40"]
        {
            let pos = Position::<Chess>::from_fen(fen, false).unwrap();
            let e = Entry::new(&pos, 0.5);
            assert!((e.evaluate(&current(VariantKind::Chess)) - crate::evaluate_white(&pos) as f64).abs() < 1e-9);
        }
        let pos = Position::<RedFool>::startpos();
        let e = Entry::new(&pos, 0.5);
        assert!((e.evaluate(&current(VariantKind::RedFool)) - crate::evaluate_white(&pos) as f64).abs() < 1e-9);
    }

    #[test]
    fn a_weight_moves_the_model_by_its_feature() {
        // White is a knight up; the knight is the phase's only weight (1 of 24).
        let e = entry("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", 1.0);
        let mut weights = current(VariantKind::Chess);
        let before = e.evaluate(&weights);
        weights.material[Role::Knight.index()][1] += 24.0;
        assert!((e.evaluate(&weights) - before - 23.0).abs() < 1e-9);
        weights.material[Role::Knight.index()][0] += 24.0;
        assert!((e.evaluate(&weights) - before - 24.0).abs() < 1e-9);
        // A term's percentage scales its net.
        let mobility = e.terms[Term::Mobility as usize];
        weights.percent[Term::Mobility as usize][0] += 100.0;
        assert!((e.evaluate(&weights) - before - 24.0 - mobility[0] / 24.0).abs() < 1e-9);
    }

    #[test]
    fn descent_learns_what_the_results_say() {
        // Knight-up endgames that White only draws: the fit must cheapen
        // the knight, and the loss must fall.
        let entries: Vec<Entry> = ["4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"]
            .into_iter()
            .map(|fen| entry(fen, 0.5))
            .collect();
        let start = current(VariantKind::Chess);
        let k = 0.006;
        let descent = Descent { epochs: 200, rate: 2.0 };
        let (fitted, epoch) = descend::<Chess>(&entries, &entries, &start, k, descent, |_, _, _| {});
        assert!(epoch > 100, "{epoch}");
        let knight = Role::Knight.index();
        assert!(fitted.material[knight][1] < start.material[knight][1] - 100.0, "{fitted:?}");
        assert!(loss(&entries, &fitted, k) < loss(&entries, &start, k) / 2.0);
        // Held out positions that say the opposite keep the start.
        let contrary: Vec<Entry> = entries.iter().map(|e| Entry { result: 1.0, ..e.clone() }).collect();
        let (kept, epoch) = descend::<Chess>(&entries, &contrary, &start, k, descent, |_, _, _| {});
        assert_eq!((kept, epoch), (start.clone(), 0));
        // Weights the variant lacks stay put.
        assert_eq!(fitted.material[Role::Wizard.index()], start.material[Role::Wizard.index()]);
        assert_eq!(fitted.percent[Term::FoolMenace as usize], start.percent[Term::FoolMenace as usize]);
    }

    #[test]
    fn k_is_fitted_to_how_decisive_the_scores_are() {
        // Results that follow sigmoid(0.01 * e) exactly are fitted best at 0.01.
        let entries: Vec<Entry> = ["4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"]
            .into_iter()
            .map(|fen| {
                let mut e = entry(fen, 0.0);
                e.result = sigmoid(0.01 * e.evaluate(&current(VariantKind::Chess)));
                e
            })
            .collect();
        let k = fit_k(&entries, &current(VariantKind::Chess));
        assert!((k - 0.01).abs() < 1e-4, "{k}");
    }

    #[test]
    fn the_source_names_its_data_and_loss() {
        let made = Provenance {
            data: &["a.data".to_string()],
            positions: 12,
            command: "redfool tune --variant chess --data a.data",
            k: 0.0061,
            loss_before: [0.1, 0.11],
            loss_after: [0.09, 0.1],
        };
        let text = source(VariantKind::Chess, &Tuned::HAND_SET, &made);
        assert!(text.contains("//! Command: `redfool tune --variant chess --data a.data`"), "{text}");
        assert!(text.contains("//! Data: a.data (12 positions)"), "{text}");
        assert!(text.contains("0.100000 / 0.110000 before, 0.090000 / 0.100000 after"), "{text}");
        assert!(text.contains("        Score::new(320, 305),\n"), "{text}");
        assert!(text.contains("        Score::new(100, 100), // Mobility\n"), "{text}");
    }
}
