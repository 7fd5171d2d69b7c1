#![no_main]
//! Fuzz target: the pack board parser.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = puzzles::pack::parse_board(text);
    }
});
