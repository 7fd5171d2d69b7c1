//! General polyomino packing: fill a board with a set of pieces, each used once.
//!
//! Flow: [`rectangle`] / [`parse_board`] and [`parse_pieces`] (or
//! [`polyform::sets::find`]) -> [`PackSolver`] (the bitboard packer when the board
//! fits it, dancing links otherwise) -> [`render`]. Counts can be split into subtrees run
//! on several threads, or into deterministic shards for separate processes.

pub mod check;
mod compiled;
pub mod drawing;
pub mod knuth;
pub mod lattice;

pub use knuth::parse_knuth;

use num_bigint::BigUint;
pub use polyform::cover::exact_cover_problem;
use polyform::cover::PartCache;
use polyform::symmetry::{board_symmetries, break_symmetry, count_fixed_tilings, count_with_symmetry, BoardSymmetry, Restrict};
use polyform::{cells_connected, Board, Cell, Copies, Engine, Freedom, Piece, Search, Shape};
use std::ops::ControlFlow;
use thiserror::Error;

/// A problem in an input file, at a 1-based line and, where it applies, column:
/// gridlock's one located error type.
pub use located::ParseError;

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::new(line, message))
}

fn err_at<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError::at(line, column, message))
}

/// The board `RxC` (rows `x` columns, e.g. `6x10`), each from 1 to 1000.
///
/// Errors: a message when the text is not of that form.
pub fn rectangle(spec: &str) -> Result<Board, String> {
    let bad = || format!("'{spec}' is not a rectangle ROWSxCOLUMNS such as 6x10");
    let (r, c) = spec.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: i32 = r.trim().parse().map_err(|_| bad())?;
    let c: i32 = c.trim().parse().map_err(|_| bad())?;
    if !(1..=1000).contains(&r) || !(1..=1000).contains(&c) {
        return Err(format!("'{spec}': rows and columns must be 1 to 1000"));
    }
    Ok(Board::rectangle(r, c))
}

/// A board drawn as text: `.` is a cell to fill, `#` or a space is outside.
///
/// Errors: any other character (naming line and column), or no cell at all.
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let mut cells = Vec::new();
    let skip = square_header(text)?;
    for (r, line) in text.lines().enumerate().skip(skip) {
        let r = r - skip;
        for (c, ch) in line.trim_end_matches('\r').chars().enumerate() {
            match ch {
                '.' => cells.push(Cell::new(r as i32, c as i32, 0)),
                '#' | ' ' => {}
                other => return err_at(r + 1, c + 1, format!("unexpected {other:?}; use '.' for a cell, '#' or a space outside")),
            }
        }
    }
    if cells.is_empty() {
        return err(0, "the board has no cell ('.')");
    }
    Ok(Board::from_cells(cells))
}

/// A key that orders packings: per board cell, the piece covering it.
fn key(packing: &Packing, cells: usize) -> Vec<usize> {
    let mut k = vec![usize::MAX; cells];
    for (p, pl) in packing.iter().enumerate() {
        for &i in pl {
            k[i] = p;
        }
    }
    k
}

/// Whether `packing` is the least (by its cell-by-cell piece key) of its images under `group`: exactly one
/// packing per symmetry class passes (`group`: [`PackSolver::symmetries`]; `cells`: the
/// board's cell count).
pub fn is_canonical(packing: &Packing, group: &[BoardSymmetry], cells: usize) -> bool {
    let own = key(packing, cells);
    group.iter().all(|g| {
        let image: Packing = packing.iter().map(|pl| g.map_placement(pl)).collect();
        own <= key(&image, cells)
    })
}

