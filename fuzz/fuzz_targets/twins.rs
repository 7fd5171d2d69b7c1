#![no_main]
//! Fuzz target: the polyomino-pairs parser (the search itself is too slow per input for fuzzing).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = puzzles::twins::parse(data);
});
