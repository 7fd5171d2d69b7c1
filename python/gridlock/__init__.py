"""gridlock: exact, fast solvers for exact cover, 2-SAT, polyomino packing and contest
grid puzzles, from Rust.

- ``ExactCover``: exact cover with primary, secondary and colored items and
  multiplicities (Knuth's Algorithms C and M on dancing links; memoized counting).
- ``two_sat``: 2-SAT in linear time.
- ``pack``: packing with piece counts on every lattice (polyominoes, polyiamonds,
  polyhexes, polycubes, prisms; bitboard packer and tiler, dancing links past their
  sizes, the transfer matrix for counts), with SVG pictures for Jupyter. ``pack_box``
  and ``BoxPacking`` are aliases of ``pack`` and ``Packing``, kept for one release.
- ``polyforms``: every polyform of a size on any lattice (free, one-sided or fixed),
  listed with the field's names, or counted by Redelmeier's algorithm.
- ``rectangles``: what a polyomino set does with rectangles (counts of strips of any
  size, generating functions, tables, smallest rectangles and orders).
- ``beads``, ``laser``, ``mayan``, ``twins``: the contest puzzles, ``solve`` and
  ``check``.
- ``burrtools``: BurrTools' ``.xmpuzzle`` files: ``load``, then each problem's
  ``count``, ``assemblies``, ``disassemble`` and ``solutions``.
- ``sudoku``: sudoku and its variants (jigsaw, X, windoku, killer; 4x4 to 36x36):
  ``solve``, ``count``, ``solve_many``, ``generate``, ``check``.

Searches run without the GIL and stop on Ctrl-C (``KeyboardInterrupt``). Bad input
raises ``ParseError`` (a ``ValueError`` with ``line`` and ``column``) or ``ValueError``.
"""

from . import beads, burrtools, laser, mayan, sudoku, twins
from ._errors import ParseError
from ._gridlock import (
    ExactCover,
    ExactCoverSolutions,
    Packing,
    BoxPacking,
    PackingSolutions,
    Solution,
    pack,
    pack_box,
    pack_knuth,
    polyforms,
    rectangles,
    two_sat,
)
from ._parts import RayExecutor
from ._verdict import Verdict

__all__ = [
    "ExactCover",
    "BoxPacking",
    "ExactCoverSolutions",
    "Packing",
    "PackingSolutions",
    "ParseError",
    "RayExecutor",
    "Solution",
    "Verdict",
    "beads",
    "laser",
    "mayan",
    "pack",
    "pack_box",
    "pack_knuth",
    "polyforms",
    "rectangles",
    "sudoku",
    "burrtools",
    "twins",
    "two_sat",
]
__version__ = "0.1.0"
