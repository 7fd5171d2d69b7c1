//! The cheapest solutions (Knuth's DLX5) on live-option bitsets: the branch and bound of
//! [`crate::Solver::cheapest`], with the state of a node one bit per option still
//! compatible with the options chosen (as [`super::BitSolver`]) and, per primary item, how
//! many chosen options cover it. Multiplicities (`lo:hi`, Algorithm M) are allowed, with
//! colors.
//!
//! Taxes: a primary item that every solution covers the same number of times (`lo = hi`,
//! so every item of a problem without multiplicities) is taxed as DLX5 taxes it: the least
//! net cost of its options is taken off each of them and paid `lo` times up front; items
//! with `lo < hi` are not taxed. The options are then renumbered by net cost (stable, so
//! input order breaks ties), which makes three things cheap:
//! - an item's cheapest live option is the lowest bit of its options and the live bits;
//! - the options a node can still afford (net cost below the cutoff less the cost so far)
//!   are a prefix of the numbering, so scans stop at the first word past it: as the
//!   cutoff falls, whole words of dear options are never read again;
//! - an item's options come in order of cost when its bits are read in order.
//!
//! A node branches on the primary item below its lower bound with the fewest affordable
//! live options beyond the number it still needs (without multiplicities: the fewest
//! affordable options, DLX5's rule), ties to the item whose cheapest need is dearest, then
//! to the first in item order; child `j` takes its `j`-th affordable option and gives up
//! the ones before it (each solution below lies under exactly one child: the one of its
//! first option in that item's order). A node whose items all reach their lower bounds is
//! a solution; with multiplicities its children add one more live option each (giving up
//! those before it), so every set of options is reached once.
//!
//! A node is abandoned when the cost so far plus a lower bound on what the unsatisfied
//! items still cost reaches the cutoff. Each item `i` needs `r = lo - count` more options;
//! `need(i)` is the net cost of its `r` cheapest affordable live options. The bounds:
//! - the largest `need(i)` (DLX5's);
//! - `need(i)` spread over the primary items of the options holding `i` (see `Shares`);
//! - a feasible solution of the dual of the linear relaxation ("dual ascent", as in
//!   Balas and Ho's set-covering heuristics, Math. Programming Study 12, 1980): items
//!   dearest `need` first, each priced at the least *slack* of its affordable live options
//!   (an option's slack: its net cost less the prices of its items so far), its price
//!   then taken off each of them. No option's prices add up past its cost, so the prices
//!   times `r` bound the rest. It replaces the sum over items no option holds two of,
//!   which it contains (such items keep their whole `need` as price), and is computed
//!   only when the sum of the `need`s could reach the cutoff. On the random priced problem
//!   of `scripts/priced-problems.py` (60 items, 800 options) it cut the nodes from 8.1 million (DLX5's bounds) to 1.5 million.

use super::Tables;
use crate::solver::cost::{taxed_costs, CostStats, Keep, Shares};
use crate::Problem;

/// A node's items: the one to branch on (`None` when every item reached its lower bound:
/// a solution) and the bound on the cost of the rest (`u128::MAX`: a dead end).
struct Choice {
    item: Option<usize>,
    bound: u128,
}

/// The search's fixed data, in the numbering by net cost.
struct Priced {
    t: Tables,
    /// Net cost of each option (increasing).
    net: Vec<u64>,
    /// The original number of each option.
    original: Vec<usize>,
    /// Per primary item its multiplicity.
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// Whether some item has a multiplicity other than exactly once (Algorithm M's state:
    /// options are cleared when an item reaches `hi`, and solutions may grow).
    multiple: bool,
    shares: Shares,
    /// Per primary item its options as a dense bitset: `rows[i * words..(i + 1) * words]`.
    rows: Vec<u64>,
}

/// Scratch space of [`Priced::choose`]: the live options a node can afford, per
/// unsatisfied item its least cost to pay, its number and its need, and for the dual bound each
/// option's slack (valid where `stamp` is `gen`) and an item's options.
#[derive(Default)]
struct Scratch {
    aff: Vec<u64>,
    need: Vec<(u128, u32, u32)>,
    slack: Vec<u64>,
    stamp: Vec<u32>,
    gen: u32,
    opts: Vec<u32>,
}

