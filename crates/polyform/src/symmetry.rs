//! Counting packings up to the symmetries of the board, exactly and without storing
//! solutions.
//!
//! A group `G` of board symmetries acts on packings (each piece keeps its name). Two
//! methods, both exact:
//!
//! - **Symmetry breaking.** If some piece has no placement fixed by a symmetry other than
//!   the identity, every orbit of packings has `|G|` members, exactly one of which places
//!   that piece on a chosen representative of its placement's orbit. Restricting the piece
//!   to those representatives counts each orbit once, and the total is `|G|` times that.
//! - **Burnside's lemma** otherwise: the number of orbits is the average over `G` of the
//!   number of packings each symmetry fixes; a packing of distinct pieces is fixed by `g`
//!   exactly when every piece's placement is, so the fixed packings are counted with each
//!   piece restricted to its `g`-invariant placements.
//!
//! With piece counts (identical copies, [`Copies`]) only Burnside applies, and a tiling is
//! fixed by `g` when `g` permutes its tiles: it is a union of orbits of tiles under the
//! cyclic group `<g>`, [`count_fixed_tilings`] counts those.

use crate::copies::Copies;
use crate::lattice::square::Symmetry;
use crate::lattice::Cell;
use crate::region::Board;
use std::collections::HashMap;

/// A symmetry of a board, as a permutation of its cell indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSymmetry {
    /// `image[i]`: the index of the image of cell `i`.
    image: Vec<usize>,
}

impl BoardSymmetry {
    /// The identity on `board`.
    pub fn identity(board: &Board) -> BoardSymmetry {
        BoardSymmetry { image: (0..board.len()).collect() }
    }

    /// The map `f` on `board`'s cells, if it maps the board onto itself.
    pub fn from_map(board: &Board, f: impl Fn(Cell) -> Cell) -> Option<BoardSymmetry> {
        let image: Option<Vec<usize>> = board.cells().iter().map(|&c| board.index_of(f(c))).collect();
        let image = image?;
        let mut seen = vec![false; image.len()];
        for &j in &image {
            if std::mem::replace(&mut seen[j], true) {
                return None;
            }
        }
        Some(BoardSymmetry { image })
    }

    /// The permutation `image` (`image[i]` the index of cell `i`'s image), if it is one:
    /// for regions of any lattice ([`crate::Region::symmetries`]).
    pub fn from_image(image: Vec<usize>) -> Option<BoardSymmetry> {
        let mut seen = vec![false; image.len()];
        for &j in &image {
            if j >= image.len() || std::mem::replace(&mut seen[j], true) {
                return None;
            }
        }
        Some(BoardSymmetry { image })
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        self.image.iter().enumerate().all(|(i, &j)| i == j)
    }

    /// The image of a placement (cell indices), sorted.
    pub fn map_placement(&self, placement: &[usize]) -> Vec<usize> {
        let mut m: Vec<usize> = placement.iter().map(|&i| self.image[i]).collect();
        m.sort_unstable();
        m
    }
}

/// The symmetries of `board` among `allowed` (each followed by the translation that
/// realigns the board), the identity first.
pub fn board_symmetries(board: &Board, allowed: &[Symmetry]) -> Vec<BoardSymmetry> {
    let mut group = vec![BoardSymmetry::identity(board)];
    let corner = |cells: &mut dyn Iterator<Item = Cell>| cells.fold((i32::MAX, i32::MAX), |(r, c), x| (r.min(x.x), c.min(x.y)));
    let (r0, c0) = corner(&mut board.cells().iter().copied());
    for &s in allowed {
        if s == Symmetry::Identity {
            continue;
        }
        let (r1, c1) = corner(&mut board.cells().iter().map(|&c| s.apply(c)));
        let map = |c: Cell| {
            let m = s.apply(c);
            Cell::new(m.x - r1 + r0, m.y - c1 + c0, 0)
        };
        if let Some(g) = BoardSymmetry::from_map(board, map) {
            if !group.contains(&g) {
                group.push(g);
            }
        }
    }
    group
}

/// Which piece [`break_symmetry`] restricts, among those whose placements all have
/// `|group|` images. The best choice depends on the problem and is measured: on
/// rectangles with pentominoes or Kanoodle pieces, the piece with the fewest placements
/// (4 to 9 times faster than the most); on the beads tray, the one with the most (5 times
/// faster than the fewest). See the history of BENCHMARKS.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Restrict {
    /// The piece with the fewest placements.
    #[default]
    FewestPlacements,
    /// The piece with the most placements.
    MostPlacements,
}

