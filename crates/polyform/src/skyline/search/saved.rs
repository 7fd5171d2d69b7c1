//! A [`Sweep`] written to bytes and read back, so that a search of one width that runs
//! for hours can be resumed after a kill from the last depth it saved (the front ends
//! keep the bytes beside their checkpoint file).
//!
//! The layout, every number little-endian: the magic `GLSWEEP3`; the signature (six
//! `u64`); the depth, the states, the bytes of their keys, the wraps of the keys' starts,
//! the states and depth of the last progress report, and the layer's first state not
//! yet expanded (`u64::MAX` for none: saved between depths) (`u64` each); the cut flag;
//! the best rectangle so far (0, or 1 and three numbers); then the keys' bytes, and as
//! `u32` each state's start, the wraps, each depth's first state (one more within a
//! depth: the next depth's, begun) and each state's parent; then, as `u64` each, the
//! number of the middle depth's prints and the prints, and the number of those that
//! matched and their prints (none outside the middle depth); and last a 64-bit check of
//! all that came before. `GLSWEEP2` lacks the prints, `GLSWEEP1` (saved between depths
//! only) the state not yet expanded too; both are read. Reading checks every count
//! against the others and against the check, and the states' links (every key decodes,
//! its tiles are placements of the search, a parent is a state of the depth before, and
//! within a depth one expanded) and prints (each once, those that matched among them,
//! within a depth only), so that a damaged file is refused rather than resumed wrong;
//! the hash index and the prints' table are built again.

use super::{decode, hash_of, key_in, Arena, Effort, Prints, States, Sweep};
use std::io::{self, Read, Write};

const MAGIC: &[u8; 8] = b"GLSWEEP3";

/// The layout before the middle depth's prints were saved.
const MAGIC_2: &[u8; 8] = b"GLSWEEP2";

/// The layout before a sweep could be saved within a depth.
const MAGIC_1: &[u8; 8] = b"GLSWEEP1";

/// The 64-bit check: FxHash's step over each word written.
#[derive(Default)]
struct Check(u64);

impl Check {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// Raw bytes, eight at a time (the last few padded with zeros).
    fn add_bytes(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
}

/// Writes words, keeping the check.
struct Writer<'a> {
    out: io::BufWriter<&'a mut dyn Write>,
    check: Check,
}

impl Writer<'_> {
    fn u64(&mut self, v: u64) -> io::Result<()> {
        self.check.add(v);
        self.out.write_all(&v.to_le_bytes())
    }

    /// Raw bytes ([`Check::add_bytes`]).
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.check.add_bytes(bytes);
        self.out.write_all(bytes)
    }

    /// A count, then the words.
    fn u64s(&mut self, vs: impl ExactSizeIterator<Item = u64>) -> io::Result<()> {
        self.u64(vs.len() as u64)?;
        let mut buf = Vec::with_capacity(1 << 16);
        for v in vs {
            self.check.add(v);
            buf.extend_from_slice(&v.to_le_bytes());
            if buf.len() == 1 << 16 {
                self.out.write_all(&buf)?;
                buf.clear();
            }
        }
        self.out.write_all(&buf)
    }

    fn u32s(&mut self, vs: &[u32]) -> io::Result<()> {
        let mut buf = Vec::with_capacity(1 << 16);
        for chunk in vs.chunks(1 << 14) {
            buf.clear();
            for &v in chunk {
                self.check.add(u64::from(v));
                buf.extend_from_slice(&v.to_le_bytes());
            }
            self.out.write_all(&buf)?;
        }
        Ok(())
    }
}

/// Reads words, keeping the check.
struct Reader<'a> {
    input: io::BufReader<&'a mut dyn Read>,
    check: Check,
}

fn damaged(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("the saved states are damaged ({what})"))
}