/// Pieces as text: blocks separated by blank lines, each a name line then the shape drawn
/// with `#` (`.` or a space for no cell). The name line may end with a count, after a
/// space: `T 3` (exactly 3 copies), `T 0..2`, `T *` (any number), `T 1..*` (see
/// [`Copies::parse`]); without one, the piece is used exactly once. (A name whose last
/// word reads as a count needs a count after it: `Room 101 1`.)
///
/// Errors: a block without a drawing, a bad character, an empty or disconnected shape, or
/// a name used twice, naming the line.
pub fn parse_pieces(text: &str) -> Result<Vec<(Piece, Copies)>, ParseError> {
    let mut pieces: Vec<(Piece, Copies)> = Vec::new();
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut i = square_header(text)?;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let name_line = i + 1;
        let (name, copies) = name_and_copies(lines[i], name_line)?;
        i += 1;
        let mut cells = Vec::new();
        let start = i;
        while i < lines.len() && !lines[i].trim().is_empty() {
            for (c, ch) in lines[i].chars().enumerate() {
                match ch {
                    '#' => cells.push(Cell::new((i - start) as i32, c as i32, 0)),
                    '.' | ' ' => {}
                    other => return err_at(i + 1, c + 1, format!("unexpected {other:?} in the drawing of piece '{name}'")),
                }
            }
            i += 1;
        }
        if cells.is_empty() {
            return err(name_line, format!("piece '{name}' has no cell ('#') drawn under its name"));
        }
        if !cells_connected(&cells) {
            return err(name_line, format!("piece '{name}' is not connected"));
        }
        if pieces.iter().any(|(p, _)| p.name == name) {
            return err(name_line, format!("the name '{name}' is used twice"));
        }
        pieces.push((Piece { name, shape: Shape::new(cells).expect("distinct cells") }, copies));
    }
    if pieces.is_empty() {
        return err(0, "no piece");
    }
    Ok(pieces)
}

/// The lines a `lattice: square` header takes at the top of a square-lattice file (0
/// without one).
///
/// Errors: a header naming another lattice (whose files `gridlock pack` reads with
/// [`drawing`], the lattice inferred), or no lattice.
fn square_header(text: &str) -> Result<usize, ParseError> {
    match drawing::file_lattice(text)? {
        (Some(polyform::Lattice::Square) | None, skip) => Ok(skip),
        (Some(l), skip) => err(skip, format!("this file is drawn on the {} lattice, not the square one", l.name())),
    }
}

/// A piece's name line `NAME [COUNT]` (line `line` of its file): a last word of digits,
/// dots and stars is a count ([`Copies::parse`]; without one the piece is used once).
///
/// Errors: a count that does not parse.
pub(crate) fn name_and_copies(text: &str, line: usize) -> Result<(String, Copies), ParseError> {
    Ok(match text.trim().rsplit_once(char::is_whitespace) {
        Some((name, spec)) if spec.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b'*') => {
            let c = Copies::parse(spec).map_err(|m| ParseError::new(line, m))?;
            (name.trim_end().to_string(), c)
        }
        _ => (text.trim().to_string(), Copies::ONE),
    })
}

/// A packing: for each piece, the board cell indices it covers.
pub type Packing = Vec<Vec<usize>>;

/// How to run a count: threads, shard and progress (the one definition, shared with
/// `gridlock xc`).
pub use exact_cover::parallel::CountOptions as RunOptions;

