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

__all__ = ["MAX_SEQUENCE_BYTES", "STORE_FROM", "block_path", "cache_folder", "cache_path", "load_values",
           "open_regular", "read_block", "read_checkpoint", "read_regular", "record_folder", "store_values",
           "write_block", "write_checkpoint"]

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
                    or meta.get("itemsize") not in (1, 2) or isinstance(meta.get("heaps"), bool)
                    or not isinstance(meta.get("heaps"), int)
                    or not 0 <= meta["heaps"] * meta["itemsize"] <= MAX_SEQUENCE_BYTES):
                return None
            size = meta["heaps"] * meta["itemsize"]
            # the size on disk must be the header's before a byte of values is read: a
            # forged count (2**40 heaps, or -1: read to the end) allocates nothing
            if os.fstat(stored.fileno()).st_size != len(header) + size:
                return None
            data = stored.read(size + 1)
    except (OSError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
        return None     # RecursionError: a header of JSON nested thousands deep; MemoryError: values too many to hold
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
        existing = open_regular(path, MAX_SEQUENCE_BYTES) if path.exists() else None
        if existing is not None:
            with existing:
                meta: Any = json.loads(existing.readline(_HEADER_MAX).decode("utf-8"))
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


# -- the record engine's files (issue 39): checkpoints and kept blocks -------------------------------

_CHECKPOINT_FORMAT = "nimcore-record-1"
_BLOCK_FORMAT = "nimcore-block-1"
#: A checkpoint's header line (JSON: the state's numbers and the frequency tables) may be this long.
_CHECKPOINT_HEADER_MAX = 1 << 24
CHECKPOINT = "checkpoint.nimrec"
#: The typecode of four-byte unsigned offsets in a block file.
_U32 = "I" if array("I").itemsize == 4 else "L"


def record_folder(name: str) -> Path:
    """The default folder of one game's record run: ``<cache folder>/records/<game>``."""
    safe = "".join(c if c.isalnum() or c in "-." else "_" for c in name)
    return cache_folder() / "records" / safe


def _write_atomic(path: Path, parts: "list[bytes]") -> None:
    """Write ``parts`` to ``path`` through a temporary file and a rename (a reader, or a run
    killed mid-write, sees the old file or the new one, never half of one)."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            for part in parts:
                out.write(part)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def write_checkpoint(folder: Path, header: "dict[str, Any]", sections: "dict[str, bytes]") -> None:
    """Store a record run's state: one JSON header line (``header`` with the sections' sizes and
    the SHA-256 digest of their bytes) then the sections. The previous checkpoint is kept as
    ``checkpoint.nimrec.prev`` until the new one is whole.

    Raises OSError when the folder cannot be written (a record run needs its checkpoints)."""
    import hashlib

    digest = hashlib.sha256()
    for data in sections.values():
        digest.update(data)
    meta = dict(header, format=_CHECKPOINT_FORMAT,
                sections=[[key, len(data)] for key, data in sections.items()], sha256=digest.hexdigest())
    line = json.dumps(meta, sort_keys=True).encode() + b"\n"
    path = folder / CHECKPOINT
    if path.exists():
        os.replace(path, folder / (CHECKPOINT + ".prev"))
    _write_atomic(path, [line, *sections.values()])


def _read_checkpoint_file(path: Path, game: str) -> Optional["tuple[dict[str, Any], dict[str, bytes]]"]:
    import hashlib

    stored = open_regular(path, MAX_SEQUENCE_BYTES)
    if stored is None:
        return None
    try:
        with stored:
            meta = json.loads(stored.readline(_CHECKPOINT_HEADER_MAX).decode("utf-8"))
            if (not isinstance(meta, dict) or meta.get("format") != _CHECKPOINT_FORMAT
                    or meta.get("game") != game or not isinstance(meta.get("sections"), list)):
                return None
            sections: "dict[str, bytes]" = {}
            digest = hashlib.sha256()
            for key, size in meta["sections"]:
                if not isinstance(key, str) or not isinstance(size, int) or not 0 <= size <= MAX_SEQUENCE_BYTES:
                    return None
                data = stored.read(size)
                if len(data) != size:
                    return None
                sections[key] = data
                digest.update(data)
            if stored.read(1):
                return None
    except (OSError, ValueError, TypeError, UnicodeDecodeError, RecursionError, MemoryError):
        return None
    if digest.hexdigest() != meta.get("sha256"):
        return None
    return meta, sections


def read_checkpoint(folder: Path, game: str) -> Optional["tuple[dict[str, Any], dict[str, bytes]]"]:
    """``(header, sections)`` of the last whole checkpoint of ``game`` in ``folder`` (the
    previous one when the last fails its digest), or None when there is none."""
    for name in (CHECKPOINT, CHECKPOINT + ".prev"):
        found = _read_checkpoint_file(folder / name, game)
        if found is not None:
            return found
    return None


def block_path(folder: Path, first: int) -> Path:
    """The file of the kept block of values that starts at heap ``first``."""
    return folder / "blocks" / f"{first:015d}.nimblk"


def write_block(folder: Path, game: str, first: int, values: "array[int]") -> Path:
    """Keep G(first .. first + len(values) - 1) in a checksummed block file: one byte a heap
    when every value is below 256; else, while the values of 256 and more are few (Grundy's
    game: a few hundred in 2**22 heaps), one byte a heap (the low byte) followed by those
    heaps' offsets (4 bytes each) and values (2 bytes each); else two bytes a heap. Little-endian;
    the header's SHA-256 is of the bytes after it."""
    # the bytes' two halves, low and high, sliced in C (a Python loop over a block of 4,194,304
    # heaps took 0.3 s, a few per cent of a record run's main thread)
    pairs = _little_endian(values if values.typecode == "H" else array("H", values))
    low, high_bytes = pairs[0::2], pairs[1::2]
    large = len(high_bytes) - high_bytes.count(0)              # heaps with a value past 255
    meta: "dict[str, Any]" = {"format": _BLOCK_FORMAT, "game": game, "first": first, "heaps": len(values)}
    if not large:
        data = low
        meta["itemsize"] = 1
    elif 6 * large < len(values):
        import re

        offsets: "array[int]" = array(_U32, [found.start() for found in re.finditer(rb"[^\x00]", high_bytes)])
        wide: "array[int]" = array("H", [values[i] for i in offsets])
        data = low + _little_endian(offsets) + _little_endian(wide)
        meta["itemsize"] = 1
        meta["high"] = large
    else:
        data = pairs
        meta["itemsize"] = 2
    import hashlib

    meta["sha256"] = hashlib.sha256(data).hexdigest()
    path = block_path(folder, first)
    _write_atomic(path, [json.dumps(meta).encode() + b"\n", data])
    return path


