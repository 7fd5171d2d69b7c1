//! BurrTools puzzles: the `.xmpuzzle` format (gzip-compressed or plain XML, as BurrTools
//! writes it: its `src/lib/puzzle.cpp`, `problem.cpp` and `voxel.cpp` define it), the
//! model it describes, and the assemblies of its problems counted on gridlock's exact
//! cover engines.
//!
//! A puzzle has shapes (voxel spaces: `_` empty, `#` filled, `+` variable, each with an
//! optional colour) and problems. A problem names its pieces (shapes with a count or a
//! `min`..`max` range, and the groups they are in), the result shape they must fill
//! (filled voxels exactly once, variable voxels at most once), at most `maxHoles` variable
//! voxels left empty, and which piece colours may sit on which result colours.
//!
//! Only BurrTools' grid 0 (cubes) is read; the other grids are refused by name.

#![warn(missing_docs)]

mod assemble;
pub mod disassemble;
mod parse;
mod slots;
pub mod svg;
pub mod write;

pub use assemble::{assemblies, each_assembly, Assemblies, Assembly, Placed, Tally};
pub use disassemble::{disassemble, disassemble_in_groups, Disassembler, Disassembly, Grouping, Step, Stuck};
pub use parse::{parse, BurrError, MAX_DECOMPRESSED, MAX_DEPTH};
pub use write::{placement, transformation, with_solutions, Saved, Solved};

/// One voxel of a shape: its state and colour (0: no colour; k: the puzzle's k-th colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Voxel {
    /// `_`: not part of the shape.
    Empty,
    /// `#`: filled.
    Filled(u32),
    /// `+`: variable (in a result shape, may stay empty; in a piece, as filled).
    Variable(u32),
}

impl Voxel {
    /// The voxel's colour, 0 for an empty one.
    pub fn color(self) -> u32 {
        match self {
            Voxel::Empty => 0,
            Voxel::Filled(c) | Voxel::Variable(c) => c,
        }
    }
}

/// A shape: a box of `size` voxels, stored with x fastest, then y, then z (BurrTools'
/// `x + sx * (y + sy * z)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeDef {
    /// The shape's name (BurrTools' `name` attribute), if any.
    pub name: Option<String>,
    /// The box's size in x, y and z.
    pub size: [usize; 3],
    /// The voxels, `size[0] * size[1] * size[2]` of them.
    pub voxels: Vec<Voxel>,
    /// BurrTools' hotspot (`hx`, `hy`, `hz`, 0 when absent): the point of the shape that
    /// an assembly's piece position names (a placed voxel `v` lies at `R (v - hotspot) +
    /// position`, `R` the piece's rotation).
    pub hotspot: [i32; 3],
}

impl ShapeDef {
    /// The non-empty voxels as `((x, y, z), voxel)`.
    pub fn cells(&self) -> Vec<([i32; 3], Voxel)> {
        let [sx, sy, _] = self.size;
        self.voxels
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != Voxel::Empty)
            .map(|(i, &v)| ([(i % sx) as i32, ((i / sx) % sy) as i32, (i / (sx * sy)) as i32], v))
            .collect()
    }

    /// The shape's name, or `S<k>` (BurrTools' own label, from 1) for shape index `k`.
    pub fn label(&self, k: usize) -> String {
        self.name.clone().unwrap_or_else(|| format!("S{}", k + 1))
    }
}

/// A piece of a problem: a shape used between `min` and `max` times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The shape's index in [`BurrPuzzle::shapes`].
    pub shape: usize,
    /// The fewest copies used.
    pub min: u32,
    /// The most copies used.
    pub max: u32,
    /// BurrTools' piece groups of this shape, as `(group, count)`: the `group` attribute
    /// (every copy in that group: the count is `max`), or one pair per `<group>`
    /// element. Empty: in no group. Groups matter to disassembly only ([`Grouping`]).
    pub groups: Vec<(u32, u32)>,
}

impl Part {
    /// Whether the part is used exactly once (`min` and `max` both 1): such a part can
    /// break the result's symmetry, and is placed before the search when it fits one way.
    pub fn used_once(&self) -> bool {
        (self.min, self.max) == (1, 1)
    }
}

/// A problem of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BurrProblem {
    /// Its name (may be empty).
    pub name: String,
    /// Its pieces.
    pub parts: Vec<Part>,
    /// The result shape's index.
    pub result: usize,
    /// At most this many variable voxels of the result stay empty (`None`: any number).
    pub max_holes: Option<u32>,
    /// The colour pairs allowed: (piece colour, result colour), both from 1. When the
    /// puzzle has colours, a coloured piece voxel may only sit on a coloured result voxel
    /// when their pair is listed; colour 0 goes anywhere.
    pub color_pairs: Vec<(u32, u32)>,
}

/// A BurrTools puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BurrPuzzle {
    /// The number of colours defined.
    pub colors: usize,
    /// The shapes.
    pub shapes: Vec<ShapeDef>,
    /// The problems.
    pub problems: Vec<BurrProblem>,
}

impl BurrProblem {
    /// Whether a piece voxel of colour `piece` may sit on a result voxel of colour
    /// `result` (BurrTools' `placementAllowed`).
    pub fn placement_allowed(&self, colors: usize, piece: u32, result: u32) -> bool {
        colors == 0 || piece == 0 || result == 0 || self.color_pairs.contains(&(piece, result))
    }

    /// The problem's name, or `P<k>` for problem index `k` when it has none.
    pub fn label(&self, k: usize) -> String {
        if self.name.is_empty() {
            format!("P{}", k + 1)
        } else {
            self.name.clone()
        }
    }
}

/// Helpers of the crate's tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::{ShapeDef, Voxel};

    /// One step of the tests' linear congruential generator (Knuth's MMIX constants):
    /// the new seed.
    pub(crate) fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed
    }

    /// Cells as a shape of filled voxels in their bounding box.
    pub(crate) fn shape_of(cells: &[[i32; 3]]) -> ShapeDef {
        let (lo, hi) = crate::slots::bounds(cells);
        let size = [0, 1, 2].map(|d| (hi[d] - lo[d] + 1) as usize);
        let mut voxels = vec![Voxel::Empty; size[0] * size[1] * size[2]];
        for c in cells {
            let [x, y, z] = [0, 1, 2].map(|d| (c[d] - lo[d]) as usize);
            voxels[x + size[0] * (y + size[1] * z)] = Voxel::Filled(0);
        }
        ShapeDef { name: None, size, voxels, hotspot: [0; 3] }
    }
}
