//! 2-SAT on a planted random formula (10^6 variables, 2*10^6 clauses by default), against
//! baselines in the same run: ac-library-rs's `TwoSat` (SCC, recursive-free) and the CDCL
//! solver batsat. Prints the median wall time of each over RUNS runs (default 5), single
//! thread. Run: `cargo bench -p gridlock-twosat --bench sat2 [-- VARS CLAUSES]`.

use batsat::{lbool, BasicSolver, Lit as BLit, SolverInterface};
use std::time::{Duration, Instant};
use twosat::{dimacs, planted::planted, Literal};

fn median(mut f: impl FnMut() -> bool, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            assert!(f(), "every engine must find the planted formula satisfiable");
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (vars, clauses) = match args[..] {
        [v, c, ..] => (v as u32, c as usize),
        _ => (1_000_000, 2_000_000),
    };
    let runs: usize = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let (formula, _) = planted(vars, clauses, 2026);
    let d = |l: Literal| if l.is_negated() { -(l.var() as i64 + 1) } else { l.var() as i64 + 1 };
    let mut text = format!("p cnf {vars} {clauses}\n");
    for &(a, b) in formula.clauses() {
        text.push_str(&format!("{} {} 0\n", d(a), d(b)));
    }
    let satisfies = |m: &[bool]| formula.clauses().iter().all(|&(a, b)| a.holds(m) || b.holds(m));
    println!("planted 2-CNF: {vars} variables, {clauses} clauses ({} MB of DIMACS); median of {runs} runs", text.len() >> 20);

    let ours_text = median(|| dimacs::parse(text.as_bytes()).unwrap().solve().is_some_and(|m| satisfies(&m)), runs);
    let ours = median(|| formula.solve().is_some_and(|m| satisfies(&m)), runs);
    let acl = median(
        || {
            let mut ts = ac_library::TwoSat::new(vars as usize);
            for &(a, b) in formula.clauses() {
                ts.add_clause(a.var() as usize, !a.is_negated(), b.var() as usize, !b.is_negated());
            }
            ts.satisfiable() && satisfies(ts.answer())
        },
        runs,
    );
    let batsat = median(
        || {
            let mut s = BasicSolver::default();
            let v: Vec<_> = (0..vars).map(|_| s.new_var_default()).collect();
            let mut c = Vec::with_capacity(2);
            for &(a, b) in formula.clauses() {
                c.clear();
                c.push(BLit::new(v[a.var() as usize], !a.is_negated()));
                c.push(BLit::new(v[b.var() as usize], !b.is_negated()));
                s.add_clause_reuse(&mut c);
            }
            s.solve_limited(&[]) == lbool::TRUE && {
                let m: Vec<bool> = v.iter().map(|&x| s.value_lit(BLit::new(x, true)) == lbool::TRUE).collect();
                satisfies(&m)
            }
        },
        runs,
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("{:<46} {:>9.1} ms", "gridlock: parse DIMACS text + solve", ms(ours_text));
    println!("{:<46} {:>9.1} ms", "gridlock: solve (formula in memory)", ms(ours));
    println!("{:<46} {:>9.1} ms", "ac-library-rs TwoSat: add clauses + solve", ms(acl));
    println!("{:<46} {:>9.1} ms", "batsat (CDCL): add clauses + solve", ms(batsat));
}
