//! The puzzle front ends of gridlock: for each puzzle a parser (text -> model), a bridge to
//! an engine, a renderer (answer -> text) and an independent answer checker.
//!
//! - [`beads`]: smart beads (NOI 2005), on the polyomino packer and dancing links.
//! - [`laser`]: laser tower defense (Luogu P5297, Code Jam 2017 "Beaming With Joy"), on
//!   the 2-SAT engine.
//! - [`pack`]: general polyomino packing (boards, piece sets, counting up to symmetry,
//!   threads and shards).
//! - [`twins`]: polyomino pairs (NOI.AC, Code Jam 2018 "Two-Tiling"), two simultaneous
//!   tilings searched live.
//! - [`judge`]: the special judge over every checker, sudoku's (`gridlock-sudoku`) included
//!   (used by `gridlock check` and Python).
//! - [`svg`]: the pictures of these puzzles, drawn with `gridlock-draw`.
//! - [`orders`]: the smallest rectangles and the orders of `gridlock rectangles`,
//!   journaled in a checkpoint file (the CLI and Python share it).
//! - [`mayan`]: the Mayan puzzle (NOIP 2011), a board simulator and a pruned depth-first
//!   search with a transposition table.

#![warn(missing_docs)]

pub mod beads;
pub mod cases;
pub mod judge;
pub mod laser;
pub mod mayan;
pub mod orders;
pub mod pack;
pub mod svg;
mod text;
pub mod twins;
