//! One module per command: its arguments, its typed answer (serde `Serialize`, also
//! rendered as text and SVG), and `run`, which goes parse -> model -> engine -> answer ->
//! render and never prints anything but through [`crate::output`].

pub mod beads;
pub mod burr;
pub mod check;
pub mod laser;
pub mod mayan;
pub mod pack;
pub mod polyforms;
pub mod rectangles;
pub mod sat2;
#[cfg(feature = "serve")]
pub mod serve;
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
/// already holds are taken from it; the missing parts are counted on `threads` threads, a
/// part at a time each (`count_part(k, parts)`, single-threaded, so that a part is the
/// same whatever the thread count of the run that counts it), and each is recorded
/// (synced to the disk) as it finishes. A bar on a terminal shows the parts done and the
/// count so far, or with `lines` (`--progress`: the command's name) a line a second.
/// Returns the total.
///
/// Errors: the checkpoint's (exit 2), the first of `count_part`'s, or a total past
/// 2^128 - 1.
#[allow(clippy::too_many_arguments)]
pub fn count_in_parts(
    path: &std::path::Path,
    parts: usize,
    threads: usize,
    lines: Option<&'static str>,
    command: &str,
    problem: &str,
    count_part: impl Fn(usize, usize) -> Result<u128, crate::output::Failure> + Sync,
) -> Result<u128, crate::output::Failure> {
    use checkpoint::Checkpoint;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;
    let checkpoint = Checkpoint::open(path, command, problem, parts).map_err(crate::output::bad)?;
    let missing = checkpoint.missing();
    let book = Mutex::new(checkpoint);
    let progress = crate::output::Progress::new(lines.unwrap_or(""), "parts", lines.is_some());
    let show = |c: &Checkpoint| {
        progress.report(c.done().len() as u64, parts as u64);
        progress.message(format!("count so far {}", c.sum().map_or("past 2^128".into(), |s| s.to_string())));
    };
    show(&book.lock().expect("not poisoned"));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<crate::output::Failure>> = Mutex::new(None);
    let work = || {
        while !failed.load(Ordering::Relaxed) {
            let Some(&k) = missing.get(next.fetch_add(1, Ordering::Relaxed)) else { return };
            let recorded = count_part(k, parts).and_then(|count| {
                let mut c = book.lock().expect("not poisoned");
                c.record(k, count).map_err(crate::output::bad)?;
                show(&c);
                Ok(())
            });
            if let Err(e) = recorded {
                failed.store(true, Ordering::Relaxed);
                first_error.lock().expect("not poisoned").get_or_insert(e);
            }
        }
    };
    // The caller's stop flag (`exact_cover::interrupt`) holds on every worker.
    let flag = exact_cover::interrupt::current();
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1).min(missing.len().max(1)) {
            let flag = flag.clone();
            scope.spawn(|| match flag {
                Some(f) => exact_cover::interrupt::with(f, work),
                None => work(),
            });
        }
        work();
    });
    drop(progress);
    if let Some(e) = first_error.into_inner().expect("not poisoned") {
        return Err(e);
    }
    let total = book.into_inner().expect("not poisoned").sum();
    total.ok_or_else(|| crate::output::bad("the count exceeds 2^128 - 1"))
}
