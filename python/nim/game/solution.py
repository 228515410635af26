"""What a solve returns and what bounds it: ``Solution`` (the answer for one
position), ``SolveOptions`` (limits and reporting of one search) and their
defaults, shared by the engines, the ``Solver`` and the command line.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, NamedTuple, Optional

from nim.errors import NimError
from nim.game.limits import DEFAULT_NODE_LIMIT, check_limits
from nim.position import Move, Position
from nim.kernel import MAX_MB

__all__ = ["DEFAULT_NODE_LIMIT", "DEFAULT_TT_MB", "PlacedSolution", "Solution", "SolveOptions",
           "check_options", "placed"]

#: Transposition-table size of the `tt` engine unless told otherwise, in MB.
#: 256 MB holds 8 million positions -- more than twice what the largest benchmark
#: (misère max 3 on ten piles up to 28) stores -- and costs a small search
#: nothing: the memory is reserved, not touched, and the table starts small and
#: doubles in place only while it fills (see nimcore/ttable.pxd).
DEFAULT_TT_MB = 256


class Solution(NamedTuple):
    """The answer for one position (a named tuple: ``value, move, *_ = solve(...)`` works).

    Attributes
    ----------
    value : int
        +1 when the player to move wins with best play, -1 when they lose.
    move : Move or None
        A best move, or None when there is no legal move.
    nodes : int
        Nodes the engine visited (0 for the closed forms).
    method : str
        What decided the answer: the engine that actually ran ("theory": a closed form or a
        theorem, "grundy", "minimax", "alphabeta", "tt", "ida"; for a take-and-break game also
        "quotient" and "genus"); for a game of components (Wythoff's pairs, coin rows, ...)
        "theory" where the family's theorem or closed form gave every value it read, "mex" where
        a Grundy value was the mex over options (the Sprague-Grundy theorem then adds them), and
        "search" where the exact misère search decided it.
    seconds : float
        Time the engine took.
    """

    value: int
    move: Optional[Move]
    nodes: int
    method: str
    seconds: float

    @property
    def wins(self) -> bool:
        """True when the player to move wins."""
        return self.value > 0

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict: value, move ([pile, count] or null), nodes, method, seconds."""
        return {
            "value": self.value,
            "move": list(self.move) if self.move is not None else None,
            "nodes": self.nodes,
            "method": self.method,
            "seconds": self.seconds,
        }

    def _repr_html_(self) -> str:
        """An HTML table for notebooks (drawn by nim.display)."""
        from nim.display import solution_html
        return solution_html(self)


class PlacedSolution(Solution):
    """A ``Solution`` that knows the position it answers, so that a notebook draws
    the board with the best move marked (``_repr_html_``).

    It is what a solve returns inside IPython or Jupyter (see ``placed``): the same
    five fields, equal to the plain ``Solution`` and unpacked the same way; the
    position rides beside the fields, so a plain script pays nothing for it.
    """

    # No __slots__: a tuple subclass keeps the extra attribute in its __dict__.
    position: Position

    def __repr__(self) -> str:
        return "Solution(" + ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self)) + ")"

    def __reduce__(self) -> Any:
        return (_placed_again, (tuple(self), self.position))

    def _repr_html_(self) -> str:
        """The board with the best move marked, then the table (drawn by nim.display)."""
        from nim.display import solution_html
        return solution_html(self, self.position.piles, self.position.rules)


def _placed_again(fields: Any, position: Position) -> PlacedSolution:
    """Unpickle a ``PlacedSolution``."""
    solution = PlacedSolution(*fields)
    solution.position = position
    return solution


def placed(solution: Solution, position: Position) -> Solution:
    """``solution`` as a ``PlacedSolution`` carrying ``position`` when an IPython
    shell (a notebook) may display it; else ``solution`` itself, at the cost of one
    dictionary lookup."""
    shell = sys.modules.get("IPython")
    if shell is None or getattr(shell, "get_ipython", lambda: None)() is None:
        return solution
    answer = PlacedSolution(*solution)
    answer.position = position
    return answer


class SolveOptions(NamedTuple):  # not a dataclass: importing dataclasses slowed start-up
    """Limits and reporting for one search (see ``solve``)."""

    node_limit: Optional[int] = DEFAULT_NODE_LIMIT
    time_limit: Optional[float] = None
    tt_mb: Optional[int] = None
    progress: Optional[bool] = False
    cancel: Optional[Any] = None    # an object with is_set(), e.g. threading.Event


def check_options(options: SolveOptions) -> SolveOptions:
    """The options, checked (see ``nim.game.limits``; a node limit of 0 means none).

    Raises
    ------
    NimError
        Quoting the bad value.
    """
    node_limit, time_limit = check_limits(options.node_limit, options.time_limit)  # 0 nodes: no limit
    value = options.tt_mb
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise NimError(f"tt_mb must be a whole number of at least 1 (or None): {value!r}")
    if options.tt_mb is not None and options.tt_mb > MAX_MB:
        raise NimError(f"tt_mb must be at most {MAX_MB:,} MB: {options.tt_mb!r}")
    if (node_limit, time_limit) != (options.node_limit, options.time_limit):
        options = options._replace(node_limit=node_limit, time_limit=time_limit)
    if options.cancel is not None and not callable(getattr(options.cancel, "is_set", None)):
        raise NimError(f"cancel must have an is_set() method (e.g. threading.Event): {options.cancel!r}")
    return options
