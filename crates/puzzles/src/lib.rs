//! The puzzle front ends of gridlock: for each puzzle a parser (text -> model), a bridge to
//! an engine, a renderer (answer -> text) and an independent answer checker.
//!
//! - [`beads`]: smart beads (NOI 2005), on the polyomino packer and dancing links.

#![warn(missing_docs)]

pub mod beads;
