//! Packing as exact cover, and the one place where a packing problem's engine is chosen:
//! the bitboard [`Packer`] (distinct pieces, 128 bits) or [`Tiler`] (piece counts, up to
//! 2048 bits) when the problem fits them, generic exact cover ([`exact_cover`], on the
//! engine [`exact_cover::strategy`] picks) otherwise or when asked for. Every front end (beads, pack) searches
//! and counts through [`Search`], so the choice and the parallel counting are written
//! once.

pub use crate::copies::Copies;
use crate::lattice::square::Symmetry;
use crate::layout::Layout;
use crate::packer::{CountCache, Packer};
use crate::region::{Board, Region};
use crate::shape::Piece;
use crate::tiler::{Tiler, TilerCache};
use crate::transfer::{Frontier, DEFAULT_MAX_STATES};
use exact_cover::parallel::{cut_size, sum_subtrees, Checked, CountOptions, Lease, Tables};
use exact_cover::Problem;
use std::ops::ControlFlow;

/// The packing as exact cover: primary items are the pieces then the board cells; one
/// option per placement. Also returns, per option, `(piece, placement)`.
///
/// `placements[p]` lists piece `p`'s placements as board cell indices.
pub fn exact_cover_problem(board: &Board, placements: &[Vec<Vec<usize>>]) -> (Problem, Vec<(usize, usize)>) {
    let cover = exact_cover_with_copies(board, placements, &vec![Copies::ONE; placements.len()]);
    (cover.problem, cover.owners)
}

/// Whether pieces of the given sizes, each used within its [`Copies`], can cover exactly
/// `cells` cells: a bounded subset sum over `0..=cells` (time `O(cells x total copies)`
/// at worst, bits packed in words). The first condition every packing must meet, checked
/// before any search.
pub fn area_reachable(sizes: &[usize], copies: &[Copies], cells: usize) -> bool {
    let words = cells / 64 + 1;
    let mut reach = vec![0u64; words];
    reach[0] = 1;
    for (&size, &c) in sizes.iter().zip(copies) {
        if size == 0 {
            continue;
        }
        let most = c.most(size, cells) as usize;
        // The lower bound first: shift by lo * size.
        let shift = c.lo as usize * size;
        if shift > cells {
            return false;
        }
        reach = shifted(&reach, shift, cells);
        // Then up to (most - lo) optional copies, in chunks of 1, 2, 4, ... copies and
        // the rest (binary splitting of a bounded knapsack: every number of copies up to
        // the bound is a sum of distinct chunks), so the work is logarithmic in the bound
        // (one copy at a time made the monomino on 1000x1000 quadratic).
        let mut left = most.saturating_sub(c.lo as usize);
        let mut chunk = 1usize;
        while left > 0 && chunk.min(left) * size <= cells {
            let take = chunk.min(left);
            let more = shifted(&reach, take * size, cells);
            let mut new = false;
            for (r, m) in reach.iter_mut().zip(&more) {
                new |= m & !*r != 0;
                *r |= m;
            }
            if !new {
                // After chunks 1, 2, ..., t/2 the set is R + {0, ..., t - 1} x size; closed
                // under t more copies, it is R + any multiple of size: nothing can change.
                break;
            }
            left -= take;
            chunk *= 2;
        }
    }
    reach[cells / 64] >> (cells % 64) & 1 == 1
}

/// `bits` shifted up by `by`, cut at bit `cells`.
fn shifted(bits: &[u64], by: usize, cells: usize) -> Vec<u64> {
    let mut out = vec![0u64; bits.len()];
    let (w, b) = (by / 64, by % 64);
    for i in (w..bits.len()).rev() {
        let lo = bits[i - w] << b;
        let carry = if b > 0 && i > w { bits[i - w - 1] >> (64 - b) } else { 0 };
        out[i] = lo | carry;
    }
    let last = cells % 64;
    if let Some(top) = out.last_mut() {
        if last < 63 {
            *top &= (1u64 << (last + 1)) - 1;
        }
    }
    out
}

