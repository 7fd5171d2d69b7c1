//! The cheapest solutions of a problem whose options have costs (Knuth's program DLX5):
//! branch and bound on the dancing links of [`Solver`], without recursion.
//!
//! As DLX5 does: every primary item is *taxed* the least cost of its options, which is
//! taken off each option that contains it (so every option's *net* cost is nonnegative and
//! every item has an option of net cost 0; a solution's cost is its net cost plus the
//! total tax, the same for every solution), and each item's list is sorted by net cost
//! (stable, so input order breaks ties). The search is Algorithm C with its options tried
//! cheapest first, branching on the item with the fewest options (before any cutoff: the
//! first on ties) or the fewest affordable ones (see below). With the `k`
//! cheapest solutions found so far, the cutoff is the `k`-th cost: an option whose net
//! cost would reach it ends its item's list (the rest cost as much or more), and a node is
//! abandoned when the cost so far plus a lower bound on the rest reaches it: the largest
//! of the uncovered items' cheapest options (each must still pay at least that), or the
//! two bounds of `Shares` (cheapest options spread over their items; the sum over items no
//! option holds two of, where DLX5 with its `z` parameter sums minima over groups its user
//! names). With the cutoff one above the least cost found instead, every solution of the
//! least cost is reached and counted ([`Solver::count_cheapest`]). As in
//! DLX5, a cover hides only the options that could still be afforded below it (its
//! threshold: the cutoff less the cost with the option tried), and the branching item is
//! the one with the fewest affordable options. Garfinkel and Nemhauser (Operations
//! Research 17, 1969) used the plain cutoff.

use super::Solver;
use crate::Problem;
use std::collections::BinaryHeap;

/// A solution with its cost (the sum of its options' costs), its options in increasing
/// order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priced {
    /// The total cost of the options.
    pub cost: u128,
    /// The options' numbers, increasing.
    pub options: Vec<usize>,
}

/// Why the cheapest solutions cannot be searched for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CostError {
    /// Costs with multiplicities (Algorithm M) on dancing links, or on a problem past the
    /// limits of the bitset search that takes them ([`crate::strategy::cheapest`]).
    #[error("costs with multiplicities need the bitset search, and this problem is past its limits")]
    Multiplicities,
}

/// What a cheapest-solutions search did: nodes entered and the solutions it found on the
/// way (each cheaper than the cutoff when found), besides the answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CostStats {
    /// Search-tree nodes entered.
    pub nodes: u64,
    /// Solutions found under the cutoff of their time (the answer's and those it displaced).
    pub found: u64,
    /// The total tax (subtracted from every option that holds a taxed item).
    pub tax: u128,
}

/// One found solution in the heap of the `k` best: by cost, then by the order found (the
/// later one is dropped first on a tie).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Found {
    net: u128,
    seq: u64,
    options: Vec<usize>,
}

/// The second lower bound of [`Solver::choose_priced`]: a solution pays each uncovered
/// primary item `i` at least its cheapest live option's net cost spread over that
/// option's primary items, so at least `cheapest(i) / len(i)` where `len(i)` is the most
/// primary items of any option containing `i`. In integers: `lcm` is the least common
/// multiple of every `len(i)`, and `weight[i] = lcm / len(i)` (indexed by item number, 0
/// unused); the bound is the sum of `cheapest(i) * weight[i]`, divided by `lcm` and
/// rounded up (costs are integers).
///
/// The third: items no option holds two of are paid separately, so the sum of their
/// cheapest costs is a bound. `apart[i]` (item number, 0 unused) is the bitset, over item
/// numbers, of the primary items that share some option with `i` (`words` words each;
/// empty past [`APART_MAX_ITEMS`] primary items, when the bound is not used); at each
/// node the uncovered items are taken dearest cheapest option first, each kept when no
/// item kept shares an option with it (greedy). DLX5 sums such minima over groups of
/// items that its user names (its `z` parameter); these sets are found at each node.
pub(crate) struct Shares {
    pub(crate) lcm: u64,
    pub(crate) weight: Vec<u64>,
    pub(crate) apart: Vec<u64>,
    words: usize,
}

