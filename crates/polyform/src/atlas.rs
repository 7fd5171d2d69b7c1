//! What a polyomino set does with rectangles: the counts of tilings of strips, their
//! generating functions, and the smallest rectangles and the orders, on the transfer
//! matrix ([`crate::transfer`]) and the skyline search ([`crate::skyline`]).
//!
//! Conventions (docs/rectangles.md): `N(w; n)` is the number of tilings of the `w x n`
//! rectangle (tilings that differ by a symmetry of the rectangle are different; copies
//! of one piece are not told apart), `N(w; 0) = 1` when no piece is required; a set of
//! two or more pieces is used *each at least once* by the convention of polyominoes.org
//! unless the caller gives other [`Copies`].

use crate::copies::Copies;
use crate::shape::{Freedom, Shape};
use crate::skyline::{Effort, Lengths, Shortest, Skyline, Sweep};
use crate::transfer::{Frontier, Tiles, TransferError};
use num_bigint::{BigInt, BigUint, Sign};
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// A rational generating function `P(x) / Q(x)` with integer coefficients, from `x^0` up,
/// in lowest terms with `Q(0) = 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rational {
    /// The numerator's coefficients, from `x^0` up (no trailing zeros; empty for 0).
    pub numerator: Vec<BigInt>,
    /// The denominator's coefficients, from `x^0` up (`denominator[0] == 1`).
    pub denominator: Vec<BigInt>,
}

impl Rational {
    /// The first `n` coefficients of the power series `P / Q`, exactly.
    pub fn expand(&self, n: usize) -> Vec<BigInt> {
        let mut out: Vec<BigInt> = Vec::with_capacity(n);
        for k in 0..n {
            let mut v = self.numerator.get(k).cloned().unwrap_or_default();
            for (i, q) in self.denominator.iter().enumerate().skip(1).take(k) {
                v -= q * &out[k - i];
            }
            out.push(v);
        }
        out
    }
}

/// The counts of the strip `height x n` for `n = 0, 1, ...`, each handed to
/// `each(n, count, closed)` as it comes while `each` returns `true`; `closed` is the
/// number of column-boundary states once they have closed (a column brought none new:
/// no later column can bring one, as each column's states are the image of the last's;
/// so no later column can need more states than seen, and a front end may hold its
/// answer back until then, so that a count that fails on `max_states` prints nothing;
/// and that number bounds the order of the counts' linear recurrence). Returns the
/// number of boundary states met. Memory: one column's states.
///
/// Errors: as [`Frontier::strip_counts`].
pub fn strip_stream(frontier: &Frontier, each: &mut dyn FnMut(usize, &BigUint, Option<usize>) -> bool) -> Result<usize, TransferError> {
    let mut seen = FxHashSet::default();
    let mut closed = None;
    frontier.strip_sweep(&mut |n, count, boundary| {
        if closed.is_none() {
            let before = seen.len();
            seen.extend(boundary.iter().copied());
            if n > 0 && seen.len() == before {
                closed = Some(before);
            }
        }
        each(n, count, closed)
    })?;
    Ok(seen.len())
}

