//! What a polycube set does with boxes: the smallest box (least volume, a cube, all
//! sides odd) and the orders (the fewest copies that fill a box, an odd number of them,
//! a cube), each with one filling, proven least unless a bound says otherwise.
//!
//! Each cross-section `a x b` (`a <= b`) runs the skyline search ([`Skyline::solid`])
//! raced against exact cover of its whole boxes, which finds the shortest box of that
//! cross-section or shows there is none. Every box has sides `a <= b <= c`, so it is
//! found at cross-section `a x b`, and no box of that cross-section has less volume than
//! `a b^2`: the cross-sections are taken by increasing `a b^2`, each searched only for
//! lengths that beat the best so far, until `a b^2` can beat it no more; and in passes
//! of growing volume caps, so that a long box of one cross-section is not searched
//! before a shorter box of a later one. This is the question Karl Dahlke's 3dbox answers
//! (trec's `theorems/hexlist-3d`: the flat stair tetromino has order 6 in a 2 x 3 x 4
//! box), taking boxes by volume.
//!
//! Pieces the skyline search does not take (of different sizes, more than four required,
//! or copies bounded) go to exact cover alone, each cross-section within a budget, for
//! the lengths whose volume the pieces' sizes and copies can make up; with different
//! sizes only the smallest boxes are searched, not the orders (fewer copies is then not
//! less volume).

use crate::atlas::{lengths_for, Bounds, Goal, Impossible, Journal, Searched, Unproven};
use crate::copies::Copies;
use crate::lattice::Lattice;
use crate::shape::{Freedom, Shape};
use crate::skyline::{Effort, Orientations, Shortest, Skyline, Solid, MAX_SECTION};
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

/// The pieces a box search fills boxes with: the polycubes, whether they may be
/// mirrored, and how many copies of each.
#[derive(Clone, Copy)]
struct Pieces<'a> {
    freedom: Freedom,
    copies: &'a [Copies],
    /// Their orientations, for the skyline search of every cross-section.
    orientations: &'a Orientations,
    /// For pieces the skyline search does not take (exact cover alone): the volumes from
    /// 0 up that a filling can have with the pieces' sizes and copies
    /// ([`filling_volumes`]); a volume past the end is not ruled out.
    volumes: Option<&'a [bool]>,
    /// The skyline search's lookahead ([`Skyline::lookahead`]; `None`: its default).
    lookahead: Option<usize>,
    /// Where the skyline search keeps its states ([`Skyline::states_in`]).
    states_dir: Option<&'a std::path::Path>,
}

impl<'a> Pieces<'a> {
    /// The cells of the largest piece.
    fn size(&self) -> usize {
        self.shapes().iter().map(Shape::len).max().unwrap_or(0)
    }

    /// The cells of every piece when all have as many, else `None`.
    fn uniform(&self) -> Option<usize> {
        let size = self.size();
        self.shapes().iter().all(|s| s.len() == size).then_some(size)
    }

    /// The pieces, as the orientations were found from them.
    fn shapes(&self) -> &'a [Shape] {
        self.orientations.shapes()
    }

    /// The lengths from `lo` to `hi`, shortest first, of the boxes of cross-section
    /// `a x b` that `goal` accepts and a whole number of copies fills.
    fn possible_lengths(&self, goal: Goal, (a, b): (usize, usize), (lo, hi): (usize, usize)) -> Vec<usize> {
        let lengths = lengths_for(goal, a);
        // Pieces of different sizes are searched for the goals by volume only, whose
        // lengths do not depend on the size.
        let size = self.uniform().unwrap_or(1);
        (lo.max(1)..=hi)
            .filter(|&c| crate::skyline::possible_length(a * b, size, lengths, c))
            .filter(|&c| self.volumes.is_none_or(|v| v.get(a * b * c).is_none_or(|&possible| possible)))
            .collect()
    }
}

/// Whether [`search`] fills the boxes of these pieces by exact cover alone: the skyline
/// search does not take them ([`Skyline::fits`]: of different sizes, more than 4 of them
/// required at least once, or copies bounded).
pub fn cover_alone(shapes: &[Shape], copies: &[Copies]) -> bool {
    !Skyline::fits(shapes, copies, 1)
}

/// The most volumes [`filling_volumes`] tells apart (16 MB): past it, every volume is
/// left to the search.
const MAX_VOLUMES: usize = 1 << 24;

