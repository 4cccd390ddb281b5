//! The fitted weights of Checkered chess: not tuned yet, the hand-set weights of
//! its board (8 ranks). `redfool tune --variant checkered` rewrites this file.

use crate::weights::Weights;

pub(super) const WEIGHTS: Weights = Weights::hand_set(8);
