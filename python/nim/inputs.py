"""Reading what a user gives: files with a size cap, numbers written in ASCII digits,
engine and method names in one normal form.

Every input file (piles, trees, replays) is read through ``read_capped``, so
``/dev/zero``, ``/dev/urandom`` or a file of one endless line ends in a clear
error instead of filling the memory.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Optional

from nim.errors import InputFileError

__all__ = ["MAX_INPUT_BYTES", "MAX_DIGITS", "MAX_NESTING", "read_capped", "decimal", "method_key", "nesting",
           "printable"]

#: The largest input file read, in bytes (64 MiB: some ten million pile sizes).
MAX_INPUT_BYTES = 64 << 20

#: The most digits a number may have: Python's default cap on int() of a string.
MAX_DIGITS = 4300

_CHUNK = 1 << 20


def read_capped(path: str, what: str = "input", *, binary_ok: bool = False,
                limit: Optional[int] = None) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most ``limit`` (default
    MAX_INPUT_BYTES) of them.

    Raises
    ------
    InputFileError
        When the file cannot be read, is larger than the limit, or (unless
        ``binary_ok``) holds a NUL byte -- checked chunk by chunk, so
        ``/dev/zero`` fails at once.
    """
    if not isinstance(path, (str, os.PathLike)):
        # an int would be opened as a file descriptor
        raise InputFileError(f"a file name must be a str or a path, not {path!r}")
    path = os.fspath(path)
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    cap = MAX_INPUT_BYTES if limit is None else limit
    shown = "standard input" if path == "-" else path
    chunks = []
    size = 0
    try:
        # standard input replaced by a text stream (a test's StringIO) is read as text
        stream: Any = getattr(sys.stdin, "buffer", sys.stdin) if path == "-" else open(path, "rb")
        try:
            while size <= cap:
                chunk = stream.read(min(_CHUNK, cap + 1 - size))
                if isinstance(chunk, str):
                    chunk = chunk.encode("utf-8")
                if not chunk:
                    break
                if not binary_ok and b"\0" in chunk:
                    raise InputFileError(f"{shown} is not a text file (it holds NUL bytes)")
                chunks.append(chunk)
                size += len(chunk)
        finally:
            if path != "-":
                stream.close()
    except OSError as error:
        raise InputFileError(f"cannot read {shown}: {error.strerror or error}") from None
    if size > cap:
        raise InputFileError(f"{shown} is larger than {cap:,} bytes, the limit for a {what}")
    return b"".join(chunks)


def decimal(text: str) -> Optional[int]:
    """The value of ``text`` when it is 1 to MAX_DIGITS ASCII digits 0-9, else None
    (no sign, no ``_``, no other script's digits, no spaces)."""
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):
        return None
    try:
        return int(text)
    except ValueError:      # a lower int_max_str_digits set by the user
        return None


def method_key(method: Any) -> str:
    """The one normal form of an engine or method name, wherever one is read: lower
    case, no blanks at the ends, no hyphens or underscores ("Alpha-Beta" -> "alphabeta")."""
    return str(method).strip().lower().replace("-", "").replace("_", "")


#: The deepest nesting of brackets read from a file or a request's field (plain data needs a few).
MAX_NESTING = 16

def printable(text: str) -> str:
    r"""A name from a file or a request, safe to print and show: whitespace becomes one space
    and every other control or format character (ESC, BEL, a bidi override) is shown escaped,
    ``\x1b``, so no name can clear a screen, retitle a terminal or reorder a line (issue 42,
    item 18).

    >>> printable("Ann\x1b]0;pwned\x07 \x1b[2J")
    'Ann\\x1b]0;pwned\\x07 \\x1b[2J'
    """
    out = []
    for char in text:
        if char.isprintable():
            out.append(char)
        elif char.isspace():
            out.append(" ")
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
                       else f"\\U{code:08x}")
    return " ".join("".join(out).split())


def nesting(text: str) -> int:
    """How deeply the brackets of a JSON text nest (outside its strings), in one pass
    without recursion: what to check before ``json.loads`` (which recurses).

    >>> nesting('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = most = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            most = max(most, depth)
        elif char in "]}":
            depth -= 1
    return most
