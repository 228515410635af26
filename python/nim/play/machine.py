"""The terminal's renderer of a flow's state machine (``nim.flows.base.Flow``): it asks
the human seat to move with the machine's prompt and parser, lets the AI seats move
through the machine, and says the machine's lines -- the same lines the browser's log
shows for the same inputs (``tests/test_flow_conformance.py``).

Around a game it keeps what every terminal game has: the in-game commands (help, hint,
undo, save FILE), a loaded record's moves, ``--games`` series with their score.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.families.base import ComponentFamily
from nim.flows.base import Board, Flow, State, ai_rng, rules_of
from nim.flows.freeplay import FreePlay, component_record, is_component
from nim.play.board import render_board, render_kuet_board
from nim.play.console import Console
from nim.play.ingame import GameCommands, UndoMoves, play_moves
from nim.play.record import RecordHeader, SeatRecord
from nim.play.session import PlayOptions
from nim.position import Move
from nim.rules import Rules

__all__ = ["play_machine", "play_one", "run_machine", "run_freeplay", "game_header", "ai_turn", "label_seats",
           "say", "FamilyCommands"]

#: The terminal's drawings of a board a flow says (``nim.flows.base.Board``), by its look:
#: the same text, in colour and to the terminal's width.
DRAWINGS: Dict[str, Callable[[Sequence[int], bool, Optional[int]], str]] = {"kuet": render_kuet_board}


def say(console: Console, line: str) -> None:
    """Say one of a flow's lines; a board it says is drawn by the terminal's drawing of it."""
    drawing = DRAWINGS.get(line.look) if isinstance(line, Board) else None
    if drawing is not None and isinstance(line, Board):
        console.say(drawing(line.piles, console.color, console.columns))
    else:
        console.say(line)


def ai_turn(flow: Flow, state: State, ai: Optional[str] = None) -> Tuple[Move, List[str]]:
    """The move of the AI seat to move (``ai``: another player than the seat's) and its
    note, if any, in the terminal and the browser alike: its randomness is ``ai_rng`` of
    the game's seed, its number in the series and the moves played."""
    from nim.play.strategies import make_strategy

    seat = state["seats"][state["to_move"]]
    rng = ai_rng(state.get("seed"), flow.game_number(state), len(state["moves"]))
    if _components(flow, state):       # a family of components: its own best move (nim.solve)
        assert isinstance(flow, FreePlay)
        return flow.choose(state, ai or seat["ai"], rng)
    strategy = make_strategy(ai or seat["ai"], **flow.strategy_options)
    move = strategy.choose_move(flow.position(state), rng=rng)
    return move, [f"({strategy.last_note})"] if strategy.last_note else []


def _components(flow: Flow, state: State) -> bool:
    """Whether the game is free play under a family whose components are more than heaps."""
    return isinstance(flow, FreePlay) and is_component(rules_of(state["rules"]))


class FamilyCommands:
    """The in-game commands of a component game (``help``, ``hint``, ``undo``, ``save FILE``),
    in the words of the family's play hooks."""

    def __init__(self, console: Console, flow: FreePlay, state: State, undo: bool) -> None:
        self.console, self.flow, self.state, self.undo = console, flow, state, undo

    def __call__(self, answer: str) -> bool:
        words = answer.split(maxsplit=1)
        command = words[0].lower() if words else ""
        hooks = self.flow.hooks(self.state)
        assert hooks is not None
        if command in ("help", "?"):
            self.console.say(f"A move: {hooks.grammar}.\nInstead of a move: help, hint (a best move and why), "
                             "undo (your last move and the AI's answer), save FILE, q (quit).")
            return True
        if command == "hint":
            self.console.say(self.flow.hint(self.state))
            return True
        if command == "undo":
            if not self.undo:
                self.console.say("Nothing to undo (undo takes back your last move and the AI's answer).")
                return True
            raise UndoMoves(2)
        if command == "save":
            if len(words) < 2:
                self.console.say("save needs a file name: save FILE")
                return True
            try:
                with open(words[1].strip(), "w", encoding="utf-8") as out:
                    out.write(component_record(self.state))
            except OSError as error:
                self.console.say(f"Cannot save to {words[1].strip()}: {error.strerror or error}")
                return True
            self.console.say(f"Saved the game so far to {words[1].strip()}.")
            return True
        return False


def label_seats(flow: Flow, state: State) -> State:
    """Each AI seat labelled with its player's name (``Optimal, random when losing``)."""
    from nim.play.strategies import make_strategy

    for seat in state["seats"]:
        if seat["ai"] is not None:
            seat["label"] = make_strategy(seat["ai"], **flow.strategy_options).label_for(flow.rules(state))
    return state


def game_header(options: PlayOptions, state: State, series: Any) -> RecordHeader:
    """What ``save FILE`` writes above a machine game's moves (its rules, flow, seats, seed)."""
    seats = tuple(SeatRecord(seat["name"], seat["ai"]) for seat in state["seats"])
    return RecordHeader(rules=rules_of(state["rules"]), flow=state["flow"], seats=seats,
                        first=state["first"], seed=options.seed, series=series)


def play_machine(flow: Flow, state: State, options: PlayOptions, console: Console) -> None:
    """Play ``options.games`` games (default 1) of ``flow`` from ``state`` (set up, no move
    yet), saying the machine's lines: who is who once, then each game. Each finished game's
    state is added to ``options.results`` when it is a list (the record of each game)."""
    games = options.games or 1
    wins = [0, 0]
    begin = 1
    resumed = options.series or {}
    if isinstance(resumed.get("game"), int) and 1 <= resumed["game"] <= games:
        begin = resumed["game"]
        saved = resumed.get("wins")
        if isinstance(saved, list) and len(saved) == 2 and all(isinstance(w, int) for w in saved):
            wins = list(saved)
    for line in flow.introduction(state):
        console.say(line)
    fresh = state
    for number in range(begin, games + 1):
        if games > 1:
            console.say(f"\n=== Game {number} of {games} ===")
        series = {"game": number, "games": games, "wins": list(wins)} if games > 1 else None
        game = dict(fresh, moves=[], series={"index": number - 1} if games > 1 else None)
        flow.rebuild(game)
        game = play_one(flow, game, options, console, options.moves if number == begin else (),
                         game_header(options, game, series))
        if game["winner"] is not None:          # None: a draw (SOS)
            wins[game["winner"]] += 1
        if options.results is not None:
            options.results.append(game)
    if games > 1:
        names = [seat["name"] for seat in state["seats"]]
        console.say(f"\nScore: {names[0]} {wins[0]}, {names[1]} {wins[1]}")


def play_one(flow: Flow, state: State, options: PlayOptions, console: Console, loaded: Any,
             header: RecordHeader, opening: Optional[List[str]] = None) -> State:
    """Play one game of ``flow`` from ``state`` (``loaded``: a record's moves, played first),
    saying its ``opening`` (None: the flow's) and its lines; return the final state."""
    for line in flow.opening(state) if opening is None else opening:
        say(console, line)
    if loaded:
        # a family's moves were checked by its flow as the record was read (read_record)
        problem = None if _components(flow, state) else play_moves(flow.position(state), loaded)
        if problem is not None:
            raise NimError(f"the saved game cannot be played: {problem}")
        for move in loaded:
            state, _ = flow.apply(state, state["to_move"], move)
        count = len(loaded)
        where = flow.resumed(state)
        console.say(f"(The saved game's {count} move{' is' if count == 1 else 's are'} played; {where}.)")
    saved_commands = console.commands
    width = 0 if _components(flow, state) else max(state["start"], default=0)
    if state["finished"]:           # no move to make at all (or none left after the loaded ones)
        _draw(flow, state, console, width)
        for line in flow.ending(state):
            say(console, line)
        return state
    try:
        while not state["finished"]:
            _draw(flow, state, console, width)
            seat = state["to_move"]
            if state["seats"][seat]["ai"] is None:
                other_ai = state["seats"][1 - seat]["ai"] is not None
                if _components(flow, state):
                    assert isinstance(flow, FreePlay)
                    console.commands = FamilyCommands(console, flow, state, other_ai and len(state["moves"]) >= 2)
                else:
                    moves = [Move(e[1], e[2], split=(e[3], e[4]) if len(e) == 5 else None) for e in state["moves"]]
                    console.commands = GameCommands(console, tuple(state["start"]), moves, flow.position(state),
                                                    2 if other_ai and len(moves) >= 2 else 0, state["base"],
                                                    header=header, noun=flow.noun)
                try:
                    parse = functools.partial(flow.parse, state)
                    if flow.questions(state) is not None:
                        move = _ask_twice(flow, state, console)
                    elif flow.redraw_on_refusal:     # the board again after a refused move
                        found = console.ask_once(flow.prompt(state), parse)
                        while found is None:
                            console.show(_board(flow, state, console, width))
                            found = console.ask_once(flow.prompt(state), parse)
                        move = found
                    else:
                        move = console.ask(flow.prompt(state), parse)
                except UndoMoves:
                    state, lines = flow.undo(state, seat)
                    console.say("  Undone: 2 moves taken back.")
                    for line in lines:
                        say(console, line)
                    continue
                finally:
                    console.commands = saved_commands
                notes: List[str] = []
            else:
                move, notes = ai_turn(flow, state)
            state, lines = flow.apply(state, seat, move)
            for line in lines[:1]:
                say(console, line)
            for note in notes:
                console.say(f"  {note}")
            if state["finished"]:
                _draw(flow, state, console, width)
            for line in lines[1:]:
                say(console, line)
    finally:
        console.commands = saved_commands
    return state


def _ask_twice(flow: Flow, state: State, console: Console) -> Move:
    """A move asked in the flow's two questions, the pile then how many; a refused count asks
    both again (KUET's report loops so)."""
    questions = flow.questions(state)
    assert questions is not None
    while True:
        pile = console.ask(questions[0], functools.partial(flow.parse_pile, state))
        move = console.ask_once(questions[1], functools.partial(flow.parse_count, state, pile))
        if move is not None:
            return move


#: The terminal's drawings of a flow's board between the moves, by the flow's ``board_look``
#: (``module:function``, loaded when drawn: the pins flow's module renders this one).
BOARDS = {"pins": "nim.play.pins:pins_board"}


def _board(flow: Flow, state: State, console: Console, width: int) -> str:
    if flow.board_look is not None:
        from nim.flows import load

        drawn: str = load(BOARDS[flow.board_look])(state["piles"], console.color, width, console.columns)
        return drawn
    own = flow.board_text(state)
    return own if own is not None else render_board(state["piles"], console.color, width, base=state["base"],
                                                    columns=console.columns)


def _draw(flow: Flow, state: State, console: Console, width: int) -> None:
    """The board, for a flow that has the terminal draw one (a drawing, not a line the flow
    says: ``Console.show``)."""
    if flow.draws_board:
        console.say()
        console.show(_board(flow, state, console, width))


def run_machine(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The terminal's game of a flow written as a machine that has no runner of its own:
    its fixed rules (a rule flag that changes them is refused), ``--piles`` or its default
    piles, the mode, who moves first, the names and the AI players from the flags.

    Raises
    ------
    NimError
        For rules the flow does not play.
    """
    from nim.flows import machine_of
    from nim.play.session import check_mode

    assert options.style is not None
    flow = machine_of(options.style)
    fixed = flow.info.fixed_rules
    if fixed is not None and options.rules is not None and options.rules != fixed:
        raise NimError(f"the {flow.name} game has fixed rules ({fixed}), not {options.rules}: "
                       "drop the rule flags")
    mode = options.mode or "hvai"
    check_mode(options, mode)
    answers = {"piles": options.piles or flow.info.default_piles, "mode": mode, "first": options.first,
               "name": options.name, "ai": list(options.ai or []),
               "rules": str(options.rules) if options.rules is not None else None,
               "position": options.position}
    state = label_seats(flow, flow.setup(answers, rng, options.seed or 0))
    play_machine(flow, state, options, console)
    return 0


def run_freeplay(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The terminal's free play (``nimcore play --rules wythoff``): the rules said, the position
    asked when no flag gives it (Enter: the family's start), then the machine's game.

    Raises
    ------
    NimError
        For a family that cannot be played or a position it does not read (the command's exit 2).
    """
    from nim.families.play import play_hooks
    from nim.flows import machine_of
    from nim.play.session import check_mode

    flow = machine_of(options.style or "freeplay")      # "free" (the page "Any rule set") or "freeplay"
    rules = options.rules or Rules()
    mode = options.mode or "hvai"
    check_mode(options, mode)

    def setup() -> State:
        answers = {"piles": options.piles, "mode": mode, "first": options.first, "name": options.name,
                   "ai": list(options.ai or []), "rules": str(rules), "position": options.position}
        return label_seats(flow, flow.setup(answers, rng, options.seed or 0))

    if is_component(rules) and options.position is None:
        family = rules.family
        assert isinstance(family, ComponentFamily)
        hooks = play_hooks(family)             # a family without hooks is refused here, in words
        for line in flow.heading(rules):
            console.say(line)
        start = json.dumps(hooks.start(family))
        text = console.ask(f"Enter the position as JSON (press Enter for {start}): ", lambda t: t)
        if text.strip():
            options.position = read_position_text(text, rules)
        state = setup()
    else:                       # a position given: refused before a word is said, if it must be
        state = setup()
        for line in flow.heading(rules):
            console.say(line)
    play_machine(flow, state, options, console)
    return 0


def read_position_text(text: str, rules: Rules) -> Any:
    """A typed position as JSON, or a bare word (a coin row ``THHTH``), as ``nimcore solve
    --rules`` reads one; the family then says what it expects.

    Raises
    ------
    NimError
        For text that is neither (quoting the JSON error), or too long.
    """
    word = text.strip()
    if len(word) > 100_000:
        raise NimError("a position typed here has at most 100,000 characters")
    try:
        return json.loads(word)
    except RecursionError:
        raise NimError("the position's JSON is nested too deep") from None
    except ValueError as error:
        if word and all(c.isalnum() or c in "-_." for c in word) and not word[0].isdigit():
            return word
        raise NimError(f"a position of {rules} is JSON, such as "
                       f"{json.dumps(getattr(getattr(rules.family, 'play', None), 'start_value', [[3, 5]]))}"
                       f"; {word[:40]!r} is not: {str(error).splitlines()[0]}") from None
