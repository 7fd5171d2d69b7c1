//! Disassembly: whether an assembly comes apart by sliding pieces along the axes, and the
//! shortest way found.
//!
//! The model (BurrTools' own, in its essentials): a **move** translates a group of pieces
//! along one axis, in one sense, by one or more units, the pieces never overlapping on
//! the way; a move that takes a group arbitrarily far (nothing outside it is in its path)
//! **separates** it, and the two parts are taken apart on their own, recursively. The
//! groups tried are, for each piece and each of the six senses, the smallest group that
//! must move with it (the piece and, repeatedly, every piece in the way of the group):
//! any group that can move at all is a union of these, which moved one after the other
//! reach the same positions. The search is breadth first over the pieces' positions
//! relative to the first piece of the part, so the first separation found needs the
//! fewest moves; the **level** lists the moves of each separation, depth first, the
//! part with more pieces first (BurrTools writes it 5.3.1).

use rustc_hash::FxHashMap;

/// One step of a disassembly: `pieces` (indices into the assembly) move along `axis`
/// (0 x, 1 y, 2 z) in the sense `sign` (+1 or -1) by `distance` units, or, when
/// `distance` is `None`, away for good (a separation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The pieces that move together.
    pub pieces: Vec<usize>,
    /// The axis: 0 x, 1 y, 2 z.
    pub axis: usize,
    /// +1 or -1.
    pub sign: i32,
    /// Units moved; `None`: moved away for good.
    pub distance: Option<u32>,
}

/// How an assembly comes apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disassembly {
    /// The moves of each separation, depth first (the part with more pieces first).
    pub level: Vec<u32>,
    /// Every step, in the order done; a separation's two parts are taken apart one after
    /// the other (the larger first).
    pub steps: Vec<Step>,
}

/// Why no disassembly was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stuck {
    /// Some part cannot come apart at all: every position reachable was tried.
    Locked,
    /// The search stopped at its bound (`max_moves` for one separation, or `max_states`
    /// positions) before finding a separation.
    GaveUp,
}

/// A part being taken apart: its pieces (indices into the assembly) and their cells,
/// where they are now.
struct Part {
    pieces: Vec<usize>,
    cells: Vec<Vec<[i32; 3]>>,
}

/// Takes `pieces` (each a list of cells, in the assembly's positions) apart: the shortest
/// sequence of moves found, separation by separation.
///
/// Errors: [`Stuck::Locked`] when some part cannot come apart, [`Stuck::GaveUp`] when a
/// separation needs more than `max_moves` moves or the search of one separation meets
/// more than `max_states` positions.
pub fn disassemble(pieces: &[Vec<[i32; 3]>], max_moves: u32, max_states: usize) -> Result<Disassembly, Stuck> {
    let mut out = Disassembly { level: Vec::new(), steps: Vec::new() };
    let mut stack = vec![Part { pieces: (0..pieces.len()).collect(), cells: pieces.to_vec() }];
    while let Some(part) = stack.pop() {
        if part.pieces.len() < 2 {
            continue;
        }
        let (moves, steps, a, b) = separate(&part, max_moves, max_states)?;
        out.level.push(moves);
        out.steps.extend(steps);
        // The larger part is taken apart first: pushed last.
        let (first, second) = if a.pieces.len() >= b.pieces.len() { (a, b) } else { (b, a) };
        stack.push(second);
        stack.push(first);
    }
    Ok(out)
}

/// Positions of a part: each piece's offset from where it started, less the first
/// piece's (which therefore stays at 0).
type State = Vec<[i32; 3]>;

