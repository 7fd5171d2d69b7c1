//! The assemblies of a problem: every way the pieces fill the result (filled voxels once,
//! variable voxels at most once, piece counts in their ranges, at most `maxHoles`
//! variable voxels empty, colours as allowed), found by exact cover with multiplicities
//! (`exact_cover`, Algorithm M: each filled voxel a primary item, each variable voxel a
//! secondary one, each piece a primary item of multiplicity `min..max`), or, when the
//! result splits into slots with one piece in each (a six-piece burr into its sticks),
//! by the slot search of [`crate::slots`]; then one assembly kept per class under the
//! symmetries of the result.
//!
//! The symmetries: the rotations of the cube grid that map the result onto itself
//! (voxel states and colours kept); and, when the pieces are closed under mirroring
//! (each piece's mirror image is, up to rotation, a piece of the same range, which a
//! pairing assigns), also the result's improper symmetries, a mirror image of an assembly
//! being built from the mirror pieces. Pieces themselves are only rotated: the 24
//! rotations of BurrTools' cube grid.

use super::slots::{bounds, SlotSearch};
use super::{BurrProblem, BurrPuzzle, Voxel};
use exact_cover::Problem;
use polyform::Lattice;

// A symmetry of the cube grid: an integer 3x3 matrix.
use polyform::lattice::Matrix;

/// Whether `m` reverses orientation (a mirror, not a rotation).
fn improper(m: &Matrix) -> bool {
    polyform::lattice::determinant(m) < 0
}
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// A piece placed in an assembly: its part and the result voxels it fills.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placed {
    /// The index of its part in [`BurrProblem::parts`].
    pub part: usize,
    /// Its voxels `(x, y, z)` in the result's box, sorted.
    pub cells: Vec<[i32; 3]>,
}

/// An assembly: its placed pieces, sorted.
pub type Assembly = Vec<Placed>;

/// The assemblies of a problem.
#[derive(Debug, Clone)]
pub struct Assemblies {
    /// One assembly per class, in the order found.
    pub classes: Vec<Assembly>,
    /// Every assembly before classes were taken: the sum over the classes of their
    /// distinct members (images under the symmetries), not all of which are enumerated.
    pub all: u64,
    /// How many symmetries of the result sort assemblies into classes (1: none but the
    /// identity).
    pub symmetries: usize,
    /// Whether mirror images count as the same assembly.
    pub mirror: bool,
}

type Colored = Vec<([i32; 3], u32)>;

/// The cells moved so that their smallest x, y and z are 0, sorted.
fn normalized(mut cells: Colored) -> Colored {
    let mut lo = [i32::MAX; 3];
    for (c, _) in &cells {
        for d in 0..3 {
            lo[d] = lo[d].min(c[d]);
        }
    }
    for (c, _) in cells.iter_mut() {
        for d in 0..3 {
            c[d] -= lo[d];
        }
    }
    cells.sort_unstable();
    cells
}

