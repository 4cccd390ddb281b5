//! Texel's method: fitting every weight of the evaluation (the variant's
//! [`Weights`], [`crate::tuned`]) to the results of self-play games.
//!
//! The evaluation is linear in its weights: each position's evaluation is
//! the sum, over the weights, of how many times White earns each one net of
//! Black (its count, middlegame and endgame, reported by the evaluation to
//! a recorder) times the weight, blended by the phase, plus what no weight
//! scales (integer rounding, the king-danger units' square), kept fixed.
//! Checkered chess's positions are linear too, its stage-1 terms included,
//! except where the evaluation takes the switch's score or is in stage 2:
//! those are kept whole as fixed. The
//! evaluation `e` predicts White's score as `sigmoid(k * e)`; the loss is
//! the mean squared difference from the game's result. First `k` is fitted
//! to the current weights (a golden-section search), then the weights by
//! gradient descent (Adam, on the whole data set each step).
//!
//! Two options guard the fit against what the games alone teach badly.
//! The target can blend the game's result with the expected score of the
//! search's own score of the position ([`blend_targets`]): a result from
//! shallow self-play is a noisy verdict on positions long before the end,
//! the search's score a steadier one. And whole fields can be frozen
//! ([`Descent::frozen`]): the search prices material with the hand-set
//! piece values (exchanges, margins), so a fit that moves material alone
//! would leave the evaluation and the search disagreeing about a pawn.

use crate::checkered;
use crate::evaluation::Evaluation;
use crate::score::Score;
use crate::trace::{Recorder, Term};
use crate::tuned;
use crate::weights::{Field, Weights, PHASE_MAX};
use movegen::{Colour, Position, Stage, Variant, VariantKind, VariantState};
use std::fmt::Write;

/// The recorder that keeps White's net count of each weight.
struct Counts {
    net: Vec<[f64; 2]>,
    phase: i32,
}

impl Counts {
    fn new() -> Counts {
        Counts { net: vec![[0.0; 2]; Weights::COUNT], phase: 0 }
    }

    /// Each count with its share of the phase blend: what the weight's
    /// (middlegame, endgame) pair is multiplied by in the evaluation.
    fn blended(&self) -> impl Iterator<Item = [f64; 2]> + '_ {
        let mg_share = self.phase as f64 / PHASE_MAX as f64;
        self.net.iter().map(move |[mg, eg]| [mg * mg_share, eg * (1.0 - mg_share)])
    }
}

impl Recorder for Counts {
    const COUNTS: bool = true;
    fn term(&mut self, _: Term, _: Score, _: Score) {}
    fn weight(&mut self, colour: Colour, index: usize, count: [f64; 2]) {
        let sign = if colour == Colour::White { 1.0 } else { -1.0 };
        for (net, count) in self.net[index].iter_mut().zip(count) {
            *net += sign * count;
        }
    }
    fn finish(&mut self, phase: i32, _: i32) {
        self.phase = phase;
    }
}

/// One position's features: what the linear model needs of it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// What the evaluation should predict: White's score in the game (1,
    /// 0.5 or 0), or that blended with the search's ([`blend_targets`]).
    result: f64,
    /// The search's score of the position, White's point of view.
    score: f64,
    /// What each weight it earns (middlegame, endgame) is multiplied by in
    /// White's evaluation — its net count times its share of the phase
    /// blend — by the weight's number; the weights not listed count 0.
    counts: Vec<(u16, [f32; 2])>,
    /// The part of the evaluation no weight changes.
    fixed: f64,
}

impl Entry {
    /// The features of `pos`, which the search scored `score` centipawns
    /// for White and whose game White scored `result` in.
    pub fn new<V: Variant>(pos: &Position<V>, score: i32, result: f64) -> Entry {
        let ordinary = Evaluation::new(pos, Counts::new()).run();
        let mut blended: Vec<[f64; 2]> = ordinary.1.blended().collect();
        // Checkered chess adds its stage-1 terms to the ordinary evaluation
        // (their phase counts the checkered pieces too); where it scores
        // the switch (or stage 2) instead, the whole evaluation is fixed.
        let linear = match pos.state().stage() {
            None => true,
            Some(Stage::Two(_)) => false,
            Some(stage) => {
                let (_, linear, extra) = checkered::stage_one_white(pos, stage, ordinary.0, Counts::new());
                for (sum, add) in blended.iter_mut().zip(extra.blended()) {
                    *sum = [sum[0] + add[0], sum[1] + add[1]];
                }
                linear
            }
        };
        let counts = blended
            .iter()
            .enumerate()
            .filter(|(_, net)| linear && net.iter().any(|&n| n != 0.0))
            .map(|(index, net)| (index as u16, net.map(|n| n as f32)))
            .collect();
        let mut entry = Entry { result, score: score as f64, counts, fixed: 0.0 };
        entry.fixed = crate::evaluate_white(pos) as f64 - entry.model(&current(V::KIND));
        entry
    }