/// Placement lists in which one piece keeps one placement per orbit under `group`, if some
/// piece has only placements whose orbits have `|group|` members (no placement fixed by
/// a non-identity symmetry); `choice` picks among such pieces. The representative of an
/// orbit is its least member (as sorted index lists).
pub fn break_symmetry(placements: &[Vec<Vec<usize>>], group: &[BoardSymmetry], choice: Restrict) -> Option<Vec<Vec<Vec<usize>>>> {
    if group.len() < 2 {
        return None;
    }
    let free = |list: &Vec<Vec<usize>>| {
        list.iter().all(|pl| {
            let images: std::collections::HashSet<Vec<usize>> = group.iter().map(|g| g.map_placement(pl)).collect();
            images.len() == group.len()
        })
    };
    let candidates = (0..placements.len()).filter(|&k| free(&placements[k]));
    let k = match choice {
        Restrict::FewestPlacements => candidates.min_by_key(|&k| placements[k].len())?,
        Restrict::MostPlacements => candidates.max_by_key(|&k| placements[k].len())?,
    };
    let mut out = placements.to_vec();
    out[k].retain(|pl| group.iter().all(|g| *pl <= g.map_placement(pl)));
    Some(out)
}

/// The placement lists restricted to placements that `g` maps onto themselves.
pub fn fixed_by(placements: &[Vec<Vec<usize>>], g: &BoardSymmetry) -> Vec<Vec<Vec<usize>>> {
    placements.iter().map(|list| list.iter().filter(|pl| g.map_placement(pl) == **pl).cloned().collect()).collect()
}

/// `(all, up to symmetry)`: the number of packings, and of packings up to `group` (which
/// must be a group containing the identity), using `count` to count packings for given
/// placement lists; `choice` as in [`break_symmetry`].
pub fn count_with_symmetry(
    placements: &[Vec<Vec<usize>>],
    group: &[BoardSymmetry],
    choice: Restrict,
    mut count: impl FnMut(&[Vec<Vec<usize>>]) -> u64,
) -> (u64, u64) {
    if let Some(restricted) = break_symmetry(placements, group, choice) {
        let unique = count(&restricted);
        return (unique * group.len() as u64, unique);
    }
    let all = count(placements);
    let fixed: u64 = group.iter().filter(|g| !g.is_identity()).map(|g| count(&fixed_by(placements, g))).sum();
    (all, (all + fixed) / group.len() as u64)
}

/// The orbit of a placement under `<g>`: its distinct images, if they are pairwise
/// disjoint (then they can all be tiles of one tiling), as `(cells of the union, number
/// of images, the least image)`; the least image names the orbit (two orbits may cover
/// the same cells).
fn tile_orbit(placement: &[usize], g: &BoardSymmetry) -> Option<(Vec<usize>, u32, Vec<usize>)> {
    let mut images = vec![placement.to_vec()];
    loop {
        let next = g.map_placement(images.last().expect("one image"));
        if next == images[0] {
            break;
        }
        images.push(next);
    }
    let mut union: Vec<usize> = images.concat();
    union.sort_unstable();
    let before = union.len();
    union.dedup();
    let least = images.iter().min().expect("one image").clone();
    (union.len() == before).then_some((union, images.len() as u32, least))
}

/// The memory, in bytes, that the memo of [`count_fixed_tilings`] may take (entries past
/// it are not stored: recounted when met again, never wrong).
pub const FIXED_MEMO_BYTES: usize = 256 << 20;

/// The number of tilings fixed by the board symmetry `g`, with piece `p` placed by
/// `placements[p]` (cell indices, each list closed under `g`: free pieces under any
/// board symmetry, one-sided pieces under rotations) and used as `copies[p]` says, on a
/// board of `cells` cells; `None` past 2^128 - 1.
///
/// A fixed tiling is a union of tile orbits under `<g>` whose images are disjoint (a
/// tile fixed by `g` is an orbit of one). The search covers the first empty cell with
/// such an orbit, an orbit of `m` images using `m` copies, and memoizes the count of each
/// state (cells covered, copies used; copies past the lower bound of an unbounded piece
/// are not told apart; at most [`FIXED_MEMO_BYTES`] of them), so the quotient board is
/// counted as a transfer matrix would.
/// The engines' stop flag is polled ([`exact_cover::interrupt`]).
pub fn count_fixed_tilings(cells: usize, placements: &[Vec<Vec<usize>>], copies: &[Copies], g: &BoardSymmetry) -> Option<u128> {
    let mut orbits: Vec<Orbit> = Vec::new();
    for (p, list) in placements.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        for pl in list {
            if let Some((union, m, least)) = tile_orbit(pl, g) {
                if seen.insert(least) {
                    orbits.push((vec![(p, m)], union, 1));
                }
            }
        }
    }
    count_orbit_tilings(cells, &orbits, copies)
}

