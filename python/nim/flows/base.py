"""A flow as a state machine (issue 38, item 2): the type every flow module subclasses.

The state is the browser's JSON-ready game dict (``nim.web.games``), whose fields the
machine reads and writes: ``rules`` (a rule string), ``start``, ``piles``, ``moves``
(``[seat, pile, count]``), ``seats`` (``name``, ``ai``: a ``make_strategy`` name or None,
``label``), ``first``, ``to_move``, ``finished``, ``winner``, ``seed``, ``mode``,
``base``. The terminal keeps the same dict in memory. A machine's methods are pure: they
return what to say (lines) and leave the saying to the renderer -- the terminal's
console or the browser's log.
"""

from __future__ import annotations

import copy
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from nim.errors import NimError
from nim.position import Move, Position
from nim.rules import Rules

if TYPE_CHECKING:                     # pragma: no cover
    from nim.flows import FlowInfo

__all__ = ["Flow", "State", "Refusal", "Board", "ai_rng", "winner_of", "rules_of"]


class Refusal(ValueError):
    """A refused answer whose message is shown as it is (a seed's own wording)."""


class Board(str):
    """A board a flow says among its lines (KUET's ``Pile_no 1: /*\\``): its plain text, as the
    browser's log keeps it; ``piles`` and ``look`` (the flow's drawing) let the terminal draw
    it again in colour and to its width (``nim.play.machine``)."""

    piles: Tuple[int, ...]
    look: str

    def __new__(cls, text: str, piles: Tuple[int, ...] = (), look: str = "") -> "Board":
        board = super().__new__(cls, text)
        board.piles, board.look = piles, look
        return board

State = Dict[str, Any]


@lru_cache(maxsize=256)
def rules_of(text: str) -> Rules:
    """The Rules of a state's rule string, parsed once at the surface: the renderers and
    the machines read a game's rules here, so one web move no longer parses them again
    and again (issue 38: 7 times in a move request before)."""
    return Rules.parse(text)


def ai_rng(seed: Optional[int], game: int, played: int) -> random.Random:
    """The random generator of an AI's move number ``played`` of game ``game`` (from 1) of a
    series seeded ``seed``: the same in the terminal and the browser, so one record plays
    the same in both, and a saved game goes on with the moves the whole game would have had."""
    return random.Random(f"{seed}/{game}/{played}")


def winner_of(mover: int, rules: Rules) -> int:
    """The seat that wins when seat ``mover`` has no move left."""
    return mover if rules.misere else 1 - mover


def new_seat(name: str, ai: Optional[str] = None, label: str = "") -> Dict[str, Any]:
    """A seat of a new game: its player's name, its AI (None: a person) and the AI's label
    (empty: the renderer gives the AI player's own, ``nim.play.machine.label_seats``)."""
    return {"name": name, "ai": ai, "label": label, "token": None}


class Named:
    """A seat by its name, as the ending's words take a player."""

    def __init__(self, name: str) -> None:
        self.name = name


