//! The breadth-first search from both ends over the states of a [`Skyline`]: the states
//! kept (an arena of keys with a hash index), each depth expanded on threads, the mates
//! looked up turned, and the tiling rebuilt from the two chains.

use super::{across_map, normal, Effort, Lengths, Shortest, Skyline, Solid, Tally, MAX_REQUIRED};
use crate::transfer::TransferError;
use rustc_hash::FxHasher;
use std::hash::Hasher;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicU64;

mod arena;
mod saved;
use arena::Arena;

/// The states of a layer expanded at a time ([`Search::run`]).
const CHUNK: u32 = 1 << 14;

/// The prints of the middle depth ([`Depth::Middle`]) that count as one state against
/// the bound on the states kept: a print takes 9 to 18 bytes of a hash table (as the
/// table grows), a state about 32 with its key, start, parent and index entry.
const PRINTS_A_STATE: usize = 3;

/// The states kept: each state's key (its crossing tiles, sorted, then one word of used
/// set and residue), encoded ([`encode`]), in one arena of bytes, found by hash. States
/// are kept depth by depth, so a depth's states are the ids from its first.
struct States {
    /// The keys, one after another.
    bytes: Arena<u8>,
    /// Per state, where its key starts in `bytes` (the next one's start ends it), less
    /// 2^32 for each of `wraps` at or before it.
    starts: Arena<u32>,
    /// The states whose start is past one more multiple of 2^32 than the state before
    /// (none until the keys take 4 GiB).
    wraps: Vec<u32>,
    /// Per depth, its first state (its last is the next depth's first less one).
    firsts: Vec<u32>,
    parents: Arena<u32>,
    index: hashbrown::HashTable<u32>,
}

fn hash_of(key: &[u8]) -> u64 {
    let mut h = FxHasher::default();
    h.write(key);
    h.finish()
}

/// A state's 64-bit fingerprint from its key's bytes, for the middle depth's lookups
/// ([`Depth::Middle`]): each eight bytes mixed in by SplitMix64's finalizer (Steele,
/// Lea and Flood 2014), which spreads keys that differ in one byte over all 64 bits (the
/// index's FxHash does not need to and does not). Two keys with equal prints are only
/// probably equal: a match is checked on the keys themselves.
fn print_of(key: &[u8]) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut h = 0x9e37_79b9_7f4a_7c15u64 ^ key.len() as u64;
    for chunk in key.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    }
    mix(h)
}

/// A set of prints ([`print_of`]), each its own hash (they are well mixed already): a
/// table of 8 bytes and a control byte a print.
#[derive(Default)]
struct Prints(hashbrown::HashTable<u64>);

impl Prints {
    /// Adds `print`: `false` when it was there.
    fn insert(&mut self, print: u64) -> bool {
        match self.0.entry(print, |&p| p == print, |&p| p) {
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(print);
                true
            }
            hashbrown::hash_table::Entry::Occupied(_) => false,
        }
    }

    fn contains(&self, print: u64) -> bool {
        self.0.find(print, |&p| p == print).is_some()
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn iter(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.0.iter().copied()
    }
}

/// `key` (crossing tiles strictly ascending, then the tail word) as bytes: the tail, the
/// first tile and then each tile less the one before, each as a LEB128 varint (7 bits a
/// byte, low first, the high bit set on all but the last). A state's key of 20 words
/// takes about 25 bytes where the words took 84; two keys are equal when their bytes are.
fn encode(key: &[u32], out: &mut Vec<u8>) {
    let (tail, tiles) = key.split_last().expect("a key ends with its tail");
    let mut put = |mut v: u32| {
        while v >= 0x80 {
            out.push(v as u8 | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
    };
    put(*tail);
    let mut before = 0;
    for (i, &t) in tiles.iter().enumerate() {
        put(if i == 0 { t } else { t - before });
        before = t;
    }
}

/// The key [`encode`] made `bytes` from, into `out` (cleared): `None` when `bytes` is not
/// such a key (a varint cut short or past 32 bits, a tile not above the one before).
fn decode(bytes: &[u8], out: &mut Vec<u32>) -> Option<()> {
    out.clear();
    let mut at = 0;
    let tail = varint(bytes, &mut at)?;
    while at < bytes.len() {
        let v = varint(bytes, &mut at)?;
        let t = match out.last() {
            None => v,
            Some(_) if v == 0 => return None,
            Some(&b) => b.checked_add(v)?,
        };
        out.push(t);
    }
    out.push(tail);
    Some(())
}

/// The LEB128 varint at `bytes[*at..]`, `at` moved past it: `None` when it is cut short
/// or past 32 bits.
fn varint(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let mut v: u64 = 0;
    for shift in (0..35).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return u32::try_from(v).ok();
        }
    }
    None
}

/// State `id`'s key bytes in the arena `bytes` (the keys start at `starts`, wrapped at
/// `wraps`).
fn key_in<'a>(bytes: &'a [u8], starts: &[u32], wraps: &[u32], id: u32) -> &'a [u8] {
    let start = |id: usize| (wraps.partition_point(|&w| w as usize <= id) << 32) | starts[id] as usize;
    let id = id as usize;
    let end = if id + 1 < starts.len() { start(id + 1) } else { bytes.len() };
    &bytes[start(id)..end]
}

impl States {
    /// No states, kept on the heap or in files of `dir` ([`Arena`]).
    ///
    /// Errors: as [`Arena::new`].
    fn new(dir: Option<&std::path::Path>) -> std::io::Result<States> {
        Ok(States {
            bytes: Arena::new(dir)?,
            starts: Arena::new(dir)?,
            wraps: Vec::new(),
            firsts: Vec::new(),
            parents: Arena::new(dir)?,
            index: hashbrown::HashTable::new(),
        })
    }

