"""The pins flow as a state machine: take-and-break games (Kayles, Dawson's Kayles, any
octal code, Grundy's game) against NimX, the exact player.

Each heap is a row of pins numbered from 1 (the terminal draws ``Heap 1 | | | | |   5``,
``nim.play.pins.pins_board``; the browser its own rows of pins). A move is ``HEAP TAKE``
(take TAKE pins, leaving one row or none) or ``HEAP TAKE PART`` (take TAKE pins and leave
two rows, PART pins and the rest); in Grundy's game, which takes nothing, ``HEAP PART``.
After a split the two rows replace the old one in place and the rows after them are
numbered one higher. The game's words are said here only: what a move does, how to type
one, who is who, each move and the ending. The terminal (``nim.play.pins``) and the
browser (``/pins``) render this machine.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import InvalidRulesError, NimError
from nim.flows.base import Flow, Named, State, new_seat
from nim.flows.words import ending as ending_line, move_parser, split_words, verb
from nim.position import Move, Position
from nim.rules import Rules

__all__ = ["Pins", "PIN_STRATEGIES", "EXACT_PLAYER", "GAME_PROMPT", "MISERE_PROMPT", "HEAPS_PROMPT",
           "RANDOM_ROWS", "RANDOM_PINS", "intro_words", "syntax", "split_example", "parse_game",
           "prompt_words"]

#: Random rows when none are given: 2 to 3 rows of 3 to 10 pins.
RANDOM_ROWS = (2, 3)
RANDOM_PINS = (3, 10)
#: The AI players that can play a move that splits a heap.
PIN_STRATEGIES = ("random", "optimal", "nimsum")
#: The questions, before a game.
GAME_PROMPT = ("Which game? kayles, dawson-kayles, dawson-chess, grundy-game or an octal code such as "
               "0.137 (Enter: kayles): ")
MISERE_PROMPT = ("Misère play -- whoever makes the last move loses? (y/n; n: normal play, whoever makes "
                 "the last move wins) ")
HEAPS_PROMPT = "Heaps (pin counts, e.g. 5 7; Enter: a random row): "
#: The move syntax of Grundy's game, whose moves take nothing.
GRUNDY_SYNTAX = ("Type a move as HEAP PART: split heap HEAP into two unequal heaps, PART pins "
                 "and the rest: '1 2' on a heap of 6 leaves heaps of 2 and 4. Heaps are numbered "
                 "from 1; after a split the heaps after it are numbered one higher.")
#: NimX in plain words, said once when the game starts.
EXACT_PLAYER = ("the exact player: it works out who wins from every position, so it never misses a "
                "winning move")
#: The page's words above its form.
ABOUT = ("Take-and-break games, played with rows of pins: kayles, dawson-kayles, dawson-chess, grundy-game "
         "or an octal code (e.g. 0.137), normal or misère play, against NimX, the exact player.")


def split_example(rules: Rules) -> Optional[Tuple[int, int, Tuple[int, int]]]:
    """A move of the game that splits a heap: (the heap's size, the take, the two heaps
    left), on the smallest heap that has one (None: the game never splits a heap)."""
    for size in range(1, 64):
        for count, split in rules.heap_moves(size):
            if split is not None:
                return size, count, split
    return None


def intro_words(rules: Rules) -> str:
    """The game in words first, its octal code's bit algebra after (issue 40, item 4): a
    student reads what a move does before what the code's digits mean."""
    described = rules.describe()
    code = rules.octal
    if rules.take != "octal" or not code or "." not in code or "The octal game" not in described:
        return described                         # Grundy's game: in words already
    head, _, algebra = described.partition("The octal game")
    head, algebra = head.strip(), "The octal game" + algebra
    end = f"the player who cannot move {'wins' if rules.misere else 'loses'}"
    if not head:
        moves = []
        for k, digit in enumerate(code.split(".", 1)[1], start=1):
            value, ways = int(digit), []
            if value & 1:
                ways.append(f"a row of just {k}")
            if value & 2:
                ways.append("from the end of a longer row")
            if value & 4:
                ways.append("from inside a row, splitting it in two")
            if ways:
                what = "1 pin" if k == 1 else f"{k} adjacent pins"
                moves.append(f"{what} ({', '.join(ways)})")
        head = "A move knocks over " + " or ".join(moves) + "."
    return f"{head} {end[0].upper()}{end[1:]}. (The code, for reference: {algebra})"


def syntax(rules: Rules) -> str:
    """How to type a move of this game, with an example that is legal in it."""
    if rules.take == "grundy":
        return GRUNDY_SYNTAX
    example = split_example(rules)
    text = "Type a move as HEAP TAKE (take TAKE pins from heap HEAP, leaving one row or none)"
    if example is None:
        return text + ". Heaps are numbered from 1."
    size, count, (a, b) = example
    pins = "1 pin" if count == 1 else f"{count} pins"
    return (text + " or HEAP TAKE PART (take TAKE pins and leave two rows, PART pins and the rest): "
            f"'1 {count} {a}' on a heap of {size} knocks over {pins} and leaves heaps of {a} and {b}. "
            "Heaps are numbered from 1; after a split the heaps after it are numbered one higher.")


def prompt_words(rules: Rules) -> str:
    """The move question's hint: Grundy's game asks for HEAP PART, a game that never splits
    for HEAP TAKE."""
    if rules.take == "grundy":
        return "HEAP PART to split a heap; help for more"
    if split_example(rules) is None:
        return "HEAP TAKE; help for more"
    return "HEAP TAKE, or HEAP TAKE PART to split; help for more"


