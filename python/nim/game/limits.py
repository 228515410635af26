"""Search limits given by a caller: the public ``Limits`` value and one check,
shared by every solving function.

A node limit is a whole number of nodes, 0 or None meaning no limit (the same
in Python and on the command line); a time limit is a positive, finite number
of seconds, None meaning no limit.

Every call that searches takes ``limits=Limits(...)``; its keyword arguments
``node_limit``, ``time_limit``, ``tt_mb``, ``progress`` and ``cancel`` are
shorthands for the same fields.
"""

from __future__ import annotations

from typing import Any, Dict, NamedTuple, Optional, Tuple

from nim.errors import NimError

__all__ = ["DEFAULT_NODE_LIMIT", "Limits", "MAX_NODE_LIMIT", "MAX_TIME_LIMIT", "check_limits"]

#: Nodes a search may visit unless told otherwise: about five seconds of minimax.
DEFAULT_NODE_LIMIT = 1_000_000_000

#: The largest node limit: the core counts nodes in a signed 64-bit integer.
MAX_NODE_LIMIT = 2**63 - 1

#: The largest time limit, in seconds (about 31 years): past it a deadline is meaningless.
MAX_TIME_LIMIT = 1e9


def check_limits(node_limit: Any, time_limit: Any) -> Tuple[Optional[int], Optional[float]]:
    """``(node_limit, time_limit)`` checked; a node limit of 0 becomes None (no limit).

    Raises
    ------
    NimError
        Quoting the bad value and naming the allowed range.
    """
    if node_limit is not None:
        if isinstance(node_limit, bool) or not isinstance(node_limit, int):
            raise NimError(f"node_limit must be a whole number (or None): {node_limit!r}")
        if not 0 <= node_limit <= MAX_NODE_LIMIT:
            raise NimError(f"node_limit must be in 0 .. 2**63 - 1 (0 or None: no limit): {node_limit!r}")
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise NimError(f"time_limit must be a number of seconds (or None): {time_limit!r}")
        if not 0 < time_limit <= MAX_TIME_LIMIT:       # also refuses nan and inf
            raise NimError(
                f"time_limit must be in (0, {MAX_TIME_LIMIT:g}] seconds (or None): {time_limit!r}")
        time_limit = float(time_limit)
    return node_limit or None, time_limit


class Limits(NamedTuple):
    """What bounds a search, in one value accepted by every call that searches
    (``nim.solve``, ``nim.analyze``, ``nim.solve_many``, ``nim.explain``,
    ``Solver.solve``, ``Solver.analyze``).

    Attributes
    ----------
    nodes : int or None
        Stop after this many nodes (0 or None: no limit). Shorthand ``node_limit``.
    time : float or None
        Stop after this many seconds. Shorthand ``time_limit``.
    memory : int or None
        Upper bound, in MB, on all the `tt` engine holds (None: the default
        table size). Shorthand ``tt_mb``.
    progress : bool or None
        Show a progress counter on stderr (None: when stderr is a terminal).
    cancel : object with ``is_set()`` or None
        A cancellation handle such as ``threading.Event``.

    Examples
    --------
    >>> import nim
    >>> nim.solve([1, 3, 5, 7], "misere", "alphabeta", limits=nim.Limits(nodes=10**6)).value
    -1
    """

    nodes: Optional[int] = DEFAULT_NODE_LIMIT
    time: Optional[float] = None
    memory: Optional[int] = None
    progress: Optional[bool] = False
    cancel: Optional[Any] = None

    def keywords(self) -> Dict[str, Any]:
        """The limits as the keyword arguments they stand for (node_limit, ...)."""
        return {"node_limit": self.nodes, "time_limit": self.time, "tt_mb": self.memory,
                "progress": self.progress, "cancel": self.cancel}


#: The shorthands' defaults: a call given ``limits=`` must leave them so.
_SHORTHAND_DEFAULTS = Limits().keywords()


def with_limits(limits: Optional[Limits], **shorthands: Any) -> Dict[str, Any]:
    """The keyword limits of a call: ``shorthands`` as given, or, with ``limits``,
    all five of its fields (every shorthand must then be at its default).

    Raises
    ------
    TypeError
        When ``limits`` is not a Limits, or comes with a shorthand that is set too.
    """
    if limits is None:
        return shorthands
    if not isinstance(limits, Limits):
        raise TypeError(f"limits must be a nim.Limits, not {limits!r}")
    for name, value in shorthands.items():
        default = _SHORTHAND_DEFAULTS[name]
        if value is not default and value != default:
            raise TypeError(f"give {name} in limits=Limits(...) or as a keyword, not both")
    return limits.keywords()
