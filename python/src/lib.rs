//! `gridlock._gridlock`: the Python bindings of gridlock, one more thin front end over the
//! workspace's crates (the Python package `gridlock` in `python/src/gridlock` re-exports
//! it with docstrings and type stubs).
//!
//! Every search runs without the GIL on a worker thread of its own, while the calling
//! thread waits in slices of [`WAIT`] and checks for signals between them: Ctrl-C raises
//! `KeyboardInterrupt` at once and sets the search's stop flag, which the engines poll
//! (`exact_cover::interrupt`), so the worker stops too. A panic in Rust becomes a Python
//! exception (`pyo3_runtime.PanicException`), never an abort.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use std::any::Any;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

mod burr;
mod pack;
mod parts;
mod polyforms;
mod puzzles;
mod sudoku;
mod xc;

/// How long the calling thread waits for a worker between two checks for signals.
const WAIT: Duration = Duration::from_millis(50);

/// How many answers a lazy iterator's worker may find ahead of the consumer.
const LOOKAHEAD: usize = 64;

/// The `ParseError` class of the Python package (a `ValueError` with `line`, `column`
/// and `case`).
fn parse_error_class(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("gridlock._errors")?.getattr("ParseError")
}

/// A parser's located error as the package's `ParseError` (one line: where, then what).
pub(crate) fn parse_error(e: &located::ParseError) -> PyErr {
    Python::attach(|py| match parse_error_class(py) {
        Ok(class) => match class.call1((e.to_string(), (e.line > 0).then_some(e.line), e.column, e.case)) {
            Ok(value) => PyErr::from_value(value),
            Err(err) => err,
        },
        Err(err) => err,
    })
}

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// A thread count from Python: 1 to the machine's cores (more are clamped to the cores).
///
/// # Errors
/// `ValueError` for 0.
pub(crate) fn threads(asked: usize) -> PyResult<usize> {
    if asked == 0 {
        return Err(value_error("threads must be at least 1"));
    }
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    Ok(asked.min(cores))
}

/// The error for a count past the 128-bit integers the engines count in.
pub(crate) fn overflow() -> PyErr {
    PyOverflowError::new_err("the count exceeds 2^128 - 1 (gridlock counts exactly in 128 bits)")
}

/// A worker's panic as a Python exception.
fn panic_error(payload: Box<dyn Any + Send>) -> PyErr {
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string());
    pyo3::panic::PanicException::new_err(message)
}

/// Runs `search` to its end on a worker thread (its stop flag set on Ctrl-C), waiting
/// without the GIL.
///
/// # Errors
/// The exception a signal handler raised (`KeyboardInterrupt`), after the worker has
/// stopped; a panic of the worker as `PanicException`.
pub(crate) fn interruptible<T: Send>(py: Python<'_>, search: impl FnOnce() -> T + Send) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let flag = stop.clone();
        let handle = scope.spawn(move || {
            let result = exact_cover::interrupt::with(flag, search);
            let _ = done.send(());
            result
        });
        let mut finished = finished;
        loop {
            // The receiver is moved in and out: a `&Receiver` may not cross threads.
            let waited;
            (waited, finished) = py.detach(move || (finished.recv_timeout(WAIT), finished));
            if !matches!(waited, Err(RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                let _ = py.detach(|| handle.join());
                return Err(e);
            }
        }
        py.detach(|| handle.join()).map_err(panic_error)
    })
}

/// Answers found by a worker thread ahead of a lazy Python iterator (at most
/// [`LOOKAHEAD`] of them), the worker stopping when the iterator is closed or dropped.
pub(crate) struct Stream<T> {
    answers: Option<Receiver<T>>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
}

impl<T: Send + 'static> Stream<T> {
    /// Starts `produce` on a worker thread; it hands each answer to the function it is
    /// given, which says whether to go on.
    pub(crate) fn spawn(produce: impl FnOnce(&mut dyn FnMut(T) -> ControlFlow<()>) + Send + 'static) -> Stream<T> {
        let (tx, rx) = mpsc::sync_channel(LOOKAHEAD);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let worker = std::thread::spawn(move || {
            exact_cover::interrupt::with(flag, || {
                produce(&mut |answer| if tx.send(answer).is_ok() { ControlFlow::Continue(()) } else { ControlFlow::Break(()) })
            })
        });
        Stream { answers: Some(rx), stop, worker: Some(worker) }
    }

    /// The next answer, or `None` when the search is over.
    ///
    /// # Errors
    /// As [`interruptible`]; the stream is closed after an error.
    pub(crate) fn next(&mut self, py: Python<'_>) -> PyResult<Option<T>> {
        loop {
            let Some(rx) = self.answers.take() else { return Ok(None) };
            let (waited, rx) = py.detach(move || {
                let waited = rx.recv_timeout(WAIT);
                (waited, rx)
            });
            match waited {
                Ok(answer) => {
                    self.answers = Some(rx);
                    return Ok(Some(answer));
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.answers = Some(rx);
                    if let Err(e) = py.check_signals() {
                        self.close();
                        return Err(e);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // The worker is done (or panicked): join it to know which.
                    drop(rx);
                    if let Some(worker) = self.worker.take() {
                        py.detach(|| worker.join()).map_err(panic_error)?;
                    }
                    return Ok(None);
                }
            }
        }
    }

    /// Stops the worker (at its next poll or answer) and ends the stream.
    pub(crate) fn close(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.answers = None;
        self.worker = None;
    }
}

