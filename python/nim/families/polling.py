"""The limits of the call running now, for a family's own long computations.

A family's hook may do long work outside the generic engine's node-counting budget: the table
of Wythoff Grundy values, the generalised Sprague-Grundy values of a graph of a million
vertices. ``nim.solving.components`` runs each call inside ``call_limits`` (its time limit and
cancellation handle); the family calls ``poll`` now and then, which stops the work in words at
the call's limits and does nothing outside such a call.

>>> with call_limits(None, None):
...     poll("nothing")            # no limit: returns
"""

from __future__ import annotations

import contextlib
import time
from contextvars import ContextVar
from typing import Any, Iterator, Optional, Tuple

from nim.errors import SearchLimitError

__all__ = ["call_cancel", "call_limits", "poll"]

#: ``(deadline, cancel, started)`` of the call running now (monotonic seconds; cancel has ``is_set()``).
_CALL: ContextVar[Optional[Tuple[Optional[float], Any, float]]] = ContextVar("nimcore_call", default=None)


@contextlib.contextmanager
def call_limits(time_limit: Optional[float], cancel: Optional[Any]) -> Iterator[None]:
    """Make a call's time limit and cancellation handle visible to ``poll`` while it runs; a call
    inside another (explain's solve) keeps the outer handle when it is given none."""
    now = time.monotonic()
    outer = _CALL.get()
    if cancel is None and outer is not None:
        cancel = outer[1]
    token = _CALL.set((now + time_limit if time_limit else None, cancel, now))
    try:
        yield
    finally:
        _CALL.reset(token)


def call_cancel() -> Optional[Any]:
    """The running call's cancellation handle, or None."""
    call = _CALL.get()
    return None if call is None else call[1]


def poll(what: str) -> None:
    """Stop a long computation at the running call's time limit or cancellation.

    Raises
    ------
    SearchLimitError
        Saying ``what`` stopped, after how long and why (reason ``time`` or ``cancelled``).
    """
    call = _CALL.get()
    if call is None:
        return
    deadline, cancel, started = call
    if cancel is not None and cancel.is_set():
        reason, limit = "cancelled", "cancelled (the call's cancel handle was set)"
    elif deadline is not None and time.monotonic() > deadline:
        reason, limit = "time", "the time limit. Raise it, or ask about smaller components"
    else:
        return
    seconds = time.monotonic() - started
    raise SearchLimitError(f"{what} stopped after {seconds:.1f} s: {limit}", reason=reason, seconds=seconds)
