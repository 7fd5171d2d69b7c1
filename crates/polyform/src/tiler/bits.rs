//! A fixed-width bitset of `W` 64-bit words: the tiler's cells.

/// A set of bit positions, `W` words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Bits<const W: usize>(pub(super) [u64; W]);

impl<const W: usize> Bits<W> {
    pub(super) const ZERO: Bits<W> = Bits([0; W]);

    #[inline(always)]
    pub(super) fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline(always)]
    pub(super) fn or(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        for k in 0..W {
            r.0[k] |= o.0[k];
        }
        r
    }

    #[inline(always)]
    pub(super) fn and(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        for k in 0..W {
            r.0[k] &= o.0[k];
        }
        r
    }

    #[inline(always)]
    pub(super) fn and_not(&self, o: &Bits<W>) -> Bits<W> {
        let mut r = *self;
        for k in 0..W {
            r.0[k] &= !o.0[k];
        }
        r
    }

    #[inline(always)]
    pub(super) fn not(&self) -> Bits<W> {
        let mut r = *self;
        for w in &mut r.0 {
            *w = !*w;
        }
        r
    }

    #[inline(always)]
    pub(super) fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub(super) fn intersects(&self, o: &Bits<W>) -> bool {
        (0..W).any(|k| self.0[k] & o.0[k] != 0)
    }

    #[inline(always)]
    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest set bit, if any.
    #[inline(always)]
    pub(super) fn lowest(&self) -> Option<usize> {
        (0..W).find(|&k| self.0[k] != 0).map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }

    /// The lowest clear bit (`W * 64` if none).
    #[inline(always)]
    pub(super) fn lowest_clear(&self) -> usize {
        (0..W).find(|&k| self.0[k] != u64::MAX).map_or(W * 64, |k| k * 64 + self.0[k].trailing_ones() as usize)
    }

    /// Bits moved up by `by` (towards higher positions); those past the top are lost.
    #[inline(always)]
    pub(super) fn up(&self, by: usize) -> Bits<W> {
        let (q, r) = (by / 64, by % 64);
        let mut out = Bits::ZERO;
        for k in (q..W).rev() {
            let mut w = self.0[k - q] << r;
            if r > 0 && k > q {
                w |= self.0[k - q - 1] >> (64 - r);
            }
            out.0[k] = w;
        }
        out
    }

    /// Bits moved down by `by`; those below 0 are lost.
    #[inline(always)]
    pub(super) fn down(&self, by: usize) -> Bits<W> {
        let (q, r) = (by / 64, by % 64);
        let mut out = Bits::ZERO;
        for k in 0..W.saturating_sub(q) {
            let mut w = self.0[k + q] >> r;
            if r > 0 && k + q + 1 < W {
                w |= self.0[k + q + 1] << (64 - r);
            }
            out.0[k] = w;
        }
        out
    }
}
