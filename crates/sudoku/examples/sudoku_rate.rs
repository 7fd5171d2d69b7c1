//! Puzzles per second of the sudoku engines over the first N puzzle lines of a file (all by
//! default), timed in process (parsing excluded), each puzzle solved up to 2 solutions as
//! tdoku's `run_benchmark` does; the median of 3 passes:
//! `cargo run --release -p gridlock-sudoku --example sudoku_rate -- FILE [ENGINE] [N]`.
//!
//! ENGINE is `9x9` (the default: the 9x9 engine), `general` (the engine of every size and
//! variant), or `xc` (the exact cover encoding built once, `sudoku::encode::Batch`, each
//! puzzle's givens forced on `exact_cover::Propagator`; it also prints the engine's nodes
//! and commits per puzzle).

use std::time::Instant;
use sudoku::{encode, parse, Alphabet, Engine, Rules, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: sudoku_rate FILE [9x9|general|xc] [N]";
    let text = std::fs::read_to_string(args.get(1).expect(usage)).expect("read the file");
    let engine = args.get(2).map_or("9x9", String::as_str);
    let puzzles: Vec<Vec<u8>> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !parse::is_skipped(l))
        .map(|(k, l)| parse::parse_line(l, k + 1, 9, Alphabet::OneBased).expect("a puzzle line"))
        .collect();
    let n = args.get(3).map_or(puzzles.len(), |s| s.parse::<usize>().expect(usage).min(puzzles.len()));
    let puzzles = &puzzles[..n];
    let rules = Rules::classic(9).unwrap();
    // Each pass returns (guesses, nodes, commits) summed over the puzzles; nodes and commits
    // are the exact cover engine's only.
    let mut name = "exact cover batch";
    let mut pass: Box<dyn FnMut() -> (u64, u64, u64)> = match engine {
        "9x9" | "general" => {
            let mut solver = Solver::new(rules).unwrap();
            if engine == "general" {
                solver = solver.with_engine(Engine::General);
            }
            name = solver.engine().name();
            Box::new(move || {
                let mut guesses = 0;
                for p in puzzles {
                    let (k, stats) = solver.count(p, 2);
                    assert_eq!(k, 1, "every puzzle of the lists has one solution");
                    guesses += stats.guesses;
                }
                (guesses, 0, 0)
            })
        }
        "xc" => {
            let batch = encode::Batch::new(&rules).expect("no cages");
            Box::new(move || {
                let (mut guesses, mut nodes, mut commits) = (0, 0, 0);
                for p in puzzles {
                    let (_, k, s) = batch.solve(p, 2, false);
                    assert_eq!(k, 1, "every puzzle of the lists has one solution");
                    guesses += s.guesses;
                    nodes += s.nodes;
                    commits += s.commits;
                }
                (guesses, nodes, commits)
            })
        }
        _ => panic!("{usage}"),
    };
    let mut rates = Vec::new();
    let mut sums = (0, 0, 0);
    for _ in 0..3 {
        let start = Instant::now();
        sums = pass();
        rates.push(n as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    let per = |x: u64| x as f64 / n as f64;
    print!("{n} puzzles, engine {name}, median {:.1} puzzles/s, {:.2} guesses/puzzle", rates[1], per(sums.0));
    if engine == "xc" {
        print!(", {:.2} nodes, {:.1} commits", per(sums.1), per(sums.2));
    }
    println!();
}
