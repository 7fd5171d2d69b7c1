//! Disassembly: whether an assembly comes apart by sliding pieces along the axes, and the
//! shortest way found.
//!
//! The model (BurrTools' own, in its essentials): a **move** translates a group of pieces
//! along one axis, in one sense, by one or more units, the pieces never overlapping on
//! the way; a move that takes a group arbitrarily far (nothing outside it is in its path)
//! **separates** it, and the two parts are taken apart on their own, recursively. The
//! moves tried are, for each of the six senses, each piece and each distance, the
//! smallest group holding the piece that can move that far (the piece and, repeatedly,
//! every piece that a member meets within the distance), and every union of such groups
//! that move the same distance: independent groups moving together are one move, as in
//! BurrTools. How far each piece can move before meeting each other one comes from a
//! cache keyed by the two pieces' relative offset (BurrTools' movement cache); the side
//! taken away at a separation is the one with fewer pieces (BurrTools removes at most
//! half). The search is breadth first over the pieces' positions
//! relative to the first piece of the part, so the first separation found needs the
//! fewest moves. The separations form a tree (each splits a part into the pieces that
//! stayed and the pieces taken away); the **level** is written as BurrTools writes it
//! (`separation_c::movesText`): the moves of the first separation, then the levels of the
//! part that stayed and of the part removed, each only when its tree holds a separation
//! of more than one move (5.3.1; a puzzle whose pieces all come out in one move each is
//! level 1).

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hasher;

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
    /// The level as BurrTools writes it (5.3.1 for `[5, 3, 1]`): the moves of the first
    /// separation, then the level of the part that stayed and then of the part removed,
    /// each only when that part's tree has a separation of more than one move.
    pub level: Vec<u32>,
    /// The tree of separations.
    pub tree: Separation,
    /// Every step, in the order done; a separation's two parts are taken apart one after
    /// the other (the part that stayed first, then the part removed).
    pub steps: Vec<Step>,
}

/// One separation of a disassembly: the moves that split a part in two, then how each
/// of the two comes apart (`None`: a single piece, nothing to do).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Separation {
    /// The moves of this separation, the last one taking the removed group away.
    pub moves: u32,
    /// The pieces (indices into the assembly) of the part being separated.
    pub pieces: Vec<usize>,
    /// The steps of this separation.
    pub steps: Vec<Step>,
    /// How the pieces that stayed come apart.
    pub left: Option<Box<Separation>>,
    /// How the pieces taken away come apart.
    pub removed: Option<Box<Separation>>,
}

impl Separation {
    /// Whether some separation of this tree needs more than one move (BurrTools'
    /// `containsMultiMoves`: only such subtrees are written in the level).
    fn has_multi_moves(&self) -> bool {
        self.moves > 1
            || self.left.as_ref().is_some_and(|s| s.has_multi_moves())
            || self.removed.as_ref().is_some_and(|s| s.has_multi_moves())
    }

    /// The level of this tree, as BurrTools writes it.
    fn level(&self, out: &mut Vec<u32>) {
        out.push(self.moves);
        for sub in [&self.left, &self.removed].into_iter().flatten() {
            if sub.has_multi_moves() {
                sub.level(out);
            }
        }
    }

    /// Every step of the tree, this separation's first, then the part that stayed, then
    /// the part removed.
    fn collect_steps(&self, out: &mut Vec<Step>) {
        out.extend(self.steps.iter().cloned());
        for sub in [&self.left, &self.removed].into_iter().flatten() {
            sub.collect_steps(out);
        }
    }
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

/// A part being taken apart: its pieces (indices into the assembly) and where each is
/// now, as its offset from its place in the assembly.
struct Part {
    pieces: Vec<usize>,
    offsets: Vec<[i32; 3]>,
}

/// Takes `pieces` (each a list of cells, in the assembly's positions) apart: the shortest
/// sequence of moves found, separation by separation.
///
/// Errors: [`Stuck::Locked`] when some part cannot come apart, [`Stuck::GaveUp`] when a
/// separation needs more than `max_moves` moves or the search of one separation meets
/// more than `max_states` positions.
pub fn disassemble(pieces: &[Vec<[i32; 3]>], max_moves: u32, max_states: usize) -> Result<Disassembly, Stuck> {
    Disassembler::default().disassemble(pieces, &Grouping::default(), max_moves, max_states)
}

/// [`disassemble`] with one BurrTools piece group per piece: `groups[k]` is piece `k`'s
/// group (0, or missing: none). See [`Grouping`]: here each piece is a shape of its own,
/// in its group.
///
/// Errors: as [`disassemble`].
pub fn disassemble_in_groups(pieces: &[Vec<[i32; 3]>], groups: &[u32], max_moves: u32, max_states: usize) -> Result<Disassembly, Stuck> {
    Disassembler::default().disassemble(pieces, &Grouping::one_each(groups), max_moves, max_states)
}

/// BurrTools' piece groups, as its disassembler reads them (`grouping_c`). Pieces that a
/// designer puts in one group may stay together:
/// - **`subProbGroup`**: once a separation leaves a part whose pieces are all of shapes
///   in exactly one group, the same one (not 0), that part counts as apart and is not
///   taken apart further;
/// - **`subProbGrouping`**: a part (not the whole assembly) that cannot come apart at
///   all counts as apart when its pieces can be given one group, together with every
///   such part met before in the same assembly, each part's pieces all in the group it is
///   given, and no group holding more pieces of a shape than the shape's count in it.
///   When they cannot, the assembly does not come apart.
///
/// The whole assembly is always taken apart at least once. Empty: no groups.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Grouping {
    /// Per piece of the assembly: its shape (an index into `shapes`).
    pub shape_of: Vec<usize>,
    /// Per shape: the groups it is in, as `(group, count)`, BurrTools' `<group>` list
    /// (count: how many pieces of the shape the group may hold). Group 0 is no group.
    pub shapes: Vec<Vec<(u32, u32)>>,
}

impl Grouping {
    /// Each piece a shape of its own, in the group `groups[k]` (0 or missing: none).
    pub fn one_each(groups: &[u32]) -> Self {
        Grouping { shape_of: (0..groups.len()).collect(), shapes: groups.iter().map(|&g| vec![(g, 1)]).collect() }
    }

    /// The groups of piece `k`'s shape.
    fn of(&self, k: usize) -> &[(u32, u32)] {
        self.shape_of.get(k).and_then(|&s| self.shapes.get(s)).map_or(&[], |g| g.as_slice())
    }

    /// `subProbGroup`: whether the pieces are all of shapes in exactly one group, the same
    /// one, not 0.
    fn one_group(&self, pieces: &[usize]) -> bool {
        let group = |k: usize| match self.of(k) {
            [(g, _)] => *g,
            _ => 0,
        };
        let first = group(pieces[0]);
        first != 0 && pieces.iter().all(|&k| group(k) == first)
    }

