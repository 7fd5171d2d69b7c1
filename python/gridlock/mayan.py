"""The Mayan puzzle (NOIP 2011): clear the 5x7 board in exactly n moves.

The input is the contest's: n, then the five columns bottom to top, each ending in 0.
"""

from typing import Optional

from . import _gridlock
from ._verdict import Verdict

__all__ = ["solve", "check"]


def solve(text: str) -> str:
    """The lexicographically least moves, one ``x y g`` line each, or ``"-1\\n"``.
    Raises ``gridlock.ParseError``."""
    return _gridlock.mayan_solve(text)


def check(input: str, answer: str, jury: Optional[str] = None) -> Verdict:
    """Judges ``answer``: legal moves that clear the board, and the least such."""
    return Verdict(*_gridlock.mayan_check(input, answer, jury))
