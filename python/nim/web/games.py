"""A game played in the browser: its state (a JSON-ready dict kept in the store),
the seed flows that set it up, and the moves that change it.

The state is plain data so that SQLite can keep it and a restarted server can
carry on: the rules as a rule string, the start and the moves (seat, pile,
count), the two seats (a human with the hash of its token, or an AI named as
``make_strategy`` accepts), the log of what the game said in the seed's words,
and for KUET the series of games with the chromosomes. Every AI move comes
from the package's players (``nim.play``), every legality check from
``nim.position``; this module only keeps score.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.solving.invariant import grundy_sum
from nim.errors import NimError
from nim.flows import FLOWS as FLOW_INFO, machine_of, web_flows
from nim.flows.base import Flow, Refusal, ai_rng, rules_of
from nim.flows.freeplay import FreePlay, components_of, is_component
from nim.inputs import printable
from nim.play.machine import ai_turn, label_seats
from nim.play.strategies import make_strategy
from nim.position import Move, Position
from nim.rules import Rules
from nim.web.records import entry as _entry, is_component_record, move_of

__all__ = [
    "FLOWS", "MAX_PILES", "MAX_PILE", "WebError", "new_token", "token_hash",
    "create_game", "join_game", "play_move", "undo", "next_game", "public_state",
    "rebuild", "position_of", "seat_of", "move_of", "move_words", "rules_of",
]

#: The flows a browser game is created with: those with a page in the registry (``nim.flows``).
FLOWS = web_flows()
#: Most piles and largest pile a browser game accepts (every stone is drawn).
MAX_PILES = 12
MAX_PILE = 60
#: Most moves a game keeps (a game of MAX_PILES piles of MAX_PILE ends well before).
MAX_MOVES = MAX_PILES * MAX_PILE
#: The AI players a free game offers (as make_strategy names them).
FREE_AIS = ("optimal", "nimsum", "random", "ida", "level:1", "level:2", "level:3", "alphabeta", "minimax")
#: Seconds of AI moves one request may spend before the exact solver takes over.
AI_SECONDS = 5.0


class WebError(NimError):
    """A request the game refuses, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def new_token() -> str:
    """An unguessable seat token (128 random bits)."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256 (a stolen database seats nobody)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# ---------------------------------------------------------------- reading the request

def _text(options: Dict[str, Any], key: str, default: str = "", most: int = 200) -> str:
    value = options.get(key, default)
    if value is None:
        value = default
    if not isinstance(value, str):
        raise WebError(f"{key} must be a string, not {_short(value)}")
    if len(value) > most:
        raise WebError(f"{key} is too long ({len(value)} characters; at most {most})")
    return printable(value)        # no control character reaches a log, a record or a terminal


def _int(options: Dict[str, Any], key: str, default: Optional[int], low: int, high: int) -> Optional[int]:
    value = options.get(key, default)
    if value is None:
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 12:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise WebError(f"{key} must be a whole number from {low} to {high}, not {_short(value)}")
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _piles(value: Any, default: Sequence[int]) -> Tuple[int, ...]:
    """Piles from a list of numbers or a space-separated string (empty: ``default``)."""
    if value is None or value == "" or value == []:
        return tuple(default)
    if isinstance(value, str):
        if len(value) > 400:
            raise WebError("piles: too long a string")
        words = value.replace(",", " ").split()
        if not all(w.isascii() and w.isdigit() and len(w) < 10 for w in words):
            raise WebError(f"piles must be whole numbers >= 0, not {_short(value)}")
        value = [int(w) for w in words]
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise WebError(f"piles must be a list of whole numbers, not {_short(value)}")
    return _check_piles(tuple(value))


def _check_piles(piles: Tuple[int, ...]) -> Tuple[int, ...]:
    if not 1 <= len(piles) <= MAX_PILES:
        raise WebError(f"a browser game has 1 to {MAX_PILES} piles, not {len(piles)}")
    if any(not 0 <= p <= MAX_PILE for p in piles):
        raise WebError(f"pile sizes in the browser are 0 to {MAX_PILE} (every stone is drawn), "
                       f"not {list(piles)}")
    return piles


def _rules(text: str) -> Rules:
    """The rules of a new browser game: any rule set, take-and-break games included
    (their moves are kept with the two heaps a split leaves).

    Raises
    ------
    WebError
        400 for a rule string that does not parse.
    """
    try:
        return Rules.parse(text or "normal")
    except NimError as error:
        raise WebError(str(error)) from None


def machine(state: Dict[str, Any]) -> Optional[Flow]:
    """The state machine of the game's flow (None for a flow not yet written as one)."""
    info = FLOW_INFO.get(state.get("flow") or "")
    return machine_of(info.name) if info is not None and info.machine is not None else None