    /// The states moved into files of `dir` when they are on the heap and there is one
    /// (a sweep read back from its file is on the heap).
    ///
    /// Errors: as [`Arena::new`].
    fn move_to(&mut self, dir: Option<&std::path::Path>) -> std::io::Result<()> {
        self.bytes.move_to(dir)?;
        self.starts.move_to(dir)?;
        self.parents.move_to(dir)
    }

    /// How many states are kept.
    fn len(&self) -> usize {
        self.starts.len()
    }

    fn bytes_of(&self, id: u32) -> &[u8] {
        key_in(&self.bytes, &self.starts, &self.wraps, id)
    }

    /// State `id`'s key, into `out`.
    fn key_into(&self, id: u32, out: &mut Vec<u32>) {
        decode(self.bytes_of(id), out).expect("a kept key decodes");
    }

    /// The depth state `id` was kept at.
    fn depth(&self, id: u32) -> usize {
        self.firsts.partition_point(|&f| f <= id) - 1
    }

    /// The states of the deepest depth.
    fn layer(&self) -> std::ops::Range<u32> {
        *self.firsts.last().expect("the floor's depth")..self.len() as u32
    }

    /// The states of depth `depth` (the deepest: those kept so far).
    fn layer_at(&self, depth: usize) -> std::ops::Range<u32> {
        self.firsts[depth]..self.firsts.get(depth + 1).map_or(self.len() as u32, |&f| f)
    }

    /// The state whose key is `key` (encoded, hashed to `hash`).
    fn find(&self, key: &[u8], hash: u64) -> Option<u32> {
        self.index.find(hash, |&id| self.bytes_of(id) == key).copied()
    }

    /// Starts a new depth: the states kept from here on are its.
    fn open_depth(&mut self) {
        self.firsts.push(self.len() as u32);
    }

    /// Keeps `key` (encoded, hashed to `hash`) unless it is kept already; `Some(id)` when
    /// it is new.
    ///
    /// Errors: those of the states' files ([`Arena::grow`]; the room is made first, so
    /// a state is kept whole or not at all).
    fn insert(&mut self, key: &[u8], hash: u64, parent: u32) -> std::io::Result<Option<u32>> {
        let States { bytes, starts, wraps, parents, index, .. } = self;
        bytes.grow(key.len())?;
        starts.grow(1)?;
        parents.grow(1)?;
        let id = starts.len() as u32;
        // One probe: the key found, or the empty slot it goes in.
        let hashbrown::hash_table::Entry::Vacant(slot) =
            index.entry(hash, |&i| key_in(bytes, starts, wraps, i) == key, |&i| hash_of(key_in(bytes, starts, wraps, i)))
        else {
            return Ok(None);
        };
        slot.insert(id);
        if bytes.len() >> 32 > wraps.len() {
            wraps.push(id);
        }
        starts.push(bytes.len() as u32)?;
        bytes.extend_from_slice(key)?;
        parents.push(parent)?;
        Ok(Some(id))
    }
}

/// The children of a range of a layer, in order: keys (encoded) one after another in
/// `bytes`, each with its hash and parent.
#[derive(Default)]
struct Children {
    bytes: Vec<u8>,
    /// Per child, where its key ends in `bytes`.
    ends: Vec<u32>,
    hashes: Vec<u64>,
    parents: Vec<u32>,
    /// The first state of the range with a full cut as a child.
    cut: Option<u32>,
    /// Whether the search's budget ran out while the range was expanded (then the
    /// children are not all there).
    spent: bool,
    /// Whether children were left out because no mate of theirs was kept (the last
    /// depth: [`Search::expand`]).
    dropped: bool,
    /// The middle depth ([`Depth::Middle`]): per child not kept at a lesser depth,
    /// `(its print, a mate's print)` ([`print_of`]), one pair per mate it may have (a
    /// used set that completes its own).
    prints: Vec<(u64, u64)>,
}

/// What [`Search::expand`] does with the children of a depth `d`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Depth {
    /// Keeps them all (`2d` below the longest length).
    Keep,
    /// `2d` is the longest length: the children are not kept (only those with a mate
    /// kept already), but written as their prints and their mates' prints
    /// ([`Children::prints`]): their mates of their own depth are found by print, and
    /// only the children whose prints match are made again and kept ([`Search::run`]).
    /// The depth's states take a third of the memory (the octomino of order 246 at
    /// width 42: the middle depth, 22, has more states than the 21 before it).
    Middle,
    /// `2d` is past the longest length: only the children with a mate kept are kept.
    Last,
}

/// The buffers of [`Search::best_mate`].
#[derive(Default)]
struct Probe {
    turned: Vec<u32>,
    key: Vec<u32>,
    scratch: Vec<u32>,
    bytes: Vec<u8>,
}

/// Where a skyline search stopped: when the budget of [`Skyline::shortest_box_within`]
/// ran out, or as each depth is finished and within each depth
/// ([`Skyline::shortest_from`] shows it then, to be saved with [`Sweep::write_to`]). It
/// holds the states kept, the depth whose states are all kept (the layer), how far the
/// layer is expanded (within a depth: the first state of the layer not yet expanded,
/// the children of those before it kept as the next depth's first states), the best
/// rectangle found so far (length, bottom state, top state; the top `u32::MAX` for a
/// full cut after the bottom state), whether the length bound turned a placement away,
/// and the search's signature (the cross-section, the placements and the length bound),
/// which a run given the sweep checks.
pub struct Sweep {
    signature: Signature,
    states: States,
    effort: Effort,
    best: Option<(usize, u32, u32)>,
    depth: usize,
    cut: bool,
    /// Within a depth: the layer's first state not yet expanded.
    next: Option<u32>,
    /// Within the middle depth ([`Depth::Middle`]): the prints of the children made so
    /// far ([`Search::print`]), and the prints of those that may be each other's mates
    /// (their prints matched).
    prints: Prints,
    hits: rustc_hash::FxHashSet<u64>,
}

