"""Progress of long searches on stderr, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

__all__ = ["ProgressCallback", "search_progress"]

#: Called by the core every million nodes or so: (nodes so far, seconds so far).
ProgressCallback = Callable[[int, float], None]

#: A search shorter than this shows nothing.
QUIET_SECONDS = 0.5


class _NodeProgress:
    """A tqdm counter of nodes, opened once the search has run QUIET_SECONDS."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._bar: Optional[Any] = None
        self._shown = 0

    def __call__(self, nodes: int, seconds: float) -> None:
        if self._bar is None:
            if seconds < QUIET_SECONDS:
                return
            from tqdm import tqdm  # type: ignore[import-untyped]  # imported only when a search runs long

            self._bar = tqdm(
                desc=self._label, unit=" nodes", unit_scale=True, file=sys.stderr,
                leave=False, dynamic_ncols=True,
            )
        self._bar.update(nodes - self._shown)
        self._shown = nodes

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def search_progress(label: str, enabled: Optional[bool] = None) -> Optional[_NodeProgress]:
    """A progress callback for a search, or None when progress is not shown.

    ``enabled=None`` shows progress only when stderr is a terminal.
    """
    if enabled is None:
        enabled = sys.stderr.isatty()
    return _NodeProgress(label) if enabled else None