/// The generating function `sum N(height; n) x^n` of a strip, exactly: counts are
/// computed until the boundary states close (their number `S` bounds the order of the
/// recurrence, so `2S` terms determine it) and `2S + 8` terms are in hand; the least
/// recurrence is found by Berlekamp-Massey modulo 62-bit primes, lifted to the integers
/// by the Chinese remainder theorem until two more primes change nothing, and then
/// checked exactly, over the integers, against every count. Also returns the counts.
///
/// Errors: as [`Frontier::strip_counts`]; [`TransferError::TooManyTerms`] when more
/// than `max_terms` terms would be needed.
pub fn generating_function(
    frontier: &Frontier,
    max_terms: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<(Rational, Vec<BigUint>), TransferError> {
    let mut too_long = false;
    let mut counts = Vec::new();
    strip_stream(frontier, &mut |n, count, closed| {
        counts.push(count.clone());
        progress(n);
        let need = closed.map(|s| 2 * s + 8);
        if n + 1 >= max_terms {
            too_long = need.is_none_or(|need| n + 1 < need);
            return false;
        }
        need.is_none_or(|need| n + 1 < need)
    })?;
    if too_long {
        return Err(TransferError::TooManyTerms(max_terms));
    }
    Ok((rational_of(&counts), counts))
}

/// The least rational function whose series starts with `terms`, assuming `terms` holds
/// at least twice its linear complexity (see [`generating_function`]); checked exactly
/// against every term (panics if the check fails, which would be a bug).
pub fn rational_of(terms: &[BigUint]) -> Rational {
    let signed: Vec<BigInt> = terms.iter().map(|t| BigInt::from_biguint(Sign::Plus, t.clone())).collect();
    let mut primes = primes_below_2_62();
    let mut best_len = 0usize;
    let mut lifted: Option<(Vec<BigInt>, BigInt)> = None; // residues of C, modulus
    let mut previous: Option<Vec<BigInt>> = None;
    let mut stable = 0;
    loop {
        let p = primes.next().expect("enough primes: the coefficients are bounded by the terms");
        let residues: Vec<u64> = terms.iter().map(|t| (t % p).try_into().expect("below p")).collect();
        let c = berlekamp_massey(&residues, p);
        if c.len() < best_len {
            continue; // an unlucky prime: the complexity dropped modulo p
        }
        if c.len() > best_len {
            best_len = c.len();
            lifted = None;
            previous = None;
            stable = 0;
        }
        let (values, modulus) = match lifted.take() {
            None => (c.iter().map(|&v| BigInt::from(v)).collect::<Vec<_>>(), BigInt::from(p)),
            Some((values, modulus)) => {
                let inverse = BigInt::from(inverse_mod((&modulus % p).try_into().expect("below p"), p));
                let pb = BigInt::from(p);
                let values = values
                    .iter()
                    .zip(&c)
                    .map(|(a, &b)| {
                        let a_mod: BigInt = ((a % &pb) + &pb) % &pb;
                        let t = (((BigInt::from(b) - a_mod) % &pb + &pb) % &pb * &inverse) % &pb;
                        a + &modulus * t
                    })
                    .collect();
                (values, modulus * pb)
            }
        };
        let half = &modulus / 2;
        let symmetric: Vec<BigInt> = values.iter().map(|v| if v > &half { v - &modulus } else { v.clone() }).collect();
        if previous.as_ref() == Some(&symmetric) {
            stable += 1;
        } else {
            stable = 0;
        }
        previous = Some(symmetric.clone());
        lifted = Some((values, modulus));
        if stable >= 2 {
            if let Some(r) = exact(&symmetric, &signed) {
                return r;
            }
        }
    }
}

/// `P / Q` from the connection polynomial `c` (`c[0] = 1`) if it annihilates `terms`
/// over the integers; `None` otherwise.
fn exact(c: &[BigInt], terms: &[BigInt]) -> Option<Rational> {
    let l = c.len() - 1;
    for n in l..terms.len() {
        let mut s = BigInt::default();
        for (i, ci) in c.iter().enumerate() {
            s += ci * &terms[n - i];
        }
        if s != BigInt::default() {
            return None;
        }
    }
    let mut numerator: Vec<BigInt> = (0..l.min(terms.len())).map(|n| (0..=n).map(|i| &c[i] * &terms[n - i]).sum()).collect();
    let mut denominator = c.to_vec();
    while numerator.last().is_some_and(|v| *v == BigInt::default()) {
        numerator.pop();
    }
    while denominator.len() > 1 && denominator.last().is_some_and(|v| *v == BigInt::default()) {
        denominator.pop();
    }
    Some(Rational { numerator, denominator })
}

/// Berlekamp-Massey modulo the prime `p`: the shortest connection polynomial `C` (with
/// `C[0] = 1`, its length one more than the linear complexity `L`) such that
/// `sum_i C[i] s[n - i] = 0 (mod p)` for `L <= n < s.len()`. (Massey, "Shift-register
/// synthesis and BCH decoding", IEEE Trans. Inf. Theory 15, 1969.)
pub fn berlekamp_massey(s: &[u64], p: u64) -> Vec<u64> {
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % p as u128) as u64;
    let mut c = vec![1u64];
    let mut b = vec![1u64];
    let mut l = 0usize;
    let mut m = 1usize;
    let mut last = 1u64;
    for n in 0..s.len() {
        let mut d = s[n] % p;
        for i in 1..=l.min(c.len() - 1) {
            d = (d + mul(c[i], s[n - i])) % p;
        }
        if d == 0 {
            m += 1;
            continue;
        }
        let coef = mul(d, inverse_mod(last, p));
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            c[i + m] = (c[i + m] + p - mul(coef, bi)) % p;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = t;
            last = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    c
}

/// `a^-1 mod p` for a prime `p` and `a` not a multiple of it (Fermat).
fn inverse_mod(a: u64, p: u64) -> u64 {
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % p as u128) as u64;
    let (mut base, mut e, mut r) = (a % p, p - 2, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            r = mul(r, base);
        }
        base = mul(base, base);
        e >>= 1;
    }
    r
}

