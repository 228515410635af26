"""The on-disk cache of misère quotients, one JSON file per game and heap bound.

Files live in the folder of nimcore's cache (``nim.takebreak.cache.cache_folder``:
``$NIMCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/nimcore``, else ``~/.cache/nimcore``),
under ``quotients/``. This module only reads and writes the files' JSON: nothing
read is trusted, ``nim.takebreak.quotient`` re-verifies it (the verification walk and
the monoid laws), and a file that is corrupt, forged or fails is ignored (and
replaced by the next computation).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional

from nim.takebreak.cache import cache_folder, read_regular

__all__ = ["cache_dir", "cache_path", "cached_bounds", "load", "load_partial", "partial_path", "store", "store_partial"]


def cache_dir() -> Path:
    """The folder of the cached quotients."""
    return cache_folder() / "quotients"


def cache_path(game: str, max_heap: Optional[int]) -> Path:
    """The file of a game's quotient for heaps up to ``max_heap`` (None: the whole game)."""
    return cache_dir() / f"{_safe(game)}-{'all' if max_heap is None else max_heap}.json"


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


#: The largest quotient file read (Q_33 of Dawson's Kayles is 1.4 MB).
MAX_FILE_BYTES = 256 << 20


def _read(path: Path) -> Optional[Dict[str, Any]]:
    """The file's JSON object, or None: missing, not a regular file (a named pipe, a link to
    /dev/zero), larger than MAX_FILE_BYTES, not JSON (NaN and Infinity refused), not an object."""
    text = read_regular(path, MAX_FILE_BYTES)
    if text is None:
        return None
    try:
        data = json.loads(text.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError, UnicodeDecodeError, MemoryError):
        return None     # MemoryError: a file under the cap whose numbers fill the memory as objects
    return data if isinstance(data, dict) else None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number of a quotient")


def cached_bounds(game: str) -> List[int]:
    """The heap bounds of the game's cached bounded quotients (files ``GAME-N.json``)."""
    prefix = f"{_safe(game)}-"
    try:
        names = os.listdir(cache_dir())
    except OSError:
        return []
    bounds = []
    for name in names:
        middle = name[len(prefix):-len(".json")] if name.startswith(prefix) and name.endswith(".json") else ""
        if middle.isascii() and middle.isdigit() and len(middle) < 7:
            bounds.append(int(middle))
    return bounds


def _write(path: Path, data: Dict[str, Any]) -> None:
    text = json.dumps(data, separators=(",", ":")).encode("utf-8")
    if len(text) > MAX_FILE_BYTES:
        return          # it would not be read back
    import tempfile     # here: loading a cached quotient does not need it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # a fresh name of its own (O_EXCL), never one guessable from the pid: a named pipe
        # put there would block the write as one in place of the file blocked a read
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