def move_words(move: Move, base: int, noun: str = "pile") -> str:
    """A move in words, its pile numbered from ``base`` and called ``noun`` (a take-and-break
    game's heap: ``noun_of``)."""
    if move.split is None:
        return f"take {move.count} from {noun} {move.pile + base}"
    return (f"take {move.count} from {noun} {move.pile + base}, leaving heaps of {move.split[0]} "
            f"and {move.split[1]}")


def noun_of(state: Dict[str, Any]) -> str:
    """What a game's piles are called in its panels: heaps in a take-and-break game (issue 40,
    item 3: one vocabulary, as its board, its hints and its replay say), else piles."""
    return "heap" if rules_of(state["rules"]).splits else "pile"


# ---------------------------------------------------------------- the state

def _seat(name: str, ai: Optional[str] = None, label: str = "") -> Dict[str, Any]:
    return {"name": name, "ai": ai, "label": label, "token": None}


def _base_state(flow: str, rules: Rules, piles: Tuple[int, ...], seats: List[Dict[str, Any]],
                first: int, base: int, seed: int) -> Dict[str, Any]:
    return {
        "id": secrets.token_urlsafe(9), "flow": flow, "rules": str(rules), "base": base,
        "start": list(piles), "piles": list(piles), "moves": [], "seats": seats, "first": first,
        "to_move": first, "version": 0, "log": [], "finished": False, "winner": None,
        "series": None, "seed": seed, "created": time.time(), "undo": False, "mode": "hvai",
        "extra": {},
    }


def position_of(state: Dict[str, Any]) -> Position:
    """The game's current position, carrying its rules."""
    return Position(state["piles"], rules_of(state["rules"]))


def rebuild(state: Dict[str, Any]) -> None:
    """Set piles, to_move, finished and winner from the start and the moves."""
    rules = rules_of(state["rules"])
    position = Position(state["start"], rules)
    mover = state["first"]
    for entry in state["moves"]:
        position = position.apply(move_of(entry))
        mover = 1 - mover
    state["piles"] = list(position.piles)
    state["to_move"] = mover
    state["finished"] = position.is_terminal()
    state["winner"] = (mover if rules.misere else 1 - mover) if state["finished"] else None


def seat_of(state: Dict[str, Any], token: Any) -> Optional[int]:
    """The seat a token holds, or None (compared in constant time)."""
    if not isinstance(token, str) or not token or len(token) > 100:
        return None
    digest = token_hash(token)
    found = None
    for index, seat in enumerate(state["seats"]):
        if seat["token"] is not None and hmac.compare_digest(seat["token"], digest):
            found = index
    return found


def _say(state: Dict[str, Any], *lines: str) -> None:
    state["log"].extend(str(line) for line in lines)     # plain text (a flow's Board too)
    del state["log"][:-400]          # the page shows the recent lines; the moves are kept whole


# ---------------------------------------------------------------- the flows

