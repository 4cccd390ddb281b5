//! A weakened search (`Skill`) misses the best move a measurable share of
//! the time at the lowest level, plays only moves of its candidate lines,
//! reports the line of the move it plays last, and is reproducible by its
//! seed.

use engine::limits::Limits;
use engine::search::{Report, SearchInfo, SearchOptions, SearchResult, Searcher, Signals};
use engine::skill::Skill;
use movegen::{Chess, Position};

/// The first `count` positions of the chess opening suite.
fn openings(count: usize) -> Vec<Position<Chess>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/openings/chess.epd");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .take(count)
        .map(|fen| Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect()
}

/// Searches with a fresh searcher to `depth`; returns the result and the
/// `info` reports.
fn search(pos: &Position<Chess>, depth: u32, options: &SearchOptions) -> (SearchResult, Vec<SearchInfo>) {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let mut infos = Vec::new();
    let result = Searcher::new(16).search(pos, &limits, options, &Signals::default(), &mut |report| {
        if let Report::Info(info) = report {
            infos.push(info);
        }
    });
    (result, infos)
}

fn options(multipv: usize, skill: Option<Skill>) -> SearchOptions {
    SearchOptions { threads: 1, multipv, move_overhead: 0, skill }
}

#[test]
fn level_0_often_plays_another_candidate_and_reports_the_line_it_plays() {
    let positions = openings(40);
    let mut missed = 0;
    for (seed, pos) in positions.iter().enumerate() {
        let skill = Skill::from_level(0, seed as u64).expect("level 0 is weakened");
        // The same settings at full strength: its depth and its candidate lines.
        let (full, lines) = search(pos, skill.depth(), &options(Skill::CANDIDATES, None));
        let (weak, infos) = search(pos, 30, &options(1, Some(skill)));
        let played = weak.best.expect("a legal move");
        let candidates: Vec<_> = lines.iter().map(|info| info.pv[0]).collect();
        assert!(candidates.contains(&played), "{}: {} is no candidate", pos.fen(), pos.uci(played));
        let last = infos.last().expect("an info line");
        assert_eq!((last.multipv, last.pv[0]), (1, played), "{}: the last line shown is the move played", pos.fen());
        assert_eq!(last.depth, 1, "level 0 searches one ply, whatever `go depth` allows");
        missed += usize::from(Some(played) != full.best);
    }
    assert!(missed * 5 >= positions.len(), "level 0 missed the best move in only {missed} of {}", positions.len());
}

#[test]
fn the_strongest_weakened_level_rarely_errs_and_the_seed_fixes_the_choice() {
    let positions = openings(12);
    let depth = 4;
    let level = 19;
    let mut missed = 0;
    for (seed, pos) in positions.iter().enumerate() {
        let skill = || Skill::from_level(level, seed as u64);
        let (full, _) = search(pos, depth, &options(Skill::CANDIDATES, None));
        let (weak, _) = search(pos, depth, &options(1, skill()));
        let (again, _) = search(pos, depth, &options(1, skill()));
        assert_eq!(weak.best, again.best, "{}: the same seed, the same move", pos.fen());
        missed += usize::from(weak.best != full.best);
    }
    assert!(missed * 4 <= positions.len(), "level {level} missed the best move in {missed} of {}", positions.len());
}
