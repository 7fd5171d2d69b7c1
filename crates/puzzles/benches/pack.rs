//! Packing and exact cover, in one run: the bitboard packer (with and without symmetry
//! breaking, one and two threads), our dancing links on the same problems, and the Rust
//! crate xcov (Algorithm X with dancing links and MRV) as an outside baseline. Prints the
//! median wall time of RUNS runs (default 3), every count checked.
//! Run: `cargo bench -p gridlock-puzzles --bench pack`.

use polyform::{sets, Freedom, Packer};
use puzzles::pack::{exact_cover_problem, rectangle, Problem, RunOptions};
mod common;

use std::time::Duration;

/// [`common::median`] of a count.
fn median(runs: usize, f: impl FnMut() -> u64, expect: u64) -> Duration {
    common::median(runs, f, &expect)
}

fn xcov_count(problem: &exact_cover::Problem) -> u64 {
    use xcov::{DlxBuilder, ExactCoverProblem, MrvExactCoverSearch};
    let mut b = DlxBuilder::new(problem.primary_items(), 0);
    for k in 0..problem.options() {
        // xcov numbers items from 1.
        let items: Vec<usize> = problem.option(k).iter().map(|&(i, _)| i as usize + 1).collect();
        b.add_option(&items);
    }
    let mut search = MrvExactCoverSearch::new(b.build());
    let mut n = 0;
    while search.search() {
        n += 1;
    }
    n
}

fn main() {
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(3);
    println!("median wall time of {runs} runs");
    // A board without symmetry: the raw search, 1 and 2 threads.
    let board = puzzles::pack::parse_board(include_str!("../../../examples/pack/asymmetric-7x9.txt")).unwrap();
    let solver = Problem::distinct(board, sets::pentominoes(), Freedom::Free).expect("a small problem");
    for threads in [1, 2] {
        let options = RunOptions { threads, ..RunOptions::default() };
        let d = median(runs, || solver.count(&options).unwrap() as u64, 14191);
        println!("  asymmetric-7x9 pentominoes  raw count, {threads} thread(s) {:>34.1} ms", d.as_secs_f64() * 1e3);
    }
    for (rect, set, expect) in [("6x10", "pentominoes", 9356u64), ("5x11", "kanoodle", 371020)] {
        let board = rectangle(rect).unwrap();
        let pieces = sets::square(set).unwrap();
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| board.placements(&p.shape, Freedom::Free)).collect();
        let solver = Problem::distinct(board.clone(), pieces, Freedom::Free).expect("a small problem");
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let line = |what: &str, d: Duration| println!("  {rect} {set:<12} {what:<52} {:>9.1} ms", ms(d));
        line(
            "gridlock pack --count (symmetry breaking, 1 thread)",
            median(runs, || solver.count(&RunOptions::default()).unwrap() as u64, expect),
        );
        let two = RunOptions { threads: 2, ..RunOptions::default() };
        line("gridlock pack --count --threads 2", median(runs, || solver.count(&two).unwrap() as u64, expect));
        let packer = Packer::new(&board, &placements).unwrap();
        line("bitboard packer, raw count (no symmetry breaking)", median(runs, || packer.count(), expect));
        let problem = exact_cover_problem(&board, &placements).0;
        line("gridlock dancing links (xc engine), raw count", median(runs, || exact_cover::Solver::new(&problem).count(), expect));
        if rect == "6x10" {
            line("xcov 0.3 (dancing links, MRV), raw count", median(runs, || xcov_count(&problem), expect));
        }
    }
}
