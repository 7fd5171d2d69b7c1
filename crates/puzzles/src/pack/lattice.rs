//! Packing on any lattice (`gridlock pack --lattice`): polyiamonds on the triangular
//! lattice, polyhexes on the hexagonal one, polycubes on the cubic one (and polyominoes,
//! though the square lattice has its own front end, [`super::PackSolver`], with
//! drawings).
//!
//! Flow: [`boxed`], [`super::drawing::parse_board`] or
//! [`super::knuth::parse_knuth_lattice`] for the region, [`set`],
//! [`super::drawing::parse_pieces`] or the Knuth file for the pieces -> [`LatticeSolver`] (the strategy
//! [`polyform::Region::search`] picks) -> [`render`], one line per tile in the
//! cell notation of Knuth's programs ([`polyform::knuth::knuth_cell`]).

use super::compiled::Compiled;
use super::{RunError, RunOptions, Tiling};
use polyform::count::{self, Classes};
use polyform::{knuth, sets};
use polyform::{Cell, Copies, Lattice, Piece, Region, Search};
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// The built-in set `name` when it is on a lattice other than the square one, with that
/// lattice (from the one registry, [`polyform::sets::SETS`]); `None` otherwise.
pub fn set(name: &str) -> Option<(Lattice, Vec<Piece>)> {
    sets::find(name).filter(|s| s.lattice != Lattice::Square).map(|s| (s.lattice, s.pieces()))
}

/// The box `spec` of `lattice`: `AxBxC` (cubic: cells `xyz` with `x < A`, `y < B`,
/// `z < C`; triangular prisms: the `A` x `B` rhombus of triangles in `C` layers) or
/// `AxB` (a parallelogram of the plane lattices; on the triangular lattice both
/// triangles of each of its `AB` rhombi), each side 1 to 62, as Knuth's cell notation
/// reaches.
///
/// Errors: a message when the text is not of that form.
pub fn boxed(lattice: Lattice, spec: &str) -> Result<Region, String> {
    let dims = if lattice.is_solid() { 3 } else { 2 };
    let example = if dims == 3 { "3x4x5" } else { "6x6" };
    let bad = || format!("'{spec}' is not a box of the {} lattice such as {example}", lattice.name());
    let sides: Vec<i32> = spec.split(['x', 'X']).map(|s| s.trim().parse::<i32>().map_err(|_| bad())).collect::<Result<_, _>>()?;
    if sides.len() != dims {
        return Err(bad());
    }
    if sides.iter().any(|s| !(1..=62).contains(s)) {
        return Err(format!("'{spec}': each side must be 1 to 62"));
    }
    Ok(match (lattice, dims) {
        (Lattice::TriangularPrism, _) => Region::prism(sides[0], sides[1], sides[2]),
        (_, 3) => Region::cuboid(sides[0], sides[1], sides[2]),
        _ => Region::parallelogram(lattice, sides[0], sides[1]),
    })
}

/// A packing problem on a lattice, compiled for search.
#[derive(Debug, Clone)]
pub struct LatticeSolver {
    region: Region,
    reflections: bool,
    /// The pieces, their counts and placements.
    core: Compiled,
    /// The symmetry classes of packings ([`Classes::new`]), built on first use.
    classes: OnceLock<Classes>,
    /// The searches compiled and cut once for the shards of a count cut into parts.
    parts: polyform::cover::PartCache,
}

impl LatticeSolver {
    /// Compiles the problem: every placement of every piece in `region` (orientations:
    /// rotations, and reflections when `reflections`), piece `p` used as `copies[p]`
    /// says, once the conditions that need no search hold (some choice of counts gives
    /// the region's cell count; every piece that must be used has a placement).
    ///
    /// Errors: [`RunError::TooLarge`] when the placement lists could exceed
    /// [`MAX_PLACEMENT_CELLS`] (checked before building them).
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub fn new(region: Region, pieces: Vec<Piece>, copies: Vec<Copies>, reflections: bool) -> Result<LatticeSolver, RunError> {
        let group = region.lattice().group(reflections).len();
        let core = Compiled::new(region.cells().len(), pieces, copies, |_| group, |p| region.placements_sorted(&p.shape, reflections))?;
        Ok(LatticeSolver { region, reflections, core, classes: OnceLock::new(), parts: Default::default() })
    }

    /// The region.
    pub fn region(&self) -> &Region {
        &self.region
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.core.pieces
    }

    /// Whether every piece is used exactly once (then [`LatticeSolver::count_classes`]
    /// and [`LatticeSolver::classes`] apply).
    pub fn is_distinct(&self) -> bool {
        self.core.is_distinct()
    }

    fn search(&self) -> Search {
        Search::on_layout(&self.region.layout(), &self.core.placements, &self.core.copies, polyform::Engine::Bitboard)
    }