    /// `subProbGrouping`: whether the parts of `sets` (each its pieces) can each be given
    /// one group (not 0), no group holding more pieces of a shape than its count.
    fn assignable(&self, sets: &[Vec<usize>]) -> bool {
        // What each group may still hold, per (shape, group).
        let mut left: FxHashMap<(usize, u32), u32> = FxHashMap::default();
        let mut ids: Vec<u32> = Vec::new();
        for (shape, groups) in self.shapes.iter().enumerate() {
            for &(g, count) in groups.iter().filter(|&&(g, _)| g != 0) {
                *left.entry((shape, g)).or_default() += count;
                ids.push(g);
            }
        }
        ids.sort_unstable();
        ids.dedup();
        self.assign(sets, &ids, &mut left)
    }

    /// Depth first over the sets: the first a group, then the rest.
    fn assign(&self, sets: &[Vec<usize>], ids: &[u32], left: &mut FxHashMap<(usize, u32), u32>) -> bool {
        let Some((set, rest)) = sets.split_first() else { return true };
        for &g in ids {
            let mut taken = 0;
            for &k in set {
                match left.get_mut(&(self.shape_of[k], g)) {
                    Some(n) if *n > 0 => {
                        *n -= 1;
                        taken += 1;
                    }
                    _ => break,
                }
            }
            let fits = taken == set.len();
            if fits && self.assign(rest, ids, left) {
                return true;
            }
            for &k in &set[..taken] {
                *left.get_mut(&(self.shape_of[k], g)).expect("taken before") += 1;
            }
        }
        false
    }
}

/// Takes apart many assemblies of one puzzle, sharing between them what one learns of
/// how far pieces can move (BurrTools' movement cache, keyed by the two pieces' shapes
/// as placed and their relative offset): the assemblies of a puzzle hold the same few
/// pieces in the same few relative places. Answers are those of [`disassemble`]; only
/// the time differs. Its memory is bounded (about 4 million cached pairs).
#[derive(Default)]
pub struct Disassembler {
    cache: MovementCache,
    scratch: Scratch,
    buffers: Buffers,
}

impl Disassembler {
    /// Takes one assembly apart: `pieces` (each a list of cells, in the assembly's
    /// positions) under the piece groups `grouping` (see [`Grouping`]; its `shape_of`
    /// names each piece's shape).
    ///
    /// Errors: as [`disassemble`].
    pub fn disassemble<P: AsRef<[[i32; 3]]>>(
        &mut self,
        pieces: &[P],
        grouping: &Grouping,
        max_moves: u32,
        max_states: usize,
    ) -> Result<Disassembly, Stuck> {
        let Some(tree) = self.run(pieces, grouping, max_moves, max_states, true)? else {
            // A single piece: nothing to take apart.
            let tree = Separation { moves: 0, pieces: (0..pieces.len()).collect(), steps: Vec::new(), left: None, removed: None };
            return Ok(Disassembly { level: vec![0], tree, steps: Vec::new() });
        };
        let mut level = Vec::new();
        tree.level(&mut level);
        let mut steps = Vec::new();
        tree.collect_steps(&mut steps);
        Ok(Disassembly { level, tree, steps })
    }

    /// Whether one assembly comes apart, as [`Disassembler::disassemble`] finds it, without
    /// building its steps and its tree (a count needs only the answer).
    ///
    /// Errors: as [`disassemble`].
    pub fn comes_apart<P: AsRef<[[i32; 3]]>>(
        &mut self,
        pieces: &[P],
        grouping: &Grouping,
        max_moves: u32,
        max_states: usize,
    ) -> Result<(), Stuck> {
        self.run(pieces, grouping, max_moves, max_states, false).map(|_| ())
    }

    /// The separation tree of the whole assembly (`None` for a single piece, or when not
    /// `record`ed).
    fn run<P: AsRef<[[i32; 3]]>>(
        &mut self,
        pieces: &[P],
        grouping: &Grouping,
        max_moves: u32,
        max_states: usize,
        record: bool,
    ) -> Result<Option<Separation>, Stuck> {
        let whole = Part { pieces: (0..pieces.len()).collect(), offsets: vec![[0; 3]; pieces.len()] };
        let mut movement = Movement::new(&mut self.cache, pieces, std::mem::take(&mut self.buffers));
        let mut context = Context { grouping, grouped: Vec::new(), max_moves, max_states, record };
        let found = take_apart(whole, &mut movement, &mut self.scratch, &mut context, true);
        self.buffers = movement.buffers();
        found
    }
}

/// One assembly's disassembly: its groups, the locked parts let stay together by
/// `subProbGrouping` so far, the bounds, and whether the steps and the tree are built.
struct Context<'a> {
    grouping: &'a Grouping,
    grouped: Vec<Vec<usize>>,
    max_moves: u32,
    max_states: usize,
    record: bool,
}

/// The separation tree of `part`, `None` for a single piece or, but for the `whole`
/// assembly, for pieces that may stay together ([`Grouping`]); always `None` when the
/// context does not record.
fn take_apart(
    part: Part,
    movement: &mut Movement,
    scratch: &mut Scratch,
    context: &mut Context,
    whole: bool,
) -> Result<Option<Separation>, Stuck> {
    if part.pieces.len() < 2 {
        return Ok(None);
    }
    if !whole && context.grouping.one_group(&part.pieces) {
        return Ok(None);
    }
    let (moves, steps, removed, left) = match separate(&part, movement, scratch, context.max_moves, context.max_states, context.record) {
        Ok(found) => found,
        Err(Stuck::Locked) if !whole => {
            context.grouped.push(part.pieces);
            if context.grouping.assignable(&context.grouped) {
                return Ok(None);
            }
            return Err(Stuck::Locked);
        }
        Err(stuck) => return Err(stuck),
    };
    let left = take_apart(left, movement, scratch, context, false)?.map(Box::new);
    let removed = take_apart(removed, movement, scratch, context, false)?.map(Box::new);
    Ok(context.record.then_some(Separation { moves, pieces: part.pieces, steps, left, removed }))
}

/// No collision however far: a piece that never meets another along a direction.
const FREE: u32 = u32::MAX;

/// The mask of every piece of a part of `n` pieces (1 to 64).
fn every_piece(n: usize) -> u64 {
    u64::MAX >> (64 - n)
}

/// The pieces (indices in the part) of a mask, in increasing order.
fn members(mask: u64, n: usize) -> impl Iterator<Item = usize> {
    let mut left = if n >= 64 { mask } else { mask & ((1u64 << n) - 1) };
    std::iter::from_fn(move || {
        (left != 0).then(|| {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            i
        })
    })
}

/// The most groups one direction and distance may combine into (unions of independent
/// groups); past it the search gives up rather than take time out of proportion.
const MAX_UNIONS: usize = 1 << 16;

/// A line of a piece's cells along an axis: its other two coordinates, and the range of
/// its cells' coordinates in [`Form::coords`].
type Line = ([i32; 2], u32, u32);

