"""Nim-sequences stored between runs (issue 33 item 5): one file a game in the user's cache folder.

A long sequence (Grundy's game to 2**23 heaps: a minute) is written once it is
computed, and the next run reads it back rather than computing it again. The
folder is ``$NIMCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/nimcore``, else
``~/.cache/nimcore``. A file is a header line of JSON (the format, the game,
the number of heaps, bytes a heap and the SHA-256 digest of the values) then
the values, little-endian; a file whose digest, game or size does not match
is ignored (and replaced at the next store), never read as values. A folder
that cannot be written costs the cache, never the answer. A cache file is
opened only when it is a regular file (``open_regular``: a named pipe does not
block, a link to ``/dev/zero`` is not read) and its size is checked first.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from array import array
from pathlib import Path
from typing import Any, BinaryIO, Optional, Union

__all__ = ["STORE_FROM", "cache_folder", "cache_path", "load_values", "open_regular", "store_values"]

#: Sequences shorter than this are not stored (computing them costs less than a file).
STORE_FROM = 1 << 18

_FORMAT = "nimcore-sequence-1"
_HEADER_MAX = 4096
#: Most values a file may hold (nimcore.octal.MAX_HEAPS + 1): a larger header is a forgery.
_MAX_VALUES = 1 << 32


def cache_folder() -> Path:
    """The folder the sequences are stored in (not created here)."""
    named = os.environ.get("NIMCORE_CACHE_DIR")
    if named:
        return Path(named)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "nimcore"
    return Path.home() / ".cache" / "nimcore"


def cache_path(name: str) -> Path:
    """The file of one game's sequence (``name`` as ``game_places`` gives it: '0.142', 'grundy-game')."""
    safe = "".join(c if c.isalnum() or c in "-." else "_" for c in name)
    return cache_folder() / f"{safe}.nimseq"


def open_regular(path: Union[str, Path], most: int) -> Optional[BinaryIO]:
    """``path`` opened for binary reading when it is a regular file of at most ``most``
    bytes, else None (missing, unreadable, a folder, a named pipe, a device, too large).

    The file is opened without blocking (a named pipe with no writer would block
    ``open`` forever) and checked on the open descriptor, so a file swapped for a
    pipe or a link to ``/dev/zero`` between a check and the open is refused too.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            os.close(handle)
            return None
        return os.fdopen(handle, "rb")
    except OSError:
        os.close(handle)
        return None


def _digest(values: "array[int]") -> str:
    import hashlib  # here, as tempfile below: loading a cached quotient (cache_folder) needs neither

    return hashlib.sha256(_little_endian(values)).hexdigest()


def _little_endian(values: "array[int]") -> bytes:
    if values.itemsize > 1 and sys.byteorder != "little":
        swapped = array(values.typecode, values)
        swapped.byteswap()
        return swapped.tobytes()
    return values.tobytes()


def load_values(name: str) -> Optional["array[int]"]:
    """The stored values of a game, or None when there are none (or the file fails its checks)."""
    stored = open_regular(cache_path(name), _HEADER_MAX + _MAX_VALUES * 2)
    if stored is None:
        return None
    try:
        with stored:
            header = stored.readline(_HEADER_MAX)
            meta = json.loads(header.decode("utf-8"))
            if (not isinstance(meta, dict) or meta.get("format") != _FORMAT or meta.get("game") != name
                    or meta.get("itemsize") not in (1, 2) or isinstance(meta.get("heaps"), bool)
                    or not isinstance(meta.get("heaps"), int) or not 0 <= meta["heaps"] <= _MAX_VALUES):
                return None
            size = meta["heaps"] * meta["itemsize"]
            # the size on disk says it all before a byte of values is read
            if os.fstat(stored.fileno()).st_size != len(header) + size:
                return None
            data = stored.read(size + 1)
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return None
    if len(data) != size:
        return None
    values: "array[int]" = array("B" if meta["itemsize"] == 1 else "H")
    values.frombytes(data)
    if values.itemsize > 1 and sys.byteorder != "little":
        values.byteswap()
    if _digest(values) != meta.get("sha256"):
        return None
    return values


def store_values(name: str, values: "array[int]") -> bool:
    """Store a game's values (atomically: a reader never sees half a file) when they are at
    least STORE_FROM heaps and an eighth more than the file holds. True when written."""
    if len(values) < STORE_FROM:
        return False
    path = cache_path(name)
    try:
        stored = open_regular(path, _HEADER_MAX + _MAX_VALUES * 2)
        if stored is not None:
            with stored:
                meta: Any = json.loads(stored.readline(_HEADER_MAX).decode("utf-8"))
            # rewritten when it grows by an eighth at least: not at every small extension
            if (isinstance(meta, dict) and isinstance(meta.get("heaps"), int)
                    and meta["heaps"] + meta["heaps"] // 8 >= len(values)):
                return False
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        pass            # an unreadable file is replaced
    header = json.dumps({"format": _FORMAT, "game": name, "heaps": len(values),
                         "itemsize": values.itemsize, "sha256": _digest(values)}).encode() + b"\n"
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(header)
                out.write(_little_endian(values))
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False        # a read-only or full folder costs the cache, not the answer
    return True
