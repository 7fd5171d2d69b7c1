"""The special judge's verdict."""

from dataclasses import dataclass

__all__ = ["Verdict"]


@dataclass(frozen=True)
class Verdict:
    """What the judge said of an answer.

    ``kind`` is ``"ok"``, ``"wrong"``, ``"presentation"`` (not text at all) or
    ``"judge_failure"`` (the jury's answer is wrong or contradicts a valid answer);
    ``message`` is its one-line reason. A verdict is true exactly when it is ``"ok"``.
    """

    kind: str
    message: str

    @property
    def accepted(self) -> bool:
        """Whether the answer was accepted."""
        return self.kind == "ok"

    def __bool__(self) -> bool:
        return self.accepted