/// For each volume `v` from 0 to `max_volume` (at most [`MAX_VOLUMES`]), whether pieces
/// of `sizes` cells, piece `q` used as `copies[q]` says, can make it up: a knapsack over
/// the volumes (the required copies first, then each piece's further copies, any number
/// of them or up to its bound), in time of the volumes times the pieces and the
/// logarithms of their bounds.
fn filling_volumes(sizes: &[usize], copies: &[Copies], max_volume: usize) -> Vec<bool> {
    let top = max_volume.min(MAX_VOLUMES);
    let mut reach = vec![false; top + 1];
    let base = sizes.iter().zip(copies).try_fold(0usize, |sum, (&s, c)| sum.checked_add(s.checked_mul(c.lo as usize)?));
    let Some(base) = base.filter(|&b| b <= top) else {
        return reach;
    };
    reach[base] = true;
    for (&s, c) in sizes.iter().zip(copies) {
        if s == 0 {
            continue;
        }
        match c.hi {
            // Any number more: each volume from the one a piece less.
            None => {
                for v in s..=top {
                    reach[v] |= reach[v - s];
                }
            }
            // At most `hi - lo` more (no more than the volumes hold): as lots of 1, 2,
            // 4, ... copies and the rest, each taken or not, which make up every number
            // up to it.
            Some(hi) => {
                let mut more = (hi.saturating_sub(c.lo) as usize).min(top / s);
                let mut lot = 1;
                while more > 0 {
                    let k = lot.min(more);
                    for v in (k * s..=top).rev() {
                        reach[v] |= reach[v - k * s];
                    }
                    more -= k;
                    lot *= 2;
                }
            }
        }
    }
    reach[0] = false;
    reach
}

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
    /// While the skyline search makes the next depth: the states of `depth` expanded so
    /// far, and all of them ([`Effort::making`]).
    pub making: Option<(usize, usize)>,
    /// Whether exact cover of whole boxes answered for this cross-section (told once, as
    /// it finishes; the skyline search's depth and states are then 0).
    pub exact_cover: bool,
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
/// The answer is proven unless a cross-section of more than [`MAX_SECTION`] cells whose
/// boxes exact cover could not settle within its budget, or one that passed
/// `bounds.max_states`, could hold a better box, or the volume bound cut the search where
/// a better box could lie; then [`Searched::unproven`] says which.
/// With no box found it is proven (no box at all) only when no orientation fills a
/// box's corner.
///
/// Pieces that the skyline search does not take ([`Skyline::fits`]: of different sizes,
/// more than 4 of them required at least once, or copies bounded) are searched by exact
/// cover alone, each cross-section within the budget of one past [`MAX_SECTION`] cells,
/// and only for the lengths whose volume their sizes and copies make up. With pieces of
/// different sizes the box found for [`Goal::Rectangle`] has the least volume, and its
/// filling is the first found (not one of the fewest copies).
///
/// Errors: [`TransferError::NoPieces`], [`TransferError::Unfit`] when the pieces are not
/// all polycubes, [`TransferError::OrderOfMixedSizes`] for an order of pieces of
/// different sizes, [`TransferError::Interrupted`].
pub fn search(
    shapes: &[Shape],
    freedom: Freedom,
    copies: &[Copies],
    goal: Goal,
    bounds: Bounds,
    progress: &mut dyn FnMut(BoxProgress),
) -> Result<SearchedBox, TransferError> {
    let mut nothing = |_, _| std::ops::ControlFlow::Continue(());
    search_with(shapes, freedom, copies, goal, bounds, progress, Journal::of_widths(BTreeMap::new(), &mut nothing))
}

