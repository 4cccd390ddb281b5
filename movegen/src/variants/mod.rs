//! The variants, one module each: a type implementing [`crate::Variant`]
//! with its rule hooks, and the rules that belong to it alone.
//!
//! `orthodox` holds the FIDE answers to the hooks, which chess and Red
//! Fool Chess use whole and the other variants use where their rules agree.

pub(crate) mod checkered;
pub(crate) mod chess;
pub(crate) mod orthodox;
pub(crate) mod redfool;
pub(crate) mod tamruat;

pub use checkered::Checkered;
pub use chess::Chess;
pub use redfool::RedFool;
pub use tamruat::TamRuat;
