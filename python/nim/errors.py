"""The one exception family of nimcore: every error is a ``NimError``, a ``ValueError``.

Messages quote the bad input, so a caller can print ``str(error)`` as it is;
the command-line tool prints exactly that, on one line.
"""

from __future__ import annotations

from typing import Any, Tuple

__all__ = [
    "NimError",
    "InvalidPositionError",
    "InvalidRulesError",
    "UnknownMethodError",
    "IllegalMoveError",
    "InputFileError",
    "SearchLimitError",
]


class NimError(ValueError):
    """Base class of every error nimcore raises on purpose."""


class InvalidPositionError(NimError):
    """Pile sizes that are negative, not integers, missing or too large."""


class InvalidRulesError(NimError):
    """A rule set or rule string that cannot be understood."""


class UnknownMethodError(NimError):
    """A solving method (engine) name that does not exist."""


class IllegalMoveError(NimError):
    """A move the rules do not allow in the position."""


class InputFileError(NimError):
    """A file that cannot be read or does not have the expected format."""


class SearchLimitError(NimError):
    """A search stopped before it finished: node, time, depth or memory limit.

    Attributes
    ----------
    reason : str
        ``"nodes"``, ``"time"``, ``"depth"``, ``"memory"`` or ``"cancelled"``
        (the search's cancellation handle was set).
    nodes : int
        Nodes visited before the search stopped.
    seconds : float
        Time spent before the search stopped.
    """

    def __init__(self, message: str, *, reason: str, nodes: int = 0, seconds: float = 0.0):
        super().__init__(message)
        self.reason = reason
        self.nodes = nodes
        self.seconds = seconds

    def __reduce__(self) -> Tuple[Any, ...]:
        # keyword-only fields: the default exception pickling would lose them
        # (and fail to rebuild), so a worker process's error could not travel back
        return (_search_limit_error, (str(self), self.reason, self.nodes, self.seconds))


def _search_limit_error(message: str, reason: str, nodes: int, seconds: float) -> SearchLimitError:
    return SearchLimitError(message, reason=reason, nodes=nodes, seconds=seconds)
