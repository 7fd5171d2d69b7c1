//! The one packing front door: a [`Problem`] is a region on any lattice, pieces with
//! their counts, one-sided or free (mirror images for solids), compiled once; it lists,
//! samples and counts its packings (all of them, or their classes under the region's
//! symmetries) as [`Tiling`]s, choosing the engine in one place ([`Problem::engine`],
//! [`Problem::count_engine`]):
//!
//! - listing and sampling: [`Search::with_copies`] on square boards (the scan runs along
//!   the shorter side), [`Search::on_layout`] on the other lattices; that chooses the
//!   bitboard packer (distinct pieces), the bitboard tiler (piece counts) or exact cover;
//!   samples come from the ZDD of every packing ([`sample_tilings`]);
//! - counts: the transfer matrix on square boards when [`crate::cover::transfer_count`]
//!   chooses it (counts of any size, and when another engine's count passes 2^128); the
//!   square boards' symmetry broken by free orbits ([`crate::symmetry::break_symmetry`]);
//!   on the other lattices by orbits with stabilisers ([`crate::count::count_placements`]);
//!   piece counts on the engine above, memoized;
//! - classes (`--unique`): Burnside's lemma, over the square board's symmetries that the
//!   pieces' freedom allows, or over [`Classes`] (the region's symmetries that map the
//!   piece set onto itself) on the other lattices.
//!
//! Parsers build the region and pieces ([`crate::sets`], the front ends' readers);
//! renderers draw the tilings; neither searches.

mod coloring;
mod counts;

pub use coloring::color;
pub use counts::is_canonical_tiling;

use crate::count::Classes;
use crate::cover::PartCache;
use crate::symmetry::BoardSymmetry;
use crate::{knuth, Cell, Copies, Engine, Freedom, Lattice, Piece, Region, Search};
pub use exact_cover::parallel::CountOptions;
use std::ops::ControlFlow;
use std::sync::OnceLock;
use thiserror::Error;

/// A packing's tiles, each `(piece, region cell indices)`: the one answer type of every
/// lattice, piece counts or not.
pub type Tiling = Vec<(usize, Vec<usize>)>;

/// The most placement cells (one `usize` each, summed over every placement of every
/// piece) a [`Problem`] builds: 2^26, half a gigabyte.
pub const MAX_PLACEMENT_CELLS: usize = 1 << 26;

