//! The tables both bitset engines precompute from a [`Problem`]: per option its primary
//! items and conflict set, per primary item its options.

use super::*;

/// The conflict sets of a compacted problem's options (tables with
/// [`DenseTables::parent`], which list only the conflicts through secondary items), each
/// written by the option's first commit as the union of its items' options and its
/// conflicts through secondary items, and read by the later ones: an option's set is
/// built at most once a subtree, and only if the option is ever chosen there. (Built for
/// every option when the subtree is compacted, they cost more than they save where
/// subtrees are small and wide, as in the full tree of the 6x10 pentominoes, up to 12
/// words; built at every commit, they cost more where subtrees are large and narrow, as a
/// random colored XCC's 2200 nodes over at most 128 options: the history of BENCHMARKS.md.)
#[derive(Debug, Clone, Default)]
pub(super) struct Rows {
    /// Conflict set of option `k`: `conf[k * n..(k + 1) * n]`, and its primary items
    /// (bit `i` for item `i`): `prim[k]`, both valid where `done` has bit `k`.
    pub(super) conf: Vec<u64>,
    pub(super) prim: Vec<u128>,
    pub(super) done: Vec<u64>,
}

/// A compacted subtree of frames of at most this many words gets every option's whole
/// conflict set when its tables are written; wider ones get each when first chosen
/// ([`Rows`]). Measured (A/B, `xc --count --no-memo`, the history of BENCHMARKS.md): whole sets for
/// every width cost 18% on the pentominoes 6x10 (subtrees of up to 12 words) and saved
/// 7% more than sets on first use on a random colored XCC (2 words).
pub(super) const FULL_ROWS: usize = 2;

/// What both bitset engines precompute: per option its primary items and its conflict
/// set, per primary item its options as a bitset.
#[derive(Debug, Clone)]
pub(super) struct Tables {
    /// Primary items of option `k`: `opt_items[opt_start[k]..opt_start[k + 1]]`.
    pub(super) opt_items: Vec<u32>,
    pub(super) opt_start: Vec<u32>,
    /// Conflict set of option `k`: the nonzero words `conf_word[j]`, `conf_bits[j]` for
    /// `j` in `conf_start[k]..conf_start[k + 1]`.
    pub(super) conf_word: Vec<u32>,
    pub(super) conf_bits: Vec<u64>,
    pub(super) conf_start: Vec<u32>,
    /// The part of option `k`'s conflict set due to secondary items (options sharing one
    /// uncolored, or giving one another color), stored as the conflict set; with
    /// `primary_conflicts` only (else the whole conflict set is this part).
    pub(super) sec_word: Vec<u32>,
    pub(super) sec_bits: Vec<u64>,
    pub(super) sec_start: Vec<u32>,
    /// Options of primary item `i` as a bitset: the nonzero words `item_word[j]`,
    /// `item_bits[j]` for `j` in `item_start[i]..item_start[i + 1]`, in increasing word
    /// order (so its options come in input order).
    pub(super) item_word: Vec<u32>,
    pub(super) item_bits: Vec<u64>,
    pub(super) item_start: Vec<u32>,
    /// The masks of [`Counting::Dense`], for problems small enough.
    pub(super) dense: Option<DenseTables>,
    /// Words of live bits, options and primary items.
    pub(super) words: usize,
    pub(super) options: usize,
    pub(super) primary: usize,
}

impl Tables {
    /// Tables of no problem, with empty dense masks: the start of those that
    /// [`BitSolver::count_compacted`] rewrites for each subtree.
    pub(super) fn compacted() -> Tables {
        Tables {
            dense: Some(DenseTables {
                n: 1,
                item: Vec::new(),
                conf: Vec::new(),
                prim: Vec::new(),
                sec: Vec::new(),
                parent: None,
                ids: Vec::new(),
                map: Vec::new(),
            }),
            opt_items: Vec::new(),
            opt_start: vec![0],
            conf_word: Vec::new(),
            conf_bits: Vec::new(),
            conf_start: vec![0],
            sec_word: Vec::new(),
            sec_bits: Vec::new(),
            sec_start: vec![0],
            item_word: Vec::new(),
            item_bits: Vec::new(),
            item_start: vec![0],
            words: 1,
            options: 0,
            primary: 0,
        }
    }

