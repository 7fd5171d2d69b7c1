//! The slot search: the assembler's engine for results that split into *slots*, as the
//! six-piece burr splits into its six sticks.
//!
//! A slot is the bounding box of some placements that holds a *private* voxel, one in no
//! other placement's box. The search applies when:
//! - every placement whose box is no slot is *blocked*: it leaves some voxel to fill
//!   empty that every placement filling it overlaps (Knuth's DLX-PRE rule), so no
//!   assembly holds it. A stick that fits across two parallel sticks of the burr is such
//!   a placement;
//! - in each slot, some private voxel to fill (not a variable one) is filled by every
//!   placement of the slot, or every placement fills more than half of those voxels:
//!   two placements of a slot then overlap. Only the slot's placements can fill its
//!   private voxels, so an assembly takes exactly one placement per slot, and placements
//!   that leave a private voxel to fill of their slot empty are dropped;
//! - a slot shares at most 64 voxels with other slots (its *contested* voxels; the
//!   burr's central voxels lie in three sticks), and at most 8 of them stay open at its
//!   turn (see below).
//!
//! A placement is then its slot's private voxels plus a mask of its slot's contested
//! voxels. The slots are taken in a fixed order (each the one sharing most voxels with
//! those before it). When a slot's turn comes, a contested voxel that an earlier slot's
//! placement filled must stay empty here, and one to fill whose other slots all came
//! earlier and left it empty must be filled here; the others that an earlier slot also
//! holds stay open (a later slot may fill them, or they are variable). The placements
//! that agree are found by table lookups keyed by that part of the mask, one per subset
//! of the open voxels. The last slot's placement of a solid result is thus one lookup,
//! where exact cover (Algorithm M over every voxel and piece) would branch on voxels and
//! clear thousands of options per node. Piece counts are kept as the search goes;
//! variable voxels are filled at most once, and how many stay empty is checked against
//! `maxHoles` on each assembly found, as for exact cover.
//!
//! The assemblies found are the same as the exact cover's (the tests compare them on
//! random puzzles); only their order differs.

use rustc_hash::FxHashMap;
use std::ops::ControlFlow;

/// A slot search over the options of an assembly problem, when it applies.
#[derive(Debug)]
pub(crate) struct SlotSearch {
    /// The slots in search order: per slot, its options' tables.
    slots: Vec<Slot>,
    /// Per option: its part (an index into `ranges`), and its projections, per later slot
    /// (by position in the search order), onto that slot's contested voxels: the mask of
    /// the voxels it fills there.
    part: Vec<u32>,
    projections: Vec<Vec<(u32, u64)>>,
    /// Per part: its least and greatest count.
    ranges: Vec<(u32, u32)>,
    /// Per option, a key no option after the first slot's may have less of (see
    /// [`SlotSearch::least_key_first`]).
    keys: Option<Vec<u32>>,
}

#[derive(Debug)]
struct Slot {
    /// Masks of this slot's contested voxels: those whose other slots all come earlier,
    /// and those whose other slots come both earlier and later.
    decided: u64,
    mixed: u64,
    /// The options, keyed by the part of their mask on `decided | mixed`.
    table: FxHashMap<u64, Vec<u32>>,
}

/// The most contested voxels of a slot that stay open at its turn unless an earlier slot
/// filled them (variable ones, and those a later slot also holds): the candidates of a
/// slot are gathered from up to 2 to this power table entries.
const MAX_MIXED: u32 = 8;

/// The most distinct bounding boxes of placements the slot search looks at (slots and
/// the boxes of placements to prove blocked).
const MAX_BOXES: usize = 4096;

/// A box `[lo, hi]` (inclusive) of cube grid cells.
pub(crate) type Bounds = ([i32; 3], [i32; 3]);

/// The bounding box of `cells` (`[i32::MAX; 3], [i32::MIN; 3]` for none).
pub(crate) fn bounds<'a>(cells: impl IntoIterator<Item = &'a [i32; 3]>) -> Bounds {
    let mut lo = [i32::MAX; 3];
    let mut hi = [i32::MIN; 3];
    for c in cells {
        for d in 0..3 {
            lo[d] = lo[d].min(c[d]);
            hi[d] = hi[d].max(c[d]);
        }
    }
    (lo, hi)
}

fn inside((lo, hi): &Bounds, c: &[i32; 3]) -> bool {
    (0..3).all(|d| lo[d] <= c[d] && c[d] <= hi[d])
}