/// The primes below 2^62, the largest first (2^62 - 57, 2^62 - 87, ...): as many as a
/// lift needs (each adds 62 bits).
fn primes_below_2_62() -> impl Iterator<Item = u64> {
    let mut n = (1u64 << 62) + 1;
    std::iter::from_fn(move || loop {
        n -= 2;
        if is_prime(n) {
            return Some(n);
        }
    })
}

/// Deterministic Miller-Rabin for 64-bit integers (the first twelve primes as bases
/// suffice below 3.3 x 10^24).
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    for &p in &BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % n as u128) as u64;
    let pow = |mut b: u64, mut e: u64| {
        let mut r = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, b);
            }
            b = mul(b, b);
            e >>= 1;
        }
        r
    };
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    'bases: for &a in &BASES {
        let mut x = pow(a, d);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul(x, x);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// What a rectangle search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The rectangle of least area that the set tiles (ties: fewer copies, then the
    /// narrower).
    Rectangle,
    /// The smallest square.
    Square,
    /// The smallest rectangle with both sides odd.
    Odd,
    /// The fewest copies that tile a rectangle (the *order*).
    Order,
    /// The fewest copies, an odd number, that tile a rectangle (the *odd order*).
    OddOrder,
    /// The fewest copies that tile a square.
    SquareOrder,
}

impl Goal {
    /// Whether the goal minimises copies (the orders) rather than area.
    pub fn by_copies(self) -> bool {
        matches!(self, Goal::Order | Goal::OddOrder | Goal::SquareOrder)
    }

    /// What the goal minimises for an `r x n` rectangle of `k` copies: copies or area.
    fn key(self, r: usize, n: usize, k: u32) -> u64 {
        if self.by_copies() {
            k as u64
        } else {
            (r * n) as u64
        }
    }
}

/// The best rectangle of a [`search`] so far: `(key, width, length, copies)`, keys as
/// [`Goal::key`] gives them.
type Best = Option<(u64, usize, usize, u32)>;

/// Makes the `r x n` rectangle of `k` copies the best when it beats `best` (a smaller
/// key; on equal keys, fewer copies); whether it did.
fn offer(best: &mut Best, goal: Goal, r: usize, n: usize, k: u32) -> bool {
    let key = goal.key(r, n, k);
    let better = best.is_none_or(|(bk, _, _, bc)| key < bk || (key == bk && k < bc));
    if better {
        *best = Some((key, r, n, k));
    }
    better
}

/// A rectangle that a search found, with one tiling of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The shorter side.
    pub rows: usize,
    /// The longer side.
    pub columns: usize,
    /// The number of pieces of the tiling.
    pub copies: u32,
    /// The tiling, cells as `(row, column)` of the `rows x columns` rectangle.
    pub tiles: Tiles,
}

/// A search's answer: what it found ([`Found`] for rectangles,
/// [`crate::boxes::FoundBox`] for boxes), and whether the bounds left it unproven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched<F = Found> {
    /// The best rectangle (or box) found, if any.
    pub found: Option<F>,
    /// `None` when the answer is proven (the best there is, or none exists: see
    /// [`Searched::impossible`]); otherwise why not: the bound that was reached.
    pub unproven: Option<Unproven>,
    /// With no rectangle found and none possible, the proof.
    pub impossible: Option<Impossible>,
}

/// Why no rectangle at all is tiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Impossible {
    /// No orientation of any piece fills a rectangle's corner.
    #[error("no orientation of the pieces fills a corner of a rectangle")]
    NoCorner,
    /// No orientation of any polycube fills a box's corner.
    #[error("no orientation of the pieces fills a corner of a box")]
    NoBoxCorner,
}

/// The bound that left a [`search`]'s answer unproven.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unproven {
    /// A width was not swept: the transfer matrix could not run at it (too wide a
    /// frontier, or more states than `max_states`); no larger width was tried.
    #[error("{}{error}", if error.is_too_many_states() { format!("width {width}: ") } else { String::new() })]
    Width {
        /// The width not swept.
        width: usize,
        /// Why.
        error: TransferError,
    },
    /// Rectangles of area above `max_area` were not searched.
    #[error("the area bound {0} was reached")]
    Area(usize),
    /// Boxes of volume above `max_area` were not searched ([`crate::boxes`]).
    #[error("the volume bound {0} was reached")]
    Volume(usize),
    /// Boxes of cross-section `a x b` were not searched through: more than
    /// [`crate::skyline::MAX_SECTION`] cells across for the skyline search, and exact
    /// cover of its boxes ran past its budget (or an earlier such cross-section's did)
    /// ([`TransferError::Unfit`]); with pieces the skyline search does not take, exact
    /// cover alone ran past its budget ([`TransferError::CoverBudget`]); or more states
    /// than allowed.
    #[error("boxes {a} x {b} across were not searched: {}", if error.is_too_many_states() || matches!(error, TransferError::CoverBudget) { error.to_string() } else { format!("more than {} cells across, and exact cover of its boxes ran past its budget", crate::skyline::MAX_SECTION) })]
    Across {
        /// Rows across.
        a: usize,
        /// Columns across.
        b: usize,
        /// Why.
        error: TransferError,
    },
}

