//! The working state of a [`Propagator`] and the search on it: commits, the forced moves,
//! the locked-item rule and the branch.

use super::*;

/// The working state of a [`Propagator`].
#[derive(Debug, Clone, Default)]
pub(super) struct State {
    /// Per level of guessing, the live options (`words` each) and counts (`primary + 1`
    /// each: the last is the scratch count of [`Tables::fixed`]'s padding).
    pub(super) live: Vec<u64>,
    pub(super) count: Vec<u16>,
    /// Items whose count fell to [`PUSH_AT`] or less, to look at: `forced[..nforced]`. The
    /// buffer has room for every decrement of a level (each option is cleared, by a commit
    /// or a removal, once a level, lowering each of its items once) and the items, plus
    /// one, so a push writes without a test.
    pub(super) forced: Vec<u32>,
    pub(super) nforced: usize,
    /// At level 0 (below [`LOCK_LEVELS`]), the primary items the locked-item rule is done
    /// with, a bit each: those it cannot apply to, and those it was tried on at a count of
    /// 2 (trying again while the count stays 2 would find nothing new).
    pub(super) tried: Vec<u64>,
    /// The options committed on the current path.
    pub(super) path: Vec<usize>,
    /// A commit's cleared words (bits, word index), the nonzero ones first; room for
    /// every word and a sentinel.
    pub(super) gone: Vec<(u64, u32)>,
    /// Whether the last commit or removal left an item without options (the state is
    /// abandoned).
    pub(super) dead: bool,
    /// How many words of `gone` the last commit kept (its cleared options, read again to
    /// find the branch's recent candidates); 0 when the last change was not a commit.
    pub(super) last: usize,
    /// The items [`State::recent`] has met, a bit each.
    pub(super) seen: Vec<u64>,
    pub(super) stats: PropagateStats,
}

