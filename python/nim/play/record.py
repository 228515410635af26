"""The game record, a Lab 2 test file: its one writer and its one reader.

A record is the number of piles, one pile size per line, then every move
played, ``pile_index count`` from 0 (``pile_index count a b`` for a move of a
take-and-break game that leaves two heaps a and b), in order::

    # nimcore game record (a Lab 2 test file; lines starting with # are comments)
    # rules: misere
    # flow: lab2
    # seat 0: human Player 0
    # seat 1: ai level:2 Player 1
    # first: 0
    # seed: 7
    2        <- number of piles
    4        <- one pile size per line
    2
    0 2      <- then one move per line: pile_index count (0-based)
    1 2

Lines starting with ``#`` are comments, which the reader skips; a game saved
by nimcore says in them what a bare Lab 2 file leaves out (``RecordHeader``):
the rules, the flow, the seats (each name, and for an AI the player as
``make_strategy`` names it), who moved first, the random seed and, in a
series of games (KUET), which game this is and the results so far. A file
without them (Lab 2's own) reads as before: the command's flags say the rules.

``record_text`` writes one (``save FILE`` in a game, the web page's record);
``parse_replay`` and ``read_replay_file`` read one (``nimcore play --load``,
``nimcore replay``, the web page's replay). The replays themselves, which play
NimX against the file's moves and annotate them, are ``nim.study.replay``: they
sit above the playing layer, and this module below both.

>>> text = record_text((4, 2), [Move(0, 2), Move(1, 2)])
>>> parse_replay(text).moves == (Move(0, 2), Move(1, 2))
True
>>> facts = RecordHeader(rules=Rules(misere=True), flow="lab2")
>>> parse_replay(record_text((4, 2), [Move(0, 2)], facts)).header == facts
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import InputFileError, NimError
from nim.flows.words import named, verb
from nim.inputs import MAX_DIGITS, decimal, printable, read_capped
from nim.position import Move
from nim.rules import Rules

__all__ = ["MAX_PILES", "RECORD_TITLE", "RecordHeader", "ReplayFile", "SeatRecord", "move_text",
           "named", "parse_replay", "printable", "verb", "read_record_text", "read_replay_file", "record_problem",
           "record_text"]

#: The first line of a record nimcore writes (a comment to a Lab 2 reader).
RECORD_TITLE = "# nimcore game record (a Lab 2 test file; lines starting with # are comments)"
#: Longest seat name a record keeps.
MAX_NAME = 80


@dataclass(frozen=True)
class SeatRecord:
    """A seat of a recorded game: its name and, for an AI, the player as
    ``make_strategy`` names it (``level:2``, ``optimal``...); None: a human."""

    name: str
    ai: Optional[str] = None


@dataclass(frozen=True)
class RecordHeader:
    """The facts a record keeps in its comment lines (None or empty: not said).

    ``first`` is the seat (0 or 1) that made the first move of the file;
    ``series`` the progress of a series of games, as plain data (KUET:
    ``difficulty``, ``game`` (1-based), ``games`` and ``results``; another
    flow: ``game``, ``games`` and ``wins``).
    """

    rules: Optional[Rules] = None
    flow: Optional[str] = None
    seats: Tuple[SeatRecord, ...] = ()
    first: int = 0
    seed: Optional[int] = None
    series: Optional[Dict[str, Any]] = field(default=None, compare=True, hash=False)

    @property
    def mode(self) -> Optional[str]:
        """``hvai``, ``hvh`` or ``aivai`` from the seats (None when they are not said)."""
        if len(self.seats) != 2:
            return None
        ais = sum(seat.ai is not None for seat in self.seats)
        return ("hvh", "hvai", "aivai")[ais]

    def lines(self) -> List[str]:
        """The header as comment lines, the title first."""
        out = [RECORD_TITLE]
        if self.rules is not None:
            out.append(f"# rules: {self.rules}")
        if self.flow is not None:
            out.append(f"# flow: {self.flow}")
        for index, seat in enumerate(self.seats):
            name = printable(seat.name)[:MAX_NAME] or "-"
            out.append(f"# seat {index}: {'human' if seat.ai is None else 'ai ' + seat.ai} {name}")
        out.append(f"# first: {self.first}")
        if self.seed is not None:
            out.append(f"# seed: {self.seed}")
        if self.series is not None:
            out.append(f"# series: {json.dumps(self.series, sort_keys=True)}")
        return out

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
    header: Optional[RecordHeader] = None     # the facts of a nimcore record (None: a bare Lab 2 file)


def record_text(start: Sequence[int], moves: Sequence[Move],
                header: Optional[RecordHeader] = None) -> str:
    """A game as a Lab 2 test file: the header's facts as comments (when given),
    the number of piles, the sizes, then every move (from 0)."""
    lines = header.lines() if header is not None else []
    lines += [str(len(start)), *map(str, start), *map(move_text, moves)]
    return "\n".join(lines) + "\n"


def move_text(move: Move) -> str:
    """A move as a record's line: ``pile count``, or ``pile count a b`` for a split (from 0)."""
    if move.split is None:
        return f"{move.pile} {move.count}"
    return f"{move.pile} {move.count} {move.split[0]} {move.split[1]}"