/// Where a [`search`] is: the width being searched, and at that width the depth reached
/// and the states kept so far (both 0 on the transfer matrix).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// The width (the shorter side) being searched.
    pub width: usize,
    /// Rows filled so far at this width, on the skyline search.
    pub depth: usize,
    /// States kept at this width, on the skyline search.
    pub states: usize,
    /// While the skyline search makes the next depth: the states of `depth` expanded so
    /// far, and all of them ([`Effort::making`]).
    pub making: Option<(usize, usize)>,
}

/// The bounds of a [`search`], and its threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounds {
    /// Rectangles of larger area are not searched.
    pub max_area: usize,
    /// The most states kept: at one cell on the transfer matrix, at one width on the
    /// skyline search; `None` for each engine's default
    /// ([`crate::transfer::DEFAULT_MAX_STATES`], [`crate::skyline::DEFAULT_MAX_STATES`]).
    pub max_states: Option<usize>,
    /// Threads of the skyline search (the answer does not depend on them).
    pub threads: usize,
    /// The skyline search's lookahead, in rows ([`Skyline::lookahead`]; the answer does
    /// not depend on it); `None` for the search's default (one row, then two past
    /// [`crate::skyline::AUTO_LOOKAHEAD_STATES`] states, three past
    /// [`crate::skyline::AUTO_LOOKAHEAD3_STATES`]).
    pub lookahead: Option<usize>,
    /// Where the skyline search keeps its states ([`Skyline::states_in`]); `None`: on
    /// the heap.
    pub states_dir: Option<std::path::PathBuf>,
}

impl Bounds {
    /// `max_area` and each engine's default bound on states, on one thread, with the
    /// skyline search's default lookahead.
    pub fn new(max_area: usize) -> Bounds {
        Bounds { max_area, max_states: None, threads: 1, lookahead: None, states_dir: None }
    }
}

/// Which engine a [`search`] runs at a width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The skyline search ([`Skyline`]): every piece of one size, each used any number of
    /// times (at least once or not), width at most 64.
    Skyline,
    /// The transfer matrix ([`Frontier::fewest_copies`]): everything else.
    Transfer,
}

/// The engine [`search`] runs for these pieces at width `r`.
pub fn engine_for(shapes: &[Shape], copies: &[Copies], r: usize) -> Engine {
    if Skyline::fits(shapes, copies, r) {
        Engine::Skyline
    } else {
        Engine::Transfer
    }
}

/// Searches rectangles `r x n` (`r <= n`, area at most `max_area`) by increasing width
/// for `goal`, and skips widths and lengths that cannot beat the best so far (area at
/// least `r^2`; copies at least area over the largest piece). Each width runs the engine
/// [`engine_for`] picks: the skyline search ([`Skyline::shortest`], at most `max_states`
/// states a width), which finds the shortest rectangle of the width or shows that there
/// is none, or one transfer-matrix sweep ([`Frontier::fewest_copies`], at most
/// `max_states` states a cell), with the best one drawn ([`Frontier::tiling`]).
/// `progress` is called as each width starts and, on the skyline search, at each depth.
/// [`Bounds`] gives `max_area`, `max_states` and the threads.
///
/// The answer is proven unless a width failed on `max_states` or `max_area` cut the
/// search where a better answer could still lie; then [`Searched::unproven`] says which.
/// With no rectangle found it is proven (no rectangle at all) only when no orientation
/// fills a rectangle's corner.
///
/// Errors: those of [`Frontier::new`] other than a frontier too wide (a width that is too
/// wide is a bound reached).
pub fn search(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    progress: &mut dyn FnMut(Progress),
) -> Result<Searched, TransferError> {
    let mut nothing = |_, _| ControlFlow::Continue(());
    search_with(shapes, freedom, copies, goal, bounds, progress, Journal::of_widths(BTreeMap::new(), &mut nothing))
}

/// What a width of a [`search`] ended with: the best rectangle of that width that beat
/// the best before it, as `(length, copies)`, or `None`.
pub type Outcome = Option<(usize, u32)>;