/// One piece's cells as the movement cache reads them, per axis: its lines along the
/// axis (the other two coordinates), sorted, each with the range of its cells'
/// coordinates along the axis in `coords`, and those coordinates, line after line, each
/// line's sorted.
struct Form {
    /// Its cells, moved to touch the origin's planes from above, in the order given.
    cells: Vec<[i32; 3]>,
    /// The largest coordinate of its cells along each axis (the least is 0).
    top: [i32; 3],
    lines: [Vec<Line>; 3],
    coords: [Vec<i32>; 3],
    /// Per axis, the same lines as bit rows when the form is short enough along the axis
    /// (under 64 cells) and its box small enough across it ([`MAX_ROWS`] lines): the
    /// line at `(c[u], c[v])` is `rows[axis][c[u] * (top[v] + 1) + c[v]]`, bit `c[axis]`
    /// set for each cell (`u`, `v` the next two axes). Empty otherwise.
    rows: [Vec<u64>; 3],
}

/// The most lines across an axis for which a [`Form`] keeps its bit rows.
const MAX_ROWS: i32 = 4096;

impl Form {
    fn new(cells: Vec<[i32; 3]>) -> Self {
        let mut lines: [Vec<Line>; 3] = Default::default();
        let mut coords: [Vec<i32>; 3] = Default::default();
        for axis in 0..3 {
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
            let mut keyed: Vec<([i32; 2], i32)> = cells.iter().map(|c| ([c[u], c[v]], c[axis])).collect();
            keyed.sort_unstable();
            let mut at = 0;
            while at < keyed.len() {
                let key = keyed[at].0;
                let from = at;
                while at < keyed.len() && keyed[at].0 == key {
                    at += 1;
                }
                lines[axis].push((key, from as u32, at as u32));
            }
            coords[axis] = keyed.into_iter().map(|(_, a)| a).collect();
        }
        let top = [0, 1, 2].map(|d| cells.iter().map(|c| c[d]).max().unwrap_or(0));
        let rows = [0, 1, 2].map(|axis| {
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
            if top[axis] >= 64 || (top[u] + 1) * (top[v] + 1) > MAX_ROWS {
                return Vec::new();
            }
            let mut rows = vec![0u64; ((top[u] + 1) * (top[v] + 1)) as usize];
            for c in &cells {
                rows[(c[u] * (top[v] + 1) + c[v]) as usize] |= 1 << c[axis];
            }
            rows
        });
        Form { cells, top, lines, coords, rows }
    }

    /// The units this form can move along `axis` in the positive sense before it meets
    /// `other`, offset by `rel` from it (`FREE`: never).
    fn towards(&self, other: &Form, axis: usize, rel: [i32; 3]) -> u32 {
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        // Boxes apart across the axis, or the other wholly behind: never met.
        let apart = |d: usize| rel[d] > self.top[d] || rel[d] + other.top[d] < 0;
        if apart(u) || apart(v) || rel[axis] + other.top[axis] <= 0 {
            return FREE;
        }
        if !self.rows[axis].is_empty() && !other.rows[axis].is_empty() {
            return self.towards_by_rows(other, axis, rel);
        }
        self.towards_by_lines(other, axis, rel)
    }

    /// [`Form::towards`] on the bit rows, both forms having them along `axis`, the boxes
    /// overlapping across it and the other not wholly behind: for each line of the
    /// overlap, the least gap from a cell of this form to a cell of the other ahead of it.
    fn towards_by_rows(&self, other: &Form, axis: usize, rel: [i32; 3]) -> u32 {
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        let (mine, theirs) = (&self.rows[axis], &other.rows[axis]);
        let (my_width, their_width) = (self.top[v] + 1, other.top[v] + 1);
        let r = rel[axis];
        let mut best = FREE;
        for cu in rel[u].max(0)..=self.top[u].min(rel[u] + other.top[u]) {
            for cv in rel[v].max(0)..=self.top[v].min(rel[v] + other.top[v]) {
                let s = mine[(cu * my_width + cv) as usize];
                let t = theirs[((cu - rel[u]) * their_width + cv - rel[v]) as usize];
                if s == 0 || t == 0 {
                    continue;
                }
                let gap = if r > self.top[axis] {
                    // Every cell of theirs is ahead of every cell of mine.
                    (r + t.trailing_zeros() as i32 - (63 - s.leading_zeros() as i32) - 1) as u32
                } else {
                    // Theirs where they lie (r > -64: the other is not wholly behind).
                    let t = if r >= 0 { u128::from(t) << r } else { u128::from(t >> -r) };
                    let s = u128::from(s);
                    if t >> (s.trailing_zeros() + 1) == 0 {
                        continue;
                    }
                    // Some cell of theirs is ahead of my lowest: the loop ends.
                    let mut k = 1;
                    while (s << k) & t == 0 {
                        k += 1;
                    }
                    k - 1
                };
                best = best.min(gap);
                if best == 0 {
                    return 0;
                }
            }
        }
        best
    }

    /// [`Form::towards`] on the sorted lines (any size of form).
    fn towards_by_lines(&self, other: &Form, axis: usize, rel: [i32; 3]) -> u32 {
        let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
        let mut best = FREE;
        let theirs_lines = &other.lines[axis];
        for &(line, from, to) in &self.lines[axis] {
            // The other's cells on this line: its own line shifted back by rel.
            let wanted = [line[0] - rel[u], line[1] - rel[v]];
            let Ok(k) = theirs_lines.binary_search_by(|probe| probe.0.cmp(&wanted)) else {
                continue;
            };
            let (_, tf, tt) = theirs_lines[k];
            let theirs = &other.coords[axis][tf as usize..tt as usize];
            for &a in &self.coords[axis][from as usize..to as usize] {
                // The first of the other's cells ahead of a.
                let k = theirs.partition_point(|&b| b + rel[axis] <= a);
                if let Some(&b) = theirs.get(k) {
                    best = best.min((b + rel[axis] - a - 1) as u32);
                }
            }
        }
        best
    }
}

/// BurrTools' movement cache, shared by every assembly a [`Disassembler`] takes apart:
/// for two pieces' forms (their cells moved to touch the origin's planes from above)
/// and the second's offset from the first, the units the first can move in the positive
/// sense of each axis before it meets the second (`FREE`: never). The three axes are
/// found together, and the second moving in the negative sense meets the first when the
/// first moving positively would, so one entry serves six directions. Assemblies of one
/// puzzle hold the same few forms in the same few relative places, so most lookups of an
/// assembly were computed for an earlier one.
#[derive(Default)]
struct MovementCache {
    /// Each form's id, found by the hash of its cells ([`hash_cells`]).
    ids: hashbrown::HashTable<u32>,
    forms: Vec<Form>,
    /// The units, by [`pack`]ed key; `wide` holds the keys that do not pack.
    units: FxHashMap<u64, [u32; 3]>,
    wide: FxHashMap<(u32, u32, [i32; 3]), [u32; 3]>,
}

/// The most entries the movement cache keeps; past it, it starts again empty (memory in
/// proportion to the input, whatever the number of assemblies).
const MAX_CACHED: usize = 1 << 22;

/// The hash of a form's cells, each moved by `-corner`.
fn hash_cells(cells: &[[i32; 3]], corner: [i32; 3]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    for c in cells {
        let d = [0, 1, 2].map(|k| u64::from((c[k] - corner[k]) as u32 & 0x1f_ffff));
        h.write_u64(d[0] | d[1] << 21 | d[2] << 42);
    }
    h.finish()
}

