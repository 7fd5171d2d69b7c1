//! Counting packings on any lattice: symmetry-broken counts ([`count_packings`],
//! [`count`]), the classes of packings under the region's symmetries by Burnside's lemma
//! ([`count_classes`]) or by listing ([`count_classes_by_listing`]), and one packing per
//! class ([`for_each_class`]). Written once over [`crate::lattice::Geometry`] through
//! [`Region`] and [`Shape`]; the engines are those [`Search::on_layout`] picks.

use crate::copies::Copies;
use crate::cover::{Engine, PartCache, Search};
use crate::region::Region;
use crate::shape::{Piece, Shape};
use crate::symmetry::BoardSymmetry;
use exact_cover::parallel::CountOptions;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// The symmetries of `region` that map every piece onto itself (its image is one of its
/// allowed orientations: rotations, and reflections when `reflections`), as
/// permutations of the region's cells, the identity first. Packings are mapped to
/// packings by them, each tile keeping its piece.
pub fn piece_preserving_symmetries(region: &Region, pieces: &[Piece], reflections: bool) -> Vec<BoardSymmetry> {
    let allowed: Vec<Vec<Shape>> = pieces.iter().map(|p| p.shape.orientations(reflections)).collect();
    region
        .symmetries(&region.lattice().group(true))
        .into_iter()
        .filter(|(m, _)| pieces.iter().zip(&allowed).all(|(p, a)| a.contains(&p.shape.transformed(m))))
        .filter_map(|(_, perm)| BoardSymmetry::from_image(perm))
        .collect()
}

/// The number of packings of `pieces`, each used once, filling `region` exactly
/// (orientations: rotations, and reflections when `reflections`); `None` past 2^128 - 1.
/// On the engine [`Region::search`](crate::Region::search) picks, with the symmetry broken by orbits: the
/// [`piece_preserving_symmetries`] map packings to packings keeping each piece, so all
/// placements of one orbit of a piece lie in equally many packings: a piece is fixed at
/// one placement per orbit and each count weighted by the orbit's size, and an orbit
/// whose placements have a stabiliser is counted again that way under the stabiliser
/// (two levels). Exact whatever the stabilisers (a flat piece lying in a mirror plane of
/// a box is its own image, which the free-orbit method of
/// [`crate::symmetry::break_symmetry`] cannot use): flat pentacubes in 3x4x5, 21.3 s
/// without it, 6.8 s by the rotations' free orbits, 2.6 s so.
pub fn count_packings(region: &Region, pieces: &[Piece], reflections: bool) -> Option<u128> {
    count(region, pieces, &vec![Copies::ONE; pieces.len()], reflections, &CountOptions::default())
}

/// The number of packings of `pieces` into `region`, piece `p` used as `copies[p]` says
/// (copies of a piece are indistinguishable), on the threads and shard `options` ask
/// for; `None` past 2^128 - 1. When every piece is used once, the symmetry is broken as
/// in [`count_packings`]; otherwise the engine [`Region::search`](crate::Region::search) picks counts every
/// packing (the tiler and Algorithm M memoize their subproblems).
///
/// Panics if `copies` and `pieces` differ in length.
pub fn count(region: &Region, pieces: &[Piece], copies: &[Copies], reflections: bool, options: &CountOptions) -> Option<u128> {
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements_sorted(&p.shape, reflections)).collect();
    count_placements(region, pieces, placements, copies, reflections, options, None)
}

