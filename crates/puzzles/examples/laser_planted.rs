//! Writes one planted laser tower defense case (a grid that has a solution) to stdout:
//! `cargo run --release -p gridlock-puzzles --example laser_planted -- ROWS COLS [SEED]`.

use std::io::Write;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (rows, cols, seed) = match args[..] {
        [r, c] => (r, c, 1),
        [r, c, s] => (r, c, s),
        _ => panic!("usage: laser_planted ROWS COLS [SEED]"),
    };
    let (grid, _) = puzzles::laser::planted(rows, cols, seed as u64);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "1\n{rows} {cols}").unwrap();
    for row in grid.cells.chunks(cols) {
        out.write_all(row).unwrap();
        out.write_all(b"\n").unwrap();
    }
}