/// Two forms and an offset in one word, when the ids are under 2^16 and the offset's
/// coordinates within -512..512: 16 + 16 + 3 x 10 bits.
fn pack(a: u32, b: u32, rel: [i32; 3]) -> Option<u64> {
    let fits = a < 1 << 16 && b < 1 << 16 && rel.iter().all(|r| (-512..512).contains(r));
    fits.then(|| {
        let r = |k: usize| (rel[k] + 512) as u64;
        (u64::from(a) << 48) | (u64::from(b) << 32) | (r(0) << 20) | (r(1) << 10) | r(2)
    })
}

impl MovementCache {
    /// The form of `cells` and where it lies: its id and the corner subtracted. The same
    /// cells in another order make another form (the assembler lists them sorted).
    fn form(&mut self, cells: &[[i32; 3]]) -> (u32, [i32; 3]) {
        let corner = [0, 1, 2].map(|d| cells.iter().map(|c| c[d]).min().unwrap_or(0));
        let moved = |c: &[i32; 3]| [0, 1, 2].map(|d| c[d] - corner[d]);
        let hash = hash_cells(cells, corner);
        let forms = &self.forms;
        let same = |&id: &u32| {
            let known = &forms[id as usize].cells;
            known.len() == cells.len() && known.iter().zip(cells).all(|(k, c)| moved(c) == *k)
        };
        if let Some(&id) = self.ids.find(hash, same) {
            return (id, corner);
        }
        let id = self.forms.len() as u32;
        self.forms.push(Form::new(cells.iter().map(moved).collect()));
        let forms = &self.forms;
        self.ids.insert_unique(hash, id, |&id| hash_cells(&forms[id as usize].cells, [0; 3]));
        (id, corner)
    }

    /// The units form `a` can move along each axis before it meets form `b`, `b` lying
    /// `rel` from `a`.
    fn towards(&mut self, a: u32, b: u32, rel: [i32; 3]) -> [u32; 3] {
        let key = pack(a, b, rel);
        let known = match key {
            Some(k) => self.units.get(&k),
            None => self.wide.get(&(a, b, rel)),
        };
        if let Some(&units) = known {
            return units;
        }
        let (fa, fb) = (&self.forms[a as usize], &self.forms[b as usize]);
        let units = [0, 1, 2].map(|axis| fa.towards(fb, axis, rel));
        if self.units.len() + self.wide.len() >= MAX_CACHED {
            self.units.clear();
            self.wide.clear();
        }
        match key {
            Some(k) => self.units.insert(k, units),
            None => self.wide.insert((a, b, rel), units),
        };
        units
    }
}

/// The movement cache as one assembly reads it: each piece's form and corner, and per
/// pair of pieces `(i, j)`, at `i * n + j`, the last offset looked up and its units,
/// answered again without hashing (most lookups are of pairs that have not moved apart
/// since they were last looked up).
struct Movement<'a> {
    cache: &'a mut MovementCache,
    forms: Vec<(u32, [i32; 3])>,
    last: Vec<([i32; 3], [u32; 3])>,
}

/// A [`Movement`]'s buffers: its forms and its last offsets.
type Buffers = (Vec<(u32, [i32; 3])>, Vec<([i32; 3], [u32; 3])>);

/// No offset looked up yet, in [`Movement::last`].
const NOWHERE: [i32; 3] = [i32::MIN; 3];

impl<'a> Movement<'a> {
    /// The movement of `pieces`, in the buffers `buffers` (kept from an earlier
    /// assembly, see [`Movement::buffers`]).
    fn new<P: AsRef<[[i32; 3]]>>(cache: &'a mut MovementCache, pieces: &[P], buffers: Buffers) -> Self {
        let (mut forms, mut last) = buffers;
        forms.clear();
        forms.extend(pieces.iter().map(|cells| cache.form(cells.as_ref())));
        let n = pieces.len();
        last.clear();
        last.resize(n * n, (NOWHERE, [FREE; 3]));
        Movement { cache, forms, last }
    }

    /// The buffers, for the next assembly.
    fn buffers(self) -> Buffers {
        (self.forms, self.last)
    }

    /// The units piece `i` can move along each axis in the positive sense before it meets
    /// piece `j`, `j` being offset by `rel` from `i` (relative to where both started).
    fn towards(&mut self, i: usize, j: usize, rel: [i32; 3]) -> [u32; 3] {
        let last = &mut self.last[i * self.forms.len() + j];
        if last.0 == rel {
            return last.1;
        }
        let ((a, ca), (b, cb)) = (self.forms[i], self.forms[j]);
        let units = self.cache.towards(a, b, [0, 1, 2].map(|d| cb[d] - ca[d] + rel[d]));
        *last = (rel, units);
        units
    }

    /// How far each piece of `part` can move along each axis in the positive sense before
    /// it meets each other piece, in `state`: `out[i * n + j]` for pieces `i` and `j` of
    /// the part (`n` pieces; the diagonal is `FREE`).
    fn pairs(&mut self, part: &Part, state: &[[i32; 3]], out: &mut Vec<[u32; 3]>) {
        let n = state.len();
        out.clear();
        out.resize(n * n, [FREE; 3]);
        for a in 0..n {
            let pa = [0, 1, 2].map(|d| part.offsets[a][d] + state[a][d]);
            for b in 0..n {
                if a != b {
                    let rel = [0, 1, 2].map(|d| part.offsets[b][d] + state[b][d] - pa[d]);
                    out[a * n + b] = self.towards(part.pieces[a], part.pieces[b], rel);
                }
            }
        }
    }

    /// [`Movement::pairs`] of a state reached by moving `group` from a state whose pairs
    /// are `parent`: the pairs within the group and within the rest are the parent's
    /// (their offsets did not change), only those across are computed.
    fn pairs_after(&mut self, part: &Part, state: &[[i32; 3]], parent: &[[u32; 3]], group: u64, out: &mut Vec<[u32; 3]>) {
        let n = state.len();
        out.clear();
        out.extend_from_slice(parent);
        for a in 0..n {
            let pa = [0, 1, 2].map(|d| part.offsets[a][d] + state[a][d]);
            let across = if group >> a & 1 == 1 { !group } else { group } & every_piece(n);
            for b in members(across, n) {
                let rel = [0, 1, 2].map(|d| part.offsets[b][d] + state[b][d] - pa[d]);
                out[a * n + b] = self.towards(part.pieces[a], part.pieces[b], rel);
            }
        }
    }
}

/// The six directions (axis `d / 2`, positive sense when `d` is even) in one state of a
/// part of `n` pieces, as bit rows. `met[d][a]` holds the pieces that piece `a` meets
/// however far it goes in direction `d`. For the moves, `levels[axis]` lists the distinct
/// distances at which some piece meets another along the axis (the same in both senses),
/// in increasing order, and `rows[d][l * n + a]` holds the pieces that `a` meets within at
/// most `levels[axis][l]` units.
#[derive(Default)]
struct Directions {
    n: usize,
    met: [Vec<u64>; 6],
    levels: [Vec<u32>; 3],
    rows: [Vec<u64>; 6],
}