/// As [`count`], on the pieces' placement lists already built
/// (`placements[p]`: [`Region::placements`] of piece `p` with the same `reflections`).
/// With `cache`, a count of a shard compiles and cuts its searches once for all the
/// parts counted through the same cache ([`PartCache`]).
///
/// Panics if `copies`, `placements` and `pieces` differ in length.
pub fn count_placements(
    region: &Region,
    pieces: &[Piece],
    placements: Vec<Vec<Vec<usize>>>,
    copies: &[Copies],
    reflections: bool,
    options: &CountOptions,
    cache: Option<&PartCache>,
) -> Option<u128> {
    assert_eq!(copies.len(), pieces.len(), "one count per piece");
    assert_eq!(placements.len(), pieces.len(), "one placement list per piece");
    let layout = region.layout();
    // The searches of this count, in the order it runs them (the cache's index).
    let next = std::cell::Cell::new(0);
    let search = |lists: &[Vec<Vec<usize>>]| -> Option<u128> {
        let build = || Search::on_layout(&layout, lists, copies, Engine::Bitboard);
        match cache {
            Some(cache) => {
                let i = next.replace(next.get() + 1);
                cache.count(i, build, options)
            }
            None => build().count(options),
        }
    };
    let group = piece_preserving_symmetries(region, pieces, reflections);
    if group.len() <= 1 || copies.iter().any(|&c| c != Copies::ONE) {
        return search(&placements);
    }
    broken(placements, &group, &search, &mut vec![false; pieces.len()], 2)
}

/// Counts the packings of one set of placement lists (a search of [`count_placements`]).
type CountLists<'a> = dyn Fn(&[Vec<Vec<usize>>]) -> Option<u128> + 'a;

/// The packings with the placement lists `lists`, the symmetry `group` broken (see
/// [`count_packings`]): the piece chosen by [`choose_piece`] is fixed, in one search, at
/// one placement of each free orbit (the count weighted by the group's size); then, at
/// the first `depth - 1` levels, for each orbit with a stabiliser, at that orbit's first
/// placement, counted recursively under the stabiliser and weighted by the orbit's size;
/// at the last level, in one search per orbit size, at one placement of each orbit of
/// that size (weighted by the size). `fixed` marks the pieces already fixed; `search`
/// counts one set of placement lists.
fn broken(lists: Vec<Vec<Vec<usize>>>, group: &[BoardSymmetry], search: &CountLists, fixed: &mut Vec<bool>, depth: u32) -> Option<u128> {
    let chosen = if depth == 0 { None } else { choose_piece(&lists, group, fixed) };
    let Some((p, orbits)) = chosen else {
        return search(&lists);
    };
    let g = group.len() as u128;
    let (free, stabilised): (Vec<Orbit>, Vec<Orbit>) = orbits.into_iter().partition(|&(_, size)| size == g);
    // Orbits of one size in one search, weighted by that size.
    let by_size = |orbits: &[Orbit], size: u128| -> Option<u128> {
        let reps: Vec<Vec<usize>> = orbits.iter().filter(|o| o.1 == size).map(|&(i, _)| lists[p][i].clone()).collect();
        if reps.is_empty() {
            return Some(0);
        }
        let mut restricted = lists.clone();
        restricted[p] = reps;
        search(&restricted)?.checked_mul(size)
    };
    let mut total = by_size(&free, g)?;
    if depth > 1 {
        fixed[p] = true;
        for &(i, size) in &stabilised {
            let q = &lists[p][i];
            let stabiliser: Vec<BoardSymmetry> = group.iter().filter(|s| s.map_placement(q) == *q).cloned().collect();
            let mut restricted = lists.clone();
            restricted[p] = vec![q.clone()];
            let n = broken(restricted, &stabiliser, search, fixed, depth - 1)?;
            total = total.checked_add(n.checked_mul(size)?)?;
        }
        fixed[p] = false;
    } else {
        let mut sizes: Vec<u128> = stabilised.iter().map(|o| o.1).collect();
        sizes.sort_unstable();
        sizes.dedup();
        for size in sizes {
            total = total.checked_add(by_size(&stabilised, size)?)?;
        }
    }
    Some(total)
}