/// [`search`], resuming after the cross-sections `journal.done` and telling
/// `journal.finished` each cross-section it finishes (the front ends keep them in a
/// checkpoint file). A cross-section is named by its number (from 1) in
/// [`cross_sections`]`(goal, bounds.max_area)`, and its outcome is the length and copies
/// of the box it found that beat the best before it, or `None`. Cross-sections finish in
/// any order: one that a pass's volume cap cut short finishes in a later pass, or once
/// the best box found brings its bound within the lengths it excluded. A cross-section
/// cut by `bounds.max_states` is not finished, so a resumed search tries it again. The
/// answer is the same as an uninterrupted search's; a best box found before the resume
/// is searched again at its cross-section to draw its filling. The states within a
/// cross-section are neither resumed nor shown (`journal.resume` and `journal.kept` are
/// not used): a cross-section resumes from its start.
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
    let Journal { done, finished, .. } = journal;
    let Bounds { max_area: max_volume, max_states, threads, lookahead, states_dir } = bounds;
    let max_states = max_states.unwrap_or(crate::skyline::DEFAULT_MAX_STATES);
    if shapes.is_empty() || shapes.iter().any(Shape::is_empty) {
        return Err(TransferError::NoPieces);
    }
    if shapes.iter().any(|s| s.lattice() != Lattice::Cubic) || copies.len() != shapes.len() {
        return Err(TransferError::Unfit);
    }
    let sizes: Vec<usize> = shapes.iter().map(Shape::len).collect();
    if goal.by_copies() && sizes.iter().any(|&s| s != sizes[0]) {
        return Err(TransferError::OrderOfMixedSizes);
    }
    // Pieces the skyline search does not take: exact cover alone, on the volumes they
    // can make up.
    let cover_only = cover_alone(shapes, copies);
    let volumes = cover_only.then(|| filling_volumes(&sizes, copies, max_volume));
    let orientations = Orientations::new(shapes, freedom);
    if !orientations.fill_a_corner(copies) {
        return Ok(SearchedBox { found: None, unproven: None, impossible: Some(Impossible::NoBoxCorner) });
    }
    let pieces =
        Pieces { freedom, copies, orientations: &orientations, volumes: volumes.as_deref(), lookahead, states_dir: states_dir.as_deref() };
    let size = pieces.size();
    // The best so far: its volume (for an order all pieces have `size` cells, so fewer
    // copies is less volume and the reverse), its sides and its filling.
    let mut best: Option<(usize, [usize; 3], Option<Solid>)> = None;
    // The least volume a cross-section skipped could have held.
    let mut skipped: Option<(usize, Unproven)> = None;
    let sections = cross_sections(goal, max_volume);
    // Per cross-section: settled (finished or skipped), or the longest length shown
    // empty so far.
    let mut settled = vec![false; sections.len()];
    let mut cleared = vec![0usize; sections.len()];
    for (i, number) in (1..=sections.len()).enumerate() {
        if let Some(&outcome) = done.get(&number) {
            // Finished before: its box, when it beat the best then (and so now, unless a
            // cross-section skipped then found a better one since).
            settled[i] = true;
            if let Some((c, _)) = outcome {
                let (a, b) = sections[i];
                if best.as_ref().is_none_or(|(v, ..)| a * b * c < *v) {
                    best = Some((a * b * c, [a, b, c], None));
                }
            }
        }
    }
    // The longest length of cross-section a x b that beats the best so far.
    let beats_of = |best: Option<&(usize, [usize; 3], Option<Solid>)>, a: usize, b: usize| {
        let longest = match goal {
            Goal::Square | Goal::SquareOrder => a,
            _ => max_volume / (a * b),
        };
        best.map_or(longest, |(v, ..)| ((v - 1) / (a * b)).min(longest))
    };
    // Passes of growing volume caps, as 3dbox takes boxes by volume: a cross-section is
    // searched for lengths within the cap, again in a later pass when nothing was found
    // and the cap cut it short.
    let mut cap = (FIRST_CAP_COPIES * size).min(max_volume);
    // Whether a cross-section too wide for the skyline search spent exact cover's budget.
    let mut wide_spent = false;
    loop {
        for (i, &(a, b)) in sections.iter().enumerate() {
            let floor = match goal {
                Goal::Square | Goal::SquareOrder => a * a * a,
                _ => a * b * b,
            };
            if best.as_ref().is_some_and(|(v, ..)| floor >= *v) || floor > cap {
                break;
            }
            if settled[i] {
                continue;
            }
            let number = i + 1;
            if cleared[i] > 0 && cleared[i] >= beats_of(best.as_ref(), a, b) {
                // A later best brought its bound within what it cleared.
                settled[i] = true;
                if finished(number, None).is_break() {
                    return Err(TransferError::Interrupted);
                }
                continue;
            }
            // The longest length that beats the best so far, and the longest within the cap.
            let beats = beats_of(best.as_ref(), a, b);
            let within = beats.min(cap / (a * b));
            // Only lengths from b up count here when every cross-section before was searched
            // (a box a x b x c with c < b was one of theirs, of less volume, searched in
            // this pass or before), and only those not shown empty before.
            let lo = if skipped.is_none() { b } else { 1 }.max(cleared[i] + 1);
            let wide = cover_only || a * b > MAX_SECTION;
            let searched = if wide {
                // Too wide for the skyline search, or pieces it does not take: exact cover
                // of its boxes alone, within a budget (once a cross-section of more than
                // MAX_SECTION cells has spent its budget, the wider ones are skipped).
                let past = a * b > MAX_SECTION;
                let covered = (!(past && wide_spent)).then(|| {
                    progress(BoxProgress { across: (a, b), exact_cover: true, ..BoxProgress::default() });
                    cover_boxes(pieces, goal, (a, b), (lo, within), WIDE_SECTION_NODES)
                });
                covered.flatten().map_or_else(
                    || {
                        wide_spent |= past;
                        Err(if exact_cover::interrupt::requested() {
                            TransferError::Interrupted
                        } else if past {
                            TransferError::Unfit
                        } else {
                            TransferError::CoverBudget
                        })
                    },
                    |found| Ok((found.map_or(Shortest::None { exhausted: false }, |(c, tiles)| Shortest::Found(c, tiles)), None)),
                )
            } else {
                progress(BoxProgress { across: (a, b), ..BoxProgress::default() });
                let mut tell = |e: Effort| {
                    progress(BoxProgress { across: (a, b), depth: e.depth, states: e.states, making: e.making, exact_cover: false })
                };
                let searched = shortest_box(pieces, goal, (a, b), (lo, within), max_states, threads, &mut tell);
                if let Ok((_, None)) = searched {
                    progress(BoxProgress { across: (a, b), exact_cover: true, ..BoxProgress::default() });
                }
                searched
            };
            let outcome = match searched {
                Ok((Shortest::Found(c, tiles), _)) => {
                    let copies = tiles.len() as u32;
                    best = Some((a * b * c, [a, b, c], Some(tiles)));
                    Some((c, copies))
                }
                Ok((Shortest::None { exhausted }, _)) if exhausted || within >= beats => None,
                Ok((Shortest::None { .. }, _)) => {
                    cleared[i] = within;
                    continue;
                }
                Err(e) if e.is_too_many_states() || (wide && matches!(e, TransferError::Unfit | TransferError::CoverBudget)) => {
                    settled[i] = true;
                    skipped.get_or_insert((floor, Unproven::Across { a, b, error: e }));
                    continue;
                }
                Err(e) => return Err(e),
            };
            settled[i] = true;
            if finished(number, outcome).is_break() {
                return Err(TransferError::Interrupted);
            }
        }
        // The cross-sections the cap cut short that are now finished: nothing beats the
        // best within what they cleared.
        for (i, &(a, b)) in sections.iter().enumerate() {
            if !settled[i] && cleared[i] > 0 && cleared[i] >= beats_of(best.as_ref(), a, b) {
                settled[i] = true;
                if finished(i + 1, None).is_break() {
                    return Err(TransferError::Interrupted);
                }
            }
        }
        if cap >= max_volume || best.as_ref().is_some_and(|(v, ..)| *v <= cap) {
            break;
        }
        cap = (cap.saturating_mul(3) / 2).max(cap + 1).min(max_volume);
    }
    // A best box recorded before the resume: its filling found again.
    if let Some((v, [a, b, c], tiles @ None)) = &mut best {
        // By the engine that found it: exact cover alone (without a budget) where the
        // skyline search does not run.
        let again = if cover_only || *a * *b > MAX_SECTION {
            cover_boxes(pieces, goal, (*a, *b), (*c, *c), u64::MAX).flatten()
        } else {
            match shortest_box(pieces, goal, (*a, *b), (*c, *c), max_states, threads, &mut |_| {})? {
                (Shortest::Found(m, found), _) => Some((m, found)),
                _ => None,
            }
        };
        match again {
            Some((m, found)) if m == *c => *tiles = Some(found),
            _ => unreachable!("the box of volume {v} is found again at its cross-section"),
        }
    }
    let could_beat = |volume: usize| best.as_ref().is_none_or(|(v, ..)| volume < *v);
    let unproven = match skipped {
        Some((floor, why)) if could_beat(floor) => Some(why),
        _ if could_beat(max_volume + 1) => Some(Unproven::Volume(max_volume)),
        _ => None,
    };
    let found = best.map(|(_, sides, tiles)| {
        let tiles = tiles.expect("drawn above");
        FoundBox { sides, copies: tiles.len() as u32, tiles }
    });
    Ok(SearchedBox { found, unproven, impossible: None })
}