/// The packing with piece counts as exact cover with multiplicities (Knuth's Algorithm M):
/// the piece items first, primary, piece `p` covered between its copies' bounds (a
/// piece whose bounds say nothing, `0..` as many as fit, gets no item); then the board
/// cells, primary. One option per placement. See [`CoverProblem`] for what it returns.
pub fn exact_cover_with_copies(board: &Board, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> CoverProblem {
    cover_with_copies(board.len(), placements, copies, &[])
}

/// As [`exact_cover_with_copies`], for a board of `cells` cells on any lattice, with the
/// board's `crossings` ([`crate::Layout::crossings`]: empty but on polysticks) as
/// secondary items after the cells, one per grid point: a placement takes each point
/// where it holds both cells of a crossing, so that no two pieces cross there.
pub fn cover_with_copies(cells: usize, placements: &[Vec<Vec<usize>>], copies: &[Copies], crossings: &[[usize; 3]]) -> CoverProblem {
    let sizes: Vec<usize> = placements.iter().map(|l| l.first().map_or(0, Vec::len)).collect();
    // Pieces that get an item (with its bounds), and pieces left out (never used).
    let mut item_of = vec![None; placements.len()];
    let mut unused = vec![false; placements.len()];
    let mut bounds = Vec::new();
    for (p, &c) in copies.iter().enumerate() {
        // As many as fit, and as many as allowed: the item is needed unless they agree
        // and no copy is required.
        let fit = Copies { lo: 0, hi: None }.most(sizes[p].max(1), cells);
        let hi = c.most(sizes[p].max(1), cells);
        let most = fit;
        if c.lo == 0 && hi == 0 {
            unused[p] = true;
        } else if c.lo > 0 || hi < most {
            item_of[p] = Some(bounds.len());
            bounds.push((c.lo, hi.max(c.lo)));
        }
    }
    let k = bounds.len();
    let points = crossings.iter().map(|c| c[2] + 1).max().unwrap_or(0);
    // Per cell, the crossings it is the first cell of: (the other cell, the point).
    let mut crossing_at: Vec<Vec<(usize, usize)>> = vec![Vec::new(); if points > 0 { cells } else { 0 }];
    for &[a, b, point] in crossings {
        crossing_at[a].push((b, point));
    }
    let mut problem = Problem::new(k + cells, points);
    for (item, &(lo, hi)) in bounds.iter().enumerate() {
        problem.set_multiplicity(item, lo, hi).expect("bounds checked");
    }
    let mut owners = Vec::new();
    let mut items = Vec::new();
    for (p, list) in placements.iter().enumerate() {
        if unused[p] {
            continue;
        }
        for (j, pl) in list.iter().enumerate() {
            items.clear();
            items.extend(item_of[p]);
            items.extend(pl.iter().map(|&c| k + c));
            if points > 0 {
                let mut through: Vec<usize> =
                    pl.iter().flat_map(|&a| &crossing_at[a]).filter(|(b, _)| pl.contains(b)).map(|&(_, point)| k + cells + point).collect();
                // A piece through a point both ways (a '+') takes it once.
                through.sort_unstable();
                through.dedup();
                items.extend(through);
            }
            problem.add_option(&items).expect("placements are valid options");
            owners.push((p, j));
        }
    }
    CoverProblem { problem, owners, piece_item: item_of }
}

/// A packing with piece counts written as exact cover ([`exact_cover_with_copies`]).
#[derive(Debug, Clone)]
pub struct CoverProblem {
    /// The problem: piece items (those with bounds) first, then one item per board cell.
    pub problem: Problem,
    /// Per option, `(piece, placement)`.
    pub owners: Vec<(usize, usize)>,
    /// Per piece, its item, when its bounds need one.
    pub piece_item: Vec<Option<usize>>,
}

impl CoverProblem {
    /// Whether every piece is used exactly once (each has an item covered once).
    pub fn is_distinct(&self) -> bool {
        self.piece_item.iter().all(|i| i.is_some_and(|t| self.problem.multiplicity(t) == (1, 1)))
    }
}

/// A search engine for packings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// A bitboard engine: the [`Packer`] for distinct pieces on at most 128 cells
    /// (padded) and at most 64 pieces, else the [`Tiler`] (piece counts, up to
    /// [`crate::tiler::MAX_BITS`] bits); generic exact cover past both.
    #[default]
    Bitboard,
    /// Generic exact cover (Knuth's Algorithm X, or M with piece counts), on the engine
    /// [`exact_cover::strategy`] picks (live-option bitsets or dancing links): any size.
    ExactCover,
}