/// The most primary items for which the third bound of [`Shares`] is kept (its bitsets
/// take `items^2 / 8` bytes: 2 MB at this size).
pub const APART_MAX_ITEMS: usize = 4096;

impl Shares {
    /// The shares of `problem`'s primary items (a least common multiple past 2^20 falls
    /// back to 1 with every weight 0: no bound).
    pub(crate) fn new(problem: &Problem) -> Shares {
        let n1 = problem.primary_items();
        let mut len = vec![1u64; n1 + 1];
        for k in 0..problem.options() {
            let o = problem.option(k);
            let prim = o.iter().filter(|&&(i, _)| (i as usize) < n1).count() as u64;
            for &(i, _) in o {
                if (i as usize) < n1 {
                    len[i as usize + 1] = len[i as usize + 1].max(prim);
                }
            }
        }
        let gcd = |mut a: u64, mut b: u64| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let words = (n1 + 1).div_ceil(64);
        let mut apart = Vec::new();
        if n1 <= APART_MAX_ITEMS {
            apart = vec![0u64; (n1 + 1) * words];
            let mut prim = Vec::new();
            for k in 0..problem.options() {
                prim.clear();
                prim.extend(problem.option(k).iter().map(|&(i, _)| i as usize + 1).filter(|&i| i <= n1));
                for &a in &prim {
                    for &b in &prim {
                        apart[a * words + b / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        // Kept only where some three items share no option (greedily, in item order):
        // else no node has a set of them to add up, and the greedy pass only costs time
        // (random problems whose items all meet: 20% slower).
        if !apart.is_empty() {
            let mut blocked = vec![0u64; words];
            let mut size = 0;
            for i in 1..=n1 {
                if blocked[i / 64] >> (i % 64) & 1 == 0 {
                    size += 1;
                    for (b, &a) in blocked.iter_mut().zip(&apart[i * words..(i + 1) * words]) {
                        *b |= a;
                    }
                }
            }
            if size < 3 {
                apart.clear();
            }
        }
        let mut lcm = 1u64;
        for &l in &len[1..] {
            lcm = lcm / gcd(lcm, l) * l;
            if lcm > 1 << 20 {
                return Shares { lcm: 1, weight: vec![0; n1 + 1], apart, words };
            }
        }
        Shares { lcm, weight: len.iter().map(|&l| lcm / l).collect(), apart, words }
    }

    /// The third bound: over `need` (each uncovered item's least cost to pay, with its
    /// number; reordered here), dearest first, the sum of the costs of the items kept,
    /// each kept when it shares no option with an item kept before (greedy). 0 when the
    /// bound is not kept.
    pub(crate) fn apart_sum(&self, need: &mut [(u128, u32)]) -> u128 {
        if self.apart.is_empty() {
            return 0;
        }
        need.sort_unstable_by(|a, b| b.cmp(a));
        let w = self.words;
        let mut blocked = [0u64; 64];
        let blocked = if w <= 64 { &mut blocked[..w] } else { &mut vec![0u64; w][..] };
        let mut sum: u128 = 0;
        for &(c, i) in need.iter() {
            let i = i as usize;
            if blocked[i / 64] >> (i % 64) & 1 == 0 {
                sum += c;
                for (b, &a) in blocked.iter_mut().zip(&self.apart[i * w..(i + 1) * w]) {
                    *b |= a;
                }
            }
        }
        sum
    }
}

/// What a branch and bound keeps of the solutions it finds: the `k` cheapest (a max-heap),
/// or the least cost and how many solutions have it.
pub(crate) enum Keep {
    Best { k: usize, heap: BinaryHeap<Found>, seq: u64 },
    Ties { least: Option<u128>, count: u128 },
}

impl Keep {
    /// Keeps the `k` cheapest solutions.
    pub(crate) fn best(k: usize) -> Keep {
        Keep::Best { k, heap: BinaryHeap::new(), seq: 0 }
    }

    /// Keeps the least cost and how many solutions have it.
    pub(crate) fn ties() -> Keep {
        Keep::Ties { least: None, count: 0 }
    }

    /// The cost a node must stay under: the `k`-th cost once `k` are kept (none before),
    /// or one more than the least cost (solutions that tie are counted).
    pub(crate) fn cutoff(&self) -> u128 {
        match self {
            Keep::Best { k, heap, .. } if heap.len() >= *k => heap.peek().map_or(u128::MAX, |f| f.net),
            Keep::Best { .. } => u128::MAX,
            Keep::Ties { least: Some(c), .. } => c.saturating_add(1),
            Keep::Ties { least: None, .. } => u128::MAX,
        }
    }

    /// The `k` best kept, cheapest first, their costs with `tax` added.
    pub(crate) fn into_best(self, tax: u128) -> Vec<Priced> {
        let Keep::Best { heap, .. } = self else { unreachable!("kept as the best") };
        let mut list: Vec<Found> = heap.into_vec();
        list.sort();
        list.into_iter().map(|f| Priced { cost: f.net + tax, options: f.options }).collect()
    }

    /// The least cost kept (with `tax` added) and how many solutions have it.
    pub(crate) fn into_ties(self, tax: u128) -> Option<(u128, u128)> {
        let Keep::Ties { least, count } = self else { unreachable!("kept as ties") };
        least.map(|c| (c + tax, count))
    }

    /// Keeps a solution of net cost `net` (its options given by `options` when needed).
    pub(crate) fn found(&mut self, net: u128, options: impl FnOnce() -> Vec<usize>) {
        match self {
            Keep::Best { k, heap, seq } => {
                *seq += 1;
                heap.push(Found { net, seq: *seq, options: options() });
                if heap.len() > *k {
                    heap.pop();
                }
            }
            Keep::Ties { least, count } => {
                if least.is_none_or(|c| net < c) {
                    *least = Some(net);
                    *count = 1;
                } else if *least == Some(net) {
                    *count = count.saturating_add(1);
                }
            }
        }
    }
}

/// DLX5's taxes: each primary item that every solution covers the same number of times
/// (`lo = hi`, so every item of a problem without multiplicities), in item order, is
/// taxed the least net cost of its options, which is taken off each of them (net costs
/// so far, so none goes negative) and paid `lo` times. Returns every option's net cost
/// and the total tax, which every solution pays.
pub(crate) fn taxed_costs(problem: &Problem) -> (Vec<u64>, u128) {
    let n1 = problem.primary_items();
    let mut by_item: Vec<Vec<usize>> = vec![Vec::new(); n1];
    for k in 0..problem.options() {
        for &(i, _) in problem.option(k) {
            if (i as usize) < n1 {
                by_item[i as usize].push(k);
            }
        }
    }
    let mut net: Vec<u64> = (0..problem.options()).map(|k| problem.cost(k)).collect();
    let mut tax: u128 = 0;
    for (i, list) in by_item.iter().enumerate() {
        let (lo, hi) = problem.multiplicity(i);
        if lo != hi {
            continue;
        }
        let Some(least) = list.iter().map(|&k| net[k]).min() else { continue };
        tax += u128::from(least) * u128::from(lo);
        for &k in list {
            net[k] -= least;
        }
    }
    (net, tax)
}

impl Solver {
    /// The least total cost of a solution of `problem` and how many solutions have it
    /// (`None` when there is no solution; the count saturates at 2^128 - 1): the branch
    /// and bound of [`Solver::cheapest`] with the cutoff one above the least cost found,
    /// so that every solution of that cost is reached.
    ///
    /// Errors: [`CostError::Multiplicities`]. Stops early (with what it has) when
    /// [`crate::interrupt`] asks.
    pub fn count_cheapest(problem: &Problem) -> Result<(Option<(u128, u128)>, CostStats), CostError> {
        if problem.has_multiplicities() {
            return Err(CostError::Multiplicities);
        }
        let mut keep = Keep::ties();
        let stats = Solver::search_priced(problem, &mut keep);
        Ok((keep.into_ties(stats.tax), stats))
    }

    /// Runs the branch and bound on `problem` (taxed, its lists sorted), keeping in `keep`
    /// what it asks of the solutions found; the statistics, with the total tax.
    pub(crate) fn search_priced(problem: &Problem, keep: &mut Keep) -> CostStats {
        let mut s = Solver::new(problem);
        // The search keeps no count of empty lists (its own item choice reads the lists).
        s.track = false;
        let (cost, tax) = s.tax_and_sort(problem);
        let mut stats = CostStats { tax, ..CostStats::default() };
        if !matches!(keep, Keep::Best { k: 0, .. }) {
            s.branch_and_bound(&cost, &Shares::new(problem), keep, &mut stats);
        }
        stats
    }

    /// The `k` cheapest solutions of `problem` by the costs of its options
    /// ([`Problem::set_cost`]), cheapest first; among solutions of equal cost, those the
    /// search meets first (see the module's documentation). Fewer than `k` when the
    /// problem has fewer solutions; none when it has none. Colors are allowed.
    ///
    /// Errors: [`CostError::Multiplicities`]. Stops early (with what it has) when
    /// [`crate::interrupt`] asks.
    pub fn cheapest(problem: &Problem, k: usize) -> Result<(Vec<Priced>, CostStats), CostError> {
        if problem.has_multiplicities() {
            return Err(CostError::Multiplicities);
        }
        let mut keep = Keep::best(k);
        let stats = Solver::search_priced(problem, &mut keep);
        Ok((keep.into_best(stats.tax), stats))
    }

    /// Taxes the primary items and sorts every item's list by net cost (see the module's
    /// documentation). Returns each node's net cost (0 for headers and spacers) and the
    /// total tax.
    fn tax_and_sort(&mut self, problem: &Problem) -> (Vec<u64>, u128) {
        let n = self.llink.len() - 2;
        // Each option's nodes, in the layout of `Solver::new`: after the first spacer at
        // n + 1, option k's nodes and then its spacer.
        let (net, tax) = taxed_costs(problem);
        let mut option_of = vec![usize::MAX; self.nodes.len()];
        let mut p = n + 2;
        for (k, len) in (0..problem.options()).map(|k| (k, problem.option(k).len())) {
            option_of[p..p + len].fill(k);
            p += len + 1;
        }
        let cost: Vec<u64> = option_of.iter().map(|&k| if k == usize::MAX { 0 } else { net[k] }).collect();
        // Sort each item's list by net cost, stable (nodes are in input order).
        let mut list = Vec::new();
        for i in 1..=n {
            list.clear();
            let mut q = self.nodes[i].down as usize;
            while q != i {
                list.push(q);
                q = self.nodes[q].down as usize;
            }
            list.sort_by_key(|&q| cost[q]);
            let mut prev = i;
            for &q in &list {
                self.nodes[prev].down = q as u32;
                self.nodes[q].up = prev as u32;
                prev = q;
            }
            self.nodes[prev].down = i as u32;
            self.nodes[i].up = prev as u32;
        }
        (cost, tax)
    }

    /// The search: Algorithm C with the cutoff and the bound of the module's
    /// documentation, keeping in `best` what it asks of the solutions found (net costs).
    fn branch_and_bound(&mut self, cost: &[u64], shares: &Shares, best: &mut Keep, stats: &mut CostStats) {
        let cutoff = |best: &Keep| best.cutoff();
        // Per level: the item branched on, the option node tried, the cost before it.
        let mut item: Vec<usize> = Vec::new();
        let mut chosen: Vec<usize> = Vec::new();
        let mut paid: Vec<u128> = Vec::new();
        // Per level, the threshold its item was covered with and the one its option was
        // committed with (see `cover_below`).
        let mut thr_item: Vec<u128> = Vec::new();
        let mut thr_option: Vec<u128> = Vec::new();
        let mut curcost: u128 = 0;
        let mut dear = Vec::new();
        'enter: loop {
            stats.nodes += 1;
            if crate::interrupt::poll(stats.nodes) {
                return;
            }
            // Enter a node: a solution, a node the bound abandons, or its item covered.
            let mut open = false;
            if self.rlink[0] == 0 {
                stats.found += 1;
                best.found(curcost, || {
                    let mut options: Vec<usize> = chosen.iter().map(|&x| self.option_of(x)).collect();
                    options.sort_unstable();
                    options
                });
            } else {
                let (i, bound) = self.choose_priced(cost, shares, &mut dear, curcost, cutoff(best));
                if curcost.saturating_add(bound) < cutoff(best) {
                    let first = self.nodes[i].down as usize;
                    let thr = cutoff(best).saturating_sub(curcost + u128::from(cost[first]));
                    self.cover_below(i, thr, cost);
                    item.push(i);
                    chosen.push(first);
                    paid.push(curcost);
                    thr_item.push(thr);
                    thr_option.push(0);
                    open = true;
                }
            }
            // Try the next option of the deepest open level, backing up as needed.
            let mut fresh = open;
            loop {
                let Some(&i) = item.last() else {
                    return;
                };
                let l = item.len() - 1;
                if !fresh {
                    // Coming back to level l: undo its option and move to the next.
                    self.uncommit_below(chosen[l], thr_option[l], cost);
                    chosen[l] = self.nodes[chosen[l]].down as usize;
                }
                fresh = false;
                let x = chosen[l];
                let next = paid[l] + u128::from(cost[x]);
                if x == i || next >= cutoff(best) {
                    // The list is done, or the rest of it costs too much (sorted).
                    self.uncover_below(i, thr_item[l], cost);
                    item.pop();
                    chosen.pop();
                    paid.pop();
                    thr_item.pop();
                    thr_option.pop();
                    continue;
                }
                thr_option[l] = cutoff(best).saturating_sub(next);
                self.commit_below(x, thr_option[l], cost);
                curcost = next;
                continue 'enter;
            }
        }
    }

    /// Covers item `i` hiding only the options of its list whose net cost is below
    /// `thr` (DLX5's cover with a threshold; the list is sorted, so it stops at the first
    /// dear one). An option left in place costs too much for any node below: the
    /// thresholds only fall with depth (the cost so far grows and the cutoff falls), so no
    /// deeper cover hides it and no count or choice below takes it.
    fn cover_below(&mut self, i: usize, thr: u128, cost: &[u64]) {
        let mut p = self.nodes[i].down as usize;
        while p != i && u128::from(cost[p]) < thr {
            self.hide(p);
            p = self.nodes[p].down as usize;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        self.stats.updates += 1;
    }

    /// Undoes [`Solver::cover_below`] with the same threshold: the options it hid are the
    /// first ones of the list, unhidden last first.
    fn uncover_below(&mut self, i: usize, thr: u128, cost: &[u64]) {
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = i as u32;
        self.llink[r as usize] = i as u32;
        let mut last = self.last_below(i, thr, cost);
        while last != i {
            self.unhide(last);
            last = self.nodes[last].up as usize;
        }
    }

    /// The last node of item `i`'s list whose net cost is below `thr` (`i` itself when
    /// none is): where undoing a cover or purify with that threshold starts, going up.
    fn last_below(&self, i: usize, thr: u128, cost: &[u64]) -> usize {
        let mut last = i;
        let mut p = self.nodes[i].down as usize;
        while p != i && u128::from(cost[p]) < thr {
            last = p;
            p = self.nodes[p].down as usize;
        }
        last
    }

    /// Keeps only the options of secondary item `i` (below `thr`) that give it the color
    /// `c` of node `p`, as [`Solver::cover_below`] with DLX2's purify.
    fn purify_below(&mut self, p: usize, c: i32, i: usize, thr: u128, cost: &[u64]) {
        self.purified[i] = c;
        let mut q = self.nodes[i].down as usize;
        while q != i && u128::from(cost[q]) < thr {
            if self.nodes[q].color == c {
                if q != p {
                    self.nodes[q].color = -1;
                }
            } else {
                self.hide(q);
            }
            q = self.nodes[q].down as usize;
        }
    }

    /// Undoes [`Solver::purify_below`] with the same threshold, last first.
    fn unpurify_below(&mut self, p: usize, c: i32, i: usize, thr: u128, cost: &[u64]) {
        self.purified[i] = 0;
        let mut last = self.last_below(i, thr, cost);
        while last != i {
            if self.nodes[last].color < 0 {
                self.nodes[last].color = c;
            } else if last != p {
                self.unhide(last);
            }
            last = self.nodes[last].up as usize;
        }
    }

    /// Covers or purifies the other items of `x`'s option with threshold `thr`.
    fn commit_below(&mut self, x: usize, thr: u128, cost: &[u64]) {
        self.each_other_node(x, true, |s, p, j| match s.nodes[p].color {
            0 => s.cover_below(j, thr, cost),
            c if c > 0 => s.purify_below(p, c, j, thr, cost),
            _ => {}
        });
    }

    /// Undoes [`Solver::commit_below`] with the same threshold, in reverse order.
    fn uncommit_below(&mut self, x: usize, thr: u128, cost: &[u64]) {
        self.each_other_node(x, false, |s, p, j| match s.nodes[p].color {
            0 => s.uncover_below(j, thr, cost),
            c if c > 0 => s.unpurify_below(p, c, j, thr, cost),
            _ => {}
        });
    }

    /// The item to branch on and a lower bound on what the uncovered items still cost.
    ///
    /// Without a cutoff yet: the active primary item with the fewest options (the first
    /// on ties). With one: the item with the fewest *affordable* options, those whose net
    /// cost keeps `curcost` under the cutoff (the lists are sorted, so counting stops at
    /// the first dear one, and at one more than the best so far), preferring on ties the
    /// item whose cheapest option is dearest (it must be paid anyway; DLX5's rule). The
    /// bound is the largest of the uncovered items' cheapest net costs (each must still
    /// pay at least that), or `u128::MAX` when some item has no affordable option: the
    /// node is a dead end.
    fn choose_priced(&self, cost: &[u64], shares: &Shares, dear: &mut Vec<(u128, u32)>, curcost: u128, cutoff: u128) -> (usize, u128) {
        let room = cutoff.saturating_sub(curcost);
        let mut best = self.rlink[0] as usize;
        let mut best_n = u64::MAX;
        let mut best_cheapest = 0u64;
        let mut bound = 0u64;
        let mut spread: u128 = 0;
        dear.clear();
        let greedy = !shares.apart.is_empty();
        let mut dear_sum: u128 = 0;
        let mut p = best;
        while p != 0 {
            let len = self.nodes[p].top;
            if len == 0 {
                return (p, u128::MAX);
            }
            let first = self.nodes[p].down as usize;
            let cheapest = cost[first];
            if u128::from(cheapest) >= room {
                return (p, u128::MAX);
            }
            bound = bound.max(cheapest);
            spread += u128::from(cheapest) * u128::from(shares.weight[p]);
            if greedy && cheapest > 0 {
                dear.push((u128::from(cheapest), p as u32));
                dear_sum += u128::from(cheapest);
            }
            let n = if room == u128::MAX {
                len as u64
            } else {
                // Affordable options, counted up to one more than the best so far.
                let mut n = 0u64;
                let mut q = first;
                while q != p && u128::from(cost[q]) < room && n <= best_n {
                    n += 1;
                    q = self.nodes[q].down as usize;
                }
                n
            };
            if n < best_n || (n == best_n && cheapest > best_cheapest) {
                best = p;
                best_n = n;
                best_cheapest = cheapest;
            }
            p = self.rlink[p] as usize;
        }
        let mut bound = u128::from(bound).max(spread.div_ceil(u128::from(shares.lcm)));
        // The greedy sum is at most the sum of every cheapest cost: only when that would
        // reach the cutoff (and the other bounds do not) can it abandon the node.
        if dear.len() > 1 && curcost.saturating_add(bound) < cutoff && curcost + dear_sum >= cutoff {
            bound = bound.max(shares.apart_sum(dear));
        }
        (best, bound)
    }
}