impl Reader<'_> {
    /// Fills `buf`: the end of the input before it is full is damage.
    fn fill(&mut self, buf: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(buf).map_err(|e| if e.kind() == io::ErrorKind::UnexpectedEof { damaged("cut short") } else { e })
    }

    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0u8; 8];
        self.fill(&mut b)?;
        let v = u64::from_le_bytes(b);
        self.check.add(v);
        Ok(v)
    }

    /// `n` raw bytes onto the end of `out`, grown as they arrive.
    fn bytes_into(&mut self, n: u64, out: &mut Arena<u8>) -> io::Result<()> {
        let mut buf = vec![0u8; 1 << 20];
        let mut left = n;
        while left > 0 {
            let take = left.min(1 << 20) as usize;
            self.fill(&mut buf[..take])?;
            // (Chunks of a multiple of eight bytes: the check's words fall as they fell
            // when the bytes were written in one run.)
            self.check.add_bytes(&buf[..take]);
            out.grow(take)?;
            out.extend_from_slice(&buf[..take])?;
            left -= take as u64;
        }
        Ok(())
    }

    /// `n` words, given to `each` a piece at a time as they arrive (a damaged count
    /// reads no more than the file holds).
    fn u32s_with(&mut self, n: u64, each: &mut dyn FnMut(&[u32]) -> io::Result<()>) -> io::Result<()> {
        let mut buf = vec![0u8; 1 << 16];
        let mut words = Vec::with_capacity(1 << 14);
        let mut left = n;
        while left > 0 {
            let take = left.min(1 << 14) as usize;
            self.fill(&mut buf[..take * 4])?;
            words.clear();
            for b in buf[..take * 4].chunks_exact(4) {
                let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                self.check.add(u64::from(v));
                words.push(v);
            }
            each(&words)?;
            left -= take as u64;
        }
        Ok(())
    }

    /// `n` words onto the end of `out`, grown as they arrive.
    fn u32s_into(&mut self, n: u64, out: &mut Arena<u32>) -> io::Result<()> {
        self.u32s_with(n, &mut |words| {
            out.grow(words.len())?;
            out.extend_from_slice(words)
        })
    }

    /// `n` words in a vector.
    fn u32s(&mut self, n: u64) -> io::Result<Vec<u32>> {
        let mut out = Vec::new();
        self.u32s_with(n, &mut |words| {
            out.extend_from_slice(words);
            Ok(())
        })?;
        Ok(out)
    }

    /// A count, then that many words, each given to `each` as it arrives (a damaged
    /// count reads no more than the file holds).
    fn u64s(&mut self, each: &mut dyn FnMut(u64) -> io::Result<()>) -> io::Result<()> {
        let n = self.u64()?;
        let mut buf = vec![0u8; 1 << 16];
        let mut left = n;
        while left > 0 {
            let take = left.min(1 << 13) as usize;
            self.fill(&mut buf[..take * 8])?;
            for b in buf[..take * 8].chunks_exact(8) {
                let v = u64::from_le_bytes(b.try_into().expect("eight bytes"));
                self.check.add(v);
                each(v)?;
            }
            left -= take as u64;
        }
        Ok(())
    }
}

