//! Writes a planted satisfiable 2-CNF formula in DIMACS form to stdout:
//! `cargo run --release -p gridlock-twosat --example planted_2cnf -- VARS CLAUSES [SEED]`.

use std::io::Write;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (vars, clauses, seed) = match args[..] {
        [v, c] => (v, c, 1),
        [v, c, s] => (v, c, s),
        _ => panic!("usage: planted_2cnf VARS CLAUSES [SEED]"),
    };
    let (f, _) = twosat::planted::planted(vars as u32, clauses as usize, seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    writeln!(out, "p cnf {vars} {clauses}").unwrap();
    let d = |l: twosat::Literal| if l.is_negated() { -(l.var() as i64 + 1) } else { l.var() as i64 + 1 };
    for &(a, b) in f.clauses() {
        writeln!(out, "{} {} 0", d(a), d(b)).unwrap();
    }
}