def create_game(options: Dict[str, Any]) -> Tuple[Dict[str, Any], Optional[str]]:
    """A new game from a page's form: ``flow`` and the flow's answers.

    Returns the state and the token of the creator's seat (None in AI vs AI).

    Raises
    ------
    WebError
        For an unknown flow or an answer the flow cannot take.
    """
    flow = _text(options, "flow", "free", 20)
    if flow not in web_flows():      # the registry now (a flow may be registered after import)
        raise WebError(f"unknown flow {flow!r}: expected one of {', '.join(web_flows())}")
    seed = _int(options, "seed", None, 0, 2**31 - 1)
    # the game's seed is the one given (as the terminal's --seed): its board and its AI's
    # moves are then the terminal's for the same seed (nim.flows.base.ai_rng)
    seed_value = seed if seed is not None else secrets.randbits(31)
    rng = random.Random(seed_value)
    record = options.get("record")
    if isinstance(record, str) and is_component_record(record):   # read as `nimcore play --load` reads it
        return _continue_component_record(options, record, rng, seed_value)
    header = _record_header(record) if record is not None else None
    if header is not None:           # a nimcore record: its flow, rules and players, not the form's
        from nim.play.record import record_problem
        from nim.web.records import upload_options

        problem = record_problem(_parse_record(record))    # the one check of play --load too
        if problem is not None:
            raise WebError(f"the record: {problem}")

        options = upload_options(options, header, list(_parse_record(record).piles))
        flow = options["flow"]
    state = _from_machine(machine_of(flow), options, rng, seed_value)    # every flow is a machine
    if header is not None:
        from nim.web.records import seat_the_record

        problem = seat_the_record(state, header)
        if problem is not None:
            raise WebError(problem)
    if record is not None:
        _load_record(state, record)
    token = _first_seat_token(state)
    _advance(state)
    return state, token


def next_game(state: Dict[str, Any], token: Any) -> None:
    """Start the next game of a series (KUET's), for the human's token: the flow's machine
    sets it up and says its opening.

    Raises
    ------
    WebError
        When there is no series, the current game is not over, or the series is.
    """
    series = state.get("series")
    flow_machine = machine(state)
    if not series or flow_machine is None:
        raise WebError("this game is not part of a series", 409)
    if seat_of(state, token) != 0:
        raise WebError("only the player of this series can start its next game", 403)
    try:
        after, lines = flow_machine.next_game(state)
    except NimError as error:
        raise WebError(str(error), 409) from None
    state.update(after)
    state["version"] += 1
    _say(state, *lines)
    if state["finished"]:           # an empty board: over at once, as the terminal says it
        _say(state, *flow_machine.ending(state))
    _advance(state)


def _mode(options: Dict[str, Any]) -> str:
    mode = _text(options, "mode", "hvai", 10).lower()
    mode = {"1": "hvai", "2": "hvh", "3": "aivai"}.get(mode, mode)
    if mode not in ("hvai", "hvh", "aivai"):
        raise WebError(f"mode is hvai, hvh or aivai (1, 2 or 3), not {mode!r}")
    return mode


