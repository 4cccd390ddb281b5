//! The fitted weights of tamruat: not tuned yet, the hand-set weights.
//! `redfool tune --variant tamruat` rewrites this file.

use super::Tuned;

pub(super) const TUNED: Tuned = Tuned::HAND_SET;
