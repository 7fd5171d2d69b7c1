#![no_main]
//! Fuzz target: the beads parser, and the solver on what parses.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(tray) = puzzles::beads::parse(data) {
        let answer = puzzles::beads::BeadsSolver::new(&tray).first(puzzles::beads::Engine::Bitboard);
        if let Some(t) = answer {
            let input = String::from_utf8_lossy(data);
            let _ = puzzles::beads::check::check(&input, &puzzles::beads::render(&t));
        }
    }
});