def _from_machine(flow: Flow, options: Dict[str, Any], rng: random.Random, seed: int) -> Dict[str, Any]:
    """A new game of a flow written as a state machine: the page's answers (``pile`` or
    ``piles``, ``misere``, ``level``, ``mode``, ``name``), the machine's state, its lines."""
    misere = options.get("misere", True)
    if not isinstance(misere, bool):
        raise WebError(f"misere must be true or false, not {_short(misere)}")
    answers: Dict[str, Any] = {"mode": _mode(options), "level": _int(options, "level", None, 1, 3),
                               "difficulty": _int(options, "difficulty", None, 1, 2),
                               "name": _text(options, "name", "", 40) or None}
    if "misere" in options:         # not given: the flow's own default (Lab 2: misère; pins: the rules')
        answers["misere"] = misere
    ai = _text(options, "ai", "", 20).lower()
    if ai:                          # another AI than the flow's own, as the terminal's --ai
        if ai not in FREE_AIS:
            raise WebError(f"ai must be one of {', '.join(FREE_AIS)}, not {ai!r}")
        answers["ai"], answers["ai_label"] = [ai], make_strategy(ai).label
    text = _text(options, "rules", "", 60)
    if text and flow.info.fixed_rules is None:     # read as the flow's page asks for them
        try:
            answers["rules"] = str(flow.read_rules(text))
        except (NimError, ValueError) as error:
            raise WebError(str(error)) from None
    value = options.get("piles")
    read = flow.read_piles(value, MAX_PILES, MAX_PILE) if isinstance(value, str) and value.strip() else None
    family_game = False
    if isinstance(flow, FreePlay):      # free play: who moves first, and a family's own position
        first = _text(options, "first", "human", 10)
        if first not in ("human", "ai"):
            raise WebError(f"first is human or ai, not {first!r}")
        answers["first"] = first
        rules = rules_of(answers.get("rules") or "normal")
        family_game = is_component(rules)
        if family_game:
            answers["position"] = family_position(options.get("position"), rules)
    if family_game:
        pass                            # the position is the family's (above), not piles
    elif flow.info.one_pile:
        answers["pile"] = _int(options, "pile", None, 2, MAX_PILE)
    elif read is not None:          # the flow reads typed piles its own way (its fallback and note)
        answers["piles"], answers["note"] = read
    else:
        answers["piles"] = _piles(value, flow.info.default_piles or ())   # none: the flow draws its own
    try:
        made = label_seats(flow, flow.setup(answers, rng, seed))
    except NimError as error:
        raise WebError(str(error)) from None
    state = _base_state(flow.name, flow.rules(made), tuple(made["start"]), made["seats"], made["first"],
                        made["base"], seed)
    state["mode"], state["undo"] = made["mode"], made["mode"] == "hvai"
    state["extra"].update(made.get("extra") or {})
    state["series"] = made.get("series")        # a flow played as a series of games (KUET)
    flow.rebuild(state)             # over before a move (an empty board): finished, with its winner
    _say(state, *flow.heading(flow.rules(made)), *flow.introduction(state), *flow.opening(state))
    if made["finished"]:            # no move to make at all: the ending at once, as the terminal says it
        _say(state, *flow.ending(made))
    return state


#: The most characters of a family's position a browser game takes, and its largest number
#: (every coin, stone and edge is drawn). The characters are counted as the game's record
#: writes its start: the components as the game keeps them, with what they all share (the
#: tokens of one graph: its edges) once (``nim.flows.freeplay.compact_text``), so a record
#: of a game the page made is read back by the page.
MAX_POSITION_CHARS = 2_000
MAX_POSITION_NUMBER = 200


def family_position(value: Any, rules: Rules) -> Any:
    """A family's start from the page: JSON text, a bare word (a coin row), or a JSON value;
    None (empty) for the family's own start. Bounded so that every piece can be drawn.

    Raises
    ------
    WebError
        For text that is no position, too long, or with a number past ``MAX_POSITION_NUMBER``.
    """
    import json
    import re

    from nim.families.base import ComponentFamily
    from nim.families.play import play_hooks
    from nim.flows.freeplay import compact_text
    from nim.play.machine import read_position_text
    from nim.solving.components import read_position
    from nim.web.records import MAX_COMPONENT_RECORD

    if value is None or value == "" or value == []:
        return None
    too_long = f"a position in the browser has at most {MAX_POSITION_CHARS:,} characters"
    if isinstance(value, str):
        if len(value) > MAX_POSITION_CHARS:
            raise WebError(too_long)
        try:
            value = read_position_text(value, rules)
        except NimError as error:
            raise WebError(str(error)) from None
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        raise WebError("a position is a JSON value") from None
    if len(text) > MAX_COMPONENT_RECORD:            # a record's start (components in full) comes as a value
        raise WebError(too_long)
    family = rules.family
    if isinstance(family, ComponentFamily):          # as the game keeps it and its record writes it
        hooks = play_hooks(family)
        try:
            text = compact_text([hooks.value(family, c) for c in read_position(family, value)])
        except NimError as error:
            raise WebError(str(error)) from None
    if len(text) > MAX_POSITION_CHARS:
        raise WebError(f"{too_long} (what its {family.component_noun}s share counted once)"
                       if isinstance(family, ComponentFamily) else too_long)
    if any(len(number) > 3 or int(number) > MAX_POSITION_NUMBER for number in re.findall(r"\d+", text)):
        raise WebError(f"the numbers of a position in the browser are at most {MAX_POSITION_NUMBER} "
                       "(every piece is drawn)")
    return value


