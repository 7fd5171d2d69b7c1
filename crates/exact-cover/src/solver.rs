//! Algorithm C (Knuth, TAOCP 7.2.2.1) on dancing links, written as a resumable state
//! machine so that solutions can be produced one at a time without recursion.

use crate::{Color, Problem};
use std::collections::HashMap;

pub mod cost;
pub mod zdd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Search statistics, counted since the solver was built.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree entered (step C2 of Algorithm C).
    pub nodes: u64,
    /// Link updates: options or items removed from a list (Knuth's "updates").
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// What a running search publishes for a progress line, read from any thread (see
/// [`Solver::watch`]): nodes entered, solutions found and Knuth's estimate of the
/// fraction of the search tree done, refreshed every [`PROGRESS_INTERVAL`] nodes.
///
/// The estimate (Knuth, the `delta` progress reports of DLX1..DLX3 and SSXCC; TAOCP
/// 7.2.2, "estimating the running time"): at depth `l`, with the `k`-th level's branch the
/// `x_k`-th (0-based) of `d_k`, it is the sum over `k` of `x_k / (d_1 ... d_k)` plus half
/// of `1 / (d_1 ... d_l)`, exact for a tree whose nodes at each depth have equally many
/// children, and otherwise a guess that ends at 1.
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    solutions: AtomicU64,
    /// The estimate as `f64` bits.
    fraction: AtomicU64,
}

impl Progress {
    /// Nodes entered so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solutions found so far (0 while counting with [`Solver::count_memo`], which does
    /// not visit solutions one by one).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// The estimated fraction of the search tree done, in `0.0..=1.0` (NaN for Algorithm
    /// M's enumeration, which keeps no estimate; 0 before the first refresh).
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }
}

impl Progress {
    /// Stores a search's counters and estimate (NaN where none is kept), for readers on
    /// other threads.
    pub(crate) fn store(&self, nodes: u64, solutions: u64, fraction: f64) {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.solutions.store(solutions, Ordering::Relaxed);
        self.fraction.store(fraction.to_bits(), Ordering::Relaxed);
    }
}

/// Knuth's estimate of the fraction of a search tree done (see [`Progress`]) at a path
/// given per level as (branch taken, 0-based; branches in all).
pub(crate) fn estimate_of(path: &[(u32, u32)]) -> f64 {
    let mut fraction = 0.0;
    let mut weight = 1.0;
    for &(x, d) in path {
        weight /= f64::from(d.max(1));
        fraction += f64::from(x) * weight;
    }
    (fraction + weight / 2.0).min(1.0)
}

/// How many search nodes pass between two refreshes of a watched [`Progress`] (a power of
/// two).
pub const PROGRESS_INTERVAL: u64 = 1 << 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    AfterSolution,
    Done,
}

#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(16))]
struct Node {
    top: i32,
    up: u32,
    down: u32,
    color: i32,
}

/// Calls the monomorphized copy of a method for whether the solver keeps its count of
/// empty lists: `by_track!(self.cover_with(i))` is `self.cover_with::<true>(i)` when
/// `self.track`, else `self.cover_with::<false>(i)`.
macro_rules! by_track {
    ($s:ident . $method:ident ( $($arg:expr),* )) => {
        if $s.track {
            $s.$method::<true>($($arg),*)
        } else {
            $s.$method::<false>($($arg),*)
        }
    };
}

/// Problems with at least this many primary items keep count of empty lists (see
/// [`Solver`]'s `empty`), so that forced moves are found without scanning every item.
pub const TRACK_FROM: usize = 512;

/// A dancing-links search over one [`Problem`].
///
/// Node layout follows Knuth: nodes `1..=N` are the item headers (their `top` field holds
/// the list length), then a spacer, then each option's nodes followed by a spacer whose
/// `top` is `-(k + 1)` for option `k`. Memory is `O(N + total option length)`.
#[derive(Debug, Clone)]
pub struct Solver {
    /// Item list: `llink`/`rlink` over `0..=N + 1`; 0 heads the primary items, `N + 1`
    /// the secondary ones.
    llink: Vec<u32>,
    rlink: Vec<u32>,
    /// The nodes, each one record as in Knuth's programs (one cache line serves a node's
    /// links and item): `top` (item, list length, or spacer), `up`, `down`, and the
    /// current color (0 none, > 0 a color, -1 already made compatible by a purify).
    nodes: Vec<Node>,
    /// The chosen node of each level.
    x: Vec<u32>,
    level: usize,
    /// The level the search starts from and never backtracks below (the length of a
    /// forced prefix, see [`Solver::below`]).
    base: usize,
    phase: Phase,
    solution: Vec<usize>,
    stats: Stats,
    /// Per item, the color it is purified with (0: none); kept only for memo keys.
    purified: Vec<i32>,
    /// Whether any option gives a secondary item a color.
    colored: bool,
    /// Algorithm M's state, when some primary item has a multiplicity (else empty).
    multi: Option<Box<Multi>>,
    /// Where the search publishes its progress (see [`Solver::watch`]), and per level of
    /// the current path (branch taken, 0-based; branches in all), kept only when watched.
    watch: Option<Arc<Progress>>,
    path: Vec<(u32, u32)>,
    /// Per item, whether it is a primary item covered exactly once (all of them for
    /// Algorithm C; for Algorithm M those without a multiplicity).
    tracked: Vec<bool>,
    /// Whether [`Solver::empty`] is kept: for problems of at least [`TRACK_FROM`] primary
    /// items (on smaller ones a full scan for the item to branch on is cheaper than
    /// keeping it: kept always, it cost 15% of the time of 13 queens and 6% of the
    /// pentominoes in 6x10, counted on dancing links).
    track: bool,
    /// How many active items (primary or secondary) have no option left, kept (when
    /// [`Solver::track`]) by every change of a list length or of the active lists,
    /// branch-free, a count in a register. When it is 0 no primary item is a dead end, so
    /// the choice of item stops its scan at the first item with one option: a chain of
    /// forced moves costs O(1) a level instead of a scan of every active item. (An empty
    /// secondary item, or in Algorithm M an empty item with a multiplicity, only makes the
    /// scan go on.)
    empty: u32,
}

/// Algorithm M's state (Knuth, TAOCP 7.2.2.1, Algorithm M; program DLX3): per primary
/// item its `bound` (how many more options may cover it) and `slack` (upper minus lower
/// bound, fixed); per level the item branched on, the first option set aside there and
/// how many were ("tweaked": an option tried at a level leaves the item's list until the
/// level is left, so the options covering an item are chosen in list order and no
/// solution is found twice).
#[derive(Debug, Clone)]
struct Multi {
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// Per primary item, whether it is covered exactly once (no multiplicity).
    exact: Vec<bool>,
    /// The last primary item with a multiplicity (not covered exactly once).
    last_loose: usize,
    /// Scratch for [`Solver::untweak_level`] (kept to spare an allocation a level).
    set_aside: Vec<usize>,
    item_at: Vec<u32>,
    first_tweak: Vec<u32>,
    tweaks: Vec<u32>,
}