/// The first pass's volume cap of [`search_with`], in copies; each later pass raises it
/// by half. Passes doubling the cap overshot: trec's `e080!20` searched the 4 x 4 x 10
/// box (160 cells) before finding 3 x 5 x 6 (90), 68 ms against 21 ms.
const FIRST_CAP_COPIES: usize = 8;

/// Exact cover's search nodes for the boxes of one cross-section past
/// [`MAX_SECTION`] cells (about a second).
const WIDE_SECTION_NODES: u64 = 1 << 20;

/// The shortest box of cross-section `a x b` with a length from `lo` to `hi` that
/// `goal` accepts and a whole number of copies fills, by exact cover of each such box
/// ([`BoxCover`]), shortest first, within `budget` search nodes in all: `Some(None)` when
/// every such box is empty, `None` when the budget ran out first (or a box's placements
/// were too many to build).
fn cover_boxes(pieces: Pieces, goal: Goal, (a, b): (usize, usize), range: (usize, usize), budget: u64) -> Option<Option<(usize, Solid)>> {
    let mut left = budget;
    for c in pieces.possible_lengths(goal, (a, b), range) {
        let mut cover = match BoxCover::new(pieces, [a, b, c]) {
            Ok(cover) => cover,
            Err(Tried::Empty(_)) => continue,
            Err(_) => return None,
        };
        match cover.run(pieces, left) {
            Tried::Filled(tiles) => return Some(Some((c, tiles))),
            Tried::Empty(used) => left = left.saturating_sub(used).max(1),
            Tried::Unknown => return None,
        }
    }
    Some(None)
}

/// The budgets of the race in [`shortest_box`].
#[derive(Debug, Clone, Copy)]
struct Race {
    /// The skyline search's steps before the race.
    head: u64,
    /// Exact cover's nodes in the first round (the skyline search gets
    /// [`SKYLINE_STEPS_PER_NODE`] steps a node); each round doubles it.
    first: u64,
}

/// The budgets the searches use: a head start of 2^18 steps (about 15 ms) and a first
/// round of 2^12 nodes (about 1 ms).
const RACE: Race = Race { head: 1 << 18, first: 1 << 12 };

/// The skyline search's steps per node of exact cover in a round of the race: a step
/// takes 50 to 70 ns and a node 200 to 300 ns on this project's machine (the polycubes
/// of `scripts/race-3dbox.sh`), so that the two engines get about the same time (both
/// resume where they stopped; 8 and 16 were slower on trec's `e04040` and `f840`).
const SKYLINE_STEPS_PER_NODE: u64 = 4;