/// The number of tilings of a board of `cells` cells by weighted tiles: `tiles[p]` lists
/// piece `p`'s tiles (sorted cell indices) each with a weight, piece `p` used as
/// `copies[p]` says; a tiling counts as the product of its tiles' weights; `None` past
/// 2^128 - 1. The same cells may be given as two tiles (then they are two tiles), or as
/// one with their weights added. [`crate::count::count_classes`] counts the packings a
/// symmetry fixes so: the tile of each cycle of pieces is the union of the images of a
/// placement, and two placements may give one union.
pub fn count_weighted_tilings(cells: usize, tiles: &[Vec<(Vec<usize>, u128)>], copies: &[Copies]) -> Option<u128> {
    let orbits: Vec<Orbit> =
        tiles.iter().enumerate().flat_map(|(p, list)| list.iter().map(move |(union, w)| (vec![(p, 1)], union.clone(), *w))).collect();
    count_orbit_tilings(cells, &orbits, copies)
}

/// A tile orbit of [`count_orbit_tilings`]: the copies it uses of each piece (`(piece,
/// copies)`: one piece, or several when a symmetry maps pieces onto their mirror
/// partners), the cells of its union (sorted), and its weight.
type Orbit = (Vec<(usize, u32)>, Vec<usize>, u128);

/// The number of tilings that the region symmetry `perm` (the image of each cell) maps
/// onto themselves, each tile of piece `p` onto a tile of piece `partner[p]` (the piece
/// congruent to its image: [`crate::count::Classes`]), with piece `p` placed by
/// `placements[p]` (sorted cell indices, the lists closed under the symmetry with the
/// partners) and used as `copies[p]` says; `None` past 2^128 - 1.
///
/// As [`count_fixed_tilings`], on orbits of (piece, placement) pairs: an orbit whose
/// images are disjoint is one tile of the quotient, using a copy of each piece it passes
/// through. An image that is no placement of its partner (lists not closed) makes its
/// orbit unusable.
pub fn count_fixed_tilings_partnered(
    cells: usize,
    placements: &[Vec<Vec<usize>>],
    copies: &[Copies],
    perm: &[usize],
    partner: &[usize],
) -> Option<u128> {
    let g = BoardSymmetry::from_image(perm.to_vec())?;
    let index: Vec<HashMap<&[usize], usize>> =
        placements.iter().map(|list| list.iter().enumerate().map(|(j, pl)| (pl.as_slice(), j)).collect()).collect();
    let mut seen: Vec<Vec<bool>> = placements.iter().map(|l| vec![false; l.len()]).collect();
    let mut orbits: Vec<Orbit> = Vec::new();
    for p in 0..placements.len() {
        for j in 0..placements[p].len() {
            if seen[p][j] {
                continue;
            }
            let (mut q, mut k) = (p, j);
            let mut union: Vec<usize> = Vec::new();
            let mut uses: Vec<(usize, u32)> = Vec::new();
            let closed = loop {
                seen[q][k] = true;
                union.extend_from_slice(&placements[q][k]);
                match uses.iter_mut().find(|(piece, _)| *piece == q) {
                    Some(u) => u.1 += 1,
                    None => uses.push((q, 1)),
                }
                let image = g.map_placement(&placements[q][k]);
                let next = partner[q];
                let Some(&at) = index[next].get(image.as_slice()) else { break false };
                if (next, at) == (p, j) {
                    break true;
                }
                if seen[next][at] {
                    // Met another orbit's member: the map is not a permutation here.
                    break false;
                }
                (q, k) = (next, at);
            };
            let before = union.len();
            union.sort_unstable();
            union.dedup();
            if closed && union.len() == before {
                orbits.push((uses, union, 1));
            }
        }
    }
    count_orbit_tilings(cells, &orbits, copies)
}

