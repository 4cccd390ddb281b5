//! Speed of `evaluate`: the search calls it at nearly every node, so it must
//! stay well under 150 ns per call on 8x10. Run with `cargo bench -p eval`.

use criterion::{criterion_group, criterion_main, Criterion};
use movegen::{Chess, Position, RedFool, Variant};
use std::hint::black_box;

/// Red Fool positions: the start and middlegames from played games.
const REDFOOL: [(&str, &str); 4] = [
    ("start", "rnbqkbnr/pppppppp/8/8/4*3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("middlegame", "r2qkbnr/p1ppp1pp/np6/2*2p1N/8/8/2P1b1Q1/2N3P1/PP1P1P1P/R1B1KB1R b KQkq - 0 9"),
    ("middlegame2", "2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21"),
    ("late", "r4r2/p*1bk3/npp1p2p/2R5/3K2p1/2P2p2/1b2PPPP/1P1PB3/2NN4/7R b - - 1 36"),
];

/// Chess positions: the start and two middlegames.
const CHESS: [(&str, &str); 3] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
];

fn bench_variant<V: Variant>(c: &mut Criterion, name: &str, positions: &[(&str, &str)]) {
    let mut group = c.benchmark_group(format!("evaluate/{name}"));
    for (label, fen) in positions {
        let pos = Position::<V>::from_fen(fen, false).expect("benchmark FENs are valid");
        group.bench_function(*label, |b| b.iter(|| eval::evaluate(black_box(&pos))));
    }
    group.finish();
}

fn evaluate(c: &mut Criterion) {
    bench_variant::<RedFool>(c, "redfool", &REDFOOL);
    bench_variant::<Chess>(c, "chess", &CHESS);
}

criterion_group!(benches, evaluate);
criterion_main!(benches);
