"""The game record in the browser: the download of a game and the upload that
continues one, in the one record format of ``nim.play.record`` (a Lab 2 test
file whose comment lines say the rules, the flow, the seats, who moved first,
the seed and a KUET series' progress).

A record saved in the terminal continues here under the same rules against the
same AI, and a record downloaded here continues in the terminal
(``nimcore play --load``): the seats are in the same order in both (the
forejune AI first, every other flow's human first). A stored move is
``[seat, pile, count]``, or ``[seat, pile, count, a, b]`` for a split (``move_of``,
``entry``): the game state (``nim.web.games``) stores and replays moves through them.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from nim.play.record import RecordHeader, SeatRecord, record_text
from nim.position import Move
from nim.flows import FLOWS, flow_info, machine_of, page_of
from nim.flows.base import rules_of

__all__ = ["download_text", "entry", "move_of", "state_moves", "upload_options", "seat_the_record",
           "is_component_record", "component_upload"]

#: The web's random seeds are below this (a larger record seed is not kept).
WEB_SEEDS = 2**31


def move_of(stored: Sequence[Any]) -> Move:
    """The Move of a stored move ``[seat, pile, count]`` or ``[seat, pile, count, a, b]``
    (a take-and-break move that leaves the two heaps a and b)."""
    if len(stored) == 5:
        return Move(stored[1], stored[2], split=(stored[3], stored[4]))
    return Move(stored[1], stored[2])


def entry(seat: int, move: Move) -> List[int]:
    """A move as stored: ``[seat, pile, count]``, with the split's two heaps when it has one."""
    if move.split is None:
        return [seat, move.pile, move.count]
    return [seat, move.pile, move.count, move.split[0], move.split[1]]


def state_moves(state: Dict[str, Any]) -> List[Move]:
    """The moves of a browser game's state."""
    return [move_of(item) for item in state["moves"]]


def download_text(state: Dict[str, Any]) -> str:
    """A browser game as a record: its facts in comment lines, then the Lab 2 test file (a game
    of a family of components: its start and moves as JSON, the terminal's ``save FILE``)."""
    from nim.flows.freeplay import component_record, is_component

    if is_component(rules_of(state["rules"])):
        return component_record(state)
    info = FLOWS.get(state["flow"])
    # a flow's series is kept as the flow keeps it (KUET's: the terminal's records say the same)
    kept = (machine_of(info.name).series_record(state) if info is not None and info.machine is not None
            and state.get("series") else None)
    seats = tuple(SeatRecord(seat["name"], seat["ai"]) for seat in state["seats"])
    seed = state.get("seed")
    header = RecordHeader(rules=rules_of(state["rules"]), flow=state["flow"], seats=seats,
                          first=state["first"], seed=seed if isinstance(seed, int) else None, series=kept)
    return record_text(state["start"], state_moves(state), header)


def upload_options(options: Dict[str, Any], header: RecordHeader,
                   piles: List[int]) -> Dict[str, Any]:
    """The page's answers for a game that continues a record: the record's flow,
    rules, mode and levels replace the form's (the seats are set after,
    ``seat_the_record``)."""
    answers = dict(options)
    rules = header.rules
    flow = page_of(header.flow)     # the page that plays the flow (the pins game: the free page's)
    if flow is None:
        flow = str(options.get("flow") or "free") if rules is None else "free"
    if flow == "lab2" and rules is not None and rules.take != "any":
        flow = "free"                      # the Lab 2 page plays Nim, normal or misère
    answers["flow"] = flow
    if rules is not None:
        answers["rules"] = str(rules)
        answers["misere"] = rules.misere
    if header.mode is not None:
        answers["mode"] = header.mode
    levels = [seat.ai for seat in header.seats if seat.ai and seat.ai.startswith("level:")]
    if levels and levels[0][6:].isdigit():
        answers["level"] = int(levels[0][6:])
    if flow is not None and flow_info(flow).one_pile:
        answers["pile"] = piles[0] if len(piles) == 1 else None
    if flow == "free":
        answers["ai"] = "optimal"          # the record's own AI is seated after (seat_the_record)
        human = next((i for i, seat in enumerate(header.seats) if seat.ai is None), 0)
        answers["first"] = "human" if header.first == human or header.mode != "hvai" else "ai"
    if flow == "kuet" and header.series and header.series.get("difficulty") in (1, 2):
        answers["difficulty"] = header.series["difficulty"]
    human_names = [seat.name for seat in header.seats if seat.ai is None]
    if human_names:
        answers["name"] = human_names[0][:40]
    answers.pop("piles", None)
    return answers