impl Solver {
    /// Builds the dancing-links structure for `problem`. Time and memory are linear in
    /// the problem's size.
    pub fn new(problem: &Problem) -> Solver {
        let n = problem.items();
        let n1 = problem.primary_items();
        let mut llink = vec![0u32; n + 2];
        let mut rlink = vec![0u32; n + 2];
        // Primary list: 0 -> 1 -> ... -> n1 -> 0; secondary: n+1 -> n1+1 -> ... -> n -> n+1.
        for i in 1..=n1 {
            llink[i] = (i - 1) as u32;
            rlink[i - 1] = i as u32;
        }
        rlink[n1] = 0;
        llink[0] = n1 as u32;
        let head2 = n + 1;
        let mut prev = head2;
        for (i, l) in llink.iter_mut().enumerate().take(n + 1).skip(n1 + 1) {
            *l = prev as u32;
            rlink[prev] = i as u32;
            prev = i;
        }
        rlink[prev] = head2 as u32;
        llink[head2] = prev as u32;

        let total = n + 2 + problem.entries.len() + problem.options();
        let mut top = Vec::with_capacity(total);
        let mut ulink = Vec::with_capacity(total);
        let mut dlink = Vec::with_capacity(total);
        let mut color = Vec::with_capacity(total);
        top.push(0);
        ulink.push(0);
        dlink.push(0);
        color.push(0);
        for i in 1..=n {
            top.push(0);
            ulink.push(i as u32);
            dlink.push(i as u32);
            color.push(0);
        }
        let mut colors: HashMap<Color, i32> = HashMap::new();
        // First spacer.
        let mut spacer = top.len();
        top.push(0);
        ulink.push(0);
        dlink.push(0);
        color.push(0);
        for k in 0..problem.options() {
            let first = top.len();
            for &(item, c) in problem.option(k) {
                let i = item as usize + 1;
                let node = top.len() as u32;
                top[i] += 1;
                top.push(i as i32);
                let last = ulink[i];
                ulink.push(last);
                dlink.push(i as u32);
                dlink[last as usize] = node;
                ulink[i] = node;
                let next = colors.len() as i32 + 1;
                color.push(if c == Color::NONE { 0 } else { *colors.entry(c).or_insert(next) });
            }
            let last = top.len() - 1;
            dlink[spacer] = last as u32;
            spacer = top.len();
            top.push(-(k as i32 + 1));
            ulink.push(first as u32);
            dlink.push(0);
            color.push(0);
        }
        let nodes: Vec<Node> = (0..top.len()).map(|i| Node { top: top[i], up: ulink[i], down: dlink[i], color: color[i] }).collect();
        let colored = !colors.is_empty();
        let mut tracked = vec![false; n + 2];
        for (i, t) in tracked.iter_mut().enumerate().take(n1 + 1).skip(1) {
            let (lo, hi) = problem.multiplicity(i - 1);
            *t = lo == 1 && hi == 1;
        }
        let empty = (1..=n).map(|i| u32::from(nodes[i].top == 0)).sum();
        let track = n1 >= TRACK_FROM;
        Solver {
            tracked,
            track,
            empty,
            llink,
            rlink,
            nodes,
            x: Vec::new(),
            level: 0,
            base: 0,
            phase: Phase::Start,
            solution: Vec::new(),
            stats: Stats::default(),
            purified: if colored { vec![0; n + 2] } else { Vec::new() },
            watch: None,
            path: Vec::new(),
            colored,
            multi: problem.has_multiplicities().then(|| {
                let mut bound = vec![1; n1 + 1];
                let mut slack = vec![0; n1 + 1];
                for item in 0..n1 {
                    let (lo, hi) = problem.multiplicity(item);
                    bound[item + 1] = hi as i32;
                    slack[item + 1] = (hi - lo) as i32;
                }
                let exact: Vec<bool> = (0..=n1).map(|i| i > 0 && bound[i] == 1 && slack[i] == 0).collect();
                let last_loose = (1..=n1).rev().find(|&i| !exact[i]).unwrap_or(0);
                Box::new(Multi {
                    bound,
                    slack,
                    exact,
                    last_loose,
                    set_aside: Vec::new(),
                    item_at: Vec::new(),
                    first_tweak: Vec::new(),
                    tweaks: Vec::new(),
                })
            }),
        }
    }

    /// [`Solver::new`], keeping the count of empty lists that lets the item choice stop
    /// early (see [`TRACK_FROM`]) when `track`, whatever the problem's size: the same
    /// search tree either way (the tests compare the two).
    pub fn with_tracking(problem: &Problem, track: bool) -> Solver {
        let mut s = Solver::new(problem);
        s.track = track;
        s
    }

