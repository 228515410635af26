"""The on-disk cache of misère quotients, one JSON file per game and heap bound.

Files live in the folder of nimcore's cache (``nim.octal.cache.cache_folder``:
``$NIMCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/nimcore``, else ``~/.cache/nimcore``),
under ``quotients/``. This module only reads and writes the files' JSON: nothing
read is trusted, ``nim.octal.quotient`` re-verifies it (the verification walk and
the monoid laws), and a file that is corrupt, forged or fails is ignored (and
replaced by the next computation). Only a regular file of at most ``MAX_FILE_BYTES``
is read (``nim.octal.cache.open_regular``: a named pipe or a link to ``/dev/zero``
in place of a file is ignored at once), and a quotient too large to be read back
is not written.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional

from nim.octal.cache import cache_folder, open_regular

__all__ = ["MAX_FILE_BYTES", "cache_dir", "cache_path", "cached_bounds", "load", "load_partial", "partial_path",
           "store", "store_partial"]


#: The largest quotient file read or written (64 MiB: a table of some 2,500 elements;
#: Kayles' quotient is 3 kB, Dawson's Kayles' up to heap 33 about 1.5 MB).
MAX_FILE_BYTES = 64 << 20


def cache_dir() -> Path:
    """The folder of the cached quotients."""
    return cache_folder() / "quotients"


def cache_path(game: str, max_heap: Optional[int]) -> Path:
    """The file of a game's quotient for heaps up to ``max_heap`` (None: the whole game)."""
    return cache_dir() / f"{_safe(game)}-{'all' if max_heap is None else max_heap}.json"


def cached_bounds(game: str) -> List[int]:
    """The heap bounds of the game's cached quotients of fixed bound (files ``GAME-N.json``)."""
    prefix = f"{_safe(game)}-"
    try:
        names = os.listdir(cache_dir())
    except OSError:
        return []
    found = []
    for name in names:
        middle = name[len(prefix):-len(".json")]
        if (name.startswith(prefix) and name.endswith(".json") and middle.isascii() and middle.isdigit()
                and len(middle) <= 6):
            found.append(int(middle))
    return found


def partial_path(game: str) -> Path:
    """The file of the furthest quotient a computation of the game reached before a
    limit stopped it (with the "wall": the heap it stopped at, why, after how long)."""
    return cache_dir() / f"{_safe(game)}-partial.json"


def _safe(game: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c in ".-") else "_" for c in game)


def load(game: str, max_heap: Optional[int]) -> Optional[Dict[str, Any]]:
    """The cached quotient's JSON object, unverified, or None (missing or unreadable)."""
    return _read(cache_path(game, max_heap))


def load_partial(game: str) -> Optional[Dict[str, Any]]:
    """The stopped computation's quotient and wall (``store_partial``), unverified, or None."""
    return _read(partial_path(game))


def store(game: str, max_heap: Optional[int], data: Dict[str, Any]) -> None:
    """Write a quotient's JSON (a failure to write is not an error: the cache is optional)."""
    _write(cache_path(game, max_heap), data)


def store_partial(game: str, data: Dict[str, Any]) -> None:
    """Write the quotient a stopped computation reached, with its wall."""
    _write(partial_path(game), data)


def _read(path: Path) -> Optional[Dict[str, Any]]:
    stored = open_regular(path, MAX_FILE_BYTES)
    if stored is None:
        return None
    try:
        with stored:
            data = json.loads(stored.read(MAX_FILE_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError, MemoryError):
        return None
    return data if isinstance(data, dict) else None


def _write(path: Path, data: Dict[str, Any]) -> None:
    text = json.dumps(data, separators=(",", ":")).encode("utf-8")
    if len(text) > MAX_FILE_BYTES:
        return          # it would not be read back
    import tempfile     # here: loading a cached quotient does not need it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # a fresh name of its own (O_EXCL): never a file or pipe someone put at a guessable name
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass
