//! A reader of ZDDs in Knuth's text format (DLX6, ZDDREAD: `k: (~v?lo:hi)`, node numbers
//! in hexadecimal, variables in decimal, 0 and 1 the sinks, the last line the root),
//! written for the tests from the format alone: it shares no code with gridlock's writer.

#![allow(dead_code)]

use std::collections::HashMap;

/// A diagram read from text: per node its (variable, lo, hi), and the root (the last
/// line's node).
pub struct TextZdd {
    pub nodes: HashMap<u64, (u64, u64, u64)>,
    pub root: u64,
}

/// Reads `text`; panics on a line that is not `k: (~v?lo:hi)` (DLX6 may end its last
/// line without a newline, or with its statistics on the same line).
pub fn read(text: &str) -> TextZdd {
    let mut nodes = HashMap::new();
    let mut root = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (k, rest) = line.split_once(": (~").unwrap_or_else(|| panic!("bad line {line:?}"));
        let (v, rest) = rest.split_once('?').unwrap();
        let (lo, rest) = rest.split_once(':').unwrap();
        let hi = &rest[..rest.find(')').unwrap()];
        let k = u64::from_str_radix(k.trim(), 16).unwrap();
        let node = (v.parse().unwrap(), u64::from_str_radix(lo, 16).unwrap(), u64::from_str_radix(hi, 16).unwrap());
        assert!(nodes.insert(k, node).is_none(), "node {k:x} twice");
        root = k;
    }
    TextZdd { nodes, root }
}

impl TextZdd {
    /// The number of paths from `k` to the sink 1 (memoized over nodes).
    pub fn paths_from(&self, k: u64, memo: &mut HashMap<u64, u128>) -> u128 {
        match k {
            0 => 0,
            1 => 1,
            _ => {
                if let Some(&c) = memo.get(&k) {
                    return c;
                }
                let (_, lo, hi) = self.nodes[&k];
                let c = self.paths_from(lo, memo) + self.paths_from(hi, memo);
                memo.insert(k, c);
                c
            }
        }
    }

    /// The number of solutions: paths from the root, whose dummy variable 0 (DLX6's) is
    /// not an option.
    pub fn count(&self) -> u128 {
        self.paths_from(self.root, &mut HashMap::new())
    }

    /// Every path from the root to 1 as its options, numbered from 0 (variable - 1; the
    /// dummy variable 0 left out), sorted.
    pub fn solutions(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut stack = vec![(self.root, Vec::new())];
        while let Some((k, mut chosen)) = stack.pop() {
            match k {
                0 => {}
                1 => {
                    chosen.sort_unstable();
                    out.push(chosen);
                }
                _ => {
                    let (v, lo, hi) = self.nodes[&k];
                    stack.push((lo, chosen.clone()));
                    if v > 0 {
                        chosen.push(v as usize - 1);
                    }
                    stack.push((hi, chosen));
                }
            }
        }
        out
    }

    /// The nodes other than the dummy root (a node of variable 0).
    pub fn real_nodes(&self) -> usize {
        self.nodes.values().filter(|n| n.0 > 0).count()
    }
}