/// The tilings by `orbits` (see [`count_fixed_tilings`]), weighted.
fn count_orbit_tilings(cells: usize, orbits: &[Orbit], copies: &[Copies]) -> Option<u128> {
    let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for (k, (_, union, _)) in orbits.iter().enumerate() {
        by_cell[union[0]].push(k);
    }
    struct Walk<'a> {
        orbits: &'a [Orbit],
        by_cell: &'a [Vec<usize>],
        copies: &'a [Copies],
        cells: usize,
        /// The covered cells, one bit each (the memo key's first half as it stands).
        covered: Vec<u64>,
        used: Vec<u32>,
        memo: HashMap<(Vec<u64>, Vec<u32>), Option<u128>>,
        /// The most entries the memo keeps: about [`FIXED_MEMO_BYTES`] of keys.
        memo_cap: usize,
        nodes: u64,
    }
    impl Walk<'_> {
        fn key(&self) -> (Vec<u64>, Vec<u32>) {
            let used = self.used.iter().zip(self.copies).map(|(&u, c)| if c.hi.is_none() { u.min(c.lo) } else { u }).collect();
            (self.covered.clone(), used)
        }

        fn is_covered(&self, i: usize) -> bool {
            self.covered[i / 64] >> (i % 64) & 1 == 1
        }

        /// Flips the cells of `union` (covers or uncovers them).
        fn flip(&mut self, union: &[usize]) {
            union.iter().for_each(|&i| self.covered[i / 64] ^= 1 << (i % 64));
        }

        /// The weighted count below the current state, depth-first with a stack of
        /// [`Frame`]s instead of recursion (a tiling of 90000 monominoes overflowed the
        /// stack). A node whose first empty cell begins at most one orbit is neither
        /// looked up nor stored (its count is its one child's).
        fn count(&mut self) -> Option<u128> {
            let mut stack: Vec<Frame> = Vec::new();
            let mut from = 0;
            'enter: loop {
                self.nodes += 1;
                if exact_cover::interrupt::poll(self.nodes) {
                    return None;
                }
                let mut result = match (from..self.cells).find(|&i| !self.is_covered(i)) {
                    None => Some(self.used.iter().zip(self.copies).all(|(&u, c)| u >= c.lo) as u128),
                    Some(first) => {
                        let key = (self.by_cell[first].len() > 1).then(|| self.key());
                        match key.as_ref().and_then(|k| self.memo.get(k)) {
                            Some(&n) => n,
                            None => {
                                stack.push(Frame { first, next: 0, applied: None, total: Some(0), key });
                                None // not read: the new frame has no child to add
                            }
                        }
                    }
                };
                // Return `result` to the frames above until one has another orbit to try.
                while let Some(f) = stack.last_mut() {
                    if let Some(k) = f.applied.take() {
                        let (uses, union, weight) = &self.orbits[k];
                        for &(p, m) in uses {
                            self.used[p] -= m;
                        }
                        self.flip(union);
                        f.total = match (f.total, result) {
                            (Some(t), Some(b)) => b.checked_mul(*weight).and_then(|b| t.checked_add(b)),
                            _ => None,
                        };
                    }
                    // Orbits are listed under their least cell: the first empty cell is the
                    // least cell of the orbit that covers it.
                    while let Some(&k) = self.by_cell[f.first].get(f.next) {
                        f.next += 1;
                        let (uses, union, _) = &self.orbits[k];
                        if uses.iter().any(|&(p, m)| self.copies[p].hi.is_some_and(|hi| self.used[p] + m > hi))
                            || union.iter().any(|&i| self.is_covered(i))
                        {
                            continue;
                        }
                        self.flip(union);
                        for &(p, m) in uses {
                            self.used[p] += m;
                        }
                        f.applied = Some(k);
                        from = f.first + 1;
                        continue 'enter;
                    }
                    let f = stack.pop().expect("the frame just read");
                    if let Some(key) = f.key {
                        if self.memo.len() < self.memo_cap {
                            self.memo.insert(key, f.total);
                        }
                    }
                    result = f.total;
                }
                return result;
            }
        }
    }
    /// One level of [`Walk::count`]: its first empty cell, the next of the cell's orbits
    /// to try, the orbit placed now, the weighted count so far, and its memo key (none
    /// when the cell begins at most one orbit).
    struct Frame {
        first: usize,
        next: usize,
        applied: Option<usize>,
        total: Option<u128>,
        key: Option<(Vec<u64>, Vec<u32>)>,
    }
    let mut walk = Walk {
        orbits,
        by_cell: &by_cell,
        copies,
        cells,
        covered: vec![0; cells.div_ceil(64)],
        used: vec![0; copies.len()],
        memo: HashMap::new(),
        memo_cap: FIXED_MEMO_BYTES / (64 + 8 * cells.div_ceil(64) + 4 * copies.len()),
        nodes: 0,
    };
    walk.count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangle_and_square_groups() {
        assert_eq!(board_symmetries(&Board::rectangle(3, 5), &Symmetry::ALL).len(), 4);
        assert_eq!(board_symmetries(&Board::rectangle(4, 4), &Symmetry::ALL).len(), 8);
        assert_eq!(board_symmetries(&Board::rectangle(4, 4), &Symmetry::ROTATIONS).len(), 4);
        // An L-shaped board has only its diagonal mirror.
        let l = Board::from_cells([Cell::new(0, 0, 0), Cell::new(1, 0, 0), Cell::new(1, 1, 0)]);
        assert_eq!(board_symmetries(&l, &Symmetry::ALL).len(), 2);
    }
}
