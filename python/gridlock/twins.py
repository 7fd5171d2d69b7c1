"""Polyomino pairs (NOI.AC; Code Jam 2018 "Two-Tiling"): one region tiled both by
copies of P and by copies of Q.

The input is the contest's: the number of cases, then each case's two shapes.
"""

from typing import Optional

from . import _gridlock
from ._verdict import Verdict

__all__ = ["solve", "check"]


def solve(text: str, rows: int = 8, cols: int = 8, style: str = "noiac") -> str:
    """Every case's answer on a ``rows`` x ``cols`` board: ``style="noiac"`` prints
    verdict lines alone, ``"gcj"`` prefixes ``Case #k: ``. Raises
    ``gridlock.ParseError``, or ``ValueError`` for a board over 128 cells' worth."""
    return _gridlock.twins_solve(text, rows, cols, style)


def check(
    input: str, answer: str, jury: Optional[str] = None, rows: int = 8, cols: int = 8
) -> Verdict:
    """Judges ``answer`` (either style) case by case."""
    return Verdict(*_gridlock.twins_check(input, answer, jury, rows, cols))