/// The widths a [`search_with`] need not search again (a checkpoint's), the states of a
/// width to go on from, and where it tells each width it finishes and shows the states
/// of the width in progress.
pub struct Journal<'a> {
    /// Widths finished before, with their outcomes.
    pub done: BTreeMap<usize, Outcome>,
    /// Called as each width is finished; `Break` stops the search
    /// ([`TransferError::Interrupted`]).
    pub finished: &'a mut dyn FnMut(usize, Outcome) -> ControlFlow<()>,
    /// The states of a width in progress, saved before (`(width, sweep)`): the skyline
    /// search of that width goes on from them when it is the first width searched (they
    /// are not used otherwise, nor by the transfer matrix).
    pub resume: Option<(usize, Sweep)>,
    /// Shown the states of the width in progress (`(width, sweep)`) as each depth of its
    /// skyline search is finished, to be saved ([`Sweep::write_to`]); `Break` stops the
    /// search ([`TransferError::Interrupted`]). `None`: not shown.
    pub kept: Option<&'a mut Keeper<'a>>,
    /// A tiling of a width finished before, drawn by an earlier run (`(width, tiles)`):
    /// when that width holds the answer, the answer's tiling is this one, if it tiles
    /// the width's rectangle of the recorded length with the pieces ([`tiles_rectangle`]),
    /// rather than the width searched again to draw one. The rectangles of polycubes
    /// ignore it.
    pub drawn: Option<(usize, Tiles)>,
    /// Shown each tiling that becomes the best so far (`(width, tiles)`), before its
    /// width is told finished, to be saved for [`Journal::drawn`]; `Break` stops the
    /// search. `None`: not shown.
    pub draw: Option<&'a mut Drawer<'a>>,
}

/// What [`Journal::draw`] is shown: a width and its best tiling.
pub type Drawer<'a> = dyn FnMut(usize, &Tiles) -> ControlFlow<()> + 'a;

/// Whether `tiles` tile the rectangle of `rows x columns` cells (each tile's cells as
/// `(row, column)`) with copies of `shapes` under `freedom` (each tile's piece and
/// orientation index in range, its cells an image of its piece's), every cell covered
/// once, and each piece used within its `copies`: checked from the rules alone, for
/// tilings read back from a file.
pub fn tiles_rectangle(tiles: &Tiles, rows: usize, columns: usize, shapes: &[Shape], freedom: Freedom, copies: &[Copies]) -> bool {
    // As many cells as the rectangle (before a grid of its size is made).
    if rows.checked_mul(columns) != Some(tiles.iter().map(|t| t.2.len()).sum()) {
        return false;
    }
    let mut seen = vec![false; rows * columns];
    let mut used = vec![0u32; shapes.len()];
    for (piece, index, cells) in tiles {
        let Some(shape) = shapes.get(*piece) else { return false };
        if *index >= shape.orientations(freedom).len() || cells.len() != shape.len() {
            return false;
        }
        for &(r, c) in cells {
            if !(0..rows as i32).contains(&r) || !(0..columns as i32).contains(&c) {
                return false;
            }
            let k = r as usize * columns + c as usize;
            if std::mem::replace(&mut seen[k], true) {
                return false;
            }
        }
        let tile = Shape::on(shape.lattice(), cells.iter().map(|&(r, c)| crate::Cell { x: r, y: c, z: 0 }));
        if !tile.is_ok_and(|t| t.canonical(freedom) == shape.canonical(freedom)) {
            return false;
        }
        used[*piece] += 1;
    }
    seen.iter().all(|&s| s) && copies.iter().zip(&used).all(|(c, &u)| u >= c.lo && c.hi.is_none_or(|hi| u <= hi))
}

/// What [`Journal::kept`] is shown: the width in progress and its states.
pub type Keeper<'a> = dyn FnMut(usize, &Sweep) -> ControlFlow<()> + 'a;