    /// Search statistics so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The next solution, as the numbers of its options in increasing order, or `None`
    /// when the search is exhausted. The first call gives the first solution.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if !self.advance() {
            return None;
        }
        self.solution.clear();
        for l in 0..self.level {
            let x = self.x[l] as usize;
            if self.multi.as_ref().is_some_and(|m| m.item_at[l] as usize == x) {
                continue; // Algorithm M's null move: no option at this level
            }
            let k = self.option_of(x);
            self.solution.push(k);
        }
        self.solution.sort_unstable();
        Some(&self.solution)
    }

    /// The number of the option that node `p` belongs to.
    fn option_of(&self, mut p: usize) -> usize {
        while self.nodes[p].top > 0 {
            p += 1;
        }
        (-self.nodes[p].top - 1) as usize
    }

    /// Whether the problem has multiplicities (then the search is Algorithm M, and
    /// [`Solver::below`] and [`Solver::split`] do not apply).
    pub fn has_multiplicities(&self) -> bool {
        self.multi.is_some()
    }

    /// A solver for the part of the search tree below `prefix`: options chosen at the
    /// first levels, each among the options of the item that the search itself would
    /// branch on there (the one with fewest options). `None` when `prefix` is not such a
    /// path. Its solutions are the full solutions that begin with `prefix`. With
    /// multiplicities only the empty prefix is a path here (Algorithm M's tree is not
    /// cut; the memoized count's is, see [`Solver::below_counters`]).
    pub fn below(problem: &Problem, prefix: &[usize]) -> Option<Solver> {
        let s = Solver::new(problem);
        if s.multi.is_some() {
            return prefix.is_empty().then_some(s);
        }
        s.replay(prefix)
    }

    /// For a problem with multiplicities counted in counter mode (every option has an
    /// item covered exactly once, see [`Solver::count_memo`]): the state of the memoized
    /// count's search below `prefix`, options chosen at the first levels, each among the
    /// options of the item that search branches on there (the exactly-once item with the
    /// fewest options). `None` when `prefix` is not such a path, or when the problem is
    /// not counted in counter mode and `prefix` is not empty. Without multiplicities, as
    /// [`Solver::below`]. The count of the subproblem left
    /// ([`Solver::count_adaptive_below`]) is the number of solutions that begin with
    /// `prefix`.
    pub fn below_counters(problem: &Problem, prefix: &[usize]) -> Option<Solver> {
        let s = Solver::new(problem);
        if s.multi.is_some() && !s.memo_applies() {
            return prefix.is_empty().then_some(s);
        }
        s.replay(prefix)
    }

    /// The item the search branches on in this state (`None`: a solution, or in counter
    /// mode a leaf whose counters decide), and whether options are committed as
    /// Algorithm M's counters.
    fn branch_item(&mut self) -> (Option<usize>, bool) {
        if self.multi.is_some() {
            (self.choose_exact(false), true)
        } else {
            ((self.rlink[0] != 0).then(|| self.choose()), false)
        }
    }

    /// Commits the path `prefix` from the root ([`Solver::below`],
    /// [`Solver::below_counters`]).
    fn replay(mut self, prefix: &[usize]) -> Option<Solver> {
        for &option in prefix {
            let (i, counters) = self.branch_item();
            let i = i?;
            let x = self.find_option(i, option)?;
            self.cover(i);
            self.commit_any(x, counters);
            self.x.push(x as u32);
        }
        self.level = prefix.len();
        self.base = prefix.len();
        Some(self)
    }

    /// The node of `option` in item `i`'s list, if it is there.
    fn find_option(&self, i: usize, option: usize) -> Option<usize> {
        let mut x = self.nodes[i].down as usize;
        while x != i && self.option_of(x) != option {
            x = self.nodes[x].down as usize;
        }
        (x != i).then_some(x)
    }

    /// Prefixes (see [`Solver::below`], and [`Solver::below_counters`] with
    /// multiplicities) that cut the search tree into at least `at_least` parts where it
    /// has that many nodes at some depth, in a fixed order; every solution lies below
    /// exactly one of them. Prefixes with no option left to try are dropped. A problem
    /// with multiplicities not counted in counter mode is not cut (one empty prefix).
    pub fn split(problem: &Problem, at_least: usize) -> Vec<Vec<usize>> {
        let root = Solver::new(problem);
        if root.multi.is_some() && !root.memo_applies() {
            return vec![Vec::new()]; // Algorithm M's tree: not cut
        }
        // Each prefix with the solver below it when one was kept: a forced move (an item
        // with one option) is made in the parent's solver instead of replaying the whole
        // prefix in a new one, so a chain of forced moves costs one choice a level, not a
        // rebuild (splitting a chain of 5000 forced items took a minute). At most
        // `KEPT` solvers are kept a level, so memory stays a few problems' worth.
        const KEPT: usize = 4;
        let mut frontier: Vec<(Vec<usize>, Option<Solver>)> = vec![(Vec::new(), Some(root))];
        loop {
            if frontier.len() >= at_least {
                return frontier.into_iter().map(|(p, _)| p).collect();
            }
            let mut next: Vec<(Vec<usize>, Option<Solver>)> = Vec::new();
            let mut grew = false;
            let mut kept = 0;
            for (prefix, solver) in frontier {
                let s = match solver {
                    Some(s) => Some(s),
                    None => Solver::below_counters(problem, &prefix),
                };
                let Some(mut s) = s else { continue };
                let (i, counters) = s.branch_item();
                let Some(i) = i else {
                    next.push((prefix, None)); // a leaf: nothing below to cut
                    continue;
                };
                grew = true;
                let first = s.nodes[i].down as usize;
                if first != i && s.nodes[first].down as usize == i && kept < KEPT {
                    // Forced: the one child, in this solver, as `replay` would build it.
                    kept += 1;
                    let mut child = prefix;
                    child.push(s.option_of(first));
                    s.cover(i);
                    s.commit_any(first, counters);
                    s.x.push(first as u32);
                    s.level = child.len();
                    s.base = child.len();
                    next.push((child, Some(s)));
                    continue;
                }
                let mut x = first;
                while x != i {
                    let mut child = prefix.clone();
                    child.push(s.option_of(x));
                    next.push((child, None));
                    x = s.nodes[x].down as usize;
                }
            }
            frontier = next;
            if !grew {
                return frontier.into_iter().map(|(p, _)| p).collect();
            }
        }
    }

    /// Counts the remaining solutions without storing them.
    pub fn count(&mut self) -> u64 {
        let mut n = 0;
        while self.advance() {
            n += 1;
        }
        n
    }

    /// An iterator over the remaining solutions (each a sorted list of option numbers).
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions { solver: self }
    }

    /// Runs Algorithm C until the next solution (true, with `x[0..level]` holding it) or
    /// the end of the search (false).
    fn advance(&mut self) -> bool {
        if self.multi.is_some() {
            return self.advance_m();
        }
        by_track!(self.advance_c())
    }

    /// Algorithm C's loop for [`Solver::advance`], keeping [`Solver::empty`] when `TRACK`.
    fn advance_c<const TRACK: bool>(&mut self) -> bool {
        #[derive(Clone, Copy)]
        enum Step {
            Enter,
            Try,
            TryAgain,
            Uncover,
            Backtrack,
        }
        let mut l = self.level;
        let mut step = match self.phase {
            Phase::Start => Step::Enter,
            Phase::AfterSolution => Step::Backtrack,
            Phase::Done => return false,
        };
        // The item being branched on at level l.
        let mut i = 0usize;
        loop {
            match step {
                Step::Enter => {
                    self.stats.nodes += 1;
                    if crate::interrupt::poll(self.stats.nodes) {
                        self.phase = Phase::Done;
                        return false;
                    }
                    if self.rlink[0] == 0 {
                        self.level = l;
                        self.phase = Phase::AfterSolution;
                        self.stats.solutions += 1;
                        return true;
                    }
                    i = self.choose_with::<TRACK>();
                    if self.watch.is_some() {
                        self.path.truncate(l);
                        self.path.push((0, self.nodes[i].top.max(0) as u32));
                        if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                            self.publish(self.estimate());
                        }
                    }
                    self.cover_with::<TRACK>(i);
                    if self.x.len() <= l {
                        self.x.push(0);
                    }
                    self.x[l] = self.nodes[i].down;
                    step = Step::Try;
                }
                Step::Try => {
                    let xl = self.x[l] as usize;
                    if xl == i {
                        step = Step::Uncover;
                    } else {
                        self.commit_option_with::<TRACK>(xl);
                        l += 1;
                        step = Step::Enter;
                    }
                }
                Step::TryAgain => {
                    let xl = self.x[l] as usize;
                    self.uncommit_option_with::<TRACK>(xl);
                    i = self.nodes[xl].top as usize;
                    self.x[l] = self.nodes[xl].down;
                    if let Some(branch) = self.path.get_mut(l) {
                        branch.0 += 1;
                    }
                    step = Step::Try;
                }
                Step::Uncover => {
                    self.uncover_with::<TRACK>(i);
                    step = Step::Backtrack;
                }
                Step::Backtrack => {
                    if l == self.base {
                        self.level = self.base;
                        self.phase = Phase::Done;
                        return false;
                    }
                    l -= 1;
                    step = Step::TryAgain;
                }
            }
        }
    }

    /// Publishes this search's progress in the returned [`Progress`] from now on, every
    /// [`PROGRESS_INTERVAL`] nodes: Algorithm C listing or counting, and Algorithm M's
    /// counting mode, with the estimate; Algorithm M's enumeration without it.
    pub fn watch(&mut self) -> Arc<Progress> {
        let p = Arc::new(Progress::default());
        self.watch = Some(p.clone());
        p
    }

    /// Knuth's estimate of the fraction of the tree done (see [`Progress`]) at the
    /// current path; 0 when the search is not watched.
    pub fn estimate(&self) -> f64 {
        estimate_of(&self.path)
    }

    /// Refreshes the watched [`Progress`] (call every [`PROGRESS_INTERVAL`] nodes) with
    /// `fraction` (NaN where no estimate is kept).
    fn publish(&self, fraction: f64) {
        if let Some(p) = &self.watch {
            p.store(self.stats.nodes, self.stats.solutions, fraction);
        }
    }

    /// The fewest options an active tracked item can have: 0 when some has none, else 1
    /// (see [`Solver::empty`]).
    #[inline]
    fn shortest_at_least(&self) -> i32 {
        i32::from(self.track && self.empty == 0)
    }

    /// The active primary item with the fewest options (the first such in list order).
    /// The scan stops at the first item as short as the shortest list can be (see
    /// [`Solver::empty`]), so a forced move is found at once when the first item is forced.
    fn choose(&mut self) -> usize {
        by_track!(self.choose_with())
    }

    /// [`Solver::choose`], with the early stop when `TRACK`.
    #[inline(always)]
    fn choose_with<const TRACK: bool>(&mut self) -> usize {
        let enough = if TRACK { self.shortest_at_least() } else { 0 };
        let mut best = self.rlink[0] as usize;
        let mut best_len = self.node(best).top;
        let mut p = self.rlink[best] as usize;
        while p != 0 && best_len > enough {
            let len = self.node(p).top;
            if len < best_len {
                best = p;
                best_len = len;
            }
            p = self.rlink[p] as usize;
        }
        best
    }

    fn cover(&mut self, i: usize) {
        by_track!(self.cover_with(i));
    }

    /// [`Solver::cover`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn cover_with<const TRACK: bool>(&mut self, i: usize) {
        let mut p = self.node(i).down as usize;
        while p != i {
            self.hide_with::<TRACK>(p);
            p = self.node(p).down as usize;
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = r;
        self.llink[r as usize] = l;
        self.stats.updates += 1;
        if TRACK {
            self.empty -= u32::from(self.node(i).top == 0);
        }
    }

    fn uncover(&mut self, i: usize) {
        by_track!(self.uncover_with(i));
    }

    /// [`Solver::uncover`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn uncover_with<const TRACK: bool>(&mut self, i: usize) {
        if TRACK {
            self.empty += u32::from(self.node(i).top == 0);
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l as usize] = i as u32;
        self.llink[r as usize] = i as u32;
        let mut p = self.node(i).up as usize;
        while p != i {
            self.unhide_with::<TRACK>(p);
            p = self.node(p).up as usize;
        }
    }

    /// The node at index `i`, unchecked in release builds. Every index used here comes
    /// from the links built by [`Solver::new`], which stay within `nodes`.
    #[inline(always)]
    fn node(&mut self, i: usize) -> &mut Node {
        debug_assert!(i < self.nodes.len());
        // SAFETY: all link fields and option node indices are < nodes.len() by
        // construction in `new`, and the dancing-links updates only ever store such values.
        unsafe { self.nodes.get_unchecked_mut(i) }
    }

    /// Removes every other node of `p`'s option from its item list (Knuth's hide').
    #[inline]
    fn hide(&mut self, p: usize) {
        by_track!(self.hide_with(p));
    }

    /// [`Solver::hide`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn hide_with<const TRACK: bool>(&mut self, p: usize) {
        let mut q = p + 1;
        let mut updates = 0;
        let mut emptied = 0;
        while q != p {
            let Node { top: x, up: u, down: d, color } = *self.node(q);
            if x <= 0 {
                q = u as usize;
            } else {
                if color >= 0 {
                    self.node(u as usize).down = d;
                    self.node(d as usize).up = u;
                    let item = self.node(x as usize);
                    item.top -= 1;
                    if TRACK {
                        emptied += u32::from(item.top == 0);
                    }
                    updates += 1;
                }
                q += 1;
            }
        }
        self.stats.updates += updates;
        if TRACK {
            self.empty += emptied;
        }
    }

    #[inline]
    fn unhide(&mut self, p: usize) {
        by_track!(self.unhide_with(p));
    }

    /// [`Solver::unhide`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn unhide_with<const TRACK: bool>(&mut self, p: usize) {
        let mut q = p - 1;
        let mut refilled = 0;
        while q != p {
            let Node { top: x, up: u, down: d, color } = *self.node(q);
            if x <= 0 {
                q = d as usize;
            } else {
                if color >= 0 {
                    self.node(u as usize).down = q as u32;
                    self.node(d as usize).up = q as u32;
                    let item = self.node(x as usize);
                    if TRACK {
                        refilled += u32::from(item.top == 0);
                    }
                    item.top += 1;
                }
                q -= 1;
            }
        }
        if TRACK {
            self.empty -= refilled;
        }
    }

    /// Covers or purifies the items of `x`'s option other than `x`'s own (step C5).
    fn commit_option(&mut self, x: usize) {
        by_track!(self.commit_option_with(x));
    }

    /// [`Solver::commit_option`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn commit_option_with<const TRACK: bool>(&mut self, x: usize) {
        self.each_other_node(x, true, |s, p, j| s.commit_with::<TRACK>(p, j));
    }

    /// Calls `visit(self, p, item)` for each node `p` of `x`'s option other than `x`, in
    /// the cyclic order that starts after `x` (`forward`, as a commit goes) or before it
    /// (as its undoing goes), stepping over the spacer between the option's last node and
    /// its first (Knuth's walk, shared by every commit and uncommit).
    #[inline(always)]
    fn each_other_node(&mut self, x: usize, forward: bool, mut visit: impl FnMut(&mut Solver, usize, usize)) {
        let mut p = if forward { x + 1 } else { x - 1 };
        while p != x {
            let j = self.nodes[p].top;
            if j <= 0 {
                p = if forward { self.nodes[p].up } else { self.nodes[p].down } as usize;
            } else {
                visit(self, p, j as usize);
                if forward {
                    p += 1;
                } else {
                    p -= 1;
                }
            }
        }
    }

    /// Undoes [`Solver::commit_option`], in reverse order (step C6).
    fn uncommit_option(&mut self, x: usize) {
        by_track!(self.uncommit_option_with(x));
    }

    /// [`Solver::uncommit_option`], keeping [`Solver::empty`] when `TRACK`.
    #[inline(always)]
    fn uncommit_option_with<const TRACK: bool>(&mut self, x: usize) {
        self.each_other_node(x, false, |s, p, j| s.uncommit_with::<TRACK>(p, j));
    }

    /// Covers or purifies item `j` as option node `p` says (its color).
    fn commit(&mut self, p: usize, j: usize) {
        by_track!(self.commit_with(p, j));
    }

    /// [`Solver::commit`], keeping [`Solver::empty`] when `TRACK`.
    fn commit_with<const TRACK: bool>(&mut self, p: usize, j: usize) {
        match self.nodes[p].color {
            0 => self.cover_with::<TRACK>(j),
            c if c > 0 => self.purify_with::<TRACK>(p, c, j),
            _ => {}
        }
    }

    /// Undoes [`Solver::commit`].
    fn uncommit(&mut self, p: usize, j: usize) {
        by_track!(self.uncommit_with(p, j));
    }

    /// [`Solver::uncommit`], keeping [`Solver::empty`] when `TRACK`.
    fn uncommit_with<const TRACK: bool>(&mut self, p: usize, j: usize) {
        match self.nodes[p].color {
            0 => self.uncover_with::<TRACK>(j),
            c if c > 0 => self.unpurify_with::<TRACK>(p, c, j),
            _ => {}
        }
    }

    /// Keeps only the options that give item `i` the color `c`, marking them compatible.
    fn purify_with<const TRACK: bool>(&mut self, p: usize, c: i32, i: usize) {
        self.purified[i] = c;
        let mut q = self.nodes[i].down as usize;
        while q != i {
            if self.nodes[q].color == c {
                if q != p {
                    self.nodes[q].color = -1;
                }
            } else {
                self.hide_with::<TRACK>(q);
            }
            q = self.nodes[q].down as usize;
        }
    }

    /// Undoes [`Solver::purify_with`].
    fn unpurify_with<const TRACK: bool>(&mut self, p: usize, c: i32, i: usize) {
        self.purified[i] = 0;
        let mut q = self.nodes[i].up as usize;
        while q != i {
            if self.nodes[q].color < 0 {
                self.nodes[q].color = c;
            } else if q != p {
                self.unhide_with::<TRACK>(q);
            }
            q = self.nodes[q].up as usize;
        }
    }
}

