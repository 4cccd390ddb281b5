//! `redfool match`: a match runner for UCI engines in every variant the
//! rules core knows, Red Fool Chess first (being built: statistics and
//! clocks come first).

pub mod clock;
pub mod stats;
