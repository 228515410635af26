"""The one exception family of nimcore: every error is a ``NimError``, a ``ValueError``.

Messages quote the bad input, so a caller can print ``str(error)`` as it is;
the command-line tool prints exactly that, on one line.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

__all__ = [
    "NimError",
    "InvalidPositionError",
    "InvalidRulesError",
    "UnknownMethodError",
    "IllegalMoveError",
    "InputFileError",
    "SearchLimitError",
    "MoveTooLargeError",
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


class MoveTooLargeError(NimError):
    """A position whose winning move is known exactly but is too large to make: the position it
    leaves would pass a bound of the game (Ruler's run of 2**21 coins leaves a row of 2**21 heads).
    The position is won by the player to move; ``move_words`` says the move.

    Attributes
    ----------
    game : str
        The game's name ("Ruler").
    move_words : str
        The move, as an instruction ("turn over the 2,097,152 coins from 1 to 2,097,152 (the last
        from heads to tails)").
    why : str
        Why the position after it is not made, in words.
    component : int or None
        The component (0-based) the move is made on, when the solver knows it.
    component_words : str or None
        That component as people count it ("coin row 2"), when the position has several.
    """

    def __init__(self, game: str, move_words: str, why: str) -> None:
        super().__init__(f"{game}: the winning move is to {move_words}; {why}")
        self.game, self.move_words, self.why = game, move_words, why
        self.component: Optional[int] = None
        self.component_words: Optional[str] = None

    def where(self) -> str:
        """``"coin row 2: "`` when the component is named, else ``""``: the head of a sentence."""
        return f"{self.component_words}: " if self.component_words else ""

    def __reduce__(self) -> Tuple[Any, ...]:
        return (MoveTooLargeError, (self.game, self.move_words, self.why), self.__dict__)


def _search_limit_error(message: str, reason: str, nodes: int, seconds: float) -> SearchLimitError:
    return SearchLimitError(message, reason=reason, nodes=nodes, seconds=seconds)