def _parse_record(record: Any) -> Any:
    """The parsed record (``nim.play.record.ReplayFile``), or WebError saying what is wrong."""
    from nim.play.record import parse_replay

    if not isinstance(record, str) or len(record) > 20_000:
        raise WebError("record must be the text of a Lab 2 file (at most 20,000 characters)")
    try:
        return parse_replay(record, "the record")
    except NimError as error:
        raise WebError(str(error)) from None


def _first_seat_token(state: Dict[str, Any]) -> Optional[str]:
    """A token for the creator's seat, the first human seat (None in AI vs AI)."""
    mine = next((i for i, seat in enumerate(state["seats"]) if seat["ai"] is None), None)
    if mine is None:
        return None
    token = new_token()
    state["seats"][mine]["token"] = token_hash(token)
    return token


def _continue_component_record(options: Dict[str, Any], record: str, rng: random.Random,
                               seed: int) -> Tuple[Dict[str, Any], Optional[str]]:
    """A new game that continues a game of components' record: its rules, start and seats,
    then its moves played by the free-play machine (each checked by the family's hooks)."""
    from nim.web.records import component_upload, seat_the_record

    try:
        answers, saved = component_upload(options, record)
    except NimError as error:
        raise WebError(str(error)) from None
    flow = machine_of("freeplay")
    state = _from_machine(flow, answers, rng, seed)
    problem = seat_the_record(state, saved.header)
    if problem is not None:
        raise WebError(problem)
    for number, move in enumerate(saved.moves, start=1):
        if state["finished"]:
            raise WebError(f"the record goes on after the game's end (move {number} of {len(saved.moves)})")
        state, _ = flow.apply(state, state["to_move"], move)
    _say(state, f"Loaded a record: {len(saved.moves)} moves.")
    token = _first_seat_token(state)
    _advance(state)
    return state, token


def _record_header(record: Any) -> Any:
    """The facts of a nimcore record (``RecordHeader``; None for a bare Lab 2 file)."""
    return _parse_record(record).header


def _load_record(state: Dict[str, Any], record: Any) -> None:
    """Start from a record (Lab 2's file format, every move of both players in order)."""
    parsed = _parse_record(record)
    piles = _check_piles(parsed.piles)
    state["start"] = list(piles)
    state["moves"] = []
    rebuild(state)
    position = position_of(state)
    for move, line in zip(parsed.moves, parsed.lines):
        if position.is_terminal() or not position.is_legal(move):
            raise WebError(f"the record, line {line}: '{move_words(move, 0)}' is not a legal move on "
                           f"{list(position.piles)} under {position.rules}")
        state["moves"].append(_entry(state["to_move"], move))
        position = position.apply(move)
        rebuild(state)
    if state.get("series"):
        state["series"]["boards"][state["series"]["index"]] = list(piles)
    _say(state, f"Loaded a record: {len(parsed.moves)} moves from {list(piles)}; now {list(position.piles)}.")


def join_game(state: Dict[str, Any], name: Any) -> Tuple[Optional[int], Optional[str]]:
    """Take the free human seat of a game: (seat, token), or (None, None) for a spectator."""
    for index, seat in enumerate(state["seats"]):
        if seat["ai"] is None and seat["token"] is None:
            token = new_token()
            seat["token"] = token_hash(token)
            if isinstance(name, str) and printable(name):
                seat["name"] = printable(name)[:40]
            state["version"] += 1
            _say(state, f"{seat['name']} joined.")
            return index, token
    return None, None