impl Sweep {
    /// Writes the sweep to `out` (the layout of this module); a few seconds a gigabyte.
    ///
    /// Errors: those of `out`.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_as(MAGIC, out)
    }

    /// [`Sweep::write_to`] in the layout of `magic` ([`MAGIC_1`] lacks the state not yet
    /// expanded, [`MAGIC_2`] the prints: tests write them for a sweep saved between
    /// depths).
    fn write_as(&self, magic: &[u8; 8], out: &mut dyn Write) -> io::Result<()> {
        let mut w = Writer { out: io::BufWriter::with_capacity(1 << 20, out), check: Check::default() };
        w.out.write_all(magic)?;
        for &s in &self.signature {
            w.u64(s)?;
        }
        let st = &self.states;
        for v in [self.depth, st.len(), st.bytes.len(), st.wraps.len(), self.effort.states, self.effort.depth] {
            w.u64(v as u64)?;
        }
        if magic != MAGIC_1 {
            w.u64(self.next.map_or(u64::MAX, u64::from))?;
        }
        w.u64(u64::from(self.cut))?;
        match self.best {
            None => w.u64(0)?,
            Some((length, bottom, top)) => {
                w.u64(1)?;
                w.u64(length as u64)?;
                w.u64(u64::from(bottom))?;
                w.u64(u64::from(top))?;
            }
        }
        w.bytes(&st.bytes)?;
        w.u32s(&st.starts)?;
        w.u32s(&st.wraps)?;
        w.u32s(&st.firsts)?;
        w.u32s(&st.parents)?;
        if magic == MAGIC {
            w.u64s(self.prints.iter())?;
            w.u64s(self.hits.iter().copied())?;
        }
        let check = w.check.0;
        w.out.write_all(&check.to_le_bytes())?;
        w.out.flush()
    }

    /// Reads a sweep that [`Sweep::write_to`] wrote. A search given it checks that it is
    /// its own (the signature).
    ///
    /// Errors: an [`io::ErrorKind::InvalidData`] error when the bytes are not a sweep or
    /// are damaged (cut short, a count or a link out of range, the check wrong); those of
    /// `input`.
    pub fn read_from(input: &mut dyn Read) -> io::Result<Sweep> {
        Sweep::read_from_in(input, None)
    }

    /// [`Sweep::read_from`], the states' keys, starts and parents read straight into
    /// files of `dir` when there is one ([`super::Skyline::states_in`]: a search that
    /// keeps them there resumes from saved states larger than memory); on the heap
    /// otherwise.
    ///
    /// Errors: as [`Sweep::read_from`], and those of the files of `dir`.
    pub fn read_from_in(input: &mut dyn Read, dir: Option<&std::path::Path>) -> io::Result<Sweep> {
        let mut r = Reader { input: io::BufReader::with_capacity(1 << 20, input), check: Check::default() };
        let mut magic = [0u8; 8];
        r.input.read_exact(&mut magic).map_err(|_| damaged("not a sweep"))?;
        if ![MAGIC, MAGIC_2, MAGIC_1].contains(&&magic) {
            return Err(damaged("not a sweep"));
        }
        let mut signature = [0u64; 6];
        for s in &mut signature {
            *s = r.u64()?;
        }
        let mut head = [0u64; 6];
        for h in &mut head {
            *h = r.u64()?;
        }
        let [depth, n, bytes, wraps, effort_states, effort_depth] = head;
        if n == 0 || n >= u64::from(u32::MAX) || wraps > n || depth >= n.max(1 << 20) || bytes > n.saturating_mul(1 << 16) {
            return Err(damaged("a count out of range"));
        }
        let next = match (&magic != MAGIC_1).then(|| r.u64()).transpose()? {
            None | Some(u64::MAX) => None,
            Some(next) if next < n => Some(next as u32),
            Some(_) => return Err(damaged("the state not yet expanded")),
        };
        // Within a depth, the next depth's first state is there too.
        let opened = u64::from(next.is_some());
        let cut = match r.u64()? {
            0 => false,
            1 => true,
            _ => return Err(damaged("the cut flag")),
        };
        let best = match r.u64()? {
            0 => None,
            1 => {
                let (length, bottom, top) = (r.u64()?, r.u64()?, r.u64()?);
                if bottom >= n || (top >= n && top != u64::from(u32::MAX)) {
                    return Err(damaged("the best rectangle's states"));
                }
                Some((length as usize, bottom as u32, top as u32))
            }
            _ => return Err(damaged("the best rectangle's flag")),
        };
        let mut key_bytes = Arena::new(dir)?;
        r.bytes_into(bytes, &mut key_bytes)?;
        let mut starts = Arena::new(dir)?;
        r.u32s_into(n, &mut starts)?;
        let wraps = r.u32s(wraps)?;
        let firsts = r.u32s(depth + 1 + opened)?;
        let mut parents = Arena::new(dir)?;
        r.u32s_into(n, &mut parents)?;
        // The middle depth's prints: each once; those that matched among them.
        let mut prints = Prints::default();
        let mut hits = rustc_hash::FxHashSet::default();
        if &magic == MAGIC {
            r.u64s(&mut |p| if prints.insert(p) { Ok(()) } else { Err(damaged("a print kept twice")) })?;
            r.u64s(&mut |p| {
                if !prints.contains(p) || !hits.insert(p) {
                    return Err(damaged("the prints that matched"));
                }
                Ok(())
            })?;
            if next.is_none() && !prints.is_empty() {
                return Err(damaged("prints between depths"));
            }
        }
        let computed = r.check.0;
        let mut tail = [0u8; 8];
        r.fill(&mut tail)?;
        if u64::from_le_bytes(tail) != computed {
            return Err(damaged("the check does not match"));
        }
        if r.input.read(&mut [0u8; 1])? != 0 {
            return Err(damaged("bytes after the end"));
        }
        // The keys' starts: from 0, each key at least a byte, the last within the bytes;
        // the wraps at states in order.
        if wraps.windows(2).any(|w| w[0] >= w[1]) || wraps.iter().any(|&id| id == 0 || u64::from(id) >= n) {
            return Err(damaged("the keys' wraps"));
        }
        let absolute = |id: usize| (wraps.partition_point(|&w| w as usize <= id) << 32) | starts[id] as usize;
        if starts[0] != 0 || (1..n as usize).any(|id| absolute(id) <= absolute(id - 1)) || absolute(n as usize - 1) >= key_bytes.len() {
            return Err(damaged("the keys' starts"));
        }
        // The depths: from the floor alone, in order; each state's parent of the depth
        // before.
        let last = *firsts.last().expect("at least the floor's");
        if firsts[0] != 0 || firsts.windows(2).any(|f| f[0] > f[1]) || u64::from(last) > n || (firsts.len() > 1 && firsts[1] != 1) {
            return Err(damaged("the depths"));
        }
        // Within a depth: a state of the layer past its first (one chunk of it expanded).
        if next.is_some_and(|next| next <= firsts[depth as usize] || next >= last) {
            return Err(damaged("the state not yet expanded"));
        }
        if parents[0] != u32::MAX {
            return Err(damaged("the states' parents"));
        }
        for k in 1..firsts.len() {
            let (from, to) = (firsts[k] as usize, firsts.get(k + 1).map_or(n as usize, |&f| f as usize));
            // The depth begun: children of the states expanded only.
            let end = if k == depth as usize + 1 { next.unwrap_or(firsts[k]) } else { firsts[k] };
            if parents[from..to].iter().any(|&p| p < firsts[k - 1] || p >= end) {
                return Err(damaged("the states' parents"));
            }
        }
        // Every key decodes to placements of this search.
        let codes = signature[1].saturating_mul(signature[2]);
        let mut key = Vec::new();
        for id in 0..n as u32 {
            let ok = decode(key_in(&key_bytes, &starts, &wraps, id), &mut key).is_some()
                && key.split_last().is_some_and(|(_, tiles)| tiles.iter().all(|&t| u64::from(t) < codes));
            if !ok {
                return Err(damaged("a state's key"));
            }
        }
        let mut states = States { bytes: key_bytes, starts, wraps, firsts, parents, index: hashbrown::HashTable::new() };
        states.index.reserve(n as usize, |_| 0);
        for id in 0..n as u32 {
            let key = states.bytes_of(id);
            let h = hash_of(key);
            if states.index.find(h, |&other| states.bytes_of(other) == key).is_some() {
                return Err(damaged("a state kept twice"));
            }
            let States { bytes, starts, wraps, index, .. } = &mut states;
            index.insert_unique(h, id, |&i| hash_of(key_in(bytes, starts, wraps, i)));
        }
        let effort = Effort { states: effort_states as usize, depth: effort_depth as usize, making: None };
        Ok(Sweep { signature, states, effort, best, depth: depth as usize, cut, next, prints, hits })
    }
}