/// The shortest box of cross-section `a x b` with a length from `lo` to `hi` (or a
/// shorter one the skyline search meets on the way), for `goal`, with one filling. Two
/// engines race until one answers. The skyline search ([`Skyline::shortest_box_within`])
/// on the cross-section goes first alone, within a head start of steps; then, in rounds
/// of budgets doubling each time:
///
/// - exact cover ([`fill_box`], the first filling) on each whole box whose length a
///   whole number of copies fills and `goal` accepts, shortest first, sharing the
///   round's budget of search nodes (a node charged in proportion to the box's cells, at
///   par for 256; building a box's placements a node per orientation and cell): the
///   first filled box is the answer, every shorter one being shown empty by then, and
///   with every box empty there is none; a box shown empty stays so in later rounds,
///   and the search of one left unknown goes on where it stopped (on bitsets;
///   [`exact_cover::strategy::Search::paused`]) or starts again;
/// - the skyline search, resumed where it stopped (at the depth it was expanding),
///   within [`SKYLINE_STEPS_PER_NODE`] steps per node of the round's budget.
///
/// Neither engine wins everywhere. A box whose six walls all bound the search is where
/// exact cover is fast (trec's 3dbox fills each box that way): the Y hexomino's 5 x 5 x 6
/// box is shown empty in 0.04 s of exact cover against 88 s of sweeping 206,019 states.
/// A narrow cross-section with many lengths is where the sweep is. Exact cover's turns
/// cost a cross-section that the skyline search wins up to about as much again (trec's
/// `c04040!60`: 21 s against 12 s); the answer does not depend on which engine wins.
///
/// Returns the answer and the skyline search's effort, `None` when exact cover answered.
///
/// Errors: as [`Skyline::shortest_box`].
fn shortest_box(
    pieces: Pieces,
    goal: Goal,
    across: (usize, usize),
    range: (usize, usize),
    max_states: usize,
    threads: usize,
    tell: &mut dyn FnMut(Effort),
) -> Result<(Shortest<Solid>, Option<Effort>), TransferError> {
    shortest_box_raced(pieces, goal, across, range, max_states, threads, tell, RACE)
}

/// [`shortest_box`] with the budgets `race`.
#[allow(clippy::too_many_arguments)]
fn shortest_box_raced(
    pieces: Pieces,
    goal: Goal,
    (a, b): (usize, usize),
    range: (usize, usize),
    max_states: usize,
    threads: usize,
    tell: &mut dyn FnMut(Effort),
    race: Race,
) -> Result<(Shortest<Solid>, Option<Effort>), TransferError> {
    let possible = pieces.possible_lengths(goal, (a, b), range);
    let Some(&longest) = possible.last() else {
        return Ok((Shortest::None { exhausted: false }, Some(Effort::default())));
    };
    let sky = Skyline::solid_with(pieces.orientations, pieces.copies, a, b)?
        .lookahead_or_default(pieces.lookahead)
        .states_in(pieces.states_dir.map(std::path::Path::to_path_buf));
    let lengths = lengths_for(goal, a);
    // Building a box's placements is charged as a node per orientation and cell.
    let orientations = pieces.orientations.len();
    let mut pending = &possible[..];
    // The skyline search alone first: most cross-sections end within its head start.
    let mut sweep = None;
    if let Some((answer, effort)) = sky.shortest_box_within(longest, lengths, max_states, threads, tell, race.head, &mut sweep)? {
        return Ok((answer, Some(effort)));
    }
    let mut budget = race.first;
    // The exact cover of the first pending box, once built (resumed round after round).
    let mut started: Option<(usize, BoxCover)> = None;
    loop {
        // The round's nodes, shared by the boxes it tries.
        let mut left = budget;
        while let Some(&c) = pending.first() {
            let cells = (a * b * c) as u64;
            let cover = match &mut started {
                Some((at, cover)) if *at == c => cover,
                _ => {
                    let build = cells * orientations as u64;
                    if left <= build {
                        break;
                    }
                    left -= build;
                    match BoxCover::new(pieces, [a, b, c]) {
                        Ok(cover) => &mut started.insert((c, cover)).1,
                        Err(Tried::Empty(_)) => {
                            pending = &pending[1..];
                            continue;
                        }
                        Err(_) => break,
                    }
                }
            };
            // A node of a larger box costs more (the bitsets grow with its placements):
            // nodes are charged in proportion to the cells, at par for 256.
            let nodes = (left.saturating_mul(256) / cells).max(1);
            let tried = cover.run(pieces, nodes);
            if exact_cover::interrupt::requested() {
                return Err(TransferError::Interrupted);
            }
            match tried {
                Tried::Filled(tiles) => return Ok((Shortest::Found(c, tiles), None)),
                Tried::Empty(used) => {
                    pending = &pending[1..];
                    started = None;
                    left = left.saturating_sub(used.saturating_mul(cells) / 256);
                }
                Tried::Unknown => break,
            }
        }
        if pending.is_empty() {
            return Ok((Shortest::None { exhausted: false }, None));
        }
        // The skyline search goes on where it stopped.
        let steps = budget.saturating_mul(SKYLINE_STEPS_PER_NODE);
        if let Some((answer, effort)) = sky.shortest_box_within(longest, lengths, max_states, threads, tell, steps, &mut sweep)? {
            return Ok((answer, Some(effort)));
        }
        budget = budget.saturating_mul(2);
    }
}