/// Why a packing problem could not be run as asked.
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
    /// The count exceeds 2^128 - 1 on an engine without big integers (the transfer
    /// matrix has them: [`Problem::count_exact`]).
    #[error("the count exceeds what gridlock counts here (2^128 - 1; counts of any size need pieces without an upper bound on their copies, so that the transfer matrix counts them)")]
    Overflow,
    /// The transfer matrix could not finish.
    #[error("{0}")]
    Transfer(#[from] crate::transfer::TransferError),
    /// The diagram of every packing that a sample is drawn from could not be built.
    #[error("{0}")]
    Zdd(#[from] exact_cover::ZddError),
    /// The placement lists would exceed [`MAX_PLACEMENT_CELLS`].
    #[error("the pieces have up to {entries} placement cells on this board; gridlock builds at most {limit}")]
    TooLarge {
        /// An upper bound on the placement cells (sum over pieces of orientations x
        /// region cells x piece size).
        entries: u128,
        /// [`MAX_PLACEMENT_CELLS`].
        limit: usize,
    },
}

/// A packing problem on any lattice, compiled for search (see the module documentation).
#[derive(Debug, Clone)]
pub struct Problem {
    region: Region,
    freedom: Freedom,
    pieces: Vec<Piece>,
    /// Per piece, how many copies a packing uses.
    copies: Vec<Copies>,
    /// Per piece, its placements, each as region cell indices.
    placements: Vec<Vec<Vec<usize>>>,
    /// Whether a condition that needs no search rules every packing out: no choice of
    /// counts gives the region's cell count ([`crate::cover::area_reachable`]), or a
    /// piece that must be used has no placement, or the colouring argument
    /// ([`color`]) rules it out.
    hopeless: bool,
    /// Why, when [`Problem::hopeless`]: the cell count or a missing placement (`false`),
    /// or the colouring (`true`).
    by_coloring: bool,
    /// The symmetry classes of packings off the square lattice ([`Classes::new`]),
    /// built on first use.
    classes: OnceLock<Classes>,
    /// The searches compiled and cut once for the shards of a count cut into parts
    /// (`--checkpoint` counts every part in one process).
    parts: PartCache,
}

impl Problem {
    /// Compiles the packing of `region` by `pieces`, piece `p` used as `copies[p]` says
    /// (copies of a piece are indistinguishable), each piece moved by the rotations of
    /// the lattice and, when `freedom` allows, its reflections (for solids: mirror
    /// images). Every placement of every piece is built, once the conditions that need
    /// no search hold: some choice of counts must give the region's cell count
    /// ([`crate::cover::area_reachable`]); otherwise no placement is built and the
    /// problem has no packing. Once they are built, the colouring argument ([`color`])
    /// may rule every packing out too, before any search. Placements come orientation
    /// by orientation on square
    /// boards ([`Region::placements`]), sorted on the other lattices
    /// ([`Region::placements_sorted`]): the orders the packings are listed in.
    ///
    /// Errors: [`RunError::TooLarge`] when the placement lists could exceed
    /// [`MAX_PLACEMENT_CELLS`] (checked before building them).
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub fn new(region: Region, pieces: Vec<Piece>, copies: Vec<Copies>, freedom: impl Into<Freedom>) -> Result<Problem, RunError> {
        let freedom = freedom.into();
        assert_eq!(copies.len(), pieces.len(), "one count per piece");
        let cells = region.len();
        let mut problem = Problem {
            region,
            freedom,
            placements: vec![Vec::new(); pieces.len()],
            pieces,
            copies,
            hopeless: true,
            by_coloring: false,
            classes: OnceLock::new(),
            parts: PartCache::default(),
        };
        let sizes: Vec<usize> = problem.pieces.iter().map(|p| p.shape.len()).collect();
        if !crate::cover::area_reachable(&sizes, &problem.copies, cells) {
            return Ok(problem);
        }
        let entries: u128 =
            problem.pieces.iter().map(|p| p.shape.orientations(freedom).len() as u128 * cells as u128 * p.shape.len() as u128).sum();
        if entries > MAX_PLACEMENT_CELLS as u128 {
            return Err(RunError::TooLarge { entries, limit: MAX_PLACEMENT_CELLS });
        }
        let (region, square) = (&problem.region, problem.is_square());
        problem.placements = problem
            .pieces
            .iter()
            .map(|p| if square { region.placements(&p.shape, freedom) } else { region.placements_sorted(&p.shape, freedom) })
            .collect();
        problem.hopeless = problem.placements.iter().zip(&problem.copies).any(|(l, c)| l.is_empty() && c.lo > 0);
        if !problem.hopeless && coloring::rules_out(&problem.region, &problem.placements, &problem.copies) {
            (problem.hopeless, problem.by_coloring) = (true, true);
        }
        Ok(problem)
    }

    /// [`Problem::new`] with every piece used exactly once.
    ///
    /// Errors: as [`Problem::new`].
    pub fn distinct(region: Region, pieces: Vec<Piece>, freedom: impl Into<Freedom>) -> Result<Problem, RunError> {
        let copies = vec![Copies::ONE; pieces.len()];
        Problem::new(region, pieces, copies, freedom)
    }

    /// The region (on the square lattice, the board).
    pub fn region(&self) -> &Region {
        &self.region
    }

    /// The region and, per piece, its placements as region cell indices (none when the
    /// problem is [`Problem::hopeless`] before they were built), for a caller that
    /// searches them its own way (the box orders break a box's symmetry for a first
    /// filling).
    pub fn into_placements(self) -> (Region, Vec<Vec<Vec<usize>>>) {
        (self.region, self.placements)
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Per piece, how many copies a packing uses.
    pub fn copies(&self) -> &[Copies] {
        &self.copies
    }

    /// Whether the pieces may be turned over (solids: mirrored).
    pub fn freedom(&self) -> Freedom {
        self.freedom
    }

    /// Whether a condition that needs no search already rules every packing out: no
    /// choice of counts gives the region's cell count, a piece that must be used has no
    /// placement, or no choice of counts and placements gives the region's balance of
    /// black and white cells in the lattice's colouring ([`color`]).
    pub fn hopeless(&self) -> bool {
        self.hopeless
    }

    /// Whether every piece is used exactly once.
    pub fn is_distinct(&self) -> bool {
        self.copies.iter().all(|&c| c == Copies::ONE)
    }

    /// Whether the region is on the square lattice (a board): the lattice of the
    /// transfer matrix and of the square boards' own symmetry methods.
    fn is_square(&self) -> bool {
        self.region.lattice() == Lattice::Square
    }

    /// The search of the placement lists `lists` (this problem's, or some restricted to
    /// one placement per orbit): the one place the listing and counting engine is
    /// chosen ([`Search::with_copies`] on square boards, which lays the board out along
    /// its shorter side; [`Search::on_layout`] on the region's own layout elsewhere).
    fn search_of(&self, lists: &[Vec<Vec<usize>>]) -> Search {
        if self.is_square() {
            Search::with_copies(&self.region, lists, &self.copies, Engine::Bitboard)
        } else {
            Search::on_layout(&self.region.layout(), lists, &self.copies, Engine::Bitboard)
        }
    }

    /// The engine that lists this problem's packings (and counts them, unless
    /// [`Problem::count_engine`] says otherwise), in words (for `--stats`).
    pub fn engine(&self) -> String {
        if self.by_coloring {
            return "none: the colouring rules every packing out (no choice of the pieces' placements covers as many more black cells than white as the region has)".to_string();
        }
        if self.hopeless {
            return "none: the cell count or a piece without a placement rules every packing out".to_string();
        }
        self.search_of(&self.placements).describe()
    }

    /// Calls `visit` with each packing until it returns `Break`, in the order the
    /// engine finds them (no search when [`Problem::hopeless`]).
    pub fn for_each(&self, mut visit: impl FnMut(&Tiling) -> ControlFlow<()>) -> ControlFlow<()> {
        if self.hopeless {
            return ControlFlow::Continue(());
        }
        let mut tiling: Tiling = Vec::new();
        self.search_of(&self.placements).for_each(|sol| {
            tiling.clear();
            tiling.extend(sol.iter().map(|&(p, k)| (p, self.placements[p][k].clone())));
            visit(&tiling)
        })
    }

    /// The first packing [`Problem::for_each`] finds, or `None`.
    pub fn first(&self) -> Option<Tiling> {
        let mut found = None;
        let _ = self.for_each(|t| {
            found = Some(t.clone());
            ControlFlow::Break(())
        });
        found
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
        if self.hopeless {
            return Ok(());
        }
        sample_tilings(self.region.len(), &self.placements, &self.copies, &self.region.crossings(), n, seed, limit, visit)
    }

    /// The name of region cell `i` in answers and Knuth's format: `r<row>c<col>` on the
    /// square lattice, else [`cell_name`].
    pub fn cell_name(&self, i: usize) -> String {
        let c = self.region.cells()[i];
        if self.is_square() {
            format!("r{}c{}", c.x, c.y)
        } else {
            cell_name(self.region.lattice(), c)
        }
    }

    /// The problem as exact cover in Knuth's DLX format ([`knuth_text`]), cells named by
    /// [`Problem::cell_name`], for `gridlock xc` or Knuth's programs.
    pub fn knuth_text(&self) -> String {
        let cells: Vec<String> = (0..self.region.len()).map(|i| self.cell_name(i)).collect();
        let names: Vec<&str> = self.pieces.iter().map(|p| p.name.as_str()).collect();
        knuth_text(&cells, &names, &self.placements, &self.copies, &self.region.crossings())
    }

    /// The square board's symmetries that map packings to packings: all 8 for free
    /// pieces, the rotations for one-sided ones, as far as the board has them.
    fn board_group(&self) -> Vec<BoardSymmetry> {
        crate::symmetry::board_symmetries(&self.region, self.freedom.symmetries())
    }
}

/// Calls `visit` with `n` packings drawn independently and exactly uniformly among every
/// packing of `cells` cells by `placements`, piece `p` used as `copies[p]` says, pieces
/// not crossing at `crossings` (see [`crate::cover::cover_with_copies`]), reproducible
/// from `seed`, until it returns
/// `Break`: from the ZDD of every solution of the exact cover problem
/// ([`exact_cover::Cover::zdd`], within `limit`), each a rank below the count
/// unranked ([`exact_cover::Zdd::samples`]), one at a time. Each packing's tiles are in
/// increasing order of their options (piece by piece). No call when there is no packing.
///
/// Errors: [`RunError::Zdd`] when the diagram passes `limit`, [`RunError::Overflow`]
/// when the count passes 2^128 - 1.
#[allow(clippy::too_many_arguments)]
pub fn sample_tilings(
    cells: usize,
    placements: &[Vec<Vec<usize>>],
    copies: &[Copies],
    crossings: &[[usize; 3]],
    n: usize,
    seed: u64,
    limit: exact_cover::ZddLimit,
    mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
) -> Result<(), RunError> {
    let cover = crate::cover::cover_with_copies(cells, placements, copies, crossings);
    let (zdd, _, _) = exact_cover::Cover::new(&cover.problem).zdd(limit)?;
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

/// A cell's name off the square lattice, in answers and items: Knuth's notation
/// ([`knuth::knuth_cell`]), or `x<x>y<y>z<z>` in decimal when a coordinate is outside
/// 0 to 61.
pub fn cell_name(lattice: Lattice, c: Cell) -> String {
    knuth::knuth_cell(lattice, c).unwrap_or_else(|| format!("x{}y{}z{}", c.x, c.y, c.z))
}

/// A packing problem as exact cover in Knuth's DLX format: the pieces' names (those
/// that need an item: see [`crate::cover::cover_with_copies`]) and the cells (`cells`,
/// one name per cell) are the primary items, one option per placement, with DLX3's
/// `lo:hi|piece` where a piece's count is not exactly one. A piece's name has white
/// space, control characters, `:` and `|` replaced by `_`, and `'` appended while it
/// equals a cell's name or an earlier piece's, so every name is distinct and `gridlock
/// xc` reads the text back. The grid points of `crossings` (polysticks: see
/// [`crate::cover::cover_with_copies`]) are secondary items `+0`, `+1`, ...
pub fn knuth_text(
    cells: &[String],
    pieces: &[&str],
    placements: &[Vec<Vec<usize>>],
    copies: &[Copies],
    crossings: &[[usize; 3]],
) -> String {
    let cover = crate::cover::cover_with_copies(cells.len(), placements, copies, crossings);
    // The grid points are the secondary items.
    let points: Vec<String> = (0..cover.problem.secondary_items()).map(|k| format!("+{k}")).collect();
    let mut taken: std::collections::HashSet<String> = cells.iter().chain(&points).cloned().collect();
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
        "| {} pieces, {} cells (written by gridlock pack --emit-knuth{program})\n{} {}{}\n",
        pieces.len(),
        cells.len(),
        items.join(" "),
        cells.join(" "),
        if points.is_empty() { String::new() } else { format!(" | {}", points.join(" ")) }
    );
    for (option, &(p, k)) in cover.owners.iter().enumerate() {
        if cover.piece_item[p].is_some() {
            text.push_str(&names[p]);
            text.push(' ');
        }
        let line: Vec<&str> = placements[p][k].iter().map(|&i| cells[i].as_str()).collect();
        text.push_str(&line.join(" "));
        // The option's crossings: its items past the piece item and the cells.
        for &(item, _) in cover.problem.option(option).iter().filter(|&&(i, _)| i as usize >= cover.problem.primary_items()) {
            text.push(' ');
            text.push_str(&points[item as usize - cover.problem.primary_items()]);
        }
        text.push('\n');
    }
    text
}
