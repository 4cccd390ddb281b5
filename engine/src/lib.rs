//! The playing engine: search, transposition table, time management,
//! threads, the UCI front end and the match runner.

pub mod bench;
pub mod greedy;
pub mod history;
pub mod limits;
pub mod matchrunner;
pub mod movepick;
pub mod search;
pub mod see;
pub mod timeman;
pub mod tt;
pub mod uci;
pub mod value;
