//! The dense search and compaction: a subtree whose live options are few is rebuilt as
//! dense bitsets of a few words ([`BitSolver::count_compacted`]) and counted by the
//! same search on fixed-size arrays ([`Counting::Dense`]).

use super::tables::FULL_ROWS;
use super::*;

impl BitSolver {
    /// Counts the solutions below node `l` of a sparse frame (alive: not known to be a
    /// dead end) on a dense search ([`Counting::Dense`]) of the problem left there, when
    /// at most [`COMPACT_AT`] options are live and at most 128 primary items uncovered;
    /// returns false, doing nothing, otherwise. The problem left has those live options,
    /// renumbered in order, and those items, renumbered in order; two options conflict in
    /// it when they do in the whole problem, so it has the same solutions as the subtree
    /// and, the dense search choosing as this one does (fewest live options, first in
    /// order; options in order), the same tree: the statistics go on as if this search
    /// had visited it. Time: the uncovered items' option words and the live options
    /// (one `pext` a word where the CPU has BMI2), against a dense search of 1 to 12
    /// words a frame instead of this one's sparse words at every node below: the
    /// bitsets are rebuilt over what is left, as Knuth's dancing cells (SSXCC) keep the
    /// live options of each item at the front of its array, here once per subtree.
    pub(super) fn count_compacted(&mut self, l: usize) -> bool {
        let t = &*self.t;
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let c = &mut self.compact;
        c.rank.clear();
        let mut m = 0usize;
        for &w in live {
            c.rank.push(m as u32);
            m += w.count_ones() as usize;
        }
        if m > COMPACT_AT {
            return false;
        }
        let sub = self.sub.get_or_insert_with(|| Box::new(BitSolver::fresh(Arc::new(Tables::compacted()), Counting::Dense)));
        let Some(st) = Arc::get_mut(&mut sub.t) else { return false };
        let Some(d) = st.dense.as_mut() else { return false };
        // Per primary item its number in the compacted problem (255 when covered).
        d.map.clear();
        d.map.resize(t.primary, u8::MAX);
        c.bit.clear();
        c.bit.resize(t.primary, 0);
        let mut ni = 0usize;
        for i in 0..t.primary {
            let uncovered = match self.counting {
                Counting::Popcount => self.active[l * self.active_words + i / 64] >> (i % 64) & 1 == 1,
                _ => self.count[l * t.primary + i] < COVERED / 2,
            };
            if uncovered {
                if ni == 128 {
                    return false;
                }
                d.map[i] = ni as u8;
                c.bit[i] = 1 << ni;
                ni += 1;
            }
        }
        let n = m.div_ceil(64).max(1);
        (st.options, st.primary, st.words, d.n) = (m, ni, n, n);
        // Each uncovered item's live options, renumbered: its words' live bits squeezed
        // together and shifted to the live options before them.
        d.item.clear();
        d.item.resize(ni * n, 0);
        squeeze_items(t, live, &c.rank, &d.map, &mut d.item, n);
        // Each live option's number in the whole problem (its primary items are uncovered,
        // else it would conflict with the option that covered them), and its conflicts
        // through secondary items, squeezed as the item masks are; those through primary
        // items are added from the items' options (now for narrow frames, else by the
        // option's first commit: see `DenseTables::parent`).
        d.conf.clear();
        d.conf.resize(if t.sec_word.is_empty() { 0 } else { m * n }, 0);
        d.ids.clear();
        d.prim.clear();
        for (w, &bits) in live.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let k = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                let (a, e) = (t.sec_start[k] as usize, t.sec_start[k + 1] as usize);
                let j = d.ids.len();
                for (&w, &bits) in t.sec_word[a..e].iter().zip(&t.sec_bits[a..e]) {
                    let lw = live[w as usize];
                    if bits & lw != 0 {
                        deposit(&mut d.conf[j * n..(j + 1) * n], pext(bits & lw, lw), c.rank[w as usize] as usize);
                    }
                }
                d.ids.push(k as u32);
                if n <= FULL_ROWS {
                    let items = &t.opt_items[t.opt_start[k] as usize..t.opt_start[k + 1] as usize];
                    d.prim.push(items.iter().fold(0u128, |p, &i| p | c.bit[i as usize]));
                }
            }
        }
        if d.parent.is_none() {
            d.parent = Some(self.t.clone());
        }
        if n <= FULL_ROWS {
            add_primary_conflicts(&mut d.conf, &d.item, &d.prim, n);
        }
        let before = self.stats.nodes;
        self.stats = run_compacted(sub, m, ni, n, self.stats);
        if crate::interrupt::requested() {
            self.cursor.stop();
        }
        if self.stats.nodes / PROGRESS_INTERVAL != before / PROGRESS_INTERVAL {
            self.publish();
        }
        true
    }

    /// [`Self::advance_dense`] to the next solution.
    pub(super) fn step_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, true>()
    }

    /// [`Self::advance_dense`] to the end of the search, counting solutions in the
    /// statistics without stopping at them.
    pub(super) fn run_dense<const N: usize>(&mut self) -> bool {
        self.advance_dense::<N, false>()
    }

    /// [`BitSolver::advance`] with [`Counting::Dense`] and frames of `N` words: the same
    /// search, its state in fixed-size arrays.
    pub(super) fn advance_dense<const N: usize, const STOP: bool>(&mut self) -> bool {
        if self.t.dense.as_ref().is_none_or(|d| d.n != N) {
            return false;
        }
        let Some((mut l, mut enter)) = self.cursor.resume() else { return false };
        let Some(d) = self.t.dense.as_ref() else { return false };
        let (live, act, stats, cand, rows) = (&mut self.live, &mut self.act, &mut self.stats, &mut self.cand, &mut self.rows);
        let mut alive = self.cursor.paused.take().unwrap_or(l > self.base || self.base_alive);
        loop {
            if enter {
                if !tick(stats) {
                    return self.cursor.pause(l, alive);
                }
                let a = act[l];
                if alive && a == 0 {
                    if STOP {
                        return self.cursor.found(l, stats);
                    }
                    stats.solutions += 1;
                } else if let (Some((m, ni, n)), Some(sub)) = (
                    (!STOP && alive && N > 1 && self.compacting && d.parent.is_none() && narrower::<N>(chunk(live, l)))
                        .then(|| compact_dense::<N>(d, &self.t, chunk(live, l), a, &mut self.sub))
                        .flatten(),
                    self.sub.as_deref_mut(),
                ) {
                    // Counting: the subtree goes to a narrower dense search (its tables
                    // just written; otherwise the node is searched here as usual).
                    let before = stats.nodes;
                    *stats = run_compacted(sub, m, ni, n, *stats);
                    if crate::interrupt::requested() {
                        return self.cursor.stop();
                    }
                    if let (Some(p), true) = (&self.watch, stats.nodes / PROGRESS_INTERVAL != before / PROGRESS_INTERVAL) {
                        p.store(stats.nodes, stats.solutions, crate::solver::estimate_of(&self.path));
                    }
                } else {
                    let frame: [u64; N] = *chunk(live, l);
                    let (i, len) = if alive { choose_dense::<N>(&frame, a, &d.item) } else { (0, 0) };
                    if let Some(p) = &self.watch {
                        self.path.truncate(l);
                        self.path.push((0, len));
                        if stats.nodes % PROGRESS_INTERVAL == 0 {
                            p.store(stats.nodes, stats.solutions, crate::solver::estimate_of(&self.path));
                        }
                    }
                    if len > 0 {
                        let m: &[u64; N] = chunk(&d.item, i);
                        *chunk_mut::<N>(cand, l) = std::array::from_fn(|j| frame[j] & m[j]);
                        if let Some(k) = take_first::<N>(chunk_mut(cand, l)) {
                            self.option_at[l] = k as u32;
                            stats.updates += commit_dense::<N>(live, act, rows, l, k, d);
                            alive = true;
                            l += 1;
                            continue;
                        }
                    }
                }
            }
            // Backtrack: the next live option at level l - 1.
            let Some(up) = self.cursor.back_up(l, self.base) else { return false };
            l = up;
            if let Some(k) = take_first::<N>(chunk_mut(cand, l)) {
                if let Some(branch) = self.path.get_mut(l) {
                    branch.0 += 1;
                }
                self.option_at[l] = k as u32;
                stats.updates += commit_dense::<N>(live, act, rows, l, k, d);
                alive = true;
                l += 1;
                enter = true;
            } else {
                enter = false;
            }
        }
    }
}

