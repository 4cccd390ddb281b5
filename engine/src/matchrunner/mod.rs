//! `redfool match`: a match runner for UCI engines in every variant the
//! rules core knows, Red Fool Chess first (being built: the referee, its
//! engine processes, openings and PGN come second).

pub mod adjudication;
pub mod clock;
pub mod engine_process;
pub mod game;
pub mod openings;
pub mod pgn;
pub mod schedule;
pub mod stats;