/// A place in the result's grid mixed to 64 bits (splitmix64's finalizer), for keys that
/// add places up in any order.
fn mix(place: u32) -> u64 {
    let mut z = u64::from(place).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The image of the voxel `c` under `m` (the cube grid's cells are their own points:
/// [`Lattice::transform`] on `Lattice::Cubic`, without its dispatch).
fn transform(m: &Matrix, c: [i32; 3]) -> [i32; 3] {
    polyform::lattice::apply(m, c)
}

/// Every distinct orientation of a piece under `group`, normalized, in the group's order
/// (each the first of its equals: at most 24 to compare, no hashing).
fn orientations(cells: &Colored, group: &[Matrix]) -> Vec<Colored> {
    let mut out: Vec<Colored> = Vec::with_capacity(group.len());
    for m in group {
        let o = normalized(cells.iter().map(|&(c, k)| (transform(m, c), k)).collect());
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// The symmetries of the result, each as a map of its cells (matrix, then the
/// translation that brings the box back), kept when they preserve states and colours.
fn result_symmetries(result: &FxHashMap<[i32; 3], Voxel>, group: &[Matrix]) -> Vec<(Matrix, [i32; 3], bool)> {
    let mut lo = [i32::MAX; 3];
    for c in result.keys() {
        for d in 0..3 {
            lo[d] = lo[d].min(c[d]);
        }
    }
    let mut out = Vec::new();
    for m in group {
        let moved: Vec<[i32; 3]> = result.keys().map(|&c| transform(m, c)).collect();
        let mut mlo = [i32::MAX; 3];
        for c in &moved {
            for d in 0..3 {
                mlo[d] = mlo[d].min(c[d]);
            }
        }
        let t = [lo[0] - mlo[0], lo[1] - mlo[1], lo[2] - mlo[2]];
        let keeps = result.iter().all(|(&c, v)| {
            let n = transform(m, c);
            result.get(&[n[0] + t[0], n[1] + t[1], n[2] + t[2]]) == Some(v)
        });
        if keeps {
            out.push((*m, t, improper(m)));
        }
    }
    out
}

/// What [`each_assembly`] found: the numbers of classes and of assemblies, and the
/// symmetries that sorted them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Assemblies up to symmetry: one per class.
    pub classes: u64,
    /// Every assembly before classes were taken (the classes' distinct members).
    pub all: u64,
    /// How many symmetries of the result sort assemblies into classes (1: none but the
    /// identity).
    pub symmetries: usize,
    /// Whether mirror images count as the same assembly.
    pub mirror: bool,
    /// Whether the slot search found them (the result splits into slots, as a six-piece
    /// burr into its sticks) rather than exact cover.
    pub slot_search: bool,
}

/// The assemblies of `puzzle`'s problem `index`, one per class, or a message when the
/// problem cannot be set up (an empty result, more than `limit` assemblies before
/// classes). Every class is kept: [`each_assembly`] counts without keeping them.
pub fn assemblies(puzzle: &BurrPuzzle, index: usize, limit: u64) -> Result<Assemblies, String> {
    let mut classes = Vec::new();
    let mut over = false;
    let tally = each_assembly(puzzle, index, |assembly, all| {
        if all > limit {
            over = true;
            return ControlFlow::Break(());
        }
        classes.push(assembly);
        ControlFlow::Continue(())
    })?;
    if over {
        return Err(format!("more than {limit} assemblies before symmetric ones are merged; refused"));
    }
    Ok(Assemblies { classes, all: tally.all, symmetries: tally.symmetries, mirror: tally.mirror })
}

/// Calls `visit` with one assembly of each class of `puzzle`'s problem `index`, in the
/// order found, and the number of assemblies (classes' members) so far, until it breaks;
/// returns the tally (of the classes visited), or a message when the problem cannot be
/// set up (an empty result, a piece without voxels).
///
/// Memory does not grow with the number of assemblies: a class is visited at the one
/// assembly found that is the smallest of its class's members the search can meet (a
/// canonical form; no set of the classes seen is kept). The search meets exactly the
/// assemblies whose symmetry-breaking part sits on a kept placement, or, for the slot
/// search, whose first slot does (see below), so each class is met at least once, and
/// visited once. The slot search's classes are listed at their least member, the one
/// exact cover lists.
pub fn each_assembly(puzzle: &BurrPuzzle, index: usize, visit: impl FnMut(Assembly, u64) -> ControlFlow<()>) -> Result<Tally, String> {
    each_assembly_by(puzzle, index, true, visit)
}

/// [`each_assembly`], with the slot search (see `slots`) where it applies when `slots`,
/// else always by exact cover (the tests compare the two).
fn each_assembly_by(
    puzzle: &BurrPuzzle,
    index: usize,
    slots: bool,
    mut visit: impl FnMut(Assembly, u64) -> ControlFlow<()>,
) -> Result<Tally, String> {
    let problem: &BurrProblem = &puzzle.problems[index];
    let rotations = Lattice::Cubic.group(false);
    let everything = Lattice::Cubic.group(true);
    let result_shape = &puzzle.shapes[problem.result];
    let result: FxHashMap<[i32; 3], Voxel> = result_shape.cells().into_iter().collect();
    if result.is_empty() {
        return Err("the result shape is empty".into());
    }
    let mut filled: Vec<[i32; 3]> = result.iter().filter(|(_, v)| matches!(v, Voxel::Filled(_))).map(|(&c, _)| c).collect();
    let mut variable: Vec<[i32; 3]> = result.iter().filter(|(_, v)| matches!(v, Voxel::Variable(_))).map(|(&c, _)| c).collect();
    filled.sort_unstable();
    variable.sort_unstable();
    let parts: Vec<usize> = (0..problem.parts.len()).filter(|&p| problem.parts[p].max > 0).collect();
    let piece_cells: Vec<Colored> =
        problem.parts.iter().map(|part| puzzle.shapes[part.shape].cells().into_iter().map(|(c, v)| (c, v.color())).collect()).collect();
    // Mirror closure: a pairing of the parts with their mirror images.
    // Each part's distinct orientations (none for a part never used).
    let oriented: Vec<Vec<Colored>> = (0..problem.parts.len())
        .map(|p| if problem.parts[p].max > 0 { orientations(&piece_cells[p], &rotations) } else { Vec::new() })
        .collect();
    let mirror_of = mirror_pairing(problem, &piece_cells, &oriented, &everything);
    let group = if mirror_of.is_some() { &everything } else { &rotations };
    let symmetries = result_symmetries(&result, group);
    // Every placement of every part, in its result's voxels, sorted. The result as a
    // dense grid over its bounding box, for the fit test of each shift.
    let (lo, hi) = bounds(result.keys());
    let dims = [0, 1, 2].map(|d| (hi[d] - lo[d] + 1) as usize);
    let mut grid: Vec<Option<Voxel>> = vec![None; dims[0] * dims[1] * dims[2]];
    let at = |c: [i32; 3]| -> Option<usize> {
        (0..3).all(|d| lo[d] <= c[d] && c[d] <= hi[d]).then(|| {
            let [x, y, z] = [0, 1, 2].map(|d| (c[d] - lo[d]) as usize);
            x + dims[0] * (y + dims[1] * z)
        })
    };
    for (&c, &v) in &result {
        if let Some(i) = at(c) {
            grid[i] = Some(v);
        }
    }
    // Every placement, each part's in turn (before symmetry breaking), and per part its
    // placements as indices into this list: assemblies are mapped by index.
    let mut full: Vec<(usize, Vec<[i32; 3]>)> = Vec::new();
    let mut per_part: Vec<Vec<u32>> = Vec::with_capacity(parts.len());
    // Each placement as its voxels' places in the dense grid, in one arena (placement
    // `i`'s at `starts[i]..starts[i + 1]`); found by its part and the sum of its places'
    // mixes (a key that needs no sort), checked place by place against a marked grid.
    let mut places: Vec<u32> = Vec::new();
    let mut starts: Vec<usize> = vec![0];
    let mut cells: Vec<[i32; 3]> = Vec::new();
    // The result's voxels with their places in the grid, in the order the placements
    // are listed.
    let targets: Vec<([i32; 3], usize)> = result.keys().filter_map(|&c| Some((c, at(c)?))).collect();
    for &p in &parts {
        if piece_cells[p].is_empty() {
            return Err(format!("piece {} (shape {}) has no voxel", p + 1, problem.parts[p].shape + 1));
        }
        let mut seen = FxHashSet::default();
        let mut list = Vec::new();
        let oriented = &oriented[p];
        // Two orientations place the same voxels only when they are one shape coloured
        // differently: only then is a placement looked up among those found.
        let shapes: FxHashSet<Vec<[i32; 3]>> = oriented.iter().map(|o| o.iter().map(|&(c, _)| c).collect()).collect();
        let may_repeat = shapes.len() < oriented.len();
        for o in oriented {
            // The orientation's voxels from its first, their bounding box, and their
            // steps in the grid: a shift whose box lies in the grid's needs no test per
            // voxel but its place's.
            let (anchor, _) = o[0];
            let rel: Vec<[i32; 3]> = o.iter().map(|&(c, _)| [0, 1, 2].map(|d| c[d] - anchor[d])).collect();
            let low = [0, 1, 2].map(|d| rel.iter().map(|r| r[d]).min().unwrap_or(0));
            let high = [0, 1, 2].map(|d| rel.iter().map(|r| r[d]).max().unwrap_or(0));
            let steps: Vec<isize> =
                rel.iter().map(|r| r[0] as isize + dims[0] as isize * (r[1] as isize + dims[1] as isize * r[2] as isize)).collect();
            for &(target, place) in &targets {
                if (0..3).any(|d| target[d] + low[d] < lo[d] || target[d] + high[d] > hi[d]) {
                    continue;
                }
                let fits = o.iter().zip(&steps).all(|(&(_, color), &step)| {
                    grid[place.wrapping_add_signed(step)].is_some_and(|v| problem.placement_allowed(puzzle.colors, color, v.color()))
                });
                if !fits {
                    continue;
                }
                // Sorted: the orientation's voxels are (`normalized`), and a shift keeps
                // their order.
                cells.clear();
                cells.extend(rel.iter().map(|r| [0, 1, 2].map(|d| target[d] + r[d])));
                debug_assert!(cells.is_sorted());
                if !may_repeat || seen.insert(cells.clone()) {
                    list.push(full.len() as u32);
                    full.push((p, cells.clone()));
                    places.extend(steps.iter().map(|&step| place.wrapping_add_signed(step) as u32));
                    starts.push(places.len());
                }
            }
        }
        per_part.push(list);
    }
    let no_image = || "internal error: a placement's image under a symmetry of the result is no placement".to_string();
    // (Each place's mix made once: the images of every placement met sum them.)
    let mixes: Vec<u64> = (0..grid.len() as u32).map(mix).collect();
    let sum_key = |places: &[u32]| places.iter().fold(0u64, |sum, &p| sum.wrapping_add(mixes[p as usize]));
    let mut by_sum: FxHashMap<(usize, u64), u32> = FxHashMap::default();
    // Two placements of a part whose sums meet (never seen): found by their sorted
    // places instead.
    let mut sums_meet = false;
    for (i, (part, _)) in full.iter().enumerate() {
        sums_meet |= by_sum.insert((*part, sum_key(&places[starts[i]..starts[i + 1]])), i as u32).is_some();
    }
    if sums_meet {
        for i in 0..full.len() {
            places[starts[i]..starts[i + 1]].sort_unstable();
        }
    }
    let placed = |i: usize| &places[starts[i]..starts[i + 1]];
    // (Only then: the placements by their sorted places.)
    let index_of: FxHashMap<(usize, &[u32]), u32> = match sums_meet {
        true => full.iter().enumerate().map(|(i, (part, _))| ((*part, placed(i)), i as u32)).collect(),
        false => FxHashMap::default(),
    };
    // Per symmetry, the image of each place of the grid that holds a voxel of the result
    // (`u32::MAX`: outside the grid, or an empty place).
    let mut moves_to = vec![u32::MAX; symmetries.len() * grid.len()];
    for ((m, t, _), moves_to) in symmetries.iter().zip(moves_to.chunks_exact_mut(grid.len().max(1))) {
        for (i, to) in moves_to.iter_mut().enumerate() {
            if grid[i].is_some() {
                let c = [lo[0] + (i % dims[0]) as i32, lo[1] + (i / dims[0] % dims[1]) as i32, lo[2] + (i / (dims[0] * dims[1])) as i32];
                let n = transform(m, c);
                if let Some(j) = at([n[0] + t[0], n[1] + t[1], n[2] + t[2]]) {
                    *to = j as u32;
                }
            }
        }
    }
    // The images of placement `k` under every symmetry, as indices into `full`, into
    // `row`; `image` and `marked` are room to work in (`marked` all false between calls).
    let images_of = |k: usize, row: &mut [u32], image: &mut Vec<u32>, marked: &mut [bool]| -> Result<(), String> {
        for (g, (_, _, improper)) in symmetries.iter().enumerate() {
            let part = full[k].0;
            let part = if *improper { mirror_of.as_ref().map_or(part, |mo| mo[part]) } else { part };
            let moves_to = &moves_to[g * grid.len()..(g + 1) * grid.len()];
            image.clear();
            for &p in placed(k) {
                let to = moves_to[p as usize];
                if to == u32::MAX {
                    return Err(no_image());
                }
                image.push(to);
            }
            row[g] = if sums_meet {
                image.sort_unstable();
                *index_of.get(&(part, image.as_slice())).ok_or_else(no_image)?
            } else {
                let &i = by_sum.get(&(part, sum_key(image))).ok_or_else(no_image)?;
                let theirs = placed(i as usize);
                for &p in theirs {
                    marked[p as usize] = true;
                }
                let same = theirs.len() == image.len() && image.iter().all(|&p| marked[p as usize]);
                for &p in theirs {
                    marked[p as usize] = false;
                }
                if !same {
                    return Err(no_image());
                }
                i
            };
        }
        Ok(())
    };
    // The images, each placement's found when first needed (an assembly's placements,
    // or the first slot's): most placements are in no assembly.
    let mut images = Images::new(full.len(), symmetries.len(), grid.len());
    // Symmetry breaking: one part used exactly once keeps a single placement of each of
    // its orbits under the result's symmetries that map it to itself (the rotations, and
    // the mirrors too when the part is its own mirror image). Every class of assemblies
    // still has a member with that part on a kept placement; the classes are merged below
    // as before, so only the work shrinks, by up to the number of symmetries.
    let breaker = (0..parts.len()).filter(|&k| problem.parts[parts[k]].used_once()).max_by_key(|&k| per_part[k].len());
    if let Some(k) = breaker {
        let p = parts[k];
        let own: Vec<usize> =
            (0..symmetries.len()).filter(|&g| !symmetries[g].2 || mirror_of.as_ref().is_some_and(|mo| mo[p] == p)).collect();
        // (A placement's images under those symmetries are placements of the same part,
        // found by index.)
        let mut covered = vec![false; full.len()];
        let mut kept = Vec::new();
        for i in std::mem::take(&mut per_part[k]) {
            if covered[i as usize] {
                continue;
            }
            let row = images.row(i, &images_of)?;
            for &g in &own {
                covered[row[g] as usize] = true;
            }
            kept.push(i);
        }
        per_part[k] = kept;
    }
    // The placements (indices into `full`) the search may take, as a mask: those of the
    // breaking part that were kept, and every other one (until the slot search's own
    // breaking below). An assembly is met by the search exactly when all its placements
    // are reachable.
    let mut reachable = vec![true; full.len()];
    if let Some(k) = breaker {
        for (i, (part, _)) in full.iter().enumerate() {
            if *part == parts[k] {
                reachable[i] = false;
            }
        }
        for &i in &per_part[k] {
            reachable[i as usize] = true;
        }
    }
    // Each option's placement, as its index in `full`.
    let placements: Vec<u32> = per_part.concat();
    // The slot search when the result splits into slots (see `slots`), else exact cover.
    let slot_options: Vec<(u32, &[[i32; 3]])> =
        placements.iter().map(|&i| (full[i as usize].0 as u32, full[i as usize].1.as_slice())).collect();
    let ranges: Vec<(u32, u32)> = problem.parts.iter().map(|part| (part.min, part.max)).collect();
    let mut slot_search = slots.then(|| SlotSearch::new(&filled, &variable, &slot_options, ranges)).flatten();
    // Without a breaking part, the slot search breaks symmetry on its first slot: of each
    // orbit of that slot's placements under the symmetries that map the slot to itself,
    // one is kept. Every class still has a member met (a symmetry fixing the slot brings
    // its placement there to the one kept); those members are marked reachable. When the
    // symmetries map every slot onto the first, the first slot's placement must also have
    // the least key (its part, or the lesser of the part and its mirror part: the same
    // for a placement and its images) of the assembly: a symmetry bringing the slot of a
    // least key to the first gives every class such a member. The class is then listed at
    // its least member, as exact cover (which meets them all) lists it.
    let least_member = slot_search.is_some() && breaker.is_none();
    let mut first_slot = vec![false; full.len()];
    let mut key_of: Option<Vec<u32>> = None;
    if let (Some(search), None) = (slot_search.as_mut(), breaker) {
        let first: Vec<u32> = search.slot(0).iter().map(|&o| placements[o as usize]).collect();
        for &i in &first {
            first_slot[i as usize] = true;
        }
        let first_placement = first.first().copied().unwrap_or(0);
        let row = images.row(first_placement, &images_of)?;
        let fixing: Vec<usize> = (0..symmetries.len()).filter(|&g| first_slot[row[g] as usize]).collect();
        let mut covered: FxHashSet<u32> = FxHashSet::default();
        for &i in &first {
            if covered.contains(&i) {
                reachable[i as usize] = false;
                continue;
            }
            let row = images.row(i, &images_of)?;
            covered.extend(fixing.iter().map(|&g| row[g]));
        }
        search.retain_first(|o| reachable[placements[o as usize] as usize]);
        let mut onto_first = true;
        for depth in 1..search.len() {
            if let Some(&o) = search.slot(depth).first() {
                let row = images.row(placements[o as usize], &images_of)?;
                if !row.iter().any(|&i| first_slot[i as usize]) {
                    onto_first = false;
                    break;
                }
            }
        }
        if onto_first {
            let keys: Vec<u32> = full.iter().map(|&(part, _)| mirror_of.as_ref().map_or(part, |mo| part.min(mo[part])) as u32).collect();
            search.least_key_first(placements.iter().map(|&i| keys[i as usize]).collect());
            key_of = Some(keys);
        }
    }
    // Whether the search meets an assembly (its placements sorted): all reachable, and
    // with least keys, the first slot's placement of least key.
    let met = |image: &[u32]| {
        image.iter().all(|&i| reachable[i as usize])
            && key_of.as_ref().is_none_or(|keys| {
                let least = image.iter().map(|&i| keys[i as usize]).min();
                image.iter().any(|&i| first_slot[i as usize] && Some(keys[i as usize]) == least)
            })
    };
    let mut tally = Tally { classes: 0, all: 0, symmetries: symmetries.len(), mirror: mirror_of.is_some(), slot_search: false };
    let holes_allowed = problem.max_holes.map_or(usize::MAX, |h| h as usize);
    // The images of the assembly found under each symmetry, the vectors reused.
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); symmetries.len()];
    // An internal error met while the search ran (a placement with no image).
    let mut failed: Option<String> = None;
    let mut on_found = |found: &[u32]| -> ControlFlow<()> {
        let covered: usize = found.iter().map(|&i| full[i as usize].1.len()).sum();
        if variable.len() - (covered - filled.len()) > holes_allowed {
            return ControlFlow::Continue(());
        }
        // The assembly's images under the symmetries (the identity among them) are the
        // members of its class. It stands for its class when no member the search also
        // meets (all its placements reachable) is smaller; the others are skipped, so
        // each class is visited once.
        for image in members.iter_mut() {
            image.clear();
        }
        for &i in found {
            match images.row(i, &images_of) {
                Ok(row) => members.iter_mut().zip(row).for_each(|(image, &j)| image.push(j)),
                Err(e) => {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
            }
        }
        for image in members.iter_mut() {
            image.sort_unstable();
            if image.as_slice() < found && met(image) {
                return ControlFlow::Continue(());
            }
        }
        members.sort_unstable();
        let distinct = members.len() - members.windows(2).filter(|w| w[0] == w[1]).count();
        tally.all += distinct.max(1) as u64;
        tally.classes += 1;
        let listed = if least_member { members[0].as_slice() } else { found };
        let mut assembly: Assembly =
            listed.iter().map(|&i| Placed { part: full[i as usize].0, cells: full[i as usize].1.clone() }).collect();
        assembly.sort();
        visit(assembly, tally.all)
    };
    let mut found: Vec<u32> = Vec::new();
    match slot_search {
        Some(search) => {
            search.run(|options| {
                found.clear();
                found.extend(options.iter().map(|&o| placements[o as usize]));
                found.sort_unstable();
                on_found(&found)
            });
            tally.slot_search = true;
        }
        None => {
            let (xc, options, placed) = exact_cover_model(
                (&filled, &variable),
                &parts,
                problem,
                &per_part,
                &placements,
                &full,
                (grid.len(), |c| at(c).expect("a placement lies in the result's grid")),
            )?;
            let mut search = exact_cover::Cover::new(&xc).search();
            while let Some(solution) = search.next_solution() {
                found.clear();
                found.extend(solution.iter().map(|&o| options[o]));
                found.extend_from_slice(&placed);
                found.sort_unstable();
                if on_found(&found).is_break() {
                    break;
                }
            }
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(tally)
}

/// The images of the placements under the result's symmetries (as indices into the list
/// of every placement), each placement's row found when first asked for: an assembly's
/// class needs the rows of its placements only, and most placements are in no assembly
/// (BurrTools' PelikanBurr: 3,601 placements under 24 symmetries, a third of the time of
/// its assembly when found for all of them beforehand).
struct Images {
    /// Per placement, its images under each symmetry, valid where `found` says.
    rows: Vec<u32>,
    found: Vec<bool>,
    symmetries: usize,
    /// Room for the row being found: its placement's image, and a mark per place.
    image: Vec<u32>,
    marked: Vec<bool>,
}

impl Images {
    /// None found yet, of `placements` placements under `symmetries` symmetries in a
    /// result grid of `places` places.
    fn new(placements: usize, symmetries: usize, places: usize) -> Self {
        Images {
            rows: vec![0; placements * symmetries],
            found: vec![false; placements],
            symmetries,
            image: Vec::new(),
            marked: vec![false; places],
        }
    }

    /// The images of placement `k` under each symmetry, found by `images_of` (placement,
    /// row, room for the image, marks all false) the first time.
    ///
    /// Errors: those of `images_of` (a placement with no image: an internal error).
    fn row(
        &mut self,
        k: u32,
        images_of: &impl Fn(usize, &mut [u32], &mut Vec<u32>, &mut [bool]) -> Result<(), String>,
    ) -> Result<&[u32], String> {
        let (k, n) = (k as usize, self.symmetries);
        if !self.found[k] {
            images_of(k, &mut self.rows[k * n..(k + 1) * n], &mut self.image, &mut self.marked)?;
            self.found[k] = true;
        }
        Ok(&self.rows[k * n..(k + 1) * n])
    }
}

/// The exact cover model of the assembly search (Algorithm M): each filled voxel a primary
/// item, each part a primary item of multiplicity `min..max`, each variable voxel a
/// secondary item; an option per placement of `placements` (indices into `full`, of the
/// parts `parts` in that order, each part's as many as its `per_part` list of indices
/// into `full`); the voxels found by their places in the result's grid (`places` of them,
/// `place` of a voxel). Each part used exactly once
/// with one placement left (a breaking part after symmetry breaking, or a part that
/// fits one way only, as the cage of BurrTools' PelikanBurr) is placed beforehand: its
/// voxels and its item are left out, and so are the placements that meet it, so that
/// the search starts on the smaller problem (a part whose one placement meets one placed
/// before keeps its item and loses its option: no assembly). Returns the problem, each
/// option's placement and the placements placed beforehand.
#[allow(clippy::type_complexity)]
fn exact_cover_model(
    (filled, variable): (&[[i32; 3]], &[[i32; 3]]),
    parts: &[usize],
    problem: &BurrProblem,
    per_part: &[Vec<u32>],
    placements: &[u32],
    full: &[(usize, Vec<[i32; 3]>)],
    (places, place): (usize, impl Fn([i32; 3]) -> usize),
) -> Result<(Problem, Vec<u32>, Vec<u32>), String> {
    let mut lone = vec![false; parts.len()];
    let mut placed: Vec<u32> = Vec::new();
    // Per place of the result's grid: whether a part placed beforehand takes it, and its
    // item.
    let mut taken = vec![false; places];
    let mut item_of = vec![usize::MAX; places];
    // The index in `placements` of part k's first placement (they follow `per_part`).
    let mut first = 0;
    for (k, &p) in parts.iter().enumerate() {
        let start = first;
        first += per_part[k].len();
        if per_part[k].len() != 1 || !problem.parts[p].used_once() {
            continue;
        }
        let i = placements[start];
        debug_assert!(full[i as usize].0 == p && i == per_part[k][0]);
        let cells = &full[i as usize].1;
        if cells.iter().all(|&c| !taken[place(c)]) {
            for &c in cells {
                taken[place(c)] = true;
            }
            placed.push(i);
            lone[k] = true;
        }
    }
    // Items: filled voxels, then one per part (primary); variable voxels (secondary).
    let mut voxels = 0;
    for &c in filled.iter().filter(|&&c| !taken[place(c)]) {
        item_of[place(c)] = voxels;
        voxels += 1;
    }
    let mut part_item: FxHashMap<usize, usize> = FxHashMap::default();
    for (k, &p) in parts.iter().enumerate() {
        if !lone[k] {
            part_item.insert(p, voxels + part_item.len());
        }
    }
    let primary = voxels + part_item.len();
    let mut secondary = 0;
    for &c in variable.iter().filter(|&&c| !taken[place(c)]) {
        item_of[place(c)] = primary + secondary;
        secondary += 1;
    }
    let mut xc = Problem::new(primary, secondary);
    for &p in parts {
        let part = &problem.parts[p];
        if let (Some(&item), false) = (part_item.get(&p), part.used_once()) {
            xc.set_multiplicity(item, part.min, part.max).map_err(|e| e.to_string())?;
        }
    }
    let mut options = Vec::new();
    let mut items: Vec<usize> = Vec::new();
    for &i in placements {
        let (part, cells) = &full[i as usize];
        let Some(&item) = part_item.get(part) else { continue };
        if cells.iter().any(|&c| taken[place(c)]) {
            continue;
        }
        items.clear();
        items.extend(cells.iter().map(|&c| item_of[place(c)]));
        items.push(item);
        xc.add_option(&items).map_err(|e| e.to_string())?;
        options.push(i);
    }
    Ok((xc, options, placed))
}

/// A pairing of the parts with their mirror images, or `None` when the pieces are not
/// closed under mirroring. As BurrTools pairs them (its `assembler_0` mirror check): a
/// part whose shape is its own mirror image (up to rotation, with its colours) is paired
/// with itself; any other part with a part not yet paired whose shape is its mirror image
/// and whose range is the same. The pairing is an involution, so that mirroring an
/// assembly twice gives it back (pairing a self-mirror part with an identical part
/// instead would merge assemblies of different classes).
fn mirror_pairing(problem: &BurrProblem, pieces: &[Colored], oriented: &[Vec<Colored>], everything: &[Matrix]) -> Option<Vec<usize>> {
    let mirror = everything.iter().find(|m| improper(m))?;
    let mut pairing = vec![usize::MAX; pieces.len()];
    for p in 0..pieces.len() {
        if pairing[p] != usize::MAX {
            continue;
        }
        // Its mirror image is a shape up to rotation when it is one of that shape's
        // orientations (`oriented`: each part's, normalized).
        let mirrored = normalized(pieces[p].iter().map(|&(c, k)| (transform(mirror, c), k)).collect());
        if problem.parts[p].max == 0 || oriented[p].contains(&mirrored) {
            pairing[p] = p;
            continue;
        }
        let range = (problem.parts[p].min, problem.parts[p].max);
        let q = (p + 1..pieces.len()).find(|&q| {
            pairing[q] == usize::MAX && (problem.parts[q].min, problem.parts[q].max) == range && oriented[q].contains(&mirrored)
        })?;
        pairing[p] = q;
        pairing[q] = p;
    }
    Some(pairing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{lcg, shape_of};
    use crate::{Part, ShapeDef};

    fn shape(size: [usize; 3], text: &str) -> ShapeDef {
        let voxels = text
            .chars()
            .map(|c| match c {
                '#' => Voxel::Filled(0),
                '+' => Voxel::Variable(0),
                _ => Voxel::Empty,
            })
            .collect();
        ShapeDef { name: None, size, voxels, hotspot: [0; 3] }
    }

    #[test]
    fn dominoes_in_a_two_by_two_square() {
        // Two dominoes fill a 2x2x1 box in 2 ways; one up to the square's rotations.
        let puzzle = BurrPuzzle {
            colors: 0,
            shapes: vec![shape([2, 1, 1], "##"), shape([2, 2, 1], "####")],
            problems: vec![BurrProblem {
                name: String::new(),
                parts: vec![Part { shape: 0, min: 2, max: 2, groups: Vec::new() }],
                result: 1,
                max_holes: None,
                color_pairs: vec![],
            }],
        };
        let a = assemblies(&puzzle, 0, 1000).unwrap();
        assert_eq!(a.all, 2);
        assert_eq!(a.classes.len(), 1);
        assert!(a.mirror, "a domino is its own mirror image");
    }

    #[test]
    fn variable_voxels_may_stay_empty_up_to_max_holes() {
        // One monocube in a 1x1x2 result of two variable voxels: 2 placements, one class.
        let mut puzzle = BurrPuzzle {
            colors: 0,
            shapes: vec![shape([1, 1, 1], "#"), shape([2, 1, 1], "++")],
            problems: vec![BurrProblem {
                name: String::new(),
                parts: vec![Part { shape: 0, min: 1, max: 1, groups: Vec::new() }],
                result: 1,
                max_holes: None,
                color_pairs: vec![],
            }],
        };
        let a = assemblies(&puzzle, 0, 1000).unwrap();
        assert_eq!((a.all, a.classes.len()), (2, 1));
        puzzle.problems[0].max_holes = Some(0);
        assert_eq!(assemblies(&puzzle, 0, 1000).unwrap().all, 0);
    }

    #[test]
    fn parts_of_one_placement_are_placed_first() {
        // A rod of three fits the L-shaped result one way only, and is placed before the
        // search; the monocube then takes the cell left: one assembly.
        let problem = |parts: Vec<Part>| BurrProblem { name: String::new(), parts, result: 2, max_holes: None, color_pairs: vec![] };
        let once = |shape: usize| Part { shape, min: 1, max: 1, groups: Vec::new() };
        let mut puzzle = BurrPuzzle {
            colors: 0,
            shapes: vec![shape([3, 1, 1], "###"), shape([1, 1, 1], "#"), shape([3, 2, 1], "####..")],
            problems: vec![problem(vec![once(0), once(1)])],
        };
        let a = assemblies(&puzzle, 0, 1000).unwrap();
        assert_eq!((a.all, a.classes.len()), (1, 1));
        assert!(a.classes[0].iter().any(|p| p.part == 0 && p.cells == [[0, 0, 0], [1, 0, 0], [2, 0, 0]]));
        // Two such rods: both cannot be placed (their one placement is the same), so none.
        puzzle.problems[0] = problem(vec![once(0), once(0), once(1)]);
        assert_eq!(assemblies(&puzzle, 0, 1000).unwrap().all, 0);
        // The rod optional (0 to 1 copies: not placed first): the same one assembly.
        puzzle.problems[0] = problem(vec![Part { shape: 0, min: 0, max: 1, groups: Vec::new() }, once(1)]);
        assert_eq!(assemblies(&puzzle, 0, 1000).unwrap().all, 1);
    }

    /// The slot search and exact cover find the same assemblies (classes, counts and
    /// representatives) on random six-piece burrs of 2x2x6 sticks: six pieces cut from a
    /// random solid assembly (each contested voxel given to one of its sticks), a few
    /// random cuts besides, random ranges, and now and then a cube that is no stick (the
    /// slot search then does not apply); every third burr holey (some voxels variable,
    /// which the six pieces leave empty half the time; `maxHoles` none, their number of
    /// holes or half of it). Stick-shaped pieces also fit across two parallel sticks,
    /// which the slot search must prove blocked.
    #[test]
    fn slot_search_agrees_with_exact_cover_on_random_burrs() {
        let mut seed = 5u64;
        let mut next = |m: u64| (lcg(&mut seed) >> 33) % m;
        // The six sticks: along x at z = 2..=3, y = 1..=2 or 3..=4; along y at x = 2..=3,
        // z = 1..=2 or 3..=4; along z at y = 2..=3, x = 1..=2 or 3..=4.
        let mut sticks: Vec<Vec<[i32; 3]>> = Vec::new();
        for j in [1, 3] {
            let line = |a: i32, b: i32, c: i32| [a, b, c];
            sticks.push((0..6).flat_map(|i| (j..j + 2).flat_map(move |y| (2..4).map(move |z| line(i, y, z)))).collect());
            sticks.push((0..6).flat_map(|i| (j..j + 2).flat_map(move |z| (2..4).map(move |x| line(x, i, z)))).collect());
            sticks.push((0..6).flat_map(|i| (j..j + 2).flat_map(move |x| (2..4).map(move |y| line(x, y, i)))).collect());
        }
        let mut burr: Vec<[i32; 3]> = sticks.concat();
        burr.sort_unstable();
        burr.dedup();
        let (mut applied, mut found, mut cases, mut holey) = (0, 0, 0, 0);
        for round in 0..90 {
            // A random solid assembly: each voxel to one of the sticks holding it.
            let mut owner = FxHashMap::default();
            for c in &burr {
                let holders: Vec<usize> = (0..6).filter(|&s| sticks[s].contains(c)).collect();
                owner.insert(*c, holders[next(holders.len() as u64) as usize]);
            }
            // Every third round, a holey burr: some voxels variable, which the assembly's
            // own pieces leave empty half the time; holes bounded or not.
            let holey_round = round % 3 == 1;
            let variable: Vec<[i32; 3]> = burr.iter().copied().filter(|_| holey_round && next(12) == 0).collect();
            let hole: Vec<[i32; 3]> = variable.iter().copied().filter(|_| next(2) == 0).collect();
            let mut pieces: Vec<Vec<[i32; 3]>> =
                (0..6).map(|s| sticks[s].iter().copied().filter(|c| owner[c] == s && !hole.contains(c)).collect()).collect();
            for _ in 0..next(4) {
                let s = next(6) as usize;
                pieces.push(sticks[s].iter().copied().filter(|c| owner[c] == s || next(3) == 0).collect());
            }
            if round % 10 == 9 {
                pieces.push(vec![[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]);
            }
            let mut shapes: Vec<ShapeDef> = pieces.iter().map(|p| shape_of(p)).collect();
            let mut result = shape_of(&burr);
            let lo = [0, 1, 2].map(|d| burr.iter().map(|c| c[d]).min().unwrap_or(0));
            for c in &variable {
                let [x, y, z] = [0, 1, 2].map(|d| (c[d] - lo[d]) as usize);
                result.voxels[x + result.size[0] * (y + result.size[1] * z)] = Voxel::Variable(0);
            }
            let max_holes = if holey_round { [None, Some(hole.len() as u32), Some(hole.len() as u32 / 2)][next(3) as usize] } else { None };
            shapes.push(result);
            let parts = (0..pieces.len())
                .map(|k| {
                    let max = 1 + next(3) as u32;
                    Part { shape: k, min: next(2) as u32 % (max + 1), max, groups: Vec::new() }
                })
                .collect();
            let puzzle = BurrPuzzle {
                colors: 0,
                shapes,
                problems: vec![BurrProblem { name: String::new(), parts, result: pieces.len(), max_holes, color_pairs: vec![] }],
            };
            let run = |slots: bool| {
                let mut classes = Vec::new();
                let tally = each_assembly_by(&puzzle, 0, slots, |a, _| {
                    classes.push(a);
                    ControlFlow::Continue(())
                })
                .unwrap();
                classes.sort();
                (tally, classes)
            };
            let (by_slots, by_cover) = (run(true), run(false));
            assert!(!by_cover.0.slot_search);
            assert_eq!(
                (by_slots.0.classes, by_slots.0.all, &by_slots.1),
                (by_cover.0.classes, by_cover.0.all, &by_cover.1),
                "round {round}"
            );
            cases += 1;
            applied += usize::from(by_slots.0.slot_search);
            found += usize::from(by_slots.0.classes > 0);
            holey += usize::from(holey_round && by_slots.0.slot_search && by_slots.0.classes > 0);
        }
        assert!(applied >= cases * 3 / 4 && applied < cases, "the slot search applied in {applied} of {cases}");
        assert!(found >= cases / 3, "assemblies found in {found} of {cases}");
        assert!(holey >= 5, "holey burrs assembled by the slot search: {holey}");
    }
}