    /// The tables of `problem`, or `None` past [`MAX_PAIRS`], or when its frames or its
    /// conflict sets could take more than [`MAX_FRAMES`] bytes. With
    /// `primary_conflicts`, an option's conflict set holds the options sharing a primary
    /// item with it (itself included) besides those clashing on a secondary item
    /// (sharing it uncolored, or giving it another color); without (Algorithm M, where
    /// primary items are shared up to their multiplicity), only the latter.
    pub(super) fn build(problem: &Problem, primary_conflicts: bool) -> Option<Tables> {
        let n = problem.options();
        let primary = problem.primary_items();
        let words = n.div_ceil(64);
        // A frame: live bits, and per primary item a count (and a bound, for M).
        let frame = (words * 8 + primary * 8) as u64;
        if frame.saturating_mul(primary as u64 + 1) > MAX_FRAMES || n >= 1 << 30 {
            return None;
        }
        // Per item, its options (ascending) with their colors: `by_item(i)`, one list cut
        // at `item_at` (one allocation, not one a item).
        let mut item_at = vec![0u32; problem.items() + 1];
        for k in 0..n {
            for &(item, _) in problem.option(k) {
                item_at[item as usize + 1] += 1;
            }
        }
        for i in 1..item_at.len() {
            item_at[i] += item_at[i - 1];
        }
        let mut listed = vec![(0u32, Color::NONE); item_at[problem.items()] as usize];
        let mut next: Vec<u32> = item_at[..problem.items()].to_vec();
        for k in 0..n {
            for &(item, c) in problem.option(k) {
                listed[next[item as usize] as usize] = (k as u32, c);
                next[item as usize] += 1;
            }
        }
        drop(next);
        let by_item = |i: usize| &listed[item_at[i] as usize..item_at[i + 1] as usize];
        let pairs: u64 = (0..problem.items()).map(|i| (by_item(i).len() as u64).pow(2)).sum();
        if pairs > MAX_PAIRS {
            return None;
        }
        // The conflict words stored (12 bytes each): per option at most one per option
        // sharing an item with it, and at most `words`; as many again at most for the
        // conflicts through secondary items (a subset) when there are such items.
        let stored: u64 = (0..n)
            .map(|k| {
                let sharing: u64 = problem.option(k).iter().map(|&(i, _)| by_item(i as usize).len() as u64).sum();
                sharing.min(words as u64)
            })
            .sum();
        let copies = if primary_conflicts && problem.items() > primary { 24 } else { 12 };
        if stored.saturating_mul(copies) > MAX_FRAMES {
            return None;
        }
        let (item_word, item_bits, item_start) = words_of((0..primary).map(by_item));
        // Per secondary item, its options as nonzero words (as for the primary items):
        // an option without a color there conflicts with all of them, ORed in whole words.
        let (free_word, free_bits, free_start) = words_of((primary..problem.items()).map(by_item));
        // (Room for each list made once: the lists of one entry an option, and the
        // primary items' entries.)
        let starts = || {
            let mut v = Vec::with_capacity(n + 1);
            v.push(0u32);
            v
        };
        let mut opt_items = Vec::with_capacity(item_at[primary] as usize);
        let mut opt_start = starts();
        let mut conf_word = Vec::new();
        let mut conf_bits = Vec::new();
        let mut conf_start = starts();
        let (mut sec_word, mut sec_bits, mut sec_start) = (Vec::new(), Vec::new(), starts());
        // Problems of at most 8 words of options and 128 primary items get dense masks
        // too ([`Counting::Dense`]); their conflict sets are made as dense rows, from
        // which the lists of nonzero words are read.
        let dense = if words <= SCANNED && primary <= 128 {
            let width = words.max(1);
            let rows = |word: &[u32], bits: &[u64], start: &[u32]| {
                let mut d = vec![0u64; (start.len() - 1) * width];
                for i in 0..start.len() - 1 {
                    for j in start[i] as usize..start[i + 1] as usize {
                        d[i * width + word[j] as usize] = bits[j];
                    }
                }
                d
            };
            let item = rows(&item_word, &item_bits, &item_start);
            let free = rows(&free_word, &free_bits, &free_start);
            let mut conf = vec![0u64; n * width];
            let mut sec = vec![0u64; n * width];
            let mut prim = Vec::with_capacity(n);
            for k in 0..n {
                let (conf_row, sec_row) = (&mut conf[k * width..(k + 1) * width], &mut sec[k * width..(k + 1) * width]);
                let mut mask = 0u128;
                for &(item_k, c) in problem.option(k) {
                    let i = item_k as usize;
                    if i < primary {
                        opt_items.push(item_k);
                        mask |= 1 << i;
                        if primary_conflicts {
                            or_rows(conf_row, &item[i * width..(i + 1) * width]);
                        }
                    } else if c == Color::NONE {
                        let f = &free[(i - primary) * width..(i - primary + 1) * width];
                        or_rows(conf_row, f);
                        if primary_conflicts {
                            or_rows(sec_row, f);
                        }
                    } else {
                        for &(other, c2) in by_item(i) {
                            if c2 != c {
                                let (w, bit) = ((other / 64) as usize, 1u64 << (other % 64));
                                conf_row[w] |= bit;
                                if primary_conflicts {
                                    sec_row[w] |= bit;
                                }
                            }
                        }
                    }
                }
                prim.push(mask);
                opt_start.push(opt_items.len() as u32);
                for (row, word, bits) in [(&*conf_row, &mut conf_word, &mut conf_bits), (&*sec_row, &mut sec_word, &mut sec_bits)] {
                    for (w, &b) in row.iter().enumerate().filter(|(_, b)| **b != 0) {
                        word.push(w as u32);
                        bits.push(b);
                    }
                }
                conf_start.push(conf_word.len() as u32);
                sec_start.push(sec_word.len() as u32);
            }
            if sec_word.is_empty() {
                sec = Vec::new();
            }
            Some(DenseTables { n: width, item, conf, prim, sec, parent: None, ids: Vec::new(), map: Vec::new() })
        } else {
            // The conflict set and its secondary part, as bitsets and their nonzero words.
            let mut scratch = [vec![0u64; words], vec![0u64; words]];
            let mut touched: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
            // The parts a conflict goes into: the conflict set, and its secondary part when
            // the primary items' conflicts are kept apart.
            let parts = if primary_conflicts { 2 } else { 1 };
            // Whether the words touched are noted as they are set (else all are scanned: a
            // set of at most `SCANNED` words, where noting costs more than scanning).
            let track = words > SCANNED;
            for k in 0..n {
                for &(item, c) in problem.option(k) {
                    let is_primary = (item as usize) < primary;
                    if is_primary {
                        opt_items.push(item);
                        if primary_conflicts {
                            // Every option of the item: its nonzero words, ORed in whole.
                            let i = item as usize;
                            for j in item_start[i] as usize..item_start[i + 1] as usize {
                                or_word(&mut scratch[0], &mut touched[0], item_word[j] as usize, item_bits[j], track);
                            }
                        }
                        continue;
                    }
                    if c == Color::NONE {
                        let i = item as usize - primary;
                        for j in free_start[i] as usize..free_start[i + 1] as usize {
                            for part in 0..parts {
                                or_word(&mut scratch[part], &mut touched[part], free_word[j] as usize, free_bits[j], track);
                            }
                        }
                        continue;
                    }
                    for &(other, c2) in by_item(item as usize) {
                        if c2 != c {
                            for part in 0..parts {
                                or_word(&mut scratch[part], &mut touched[part], (other / 64) as usize, 1 << (other % 64), track);
                            }
                        }
                    }
                }
                opt_start.push(opt_items.len() as u32);
                for (part, (word, bits)) in [(&mut conf_word, &mut conf_bits), (&mut sec_word, &mut sec_bits)].into_iter().enumerate() {
                    // The nonzero words in increasing order: sorted when few, else found by
                    // one pass over the words (cheaper than sorting many).
                    if track && touched[part].len() * 16 < words {
                        touched[part].sort_unstable();
                    } else {
                        touched[part].clear();
                        touched[part].extend((0..words as u32).filter(|&w| scratch[part][w as usize] != 0));
                    }
                    for &w in &touched[part] {
                        word.push(w);
                        bits.push(scratch[part][w as usize]);
                        scratch[part][w as usize] = 0;
                    }
                    touched[part].clear();
                }
                conf_start.push(conf_word.len() as u32);
                sec_start.push(sec_word.len() as u32);
            }
            None
        };
        Some(Tables {
            dense,
            opt_items,
            opt_start,
            conf_word,
            conf_bits,
            conf_start,
            sec_word,
            sec_bits,
            sec_start,
            item_word,
            item_bits,
            item_start,
            words,
            options: n,
            primary,
        })
    }

