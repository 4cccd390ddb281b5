//! The fitted weights of Tam Ruat: not tuned yet, the hand-set weights of
//! its board (12 ranks). `redfool tune --variant tamruat` rewrites this file.

use crate::weights::Weights;

pub(super) const WEIGHTS: Weights = Weights::hand_set(12);
