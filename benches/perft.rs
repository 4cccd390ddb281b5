//! Perft speed: the Red Fool start position and two busy middlegames (Fool
//! resolution included), the orthodox start position and Kiwipete. Compare
//! with `redfool perft 6` and with Fairy-Stockfish / Stockfish as described
//! in the README.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use movegen::{perft, Chess, Position, RedFool, Variant};

fn bench_position<V: Variant>(c: &mut Criterion, name: &str, fen: &str, depth: u32) {
    let mut pos = Position::<V>::from_fen(fen, false).expect("a valid benchmark FEN");
    let nodes = perft(&mut pos, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &depth| b.iter(|| perft(&mut pos, depth)));
    group.finish();
}

fn perft_benches(c: &mut Criterion) {
    bench_position::<RedFool>(c, "redfool-start", RedFool::START_FEN, 5);
    bench_position::<RedFool>(
        c,
        "redfool-middlegame-1",
        "r2qkbnr/p1ppp1pp/np6/2*2p1N/8/8/2P1b1Q1/2N3P1/PP1P1P1P/R1B1KB1R b KQkq - 0 9",
        4,
    );
    bench_position::<RedFool>(
        c,
        "redfool-middlegame-2",
        "2q1kbn1/1bppn2r/4p3/r4ppp/1p5P/NP2*3/7N/PR1P4/2P1PPP1/2BQKBR1 b - - 2 21",
        4,
    );
    bench_position::<Chess>(c, "chess-start", Chess::START_FEN, 5);
    bench_position::<Chess>(c, "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4);
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
