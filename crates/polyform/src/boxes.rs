//! What a polycube set does with boxes: the smallest box (least volume, a cube, all
//! sides odd) and the orders (the fewest copies that fill a box, an odd number of them,
//! a cube), each with one filling, proven least unless a bound says otherwise.
//!
//! Each cross-section `a x b` (`a <= b`) runs the skyline search ([`Skyline::solid`]),
//! which finds the shortest box of that cross-section or shows there is none. Every box
//! has sides `a <= b <= c`, so it is found at cross-section `a x b`, and no box of that
//! cross-section has less volume than `a b^2`: the cross-sections are taken by increasing
//! `a b^2`, each searched only for lengths that beat the best so far, until `a b^2` can
//! beat it no more. This is the question Karl Dahlke's 3dbox answers (trec's
//! `theorems/hexlist-3d`: the flat stair tetromino has order 6 in a 2 x 3 x 4 box).

use crate::atlas::{lengths_for, Bounds, Goal, Impossible, Journal, Searched, Unproven};
use crate::copies::Copies;
use crate::lattice::Lattice;
use crate::shape::{Freedom, Shape};
use crate::skyline::{Effort, Shortest, Skyline, Solid, MAX_SECTION};
use crate::transfer::TransferError;
use std::collections::BTreeMap;

/// A box that a search found, with one filling of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundBox {
    /// Its sides `[a, b, c]`: the cross-section `a x b` (`a <= b`) and the length `c`
    /// swept (any of the three may be the longest).
    pub sides: [usize; 3],
    /// The number of pieces of the filling.
    pub copies: u32,
    /// The filling, cells as `[row, column, layer]` of the `a x b x c` box.
    pub tiles: Solid,
}

/// A box search's answer: what it found, and whether the bounds left it unproven.
pub type SearchedBox = Searched<FoundBox>;

/// Where a [`search`] is: the cross-section being searched, the depth reached and the
/// states kept so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoxProgress {
    /// The cross-section `(a, b)`.
    pub across: (usize, usize),
    /// Layers filled so far.
    pub depth: usize,
    /// States kept at this cross-section.
    pub states: usize,
}

/// The cross-sections `(a, b)`, `a <= b`, a box whose sides are `a <= b <= c` (of at
/// most `max_volume` cells) may have for `goal`, by increasing least volume `a b^2` (then
/// by `a`): with a cube's goals only squares, with [`Goal::Odd`] only odd sides.
pub fn cross_sections(goal: Goal, max_volume: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut a = 1;
    while a * a * a <= max_volume {
        let mut b = a;
        while a * b * b <= max_volume {
            let shaped = match goal {
                Goal::Square | Goal::SquareOrder => a == b,
                Goal::Odd => a % 2 == 1 && b % 2 == 1,
                _ => true,
            };
            if shaped {
                out.push((a, b));
            }
            b += 1;
        }
        a += 1;
    }
    out.sort_by_key(|&(a, b)| (a * b * b, a));
    out
}

/// Searches boxes of at most `bounds.max_area` cells for `goal` (the goals of
/// rectangles read for boxes: [`Goal::Rectangle`] the least volume, [`Goal::Square`]
/// the smallest cube, [`Goal::Odd`] all sides odd, the orders the fewest copies) with
/// the polycubes `shapes` (`freedom`: [`Freedom::Free`] lets them be mirrored; piece `q`
/// used as `copies[q]` says), and draws one filling of the best. `progress` is called at
/// each depth of each cross-section.
///
/// The answer is proven unless a cross-section of more than [`MAX_SECTION`] cells, or
/// one that passed `bounds.max_states`, could hold a better box, or the volume bound cut
/// the search where a better box could lie; then [`Searched::unproven`] says which.
/// With no box found it is proven (no box at all) only when no orientation fills a
/// box's corner.
///
/// Errors: [`TransferError::NoPieces`], [`TransferError::Unfit`] when the pieces are not
/// polycubes of one size each used any number of times (at most 4 of them at least
/// once), [`TransferError::Interrupted`].
pub fn search(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    progress: &mut dyn FnMut(BoxProgress),
) -> Result<SearchedBox, TransferError> {
    let journal = Journal { done: BTreeMap::new(), finished: &mut |_, _| std::ops::ControlFlow::Continue(()) };
    search_with(shapes, freedom, copies, goal, bounds, progress, journal)
}

