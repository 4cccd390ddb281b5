//! The fitted weights of checkered: not tuned yet, the hand-set weights.
//! `redfool tune --variant checkered` rewrites this file.

use super::Tuned;

pub(super) const TUNED: Tuned = Tuned::HAND_SET;
