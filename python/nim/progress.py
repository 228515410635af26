"""Progress of long searches on stderr, shown only when stderr is a terminal.

The display is a tqdm counter: nodes so far, nodes per second (tqdm's rate),
and for the `tt` engine how full its transposition table is. A misère quotient
being computed (``nim.octal.misere_quotient``, inside a solve or ``nimcore
quotient``) shows the heaps done and the size of its candidate.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Optional

__all__ = ["ProgressCallback", "QuotientProgressCallback", "quotient_progress", "search_progress"]

#: Called by the core every million nodes or so: (nodes so far, seconds so far).
ProgressCallback = Callable[[int, float], None]

#: Called by the quotient engine: (heap reached, candidate's size, seconds so far).
QuotientProgressCallback = Callable[[int, int, float], None]

#: A search shorter than this shows nothing.
QUIET_SECONDS = 0.5


class _Line:
    """One tqdm line on stderr, opened by a subclass once its work has run
    QUIET_SECONDS, and cleared by ``close``."""

    def __init__(self) -> None:
        self._bar: Optional[Any] = None
        self._shown = 0
        self._started = time.monotonic()
        # a Ctrl-C inside tqdm's first draw would leave that line behind
        # with no bar to clear it: close() then blanks it by hand
        self._opening = False

    def close(self) -> None:
        if self._bar is not None:
            self._bar.refresh()                  # the last counts, then the line is cleared
            self._bar.close()
            self._bar = None
        elif self._opening:
            import shutil  # only here: start-up

            width = shutil.get_terminal_size().columns
            sys.stderr.write("\r" + " " * (width - 1) + "\r")
            self._opening = False


class _NodeProgress(_Line):
    """A tqdm counter of nodes, opened once the search has run QUIET_SECONDS.

    ``table`` (a nimcore TranspositionTable) adds its fill to the display;
    ``base`` is added to the node counts reported, so that several searches
    (nim.analyze solves one per move) show as one running total.
    """

    def __init__(self, label: str, table: Any = None) -> None:
        super().__init__()
        self._label = label
        self.table: Any = table
        self.base = 0

    def __call__(self, nodes: int, seconds: float) -> None:
        total = self.base + nodes
        if self._bar is None:
            if time.monotonic() - self._started < QUIET_SECONDS:
                return
            from tqdm import tqdm  # type: ignore[import-untyped]  # imported only when a search runs long

            self._opening = True
            self._bar = tqdm(
                desc=self._label, unit=" nodes", unit_scale=True, file=sys.stderr,
                leave=False, dynamic_ncols=True,
            )
            self._opening = False
        if self.table is not None:
            self._bar.set_postfix_str(
                f"table {self.table.entries:,} entries, {100 * self.table.fill:.1f}% full",
                refresh=False,
            )
        self._bar.update(total - self._shown)    # redraws at most 10 times a second
        self._shown = total


def search_progress(label: str, enabled: Optional[bool] = None,
                    table: Any = None) -> Optional[_NodeProgress]:
    """A progress callback for a search, or None when progress is not shown.

    ``enabled=None`` shows progress only when stderr is a terminal; ``table``
    is a transposition table whose fill is shown too.
    """
    if enabled is None:
        enabled = sys.stderr.isatty()
    return _NodeProgress(label, table) if enabled else None


class _QuotientProgress(_Line):
    """A tqdm counter of the heaps a misère quotient has reached, with the size of
    its candidate, opened once the computation has run QUIET_SECONDS (the engine
    calls it after each heap and twice a second during a long one; tqdm redraws
    at most ten times a second)."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self._label = f"misère quotient of {game}"

    def __call__(self, heap: int, size: int, seconds: float) -> None:
        if self._bar is None:
            if time.monotonic() - self._started < QUIET_SECONDS:
                self._shown = max(self._shown, heap)     # the bar starts from the heaps done
                return
            from tqdm import tqdm  # imported only when it runs long

            self._opening = True
            self._bar = tqdm(desc=self._label, unit=" heaps", file=sys.stderr, leave=False,
                             dynamic_ncols=True, initial=self._shown)
            self._opening = False
        self._bar.set_postfix_str(f"heap {heap:,}, candidate {size:,} elements", refresh=False)
        self._bar.update(max(0, heap - self._shown))
        self._shown = max(self._shown, heap)



def quotient_progress(game: str, enabled: Optional[bool] = None) -> Optional[_QuotientProgress]:
    """A progress callback for a misère quotient's computation, or None when
    progress is not shown (``enabled=None``: only when stderr is a terminal)."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    return _QuotientProgress(game) if enabled else None
