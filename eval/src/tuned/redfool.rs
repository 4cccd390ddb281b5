//! The fitted weights of redfool: not tuned yet, the hand-set weights.
//! `redfool tune --variant redfool` rewrites this file.

use super::Tuned;

pub(super) const TUNED: Tuned = Tuned::HAND_SET;
