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

/// Counts part by part through the checkpoint at `path` (`--checkpoint`): the parts it
/// already holds are taken from it, each missing part `k` of `parts` is counted by
/// `count_part(k, parts)` and recorded (synced to the disk) before the next starts. A bar
/// on a terminal shows the parts done and the count so far. Returns the total.
///
/// Errors: the checkpoint's (exit 2), `count_part`'s, or a total past 2^128 - 1.
pub fn count_in_parts(
    path: &std::path::Path,
    parts: usize,
    command: &str,
    problem: &str,
    mut count_part: impl FnMut(usize, usize) -> Result<u128, crate::output::Failure>,
) -> Result<u128, crate::output::Failure> {
    use exact_cover::checkpoint::Checkpoint;
    let mut checkpoint = Checkpoint::open(path, command, problem, parts).map_err(crate::output::bad)?;
    let bar = crate::output::progress_bar_of("parts");
    let overflow = || crate::output::bad("the count exceeds 2^128 - 1");
    for k in checkpoint.missing() {
        if let Some(b) = &bar {
            b.set_length(parts as u64);
            b.set_position(checkpoint.done().len() as u64);
            b.set_message(format!("count so far {}", checkpoint.sum().map_or("past 2^128".into(), |s| s.to_string())));
        }
        let count = count_part(k, parts)?;
        checkpoint.record(k, count).map_err(crate::output::bad)?;
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    checkpoint.sum().ok_or_else(overflow)
}