impl<T> Drop for Stream<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The stream behind a Python iterator, unless another thread is using it (a
/// `ValueError`, as for a generator already executing).
pub(crate) fn locked<T>(m: &std::sync::Mutex<T>) -> PyResult<std::sync::MutexGuard<'_, T>> {
    m.try_lock().map_err(|_| value_error("the iterator is already running in another thread"))
}

/// A verdict of the special judge as `(kind, message)`: kind is `"ok"`, `"wrong"`,
/// `"presentation"` or `"judge_failure"`.
pub(crate) fn verdict(j: ::puzzles::judge::Judgement) -> (&'static str, String) {
    use ::puzzles::judge::Judgement;
    match j {
        Judgement::Ok(m) => ("ok", m),
        Judgement::Wrong(m) => ("wrong", m),
        Judgement::Presentation(m) => ("presentation", m),
        Judgement::JudgeFailure(m) => ("judge_failure", m),
    }
}

/// The 2-SAT solver: `n_vars` variables 1..=n_vars (at most 2^26, as DIMACS headers) and
/// clauses as pairs of DIMACS literals (`-3` is "not x3"); a satisfying assignment (list of `n_vars` bools, x_i at
/// index i - 1) or `None`. Linear time (implication graph, strongly connected
/// components).
#[pyfunction]
fn two_sat(py: Python<'_>, n_vars: u64, clauses: Vec<(i64, i64)>) -> PyResult<Option<Vec<bool>>> {
    // The answer is a list of n_vars bools: the same bound as DIMACS headers.
    if n_vars > twosat::dimacs::MAX_DIMACS_VARS {
        return Err(value_error(format_args!("{n_vars} variables; at most {} are supported", twosat::dimacs::MAX_DIMACS_VARS)));
    }
    let n_vars = n_vars as u32;
    let mut formula = twosat::TwoSat::new(n_vars);
    formula.reserve(clauses.len());
    let literal = |k: usize, x: i64| -> PyResult<twosat::Literal> {
        if x == 0 || x.unsigned_abs() > u64::from(n_vars) {
            return Err(value_error(format_args!("clause {k}: literal {x} is not one of +-1..+-{n_vars}")));
        }
        Ok(twosat::Literal::new((x.unsigned_abs() - 1) as u32, x < 0))
    };
    for (k, &(a, b)) in clauses.iter().enumerate() {
        formula.add_clause(literal(k, a)?, literal(k, b)?);
    }
    interruptible(py, || formula.solve())
}

/// Panics on purpose, so that the tests can see a Rust panic arrive as a Python
/// exception: `"call"` in the calling thread, `"search"` in a search's worker, `"stream"`
/// in a lazy iterator's worker (then the panic comes out of `next`).
#[pyfunction]
fn _panic_for_test(py: Python<'_>, place: &str) -> PyResult<Option<xc::Solutions>> {
    match place {
        "call" => panic!("a panic on purpose (call)"),
        "search" => interruptible(py, || -> Option<xc::Solutions> { panic!("a panic on purpose (search)") }),
        "stream" => Ok(Some(xc::Solutions::new(Stream::spawn(|_| panic!("a panic on purpose (stream)"))))),
        other => Err(value_error(format_args!("no place {other:?}"))),
    }
}

/// Adds each `#[pyfunction]` named to the module `m`.
macro_rules! add_functions {
    ($m:expr, $($f:ident),+ $(,)?) => {
        $($m.add_function(wrap_pyfunction!($f, $m)?)?;)+
    };
}
pub(crate) use add_functions;

/// The extension module.
#[pymodule]
fn _gridlock(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(m, two_sat, _panic_for_test);
    xc::register(m)?;
    pack::register(m)?;
    parts::register(m)?;
    polyforms::register(m)?;
    puzzles::register(m)?;
    sudoku::register(m)?;
    burr::register(m)?;
    Ok(())
}
