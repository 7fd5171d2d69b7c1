//! What every packing problem compiles, on any lattice: the pieces with their counts,
//! every placement of each, and whether a condition that needs no search already rules
//! every packing out. [`super::PackSolver`] (square boards) and
//! [`super::lattice::LatticeSolver`] (every other lattice) each hold one, and list and
//! sample packings through it.

use super::{sample_tilings, RunError, Tiling, MAX_PLACEMENT_CELLS};
use polyform::{Copies, Piece, Search};
use std::ops::ControlFlow;

/// A packing problem's pieces, counts and placements (see the module documentation).
#[derive(Debug, Clone)]
pub(super) struct Compiled {
    pub(super) pieces: Vec<Piece>,
    /// Per piece, how many copies a packing uses.
    pub(super) copies: Vec<Copies>,
    /// Per piece, its placements, each as region cell indices.
    pub(super) placements: Vec<Vec<Vec<usize>>>,
    /// Whether a condition that needs no search rules every packing out: no choice of
    /// counts gives the region's cell count ([`polyform::cover::area_reachable`]), or a
    /// piece that must be used has no placement.
    pub(super) hopeless: bool,
}

impl Compiled {
    /// Compiles `pieces` (piece `p` used as `copies[p]` says) for a region of `cells`
    /// cells: `place(piece)` gives a piece's placements, and `orientations(piece)` how
    /// many orientations it has, which bounds the placement cells before any is built.
    /// When the counts cannot give `cells` cells, no placement is built.
    ///
    /// Errors: [`RunError::TooLarge`] when the placement lists could exceed
    /// [`MAX_PLACEMENT_CELLS`].
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub(super) fn new(
        cells: usize,
        pieces: Vec<Piece>,
        copies: Vec<Copies>,
        orientations: impl Fn(&Piece) -> usize,
        place: impl Fn(&Piece) -> Vec<Vec<usize>>,
    ) -> Result<Compiled, RunError> {
        assert_eq!(copies.len(), pieces.len(), "one count per piece");
        let sizes: Vec<usize> = pieces.iter().map(|p| p.shape.len()).collect();
        if !polyform::cover::area_reachable(&sizes, &copies, cells) {
            let placements = vec![Vec::new(); pieces.len()];
            return Ok(Compiled { pieces, copies, placements, hopeless: true });
        }
        let entries: u128 = pieces.iter().map(|p| orientations(p) as u128 * cells as u128 * p.shape.len() as u128).sum();
        if entries > MAX_PLACEMENT_CELLS as u128 {
            return Err(RunError::TooLarge { entries, limit: MAX_PLACEMENT_CELLS });
        }
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(place).collect();
        let hopeless = placements.iter().zip(&copies).any(|(l, c)| l.is_empty() && c.lo > 0);
        Ok(Compiled { pieces, copies, placements, hopeless })
    }

    /// Whether every piece is used exactly once.
    pub(super) fn is_distinct(&self) -> bool {
        self.copies.iter().all(|&c| c == Copies::ONE)
    }

    /// Calls `visit` with each packing that the search `search()` builds finds, its tiles
    /// as `(piece, region cell indices)`, until it returns `Break` (no search when the
    /// problem is hopeless).
    pub(super) fn for_each_tiling(
        &self,
        search: impl FnOnce() -> Search,
        mut visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.hopeless {
            return ControlFlow::Continue(());
        }
        let mut tiling: Tiling = Vec::new();
        search().for_each(|sol| {
            tiling.clear();
            tiling.extend(sol.iter().map(|&(p, k)| (p, self.placements[p][k].clone())));
            visit(&tiling)
        })
    }

    /// Calls `visit` with `n` packings of a region of `cells` cells drawn independently
    /// and exactly uniformly, reproducible from `seed`, until it returns `Break`.
    ///
    /// Errors: as [`sample_tilings`].
    pub(super) fn sample(
        &self,
        cells: usize,
        n: usize,
        seed: u64,
        limit: exact_cover::ZddLimit,
        visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Result<(), RunError> {
        if self.hopeless {
            return Ok(());
        }
        sample_tilings(cells, &self.placements, &self.copies, n, seed, limit, visit)
    }
}
