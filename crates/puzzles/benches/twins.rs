//! Polyomino pairs: all 595 pairs of the Code Jam data decided live, on both cores (as
//! `gridlock twins` does) and on one; the slowest pair. Median wall time of RUNS runs
//! (default 5); the verdicts are checked against the official answers each time.
//! Run: `cargo bench -p gridlock-puzzles --bench twins`.

mod common;

use polyform::twins::two_tilings;
use puzzles::twins;
use std::time::{Duration, Instant};

fn main() {
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let input = include_str!("../../../tests/data/twins/1.in");
    let official: Vec<bool> = include_str!("../../../tests/data/twins/1.ans")
        .lines()
        .filter(|l| l.starts_with("Case #"))
        .map(|l| l.ends_with(": POSSIBLE"))
        .collect();
    let cases = twins::parse(input.as_bytes()).unwrap();
    let median = |f: &dyn Fn() -> Vec<bool>| common::median(runs, f, &official);
    let parallel = median(&|| twins::solve_all(&cases, 8, 8).unwrap().iter().map(Option::is_some).collect());
    let serial = median(&|| cases.iter().map(|c| two_tilings(&c.p, &c.q, 8, 8).unwrap().0.is_some()).collect());
    let (mut worst, mut worst_k, mut states) = (Duration::ZERO, 0, 0u64);
    let mut total_states = 0;
    for (k, c) in cases.iter().enumerate() {
        let start = Instant::now();
        let (_, s) = two_tilings(&c.p, &c.q, 8, 8).unwrap();
        let d = start.elapsed();
        total_states += s.states;
        if d > worst {
            (worst, worst_k, states) = (d, k + 1, s.states);
        }
    }
    println!("595 pairs, median of {runs} runs:");
    println!("  all pairs, 2 threads (gridlock twins)   {:>8.1} ms", parallel.as_secs_f64() * 1e3);
    println!("  all pairs, 1 thread                     {:>8.1} ms", serial.as_secs_f64() * 1e3);
    println!("  slowest pair: case {worst_k}, {:.1} ms, {states} states; {total_states} states in all", worst.as_secs_f64() * 1e3);
}
