//! Algorithm M (Knuth, TAOCP 7.2.2.1: items with multiplicities and their null move) on the
//! links of [`Solver`], as the same resumable state machine as Algorithm C.

use super::*;

impl Solver {
    /// Runs Algorithm M until the next solution (true) or the end (false). The same
    /// resumable state machine as [`Solver::advance`], with Knuth's null move (the item's
    /// header as the choice: cover no more of it) once an item's lower bound is met.
    pub(super) fn advance_m(&mut self) -> bool {
        let mut l = self.level;
        let mut step = self.resume();
        loop {
            match step {
                Step::Enter => {
                    if let Some(found) = self.enter_node(l) {
                        return found;
                    }
                    if self.watch.is_some() && self.stats.nodes.is_multiple_of(PROGRESS_INTERVAL) {
                        // Algorithm M's branches are not counted ahead: no estimate.
                        self.publish(f64::NAN);
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
                            step = Step::Undo; // too few options left to meet the lower bound
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
                        step = Step::Undo;
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
                        step = Step::Undo;
                    }
                }
                Step::Undo => {
                    self.untweak_level(l);
                    step = Step::Backtrack;
                }
                Step::Backtrack => step = self.back_up(&mut l),
                Step::Stop => return false,
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
    pub(super) fn commit_option_m(&mut self, x: usize) {
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
    pub(super) fn uncommit_option_m(&mut self, x: usize) {
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
