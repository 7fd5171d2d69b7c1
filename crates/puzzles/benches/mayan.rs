//! Mayan puzzle benchmark: exhausting the crowded board without answer (n = 5, 30 blocks,
//! 10 colours). Run with `cargo bench -p gridlock-puzzles --bench mayan`.

use criterion::{criterion_group, criterion_main, Criterion};
use puzzles::mayan;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let puzzle = mayan::parse(include_bytes!("../../../tests/data/mayan/hard-no-answer.in")).unwrap();
    c.bench_function("mayan/hard_no_answer", |b| b.iter(|| assert_eq!(mayan::solve(black_box(&puzzle)), None)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
