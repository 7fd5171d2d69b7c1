//! The baseline of BENCHMARKS.md's polyform counts: Redelmeier's algorithm as the paper
//! states it, for fixed polyominoes, with none of `polyform::enumerate`'s steps (each
//! level's untried set copied, every polyform of the last size visited, one thread).
//! Usage: `cargo run --release -p gridlock-polyform --example redelmeier_plain N`.

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    // Cells (x, y) with y > 0, or y == 0 and x >= 0, within reach of the origin.
    let w = 2 * n + 1;
    let id = |x: i64, y: i64| ((y + n as i64) as usize) * w + (x + n as i64) as usize;
    let allowed = |x: i64, y: i64| (y > 0 || (y == 0 && x >= 0)) && x.abs() < n as i64 && y < n as i64;
    let mut seen = vec![false; w * w];
    let mut counts = vec![0u64; n + 1];
    fn grow(
        untried: Vec<(i64, i64)>,
        size: usize,
        n: usize,
        seen: &mut Vec<bool>,
        counts: &mut Vec<u64>,
        id: &dyn Fn(i64, i64) -> usize,
        allowed: &dyn Fn(i64, i64) -> bool,
    ) {
        let mut untried = untried;
        while let Some((x, y)) = untried.pop() {
            counts[size + 1] += 1;
            if size + 1 < n {
                let mut added = Vec::new();
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (a, b) = (x + dx, y + dy);
                    if allowed(a, b) && !seen[id(a, b)] {
                        seen[id(a, b)] = true;
                        added.push((a, b));
                    }
                }
                let mut next = untried.clone();
                next.extend(&added);
                grow(next, size + 1, n, seen, counts, id, allowed);
                for (a, b) in added {
                    seen[id(a, b)] = false;
                }
            }
        }
    }
    seen[id(0, 0)] = true;
    let start = std::time::Instant::now();
    grow(vec![(0, 0)], 0, n, &mut seen, &mut counts, &id, &allowed);
    println!("{} ({:.3} s)", counts[n], start.elapsed().as_secs_f64());
}