impl<'a> Journal<'a> {
    /// A journal of finished widths alone: no states resumed or shown.
    pub fn of_widths(done: BTreeMap<usize, Outcome>, finished: &'a mut dyn FnMut(usize, Outcome) -> ControlFlow<()>) -> Journal<'a> {
        Journal { done, finished, resume: None, kept: None, drawn: None, draw: None }
    }
}

/// [`search`], resuming after the widths `journal.done` and telling `journal.finished`
/// each width it finishes (the front ends keep them in a checkpoint file). The answer is
/// the same as an uninterrupted search's: a width's outcome depends only on the widths
/// before it.
///
/// Errors: as [`search`].
pub fn search_with(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    progress: &mut dyn FnMut(Progress),
    journal: Journal,
) -> Result<Searched, TransferError> {
    let Journal { done, finished, mut resume, mut kept, mut drawn, mut draw } = journal;
    let Bounds { max_area, max_states, threads, lookahead, states_dir } = bounds;
    let cell_states = max_states.unwrap_or(crate::transfer::DEFAULT_MAX_STATES);
    let width_states = max_states.unwrap_or(crate::skyline::DEFAULT_MAX_STATES);
    let largest = shapes.iter().map(Shape::len).max().unwrap_or(1).max(1);
    // The pieces' orientations, for the skyline search of every width: found when the
    // first width that runs it needs them (none, when the transfer matrix runs them all).
    let found_once = std::cell::OnceCell::new();
    let orientations = || found_once.get_or_init(|| crate::skyline::Orientations::new(shapes, freedom));
    // No orientation fills a corner: no rectangle at all, proven.
    if engine_for(shapes, copies, 1) == Engine::Skyline && !orientations().fill_a_corner(copies) {
        return Ok(Searched { found: None, unproven: None, impossible: Some(Impossible::NoCorner) });
    }
    // The best so far; keys compare areas or copies.
    let mut best: Best = None;
    // Its tiling, when the skyline search found it.
    let mut best_tiles: Option<Tiles> = None;
    let mut skipped: Option<(usize, Unproven)> = None;
    let mut r = 1usize;
    while r * r <= max_area {
        // The least key a width-r rectangle can have.
        let floor = if goal.by_copies() { (r * r).div_ceil(largest) as u64 } else { (r * r) as u64 };
        if best.is_some_and(|b| floor > b.0) {
            break;
        }
        if let Some(&outcome) = done.get(&r) {
            // Finished before: its outcome, as the search then found it.
            if let Some((n, k)) = outcome {
                if offer(&mut best, goal, r, n, k) {
                    // Its tiling, when an earlier run drew it (and it checks out).
                    best_tiles = drawn
                        .take_if(|(w, tiles)| *w == r && tiles_rectangle(tiles, r, n, shapes, freedom, copies))
                        .map(|(_, tiles)| tiles);
                }
            }
            r += 1;
            continue;
        }
        progress(Progress { width: r, ..Progress::default() });
        let longest = match goal {
            Goal::Square | Goal::SquareOrder => r,
            _ => max_area / r,
        };
        // The width's search: Ok when it ran to its bound.
        let ran = if engine_for(shapes, copies, r) == Engine::Skyline {
            if goal == Goal::Odd && r.is_multiple_of(2) {
                r += 1;
                continue;
            }
            let size = largest;
            // The longest length that beats the best so far: fewer copies (all pieces
            // have `size` cells, so fewer copies is less area and the reverse).
            let beats = match best {
                None => longest,
                Some((bk, ..)) if goal.by_copies() => ((bk as usize * size).saturating_sub(1) / r).min(longest),
                Some((bk, ..)) => ((bk as usize).saturating_sub(1) / r).min(longest),
            };
            let lengths = lengths_for(goal, r);
            let mut tell = |e: Effort| progress(Progress { width: r, depth: e.depth, states: e.states, making: e.making });
            // Only lengths from r up count here (a shorter one was a narrower width),
            // and only those whose area a whole number of copies fills: the width's
            // search is compiled only when there is one.
            match (r..=beats).rev().find(|&n| crate::skyline::possible_length(r, size, lengths, n)) {
                None => Ok(()),
                Some(top) => match Skyline::new_with(orientations(), copies, r)?
                    .lookahead_or_default(lookahead)
                    .states_in(states_dir.clone())
                    .shortest_from(
                        top,
                        lengths,
                        width_states,
                        threads,
                        &mut tell,
                        resume.take().filter(|(w, _)| *w == r).map(|(_, s)| s),
                        &mut |s| kept.as_mut().map_or(ControlFlow::Continue(()), |k| k(r, s)),
                    )
                    .map(|(found, effort)| (crate::skyline::plane(found), effort))
                {
                    Ok((Shortest::Found(n, tiles), _)) if n >= r => {
                        // Shorter than `beats`, so better than the best so far.
                        if offer(&mut best, goal, r, n, (r * n / size) as u32) {
                            best_tiles = Some(tiles);
                        }
                        Ok(())
                    }
                    found => found.map(|_| ()),
                },
            }
        } else {
            transfer_width(shapes, freedom, copies, goal, r, longest, largest, cell_states, &mut best, &mut best_tiles)
        };
        match ran {
            Ok(()) => {}
            Err(e @ (TransferError::TooManyStates(_) | TransferError::TooManyWidthStates(_) | TransferError::TooWide { .. })) => {
                skipped.get_or_insert((r, Unproven::Width { width: r, error: e }));
                break;
            }
            Err(e) => return Err(e),
        }
        // The width is finished: its tiling shown when it is the best, then its outcome
        // told.
        let outcome = best.filter(|b| b.1 == r).map(|b| (b.2, b.3));
        if let (Some(_), Some(tiles), Some(draw)) = (outcome, &best_tiles, draw.as_mut()) {
            if draw(r, tiles).is_break() {
                return Err(TransferError::Interrupted);
            }
        }
        if finished(r, outcome).is_break() {
            return Err(TransferError::Interrupted);
        }
        r += 1;
    }
    // Whether a better answer could lie past the bounds.
    let mut unproven = None;
    let could_beat = |area: usize| match best {
        None => true,
        Some((key, ..)) => {
            if goal.by_copies() {
                (area.div_ceil(largest) as u64) < key
            } else {
                (area as u64) < key
            }
        }
    };
    if let Some((r, why)) = skipped {
        if could_beat(r * r) {
            unproven = Some(why);
        }
    }
    if unproven.is_none() && could_beat(max_area + 1) && (best.is_none() || goal.by_copies()) {
        unproven = Some(Unproven::Area(max_area));
    }
    let found = match (best, best_tiles) {
        (None, _) => None,
        (Some((_, r, n, k)), Some(tiles)) => Some(Found { rows: r, columns: n, copies: k, tiles }),
        (Some((_, r, n, k)), None) if engine_for(shapes, copies, r) == Engine::Skyline => {
            // A width finished before the search resumed: its tiling found again.
            let sky = Skyline::new_with(orientations(), copies, r)?.lookahead_or_default(lookahead).states_in(states_dir.clone());
            match sky.shortest(n, lengths_for(goal, r), width_states, threads, &mut |_| {})? {
                (Shortest::Found(m, tiles), _) if m == n => Some(Found { rows: r, columns: n, copies: k, tiles }),
                _ => unreachable!("the width's shortest rectangle is found again"),
            }
        }
        (Some((_, r, n, k)), None) => {
            let frontier = Frontier::new(shapes, freedom, copies, r)?.max_states(cell_states);
            let tiles = frontier.tiling(n, k)?.expect("the sweep found this tiling");
            Some(Found { rows: r, columns: n, copies: k, tiles })
        }
    };
    Ok(Searched { found, unproven, impossible: None })
}

/// One width of a [`search`] on the transfer matrix: the lengths in order, as the sweep
/// reaches them, each updating `best` (and clearing `best_tiles`, drawn at the end) when
/// it beats it; the sweep stops once no longer rectangle of this width can beat the best
/// so far (a longer one has more area, and at least its area over the largest piece in
/// copies), so that neither its time nor its memory grows with `max_area` past the
/// answer.
#[allow(clippy::too_many_arguments)]
fn transfer_width(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    r: usize,
    longest: usize,
    largest: usize,
    cell_states: usize,
    best: &mut Best,
    best_tiles: &mut Option<Tiles>,
) -> Result<(), TransferError> {
    let frontier = Frontier::new(shapes, freedom, copies, r)?.max_states(cell_states);
    let mut consider = |n: usize, [even, odd]: [Option<u32>; 2]| {
        let shaped = n >= r
            && !(goal == Goal::Odd && (r.is_multiple_of(2) || n.is_multiple_of(2)))
            && !(matches!(goal, Goal::Square | Goal::SquareOrder) && n != r);
        let k = match goal {
            Goal::OddOrder => odd,
            _ => crate::transfer::min_opt(even, odd),
        };
        if let (true, Some(k)) = (shaped, k) {
            if offer(best, goal, r, n, k) {
                *best_tiles = None;
            }
        }
        let next = r * (n + 1);
        let hopeless = match *best {
            None => false,
            Some((bk, ..)) if goal.by_copies() => next.div_ceil(largest) as u64 >= bk,
            Some((bk, ..)) => next as u64 > bk,
        };
        if hopeless {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    frontier.fewest_copies_until(longest, &mut consider)
}

/// A search as a checkpoint names it: the pieces' cells, their freedom and copies, the
/// goal and the area bound (all a width's [`Outcome`] depends on). The command line and
/// Python name a search alike, so that either resumes the other's checkpoint.
pub fn problem_text(shapes: &[Shape], freedom: Freedom, copies: &[Copies], goal: Goal, max_area: usize) -> String {
    let cells: Vec<String> = shapes.iter().map(|s| format!("{:?}", s.cells())).collect();
    format!("{cells:?} {freedom:?} {copies:?} {goal:?} {max_area}")
}

/// The lengths a rectangle of width `r` (a box of cross-section `r x b`) may have for
/// `goal`, on the skyline search.
pub(crate) fn lengths_for(goal: Goal, r: usize) -> Lengths {
    match goal {
        Goal::Rectangle | Goal::Order => Lengths::Any,
        Goal::Odd => Lengths::Odd,
        Goal::OddOrder => Lengths::OddCopies,
        Goal::Square | Goal::SquareOrder => Lengths::Exactly(r),
    }
}

/// The copies a set is used with by the atlas's convention: one piece any number of
/// times (`*`); two or more, each at least once (`1..*`).
pub fn default_copies(pieces: usize) -> Vec<Copies> {
    let c = if pieces > 1 { Copies { lo: 1, hi: None } } else { Copies { lo: 0, hi: None } };
    vec![c; pieces]
}

/// The copies the front ends use: `every` for every piece when given; else the pieces'
/// own counts (`written`, as a pieces file or a dict gives them, [`Copies::ONE`] where none
/// is given) when some count is not 1; else [`default_copies`].
pub fn copies_for(written: &[Copies], every: Option<Copies>) -> Vec<Copies> {
    match every {
        Some(c) => vec![c; written.len()],
        None if written.iter().any(|&c| c != Copies::ONE) => written.to_vec(),
        None => default_copies(written.len()),
    }
}

/// `N(w; h)` for `1 <= w <= rows` (the outer list) and `1 <= h <= columns`: each pair on
/// a strip as high as its shorter side (`N(w; h) = N(h; w)`: a quarter turn keeps every
/// set of orientations, one-sided too), `min(rows, columns)` sweeps in all.
///
/// Errors: as [`Frontier::new`] and [`Frontier::strip_counts`].
pub fn table(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    rows: usize,
    columns: usize,
    max_states: usize,
) -> Result<Vec<Vec<BigUint>>, TransferError> {
    let mut t = vec![vec![BigUint::default(); columns]; rows];
    let longest = rows.max(columns);
    for s in 1..=rows.min(columns) {
        let counts = Frontier::new(shapes, freedom, copies, s)?.max_states(max_states).strip_counts(longest, &mut |_| {})?;
        for (l, count) in counts.iter().enumerate().skip(s) {
            if l <= columns {
                t[s - 1][l - 1] = count.clone();
            }
            if l <= rows {
                t[l - 1][s - 1] = count.clone();
            }
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primes_are_primes() {
        let first: Vec<u64> = primes_below_2_62().take(3).collect();
        assert_eq!(first, [(1u64 << 62) - 57, (1u64 << 62) - 87, (1u64 << 62) - 117]);
        assert!(!is_prime(3_215_031_751) && is_prime(1_000_000_007) && !is_prime(1));
    }

    #[test]
    fn copies_follow_the_convention_unless_told() {
        let any = Copies { lo: 0, hi: None };
        let some = Copies { lo: 1, hi: None };
        assert_eq!(copies_for(&[Copies::ONE], None), [any]);
        assert_eq!(copies_for(&[Copies::ONE, Copies::ONE], None), [some, some]);
        assert_eq!(copies_for(&[Copies::ONE, any], None), [Copies::ONE, any]);
        assert_eq!(copies_for(&[Copies::ONE, any], Some(some)), [some, some]);
    }

    #[test]
    fn fibonacci_is_one_over_one_minus_x_minus_x_squared() {
        let mut f = vec![BigUint::from(1u32), BigUint::from(1u32)];
        for i in 2..30 {
            let next = &f[i - 1] + &f[i - 2];
            f.push(next);
        }
        let r = rational_of(&f);
        assert_eq!(r.numerator, vec![BigInt::from(1)]);
        assert_eq!(r.denominator, vec![BigInt::from(1), BigInt::from(-1), BigInt::from(-1)]);
        let back: Vec<BigInt> = f.iter().map(|t| BigInt::from(t.clone())).collect();
        assert_eq!(r.expand(30), back);
    }

    #[test]
    fn huge_coefficients_lift_across_primes() {
        // s(n) = a s(n-1) + b with a past 2^100: (b + (1 - a) ... ) a rational of degree 2.
        let a = BigUint::from(3u32).pow(70);
        let mut s = vec![BigUint::from(5u32)];
        for _ in 0..12 {
            let next = s.last().unwrap() * &a + BigUint::from(7u32);
            s.push(next);
        }
        let r = rational_of(&s);
        assert_eq!(r.denominator.len(), 3);
        let back: Vec<BigInt> = s.iter().map(|t| BigInt::from(t.clone())).collect();
        assert_eq!(r.expand(s.len()), back);
    }
}
