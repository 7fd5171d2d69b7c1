"""Smart beads (NOI 2005): fill the triangular tray of 55 holes with the 12 pieces.

The input is the contest's: 10 lines, line ``i`` with ``i`` characters, ``.`` for an
empty hole and ``A`` to ``L`` for a bead of a piece already placed.
"""

from typing import Optional

from . import _gridlock
from ._verdict import Verdict

__all__ = ["solve", "count", "check"]


def solve(text: str) -> str:
    """The completed tray as the contest prints it (10 lines), or ``"No solution\\n"``.

    Raises ``gridlock.ParseError`` (line, column) for input that breaks the format.
    """
    return _gridlock.beads_solve(text)


def count(text: str, unique: bool = False) -> int:
    """The number of completions of the tray (32288 for the empty tray); with
    ``unique``, up to the tray's mirror symmetry when the given beads have it."""
    return _gridlock.beads_count(text, unique)


def check(input: str, answer: str, jury: Optional[str] = None) -> Verdict:
    """Judges ``answer`` for ``input`` by the rules (a claim of "No solution" against
    the jury's answer when given, else against gridlock's own solver)."""
    return Verdict(*_gridlock.beads_check(input, answer, jury))
