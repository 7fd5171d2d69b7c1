//! The general sudoku engine: candidates as one bitset of digits per cell, propagation of
//! naked singles (a cell with one candidate), hidden singles (a digit with one place in a
//! unit), locked candidates (a digit of a unit confined to its intersection with another
//! unit leaves the rest of that unit) and killer cages (each cell keeps the digits of the
//! sums' combinations that its cage can still take), and a depth-first search that guesses
//! in a cell with the fewest candidates. It takes every rule of [`Rules`] and every size up
//! to 36; [`super::fast`] is the faster engine of the classic 9 x 9.
//!
//! The rules are compiled once into a [`Topology`] (peers, units, cage combinations),
//! shared by every puzzle of a batch.

use super::model::{Grid, Rules};
use std::ops::ControlFlow;

/// The most digit combinations kept over all cages of one set of rules (each a `u64`).
pub const MAX_CAGE_COMBINATIONS: usize = 1 << 20;

/// A pair of units whose intersection holds at least two cells: a digit of one unit that
/// can only go in the intersection leaves the rest of the other.
#[derive(Clone, Debug)]
struct Crossing {
    both: Vec<usize>,
    only_a: Vec<usize>,
    only_b: Vec<usize>,
}

/// A cage compiled: its cells and the digit sets (bit d-1 for digit d) of the sums.
#[derive(Clone, Debug)]
struct CageSets {
    cells: Vec<usize>,
    combinations: Vec<u64>,
}

/// The rules compiled for the search: each cell's peers, the units, the crossings of
/// units, and the cages' digit combinations.
#[derive(Clone, Debug)]
pub struct Topology {
    size: usize,
    full: u64,
    peers: Vec<Vec<u16>>,
    units: Vec<Vec<usize>>,
    /// Each cell's units.
    units_of: Vec<Vec<u16>>,
    crossings: Vec<Crossing>,
    cages: Vec<CageSets>,
}

/// Why rules cannot be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyCombinations;

impl std::fmt::Display for TooManyCombinations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the cages' sums have more than {MAX_CAGE_COMBINATIONS} digit combinations")
    }
}

/// Every set of `k` digits from 1..=size (as bits) that adds up to `sum`, appended to
/// `out`; false if more than `budget` would be needed.
fn combinations(size: usize, k: usize, sum: u32, out: &mut Vec<u64>, budget: usize) -> bool {
    fn go(next: usize, size: usize, k: usize, sum: u32, set: u64, out: &mut Vec<u64>, budget: usize) -> bool {
        if k == 0 {
            if sum == 0 {
                if out.len() >= budget {
                    return false;
                }
                out.push(set);
            }
            return true;
        }
        for d in next..=size {
            // The least sum of k digits from d is k*d + k(k-1)/2; the greatest from size down.
            let least = (k * d + k * (k - 1) / 2) as u32;
            if least > sum {
                break;
            }
            let most = (k * size - k * (k - 1) / 2) as u32;
            if most < sum {
                return true;
            }
            if !go(d + 1, size, k - 1, sum - d as u32, set | 1 << (d - 1), out, budget) {
                return false;
            }
        }
        true
    }
    go(1, size, k, sum, 0, out, budget)
}

impl Topology {
    /// Compiles `rules`. Errors when the cages have more than [`MAX_CAGE_COMBINATIONS`]
    /// digit combinations in all.
    pub fn new(rules: &Rules) -> Result<Topology, TooManyCombinations> {
        let size = rules.size();
        let n = rules.cells();
        let mut peers: Vec<Vec<u16>> = vec![Vec::new(); n];
        let groups = rules.units().iter().cloned().chain(rules.cages().iter().map(|c| c.cells.clone()));
        for g in groups {
            for &a in &g {
                peers[a].extend(g.iter().filter(|&&b| b != a).map(|&b| b as u16));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let units = rules.units().to_vec();
        let mut units_of: Vec<Vec<u16>> = vec![Vec::new(); n];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                units_of[c].push(u as u16);
            }
        }
        let mut crossings = Vec::new();
        for (i, a) in units.iter().enumerate() {
            for b in &units[i + 1..] {
                let both: Vec<usize> = a.iter().copied().filter(|c| b.contains(c)).collect();
                if both.len() >= 2 {
                    let only_a = a.iter().copied().filter(|c| !both.contains(c)).collect();
                    let only_b = b.iter().copied().filter(|c| !both.contains(c)).collect();
                    crossings.push(Crossing { both, only_a, only_b });
                }
            }
        }
        let mut cages = Vec::new();
        let mut budget = MAX_CAGE_COMBINATIONS;
        for cage in rules.cages() {
            let mut sets = Vec::new();
            if !combinations(size, cage.cells.len(), cage.sum, &mut sets, budget) {
                return Err(TooManyCombinations);
            }
            budget -= sets.len();
            cages.push(CageSets { cells: cage.cells.clone(), combinations: sets });
        }
        // size <= MAX_SIZE = 36, so the shift never overflows.
        let full = (1u64 << size) - 1;
        Ok(Topology { size, full, peers, units, units_of, crossings, cages })
    }