impl Directions {
    /// The pieces each piece meets, from the pairs of [`Movement::pairs`]: piece `a`
    /// moving in the negative sense meets `b` as `b` moving positively meets `a`.
    fn fill_met(&mut self, pairs: &[[u32; 3]], n: usize) {
        self.n = n;
        for met in &mut self.met {
            met.clear();
            met.resize(n, 0);
        }
        for a in 0..n {
            for b in 0..n {
                for (axis, &d) in pairs[a * n + b].iter().enumerate() {
                    if d != FREE {
                        self.met[2 * axis][a] |= 1 << b;
                        self.met[2 * axis + 1][b] |= 1 << a;
                    }
                }
            }
        }
    }

    /// The rows by distance, from the same pairs as [`Directions::fill_met`].
    fn fill_levels(&mut self, pairs: &[[u32; 3]]) {
        let n = self.n;
        for axis in 0..3 {
            // The distances under 64 as bits (the common case), the rest in a list.
            let (mut small, levels) = (0u64, &mut self.levels[axis]);
            levels.clear();
            for p in pairs {
                match p[axis] {
                    d if d < 64 => small |= 1 << d,
                    FREE => {}
                    d => levels.push(d),
                }
            }
            levels.sort_unstable();
            levels.dedup();
            let big = levels.len();
            let mut bits = small;
            while bits != 0 {
                levels.push(bits.trailing_zeros());
                bits &= bits - 1;
            }
            levels.rotate_left(big);
            let (count, smalls) = (levels.len(), small.count_ones() as usize);
            let (low, high) = self.rows.split_at_mut(2 * axis + 1);
            let (plus, minus) = (&mut low[2 * axis], &mut high[0]);
            for rows in [&mut *plus, &mut *minus] {
                rows.clear();
                rows.resize(count * n, 0);
            }
            for a in 0..n {
                for b in 0..n {
                    let d = pairs[a * n + b][axis];
                    if d == FREE {
                        continue;
                    }
                    let l = if d < 64 {
                        (small & ((1u64 << d) - 1)).count_ones() as usize
                    } else {
                        smalls + levels[smalls..].partition_point(|&v| v < d)
                    };
                    plus[l * n + a] |= 1 << b;
                    minus[l * n + b] |= 1 << a;
                }
            }
            for rows in [plus, minus] {
                for l in 1..count {
                    for a in 0..n {
                        rows[l * n + a] |= rows[(l - 1) * n + a];
                    }
                }
            }
        }
    }

    /// The smallest set holding `start` that holds every piece its members meet by
    /// `rows` (none: only `start`): each member's row read once, as it joins.
    fn closure(rows: Option<&[u64]>, start: u64) -> u64 {
        let Some(rows) = rows else { return start };
        let mut group = start;
        let mut todo = start;
        while todo != 0 {
            let a = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let new = rows[a] & !group;
            group |= new;
            todo |= new;
        }
        group
    }

    /// The groups of direction `d` that are free for good (a separation): for each piece
    /// in turn, the pieces it meets however far it goes, and theirs, repeatedly, when
    /// they are not the whole part; each group once, in the order found.
    fn free_groups(&self, d: usize, out: &mut Vec<u64>) {
        out.clear();
        let all = every_piece(self.n);
        for i in 0..self.n {
            let group = Self::closure(Some(&self.met[d]), 1 << i);
            if group != all && !out.contains(&group) {
                out.push(group);
            }
        }
    }

    /// The moves of direction `d` (after [`Directions::fill_levels`]), as BurrTools
    /// defines a move: a group of pieces translated by some units, no piece of the group
    /// meeting a piece outside it on the way. For each piece and each distance, the
    /// smallest such group holding the piece (the piece and, repeatedly, every piece
    /// that some member meets within that distance), as `(units, group)`, by units, each
    /// once, in the order found. Groups free for good are [`Directions::free_groups`].
    /// `spans` is room to work in: each group found with the units it may move, from and
    /// to.
    fn groups(&self, d: usize, spans: &mut Vec<(u32, u32, u64)>, out: &mut Vec<(u32, u64)>) {
        out.clear();
        spans.clear();
        let n = self.n;
        let all = every_piece(n);
        let (levels, rows) = (&self.levels[d / 2], &self.rows[d]);
        // Moving k units, the pieces met within k - 1 units come along: the levels under
        // k. The first k is 1.
        let first = levels.partition_point(|&v| v < 1);
        for i in 0..n {
            let (mut k, mut l) = (1u32, first);
            loop {
                let group = Self::closure(l.checked_sub(1).map(|l| &rows[l * n..(l + 1) * n]), 1 << i);
                if group == all {
                    break;
                }
                // The first level where a member meets a piece outside the group.
                let outside = (l..levels.len()).find(|&l| {
                    let row = &rows[l * n..(l + 1) * n];
                    members(group, n).fold(0, |met, a| met | row[a]) & !group != 0
                });
                let Some(stop) = outside else { break };
                let free = levels[stop];
                spans.push((k, free, group));
                (k, l) = (free + 1, stop + 1);
            }
        }
        // By units, each group once, in the order found.
        let most = spans.iter().map(|&(_, to, _)| to).max().unwrap_or(0);
        for units in 1..=most {
            let from = out.len();
            for &(lo, hi, group) in spans.iter() {
                if (lo..=hi).contains(&units) && !out[from..].iter().any(|&(_, g)| g == group) {
                    out.push((units, group));
                }
            }
        }
    }
}

/// Every move of one direction: each union of the groups of [`Directions::groups`] that
/// move the same units but the whole part (of `n` pieces), as `(group, units)`
/// (independent groups moving together are one move, as in BurrTools); `false` when they
/// pass [`MAX_UNIONS`].
fn unions(groups: &[(u32, u64)], n: usize, out: &mut Vec<(u64, u32)>, seen: &mut FxHashSet<u64>) -> bool {
    let all = every_piece(n);
    out.clear();
    for base in groups.chunk_by(|a, b| a.0 == b.0) {
        let units = base[0].0;
        let from = out.len();
        out.extend(base.iter().map(|&(_, g)| (g, units)));
        if base.len() == 1 {
            continue;
        }
        // The groups met so far are `out[from..]`: looked through while they are few,
        // then kept in `seen` as well.
        let mut hashed = false;
        let mut at = from;
        while at < out.len() {
            let g = out[at].0;
            at += 1;
            for &(_, b) in base {
                let u = g | b;
                if u == all {
                    continue;
                }
                let new = if hashed { seen.insert(u) } else { !out[from..].iter().any(|&(h, _)| h == u) };
                if new {
                    if out.len() - from >= MAX_UNIONS {
                        return false;
                    }
                    out.push((u, units));
                    if !hashed && out.len() - from > FEW_UNIONS {
                        seen.clear();
                        seen.extend(out[from..].iter().map(|&(h, _)| h));
                        hashed = true;
                    }
                }
            }
        }
    }
    true
}

