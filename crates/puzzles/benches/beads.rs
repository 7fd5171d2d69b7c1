//! Smart-beads benchmarks: counting all 32288 completions of the empty tray (the issue's
//! target) with the bitboard packer and with generic dancing links, and one contest solve.
//! Run with `cargo bench -p gridlock-puzzles --bench beads`.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::beads::{parse, BeadsSolver, Engine};
use std::hint::black_box;

const EMPTY: &[u8] = b".\n..\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n";
const SAMPLE: &[u8] = include_bytes!("../../../tests/data/beads/sample.in");

fn beads(c: &mut Criterion) {
    let empty = parse(EMPTY).unwrap();
    let sample = parse(SAMPLE).unwrap();
    let mut g = c.benchmark_group("beads");
    g.sample_size(10);
    g.bench_function("count_empty_tray/bitboard", |b| {
        b.iter(|| assert_eq!(BeadsSolver::new(black_box(&empty)).count(Engine::Bitboard), 32288))
    });
    g.bench_function("count_empty_tray/dancing_links", |b| {
        b.iter(|| assert_eq!(BeadsSolver::new(black_box(&empty)).count(Engine::ExactCover), 32288))
    });
    g.bench_function("solve_sample/bitboard", |b| b.iter(|| BeadsSolver::new(black_box(&sample)).first(Engine::Bitboard).unwrap()));
    g.bench_function("solve_sample/dancing_links", |b| b.iter(|| BeadsSolver::new(black_box(&sample)).first(Engine::ExactCover).unwrap()));
    g.finish();
}

criterion_group!(benches, beads);
criterion_main!(benches);
