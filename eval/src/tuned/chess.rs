//! The fitted weights of chess: not tuned yet, the hand-set weights.
//! `redfool tune --variant chess` rewrites this file.

use super::Tuned;

pub(super) const TUNED: Tuned = Tuned::HAND_SET;
