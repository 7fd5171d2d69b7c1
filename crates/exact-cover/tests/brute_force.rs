//! The dancing-links solver against a brute force over every subset of options, on random
//! small problems with primary, secondary and colored items.

use exact_cover::{Color, Problem, Solver};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every subset of options that is a solution, by definition: each primary item in exactly
/// one chosen option; each secondary item either uncolored in at most one chosen option,
/// or colored identically in all chosen options that name it.
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    let m = p.options();
    for mask in 0u32..(1 << m) {
        let chosen: Vec<usize> = (0..m).filter(|k| mask >> k & 1 == 1).collect();
        let mut ok = true;
        for item in 0..p.items() {
            let uses: Vec<Color> =
                chosen.iter().flat_map(|&k| p.option(k).iter()).filter(|&&(i, _)| i as usize == item).map(|&(_, c)| c).collect();
            let good = if item < p.primary_items() {
                uses.len() == 1
            } else if uses.len() <= 1 {
                true
            } else {
                uses.iter().all(|&c| c != Color::NONE && c == uses[0])
            };
            if !good {
                ok = false;
                break;
            }
        }
        if ok {
            out.insert(chosen);
        }
    }
    out
}

fn problem() -> impl Strategy<Value = Problem> {
    (1usize..6, 0usize..4).prop_flat_map(|(n1, n2)| {
        let n = n1 + n2;
        // Each option: for each item, absent / present uncolored / colored 1 or 2.
        proptest::collection::vec(proptest::collection::vec(0u8..6, n), 0..11).prop_map(move |rows| {
            let mut p = Problem::new(n1, n2);
            for row in rows {
                let opt: Vec<(usize, Color)> = row
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &v)| match v {
                        0..=2 => None,
                        3 => Some((i, Color::NONE)),
                        _ if i < n1 => Some((i, Color::NONE)),
                        4 => Some((i, Color(1))),
                        _ => Some((i, Color(7))),
                    })
                    .collect();
                if opt.iter().any(|&(i, _)| i < n1) {
                    p.add_colored_option(&opt).unwrap();
                }
            }
            p
        })
    })
}

/// The problem written in Knuth's format (items `i0 i1 ...`, colors `c1 c7`).
fn knuth_text(p: &Problem) -> String {
    let name = |i: usize| format!("i{i}");
    let primary: Vec<String> = (0..p.primary_items()).map(name).collect();
    let secondary: Vec<String> = (p.primary_items()..p.items()).map(name).collect();
    let mut text = format!("| random\n{} | {}\n", primary.join(" "), secondary.join(" "));
    for k in 0..p.options() {
        let items: Vec<String> = p
            .option(k)
            .iter()
            .map(|&(i, c)| if c == Color::NONE { name(i as usize) } else { format!("{}:c{}", name(i as usize), c.0) })
            .collect();
        text.push_str(&items.join(" "));
        text.push('\n');
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn subtrees_partition_the_solutions(p in problem(), parts in 1usize..12) {
        let expected = brute_force(&p);
        let mut seen = BTreeSet::new();
        for prefix in Solver::split(&p, parts) {
            let mut s = Solver::below(&p, &prefix).unwrap();
            for sol in s.solutions() {
                prop_assert!(seen.insert(sol), "a solution in two subtrees");
            }
        }
        prop_assert_eq!(seen, expected.clone());
        let counted: u64 = Solver::split(&p, parts).iter().map(|pre| Solver::below(&p, pre).unwrap().count()).sum();
        prop_assert_eq!(counted, expected.len() as u64);
    }

    #[test]
    fn knuth_format_round_trip(p in problem()) {
        let named = exact_cover::knuth::parse(&knuth_text(&p)).unwrap();
        prop_assert_eq!(named.problem.options(), p.options());
        prop_assert_eq!(Solver::new(&named.problem).count(), brute_force(&p).len() as u64);
    }

    #[test]
    fn solutions_equal_brute_force(p in problem()) {
        let expected = brute_force(&p);
        let mut s = Solver::new(&p);
        let got: Vec<Vec<usize>> = s.solutions().collect();
        let got_set: BTreeSet<Vec<usize>> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), got_set.len(), "a solution was reported twice");
        prop_assert_eq!(&got_set, &expected);
        prop_assert_eq!(s.stats().solutions, expected.len() as u64);
        prop_assert_eq!(Solver::new(&p).count(), expected.len() as u64);
    }
}
