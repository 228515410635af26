"""The Lab 2 game record (a "test file"): its one writer and its one reader.

A record is the number of piles, one pile size per line, then every move
played, ``pile_index count`` from 0 (``pile_index count a b`` for a move of a
take-and-break game that leaves two heaps a and b), in order::

    2        <- number of piles
    4        <- one pile size per line
    2
    0 2      <- then one move per line: pile_index count (0-based)
    1 2

``record_text`` writes one (``save FILE`` in a game, the web page's record);
``parse_replay`` and ``read_replay_file`` read one (``nimcore play --load``,
``nimcore replay``, the web page's replay). The replays themselves, which play
NimX against the file's moves and annotate them, are ``nim.study.replay``: they
sit above the playing layer, and this module below both.

>>> text = record_text((4, 2), [Move(0, 2), Move(1, 2)])
>>> parse_replay(text).moves == (Move(0, 2), Move(1, 2))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence, Tuple

from nim.errors import InputFileError
from nim.inputs import MAX_DIGITS, decimal, read_capped
from nim.position import Move

__all__ = ["MAX_PILES", "ReplayFile", "move_text", "parse_replay", "read_replay_file", "record_text"]

#: A file with more pile lines than this is refused (a replay is for small games).
MAX_PILES = 1000


@dataclass(frozen=True)
class ReplayFile:
    """A parsed test file: the starting piles and the human's moves.

    ``lines`` holds the file's line number of each move, for error messages.
    """

    piles: Tuple[int, ...]
    moves: Tuple[Move, ...]
    lines: Tuple[int, ...]
    name: str = "<replay>"


def record_text(start: Sequence[int], moves: Sequence[Move]) -> str:
    """A game as a Lab 2 test file: the number of piles, the sizes, then every move (from 0)."""
    lines = [str(len(start)), *map(str, start), *map(move_text, moves)]
    return "\n".join(lines) + "\n"


def move_text(move: Move) -> str:
    """A move as a record's line: ``pile count``, or ``pile count a b`` for a split (from 0)."""
    if move.split is None:
        return f"{move.pile} {move.count}"
    return f"{move.pile} {move.count} {move.split[0]} {move.split[1]}"


def parse_replay(text: str, name: str = "<replay>") -> ReplayFile:
    """Parse the text of a Lab 2 test file. Blank lines are skipped.

    Raises
    ------
    InputFileError
        When the file is malformed; the message names the file and the line.
    """
    if not isinstance(text, str):
        raise InputFileError(f"a replay is the text of a file (a str), not {type(text).__name__}")
    numbered = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in numbered if line]
    if not lines:
        raise InputFileError(f"{name} is empty: expected the number of piles on line 1")
    number, first = lines[0]
    count = _whole(first, name, number, "the number of piles")
    if not 1 <= count <= MAX_PILES:
        raise InputFileError(
            f"{name}, line {number}: the number of piles must be 1 to {MAX_PILES}, not {count}"
        )
    if len(lines) < count + 1:
        last = numbered[-1][0] if numbered else 1
        raise InputFileError(
            f"{name}, line {last}: the file ends after {len(lines) - 1} of the {count} pile sizes "
            f"announced on line {number}"
        )
    piles = tuple(
        _whole(text_, name, line_number, f"pile {index}'s size")
        for index, (line_number, text_) in enumerate(lines[1 : count + 1])
    )
    moves: List[Move] = []
    move_lines: List[int] = []
    for line_number, text_ in lines[count + 1 :]:
        words = text_.split()
        if len(words) not in (2, 4):
            raise InputFileError(
                f"{name}, line {line_number}: expected a move 'pile_index count' (or "
                f"'pile_index count a b' when it leaves two heaps a and b), not {text_!r}"
            )
        # negative numbers parse: they are illegal moves, reported as such later
        pile = _whole(words[0], name, line_number, "a pile index", negative=True)
        take = _whole(words[1], name, line_number, "a count", negative=True)
        if len(words) == 4:     # a take-and-break game's split: the two heaps left
            parts = (_whole(words[2], name, line_number, "a heap size", negative=True),
                     _whole(words[3], name, line_number, "a heap size", negative=True))
            moves.append(Move(pile, take, split=parts))
        else:
            moves.append(Move(pile, take))
        move_lines.append(line_number)
    return ReplayFile(piles, tuple(moves), tuple(move_lines), name)


def read_replay_file(path: str) -> ReplayFile:
    """Read and parse a Lab 2 test file (``-``: standard input).

    Raises
    ------
    InputFileError
        When the file cannot be read, is not text, or is malformed.
    """
    # capped and NUL-checked as every input file: /dev/zero fails at once
    data = read_capped(path, what="replay file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputFileError(f"{path}, line {line}: not a text file (bad UTF-8)") from None
    return parse_replay(text, "standard input" if path == "-" else path)


def _whole(text: str, name: str, line: int, what: str, negative: bool = False) -> int:
    # ASCII digits only, at most MAX_DIGITS, as every number nimcore reads (int() takes '３')
    value = decimal(text[1:]) if text.startswith("-") else decimal(text)
    if value is None:
        shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text):,} characters)"
        raise InputFileError(
            f"{name}, line {line}: {what} must be a whole number (digits 0-9, at most "
            f"{MAX_DIGITS:,}), not {shown}") from None
    if text.startswith("-"):
        value = -value
    if value < 0 and not negative:
        raise InputFileError(f"{name}, line {line}: {what} must be non-negative, not {value}")
    return value
