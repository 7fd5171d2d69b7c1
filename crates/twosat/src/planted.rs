//! Random satisfiable 2-CNF formulas with a known ("planted") model, for tests and
//! benchmarks.

use crate::{Literal, TwoSat};

/// A random formula over `vars` variables (at least 1) with `clauses` clauses of two
/// literals, each satisfied by a hidden random model, which is returned too. `seed`
/// selects the formula.
pub fn planted(vars: u32, clauses: usize, seed: u64) -> (TwoSat, Vec<bool>) {
    assert!(vars >= 1, "a planted formula needs a variable");
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let model: Vec<bool> = (0..vars).map(|_| next() & 1 == 1).collect();
    let mut f = TwoSat::new(vars);
    f.reserve(clauses);
    for _ in 0..clauses {
        let r = next();
        let a = Literal::new((r % vars as u64) as u32, r >> 40 & 1 == 1);
        let r = next();
        let mut b = Literal::new((r % vars as u64) as u32, r >> 40 & 1 == 1);
        if !a.holds(&model) && !b.holds(&model) {
            b = !b;
        }
        f.add_clause(a, b);
    }
    (f, model)
}
