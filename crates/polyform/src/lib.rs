//! Polyform geometry on any lattice, and packing.
//!
//! One model, whatever the lattice:
//!
//! - [`lattice`]: the lattices, one file each ([`lattice::square`],
//!   [`lattice::triangular`], [`lattice::hexagonal`], [`lattice::cubic`],
//!   [`lattice::prism`]), each implementing [`lattice::Geometry`] (cells, neighbours,
//!   point group, translations, bit layout, Knuth's cell notation); [`Lattice`] names
//!   them; [`Cell`] is every lattice's cell; [`Symmetry`] the square lattice's eight named
//!   symmetries.
//! - [`shape`]: [`Shape`] (a shape in one orientation, on any lattice; a polyform when
//!   connected), its orientations under [`Freedom`], and [`Piece`] (a named shape).
//! - [`region`]: [`Region`] (a board or a box: any finite set of cells of one lattice,
//!   [`Board`] on the square lattice) with the placements of a shape in it, its
//!   symmetries and its bit layout.
//! - [`layout`]: [`Layout`] and [`Adjacency`], the bits that put a region on the bitboard
//!   engines.
//! - [`packer`]: [`Packer`], a bitboard search that packs distinct pieces into a region of
//!   at most 128 bits (padded), much faster than generic dancing links on such boards.
//! - [`tiler`]: [`Tiler`], the bitboard search generalised: piece counts ([`Copies`]:
//!   each piece used between a lower and an upper number of times) and bitsets of 1 to
//!   32 words, so boards of up to 2048 bits (padded) keep a bitboard engine; counts
//!   memoized.
//! - [`cover`]: the reduction to exact cover, and [`Search`], the one place where a
//!   packing's engine (packer, tiler or dancing links) is chosen and its counts are
//!   spread over threads and shards.
//! - [`transfer`]: the transfer matrix, a frontier dynamic program over the cells of a
//!   square-lattice strip or board, column by column, with exact counts of any size;
//!   [`cover::transfer_count`] chooses it for counts.
//! - [`skyline`]: the shortest rectangle of a width, by a breadth-first search from both
//!   ends over the tiles that cross a line (trec's method): the engine of the orders.
//! - [`atlas`]: what a polyomino set does with rectangles: strip counts, generating
//!   functions (derived exactly), the smallest rectangles and the orders.
//! - [`boxes`]: what a polycube set does with boxes: the smallest boxes and the orders,
//!   on the skyline search.
//! - [`count`]: symmetry-broken counts of packings on any lattice, and their classes
//!   under the region's symmetries (Burnside).
//! - [`symmetry`]: a region's symmetries as cell permutations, and counting packings up
//!   to them, exactly.
//! - [`pack`]: the one packing front door, [`pack::Problem`]: a region on any lattice
//!   and pieces with counts, listed, sampled and counted (all packings or their
//!   classes) on the engine it chooses.
//! - [`enumerate`]: every polyform of a size on every lattice, fixed, one-sided or
//!   free: counted by Redelmeier's algorithm without being stored, or listed.
//! - [`knuth`]: packings in the input notation of Knuth's polyform programs.
//! - [`sets`]: built-in piece sets, by lattice (pentominoes, Kanoodle, Soma, ...).
//! - [`twins`]: two simultaneous tilings of one region by two polyominoes.
//!
//! Modules import one way, in this order (a module imports only from those before it;
//! the workspace's `tests/cli/modules.rs` checks that no import closes a circle): `layout`, `copies`; the
//! lattice files, then `lattice`; `shape`; `region`; `transfer`; `skyline`; `packer`; `tiler`;
//! `cover`; `symmetry`; `count`; `pack`; and `atlas` then `boxes`, `enumerate`, `knuth`, `sets`, `twins` beside them.
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

pub mod atlas;
pub mod boxes;
pub mod copies;
pub mod count;
pub mod cover;
pub mod enumerate;
pub mod knuth;
pub mod lattice;
pub mod layout;
pub mod pack;
pub mod packer;
pub mod region;
pub mod sets;
pub mod shape;
pub mod skyline;
pub mod symmetry;
pub mod tiler;
pub mod transfer;
pub mod twins;

pub use copies::Copies;
pub use cover::{CoverProblem, Engine, Search};
pub use lattice::square::Symmetry;
pub use lattice::{Cell, Lattice};
pub use layout::{Adjacency, Layout};
pub use packer::{CountCache, PackError, Packer, Placed, Subtree};
pub use region::{Board, Region};
pub use shape::{cells_connected, connected, Freedom, GeometryError, Piece, Shape};
pub use tiler::{Tiler, TilerCache, TilerSubtree};