def seat_the_record(state: Dict[str, Any], header: RecordHeader) -> Optional[str]:
    """Seat the record's players in a new game's state: names, the AI of each seat and
    who moved first, a KUET series' game and results. Returns why the record cannot be
    continued here (None: it can)."""
    from nim.errors import NimError
    from nim.play.strategies import make_strategy

    if len(header.seats) == 2:
        for seat, saved in zip(state["seats"], header.seats):
            if saved.ai is not None:
                try:
                    label = make_strategy(saved.ai).label
                except NimError as error:
                    return f"the record's AI {saved.ai!r}: {error}"
                seat["ai"], seat["label"] = saved.ai, label
            else:
                seat["ai"], seat["label"] = None, ""
            seat["name"] = saved.name[:40] or seat["name"]
        state["first"] = state["to_move"] = header.first
        state["mode"] = header.mode
        state["undo"] = header.mode == "hvai"
    if header.seed is not None and header.seed < WEB_SEEDS:
        state["seed"] = header.seed
    series, saved_series = state.get("series"), header.series
    if series and saved_series:
        game, results = saved_series.get("game"), saved_series.get("results")
        if not isinstance(game, int) or not 1 <= game <= series["games"]:
            return (f"the record is game {game} of a KUET series; the page plays {series['games']} games "
                    f"at difficulty {series['difficulty']}")
        if not (isinstance(results, list) and len(results) == game - 1 and all(r in (0, 1) for r in results)):
            return f"the record's KUET results {results!r} do not fit game {game}"
        series["index"], series["results"] = game - 1, list(results)
        state["seats"][1]["ai"] = series["specs"][game - 1]
        state["seats"][1]["label"] = series["labels"][game - 1]
    return None


#: The longest record of a game of components the page reads (a graph's token keeps its
#: graph, so each move's line carries the edges); the server's request limit (64 KiB) comes
#: first, this bounds a caller of ``component_upload`` that has none.
MAX_COMPONENT_RECORD = 65_536


def is_component_record(record: Any) -> bool:
    """Whether an uploaded record is a game of components' (``component_record``'s text)."""
    from nim.flows.freeplay import COMPONENT_TITLE

    return isinstance(record, str) and record.lstrip().startswith(COMPONENT_TITLE)


def component_upload(options: Dict[str, Any], record: str) -> Any:
    """A game of components' record read as ``nimcore play --load`` reads it (``nim.play.saved``:
    every move checked by the family's play hooks): the page's answers for its game (free play,
    the record's rules, start and mode) and the saved game, whose moves are played after.

    Raises
    ------
    NimError
        For a record too long, unreadable or with an illegal move (naming the line).
    """

    from nim.errors import InputFileError
    from nim.play.saved import read_component_record

    if len(record) > MAX_COMPONENT_RECORD:
        raise InputFileError(f"a record of a game of components has at most {MAX_COMPONENT_RECORD:,} "
                             f"characters, not {len(record):,}")
    from nim.families.play import play_hooks
    from nim.solving.components import read_position

    from nim.families.base import ComponentFamily

    saved = read_component_record(record, "the record")
    header = saved.header
    # read_component_record always says the header, with a family of components' rules
    assert header is not None and header.rules is not None and isinstance(header.rules.family, ComponentFamily)
    family = header.rules.family
    hooks = play_hooks(family)
    # the start as the page's state keeps it: the hooks' plain values (a token with its graph)
    start = [hooks.value(family, c) for c in read_position(family, saved.start)]
    answers = {key: value for key, value in options.items() if key not in ("record", "piles", "pile")}
    # a value, not text: the page bounds it as the record wrote it (what the components share, once)
    answers.update(flow="freeplay", rules=str(header.rules), position=start)
    if header.mode is not None:
        answers["mode"] = header.mode
    return answers, saved
