#![no_main]
//! Fuzz target: Knuth's DLX format parser, and the solver on small problems.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(named) = exact_cover::knuth::parse(text) {
            if named.problem.options() <= 12 {
                let _ = exact_cover::Solver::new(&named.problem).count();
            }
        }
    }
});