/// The unions of one direction and distance that [`unions`] looks through before it
/// keeps them in a hash set (most states of a burr have a few).
const FEW_UNIONS: usize = 16;

/// The positions a [`separate`] has met, each a state of the part: every piece's offset
/// from where it started, less the first piece's (which therefore stays at 0). The
/// states' offsets lie one after another in one arena (no allocation per state), found
/// by hash, each with the move that first reached it.
#[derive(Default)]
struct Seen {
    /// Pieces per state.
    n: usize,
    offsets: Vec<[i32; 3]>,
    /// Per state: the state it was reached from (`u32::MAX` for the start) and the move,
    /// as (pieces moved, axis, sign, units).
    back: Vec<(u32, u64, usize, i32, u32)>,
    index: hashbrown::HashTable<u32>,
}

/// The hash of a state: each piece's offset in two words (the states of one search
/// have the same number of pieces, so no length is hashed).
fn hash_state(state: &[[i32; 3]]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    for &[x, y, z] in state {
        h.write_u64(u64::from(x as u32) | u64::from(y as u32) << 32);
        h.write_u32(z as u32);
    }
    h.finish()
}

/// State `id` of `n` pieces in the arena `offsets`.
fn state_in(offsets: &[[i32; 3]], n: usize, id: u32) -> &[[i32; 3]] {
    &offsets[id as usize * n..(id as usize + 1) * n]
}

/// A [`Seen`] whose index grew past this many states is dropped rather than cleared
/// (clearing costs its capacity, every search after a large one).
const KEEP_SEEN: usize = 1 << 16;

impl Seen {
    /// Empty, for states of `n` pieces.
    fn reset(&mut self, n: usize) {
        if self.index.capacity() > KEEP_SEEN {
            *self = Seen::default();
        }
        self.n = n;
        self.offsets.clear();
        self.back.clear();
        self.index.clear();
    }

    fn state(&self, id: u32) -> &[[i32; 3]] {
        state_in(&self.offsets, self.n, id)
    }

    /// Keeps `state` unless it was met before; `Some(id)` when it is new.
    ///
    /// Errors: [`Stuck::GaveUp`] when it is new and `max_states` are kept already.
    fn insert(&mut self, state: &[[i32; 3]], back: (u32, u64, usize, i32, u32), max_states: usize) -> Result<Option<u32>, Stuck> {
        let Seen { n, offsets, back: backs, index } = self;
        let n = *n;
        let entry = index.entry(hash_state(state), |&id| state_in(offsets, n, id) == state, |&id| hash_state(state_in(offsets, n, id)));
        let hashbrown::hash_table::Entry::Vacant(slot) = entry else {
            return Ok(None);
        };
        if backs.len() >= max_states {
            return Err(Stuck::GaveUp);
        }
        let id = backs.len() as u32;
        slot.insert(id);
        offsets.extend_from_slice(state);
        backs.push(back);
        Ok(Some(id))
    }
}

/// Direction `d` of [`Directions`] as its axis and sense (+1 or -1).
fn direction(d: usize) -> (usize, i32) {
    (d / 2, if d.is_multiple_of(2) { 1 } else { -1 })
}

/// The separation of `part` in `state`, if any: the group taken away (the fewer side),
/// its axis and sense. The first that takes the fewest pieces away, in the order of the
/// directions and of the groups found (one piece: none can take fewer). Leaves the
/// state's pairs in `pairs` and its met rows in `directions`. `from`: the pairs of the
/// state it was reached from and the group moved (only the pairs across it are new).
fn separation_in(
    part: &Part,
    state: &[[i32; 3]],
    from: Option<(&[[u32; 3]], u64)>,
    movement: &mut Movement,
    pairs: &mut Vec<[u32; 3]>,
    directions: &mut Directions,
    free: &mut Vec<u64>,
) -> Option<(u64, usize, i32)> {
    let n = part.pieces.len();
    match from {
        Some((parent, group)) => movement.pairs_after(part, state, parent, group, pairs),
        None => movement.pairs(part, state, pairs),
    }
    directions.fill_met(pairs, n);
    let mut separation: Option<(u64, usize, i32)> = None;
    let all = every_piece(n);
    // Neither sense of an axis has a free group when piece 0 meets every piece, directly
    // or through others, and every piece meets piece 0 (the pieces meet each other in
    // one strongly connected component; the other sense's rows are the transposed
    // graph): two closures instead of one per piece and direction.
    let connected = |axis: usize| (2 * axis..2 * axis + 2).all(|e| Directions::closure(Some(&directions.met[e]), 1) == all);
    let open: [bool; 3] = [0, 1, 2].map(|axis| !connected(axis));
    for d in (0..6).filter(|d| open[d / 2]) {
        let (axis, sign) = direction(d);
        directions.free_groups(d, free);
        for &g in free.iter() {
            // The pieces taken away are the fewer side: the rest moves the other way just
            // as freely.
            let (taken, s) = if 2 * g.count_ones() as usize <= n { (g, sign) } else { (!g & every_piece(n), -sign) };
            if separation.is_none_or(|(best, _, _)| taken.count_ones() < best.count_ones()) {
                separation = Some((taken, axis, s));
                if taken.count_ones() == 1 {
                    return separation;
                }
            }
        }
    }
    separation
}

