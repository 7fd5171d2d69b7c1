//! Algorithm C (Knuth, TAOCP 7.2.2.1) on dancing links, written as a resumable state
//! machine so that solutions can be produced one at a time without recursion: the links
//! and Algorithm C here, Algorithm M (multiplicities) in `multiplicities`, memoized
//! counting in `memo`, progress reports in `progress`, the cheapest solutions in `cost`
//! and the ZDD in `zdd`.

use crate::{Color, Problem};

pub mod cost;
mod memo;
mod progress;
pub mod zdd;
use std::collections::HashMap;
use std::sync::Arc;

use memo::{Entered, Table};
pub use memo::{MemoStats, MemoTable, Order, MEMO_MAX_ENTRIES, MEMO_MIN_SAVING, MEMO_TRIAL};
pub(crate) use progress::estimate_of;
pub use progress::{Progress, Stats, PROGRESS_INTERVAL};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    AfterSolution,
    Done,
}

/// The steps of the resumable state machine that Algorithms C and M share (TAOCP
/// 7.2.2.1): enter a node (C2, M2), try the option at level `l` (C5, M5), move to the
/// level's next option (C6, M6), undo the level's choice (C7, M8), backtrack (C8, M9),
/// and stop: the search is done.
#[derive(Clone, Copy)]
enum Step {
    Enter,
    Try,
    Next,
    Undo,
    Backtrack,
    Stop,
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

// Declared after `by_track!`, which it uses.
mod multiplicities;

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
        let mut l = self.level;
        let mut step = self.resume();
        // The item being branched on at level l.
        let mut i = 0usize;
        loop {
            match step {
                Step::Enter => {
                    if let Some(found) = self.enter_node(l) {
                        return found;
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
                        step = Step::Undo;
                    } else {
                        self.commit_option_with::<TRACK>(xl);
                        l += 1;
                        step = Step::Enter;
                    }
                }
                Step::Next => {
                    let xl = self.x[l] as usize;
                    self.uncommit_option_with::<TRACK>(xl);
                    i = self.nodes[xl].top as usize;
                    self.x[l] = self.nodes[xl].down;
                    if let Some(branch) = self.path.get_mut(l) {
                        branch.0 += 1;
                    }
                    step = Step::Try;
                }
                Step::Undo => {
                    self.uncover_with::<TRACK>(i);
                    step = Step::Backtrack;
                }
                Step::Backtrack => step = self.back_up(&mut l),
                Step::Stop => return false,
            }
        }
    }

    /// Where a resumed search goes on (Algorithms C and M alike): a new search enters
    /// its first node, one stopped at a solution backtracks from it, one done stops.
    fn resume(&self) -> Step {
        match self.phase {
            Phase::Start => Step::Enter,
            Phase::AfterSolution => Step::Backtrack,
            Phase::Done => Step::Stop,
        }
    }

    /// The start of a node at level `l`, shared by Algorithms C and M (steps C2 and M2):
    /// counts it, then stops the search on an interrupt (`Some(false)`) or at a solution
    /// (`Some(true)`, its options `x[0..l]`); `None`: choose an item and branch.
    #[inline(always)]
    fn enter_node(&mut self, l: usize) -> Option<bool> {
        self.stats.nodes += 1;
        if crate::interrupt::poll(self.stats.nodes) {
            self.phase = Phase::Done;
            return Some(false);
        }
        if self.rlink[0] == 0 {
            self.level = l;
            self.phase = Phase::AfterSolution;
            self.stats.solutions += 1;
            return Some(true);
        }
        None
    }

    /// Backtracking from level `l`, shared by Algorithms C and M (steps C8 and M9): the
    /// next option at level `l - 1`, or at the base level the end of the search.
    #[inline(always)]
    fn back_up(&mut self, l: &mut usize) -> Step {
        if *l == self.base {
            self.level = self.base;
            self.phase = Phase::Done;
            return Step::Stop;
        }
        *l -= 1;
        Step::Next
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
mod tests;