impl Solver {
    /// Runs Algorithm M until the next solution (true) or the end (false). The same
    /// resumable state machine as [`Solver::advance`], with Knuth's null move (the item's
    /// header as the choice: cover no more of it) once an item's lower bound is met.
    fn advance_m(&mut self) -> bool {
        #[derive(Clone, Copy)]
        enum Step {
            Enter,
            Try,
            Next,
            Restore,
            Backtrack,
        }
        let mut l = self.level;
        let mut step = match self.phase {
            Phase::Start => Step::Enter,
            Phase::AfterSolution => Step::Backtrack,
            Phase::Done => return false,
        };
        loop {
            match step {
                Step::Enter => {
                    self.stats.nodes += 1;
                    if crate::interrupt::poll(self.stats.nodes) {
                        self.phase = Phase::Done;
                        return false;
                    }
                    if self.watch.is_some() && self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                        // Algorithm M's branches are not counted ahead: no estimate.
                        self.publish(f64::NAN);
                    }
                    if self.rlink[0] == 0 {
                        self.level = l;
                        self.phase = Phase::AfterSolution;
                        self.stats.solutions += 1;
                        return true;
                    }
                    let (i, theta) = self.choose_m();
                    if theta <= 0 {
                        step = Step::Backtrack;
                        continue;
                    }
                    if self.x.len() <= l {
                        self.x.push(0);
                    }
                    let down = self.nodes[i].down;
                    let m = self.multi.as_mut().expect("Algorithm M");
                    if m.item_at.len() <= l {
                        m.item_at.push(0);
                        m.first_tweak.push(0);
                        m.tweaks.push(0);
                    }
                    m.item_at[l] = i as u32;
                    m.first_tweak[l] = down;
                    m.tweaks[l] = 0;
                    self.x[l] = down;
                    step = Step::Try;
                }
                Step::Try => {
                    let m = self.multi.as_ref().expect("Algorithm M");
                    let i = m.item_at[l] as usize;
                    let need = m.bound[i] - m.slack[i];
                    let x = self.x[l] as usize;
                    if x != i {
                        if self.nodes[i].top < need {
                            step = Step::Restore; // too few options left to meet the lower bound
                            continue;
                        }
                        self.tweak(x, i);
                        let m = self.multi.as_mut().expect("Algorithm M");
                        m.tweaks[l] += 1;
                        m.bound[i] -= 1;
                        if m.bound[i] == 0 {
                            self.cover(i);
                        }
                        self.commit_option_m(x);
                        l += 1;
                        step = Step::Enter;
                    } else if need <= 0 {
                        self.cover(i); // the null move
                        l += 1;
                        step = Step::Enter;
                    } else {
                        step = Step::Restore;
                    }
                }
                Step::Next => {
                    let i = self.multi.as_ref().expect("Algorithm M").item_at[l] as usize;
                    let x = self.x[l] as usize;
                    if x != i {
                        self.uncommit_option_m(x);
                        if self.multi.as_ref().expect("Algorithm M").bound[i] == 0 {
                            self.uncover(i);
                        }
                        self.multi.as_mut().expect("Algorithm M").bound[i] += 1;
                        self.x[l] = self.nodes[x].down; // x stays set aside
                        step = Step::Try;
                    } else {
                        self.uncover(i);
                        step = Step::Restore;
                    }
                }
                Step::Restore => {
                    self.untweak_level(l);
                    step = Step::Backtrack;
                }
                Step::Backtrack => {
                    if l == self.base {
                        self.level = self.base;
                        self.phase = Phase::Done;
                        return false;
                    }
                    l -= 1;
                    step = Step::Next;
                }
            }
        }
    }

    /// The active primary item of least branching degree: its options left, less the
    /// options it still needs, plus one (Knuth's choice for Algorithm M; for an item
    /// needed exactly once, the length of its list); on ties the one with less slack
    /// (`min(slack, bound)`), then the one with more options, then the first (TAOCP
    /// 7.2.2.1, the tie-breaking of Algorithm M's step M3 as DLX3 does it). Returns it with
    /// its degree, which is 0 or less when too few options are left (the scan stops
    /// there: any such item is a dead end).
    ///
    /// The scan stops early past the last item with a multiplicity once the best key is
    /// no worse than that of an exactly-once item as short as the shortest can be (see
    /// [`Solver::empty`]): no item after it can beat it.
    fn choose_m(&self) -> (usize, i32) {
        // Without the count of empty lists there is no early stop: the plain scan.
        by_track!(self.choose_m_with())
    }

    /// [`Solver::choose_m`], stopping early when `EARLY`.
    #[inline(always)]
    fn choose_m_with<const EARLY: bool>(&self) -> (usize, i32) {
        let m = self.multi.as_ref().expect("Algorithm M");
        let enough = self.shortest_at_least();
        let mut best = (0, i32::MAX);
        let mut best_key = (i32::MAX, i32::MAX, i32::MAX);
        let mut p = self.rlink[0] as usize;
        while p != 0 {
            if EARLY && p > m.last_loose && best_key <= (enough, 0, -enough) {
                break;
            }
            let s = m.slack[p].min(m.bound[p]);
            let len = self.nodes[p].top;
            let theta = len + s - m.bound[p] + 1;
            let key = (theta, s, -len);
            if key < best_key {
                best = (p, theta);
                best_key = key;
                if theta <= 0 {
                    break;
                }
            }
            p = self.rlink[p] as usize;
        }
        best
    }

    /// Sets option node `x` of item `i` aside: hides its option from the other items and
    /// takes `x` out of `i`'s list (Knuth's tweak).
    fn tweak(&mut self, x: usize, i: usize) {
        self.hide(x);
        let Node { up, down, .. } = self.nodes[x];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.nodes[i].top -= 1;
        if self.track {
            self.empty += u32::from(self.nodes[i].top == 0);
        }
        self.stats.updates += 1;
    }

    /// Puts back the options set aside at level `l`, last first.
    fn untweak_level(&mut self, l: usize) {
        let m = self.multi.as_ref().expect("Algorithm M");
        let (i, first, k) = (m.item_at[l] as usize, m.first_tweak[l] as usize, m.tweaks[l] as usize);
        let mut set_aside = std::mem::take(&mut self.multi.as_mut().expect("Algorithm M").set_aside);
        set_aside.clear();
        let mut x = first;
        for _ in 0..k {
            set_aside.push(x);
            x = self.nodes[x].down as usize;
        }
        for &x in set_aside.iter().rev() {
            let Node { up, down, .. } = self.nodes[x];
            self.nodes[up as usize].down = x as u32;
            self.nodes[down as usize].up = x as u32;
            if self.track {
                self.empty -= u32::from(self.nodes[i].top == 0);
            }
            self.nodes[i].top += 1;
            self.unhide(x);
        }
        self.multi.as_mut().expect("Algorithm M").set_aside = set_aside;
    }

    /// Step M5 for the items of `x`'s option other than `x`'s own: a primary item's bound
    /// drops by one (covered at zero); a secondary item is covered or purified.
    fn commit_option_m(&mut self, x: usize) {
        self.each_other_node(x, true, |s, p, j| match s.multi.as_mut().expect("Algorithm M").bound.get_mut(j) {
            Some(b) => {
                *b -= 1;
                if *b == 0 {
                    s.cover(j);
                }
            }
            None => s.commit(p, j),
        });
    }

    /// Undoes [`Solver::commit_option_m`], in reverse order.
    fn uncommit_option_m(&mut self, x: usize) {
        self.each_other_node(x, false, |s, p, j| {
            let primary = j < s.multi.as_ref().expect("Algorithm M").bound.len();
            if primary {
                if s.multi.as_ref().expect("Algorithm M").bound[j] == 0 {
                    s.uncover(j);
                }
                s.multi.as_mut().expect("Algorithm M").bound[j] += 1;
            } else {
                s.uncommit(p, j);
            }
        });
    }
}