/// The breadth-first search for the first separation of `part`: its number of moves,
/// its steps (only when `record`: none otherwise), and the two parts where they are at
/// the separation (the pieces taken away, the fewer, then the pieces that stayed).
///
/// The states are visited in breadth-first order and the first with a separation wins;
/// each is tested as it is met, so the search stops in the middle of the depth before
/// it rather than after all of that depth's moves (the same state is found: a depth's
/// states are visited in the order they were met).
fn separate(
    part: &Part,
    movement: &mut Movement,
    scratch: &mut Scratch,
    max_moves: u32,
    max_states: usize,
    record: bool,
) -> Result<(u32, Vec<Step>, Part, Part), Stuck> {
    let n = part.pieces.len();
    if n > 64 {
        return Err(Stuck::GaveUp);
    }
    let Scratch { pairs, directions, free, spans, groups, moves, union_seen, seen, frontier, next, moved, frontier_pairs, next_pairs } =
        scratch;
    seen.reset(n);
    // The start is kept whatever the bound: a separation from it needs no other state.
    moved.clear();
    moved.resize(n, [0; 3]);
    seen.insert(moved, (u32::MAX, 0, 0, 0, 0), usize::MAX)?;
    // The assembly's indices of the pieces of a mask.
    let ids = |mask: u64| -> Vec<usize> { members(mask, n).map(|i| part.pieces[i]).collect() };
    // The answer for a separation of state `id`, `depth` moves from the start.
    let found = |seen: &Seen, id: u32, depth: u32, (taken, axis, sign): (u64, usize, i32)| {
        // The steps from the start to this state, then the separation.
        let mut steps = Vec::new();
        let mut at = id;
        while let Some(&(prev, g, axis, sign, units)) = seen.back.get(at as usize).filter(|b| record && b.0 != u32::MAX) {
            steps.push(Step { pieces: ids(g), axis, sign, distance: Some(units) });
            at = prev;
        }
        steps.reverse();
        if record {
            steps.push(Step { pieces: ids(taken), axis, sign, distance: None });
        }
        let (a, b) = split(part, seen.state(id), taken);
        (depth + 1, steps, a, b)
    };
    if max_moves == 0 {
        return Err(Stuck::GaveUp);
    }
    if let Some(separation) = separation_in(part, seen.state(0), None, movement, pairs, directions, free) {
        return Ok(found(seen, 0, 0, separation));
    }
    frontier.clear();
    frontier.push(0);
    // Each frontier state's pairs, `n * n` a state in the frontier's order: computed
    // once, when the state was met and tested, and read again when it is expanded.
    frontier_pairs.clear();
    frontier_pairs.extend_from_slice(pairs);
    let mut depth = 0u32;
    let mut exhausted = true;
    while !frontier.is_empty() {
        if depth >= max_moves {
            exhausted = false;
            break;
        }
        // The states met now are depth + 1 moves from the start; a separation from one
        // is within the bound when depth + 2 moves are.
        let test = depth + 1 < max_moves;
        next.clear();
        next_pairs.clear();
        for (&id, state_pairs) in frontier.iter().zip(frontier_pairs.chunks_exact(n * n)) {
            directions.fill_levels(state_pairs);
            for d in 0..6 {
                let (axis, sign) = direction(d);
                directions.groups(d, spans, groups);
                if !unions(groups, n, moves, union_seen) {
                    return Err(Stuck::GaveUp);
                }
                for &(g, units) in moves.iter() {
                    normalize(seen.state(id), g, axis, sign * units as i32, moved);
                    let Some(child) = seen.insert(moved, (id, g, axis, sign, units), max_states)? else { continue };
                    next.push(child);
                    // The test overwrites the pairs and the met rows, which the moves
                    // of the state being expanded no longer read (its levels and rows
                    // stay).
                    // A state met at the last depth is not expanded, nor tested.
                    if test {
                        if let Some(separation) =
                            separation_in(part, seen.state(child), Some((state_pairs, g)), movement, pairs, directions, free)
                        {
                            return Ok(found(seen, child, depth + 1, separation));
                        }
                        next_pairs.extend_from_slice(pairs);
                    }
                }
            }
        }
        std::mem::swap(frontier, next);
        std::mem::swap(frontier_pairs, next_pairs);
        depth += 1;
    }
    Err(if exhausted { Stuck::Locked } else { Stuck::GaveUp })
}

/// What [`separate`] works in, kept from one search to the next (no allocation per
/// search once the buffers have grown).
#[derive(Default)]
struct Scratch {
    pairs: Vec<[u32; 3]>,
    directions: Directions,
    free: Vec<u64>,
    spans: Vec<(u32, u32, u64)>,
    groups: Vec<(u32, u64)>,
    moves: Vec<(u64, u32)>,
    union_seen: FxHashSet<u64>,
    seen: Seen,
    frontier: Vec<u32>,
    next: Vec<u32>,
    moved: Vec<[i32; 3]>,
    frontier_pairs: Vec<[u32; 3]>,
    next_pairs: Vec<[u32; 3]>,
}

/// `state` with `group` moved by `by` along `axis`, then every offset made relative to
/// the first piece's again, into `moved`.
fn normalize(state: &[[i32; 3]], group: u64, axis: usize, by: i32, moved: &mut Vec<[i32; 3]>) {
    moved.clear();
    moved.extend_from_slice(state);
    for i in members(group, state.len()) {
        moved[i][axis] += by;
    }
    let base = moved[0];
    for m in moved.iter_mut() {
        for d in 0..3 {
            m[d] -= base[d];
        }
    }
}

