"""The exceptions of gridlock."""

from typing import Optional

__all__ = ["ParseError"]


class ParseError(ValueError):
    """Input text that breaks its format.

    ``str(error)`` is one line naming where (``line L, column C: ...``); the attributes
    give the same place as numbers, 1-based, ``None`` where they do not apply (``case``
    is the 1-based case of a multi-case contest input).
    """

    line: Optional[int]
    column: Optional[int]
    case: Optional[int]

    def __init__(
        self,
        message: str,
        line: Optional[int] = None,
        column: Optional[int] = None,
        case: Optional[int] = None,
    ) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.case = case