/// The piece to fix under `group` (none when the group is trivial or every piece is
/// fixed) and the orbits of its placements: the one whose placements in orbits with a
/// stabiliser are fewest (each such orbit is a further search), then with the most
/// placements in free orbits (the one search over them shrinks by the group's size).
fn choose_piece(lists: &[Vec<Vec<usize>>], group: &[BoardSymmetry], fixed: &[bool]) -> Option<(usize, Vec<Orbit>)> {
    if group.len() <= 1 {
        return None;
    }
    let g = group.len() as u128;
    (0..lists.len()).filter(|&p| !fixed[p]).map(|p| (p, orbits(&lists[p], group))).min_by_key(|(p, o)| {
        let stabilised = o.iter().filter(|&&(_, size)| size < g).count();
        (stabilised, std::cmp::Reverse(lists[*p].len()))
    })
}

/// An orbit of placements: the index of its first placement and its size.
type Orbit = (usize, u128);

/// The orbits of `placements` (sorted cell lists) under `group`.
fn orbits(placements: &[Vec<usize>], group: &[BoardSymmetry]) -> Vec<Orbit> {
    let index: HashMap<&[usize], usize> = placements.iter().enumerate().map(|(i, pl)| (pl.as_slice(), i)).collect();
    let mut seen = vec![false; placements.len()];
    let mut out = Vec::new();
    for i in 0..placements.len() {
        if seen[i] {
            continue;
        }
        let mut size = 0;
        for g in group {
            // Every image is a placement: the group maps the piece onto its orientations.
            if let Some(&j) = index.get(g.map_placement(&placements[i]).as_slice()) {
                if !std::mem::replace(&mut seen[j], true) {
                    size += 1;
                }
            }
        }
        out.push((i, size));
    }
    out
}

/// The number of classes of those packings under the region's symmetries that map the
/// piece set onto itself ([`Classes`]): every rotation of the region, and (also when the
/// pieces may not be reflected) every reflection that maps the pieces' shapes one to one
/// onto the pieces' shapes (Soma's screws A and B exchange); `None` past 2^128 - 1 or
/// when the search is stopped ([`exact_cover::interrupt`]).
///
/// By Burnside's lemma (the number of orbits of a finite group acting on a set is the
/// mean number of points its elements fix): the packings, counted as [`count`] does
/// (symmetry broken, on the threads `options` ask for; `options.shard` must be `None`),
/// plus, for every other symmetry `g`, the packings `g` maps onto themselves, divided by
/// the group's size (symmetries that move cells and pieces alike counted once). A packing fixed by `g` has, for every cycle `p -> g(p) -> ...` of
/// the pieces' partners under `g` (length `m`), a tile `T` of `p` with `g^m(T) = T` whose
/// images `T, g(T), .., g^(m-1)(T)` are disjoint (the tiles of the cycle's pieces); so
/// those fixed packings are the exact covers of the region by such unions, one per
/// cycle, each mapped onto itself by `g`, which
/// [`crate::symmetry::count_fixed_tilings`] counts with a memo. Time: one symmetry-broken
/// count, and a count on a quotient of the region per symmetry (small).
/// [`count_classes_by_listing`] is the slow, direct way.
pub fn count_classes(region: &Region, pieces: &[Piece], reflections: bool, options: &CountOptions) -> Option<u128> {
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|p| region.placements_sorted(&p.shape, reflections)).collect();
    count_classes_placements(region, pieces, placements, &Classes::new(region, pieces, reflections), reflections, options)
}

/// As [`count_classes`], on the pieces' placement lists and the classes already built
/// (`placements[p]`: [`Region::placements`] of piece `p`, and `classes`:
/// [`Classes::new`], both with the same `reflections`).
///
/// Panics if `placements` and `pieces` differ in length.
pub fn count_classes_placements(
    region: &Region,
    pieces: &[Piece],
    placements: Vec<Vec<Vec<usize>>>,
    classes: &Classes,
    reflections: bool,
    options: &CountOptions,
) -> Option<u128> {
    assert_eq!(placements.len(), pieces.len(), "one placement list per piece");
    let copies = vec![Copies::ONE; pieces.len()];
    let fixed = fixed_by_others(region.len(), &placements, classes)?;
    let sum = count_placements(region, pieces, placements, &copies, reflections, options, None)?.checked_add(fixed)?;
    let g = classes.order();
    debug_assert_eq!(sum % g, 0, "Burnside's sum is a multiple of the group's size");
    Some(sum / g)
}

