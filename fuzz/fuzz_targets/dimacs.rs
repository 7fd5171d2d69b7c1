#![no_main]
//! Fuzz target: the DIMACS parser, and every model checked against every clause.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(f) = twosat::dimacs::parse(data) {
        if let Some(m) = f.solve() {
            assert!(f.clauses().iter().all(|&(a, b)| a.holds(&m) || b.holds(&m)));
        }
    }
});