    /// The root's live bits: every option.
    pub(super) fn initial_live(&self) -> Vec<u64> {
        let mut live = vec![!0u64; self.words];
        if !self.options.is_multiple_of(64) {
            live[self.words - 1] = (1u64 << (self.options % 64)) - 1;
        }
        live
    }

    /// The root's counts: per primary item, its options.
    pub(super) fn initial_count(&self) -> Vec<u32> {
        (0..self.primary)
            .map(|i| {
                let (s, e) = (self.item_start[i] as usize, self.item_start[i + 1] as usize);
                self.item_bits[s..e].iter().map(|b| b.count_ones()).sum()
            })
            .collect()
    }
}

/// ORs the row `from` into the row `into` (rows of equal length, at most 8 words).
#[inline]
fn or_rows(into: &mut [u64], from: &[u64]) {
    for (a, &b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

/// The widest conflict sets (in words of 64 options) built without noting the words
/// touched: their nonzero words are found by scanning them all.
const SCANNED: usize = 8;

/// ORs `bits` into word `w` of the bitset `set`, noting `w` in `touched` when it was 0
/// and `track` says so.
#[inline]
fn or_word(set: &mut [u64], touched: &mut Vec<u32>, w: usize, bits: u64, track: bool) {
    if track && set[w] == 0 {
        touched.push(w as u32);
    }
    set[w] |= bits;
}

/// The options of each item in `lists` (ascending option numbers) as their nonzero words
/// of 64 options: the words' numbers, their bits, and where each item's words start (one
/// more entry than items, the last the total).
fn words_of<'a>(lists: impl ExactSizeIterator<Item = &'a [(u32, Color)]>) -> (Vec<u32>, Vec<u64>, Vec<u32>) {
    let mut start = Vec::with_capacity(lists.len() + 1);
    start.push(0u32);
    let (mut word, mut bits) = (Vec::new(), Vec::<u64>::new());
    for list in lists {
        let first = word.len();
        for &(k, _) in list {
            let w = k / 64;
            if word.len() == first || word.last() != Some(&w) {
                word.push(w);
                bits.push(0);
            }
            if let Some(b) = bits.last_mut() {
                *b |= 1 << (k % 64);
            }
        }
        start.push(word.len() as u32);
    }
    (word, bits, start)
}