#[cfg(test)]
mod tests {
    use super::{Sweep, MAGIC_1, MAGIC_2};

    /// A sweep saved between depths in the first and second layouts (without the state
    /// not yet expanded, without the prints) reads back as the one saved in the third,
    /// and goes on to the same answer.
    #[test]
    fn the_first_layout_is_read_too() {
        use crate::copies::Copies;
        use crate::shape::{Freedom, Shape};
        use crate::skyline::{Lengths, Skyline};
        let y = Shape::from_drawing("#####\n.#...").unwrap();
        let sky = Skyline::new(std::slice::from_ref(&y), Freedom::Free, &[Copies { lo: 0, hi: None }], 13).unwrap();
        let mut saved = Vec::new();
        let whole = sky
            .shortest_from(26, Lengths::Any, 1 << 20, 1, &mut |_| {}, None, &mut |sweep| {
                let (mut one, mut two, mut three) = (Vec::new(), Vec::new(), Vec::new());
                sweep.write_as(MAGIC_1, &mut one).unwrap();
                sweep.write_as(MAGIC_2, &mut two).unwrap();
                sweep.write_to(&mut three).unwrap();
                saved.push([one, two, three]);
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        assert!(saved.len() >= 3);
        for [one, two, three] in &saved {
            assert_eq!((&one[..8], &two[..8], &three[..8]), (&b"GLSWEEP1"[..], &b"GLSWEEP2"[..], &b"GLSWEEP3"[..]));
            // The state not yet expanded (none), then no prints and no matches.
            assert_eq!((one.len() + 8, two.len() + 16), (two.len(), three.len()));
            let c = Sweep::read_from(&mut &three[..]).unwrap();
            for old in [one, two] {
                let a = Sweep::read_from(&mut &old[..]).unwrap();
                assert_eq!((a.depth(), a.states(), a.expanded()), (c.depth(), c.states(), None));
                let resumed =
                    sky.shortest_from(26, Lengths::Any, 1 << 20, 2, &mut |_| {}, Some(a), &mut |_| std::ops::ControlFlow::Continue(()));
                assert_eq!(resumed.unwrap(), whole);
            }
        }
    }
}