def read_block(path: Path, game: str) -> Optional["tuple[int, array[int]]"]:
    """``(first heap, values)`` of a kept block file, or None when it fails its checks."""
    import hashlib

    stored = open_regular(path, MAX_SEQUENCE_BYTES)
    if stored is None:
        return None
    try:
        with stored:
            meta = json.loads(stored.readline(_HEADER_MAX).decode("utf-8"))
            if (not isinstance(meta, dict) or meta.get("format") != _BLOCK_FORMAT or meta.get("game") != game
                    or meta.get("itemsize") not in (1, 2) or not isinstance(meta.get("heaps"), int)
                    or not isinstance(meta.get("first"), int) or not isinstance(meta.get("high", 0), int)
                    or not 0 <= meta.get("high", 0) <= meta["heaps"]):
                return None
            high = meta.get("high", 0)
            size = meta["heaps"] * meta["itemsize"] + 6 * high
            if not 0 <= size <= MAX_SEQUENCE_BYTES:
                return None
            data = stored.read(size + 1)
    except (OSError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
        return None
    if len(data) != size or hashlib.sha256(data).hexdigest() != meta.get("sha256"):
        return None
    heaps = meta["heaps"]
    values: "array[int]" = array("B" if meta["itemsize"] == 1 and not high else "H")
    if meta["itemsize"] == 2:
        values.frombytes(data)
        if sys.byteorder != "little":
            values.byteswap()
    elif not high:
        values.frombytes(data)
    else:
        pairs = bytearray(2 * heaps)                # the low bytes as two-byte values, in C
        pairs[0::2] = data[:heaps]
        values.frombytes(pairs)
        if sys.byteorder != "little":
            values.byteswap()
        offsets: "array[int]" = array(_U32)
        offsets.frombytes(data[heaps:heaps + 4 * high])
        wide: "array[int]" = array("H")
        wide.frombytes(data[heaps + 4 * high:])
        if sys.byteorder != "little":
            offsets.byteswap()
            wide.byteswap()
        for i, v in zip(offsets, wide):
            if i >= heaps or (v & 0xFF) != values[i] or v < 256:
                return None
            values[i] = v
    return int(meta["first"]), values