/// Runs the branch and bound on bitsets, keeping in `keep` what it asks of the solutions
/// found (their costs net of the tax), or declines (`None`) when `problem` is past the
/// bitset tables' limits ([`super::MAX_PAIRS`], [`super::MAX_FRAMES`]), when its frames
/// (`options / 8 + 4 * primary` bytes, one per level) could pass `MAX_FRAMES` at the
/// deepest level it can reach, or when its dense rows (`options / 8` bytes per primary
/// item) would.
pub(crate) fn search(problem: &Problem, keep: &mut Keep) -> Option<CostStats> {
    let (priced, tax) = prepare(problem)?;
    let mut stats = CostStats { tax, ..CostStats::default() };
    if !matches!(keep, Keep::Best { k: 0, .. }) {
        priced.run(keep, &mut stats);
    }
    Some(stats)
}

/// The search's data and the total tax, or `None` past the limits of [`search`].
fn prepare(problem: &Problem) -> Option<(Priced, u128)> {
    let n = problem.options();
    let n1 = problem.primary_items();
    let (lo, hi): (Vec<u32>, Vec<u32>) = (0..n1).map(|i| problem.multiplicity(i)).unzip();
    let multiple = problem.has_multiplicities();
    // The deepest level: one option a level, each covering a primary item below `hi`.
    let depth = hi.iter().map(|&h| u64::from(h)).sum::<u64>().min(n as u64) + 1;
    let frame = (n.div_ceil(64) * 8 + n1 * 4) as u64;
    // The frames, and the dense rows of options per primary item.
    if frame.saturating_mul(depth) > super::MAX_FRAMES || (n.div_ceil(64) * 8) as u64 * n1 as u64 > super::MAX_FRAMES {
        return None;
    }
    let (net, tax) = taxed_costs(problem);
    let mut original: Vec<usize> = (0..n).collect();
    original.sort_by_key(|&k| net[k]);
    let mut sorted = Problem::new(n1, problem.secondary_items());
    for &k in &original {
        let items: Vec<(usize, crate::Color)> = problem.option(k).iter().map(|&(i, c)| (i as usize, c)).collect();
        sorted.add_colored_option(&items).ok()?;
    }
    let t = Tables::build(&sorted, !multiple)?;
    let shares = Shares::new(&sorted);
    let net = original.iter().map(|&k| net[k]).collect();
    let words = t.words;
    let mut rows = vec![0u64; n1 * words];
    for i in 0..n1 {
        for j in t.item_start[i] as usize..t.item_start[i + 1] as usize {
            rows[i * words + t.item_word[j] as usize] = t.item_bits[j];
        }
    }
    Some((Priced { t, net, original, lo, hi, multiple, shares, rows }, tax))
}

impl Priced {
    /// The number of options whose net cost is below `room` (a prefix).
    fn affordable(&self, room: u128) -> usize {
        self.net.partition_point(|&c| u128::from(c) < room)
    }