/// The breadth-first search for the first separation of `part`: its number of moves,
/// its steps, and the two parts where they are at the separation.
fn separate(part: &Part, max_moves: u32, max_states: usize) -> Result<(u32, Vec<Step>, Part, Part), Stuck> {
    let n = part.pieces.len();
    // The span of the part along each axis: a group moved further than it is free.
    let mut lo = [i32::MAX; 3];
    let mut hi = [i32::MIN; 3];
    for cells in &part.cells {
        for c in cells {
            for d in 0..3 {
                lo[d] = lo[d].min(c[d]);
                hi[d] = hi[d].max(c[d]);
            }
        }
    }
    let span = (0..3).map(|d| hi[d] - lo[d] + 1).max().unwrap_or(1);
    let start: State = vec![[0; 3]; n];
    // parent[state] = (previous state, the step that led here).
    let mut parent: FxHashMap<State, Option<(State, Step)>> = FxHashMap::default();
    parent.insert(start.clone(), None);
    let mut frontier = vec![start];
    let mut depth = 0u32;
    let mut exhausted = true;
    while !frontier.is_empty() {
        if depth >= max_moves {
            exhausted = false;
            break;
        }
        let mut next = Vec::new();
        for state in &frontier {
            let occupied = occupancy(part, state);
            for axis in 0..3 {
                for sign in [1, -1] {
                    let mut tried: Vec<Vec<bool>> = Vec::new();
                    for j in 0..n {
                        let group = closure(part, state, &occupied, j, axis, sign);
                        if tried.contains(&group) || group.iter().all(|&g| g) {
                            continue;
                        }
                        tried.push(group.clone());
                        let free = free_distance(part, state, &occupied, &group, axis, sign, span);
                        if free == 0 {
                            continue;
                        }
                        let members: Vec<usize> = (0..n).filter(|&i| group[i]).collect();
                        if free > span as u32 {
                            // A separation: the path here, then the group away for good.
                            let mut steps = path(&parent, state);
                            steps.push(Step { pieces: members.iter().map(|&i| part.pieces[i]).collect(), axis, sign, distance: None });
                            let (a, b) = split(part, state, &group);
                            return Ok((depth + 1, steps, a, b));
                        }
                        for k in 1..=free {
                            let moved = normalize(state, &group, axis, sign * k as i32);
                            if parent.contains_key(&moved) {
                                continue;
                            }
                            if parent.len() >= max_states {
                                return Err(Stuck::GaveUp);
                            }
                            let step = Step { pieces: members.iter().map(|&i| part.pieces[i]).collect(), axis, sign, distance: Some(k) };
                            parent.insert(moved.clone(), Some((state.clone(), step)));
                            next.push(moved);
                        }
                    }
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    Err(if exhausted { Stuck::Locked } else { Stuck::GaveUp })
}

/// The steps from the start to `state`.
fn path(parent: &FxHashMap<State, Option<(State, Step)>>, state: &State) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut at = state.clone();
    while let Some(Some((prev, step))) = parent.get(&at) {
        steps.push(step.clone());
        at = prev.clone();
    }
    steps.reverse();
    steps
}

/// Which piece (index in the part) fills each cell in `state`.
fn occupancy(part: &Part, state: &State) -> FxHashMap<[i32; 3], usize> {
    let mut occupied = FxHashMap::default();
    for (i, cells) in part.cells.iter().enumerate() {
        for c in cells {
            occupied.insert([c[0] + state[i][0], c[1] + state[i][1], c[2] + state[i][2]], i);
        }
    }
    occupied
}

/// The smallest group containing piece `j` that can move one unit along `axis` in the
/// sense `sign`: `j` and, repeatedly, every piece in the way of the group.
fn closure(part: &Part, state: &State, occupied: &FxHashMap<[i32; 3], usize>, j: usize, axis: usize, sign: i32) -> Vec<bool> {
    let mut group = vec![false; part.cells.len()];
    group[j] = true;
    let mut todo = vec![j];
    while let Some(i) = todo.pop() {
        for c in &part.cells[i] {
            let mut n = [c[0] + state[i][0], c[1] + state[i][1], c[2] + state[i][2]];
            n[axis] += sign;
            if let Some(&k) = occupied.get(&n) {
                if !group[k] {
                    group[k] = true;
                    todo.push(k);
                }
            }
        }
    }
    group
}

/// How far `group` can move along `axis` in the sense `sign` without meeting another
/// piece: `span + 1` means as far as it likes (it is free).
#[allow(clippy::too_many_arguments)]
fn free_distance(
    part: &Part,
    state: &State,
    occupied: &FxHashMap<[i32; 3], usize>,
    group: &[bool],
    axis: usize,
    sign: i32,
    span: i32,
) -> u32 {
    for k in 1..=span + 1 {
        for (i, cells) in part.cells.iter().enumerate() {
            if !group[i] {
                continue;
            }
            for c in cells {
                let mut n = [c[0] + state[i][0], c[1] + state[i][1], c[2] + state[i][2]];
                n[axis] += sign * k;
                if occupied.get(&n).is_some_and(|&o| !group[o]) {
                    return (k - 1) as u32;
                }
            }
        }
    }
    (span + 1) as u32
}

/// `state` with `group` moved by `by` along `axis`, then every offset made relative to
/// the first piece's again.
fn normalize(state: &State, group: &[bool], axis: usize, by: i32) -> State {
    let mut moved = state.clone();
    for (i, g) in group.iter().enumerate() {
        if *g {
            moved[i][axis] += by;
        }
    }
    let base = moved[0];
    for m in moved.iter_mut() {
        for d in 0..3 {
            m[d] -= base[d];
        }
    }
    moved
}

/// The two parts of a separation, with the pieces where they are in `state`.
fn split(part: &Part, state: &State, group: &[bool]) -> (Part, Part) {
    let mut a = Part { pieces: Vec::new(), cells: Vec::new() };
    let mut b = Part { pieces: Vec::new(), cells: Vec::new() };
    for (i, cells) in part.cells.iter().enumerate() {
        let moved: Vec<[i32; 3]> = cells.iter().map(|c| [c[0] + state[i][0], c[1] + state[i][1], c[2] + state[i][2]]).collect();
        let target = if group[i] { &mut a } else { &mut b };
        target.pieces.push(part.pieces[i]);
        target.cells.push(moved);
    }
    (a, b)
}

/// Replays `steps` on `pieces` (each a list of cells) and checks them from the rules
/// alone: each step moves pieces of one part (pieces not yet separated from each other),
/// unit by unit, never onto a cell of another piece of that part; a separation moves a
/// group that nothing of its part blocks however far it goes, and splits the part; at
/// the end every piece is apart. Returns the first reason the steps are wrong.
pub fn check(pieces: &[Vec<[i32; 3]>], steps: &[Step]) -> Result<(), String> {
    let mut cells: Vec<Vec<[i32; 3]>> = pieces.to_vec();
    let mut world: Vec<usize> = vec![0; pieces.len()];
    let mut worlds = 1;
    for (s, step) in steps.iter().enumerate() {
        let Some(&first) = step.pieces.first() else { return Err(format!("step {}: no piece moves", s + 1)) };
        if step.pieces.iter().any(|&p| p >= pieces.len() || world[p] != world[first]) {
            return Err(format!("step {}: its pieces are not of one part", s + 1));
        }
        let w = world[first];
        if step.pieces.len() == world.iter().filter(|&&x| x == w).count() {
            return Err(format!("step {}: the whole part moves", s + 1));
        }
        // Away for good: further than the part's extent along the axis.
        let reach = {
            let along: Vec<i32> =
                (0..pieces.len()).filter(|&q| world[q] == w).flat_map(|q| cells[q].iter().map(|c| c[step.axis])).collect();
            along.iter().max().unwrap_or(&0) - along.iter().min().unwrap_or(&0) + 2
        };
        let units = step.distance.map_or(reach, |d| d as i32);
        for _ in 0..units {
            for &p in &step.pieces {
                for c in cells[p].iter_mut() {
                    c[step.axis] += step.sign;
                }
            }
            for &p in &step.pieces {
                for q in 0..pieces.len() {
                    if world[q] == w && !step.pieces.contains(&q) && cells[p].iter().any(|c| cells[q].contains(c)) {
                        return Err(format!("step {}: piece {} runs into piece {}", s + 1, p, q));
                    }
                }
            }
        }
        if step.distance.is_none() {
            for &p in &step.pieces {
                world[p] = worlds;
            }
            worlds += 1;
        }
    }
    for w in 0..worlds {
        if world.iter().filter(|&&x| x == w).count() > 1 {
            return Err("some pieces are still together at the end".into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::burr::{assemblies, BurrProblem, BurrPuzzle, Part, ShapeDef, Voxel};
    use rustc_hash::FxHashSet;

    /// Whether the pieces come apart, by an exhaustive search written for this test:
    /// unit moves of any group of pieces (not containing piece 0, which stays put), every
    /// reachable position within a box twice the part's span; wherever a group lies
    /// wholly on one side of a plane across an axis, both sides are tried recursively.
    fn brute_apart(cells: &[Vec<[i32; 3]>]) -> bool {
        let n = cells.len();
        if n <= 1 {
            return true;
        }
        let all: Vec<i32> = cells.iter().flatten().flat_map(|c| c.iter().copied()).collect();
        let bound = all.iter().max().unwrap() - all.iter().min().unwrap() + 2;
        let place = |offsets: &[[i32; 3]]| -> Vec<Vec<[i32; 3]>> {
            cells.iter().zip(offsets).map(|(cs, o)| cs.iter().map(|c| [c[0] + o[0], c[1] + o[1], c[2] + o[2]]).collect()).collect()
        };
        let start = vec![[0; 3]; n];
        let mut seen = FxHashSet::default();
        seen.insert(start.clone());
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(state) = queue.pop_front() {
            let placed = place(&state);
            for mask in 1..(1u32 << (n - 1)) {
                let inside = |i: usize| i > 0 && mask >> (i - 1) & 1 == 1;
                // Separated by a plane: the group is wholly on one side of the rest.
                for d in 0..3 {
                    let range = |pick: bool| {
                        let v: Vec<i32> = (0..n).filter(|&i| inside(i) == pick).flat_map(|i| placed[i].iter().map(move |c| c[d])).collect();
                        (*v.iter().min().unwrap(), *v.iter().max().unwrap())
                    };
                    let (glo, ghi) = range(true);
                    let (rlo, rhi) = range(false);
                    if ghi < rlo || rhi < glo {
                        let group: Vec<Vec<[i32; 3]>> = (0..n).filter(|&i| inside(i)).map(|i| placed[i].clone()).collect();
                        let rest: Vec<Vec<[i32; 3]>> = (0..n).filter(|&i| !inside(i)).map(|i| placed[i].clone()).collect();
                        if brute_apart(&group) && brute_apart(&rest) {
                            return true;
                        }
                    }
                }
                for d in 0..3 {
                    for sign in [1, -1] {
                        let mut next = state.clone();
                        for (i, o) in next.iter_mut().enumerate() {
                            if inside(i) {
                                o[d] += sign;
                            }
                        }
                        if next.iter().any(|o| o[d].abs() > bound) || seen.contains(&next) {
                            continue;
                        }
                        let moved = place(&next);
                        let mut cells_seen = FxHashSet::default();
                        if moved.iter().flatten().all(|c| cells_seen.insert(*c)) {
                            seen.insert(next.clone());
                            queue.push_back(next);
                        }
                    }
                }
            }
        }
        false
    }

    /// A small random polycube grown from one cube (a linear congruential generator).
    fn random_piece(seed: &mut u64, size: usize) -> Vec<[i32; 3]> {
        let mut cells = vec![[0, 0, 0]];
        while cells.len() < size {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let from = cells[(*seed >> 33) as usize % cells.len()];
            let mut c = from;
            c[((*seed >> 20) % 3) as usize] += if (*seed >> 40) & 1 == 0 { 1 } else { -1 };
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let lo = [0, 1, 2].map(|d| cells.iter().map(|c| c[d]).min().unwrap());
        cells.iter().map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]]).collect()
    }

    fn shape_of(cells: &[[i32; 3]]) -> ShapeDef {
        let size = [0, 1, 2].map(|d| cells.iter().map(|c| c[d]).max().unwrap() as usize + 1);
        let mut voxels = vec![Voxel::Empty; size[0] * size[1] * size[2]];
        for c in cells {
            voxels[c[0] as usize + size[0] * (c[1] as usize + size[1] * c[2] as usize)] = Voxel::Filled(0);
        }
        ShapeDef { name: None, size, voxels }
    }

    #[test]
    fn agrees_with_an_exhaustive_search_on_random_small_puzzles() {
        let mut seed = 2026u64;
        let (mut compared, mut apart, mut locked) = (0, 0, 0);
        for round in 0..16 {
            // 2x3x2 boxes with pieces of 2 to 4 cubes, and 3x3x3 boxes with pieces of 4 to
            // 6 (where some assemblies lock).
            let (wide, deep, small) = if round % 2 == 0 { (2, 2, 2) } else { (3, 3, 4) };
            let box_cells: Vec<[i32; 3]> = (0..deep).flat_map(|z| (0..3).flat_map(move |y| (0..wide).map(move |x| [x, y, z]))).collect();
            let mut shapes: Vec<ShapeDef> = (0..3).map(|k| shape_of(&random_piece(&mut seed, small + (k + round) % 3))).collect();
            shapes.push(shape_of(&box_cells));
            let puzzle = BurrPuzzle {
                colors: 0,
                problems: vec![BurrProblem {
                    name: String::new(),
                    parts: (0..3).map(|s| Part { shape: s, min: 0, max: 6, group: 0 }).collect(),
                    result: 3,
                    max_holes: None,
                    color_pairs: vec![],
                }],
                shapes,
            };
            let found = assemblies(&puzzle, 0, 100_000).unwrap();
            for assembly in found.classes.iter().take(25) {
                let cells: Vec<Vec<[i32; 3]>> = assembly.iter().map(|p| p.cells.clone()).collect();
                let ours = disassemble(&cells, 1000, 1_000_000);
                assert_ne!(ours, Err(Stuck::GaveUp));
                assert_eq!(ours.is_ok(), brute_apart(&cells), "{assembly:?}");
                if let Ok(d) = &ours {
                    check(&cells, &d.steps).unwrap();
                    assert_eq!(d.level.len(), cells.len() - 1, "one separation per piece but the last");
                    apart += 1;
                } else {
                    locked += 1;
                }
                compared += 1;
            }
        }
        assert!(compared > 100, "{compared} assemblies compared");
        assert!(apart > 0, "some come apart ({apart})");
        eprintln!("{compared} assemblies: {apart} come apart, {locked} locked");
    }

    /// A random cut of the `dims` box into `k` connected pieces (grown together from `k`
    /// random cubes): such pieces often wrap around each other.
    fn random_partition(seed: &mut u64, dims: [i32; 3], k: usize) -> Vec<Vec<[i32; 3]>> {
        let mut next = || {
            *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (*seed >> 33) as usize
        };
        let cells: Vec<[i32; 3]> =
            (0..dims[2]).flat_map(|z| (0..dims[1]).flat_map(move |y| (0..dims[0]).map(move |x| [x, y, z]))).collect();
        let mut owner: rustc_hash::FxHashMap<[i32; 3], usize> = rustc_hash::FxHashMap::default();
        while owner.len() < k {
            let c = cells[next() % cells.len()];
            let id = owner.len();
            owner.entry(c).or_insert(id);
        }
        while owner.len() < cells.len() {
            let grown: Vec<([i32; 3], usize)> = owner.iter().map(|(c, o)| (*c, *o)).collect();
            let (from, id) = grown[next() % grown.len()];
            let mut c = from;
            c[next() % 3] += if next() % 2 == 0 { 1 } else { -1 };
            if cells.contains(&c) && !owner.contains_key(&c) {
                owner.insert(c, id);
            }
        }
        let mut pieces = vec![Vec::new(); k];
        for (c, o) in owner {
            pieces[o].push(c);
        }
        pieces.iter_mut().for_each(|p| p.sort());
        pieces
    }

    #[test]
    fn agrees_with_an_exhaustive_search_on_random_cuts_of_a_cube() {
        let mut seed = 7u64;
        let (mut apart, mut locked) = (0, 0);
        for round in 0..80 {
            let dims = if round % 2 == 0 { [3, 3, 2] } else { [3, 3, 3] };
            let cells = random_partition(&mut seed, dims, 3 + round % 3);
            let ours = disassemble(&cells, 1000, 1_000_000);
            assert_ne!(ours, Err(Stuck::GaveUp));
            assert_eq!(ours.is_ok(), brute_apart(&cells), "{cells:?}");
            match ours {
                Ok(d) => {
                    check(&cells, &d.steps).unwrap();
                    apart += 1;
                }
                Err(_) => locked += 1,
            }
        }
        // Random cuts seldom lock (the locked side is met by the constructions below).
        assert!(apart > 5, "{apart} come apart, {locked} lock");
        eprintln!("random cuts: {apart} come apart, {locked} lock");
    }

    #[test]
    fn an_enclosed_piece_never_comes_apart() {
        let shell: Vec<[i32; 3]> = (0..27).map(|i| [i % 3, i / 3 % 3, i / 9]).filter(|c| *c != [1, 1, 1]).collect();
        let cells = vec![shell.clone(), vec![[1, 1, 1]]];
        assert_eq!(disassemble(&cells, 100, 100_000), Err(Stuck::Locked));
        assert!(!brute_apart(&cells));
        // Split the shell in two halves: then it comes apart, the centre last.
        let (low, high): (Vec<[i32; 3]>, Vec<[i32; 3]>) = shell.iter().partition(|c| c[2] == 0);
        let cells = vec![low, high, vec![[1, 1, 1]]];
        let d = disassemble(&cells, 100, 100_000).unwrap();
        check(&cells, &d.steps).unwrap();
        assert_eq!(d.level, vec![1, 1]);
    }

    #[test]
    fn interlocked_rings_never_come_apart() {
        // Two square rings of 8 cubes, each through the other's hole, as chain links.
        let a: Vec<[i32; 3]> = (0..9).map(|i| [i % 3, i / 3, 0]).filter(|c| *c != [1, 1, 0]).collect();
        let b: Vec<[i32; 3]> = (0..9).map(|i| [1, 1 + i % 3, i / 3 - 1]).filter(|c| *c != [1, 2, 0]).collect();
        assert!(a.iter().all(|c| !b.contains(c)));
        let rings = vec![a.clone(), b.clone()];
        assert_eq!(disassemble(&rings, 100, 100_000), Err(Stuck::Locked));
        assert!(!brute_apart(&rings));
        // A third, loose piece comes off, and the rings stay locked.
        let with_loose = vec![a, b, vec![[5, 5, 5], [5, 5, 6]]];
        assert_eq!(disassemble(&with_loose, 100, 100_000), Err(Stuck::Locked));
        assert!(!brute_apart(&with_loose));
    }

    #[test]
    fn the_checker_refuses_wrong_steps() {
        let cells = vec![vec![[0, 0, 0]], vec![[1, 0, 0]]];
        // Moving piece 0 along +x runs into piece 1.
        let wrong = [Step { pieces: vec![0], axis: 0, sign: 1, distance: None }];
        assert!(check(&cells, &wrong).unwrap_err().contains("runs into"));
        // Nothing moved: the pieces are still together.
        assert!(check(&cells, &[]).is_err());
        let right = [Step { pieces: vec![0], axis: 0, sign: -1, distance: None }];
        check(&cells, &right).unwrap();
    }
}
