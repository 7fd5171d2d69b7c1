//! What the benchmarks share.

use std::time::{Duration, Instant};

/// The median wall time of `runs` runs of `f`, each checked to return `expect`.
pub fn median<T: PartialEq + std::fmt::Debug>(runs: usize, mut f: impl FnMut() -> T, expect: &T) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            assert_eq!(&f(), expect);
            start.elapsed()
        })
        .collect();
    t.sort();
    t[runs / 2]
}