/// Runs `sub`, whose tables [`BitSolver::count_compacted`] or [`compact_dense`] has just
/// written (`m` options, `ni` primary items, `n` words a frame), from its root (a node
/// already counted in `stats`) to its end, and returns `stats` gone on by its search.
pub(super) fn run_compacted(sub: &mut BitSolver, m: usize, ni: usize, n: usize, stats: Stats) -> Stats {
    // Frames past the root are written before they are read: only grown, never cleared.
    if sub.live.len() < (ni + 1) * n {
        sub.live.resize((ni + 1) * n, 0);
        sub.cand.resize((ni + 1) * n, 0);
    }
    if sub.act.len() < ni + 1 {
        sub.act.resize(ni + 1, 0);
        sub.option_at.resize(ni + 1, 0);
    }
    for (j, w) in sub.live[..n].iter_mut().enumerate() {
        *w = if m >= (j + 1) * 64 {
            !0
        } else if m > j * 64 {
            (1 << (m - j * 64)) - 1
        } else {
            0
        };
    }
    sub.act[0] = if ni == 128 { !0 } else { (1u128 << ni) - 1 };
    if sub.rows.conf.len() < m * n {
        sub.rows.conf.resize(m * n, 0);
    }
    if sub.rows.prim.len() < m {
        sub.rows.prim.resize(m, 0);
    }
    sub.rows.done.clear();
    sub.rows.done.resize(m.div_ceil(64), 0);
    (sub.cursor, sub.base, sub.base_alive) = (Cursor::default(), 0, true);
    // Its root is the node of `stats`, counted already.
    sub.stats = stats;
    sub.stats.nodes -= 1;
    dense_dispatch!(n, sub.run_dense());
    sub.stats
}