/// Statistics of a memoized count ([`Solver::count_memo`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Search-tree nodes entered (each distinct subproblem once while the table has room).
    pub nodes: u64,
    /// Subproblems answered by the table.
    pub hits: u64,
    /// Subproblems stored.
    pub entries: u64,
    /// Search nodes the hits saved (the nodes their subtrees took when first counted).
    pub saved: u64,
    /// Whether the table stayed on to the end (it is switched off when it does not pay).
    pub kept: bool,
    /// The branching order of the run that finished.
    pub order: Order,
    /// Whether the node budget ran out (internal to [`Solver::count_adaptive`]).
    aborted: bool,
    /// The node budget of the run, if any.
    budget: Option<u64>,
    /// Whether the run stops (as `aborted`) instead of going on without the table when
    /// the trial drops it (see [`Solver::count_memo_if_it_pays`]).
    give_up: bool,
    /// Whether the table is kept whatever it saves, with no cap on its entries (the ZDD,
    /// see [`Solver::zdd`], maps subproblems to its nodes).
    always: bool,
}

/// Which item a memoized count branches on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Order {
    /// The item with the fewest options (Knuth's MRV).
    #[default]
    FewestOptions,
    /// The first item in item order, unless some item has at most one option left: for
    /// packings, the first uncovered cell, so that the covered cells form a frontier and
    /// subproblems repeat as in a transfer matrix.
    Frontier,
}