impl State {
    /// [`Propagator::search`] on the tables `t`.
    pub(super) fn search(&mut self, t: &Tables, forced: &[usize], visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> PropagateStats {
        self.stats = PropagateStats::default();
        self.path.clear();
        let room = t.opt_items.len() + t.fixed.len() * 4 + t.primary + 1;
        if self.forced.len() < room {
            self.forced.resize(room, 0);
        }
        if self.gone.len() < t.words + 1 {
            self.gone.resize(t.words + 1, (0, 0));
        }
        self.nforced = 0;
        self.tried.clear();
        self.tried.extend_from_slice(&t.unlockable);
        self.dead = false;
        self.last = 0;
        self.live.clear();
        self.live.extend_from_slice(&t.live0);
        self.count.clear();
        self.count.extend_from_slice(&t.count0);
        let options = t.opt_primary.len();
        // Committing the forced options one by one lowers a count per primary item of
        // each option they clear; recounting every item from the live options costs a
        // popcount per word of the items' bitsets. The cheaper is taken.
        let one_by_one: usize = forced
            .iter()
            .filter(|&&o| o < options)
            .map(|&o| {
                let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
                t.conf_mask[a..b].iter().map(|m| m.count_ones() as usize).sum::<usize>() * t.opt_primary[o] as usize
            })
            .sum();
        let ok = if one_by_one > t.mask_word.len() {
            self.commit_all(t, forced)
        } else {
            // Items in no option, or in one.
            for (i, &c) in t.count0[..t.primary].iter().enumerate() {
                if c <= 1 {
                    self.forced[self.nforced] = i as u32;
                    self.nforced += 1;
                }
            }
            forced.iter().all(|&o| {
                let live = o < options && self.is_live(t, 0, o);
                if live {
                    self.commit(t, 0, o);
                } else if o < options && self.path.contains(&o) {
                    // Forced twice: once is enough.
                    return true;
                }
                // A commit that empties an item leaves the state half done: stop there.
                live && !self.dead
            })
        };
        if ok && self.propagate(t, 0) {
            let _ = self.branch(t, 0, visit);
        } else {
            self.stats.nodes += 1;
        }
        self.stats
    }

    /// Commits the options `forced` at level 0 at once: clears their conflict sets, marks
    /// their items covered, then counts every other primary item's live options afresh
    /// (a popcount per word of its bitset) and pushes those of few. False when one of
    /// `forced` is out of range or not live (it conflicts with an earlier one, not
    /// itself), or an item is left without options.
    fn commit_all(&mut self, t: &Tables, forced: &[usize]) -> bool {
        let options = t.opt_primary.len();
        for &o in forced {
            if o >= options {
                return false;
            }
            if !self.is_live(t, 0, o) {
                if self.path.contains(&o) {
                    // Forced twice: once is enough.
                    continue;
                }
                return false;
            }
            self.stats.commits += 1;
            self.path.push(o);
            let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
            for (&w, &m) in t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]) {
                self.live[w as usize] &= !m;
            }
            let s = t.opt_start[o] as usize;
            for &i in &t.opt_items[s..s + t.opt_primary[o] as usize] {
                self.count[i as usize] = COVERED;
            }
        }
        let mut zero = false;
        // In reverse item order, so that the stack gives the items back in item order.
        // Covered items are counted too, and their count then kept: a test to skip them
        // was mispredicted about as often as not.
        for i in (0..t.primary).rev() {
            let c = match t.item_fixed.get(i) {
                Some(f) => f.count(&self.live[..t.words]),
                None => {
                    let (a, b) = (t.mask_start[i] as usize, t.mask_start[i + 1] as usize);
                    t.mask_word[a..b].iter().zip(&t.mask_bits[a..b]).map(|(&w, &m)| (self.live[w as usize] & m).count_ones()).sum()
                }
            } as u16;
            let covered = self.count[i] == COVERED;
            let c = if covered { COVERED } else { c };
            self.count[i] = c;
            self.forced[self.nforced] = i as u32;
            self.nforced += usize::from(c <= PUSH_AT);
            zero |= c == 0;
        }
        // No item was lowered by a last commit: the branch takes the first of fewest (a
        // count of 0 marks the contradiction).
        self.dead = zero;
        self.last = 0;
        !zero
    }

    /// Makes room for level `l + 1` and copies level `l` into it.
    fn push_level(&mut self, t: &Tables, l: usize) {
        let (w, p) = (t.words, t.primary + 1);
        if self.live.len() < (l + 2) * w {
            self.live.resize((l + 2) * w, 0);
            self.count.resize((l + 2) * p, 0);
        }
        self.live.copy_within(l * w..(l + 1) * w, (l + 1) * w);
        self.count.copy_within(l * p..(l + 1) * p, (l + 1) * p);
    }

    /// Whether option `o` is live at level `l`.
    #[inline]
    fn is_live(&self, t: &Tables, l: usize, o: usize) -> bool {
        self.live[l * t.words + o / 64] >> (o % 64) & 1 == 1
    }

    /// Commits option `o` at level `l`: clears its conflict set (itself included) from the
    /// live options, lowering the counts of their primary items (noting those that fall
    /// to 1 or 0), its own primary items marked covered first. When it leaves an item
    /// without options it stops, with `dead` set (the state is abandoned), and
    /// [`State::propagate`] fails.
    fn commit(&mut self, t: &Tables, l: usize, o: usize) {
        self.stats.commits += 1;
        self.path.push(o);
        let live = &mut self.live[l * t.words..(l + 1) * t.words];
        let p1 = t.primary + 1;
        let count = &mut self.count[l * p1..(l + 1) * p1];
        let (forced, mut nforced) = (&mut self.forced, self.nforced);
        // Its own items first: their options' counts then fall from COVERED, never
        // reaching 1 (nor the branch's candidates).
        if let Some(f) = t.fixed.get(o) {
            // The padding's scratch count among them.
            f.iter().for_each(|&i| count[i as usize] = COVERED);
        } else {
            let s = t.opt_start[o] as usize;
            for &i in &t.opt_items[s..s + t.opt_primary[o] as usize] {
                count[i as usize] = COVERED;
            }
        }
        count[t.primary] = COVERED;
        let mut zero = false;
        let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
        // The words are cleared first and the nonzero ones kept; then one loop runs over
        // their bits. (A loop over each word's bits mispredicted its exit about once a
        // word.)
        let gone = &mut self.gone;
        let mut k = 0;
        for (&w, &mask) in t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]) {
            debug_assert!((w as usize) < live.len() && k < gone.len());
            // SAFETY: the words of a conflict set are < words = live.len(); `gone` has
            // room for every word and a sentinel, and k counts distinct words.
            let word = unsafe { live.get_unchecked_mut(w as usize) };
            let bits = *word & mask;
            *word &= !mask;
            unsafe { *gone.get_unchecked_mut(k) = (bits, w) };
            k += usize::from(bits != 0);
        }
        gone[k] = (0, 0);
        let (mut j, (mut bits, mut w)) = (0, gone[0]);
        while j < k {
            let q = w as usize * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // On to the next word when this one is done, without a branch (the sentinel
            // makes `gone[j + 1]` readable).
            let (next_bits, next_w) = gone[j + 1];
            let done = bits == 0;
            bits = std::hint::select_unpredictable(done, next_bits, bits);
            w = std::hint::select_unpredictable(done, next_w, w);
            j += usize::from(done);
            // The new count is kept in a register: read back after the push (which might
            // alias it, for all the compiler knows), it waited on the store.
            let mut lower = |i: u32| {
                debug_assert!((i as usize) < count.len() && nforced < forced.len());
                // SAFETY: every item of `t.fixed` and `t.opt_items` is a primary item or
                // the scratch count, all < primary + 1 = count.len(); `forced` has room
                // for every lowering of a level and the items (see `State::forced`).
                let c = unsafe { count.get_unchecked_mut(i as usize) };
                let v = c.wrapping_sub(1);
                *c = v;
                unsafe { *forced.get_unchecked_mut(nforced) = i };
                nforced += usize::from(v <= PUSH_AT);
                zero |= v == 0;
            };
            if let Some(f) = t.fixed.get(q) {
                f.iter().for_each(|&i| lower(i));
            } else {
                let s = t.opt_start[q] as usize;
                t.opt_items[s..s + t.opt_primary[q] as usize].iter().for_each(|&i| lower(i));
            }
            if zero {
                // An item is left without options: this state is abandoned, so the rest
                // of the conflicts need not be lowered.
                break;
            }
        }
        self.dead = zero;
        self.last = k;
        self.nforced = nforced;
    }

    /// Commits the options forced at level `l` until none is left, then (at level 0) applies
    /// the locked-item rule to the items of two options ([`State::lock_pass`]), and again
    /// while it removes any; false on a contradiction (the pending work is dropped).
    fn propagate(&mut self, t: &Tables, l: usize) -> bool {
        let p = t.primary + 1;
        loop {
            // The last commit left an item without options: stop before the others.
            if self.dead {
                self.nforced = 0;
                return false;
            }
            if self.nforced == 0 {
                if l < LOCK_LEVELS && self.lock_pass(t) {
                    continue;
                }
                return true;
            }
            self.nforced -= 1;
            let i = self.forced[self.nforced] as usize;
            match self.count[l * p + i] {
                0 => {
                    self.nforced = 0;
                    return false;
                }
                1 => {
                    let live = &self.live[l * t.words..(l + 1) * t.words];
                    let o = match t.item_fixed.get(i) {
                        Some(f) => f.first(live),
                        None => {
                            let (a, b) = (t.mask_start[i] as usize, t.mask_start[i + 1] as usize);
                            let o = t.mask_word[a..b].iter().zip(&t.mask_bits[a..b]).find_map(|(&w, &m)| {
                                let bits = live[w as usize] & m;
                                (bits != 0).then(|| w as usize * 64 + bits.trailing_zeros() as usize)
                            });
                            o.expect("an item counted 1 has a live option")
                        }
                    };
                    debug_assert!(o < t.opt_primary.len(), "an item counted 1 has a live option");
                    self.commit(t, l, o);
                }
                _ => {}
            }
        }
    }

    /// The locked-item rule at level 0 on the items of two live options it has not been
    /// tried on, in item order, until one removes options; returns whether one did. They
    /// are found by a scan of the counts, 64 items a step: pushing each item that fell to
    /// 2 and looking at it again when popped was dearer (on the 17-clue sudoku list, 106
    /// such pops a puzzle, and 129 of items covered by then).
    fn lock_pass(&mut self, t: &Tables) -> bool {
        for k in 0..self.tried.len() {
            let counts = &self.count[k * 64..((k + 1) * 64).min(t.primary)];
            let mut pairs = 0u64;
            for (b, &c) in counts.iter().enumerate() {
                pairs |= u64::from(c == 2) << b;
            }
            pairs &= !self.tried[k];
            while pairs != 0 {
                let b = pairs.trailing_zeros();
                pairs &= pairs - 1;
                self.tried[k] |= 1 << b;
                if self.lock(t, 0, k * 64 + b as usize) {
                    return true;
                }
            }
        }
        false
    }

    /// The locked-item rule for item `i` of two live options at level `l`: a primary item
    /// `j` in both is covered by whichever covers `i`, so `j`'s other live options are
    /// removed (Knuth's DLX-PRE removes the same options in preprocessing; in sudoku it is
    /// the box-line rule). At most four such items are looked at. Returns whether it
    /// removed any (the forced stack then holds the items that fell).
    fn lock(&mut self, t: &Tables, l: usize, i: usize) -> bool {
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let mut two = [0usize; 2];
        let mut k = 0;
        'find: for x in t.mask_start[i] as usize..t.mask_start[i + 1] as usize {
            let w = t.mask_word[x] as usize;
            let mut bits = live[w] & t.mask_bits[x];
            while bits != 0 {
                two[k] = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                k += 1;
                if k == 2 {
                    break 'find;
                }
            }
        }
        debug_assert_eq!(k, 2);
        let p = t.primary + 1;
        let mut common = [usize::MAX; 4];
        let mut n = 0;
        if let (Some(a), Some(b)) = (t.fixed.get(two[0]), t.fixed.get(two[1])) {
            for &j in a {
                if j as usize != i && j as usize != t.primary && b.contains(&j) {
                    common[n] = j as usize;
                    n += 1;
                }
            }
        } else {
            let items = |o: usize| {
                let s = t.opt_start[o] as usize;
                &t.opt_items[s..s + t.opt_primary[o] as usize]
            };
            for &j in items(two[0]) {
                if j as usize != i && items(two[1]).contains(&j) {
                    if n == common.len() {
                        break;
                    }
                    common[n] = j as usize;
                    n += 1;
                }
            }
        }
        let mut removed = false;
        for &j in &common[..n] {
            let cj = self.count[l * p + j];
            if cj <= 2 || cj >= COVERED_FLOOR {
                continue;
            }
            for x in t.mask_start[j] as usize..t.mask_start[j + 1] as usize {
                let w = t.mask_word[x] as usize;
                let mut gone = self.live[l * t.words + w] & t.mask_bits[x];
                while gone != 0 {
                    let q = w * 64 + gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    if q != two[0] && q != two[1] {
                        removed = true;
                        if !self.remove(t, l, q) {
                            return true;
                        }
                    }
                }
            }
        }
        removed
    }

    /// Removes the live option `q` at level `l` (not chosen: its items stay), lowering its
    /// primary items' counts and pushing those that fall to [`PUSH_AT`] or less; false
    /// when one falls to 0 (then `dead` is set and [`State::propagate`] fails).
    fn remove(&mut self, t: &Tables, l: usize, q: usize) -> bool {
        self.live[l * t.words + q / 64] &= !(1 << (q % 64));
        let p = t.primary + 1;
        let s = t.opt_start[q] as usize;
        self.last = 0;
        for &i in &t.opt_items[s..s + t.opt_primary[q] as usize] {
            let c = &mut self.count[l * p + i as usize];
            *c -= 1;
            if *c <= PUSH_AT {
                self.forced[self.nforced] = i;
                self.nforced += 1;
            }
            self.dead |= *c == 0;
        }
        !self.dead
    }

    /// Up to [`CANDIDATES`] items of count `least` at level `l` among the primary items of
    /// the options the last commit cleared, the most recently lowered first, and how many
    /// there are (none when the last change was not a commit). Found here, once a node,
    /// rather than kept by each commit: the options are read in reverse, so that an item
    /// is met first at its last lowering, which left it at its count now.
    fn recent(&mut self, t: &Tables, l: usize, least: u16) -> ([u32; CANDIDATES], usize) {
        let count = &self.count[l * (t.primary + 1)..(l + 1) * (t.primary + 1)];
        let seen = &mut self.seen;
        seen.clear();
        seen.resize(t.primary.div_ceil(64), 0);
        let mut found = ([0u32; CANDIDATES], 0);
        'read: for &(bits, w) in self.gone[..self.last].iter().rev() {
            let mut bits = bits;
            while bits != 0 {
                let b = 63 - bits.leading_zeros();
                bits &= !(1 << b);
                let q = w as usize * 64 + b as usize;
                let s = t.opt_start[q] as usize;
                for &i in t.opt_items[s..s + t.opt_primary[q] as usize].iter().rev() {
                    let (x, m) = (i as usize / 64, 1u64 << (i % 64));
                    if seen[x] & m == 0 {
                        seen[x] |= m;
                        if count[i as usize] == least {
                            found.0[found.1] = i;
                            found.1 += 1;
                            if found.1 == CANDIDATES {
                                break 'read;
                            }
                        }
                    }
                }
            }
        }
        found
    }

    /// The live options at level `l` that the live options of item `i` (it has `options`
    /// of them) exclude, counted once per option of `i` (a measure of how much a branch on
    /// `i` decides).
    fn live_conflicts(&self, t: &Tables, l: usize, i: usize, options: u16) -> u32 {
        let live = &self.live[l * t.words..(l + 1) * t.words];
        let conflicts = |o: usize| {
            let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
            t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]).map(|(&w, &m)| (live[w as usize] & m).count_ones()).sum::<u32>()
        };
        if let Some(f) = t.item_fixed.get(i) {
            // Its `options` live options taken in turn from its four words without a
            // branch (a loop over the words and their bits mispredicted its exits).
            let mut bits = f.live_words(live);
            let mut n = 0;
            for _ in 0..options {
                let (o, at) = f.lowest(&bits);
                bits[at] &= bits[at].wrapping_sub(1);
                n += conflicts(o);
            }
            return n;
        }
        let mut n = 0;
        for x in t.mask_start[i] as usize..t.mask_start[i + 1] as usize {
            let w = t.mask_word[x] as usize;
            let mut bits = live[w] & t.mask_bits[x];
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (a, b) = (t.conf_start[o] as usize, t.conf_start[o + 1] as usize);
                n += t.conf_word[a..b].iter().zip(&t.conf_mask[a..b]).map(|(&w, &m)| (live[w as usize] & m).count_ones()).sum::<u32>();
            }
        }
        n
    }

    /// The search below level `l`, propagated: branches on the item of fewest live
    /// options, or visits a solution when every primary item is covered.
    fn branch(&mut self, t: &Tables, l: usize, visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) -> ControlFlow<()> {
        self.stats.nodes += 1;
        let p = t.primary + 1;
        let counts = &self.count[l * p..l * p + t.primary];
        let least = counts.iter().copied().min().unwrap_or(COVERED);
        if least >= COVERED_FLOOR {
            self.stats.solutions += 1;
            return visit(&self.path);
        }
        if least == 0 {
            return ControlFlow::Continue(());
        }
        let first = counts.iter().position(|&c| c == least).expect("the least count is some item's");
        // Of the first item of fewest options and the recently lowered ones, the one whose
        // options exclude the most live options; ties go to the later candidate.
        let (cands, n) = self.recent(t, l, least);
        let mut i = first;
        if n > 0 && !(n == 1 && cands[0] as usize == first) {
            let mut best = self.live_conflicts(t, l, first, least);
            for &c in &cands[..n] {
                let c = c as usize;
                if c != first {
                    let v = self.live_conflicts(t, l, c, least);
                    if v >= best {
                        i = c;
                        best = v;
                    }
                }
            }
        }
        if least == 2 && t.lockable(i) && self.lock(t, l, i) {
            // The branch item's two options share another item: its other options are
            // gone, and the node is propagated again.
            self.stats.nodes -= 1;
            if self.propagate(t, l) {
                return self.branch(t, l, visit);
            }
            return ControlFlow::Continue(());
        }
        let depth = self.path.len();
        let mut left = least as usize;
        // The live options of `i`, through its bitset words (level `l` stays as it is
        // until the last alternative, which is committed there).
        let (mut x, mut w, mut bits) = (t.mask_start[i] as usize, 0usize, 0u64);
        while left > 0 {
            while bits == 0 {
                w = t.mask_word[x] as usize;
                bits = self.live[l * t.words + w] & t.mask_bits[x];
                x += 1;
            }
            let o = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            left -= 1;
            if left == 0 {
                // The last alternative: no guess, and this level's state is reused.
                self.commit(t, l, o);
                if self.propagate(t, l) {
                    self.branch(t, l, visit)?;
                }
                self.path.truncate(depth);
                return ControlFlow::Continue(());
            }
            self.stats.guesses += 1;
            self.push_level(t, l);
            self.commit(t, l + 1, o);
            if self.propagate(t, l + 1) {
                self.branch(t, l + 1, visit)?;
            }
            self.path.truncate(depth);
        }
        ControlFlow::Continue(())
    }
}
