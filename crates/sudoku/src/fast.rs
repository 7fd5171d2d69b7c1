//! The engine of the classic 9 x 9 sudoku: for each digit and each band (three rows), the
//! 27 cells where the digit can still go, as one `u32`. The rules act on these masks a
//! band at a time:
//!
//! - **Band permutations** (box-line locked candidates): in a band a digit takes one
//!   segment (the three cells a row shares with a box) in each row and in each box, so the
//!   occupied segments of a band must hold a permutation of the 3 x 3 segment matrix; a
//!   segment on no such permutation is cleared (a table of the 512 segment patterns).
//! - **Hidden singles** in rows (a row of the band with one cell left), in columns (across
//!   the three bands) and, through the band permutations, in boxes.
//! - **Naked singles**: cells with one digit left, found for all 27 cells of a band at
//!   once by bit-sliced counting over the nine digit masks.
//! - **Stack permutations**: the same rule as the band's on the columns of a stack.
//! - **Triads**: a segment holds three digits. A digit is certain to take a segment when
//!   every permutation left to it in its band passes there; when three digits are certain
//!   to take one segment, the others leave it (bit-sliced counting again). Likewise the
//!   three cells a column shares with a box, in a stack.
//!
//! A cell placed clears its digit from its row, box and column and its cell from the other
//! digits. The search branches on a band or stack: the one with the fewest unfixed digits
//! (digits with more than one configuration) when that is at most six, else, as tdoku
//! does, the one with the fewest configurations (permutations left) summed over its nine
//! digits; on a digit there of two configurations (else three, else the fewest), one
//! configuration per alternative; it copies the 136-byte state at each guess. On the
//! forum's hardest list this makes 60.1 guesses a puzzle (62.4 with tdoku's choice of the
//! line alone); on its first 3000 puzzles tdoku's choice made 63.6, against 93.8 when it
//! guessed in a cell of two candidates and without the triads (the history of
//! BENCHMARKS.md).
//!
//! The representation by digit and band follows the public descriptions of the fast
//! bitwise solvers (Zhouyundong's ZSolver, JCZSolve, and the "triads" of Tom Dillon's
//! tdoku write-up); the code here is written from those ideas.

use super::engine::SearchStats;
use std::ops::ControlFlow;

const ALL: u32 = (1 << 27) - 1;

/// A table of `$n` entries (512 unless given: one per 9-bit pattern), entry `m` the
/// const expression `$entry` of `m`: the tables below, built at compile time.
macro_rules! table {
    ($ty:ty, |$m:ident| $entry:expr) => {
        table!($ty; 512, |$m| $entry)
    };
    ($ty:ty; $n:expr, |$m:ident| $entry:expr) => {{
        let mut t: [$ty; $n] = [0; $n];
        let mut $m = 0;
        while $m < $n {
            t[$m] = $entry;
            $m += 1;
        }
        t
    }};
}

/// The cells of the pattern of segments `m` (bit 3r + x: row r, box x of a band).
const fn segment_cells(m: usize) -> u32 {
    let mut cells = 0u32;
    let mut s = 0;
    while s < 9 {
        if (m >> s) & 1 == 1 {
            cells |= 7 << (9 * (s / 3) + 3 * (s % 3));
        }
        s += 1;
    }
    cells
}