def parse_game(answer: str) -> Rules:
    """A game's name or octal code (empty: Kayles), in normal play.

    >>> parse_game("4.07")
    Rules.parse('normal,octal=4.07')
    """
    text = answer.strip() or "kayles"
    try:
        rules = Rules(octal=text) if text[:1].isdigit() or text.startswith(".") else Rules.game(text)
    except InvalidRulesError as error:
        raise ValueError(str(error)) from None
    if not rules.splits:
        raise ValueError(f"{text} is the take rule {rules}, not a take-and-break game: "
                         "play it with the rajalakshmi flow")
    return rules


class Pins(Flow):
    """A take-and-break game on rows of pins, against NimX (or between two people, or two AIs)."""

    draws_board = True
    board_look = "pins"           # rows of pins (nim.play.pins.pins_board)
    noun = "heap"

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``rules`` (a rule string, None: Kayles), ``misere`` (None: the rules' convention),
        ``mode``, ``piles`` (None: 2 to 3 random rows of 3 to 10 pins), ``name``, ``ai`` (other
        players than NimX's exact one), ``first`` (``ai``: seat 1 moves first), ``seat_names``.

        Raises
        ------
        NimError
            For a take rule (not a take-and-break game) or an AI that cannot split a heap.
        """
        text = answers.get("rules")
        rules = Rules.parse(text) if text else Rules.game("kayles")
        misere = answers.get("misere")
        if misere is not None:
            rules = rules.with_convention(bool(misere))
        if not rules.splits:
            raise NimError(f"the pins game plays take-and-break games (Kayles, Dawson's Kayles, an octal "
                           f"code, Grundy's game), not {rules}: a take rule is played in the rajalakshmi or "
                           "lab2 flow")
        mode = answers.get("mode") or "hvai"
        ais: Sequence[str] = answers.get("ai") or ()
        for player in ais:
            if player not in PIN_STRATEGIES:
                raise NimError(f"the AI {player} cannot play moves that split a heap: use one of "
                               f"{', '.join(PIN_STRATEGIES)}")

        def ai(seat: int) -> str:
            return ais[min(seat, len(ais) - 1)] if ais else self.info.default_ai

        names = answers.get("seat_names") or (("You", "NimX") if mode == "hvai" else ("Player 1", "Player 2"))
        name = answers.get("name")
        if mode == "hvai":
            seats = [new_seat(name or names[0]), new_seat(names[1], ai(0))]
        elif mode == "hvh":
            seats = [new_seat(name or names[0]), new_seat(names[1])]
        else:
            seats = [new_seat(names[0], ai(0)), new_seat(names[1], ai(1))]
        piles = list(answers.get("piles") or [rng.randint(*RANDOM_PINS) for _ in range(rng.randint(*RANDOM_ROWS))])
        first = 1 if answers.get("first") == "ai" else 0
        state: State = {"flow": self.name, "rules": str(rules), "base": 1, "start": piles, "piles": list(piles),
                        "moves": [], "seats": seats, "first": first, "to_move": first, "finished": False,
                        "winner": None, "seed": seed, "mode": mode, "series": None,
                        "extra": {"exact": mode == "hvai" and not ais}}
        self.rebuild(state)
        return state

    def read_rules(self, text: str) -> Rules:
        """A game as the question asks it (a name or an octal code, in normal play), or a rule
        string (``misere,kayles``)."""
        words = text.strip().lower()
        if "," in words or words.startswith(("normal", "misere")):
            return Rules.parse(words)
        return parse_game(words)

    def heading(self, rules: Rules) -> List[str]:
        return [intro_words(rules), syntax(rules)]

    def intro(self) -> List[str]:
        return [ABOUT]

    def form_words(self) -> Dict[str, str]:
        return {"game": GAME_PROMPT.strip(), "misere": MISERE_PROMPT.strip(), "piles": HEAPS_PROMPT.strip()}

    def introduction(self, state: State) -> List[str]:
        """Who is who: ``NimX: the exact player: ...`` (a seat named ``You`` needs no introduction)."""
        roles = []
        for seat in state["seats"]:
            if seat["ai"] is None:
                role = "you" if state["mode"] == "hvai" else "human"
            elif (state.get("extra") or {}).get("exact"):
                role = EXACT_PLAYER
            else:
                role = f"the AI ({seat['label']})"
            if seat["name"] != "You":
                roles.append(f"{seat['name']}: {role}")
        return ["; ".join(roles) + "."] if roles else []

    def opening(self, state: State) -> List[str]:
        return []

    def prompt(self, state: State) -> str:
        name = state["seats"][state["to_move"]]["name"]
        return f"{name}, your move ({prompt_words(self.rules(state))}): "

    def parse(self, state: State, text: str) -> Move:
        return move_parser(self.position(state), 1, "heap")(text)

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        name = state["seats"][seat]["name"]
        if move.count == 0 and move.split is not None:     # Grundy's game: a split that takes nothing
            a, b = move.split
            return [f"{name} {verb(name, 'splits')} heap {move.pile + 1} into heaps of {a} and {b}."]
        return [f"{name} {verb(name, 'takes')} {move.count} from heap {move.pile + 1}{split_words(move)}."]

    def ending(self, state: State) -> List[str]:
        final = Position(state["piles"], self.rules(state))
        return [ending_line([Named(seat["name"]) for seat in state["seats"]], state["to_move"], final,
                            bool(state["moves"]), "pin")]

    def undone(self, state: State) -> List[str]:
        return []                   # the board, drawn before the next move, shows where it stands