/// What a [`Sweep`] belongs to: the cross-section's cells and the sweep's height, the
/// placements, the length bound, the residue's modulus and the required pieces' set.
/// Two searches with the same signature over the same pieces keep the same states.
type Signature = [u64; 6];

impl Sweep {
    /// The states kept so far.
    pub fn states(&self) -> usize {
        self.states.len()
    }

    /// The deepest depth whose states are all kept.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Saved within a depth: the states of [`Sweep::depth`] expanded and all of them (the
    /// children of those expanded are among [`Sweep::states`]).
    pub fn expanded(&self) -> Option<(usize, usize)> {
        let layer = self.states.layer_at(self.depth);
        self.next.map(|n| ((n - layer.start) as usize, layer.len()))
    }
}

pub(super) struct Search<'a> {
    sky: &'a Skyline,
    lengths: Lengths,
    modulus: usize,
    max_length: usize,
    max_states: usize,
    /// The calls of [`Skyline::fill`] the search may make, over all threads.
    budget: Option<u64>,
    /// The calls made so far, when there is a budget.
    work: AtomicU64,
    /// The bits of the middle depth's prints used (all; fewer in tests, to make prints
    /// of different keys match).
    print_mask: u64,
    /// The states of a layer expanded at a time ([`CHUNK`]; fewer in tests, to save
    /// sweeps within small depths).
    chunk: u32,
}

impl<'a> Search<'a> {
    pub(super) fn new(sky: &'a Skyline, lengths: Lengths, max_length: usize, max_states: usize, budget: Option<u64>) -> Self {
        Search {
            sky,
            lengths,
            modulus: sky.modulus(lengths, max_length),
            max_length,
            max_states,
            budget,
            work: AtomicU64::new(0),
            print_mask: u64::MAX,
            chunk: CHUNK,
        }
    }

    /// A key's print ([`print_of`]), with the bits the search uses.
    fn print(&self, key: &[u8]) -> u64 {
        print_of(key) & self.print_mask
    }

    /// Whether a tiled rectangle whose length is `length` modulo [`Skyline::modulus`] (or
    /// exactly, for [`Lengths::Exactly`]) can be accepted: the acceptance depends on the
    /// length modulo it only (a tiled rectangle's area is a multiple of the size, so the
    /// parity of its copies is that of `cells x (length mod 2 size) / size`).
    fn may_accept(&self, length: usize) -> bool {
        match self.lengths {
            Lengths::Exactly(n) => length == n,
            Lengths::Any => true,
            Lengths::Odd => length % 2 == 1,
            Lengths::OddCopies => (self.sky.cells * (length % self.modulus) / self.sky.size) % 2 == 1,
        }
    }

    /// The word after the crossing tiles: used set and residue.
    fn tail(&self, used: u32, depth: usize) -> u32 {
        used | ((depth % self.modulus) as u32) << MAX_REQUIRED
    }

    /// `tiles` (sorted) with `tail`, merged with their images under the symmetries of the
    /// cross-section that the pieces allow: the least of them.
    fn canonical(&self, tiles: &[u32], tail: u32, out: &mut Vec<u32>, scratch: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(tiles);
        for (_, map) in &self.sky.symmetries {
            Skyline::image(map, tiles, scratch);
            if scratch.as_slice() < out.as_slice() {
                std::mem::swap(out, scratch);
            }
        }
        out.push(tail);
    }