def parse_replay(text: str, name: str = "<replay>") -> ReplayFile:
    """Parse the text of a Lab 2 test file. Blank lines and comments (``#``) are
    skipped; a nimcore record's facts in its comments make ``header``.

    Raises
    ------
    InputFileError
        When the file is malformed; the message names the file and the line.
    """
    if not isinstance(text, str):
        raise InputFileError(f"a replay is the text of a file (a str), not {type(text).__name__}")
    numbered = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    header = _header([(number, line) for number, line in numbered if line.startswith("#")], name)
    lines = [(number, line) for number, line in numbered if line and not line.startswith("#")]
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
    return ReplayFile(piles, tuple(moves), tuple(move_lines), name, header)


def _header(comments: List[Tuple[int, str]], name: str) -> Optional[RecordHeader]:
    """The facts of a nimcore record's comment lines (None: none is said).

    A comment that is not a known ``key: value`` is a comment; a known key
    with a value that cannot be read is an error naming the line.
    """
    facts: Dict[str, Any] = {}
    seats: Dict[int, SeatRecord] = {}
    for number, line in comments:
        key, colon, value = line[1:].partition(":")
        key, value = key.strip().lower(), value.strip()
        if not colon:
            continue
        where = f"{name}, line {number}"
        if key == "rules":
            try:
                facts["rules"] = Rules.parse(value)
            except NimError as error:
                raise InputFileError(f"{where}: the record's rules: {error}") from None
        elif key == "flow":
            if not value.isidentifier():
                raise InputFileError(f"{where}: the record's flow is a word (lab2, kuet...), not {value!r}")
            facts["flow"] = value
        elif key in ("first", "seed"):
            number_value = decimal(value)
            if number_value is None or (key == "first" and number_value not in (0, 1)):
                expected = "0 or 1" if key == "first" else "a whole number"
                raise InputFileError(f"{where}: the record's {key} must be {expected}, not {value!r}")
            facts[key] = number_value
        elif key == "series":
            facts["series"] = _series(value, where)
        elif key.startswith("seat ") and key[5:].strip() in ("0", "1"):
            words = value.split(maxsplit=2 if value.startswith("ai ") else 1)
            if not words or words[0] not in ("human", "ai") or (words[0] == "ai" and len(words) < 2):
                raise InputFileError(f"{where}: a seat is 'human NAME' or 'ai PLAYER NAME', not {value[:40]!r}")
            ai = printable(words[1]) if words[0] == "ai" else None
            seat_name = words[-1] if len(words) > (2 if ai else 1) else ""
            seats[int(key[5:])] = SeatRecord(_undecorated(printable(seat_name))[:MAX_NAME], ai)
    if seats:
        if sorted(seats) != [0, 1]:
            raise InputFileError(f"{name}: the record names seat {min(seats)} but not seat {1 - min(seats)}")
        facts["seats"] = (seats[0], seats[1])
    return RecordHeader(**facts) if facts else None


#: The longest ``# series:`` value read (a series nimcore writes is a few dozen characters
#: per game); past it, and for anything nested, a clear error before any parsing.
MAX_SERIES_TEXT = 20_000
#: The fields of a series and what each holds: a whole number, or a list of them.
_SERIES_FIELDS = {"difficulty": int, "game": int, "games": int, "results": list, "wins": list,
                  "board": list}


#: The decorations older browser records added to a seat's name ("Ann (you)",
#: "Player 2 (AI, Optimal)"): a name is kept as given (issue 40, item 6).
_DECORATION = re.compile(r"\s*\((?:you|AI, .*)\)$")


def _undecorated(name: str) -> str:
    return _DECORATION.sub("", name) or name


