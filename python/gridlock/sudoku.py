"""Sudoku and its family: grids of 4x4 to 36x36 (boxes for the square sizes), jigsaw
regions, both diagonals (sudoku X), windoku windows and killer cages, in any
combination: the same rules and engines as ``gridlock sudoku``.

A puzzle is a puzzle line (``"4.....8.5.3..."``: 81 characters for 9x9, ``.`` or ``0``
a blank; 1-9 then A-Z past 9, or 0-9 A-Z with ``zero_based=True``) or a grid drawing
(rows on lines; spaces, ``|``, ``-``, ``+`` ignored). Solutions are puzzle lines.

The variants are keyword arguments of every function:

- ``diagonals=True``: both main diagonals hold every digit once;
- ``windows=True``: the windoku windows do too;
- ``regions="AAABBB\\n..."``: a jigsaw map, one letter per cell (it fixes the size);
- ``cages="15 r1c1 r1c2\\n..."`` (a cage file's text) or ``[(15, [(1, 1), (1, 2)])]``
  (rows and columns from 1): killer cages, whose digits differ and add up to the sum;
- ``zero_based=True``: digits written 0-9 A-Z.

Bad input raises ``gridlock.ParseError`` (naming line and column) or ``ValueError``
(a digit given twice in a unit, a cage no digits reach).
"""

import functools
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _gridlock
from ._verdict import Verdict

__all__ = ["solve", "count", "solve_many", "generate", "check"]

Cages = Union[None, str, Sequence[Tuple[int, Sequence[Tuple[int, int]]]]]

#: Puzzles handed to the engine at once by ``solve_many``.
CHUNK = 2048


@functools.lru_cache(maxsize=32)
def _rules(size, diagonals, windows, regions, cages, zero_based):
    return _gridlock.SudokuRules(size, diagonals, windows, regions, cages, zero_based)


def _freeze(cages: Cages):
    if cages is None or isinstance(cages, str):
        return cages
    return tuple((int(s), tuple((int(r), int(c)) for r, c in cells)) for s, cells in cages)


def _rules_for(size: int, diagonals, windows, regions, cages, zero_based):
    return _rules(size, bool(diagonals), bool(windows), regions, _freeze(cages), bool(zero_based))


def _read(puzzle: str, regions: Optional[str], zero_based: bool) -> Tuple[int, List[int]]:
    return _gridlock.sudoku_read(puzzle, regions, zero_based)


def solve(
    puzzle: str,
    *,
    diagonals: bool = False,
    windows: bool = False,
    regions: Optional[str] = None,
    cages: Cages = None,
    zero_based: bool = False,
) -> Optional[str]:
    """The first solution of ``puzzle`` as a puzzle line, or ``None`` when it has none."""
    size, givens = _read(puzzle, regions, zero_based)
    return _rules_for(size, diagonals, windows, regions, cages, zero_based).solve(givens)


def count(
    puzzle: str,
    limit: Optional[int] = None,
    *,
    diagonals: bool = False,
    windows: bool = False,
    regions: Optional[str] = None,
    cages: Cages = None,
    zero_based: bool = False,
) -> int:
    """The number of solutions of ``puzzle``, counted up to ``limit`` when given
    (``limit=2`` tells whether the solution is unique)."""
    size, givens = _read(puzzle, regions, zero_based)
    return _rules_for(size, diagonals, windows, regions, cages, zero_based).count(givens, limit)


def solve_many(
    lines: Iterable[str],
    threads: int = 1,
    *,
    diagonals: bool = False,
    windows: bool = False,
    regions: Optional[str] = None,
    cages: Cages = None,
    zero_based: bool = False,
) -> Iterator[Optional[str]]:
    """Solves puzzle lines lazily, in order: yields each one's first solution (or
    ``None``), a chunk of puzzles at a time on ``threads`` threads; blank and ``#``
    lines are skipped. Memory stays flat however many lines come."""
    it = iter(lines)
    rules = None
    number = 0
    while True:
        chunk: List[str] = []
        first = None
        for line in it:
            number += 1
            text = line.rstrip("\r\n")
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            if first is None:
                first = number
            chunk.append(text)
            if len(chunk) == CHUNK:
                break
        if not chunk:
            return
        if rules is None:
            size, _ = _read(chunk[0], regions, zero_based)
            rules = _rules_for(size, diagonals, windows, regions, cages, zero_based)
        # Line numbers in errors count from the chunk's first puzzle line (skipped lines
        # inside a chunk shift them; the message names the puzzle line itself).
        yield from rules.solve_lines(chunk, threads, first)


def generate(
    seed: int = 0,
    size: int = 9,
    *,
    symmetric: bool = False,
    diagonals: bool = False,
    windows: bool = False,
    regions: Optional[str] = None,
    cages: Cages = None,
    zero_based: bool = False,
) -> Tuple[str, str]:
    """A puzzle with a unique solution that is minimal (no clue can be removed; with
    ``symmetric``, no pair of opposite clues), reproducible from ``seed``: returns
    ``(puzzle, solution)`` as puzzle lines."""
    return _rules_for(size, diagonals, windows, regions, cages, zero_based).generate(seed, symmetric)


def check(
    puzzle: str,
    answer: str,
    jury: Optional[str] = None,
    *,
    diagonals: bool = False,
    windows: bool = False,
    regions: Optional[str] = None,
    cages: Cages = None,
    zero_based: bool = False,
) -> Verdict:
    """The judge, from the rules alone: ``answer`` (a solved line or rows, or "No
    solution") must keep the givens and fill every unit and cage by the rules; a claim of
    no solution is decided by ``jury`` when given, else by the solver."""
    size, givens = _read(puzzle, regions, zero_based)
    rules = _rules_for(size, diagonals, windows, regions, cages, zero_based)
    return Verdict(*rules.check(givens, answer, jury))