/// Whether a dense frame of `N` words is worth handing to a narrower search: its live
/// options fit in at most half as many words. Only for the dense search of a whole
/// problem: below a compacted subtree (already narrow) the subtrees are too small to
/// pay for it (3x4x5 flat pentacubes: 0.92 to 1.04 s against 0.87 s, the history of BENCHMARKS.md).
#[inline(always)]
pub(super) fn narrower<const N: usize>(frame: &[u64; N]) -> bool {
    let m: u32 = frame.iter().map(|w| w.count_ones()).sum();
    (m as usize).div_ceil(64).max(1) * 2 <= N
}

/// The frame of a dense search ([`Counting::Dense`], tables `d` of `N` words, `top` the
/// tables of the whole problem) whose subtree [`BitSolver::advance_dense`] hands to a
/// narrower dense search: the live options `frame` and uncovered items `act` of the node.
/// Writes the tables of the problem left there into `sub` (made on first use) as
/// [`BitSolver::count_compacted`] does, renumbering options and items in order, and
/// returns the new width. Time: the uncovered items' `N` words, and the live options'
/// conflict rows through secondary items.
pub(super) fn compact_dense<const N: usize>(
    d: &DenseTables,
    top: &Arc<Tables>,
    frame: &[u64; N],
    act: u128,
    sub: &mut Option<Box<BitSolver>>,
) -> Option<(usize, usize, usize)> {
    let m: usize = frame.iter().map(|w| w.count_ones() as usize).sum();
    let n = m.div_ceil(64).max(1);
    let ni = act.count_ones() as usize;
    let sub = sub.get_or_insert_with(|| Box::new(BitSolver::fresh(Arc::new(Tables::compacted()), Counting::Dense)));
    let st = Arc::get_mut(&mut sub.t)?;
    let e = st.dense.as_mut()?;
    (st.options, st.primary, st.words, e.n) = (m, ni, n, n);
    let mut rank = [0u32; N];
    let mut r = 0;
    for (x, w) in rank.iter_mut().zip(frame) {
        *x = r;
        r += w.count_ones();
    }
    // Per item of this search its number in the new one (255: covered).
    let mut renumber = [u8::MAX; 128];
    for (c, i) in bits128(act).enumerate() {
        renumber[i] = c as u8;
    }
    e.item.clear();
    e.item.resize(ni * n, 0);
    for (c, i) in bits128(act).enumerate() {
        squeeze_row::<N>(chunk(&d.item, i), frame, &rank, &mut e.item[c * n..(c + 1) * n]);
    }
    e.conf.clear();
    e.ids.clear();
    e.prim.clear();
    let sec = if d.parent.is_some() { &d.conf } else { &d.sec };
    if !sec.is_empty() {
        e.conf.resize(m * n, 0);
    }
    for (j, w) in frame.iter().enumerate() {
        let mut b = *w;
        while b != 0 {
            let k = j * 64 + b.trailing_zeros() as usize;
            b &= b - 1;
            let c = e.ids.len();
            if !sec.is_empty() {
                squeeze_row::<N>(chunk(sec, k), frame, &rank, &mut e.conf[c * n..(c + 1) * n]);
            }
            e.ids.push(if d.parent.is_some() { d.ids[k] } else { k as u32 });
            if n <= FULL_ROWS {
                e.prim.push(squeeze128(d.prim[k], act));
            }
        }
    }
    e.map.clear();
    if d.parent.is_some() {
        e.map.extend(d.map.iter().map(|&i| if i == u8::MAX { i } else { renumber[usize::from(i)] }));
    } else {
        e.map.extend_from_slice(&renumber[..top.primary]);
    }
    if e.parent.is_none() {
        e.parent = Some(d.parent.clone().unwrap_or_else(|| top.clone()));
    }
    if n <= FULL_ROWS {
        add_primary_conflicts(&mut e.conf, &e.item, &e.prim, n);
    }
    Some((m, ni, n))
}

