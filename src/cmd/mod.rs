//! One module per command: its arguments, its typed answer (serde `Serialize`, also
//! rendered as text and SVG), and `run`, which goes parse -> model -> engine -> answer ->
//! render and never prints anything but through [`crate::output`].

pub mod beads;
pub mod check;
pub mod laser;
pub mod mayan;
pub mod pack;
pub mod rectangles;
pub mod sat2;
pub mod sudoku;
pub mod twins;
pub mod xc;

use std::ops::ControlFlow;

/// Cells as `[row, col]` pairs, the JSON form of docs/json.md.
pub type Cells = Vec<[i64; 2]>;

/// Text lines as a list of strings (the JSON form of a drawing).
pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// What a listing visitor says after one solution: go on while fewer than `wanted` were
/// written and writing worked (a write error is kept in `error`).
pub fn keep_going(written: u64, wanted: u64, result: std::io::Result<()>, error: &mut Option<std::io::Error>) -> ControlFlow<()> {
    match result {
        Err(e) => {
            *error = Some(e);
            ControlFlow::Break(())
        }
        Ok(()) if written >= wanted => ControlFlow::Break(()),
        Ok(()) => ControlFlow::Continue(()),
    }
}
