//! Puzzles per second of sudoku's exact cover encoding on the generic engine, in process:
//! the encoding built once (`sudoku::encode::Batch`), each puzzle's givens forced on
//! `exact_cover::Propagator`, up to 2 solutions each as tdoku's `run_benchmark` does,
//! parsing excluded, median of 3 passes over the first N puzzles of FILE:
//! `cargo run --release -p gridlock-puzzles --example xc_rate -- FILE [N]`.

use puzzles::sudoku::{encode, parse, Alphabet, Rules};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read the file");
    let batch = encode::Batch::new(&Rules::classic(9).unwrap()).expect("no cages");
    let puzzles: Vec<Vec<u8>> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !parse::is_skipped(l))
        .map(|(k, l)| parse::parse_line(l, k + 1, 9, Alphabet::OneBased).expect("a puzzle line"))
        .collect();
    let n: usize = args.get(2).map_or(puzzles.len(), |s| s.parse::<usize>().expect("N").min(puzzles.len()));
    let mut rates = Vec::new();
    let (mut guesses, mut nodes, mut commits) = (0, 0, 0);
    for _ in 0..3 {
        let start = Instant::now();
        (guesses, nodes, commits) = (0, 0, 0);
        for p in &puzzles[..n] {
            let (_, k, s) = batch.solve(p, 2, false);
            assert_eq!(k, 1, "every puzzle of the lists has one solution");
            guesses += s.guesses;
            nodes += s.nodes;
            commits += s.commits;
        }
        rates.push(n as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    let nf = n as f64;
    println!(
        "{n} puzzles, exact cover batch, median {:.1} puzzles/s, {:.2} guesses/puzzle, {:.2} nodes, {:.1} commits",
        rates[1],
        guesses as f64 / nf,
        nodes as f64 / nf,
        commits as f64 / nf
    );
}