/// ORs into `out` the bits of `row` at the live options of `frame`, renumbered as
/// [`compact_dense`] does (`rank`: the live options before each word).
#[inline(always)]
pub(super) fn squeeze_row<const N: usize>(row: &[u64; N], frame: &[u64; N], rank: &[u32; N], out: &mut [u64]) {
    for w in 0..N {
        let x = row[w] & frame[w];
        if x != 0 {
            deposit(out, pext(x, frame[w]), rank[w] as usize);
        }
    }
}

/// [`compress`] by the `pext` instruction where the CPU has BMI2 (checked once).
#[inline(always)]
pub(super) fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has BMI2, as just checked.
        return unsafe { pext_bmi2(x, mask) };
    }
    compress(x, mask)
}

/// The bits of `x` at the set bits of `mask`, packed together at the bottom (a 128-bit
/// [`pext`]): a set of items renumbered to the uncovered items `mask`, in order.
#[inline(always)]
pub(super) fn squeeze128(x: u128, mask: u128) -> u128 {
    let (xl, ml) = (x as u64, mask as u64);
    let (xh, mh) = ((x >> 64) as u64, (mask >> 64) as u64);
    u128::from(pext(xl, ml)) | u128::from(pext(xh, mh)) << ml.count_ones()
}

/// `pext` itself.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn pext_bmi2(x: u64, mask: u64) -> u64 {
    // Safe to call here from Rust 1.86 on (target_feature 1.1), unsafe before.
    #[allow(unused_unsafe)]
    // SAFETY: this function's condition (the CPU has BMI2).
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
}