/// The six configurations of a digit in a band: the box (0..3) of its segment in each row
/// of the band. The same for a stack: the column of the box in each band.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The segments (bit 3r + x) of each of the six configurations.
const PERM_SEGS: [u16; 6] = {
    let mut t = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 1 << (3 * r + PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    t
};

/// The configurations (bit p) that the pattern of occupied segments `m` still allows.
const fn configs(m: usize) -> u8 {
    let mut t = 0;
    let mut p = 0;
    while p < 6 {
        if PERM_SEGS[p] as usize & m == PERM_SEGS[p] as usize {
            t |= 1 << p;
        }
        p += 1;
    }
    t
}

/// For each pattern of occupied segments, the configurations (bit p) it still allows.
static CONFIGS: [u8; 512] = table!(u8, |m| configs(m));

/// The segments of the configurations `configs` (bit p): on some of them (`every` false)
/// or on every one (`every` true); 0 when there is none.
const fn config_segments(configs: u8, every: bool) -> u16 {
    let mut t = if every && configs != 0 { 0x1FF } else { 0 };
    let mut p = 0;
    while p < 6 {
        if configs >> p & 1 == 1 {
            t = if every { t & PERM_SEGS[p] } else { t | PERM_SEGS[p] };
        }
        p += 1;
    }
    t
}

/// For each pattern of occupied segments, the segments that lie on a permutation (one per
/// row and per box) made only of occupied segments; 0 when there is none.
static PERMUTATIONS: [u16; 512] = table!(u16, |m| config_segments(configs(m), false));

/// For each pattern of occupied segments, the segments on every configuration it allows.
static CERTAIN: [u16; 512] = table!(u16, |m| config_segments(configs(m), true));

/// Each 9-bit row pattern if it has one cell, else 0.
static LONE: [u16; 512] = table!(u16, |m| if m.count_ones() == 1 { m as u16 } else { 0 });

/// The number of configurations each pattern of occupied segments allows.
static CONFIG_COUNT: [u8; 512] = table!(u8, |m| configs(m).count_ones() as u8);

/// A band mask with each segment's three bits or-ed into its first (bits 0, 3, 6, ...,
/// 24), the others cleared: the first step of [`band_segments`] and [`segments_across`].
#[inline(always)]
fn segment_firsts(s: u32) -> u32 {
    (s | s >> 1 | s >> 2) & 0x124_9249
}

/// The occupied segments (bit 3r + x for row r and box x) of a band mask, by shifts
/// alone: each segment's three bits or-ed into its first, then each row's three firsts
/// brought together, and the rows.
#[inline(always)]
fn band_segments(s: u32) -> u16 {
    let t = segment_firsts(s);
    let v = t | t >> 2 | t >> 4;
    ((v & 7) | (v >> 6 & 0x38) | (v >> 12 & 0x1C0)) as u16
}

/// The columns (9 bits) a band mask occupies.
#[inline(always)]
fn mask_columns(s: u32) -> u32 {
    (s | s >> 9 | s >> 18) & 0x1FF
}

/// A digit's pattern in stack t (bit 3b + c for column c of the stack in band b), from its
/// columns in the three bands ([`mask_columns`]).
#[inline(always)]
fn stack_pattern(cols: [u32; 3], t: usize) -> u16 {
    ((cols[0] >> (3 * t) & 7) | (cols[1] >> (3 * t) & 7) << 3 | (cols[2] >> (3 * t) & 7) << 6) as u16
}

/// The segments three of the nine patterns `segs` are certain to take ([`CERTAIN`],
/// counted bit-sliced); `None` when four are certain to take one (a contradiction).
#[inline(always)]
fn certain_thrice(segs: &[u16; 9]) -> Option<u16> {
    let (mut c1, mut c2, mut c3, mut c4) = (0u16, 0u16, 0u16, 0u16);
    for &seg in segs {
        let c = CERTAIN[seg as usize];
        c4 |= c3 & c;
        c3 |= c2 & c;
        c2 |= c1 & c;
        c1 |= c;
    }
    (c4 == 0).then_some(c3)
}

/// The cells of each pattern of segments ([`segment_cells`]).
static SEGMENT_CELLS: [u32; 512] = table!(u32, |m| segment_cells(m));

/// The 3 x 3 segment pattern `m` transposed: bit 3r + x to bit 3x + r.
const fn transpose(m: usize) -> usize {
    let mut t = 0;
    let mut k = 0;
    while k < 9 {
        if (m >> k) & 1 == 1 {
            t |= 1 << (3 * (k % 3) + k / 3);
        }
        k += 1;
    }
    t
}

/// The occupied segments of a band mask, transposed (bit 3x + r for row r and box x:
/// [`band_segments`] under [`transpose`]), by shifts alone: each segment's three bits
/// or-ed into its first, then the three rows' firsts interleaved.
#[inline(always)]
fn segments_across(s: u32) -> usize {
    let t = segment_firsts(s);
    ((t | t >> 8 | t >> 16) & 0x1FF) as usize
}

/// For each pattern of occupied segments as [`segments_across`] gives it, the cells of
/// the segments on a permutation ([`PERMUTATIONS`] then [`SEGMENT_CELLS`], one lookup
/// instead of two in a row, and none for the pattern); 0 when there is none.
static KEPT_CELLS_ACROSS: [u32; 512] = table!(u32, |m| segment_cells(config_segments(configs(transpose(m)), false) as usize));

/// Within a band, the cells a placement at cell i (0..27) clears of its digit: its row and
/// its box, but the cell itself.
const fn band_peers(i: usize) -> u32 {
    let (r, c) = (i / 9, i % 9);
    let row = 0x1FF << (9 * r);
    let b = c / 3;
    let bx = (7 << (3 * b)) | (7 << (9 + 3 * b)) | (7 << (18 + 3 * b));
    (row | bx) & !(1 << i)
}

static BAND_PEERS: [u32; 27] = table!(u32; 27, |i| band_peers(i));

/// The band cells of each pattern of the three columns of a stack's first columns: bit c
/// of the index is column c (0..3), spread to its three rows.
const SPREAD_COLUMNS: [u32; 8] = table!(u32; 8, |g| spread(g, 3, 1, 0x40201));

/// The search state: candidates by band and digit, the unsolved cells of each band, and
/// the masks changed since the rules last looked at them (bit 9b + d: band b, digit d,
/// the order of `cand`).
#[derive(Clone, Copy)]
struct State {
    cand: [[u32; 9]; 3],
    unsolved: [u32; 3],
    dirty: u32,
    /// The masks changed since the stacks were last looked at.
    touched: u32,
    /// The masks changed since the triads were last looked at.
    fresh: u32,
    /// The branch chosen when the triads last changed nothing: digit (bits 0..4), line
    /// (bits 4..8: band 0..3 or stack 3..6) and its configurations (bits 8..14); 0 when
    /// every line is fixed.
    branch: u32,
}

// The size the module's documentation gives (a guess copies it).
const _: () = assert!(std::mem::size_of::<State>() == 136);

/// Bit k of `m` (k below `n`) as `unit` shifted by `step * k`, the bits or-ed.
const fn spread(m: usize, n: usize, step: usize, unit: u32) -> u32 {
    let mut out = 0;
    let mut k = 0;
    while k < n {
        if (m >> k) & 1 == 1 {
            out |= unit << (step * k);
        }
        k += 1;
    }
    out
}

/// Clears cell `bit` from the nine digits' masks of a band; returns the digits that had
/// it (bit e for digit e). With `V3` (the caller has detected AVX2) eight masks at once.
#[inline(always)]
fn take_cell<const V3: bool>(band: &mut [u32; 9], bit: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if V3 {
        use std::arch::x86_64::*;
        let (eight, last) = band.split_at_mut(8);
        // SAFETY: `V3` is only true when `solve` detected AVX2; the loads and the store
        // are unaligned, of the eight `u32` of `eight`.
        let had = unsafe {
            let p = eight.as_mut_ptr().cast::<__m256i>();
            let v = _mm256_loadu_si256(p);
            let b = _mm256_set1_epi32(bit as i32);
            let hit = _mm256_cmpeq_epi32(_mm256_and_si256(v, b), b);
            _mm256_storeu_si256(p, _mm256_andnot_si256(b, v));
            _mm256_movemask_ps(_mm256_castsi256_ps(hit)) as usize
        };
        let m = last[0];
        last[0] = m & !bit;
        return had | usize::from(m & bit != 0) << 8;
    }
    let mut had = 0usize;
    for (e, m) in band.iter_mut().enumerate() {
        had |= usize::from(*m & bit != 0) << e;
        *m &= !bit;
    }
    had
}

impl State {
    /// Places digit d at cell i of band b (the caller knows it is a candidate there),
    /// marking the masks it changes (branch-free: the cell leaves the nine digits' masks
    /// of its band, the digit leaves its row, box and column).
    #[inline(always)]
    fn place<const V3: bool>(&mut self, d: usize, b: usize, i: usize) {
        let bit = 1u32 << i;
        // The digits that had the cell, bit e for digit e: the mask bits 9b + e, shifted
        // into place.
        let had = take_cell::<V3>(&mut self.cand[b], bit);
        let mut dirty = (had as u32) << (9 * b);
        let m = self.cand[b][d];
        self.cand[b][d] = (m & !BAND_PEERS[i]) | bit;
        dirty |= u32::from(m & BAND_PEERS[i] != 0) << (9 * b + d);
        dirty &= !(u32::from(m & BAND_PEERS[i] == 0) << (9 * b + d));
        let col = 0x40201u32 << (i % 9);
        for o in 0..3 {
            // In band b the column's other cells are already cleared with the box (a
            // branch here was often mispredicted).
            let col = col & !(u32::from(o == b) * bit);
            let m = self.cand[o][d];
            dirty |= u32::from(m & col != 0) << (9 * o + d);
            self.cand[o][d] = m & !col;
        }
        self.dirty |= dirty;
        self.touched |= dirty;
        self.fresh |= dirty;
        self.unsolved[b] &= !bit;
    }

    /// Applies the rules to a fixed point; false on a contradiction. With `V3` the code
    /// compiled for x86-64-v3 (AVX2, BMI1, BMI2, LZCNT), which the caller has detected;
    /// else the portable code. Both are the same source ([`State::propagate_body`]).
    #[inline(always)]
    fn propagate<const V3: bool>(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if V3 {
            // SAFETY: `V3` is only true when `solve` detected these features.
            return unsafe { self.propagate_v3() };
        }
        self.propagate_body::<false>()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    fn propagate_v3(&mut self) -> bool {
        self.propagate_body::<true>()
    }

    /// The rules to a fixed point ([`State::propagate`]).
    #[inline(always)]
    fn propagate_body<const V3: bool>(&mut self) -> bool {
        // The row singles found and not yet placed: cells by band and digit, and which
        // (bit 9b + d) have some.
        let mut pending = [[0u32; 9]; 3];
        let mut pend = 0u32;
        loop {
            // Band permutations and row singles, for each mask changed.
            while self.dirty != 0 {
                let k = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                let (d, b) = (k % 9, k / 9);
                let s = self.cand[b][d];
                let keep = KEPT_CELLS_ACROSS[segments_across(s)];
                if keep == 0 {
                    return false;
                }
                let s = s & keep;
                self.cand[b][d] = s;
                // The rows of one cell left, if unsolved: kept to be placed once the
                // masks are looked at, without a branch here (whether a mask has one was
                // the most mispredicted branch).
                let singles = (u32::from(LONE[(s & 0x1FF) as usize])
                    | u32::from(LONE[(s >> 9 & 0x1FF) as usize]) << 9
                    | u32::from(LONE[(s >> 18) as usize]) << 18)
                    & self.unsolved[b];
                pending[b][d] |= singles;
                pend |= u32::from(singles != 0) << k;
            }
            if pend != 0 {
                // A single's cell is gone from its mask only when its row has lost the
                // digit: a contradiction.
                while pend != 0 {
                    let k = pend.trailing_zeros() as usize;
                    pend &= pend - 1;
                    let (d, b) = (k % 9, k / 9);
                    let p = std::mem::take(&mut pending[b][d]);
                    if p & !self.cand[b][d] != 0 {
                        return false;
                    }
                    let mut p = p & self.unsolved[b];
                    while p != 0 {
                        self.place::<V3>(d, b, p.trailing_zeros() as usize);
                        p &= p - 1;
                    }
                }
                continue;
            }
            let mut placed = false;
            // Naked singles, and cells left without a digit, in every band (a test of
            // whether a band changed cost more in mispredictions than it saved).
            for b in 0..3 {
                let (mut one, mut two) = (0u32, 0u32);
                for d in 0..9 {
                    let s = self.cand[b][d];
                    two |= one & s;
                    one |= s;
                }
                if one != ALL {
                    return false;
                }
                let mut single = one & !two & self.unsolved[b];
                while single != 0 {
                    let i = single.trailing_zeros() as usize;
                    single &= single - 1;
                    let bit = 1 << i;
                    match (0..9).find(|&d| self.cand[b][d] & bit != 0) {
                        Some(d) => {
                            self.place::<V3>(d, b, i);
                            placed = true;
                        }
                        None => return false,
                    }
                }
            }
            if placed {
                continue;
            }
            // Stack permutations (box-column locked candidates): in a stack a digit takes
            // one column of three cells in each band and in each column, as in a band.
            let touched = self.touched;
            self.touched = 0;
            // The digits of the masks touched.
            let digits = (touched | touched >> 9 | touched >> 18) & 0x1FF;
            let mut left = digits;
            while left != 0 {
                let d = left.trailing_zeros() as usize;
                left &= left - 1;
                let cols = [mask_columns(self.cand[0][d]), mask_columns(self.cand[1][d]), mask_columns(self.cand[2][d])];
                for t in 0..3 {
                    let m = stack_pattern(cols, t);
                    let keep = PERMUTATIONS[m as usize];
                    if keep == 0 {
                        return false;
                    }
                    let gone = m & !keep;
                    if gone != 0 {
                        let changed = self.clear_stack(d, t, gone);
                        self.dirty |= changed;
                        self.touched |= changed;
                        self.fresh |= changed;
                    }
                }
            }
            if self.dirty != 0 {
                // The columns of these digits are looked at once the bands settle.
                self.touched |= touched;
                continue;
            }
            // Column singles, and columns left without the digit.
            let mut left = digits;
            while left != 0 {
                let d = left.trailing_zeros() as usize;
                left &= left - 1;
                let (mut once, mut twice) = (0u32, 0u32);
                for b in 0..3 {
                    let s = self.cand[b][d];
                    let cols = mask_columns(s);
                    let multi = (s & s >> 9 | s & s >> 18 | s >> 9 & s >> 18) & 0x1FF;
                    twice |= once & cols | multi;
                    once |= cols;
                }
                if once != 0x1FF {
                    return false;
                }
                let single = once & !twice;
                let single = single | single << 9 | single << 18;
                for b in 0..3 {
                    let mut s = self.cand[b][d] & single & self.unsolved[b];
                    while s != 0 {
                        self.place::<V3>(d, b, s.trailing_zeros() as usize);
                        s &= s - 1;
                        placed = true;
                    }
                }
            }
            if !placed && self.dirty == 0 {
                if !self.triads() {
                    return false;
                }
                if self.dirty == 0 {
                    return true;
                }
            }
        }
    }

    /// Each segment of a band holds three digits: when three digits are certain to take a
    /// segment (it lies on each configuration they have left), the others leave it.
    /// Likewise each column of a box in a stack. When nothing changes, the masks are final
    /// for this node and the branch is chosen from the same segment patterns
    /// ([`State::branch`]). False on a contradiction (four digits certain to take one
    /// segment, or a digit left with no configuration).
    #[inline(always)]
    fn triads(&mut self) -> bool {
        if self.fresh == 0 {
            return true;
        }
        self.fresh = 0;
        // Each line's (bands 0..3, stacks 3..6) segment pattern of each digit.
        let mut lines = [[0u16; 9]; 6];
        let mut changed = 0u32;
        for (b, band) in lines[..3].iter_mut().enumerate() {
            for (seg, &s) in band.iter_mut().zip(&self.cand[b]) {
                *seg = band_segments(s);
            }
            let Some(c3) = certain_thrice(band) else {
                return false;
            };
            if c3 == 0 {
                continue;
            }
            for (d, &seg) in band.iter().enumerate() {
                let gone = seg & c3 & !CERTAIN[seg as usize];
                if gone != 0 {
                    let keep = PERMUTATIONS[(seg & !gone) as usize];
                    if keep == 0 {
                        return false;
                    }
                    self.cand[b][d] &= SEGMENT_CELLS[keep as usize];
                    changed |= 1 << (9 * b + d);
                }
            }
        }
        // The columns of each digit's masks, and each stack's patterns.
        let mut cols = [[0u32; 3]; 9];
        for (b, band) in self.cand.iter().enumerate() {
            for (c, &s) in cols.iter_mut().zip(band) {
                c[b] = mask_columns(s);
            }
        }
        for t in 0..3 {
            for (seg, &c) in lines[3 + t].iter_mut().zip(&cols) {
                *seg = stack_pattern(c, t);
            }
            let Some(c3) = certain_thrice(&lines[3 + t]) else {
                return false;
            };
            if c3 == 0 {
                continue;
            }
            for (d, &seg) in lines[3 + t].iter().enumerate() {
                let gone = seg & c3 & !CERTAIN[seg as usize];
                if gone != 0 {
                    changed |= self.clear_stack(d, t, gone);
                }
            }
        }
        if changed != 0 {
            self.dirty |= changed;
            self.touched |= changed;
            self.fresh |= changed;
        } else {
            self.branch = choose_branch(&lines);
        }
        true
    }

    /// Clears digit d from the columns `gone` of stack t (a stack pattern: bit 3b + c for
    /// column c of the stack in band b); returns the masks it changed (bit 9b + d).
    #[inline(always)]
    fn clear_stack(&mut self, d: usize, t: usize, gone: u16) -> u32 {
        let mut changed = 0;
        for b in 0..3 {
            let clear = SPREAD_COLUMNS[usize::from(gone >> (3 * b) & 7)] << (3 * t);
            let m = self.cand[b][d];
            changed |= u32::from(m & clear != 0) << (9 * b + d);
            self.cand[b][d] = m & !clear;
        }
        changed
    }

    /// Keeps only configuration p of digit d in band or stack `line`.
    fn restrict(&mut self, d: usize, line: usize, p: usize) {
        if line < 3 {
            self.cand[line][d] &= SEGMENT_CELLS[PERM_SEGS[p] as usize];
            self.dirty |= 1 << (9 * line + d);
            self.touched |= 1 << (9 * line + d);
            self.fresh |= 1 << (9 * line + d);
        } else {
            let changed = self.clear_stack(d, line - 3, 0x1FF & !PERM_SEGS[p]);
            self.dirty |= changed;
            self.touched |= changed;
            self.fresh |= changed;
        }
    }

    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for d in 0..9 {
            for b in 0..3 {
                let mut s = self.cand[b][d];
                while s != 0 {
                    let i = s.trailing_zeros() as usize;
                    s &= s - 1;
                    g[27 * b + i] = d as u8 + 1;
                }
            }
        }
        g
    }
}

fn search<const V3: bool>(state: &mut State, stats: &mut SearchStats, visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> ControlFlow<()> {
    stats.nodes += 1;
    if state.unsolved == [0; 3] {
        return visit(&state.grid());
    }
    match state.branch {
        0 => {
            // Every digit's configuration in every band and stack is fixed, so each digit's
            // cell in each box is known and propagation has placed it: not reached, but
            // the first unsolved cell's digits keep the search complete.
            let b = (0..3).find(|&b| state.unsolved[b] != 0).unwrap_or(0);
            let i = state.unsolved[b].trailing_zeros() as usize;
            let digits = (0..9).filter(|&d| state.cand[b][d] >> i & 1 == 1).fold(0, |m, d| m | 1 << d);
            branch::<V3>(state, stats, visit, digits, |s, d| s.place::<false>(d, b, i))
        }
        packed => {
            let (d, line) = (packed as usize & 15, packed as usize >> 4 & 15);
            branch::<V3>(state, stats, visit, packed >> 8, |s, p| s.restrict(d, line, p))
        }
    }
}

/// Tries each alternative (bit a of `alternatives`, made by `apply(state, a)`) in turn.
/// The last follows from the others' failure: it is no guess (the convention of JSolve
/// and tdoku), and it reuses this state; the others copy it.
fn branch<const V3: bool>(
    state: &mut State,
    stats: &mut SearchStats,
    visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>,
    mut alternatives: u32,
    apply: impl Fn(&mut State, usize),
) -> ControlFlow<()> {
    while alternatives != 0 {
        let a = alternatives.trailing_zeros() as usize;
        alternatives &= alternatives - 1;
        if alternatives == 0 {
            apply(state, a);
            if state.propagate::<V3>() {
                search::<V3>(state, stats, visit)?;
            }
        } else {
            stats.guesses += 1;
            let mut next = *state;
            apply(&mut next, a);
            if next.propagate::<V3>() {
                search::<V3>(&mut next, stats, visit)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The most unfixed digits of a line that [`choose_branch`] prefers for its few unfixed
/// digits. Measured on the forum's hardest list (48766 puzzles, up to 2 solutions each):
/// 60.09 guesses a puzzle and 1.13x the puzzles/s of tdoku's choice alone (62.35 guesses);
/// 4: 63.28, 5: 64.24, 7: 64.80, 9 (every line): 65.34 guesses and 1.10x. On the 17-clue
/// list 0.82 guesses a puzzle against 0.58, 0.95x the puzzles/s. The branches a line of
/// few unfixed digits makes fail or settle sooner: the time a guess is 0.64 us against
/// 0.69 us with tdoku's choice.
const FEW_UNFIXED: u32 = 6;

/// The choice of a branch, from each line's (bands 0..3, stacks 3..6) segment pattern of
/// each digit, among the lines not fixed (a line is fixed when each digit has one
/// configuration): the line with the fewest unfixed digits if it has at most
/// [`FEW_UNFIXED`], the most configurations summed over its digits breaking ties; else
/// (tdoku's choice) the line of the fewest configurations. In the line, the first digit of
/// two configurations, else three, else the fewest. Packed as in [`State::branch`]; 0 when
/// every line is fixed.
fn choose_branch(lines: &[[u16; 9]; 6]) -> u32 {
    let mut best: Option<(u32, usize)> = None;
    for (line, segs) in lines.iter().enumerate() {
        let (mut total, mut unfixed) = (0u32, 0u32);
        for &s in segs {
            let k = u32::from(CONFIG_COUNT[s as usize]);
            total += k;
            unfixed += u32::from(k > 1);
        }
        // Totals are at most 54: a line of few unfixed digits ranks before every other.
        let score = if unfixed <= FEW_UNFIXED { unfixed * 64 + (64 - total) } else { 1024 + total };
        if unfixed > 0 && best.is_none_or(|(t, _)| score < t) {
            best = Some((score, line));
        }
    }
    let Some((_, line)) = best else {
        return 0;
    };
    let mut pick = (u8::MAX, 0);
    for (d, &s) in lines[line].iter().enumerate() {
        let k = CONFIG_COUNT[s as usize];
        if k >= 2 && k < pick.0 {
            pick = (k, d);
            if k == 2 {
                break;
            }
        }
    }
    let d = pick.1;
    (d | line << 4 | usize::from(CONFIGS[lines[line][d] as usize]) << 8) as u32
}

/// Calls `visit` with each solution of the classic 9 x 9 puzzle `givens` (81 digits, 0
/// blank) until it returns `Break`; returns the search's counters. Givens outside 0..=9
/// are treated as blanks (the parsers never make them).
///
/// The rules run as code compiled for x86-64-v3 (AVX2, BMI1, BMI2, LZCNT) when the
/// processor has it, detected at run time, else as portable code: the same answers and
/// counters either way (a test compares them).
pub fn solve(givens: &[u8], visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> SearchStats {
    if has_v3() {
        solve_with::<true>(givens, visit)
    } else {
        solve_with::<false>(givens, visit)
    }
}

/// Whether this processor runs the x86-64-v3 code (detected once; std caches it).
fn has_v3() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// [`solve`] with the portable code (`V3` false) or the x86-64-v3 code (`V3` true: the
/// caller has detected it, [`has_v3`]).
fn solve_with<const V3: bool>(givens: &[u8], visit: &mut dyn FnMut(&[u8]) -> ControlFlow<()>) -> SearchStats {
    let mut stats = SearchStats::default();
    let Some(mut state) = State::with_givens(givens) else {
        stats.nodes += 1;
        return stats;
    };
    if state.propagate::<V3>() {
        let _ = search::<V3>(&mut state, &mut stats, visit);
    } else {
        stats.nodes += 1;
    }
    stats
}

impl State {
    /// The state of the puzzle `givens` (81 digits, 0 or anything past 9 blank) before
    /// any rule ran: each given's digit cleared from its row, box and column and its cell
    /// from the other digits, every mask marked changed; `None` when two givens of a digit
    /// share a row, a box or a column. The same masks as placing the givens one by one
    /// ([`State::place`]), built per digit from the givens' cells at once.
    fn with_givens(givens: &[u8]) -> Option<State> {
        let mut taken = [0u32; 3];
        let mut mine = [[0u32; 9]; 3];
        for (c, &d) in givens.iter().enumerate().take(81) {
            if (1..=9).contains(&d) {
                taken[c / 27] |= 1 << (c % 27);
                mine[c / 27][d as usize - 1] |= 1 << (c % 27);
            }
        }
        let mut cand = [[0u32; 9]; 3];
        for d in 0..9 {
            // The cells each band loses to digit d's givens: their rows and boxes in
            // their band, their columns in the others.
            let mut gone = [0u32; 3];
            for (b, band) in mine.iter().enumerate() {
                let mut g = band[d];
                while g != 0 {
                    let i = g.trailing_zeros() as usize;
                    g &= g - 1;
                    gone[b] |= BAND_PEERS[i];
                    for (o, gone) in gone.iter_mut().enumerate() {
                        *gone |= u32::from(o != b) * (0x40201 << (i % 9));
                    }
                }
            }
            for b in 0..3 {
                if mine[b][d] & gone[b] != 0 {
                    return None;
                }
                cand[b][d] = (ALL & !gone[b] & !taken[b]) | mine[b][d];
            }
        }
        let unsolved = taken.map(|t| ALL & !t);
        Some(State { cand, unsolved, dirty: ALL, touched: ALL, fresh: ALL, branch: 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        // A full band pattern keeps every segment; a diagonal keeps itself.
        assert_eq!(PERMUTATIONS[0x1FF], 0x1FF);
        assert_eq!(PERMUTATIONS[0b100_010_001], 0b100_010_001);
        // Row 0 only in box 0 and row 1 only in box 0: no permutation.
        assert_eq!(PERMUTATIONS[0b111_001_001], 0);
        assert_eq!(band_segments(0b000_010_000), 0b010);
        assert_eq!(SEGMENT_CELLS[1], 7);
    }

    /// The segments found by shifts are those of the definition, and the band
    /// permutations' cells found with one lookup are those of the segment tables, on
    /// masks of one or two segments a row and on random masks.
    #[test]
    fn segments_across_are_the_band_segments_transposed() {
        let mut masks: Vec<u32> = Vec::new();
        for a in 0..9 {
            for b in 0..9 {
                let row = (7u32 << (3 * (a % 3))) | (7u32 << (3 * (b % 3)));
                masks.push(row | (row & 0x1C7) << 9 | ((1 << a) | (1 << b)) << 18);
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            masks.push((x as u32 & (x >> 32) as u32) & ALL);
        }
        for s in masks {
            // The segments by their definition: those holding a cell of the mask.
            let occupied = (0..9).filter(|&k| s & segment_cells(1 << k) != 0).fold(0, |m, k| m | 1 << k);
            assert_eq!(band_segments(s), occupied, "{s:#x}");
            let across = segments_across(s);
            assert_eq!(across, transpose(band_segments(s) as usize), "{s:#x}");
            assert_eq!(transpose(across), band_segments(s) as usize);
            assert_eq!(KEPT_CELLS_ACROSS[across], SEGMENT_CELLS[PERMUTATIONS[band_segments(s) as usize] as usize], "{s:#x}");
        }
    }

    /// The state built from the givens at once ([`State::with_givens`]) has the masks of
    /// placing them one by one, and is refused exactly when a given's cell is gone by the
    /// time it is placed: on random givens (many in conflict) and on the hardest list's.
    #[test]
    fn the_givens_build_the_state_placing_them_would() {
        let text = include_str!("../../../tests/data/sudoku/puzzles5_forum_hardest_1905_11+.sample");
        let mut cases: Vec<Vec<u8>> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| l.bytes().take(81).map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect())
            .collect();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..3000 {
            let mut g = vec![0u8; 81];
            for _ in 0..next() % 24 {
                g[(next() % 81) as usize] = (next() % 10) as u8;
            }
            cases.push(g);
        }
        let (mut refused, mut built) = (0, 0);
        for g in &cases {
            let mut one_by_one = State { cand: [[ALL; 9]; 3], unsolved: [ALL; 3], dirty: 0, touched: ALL, fresh: ALL, branch: 0 };
            let mut fits = true;
            for (c, &d) in g.iter().enumerate() {
                if d > 0 {
                    let (d, b, i) = (d as usize - 1, c / 27, c % 27);
                    if one_by_one.cand[b][d] >> i & 1 == 0 {
                        fits = false;
                        break;
                    }
                    one_by_one.place::<false>(d, b, i);
                }
            }
            match State::with_givens(g) {
                Some(s) => {
                    assert!(fits, "{g:?}");
                    assert_eq!((s.cand, s.unsolved), (one_by_one.cand, one_by_one.unsolved), "{g:?}");
                    built += 1;
                }
                None => {
                    assert!(!fits, "{g:?}");
                    refused += 1;
                }
            }
        }
        assert!(refused > 100 && built > 1000, "{refused} refused, {built} built");
    }

    /// The portable code and the x86-64-v3 code (where this processor has it) find the
    /// same solutions with the same counters, on puzzles of the forum's hardest list
    /// (tests/data, 196 of them) and on each of them with givens taken away (many solutions).
    #[test]
    fn the_portable_code_and_the_v3_code_agree() {
        let text = include_str!("../../../tests/data/sudoku/puzzles5_forum_hardest_1905_11+.sample");
        let puzzles: Vec<Vec<u8>> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| l.bytes().take(81).map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 }).collect())
            .collect();
        assert!(puzzles.len() >= 50);
        let run = |v3: bool, givens: &[u8]| {
            let mut found = Vec::new();
            let mut visit = |g: &[u8]| {
                found.push(g.to_vec());
                if found.len() == 50 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let stats = if v3 { solve_with::<true>(givens, &mut visit) } else { solve_with::<false>(givens, &mut visit) };
            (found, stats.nodes, stats.guesses)
        };
        let rules = crate::Rules::classic(9).unwrap();
        for p in &puzzles {
            let mut fewer = p.clone();
            for (k, d) in fewer.iter_mut().enumerate() {
                if k % 4 == 0 {
                    *d = 0;
                }
            }
            for givens in [p, &fewer] {
                let portable = run(false, givens);
                assert!(!portable.0.is_empty());
                for g in &portable.0 {
                    assert_eq!(crate::check::check(&rules, givens, g), Ok(()));
                }
                if has_v3() {
                    assert_eq!(run(true, givens), portable);
                }
            }
        }
    }

    #[test]
    fn solves_a_hard_puzzle_uniquely() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let givens: Vec<u8> = p.bytes().map(|c| if c == b'.' { 0 } else { c - b'0' }).collect();
        let mut found = Vec::new();
        solve(&givens, &mut |g| {
            found.push(g.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(found.len(), 1);
        let rules = crate::Rules::classic(9).unwrap();
        assert_eq!(crate::check::check(&rules, &givens, &found[0]), Ok(()));
    }
}
