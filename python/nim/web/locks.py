"""Locks by key (a game's id, a class's id) that live only while they are used.

A dict of one lock per key ever seen grows with every id a client sends, known
or not (3,000 joins with random 30 kB ids kept 88 MB, never freed: issue 42,
item 1): here a key's lock exists while a thread holds it or waits for it, and
is dropped by the last one to leave.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Dict, Iterator

__all__ = ["KeyedLocks"]


class _Entry:
    """A key's lock and how many threads hold it or wait for it."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0


class KeyedLocks:
    """One lock per key, kept only while some thread holds or waits for it.

    >>> locks = KeyedLocks()
    >>> with locks.hold("game"):
    ...     len(locks)
    1
    >>> len(locks)
    0
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._entries: Dict[str, _Entry] = {}

    @contextlib.contextmanager
    def hold(self, key: str) -> Iterator[None]:
        """Hold ``key``'s lock for the ``with`` block (one thread per key at a time)."""
        with self._guard:
            entry = self._entries.get(key)
            if entry is None:
                entry = self._entries[key] = _Entry()
            entry.users += 1
        try:
            with entry.lock:
                yield
        finally:
            with self._guard:
                entry.users -= 1
                if entry.users == 0:
                    del self._entries[key]

    def __len__(self) -> int:
        """How many keys have a lock now (those held or waited for)."""
        with self._guard:
            return len(self._entries)