/// Keeps, among the `placements` (per piece, cell indices of `region`) that cover the
/// cell that the most of the region's symmetries fix (the first such cell), only the
/// least of each orbit under those symmetries (their images' sorted cells compared).
/// Every packing is mapped by one of them to a packing whose tile on that cell is kept,
/// so the packings kept are empty exactly when all are. Returns that cell.
fn break_symmetry(region: &crate::Region, freedom: Freedom, placements: &mut [Vec<Vec<usize>>]) -> Option<usize> {
    let symmetries = region.symmetries(&region.lattice().group(freedom.reflections()));
    let fixed = |x: usize| symmetries.iter().filter(|(_, perm)| perm[x] == x).count();
    let x0 = (0..region.len()).max_by_key(|&x| (fixed(x), std::cmp::Reverse(x)))?;
    let stabiliser: Vec<&Vec<usize>> = symmetries.iter().map(|(_, perm)| perm).filter(|perm| perm[x0] == x0).collect();
    let sorted = |cells: &mut dyn Iterator<Item = usize>| {
        let mut v: Vec<usize> = cells.collect();
        v.sort_unstable();
        v
    };
    for list in placements {
        list.retain(|pl| {
            let me = sorted(&mut pl.iter().copied());
            !me.contains(&x0) || stabiliser.iter().all(|perm| sorted(&mut me.iter().map(|&i| perm[i])) >= me)
        });
    }
    Some(x0)
}

/// What exact cover said of one box within its budget.
enum Tried {
    /// A filling.
    Filled(Solid),
    /// None exists: shown in about this many (more) search nodes.
    Empty(u64),
    /// The budget ran out (or the box's placements are too many to build).
    Unknown,
}

/// Exact cover of one box, resumable: [`BoxCover::new`] builds it, [`BoxCover::run`]
/// searches within a budget and, when the budget runs out, goes on from there at the
/// next call.
struct BoxCover {
    region: crate::Region,
    placements: Vec<Vec<Vec<usize>>>,
    cover: crate::cover::CoverProblem,
    /// The search, once started (kept while it can be resumed).
    search: Option<exact_cover::strategy::Search>,
}

impl BoxCover {
    /// The exact cover problem of filling the box `a x b x c` (cross-section `a x b`,
    /// cells `[row, column, layer]`) with `shapes` ([`crate::cover::cover_with_copies`]).
    /// The box's symmetries are broken first: among the placements covering the cell
    /// that the most symmetries fix (the centre, when every side is odd), only the least
    /// of each orbit under those symmetries is kept, which keeps a filling whenever there
    /// is one (any filling is mapped by one of them to one whose tile there is kept).
    /// Errors: [`Tried::Empty`] when no search is needed to show it empty (its volume,
    /// a required piece without a placement, the colouring), [`Tried::Unknown`] when its
    /// placements are too many to build.
    fn new(pieces: Pieces, [a, b, c]: [usize; 3]) -> Result<BoxCover, Tried> {
        let Pieces { freedom, copies, .. } = pieces;
        let shapes = pieces.shapes();
        // A polycube's (x, y, z) is (column, row, layer), as in the skyline search. The
        // packing problem rules out what needs no search and refuses placements past its
        // bound.
        let region = crate::Region::cuboid(b as i32, a as i32, c as i32);
        let pieces = shapes.iter().map(|s| crate::Piece { name: String::new(), shape: s.clone() }).collect();
        let Ok(problem) = crate::pack::Problem::new(region, pieces, copies.to_vec(), freedom) else {
            return Err(Tried::Unknown);
        };
        if problem.hopeless() {
            return Err(Tried::Empty(0));
        }
        let (region, mut placements) = problem.into_placements();
        break_symmetry(&region, freedom, &mut placements);
        let cover = crate::cover::cover_with_copies(region.len(), &placements, copies, &[]);
        Ok(BoxCover { region, placements, cover, search: None })
    }

    /// The first filling within about `budget` more search nodes ([`Tried::Empty`] with
    /// the nodes of this call, [`Tried::Unknown`] when the budget ran out; the next call
    /// goes on where this one stopped, or starts again on an engine that cannot).
    fn run(&mut self, pieces: Pieces, budget: u64) -> Tried {
        let (shapes, freedom) = (pieces.shapes(), pieces.freedom);
        let search = self.search.get_or_insert_with(|| exact_cover::Cover::new(&self.cover.problem).search());
        let (first, used) = exact_cover::interrupt::with_budget(budget, || search.next_solution().map(<[usize]>::to_vec));
        let paused = search.paused();
        match (first, used) {
            (Some(options), _) => Tried::Filled(
                options
                    .into_iter()
                    .map(|o| {
                        let (q, k) = self.cover.owners[o];
                        let cells: Vec<crate::Cell> = self.placements[q][k].iter().map(|&i| self.region.cells()[i]).collect();
                        let shape = Shape::on(Lattice::Cubic, cells.iter().copied()).expect("a tile's cells");
                        let index = shapes[q]
                            .orientations(freedom)
                            .iter()
                            .position(|o| *o == shape)
                            .expect("a tile is an orientation of its piece");
                        (q, index, cells.iter().map(|p| [p.y, p.x, p.z]).collect())
                    })
                    .collect(),
            ),
            (None, Some(used)) => Tried::Empty(used),
            (None, None) => {
                if !paused {
                    self.search = None;
                }
                Tried::Unknown
            }
        }
    }
}