    /// The number of digits.
    pub fn size(&self) -> usize {
        self.size
    }
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Guesses: digits tried in a cell of two or more candidates, but the last one of each
    /// cell, which follows from the others' failure (the convention of JSolve and tdoku,
    /// whose `run_benchmark` reports guesses per puzzle).
    pub guesses: u64,
    /// Nodes of the search tree (propagations run).
    pub nodes: u64,
}

/// The search over one puzzle.
struct Search<'t, F> {
    top: &'t Topology,
    queue: Vec<usize>,
    /// Unsolved cells per unit, for the guess.
    open: Vec<u32>,
    /// Candidate arrays of finished levels, to reuse.
    spare: Vec<Vec<u64>>,
    /// The units whose cells lost a candidate since their hidden singles were looked for.
    stale: Vec<bool>,
    stats: SearchStats,
    visit: F,
}

impl<F: FnMut(&[u64]) -> ControlFlow<()>> Search<'_, F> {
    /// Propagates every rule to a fixed point; false on a contradiction.
    fn propagate(&mut self, cand: &mut [u64]) -> bool {
        let ok = self.fixpoint(cand);
        if !ok {
            self.stale.fill(false);
        }
        ok
    }

    /// Marks the units of cell `c` for the hidden singles.
    #[inline]
    fn touch(stale: &mut [bool], top: &Topology, c: usize) {
        for &u in &top.units_of[c] {
            stale[u as usize] = true;
        }
    }

    /// [`Self::propagate`]'s loop; on false the stale marks may be left set.
    fn fixpoint(&mut self, cand: &mut [u64]) -> bool {
        let top = self.top;
        loop {
            while let Some(c) = self.queue.pop() {
                let m = cand[c];
                for &p in &top.peers[c] {
                    let p = p as usize;
                    let x = cand[p];
                    if x & m != 0 {
                        let y = x & !m;
                        cand[p] = y;
                        Self::touch(&mut self.stale, top, p);
                        if y & y.wrapping_sub(1) == 0 {
                            if y == 0 {
                                return false;
                            }
                            self.queue.push(p);
                        }
                    }
                }
            }
            // Hidden singles, in the units where a candidate went since they were read.
            for (k, u) in top.units.iter().enumerate() {
                if !std::mem::replace(&mut self.stale[k], false) {
                    continue;
                }
                let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
                for &c in u {
                    let m = cand[c];
                    twice |= once & m;
                    once |= m;
                    // A cell of one candidate: its digit is placed already.
                    fixed |= if m & m.wrapping_sub(1) == 0 { m } else { 0 };
                }
                if once != top.full {
                    return false;
                }
                let mut singles = once & !twice & !fixed;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    if let Some(&c) = u.iter().find(|&&c| cand[c] & bit != 0) {
                        if cand[c] != bit {
                            cand[c] = bit;
                            Self::touch(&mut self.stale, top, c);
                            self.queue.push(c);
                        }
                    }
                }
            }
            if !self.queue.is_empty() {
                continue;
            }
            // Locked candidates.
            let mut changed = false;
            for x in &top.crossings {
                let inside = x.both.iter().fold(0, |m, &c| m | cand[c]);
                let a = x.only_a.iter().fold(0, |m, &c| m | cand[c]);
                let b = x.only_b.iter().fold(0, |m, &c| m | cand[c]);
                // Digits of unit A found only in the crossing leave B's other cells, and
                // the other way round.
                for (confined, rest) in [(inside & !a & b, &x.only_b), (inside & !b & a, &x.only_a)] {
                    if confined != 0 {
                        for &c in rest.iter() {
                            let y = cand[c] & !confined;
                            if y != cand[c] {
                                cand[c] = y;
                                changed = true;
                                Self::touch(&mut self.stale, top, c);
                                if y & y.wrapping_sub(1) == 0 {
                                    if y == 0 {
                                        return false;
                                    }
                                    self.queue.push(c);
                                }
                            }
                        }
                    }
                }
            }
            // Any elimination may make a hidden single: the rules run again.
            if changed {
                continue;
            }
            // Cages: a cell keeps the digits of the combinations that still fit.
            for cage in &top.cages {
                let union = cage.cells.iter().fold(0, |m, &c| m | cand[c]);
                let mut allowed = 0u64;
                for &set in &cage.combinations {
                    if set & !union == 0 && cage.cells.iter().all(|&c| cand[c] & set != 0) {
                        allowed |= set;
                    }
                }
                for &c in &cage.cells {
                    let y = cand[c] & allowed;
                    if y != cand[c] {
                        cand[c] = y;
                        if y == 0 {
                            return false;
                        }
                        changed = true;
                        Self::touch(&mut self.stale, top, c);
                        if y & y.wrapping_sub(1) == 0 {
                            self.queue.push(c);
                        }
                    }
                }
            }
            if !changed && self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Searches below `cand` (propagated); `Break` once the visitor stops.
    fn search(&mut self, cand: &mut [u64]) -> ControlFlow<()> {
        self.stats.nodes += 1;
        let top = self.top;
        // The fewest candidates; among cells with that many, the one whose units hold the
        // most unsolved cells (the most open part of the grid, where a guess propagates
        // furthest).
        let mut fewest = u32::MAX;
        for &m in cand.iter() {
            let k = m.count_ones();
            if k > 1 && k < fewest {
                fewest = k;
                if k == 2 {
                    break;
                }
            }
        }
        if fewest == u32::MAX {
            return (self.visit)(cand);
        }
        self.open.clear();
        self.open.extend(top.units.iter().map(|u| u.iter().filter(|&&c| cand[c] & cand[c].wrapping_sub(1) != 0).count() as u32));
        let mut best = usize::MAX;
        let mut best_score = 0;
        for (c, &m) in cand.iter().enumerate() {
            if m.count_ones() == fewest {
                let score = top.units_of[c].iter().map(|&u| self.open[u as usize]).sum::<u32>() + 1;
                if score > best_score {
                    best = c;
                    best_score = score;
                }
            }
        }
        let mut digits = cand[best];
        while digits != 0 {
            let bit = digits & digits.wrapping_neg();
            digits ^= bit;
            self.stats.guesses += u64::from(digits != 0);
            // The candidate arrays of the levels are reused (one allocation a level).
            let mut next = self.spare.pop().unwrap_or_default();
            next.clear();
            next.extend_from_slice(cand);
            next[best] = bit;
            self.queue.clear();
            self.queue.push(best);
            Self::touch(&mut self.stale, self.top, best);
            let flow = if self.propagate(&mut next) { self.search(&mut next) } else { ControlFlow::Continue(()) };
            self.spare.push(next);
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// The digits of a solved candidate array.
pub fn digits_of(cand: &[u64]) -> Grid {
    cand.iter().map(|&m| m.trailing_zeros() as u8 + 1).collect()
}

/// Calls `visit` with each solution of the puzzle `givens` (size^2 digits, 0 blank) under
/// `top`, in the search's order, until it returns `Break`. A given outside 1..=size is a
/// caller's error (the parsers never make one) and is treated as a blank.
///
/// Returns the search's counters. Time: exponential in the worst case, as sudoku of any
/// size is NP-complete; memory: one candidate array per level of the search.
pub fn solve(top: &Topology, givens: &[u8], mut visit: impl FnMut(&[u64]) -> ControlFlow<()>) -> SearchStats {
    let mut cand = vec![top.full; top.size * top.size];
    let mut search = Search {
        top,
        queue: Vec::with_capacity(cand.len()),
        open: Vec::with_capacity(top.units.len()),
        spare: Vec::new(),
        stale: vec![true; top.units.len()],
        stats: SearchStats::default(),
        visit: &mut visit,
    };
    for (c, &d) in givens.iter().enumerate() {
        if d >= 1 && (d as usize) <= top.size {
            let bit = 1u64 << (d - 1);
            if cand[c] & bit == 0 {
                return search.stats;
            }
            cand[c] = bit;
            search.queue.push(c);
        }
    }
    if search.propagate(&mut cand) {
        let _ = search.search(&mut cand);
    } else {
        search.stats.nodes += 1;
    }
    search.stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cage;

    #[test]
    fn cage_combinations_are_the_sums() {
        let mut out = Vec::new();
        assert!(combinations(9, 2, 3, &mut out, 100));
        assert_eq!(out, vec![0b11]);
        out.clear();
        assert!(combinations(9, 3, 24, &mut out, 100));
        assert_eq!(out, vec![0b1_1100_0000]);
        out.clear();
        assert!(combinations(9, 9, 45, &mut out, 100));
        assert_eq!(out.len(), 1);
        out.clear();
        assert!(combinations(9, 4, 20, &mut out, 100));
        // Every 4-subset of 1..9 with sum 20, counted by brute force.
        let brute =
            (0u64..512).filter(|s| s.count_ones() == 4 && (0..9).filter(|d| s >> d & 1 == 1).map(|d| d + 1).sum::<u64>() == 20).count();
        assert_eq!(out.len(), brute);
        assert!(!combinations(9, 4, 20, &mut Vec::new(), 3));
    }

    fn general(rules: Rules) -> crate::Solver {
        crate::Solver::new(rules).unwrap().with_engine(crate::Engine::General)
    }

    #[test]
    fn the_4x4_grids_number_288() {
        assert_eq!(general(Rules::classic(4).unwrap()).count(&[0; 16], u64::MAX).0, 288);
    }

    #[test]
    fn a_cage_cuts_the_count() {
        // A 2-cell cage of sum 3 on the first two cells: they hold 1 and 2.
        let cage = Cage { sum: 3, cells: vec![0, 1] };
        let (grids, _) = general(Rules::new(4, None, false, false, vec![cage]).unwrap()).solutions(&[0; 16], u64::MAX);
        assert!(!grids.is_empty());
        assert!(grids.iter().all(|g| g[0] + g[1] == 3));
        assert_eq!(grids.len(), 288 / 6);
    }
}
