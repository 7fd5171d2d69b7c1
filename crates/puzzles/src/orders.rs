//! The search for the smallest rectangles and the orders
//! ([`polyform::atlas::search_with`]) journaled in a checkpoint file, as `gridlock
//! rectangles --checkpoint` and Python's `gridlock.rectangles(checkpoint=...)` both run
//! it: the widths the file records are skipped, each width finished is recorded, and the
//! states of the width in progress are saved beside the file (at most once every
//! `every`) and resumed from on the next run (`checkpoint::Widths`, docs/rectangles.md).
//! The box search of polycubes ([`boxes_journaled`]) records whole cross-sections only.

use checkpoint::{Book, CheckpointError, Widths};
use polyform::atlas::{self, Bounds, Goal, Journal, Progress, Searched};
use polyform::boxes::{self, BoxProgress, SearchedBox};
use polyform::skyline::Sweep;
use polyform::transfer::{Tiles, TransferError};
use polyform::{Copies, Freedom, Shape};
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where a journaled search went on from states saved by an earlier run: the width in
/// progress, the depth reached and the states kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resumed {
    /// The width whose states were saved.
    pub width: usize,
    /// The rows filled at that width when they were saved.
    pub depth: usize,
    /// The states saved.
    pub states: usize,
    /// Saved within the next depth: the states of `depth` expanded, and all of them.
    pub expanded: Option<(usize, usize)>,
}

/// Why a journaled search gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum JournaledError {
    /// The checkpoint or its saved states could not be opened, read or written, or belong
    /// to another search (the message names the file).
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// The saved states at `path` read, but are not states of this search's width.
    #[error("{}: {source}; delete it to search its width from the start", path.display())]
    ForeignStates {
        /// The file of saved states.
        path: PathBuf,
        /// The engine's words.
        source: TransferError,
    },
    /// The search itself stopped (a bound of memory, an interruption).
    #[error(transparent)]
    Search(TransferError),
}

/// [`atlas::search_with`] for `goal`, journaled in the checkpoint at `checkpoint` (none:
/// not journaled), the states of the width in progress saved at most once every `every`,
/// within a depth too (`every` zero: as each depth is finished).
/// Returns the answer and, when saved states were resumed from, where.
///
/// Errors: [`JournaledError`]; a failure to write the checkpoint stops the search and is
/// reported before what the search says.
#[allow(clippy::too_many_arguments)]
pub fn search_journaled(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    checkpoint: Option<&Path>,
    every: Duration,
    progress: &mut dyn FnMut(Progress),
) -> Result<(Searched, Option<Resumed>), JournaledError> {
    // The checkpoint's problem: the pieces, their freedom and copies, the goal and the
    // area bound (what the outcomes depend on); a part per width.
    let problem = atlas::problem_text(shapes, freedom, copies, goal, bounds.max_area);
    let mut log = Widths::open_if(checkpoint, &problem, bounds.max_area.isqrt())?;
    let done = Widths::done_in(&log);
    let resume = match &log {
        // (Into the states' files when the search keeps them in files.)
        Some(w) => w.read_frontier(|input| Sweep::read_from_in(input, bounds.states_dir.as_deref()))?,
        None => None,
    };
    let resumed = resume.as_ref().map(|(width, sweep)| Resumed {
        width: *width,
        depth: sweep.depth(),
        states: sweep.states(),
        expanded: sweep.expanded(),
    });
    // The tiling of the best width recorded, drawn by an earlier run (checked by the
    // search before it is used).
    let drawn = log.as_ref().and_then(|w| w.read_tiling(read_tiles));
    let frontier_path = log.as_ref().map(Widths::frontier_path);
    let book = Book::new(&mut log, every);
    let searched = {
        let mut finished = |width, outcome| book.finished(width, outcome);
        let mut draw = |width, tiles: &Tiles| book.drawn(width, &mut |out| write_tiles(tiles, out));
        // Within a depth only when some time is to pass between saves (`every` zero:
        // each depth, not each piece of one).
        let mut kept = |width, sweep: &Sweep| {
            if sweep.expanded().is_some() && every.is_zero() {
                return std::ops::ControlFlow::Continue(());
            }
            book.keep(width, &mut |out| sweep.write_to(out))
        };
        let journal = Journal { done, finished: &mut finished, resume, kept: Some(&mut kept), drawn, draw: Some(&mut draw) };
        atlas::search_with(shapes, freedom, copies, goal, bounds, progress, journal)
    };
    if let Some(e) = book.failure() {
        return Err(e.into());
    }
    match (searched, frontier_path) {
        (Ok(searched), _) => Ok((searched, resumed)),
        (Err(source @ TransferError::ForeignSweep), Some(path)) => Err(JournaledError::ForeignStates { path, source }),
        (Err(e), _) => Err(JournaledError::Search(e)),
    }
}

