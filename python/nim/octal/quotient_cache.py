"""The on-disk cache of misère quotients, one JSON file per game and heap bound.

Files live in the folder of nimcore's cache (``nim.octal.cache.cache_folder``:
``$NIMCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/nimcore``, else ``~/.cache/nimcore``),
under ``quotients/``. This module only reads and writes the files' JSON: nothing
read is trusted, ``nim.octal.quotient`` re-verifies it (the verification walk and
the monoid laws), and a file that is corrupt, forged or fails is ignored (and
replaced by the next computation).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, Optional

from nim.octal.cache import cache_folder

__all__ = ["cache_dir", "cache_path", "load", "store"]


def cache_dir() -> Path:
    """The folder of the cached quotients."""
    return cache_folder() / "quotients"


def cache_path(game: str, max_heap: Optional[int]) -> Path:
    """The file of a game's quotient for heaps up to ``max_heap`` (None: the whole game)."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in ".-") else "_" for c in game)
    return cache_dir() / f"{safe}-{'all' if max_heap is None else max_heap}.json"


def load(game: str, max_heap: Optional[int]) -> Optional[Dict[str, Any]]:
    """The cached quotient's JSON object, unverified, or None (missing or unreadable)."""
    try:
        data = json.loads(cache_path(game, max_heap).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def store(game: str, max_heap: Optional[int], data: Dict[str, Any]) -> None:
    """Write a quotient's JSON (a failure to write is not an error: the cache is optional)."""
    path = cache_path(game, max_heap)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
