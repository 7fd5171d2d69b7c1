#![no_main]
//! Fuzz target: the packing engines on one small problem. The input is a pieces file
//! and a board drawing (as `pack --pieces` and `--board` read them) separated by a line
//! `---`; on at most 40 cells and 6 pieces, the bitboard engines (packer or tiler) and
//! exact cover must count alike where exact cover lists fewer than 10,000 tilings, and
//! every packing the bitboard engine lists must pass a check written from the rules here
//! (cells of the board, each covered once, each piece used within its copies).
use libfuzzer_sys::fuzz_target;
use polyform::copies::Copies;
use polyform::cover::{Engine, Search};
use polyform::shape::Freedom;
use std::ops::ControlFlow;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some((pieces, board)) = text.split_once("\n---\n") else { return };
    let (Ok(pieces), Ok(board)) = (puzzles::pack::parse_pieces(pieces), puzzles::pack::parse_board(board)) else { return };
    if board.len() > 40 || pieces.len() > 6 || board.is_empty() {
        return;
    }
    let copies: Vec<Copies> = pieces.iter().map(|(_, c)| *c).collect();
    let placements: Vec<Vec<Vec<usize>>> = pieces.iter().map(|(p, _)| board.placements(&p.shape, Freedom::from(true))).collect();
    let bits = Search::with_copies(&board, &placements, &copies, Engine::Bitboard);
    let links = Search::with_copies(&board, &placements, &copies, Engine::ExactCover);
    // Exact cover enumerates: a count in the billions (two monominoes of any number of
    // copies on 31 cells make 2^32 tilings) takes it minutes, so the counts are compared
    // only where exact cover lists every tiling within LIMIT.
    const LIMIT: u128 = 10_000;
    let mut by_links = 0u128;
    let _ = links.for_each(|_| {
        by_links += 1;
        if by_links < LIMIT {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    let options = exact_cover::parallel::CountOptions::default();
    let count = (by_links < LIMIT).then_some(by_links);
    if let Some(count) = count {
        assert_eq!(links.count(&options), Some(count));
        assert_eq!(bits.count(&options), Some(count));
    }
    let mut listed = 0u128;
    let _ = bits.for_each(|tiles| {
        let mut covered = vec![0u32; board.len()];
        let mut used = vec![0u32; pieces.len()];
        for &(p, k) in tiles {
            used[p] += 1;
            for &c in &placements[p][k] {
                covered[c] += 1;
            }
        }
        assert!(covered.iter().all(|&n| n == 1), "every cell once: {tiles:?}");
        for (u, c) in used.iter().zip(&copies) {
            assert!(*u >= c.lo && c.hi.is_none_or(|hi| *u <= hi), "copies: {tiles:?}");
        }
        listed += 1;
        if listed < LIMIT {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    match count {
        Some(count) => assert_eq!(listed, count),
        None => assert_eq!(listed, LIMIT, "exact cover listed {LIMIT} tilings, the bitboard engine fewer"),
    }
});