    /// The children of the states `ids` (all at `depth`) that can be extended by
    /// `lookahead` rows: their keys, encoded one after another in `bytes`, each with its
    /// hash and parent; and the best full cut among them. `mode` says which children are
    /// kept ([`Depth`]: all; at the middle depth those with a mate kept, the others
    /// written as prints; at the last depth those with a mate kept); with `filter`, only
    /// the children whose prints ([`Search::print`]) it holds.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &self,
        states: &States,
        ids: std::ops::Range<u32>,
        depth: usize,
        lookahead: usize,
        mode: Depth,
        filter: Option<&rustc_hash::FxHashSet<u64>>,
        tally: &Tally<'_>,
    ) -> Children {
        let sky = self.sky;
        let mut out = Children::default();
        let mut probe = Probe::default();
        let (mut rows, mut placed, mut tiles) = (vec![0u64; sky.height], Vec::new(), Vec::new());
        let (mut next, mut key, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        let mut lookahead_placed = vec![Vec::new(); lookahead];
        let d = depth + 1;
        for id in ids {
            states.key_into(id, &mut tiles);
            let used = tiles.pop().expect("a key ends with its tail") & ((1 << MAX_REQUIRED) - 1);
            sky.upper(&tiles, &mut rows);
            let mut found = |used: u32, new: &[u32], filled: &[u64]| {
                // No cell above the new line covered: no tile crosses it.
                let flat = filled[1..].iter().all(|&r| r == 0);
                // A full cut: a rectangle from the floor alone (its state may be the
                // floor's, kept already, so it is not left to the lookups).
                if flat && used == sky.required && sky.accepts(self.lengths, d) && out.cut.is_none() {
                    out.cut = Some(id);
                }
                // A child whose first row cannot be filled leads nowhere: it is not kept.
                // (In a tiling of length L, the state at each line below L has the next
                // line's state as a child, so no rectangle is lost.) Its crossing tiles
                // are listed only when it is kept.
                if !flat && !sky.viable(&filled[1..], self.max_length - d, lookahead, tally, &mut lookahead_placed) {
                    return ControlFlow::Continue(());
                }
                sky.next_line(&tiles, new, &mut next);
                self.canonical(&next, self.tail(used, d), &mut key, &mut scratch);
                let start = out.bytes.len();
                encode(&key, &mut out.bytes);
                let bytes = &out.bytes[start..];
                let hash = hash_of(bytes);
                let keep = match mode {
                    Depth::Keep => filter.is_none_or(|f| f.contains(&self.print(bytes))),
                    Depth::Last => self.best_mate(states, &key[..key.len() - 1], used, d, &mut probe).is_some(),
                    // Kept at a lesser depth: its mates were looked up there.
                    Depth::Middle if states.find(bytes, hash).is_some() => false,
                    Depth::Middle => {
                        let own = self.print(bytes);
                        self.mate_prints(&key[..key.len() - 1], used, d, &mut probe, &mut |mate| out.prints.push((own, mate)));
                        self.best_mate(states, &key[..key.len() - 1], used, d, &mut probe).is_some()
                    }
                };
                if !keep {
                    out.bytes.truncate(start);
                    out.dropped |= mode != Depth::Keep;
                    return ControlFlow::Continue(());
                }
                out.hashes.push(hash);
                out.ends.push(out.bytes.len() as u32);
                out.parents.push(id);
                ControlFlow::Continue(())
            };
            let _ = sky.fill(&mut rows, used, self.max_length - depth, tally, &mut placed, &mut found);
            if tally.spent.get() {
                out.spent = true;
                break;
            }
        }
        out
    }

    /// The best rectangle made by each of the states `ids` (all at `depth`) with a mate
    /// kept: `(length, state, mate)`, the least.
    fn mates(&self, states: &States, ids: std::ops::Range<u32>, depth: usize) -> Option<(usize, u32, u32)> {
        let (mut stored, mut probe) = (Vec::new(), Probe::default());
        let mut best: Option<(usize, u32, u32)> = None;
        for id in ids {
            states.key_into(id, &mut stored);
            let used = stored.pop().expect("a key ends with its tail") & ((1 << MAX_REQUIRED) - 1);
            if let Some((length, mate)) = self.best_mate(states, &stored, used, depth, &mut probe) {
                let found = (length, id, mate);
                if best.is_none_or(|b| found < b) {
                    best = Some(found);
                }
            }
        }
        best
    }

    /// The best rectangle that a state at `depth` whose key's tiles are `tiles` (pieces
    /// `used`) makes with a mate kept: `(length, mate)`, the least.
    fn best_mate(&self, states: &States, tiles: &[u32], used: u32, depth: usize, probe: &mut Probe) -> Option<(usize, u32)> {
        let sky = self.sky;
        let Probe { turned, key, scratch, bytes } = probe;
        // The turn maps the symmetries kept onto themselves (turn, symmetry, turn back is
        // a symmetry that maps every orientation set onto itself), so a kept key (the
        // actual tiles under some symmetry) turned finds the same mates as the actual
        // tiles turned.
        Skyline::image(&sky.turned, tiles, turned);
        let mut best: Option<(usize, u32)> = None;
        for other in 0..=sky.required {
            if other | used != sky.required {
                continue;
            }
            for residue in 0..self.modulus {
                if !self.may_accept(depth + residue) {
                    continue;
                }
                self.canonical(turned, other | (residue as u32) << MAX_REQUIRED, key, scratch);
                bytes.clear();
                encode(key, bytes);
                if let Some(mate) = states.find(bytes, hash_of(bytes)) {
                    let length = depth + states.depth(mate);
                    let found = (length, mate);
                    if length <= self.max_length && sky.accepts(self.lengths, length) && best.is_none_or(|b| found < b) {
                        best = Some(found);
                    }
                }
            }
        }
        best
    }

    /// Calls `mate` with the print of each key that a state at `depth` (the middle
    /// depth: `2 x depth` the longest length) whose key's tiles are `tiles` (pieces
    /// `used`) would make a rectangle with were it a state of the same depth: its tiles
    /// turned, with each used set that completes `used` and the depth's residue; none
    /// when a rectangle `2 x depth` long is not accepted.
    fn mate_prints(&self, tiles: &[u32], used: u32, depth: usize, probe: &mut Probe, mate: &mut dyn FnMut(u64)) {
        let sky = self.sky;
        let residue = depth % self.modulus;
        if !self.may_accept(depth + residue) || !sky.accepts(self.lengths, 2 * depth) || 2 * depth > self.max_length {
            return;
        }
        let Probe { turned, key, scratch, bytes } = probe;
        Skyline::image(&sky.turned, tiles, turned);
        for other in 0..=sky.required {
            if other | used != sky.required {
                continue;
            }
            self.canonical(turned, other | (residue as u32) << MAX_REQUIRED, key, scratch);
            bytes.clear();
            encode(key, bytes);
            mate(self.print(bytes));
        }
    }

    /// The error of the states' files ([`Skyline::states_in`]), naming their directory.
    fn unkept(&self, e: std::io::Error) -> TransferError {
        TransferError::StatesFile(format!("{}: {e}", self.sky.states_dir.as_deref().map_or(String::new(), |d| d.display().to_string())))
    }

    /// Keeps `children` (those not kept already), in order.
    ///
    /// Errors: [`TransferError::TooManyWidthStates`] past the bound on the states kept,
    /// or past the 32-bit ids; [`TransferError::StatesFile`] when the states' files
    /// cannot grow.
    fn keep(&self, states: &mut States, children: &Children) -> Result<(), TransferError> {
        let mut start = 0;
        for (i, &parent) in children.parents.iter().enumerate() {
            let end = children.ends[i] as usize;
            if states.insert(&children.bytes[start..end], children.hashes[i], parent).map_err(|e| self.unkept(e))?.is_some() {
                if states.len() > self.max_states {
                    return Err(TransferError::TooManyWidthStates(self.max_states));
                }
                if states.len() >= u32::MAX as usize {
                    // Ids are 32 bits (u32::MAX marks the floor's parent).
                    return Err(TransferError::TooManyWidthStates(states.len() - 1));
                }
            }
            start = end;
        }
        Ok(())
    }

    /// What the sweeps of this search carry ([`Sweep`]).
    fn signature(&self) -> Signature {
        let sky = self.sky;
        [sky.cells as u64, sky.height as u64, sky.placements.len() as u64, self.max_length as u64, self.modulus as u64, sky.required as u64]
    }

    /// The search to its end: `None` when the budget ran out first, and then `sweep`
    /// holds where it stopped (every depth whose states were all kept), so that a run
    /// given it again goes on from there (with the same bounds). `kept` is shown the
    /// sweep as each depth is finished; `Break` stops the search
    /// ([`TransferError::Interrupted`]).
    ///
    /// Errors: [`TransferError::ForeignSweep`] when `sweep` holds another search's states,
    /// and those of [`Skyline::shortest`].
    pub(super) fn run(
        &self,
        threads: usize,
        progress: &mut dyn FnMut(Effort),
        sweep: &mut Option<Sweep>,
        kept: &mut dyn FnMut(&Sweep) -> ControlFlow<()>,
    ) -> Result<Option<(Shortest<Solid>, Effort)>, TransferError> {
        if sweep.as_ref().is_some_and(|s| s.signature != self.signature()) {
            return Err(TransferError::ForeignSweep);
        }
        let dir = self.sky.states_dir.as_deref();
        let mut s = match sweep.take() {
            Some(mut s) => {
                s.states.move_to(dir).map_err(|e| self.unkept(e))?;
                s
            }
            None => {
                let mut states = States::new(dir).map_err(|e| self.unkept(e))?;
                states.open_depth();
                let mut floor = Vec::new();
                encode(&[self.tail(0, 0)], &mut floor);
                states.insert(&floor, hash_of(&floor), u32::MAX).map_err(|e| self.unkept(e))?;
                Sweep {
                    signature: self.signature(),
                    states,
                    effort: Effort::default(),
                    best: None,
                    depth: 0,
                    cut: false,
                    next: None,
                    prints: Prints::default(),
                    hits: rustc_hash::FxHashSet::default(),
                }
            }
        };
        if s.depth > 0 || s.next.is_some() {
            // Resumed: where from.
            progress(Effort { making: s.expanded(), ..s.effort });
        }
        // States deeper than half the longest length are not needed.
        let deepest = self.max_length.div_ceil(2);
        let threads = threads.max(1);
        while s.depth < deepest && !s.states.layer_at(s.depth).is_empty() {
            if exact_cover::interrupt::requested() {
                return Err(TransferError::Interrupted);
            }
            let depth = s.depth;
            let d = depth + 1;
            let layer = s.states.layer_at(depth);
            // Resumed within the depth: its children so far are kept, from `layer.end` on.
            let resumed = s.next.take();
            // The lookahead of this depth, from the states kept when it starts (so that a
            // resumed search makes the choice the search run through made).
            let lookahead = self.sky.lookahead_at(if resumed.is_some() { layer.end as usize } else { s.states.len() });
            // The last depth: its states would be mates of states of its own depth only
            // for lengths past the bound, and are not expanded, so only those with a mate
            // kept are kept (trec's "generate but don't store"): the widest depth costs
            // time, not memory.
            let mode = match (2 * d).cmp(&self.max_length) {
                std::cmp::Ordering::Less => Depth::Keep,
                std::cmp::Ordering::Equal => Depth::Middle,
                std::cmp::Ordering::Greater => Depth::Last,
            };
            // The children of the middle and last depths are not expanded, so a row of
            // lookahead saves less there than it costs (unless the rows were set): one row
            // less at the middle (its prints take a third of a state's memory), one row at
            // the last (its children are kept only with a mate).
            let lookahead = match mode {
                _ if self.sky.rows_set() => lookahead,
                Depth::Keep => lookahead,
                Depth::Middle => lookahead.saturating_sub(1).max(1),
                Depth::Last => 1,
            };
            // The middle depth's prints (each child's, its own), and those of children
            // that may be each other's mates: `s.prints` and `s.hits`, empty unless
            // resumed within the depth.
            // The layer is expanded a chunk at a time, its children kept before the next
            // chunk's are made, so that the children waiting take the memory of a chunk,
            // not of a depth (at the octomino's width 40, 200,000,000 states a depth).
            // With a budget, all at once: a spent budget leaves the states as they were.
            let chunk = if self.budget.is_some() { layer.len() as u32 } else { self.chunk };
            let mut from = resumed.unwrap_or(layer.start);
            while from < layer.end {
                let to = from.saturating_add(chunk).min(layer.end);
                // Each thread expands a slice of the chunk; the children are kept in order.
                let parts: Vec<(Children, bool)> = in_ranges(from..to, threads, |ids| {
                    let tally = Tally { limit: self.budget.map(|b| (&self.work, b)), ..Tally::default() };
                    let children = self.expand(&s.states, ids, depth, lookahead, mode, None, &tally);
                    (children, tally.cut.get())
                });
                if parts.iter().any(|(children, _)| children.spent) {
                    drop(parts);
                    // (The depth is opened once a chunk of it is kept.)
                    s.next = (from > layer.start).then_some(from);
                    *sweep = Some(s);
                    return Ok(None);
                }
                if from == layer.start {
                    s.states.open_depth();
                }
                for (children, turned_away) in &parts {
                    // Children left out are as states the bound turned away: the search
                    // is not exhausted.
                    s.cut |= turned_away | children.dropped;
                    if let Some(id) = children.cut {
                        let found = (d, id, u32::MAX);
                        if s.best.is_none_or(|b| found < b) {
                            s.best = Some(found);
                        }
                    }
                    self.keep(&mut s.states, children)?;
                    for &(own, mate) in &children.prints {
                        s.prints.insert(own);
                        if s.prints.contains(mate) {
                            s.hits.insert(own);
                            s.hits.insert(mate);
                        }
                    }
                    if s.states.len() + s.prints.len() / PRINTS_A_STATE > self.max_states {
                        return Err(TransferError::TooManyWidthStates(self.max_states));
                    }
                }
                // (The states of the depth finished: a status that changes only with
                // the share expanded.)
                progress(Effort { making: Some(((to - layer.start) as usize, layer.len())), ..s.effort });
                from = to;
                // A depth is shown within it too (a depth of the octomino's width 44
                // takes hours), to be resumed from the next chunk: its states so far,
                // and at the middle depth its prints.
                if from < layer.end {
                    s.next = Some(from);
                    let shown = kept(&s);
                    s.next = None;
                    if shown.is_break() {
                        return Err(TransferError::Interrupted);
                    }
                }
            }
            let printed = std::mem::take(&mut s.prints).len();
            let hits = std::mem::take(&mut s.hits);
            if !hits.is_empty() {
                // Two children of the middle depth whose prints match may be each other's
                // mates: the children with those prints are made again and kept, and the
                // lookups below decide on their keys.
                let mut from = layer.start;
                while from < layer.end {
                    let to = from.saturating_add(CHUNK).min(layer.end);
                    let parts: Vec<Children> = in_ranges(from..to, threads, |ids| {
                        self.expand(&s.states, ids, depth, lookahead, Depth::Keep, Some(&hits), &Tally::default())
                    });
                    for children in &parts {
                        self.keep(&mut s.states, children)?;
                    }
                    from = to;
                }
            }
            // The new states' mates, looked up in slices.
            let found: Vec<Option<(usize, u32, u32)>> = in_ranges(s.states.layer(), threads, |ids| self.mates(&s.states, ids, d));
            for f in found.into_iter().flatten() {
                if s.best.is_none_or(|b| f < b) {
                    s.best = Some(f);
                }
            }
            s.depth = d;
            s.effort = Effort { states: s.states.len() + printed, depth: d, making: None };
            progress(s.effort);
            // Every rectangle of length at most 2 x depth is found now.
            if s.best.is_some_and(|(l, ..)| l <= 2 * d + 1) {
                break;
            }
            // (The middle and last depths' states are not all kept, and the search ends
            // there.)
            if mode == Depth::Keep && kept(&s).is_break() {
                return Err(TransferError::Interrupted);
            }
        }
        match s.best {
            Some((length, bottom, top)) => Ok(Some((Shortest::Found(length, self.tiling(&s.states, length, bottom, top)), s.effort))),
            None => Ok(Some((Shortest::None { exhausted: s.states.layer().is_empty() && !s.cut }, s.effort))),
        }
    }

    /// The tiles placed along the chain of states from the floor to `last`, expanded again
    /// from the actual crossing tiles (a kept key may be their mirror image), with the
    /// crossing tiles at its end.
    fn chain(&self, states: &States, last: u32) -> (Solid, Vec<u32>, usize) {
        self.chain_to(states, last, None)
    }

    /// [`Search::chain`], and then with `cut` one step more to a full cut at that
    /// length with every required piece used.
    fn chain_to(&self, states: &States, last: u32, cut: Option<usize>) -> (Solid, Vec<u32>, usize) {
        let sky = self.sky;
        let mut chain = vec![last];
        while let Some(&p) = states.parents.get(*chain.last().expect("not empty") as usize) {
            if p == u32::MAX {
                break;
            }
            chain.push(p);
        }
        chain.reverse();
        let mut rows = vec![0u64; sky.height];
        let (mut tiles, mut used) = (Vec::new(), 0u32);
        let mut out: Solid = Vec::new();
        let (mut next, mut key, mut scratch, mut placed) = (vec![], vec![], vec![], vec![]);
        let steps = chain.len() - 1 + usize::from(cut.is_some());
        for depth in 0..steps {
            sky.upper(&tiles, &mut rows);
            let want = chain.get(depth + 1).map(|&t| {
                let mut key = Vec::new();
                states.key_into(t, &mut key);
                key
            });
            let mut got: Option<(Vec<u32>, Vec<u32>, u32)> = None;
            let mut found = |u: u32, new: &[u32], _: &[u64]| {
                sky.next_line(&tiles, new, &mut next);
                self.canonical(&next, self.tail(u, depth + 1), &mut key, &mut scratch);
                let hit = match &want {
                    Some(want) => key == *want,
                    None => next.is_empty() && u == sky.required,
                };
                if hit {
                    got = Some((next.clone(), new.to_vec(), u));
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            let _ = sky.fill(&mut rows, used, self.max_length - depth, &Tally::default(), &mut placed, &mut found);
            let (crossing, new, u) = got.expect("a kept state is reached again from its parent");
            out.extend(new.iter().map(|&p| sky.cells_of(p, depth as i32)));
            tiles = crossing;
            used = u;
        }
        (out, tiles, steps)
    }

    /// The tiling of length `length` made of the chains to `bottom` and to `top`, the
    /// second turned through 180 degrees (and under the symmetry of the cross-section
    /// that makes its crossing tiles meet the first's).
    fn tiling(&self, states: &States, length: usize, bottom: u32, top: u32) -> Solid {
        let sky = self.sky;
        if top == u32::MAX {
            // A full cut after `bottom`: its chain, and the step that fills the last row.
            return self.chain_to(states, bottom, Some(length)).0;
        }
        let (mut tiles, _, d) = self.chain(states, bottom);
        let (upper, _, _) = self.chain(states, top);
        let (a, b) = (sky.across.0 as i32, sky.across.1 as i32);
        let l = length as i32;
        // The top chain's tiles under symmetry `k`, turned onto the rectangle's top, less
        // those crossing the line (the bottom chain has them).
        let turned = |k: usize| -> Solid {
            upper
                .iter()
                .map(|(q, _, cells)| {
                    let cells = cells
                        .iter()
                        .map(|&[i, j, r]| {
                            let (i, j) = across_map(k, (i, j), a, b);
                            [i, b - 1 - j, l - 1 - r]
                        })
                        .collect();
                    (*q, usize::MAX, cells)
                })
                .filter(|(_, _, cells): &(usize, usize, Vec<[i32; 3]>)| cells.iter().all(|c| c[2] >= d as i32))
                .collect()
        };
        let covers = |extra: &Solid| {
            let mut seen = vec![false; sky.cells * length];
            let mut ok = true;
            for (_, _, cells) in tiles.iter().chain(extra) {
                for &[i, j, r] in cells {
                    ok &= (0..a).contains(&i) && (0..b).contains(&j) && (0..l).contains(&r);
                    if !ok {
                        break;
                    }
                    let at = (r * a * b + i * b + j) as usize;
                    ok &= !seen[at];
                    seen[at] = true;
                }
            }
            ok && seen.iter().all(|&s| s)
        };
        let extra = std::iter::once(0)
            .chain(sky.symmetries.iter().map(|(k, _)| *k))
            .map(turned)
            .find(|extra| covers(extra))
            .expect("the two halves make a rectangle");
        // Orientation indices of the turned tiles.
        for (q, index, cells) in extra {
            let (shape, _) = normal(cells.iter().map(|&[i, j, r]| (r, i, j)).collect());
            let i = sky.orientations.iter().position(|(p, _, c)| *p == q && *c == shape).map_or(index, |i| sky.orientations[i].1);
            tiles.push((q, i, cells));
        }
        tiles
    }
}

/// The pieces of a range that [`in_ranges`] cuts for each thread: the threads take them
/// one after another as each finishes one, so that a thread given the costly states of a
/// range does not keep the others waiting (the octomino's width 44 on two threads, one
/// half each: 1.56 cores busy of 2).
const PIECES_A_THREAD: u32 = 16;

/// `work` on the pieces of `ids` (in order), on `threads` threads that each take the next
/// piece not taken as they finish one ([`PIECES_A_THREAD`] pieces a thread), the results in
/// the pieces' order; on the caller's thread when there is one thread or one state (no
/// thread started).
fn in_ranges<R: Send>(ids: std::ops::Range<u32>, threads: usize, work: impl Fn(std::ops::Range<u32>) -> R + Sync) -> Vec<R> {
    let n = ids.len() as u32;
    if threads <= 1 || n <= 1 {
        return vec![work(ids)];
    }
    let piece = n.div_ceil(threads as u32 * PIECES_A_THREAD).max(1);
    let pieces = n.div_ceil(piece);
    let next = std::sync::atomic::AtomicU32::new(0);
    let (work, next) = (&work, &next);
    let mut done: Vec<(u32, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.min(pieces as usize))
            .map(|_| {
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= pieces {
                            return mine;
                        }
                        let a = ids.start + k * piece;
                        mine.push((k, work(a..(a + piece).min(ids.end))));
                    }
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a thread of the skyline search panicked")).collect()
    });
    done.sort_unstable_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::{decode, encode, Lengths, Search, Shortest, Skyline};
    use crate::copies::Copies;
    use crate::shape::{Freedom, Shape};

    /// States kept in files of a directory give the answers of states on the heap
    /// (resumed searches: `a_search_resumed_from_any_saved_depth_ends_as_one_run_through`
    /// in tests/orders.rs), the files go with the search, and a directory that is not
    /// there is an error.
    #[test]
    fn states_in_files_change_no_answer() {
        let dir = tempfile::tempdir().unwrap();
        let any = [Copies { lo: 0, hi: None }];
        for drawing in ["##\n#.", "#####\n.#...", "###\n##.", "####\n.#.."] {
            let piece = Shape::from_drawing(drawing).unwrap();
            for width in 2..=9 {
                let heap = Skyline::new(std::slice::from_ref(&piece), Freedom::Free, &any, width).unwrap();
                let filed = heap.clone().states_in(Some(dir.path().to_path_buf()));
                let answer = |sky: &Skyline| match sky.shortest(24, Lengths::Any, 1 << 20, 2, &mut |_| {}).unwrap().0 {
                    Shortest::Found(n, tiles) => Some((n, tiles.len())),
                    Shortest::None { .. } => None,
                };
                assert_eq!(answer(&filed), answer(&heap), "{drawing} width {width}");
            }
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "the files go with the search");
        // A directory that is not there: a typed error, no panic.
        let sky = Skyline::new(&[Shape::from_drawing("##").unwrap()], Freedom::Free, &any, 2)
            .unwrap()
            .states_in(Some(dir.path().join("missing")));
        assert!(matches!(sky.shortest(8, Lengths::Any, 1 << 20, 1, &mut |_| {}), Err(crate::transfer::TransferError::StatesFile(_))));
    }

    /// The middle depth's prints decide nothing: with all 64 bits, with 2 (most prints
    /// of different keys match, so most children are made again and kept) and with none
    /// (every child kept, as a search without prints does), each search finds the same
    /// shortest length, even and odd longest lengths alike, and a tiling of its area.
    #[test]
    fn prints_that_match_wrongly_change_no_answer() {
        let pieces = [
            "##\n#.",
            "#.\n#.\n##",
            "##\n##\n#.",
            "###\n.#.",
            "####\n.#..",
            "#####\n.#...",
            "###\n#..\n#..",
            "##..\n.###",
            "###\n##.",
            "##.\n.##\n..#",
        ];
        let any = [Copies { lo: 0, hi: None }];
        let mut found = 0;
        for drawing in pieces {
            let piece = Shape::from_drawing(drawing).unwrap();
            for width in 2..=8 {
                let sky = Skyline::new(std::slice::from_ref(&piece), Freedom::Free, &any, width).unwrap();
                for max in 2..=16 {
                    let answers: Vec<Option<usize>> = [u64::MAX, 3, 0]
                        .into_iter()
                        .map(|mask| {
                            let mut search = Search::new(&sky, Lengths::Any, max, 1 << 20, None);
                            search.print_mask = mask;
                            let (answer, _) =
                                search.run(1, &mut |_| {}, &mut None, &mut |_| std::ops::ControlFlow::Continue(())).unwrap().unwrap();
                            match answer {
                                Shortest::Found(n, solid) => {
                                    assert_eq!(solid.len() * piece.len(), width * n, "{drawing} {width} x {n}");
                                    assert!(n <= max);
                                    Some(n)
                                }
                                Shortest::None { .. } => None,
                            }
                        })
                        .collect();
                    assert!(answers.iter().all(|a| *a == answers[0]), "{drawing} width {width} to {max}: {answers:?}");
                    found += usize::from(max % 2 == 0 && answers[0] == Some(max));
                }
            }
        }
        // Rectangles exactly twice the middle depth long (found by the prints) were met.
        assert!(found >= 8, "{found}");
    }

    /// A search saved within a depth (a few states of a layer expanded at a time), the
    /// middle depth's prints too, and resumed from any of its saves, read back from
    /// bytes, with the chunks it was saved at or the usual ones and on one or two threads,
    /// ends as the search run through: the same answer, tiling and states kept. A sweep
    /// saved within a depth says how far it went.
    #[test]
    fn a_search_resumed_within_a_depth_ends_as_one_run_through() {
        let any = [Copies { lo: 0, hi: None }];
        let (mut within, mut middle) = (0, 0);
        for (drawing, width, max) in [("#####\n.#...", 13, 26), ("####\n.#..", 9, 20), ("####\n.#..", 5, 10), ("####\n.#..", 10, 20)] {
            let piece = Shape::from_drawing(drawing).unwrap();
            let sky = Skyline::new(std::slice::from_ref(&piece), Freedom::Free, &any, width).unwrap().lookahead_past(40, 2);
            let mut search = Search::new(&sky, Lengths::Any, max, 1 << 20, None);
            search.chunk = 3;
            let mut saved = Vec::new();
            let whole = search
                .run(1, &mut |_| {}, &mut None, &mut |sweep| {
                    let mut bytes = Vec::new();
                    sweep.write_to(&mut bytes).unwrap();
                    saved.push((bytes, sweep.expanded()));
                    middle += usize::from(!sweep.prints.is_empty());
                    std::ops::ControlFlow::Continue(())
                })
                .unwrap()
                .unwrap();
            for (i, (bytes, expanded)) in saved.iter().enumerate() {
                let sweep = super::Sweep::read_from(&mut &bytes[..]).unwrap();
                assert_eq!(sweep.expanded(), *expanded);
                if let Some((done, all)) = *expanded {
                    assert!(0 < done && done < all, "{drawing}: {done} of {all}");
                    within += 1;
                }
                let mut again = Search::new(&sky, Lengths::Any, max, 1 << 20, None);
                if i % 2 == 0 {
                    again.chunk = 3;
                }
                let resumed =
                    again.run(1 + i % 2, &mut |_| {}, &mut Some(sweep), &mut |_| std::ops::ControlFlow::Continue(())).unwrap().unwrap();
                assert_eq!(resumed, whole, "{drawing} resumed from save {i}");
            }
        }
        assert!(within > 20 && middle > 2, "{within} saves within a depth, {middle} with prints");
    }

    /// Keys of every shape round-trip through their bytes, different keys give different
    /// bytes, and bytes that no key makes are refused.
    #[test]
    fn keys_round_trip_through_their_bytes() {
        let mut next = super::super::tests::xorshift(0x2545_f491_4f6c_dd1d);
        let mut seen = std::collections::HashMap::new();
        let (mut bytes, mut back) = (Vec::new(), Vec::new());
        for _ in 0..20000 {
            let n = (next() % 12) as usize;
            let mut tiles: Vec<u32> =
                (0..n).map(|_| (next() % [200, 5000, 1 << 31, u32::MAX as u64][next() as usize % 4]) as u32).collect();
            tiles.sort_unstable();
            tiles.dedup();
            let tail = (next() % 300) as u32;
            let key: Vec<u32> = tiles.iter().copied().chain([tail]).collect();
            bytes.clear();
            encode(&key, &mut bytes);
            assert_eq!(decode(&bytes, &mut back), Some(()));
            assert_eq!(back, key);
            if let Some(other) = seen.insert(bytes.clone(), key.clone()) {
                assert_eq!(other, key, "two keys, one encoding");
            }
        }
        let mut back = Vec::new();
        // Cut short, a varint past 32 bits, a tile not above the one before.
        assert_eq!(decode(&[], &mut back), None);
        assert_eq!(decode(&[5, 0x81], &mut back), None);
        assert_eq!(decode(&[0xff, 0xff, 0xff, 0xff, 0x7f], &mut back), None);
        assert_eq!(decode(&[5, 3, 0], &mut back), None);
        assert_eq!(decode(&[5, 3, 1], &mut back).map(|_| back.clone()), Some(vec![3, 4, 5]));
    }
}
