//! A [`Sweep`] written to bytes and read back, so that a search of one width that runs
//! for hours can be resumed after a kill from the last depth it saved (the front ends
//! keep the bytes beside their checkpoint file).
//!
//! The layout, every number little-endian: the magic `GLSWEEP1`; the signature (six
//! `u64`); the depth, the states and the key words kept, the layer's length, and the
//! states and depth of the last progress report (`u64` each); the cut flag (one byte);
//! the best rectangle so far (a byte, 1 when there is one, then three `u64`); then the
//! arrays as `u32`: the key words, each state's start, depth and parent, the layer; and
//! last a 64-bit check of all the words before it. Reading checks every count against
//! the others and against the check, and the states' links (a parent is an earlier
//! state, a depth is at most the sweep's, the layer is the states of its depth), so that
//! a damaged file is refused rather than resumed wrong; the hash index is built again.

use super::{Effort, States, Sweep};
use std::io::{self, Read, Write};

const MAGIC: &[u8; 8] = b"GLSWEEP1";

/// The 64-bit check: FxHash's step over each word written.
#[derive(Default)]
struct Check(u64);

impl Check {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
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
    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0u8; 8];
        self.input.read_exact(&mut b).map_err(|e| if e.kind() == io::ErrorKind::UnexpectedEof { damaged("cut short") } else { e })?;
        let v = u64::from_le_bytes(b);
        self.check.add(v);
        Ok(v)
    }

    /// `n` words, the vector grown as they arrive (a damaged count does not allocate
    /// more than the file holds).
    fn u32s(&mut self, n: u64) -> io::Result<Vec<u32>> {
        let mut out: Vec<u32> = Vec::with_capacity(n.min(1 << 20) as usize);
        let mut buf = vec![0u8; 1 << 16];
        let mut left = n;
        while left > 0 {
            let take = left.min(1 << 14) as usize;
            self.input.read_exact(&mut buf[..take * 4]).map_err(|e| {
                if e.kind() == io::ErrorKind::UnexpectedEof {
                    damaged("cut short")
                } else {
                    e
                }
            })?;
            for b in buf[..take * 4].chunks_exact(4) {
                let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                self.check.add(u64::from(v));
                out.push(v);
            }
            left -= take as u64;
        }
        Ok(out)
    }
}

impl Sweep {
    /// Writes the sweep to `out` (the layout of this module); a few seconds a gigabyte.
    ///
    /// Errors: those of `out`.
    pub fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut w = Writer { out: io::BufWriter::with_capacity(1 << 20, out), check: Check::default() };
        w.out.write_all(MAGIC)?;
        for &s in &self.signature {
            w.u64(s)?;
        }
        let st = &self.states;
        for v in [self.depth, st.starts.len(), st.words.len(), self.layer.len(), self.effort.states, self.effort.depth] {
            w.u64(v as u64)?;
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
        w.u32s(&st.words)?;
        w.u32s(&st.starts)?;
        w.u32s(&st.depths)?;
        w.u32s(&st.parents)?;
        w.u32s(&self.layer)?;
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
        let mut r = Reader { input: io::BufReader::with_capacity(1 << 20, input), check: Check::default() };
        let mut magic = [0u8; 8];
        r.input.read_exact(&mut magic).map_err(|_| damaged("not a sweep"))?;
        if &magic != MAGIC {
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
        let [depth, n, words, layer, effort_states, effort_depth] = head;
        if n == 0 || n > u64::from(u32::MAX) || words > u64::from(u32::MAX) || layer > n || depth > u64::from(u32::MAX) {
            return Err(damaged("a count out of range"));
        }
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
        let key_words = r.u32s(words)?;
        let starts = r.u32s(n)?;
        let depths = r.u32s(n)?;
        let parents = r.u32s(n)?;
        let layer = r.u32s(layer)?;
        let computed = r.check.0;
        let mut tail = [0u8; 8];
        r.input.read_exact(&mut tail).map_err(|_| damaged("cut short"))?;
        if u64::from_le_bytes(tail) != computed {
            return Err(damaged("the check does not match"));
        }
        if r.input.read(&mut [0u8; 1])? != 0 {
            return Err(damaged("bytes after the end"));
        }
        // The links: keys in order within the arena, each at least one word (the tail);
        // parents earlier (the floor has none); depths at most the sweep's; the layer the
        // states of its depth.
        let ends = starts.iter().skip(1).copied().chain(std::iter::once(words as u32));
        if starts[0] != 0 || starts.iter().zip(ends).any(|(&a, b)| a >= b) {
            return Err(damaged("the keys' starts"));
        }
        if parents[0] != u32::MAX || parents.iter().enumerate().skip(1).any(|(i, &p)| p as usize >= i) {
            return Err(damaged("the states' parents"));
        }
        if depths.iter().any(|&d| u64::from(d) > depth) || layer.iter().any(|&id| id as u64 >= n || u64::from(depths[id as usize]) != depth)
        {
            return Err(damaged("the states' depths"));
        }
        let mut states = States { words: key_words, starts, depths, parents, index: hashbrown::HashTable::new() };
        states.index.reserve(n as usize, |_| 0);
        for id in 0..n as u32 {
            let key = states.key(id);
            let h = super::hash_of(key);
            if states.index.find(h, |&other| states.key(other) == key).is_some() {
                return Err(damaged("a state kept twice"));
            }
            let States { words, starts, index, .. } = &mut states;
            index.insert_unique(h, id, |&i| super::hash_of(super::key_in(words, starts, i)));
        }
        let effort = Effort { states: effort_states as usize, depth: effort_depth as usize };
        Ok(Sweep { signature, states, layer, effort, best, depth: depth as usize, cut })
    }
}
