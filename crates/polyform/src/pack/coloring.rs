//! The colouring argument, a condition that needs no search: colour the lattice's cells
//! black and white so that neighbours differ (the square and cubic checkerboards, the
//! triangular lattice's upward and downward triangles, prisms by triangle and layer).
//! Every placement of a piece covers some number of black cells more than white ones;
//! a packing's placements add up to the region's own balance. When no choice of counts
//! and placements of the pieces can add up to it, no packing exists: the 35 hexominoes
//! and a 14 x 15 rectangle (24 hexominoes balanced, 11 off by 2 either way: an odd number
//! of 2s never sums to 0), found before any search.
//!
//! The sums reachable are kept as a bitset over `-cells..=cells` (a real packing's
//! partial sums never leave that range: each is a sum over disjoint placements), the
//! pieces added one by one, each as many times as its count allows.

use crate::{Cell, Copies, Lattice, Region};

/// The colour of cell `c` in a colouring of `lattice` where neighbours differ: `true`
/// black. `None` on the hexagonal lattice, whose three hexagons about a point cannot
/// all differ in two colours, and on the segments of the square and triangular grids.
pub fn color(lattice: Lattice, c: Cell) -> Option<bool> {
    match lattice {
        Lattice::Square => Some((c.x + c.y).rem_euclid(2) == 1),
        Lattice::Cubic => Some((c.x + c.y + c.z).rem_euclid(2) == 1),
        Lattice::Triangular => Some(c.z == 1),
        Lattice::TriangularPrism => Some((c.z.rem_euclid(2) + c.z.div_euclid(2)).rem_euclid(2) == 1),
        Lattice::Hexagonal | Lattice::Stick | Lattice::Trig => None,
    }
}

/// The most word operations the check spends (pieces x copies x balances x words);
/// past it the check gives up (it never rules out wrongly).
const BUDGET: u64 = 50_000_000;

/// Whether the colouring rules out every packing of `region` by `placements` (per
/// piece, its placements as region cell indices), piece `p` used as `copies[p]` says.
/// `false` when it does not, when the lattice has no such colouring, or past
/// [`BUDGET`].
pub(super) fn rules_out(region: &Region, placements: &[Vec<Vec<usize>>], copies: &[Copies]) -> bool {
    let lattice = region.lattice();
    let Some(colors) = region.cells().iter().map(|&c| color(lattice, c)).collect::<Option<Vec<bool>>>() else {
        return false;
    };
    let balance = |cells: &mut dyn Iterator<Item = usize>| -> i64 { cells.map(|i| if colors[i] { 1 } else { -1 }).sum() };
    let n = region.len();
    let target = balance(&mut (0..n));
    let width = 2 * n + 1;
    let words = width.div_ceil(64);
    let mut reach = vec![0u64; words];
    reach[n / 64] |= 1 << (n % 64);
    let mut budget = BUDGET;
    for (list, c) in placements.iter().zip(copies) {
        let mut values: Vec<i64> = list.iter().map(|p| balance(&mut p.iter().copied())).collect();
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            if c.lo > 0 {
                return true;
            }
            continue;
        }
        let size = list[0].len().max(1);
        let most = c.hi.map_or(n / size, |h| (h as usize).min(n / size));
        let cost = (most as u64).saturating_mul(values.len() as u64).saturating_mul(words as u64);
        if cost > budget {
            return false;
        }
        budget -= cost;
        let mut sums = reach.clone();
        let mut out = if c.lo == 0 { reach.clone() } else { vec![0u64; words] };
        for k in 1..=most {
            let mut next = vec![0u64; words];
            for &v in &values {
                shift_or(&mut next, &sums, v);
            }
            mask(&mut next, width);
            sums = next;
            if k >= c.lo as usize {
                out.iter_mut().zip(&sums).for_each(|(o, s)| *o |= s);
            }
            if sums.iter().all(|&w| w == 0) {
                break;
            }
        }
        reach = out;
    }
    let at = (target + n as i64) as usize;
    reach[at / 64] >> (at % 64) & 1 == 0
}

/// `dst |= src` shifted by `v` bits (towards higher bits when positive).
fn shift_or(dst: &mut [u64], src: &[u64], v: i64) {
    let words = src.len();
    let (ws, bs) = ((v.unsigned_abs() / 64) as usize, (v.unsigned_abs() % 64) as u32);
    if v >= 0 {
        for (j, d) in dst.iter_mut().skip(ws).enumerate() {
            let mut w = src[j] << bs;
            if bs > 0 && j > 0 {
                w |= src[j - 1] >> (64 - bs);
            }
            *d |= w;
        }
    } else {
        for (i, d) in dst.iter_mut().take(words.saturating_sub(ws)).enumerate() {
            let j = i + ws;
            let mut w = src[j] >> bs;
            if bs > 0 && j + 1 < words {
                w |= src[j + 1] << (64 - bs);
            }
            *d |= w;
        }
    }
}

/// Clears the bits at `width` and above.
fn mask(bits: &mut [u64], width: usize) {
    if let Some(last) = bits.last_mut() {
        if !width.is_multiple_of(64) {
            *last &= (1u64 << (width % 64)) - 1;
        }
    }
}
