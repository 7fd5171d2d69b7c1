//! Polyomino geometry and packing.
//!
//! - [`geometry`]: [`Cell`], [`Shape`] (a polyomino in one orientation), the eight
//!   [`Symmetry`] maps of the square grid, [`Freedom`] (free or one-sided pieces), and
//!   [`Board`] (any finite set of cells) with the placements of a shape on it.
//! - [`packer`]: [`Packer`], a bitboard search that packs distinct pieces into a board of
//!   at most 128 cells (padded), much faster than generic dancing links on such boards.
//! - [`tiler`]: [`Tiler`], the bitboard search generalised: piece counts (each piece
//!   used between a lower and an upper number of times) and bitsets of 1 to 32 words, so
//!   boards of up to 2048 bits (padded) keep a bitboard engine; counts memoized.
//! - [`cover`]: the reduction to exact cover, and [`Search`], the one place where a
//!   packing's engine (packer or dancing links) is chosen and its counts are spread over
//!   threads and shards.
//! - [`lattice`]: polyforms on the square, triangular, hexagonal and cubic lattices as
//!   one abstraction (cells, neighbours, point groups, shapes and their orientations,
//!   regions, placements, the bit layouts that put the packer and tiler on each lattice),
//!   the Soma, flat-pentacube, hexiamond and tetrahex sets, counts and classes.
//! - [`sets`]: built-in piece sets (pentominoes, tetrominoes, Kanoodle).
//! - [`symmetry`]: counting packings up to the board's symmetries, exactly.
//!
//! ```
//! use polyform::{Board, Freedom, Packer, Shape};
//! // Two L-trominoes tile a 2x3 rectangle in 2 ways... with both pieces distinct, 4.
//! let l = Shape::from_drawing("##\n#.").unwrap();
//! let board = Board::rectangle(2, 3);
//! let pl = vec![board.placements(&l, Freedom::Free), board.placements(&l, Freedom::Free)];
//! assert_eq!(Packer::new(&board, &pl).unwrap().count(), 4);
//! ```

#![warn(missing_docs)]

pub mod cover;
pub mod geometry;
pub mod lattice;
pub mod packer;
pub mod sets;
pub mod symmetry;
pub mod tiler;
pub mod twins;

pub use cover::{Copies, CoverProblem, Engine, Search};
pub use geometry::{cells_connected, Board, Cell, Freedom, GeometryError, Shape, Symmetry};
pub use packer::{Adjacency, CountCache, Layout, PackError, Packer, Placed, Subtree};
pub use sets::Piece;
pub use tiler::{Tiler, TilerCache, TilerSubtree};
