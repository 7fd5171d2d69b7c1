//! The `gridlock` command end to end: one test binary (one link, one build of the
//! helpers), a module per command. `cargo test --test cli MODULE::` runs one command's tests.

mod common;
#[path = "../../crates/polyform/tests/knuth/mod.rs"]
mod knuth;
#[path = "../../crates/exact-cover/tests/common/zdd_text.rs"]
mod zdd_text;

mod beads;
mod burr;
mod check;
mod checkpoint;
mod costs;
mod deep;
mod docs;
mod hostile;
mod json;
mod laser;
mod lattice;
mod mayan;
mod modules;
mod pack;
mod polyforms;
mod preprocess;
mod rectangles;
mod refused;
#[cfg(feature = "serve")]
mod serve;
mod sticks;
mod sudoku;
mod svg;
mod twins;
mod zdd;