    /// The engine that runs this problem's search, in words (for `--stats`).
    pub fn engine(&self) -> String {
        if self.core.hopeless {
            return "none: the cell count or a piece without a placement rules every packing out".to_string();
        }
        self.search().describe()
    }

    /// How counts and classes use the region's symmetries, in words (for `--stats`): the
    /// symmetries that keep every piece, which a count breaks when every piece is used
    /// once, and those of [`LatticeSolver::classes`].
    pub fn symmetry(&self) -> String {
        let kept = count::piece_preserving_symmetries(&self.region, &self.core.pieces, self.reflections).len();
        let kept = if kept <= 1 {
            "only the identity keeps every piece".to_string()
        } else {
            format!("{kept} symmetries of the region keep every piece")
        };
        if !self.is_distinct() {
            return format!("{kept}; not broken (piece counts)");
        }
        let classes = self.built_classes().len();
        format!("{kept} (a count breaks them by orbits); classes (--unique) under {classes} (Burnside's lemma)")
    }

    /// The number of packings, as [`polyform::count::count_placements`] counts them (the
    /// region's symmetry broken when every piece is used once).
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1.
    pub fn count(&self, options: &RunOptions) -> Result<u128, RunError> {
        if self.core.hopeless {
            return Ok(0);
        }
        let parts = Some(&self.parts);
        count::count_placements(
            &self.region,
            &self.core.pieces,
            self.core.placements.clone(),
            &self.core.copies,
            self.reflections,
            options,
            parts,
        )
        .ok_or(RunError::Overflow)
    }

    /// The symmetries that sort packings into classes ([`Classes`]: those of the region
    /// that map the piece set onto itself). A `Result` for the callers that once met
    /// [`RunError::Copies`] here: it is always `Ok` now that piece counts have classes.
    pub fn classes(&self) -> Result<&Classes, RunError> {
        Ok(self.built_classes())
    }

    /// [`Classes::new`] of this problem, built once.
    fn built_classes(&self) -> &Classes {
        self.classes.get_or_init(|| Classes::new(&self.region, &self.core.pieces, self.reflections))
    }

    /// The number of classes of packings under [`LatticeSolver::classes`], by Burnside's
    /// lemma: for distinct pieces [`polyform::count::count_classes`] (the symmetry-broken
    /// count on the threads `options` ask for, and one small count per symmetry); with
    /// piece counts every packing counted, and the packings each other symmetry fixes
    /// ([`count::fixed_by_others_with_copies`]).
    ///
    /// Errors: [`RunError::ShardUniqueCopies`] for a shard with piece counts (its part of
    /// Burnside's sum is no number of classes: count the parts with
    /// [`LatticeSolver::burnside_part`]); [`RunError::Overflow`] past 2^128 - 1 (or
    /// when stopped).
    pub fn count_classes(&self, options: &RunOptions) -> Result<u128, RunError> {
        if self.core.hopeless {
            return Ok(0);
        }
        if !self.is_distinct() {
            if options.shard.is_some() {
                return Err(RunError::ShardUniqueCopies);
            }
            // Piece counts: Burnside's sum whole, the tilings and those each other
            // symmetry fixes, over the group's order.
            let sum = self.burnside_part(options)?;
            let order = self.built_classes().order();
            debug_assert_eq!(sum % order, 0, "Burnside's sum is a multiple of the group's order");
            return Ok(sum / order);
        }
        count::count_classes_placements(
            &self.region,
            &self.core.pieces,
            self.core.placements.clone(),
            self.built_classes(),
            self.reflections,
            options,
        )
        .ok_or(RunError::Overflow)
    }

    /// Part of Burnside's sum for [`LatticeSolver::count_classes`], for a count of the
    /// classes cut into parts: the packings of the shard `options` asks for (all without
    /// one), plus, in the first shard (or without one), the packings each other symmetry
    /// maps onto themselves ([`count::fixed_by_others`], with piece counts
    /// [`count::fixed_by_others_with_copies`]). The parts add up to
    /// [`LatticeSolver::burnside_order`] times the number of classes.
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1 (or when stopped).
    pub fn burnside_part(&self, options: &RunOptions) -> Result<u128, RunError> {
        let packings = self.count(options)?;
        if self.core.hopeless || options.shard.is_some_and(|(k, _)| k != 1) {
            return Ok(packings);
        }
        let (cells, placements, classes) = (self.region.len(), &self.core.placements, self.built_classes());
        let fixed = if self.is_distinct() {
            count::fixed_by_others(cells, placements, classes)
        } else {
            count::fixed_by_others_with_copies(cells, placements, &self.core.copies, classes)
        }
        .ok_or(RunError::Overflow)?;
        packings.checked_add(fixed).ok_or(RunError::Overflow)
    }