impl SlotSearch {
    /// The slot search over `options` (each its part, an index into `ranges`, and its
    /// voxels) filling the result's voxels `filled` exactly once and its `variable` ones
    /// at most once, or `None` when the problem does not split into slots as the module
    /// describes (or has more than 64 slots, or a single one).
    pub(crate) fn new(
        filled: &[[i32; 3]],
        variable: &[[i32; 3]],
        options: &[(u32, &[[i32; 3]])],
        ranges: Vec<(u32, u32)>,
    ) -> Option<SlotSearch> {
        let voxels: Vec<([i32; 3], bool)> = filled.iter().map(|c| (*c, true)).chain(variable.iter().map(|c| (*c, false))).collect();
        let mut slot_of_box: FxHashMap<Bounds, usize> = FxHashMap::default();
        let mut boxes: Vec<Bounds> = Vec::new();
        let mut box_of: Vec<usize> = Vec::with_capacity(options.len());
        for (_, cells) in options {
            let b = bounds(cells.iter());
            let next = boxes.len();
            let s = *slot_of_box.entry(b).or_insert(next);
            if s == next {
                boxes.push(b);
            }
            box_of.push(s);
        }
        // Placements of many boxes are no slots: the checks below would cost voxels times
        // boxes for nothing.
        if boxes.len() > MAX_BOXES {
            return None;
        }
        // The slots: the boxes with a private voxel (in no other box).
        let mut anchored = vec![false; boxes.len()];
        for (c, _) in &voxels {
            let mut holders = (0..boxes.len()).filter(|&b| inside(&boxes[b], c));
            if let (Some(b), None) = (holders.next(), holders.next()) {
                anchored[b] = true;
            }
        }
        // (The checks that need only the slots come first: most results that are no
        // slots fail them, and those that need the options' voxel sets cost options times
        // voxels.)
        let index: FxHashMap<[i32; 3], usize> = voxels.iter().enumerate().map(|(i, (c, _))| (*c, i)).collect();
        let must_fill = |c: &[i32; 3]| voxels[index[c]].1;
        let slot_index: Vec<usize> = anchored
            .iter()
            .scan(0, |k, &a| {
                *k += usize::from(a);
                Some(if a { *k - 1 } else { usize::MAX })
            })
            .collect();
        let boxes: Vec<Bounds> = boxes.iter().zip(&anchored).filter(|(_, a)| **a).map(|(b, _)| *b).collect();
        let slot_of: Vec<usize> = box_of.iter().map(|&b| slot_index[b]).collect();
        let n = boxes.len();
        if !(2..=64).contains(&n) {
            return None;
        }
        // Each voxel's slots; private voxels per slot; contested voxels, each with its slots.
        let mut private: Vec<Vec<[i32; 3]>> = vec![Vec::new(); n];
        let mut contested: Vec<Vec<[i32; 3]>> = vec![Vec::new(); n];
        let mut holders_of: FxHashMap<[i32; 3], Vec<usize>> = FxHashMap::default();
        let mut bit: FxHashMap<([i32; 3], usize), u32> = FxHashMap::default();
        let mut shared = vec![vec![0u32; n]; n];
        for &(c, must) in &voxels {
            let holders: Vec<usize> = (0..n).filter(|&s| inside(&boxes[s], &c)).collect();
            match holders[..] {
                [] if must => return None, // no option left can fill it: no assembly, which exact cover says as well
                [] => {}
                [s] if must => private[s].push(c),
                [_] => {}
                _ => {
                    for &u in &holders {
                        if contested[u].len() == 64 {
                            return None;
                        }
                        bit.insert((c, u), contested[u].len() as u32);
                        contested[u].push(c);
                        for &v in &holders {
                            shared[u][v] += u32::from(u != v);
                        }
                    }
                    holders_of.insert(c, holders);
                }
            }
        }
        // The search order: the slot with most contested voxels, then each time the one
        // sharing most with those chosen (ties to more contested voxels, then the first).
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut position = vec![usize::MAX; n];
        while order.len() < n {
            let next = (0..n)
                .filter(|&s| position[s] == usize::MAX)
                .max_by_key(|&s| {
                    let with_chosen: u32 = order.iter().map(|&t| shared[s][t]).sum();
                    (with_chosen, contested[s].len(), std::cmp::Reverse(s))
                })
                .expect("a slot is left");
            position[next] = order.len();
            order.push(next);
        }
        // Per slot, its contested voxels whose other slots all come before it (decided
        // at its turn), and those whose other slots come both before and after it
        // (decided when an earlier slot filled them, else open).
        let mut slots: Vec<Slot> = order
            .iter()
            .map(|&s| {
                let (mut decided, mut mixed) = (0u64, 0u64);
                for (i, c) in contested[s].iter().enumerate() {
                    let others = holders_of[c].iter().filter(|&&t| t != s);
                    let (before, after) =
                        others.fold((false, false), |(b, a), &t| (b || position[t] < position[s], a || position[t] > position[s]));
                    // A voxel to fill whose other slots all came earlier is decided; one
                    // that a later slot may fill, or a variable one, is open unless an
                    // earlier slot filled it.
                    match (before, after || !must_fill(c)) {
                        (true, false) => decided |= 1 << i,
                        (true, true) => mixed |= 1 << i,
                        _ => {}
                    }
                }
                Slot { decided, mixed, table: FxHashMap::default() }
            })
            .collect();
        if slots.iter().any(|slot| slot.mixed.count_ones() > MAX_MIXED) {
            return None;
        }
        // The options of other boxes must each be blocked, else the search does not apply.
        let sets = Sets::new(voxels.len(), &index, options)?;
        let to_fill = || (0..voxels.len()).filter(|&v| voxels[v].1);
        if (0..options.len()).any(|o| !anchored[box_of[o]] && !sets.blocked(o, to_fill(), |_| true)) {
            return None;
        }
        // An option that leaves a private voxel to fill of its slot empty, where every
        // option of the slot that fills it overlaps this one, is in no assembly: dropped.
        let private_at: Vec<Vec<usize>> = private.iter().map(|p| p.iter().map(|c| index[c]).collect()).collect();
        let alive: Vec<bool> = (0..options.len())
            .map(|o| {
                let s = slot_of[o];
                s != usize::MAX && !sets.blocked(o, private_at[s].iter().copied(), |q| slot_of[q] == s)
            })
            .collect();
        // At most one option a slot: some private voxel to fill that every option of the
        // slot fills, or every option filling more than half of them (two options of a
        // slot then overlap). `private` holds only voxels to fill: variable ones may stay
        // empty.
        let mut common: Vec<Vec<usize>> = private_at.clone();
        let mut least = vec![usize::MAX; n];
        for o in (0..options.len()).filter(|&o| alive[o]) {
            let s = slot_of[o];
            common[s].retain(|&v| sets.has(o, v));
            least[s] = least[s].min(private_at[s].iter().filter(|&&v| sets.has(o, v)).count());
        }
        if (0..n).any(|s| common[s].is_empty() && least[s] <= private[s].len() / 2) {
            return None;
        }
        let mut part = Vec::with_capacity(options.len());
        let mut projections = Vec::with_capacity(options.len());
        for (o, (p, cells)) in options.iter().enumerate() {
            let s = slot_of[o];
            part.push(*p);
            if !alive[o] {
                projections.push(Vec::new());
                continue; // blocked
            }
            let privates = cells.iter().filter(|c| !bit.contains_key(&(**c, s)) && must_fill(c)).count();
            let mut mask = 0u64;
            let mut later: Vec<(u32, u64)> = Vec::new();
            for c in cells.iter() {
                let Some(&b) = bit.get(&(*c, s)) else { continue };
                mask |= 1 << b;
                // The later slots holding this voxel learn that it is filled.
                for &t in holders_of[c].iter().filter(|&&t| position[t] > position[s]) {
                    let tb = 1u64 << bit[&(*c, t)];
                    match later.iter_mut().find(|(k, _)| *k as usize == position[t]) {
                        Some((_, m)) => *m |= tb,
                        None => later.push((position[t] as u32, tb)),
                    }
                }
            }
            projections.push(later);
            // An option that leaves a private voxel of its slot empty is in no assembly:
            // only another option of the slot could fill it.
            if privates == private[s].len() {
                let slot = &mut slots[position[s]];
                slot.table.entry(mask & (slot.decided | slot.mixed)).or_default().push(o as u32);
            }
        }
        Some(SlotSearch { slots, part, projections, ranges, keys: None })
    }

