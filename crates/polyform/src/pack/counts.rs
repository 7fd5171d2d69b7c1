//! [`Problem`]'s counts: every packing, exactly and of any size, and the classes of
//! packings under the region's symmetries by Burnside's lemma, whole or in the parts of
//! a count cut into shards. The engine and the symmetry method are chosen here, by
//! lattice and by whether every piece is used once (see the parent module).

use super::{Problem, RunError, Tiling};
use crate::count;
use crate::symmetry::{break_symmetry, count_fixed_tilings, count_with_symmetry, BoardSymmetry, Restrict};
use exact_cover::parallel::CountOptions;
use num_bigint::BigUint;
use std::ops::ControlFlow;

impl Problem {
    /// The number of packings (of the shard `options` asks for, on its threads):
    ///
    /// - distinct pieces on a square board: the board's symmetries broken by a piece's
    ///   free orbits ([`break_symmetry`]) and the count multiplied back;
    /// - distinct pieces elsewhere: [`count::count_placements`] (orbits with stabilisers);
    /// - piece counts: every packing counted on the engine [`Problem::engine`] names (the
    ///   bitboard tiler memoizes states of filled cells and copies used; past its size,
    ///   dancing links with memoized subproblems).
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1 (or when stopped).
    pub fn count(&self, options: &CountOptions) -> Result<u128, RunError> {
        if self.hopeless {
            return Ok(0);
        }
        if !self.is_square() {
            let parts = Some(&self.parts);
            let reflections = self.freedom.reflections();
            return count::count_placements(&self.region, &self.pieces, self.placements.clone(), &self.copies, reflections, options, parts)
                .ok_or(RunError::Overflow);
        }
        if !self.is_distinct() {
            return self.count_lists(&self.placements, options, true);
        }
        let group = self.board_group();
        match break_symmetry(&self.placements, &group, Restrict::FewestPlacements) {
            Some(restricted) => (group.len() as u128).checked_mul(self.count_lists(&restricted, options, true)?).ok_or(RunError::Overflow),
            None => self.count_lists(&self.placements, options, true),
        }
    }

    /// Counts the packings with the placement lists `lists` as `options` say; `cached`:
    /// a shard on the search compiled and cut once for every shard (the lists must be
    /// the same on every call).
    fn count_lists(&self, lists: &[Vec<Vec<usize>>], options: &CountOptions, cached: bool) -> Result<u128, RunError> {
        let build = || self.search_of(lists);
        let count = if cached { self.parts.count(0, build, options) } else { build().count(options) };
        count.ok_or(RunError::Overflow)
    }

    /// The number of packings, exact and of any size: on the transfer matrix when
    /// [`crate::cover::transfer_count`] chooses it (a square board, pieces without an
    /// upper bound on their copies, a narrow enough frontier), else on
    /// [`Problem::count`], and on the transfer matrix after all when that count passes
    /// 2^128 and the frontier fits. A shard (`options.shard`) always runs on the other
    /// engines.
    ///
    /// Errors: those of [`Problem::count`], and [`RunError::Transfer`].
    pub fn count_exact(&self, options: &CountOptions) -> Result<BigUint, RunError> {
        if self.hopeless {
            return Ok(BigUint::default());
        }
        if options.shard.is_none() {
            if let Some(count) = self.count_on_transfer(false, options) {
                return count;
            }
        }
        match self.count(options) {
            Err(RunError::Overflow) if options.shard.is_none() => self.count_on_transfer(true, options).unwrap_or(Err(RunError::Overflow)),
            other => other.map(BigUint::from),
        }
    }

    /// Whether [`Problem::count_exact`] runs on the transfer matrix (without a shard):
    /// what a count's progress is measured in (columns, not subtrees). Builds no search.
    pub fn counts_on_transfer(&self) -> bool {
        !self.hopeless && self.transfer(false).is_some()
    }

    /// The engine [`Problem::count_exact`] runs first, in words.
    pub fn count_engine(&self) -> String {
        if !self.hopeless && self.transfer(false).is_some() {
            return "transfer matrix (frontier dynamic program, counts of any size, one thread)".to_string();
        }
        if !self.hopeless && self.transfer(true).is_some() {
            return format!("{}; past 2^128, the transfer matrix", self.engine());
        }
        self.engine()
    }

