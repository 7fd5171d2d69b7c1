//! [`Copies`]: how many times a piece is used, shared by the engines ([`crate::Tiler`],
//! dancing links through [`crate::cover`]) and the front ends, and imported by both
//! without importing each other.

/// How many copies of a piece a packing uses: from `lo` to `hi` (`None`: no upper bound).
/// Copies of one piece are indistinguishable: two packings that differ only by swapping
/// copies are one packing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Copies {
    /// The fewest copies.
    pub lo: u32,
    /// The most copies, or `None` for any number.
    pub hi: Option<u32>,
}

impl Copies {
    /// Exactly one copy (a distinct piece).
    pub const ONE: Copies = Copies { lo: 1, hi: Some(1) };

    /// Parses a count: `3` (exactly 3), `0..2` (0 to 2), `*` (any number, 0 included) or
    /// `1..*` (at least 1).
    ///
    /// Errors: a message for any other text, or `lo > hi`.
    pub fn parse(spec: &str) -> Result<Copies, String> {
        let bad = || format!("'{spec}' is not a count: N, LO..HI, * or LO..*");
        let number = |t: &str| -> Result<u32, String> {
            if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        let copies = match spec.split_once("..") {
            _ if spec == "*" => Copies { lo: 0, hi: None },
            Some((lo, "*")) => Copies { lo: number(lo)?, hi: None },
            Some((lo, hi)) => Copies { lo: number(lo)?, hi: Some(number(hi)?) },
            None => {
                let n = number(spec)?;
                Copies { lo: n, hi: Some(n) }
            }
        };
        if copies.hi.is_some_and(|hi| hi < copies.lo) {
            return Err(format!("'{spec}': the lower bound exceeds the upper"));
        }
        Ok(copies)
    }

    /// The most copies of a piece of `size` cells that fit `cells` cells, within `hi`.
    pub fn most(self, size: usize, cells: usize) -> u32 {
        let fit = (cells / size.max(1)).min(u32::MAX as usize) as u32;
        self.hi.map_or(fit, |hi| hi.min(fit))
    }
}

impl std::fmt::Display for Copies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.hi {
            Some(hi) if hi == self.lo => write!(f, "{hi}"),
            Some(hi) => write!(f, "{}..{hi}", self.lo),
            None if self.lo == 0 => f.write_str("*"),
            None => write!(f, "{}..*", self.lo),
        }
    }
}
