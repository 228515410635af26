"""Nim-sequences stored between runs (issue 33 item 5): one file a game in the user's cache folder.

A long sequence (Grundy's game to 2**23 heaps: a minute) is written once it is
computed, and the next run reads it back rather than computing it again. The
folder is ``$NIMCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/nimcore``, else
``~/.cache/nimcore``. A file is a header line of JSON (the format, the game,
the number of heaps, bytes a heap and the SHA-256 digest of the values) then
the values, little-endian; a file whose digest, game or size does not match
is ignored (and replaced at the next store), never read as values. A folder
that cannot be written costs the cache, never the answer.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from array import array
from pathlib import Path
from typing import Any, BinaryIO, Optional

__all__ = ["MAX_SEQUENCE_BYTES", "STORE_FROM", "cache_folder", "cache_path", "load_values", "open_regular",
           "read_regular", "store_values"]

#: The largest sequence file read (2**32 heaps of 2 bytes).
MAX_SEQUENCE_BYTES = 8 << 30

#: Sequences shorter than this are not stored (computing them costs less than a file).
STORE_FROM = 1 << 18

_FORMAT = "nimcore-sequence-1"
_HEADER_MAX = 4096


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


def _digest(values: "array[int]") -> str:
    import hashlib  # here, as tempfile below: loading a cached quotient (cache_folder) needs neither

    return hashlib.sha256(_little_endian(values)).hexdigest()


def _little_endian(values: "array[int]") -> bytes:
    if values.itemsize > 1 and sys.byteorder != "little":
        swapped = array(values.typecode, values)
        swapped.byteswap()
        return swapped.tobytes()
    return values.tobytes()


def open_regular(path: Path, max_bytes: int) -> Optional[BinaryIO]:
    """``path`` opened for reading when it is a regular file of at most ``max_bytes``, else
    None: a named pipe is opened without blocking and refused, as is a link to a device
    (``/dev/zero``), a folder, or a file too large. The cache is untrusted: nothing there
    may hang a command or fill the memory."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            os.close(fd)
            return None
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except OSError:
        os.close(fd)
        return None


def read_regular(path: Path, max_bytes: int) -> Optional[bytes]:
    """The bytes of a regular file of at most ``max_bytes`` (``open_regular``), or None."""
    stored = open_regular(path, max_bytes)
    if stored is None:
        return None
    try:
        with stored:
            data = stored.read(max_bytes + 1)
    except OSError:
        return None
    return data if len(data) <= max_bytes else None


def load_values(name: str) -> Optional["array[int]"]:
    """The stored values of a game, or None when there are none (or the file fails its checks)."""
    path = cache_path(name)
    try:
        stored = open_regular(path, MAX_SEQUENCE_BYTES)
        if stored is None:
            return None
        with stored:
            header = stored.readline(_HEADER_MAX)
            meta = json.loads(header.decode("utf-8"))
            if (not isinstance(meta, dict) or meta.get("format") != _FORMAT or meta.get("game") != name
                    or meta.get("itemsize") not in (1, 2) or not isinstance(meta.get("heaps"), int)):
                return None
            data = stored.read(meta["heaps"] * meta["itemsize"] + 1)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if len(data) != meta["heaps"] * meta["itemsize"]:
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
        existing = open_regular(path, MAX_SEQUENCE_BYTES) if path.exists() else None
        if existing is not None:
            with existing:
                meta: Any = json.loads(existing.readline(_HEADER_MAX).decode("utf-8"))
            # rewritten when it grows by an eighth at least: not at every small extension
            if (isinstance(meta, dict) and isinstance(meta.get("heaps"), int)
                    and meta["heaps"] + meta["heaps"] // 8 >= len(values)):
                return False
    except (OSError, ValueError, UnicodeDecodeError):
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