# ---------------------------------------------------------------- moves

def play_move(state: Dict[str, Any], token: Any, pile: Any, count: Any, version: Any,
              split: Any = None, text: Any = None) -> None:
    """A human's move: checked (token, turn, version, legality), applied, then the
    AI answers. Nothing changes when it is refused.

    Raises
    ------
    WebError
        403 for a token that holds no seat, 409 out of turn, on a stale version
        or after the end, 400 for an illegal or malformed move.
    """
    seat = seat_of(state, token)
    if seat is None:
        raise WebError("this token holds no seat in this game (a spectator cannot move)", 403)
    flow_machine = machine(state)
    if isinstance(flow_machine, FreePlay) and is_component(rules_of(state["rules"])):
        _typed_move(state, flow_machine, seat, text, version)
        return
    for key, value in (("pile", pile), ("count", count)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise WebError(f"{key} must be a whole number, not {_short(value)}")
    _check_turn(state, seat, version)
    position = position_of(state)
    if split is not None and (not isinstance(split, list) or len(split) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PILE for v in split)):
        raise WebError(f"split must be the two heaps a move leaves, as [a, b], not {_short(split)}")
    try:
        move = Move(pile, count, split=tuple(sorted(split)) if split else None)
    except (NimError, ValueError, TypeError) as error:
        raise WebError(f"not a move: {error}") from None
    if not position.is_legal(move):
        raise WebError(_why_illegal(position, move, state["base"]))
    _apply(state, seat, move)
    _advance(state)


def _check_turn(state: Dict[str, Any], seat: int, version: Any) -> None:
    """A move may be made: on the game's current version, before its end, by the seat to move.

    Raises
    ------
    WebError
        Saying which of these fails.
    """
    if isinstance(version, bool) or not isinstance(version, int):
        raise WebError(f"version must be a whole number, not {_short(version)}")
    if version != state["version"]:
        raise WebError(f"this move was made on version {version} of the game, which is now at "
                       f"version {state['version']}: reload the board", 409)
    if state["finished"]:
        raise WebError("the game is over", 409)
    if seat != state["to_move"]:
        raise WebError(f"it is not your turn: {state['seats'][state['to_move']]['name']} is to move", 409)


def _typed_move(state: Dict[str, Any], flow: FreePlay, seat: int, text: Any, version: Any) -> None:
    """A move of a family of components, typed in the family's words (``pair 1: take 2 from
    both``) and read by the flow's machine: the page holds no family's grammar."""
    _check_turn(state, seat, version)
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        hooks = flow.hooks(state)
        raise WebError(f"a move of {state['rules']} is typed as text: {hooks.grammar if hooks else ''}")
    try:
        move = flow.parse(state, printable(text))
    except (Refusal, NimError) as error:
        raise WebError(str(error)) from None
    _apply(state, seat, move)
    _advance(state)


def _why_illegal(position: Position, move: Move, base: int) -> str:
    pile, count = move.pile, move.count
    shown = pile + base
    if not 0 <= pile < len(position):
        return f"there is no pile {shown}: the piles are numbered {base} to {len(position) - 1 + base}"
    size = position[pile]
    if position.rules.splits:
        return f"you cannot {move_words(move, base)} (it has {size}) under {position.rules}"
    takes = sorted(position.rules.takes(size))
    if not takes:
        return f"pile {shown} has {size}: it cannot be touched under {position.rules}"
    allowed = f"{takes[0]} to {takes[-1]}" if takes == list(range(takes[0], takes[-1] + 1)) else \
        ", ".join(map(str, takes))
    return f"you cannot take {count} from pile {shown} (it has {size}): take {allowed}"