/// A packing problem compiled for the engine that will run it.
pub enum Search {
    /// The bitboard packer (distinct pieces, at most 128 bits).
    Bitboard(Box<Packer>),
    /// The bitboard tiler (piece counts, up to 2048 bits).
    Tiler(Box<Tiler>),
    /// The problem as exact cover with multiplicities ([`cover_with_copies`]), searched
    /// on the engine [`exact_cover::strategy`] picks (counts with piece counts on
    /// dancing links with memoized subproblems).
    ExactCover(CoverProblem),
}

impl Search {
    /// Compiles the packing of `board` with `placements`, each piece used once, for
    /// `wanted` (see [`Search::with_copies`]). `scan` fixes the packer's scan order (see
    /// [`Packer::with_scan`]); `None` lets it choose.
    pub fn new(board: &Board, placements: &[Vec<Vec<usize>>], wanted: Engine, scan: Option<Symmetry>) -> Search {
        Search::choose(board, placements, &vec![Copies::ONE; placements.len()], wanted, scan)
    }

    /// Compiles the packing of `board` with `placements`, piece `p` used as `copies[p]`
    /// says. This is where the engine is chosen, for every front end: for
    /// [`Engine::Bitboard`], the [`Packer`] when every piece is used once and the board
    /// fits 128 bits, else the [`Tiler`] when the board fits its bitsets, else generic
    /// exact cover; [`Engine::ExactCover`] always gets generic exact cover.
    ///
    /// Panics if `copies` and `placements` differ in length.
    pub fn with_copies(board: &Board, placements: &[Vec<Vec<usize>>], copies: &[Copies], wanted: Engine) -> Search {
        Search::choose(board, placements, copies, wanted, None)
    }

    fn choose(board: &Board, placements: &[Vec<Vec<usize>>], copies: &[Copies], wanted: Engine, scan: Option<Symmetry>) -> Search {
        let (layout, rows, cols) = Layout::square(board, scan.unwrap_or_else(|| Layout::square_scan(board)));
        // Square boards past the bitboards' sizes are refused by their bounding box
        // before any bitset is built.
        let fits = rows.saturating_mul(cols + 1) <= crate::tiler::MAX_BITS;
        Search::on_layout(&layout, placements, copies, if fits { wanted } else { Engine::ExactCover })
    }

    /// Compiles the packing of a board on any lattice, its cells laid out as `layout`
    /// says (e.g. [`crate::Region::layout`]), piece `p` used as `copies[p]` says.
    /// This is where the engine is chosen, for every lattice and front end: for
    /// [`Engine::Bitboard`], the [`Packer`] when every piece is used once and the layout
    /// fits 128 bits, else the [`Tiler`] when it fits its bitsets, else generic exact
    /// cover; [`Engine::ExactCover`] always gets generic exact cover.
    ///
    /// Panics if `copies` and `placements` differ in length.
    pub fn on_layout(layout: &Layout, placements: &[Vec<Vec<usize>>], copies: &[Copies], wanted: Engine) -> Search {
        assert_eq!(placements.len(), copies.len(), "one count per piece");
        // On the cubic lattice the bitboard engines' first-empty-cell rule leaves about
        // ten times the nodes of exact cover's fewest-options rule (2x5x6 flat
        // pentacubes: 31 to 77 million nodes over the six axis orders, against 3.4
        // million), and even a fewest-fitting-placements choice on the bitboards (2.4
        // million nodes) ran slower per node than the exact-cover bitset engine: 3x4x5
        // in 34 s against 21 s. So polycubes (and the other solids, prisms) go to exact cover. So do distinct
        // polyiamonds: the twelve hexiamonds in the 6x6 rhombus take 0.20 s on the packer
        // and 0.03 s on exact cover (user time, symmetry broken); with piece counts the
        // tiler's memo wins there (any number of each hexiamond: 0.15 s against 20.5 s).
        // Polysticks need the secondary items of their crossings: exact cover.
        let cubic = layout.adjacency.is_solid() || layout.adjacency.is_segments();
        let triangular = matches!(layout.adjacency, crate::Adjacency::Triangular { .. });
        let distinct = copies.iter().all(|&c| c == Copies::ONE);
        if wanted == Engine::Bitboard && !cubic && !(triangular && distinct) {
            if distinct {
                if let Ok(p) = Packer::from_layout(layout, placements) {
                    return Search::Bitboard(Box::new(p));
                }
            }
            if let Ok(t) = Tiler::from_layout(layout, placements, copies) {
                return Search::Tiler(Box::new(t));
            }
        }
        Search::ExactCover(cover_with_copies(layout.bit_of.len(), placements, copies, &layout.crossings))
    }

