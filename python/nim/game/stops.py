"""Stop reporting, shared by every engine (the take rules' and the take-and-break
games'): a search that stopped on a limit becomes one ``SearchLimitError`` with
the engine's words, a Ctrl-C a ``KeyboardInterrupt``, the progress display closed.
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

from nim.errors import InvalidRulesError, SearchLimitError
from nim.kernel import DEFAULT_MAX_DEPTH, Search, TranspositionTable

__all__ = ["DepthStop", "abandon_search", "finish_search", "frames_depth_stop", "short_piles"]

#: What a search engine says when its depth bound stops it: (search, piles) -> the
#: message's tail after "<method> stopped after ... nodes and ... s: ".
DepthStop = Callable[[Search, Tuple[int, ...]], str]


def abandon_search(search: Search) -> None:
    """Stop the clock and the progress display of a search an exception left, and
    raise nothing: the exception in flight (a Ctrl-C landing just as the search
    stopped on a limit) must not give way to a SearchLimitError.

    Call it from ``except BaseException:`` before re-raising; ``finish_search``
    after a search that returned.
    """
    search.finish()
    close_bar = getattr(search.progress, "close", None)
    if close_bar is not None:
        close_bar()


def finish_search(search: Search, method: str, piles: Tuple[int, ...],
                  table: Optional[TranspositionTable] = None, close: bool = True,
                  nodes_before: int = 0, depth_stop: Optional[DepthStop] = None) -> None:
    """Stop the clock and the progress display; raise when a limit stopped the search.

    ``table``: the tt engine's table, whose fill the message then reports;
    ``close=False`` leaves the progress display open (for a next search);
    ``nodes_before``: nodes of earlier searches of the same job, added to the count;
    ``depth_stop``: what the engine says when its depth bound stops it (None:
    the frame engines' bound, Search.max_depth).
    """
    search.finish()
    close_bar = getattr(search.progress, "close", None)
    reason = search.stop_reason
    if close_bar is not None and (close or reason is not None):
        close_bar()
    if reason is None:
        return
    if reason == "interrupt":
        raise KeyboardInterrupt
    if reason == "rule":
        raise InvalidRulesError(f"{method}: the compiled core has no loop for these rules' take rule")
    if reason == "error":
        error = search.error      # the progress callback's own exception, with its traceback
        assert error is not None
        raise error
    nodes, seconds = nodes_before + search.nodes, search.seconds
    what = f"{method} stopped after {nodes:,} nodes and {seconds:.1f} s"
    if table is not None:
        size = f"{table.nbytes >> 20:,} MB" if table.nbytes >= 1 << 20 else f"{table.nbytes >> 10:,} KB"
        what += f" ({table.entries:,} table entries, {100 * table.fill:.0f}% of {size})"
    advice = "use method 'auto'" + (" or 'tt'" if method != "tt" else "")
    if table is not None:
        advice = "give the table more memory (tt_mb, --tt-mb)" if table.fill > 0.5 else ""
    if reason == "cancelled":
        message = f"{what}: cancelled before finishing {short_piles(piles)}"
    elif reason == "nodes":
        message = f"{what}: the node limit; the tree of {short_piles(piles)} is too large. Raise the node limit"
        message += f" or {advice}" if advice else ""
    elif reason == "time":
        message = f"{what}: the time limit, before finishing {short_piles(piles)}. Raise the time limit"
        message += f" or {advice}" if advice else ""
    elif reason == "depth":
        message = f"{what}: " + (depth_stop or frames_depth_stop)(search, piles)
        if depth_stop is None:
            message += f"; {advice}"
    elif table is not None:
        message = (f"{what}: {short_piles(piles)} needs more memory than tt_mb (--tt-mb) allows for "
                   "the table, the endgame tables and the search stack; raise it")
    else:
        message = f"{what}: out of memory on {short_piles(piles)}; {advice}"
    raise SearchLimitError(message, reason=reason, nodes=nodes, seconds=seconds)


def frames_depth_stop(search: Search, piles: Tuple[int, ...]) -> str:
    return (f"{short_piles(piles)} can last more than {search.stop_depth:,} moves, "
            + ("deeper than the engine's recursion bound" if search.stop_depth >= DEFAULT_MAX_DEPTH
               else "deeper than the search's depth bound (max_depth)"))


def short_piles(piles: Tuple[int, ...]) -> str:
    text = repr(list(piles[:10]))
    return text if len(piles) <= 10 else text[:-1] + f", ...] ({len(piles)} piles)"