class Flow:
    """One flow's state machine. Subclasses say the flow's words (``opening``,
    ``prompt``, ``parse``, ``move_lines``, ``ending``, ``undone``) and set it up
    (``setup``); the moves, the AI's turn and undo are common (``apply``, ``ai_move``,
    ``undo``).

    ``strategy_options`` are the keyword arguments its AI is made with
    (``make_strategy``); the AI's turn is played by the renderers' one helper
    (``nim.play.machine.ai_turn``), from the game's seed (``ai_rng``): the flows import
    no player, the players' room imports the flows.
    """

    strategy_options: Dict[str, Any] = {}
    #: Whether the terminal draws the board before each move (the browser draws its own), and
    #: again after a refused move.
    draws_board = False
    redraw_on_refusal = False
    #: The terminal's own drawing of the board (``nim.play.machine.BOARDS``; None: its stones
    #: or ``board_text``).
    board_look: Optional[str] = None
    #: What the terminal's help and hints call a pile ("heap" in a take-and-break game).
    noun = "pile"

    def __init__(self, info: "FlowInfo") -> None:
        self.info = info
        self.name = info.name

    # ---------------------------------------------------------------- what a flow says

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """A new game's state from the answers to the flow's questions (the terminal's
        prompts and flags, the page's form) and the game's seed; no move played yet."""
        raise NotImplementedError

    def introduction(self, state: State) -> List[str]:
        """Who is who, said once before the first game: ``AI: Optimal, random when losing.``
        (a seat named ``You`` needs no introduction; none between two people)."""
        roles = []
        for seat in state["seats"]:
            role = seat["label"] if seat["ai"] else ("you" if state["mode"] == "hvai" else "human")
            if seat["name"] != "You":
                roles.append(f"{seat['name']}: {role}")
        return ["; ".join(roles) + "."] if roles else []

    def heading(self, rules: Rules) -> List[str]:
        """The flow's first lines, before any question (the terminal) or first in the log."""
        return []

    def board_text(self, state: State) -> Optional[str]:
        """The flow's own board as text (None: the terminal's board of stones)."""
        return None

    def questions(self, state: State) -> Optional[Tuple[str, str]]:
        """A move asked in two questions, the pile then how many (``parse_pile``, then
        ``parse_count``; a refused count asks both again); None: one question, ``prompt``."""
        return None

    def parse_pile(self, state: State, text: str) -> int:
        """The answer to the first of ``questions``: a pile's index, or ValueError saying why not."""
        raise NotImplementedError

    def parse_count(self, state: State, pile: int, text: str) -> Move:
        """The answer to the second of ``questions``: the move, or ValueError saying why not."""
        raise NotImplementedError

    def read_rules(self, text: str) -> Rules:
        """The rules typed in the flow's page form (a rule string; a flow may read its own names).

        Raises
        ------
        NimError, ValueError
            For a text that names no rules.
        """
        return Rules.parse(text)

    def read_piles(self, text: str, most: int, largest: int) -> Optional[Tuple[Tuple[int, ...], Optional[str]]]:
        """Piles typed as the flow itself reads them (at most ``most`` piles of at most
        ``largest``), and a note when it falls back to its own; None: the renderer reads them."""
        return None

    def resumed(self, state: State) -> str:
        """Where a loaded game goes on from, in the flow's words."""
        return f"the game goes on from {list(state['piles'])}"

    def form_words(self) -> Dict[str, str]:
        """The questions of the flow's page form, by field (its prompts, in its words)."""
        return {}

    def intro(self) -> List[str]:
        """What the flow's page says above its form, before a game starts."""
        return []

    def opening(self, state: State) -> List[str]:
        """What the flow says when its game starts."""
        raise NotImplementedError

    def prompt(self, state: State) -> str:
        """The question to the human seat to move."""
        raise NotImplementedError

    def parse(self, state: State, text: str) -> Move:
        """A typed move, or ValueError saying why not."""
        raise NotImplementedError

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        """What is said after seat ``seat`` played ``move`` (``state`` is after it)."""
        raise NotImplementedError

    def ending(self, state: State) -> List[str]:
        """What is said when the game is over."""
        raise NotImplementedError

    def undone(self, state: State) -> List[str]:
        """What is said after moves were taken back: the board as it is now."""
        raise NotImplementedError

    # ---------------------------------------------------------------- the common steps

    def rules(self, state: State) -> Rules:
        """The game's rules: the flow's fixed rules, else parsed from the state (once)."""
        fixed = self.info.fixed_rules
        return fixed if fixed is not None else rules_of(state["rules"])

    def position(self, state: State) -> Position:
        """The position now."""
        return Position(state["piles"], self.rules(state))

    def rebuild(self, state: State) -> None:
        """Set piles, to_move, finished and winner from the start and the moves."""
        rules = self.rules(state)
        position = Position(state["start"], rules)
        mover = state["first"]
        for entry in state["moves"]:
            position = position.apply(Move(entry[1], entry[2]) if len(entry) == 3
                                      else Move(entry[1], entry[2], split=(entry[3], entry[4])))
            mover = 1 - mover
        state["piles"] = list(position.piles)
        state["to_move"] = mover
        state["finished"] = position.is_terminal()
        state["winner"] = winner_of(mover, rules) if state["finished"] else None

    def apply(self, state: State, seat: int, move: Move) -> Tuple[State, List[str]]:
        """The state after seat ``seat`` plays ``move`` (legal: checked by the caller) and
        what is said: the move's lines, then the ending when the game is over."""
        after = copy.deepcopy(state)
        entry = [seat, move.pile, move.count] + (list(move.split) if move.split is not None else [])
        after["moves"].append(entry)
        self.rebuild(after)
        lines = self.move_lines(after, seat, move)
        if after["finished"]:
            lines += self.ending(after)
        return after, lines

    def game_number(self, state: State) -> int:
        """The game's number in its series (from 1)."""
        series = state.get("series") or {}
        index = series.get("index")
        return index + 1 if isinstance(index, int) else 1

    def series_record(self, state: State) -> Optional[Dict[str, Any]]:
        """The series a record of this game keeps (None: a game of no series)."""
        return None

    def next_game(self, state: State) -> Tuple[State, List[str]]:
        """The state of the next game of the flow's series and its opening (KUET's; a flow of
        single games has none).

        Raises
        ------
        NimError
            When the flow plays no series, the game is not over or the series is.
        """
        raise NimError(f"a game of {self.name} is not part of a series")

    def undo(self, state: State, seat: int) -> Tuple[State, List[str]]:
        """The state with seat ``seat``'s last move and every move after it taken back."""
        after = copy.deepcopy(state)
        mine = [i for i, entry in enumerate(after["moves"]) if entry[0] == seat]
        if mine:
            del after["moves"][mine[-1]:]
        self.rebuild(after)
        return after, self.undone(after)