    /// The engine that runs.
    pub fn engine(&self) -> Engine {
        match self {
            Search::Bitboard(_) | Search::Tiler(_) => Engine::Bitboard,
            Search::ExactCover(..) => Engine::ExactCover,
        }
    }

    /// The engine that runs, in words (for `--stats` and JSON).
    pub fn describe(&self) -> String {
        match self {
            Search::Bitboard(_) => "bitboard packer (128-bit cell sets, distinct pieces)".to_string(),
            Search::Tiler(t) => format!("bitboard tiler ({} x 64-bit words per cell set, piece counts)", t.words()),
            Search::ExactCover(c) => {
                let listing = exact_cover::Cover::new(&c.problem).search().engine().name();
                if c.is_distinct() {
                    format!("exact cover: {listing}")
                } else {
                    format!("exact cover with multiplicities: counts on dancing links with memoized subproblems (its tree cut into subtrees on --threads and in parts), listings on {listing}")
                }
            }
        }
    }

    /// Calls `visit` with each packing, as `(piece, placement)` pairs (one per tile),
    /// until it returns `Break`.
    pub fn for_each(&self, mut visit: impl FnMut(&[(usize, usize)]) -> ControlFlow<()>) -> ControlFlow<()> {
        let mut chosen = Vec::new();
        match self {
            Search::Bitboard(packer) => packer.for_each(|sol| {
                chosen.clear();
                chosen.extend(sol.iter().map(|p| (p.piece, p.placement)));
                visit(&chosen)
            }),
            Search::Tiler(tiler) => tiler.for_each(visit),
            Search::ExactCover(cover) => {
                let mut solver = exact_cover::Cover::new(&cover.problem).search();
                while let Some(sol) = solver.next_solution() {
                    chosen.clear();
                    chosen.extend(sol.iter().map(|&o| cover.owners[o]));
                    visit(&chosen)?;
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// The number of packings (of the shard asked for), on the threads asked for, or
    /// `None` past 2^128 - 1: the engine's tree is cut into subtrees ([`Packer::split`],
    /// [`Tiler::split`] or [`exact_cover::Solver::split`]) that [`sum_subtrees`] shares
    /// out; the bitboard engines count uncut on one thread. Dancing links with piece
    /// counts memoizes its subproblems, each subtree of the memoized count's tree
    /// ([`exact_cover::strategy::count_subtree`]), cut at least 256 ways even on one
    /// thread (see [`Search::cut`]).
    pub fn count(&self, options: &CountOptions) -> Option<u128> {
        let plain = options.threads <= 1 && options.shard.is_none() && options.progress.is_none();
        match self {
            // The packer's counts saturate at u64::MAX: that many or more is an overflow.
            Search::Bitboard(packer) if plain => Some(packer.count()).filter(|&c| c < u64::MAX).map(u128::from),
            Search::Tiler(tiler) if plain => tiler.count(),
            _ => self.count_cut(&self.cut(options), options),
        }
    }

    /// The cut [`Search::count`] makes for `options` ([`cut_size`] subtrees: threads and
    /// shards' `n`), to count several parts of one cut with [`Search::count_cut`].
    pub fn cut(&self, options: &CountOptions) -> SearchCut {
        match self {
            Search::Bitboard(packer) => SearchCut::Packer(packer.split(cut_size(options)), Tables::default()),
            Search::Tiler(tiler) => SearchCut::Tiler(tiler.split(cut_size(options)), Tables::default()),
            // Piece counts (multiplicities) on dancing links: a whole count is cut finer
            // than its threads ask, as a count in parts is. Each subtree's memoized count
            // races two branching orders under a budget, and on few large subtrees the
            // race is lost: Soma with 0..2 copies in 3x3x3 took 12.1 s uncut, 6.9 s in
            // the 32 subtrees of one thread, 2.2 s in 128 (debug build, one thread).
            // Shards keep their cut: a part must be the same in every run.
            Search::ExactCover(cover) if !cover.is_distinct() && options.shard.is_none() => {
                let fine = CountOptions { threads: options.threads.max(PIECE_COUNT_CUT_THREADS), shard: None, progress: None };
                SearchCut::Links(exact_cover::parallel::Cut::new(&cover.problem, &fine))
            }
            Search::ExactCover(cover) => SearchCut::Links(exact_cover::parallel::Cut::new(&cover.problem, options)),
        }
    }

    /// The count of the part `options.shard` names (all of them without) on `cut`, made
    /// by [`Search::cut`] of this search; `None` past 2^128 - 1. The bitboard engines'
    /// transposition tables are kept in the cut between parts ([`Tables`]).
    pub fn count_cut(&self, cut: &SearchCut, options: &CountOptions) -> Option<u128> {
        match (self, cut) {
            (Search::Bitboard(packer), SearchCut::Packer(subtrees, tables)) => {
                let count = |lease: &mut Lease<CountCache>, t: &_| {
                    Checked(Some(lease.count(|table| packer.count_subtree_cached(t, table))).filter(|&c| c < u64::MAX).map(u128::from))
                };
                sum_subtrees(subtrees, options, || tables.lease(), count).0
            }
            (Search::Tiler(tiler), SearchCut::Tiler(subtrees, tables)) => {
                sum_subtrees(subtrees, options, || tables.lease(), |lease, t| Checked(lease.count(|table| tiler.count_subtree(t, table)))).0
            }
            (Search::ExactCover(cover), SearchCut::Links(cut)) => cut.count(&cover.problem, options, false),
            _ => panic!("a cut of another search"),
        }
    }
}

/// A search tree cut into subtrees ([`Search::cut`]), per engine, with the bitboard
/// engines' transposition tables.
pub enum SearchCut {
    /// The packer's subtrees.
    Packer(Vec<crate::packer::Subtree>, Tables<CountCache>),
    /// The tiler's subtrees.
    Tiler(Vec<crate::tiler::TilerSubtree>, Tables<TilerCache>),
    /// Exact cover's cut.
    Links(exact_cover::parallel::Cut),
}

/// A whole count with piece counts on dancing links is cut as for this many threads at
/// least (32 subtrees each: 256), see [`Search::cut`].
const PIECE_COUNT_CUT_THREADS: usize = 8;

/// Searches compiled and cut once, to count the parts of one cut in turn: a count of part
/// `k` of `n` (a shard) compiles its searches and cuts their trees, which for the Tetris
/// cube in 64 parts cost half the whole count again (31.2 s against 21.0 s); with a
/// `PartCache` the parts after the first reuse them. A count may run several searches
/// (a symmetry-broken count runs one per orbit size): they are kept in the order the
/// count runs them, which is the same for every part, with the number of parts they were
/// cut for. Shared between threads (a lock around the list).
#[derive(Default)]
pub struct PartCache {
    searches: std::sync::Mutex<Vec<(usize, std::sync::Arc<Prepared>)>>,
}

/// A search and its cut ([`PartCache`]).
type Prepared = (Search, SearchCut);

/// A clone starts empty (the searches are rebuilt on its first shard).
impl Clone for PartCache {
    fn clone(&self) -> PartCache {
        PartCache::default()
    }
}

impl std::fmt::Debug for PartCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.searches.lock().map_or(0, |s| s.len());
        write!(f, "PartCache({n} searches)")
    }
}

impl PartCache {
    /// The count of `options.shard`'s part of the `i`-th search of a count (compiled by
    /// `build` and cut for `options` on first use); without a shard, `build` counted as
    /// [`Search::count`] counts.
    pub fn count(&self, i: usize, build: impl FnOnce() -> Search, options: &CountOptions) -> Option<u128> {
        let Some((_, n)) = options.shard else {
            return build().count(options);
        };
        let entry = {
            let mut searches = self.searches.lock().expect("not poisoned");
            match searches.get(i) {
                Some((parts, entry)) if *parts == n => entry.clone(),
                _ => {
                    let search = build();
                    // The cut depends on the shards alone (`cut_size`), so a part is the
                    // same whatever the threads.
                    let cut = search.cut(options);
                    let entry = std::sync::Arc::new((search, cut));
                    searches.truncate(i);
                    if searches.len() == i {
                        searches.push((n, entry.clone()));
                    }
                    entry
                }
            }
        };
        entry.0.count_cut(&entry.1, options)
    }
}

/// The widest frontier (rows x columns a piece spans, in cells) for which a count goes
/// to the transfer matrix rather than the bitboard tiler. Measured (the history of BENCHMARKS.md, "The
/// transfer matrix in `pack --count`"): frontiers of 16 to 40 bits win from 2x
/// (tetrominoes on 8x8) to past 4x (tetrominoes on 10x10: 13 s, the tiler over 60 s); the
/// one loss seen is the pentominoes on 7x15 (35 bits: 0.89 s against 0.57 s).
pub const TRANSFER_MAX_FRONTIER: u32 = 40;

/// Whether a count of the tilings of a square-lattice `region` goes to the transfer
/// matrix ([`crate::transfer`]), and its sweep when it does: when every piece may be used
/// any number of times above its lower bound (no upper bound: the counters stay small),
/// the frontier is at most [`TRANSFER_MAX_FRONTIER`] bits, and the state fits 128 bits.
/// With `overflowed` (the other engines' count passed 2^128) any frontier and any copies
/// whose counters fit the state go.
/// This is the count's one place of choice between the transfer matrix and [`Search`].
pub fn transfer_count(
    region: &Region,
    shapes: &[crate::shape::Shape],
    freedom: crate::shape::Freedom,
    copies: &[Copies],
    overflowed: bool,
) -> Option<(Frontier, Vec<(i32, i32)>)> {
    if region.lattice() != crate::lattice::Lattice::Square || (copies.iter().any(|c| c.hi.is_some()) && !overflowed) || region.is_empty() {
        return None;
    }
    let (cells, height) = crate::transfer::sweep_cells(region.cells());
    let frontier = Frontier::new(shapes, freedom, copies, height).ok()?.max_states(DEFAULT_MAX_STATES);
    (overflowed || frontier.frontier_bits() <= TRANSFER_MAX_FRONTIER).then_some((frontier, cells))
}

impl Region {
    /// The packing of `pieces` (piece `p` used as `copies[p]` says; `reflections` lets
    /// pieces be turned over) compiled for the engine [`Search::on_layout`] picks: the
    /// bitboard packer or tiler on [`Region::layout`] when it fits, generic exact cover
    /// otherwise. Also returns the placement lists (per piece, as cell indices, as
    /// [`Region::placements_sorted`] gives them), which the search's `(piece,
    /// placement)` pairs index.
    ///
    /// Panics if `copies` and `pieces` differ in length.
    pub fn search(&self, pieces: &[Piece], copies: &[Copies], reflections: bool) -> (Search, Vec<Vec<Vec<usize>>>) {
        let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| self.placements_sorted(&p.shape, reflections)).collect();
        (Search::on_layout(&self.layout(), &placements, copies, Engine::Bitboard), placements)
    }
}

#[cfg(test)]
mod area_tests {
    use super::area_reachable;
    use crate::copies::Copies;
    use proptest::prelude::*;