/// Writes into `item` (`n` words a row, zero) the live options of each primary item
/// uncovered in `map` (its number in the compacted problem, 255 when covered) as
/// [`BitSolver::count_compacted`] renumbers them: live option `k` becomes the number of
/// live options before it (`rank[k / 64]` plus those before it in its word).
pub(super) fn squeeze_items(t: &Tables, live: &[u64], rank: &[u32], map: &[u8], item: &mut [u64], n: usize) {
    for (i, &ci) in map.iter().enumerate() {
        if ci == u8::MAX {
            continue;
        }
        let row = &mut item[usize::from(ci) * n..(usize::from(ci) + 1) * n];
        for j in t.item_start[i] as usize..t.item_start[i + 1] as usize {
            let w = t.item_word[j] as usize;
            let x = t.item_bits[j] & live[w];
            if x != 0 {
                deposit(row, pext(x, live[w]), rank[w] as usize);
            }
        }
    }
}

/// ORs the bits of `y` into `row` from bit `r` on (those past its end dropped).
#[inline(always)]
pub(super) fn deposit(row: &mut [u64], y: u64, r: usize) {
    row[r / 64] |= y << (r % 64);
    if !r.is_multiple_of(64) && r / 64 + 1 < row.len() {
        row[r / 64 + 1] |= y >> (64 - r % 64);
    }
}

/// The bits of `x` at the places of the set bits of `mask`, squeezed together (the
/// `pext` instruction of BMI2, one set bit of `x` at a time): bit `r` of the result is
/// bit `p` of `x` for the `r`-th set bit `p` of `mask`, counting from 0.
#[inline(always)]
pub(super) fn compress(mut x: u64, mask: u64) -> u64 {
    let mut y = 0;
    while x != 0 {
        y |= 1 << (mask & ((x & x.wrapping_neg()) - 1)).count_ones();
        x &= x - 1;
    }
    y
}

/// Completes the conflict sets `conf` (`n` words an option, those through secondary
/// items or none) of a compacted problem with those through primary items: each option's
/// row ORed with the options of each of its primary items (`prim`, masks `item`).
pub(super) fn add_primary_conflicts(conf: &mut Vec<u64>, item: &[u64], prim: &[u128], n: usize) {
    conf.resize(prim.len() * n, 0);
    for (row, &p) in conf.chunks_exact_mut(n).zip(prim) {
        for i in bits128(p) {
            for (c, m) in row.iter_mut().zip(&item[i * n..(i + 1) * n]) {
                *c |= m;
            }
        }
    }
}

/// Takes the least option of `set` out of it (`None` when empty).
#[inline(always)]
pub(super) fn take_first<const N: usize>(set: &mut [u64; N]) -> Option<usize> {
    let j = set.iter().position(|&w| w != 0)?;
    let k = j * 64 + set[j].trailing_zeros() as usize;
    set[j] &= set[j] - 1;
    Some(k)
}

/// [`Counting::Dense`]: writes frame `l + 1` (`N` words of `live`, one of `act`) as frame
/// `l` with option `k` chosen: its conflict set cleared, its primary items covered.
/// Returns the options it excluded (the updates of [`Stats`]).
#[inline(always)]
pub(super) fn commit_dense<const N: usize>(
    live: &mut [u64],
    act: &mut [u128],
    rows: &mut Rows,
    l: usize,
    k: usize,
    d: &DenseTables,
) -> u64 {
    let (conf, prim): ([u64; N], u128) = match &d.parent {
        Some(_) if N > FULL_ROWS && rows.done.get(k / 64).is_some_and(|w| w >> (k % 64) & 1 == 1) => (*chunk(&rows.conf, k), rows.prim[k]),
        Some(t) if N > FULL_ROWS => {
            // The option's first commit in this subtree: its items there, renumbered.
            let mut conf = if d.conf.is_empty() { [0; N] } else { *chunk(&d.conf, k) };
            let mut prim = 0u128;
            let id = d.ids[k] as usize;
            for &i in &t.opt_items[t.opt_start[id] as usize..t.opt_start[id + 1] as usize] {
                let i = usize::from(d.map[i as usize]);
                let m: &[u64; N] = chunk(&d.item, i);
                conf = std::array::from_fn(|j| conf[j] | m[j]);
                prim |= 1 << i;
            }
            if let Some(w) = rows.done.get_mut(k / 64) {
                *w |= 1 << (k % 64);
                *chunk_mut::<N>(&mut rows.conf, k) = conf;
                rows.prim[k] = prim;
            }
            (conf, prim)
        }
        _ => (*chunk(&d.conf, k), d.prim[k]),
    };
    let src: [u64; N] = *chunk(live, l);
    let mut updates = 0;
    for (w, c) in src.iter().zip(&conf) {
        updates += u64::from((w & c).count_ones());
    }
    *chunk_mut::<N>(live, l + 1) = std::array::from_fn(|j| src[j] & !conf[j]);
    act[l + 1] = act[l] & !prim;
    updates
}