    /// The model's evaluation at `params`, before the fixed part.
    fn model(&self, params: &Params) -> f64 {
        let mut sum = 0.0;
        for &(index, [count_mg, count_eg]) in &self.counts {
            let [weight_mg, weight_eg] = params.0[index as usize];
            sum += count_mg as f64 * weight_mg + count_eg as f64 * weight_eg;
        }
        sum
    }

    /// The evaluation at `params`, White's point of view.
    fn evaluate(&self, params: &Params) -> f64 {
        self.fixed + self.model(params)
    }

    /// Adds the gradient of the evaluation, times `factor`, to `gradient`.
    fn add_gradient(&self, factor: f64, gradient: &mut Params) {
        for &(index, [count_mg, count_eg]) in &self.counts {
            let slot = &mut gradient.0[index as usize];
            slot[0] += count_mg as f64 * factor;
            slot[1] += count_eg as f64 * factor;
        }
    }
}

/// Every weight (middlegame, endgame) as a real number while it is being
/// fitted, by the weight's number ([`Field::offset`]).
#[derive(Clone, PartialEq, Debug)]
pub struct Params(Vec<[f64; 2]>);

impl From<&Weights> for Params {
    fn from(weights: &Weights) -> Params {
        let scores = Field::ALL.iter().flat_map(|&field| weights.field(field).iter());
        Params(scores.map(|s| [s.mg() as f64, s.eg() as f64]).collect())
    }
}

impl Params {
    /// All zero.
    fn zero() -> Params {
        Params(vec![[0.0; 2]; Weights::COUNT])
    }

    /// Rounded to whole centipawns (and percents).
    pub fn rounded(&self) -> Weights {
        // Every score is overwritten below: the hand-set set is only the frame.
        let mut weights = Weights::hand_set(8);
        let mut params = self.0.iter();
        for &field in Field::ALL {
            for (score, p) in weights.field_mut(field).iter_mut().zip(&mut params) {
                *score = Score::new(p[0].round() as i32, p[1].round() as i32);
            }
        }
        weights
    }

    /// Which weights the positions count (1) and which they never do (0):
    /// those the descent leaves where they are.
    fn used_by(entries: &[Entry]) -> Params {
        let mut mask = Params::zero();
        for entry in entries {
            for &(index, counts) in &entry.counts {
                for (free, count) in mask.0[index as usize].iter_mut().zip(counts) {
                    if count != 0.0 {
                        *free = 1.0;
                    }
                }
            }
        }
        mask
    }

    fn numbers_mut(&mut self) -> impl Iterator<Item = &mut f64> {
        self.0.iter_mut().flatten()
    }

    fn numbers(&self) -> impl Iterator<Item = &f64> {
        self.0.iter().flatten()
    }
}

/// The logistic curve: the expected score of an evaluation `x * k`.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Makes each entry's target `result_share` of its game's result and the
/// rest the expected score `sigmoid(k * score)` of its search score. Called
/// once `k` is fitted (to the results alone): 1 leaves the results.
pub fn blend_targets(entries: &mut [Entry], k: f64, result_share: f64) {
    for entry in entries {
        entry.result = result_share * entry.result + (1.0 - result_share) * sigmoid(k * entry.score);
    }
}

/// Mean squared error of `sigmoid(k * evaluation)` against the targets.
pub fn loss(entries: &[Entry], params: &Params, k: f64) -> f64 {
    let sum: f64 = entries.iter().map(|e| (e.result - sigmoid(k * e.evaluate(params))).powi(2)).sum();
    sum / entries.len().max(1) as f64
}