    /// Whether `cells` is a sum of `k_p * size_p` with each `k_p` within its copies,
    /// by trying every number of copies of every piece (no bitsets, no splitting).
    fn brute(sizes: &[usize], copies: &[Copies], cells: usize) -> bool {
        let mut sums = std::collections::BTreeSet::from([0usize]);
        for (&size, c) in sizes.iter().zip(copies) {
            let hi = c.hi.map_or(cells + 1, |h| h as usize);
            let mut next = std::collections::BTreeSet::new();
            for &s in &sums {
                for k in c.lo as usize..=hi {
                    let t = s + k * size;
                    if t > cells || (size == 0 && k > c.lo as usize) {
                        break;
                    }
                    next.insert(t);
                }
            }
            sums = next;
        }
        sums.contains(&cells)
    }

    fn copies() -> impl Strategy<Value = Copies> {
        (0u32..4, prop::option::of(0u32..9)).prop_map(|(lo, extra)| Copies { lo, hi: extra.map(|e| lo + e) })
    }

    proptest! {
        #[test]
        fn area_reachable_equals_brute_force(pieces in prop::collection::vec((1usize..8, copies()), 0..5), cells in 0usize..150) {
            let sizes: Vec<usize> = pieces.iter().map(|p| p.0).collect();
            let counts: Vec<Copies> = pieces.iter().map(|p| p.1).collect();
            prop_assert_eq!(area_reachable(&sizes, &counts, cells), brute(&sizes, &counts, cells));
        }
    }