def _apply(state: Dict[str, Any], seat: int, move: Move, notes: Sequence[str] = ()) -> None:
    """Play ``move`` for ``seat`` and say it (``notes``: the AI's note, after the move's line)."""
    if len(state["moves"]) >= MAX_MOVES:
        raise WebError("this game has too many moves", 409)
    flow_machine = machine(state)
    if flow_machine is None:
        raise WebError(f"the game's flow {state['flow']!r} is not known", 409)
    after, lines = flow_machine.apply(state, seat, move)     # the flow's own machine says the lines
    state.update(after)
    state["version"] += 1
    _say(state, *lines[:1], *notes, *lines[1:])


def _advance(state: Dict[str, Any]) -> None:
    """Let the AI seats move until a human is to move or the game is over.

    One request spends at most AI_SECONDS on AI moves (an AI vs AI game of
    slow searchers on a big board would take minutes): past it, the exact
    solver plays the rest of the request's AI moves, and the log says so.
    """
    started = time.monotonic()
    hurried = False
    while not state["finished"] and state["seats"][state["to_move"]]["ai"]:
        seat = state["to_move"]
        name = state["seats"][seat]["ai"]
        if time.monotonic() - started > AI_SECONDS:
            if not hurried:
                _say(state, f"(The AI moves of this request passed {AI_SECONDS:g} seconds: "
                            "the exact solver plays the remaining ones.)")
                hurried = True
            name = "optimal"
        flow_machine = machine(state)
        if flow_machine is not None:
            move, notes = ai_turn(flow_machine, state, name)
        else:
            options: Dict[str, Any] = {}
            if state["extra"].get("tie_break"):
                options["tie_break"] = state["extra"]["tie_break"]
            strategy = make_strategy(name, **options)
            # the terminal's generator (nim.flows.base.ai_rng): one record plays the same in both
            series = state.get("series") or {}
            rng = ai_rng(state["seed"], series.get("index", 0) + 1, len(state["moves"]))
            move = strategy.choose_move(position_of(state), rng=rng)
            notes = [f"({strategy.last_note})"] if strategy.last_note else []
        _apply(state, seat, move, notes)


def undo(state: Dict[str, Any], token: Any) -> None:
    """Take back the human's last move and the AI's answer (games against the AI).

    Raises
    ------
    WebError
        When the game has no AI to take back from, the token is not the
        human's, the game is over, or the human has not moved yet.
    """
    if not state["undo"]:
        raise WebError("undo is for games against the AI", 409)
    seat = seat_of(state, token)
    if seat is None:
        raise WebError("this token holds no seat in this game", 403)
    moves = state["moves"]
    if state["finished"]:       # a finished game keeps its result (and a KUET series its wins)
        raise WebError("the game is over: its moves can no longer be taken back", 409)
    mine = [i for i, entry in enumerate(moves) if entry[0] == seat]
    if not mine:
        raise WebError("there is no move of yours to take back", 409)
    flow_machine = machine(state)
    if flow_machine is not None:        # the flow shows its board after undo, in its own words
        taken = len(moves) - mine[-1]
        after, lines = flow_machine.undo(state, seat)
        state.update(after)
        state["version"] += 1
        _say(state, f"Undone: {taken} move{'s' if taken != 1 else ''} taken back.", *lines)
        _advance(state)
        return
    del moves[mine[-1]:]
    rebuild(state)
    state["version"] += 1
    _say(state, f"Undo: back to piles {' '.join(map(str, state['piles']))}, "
                f"{state['seats'][state['to_move']]['name']} to move.")
    _advance(state)


def _prompt(state: Dict[str, Any]) -> Optional[str]:
    """The machine's question to the human seat to move (None: no machine, or no human to move)."""
    flow_machine = machine(state)
    if flow_machine is None or state["finished"] or state["seats"][state["to_move"]]["ai"]:
        return None
    return flow_machine.prompt(state).strip()