    /// The number of slots.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// The options of the slot at `depth` in the search order (those that fill its
    /// private voxels), sorted.
    pub(crate) fn slot(&self, depth: usize) -> Vec<u32> {
        let mut out: Vec<u32> = self.slots[depth].table.values().flatten().copied().collect();
        out.sort_unstable();
        out
    }

    /// From now on, the first slot's option must have the least key among an assembly's
    /// options (`keys`, per option).
    pub(crate) fn least_key_first(&mut self, keys: Vec<u32>) {
        self.keys = Some(keys);
    }

    /// Keeps of the first slot's options only those that `keep` accepts.
    pub(crate) fn retain_first(&mut self, keep: impl Fn(u32) -> bool) {
        for list in self.slots[0].table.values_mut() {
            list.retain(|&o| keep(o));
        }
    }

    /// Calls `visit` with every assembly (its options, sorted), until it breaks.
    pub(crate) fn run(&self, mut visit: impl FnMut(&[u32]) -> ControlFlow<()>) {
        let n = self.slots.len();
        // Per slot (by position): the contested voxels that earlier slots' options fill.
        let mut filled = vec![0u64; n];
        let mut counts = vec![0u32; self.ranges.len()];
        // Per depth: its candidates, the next one to try, the option taken (or none), and
        // the values of `filled` it overwrote.
        let mut candidates: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut at = vec![0usize; n];
        let mut taken: Vec<Option<u32>> = vec![None; n];
        let mut undo: Vec<Vec<(u32, u64)>> = vec![Vec::new(); n];
        let mut sorted: Vec<u32> = Vec::with_capacity(n);
        self.candidates(0, &filled, &mut candidates[0]);
        let mut depth = 0usize;
        loop {
            if let Some(o) = taken[depth].take() {
                counts[self.part[o as usize] as usize] -= 1;
                for (t, m) in undo[depth].drain(..) {
                    filled[t as usize] = m;
                }
            }
            if at[depth] == candidates[depth].len() {
                if depth == 0 {
                    return;
                }
                depth -= 1;
                continue;
            }
            let o = candidates[depth][at[depth]] as usize;
            at[depth] += 1;
            let p = self.part[o] as usize;
            if counts[p] == self.ranges[p].1 {
                continue;
            }
            if let (Some(keys), Some(first)) = (&self.keys, taken[0].filter(|_| depth > 0)) {
                if keys[o] < keys[first as usize] {
                    continue;
                }
            }
            counts[p] += 1;
            taken[depth] = Some(o as u32);
            for &(t, m) in &self.projections[o] {
                undo[depth].push((t, filled[t as usize]));
                filled[t as usize] |= m;
            }
            if depth + 1 < n {
                depth += 1;
                self.candidates(depth, &filled, &mut candidates[depth]);
                at[depth] = 0;
                continue;
            }
            if counts.iter().zip(&self.ranges).all(|(&c, &(lo, _))| c >= lo) {
                sorted.clear();
                sorted.extend(taken.iter().map(|t| t.expect("every slot has an option")));
                sorted.sort_unstable();
                if visit(&sorted).is_break() {
                    return;
                }
            }
        }
    }