/// The part of Burnside's sum of [`count_classes`] besides the packings themselves: over
/// every symmetry acting on packings but the identity, the packings it maps onto
/// themselves (`placements[p]`: piece `p`'s placements on a region of `cells` cells;
/// `classes`: [`Classes::new`] of the same pieces). `None` past 2^128 - 1. The count of
/// the packings plus this is [`Classes::order`] times the number of classes, so a count
/// cut into parts (shards of the packings, this added to one of them) adds up to it.
pub fn fixed_by_others(cells: usize, placements: &[Vec<Vec<usize>>], classes: &Classes) -> Option<u128> {
    let mut sum = 0u128;
    for (perm, partner) in classes.acting() {
        let identity = perm.iter().enumerate().all(|(i, &j)| i == j) && partner.iter().enumerate().all(|(p, &q)| p == q);
        if !identity {
            sum = sum.checked_add(classes_fixed(cells, placements, perm, partner)?)?;
        }
    }
    Some(sum)
}

/// As [`fixed_by_others`], with piece `p` used as `copies[p]` says (any number of copies,
/// in ranges): the tilings each symmetry of `classes` but the identity maps onto
/// themselves, added up ([`crate::symmetry::count_fixed_tilings_partnered`]). With the
/// count of every tiling, Burnside's sum: `classes.order()` times the number of classes.
/// `None` past 2^128 - 1 (or when stopped).
pub fn fixed_by_others_with_copies(cells: usize, placements: &[Vec<Vec<usize>>], copies: &[Copies], classes: &Classes) -> Option<u128> {
    let mut sum = 0u128;
    for (perm, partner) in classes.acting() {
        let identity = perm.iter().enumerate().all(|(i, &j)| i == j) && partner.iter().enumerate().all(|(p, &q)| p == q);
        if !identity {
            sum = sum.checked_add(crate::symmetry::count_fixed_tilings_partnered(cells, placements, copies, perm, partner)?)?;
        }
    }
    Some(sum)
}

/// The packings (`placements[p]`: piece `p`'s placements) that the region symmetry
/// `perm` maps onto themselves, each tile of piece `p` onto the tile of `partner[p]` (see
/// [`count_classes`]).
fn classes_fixed(cells: usize, placements: &[Vec<Vec<usize>>], perm: &[usize], partner: &[usize]) -> Option<u128> {
    let g = BoardSymmetry::from_image(perm.to_vec())?;
    let mut seen = vec![false; placements.len()];
    let mut unions: Vec<Vec<(Vec<usize>, u128)>> = Vec::new();
    for p in 0..placements.len() {
        if seen[p] {
            continue;
        }
        let mut m = 0;
        let mut q = p;
        while !seen[q] {
            seen[q] = true;
            m += 1;
            q = partner[q];
        }
        // Two placements of `p` may give one union (two packings on the same cells, the
        // pieces of the cycle placed differently): each is a packing, so the union is
        // weighted by how many give it.
        let mut weights: std::collections::BTreeMap<Vec<usize>, u128> = std::collections::BTreeMap::new();
        let found = placements[p].iter().filter_map(|tile| {
            let mut union = tile.clone();
            let mut image = tile.clone();
            for _ in 1..m {
                image = g.map_placement(&image);
                union.extend_from_slice(&image);
            }
            if g.map_placement(&image) != *tile {
                return None;
            }
            union.sort_unstable();
            let n = union.len();
            union.dedup();
            (union.len() == n).then_some(union)
        });
        for union in found {
            *weights.entry(union).or_insert(0) += 1;
        }
        unions.push(weights.into_iter().collect());
    }
    crate::symmetry::count_weighted_tilings(cells, &unions, &vec![Copies::ONE; unions.len()])
}