/// The count of a subproblem, or that it exceeds 2^128.
type Count = Option<u128>;

/// One level of [`Solver::count_memo`]'s search: the item chosen, the option committed,
/// the count of the options before it, whether the level's count is to be stored, and the
/// node count when it was entered.
#[derive(Debug, Clone, Copy)]
struct MemoFrame {
    i: usize,
    x: usize,
    total: u128,
    stored: bool,
    start: u64,
}

/// How a node of [`Solver::count_memo`]'s search begins: answered at once (a leaf, a
/// stored count, or `None` when stopped), or open on item `i`.
enum Entered {
    Done(Count),
    Open { i: usize, stored: bool, start: u64 },
}

/// Memo table: subproblem key -> (count, search nodes its subtree took).
type Table = std::collections::HashMap<Box<[u64]>, (u128, u64), BuildKey>;

/// The subproblems a memoized count stored (a subproblem's key and its count), to be
/// shared by counts of subtrees of one problem ([`Solver::count_memo_if_it_pays_in`]).
/// At most [`MEMO_MAX_ENTRIES`] entries.
#[derive(Default)]
pub struct MemoTable(Table);

impl std::fmt::Debug for MemoTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MemoTable({} subproblems)", self.0.len())
    }
}

/// A fast hasher for keys that are already well mixed bitsets (FxHash's multiply-rotate).
#[derive(Default, Clone, Copy)]
struct BuildKey;

impl std::hash::BuildHasher for BuildKey {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

/// See [`BuildKey`].
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
}

/// How a memoized count decides to keep its table: after [`MEMO_TRIAL`] lookups, the
/// table stays on only if its hits saved at least [`MEMO_MIN_SAVING`] search nodes per
/// lookup (each entry remembers how many nodes its subtree took, so a hit knows what it
/// saved; a lookup costs about as much as a node). It is also capped at
/// [`MEMO_MAX_ENTRIES`] entries (then nothing more is stored).
pub const MEMO_TRIAL: u64 = 50_000;
/// See [`MEMO_TRIAL`]: search nodes a lookup must save on average, 2.
pub const MEMO_MIN_SAVING: u64 = 2;
/// See [`MEMO_TRIAL`]: at most 2^21 subproblems are stored (about 100 bytes each for
/// problems of up to a hundred items: 200 MB at most).
pub const MEMO_MAX_ENTRIES: usize = 1 << 21;

impl Solver {
    /// The state of the remaining subproblem: which items are still active (primary and
    /// secondary), and for colored problems the color each purified item holds. Two
    /// states with the same key have the same options left, so the same solutions.
    fn memo_key(&self, key: &mut Vec<u64>) {
        let n = self.llink.len();
        let words = n.div_ceil(64);
        key.clear();
        key.resize(words, 0);
        let mut p = self.rlink[0] as usize;
        while p != 0 {
            key[p / 64] |= 1 << (p % 64);
            p = self.rlink[p] as usize;
        }
        let head2 = n - 1;
        let mut p = self.rlink[head2] as usize;
        while p != head2 {
            key[p / 64] |= 1 << (p % 64);
            p = self.rlink[p] as usize;
        }
        if self.colored {
            for (i, &c) in self.purified.iter().enumerate() {
                if c != 0 {
                    key.push(((i as u64) << 32) | c as u32 as u64);
                }
            }
        }
        if let Some(m) = &self.multi {
            // Counter mode: how many more times each item with a multiplicity may be used.
            key.extend(m.bound.iter().zip(&m.exact).filter(|(_, &e)| !e).map(|(&b, _)| b as u64));
        }
    }

    /// Counts the remaining solutions with memoization over subproblems (the DXZ method
    /// of Nishino, Yasuda, Minato and Nagata, "Dancing with Decision Diagrams", AAAI
    /// 2017; Knuth's DLX6 counts the same way): the count of each distinct set of
    /// remaining items is computed once. Problems whose subproblems repeat (tilings with
    /// many equal pieces) are counted without enumerating their solutions. When `memo` is
    /// false, or when the table does not pay (see [`MEMO_TRIAL`]), it is a plain count.
    ///
    /// Returns `None` when the count exceeds 2^128 - 1. The search keeps its own stack of
    /// frames (see `count_below`), so its depth is limited by memory alone.
    ///
    /// With multiplicities, when every option has an item covered exactly once (packings
    /// with piece counts: every option has its cells), it branches only on such items and
    /// keeps the others as counters (an item whose upper bound is reached is covered; a
    /// solution must meet every lower bound), with the counters' values in the key. That
    /// finds each solution once, and lets subproblems repeat. Other problems with
    /// multiplicities are counted by Algorithm M without the table.
    pub fn count_memo(&mut self, memo: bool) -> (Option<u128>, MemoStats) {
        self.count_memo_run(memo, Order::FewestOptions, None)
    }

    /// [`Solver::count_memo`] with the table on, branching in `order` (see [`Order`];
    /// [`Solver::count_adaptive`] races the two).
    pub fn count_memo_in(&mut self, order: Order) -> (Option<u128>, MemoStats) {
        self.count_memo_run(true, order, None)
    }

    /// Counts like [`Solver::count_memo`] with the table on, racing the two branching
    /// orders ([`Order`]): runs of each in turn with node budgets of 2^17, 2^19, ...
    /// nodes until one finishes, so the count costs at most a few times what the better
    /// order needs (tilings favour the frontier, most packings the fewest options). The
    /// first budget is at least twice the number of items, so that a tree as deep as the
    /// problem is wide reaches its leaves in the first round (the monomino on 1000x1000
    /// built its problem five times and walked its million levels 2.3 times).
    pub fn count_adaptive(problem: &Problem) -> (Option<u128>, MemoStats) {
        Solver::count_adaptive_below(problem, &[], &mut MemoTable::default()).expect("the empty prefix is a path")
    }

    /// [`Solver::count_adaptive`] of the subproblem below `prefix`
    /// ([`Solver::below_counters`]: with multiplicities in counter mode, the memoized
    /// count's own tree is cut), starting from `table` and leaving in it the subproblems
    /// it counted (shared by the subtrees of a cut; [`Solver::count_memo_if_it_pays_in`]).
    /// `None` when `prefix` is not a path of that tree.
    pub fn count_adaptive_below(problem: &Problem, prefix: &[usize], table: &mut MemoTable) -> Option<(Option<u128>, MemoStats)> {
        let mut budget: u64 = (1u64 << 17).max(2 * problem.items() as u64);
        loop {
            for order in [Order::FewestOptions, Order::Frontier] {
                let (count, st) =
                    Solver::below_counters(problem, prefix)?.count_memo_run_in(&mut table.0, true, order, Some(budget), false);
                // An interrupted run (see `interrupt`) ends the race too.
                if !st.aborted || crate::interrupt::requested() {
                    return Some((count, st));
                }
            }
            budget = budget.saturating_mul(4);
        }
    }

    /// Whether [`Solver::count_memo`] can use its table on this problem: always without
    /// multiplicities; with them, when every option has an item covered exactly once
    /// (counter mode).
    pub fn memo_applies(&self) -> bool {
        match &self.multi {
            None => true,
            Some(m) => self.every_option_has_an_exact_item(&m.exact),
        }
    }