    /// Into `out`, the options of the slot at `depth` that agree with the earlier slots'
    /// options: each decided voxel filled exactly when they left it empty, no voxel they
    /// filled filled again.
    fn candidates(&self, depth: usize, filled: &[u64], out: &mut Vec<u32>) {
        out.clear();
        let slot = &self.slots[depth];
        let base = slot.decided & !filled[depth];
        let open = slot.mixed & !filled[depth];
        // Every subset of the open voxels, each a table entry.
        let mut sub = 0u64;
        loop {
            if let Some(list) = slot.table.get(&(base | sub)) {
                out.extend_from_slice(list);
            }
            sub = sub.wrapping_sub(open) & open;
            if sub == 0 {
                break;
            }
        }
    }
}

/// The options as bitsets of the result's voxels, and per voxel the options filling it,
/// for the blocked-option rule of Knuth's DLX-PRE.
struct Sets {
    words: usize,
    sets: Vec<u64>,
    covering: Vec<Vec<u32>>,
}

impl Sets {
    /// The sets of `options` over `voxels` voxels numbered by `index`, or `None` when an
    /// option has a voxel outside.
    fn new(voxels: usize, index: &FxHashMap<[i32; 3], usize>, options: &[(u32, &[[i32; 3]])]) -> Option<Sets> {
        let words = voxels.div_ceil(64);
        let mut sets = vec![0u64; options.len() * words];
        let mut covering: Vec<Vec<u32>> = vec![Vec::new(); voxels];
        for (o, (_, cells)) in options.iter().enumerate() {
            for c in cells.iter() {
                let v = *index.get(c)?;
                sets[o * words + v / 64] |= 1 << (v % 64);
                covering[v].push(o as u32);
            }
        }
        Some(Sets { words, sets, covering })
    }

    fn set(&self, o: usize) -> &[u64] {
        &self.sets[o * self.words..(o + 1) * self.words]
    }

    fn has(&self, o: usize, v: usize) -> bool {
        self.set(o)[v / 64] >> (v % 64) & 1 == 1
    }

    /// Whether option `o` is *blocked* at one of the voxels `at`: it leaves the voxel
    /// empty and every option among those `alive` that fills it overlaps `o`, so that no
    /// assembly holds `o` (when the voxel must be filled).
    fn blocked(&self, o: usize, mut at: impl Iterator<Item = usize>, alive: impl Fn(usize) -> bool) -> bool {
        let mine = self.set(o);
        at.any(|v| {
            !self.has(o, v)
                && !self.covering[v].iter().any(|&q| alive(q as usize) && self.set(q as usize).iter().zip(mine).all(|(x, y)| x & y == 0))
        })
    }
}
