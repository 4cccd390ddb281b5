//! The fitted weights of Red Fool Chess: not tuned yet, the hand-set weights of
//! its board (10 ranks). `redfool tune --variant redfool` rewrites this file.

use crate::weights::Weights;

pub(super) const WEIGHTS: Weights = Weights::hand_set(10);
