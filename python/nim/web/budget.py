"""What bounds one computation of the web server: a cancel handle for the package's
searches (``cancel=``, anything with ``is_set()``) that is set when the client has
gone, when the server stops, or when the computation has run for its time."""

from __future__ import annotations

import threading
import time
from typing import Optional

__all__ = ["Budget"]


class Budget:
    """A search's ``cancel`` handle: set by ``set()`` (the client left), by the
    server's ``stopping`` event, or ``seconds`` after it was made.

    >>> budget = Budget(60.0)
    >>> budget.is_set()
    False
    >>> budget.set()
    >>> budget.is_set()
    True
    """

    def __init__(self, seconds: float, stopping: Optional[threading.Event] = None) -> None:
        self.deadline = time.monotonic() + seconds
        self.seconds = seconds
        self._left = threading.Event()
        self._stopping = stopping

    def set(self) -> None:
        """Cancel the computation (its client has gone)."""
        self._left.set()

    def is_set(self) -> bool:
        """True once the computation must stop."""
        return (self._left.is_set() or (self._stopping is not None and self._stopping.is_set())
                or time.monotonic() > self.deadline)
