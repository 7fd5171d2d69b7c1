//! Preprocessing of an exact cover problem, as Knuth's program DLX-PRE does it: options and
//! items that no solution needs are removed, to a fixed point, and the problem that is
//! left has the same solutions (as sets of the original options).
//!
//! Two rules (DLX-PRE's, from TAOCP 7.2.2.1):
//! - **Blocked options.** An option `r` is removed when some primary item `p` not in `r`
//!   has no option compatible with `r` (every option containing `p` shares with `r` a
//!   primary item, a secondary item uncolored in either, or a secondary item with another
//!   color): choosing `r` would leave `p` uncoverable.
//! - **Forced items.** When every option containing a primary item `p` also contains an
//!   item `c` without a color, covering `p` covers `c`: every option that contains `c` but
//!   not `p` is removed, and `c` is removed from the options that contain `p` (then `c`
//!   is gone).
//!
//! A primary item left without options proves the problem unsolvable without a search;
//! a secondary item left without options is dropped. Problems with multiplicities are
//! not preprocessed (the rules assume each primary item is covered once).
//!
//! Time: a round tries every option against the lists of its items, so it is about the
//! sum over options of the lengths of the options that clash with it; rounds repeat
//! while something changes.

use crate::{Color, Problem};

/// A problem after [`preprocess`]: the problem left, and how its options and items map
/// back to the original's.
#[derive(Debug, Clone)]
pub struct Preprocessed {
    /// The problem left: the kept items renumbered in their order (primary first), the
    /// kept options in their order, shortened where forced items were removed, costs
    /// kept. When a primary item has no option left, it is that one item and no option.
    pub problem: Problem,
    /// Per option of `problem`, its number in the original problem.
    pub options: Vec<usize>,
    /// Per item of `problem`, its number in the original problem.
    pub items: Vec<usize>,
    /// What was removed.
    pub stats: PreprocessStats,
}

/// What [`preprocess`] removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PreprocessStats {
    /// Rounds over the items, the last one changing nothing (unless it proved the problem
    /// unsolvable).
    pub rounds: usize,
    /// Options removed (blocked, or containing a forced item but not its primary item;
    /// all of them when the problem is proved unsolvable).
    pub options_removed: usize,
    /// Items removed (forced, or left without options; all of them when the problem is
    /// proved unsolvable, as DLX-PRE counts them, though the problem left names the
    /// uncoverable one).
    pub items_removed: usize,
    /// A primary item (original number) left without options: no solution.
    pub infeasible: Option<usize>,
}

/// Why a problem is not preprocessed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PreprocessError {
    /// The problem has multiplicities (Algorithm M); DLX-PRE's rules assume exact cover.
    #[error("preprocessing does not apply to multiplicities")]
    Multiplicities,
}

/// The working state of [`preprocess`].
struct Reducer {
    primary: usize,
    /// Per option its items (shortened as forced items go) and whether it is kept.
    opts: Vec<Vec<(u32, Color)>>,
    alive: Vec<bool>,
    /// Per item the options that contained it (pruned lazily) and how many kept ones
    /// still do; whether the item is kept.
    lists: Vec<Vec<u32>>,
    len: Vec<u32>,
    item_alive: Vec<bool>,
    /// Scratch: per item a count of hidden options, per option a stamp.
    dec: Vec<u32>,
    touched: Vec<u32>,
    stamp: Vec<u32>,
    in_r: Vec<u32>,
    generation: u32,
    stats: PreprocessStats,
}

impl Reducer {
    fn color_in(&self, s: usize, i: u32) -> Option<Color> {
        self.opts[s].iter().find(|&&(j, _)| j == i).map(|&(_, c)| c)
    }

    /// Removes option `s`, noting items left without options.
    fn delete(&mut self, s: usize) {
        self.alive[s] = false;
        self.stats.options_removed += 1;
        for e in 0..self.opts[s].len() {
            let j = self.opts[s][e].0 as usize;
            self.len[j] -= 1;
            if self.len[j] == 0 && self.item_alive[j] {
                self.drop_empty(j);
            }
        }
    }

    /// Removes item `j`, left without options: a primary one proves the problem
    /// unsolvable (the first such is noted).
    fn drop_empty(&mut self, j: usize) {
        self.item_alive[j] = false;
        self.stats.items_removed += 1;
        if j < self.primary && self.stats.infeasible.is_none() {
            self.stats.infeasible = Some(j);
        }
    }

    /// Undoes the scratch counts.
    fn reset(&mut self) {
        for &j in &self.touched {
            self.dec[j as usize] = 0;
        }
        self.touched.clear();
    }

    /// Hides option `s` (counts only): whether that empties a primary item not marked
    /// in `in_r` with the current generation.
    fn hide(&mut self, s: usize, skip: u32) -> Option<usize> {
        let mut emptied = None;
        for &(j, _) in &self.opts[s] {
            if j == skip {
                continue;
            }
            let ju = j as usize;
            if self.dec[ju] == 0 {
                self.touched.push(j);
            }
            self.dec[ju] += 1;
            if ju < self.primary && self.dec[ju] == self.len[ju] && self.in_r[ju] != self.generation && emptied.is_none() {
                emptied = Some(ju);
            }
        }
        emptied
    }

    /// A primary item whose every option contains item `c` uncolored, if any.
    fn forcing(&mut self, c: usize) -> Option<usize> {
        self.generation += 1;
        self.in_r[c] = self.generation;
        let mut found = None;
        for idx in 0..self.lists[c].len() {
            let s = self.lists[c][idx] as usize;
            if self.color_in(s, c as u32) != Some(Color::NONE) {
                continue;
            }
            if let Some(p) = self.hide(s, c as u32) {
                found = Some(p);
                break;
            }
        }
        self.reset();
        found
    }