/// The tables of [`Counting::Dense`]: every item's options and every option's conflict
/// set as `n` whole words (`n` the number of words of options: 1 to 8 for a whole
/// problem, up to 16 for the problem left in a subtree, see [`BitSolver::count_compacted`]),
/// every option's primary items as one 128-bit word.
#[derive(Debug, Clone)]
pub(super) struct DenseTables {
    pub(super) n: usize,
    /// Options of primary item `i`: `item[i * n..(i + 1) * n]`.
    pub(super) item: Vec<u64>,
    /// Conflict set of option `k`: `conf[k * n..(k + 1) * n]` (when `parent` is set, only
    /// its part through secondary items).
    pub(super) conf: Vec<u64>,
    /// Primary items of option `k`, bit `i` for item `i` (with `parent`, only for frames
    /// of at most [`FULL_ROWS`] words; else in the solver's [`Rows`]).
    pub(super) prim: Vec<u128>,
    /// Conflict set of option `k` through secondary items only: `sec[k * n..(k + 1) *
    /// n]` (empty when no option has any, and when `parent` is set).
    pub(super) sec: Vec<u64>,
    /// For the tables of one subtree ([`BitSolver::count_compacted`]), the tables of the
    /// whole problem, with per option here its number there (`ids`) and per primary
    /// item there its number here (`map`, 255 when covered). Then, for frames of at most
    /// [`FULL_ROWS`] words, `conf` holds every option's whole conflict set, written with
    /// the tables; for wider ones only the conflicts through secondary items (empty when
    /// there are none): an option's first commit finds its conflicts through primary
    /// items as the union of the options here of its items and keeps its whole set and
    /// its items in the solver's [`Rows`], so the tables need not list every option's
    /// conflicts.
    pub(super) parent: Option<Arc<Tables>>,
    pub(super) ids: Vec<u32>,
    pub(super) map: Vec<u8>,
}

/// [`BitSolver::choose`] for [`Counting::Dense`]: among the uncovered items `active`
/// (nonempty), the first of fewest live options in `frame` (`N` words) by popcounts over
/// its mask in `item` (`N` words an item), and that number.
#[inline(always)]
pub(super) fn choose_dense<const N: usize>(frame: &[u64], active: u128, item: &[u64]) -> (usize, u32) {
    let frame: &[u64; N] = chunk(frame, 0);
    // The least (count, item) pair as one integer, kept without branches (the order of
    // the counts is random: a branch on each improvement would mispredict).
    let mut best = u64::MAX;
    for i in bits128(active) {
        if (i + 1) * N > item.len() {
            break;
        }
        let m: &[u64; N] = chunk(item, i);
        let mut len = 0;
        for j in 0..N {
            len += (frame[j] & m[j]).count_ones();
        }
        if len == 0 {
            return (i, 0);
        }
        best = best.min(u64::from(len) << 32 | i as u64);
    }
    ((best & 0xffff_ffff) as usize, (best >> 32) as u32)
}