def _whole_fact(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10 ** 9


def _series(value: str, where: str) -> Dict[str, Any]:
    """A record's ``# series:`` JSON, checked: one flat object of the known fields, whole
    numbers or lists of whole numbers, ``game`` within ``games`` (issue 42, item 17: a
    deeply nested value is refused in words, never a RecursionError)."""
    shown = value[:40] + ("..." if len(value) > 40 else "")
    if len(value) > MAX_SERIES_TEXT:
        raise InputFileError(f"{where}: the record's series is {len(value):,} characters long; a series "
                             f"takes at most {MAX_SERIES_TEXT:,}")
    # nesting deeper than an object of lists is refused before the JSON parser recurses
    depth = most = 0
    for char in value:
        if char in "[{":
            depth += 1
            most = max(most, depth)
        elif char in "]}":
            depth -= 1
    if most > 2:
        raise InputFileError(f"{where}: the record's series is an object of numbers and lists of "
                             f"numbers, not nested {most} deep: {shown!r}")
    try:
        series = json.loads(value)
    except (ValueError, RecursionError):
        series = None
    if not isinstance(series, dict):
        raise InputFileError(f"{where}: the record's series must be a JSON object, not {shown!r}")
    checked: Dict[str, Any] = {}
    for field_name, kind in _SERIES_FIELDS.items():
        if field_name not in series:
            continue
        item = series[field_name]
        if kind is int and not _whole_fact(item):
            raise InputFileError(f"{where}: the record's series field {field_name!r} must be a whole "
                                 f"number, not {str(item)[:40]!r}")
        if kind is list and not (isinstance(item, list) and len(item) <= 10_000 and all(map(_whole_fact, item))):
            raise InputFileError(f"{where}: the record's series field {field_name!r} must be a list of "
                                 f"whole numbers, not {str(item)[:40]!r}")
        checked[field_name] = item
    game, games = checked.get("game"), checked.get("games")
    if game is not None and games is not None and not 1 <= game <= games:
        raise InputFileError(f"{where}: the record's series is at game {game} of {games}")
    return checked


def record_problem(replay: ReplayFile) -> Optional[str]:
    """Why a record cannot be continued in its own flow (None: it can): the one check of
    both doors, ``nimcore play --load`` and the browser's upload (issue 42, item 7).

    The flow's fixed facts (forejune: one pile under take at most half; KUET: take 1 to
    3; the pins game: a take-and-break game; the others: take rules) and every move
    legal from the start under the record's rules.
    """
    header = replay.header
    if header is None:
        return None
    from nim.flows import FLOWS, fixed_rules
    from nim.position import Position

    flow, rules = header.flow, header.rules
    fixed = fixed_rules(flow)
    if fixed is not None and rules is not None and rules != fixed:
        return f"the {flow} game is played under {fixed}, not {rules}"
    rules = rules if rules is not None else fixed
    info = FLOWS.get(flow or "")
    if info is not None and info.one_pile and len(replay.piles) != 1:
        return f"the {flow} game has one pile, not {len(replay.piles)}: {list(replay.piles)}"
    if rules is not None and info is not None and info.take_rules is False and not rules.splits:
        return f"the {flow} game plays take-and-break games, not {rules}"
    if rules is not None and info is not None and info.take_rules is True and rules.splits:
        return f"the {flow} game plays take rules, not the take-and-break game {rules}"
    if rules is None:
        return None
    position = Position(replay.piles, rules)
    for number, (move, line) in enumerate(zip(replay.moves, replay.lines), start=1):
        if position.is_terminal():
            return f"line {line}: move {number} ({move_text(move)}) comes after the end of the game"
        if not position.is_legal(move):
            return (f"line {line}: move {number} ({move_text(move)}) is illegal on "
                    f"{list(position.piles)} under {rules}")
        position = position.apply(move)
    return None


def read_record_text(path: str) -> Tuple[str, str]:
    """A record file's text and the name its messages give it (``-``: standard input).

    Raises
    ------
    InputFileError
        When the file cannot be read or is not text.
    """
    # capped and NUL-checked as every input file: /dev/zero fails at once
    data = read_capped(path, what="replay file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputFileError(f"{path}, line {line}: not a text file (bad UTF-8)") from None
    return text, "standard input" if path == "-" else path


def read_replay_file(path: str) -> ReplayFile:
    """Read and parse a Lab 2 test file (``-``: standard input).

    Raises
    ------
    InputFileError
        When the file cannot be read, is not text, or is malformed.
    """
    return parse_replay(*read_record_text(path))


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
