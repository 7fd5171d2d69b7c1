#![no_main]
//! Fuzz target: the Mayan parser, and answers (up to 3 moves) checked by the rules.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = puzzles::mayan::parse(data) {
        if p.moves <= 3 {
            if let Some(m) = puzzles::mayan::solve(&p) {
                let text = puzzles::mayan::render(Some(&m));
                assert_eq!(puzzles::mayan::check::check(&p, &text), Ok(puzzles::mayan::check::Verdict::Valid));
            }
        }
    }
});
