//! The playing engine: search, transposition table, time management,
//! threads and the UCI front end. (The match runner, which needs no search,
//! is the `matchrunner` crate.)
#![warn(missing_docs)]

pub mod bench;
pub mod datagen;
pub mod greedy;
pub mod history;
pub mod limits;
pub mod movepick;
pub mod search;
pub mod see;
pub mod skill;
pub mod timeman;
pub mod tt;
pub mod uci;
pub mod value;
