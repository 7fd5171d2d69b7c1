//! Puzzles per second of the sudoku engines over a file of puzzle lines, timed in process
//! (parsing excluded), each puzzle solved up to 2 solutions as tdoku's `run_benchmark`
//! does: `cargo run --release -p gridlock-puzzles --example sudoku_rate -- FILE [general]`.

use puzzles::sudoku::{parse, Alphabet, Engine, Rules, Solver};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read the file");
    let mut solver = Solver::new(Rules::classic(9).unwrap()).unwrap();
    if args.get(2).is_some_and(|a| a == "general") {
        solver = solver.with_engine(Engine::General);
    }
    let puzzles: Vec<Vec<u8>> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !parse::is_skipped(l))
        .map(|(k, l)| parse::parse_line(l, k + 1, 9, Alphabet::OneBased).expect("a puzzle line"))
        .collect();
    let mut rates = Vec::new();
    let mut guesses = 0;
    for _ in 0..3 {
        let start = Instant::now();
        guesses = 0;
        for p in &puzzles {
            let (n, stats) = solver.count(p, 2);
            assert_eq!(n, 1, "every puzzle of the lists has one solution");
            guesses += stats.guesses;
        }
        rates.push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{} puzzles, engine {}, median {:.1} puzzles/s, {:.2} guesses/puzzle",
        puzzles.len(),
        solver.engine().name(),
        rates[1],
        guesses as f64 / puzzles.len() as f64
    );
}
