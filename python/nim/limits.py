"""Search limits given by a caller: one check, shared by every solving function.

A node limit is a whole number of nodes, 0 or None meaning no limit (the same
in Python and on the command line); a time limit is a positive, finite number
of seconds, None meaning no limit.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from nim.errors import NimError

__all__ = ["MAX_NODE_LIMIT", "MAX_TIME_LIMIT", "check_limits"]

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
