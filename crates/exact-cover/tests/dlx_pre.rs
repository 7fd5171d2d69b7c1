//! Preprocessing against Knuth's DLX-PRE followed by DLX2: on 20 seeded random colored
//! problems and four domino tilings (at most one horizontal domino a row; two with holes
//! that make them unsolvable, which both programs prove without a search), the problem gridlock's preprocessing leaves has
//! the count of the original, which is the count `dlx2` gives on `dlx-pre`'s output; and
//! gridlock removes as many options and items as `dlx-pre` does. The programs are built
//! by hand outside the tree from Knuth's CWEB sources (`../shared/reference/README.md`
//! says where), in `GRIDLOCK_KNUTH` (default `$TMPDIR/gridlock-knuth`); without them the
//! numbers they printed once, recorded in `tests/data/xc/dlx-pre.txt`, are checked alone
//! (and the test says so on stderr). `GRIDLOCK_RECORD=1` prints the lines to record.

use exact_cover::preprocess::preprocess;
use exact_cover::{knuth, strategy};
use std::path::Path;

mod common;
use common::{knuth_count, knuth_output, random_problem, Reference};

/// Domino tilings of `rows` x `cols` without the cells of `holes` (row, col), items
/// named by cell, plus a secondary item per row that every horizontal domino of the row
/// uses uncolored: at most one horizontal domino a row.
fn tiling(rows: usize, cols: usize, holes: &[(usize, usize)]) -> String {
    let cell = |r: usize, c: usize| (!holes.contains(&(r, c))).then(|| format!("r{r}c{c}"));
    let cells: Vec<String> = (0..rows).flat_map(|r| (0..cols).filter_map(move |c| cell(r, c))).collect();
    let rows_items: Vec<String> = (0..rows).map(|r| format!("h{r}")).collect();
    let mut text = format!("| dominoes in {rows}x{cols} less {holes:?}\n{} | {}\n", cells.join(" "), rows_items.join(" "));
    for r in 0..rows {
        for c in 0..cols {
            if let (Some(a), Some(b)) = (cell(r, c), if c + 1 < cols { cell(r, c + 1) } else { None }) {
                text += &format!("{a} {b} h{r}\n");
            }
            if let (Some(a), Some(b)) = (cell(r, c), if r + 1 < rows { cell(r + 1, c) } else { None }) {
                text += &format!("{a} {b}\n");
            }
        }
    }
    text
}

fn problems() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = (1..=20u64).map(|seed| (format!("xcc-{seed}"), random_problem(seed, 14, 60, false))).collect();
    v.push(("tiling-4x5".into(), tiling(4, 5, &[(0, 1), (2, 3)])));
    v.push(("tiling-5x6".into(), tiling(5, 6, &[(1, 1), (3, 4)])));
    v.push(("tiling-4x4".into(), tiling(4, 4, &[])));
    v.push(("tiling-6x4".into(), tiling(6, 4, &[(0, 0), (0, 1)])));
    v
}

/// `dlx-pre`'s "Removed N options and M items", then the count `dlx2` finds on its output
/// (0 when `dlx-pre` printed a lone uncoverable item, a problem without options).
fn knuth_numbers(dir: &Path, text: &str) -> (usize, usize, u128) {
    let (reduced, err) = knuth_output(dir, "dlx-pre", "v1", text);
    let words: Vec<&str> = err.lines().find(|l| l.starts_with("Removed")).unwrap().split_whitespace().collect();
    let (options, items) = (words[1].parse().unwrap(), words[4].parse().unwrap());
    (options, items, knuth_count(dir, "dlx2", &reduced))
}

#[test]
fn counts_and_removals_equal_dlx_pre_then_dlx2() {
    let reference = Reference::new(include_str!("../../../tests/data/xc/dlx-pre.txt"), &["dlx-pre", "dlx2"], "numbers");
    let mut reduced = 0;
    for (name, text) in problems() {
        let named = knuth::parse(&text).unwrap();
        let pre = preprocess(&named.problem).unwrap();
        let count = |p| strategy::count_below(p, &[], true, &mut |_| {}).unwrap().count.unwrap();
        let ours = (pre.stats.options_removed, pre.stats.items_removed, count(&pre.problem));
        assert_eq!(ours.2, count(&named.problem), "{name}: the count is kept");
        reduced += usize::from(ours.0 > 0);
        let r = reference.numbers(&name, |dir| {
            let theirs = knuth_numbers(dir, &text);
            vec![theirs.0 as u128, theirs.1 as u128, theirs.2]
        });
        let theirs = (r[0] as usize, r[1] as usize, r[2]);
        assert_eq!(ours.2, theirs.2, "{name}: count after preprocessing, against dlx-pre then dlx2");
        assert!(ours.0 >= theirs.0 && ours.1 >= theirs.1, "{name}: removed {:?}, dlx-pre {:?}", ours, theirs);
    }
    assert!(reduced >= 5, "only {reduced} problems were reduced at all");
}