/// [`search`], resuming after the cross-sections `journal.done` and telling
/// `journal.finished` each cross-section it finishes (the front ends keep them in a
/// checkpoint file). A cross-section is named by its number (from 1) in
/// [`cross_sections`]`(goal, bounds.max_area)`, and its outcome is the length and copies
/// of the box it found that beat the best before it, or `None`. A cross-section cut by
/// `bounds.max_states` is not finished, so a resumed search tries it again. The answer is
/// the same as an uninterrupted search's; a best box found before the resume is searched
/// again at its cross-section to draw its filling.
///
/// Errors: as [`search`].
pub fn search_with(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    progress: &mut dyn FnMut(BoxProgress),
    journal: Journal,
) -> Result<SearchedBox, TransferError> {
    let Journal { done, finished } = journal;
    let Bounds { max_area: max_volume, max_states, threads } = bounds;
    let max_states = max_states.unwrap_or(crate::skyline::DEFAULT_MAX_STATES);
    if shapes.iter().any(|s| s.lattice() != Lattice::Cubic) || !Skyline::fits(shapes, copies, 1) {
        return Err(if shapes.is_empty() || shapes.iter().any(Shape::is_empty) { TransferError::NoPieces } else { TransferError::Unfit });
    }
    if !Skyline::solid(shapes, freedom, copies, 1, 1)?.fills_a_corner() {
        return Ok(SearchedBox { found: None, unproven: None, impossible: Some(Impossible::NoBoxCorner) });
    }
    let size = shapes[0].len();
    // The best so far: its volume (all pieces have `size` cells, so fewer copies is less
    // volume and the reverse), its sides and its filling.
    let mut best: Option<(usize, [usize; 3], Option<Solid>)> = None;
    // The least volume a cross-section skipped could have held.
    let mut skipped: Option<(usize, Unproven)> = None;
    for (number, (a, b)) in (1..).zip(cross_sections(goal, max_volume)) {
        let floor = match goal {
            Goal::Square | Goal::SquareOrder => a * a * a,
            _ => a * b * b,
        };
        if best.as_ref().is_some_and(|(v, ..)| floor >= *v) {
            break;
        }
        if let Some(&outcome) = done.get(&number) {
            // Finished before: its box, when it beat the best then (and so now, unless a
            // cross-section skipped then found a better one since).
            if let Some((c, _)) = outcome {
                if best.as_ref().is_none_or(|(v, ..)| a * b * c < *v) {
                    best = Some((a * b * c, [a, b, c], None));
                }
            }
            continue;
        }
        let longest = match goal {
            Goal::Square | Goal::SquareOrder => a,
            _ => max_volume / (a * b),
        };
        // The longest length that beats the best so far.
        let beats = best.as_ref().map_or(longest, |(v, ..)| ((v - 1) / (a * b)).min(longest));
        if a * b > MAX_SECTION {
            skipped.get_or_insert((floor, Unproven::Across { a, b, error: TransferError::Unfit }));
            continue;
        }
        let sky = Skyline::solid(shapes, freedom, copies, a, b)?;
        progress(BoxProgress { across: (a, b), depth: 0, states: 0 });
        let mut tell = |e: Effort| progress(BoxProgress { across: (a, b), depth: e.depth, states: e.states });
        let outcome = match sky.shortest_box(beats, lengths_for(goal, a), max_states, threads, &mut tell) {
            Ok((Shortest::Found(c, tiles), _)) => {
                best = Some((a * b * c, [a, b, c], Some(tiles)));
                Some((c, (a * b * c / shapes[0].len()) as u32))
            }
            Ok((Shortest::None { .. }, _)) => None,
            Err(e) if e.is_too_many_states() => {
                skipped.get_or_insert((floor, Unproven::Across { a, b, error: e }));
                continue;
            }
            Err(e) => return Err(e),
        };
        if finished(number, outcome).is_break() {
            return Err(TransferError::Interrupted);
        }
    }
    // A best box recorded before the resume: its filling found again.
    if let Some((v, [a, b, c], tiles @ None)) = &mut best {
        let sky = Skyline::solid(shapes, freedom, copies, *a, *b)?;
        match sky.shortest_box(*c, lengths_for(goal, *a), max_states, threads, &mut |_| {})? {
            (Shortest::Found(m, found), _) if m == *c => *tiles = Some(found),
            _ => unreachable!("the box of volume {v} is found again at its cross-section"),
        }
    }
    let could_beat = |volume: usize| best.as_ref().is_none_or(|(v, ..)| volume < *v);
    let unproven = match skipped {
        Some((floor, why)) if could_beat(floor) => Some(why),
        _ if could_beat(max_volume + 1) => Some(Unproven::Volume(max_volume)),
        _ => None,
    };
    let found = best.map(|(v, sides, tiles)| FoundBox { sides, copies: (v / size) as u32, tiles: tiles.expect("drawn above") });
    Ok(SearchedBox { found, unproven, impossible: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cross_sections_go_by_least_volume() {
        let all = cross_sections(Goal::Rectangle, 30);
        assert_eq!(all, vec![(1, 1), (1, 2), (2, 2), (1, 3), (1, 4), (2, 3), (1, 5), (3, 3)]);
        assert_eq!(cross_sections(Goal::Square, 30), vec![(1, 1), (2, 2), (3, 3)]);
        assert_eq!(cross_sections(Goal::Odd, 30), vec![(1, 1), (1, 3), (1, 5), (3, 3)]);
    }
}