/// [`count_classes`] the direct way: by listing every packing and keeping those that are
/// least, per cell by piece index, among their images ([`Classes::is_least`]): exact,
/// one per class; time grows with the number of packings (no symmetry is broken).
pub fn count_classes_by_listing(region: &Region, pieces: &[Piece], reflections: bool) -> u128 {
    let classes = Classes::new(region, pieces, reflections);
    let (search, placements) = region.search(pieces, &vec![Copies::ONE; pieces.len()], reflections);
    let mut count = 0u128;
    let mut tiles: Vec<(usize, &[usize])> = Vec::new();
    let _ = search.for_each(|packing| {
        tiles.clear();
        tiles.extend(packing.iter().map(|&(p, k)| (p, placements[p][k].as_slice())));
        count += classes.is_least(&tiles) as u128;
        ControlFlow::Continue(())
    });
    count
}

/// The symmetry classes of packings of distinct pieces into a region, as
/// [`count_classes`] counts them: the region's symmetries that map the piece set onto
/// itself, each with the piece it sends each piece to.
#[derive(Debug, Clone)]
pub struct Classes {
    /// Per symmetry, the image of each cell and the partner of each piece.
    group: Vec<(Vec<usize>, Vec<usize>)>,
    cells: usize,
}

impl Classes {
    /// The symmetries of `region` (every one of its lattice's point group) that map the
    /// shapes of `pieces` one to one onto the shapes of `pieces`, up to the allowed
    /// orientations (rotations, and reflections when `reflections`).
    pub fn new(region: &Region, pieces: &[Piece], reflections: bool) -> Classes {
        let classes: Vec<Vec<Shape>> = pieces.iter().map(|p| p.shape.orientations(reflections)).collect();
        let group = region
            .symmetries(&region.lattice().group(true))
            .into_iter()
            .filter_map(|(m, perm)| {
                // A piece congruent to its image keeps its name; else the first piece that is.
                let partner: Option<Vec<usize>> = pieces
                    .iter()
                    .enumerate()
                    .map(|(k, p)| {
                        let image = p.shape.transformed(m);
                        if classes[k].contains(&image) {
                            Some(k)
                        } else {
                            classes.iter().position(|c| c.contains(&image))
                        }
                    })
                    .collect();
                let mut sorted = partner.clone()?;
                sorted.sort_unstable();
                sorted.dedup();
                (sorted.len() == pieces.len()).then_some((perm, partner?))
            })
            .collect();
        Classes { group, cells: region.len() }
    }

    /// The number of symmetries (the identity included).
    pub fn len(&self) -> usize {
        self.group.len()
    }

    /// Whether there is no symmetry at all (never: the identity is one).
    pub fn is_empty(&self) -> bool {
        self.group.is_empty()
    }

    /// Whether the packing `tiles` (each `(piece, region cell indices)`, every cell
    /// covered once, every piece once) is the least of its class, comparing the piece
    /// index of each cell in order: exactly one packing per class passes.
    pub fn is_least(&self, tiles: &[(usize, &[usize])]) -> bool {
        self.is_least_under(tiles, &self.group)
    }

    /// [`Classes::is_least`] among the images under the symmetries `group` (cell
    /// permutation and piece partners, as in [`Classes`]) only.
    fn is_least_under<'a>(&self, tiles: &[(usize, &[usize])], group: impl IntoIterator<Item = &'a (Vec<usize>, Vec<usize>)>) -> bool {
        let mut own = vec![0usize; self.cells];
        for &(p, cells) in tiles {
            cells.iter().for_each(|&i| own[i] = p);
        }
        let mut image = vec![0usize; self.cells];
        group.into_iter().all(|(perm, partner)| {
            for (i, &p) in own.iter().enumerate() {
                image[perm[i]] = partner[p];
            }
            own <= image
        })
    }

    /// The symmetries as they act on packings (those that move cells and pieces alike
    /// counted once).
    fn acting(&self) -> Vec<&(Vec<usize>, Vec<usize>)> {
        let mut seen = HashSet::new();
        self.group.iter().filter(|g| seen.insert(*g)).collect()
    }

    /// The order of the group acting on packings (symmetries that move cells and pieces
    /// alike, such as a mirror across a box one cell thick, counted once): what Burnside's
    /// sum is divided by.
    pub fn order(&self) -> u128 {
        self.acting().len() as u128
    }
}