    /// Counts like [`Solver::count_memo`] with the table on, but gives up (`None`) where
    /// that would drop the table and go on enumerating: after [`MEMO_TRIAL`] lookups
    /// that saved too little, so that the caller can enumerate with a faster engine
    /// (see [`crate::strategy`]). Problems that cannot use the table (multiplicities
    /// outside counter mode) are counted here anyway. The solver's state is restored
    /// when it gives up; its statistics keep the trial's nodes.
    pub fn count_memo_if_it_pays(&mut self) -> Option<(Option<u128>, MemoStats)> {
        self.count_memo_if_it_pays_in(&mut MemoTable::default())
    }

    /// [`Solver::count_memo_if_it_pays`] starting from `table`, and leaving in it the
    /// subproblems it counted: the subtrees of one cut ([`crate::parallel::Cut`]) share
    /// their subproblems (a subproblem's key, its remaining items and their colors, has
    /// the same count in every subtree of the same problem). A run that stops or gives
    /// up stores nothing it did not finish counting.
    pub fn count_memo_if_it_pays_in(&mut self, table: &mut MemoTable) -> Option<(Option<u128>, MemoStats)> {
        let (count, st) = self.count_memo_run_in(&mut table.0, true, Order::FewestOptions, None, true);
        (!st.aborted).then_some((count, st))
    }

    fn count_memo_run(&mut self, memo: bool, order: Order, budget: Option<u64>) -> (Option<u128>, MemoStats) {
        self.count_memo_run_with(memo, order, budget, false)
    }

    fn count_memo_run_with(&mut self, memo: bool, order: Order, budget: Option<u64>, give_up: bool) -> (Option<u128>, MemoStats) {
        self.count_memo_run_in(&mut Table::default(), memo, order, budget, give_up)
    }

    fn count_memo_run_in(
        &mut self,
        table: &mut Table,
        memo: bool,
        order: Order,
        budget: Option<u64>,
        give_up: bool,
    ) -> (Option<u128>, MemoStats) {
        let counters = match &self.multi {
            None => false,
            Some(m) => self.every_option_has_an_exact_item(&m.exact),
        };
        if self.multi.is_some() && !counters {
            let before = self.stats.nodes;
            let count = self.count() as u128;
            return (Some(count), MemoStats { nodes: self.stats.nodes - before, ..MemoStats::default() });
        }
        let mut st = MemoStats { kept: memo, order, budget, give_up, ..MemoStats::default() };
        let mut lookups = 0u64;
        let mut key = Vec::new();
        let count = self.count_below(table, &mut st, &mut lookups, &mut key);
        st.entries = table.len() as u64;
        (count, st)
    }

    /// Whether every option names some item of `exact` (primary items covered exactly
    /// once).
    fn every_option_has_an_exact_item(&self, exact: &[bool]) -> bool {
        // Nodes: 0 and the item headers, the first spacer at `llink.len() - 1`, then each
        // option's nodes followed by a spacer (`top <= 0`).
        let mut has = false;
        for node in &self.nodes[self.llink.len()..] {
            if node.top <= 0 {
                if !has {
                    return false;
                }
                has = false;
            } else if exact.get(node.top as usize).copied().unwrap_or(false) {
                has = true;
            }
        }
        true
    }

    /// The active exactly-once primary item with the fewest options, or `None` when none
    /// is left (counter mode of [`Solver::count_memo`]).
    ///
    /// With `frontier`, it takes instead the first such item in item order unless some
    /// item has at most one option left (a dead end or a forced move): for packings the
    /// first uncovered cell in reading order, so the covered cells form a frontier and
    /// subproblems repeat as in a transfer matrix.
    ///
    /// The scan stops at the first item as short as the shortest can be (one option when
    /// no list is empty, see [`Solver::empty`]).
    fn choose_exact(&self, frontier: bool) -> Option<usize> {
        let enough = self.shortest_at_least();
        let mut first = None;
        let mut best = None;
        let mut best_len = i32::MAX;
        let mut p = self.rlink[0] as usize;
        while p != 0 {
            if self.tracked[p] {
                let len = self.nodes[p].top;
                first = first.or(Some(p));
                if len < best_len && (!frontier || len <= 1) {
                    best = Some(p);
                    best_len = len;
                    if len <= enough {
                        break;
                    }
                }
            }
            p = self.rlink[p] as usize;
        }
        best.or(first)
    }

    /// The memoized count of the subproblem below the current state (DXZ with Knuth's
    /// choice of item): depth-first without recursion, one [`MemoFrame`] per level on a
    /// stack of its own, so the depth is limited by memory alone (a chain of 10^5 forced
    /// items overflowed the thread's stack when this was recursive).
    fn count_below(&mut self, table: &mut Table, st: &mut MemoStats, lookups: &mut u64, key: &mut Vec<u64>) -> Count {
        let counters = self.multi.is_some();
        let watched = self.watch.is_some();
        let mut frames: Vec<MemoFrame> = Vec::new();
        'enter: loop {
            // Enter a node: a leaf, a stored count or a stop ends it at once; otherwise
            // its item's first option is committed and its first child entered.
            let mut result = match self.memo_enter(table, st, lookups, key) {
                Entered::Done(count) => count,
                Entered::Open { i, stored, start } => {
                    if let Some(x) = self.first_branch(i, counters) {
                        frames.push(MemoFrame { i, x, total: 0, stored, start });
                        continue 'enter;
                    }
                    self.memo_leave(table, st, key, 0, stored, start)
                }
            };
            // Return `result` to the frames above until one has another option to try.
            loop {
                let Some(f) = frames.last_mut() else {
                    return result;
                };
                self.uncommit_any(f.x, counters);
                match result.and_then(|b| f.total.checked_add(b)) {
                    Some(t) => f.total = t,
                    None => {
                        let i = f.i;
                        frames.pop();
                        self.uncover(i);
                        if watched {
                            self.path.pop();
                        }
                        result = None;
                        continue;
                    }
                }
                let (i, x) = (f.i, f.x);
                if let Some(x) = self.next_branch(i, x, counters) {
                    f.x = x;
                    continue 'enter;
                }
                let f = frames.pop().expect("the frame just read");
                result = self.memo_leave(table, st, key, f.total, f.stored, f.start);
            }
        }
    }

    /// Opens a node of a memoized search on item `i`: covers it and commits its first
    /// option, whose node it returns; `None`, with nothing changed, when `i` has no option
    /// (shared by [`Solver::count_below`] and the ZDD's search).
    fn first_branch(&mut self, i: usize, counters: bool) -> Option<usize> {
        if self.nodes[i].top <= 0 {
            return None;
        }
        self.cover(i);
        let x = self.nodes[i].down as usize;
        if x == i {
            self.uncover(i);
            return None;
        }
        self.commit_any(x, counters);
        Some(x)
    }

    /// Moves the node open on item `i` from option `x` (already uncommitted) to the next
    /// one: commits it and returns its node, or, after the last, uncovers `i` and returns
    /// `None`. The progress path's branch moves on either way.
    fn next_branch(&mut self, i: usize, x: usize, counters: bool) -> Option<usize> {
        let x = self.nodes[x].down as usize;
        if let Some(branch) = self.path.last_mut() {
            branch.0 += 1;
        }
        if x == i {
            self.uncover(i);
            return None;
        }
        self.commit_any(x, counters);
        Some(x)
    }

    /// Commits option `x` (Algorithm M's bookkeeping when `counters`).
    #[inline]
    fn commit_any(&mut self, x: usize, counters: bool) {
        if counters {
            self.commit_option_m(x);
        } else {
            self.commit_option(x);
        }
    }

    /// Undoes [`Solver::commit_any`].
    #[inline]
    fn uncommit_any(&mut self, x: usize, counters: bool) {
        if counters {
            self.uncommit_option_m(x);
        } else {
            self.uncommit_option(x);
        }
    }

    /// The top of a node of [`Solver::count_below`]: counts it, polls the stop flag and
    /// the budget, chooses its item, and answers from the table when it can; else the
    /// item, whether the count is to be stored, and the node count at the start (the
    /// branch is pushed on the progress path when watched).
    fn memo_enter(&mut self, table: &mut Table, st: &mut MemoStats, lookups: &mut u64, key: &mut Vec<u64>) -> Entered {
        let start = st.nodes;
        st.nodes += 1;
        self.stats.nodes += 1;
        if st.budget.is_some_and(|b| st.nodes > b) || crate::interrupt::poll(st.nodes) {
            st.aborted = true;
            return Entered::Done(None);
        }
        let chosen = self.choose_exact(st.order == Order::Frontier);
        let Some(i) = chosen else {
            // A solution, if every counter met its lower bound.
            let met = self.multi.as_ref().is_none_or(|m| (1..m.bound.len()).all(|j| m.exact[j] || m.bound[j] <= m.slack[j]));
            return Entered::Done(Some(met as u128));
        };
        let stored = if st.kept {
            *lookups += 1;
            if *lookups == MEMO_TRIAL && !st.always && st.saved < MEMO_MIN_SAVING * MEMO_TRIAL {
                if st.give_up {
                    st.aborted = true;
                    return Entered::Done(None);
                }
                st.kept = false;
                table.clear();
                table.shrink_to_fit();
            }
            // A node whose item has at most one option left (a dead end, or a forced move
            // whose count is its one child's, looked up there) is neither looked up nor
            // stored, though it counts as a lookup of the trial: a chain of forced moves
            // costs no key.
            if st.kept && self.nodes[i].top > 1 {
                self.memo_key(key);
                if let Some(&(c, nodes)) = table.get(&key[..]) {
                    st.hits += 1;
                    st.saved += nodes;
                    return Entered::Done(Some(c));
                }
                st.always || table.len() < MEMO_MAX_ENTRIES
            } else {
                false
            }
        } else {
            false
        };
        if self.watch.is_some() {
            self.path.push((0, self.nodes[i].top.max(0) as u32));
            if self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                self.publish(self.estimate());
            }
        }
        Entered::Open { i, stored, start }
    }

    /// The bottom of a node of [`Solver::count_below`] whose options are all counted
    /// (`total`): pops its progress branch and stores its count when it is to be stored.
    fn memo_leave(&mut self, table: &mut Table, st: &MemoStats, key: &mut Vec<u64>, total: u128, stored: bool, start: u64) -> Count {
        if self.watch.is_some() {
            self.path.pop();
        }
        if stored && st.kept {
            // The key was overwritten below: compute it again (the state is restored).
            self.memo_key(key);
            table.insert(key.as_slice().into(), (total, st.nodes - start));
        }
        Some(total)
    }
}

