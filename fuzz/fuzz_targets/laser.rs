#![no_main]
//! Fuzz target: the laser parser, and every solved case checked by the rules.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(cases) = puzzles::laser::parse(data) {
        for g in &cases {
            if let Some(a) = puzzles::laser::solve(g) {
                assert_eq!(puzzles::laser::check::check_case(g, &a), Ok(()));
            }
        }
    }
});