/// Why a run could not be done as asked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RunError {
    /// Shards of a Burnside count would not add up.
    #[error("--unique with --shard needs a piece without symmetric placements; count without --shard")]
    ShardUnique,
    /// A method for distinct pieces was asked of pieces with counts.
    #[error("this method needs each piece used exactly once (use the tiling methods)")]
    Copies,
    /// A Burnside count with piece counts cannot be split into shards.
    #[error("--unique with piece counts cannot be split into shards; count without --shard")]
    ShardUniqueCopies,
    /// The count exceeds 2^128 - 1 (2^64 - 1 for distinct pieces), on an engine without
    /// big integers (the transfer matrix has them: [`PackSolver::count_exact`]).
    #[error("the count exceeds what gridlock counts here (2^128 - 1 with piece counts, 2^64 - 1 for distinct pieces; counts of any size need pieces without an upper bound on their copies, so that the transfer matrix counts them)")]
    Overflow,
    /// The transfer matrix could not finish.
    #[error("{0}")]
    Transfer(#[from] polyform::transfer::TransferError),
    /// The diagram of every packing that a sample is drawn from could not be built.
    #[error("{0}")]
    Zdd(#[from] exact_cover::ZddError),
    /// The placement lists would exceed [`MAX_PLACEMENT_CELLS`].
    #[error("the pieces have up to {entries} placement cells on this board; gridlock builds at most {limit}")]
    TooLarge {
        /// An upper bound on the placement cells (sum over pieces of orientations x board
        /// cells x piece size).
        entries: u128,
        /// [`MAX_PLACEMENT_CELLS`].
        limit: usize,
    },
}

/// Calls `visit` with `n` packings drawn independently and exactly uniformly among every
/// packing of `cells` cells by `placements`, piece `p` used as `copies[p]` says (see
/// [`polyform::cover::cover_with_copies`]), reproducible from `seed`, until it returns
/// `Break`: from the ZDD of every solution of the exact cover problem
/// ([`exact_cover::strategy::zdd`], within `limit`), each a rank below the
/// count unranked ([`exact_cover::Zdd::samples`]), one at a time. Each packing's tiles are
/// in increasing order of their options (piece by piece). No call when there is no
/// packing.
///
/// Errors: [`RunError::Zdd`] when the diagram passes `limit`, [`RunError::Overflow`]
/// when the count passes 2^128 - 1.
pub fn sample_tilings(
    cells: usize,
    placements: &[Vec<Vec<usize>>],
    copies: &[Copies],
    n: usize,
    seed: u64,
    limit: exact_cover::ZddLimit,
    mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
) -> Result<(), RunError> {
    let cover = polyform::cover::cover_with_copies(cells, placements, copies);
    let (zdd, _, _) = exact_cover::strategy::zdd(&cover.problem, limit)?;
    let mut tiling: Tiling = Vec::new();
    for options in zdd.samples(seed).ok_or(RunError::Overflow)?.take(n) {
        tiling.clear();
        tiling.extend(options.into_iter().map(|k| {
            let (p, j) = cover.owners[k];
            (p, placements[p][j].clone())
        }));
        if visit(&tiling).is_break() {
            break;
        }
    }
    Ok(())
}

/// The most placement cells (one `usize` each, summed over every placement of every
/// piece) a [`PackSolver`] builds: 2^26, half a gigabyte.
pub const MAX_PLACEMENT_CELLS: usize = 1 << 26;

/// A packing problem compiled for search.
#[derive(Debug, Clone)]
pub struct PackSolver {
    board: Board,
    freedom: Freedom,
    /// The pieces, their counts and placements.
    core: compiled::Compiled,
    /// The search compiled and cut once for the shards of a count cut into parts
    /// (`--checkpoint` counts every part in one process).
    parts: PartCache,
}

/// A packing with piece counts: its tiles, each `(piece, board cell indices)`.
pub type Tiling = Vec<(usize, Vec<usize>)>;

impl PackSolver {
    /// Compiles the problem: every placement of every piece, once the conditions that
    /// need no search hold. When the pieces' cells do not add up to the board's (each
    /// piece is used once), no placement is built and the problem has no packing.
    ///
    /// Errors: [`RunError::TooLarge`] when the placement lists could exceed
    /// [`MAX_PLACEMENT_CELLS`] (checked before building them).
    pub fn new(board: Board, pieces: Vec<Piece>, freedom: Freedom) -> Result<PackSolver, RunError> {
        let copies = vec![Copies::ONE; pieces.len()];
        PackSolver::with_copies(board, pieces, copies, freedom)
    }

    /// As [`PackSolver::new`], each piece `p` used as [`Copies`] `copies[p]` says (copies
    /// of one piece are indistinguishable). The condition that needs no search: some
    /// choice of counts within the bounds must give the board's cell count
    /// ([`polyform::cover::area_reachable`]).
    ///
    /// Errors: as [`PackSolver::new`].
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub fn with_copies(board: Board, pieces: Vec<Piece>, copies: Vec<Copies>, freedom: Freedom) -> Result<PackSolver, RunError> {
        let core = compiled::Compiled::new(
            board.len(),
            pieces,
            copies,
            |p| p.shape.orientations(freedom).len(),
            |p| board.placements(&p.shape, freedom),
        )?;
        Ok(PackSolver { board, freedom, core, parts: PartCache::default() })
    }

    /// Whether a condition that needs no search already rules every packing out: no
    /// choice of counts gives the board's cell count, or a piece that must be used has
    /// no placement.
    pub fn hopeless(&self) -> bool {
        self.core.hopeless
    }

    /// Per piece, how many copies a packing uses.
    pub fn copies(&self) -> &[Copies] {
        &self.core.copies
    }

    /// Whether every piece is used exactly once (then [`PackSolver::for_each`],
    /// [`PackSolver::count`] and symmetry reduction apply; otherwise the `tiling`
    /// methods).
    pub fn is_distinct(&self) -> bool {
        self.core.is_distinct()
    }

    /// Calls `visit` with each packing as tiles until it returns `Break`: through
    /// [`PackSolver::for_each`] for distinct pieces, else on the engine
    /// [`Search::with_copies`] picks (the bitboard tiler, or Knuth's Algorithm M on
    /// [`exact_cover_with_copies`] past its size).
    ///
    /// [`exact_cover_with_copies`]: polyform::cover::exact_cover_with_copies
    pub fn for_each_tiling(&self, mut visit: impl FnMut(&Tiling) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut tiling: Tiling = Vec::new();
        if self.is_distinct() {
            return self.for_each(|packing| {
                tiling.clear();
                tiling.extend(packing.iter().enumerate().map(|(p, cells)| (p, cells.clone())));
                visit(&tiling)
            });
        }
        self.core.for_each_tiling(|| self.search(), visit)
    }

    /// Calls `visit` with `n` packings drawn independently and exactly uniformly,
    /// reproducible from `seed`, until it returns `Break` (see [`sample_tilings`]).
    ///
    /// Errors: as [`sample_tilings`].
    pub fn sample(
        &self,
        n: usize,
        seed: u64,
        limit: exact_cover::ZddLimit,
        visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Result<(), RunError> {
        self.core.sample(self.board.len(), n, seed, limit, visit)
    }

    /// The engine that searches this problem (see [`Search::with_copies`]).
    fn search(&self) -> Search {
        Search::with_copies(&self.board, &self.core.placements, &self.core.copies, Engine::Bitboard)
    }

    /// The engine that runs this problem's search, in words (for `--stats`).
    pub fn engine(&self) -> String {
        if self.core.hopeless {
            return "none: the cell count rules every packing out".to_string();
        }
        self.search().describe()
    }

    /// The number of packings with piece counts (distinct pieces: [`PackSolver::count`]),
    /// on the engine [`Search::with_copies`] picks: the bitboard tiler memoizes states
    /// (filled cells, copies used), so tilings such as dominoes on 12x12 are counted
    /// without enumerating them; past its size, dancing links with memoized subproblems
    /// (DXZ, racing two branching orders: [`exact_cover::Solver::count_adaptive`]) on
    /// one thread.
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1, and those of [`PackSolver::count`].
    pub fn count_tilings(&self, options: &RunOptions) -> Result<u128, RunError> {
        if self.is_distinct() {
            return Ok(self.count(options)? as u128);
        }
        if self.core.hopeless {
            return Ok(0);
        }
        self.parts.count(0, || self.search(), options).ok_or(RunError::Overflow)
    }

    /// The number of tilings (distinct pieces too), exact and of any size: on the transfer
    /// matrix when [`polyform::cover::transfer_count`] chooses it (pieces without an upper
    /// bound on their copies, a narrow enough frontier), else on
    /// [`PackSolver::count_tilings`], and on the transfer matrix after all when that
    /// count passes 2^128 and the frontier fits. A shard (`options.shard`) always runs on
    /// the other engines.
    ///
    /// Errors: those of [`PackSolver::count_tilings`], and [`RunError::Transfer`].
    pub fn count_exact(&self, options: &RunOptions) -> Result<BigUint, RunError> {
        if self.core.hopeless {
            return Ok(BigUint::default());
        }
        if options.shard.is_none() {
            if let Some(count) = self.count_on_transfer(false, options) {
                return count;
            }
        }
        match self.count_tilings(options) {
            Err(RunError::Overflow) if options.shard.is_none() => self.count_on_transfer(true, options).unwrap_or(Err(RunError::Overflow)),
            other => other.map(BigUint::from),
        }
    }

    /// The engine [`PackSolver::count_exact`] runs first, in words.
    pub fn count_engine(&self) -> String {
        if !self.core.hopeless && self.transfer(false).is_some() {
            return "transfer matrix (frontier dynamic program, counts of any size, one thread)".to_string();
        }
        if !self.core.hopeless && self.transfer(true).is_some() {
            return format!("{}; past 2^128, the transfer matrix", self.engine());
        }
        self.engine()
    }

    fn transfer(&self, overflowed: bool) -> Option<(polyform::transfer::Frontier, Vec<(i32, i32)>)> {
        let shapes: Vec<Shape> = self.core.pieces.iter().map(|p| p.shape.clone()).collect();
        polyform::cover::transfer_count(&self.board, &shapes, self.freedom, &self.core.copies, overflowed)
    }

    fn count_on_transfer(&self, overflowed: bool, options: &RunOptions) -> Option<Result<BigUint, RunError>> {
        let (frontier, cells) = self.transfer(overflowed)?;
        let mut report = |done: usize, total: usize| {
            if let Some(p) = options.progress {
                p(done as u64, total as u64);
            }
        };
        Some(frontier.count_board(&cells, &mut report).map_err(RunError::from))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.core.pieces
    }

    /// The board's symmetries that map packings to packings: all 8 for free pieces, the
    /// rotations for one-sided ones, as far as the board has them.
    pub fn symmetries(&self) -> Vec<BoardSymmetry> {
        board_symmetries(&self.board, self.freedom.symmetries())
    }

    /// The problem as exact cover in Knuth's DLX format: the pieces' names and the cells
    /// `r<row>c<col>` are the primary items; one option per placement. A piece's name has
    /// white space, control characters, `:` and `|` replaced by `_`, and `'` appended
    /// while it equals a cell's name or an earlier piece's, so every name is distinct and
    /// `gridlock xc` reads the text back.
    pub fn knuth_text(&self) -> String {
        let cells: Vec<String> = self.board.cells().iter().map(|c| format!("r{}c{}", c.x, c.y)).collect();
        let names: Vec<&str> = self.core.pieces.iter().map(|p| p.name.as_str()).collect();
        knuth_text(&cells, &names, &self.core.placements, &self.core.copies)
    }

    /// The first packing found, or `None`.
    pub fn first(&self) -> Option<Packing> {
        let mut found = None;
        let _ = self.for_each(|p| {
            found = Some(p.clone());
            ControlFlow::Break(())
        });
        found
    }

    /// Calls `visit` with each packing until it returns `Break`.
    ///
    /// Panics if a piece has a count other than exactly one (see
    /// [`PackSolver::for_each_tiling`]).
    pub fn for_each(&self, mut visit: impl FnMut(&Packing) -> ControlFlow<()>) -> ControlFlow<()> {
        assert!(self.is_distinct(), "for_each packs distinct pieces; use for_each_tiling");
        if self.hopeless() {
            return ControlFlow::Continue(());
        }
        let mut packing: Packing = vec![Vec::new(); self.core.pieces.len()];
        Search::new(&self.board, &self.core.placements, Engine::Bitboard, None).for_each(|sol| {
            for &(p, k) in sol {
                packing[p].clone_from(&self.core.placements[p][k]);
            }
            visit(&packing)
        })
    }

    /// The number of packings. When a piece's placements have free orbits under the
    /// board's symmetries, it counts one packing per orbit and multiplies (exact; see
    /// [`polyform::symmetry`]).
    ///
    /// Errors: see [`RunError`].
    pub fn count(&self, options: &RunOptions) -> Result<u64, RunError> {
        if !self.is_distinct() {
            return Err(RunError::Copies);
        }
        if self.hopeless() {
            return Ok(0);
        }
        let group = self.symmetries();
        match break_symmetry(&self.core.placements, &group, Restrict::FewestPlacements) {
            Some(restricted) => Ok(group.len() as u64 * count_lists(&self.board, &restricted, options, Some(&self.parts))?),
            None => count_lists(&self.board, &self.core.placements, options, Some(&self.parts)),
        }
    }

    /// `(all, up to the board's symmetries)`, exactly (see [`polyform::symmetry`]).
    ///
    /// Errors: see [`RunError`].
    pub fn count_with_symmetry(&self, options: &RunOptions) -> Result<(u64, u64), RunError> {
        if !self.is_distinct() {
            return Err(RunError::Copies);
        }
        if self.hopeless() {
            return Ok((0, 0));
        }
        let group = self.symmetries();
        if options.shard.is_some() && group.len() > 1 && break_symmetry(&self.core.placements, &group, Restrict::FewestPlacements).is_none()
        {
            return Err(RunError::ShardUnique);
        }
        let mut failure = None;
        let counts = count_with_symmetry(&self.core.placements, &group, Restrict::FewestPlacements, |lists| {
            count_lists(&self.board, lists, options, None).unwrap_or_else(|e| {
                failure = Some(e);
                0
            })
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(counts),
        }
    }
}

impl PackSolver {
    /// `(all, up to the board's symmetries)` for any piece counts, exactly: distinct
    /// pieces as [`PackSolver::count_with_symmetry`]; with counts, by Burnside's lemma over
    /// [`PackSolver::symmetries`] (the average number of tilings each symmetry fixes),
    /// all tilings by [`PackSolver::count_tilings`] and those fixed by each other symmetry
    /// by [`polyform::symmetry::count_fixed_tilings`].
    ///
    /// Errors: [`RunError::ShardUniqueCopies`] with a shard and piece counts,
    /// [`RunError::Overflow`] when a count or the sum of the fixed counts passes
    /// 2^128 - 1, and those of [`PackSolver::count_with_symmetry`].
    pub fn count_tilings_with_symmetry(&self, options: &RunOptions) -> Result<(u128, u128), RunError> {
        if self.is_distinct() {
            let (all, unique) = self.count_with_symmetry(options)?;
            return Ok((all as u128, unique as u128));
        }
        if self.core.hopeless {
            return Ok((0, 0));
        }
        if options.shard.is_some() {
            return Err(RunError::ShardUniqueCopies);
        }
        let all = self.count_tilings(options)?;
        let sum = all.checked_add(self.fixed_by_others()?).ok_or(RunError::Overflow)?;
        let order = self.burnside_order();
        debug_assert_eq!(sum % order, 0, "Burnside's sum is a multiple of the group's order");
        Ok((all, sum / order))
    }
}

impl PackSolver {
    /// Part of Burnside's sum for the classes under [`PackSolver::symmetries`] (`--unique`),
    /// for a count cut into parts, with or without piece counts: the tilings of the shard
    /// `options` asks for ([`PackSolver::count_tilings`]; all without one), plus, in the
    /// first shard (or without one), the tilings each other symmetry maps onto themselves
    /// ([`polyform::symmetry::count_fixed_tilings`]). The parts add up to
    /// [`PackSolver::burnside_order`] times the number of classes.
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1, and those of
    /// [`PackSolver::count_tilings`].
    pub fn burnside_part(&self, options: &RunOptions) -> Result<u128, RunError> {
        let tilings = self.count_tilings(options)?;
        if self.core.hopeless || options.shard.is_some_and(|(k, _)| k != 1) {
            return Ok(tilings);
        }
        tilings.checked_add(self.fixed_by_others()?).ok_or(RunError::Overflow)
    }

    /// The tilings each symmetry but the identity maps onto themselves, added up
    /// ([`polyform::symmetry::count_fixed_tilings`]): Burnside's sum less the tilings.
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1.
    fn fixed_by_others(&self) -> Result<u128, RunError> {
        let mut sum = 0u128;
        for g in self.symmetries().iter().filter(|g| !g.is_identity()) {
            let fixed = count_fixed_tilings(self.board.len(), &self.core.placements, &self.core.copies, g).ok_or(RunError::Overflow)?;
            sum = sum.checked_add(fixed).ok_or(RunError::Overflow)?;
        }
        Ok(sum)
    }

    /// What Burnside's sum is divided by: the number of [`PackSolver::symmetries`].
    pub fn burnside_order(&self) -> u128 {
        self.symmetries().len() as u128
    }
}

/// The key of a tiling: per board cell, the piece of the tile covering it and that tile's
/// least cell (so that the key tells the tiles apart, not only the pieces).
fn tiling_key<'a>(tiles: impl Iterator<Item = (usize, &'a [usize])>, cells: usize) -> Vec<(usize, usize)> {
    let mut k = vec![(usize::MAX, usize::MAX); cells];
    for (p, pl) in tiles {
        let least = pl.iter().copied().min().unwrap_or(usize::MAX);
        for &i in pl {
            k[i] = (p, least);
        }
    }
    k
}

/// A packing problem as exact cover in Knuth's DLX format: the pieces' names (those
/// that need an item: see [`polyform::cover::cover_with_copies`]) and the cells
/// (`cells`, one name per cell) are the primary items, one option per placement, with
/// DLX3's `lo:hi|piece` where a piece's count is not exactly one. A piece's name has
/// white space, control characters, `:` and `|` replaced by `_`, and `'` appended while
/// it equals a cell's name or an earlier piece's, so every name is distinct and `gridlock
/// xc` reads the text back.
pub fn knuth_text(cells: &[String], pieces: &[&str], placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> String {
    let mut taken: std::collections::HashSet<String> = cells.iter().cloned().collect();
    let names: Vec<String> = pieces
        .iter()
        .map(|p| {
            let mut n = p.replace(|c: char| c.is_whitespace() || c.is_control() || c == ':' || c == '|', "_");
            while !taken.insert(n.clone()) {
                n.push('\'');
            }
            n
        })
        .collect();
    let cover = polyform::cover::cover_with_copies(cells.len(), placements, copies);
    // The piece items, with DLX3's multiplicity where it is not exactly one.
    let mut items: Vec<String> = Vec::new();
    for (p, item) in cover.piece_item.iter().enumerate() {
        if let Some(t) = *item {
            items.push(match cover.problem.multiplicity(t) {
                (1, 1) => names[p].clone(),
                (lo, hi) if lo == hi => format!("{hi}|{}", names[p]),
                (lo, hi) => format!("{lo}:{hi}|{}", names[p]),
            });
        }
    }
    let program = if cover.problem.has_multiplicities() { "; multiplicities: dlx3" } else { "" };
    let mut text = format!(
        "| {} pieces, {} cells (written by gridlock pack --emit-knuth{program})\n{} {}\n",
        pieces.len(),
        cells.len(),
        items.join(" "),
        cells.join(" ")
    );
    for &(p, k) in &cover.owners {
        if cover.piece_item[p].is_some() {
            text.push_str(&names[p]);
            text.push(' ');
        }
        let line: Vec<&str> = placements[p][k].iter().map(|&i| cells[i].as_str()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// Whether `tiling` is the least (by its cell-by-cell key of piece and tile) of its
/// images under `group`: exactly one tiling per symmetry class passes, copies of a piece
/// being indistinguishable (`group`: [`PackSolver::symmetries`]; `cells`: the board's
/// cell count).
pub fn is_canonical_tiling(tiling: &Tiling, group: &[BoardSymmetry], cells: usize) -> bool {
    let own = tiling_key(tiling.iter().map(|(p, pl)| (*p, pl.as_slice())), cells);
    group.iter().all(|g| {
        let image: Vec<(usize, Vec<usize>)> = tiling.iter().map(|(p, pl)| (*p, g.map_placement(pl))).collect();
        own <= tiling_key(image.iter().map(|(p, pl)| (*p, pl.as_slice())), cells)
    })
}

/// Counts packings of `board` with the given placement lists, as `options` say; with
/// `parts`, a shard on the search compiled and cut once for every shard (the lists must
/// be the same on every call with that cache).
fn count_lists(board: &Board, placements: &[Vec<Vec<usize>>], options: &RunOptions, parts: Option<&PartCache>) -> Result<u64, RunError> {
    let build = || Search::new(board, placements, Engine::Bitboard, None);
    let count = match parts {
        Some(parts) => parts.count(0, build, options),
        None => build().count(options),
    };
    count.and_then(|c| u64::try_from(c).ok()).ok_or(RunError::Overflow)
}

/// The `i`-th label of drawings whose pieces are not named by distinct single
/// characters: `A`..`Z`, `a`..`z`, `0`..`9`, then Greek, Cyrillic and CJK letters, so that
/// every tile of any board gridlock builds has its own character (over 20000 of them).
pub fn nth_label(i: usize) -> char {
    const RANGES: [(u32, u32); 7] =
        [(0x41, 0x5A), (0x61, 0x7A), (0x30, 0x39), (0x3B1, 0x3C9), (0x410, 0x44F), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3)];
    let mut i = i as u64;
    for (lo, hi) in RANGES {
        let n = (hi - lo + 1) as u64;
        if i < n {
            return char::from_u32(lo + i as u32).unwrap_or('?');
        }
        i -= n;
    }
    '?'
}

/// Whether [`labels`] had to replace the pieces' names (then drawings need a legend).
pub fn labels_are_names(pieces: &[Piece], labels: &[char]) -> bool {
    pieces.iter().zip(labels).all(|(p, &l)| p.name.chars().eq(std::iter::once(l)))
}

/// The legend of a drawing whose labels are not the names: a line `label name` per
/// piece; empty when the labels are the names.
pub fn legend(pieces: &[Piece], labels: &[char]) -> String {
    if labels_are_names(pieces, labels) {
        return String::new();
    }
    pieces.iter().zip(labels).map(|(p, l)| format!("{l} {}\n", located::printable(&p.name))).collect()
}

/// One character per piece for drawings: the names when they are distinct single
/// characters, otherwise [`nth_label`] in piece order.
pub fn labels(pieces: &[Piece]) -> Vec<char> {
    let singles: Vec<char> = pieces
        .iter()
        .filter_map(|p| {
            let mut cs = p.name.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c != '.' && c != ' ' => Some(c),
                _ => None,
            }
        })
        .collect();
    let distinct = singles.len() == pieces.len() && {
        let mut s = singles.clone();
        s.sort_unstable();
        s.windows(2).all(|w| w[0] != w[1])
    };
    if distinct {
        return singles;
    }
    (0..pieces.len()).map(nth_label).collect()
}

/// A packing drawn over the board's bounding box: each cell shows its piece's label
/// (see [`labels`]), a cell outside the board a space; trailing spaces trimmed.
pub fn render(board: &Board, labels: &[char], packing: &Packing) -> String {
    piece_grid(board, packing)
        .iter()
        .map(|row| {
            let line: String = row.iter().map(|p| p.map_or(' ', |p| labels[p])).collect();
            format!("{}\n", line.trim_end())
        })
        .collect()
}

/// A tiling drawn over the board's bounding box, each tile with its own character
/// ([`nth_label`] in the order of the tiles), then a legend line `LABEL NAME` per tile.
pub fn render_tiling(board: &Board, pieces: &[Piece], tiling: &Tiling) -> String {
    let tiles: Packing = tiling.iter().map(|(_, cells)| cells.clone()).collect();
    let labels: Vec<char> = (0..tiling.len()).map(nth_label).collect();
    let mut text = render(board, &labels, &tiles);
    for (t, (p, _)) in tiling.iter().enumerate() {
        text.push_str(&format!("{} {}\n", labels[t], located::printable(&pieces[*p].name)));
    }
    text
}

/// A packing over the board's bounding box (rows, then columns): for each cell the piece
/// covering it, or None for a cell outside the board.
pub fn piece_grid(board: &Board, packing: &Packing) -> Vec<Vec<Option<usize>>> {
    let cells = board.cells();
    let r0 = cells.iter().map(|c| c.x).min().unwrap_or(0);
    let r1 = cells.iter().map(|c| c.x).max().unwrap_or(-1);
    let c0 = cells.iter().map(|c| c.y).min().unwrap_or(0);
    let c1 = cells.iter().map(|c| c.y).max().unwrap_or(-1);
    let mut grid = vec![vec![None; (c1 - c0 + 1).max(0) as usize]; (r1 - r0 + 1).max(0) as usize];
    for (p, pl) in packing.iter().enumerate() {
        for &i in pl {
            let c = cells[i];
            grid[(c.x - r0) as usize][(c.y - c0) as usize] = Some(p);
        }
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_boards_and_pieces() {
        let b = parse_board("..#\n. .\n").unwrap();
        assert_eq!(b.len(), 4);
        assert_eq!(parse_board("..x\n").unwrap_err().line, 1);
        assert!(parse_board("##\n").is_err());
        let p = parse_pieces("L\n#.\n##\n\nbar\n###\n").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[1].0.shape.len(), 3);
        let counted = parse_pieces("T 3\n###\n\nleft L 0..2\n#.\n##\n\nany *\n#\n\nsome 1..*\n##\n\nright L\n##\n").unwrap();
        let got: Vec<(&str, String)> = counted.iter().map(|(p, c)| (p.name.as_str(), c.to_string())).collect();
        let want = [("T", "3"), ("left L", "0..2"), ("any", "*"), ("some", "1..*"), ("right L", "1")];
        assert_eq!(got, want.map(|(n, c)| (n, c.to_string())));
        assert!(parse_pieces("T 3..2\n#\n").unwrap_err().message.contains("lower bound"));
        assert_eq!(parse_pieces("T 3..2\n#\n").unwrap_err().line, 1);
        assert_eq!(parse_pieces("a\n#.#\n").unwrap_err().message, "piece 'a' is not connected");
        assert_eq!(parse_pieces("a\n\nb\n#\n").unwrap_err().line, 1);
        assert_eq!(parse_pieces("a\n#\n\na\n##\n").unwrap_err().line, 4);
        assert_eq!(parse_pieces("a\n#x\n").unwrap_err().line, 2);
        assert!(rectangle("6x10").is_ok());
        assert!(rectangle("6by10").is_err());
        assert!(rectangle("0x3").is_err());
    }

    #[test]
    fn labels_fall_back_to_letters() {
        let p = |n: &str| Piece { name: n.into(), shape: Shape::from_drawing("#").unwrap() };
        assert_eq!(labels(&[p("x"), p("y")]), vec!['x', 'y']);
        assert_eq!(labels(&[p("long"), p("y")]), vec!['A', 'B']);
        assert_eq!(labels(&[p("y"), p("y2"), p("y")]), vec!['A', 'B', 'C']);
        let many: Vec<Piece> = (0..5000).map(|i| p(&format!("p{i}"))).collect();
        let l = labels(&many);
        assert_eq!(l.iter().collect::<std::collections::HashSet<_>>().len(), 5000);
        assert!(l.iter().all(|c| !c.is_control() && !c.is_whitespace() && *c != '?'));
        assert_eq!(legend(&[p("x"), p("y")], &['x', 'y']), "");
        assert_eq!(legend(&[p("long"), p("y")], &['A', 'B']), "A long\nB y\n");
    }
}