    /// Whether option `r` blocks a primary item it does not contain.
    fn blocks(&mut self, r: usize) -> bool {
        self.generation += 1;
        let g = self.generation;
        for &(i, _) in &self.opts[r] {
            self.in_r[i as usize] = g;
        }
        self.stamp[r] = g;
        let mut blocked = false;
        'items: for e in 0..self.opts[r].len() {
            let (i, x) = self.opts[r][e];
            for idx in 0..self.lists[i as usize].len() {
                let s = self.lists[i as usize][idx] as usize;
                if self.stamp[s] == g || !self.alive[s] {
                    continue;
                }
                let Some(y) = self.color_in(s, i) else { continue };
                if x != Color::NONE && y == x {
                    continue;
                }
                self.stamp[s] = g;
                if self.hide(s, u32::MAX).is_some() {
                    blocked = true;
                    break 'items;
                }
            }
        }
        self.reset();
        blocked
    }

    /// Drops removed options and options no longer containing `i` from `i`'s list.
    fn prune(&mut self, i: usize) {
        let mut list = std::mem::take(&mut self.lists[i]);
        list.retain(|&s| self.alive[s as usize] && self.color_in(s as usize, i as u32).is_some());
        self.lists[i] = list;
    }
}

/// Preprocesses `problem` as Knuth's DLX-PRE does (see the module's documentation), to a
/// fixed point.
///
/// # Errors
/// [`PreprocessError::Multiplicities`] for a problem with multiplicities.
pub fn preprocess(problem: &Problem) -> Result<Preprocessed, PreprocessError> {
    if problem.has_multiplicities() {
        return Err(PreprocessError::Multiplicities);
    }
    let n = problem.items();
    let m = problem.options();
    let opts: Vec<Vec<(u32, Color)>> = (0..m).map(|k| problem.option(k).to_vec()).collect();
    let mut lists = vec![Vec::new(); n];
    for (k, o) in opts.iter().enumerate() {
        for &(i, _) in o {
            lists[i as usize].push(k as u32);
        }
    }
    let len: Vec<u32> = lists.iter().map(|l| l.len() as u32).collect();
    let mut r = Reducer {
        primary: problem.primary_items(),
        opts,
        alive: vec![true; m],
        lists,
        len,
        item_alive: vec![true; n],
        dec: vec![0; n],
        touched: Vec::new(),
        stamp: vec![0; m],
        in_r: vec![0; n],
        generation: 0,
        stats: PreprocessStats::default(),
    };
    for i in 0..n {
        if r.len[i] == 0 {
            r.drop_empty(i);
        }
    }
    while r.stats.infeasible.is_none() {
        r.stats.rounds += 1;
        let mut change = false;
        for c in 0..n {
            if !r.item_alive[c] || r.stats.infeasible.is_some() {
                continue;
            }
            r.prune(c);
            if let Some(p) = r.forcing(c) {
                // Covering p covers c: options with c but not p go; c leaves the others.
                r.item_alive[c] = false;
                r.stats.items_removed += 1;
                for idx in 0..r.lists[c].len() {
                    let s = r.lists[c][idx] as usize;
                    if r.opts[s].iter().any(|&(j, _)| j as usize == p) {
                        r.opts[s].retain(|&(j, _)| j as usize != c);
                        r.len[c] -= 1;
                    } else {
                        r.delete(s);
                    }
                }
                r.lists[c].clear();
                change = true;
                continue;
            }
            // Each option is tried once a round: from its first primary item.
            if c >= r.primary {
                continue;
            }
            let mut doomed = Vec::new();
            for idx in 0..r.lists[c].len() {
                let s = r.lists[c][idx] as usize;
                if r.opts[s].iter().find(|&&(j, _)| (j as usize) < r.primary).is_some_and(|&(j, _)| j as usize == c) && r.blocks(s) {
                    doomed.push(s);
                }
            }
            for s in doomed {
                if r.alive[s] {
                    r.delete(s);
                    change = true;
                }
            }
        }
        if !change {
            break;
        }
    }
    Ok(finish(problem, r))
}

/// The problem left by the reducer `r` of `problem`.
fn finish(problem: &Problem, r: Reducer) -> Preprocessed {
    if let Some(p) = r.stats.infeasible {
        // As DLX-PRE counts: every option and every item go (the one left names the item).
        let stats = PreprocessStats { options_removed: problem.options(), items_removed: problem.items(), ..r.stats };
        return Preprocessed { problem: Problem::new(1, 0), options: Vec::new(), items: vec![p], stats };
    }
    let n = problem.items();
    let items: Vec<usize> = (0..n).filter(|&i| r.item_alive[i]).collect();
    let mut new_of = vec![u32::MAX; n];
    for (k, &i) in items.iter().enumerate() {
        new_of[i] = k as u32;
    }
    let primary = items.iter().filter(|&&i| i < problem.primary_items()).count();
    let mut reduced = Problem::new(primary, items.len() - primary);
    let mut options = Vec::new();
    let mut entries = Vec::new();
    for k in (0..problem.options()).filter(|&k| r.alive[k]) {
        entries.clear();
        entries.extend(r.opts[k].iter().map(|&(i, c)| (new_of[i as usize] as usize, c)));
        let new = reduced.add_colored_option(&entries).expect("a kept option keeps a primary item");
        reduced.set_cost(new, problem.cost(k));
        options.push(k);
    }
    Preprocessed { problem: reduced, options, items, stats: r.stats }
}