/// Calls `visit` with one packing of `pieces` (each used once; `placements[p]`:
/// [`Region::placements`] of piece `p`) in `region` per class of `classes` (built by
/// [`Classes::new`] with the same pieces and orientations), as `(piece, index in
/// placements[piece])` pairs, until it returns `Break`.
///
/// Without listing every packing: a piece `p` that every symmetry maps onto itself is
/// fixed at one placement `T` per orbit of its placements (the piece with the fewest
/// orbits). The packings of one class all put `p` in one orbit, and those that put it
/// at that orbit's `T` are one orbit under the stabiliser of `T`; so one search with `p`
/// at the orbits' representatives, keeping each packing that is least under its `T`'s
/// stabiliser ([`Classes::is_least`], on that subgroup), meets each class exactly once.
/// When every symmetry exchanges some piece (no `p`), every packing is listed and the
/// least of each class kept. Time: about that of the symmetry-broken count.
pub fn for_each_class(
    region: &Region,
    pieces: &[Piece],
    placements: &[Vec<Vec<usize>>],
    classes: &Classes,
    mut visit: impl FnMut(&[(usize, usize)]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let acting = classes.acting();
    let layout = region.layout();
    let copies = vec![Copies::ONE; pieces.len()];
    let perms: Vec<BoardSymmetry> = acting.iter().filter_map(|(perm, _)| BoardSymmetry::from_image(perm.clone())).collect();
    let fixed = (0..pieces.len())
        .filter(|&p| acting.iter().all(|(_, partner)| partner[p] == p))
        .map(|p| (p, orbits(&placements[p], &perms)))
        .min_by_key(|(_, o)| o.len());
    let mut tiles: Vec<(usize, &[usize])> = Vec::new();
    let Some((p, orbit_list)) = fixed else {
        return Search::on_layout(&layout, placements, &copies, Engine::Bitboard).for_each(|sol| {
            tiles.clear();
            tiles.extend(sol.iter().map(|&(q, k)| (q, placements[q][k].as_slice())));
            if classes.is_least_under(&tiles, acting.iter().copied()) {
                visit(sol)
            } else {
                ControlFlow::Continue(())
            }
        });
    };
    let reps: Vec<usize> = orbit_list.iter().map(|&(i, _)| i).collect();
    let stabilisers: Vec<Vec<&(Vec<usize>, Vec<usize>)>> = reps
        .iter()
        .map(|&i| {
            let t = &placements[p][i];
            acting.iter().zip(&perms).filter(|(_, g)| g.map_placement(t) == *t).map(|(a, _)| *a).collect()
        })
        .collect();
    let mut restricted = placements.to_vec();
    restricted[p] = reps.iter().map(|&i| placements[p][i].clone()).collect();
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    Search::on_layout(&layout, &restricted, &copies, Engine::Bitboard).for_each(|sol| {
        chosen.clear();
        chosen.extend(sol.iter().map(|&(q, k)| (q, if q == p { reps[k] } else { k })));
        let r = sol.iter().find(|&&(q, _)| q == p).map_or(0, |&(_, k)| k);
        if stabilisers[r].len() > 1 {
            tiles.clear();
            tiles.extend(chosen.iter().map(|&(q, k)| (q, placements[q][k].as_slice())));
            if !classes.is_least_under(&tiles, stabilisers[r].iter().copied()) {
                return ControlFlow::Continue(());
            }
        }
        visit(&chosen)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lattice::{Cell, Lattice};
    use crate::sets::{bedlam, pentacubes_flat, soma, tetris_cube};

    #[test]
    fn boxes_have_their_symmetries() {
        let g = Lattice::Cubic.group(true);
        assert_eq!(Region::cuboid(3, 3, 3).symmetries(&g).len(), 48);
        assert_eq!(Region::cuboid(3, 4, 5).symmetries(&g).len(), 8);
        assert_eq!(Region::cuboid(2, 2, 5).symmetries(&Lattice::Cubic.group(false)).len(), 8);
        // A rhombus of the triangular lattice: 4 symmetries (its two diagonals, the half
        // turn, the identity); a hexagon-shaped region of hexagons: all 12.
        assert_eq!(Region::parallelogram(Lattice::Triangular, 3, 3).symmetries(&Lattice::Triangular.group(true)).len(), 4);
        let hexagon = Region::new(
            Lattice::Hexagonal,
            (-1..=1).flat_map(|x| (-1..=1).map(move |y| Cell::new(x, y, 0))).filter(|c| (c.x + c.y).abs() <= 1),
        );
        assert_eq!(hexagon.symmetries(&Lattice::Hexagonal.group(true)).len(), 12);
        // A prism box on a 3x3 rhombus, 2 layers: the rhombus's 4, each with the mirror
        // across the middle of the box.
        assert_eq!(Region::prism(3, 3, 2).symmetries(&Lattice::TriangularPrism.group(true)).len(), 8);
    }

    #[test]
    fn the_soma_cube_has_11520_packings_in_240_classes() {
        let cube = Region::cuboid(3, 3, 3);
        assert_eq!(count_packings(&cube, &soma(), false), Some(11520));
        assert_eq!(count_classes(&cube, &soma(), false, &CountOptions::default()), Some(240));
        assert_eq!(count_classes_by_listing(&cube, &soma(), false), 240);
    }

    #[test]
    fn bedlam_and_tetris_cube_pieces() {
        for (set, n, sizes) in [(bedlam(), 13, [1, 12, 0]), (tetris_cube(), 12, [0, 8, 4])] {
            assert_eq!(set.len(), n);
            let count = |k: usize| set.iter().filter(|p| p.shape.cells().len() == k).count();
            assert_eq!([count(4), count(5), count(6)], sizes);
            // No two pieces congruent, even as mirror images; and the set is not closed
            // under mirroring, so its classes are under the cube's 24 rotations only.
            let canon: HashSet<Shape> = set.iter().map(|p| p.shape.canonical(true)).collect();
            assert_eq!(canon.len(), n);
            assert_eq!(Classes::new(&Region::cuboid(4, 4, 4), &set, false).len(), 24);
        }
    }

    #[test]
    fn flat_pentacubes_in_boxes() {
        // Published counts of the pentominoes as flat pentacubes (classes under the
        // box's symmetries): 2x3x10 has 12, 2x5x6 has 264.
        let classes = |a, b, c| count_classes(&Region::cuboid(a, b, c), &pentacubes_flat(), false, &CountOptions::default());
        assert_eq!(classes(2, 3, 10), Some(12));
        assert_eq!(classes(2, 5, 6), Some(264));
        assert_eq!(classes(3, 4, 5), Some(3940));
        assert_eq!(count_classes_by_listing(&Region::cuboid(2, 3, 10), &pentacubes_flat(), false), 12);
    }
}

#[cfg(test)]
mod slow {
    use super::*;
    use crate::sets::pentacubes_flat;

    /// The 31520 packings of the flat pentacubes in 3x4x5 (3940 classes, listed), on the
    /// engine the strategy picks (exact cover):
    /// `cargo test --release -p gridlock-polyform --lib -- --ignored pentacubes`.
    #[test]
    #[ignore = "seconds in the dev profile; run by hand for the benchmark"]
    fn flat_pentacubes_3x4x5() {
        let t = std::time::Instant::now();
        assert_eq!(count_packings(&Region::cuboid(3, 4, 5), &pentacubes_flat(), false), Some(31520));
        eprintln!("3x4x5 count: {:.3} s", t.elapsed().as_secs_f64());
        assert_eq!(count_classes_by_listing(&Region::cuboid(3, 4, 5), &pentacubes_flat(), false), 3940);
    }
}