/// The scale `k` (per centipawn) that makes the current weights fit best:
/// a golden-section search of the loss over `ln k`, between 1e-4 and 0.1.
pub fn fit_k(entries: &[Entry], params: &Params) -> f64 {
    let f = |ln_k: f64| loss(entries, params, ln_k.exp());
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
#[derive(Clone, Debug)]
pub struct Descent {
    /// Full passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns (percent for the weights that are
    /// percentages).
    pub rate: f64,
    /// Fields left at their start.
    pub frozen: Vec<Field>,
}

/// Fits the weights to `entries` from `start` at scale `k`, by Adam on the
/// whole data set, and returns the weights of the epoch (0: `start`) whose
/// loss on `held_out` was lowest, with that epoch: the descent stops
/// helping once it fits the noise of the positions it sees. Weights the
/// entries never count and the frozen fields stay put. Calls
/// `progress(epoch, loss, held-out loss)` every tenth of the way.
pub fn descend(
    entries: &[Entry],
    held_out: &[Entry],
    start: &Params,
    k: f64,
    descent: &Descent,
    mut progress: impl FnMut(usize, f64, f64),
) -> (Params, usize) {
    let mut mask = Params::used_by(entries);
    for field in &descent.frozen {
        let slots = field.offset()..field.offset() + field.slots();
        mask.0[slots].fill([0.0; 2]);
    }
    let mut weights = start.clone();
    let (mut m, mut v) = (Params::zero(), Params::zero());
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let report_every = (descent.epochs / 10).max(1);
    let mut best = (start.clone(), 0, loss(held_out, start, k));
    for epoch in 1..=descent.epochs {
        let mut gradient = Params::zero();
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
            *w -= descent.rate * (*m / c1) / ((*v / c2).sqrt() + epsilon);
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
pub fn source(variant: VariantKind, weights: &Weights, made: &Provenance) -> String {
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
    text.push_str("\nuse crate::score::Score;\nuse crate::weights::Weights;\n\n");
    text.push_str("/// Each field is documented in `crate::weights`.\n");
    text.push_str("pub(super) const WEIGHTS: Weights = Weights {\n");
    let score = |s: &Score| format!("Score::new({}, {})", s.mg(), s.eg());
    for &field in Field::ALL {
        let scores = weights.field(field);
        if field.is_array() {
            let _ = writeln!(text, "    {}: [", field.name());
            // Each score with its index, the comments aligned as rustfmt
            // aligns them.
            let items: Vec<String> = scores.iter().map(|s| format!("{},", score(s))).collect();
            let width = items.iter().map(String::len).max().unwrap_or(0);
            for (i, item) in items.iter().enumerate() {
                let _ = writeln!(text, "        {item:<width$} // {i}");
            }
            text.push_str("    ],\n");
        } else {
            let _ = writeln!(text, "    {}: {},", field.name(), score(&scores[0]));
        }
    }
    text.push_str("};\n");
    text
}

/// The weights `variant` plays with now, as the descent's start.
pub fn current(variant: VariantKind) -> Params {
    Params::from(tuned::of(variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{with_variant, Chess};
    use std::path::PathBuf;

    fn entry(fen: &str, result: f64) -> Entry {
        Entry::new(&Position::<Chess>::from_fen(fen, false).unwrap(), 0, result)
    }

    /// Every position of the shared perft tables (all variants), as entries
    /// with the evaluation they must give back.
    fn table_entries() -> Vec<(String, Entry, i32)> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
        let mut out = Vec::new();
        for name in ["chess", "chess960", "redfool", "redfool960", "tamruat", "checkered"] {
            let text = std::fs::read_to_string(dir.join(format!("{name}.tsv"))).unwrap();
            for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
                let cells: Vec<&str> = line.split('\t').collect();
                let (kind, chess960, fen) = (cells[1].parse::<VariantKind>().unwrap(), cells[2] == "1", cells[3]);
                let (e, eval) = with_variant!(kind, V => {
                    let pos = Position::<V>::from_fen(fen, chess960).unwrap();
                    (Entry::new(&pos, 0, 0.5), crate::evaluate_white(&pos))
                });
                out.push((format!("{name}: {fen}"), e, eval));
            }
        }
        out
    }

    #[test]
    fn the_model_is_the_evaluation_up_to_rounding_in_every_variant() {
        let mut linear = 0;
        for (what, e, eval) in table_entries() {
            let kind = what.split(':').next().unwrap().trim_end_matches("960").parse::<VariantKind>().unwrap();
            let weights = current(kind);
            assert_eq!(e.evaluate(&weights), eval as f64, "{what}");
            if e.counts.is_empty() {
                continue; // Checkered chess where the switch or stage 2 scores
            }
            linear += 1;
            // What the model leaves to the fixed part is only integer
            // rounding: each piece-square shape and percentage truncates.
            assert!(e.fixed.abs() <= 8.0, "{what}: {} vs {eval}", e.model(&weights));
        }
        assert!(linear > 300, "{linear}");
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let entries: Vec<Entry> = table_entries()
            .into_iter()
            .filter(|(what, ..)| what.starts_with("redfool"))
            .enumerate()
            .map(|(i, (_, e, _))| Entry { result: [0.0, 0.5, 1.0][i % 3], ..e })
            .collect();
        let (params, k) = (current(VariantKind::RedFool), 0.004);
        let mut gradient = Params::zero();
        for e in &entries {
            let p = sigmoid(k * e.evaluate(&params));
            e.add_gradient(-2.0 * (e.result - p) * p * (1.0 - p) * k, &mut gradient);
        }
        let n = entries.len() as f64;
        let mask = Params::used_by(&entries);
        let mut checked = 0;
        for index in 0..Weights::COUNT {
            for phase in 0..2 {
                if mask.0[index][phase] == 0.0 {
                    continue;
                }
                let h = 0.01;
                let mut moved = [params.clone(), params.clone()];
                moved[0].0[index][phase] -= h;
                moved[1].0[index][phase] += h;
                let slope = (loss(&entries, &moved[1], k) - loss(&entries, &moved[0], k)) / (2.0 * h);
                let analytic = gradient.0[index][phase] / n;
                assert!(
                    (slope - analytic).abs() <= 1e-6 + 1e-3 * analytic.abs(),
                    "{index}/{phase}: {slope} {analytic}"
                );
                checked += 1;
            }
        }
        assert!(checked > 60, "{checked}");
    }

    #[test]
    fn descent_recovers_a_known_weight() {
        // Results drawn from the model itself with the knight's mobility
        // weight at 12 instead of 6: the fit must find 12 again.
        let mut truth = current(VariantKind::Chess);
        let mobility = Field::Mobility.offset() + movegen::Role::Knight.index();
        truth.0[mobility] = [12.0, 12.0];
        let k = 0.01;
        let entries: Vec<Entry> = table_entries()
            .into_iter()
            .filter(|(what, e, _)| what.starts_with("chess") && !e.counts.is_empty())
            .map(|(_, e, _)| Entry { result: sigmoid(k * e.evaluate(&truth)), ..e })
            .collect();
        // Only the knight's mobility is free: the rest is where the data says.
        let start = current(VariantKind::Chess);
        let only = |e: &Entry| {
            let mut only = e.clone();
            only.counts.retain(|&(index, _)| index as usize == mobility);
            only.fixed = e.evaluate(&start) - only.model(&start);
            only
        };
        let entries: Vec<Entry> = entries.iter().map(only).collect();
        let descent = Descent { epochs: 2000, rate: 0.5, frozen: Vec::new() };
        let (fitted, _) = descend(&entries, &entries, &start, k, &descent, |_, _, _| {});
        for phase in 0..2 {
            assert!((fitted.0[mobility][phase] - 12.0).abs() < 0.5, "{:?}", fitted.0[mobility]);
        }
    }

    #[test]
    fn a_weight_moves_the_model_by_its_count() {
        // White is a knight up; the knight is the phase's only weight (1 of 24).
        let e = entry("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", 1.0);
        let mut params = current(VariantKind::Chess);
        let before = e.evaluate(&params);
        let knight = Field::Material.offset() + movegen::Role::Knight.index();
        // The counts are kept blended, as `f32`: equal up to its precision.
        params.0[knight][1] += 24.0;
        assert!((e.evaluate(&params) - before - 23.0).abs() < 1e-4);
        params.0[knight][0] += 24.0;
        assert!((e.evaluate(&params) - before - 24.0).abs() < 1e-4);
    }

    #[test]
    fn checkered_pieces_count_towards_their_own_weights() {
        // Stage 1, Black to move and a rook up (so not better off switching),
        // a checkered knight on c6 that no king is near; the stage-1 terms'
        // phase (3 of 24) counts it with the rook.
        let fen = "4k2r/8/2o5/8/8/8/8/4K3 b - - 0 1 0000000000000000 - 1";
        let pos = Position::<movegen::Checkered>::from_fen(fen, false).unwrap();
        let e = Entry::new(&pos, 0, 0.5);
        let mut params = current(VariantKind::Checkered);
        let before = e.evaluate(&params);
        // Black is to move: a point more of the share is 3.2 (mg) and 3.05
        // (eg) centipawns for Black, blended 3:21.
        let share = Field::CheckeredShare.offset();
        params.0[share] = [params.0[share][0] + 1.0, params.0[share][1] + 1.0];
        let expected = -(3.20 * 3.0 + 3.05 * 21.0) / 24.0;
        assert!((e.evaluate(&params) - before - expected).abs() < 1e-4, "{}", e.evaluate(&params) - before);
        // In stage 2 nothing is linear: the whole evaluation is fixed.
        let fen = "4k2r/8/2o5/8/8/8/8/4K3 b - - 0 1 0000000000000000 - 2w";
        let pos = Position::<movegen::Checkered>::from_fen(fen, false).unwrap();
        assert!(Entry::new(&pos, 0, 0.5).counts.is_empty());
    }

    #[test]
    fn descent_keeps_the_start_when_held_out_positions_disagree() {
        let entries: Vec<Entry> = ["4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"]
            .into_iter()
            .map(|fen| entry(fen, 0.5))
            .collect();
        let start = current(VariantKind::Chess);
        let descent = Descent { epochs: 200, rate: 2.0, frozen: Vec::new() };
        let (fitted, epoch) = descend(&entries, &entries, &start, 0.006, &descent, |_, _, _| {});
        assert!(epoch > 100, "{epoch}");
        let knight = Field::Material.offset() + movegen::Role::Knight.index();
        assert!(fitted.0[knight][1] < start.0[knight][1] - 100.0);
        let contrary: Vec<Entry> = entries.iter().map(|e| Entry { result: 1.0, ..e.clone() }).collect();
        let (kept, epoch) = descend(&entries, &contrary, &start, 0.006, &descent, |_, _, _| {});
        assert_eq!((kept, epoch), (start.clone(), 0));
        // Weights the positions never count stay put.
        let wizard = Field::Material.offset() + movegen::Role::Wizard.index();
        assert_eq!(fitted.0[wizard], start.0[wizard]);
        // So do frozen fields: the same data moves the other weights
        // instead of the knight's value.
        let frozen = Descent { frozen: vec![Field::Material], ..descent };
        let (fitted, _) = descend(&entries, &entries, &start, 0.006, &frozen, |_, _, _| {});
        let material = Field::Material.offset()..Field::Material.offset() + Field::Material.slots();
        assert_eq!(fitted.0[material.clone()], start.0[material]);
        let (before, after) = (entries[0].evaluate(&start), entries[0].evaluate(&fitted));
        assert!(after < before - 100.0, "{before} -> {after}");
    }

    #[test]
    fn blended_targets_mix_the_result_with_the_search_score() {
        let pos = Position::<Chess>::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false).unwrap();
        let k = 0.005;
        let blend = |share: f64| {
            let mut entries = vec![Entry::new(&pos, 200, 0.0)];
            blend_targets(&mut entries, k, share);
            entries[0].result
        };
        assert_eq!(blend(1.0), 0.0);
        assert!((blend(0.0) - sigmoid(1.0)).abs() < 1e-12);
        assert!((blend(0.25) - 0.75 * sigmoid(1.0)).abs() < 1e-12);
    }

    #[test]
    fn k_is_fitted_to_how_decisive_the_scores_are() {
        let start = current(VariantKind::Chess);
        let entries: Vec<Entry> = ["4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"]
            .into_iter()
            .map(|fen| {
                let e = entry(fen, 0.0);
                Entry { result: sigmoid(0.01 * e.evaluate(&start)), ..e }
            })
            .collect();
        let k = fit_k(&entries, &start);
        assert!((k - 0.01).abs() < 1e-4, "{k}");
    }

    #[test]
    fn the_source_names_its_data_and_loss_and_holds_every_weight() {
        let made = Provenance {
            data: &["a.data".to_string()],
            positions: 12,
            command: "redfool tune --variant chess --data a.data",
            k: 0.0061,
            loss_before: [0.1, 0.11],
            loss_after: [0.09, 0.1],
        };
        let text = source(VariantKind::Chess, &Weights::hand_set(8), &made);
        assert!(text.contains("//! Command: `redfool tune --variant chess --data a.data`"), "{text}");
        assert!(text.contains("//! Data: a.data (12 positions)"), "{text}");
        assert!(text.contains("0.100000 / 0.110000 before, 0.090000 / 0.100000 after"), "{text}");
        assert!(text.contains("        Score::new(320, 305),  // 1\n"), "{text}");
        assert!(text.contains("    tempo: Score::new(20, 10),\n"), "{text}");
        assert_eq!(text.matches("Score::new(").count(), Weights::COUNT);
    }
}
