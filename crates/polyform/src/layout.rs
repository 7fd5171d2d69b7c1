//! The bit layout that puts a region of any lattice on the bitboard engines
//! ([`crate::Packer`], [`crate::Tiler`]): each cell's bit, and the bit shifts that lead
//! from a cell to its neighbours ([`Adjacency`]). Each lattice writes its own layout
//! ([`crate::lattice::Geometry::layout`]); the engines read only this.

/// How the cells of a bit layout touch: the bit shifts that lead from a cell to its
/// neighbours (cells sharing an edge, or a face on the cubic lattice). Each layout leaves
/// padding bits (never board cells) where a shift would otherwise wrap from one row or
/// layer into the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adjacency {
    /// Square cells, rows of `stride` bits (the last of each row padding): neighbours at
    /// +-1 and +-`stride`.
    Square {
        /// Bits per row.
        stride: u32,
    },
    /// Cubes: rows of `row` bits (the last padding), layers of `layer` bits (the last row
    /// padding): neighbours at +-1, +-`row` and +-`layer`.
    Cubic {
        /// Bits per row.
        row: u32,
        /// Bits per layer.
        layer: u32,
    },
    /// Hexagons in axial coordinates, cell `(x, y)` at bit `x + stride * y` (the last bit
    /// of a row padding); its neighbours are `(x +- 1, y)`, `(x, y +- 1)`, `(x + 1, y - 1)`
    /// and `(x - 1, y + 1)`: bits +-1, +-`stride`, +-(`stride` - 1).
    Hexagonal {
        /// Bits per row.
        stride: u32,
    },
    /// Triangles as Knuth's `polyiamond-dlx` numbers them: a rhombus `(x, y)` split into an
    /// upward triangle at bit `2x + stride * y` (even) and a downward one just after it
    /// (odd; `stride` even, the last two bits of a row padding). An upward triangle touches
    /// the downward ones at bits +1, -1 and -(`stride` - 1); a downward one the upward ones
    /// at -1, +1 and +(`stride` - 1).
    Triangular {
        /// Bits per row (even).
        stride: u32,
    },
    /// Triangular prisms (BurrTools' grid 1): layers of triangles, each laid out as
    /// [`Adjacency::Triangular`] with rows of `stride` bits, one layer every `layer` bits
    /// (the last row of each layer padding). A prism touches the three of its layer that
    /// [`Adjacency::Triangular`] gives and the prisms above and below it, at +-`layer`.
    TriangularPrism {
        /// Bits per row of a layer (even).
        stride: u32,
        /// Bits per layer.
        layer: u32,
    },
    /// Unit segments of the square grid ([`crate::lattice::stick`]): per grid point of a
    /// row, the segment across the rows at an even bit and the one along the row just
    /// after it; rows of `stride` bits (even, the last two padding). An even segment
    /// touches bits +-1, +-`stride` and +`stride` +- 1; an odd one +-1, +-2 and -`stride`
    /// +- 1.
    Stick {
        /// Bits per row (even).
        stride: u32,
    },
    /// Unit segments of the triangular grid ([`crate::lattice::trig`]): rows of constant
    /// `v`, the three segments from point `u` at bits `3u + d`, rows of `stride` bits (a
    /// multiple of 3, the last six padding); a segment's neighbours at the offsets
    /// [`trig_offsets`] gives for its kind.
    Trig {
        /// Bits per row (a multiple of 3).
        stride: u32,
    },
}

/// A board's cells as bits: cell `i` is bit `bit_of[i]`, and `adjacency` says which bits
/// touch. The bitboard engines fill cells in increasing bit order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Per board cell, its bit.
    pub bit_of: Vec<u32>,
    /// The lattice's neighbour shifts in this layout.
    pub adjacency: Adjacency,
    /// Where pieces must not cross (polysticks): `[a, b, point]` for two cells `a` and
    /// `b` of the board (indices into `bit_of`) that meet in a line at grid point
    /// `point` (numbered from 0). A packing holds at most one piece with such a pair at
    /// each point. Empty on the lattices of cells.
    pub crossings: Vec<[usize; 3]>,
}

impl Adjacency {
    /// The bits next to the set bits of `m` (each set bit's neighbours, in any layout's
    /// padding too).
    #[inline(always)]
    pub fn neighbours(self, m: u128) -> u128 {
        const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
        // Every third bit from bit 0.
        const THIRDS: u128 = {
            let mut t = 0u128;
            let mut k = 0;
            while k < 128 {
                t |= 1 << k;
                k += 3;
            }
            t
        };
        match self {
            Adjacency::Square { stride } => (m << 1) | (m >> 1) | (m << stride) | (m >> stride),
            Adjacency::Cubic { row, layer } => (m << 1) | (m >> 1) | (m << row) | (m >> row) | (m << layer) | (m >> layer),
            Adjacency::Hexagonal { stride } => {
                (m << 1) | (m >> 1) | (m << stride) | (m >> stride) | (m << (stride - 1)) | (m >> (stride - 1))
            }
            Adjacency::Triangular { stride } => (m << 1) | (m >> 1) | ((m & EVEN) >> (stride - 1)) | ((m & !EVEN) << (stride - 1)),
            Adjacency::TriangularPrism { stride, layer } => {
                (m << 1) | (m >> 1) | ((m & EVEN) >> (stride - 1)) | ((m & !EVEN) << (stride - 1)) | (m << layer) | (m >> layer)
            }
            Adjacency::Stick { stride } => {
                let (e, o) = (m & EVEN, m & !EVEN);
                (m << 1)
                    | (m >> 1)
                    | (e << stride)
                    | (e >> stride)
                    | (e << (stride + 1))
                    | (e << (stride - 1))
                    | (o << 2)
                    | (o >> 2)
                    | (o >> (stride + 1))
                    | (o >> (stride - 1))
            }
            Adjacency::Trig { stride } => {
                let shift = |x: u128, by: i64| if by >= 0 { x << by } else { x >> -by };
                (0..3).fold(0, |acc, d| {
                    let class = m & (THIRDS << d);
                    trig_offsets(d, stride as i64).iter().fold(acc, |a, &by| a | shift(class, by))
                })
            }
        }
    }

    /// Whether the cells are solids in layers (cubes, prisms) rather than plane cells:
    /// [`crate::cover::Search::on_layout`] sends such packings to exact cover.
    pub fn is_solid(self) -> bool {
        matches!(self, Adjacency::Cubic { .. } | Adjacency::TriangularPrism { .. })
    }

    /// Whether the cells are segments (polysticks, polytrigs), whose pieces must not
    /// cross: [`crate::cover::Search::on_layout`] sends them to exact cover.
    pub fn is_segments(self) -> bool {
        matches!(self, Adjacency::Stick { .. } | Adjacency::Trig { .. })
    }
}

/// On the layout of polytrigs ([`Adjacency::Trig`]): per kind of segment `d` (its bit's
/// residue mod 3), the bit offsets of its ten neighbours, `stride` the bits per row.
pub fn trig_offsets(d: usize, stride: i64) -> [i64; 10] {
    let s = stride;
    match d {
        0 => [1, 2, -3, 1 - s, 5 - s, 3, 4, 5, 4 - s, 8 - s],
        1 => [-1, 1, -4, -s, 4 - s, s - 1, s, s + 1, s - 4, 4],
        _ => [-2, -1, -5, -1 - s, 3 - s, s - 5, s - 4, s - 3, s - 8, -4],
    }
}
