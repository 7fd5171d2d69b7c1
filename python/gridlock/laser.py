"""Laser tower defense (Luogu P5297; Code Jam 2017 "Beaming With Joy"), on 2-SAT.

The input is the contest's: the number of cases, then for each its size and grid.
"""

from typing import Optional

from . import _gridlock
from ._verdict import Verdict

__all__ = ["solve", "check"]


def solve(text: str, style: str = "p5297") -> str:
    """Every case's answer: ``style="p5297"`` prints verdict lines alone, ``"gcj"``
    prefixes each case with ``Case #k: ``. Raises ``gridlock.ParseError``."""
    return _gridlock.laser_solve(text, style)


def check(input: str, answer: str, jury: Optional[str] = None) -> Verdict:
    """Judges ``answer`` (either style) case by case."""
    return Verdict(*_gridlock.laser_check(input, answer, jury))