    #[test]
    fn a_million_monominoes_fill_a_million_cells() {
        let any = Copies { lo: 0, hi: None };
        assert!(area_reachable(&[1], &[any], 1_000_000));
        assert!(area_reachable(&[5, 3], &[Copies { lo: 0, hi: Some(1) }, any], 200_000));
        assert!(!area_reachable(&[4, 6], &[any, any], 1_000_001));
    }
}

#[cfg(test)]
mod part_tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// The parts of one cut, counted in turn through a [`PartCache`] (its tables kept
    /// between parts), add up to the whole; a part counted while a stop is requested
    /// (partial counts in its tables) does not change the parts counted after it.
    fn parts_add_up(search: impl Fn() -> Search, whole: u128) {
        for n in [1usize, 7, 64] {
            let cache = PartCache::default();
            let part = |k: usize| cache.count(0, &search, &CountOptions { shard: Some((k, n)), ..Default::default() });
            // A stopped part first: its answer is not used, its tables must not be.
            let stop = Arc::new(AtomicBool::new(true));
            let _ = exact_cover::interrupt::with(stop, || part(1));
            let sum: u128 = (1..=n).map(|k| part(k).expect("no overflow")).sum();
            assert_eq!(sum, whole, "{n} parts");
            // Again, every table warm.
            assert_eq!((1..=n).map(|k| part(k).unwrap()).sum::<u128>(), whole, "{n} parts, again");
        }
    }

