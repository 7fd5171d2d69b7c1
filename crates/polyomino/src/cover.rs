//! Packing as exact cover, and the one place where a packing problem's engine is chosen:
//! the bitboard [`Packer`] when the board and pieces fit it, Knuth's dancing links
//! ([`exact_cover`]) otherwise or when asked for. Every front end (beads, pack) searches
//! and counts through [`Search`], so the choice and the parallel counting are written
//! once.

use crate::{Board, CountCache, Packer, Symmetry};
use exact_cover::parallel::{cut_size, sum_subtrees, CountOptions};
use exact_cover::{Problem, Solver};
use std::ops::ControlFlow;

/// The packing as exact cover: primary items are the pieces then the board cells; one
/// option per placement. Also returns, per option, `(piece, placement)`.
///
/// `placements[p]` lists piece `p`'s placements as board cell indices.
pub fn exact_cover_problem(board: &Board, placements: &[Vec<Vec<usize>>]) -> (Problem, Vec<(usize, usize)>) {
    let k = placements.len();
    let mut problem = Problem::new(k + board.len(), 0);
    let mut owners = Vec::new();
    let mut items = Vec::new();
    for (p, list) in placements.iter().enumerate() {
        for (j, pl) in list.iter().enumerate() {
            items.clear();
            items.push(p);
            items.extend(pl.iter().map(|&c| k + c));
            problem.add_option(&items).expect("placements are valid options");
            owners.push((p, j));
        }
    }
    (problem, owners)
}

/// A search engine for packings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// The bitboard packer ([`Packer`]): boards of at most 128 cells (padded) and at most
    /// 64 pieces.
    #[default]
    Bitboard,
    /// Dancing links (Knuth's Algorithm X on [`exact_cover`]): any size.
    DancingLinks,
}

/// A packing problem compiled for the engine that will run it.
pub enum Search {
    /// The bitboard packer.
    Bitboard(Box<Packer>),
    /// Dancing links, with each option's `(piece, placement)`.
    DancingLinks(Problem, Vec<(usize, usize)>),
}

impl Search {
    /// Compiles the packing of `board` with `placements` for `wanted`, falling back to
    /// dancing links when the packer cannot take the problem. `scan` fixes the packer's
    /// scan order (see [`Packer::with_scan`]); `None` lets it choose.
    pub fn new(board: &Board, placements: &[Vec<Vec<usize>>], wanted: Engine, scan: Option<Symmetry>) -> Search {
        if wanted == Engine::Bitboard {
            let packer = match scan {
                Some(s) => Packer::with_scan(board, placements, s),
                None => Packer::new(board, placements),
            };
            if let Ok(p) = packer {
                return Search::Bitboard(Box::new(p));
            }
        }
        let (problem, owners) = exact_cover_problem(board, placements);
        Search::DancingLinks(problem, owners)
    }

    /// The engine that runs.
    pub fn engine(&self) -> Engine {
        match self {
            Search::Bitboard(_) => Engine::Bitboard,
            Search::DancingLinks(..) => Engine::DancingLinks,
        }
    }

    /// Calls `visit` with each packing, as `(piece, placement)` pairs, until it returns
    /// `Break`.
    pub fn for_each(&self, mut visit: impl FnMut(&[(usize, usize)]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut chosen = Vec::new();
        match self {
            Search::Bitboard(packer) => packer.for_each(|sol| {
                chosen.clear();
                chosen.extend(sol.iter().map(|p| (p.piece, p.placement)));
                visit(&chosen)
            }),
            Search::DancingLinks(problem, owners) => {
                let mut solver = Solver::new(problem);
                while let Some(sol) = solver.next_solution() {
                    chosen.clear();
                    chosen.extend(sol.iter().map(|&o| owners[o]));
                    visit(&chosen)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// The number of packings (of the shard asked for), on the threads asked for: the
    /// engine's tree is cut into subtrees ([`Packer::split`] or [`Solver::split`]) that
    /// [`sum_subtrees`] shares out.
    pub fn count(&self, options: &CountOptions) -> u64 {
        let plain = options.threads <= 1 && options.shard.is_none() && options.progress.is_none();
        match self {
            Search::Bitboard(packer) if plain => packer.count(),
            Search::Bitboard(packer) => {
                let subtrees = packer.split(cut_size(options));
                sum_subtrees(&subtrees, options, CountCache::new, |cache, t| packer.count_subtree_cached(t, cache))
            }
            Search::DancingLinks(problem, _) => exact_cover::parallel::count(problem, options),
        }
    }
}