    /// The item to branch on at a node with live bits `live`, counts `count` and
    /// `afford` options affordable, and the bound (see the module's documentation);
    /// `scratch` is reused from node to node.
    fn choose(&self, live: &[u64], count: &[u32], afford: usize, room: u128, scratch: &mut Scratch) -> Choice {
        let t = &self.t;
        let w = t.words;
        // The live options below `afford`, and the words that hold any.
        let used = afford.div_ceil(64);
        let aff = &mut scratch.aff;
        aff.clear();
        aff.extend_from_slice(&live[..used]);
        if !afford.is_multiple_of(64) {
            aff[used - 1] &= (1u64 << (afford % 64)) - 1;
        }
        let aff = &scratch.aff;
        let need = &mut scratch.need;
        let mut best: Option<usize> = None;
        let mut best_key = u64::MAX;
        let mut best_need = 0u128;
        let mut most = 0u128;
        let mut spread = 0u128;
        let mut need_sum = 0u128;
        need.clear();
        for (i, (&c, &lo)) in count.iter().zip(&self.lo).enumerate() {
            if c >= lo {
                continue;
            }
            let r = u64::from(lo - c);
            let row = &self.rows[i * w..i * w + used];
            // The first word with an affordable live option (options come by cost).
            let Some(start) = row.iter().zip(aff).position(|(&a, &b)| a & b != 0) else {
                return Choice { item: Some(i), bound: u128::MAX };
            };
            // The net costs of the first `r` (the cheapest).
            let mut cost = 0u128;
            let mut taken = 0u64;
            for (k, (&a, &b)) in row[start..].iter().zip(&aff[start..]).enumerate() {
                let mut bits = a & b;
                while taken < r && bits != 0 {
                    cost += u128::from(self.net[(start + k) * 64 + bits.trailing_zeros() as usize]);
                    taken += 1;
                    bits &= bits - 1;
                }
                if taken == r {
                    break;
                }
            }
            if taken < r || cost >= room {
                return Choice { item: Some(i), bound: u128::MAX };
            }
            // How many, in blocks of 4 words, up to what can beat the best.
            let mut n = 0u64;
            for (ra, rb) in row[start..].chunks(4).zip(aff[start..].chunks(4)) {
                n += ra.iter().zip(rb).map(|(&a, &b)| u64::from((a & b).count_ones())).sum::<u64>();
                if n - r > best_key {
                    break;
                }
            }
            most = most.max(cost);
            spread += cost * u128::from(self.shares.weight[i + 1]);
            if cost > 0 {
                need.push((cost, i as u32, r as u32));
                need_sum += cost;
            }
            let key = n - r;
            if key < best_key || (key == best_key && cost > best_need) {
                best = Some(i);
                best_key = key;
                best_need = cost;
            }
        }
        let mut bound = most.max(spread.div_ceil(u128::from(self.shares.lcm)));
        if need.len() > 1 && bound < room && need_sum >= room {
            bound = bound.max(self.dual_sum(room, scratch));
        }
        Choice { item: best, bound }
    }

    /// The dual bound (see the module's documentation): over `scratch.need` (per
    /// unsatisfied item its least cost to pay, its number and how many more options it
    /// needs; reordered here), dearest
    /// first, each item gets as price the least slack of its live options below the
    /// afforded prefix (`scratch.aff`), which is then taken off each of them (an option's
    /// slack starts at its net cost). The prices, each times its item's need, add up to a
    /// lower bound: every option's prices sum to at most its cost. Stops once the sum reaches `room`.
    fn dual_sum(&self, room: u128, scratch: &mut Scratch) -> u128 {
        let w = self.t.words;
        let Scratch { aff, need, slack, stamp, gen, opts } = scratch;
        need.sort_unstable_by(|a, b| b.cmp(a));
        if slack.len() < self.net.len() {
            slack.resize(self.net.len(), 0);
            stamp.resize(self.net.len(), 0);
        }
        *gen = gen.wrapping_add(1);
        if *gen == 0 {
            stamp.fill(0);
            *gen = 1;
        }
        let g = *gen;
        let mut sum: u128 = 0;
        for &(_, i, r) in need.iter() {
            let i = i as usize;
            let mut y = u64::MAX;
            opts.clear();
            for (k, (&a, &b)) in self.rows[i * w..].iter().zip(aff.iter()).enumerate() {
                let mut bits = a & b;
                while bits != 0 {
                    let x = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if stamp[x] != g {
                        stamp[x] = g;
                        slack[x] = self.net[x];
                    }
                    y = y.min(slack[x]);
                    opts.push(x as u32);
                }
            }
            if y == 0 || y == u64::MAX {
                continue;
            }
            sum += u128::from(y) * u128::from(r);
            if sum >= room {
                break;
            }
            for &x in opts.iter() {
                slack[x as usize] -= y;
            }
        }
        sum
    }