/// The two parts of a separation, with the pieces where they are in `state`.
fn split(part: &Part, state: &[[i32; 3]], group: u64) -> (Part, Part) {
    let mut a = Part { pieces: Vec::new(), offsets: Vec::new() };
    let mut b = Part { pieces: Vec::new(), offsets: Vec::new() };
    for (i, offset) in part.offsets.iter().enumerate() {
        let target = if group & (1 << i) != 0 { &mut a } else { &mut b };
        target.pieces.push(part.pieces[i]);
        target.offsets.push([0, 1, 2].map(|d| offset[d] + state[i][d]));
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
    use crate::testing::{lcg, shape_of};
    use crate::{assemblies, BurrProblem, BurrPuzzle, Part, ShapeDef};
    use rustc_hash::FxHashSet;

    #[test]
    fn unions_are_every_union_of_groups_of_one_distance_but_the_whole() {
        // Random groups of up to 12 pieces, some distances shared by many groups (more
        // unions than are looked through before they are hashed), against every union of
        // a nonempty subset of each distance's groups, found bit mask by bit mask.
        let mut seed = 7u64;
        let mut next = || lcg(&mut seed) >> 20;
        let mut seen = FxHashSet::default();
        let (mut out, mut hashed) = (Vec::new(), 0);
        for _ in 0..300 {
            let n = 2 + (next() % 11) as usize;
            let all = every_piece(n);
            let mut groups: Vec<(u32, u64)> = Vec::new();
            for units in 1..=3u32 {
                for _ in 0..next() % 7 {
                    let g = (next() & all).max(1) & all;
                    if g != all && !groups.contains(&(units, g)) {
                        groups.push((units, g));
                    }
                }
            }
            assert!(unions(&groups, n, &mut out, &mut seen));
            for units in 1..=3u32 {
                let base: Vec<u64> = groups.iter().filter(|g| g.0 == units).map(|g| g.1).collect();
                let mut want: Vec<u64> = (1..1u64 << base.len())
                    .map(|subset| members(subset, base.len()).fold(0, |u, i| u | base[i]))
                    .filter(|&u| u != all)
                    .collect();
                want.sort_unstable();
                want.dedup();
                let mut got: Vec<u64> = out.iter().filter(|m| m.1 == units).map(|m| m.0).collect();
                let found = got.len();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got.len(), found, "a union listed twice");
                assert_eq!(got, want, "{n} pieces, distance {units}: {base:?}");
                hashed += usize::from(found > FEW_UNIONS);
            }
        }
        assert!(hashed > 10, "{hashed} distances past FEW_UNIONS");
    }

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
            lcg(seed);
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

    /// The movement between two forms, by the bit rows and by the sorted lines, equals
    /// the least gap between their cells found by looking at every pair of cells, on
    /// random pieces at random offsets (overlapping, touching, far apart, behind).
    #[test]
    fn rows_and_lines_agree_with_every_pair_of_cells() {
        let mut seed = 7u64;
        let brute = |a: &[[i32; 3]], b: &[[i32; 3]], axis: usize, rel: [i32; 3]| {
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
            let mut best = FREE;
            for p in a {
                for q in b {
                    let q = [0, 1, 2].map(|d| q[d] + rel[d]);
                    if q[u] == p[u] && q[v] == p[v] && q[axis] > p[axis] {
                        best = best.min((q[axis] - p[axis] - 1) as u32);
                    }
                }
            }
            best
        };
        let mut by_rows = 0;
        for _ in 0..3000 {
            lcg(&mut seed);
            let (sa, sb) = (1 + (seed >> 33) as usize % 30, 1 + (seed >> 45) as usize % 30);
            let (a, b) = (Form::new(random_piece(&mut seed, sa)), Form::new(random_piece(&mut seed, sb)));
            for _ in 0..20 {
                lcg(&mut seed);
                let mut rel = [0, 1, 2].map(|d| ((seed >> (20 + 8 * d)) % 13) as i32 - 6);
                if (seed >> 60) & 3 == 0 {
                    // One coordinate far: boxes apart, or wholly ahead along an axis.
                    rel[(seed >> 50) as usize % 3] *= 9;
                }
                for axis in 0..3 {
                    let expected = brute(&a.cells, &b.cells, axis, rel);
                    assert_eq!(a.towards(&b, axis, rel), expected, "{:?} {:?} {axis} {rel:?}", a.cells, b.cells);
                    assert_eq!(a.towards_by_lines(&b, axis, rel), expected);
                    let apart = |d: usize| rel[d] > a.top[d] || rel[d] + b.top[d] < 0;
                    if !apart((axis + 1) % 3) && !apart((axis + 2) % 3) && rel[axis] + b.top[axis] > 0 {
                        assert!(!a.rows[axis].is_empty() && !b.rows[axis].is_empty());
                        assert_eq!(a.towards_by_rows(&b, axis, rel), expected);
                        by_rows += 1;
                    }
                }
            }
        }
        assert!(by_rows > 10_000, "{by_rows}");
        // A form longer than a row: the lines only.
        let long = Form::new((0..70).map(|x| [x, 0, 0]).collect());
        assert!(long.rows[0].is_empty() && !long.rows[1].is_empty());
        let dot = Form::new(vec![[0, 0, 0]]);
        assert_eq!(dot.towards(&long, 0, [5, 0, 0]), 4);
        assert_eq!(long.towards(&dot, 0, [75, 0, 0]), 5);
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
                    parts: (0..3).map(|s| Part { shape: s, min: 0, max: 6, groups: Vec::new() }).collect(),
                    result: 3,
                    max_holes: None,
                    color_pairs: vec![],
                }],
                shapes,
            };
            let found = assemblies(&puzzle, 0, 100_000).unwrap();
            // One disassembler for the puzzle, its movement cache shared by the assemblies.
            let mut shared = Disassembler::default();
            for assembly in found.classes.iter().take(25) {
                let cells: Vec<Vec<[i32; 3]>> = assembly.iter().map(|p| p.cells.clone()).collect();
                let ours = disassemble(&cells, 1000, 1_000_000);
                assert_eq!(shared.disassemble(&cells, &Grouping::default(), 1000, 1_000_000), ours, "the shared cache changes nothing");
                let answer = ours.as_ref().map(|_| ()).map_err(Stuck::clone);
                assert_eq!(shared.comes_apart(&cells, &Grouping::default(), 1000, 1_000_000), answer, "no tree, the same answer");
                assert_ne!(ours, Err(Stuck::GaveUp));
                assert_eq!(ours.is_ok(), brute_apart(&cells), "{assembly:?}");
                if let Ok(d) = &ours {
                    check(&cells, &d.steps).unwrap();
                    assert_eq!(separations(&d.tree), cells.len() - 1, "one separation per piece but the last");
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
        let mut next = || (lcg(seed) >> 33) as usize;
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

    /// The separations of a tree.
    fn separations(tree: &Separation) -> usize {
        1 + [&tree.left, &tree.removed].into_iter().flatten().map(|s| separations(s)).sum::<usize>()
    }

    #[test]
    fn levels_are_written_as_burrtools_writes_them() {
        let node = |moves: u32, left: Option<Separation>, removed: Option<Separation>| Separation {
            moves,
            pieces: Vec::new(),
            steps: Vec::new(),
            left: left.map(Box::new),
            removed: removed.map(Box::new),
        };
        let leaf = |moves: u32| node(moves, None, None);
        let level = |tree: &Separation| {
            let mut out = Vec::new();
            tree.level(&mut out);
            out
        };
        // One-move subtrees are left out; longer ones are written, the part that stayed
        // first.
        assert_eq!(level(&node(5, Some(leaf(1)), Some(leaf(1)))), [5]);
        assert_eq!(level(&node(5, Some(leaf(1)), Some(leaf(3)))), [5, 3]);
        let tree = node(4, Some(node(1, Some(leaf(2)), None)), Some(leaf(3)));
        assert_eq!(level(&tree), [4, 1, 2, 3]);
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
        // Two separations of one move each: BurrTools writes level 1.
        assert_eq!(separations(&d.tree), 2);
        assert_eq!(d.level, vec![1]);
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

    /// `subProbGrouping` against every assignment of groups to the parts, tried in full:
    /// random shapes in groups 1 to 3 with counts 0 to 2, and 1 to 3 locked parts.
    #[test]
    fn grouping_agrees_with_trying_every_assignment() {
        let mut seed = 11u64;
        let mut next = |m: u64| (lcg(&mut seed) >> 33) % m;
        let (mut yes, mut no) = (0, 0);
        for _ in 0..2000 {
            let mut shapes: Vec<Vec<(u32, u32)>> = Vec::new();
            for _ in 0..1 + next(4) {
                let mut groups = Vec::new();
                for g in 1..=3 {
                    if next(2) == 0 {
                        groups.push((g, next(3) as u32));
                    }
                }
                groups.truncate(1 + next(3) as usize);
                shapes.push(groups);
            }
            let mut sets: Vec<Vec<usize>> = Vec::new();
            for _ in 0..1 + next(3) {
                let mut set = Vec::new();
                for _ in 0..1 + next(3) {
                    set.push(next(shapes.len() as u64) as usize);
                }
                sets.push(set);
            }
            // The pieces of the parts, numbered in turn, each of its shape.
            let shape_of: Vec<usize> = sets.iter().flatten().copied().collect();
            let mut numbered = Vec::new();
            let mut k = 0;
            for set in &sets {
                numbered.push((k..k + set.len()).collect::<Vec<usize>>());
                k += set.len();
            }
            let grouping = Grouping { shape_of, shapes: shapes.clone() };
            let tried = (0..3u32.pow(sets.len() as u32)).any(|code| {
                let chosen: Vec<u32> = (0..sets.len()).map(|i| 1 + code / 3u32.pow(i as u32) % 3).collect();
                (0..shapes.len()).all(|shape| {
                    (1..=3).all(|g| {
                        let used = sets
                            .iter()
                            .zip(&chosen)
                            .filter(|&(_, &c)| c == g)
                            .map(|(set, _)| set.iter().filter(|&&s| s == shape).count())
                            .sum::<usize>();
                        let room: u32 = shapes[shape].iter().filter(|&&(h, _)| h == g).map(|&(_, c)| c).sum();
                        used as u32 <= room
                    })
                })
            });
            assert_eq!(grouping.assignable(&numbered), tried, "{shapes:?} {sets:?}");
            if tried {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 100 && no > 100, "{yes} assignable, {no} not");
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
