#![no_main]
//! Fuzz target: the drawings of boards and pieces on every lattice (`lattice:` headers,
//! rows, layers) and Knuth's polyform notation (`pack --knuth`), on every lattice.
use libfuzzer_sys::fuzz_target;
use polyform::Lattice;
use puzzles::pack::{drawing, knuth};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = drawing::file_lattice(text);
    for lattice in Lattice::ALL {
        let _ = drawing::parse_board(text, lattice);
        let _ = drawing::parse_pieces(text, lattice);
        let _ = knuth::parse_knuth_lattice(text, lattice);
    }
    let _ = knuth::parse_knuth(text);
});
