//! Static evaluation (being written: see issue 4).