    /// What Burnside's sum is divided by ([`polyform::count::Classes::order`]). Always
    /// `Ok` (see [`LatticeSolver::classes`]).
    pub fn burnside_order(&self) -> Result<u128, RunError> {
        Ok(self.classes()?.order())
    }

    /// The problem as exact cover in Knuth's DLX format ([`super::knuth_text`]), cells
    /// named by [`cell_name`], for `gridlock xc` or Knuth's programs.
    pub fn knuth_text(&self) -> String {
        let cells: Vec<String> = self.region.cells().iter().map(|&c| cell_name(self.region.lattice(), c)).collect();
        let names: Vec<&str> = self.core.pieces.iter().map(|p| p.name.as_str()).collect();
        super::knuth_text(&cells, &names, &self.core.placements, &self.core.copies)
    }

    /// Calls `visit` with one packing per class of [`LatticeSolver::classes`]
    /// ([`polyform::count::for_each_class`]: without listing every packing), its tiles
    /// as `(piece, region cell indices)`, until it returns `Break`.
    ///
    /// Errors: [`RunError::Copies`] unless every piece is used once.
    pub fn for_each_class(&self, mut visit: impl FnMut(&Tiling) -> ControlFlow<()>) -> Result<ControlFlow<()>, RunError> {
        if !self.is_distinct() {
            return Err(RunError::Copies);
        }
        if self.core.hopeless {
            return Ok(ControlFlow::Continue(()));
        }
        let mut tiling: Tiling = Vec::new();
        Ok(count::for_each_class(&self.region, &self.core.pieces, &self.core.placements, self.built_classes(), |sol| {
            tiling.clear();
            tiling.extend(sol.iter().map(|&(p, k)| (p, self.core.placements[p][k].clone())));
            visit(&tiling)
        }))
    }

    /// Calls `visit` with `n` packings drawn independently and exactly uniformly,
    /// reproducible from `seed`, until it returns `Break` (see [`super::sample_tilings`]).
    ///
    /// Errors: as [`super::sample_tilings`].
    pub fn sample(
        &self,
        n: usize,
        seed: u64,
        limit: exact_cover::ZddLimit,
        visit: impl FnMut(&Tiling) -> ControlFlow<()>,
    ) -> Result<(), RunError> {
        self.core.sample(self.region.cells().len(), n, seed, limit, visit)
    }

    /// Calls `visit` with each packing, its tiles as `(piece, region cell indices)`,
    /// until it returns `Break`.
    pub fn for_each(&self, visit: impl FnMut(&Tiling) -> ControlFlow<()>) -> ControlFlow<()> {
        self.core.for_each_tiling(|| self.search(), visit)
    }
}

/// A cell's name in answers and items: Knuth's notation
/// ([`polyform::knuth::knuth_cell`]), or `x<x>y<y>z<z>` in decimal when a coordinate
/// is outside 0 to 61.
pub fn cell_name(lattice: Lattice, c: Cell) -> String {
    knuth::knuth_cell(lattice, c).unwrap_or_else(|| format!("x{}y{}z{}", c.x, c.y, c.z))
}

/// The packing `tiling` of `region` as text: one line per tile, the piece's name and its
/// cells ([`cell_name`]), in the order of the tiles.
pub fn render(region: &Region, pieces: &[Piece], tiling: &Tiling) -> String {
    let mut out = String::new();
    for (p, cells) in tiling {
        out.push_str(&located::printable(&pieces[*p].name));
        for &i in cells {
            out.push(' ');
            out.push_str(&cell_name(region.lattice(), region.cells()[i]));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_have_their_cells_and_bad_specs_are_refused() {
        assert_eq!(boxed(Lattice::Cubic, "3x4x5").unwrap().cells().len(), 60);
        assert_eq!(boxed(Lattice::Triangular, "6x6").unwrap().cells().len(), 72);
        assert_eq!(boxed(Lattice::Hexagonal, "2x3").unwrap().cells().len(), 6);
        for (l, spec) in [(Lattice::Cubic, "3x4"), (Lattice::Triangular, "3x4x5"), (Lattice::Cubic, "0x1x1"), (Lattice::Cubic, "63x1x1")] {
            assert!(boxed(l, spec).is_err(), "{spec}");
        }
    }

    #[test]
    fn the_soma_cube_counts_and_renders() {
        let (l, pieces) = set("soma").unwrap();
        let solver = LatticeSolver::new(boxed(l, "3x3x3").unwrap(), pieces, vec![Copies::ONE; 7], false).unwrap();
        assert_eq!(solver.count(&RunOptions::default()), Ok(11520));
        let mut first = None;
        let _ = solver.for_each(|t| {
            first = Some(render(solver.region(), solver.pieces(), t));
            ControlFlow::Break(())
        });
        let text = first.unwrap();
        assert_eq!(text.lines().count(), 7);
        assert_eq!(text.split_whitespace().filter(|w| w.len() == 3).count(), 27);
    }
}