/// Iterator over solutions; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.solver.next_solution().map(|s| s.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links" (and TAOCP (5)): 7 items, 6 options, one
    /// solution made of options 0, 3, 4 in 0-based numbering.
    #[test]
    fn knuths_example() {
        let mut p = Problem::new(7, 0);
        for opt in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
            p.add_option(opt).unwrap();
        }
        let mut s = Solver::new(&p);
        let all: Vec<Vec<usize>> = s.solutions().collect();
        assert_eq!(all, vec![vec![0, 3, 4]]);
        assert!(s.stats().nodes >= 4);
        assert!(s.stats().updates > 0);
    }

    /// Knuth's XCC example (TAOCP (49)): primary p, q, r; secondary x, y. One solution:
    /// options "q x:A" and "p r x:A y".
    #[test]
    fn knuths_color_example() {
        let (p_, q, r, x, y) = (0, 1, 2, 3, 4);
        let a = Color(1);
        let b = Color(2);
        let mut p = Problem::new(3, 2);
        p.add_colored_option(&[(p_, Color::NONE), (q, Color::NONE), (x, Color::NONE), (y, a)]).unwrap();
        p.add_colored_option(&[(p_, Color::NONE), (r, Color::NONE), (x, a), (y, Color::NONE)]).unwrap();
        p.add_colored_option(&[(p_, Color::NONE), (x, b)]).unwrap();
        p.add_colored_option(&[(q, Color::NONE), (x, a)]).unwrap();
        p.add_colored_option(&[(r, Color::NONE), (y, b)]).unwrap();
        let mut s = Solver::new(&p);
        let all: Vec<Vec<usize>> = s.solutions().collect();
        assert_eq!(all, vec![vec![1, 3]]);
    }

    #[test]
    fn no_items_has_one_empty_solution() {
        let p = Problem::new(0, 0);
        let mut s = Solver::new(&p);
        assert_eq!(s.next_solution(), Some(&[][..]));
        assert_eq!(s.next_solution(), None);
        assert_eq!(s.next_solution(), None);
    }

    #[test]
    fn uncoverable_item_has_no_solution() {
        let mut p = Problem::new(2, 0);
        p.add_option(&[0]).unwrap();
        assert_eq!(Solver::new(&p).count(), 0);
    }

    #[test]
    fn builder_errors() {
        let mut p = Problem::new(2, 1);
        assert_eq!(p.add_option(&[]), Err(crate::ExactCoverError::NoPrimaryItem));
        assert_eq!(p.add_option(&[3]), Err(crate::ExactCoverError::NoSuchItem { item: 3, items: 3 }));
        assert_eq!(p.add_option(&[1, 1]), Err(crate::ExactCoverError::RepeatedItem(1)));
        assert_eq!(p.add_colored_option(&[(0, Color(5))]), Err(crate::ExactCoverError::ColoredPrimary(0)));
        assert_eq!(p.add_option(&[2]), Err(crate::ExactCoverError::NoPrimaryItem));
        assert_eq!(p.options(), 0);
    }
}

#[cfg(test)]
mod progress_tests {
    use super::*;

    #[test]
    fn knuths_estimate_is_exact_on_a_uniform_tree() {
        // 4 independent items with 3 options each: every node at depth d has 3 children,
        // so at the j-th of the 81 leaves the estimate is (j + 1/2) / 81.
        let mut p = Problem::new(4, 0);
        for i in 0..4 {
            for _ in 0..3 {
                p.add_option(&[i]).unwrap();
            }
        }
        let mut s = Solver::new(&p);
        let watched = s.watch();
        let mut j = 0;
        while s.next_solution().is_some() {
            assert!((s.estimate() - (j as f64 + 0.5) / 81.0).abs() < 1e-12, "leaf {j}: {}", s.estimate());
            j += 1;
        }
        assert_eq!(j, 81);
        assert_eq!(watched.nodes(), 0, "fewer nodes than one refresh interval");
    }

    #[test]
    fn a_watched_count_publishes_its_progress_and_counts_the_same() {
        // Exact cover of 0..n by intervals of length 1 and 2: Fibonacci many solutions,
        // enough nodes for several refreshes when enumerated.
        let n = 26;
        let mut p = Problem::new(n, 0);
        for i in 0..n {
            p.add_option(&[i]).unwrap();
            if i + 1 < n {
                p.add_option(&[i, i + 1]).unwrap();
            }
        }
        let plain = Solver::new(&p).count_memo(false).0;
        let mut s = Solver::new(&p);
        let watched = s.watch();
        assert_eq!(s.count_memo(false).0, plain);
        assert!(watched.nodes() >= PROGRESS_INTERVAL);
        let f = watched.fraction();
        assert!((0.0..=1.0).contains(&f), "{f}");
        let mut listing = Solver::new(&p);
        let watched = listing.watch();
        let mut found = 0u128;
        while listing.next_solution().is_some() {
            found += 1;
        }
        assert_eq!(Some(found), plain);
        assert!(watched.solutions() > 0 && (0.0..=1.0).contains(&watched.fraction()));
    }
}
