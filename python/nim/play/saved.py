"""A saved game read back (``nimcore play --load FILE``): each flow reads its own records,
through the flow registry (``FlowInfo.reader``, a ``module:function`` loaded when a record of
the flow is read, as ``runner`` is): a Lab 2 test file with the record's facts as comments
(``nim.play.record``) for the heap flows, free play's JSON for a family of components.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from nim.errors import InputFileError, NimError
from nim.flows import FLOWS, load
from nim.families import ComponentFamily
from nim.families.play import play_hooks
from nim.flows.freeplay import COMPONENT_TITLE, SHARED_KEY, is_component, plain_position
from nim.position import ComponentMove
from nim.rules import Rules
from nim.play.record import RecordHeader, ReplayFile, SeatRecord, parse_replay

__all__ = ["SavedGame", "read_saved_game", "read_lab2_record", "read_kuet_record", "read_freeplay_record",
           "read_component_record"]


@dataclass(frozen=True)
class SavedGame:
    """A saved game as its flow reads it: the record's facts, the start and the moves played,
    each checked legal, to be played again before the game goes on."""

    #: The rules, flow, seats, first mover, seed and series (None: a bare Lab 2 test file).
    header: Optional[RecordHeader]
    #: The piles (a heap game), or a family of components' position as free play's setup reads it.
    start: Any
    #: The moves: ``Move`` (a heap game) or ``ComponentMove`` (a family of components).
    moves: Tuple[Any, ...]
    #: The Lab 2 test file it was read as (None: a record in its flow's own format).
    replay: Optional[ReplayFile] = None
    #: The command-line flags the record answers for its flow's own questions, as typed (KUET's
    #: difficulty, games and AI); None: the generic ones only (the seats' players).
    flags: Optional[Dict[str, Any]] = None


def read_saved_game(text: str, name: str) -> SavedGame:
    """A saved game read by the reader of the flow its record names (``# flow: NAME``); a
    record of no known flow, or of a flow with no reader of its own, as a Lab 2 test file.

    Raises
    ------
    InputFileError
        For a malformed record (naming the line).
    """
    for line in text.splitlines():
        key, colon, value = line.strip().lstrip("#").partition(":")
        if line.lstrip().startswith("#") and colon and key.strip().lower() == "flow":
            info = FLOWS.get(value.strip())
            if info is not None and info.reader is not None:
                reader = load(info.reader)
                saved: SavedGame = reader(text, name)
                return saved
            break
    return read_lab2_record(text, name)


def read_lab2_record(text: str, name: str) -> SavedGame:
    """A record as a Lab 2 test file (``parse_replay``): the record's facts in comment lines,
    the piles, then each move.

    Raises
    ------
    InputFileError
        For a malformed file (naming the line).
    """
    replay = parse_replay(text, name)
    return SavedGame(replay.header, replay.piles, replay.moves, replay)


def read_kuet_record(text: str, name: str) -> SavedGame:
    """A saved KUET game: a Lab 2 test file whose series says the difficulty (1 Easy, 2 Hard),
    the games of the series and, at Easy, the AI that played (Minimax in game 3, ...).

    Raises
    ------
    InputFileError
        For a malformed file (naming the line).
    """
    saved = read_lab2_record(text, name)
    header = saved.header
    series = header.series if header is not None else None
    flags: Dict[str, Any] = {}
    difficulty = series.get("difficulty") if series else None
    if difficulty in (1, 2):
        flags["difficulty"] = str(difficulty)
    if series and isinstance(series.get("games"), int):
        flags["games"] = series["games"]
    ai = [seat.ai for seat in header.seats if seat.ai is not None] if header is not None else []
    if difficulty == 1 and ai and ai[0] != "ida":
        flags["ai"] = ai[0]
    return SavedGame(saved.header, saved.start, saved.moves, saved.replay, flags)


def read_freeplay_record(text: str, name: str) -> SavedGame:
    """A saved game of free play: a family of components' record (``component_record``), else
    a heap game's Lab 2 test file (``read_lab2_record``).

    Raises
    ------
    InputFileError
        For a record that cannot be read or a move that is not legal, naming the line.
    """
    if text.lstrip().startswith(COMPONENT_TITLE):
        return read_component_record(text, name)
    return read_lab2_record(text, name)


def read_component_record(text: str, name: str) -> SavedGame:
    """A component game's record (``component_record``'s text) as a saved game: its facts, its
    start and its moves, each read by the family and checked to be one of its options from the
    position before it.

    Raises
    ------
    InputFileError
        For a record that cannot be read or a move that is not legal, naming the line.
    """
    facts: Dict[str, Any] = {}
    body: List[Tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}, line {number}"
        if line.startswith(COMPONENT_TITLE):
            try:
                facts["rules"] = Rules.parse(line[len(COMPONENT_TITLE):].strip())
            except NimError as error:
                raise InputFileError(f"{where}: the record's rules: {error}") from None
        elif line.startswith("#"):
            key, _, value = line[1:].partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "flow":
                facts["flow"] = value
            elif key in ("first", "seed") and value != "None":
                if not value.isdigit() or len(value) > 20 or (key == "first" and value not in ("0", "1")):
                    raise InputFileError(f"{where}: the record's {key} must be "
                                         f"{'0 or 1' if key == 'first' else 'a whole number'}, not {value[:40]!r}")
                facts[key] = int(value)
            elif key == SHARED_KEY:            # entries every component holds alike, written once
                try:
                    entries = json.loads(value)
                except (ValueError, RecursionError):
                    entries = None
                if not isinstance(entries, dict) or not entries:
                    raise InputFileError(f"{where}: the record's shared entries are a JSON object such as "
                                         f'{{"edges": [[0, 1]]}}, not {value[:40]!r}')
                facts["shared"] = entries
            elif key == "seats":
                seats = []
                for said in value.split("; "):
                    seat_name, _, player = said.rpartition(" (")
                    if not player.endswith(")") or not seat_name:
                        raise InputFileError(f"{where}: a seat is 'NAME (human)' or 'NAME (PLAYER)', not {said[:40]!r}")
                    seats.append(SeatRecord(seat_name[:40], None if player[:-1] == "human" else player[:-1]))
                if len(seats) != 2:
                    raise InputFileError(f"{where}: a record has two seats, not {len(seats)}")
                facts["seats"] = tuple(seats)
        elif line:
            body.append((number, line))
    rules = facts.get("rules")
    if rules is None or not is_component(rules):
        raise InputFileError(f"{name}: a record of a game of components starts {COMPONENT_TITLE.strip()} RULES, "
                             "the rules of a family of components (wythoff, turning-turtles, ...)")
    if not body:
        raise InputFileError(f"{name}: the record has no start position (a JSON line after the comments)")
    family = rules.family
    assert isinstance(family, ComponentFamily)
    hooks = play_hooks(family)

    def read(number: int, line: str) -> Any:
        try:
            return json.loads(line)
        except (ValueError, RecursionError) as error:
            raise InputFileError(f"{name}, line {number}: not JSON: {str(error).splitlines()[0][:80]}") from None

    shared: Dict[str, Any] = facts.get("shared", {})

    def whole(value: Any) -> Any:
        """A component of the record with the shared entries put back."""
        if not shared:
            return value
        if not isinstance(value, dict):
            raise NimError("each component is a JSON object that the shared entries complete, not "
                           f"{json.dumps(value)[:40]}")
        repeated = sorted(set(shared) & set(value))
        if repeated:
            raise NimError(f"a component repeats the shared entry {repeated[0]!r}")
        return {**shared, **value}

    number, line = body[0]
    start = read(number, line)
    try:
        if not isinstance(start, list):
            raise NimError(f"the start is a list of {family.component_noun}s, not {type(start).__name__}")
        components: Tuple[Any, ...] = tuple(hooks.read(family, whole(value)) for value in start)
    except NimError as error:
        raise InputFileError(f"{name}, line {number}: the start: {error}") from None
    moves: List[ComponentMove] = []
    for number, line in body[1:]:
        entry = read(number, line)
        try:
            if (not isinstance(entry, list) or len(entry) != 3 or not all(type(n) is int for n in entry[:2])
                    or not isinstance(entry[2], list)):
                raise NimError("a move is [component from 0, count, [components left]]")
            index, count = entry[0], entry[1]
            left = tuple(hooks.read(family, whole(value)) for value in entry[2])
            # the family's own check: a family with infinitely many moves (Two-Dimensional Nim)
            # checks the rule, never lists its options
            if not 0 <= index < len(components) or hooks.legal(family, components[index], count, left) is None:
                raise NimError(f"{json.dumps(entry)[:80]} is not a move of the position "
                               f"{json.dumps([family.component_value(c) for c in components])[:80]}")
        except NimError as error:
            raise InputFileError(f"{name}, line {number}: {error}") from None
        moves.append(ComponentMove(index, count, left))
        components = components[:index] + left + components[index + 1:]
    header = RecordHeader(rules=rules, flow=facts.get("flow"), seats=facts.get("seats", ()),
                          first=facts.get("first", 0), seed=facts.get("seed"))
    # the start as free play's setup reads a position (a whole-position game: its one value)
    first = tuple(hooks.read(family, whole(value)) for value in start)
    return SavedGame(header, plain_position(family, first), tuple(moves))