/// Writes `tiles` as text, a line a tile: its piece, its orientation's index, and its
/// cells as `row,column`, separated by spaces (the tiling file beside a checkpoint,
/// [`Widths::save_tiling`]).
fn write_tiles(tiles: &Tiles, out: &mut dyn Write) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    for (piece, index, cells) in tiles {
        write!(out, "{piece} {index}")?;
        for (r, c) in cells {
            write!(out, " {r},{c}")?;
        }
        writeln!(out)?;
    }
    out.flush()
}

/// Reads the tiles [`write_tiles`] wrote (at most 2^26 bytes of them);
/// [`io::ErrorKind::InvalidData`] for anything else.
fn read_tiles(input: &mut dyn Read) -> io::Result<Tiles> {
    let invalid = || io::Error::new(io::ErrorKind::InvalidData, "not a tiling");
    let mut tiles = Tiles::new();
    for line in io::BufReader::new(input.take(1 << 26)).lines() {
        let line = line?;
        let mut words = line.split(' ');
        let mut number = || words.next().and_then(|w| w.parse::<usize>().ok()).ok_or_else(invalid);
        let (piece, index) = (number()?, number()?);
        let cells = words
            .map(|w| {
                let (r, c) = w.split_once(',').ok_or_else(invalid)?;
                Ok((r.parse().map_err(|_| invalid())?, c.parse().map_err(|_| invalid())?))
            })
            .collect::<io::Result<Vec<(i32, i32)>>>()?;
        tiles.push((piece, index, cells));
    }
    Ok(tiles)
}

/// [`boxes::search_with`] (the smallest boxes and the orders of polycubes) for `goal`,
/// journaled in the checkpoint at `checkpoint` (none: not journaled): a part per
/// cross-section ([`boxes::cross_sections`]), of the same problem words as the
/// rectangles' (the cells say the lattice); each cross-section finished is recorded, none
/// is resumed from the middle.
///
/// Errors: [`JournaledError::Checkpoint`] (reported before what the search says, a
/// failure to write stopping it), [`JournaledError::Search`].
#[allow(clippy::too_many_arguments)]
pub fn boxes_journaled(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    checkpoint: Option<&Path>,
    progress: &mut dyn FnMut(BoxProgress),
) -> Result<SearchedBox, JournaledError> {
    let sections = boxes::cross_sections(goal, bounds.max_area).len();
    let problem = atlas::problem_text(shapes, freedom, copies, goal, bounds.max_area);
    let mut log = Widths::open_if(checkpoint, &problem, sections)?;
    let done = Widths::done_in(&log);
    let book = Book::new(&mut log, Duration::MAX);
    let searched = {
        let mut finished = |width, outcome| book.finished(width, outcome);
        boxes::search_with(shapes, freedom, copies, goal, bounds, progress, Journal::of_widths(done, &mut finished))
    };
    if let Some(e) = book.failure() {
        return Err(e.into());
    }
    searched.map_err(JournaledError::Search)
}