def _questions(state: Dict[str, Any]) -> Optional[List[str]]:
    """The machine's two questions of a move, the pile then how many (None: one question, or none)."""
    flow_machine = machine(state)
    if flow_machine is None or state["finished"] or state["seats"][state["to_move"]]["ai"]:
        return None
    questions = flow_machine.questions(state)
    return [question.strip() for question in questions] if questions is not None else None


def public_state(state: Dict[str, Any], seat: Optional[int] = None) -> Dict[str, Any]:
    """What a browser sees: no token hashes; the legal takes of each pile; ``you``
    is the viewer's seat (None for a spectator)."""
    rules = rules_of(state["rules"])
    seats = [{"name": s["name"], "ai": s["ai"], "label": s["label"], "human": s["ai"] is None,
              "taken": s["token"] is not None or s["ai"] is not None} for s in state["seats"]]
    if is_component(rules):
        return _family_state(state, rules, seats, seat)
    # the one number shown beside the board: the XOR of the Grundy values, named with the rule
    # that gives them (the nim-sum under take any only); None where no such number decides
    shown = grundy_sum(state["piles"], rules)
    return {
        "id": state["id"], "flow": state["flow"], "rules": state["rules"], "describe": rules.describe(),
        "misere": rules.misere, "base": state["base"], "start": state["start"], "piles": state["piles"],
        "takes": [[] if rules.splits else sorted(rules.takes(p)) for p in state["piles"]],
        # a take-and-break game's moves of each heap: [count, a, b], a and b the heaps
        # left by a split (0 and 0 for none); a heap of n is drawn as n pins
        "heap_moves": [[[count, *(split or (0, 0))] for count, split in rules.heap_moves(p)]
                       for p in state["piles"]] if rules.splits else None,
        "splits": rules.splits,
        "moves": state["moves"], "seats": seats, "to_move": state["to_move"], "version": state["version"],
        "finished": state["finished"], "winner": state["winner"], "log": state["log"][-200:],
        "series": state["series"], "mode": state["mode"], "undo": state["undo"], "you": seat,
        "nim_sum": shown.value if shown is not None and shown.name == "nim-sum" else None,
        # a flow written as a machine asks for a typed move in its own words (the page holds none)
        "panels": list(FLOW_INFO[state["flow"]].panels) if state["flow"] in FLOW_INFO else [],
        "prompt": _prompt(state), "questions": _questions(state),
        "one_pile": FLOW_INFO[state["flow"]].one_pile if state["flow"] in FLOW_INFO else False,
        "grundy_sum": shown.to_dict() if shown is not None else None,
    }



def _family_state(state: Dict[str, Any], rules: Rules, seats: List[Dict[str, Any]],
                  seat: Optional[int]) -> Dict[str, Any]:
    """What a browser sees of a game of a family of components: the board the server draws
    (an SVG of the family's own shape, and its text), the machine's prompt and grammar, the
    XOR of the Grundy values in normal play (named as such), none in misère play."""
    from nim.web.boards import family_board

    flow = machine(state)
    assert isinstance(flow, FreePlay)
    family = rules.family
    components = components_of(state)
    start = tuple(family.read_component(v) for v in state["start"])    # type: ignore[attr-defined]
    return {
        "id": state["id"], "flow": state["flow"], "rules": state["rules"], "describe": rules.describe(),
        "misere": rules.misere, "base": 1, "start": state["start"], "piles": state["piles"], "takes": [],
        "heap_moves": None, "splits": False, "moves": state["moves"], "seats": seats,
        "to_move": state["to_move"], "version": state["version"], "finished": state["finished"],
        "winner": state["winner"], "log": state["log"][-200:], "series": state["series"], "mode": state["mode"],
        "undo": state["undo"], "you": seat, "nim_sum": None, "panels": [], "one_pile": False,
        "prompt": _prompt(state), "grundy_sum": flow.grundy_sum(state),
        "family_board": family_board(family, components, start),
    }