    #[test]
    fn packer_parts_with_kept_tables_add_up() {
        let region = Region::rectangle(6, 10);
        let pieces = crate::sets::pentominoes();
        let search = || region.search(&pieces, &vec![Copies::ONE; pieces.len()], true).0;
        assert!(matches!(search(), Search::Bitboard(_)));
        parts_add_up(search, 9356);
    }

    #[test]
    fn tiler_parts_with_kept_tables_add_up() {
        // Dominoes and the L tromino, any number of each, on 5x6: the tiler's memo.
        let region = Region::rectangle(5, 6);
        let pieces = [crate::sets::dominoes(), crate::sets::trominoes()].concat();
        let any = vec![Copies { lo: 0, hi: None }; pieces.len()];
        let search = || region.search(&pieces, &any, true).0;
        assert!(matches!(search(), Search::Tiler(_)));
        let whole = search().count(&CountOptions::default()).unwrap();
        // An independent count: dancing links with multiplicities on the same lists.
        let (_, placements) = region.search(&pieces, &any, true);
        let cover = cover_with_copies(region.len(), &placements, &any, &[]);
        assert_eq!(exact_cover::Solver::count_adaptive(&cover.problem).0, Some(whole));
        assert!(whole > 1000);
        parts_add_up(search, whole);
    }
}
