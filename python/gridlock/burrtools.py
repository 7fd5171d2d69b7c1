"""BurrTools puzzles: read a designer's ``.xmpuzzle`` file (gzip'd or plain XML, the cube
grid), count and list each problem's assemblies on gridlock's exact cover engines (one per
class under the result's rotations, and mirror images when the pieces are closed under
mirroring), and find how an assembly comes apart by sliding pieces along the axes.

>>> puzzle = gridlock.burrtools.load("soma.xmpuzzle")
>>> [p.name for p in puzzle.problems]
['Soma cube']
>>> puzzle.problems[0].count()
240
>>> a = puzzle.problems[0].assemblies()[0]
>>> puzzle.problems[0].disassemble(a).level
'1'
"""

import os
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from . import _gridlock

__all__ = ["load", "Puzzle", "Problem", "Piece", "Move", "Disassembly"]

Cell = Tuple[int, int, int]


@dataclass(frozen=True)
class Piece:
    """A piece placed in an assembly: its shape's name and its voxels (x, y, z)."""

    shape: str
    cells: Tuple[Cell, ...]


@dataclass(frozen=True)
class Move:
    """One move: ``pieces`` (indices into the assembly) slide along ``axis`` ('x', 'y' or
    'z') in the sense ``sign`` (+1, -1) by ``distance`` units, or away for good when
    ``distance`` is None (a separation)."""

    pieces: Tuple[int, ...]
    axis: str
    sign: int
    distance: Optional[int]


@dataclass(frozen=True)
class Disassembly:
    """How an assembly comes apart: ``level`` as BurrTools writes it ('5.3.1': the moves
    of each separation) and every move in order."""

    level: str
    moves: Tuple[Move, ...]


class Problem:
    """A problem of a puzzle: ``name``, ``pieces`` as (shape name, min, max), ``result``
    (the result shape's name)."""

    def __init__(self, data: bytes, index: int, name: str, pieces, result: str) -> None:
        self._data = data
        self.index = index
        self.name = name
        self.pieces: List[Tuple[str, int, int]] = list(pieces)
        self.result = result

    def __repr__(self) -> str:
        return f"Problem({self.name!r}, pieces={self.pieces!r}, result={self.result!r})"

    def assemblies(self, max_assemblies: int = 5_000_000) -> List[Tuple[Piece, ...]]:
        """Every assembly, one per class, each a tuple of placed pieces. Raises
        ``ValueError`` past ``max_assemblies`` assemblies before classes are merged."""
        found = _gridlock.burr_assemblies(self._data, self.index, max_assemblies)
        return [tuple(Piece(shape, tuple(cells)) for shape, cells in a) for a in found]

    def count(self) -> int:
        """The number of assemblies (one per class), counted without keeping them."""
        return _gridlock.burr_count(self._data, self.index)

    def disassemble(
        self, assembly: Tuple[Piece, ...], max_moves: int = 200, max_states: int = 2_000_000
    ) -> Optional[Disassembly]:
        """How ``assembly`` comes apart, or None when it does not. BurrTools' piece
        groups are followed: pieces of one group may stay together once separated from
        the rest, and a part that cannot come apart may stay together when its pieces
        can all be given one group (a shape listed in several groups, each with a
        count). Raises ``ValueError`` when the search gives up (``max_moves`` for one
        separation, ``max_states`` positions)."""
        grouping = _gridlock.burr_grouping(self._data, self.index)
        part = {}
        for k, (shape, _) in enumerate(grouping):
            part.setdefault(shape, k)
        found = _gridlock.burr_disassemble(
            [list(p.cells) for p in assembly],
            max_moves,
            max_states,
            shapes=[groups for _, groups in grouping],
            shape_of=[part[p.shape] for p in assembly],
        )
        if found is None:
            return None
        level, steps = found
        moves = tuple(Move(tuple(p), "xyz"[axis], sign, dist) for p, axis, sign, dist in steps)
        return Disassembly(".".join(map(str, level)), moves)

    def solutions(self, max_moves: int = 200, max_states: int = 2_000_000) -> List[Tuple[Piece, ...]]:
        """The assemblies that come apart."""
        return [a for a in self.assemblies() if self.disassemble(a, max_moves, max_states) is not None]


class Puzzle:
    """A BurrTools puzzle: its ``problems``."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self.problems = [
            Problem(data, k, name, pieces, result)
            for k, (name, pieces, result) in enumerate(_gridlock.burr_problems(data))
        ]

    def problem(self, name: str) -> Problem:
        """The problem called ``name``; ``KeyError`` when there is none."""
        for p in self.problems:
            if p.name == name:
                return p
        raise KeyError(name)


def load(source: Union[str, os.PathLike, bytes]) -> Puzzle:
    """Reads a ``.xmpuzzle`` file (a path, or its bytes). Raises ``gridlock.ParseError``
    (with ``line`` and ``column`` when the XML is at fault) for a file that is not a
    BurrTools puzzle gridlock can read."""
    if isinstance(source, (bytes, bytearray)):
        return Puzzle(bytes(source))
    with open(source, "rb") as f:
        return Puzzle(f.read())