/// [`BoxCover::new`] and [`BoxCover::run`] within `budget` search nodes.
#[cfg(test)]
fn fill_box(shapes: &[Shape], freedom: Freedom, copies: &[Copies], sides: [usize; 3], budget: u64) -> Tried {
    let orientations = Orientations::new(shapes, freedom);
    let pieces = Pieces { freedom, copies, orientations: &orientations, volumes: None, lookahead: None, states_dir: None };
    match BoxCover::new(pieces, sides) {
        Ok(mut cover) => cover.run(pieces, budget),
        Err(tried) => tried,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skyline::Lengths;

    /// Whether `tiles` fill the `a x b x c` box once over, each tile an orientation of
    /// its piece.
    fn fills_once(tiles: &Solid, [a, b, c]: [usize; 3], shapes: &[Shape], freedom: Freedom) -> bool {
        let mut seen = vec![false; a * b * c];
        for (q, index, cells) in tiles {
            let shape = Shape::on(Lattice::Cubic, cells.iter().map(|&[i, j, l]| crate::Cell::new(j, i, l))).unwrap();
            if shapes[*q].orientations(freedom)[*index] != shape {
                return false;
            }
            for &[i, j, l] in cells {
                let (i, j, l) = (i as usize, j as usize, l as usize);
                if i >= a || j >= b || l >= c || std::mem::replace(&mut seen[(l * a + i) * b + j], true) {
                    return false;
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// Whether the box is filled, by exact cover of every placement (no symmetry broken).
    fn plain(shapes: &[Shape], freedom: Freedom, copies: &[Copies], [a, b, c]: [usize; 3]) -> bool {
        let region = crate::Region::cuboid(b as i32, a as i32, c as i32);
        let placements: Vec<Vec<Vec<usize>>> = shapes.iter().map(|s| region.placements(s, freedom)).collect();
        let cover = crate::cover::cover_with_copies(region.len(), &placements, copies, &[]);
        exact_cover::Solver::new(&cover.problem).next_solution().is_some()
    }

    #[test]
    fn a_box_is_filled_with_its_symmetry_broken_exactly_when_it_is_filled() {
        let any = [Copies { lo: 0, hi: None }];
        let mut filled = 0;
        for size in 3..=4 {
            for piece in Lattice::Cubic.polyforms(size, true) {
                let shapes = [piece];
                for freedom in [Freedom::Free, Freedom::OneSided] {
                    for a in 1..=3 {
                        for b in a..=3 {
                            for c in b..=4 {
                                let want = plain(&shapes, freedom, &any, [a, b, c]);
                                match fill_box(&shapes, freedom, &any, [a, b, c], u64::MAX / 2) {
                                    Tried::Filled(tiles) => {
                                        assert!(want, "{:?} {a}x{b}x{c}", shapes[0].cells());
                                        assert!(fills_once(&tiles, [a, b, c], &shapes, freedom));
                                        filled += 1;
                                    }
                                    Tried::Empty(_) => assert!(!want, "{:?} {a}x{b}x{c}", shapes[0].cells()),
                                    Tried::Unknown => panic!("no budget ran out"),
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(filled > 50, "{filled} boxes filled");
    }

    #[test]
    fn every_filling_has_an_image_whose_tile_is_kept() {
        // Every filling of small boxes by trominoes and tetracubes, by plain exact cover:
        // some symmetry of the box maps it to one whose tile on the chosen cell is kept.
        let any = [Copies { lo: 0, hi: None }];
        let mut checked = 0;
        for size in 3..=4 {
            for piece in Lattice::Cubic.polyforms(size, true) {
                for freedom in [Freedom::Free, Freedom::OneSided] {
                    for [x, y, z] in [[2, 2, 3], [2, 3, 3], [1, 3, 4], [2, 2, 4], [3, 3, 3]] {
                        let region = crate::Region::cuboid(x, y, z);
                        let all: Vec<Vec<usize>> = region.placements(&piece, freedom);
                        let mut kept = vec![all.clone()];
                        let x0 = break_symmetry(&region, freedom, &mut kept).unwrap();
                        let kept: std::collections::HashSet<Vec<usize>> = kept[0].iter().map(|p| sorted(p)).collect();
                        let symmetries = region.symmetries(&Lattice::Cubic.group(freedom.reflections()));
                        let cover = crate::cover::cover_with_copies(region.len(), std::slice::from_ref(&all), &any, &[]);
                        let mut solver = exact_cover::Solver::new(&cover.problem);
                        while let Some(options) = solver.next_solution() {
                            let tiles: Vec<&Vec<usize>> = options.iter().map(|&o| &all[cover.owners[o].1]).collect();
                            let ok = symmetries.iter().any(|(_, perm)| {
                                tiles
                                    .iter()
                                    .map(|t| sorted(&t.iter().map(|&i| perm[i]).collect::<Vec<_>>()))
                                    .any(|t| t.contains(&x0) && kept.contains(&t))
                            });
                            assert!(ok, "{:?} in {x}x{y}x{z}: {tiles:?}", piece.cells());
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked} fillings");
    }

    fn sorted(cells: &[usize]) -> Vec<usize> {
        let mut v = cells.to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn the_race_answers_as_the_skyline_search_alone() {
        // With no head start and a large first budget, exact cover answers most
        // cross-sections; with tiny budgets, the skyline search mostly, resumed round
        // after round. The lengths found are the skyline search's alone.
        let any = [Copies { lo: 0, hi: None }];
        let mut by_race = 0;
        for forced in [Race { head: 1, first: 1 << 40 }, Race { head: 1, first: 1 }] {
            for size in 3..=4 {
                for piece in Lattice::Cubic.polyforms(size, true) {
                    let shapes = [piece];
                    for (a, b) in [(1, 3), (2, 2), (2, 3), (3, 3), (2, 4)] {
                        let sky = Skyline::solid(&shapes, Freedom::Free, &any, a, b).unwrap();
                        let alone = sky.shortest_box(12, Lengths::Any, 1 << 20, 1, &mut |_| {}).unwrap().0;
                        let raced = shortest_box_raced(
                            Pieces {
                                freedom: Freedom::Free,
                                copies: &any,
                                orientations: &Orientations::new(&shapes, Freedom::Free),
                                volumes: None,
                                lookahead: None,
                                states_dir: None,
                            },
                            Goal::Order,
                            (a, b),
                            (1, 12),
                            1 << 20,
                            1,
                            &mut |_| {},
                            forced,
                        )
                        .unwrap()
                        .0;
                        match (alone, raced) {
                            (Shortest::Found(m, _), Shortest::Found(n, tiles)) => {
                                assert_eq!(m, n, "{:?} {a}x{b}", shapes[0].cells());
                                assert!(fills_once(&tiles, [a, b, n], &shapes, Freedom::Free));
                                by_race += 1;
                            }
                            (Shortest::None { .. }, Shortest::None { .. }) => {}
                            (alone, raced) => panic!("{:?} {a}x{b}: {alone:?} alone, {raced:?} raced", shapes[0].cells()),
                        }
                    }
                }
            }
        }
        assert!(by_race > 20, "{by_race} found");
    }

    #[test]
    fn cross_sections_go_by_least_volume() {
        let all = cross_sections(Goal::Rectangle, 30);
        assert_eq!(all, vec![(1, 1), (1, 2), (2, 2), (1, 3), (1, 4), (2, 3), (1, 5), (3, 3)]);
        assert_eq!(cross_sections(Goal::Square, 30), vec![(1, 1), (2, 2), (3, 3)]);
        assert_eq!(cross_sections(Goal::Odd, 30), vec![(1, 1), (1, 3), (1, 5), (3, 3)]);
    }

    /// The volumes a filling can have, against every choice of copies counted out (each
    /// piece 0 to 12 more than its least, which covers the volumes up to 40).
    #[test]
    fn filling_volumes_are_the_sums_of_copies() {
        let cases: [(&[usize], &[Copies]); 5] = [
            (&[3, 4], &[Copies { lo: 1, hi: None }, Copies { lo: 1, hi: None }]),
            (&[3, 5], &[Copies { lo: 0, hi: Some(7) }, Copies { lo: 1, hi: Some(4) }]),
            (&[2, 5, 6], &[Copies { lo: 0, hi: None }, Copies { lo: 1, hi: Some(2) }, Copies { lo: 2, hi: Some(2) }]),
            (&[4], &[Copies { lo: 0, hi: Some(3) }]),
            (&[1, 7], &[Copies { lo: 3, hi: Some(5) }, Copies { lo: 0, hi: None }]),
        ];
        for (sizes, copies) in cases {
            let got = filling_volumes(sizes, copies, 40);
            let mut want = vec![false; 41];
            let mut counts = vec![0u32; sizes.len()];
            loop {
                let v: usize = sizes.iter().zip(&counts).map(|(&s, &k)| s * k as usize).sum();
                let allowed = counts.iter().zip(copies).all(|(&k, c)| k >= c.lo && c.hi.is_none_or(|h| k <= h));
                if allowed && (1..=40).contains(&v) {
                    want[v] = true;
                }
                // The next choice of counts, 0 to 12 each.
                let Some(q) = counts.iter().position(|&k| k < 12) else { break };
                counts[q] += 1;
                counts[..q].fill(0);
            }
            assert_eq!(got, want, "{sizes:?}");
        }
        // Past the bound: no volume at all.
        assert!(filling_volumes(&[5, 5], &[Copies { lo: 9, hi: None }; 2], 40).iter().all(|&v| !v));
    }

    /// The corner test answers as its definition: some orientation has a cell at the
    /// least coordinate of its cells on every axis (it fits a box's corner with that cell
    /// there), on every polycube of 1 to 5 cells, rotated or mirrored too.
    #[test]
    fn the_corner_test_answers_as_its_definition() {
        let any = [Copies { lo: 0, hi: None }];
        let mut none = 0;
        for size in 1..=5 {
            for shape in Lattice::Cubic.polyforms(size, true) {
                for freedom in [Freedom::Free, Freedom::OneSided] {
                    let o = Orientations::new(std::slice::from_ref(&shape), freedom);
                    let fits = shape.orientations(freedom).iter().any(|t| {
                        let low =
                            [t.cells().iter().map(|c| c.x).min(), t.cells().iter().map(|c| c.y).min(), t.cells().iter().map(|c| c.z).min()];
                        t.cells().iter().any(|c| [Some(c.x), Some(c.y), Some(c.z)] == low)
                    });
                    assert_eq!(o.fill_a_corner(&any), fits, "{shape:?}");
                    none += usize::from(!fits);
                }
            }
        }
        assert!(none > 0, "some polycube fills no corner");
        // A piece that is never used fills no corner.
        let cube = Lattice::Cubic.polyforms(1, true);
        let o = Orientations::new(&cube, Freedom::Free);
        assert!(!o.fill_a_corner(&[Copies { lo: 0, hi: Some(0) }]));
    }
}
