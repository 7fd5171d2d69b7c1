//! The 2-SAT solver against a brute force over every assignment, on random formulas; every
//! model it gives must satisfy every clause.

use proptest::prelude::*;
use twosat::{dimacs, Literal, TwoSat};

fn formula() -> impl Strategy<Value = (u32, Vec<(Literal, Literal)>)> {
    (1u32..11).prop_flat_map(|n| {
        let lit = (0..n, any::<bool>()).prop_map(|(v, neg)| Literal::new(v, neg));
        (Just(n), proptest::collection::vec((lit.clone(), lit), 0..(3 * n as usize + 2)))
    })
}

fn satisfiable_by_brute_force(n: u32, clauses: &[(Literal, Literal)]) -> bool {
    (0u32..1 << n).any(|bits| {
        let model: Vec<bool> = (0..n).map(|v| bits >> v & 1 == 1).collect();
        clauses.iter().all(|&(a, b)| a.holds(&model) || b.holds(&model))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn agrees_with_brute_force((n, clauses) in formula()) {
        let mut f = TwoSat::new(n);
        for &(a, b) in &clauses {
            f.add_clause(a, b);
        }
        let model = f.solve();
        prop_assert_eq!(model.is_some(), satisfiable_by_brute_force(n, &clauses));
        if let Some(m) = model {
            prop_assert_eq!(m.len(), n as usize);
            for &(a, b) in &clauses {
                prop_assert!(a.holds(&m) || b.holds(&m));
            }
        }
    }

    #[test]
    fn dimacs_round_trip((n, clauses) in formula()) {
        let mut text = format!("c random\np cnf {n} {}\n", clauses.len());
        for &(a, b) in &clauses {
            let d = |l: Literal| if l.is_negated() { -(l.var() as i64 + 1) } else { l.var() as i64 + 1 };
            text.push_str(&format!("{} {} 0\n", d(a), d(b)));
        }
        let f = dimacs::parse(text.as_bytes()).unwrap();
        prop_assert_eq!(f.clauses(), &clauses[..]);
    }

    #[test]
    fn dimacs_never_panics(input in proptest::collection::vec(prop_oneof![Just(b' '), Just(b'\n'), Just(b'-'), Just(b'0'), Just(b'1'), Just(b'2'), Just(b'p'), Just(b'c'), any::<u8>()], 0..80)) {
        let mut text = b"p cnf 2 3\n".to_vec();
        text.extend(input);
        let _ = dimacs::parse(&text).map(|f| f.solve());
    }
}