    /// The transfer matrix for this problem, when [`crate::cover::transfer_count`]
    /// chooses it (`overflowed`: after another engine's count passed 2^128).
    fn transfer(&self, overflowed: bool) -> Option<(crate::transfer::Frontier, Vec<(i32, i32)>)> {
        if !self.is_square() {
            return None;
        }
        let shapes: Vec<crate::Shape> = self.pieces.iter().map(|p| p.shape.clone()).collect();
        crate::cover::transfer_count(&self.region, &shapes, self.freedom, &self.copies, overflowed)
    }

    fn count_on_transfer(&self, overflowed: bool, options: &CountOptions) -> Option<Result<BigUint, RunError>> {
        let (frontier, cells) = self.transfer(overflowed)?;
        let mut report = |done: usize, total: usize| {
            if let Some(p) = options.progress {
                p(done as u64, total as u64);
            }
        };
        Some(frontier.count_board(&cells, &mut report).map_err(RunError::from))
    }

    /// How counts and classes use the region's symmetries, in words (for `--stats`).
    pub fn symmetry(&self) -> String {
        if self.is_square() {
            let n = self.board_group().len();
            let broken = if self.is_distinct() { "a count breaks them by a piece's free orbits" } else { "not broken (piece counts)" };
            return format!("{n} symmetries of the board ({broken}); classes (--unique) under the same {n} (Burnside's lemma)");
        }
        let kept = count::piece_preserving_symmetries(&self.region, &self.pieces, self.freedom.reflections()).len();
        let kept = if kept <= 1 {
            "only the identity keeps every piece".to_string()
        } else {
            format!("{kept} symmetries of the region keep every piece")
        };
        if !self.is_distinct() {
            return format!("{kept}; not broken (piece counts)");
        }
        let classes = self.classes().len();
        format!("{kept} (a count breaks them by orbits); classes (--unique) under {classes} (Burnside's lemma)")
    }

    /// The symmetries that sort packings into classes off the square lattice
    /// ([`count::Classes::new`]: those of the region that map the piece set onto itself), built
    /// once.
    fn classes(&self) -> &count::Classes {
        self.classes.get_or_init(|| count::Classes::new(&self.region, &self.pieces, self.freedom.reflections()))
    }

    /// What Burnside's sum is divided by: the number of symmetries that sort packings
    /// into classes (on a square board those the pieces' freedom allows, elsewhere
    /// [`count::Classes::order`]).
    pub fn burnside_order(&self) -> u128 {
        if self.is_square() {
            self.board_group().len() as u128
        } else {
            self.classes().order()
        }
    }

