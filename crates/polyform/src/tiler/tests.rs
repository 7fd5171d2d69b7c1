//! Tests of the [`Tiler`].

use super::*;
use crate::{Freedom, Shape};

fn dominoes(rows: i32, cols: i32) -> Tiler {
    let board = Board::rectangle(rows, cols);
    let pl = vec![board.placements(&Shape::from_drawing("##").unwrap(), Freedom::Free)];
    Tiler::new(&board, &pl, &[Copies { lo: 0, hi: None }]).unwrap()
}

#[test]
fn shifts_cross_words() {
    let mut b = Bits::<3>::ZERO;
    b.set(63);
    b.set(100);
    assert_eq!(b.up(1).lowest(), Some(64));
    assert_eq!(b.up(70).0, [0, 0, 1 << (133 - 128) | 1 << (170 - 128)]);
    assert_eq!(b.down(64).lowest(), Some(36));
    assert_eq!(b.down(100).0, [1, 0, 0]);
    assert_eq!(b.up(192), Bits::ZERO);
    let full = Bits::<2>([u64::MAX, 5]);
    assert_eq!(full.lowest_clear(), 65);
}

#[test]
fn domino_counts_on_every_width() {
    // Known counts (OEIS A004003 on squares; 2xn: Fibonacci).
    assert_eq!(dominoes(2, 2).count(), Some(2));
    assert_eq!(dominoes(4, 4).count(), Some(36));
    assert_eq!(dominoes(2, 30).count(), Some(1_346_269));
    assert_eq!(dominoes(8, 8).count(), Some(12_988_816));
    assert_eq!(dominoes(3, 3).count(), Some(0));
    assert_eq!(dominoes(8, 8).words(), 2);
    assert_eq!(dominoes(2, 300).words(), 16);
    let mut listed = 0;
    let _ = dominoes(4, 4).for_each(|t| {
        assert_eq!(t.len(), 8);
        listed += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(listed, 36);
}

#[test]
fn splits_add_up() {
    let t = dominoes(6, 6);
    let whole = t.count().unwrap();
    let parts = t.split(50);
    assert!(parts.len() >= 50);
    let mut cache = TilerCache::default();
    let sum: u128 = parts.iter().map(|p| t.count_subtree(p, &mut cache).unwrap()).sum();
    assert_eq!(sum, whole);
}

#[test]
fn too_wide_boards_are_refused() {
    let board = Board::rectangle(50, 50);
    let pl = vec![board.placements(&Shape::from_drawing("#").unwrap(), Freedom::Free)];
    assert!(matches!(Tiler::new(&board, &pl, &[Copies::ONE]), Err(PackError::TooLarge { .. })));
}
