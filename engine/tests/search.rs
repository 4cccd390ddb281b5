//! The search finds mates (Red Fool and chess), recognises draws, returns a
//! legal move everywhere, honours its limits, and is reproducible.

use engine::bench;
use engine::limits::Limits;
use engine::search::{Bound, Report, SearchInfo, SearchOptions, SearchResult, Searcher, Signals};
use movegen::{legal_moves, Bitboard, Chess, Geometry, Move, Position, RedFool, Score, TamRuat, Variant, VariantKind};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::Duration;

fn position<V: Variant>(fen: &str) -> Position<V> {
    Position::from_fen(fen, false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn one_thread() -> SearchOptions {
    SearchOptions { threads: 1, multipv: 1, move_overhead: 0, skill: None }
}

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

/// Searches with a fresh 16 MiB searcher; returns the result and the reports.
fn search<V: Variant>(pos: &Position<V>, limits: &Limits, options: &SearchOptions) -> (SearchResult, Vec<SearchInfo>) {
    let mut infos = Vec::new();
    let result = Searcher::new(16).search(pos, limits, options, &Signals::default(), &mut |report| {
        if let Report::Info(info) = report {
            infos.push(info);
        }
    });
    (result, infos)
}

fn is_checkmate<V: Variant>(pos: &Position<V>) -> bool {
    pos.checkers().any() && legal_moves(pos).is_empty()
}

/// True when `m` mates at once.
fn mates<V: Variant>(pos: &Position<V>, m: Move) -> bool {
    let mut after = pos.clone();
    after.make(m);
    is_checkmate(&after)
}

/// Searches `fen` to `d` and checks a mate in `n` is announced with `best`.
fn finds_mate<V: Variant>(fen: &str, d: u32, n: i32, best: &str) -> Position<V> {
    let pos = position::<V>(fen);
    let (result, infos) = search(&pos, &depth(d), &one_thread());
    assert_eq!(result.score, Score::Mate(n), "{fen}");
    assert_eq!(result.best, Some(pos.parse_uci(best).unwrap()), "{fen}: played {}", pos.uci(result.best.unwrap()));
    let last = infos.last().expect("an info line");
    assert_eq!(last.pv.len() as i32, 2 * n - 1, "{fen}: the mating line is the principal variation");
    let mut end = pos.clone();
    for &m in &last.pv {
        assert!(legal_moves(&end).contains(&m));
        end.make(m);
    }
    assert!(is_checkmate(&end), "{fen}: the line ends in mate");
    pos
}

// ----- mates in Red Fool -----

/// Rd2-h2 attacks the Fool on h7 along the file: he must leap, and the
/// mover picks where. On f6 he covers g8, the king's last flight square
/// from the rook's check; on g5 (the other answer to the same base move)
/// he does not. No move that leaves him standing mates.
#[test]
fn red_fool_mate_in_one_that_frightens_the_fool() {
    let fen = "8/5p2/n4B1k/7*/6p1/8/2K5/8/3R4/8 w - - 0 1";
    let pos = finds_mate::<RedFool>(fen, 4, 1, "d2h2@f6");
    assert!(!mates(&pos, pos.parse_uci("d2h2@g5").unwrap()), "the other answer lets the king out");
    let mating: Vec<Move> = legal_moves(&pos).into_iter().filter(|&m| mates(&pos, m)).collect();
    assert_eq!(mating, vec![pos.parse_uci("d2h2@f6").unwrap()], "the only mate");
}

/// The Fool on d10 stands between the rook on a10 and the king on h10,
/// frozen: every square he could leap to is guarded. A bishop move that
/// stops guarding f9 makes the knight there his only safe victim; killing
/// it he leaves the rank, and the rook mates along it (the knight, which
/// could have blocked on d10, is gone).
#[test]
fn red_fool_mate_in_one_where_the_fools_kill_opens_the_line() {
    let fen = "R2*3k/5npp/B6R/7B/8/8/8/8/8/K7 w - - 0 1";
    let pos = position::<RedFool>(fen);
    let (result, _) = search(&pos, &depth(4), &one_thread());
    assert_eq!(result.score, Score::Mate(1));
    let best = result.best.unwrap();
    assert!(mates(&pos, best), "{} mates", pos.uci(best));
    let f9 = <RedFool as Variant>::G::parse_square("f9").unwrap();
    assert_eq!(best.fool_to(), Some(f9), "the Fool leaves d10 for f9");
    assert!(pos.fool_victim(best).is_some(), "killing on f9");
}

/// Rd1-d10 would be met by Bb8xd10, but the rook on the tenth rank stirs the
/// Fool on a10, whose only safe leap is onto that bishop.
#[test]
fn red_fool_mate_in_one_where_the_fools_kill_removes_the_defender() {
    finds_mate::<RedFool>("*6k/6pp/1b6/8/8/8/8/8/8/3R3K w - - 0 1", 4, 1, "d1d10@b8");
}

/// The key move Rd9-b9 also stirs the Fool (to f4); only then does the
/// queen mate next move.
#[test]
fn red_fool_mate_in_two() {
    finds_mate::<RedFool>("8/3R4/8/7p/2Q5/8/3p4/1k2r3/4*3/1K6 w - - 0 1", 7, 2, "d9b9@f4");
}

#[test]
fn red_fool_mate_in_three() {
    finds_mate::<RedFool>("*1k5/4R3/8/8/4p3/1K1b4/8/8/1p6/4R3 w - - 0 1", 8, 3, "e1a1@b8");
}

// ----- mates in chess -----

#[test]
fn chess_mate_in_one() {
    finds_mate::<Chess>("4kr2/8/5p2/2N5/3Q4/7K/2p5/8 w - - 0 1", 4, 1, "d4d7");
}

#[test]
fn chess_mate_in_two() {
    finds_mate::<Chess>("6k1/2Q5/6p1/8/8/2pr4/1R6/4K3 w - - 0 1", 6, 2, "b2b8");
}

#[test]
fn chess_mate_in_three() {
    finds_mate::<Chess>("8/K2p4/4p3/8/2b1R3/8/4R3/k7 w - - 0 1", 10, 3, "e4c4");
}

#[test]
fn the_side_to_move_sees_its_own_mate_coming() {
    // After the key move of the mate in two, Black is mated in one.
    let pos = played::<Chess>("6k1/2Q5/6p1/8/8/2pr4/1R6/4K3 w - - 0 1", &["b2b8"]);
    let (result, _) = search(&pos, &depth(5), &one_thread());
    assert_eq!(result.score, Score::Mate(-1));
}

/// Tam Ruat: taking Black's last piece but the king wins at once.
#[test]
fn tam_ruat_bare_king_wins() {
    let pos = position::<TamRuat>("k11/12/12/12/12/12/n11/12/12/12/12/R10K w - - 0 1");
    let (result, _) = search(&pos, &depth(3), &one_thread());
    assert_eq!((result.best, result.score), (Some(pos.parse_uci("a1a6").unwrap()), Score::Mate(1)));
    // Black to move with the king alone has lost already.
    let (result, _) = search(&played::<TamRuat>(&pos.fen(), &["a1a6"]), &depth(3), &one_thread());
    assert_eq!((result.best, result.score), (None, Score::Mate(0)));
}

// ----- draws -----

/// Rb1 stirs the Fool to c9, where he checks the king on a10 and takes its
/// every move away: a Fool-only mate, which is a draw. Up a rook, White
/// avoids it; made to play it, White scores it 0, not mate.
#[test]
fn a_fool_only_mate_scores_zero() {
    let fen = "k7/p7/8/1*6/2K5/8/8/8/8/4R3 w - - 0 1";
    let pos = position::<RedFool>(fen);
    let fool_mate = pos.parse_uci("e1b1@c9").unwrap();
    let only = Limits { searchmoves: vec![fool_mate], ..depth(4) };
    let (result, _) = search(&pos, &only, &one_thread());
    assert_eq!((result.best, result.score), (Some(fool_mate), Score::Cp(0)));
    let (free, _) = search(&pos, &depth(4), &one_thread());
    assert_ne!(free.best, Some(fool_mate));
    assert!(matches!(free.score, Score::Cp(cp) if cp > 200), "{:?}", free.score);

    // At the root, the Fool-only mate is a draw and a real mate a loss.
    let mut drawn = pos.clone();
    drawn.make(fool_mate);
    let (result, _) = search(&drawn, &depth(3), &one_thread());
    assert_eq!((result.best, result.score), (None, Score::Cp(0)));
    let mut mated = position::<RedFool>("*6k/6pp/1b6/8/8/8/8/8/8/3R3K w - - 0 1");
    mated.make(mated.parse_uci("d1d10@b8").unwrap());
    let (result, _) = search(&mated, &depth(3), &one_thread());
    assert_eq!((result.best, result.score), (None, Score::Mate(0)));
}

/// Plays `moves` (UCI) from `fen`.
fn played<V: Variant>(fen: &str, moves: &[&str]) -> Position<V> {
    let mut pos = position::<V>(fen);
    for text in moves {
        pos.make(pos.parse_uci(text).unwrap());
    }
    pos
}

/// A rook down, White can only hope for a draw, and the game's history
/// offers one: Kh1 repeats a position for the third time.
fn repetition_saves_the_lost_side<V: Variant>(fen: &str, moves: &[&str], repeat: &str) {
    let pos = played::<V>(fen, moves);
    let (result, _) = search(&pos, &depth(6), &one_thread());
    assert_eq!(result.best, Some(pos.parse_uci(repeat).unwrap()));
    assert_eq!(result.score, Score::Cp(0));
    // Without the history there is nothing to repeat, and White is lost.
    let fresh = position::<V>(&pos.fen());
    let (result, _) = search(&fresh, &depth(6), &one_thread());
    assert!(matches!(result.score, Score::Cp(cp) if cp < -200), "{:?}", result.score);
}

#[test]
fn repetition_scores_zero_in_chess() {
    let shuffle = ["g8h8", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1", "h8g8"];
    repetition_saves_the_lost_side::<Chess>("6k1/8/8/8/8/8/r7/7K b - - 0 1", &shuffle, "g1h1");
}

/// The same in Red Fool, the Fool standing still far away: the repeated
/// positions have him on the same square.
#[test]
fn repetition_scores_zero_in_red_fool() {
    let shuffle = ["g10h10", "h1g1", "h10g10", "g1h1", "g10h10", "h1g1", "h10g10"];
    repetition_saves_the_lost_side::<RedFool>("6k1/8/8/8/8/3*4/8/8/r7/7K b - - 0 1", &shuffle, "g1h1");
}

/// A Tam Ruat middlegame (issue 7) where White's warlock on c4 and Black's
/// on d6 can take each other's freshly summoned ghost on d5 for ever: each
/// capture summons a ghost of the capturer's side on the victim's square,
/// so the material stays and a position comes back every four plies, with
/// the fifty-move counter reset at every capture.
const GHOST_TRADE: &str = "12/1up4k2p1/10ul/8p3/5an1R3/1b3u6/3l8/1U2A7/1PL1U7/r1N4U2L1/4U2K1PU1/8R3 w - - 2 67";
/// The moves to the position where the ghost trading can start.
const GHOST_TRADE_START: [&str; 3] = ["e4d5", "a3c3", "e5c3"];
/// One round of the trade, back to the same position.
const GHOST_TRADE_ROUND: [&str; 4] = ["d6d4", "c4e6", "d4d6", "e6c4"];

/// The quiescence search used to follow the ghost trade to the ply limit
/// (seldepth 129 from depth 1 on, 133,802 nodes to depth 8); a repetition
/// inside the tree ends it as a draw like any other.
#[test]
fn tam_ruat_ghost_trading_in_the_tree_is_a_repetition() {
    let pos = played::<TamRuat>(GHOST_TRADE, &GHOST_TRADE_START);
    let (result, infos) = search(&pos, &depth(8), &one_thread());
    let seldepth = infos.iter().map(|i| i.seldepth).max().unwrap();
    assert!(seldepth < 64, "seldepth {seldepth}: a capture cycle ran to the ply limit");
    assert!(result.nodes < 60_000, "{} nodes to depth 8", result.nodes);
}

/// The game's history counts in Tam Ruat beyond the last capture: after two
/// rounds of the ghost trade Black, lost otherwise, takes the ghost a third
/// time and repeats a position for the third time.
#[test]
fn tam_ruat_repetition_looks_past_captures() {
    let mut moves = GHOST_TRADE_START.to_vec();
    moves.extend(GHOST_TRADE_ROUND);
    moves.extend(GHOST_TRADE_ROUND);
    moves.extend(&GHOST_TRADE_ROUND[..2]);
    let pos = played::<TamRuat>(GHOST_TRADE, &moves);
    assert_eq!(pos.halfmove_clock(), 0);
    let (result, _) = search(&pos, &depth(6), &one_thread());
    assert_eq!(result.best, Some(pos.parse_uci(GHOST_TRADE_ROUND[2]).unwrap()));
    assert_eq!(result.score, Score::Cp(0));
    let fresh = position::<TamRuat>(&pos.fen());
    let (result, _) = search(&fresh, &depth(6), &one_thread());
    assert!(matches!(result.score, Score::Cp(cp) if cp < -100), "{:?}", result.score);
}

// ----- every position, every variant -----

fn table_positions(file: &str) -> Vec<(VariantKind, bool, String)> {
    let path = format!("{}/../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut seen = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let entry = (fields[1].parse().unwrap(), fields[2] == "1", fields[3].to_string());
        if !seen.contains(&entry) {
            seen.push(entry);
        }
    }
    seen
}

fn returns_a_legal_move<V: Variant>(chess960: bool, fen: &str) {
    let pos = Position::<V>::from_fen(fen, chess960).unwrap();
    let legal = legal_moves(&pos);
    let mut searcher = Searcher::new(1);
    for d in 1..=3 {
        let result = searcher.search(&pos, &depth(d), &one_thread(), &Signals::default(), &mut |_| {});
        match result.best {
            Some(m) => {
                assert!(legal.contains(&m), "{fen} depth {d}: illegal {m:?}");
                assert_eq!(result.depth, d, "{fen}");
            }
            None => assert!(legal.is_empty(), "{fen} depth {d}: no move"),
        }
    }
}

#[test]
fn a_legal_move_on_every_table_position() {
    let mut count = 0;
    for file in ["redfool.tsv", "redfool960.tsv", "chess.tsv", "chess960.tsv", "tamruat.tsv"] {
        for (variant, chess960, fen) in table_positions(file) {
            movegen::with_variant!(variant, V => returns_a_legal_move::<V>(chess960, &fen));
            count += 1;
        }
    }
    assert!(count >= 60, "only {count} positions");
}

// ----- limits, threads, reproducibility -----

#[test]
fn bench_node_count_is_reproducible() {
    let first = bench::bench(4, |_, _, _, _| {});
    let second = bench::bench(4, |_, _, _, _| {});
    assert!(first.nodes > 10_000);
    assert_eq!(first.nodes, second.nodes);
}

#[test]
fn a_node_limit_is_exact_and_deterministic() {
    let pos = Position::<RedFool>::startpos();
    let limits = Limits { nodes: Some(30_000), ..Limits::default() };
    let (a, _) = search(&pos, &limits, &one_thread());
    let (b, _) = search(&pos, &limits, &one_thread());
    assert_eq!(a.nodes, 30_000);
    assert_eq!((a.best, a.nodes, a.depth), (b.best, b.nodes, b.depth));
}

/// However a search is cut short, the last line reported starts with the
/// move played (small node limits stop many searches just after a new best
/// move was found in an unfinished iteration).
#[test]
fn the_last_line_reported_starts_with_the_best_move() {
    fn check<V: Variant>(fen: &str) {
        let pos = position::<V>(fen);
        for nodes in (100..=5000).step_by(100) {
            let (result, infos) = search(&pos, &Limits { nodes: Some(nodes), ..Limits::default() }, &one_thread());
            if let Some(last) = infos.last() {
                assert_eq!(Some(last.pv[0]), result.best, "{fen}, nodes {nodes}");
            }
        }
    }
    check::<RedFool>("rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    check::<RedFool>("2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21");
}

#[test]
fn multipv_reports_distinct_lines_best_first() {
    let pos = position::<Chess>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let options = SearchOptions { multipv: 3, ..one_thread() };
    let (result, infos) = search(&pos, &depth(5), &options);
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.iter().map(|i| i.multipv).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(Some(last[0].pv[0]), result.best);
    assert!(last[0].pv[0] != last[1].pv[0] && last[1].pv[0] != last[2].pv[0] && last[0].pv[0] != last[2].pv[0]);
    let cp = |i: &SearchInfo| match i.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) => panic!("mate {n}"),
    };
    assert!(cp(last[0]) >= cp(last[1]) && cp(last[1]) >= cp(last[2]));
    assert!(last.iter().all(|i| i.bound == Bound::Exact));
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = Position::<Chess>::startpos();
    let only = vec![pos.parse_uci("a2a3").unwrap(), pos.parse_uci("h2h3").unwrap()];
    let (result, _) = search(&pos, &Limits { searchmoves: only.clone(), ..depth(4) }, &one_thread());
    assert!(only.contains(&result.best.unwrap()));
}

#[test]
fn go_mate_stops_at_the_mate() {
    let pos = position::<Chess>("6k1/2Q5/6p1/8/8/2pr4/1R6/4K3 w - - 0 1");
    let (result, _) = search(&pos, &Limits { mate: Some(2), ..Limits::default() }, &one_thread());
    assert_eq!(result.score, Score::Mate(2));
    assert!(result.depth < 20, "stopped at depth {}", result.depth);
}

/// With two threads on the clock, the move played may come from the helper
/// (when it finished a deeper iteration); the last line still matches it.
#[test]
fn two_threads_report_the_line_they_play() {
    let pos = position::<RedFool>("2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21");
    let options = SearchOptions { threads: 2, ..one_thread() };
    for movetime in [50, 150, 300] {
        let (result, infos) = search(&pos, &Limits { movetime: Some(movetime), ..Limits::default() }, &options);
        assert_eq!(Some(infos.last().expect("a line").pv[0]), result.best);
        assert!(legal_moves(&pos).contains(&result.best.unwrap()));
    }
}

/// A depth-limited search with helpers ends once any thread has finished
/// the depth asked for (a helper's line is then adopted): the result is of
/// exactly that depth, and the last line reported is the one played.
#[test]
fn two_threads_stop_at_the_depth_asked_for() {
    let options = SearchOptions { threads: 2, ..one_thread() };
    for fen in [
        "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21",
    ] {
        let pos = position::<RedFool>(fen);
        for d in [7, 8, 9] {
            let (result, infos) = search(&pos, &depth(d), &options);
            let last = infos.last().expect("a line");
            assert_eq!(result.depth, d, "{fen}");
            assert_eq!((last.depth, Some(last.pv[0])), (d, result.best), "{fen}");
        }
    }
}

#[test]
fn two_threads_find_the_mate_too() {
    let pos = position::<RedFool>("8/3R4/8/7p/2Q5/8/3p4/1k2r3/4*3/1K6 w - - 0 1");
    let options = SearchOptions { threads: 2, ..one_thread() };
    let (result, _) = search(&pos, &depth(7), &options);
    assert_eq!((result.best, result.score), (Some(pos.parse_uci("d9b9@f4").unwrap()), Score::Mate(2)));
}

/// Runs a search on another thread; `act` gets the signals and the channel
/// the result will arrive on.
fn background(limits: Limits, act: impl FnOnce(&Signals, &mpsc::Receiver<SearchResult>)) {
    let signals = Signals::default();
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        let signals = &signals;
        scope.spawn(move || {
            let pos = Position::<RedFool>::startpos();
            let result = Searcher::new(1).search(&pos, &limits, &one_thread(), signals, &mut |_| {});
            send.send(result).unwrap();
        });
        act(signals, &receive);
        signals.stop.store(true, Ordering::Relaxed);
    });
}

#[test]
fn infinite_search_waits_for_stop_even_at_its_depth() {
    background(Limits { infinite: true, depth: Some(1), ..Limits::default() }, |signals, result| {
        assert!(result.recv_timeout(Duration::from_millis(300)).is_err(), "returned before stop");
        signals.stop.store(true, Ordering::Relaxed);
        let result = result.recv_timeout(Duration::from_secs(10)).expect("stopped");
        assert!(result.best.is_some());
    });
}

#[test]
fn pondering_waits_for_ponderhit_then_keeps_to_its_time() {
    let limits = Limits { ponder: true, movetime: Some(50), ..Limits::default() };
    background(limits, |signals, result| {
        assert!(result.recv_timeout(Duration::from_millis(300)).is_err(), "returned while pondering");
        signals.ponderhit.store(true, Ordering::Relaxed);
        let result = result.recv_timeout(Duration::from_secs(10)).expect("ended on its own after ponderhit");
        assert!(result.best.is_some());
    });
}