    /// The number of classes of packings under the region's symmetries (`--unique`),
    /// by Burnside's lemma (the average number of packings each symmetry fixes): for
    /// distinct pieces on a square board [`count_with_symmetry`], elsewhere
    /// [`count::count_classes_placements`] (the symmetry-broken count on the threads
    /// `options` ask for, and one small count per symmetry); with piece counts, every
    /// packing counted and the packings each other symmetry fixes.
    ///
    /// Errors: [`RunError::ShardUniqueCopies`] for a shard with piece counts (its part
    /// of Burnside's sum is no number of classes: count the parts with
    /// [`Problem::burnside_part`]); [`RunError::ShardUnique`] for a shard on a square
    /// board without a piece whose placements have free orbits; [`RunError::Overflow`]
    /// past 2^128 - 1 (or when stopped).
    pub fn count_classes(&self, options: &CountOptions) -> Result<u128, RunError> {
        if self.hopeless {
            return Ok(0);
        }
        if !self.is_distinct() {
            if options.shard.is_some() {
                return Err(RunError::ShardUniqueCopies);
            }
            let sum = self.burnside_part(options)?;
            let order = self.burnside_order();
            debug_assert_eq!(sum % order, 0, "Burnside's sum is a multiple of the group's order");
            return Ok(sum / order);
        }
        if !self.is_square() {
            let reflections = self.freedom.reflections();
            return count::count_classes_placements(
                &self.region,
                &self.pieces,
                self.placements.clone(),
                self.classes(),
                reflections,
                options,
            )
            .ok_or(RunError::Overflow);
        }
        let group = self.board_group();
        if options.shard.is_some() && group.len() > 1 && break_symmetry(&self.placements, &group, Restrict::FewestPlacements).is_none() {
            return Err(RunError::ShardUnique);
        }
        let mut failure = None;
        let (_, classes) = count_with_symmetry(&self.placements, &group, Restrict::FewestPlacements, |lists| {
            match self.count_lists(lists, options, false).map(u64::try_from) {
                Ok(Ok(n)) => n,
                _ => {
                    failure = Some(RunError::Overflow);
                    0
                }
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(classes as u128),
        }
    }

    /// Part of Burnside's sum for [`Problem::count_classes`], for a count of the classes
    /// cut into parts: the packings of the shard `options` asks for ([`Problem::count`];
    /// all without one), plus, in the first shard (or without one), the packings each
    /// other symmetry maps onto themselves. The parts add up to
    /// [`Problem::burnside_order`] times the number of classes.
    ///
    /// Errors: [`RunError::Overflow`] past 2^128 - 1 (or when stopped).
    pub fn burnside_part(&self, options: &CountOptions) -> Result<u128, RunError> {
        let packings = self.count(options)?;
        if self.hopeless || options.shard.is_some_and(|(k, _)| k != 1) {
            return Ok(packings);
        }
        packings.checked_add(self.fixed_by_others()?).ok_or(RunError::Overflow)
    }

    /// The packings each symmetry but the identity maps onto themselves, added up:
    /// Burnside's sum less the packings.
    fn fixed_by_others(&self) -> Result<u128, RunError> {
        let (cells, placements) = (self.region.len(), &self.placements);
        let fixed = if self.is_square() {
            let mut sum = Some(0u128);
            for g in self.board_group().iter().filter(|g| !g.is_identity()) {
                sum = sum.and_then(|s| s.checked_add(count_fixed_tilings(cells, placements, &self.copies, g)?));
            }
            sum
        } else if self.is_distinct() {
            count::fixed_by_others(cells, placements, self.classes())
        } else {
            count::fixed_by_others_with_copies(cells, placements, &self.copies, self.classes())
        };
        fixed.ok_or(RunError::Overflow)
    }

    /// Calls `visit` with one packing per class of [`Problem::count_classes`] until it
    /// returns `Break`: on a square board, the packings whose cell-by-cell key is the
    /// least of their images ([`is_canonical_tiling`]); elsewhere, for distinct pieces,
    /// [`count::for_each_class`] (without listing every packing).
    ///
    /// Errors: [`RunError::Copies`] off the square lattice unless every piece is used
    /// once.
    pub fn for_each_class(&self, mut visit: impl FnMut(&Tiling) -> ControlFlow<()>) -> Result<ControlFlow<()>, RunError> {
        if self.is_square() {
            let (group, cells) = (self.board_group(), self.region.len());
            return Ok(self.for_each(|t| if is_canonical_tiling(t, &group, cells) { visit(t) } else { ControlFlow::Continue(()) }));
        }
        if !self.is_distinct() {
            return Err(RunError::Copies);
        }
        if self.hopeless {
            return Ok(ControlFlow::Continue(()));
        }
        let mut tiling: Tiling = Vec::new();
        Ok(count::for_each_class(&self.region, &self.pieces, &self.placements, self.classes(), |sol| {
            tiling.clear();
            tiling.extend(sol.iter().map(|&(p, k)| (p, self.placements[p][k].clone())));
            visit(&tiling)
        }))
    }
}

/// The key of a tiling: per region cell, the piece of the tile covering it and that
/// tile's least cell (so that the key tells the tiles apart, not only the pieces).
fn tiling_key<'a>(tiles: impl Iterator<Item = (usize, &'a [usize])>, cells: usize) -> Vec<(usize, usize)> {
    let mut k = vec![(usize::MAX, usize::MAX); cells];
    for (p, pl) in tiles {
        let least = pl.iter().copied().min().unwrap_or(usize::MAX);
        for &i in pl {
            k[i] = (p, least);
        }
    }
    k
}

/// Whether `tiling` is the least (by its cell-by-cell key of piece and tile) of its
/// images under `group`: exactly one tiling per symmetry class passes, copies of a piece
/// being indistinguishable (`cells`: the region's cell count).
pub fn is_canonical_tiling(tiling: &Tiling, group: &[BoardSymmetry], cells: usize) -> bool {
    let own = tiling_key(tiling.iter().map(|(p, pl)| (*p, pl.as_slice())), cells);
    group.iter().all(|g| {
        let image: Vec<(usize, Vec<usize>)> = tiling.iter().map(|(p, pl)| (*p, g.map_placement(pl))).collect();
        own <= tiling_key(image.iter().map(|(p, pl)| (*p, pl.as_slice())), cells)
    })
}
