"""The on-disk cache of misère quotients, one JSON file per game and heap bound.

Files live in ``$NIMCORE_CACHE_DIR`` when set, else in ``$XDG_CACHE_HOME/nimcore/quotients``
(``~/.cache/nimcore/quotients``). Nothing read is trusted: ``MisereQuotient.from_json``
re-verifies it (the verification walk and the monoid laws), and a file that is
corrupt, forged or fails is ignored (and replaced by the next computation).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from nim.errors import NimError

if TYPE_CHECKING:
    from nim.octal.quotient import MisereQuotient

__all__ = ["cache_dir", "cache_path", "load", "store"]


def cache_dir() -> Path:
    """The folder of the cached quotients."""
    override = os.environ.get("NIMCORE_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nimcore" / "quotients"


def cache_path(game: str, max_heap: Optional[int]) -> Path:
    """The file of a game's quotient for heaps up to ``max_heap`` (None: the whole game)."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in ".-") else "_" for c in game)
    return cache_dir() / f"{safe}-{'all' if max_heap is None else max_heap}.json"


def load(game: str, max_heap: Optional[int]) -> Optional["MisereQuotient"]:
    """The cached quotient, re-verified, or None (missing, unreadable, forged)."""
    from nim.octal.quotient import MisereQuotient

    path = cache_path(game, max_heap)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found = MisereQuotient.from_json(data)
    except (OSError, ValueError, TypeError, KeyError, NimError, RecursionError):
        return None
    if found.game != game or (max_heap is None and not found.proven) or (
            max_heap is not None and found.bound != max_heap and not found.proven):
        return None
    return found


def store(quotient: "MisereQuotient", max_heap: Optional[int]) -> None:
    """Write the quotient (a failure to write is not an error: the cache is optional)."""
    path = cache_path(quotient.game, max_heap)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(json.dumps(quotient.to_json(), separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