    /// The branch and bound, without recursion.
    fn run(&self, keep: &mut Keep, stats: &mut CostStats) {
        let t = &self.t;
        let w = t.words;
        let n1 = t.primary;
        // Frame `l`: live bits `live[l * w..]`, counts `count[l * n1..]`; per level the
        // item branched on (`u32::MAX`: every live option, below a solution with
        // multiplicities), the option tried and the cost before it.
        let mut live = t.initial_live();
        let mut count = vec![0u32; n1];
        let mut item: Vec<u32> = Vec::new();
        let mut tried: Vec<usize> = Vec::new();
        let mut paid: Vec<u128> = Vec::new();
        let mut scratch = Scratch::default();
        let mut curcost: u128 = 0;
        'enter: loop {
            stats.nodes += 1;
            if crate::interrupt::poll(stats.nodes) {
                return;
            }
            let l = item.len();
            let room = keep.cutoff().saturating_sub(curcost);
            let afford = self.affordable(room);
            let choice = self.choose(&live[l * w..(l + 1) * w], &count[l * n1..(l + 1) * n1], afford, room, &mut scratch);
            let mut open = false;
            match choice.item {
                None => {
                    stats.found += 1;
                    keep.found(curcost, || {
                        let mut options: Vec<usize> = tried.iter().map(|&x| self.original[x]).collect();
                        options.sort_unstable();
                        options
                    });
                    if self.multiple {
                        item.push(u32::MAX);
                        open = true;
                    }
                }
                Some(i) if choice.bound < room => {
                    item.push(i as u32);
                    open = true;
                }
                Some(_) => {}
            }
            if open {
                tried.push(usize::MAX);
                paid.push(curcost);
                if live.len() < (l + 2) * w {
                    live.resize((l + 2) * w, 0);
                    count.resize((l + 2) * n1, 0);
                }
            }
            // Try the next option of the deepest open level, backing up as needed.
            loop {
                let Some(&i) = item.last() else {
                    return;
                };
                let l = item.len() - 1;
                let x = tried[l];
                if x != usize::MAX {
                    // Later siblings give up the option tried.
                    live[l * w + x / 64] &= !(1 << (x % 64));
                }
                let room = keep.cutoff().saturating_sub(paid[l]);
                let next = self.next_option(&live[l * w..(l + 1) * w], i, self.affordable(room));
                let Some(x) = next else {
                    item.pop();
                    tried.pop();
                    paid.pop();
                    continue;
                };
                tried[l] = x;
                curcost = paid[l] + u128::from(self.net[x]);
                let (head, rest) = live.split_at_mut((l + 1) * w);
                let child = &mut rest[..w];
                child.copy_from_slice(&head[l * w..]);
                let (head, rest) = count.split_at_mut((l + 1) * n1);
                let counts = &mut rest[..n1];
                counts.copy_from_slice(&head[l * n1..]);
                self.commit(child, counts, x);
                continue 'enter;
            }
        }
    }

    /// The first live option, affordable (below `afford`), of item `i` (`u32::MAX`: of
    /// all options).
    fn next_option(&self, live: &[u64], i: u32, afford: usize) -> Option<usize> {
        let t = &self.t;
        let found = if i == u32::MAX {
            live.iter().enumerate().find(|(_, &b)| b != 0).map(|(w, &b)| w * 64 + b.trailing_zeros() as usize)
        } else {
            let i = i as usize;
            (t.item_start[i] as usize..t.item_start[i + 1] as usize).find_map(|j| {
                let w = t.item_word[j] as usize;
                let bits = t.item_bits[j] & live[w];
                (bits != 0).then(|| w * 64 + bits.trailing_zeros() as usize)
            })
        };
        found.filter(|&x| x < afford)
    }

    /// Takes option `x` in the frame `live`, `count`: clears the options it excludes and
    /// counts its primary items.
    fn commit(&self, live: &mut [u64], count: &mut [u32], x: usize) {
        let t = &self.t;
        for j in t.conf_start[x] as usize..t.conf_start[x + 1] as usize {
            live[t.conf_word[j] as usize] &= !t.conf_bits[j];
        }
        live[x / 64] &= !(1 << (x % 64));
        for &i in &t.opt_items[t.opt_start[x] as usize..t.opt_start[x + 1] as usize] {
            let i = i as usize;
            count[i] += 1;
            if self.multiple && count[i] == self.hi[i] {
                for j in t.item_start[i] as usize..t.item_start[i + 1] as usize {
                    live[t.item_word[j] as usize] &= !t.item_bits[j];
                }
            }
        }
    }
}
