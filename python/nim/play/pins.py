"""The pins game flow: take-and-break games (Kayles, Dawson's Kayles, any octal
code, Grundy's game) in the terminal, against NimX.

Each heap is a row of pins, ``Heap 1 | | | | |   5``, numbered from 1. A move
is ``HEAP TAKE`` (take TAKE pins, leaving one row, or none) or ``HEAP TAKE
PART`` (take TAKE pins and leave two rows, PART pins and the rest: ``2 1 3`` on
a row of 7 knocks one pin over and leaves rows of 3 and 3). After a split the
two rows replace the old one in place and the rows after them are numbered one
higher; the game says so and draws the new board.

NimX is the exact player (``nim.solve``: the nim-sum of the nim-sequence in
normal play, genus theory or the exact search in misère play). ``--mode hvh``
and ``aivai`` work too; an ``--ai`` player must be one that can play a split
(random, optimal, nimsum). help, hint, undo and save FILE work as in every flow.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Optional, Sequence

from nim.errors import InvalidRulesError, NimError
from nim.play.board import fitting
from nim.play.console import Console, parse_yes_no, piles_parser
from nim.play.game import Look, move_parser, random_board
from nim.play.ingame import split_example
from nim.play.players import OptimalStrategy
from nim.play.session import PlayOptions, check_mode, first_seat, make_players, play_series
from nim.play.strategies import make_strategy
from nim.position import Move, Position
from nim.rules import Rules

__all__ = ["PIN", "PINS_LOOK", "GRUNDY_LOOK", "PIN_STRATEGIES", "check_split_players", "heap_move_parser",
           "parse_game", "pins_board", "pins_look", "run_pins", "syntax", "with_convention"]

#: One pin.
PIN = "|"
#: Rows longer than this are drawn as this many pins and "...".
MAX_PINS = 40
#: Random rows when none are given: 2 to 3 rows of 3 to 10 pins.
RANDOM_ROWS = (2, 3)
RANDOM_PINS = (3, 10)
#: The AI players that can play a move that splits a heap.
PIN_STRATEGIES = ("random", "optimal", "nimsum")

_RESET = "\033[0m"
_LABEL = "\033[1;36m"
_PIN = "\033[33m"
_DIM = "\033[2m"

#: The move syntax of Grundy's game, whose moves take nothing.
GRUNDY_SYNTAX = ("Type a move as HEAP PART: split heap HEAP into two unequal heaps, PART pins "
                 "and the rest: '1 2' on a heap of 6 leaves heaps of 2 and 4. Heaps are numbered "
                 "from 1; after a split the heaps after it are numbered one higher.")
#: NimX in plain words, said once when the game starts.
EXACT_PLAYER = ("the exact player: it works out who wins from every position, so it never misses a "
                "winning move")


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


def pins_board(piles: Sequence[int], color: bool = False, width: int = 0,
               columns: Optional[int] = None) -> str:
    """The heaps as rows of pins, one line each, numbered from 1; on a terminal of
    ``columns`` columns a long row draws as many pins as fit and ``...``.

    >>> print(pins_board((4, 1, 0)))
    Heap 1 | | | |   4
    Heap 2 |         1
    Heap 3 -         0
    """
    if not piles:
        return "(no heaps)"
    label_width = len(str(len(piles)))
    # "Heap N " + pins + " ..." + "   " + the count
    most = fitting(columns, 5 + label_width + 1 + 4 + 3 + len(str(max(max(piles), width))), 2, MAX_PINS)
    widest = min(max(max(piles), width), most)
    room = max(widest * 2 - 1, 1) + (4 if max(piles) > most else 0)
    lines = []
    for index, pile in enumerate(piles, start=1):
        row = " ".join([PIN] * min(pile, most)) + (" ..." if pile > most else "")
        row = row or "-"
        pad = " " * (room - len(row))
        label = f"Heap {index:>{label_width}}"
        if color:
            lines.append(f"{_LABEL}{label}{_RESET} {_PIN}{row}{_RESET}{pad}   {_DIM}{pile}{_RESET}")
        else:
            lines.append(f"{label} {row}{pad}   {pile}")
    return "\n".join(lines)


def heap_move_parser(position: Position) -> Callable[[str], Move]:
    """``move_parser`` numbering the heaps from 1 and calling them heaps."""
    return move_parser(position, 1, "heap")


PINS_LOOK = Look(
    base=1, board=pins_board, parser=heap_move_parser,
    prompt="{name}, your move (HEAP TAKE, or HEAP TAKE PART to split; help for more): ",
    move_line="{name} {takes} {count} from heap {pile}{split}.",
    split_line="{name} {splits} heap {pile} into heaps of {a} and {b}.",
    thing="pin", noun="heap",
)
#: Grundy's game: a move splits a heap and takes nothing, typed HEAP PART.
GRUNDY_LOOK = replace(PINS_LOOK, prompt="{name}, your move (HEAP PART to split a heap; help for more): ")


def pins_look(rules: Rules) -> Look:
    """The look of a game: Grundy's asks for HEAP PART, a game that never splits for HEAP TAKE."""
    if rules.take == "grundy":
        return GRUNDY_LOOK
    if split_example(rules) is None:
        return replace(PINS_LOOK, prompt="{name}, your move (HEAP TAKE; help for more): ")
    return PINS_LOOK


def with_convention(rules: Rules, misere: bool) -> Rules:
    """The same game under misère (True) or normal play."""
    return Rules(misere=misere, take=rules.take, k=rules.k, subtract=rules.subtract, octal=rules.octal)


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


def check_split_players(ai: Optional[Sequence[str]], difficulty: Optional[int]) -> None:
    """Refuse, before a take-and-break game starts, an AI that cannot play a move
    that splits a heap (IDA*, minimax, alpha-beta and the depth-limited levels
    search take rules only).

    Raises
    ------
    NimError
    """
    if difficulty is not None:
        raise NimError("in a take-and-break game NimX plays exactly; there are no --difficulty levels "
                       "(use --ai random for an easy opponent)")
    for name in ai or ():
        if make_strategy(name).name not in PIN_STRATEGIES:
            raise NimError(f"--ai {name} cannot play moves that split a heap: use one of "
                           f"{', '.join(PIN_STRATEGIES)}")


def run_pins(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """One or more games of a take-and-break game; returns the exit status (0).

    Raises
    ------
    NimError
        For options this flow cannot honour (a take rule, a level, an AI that
        cannot split).
    EndOfInput, QuitGame
        From a prompt.
    """
    rules = options.rules
    if rules is None:
        rules = console.ask(
            "Which game? kayles, dawson-kayles, dawson-chess, grundy-game or an octal code such as "
            "0.137 (Enter: kayles): ", parse_game)
        misere = options.misere
        if misere is None:
            misere = console.ask("Misère play -- whoever makes the last move loses? (y/n; n: normal "
                                 "play, whoever makes the last move wins) ", parse_yes_no)
        rules = with_convention(rules, misere)
    if not rules.splits:
        raise NimError(f"the pins game plays take-and-break games (--game, --octal), not {rules}: "
                       "use --style rajalakshmi or lab2 for a take rule")
    check_split_players(options.ai, options.difficulty)
    mode = options.mode or "hvai"
    check_mode(options, mode)
    console.say(intro_words(rules))
    console.say(syntax(rules))
    piles = options.piles
    if piles is None:
        piles = console.ask("Heaps (pin counts, e.g. 5 7; Enter: a random row): ",
                            piles_parser((), most=20, largest=1000))
        if not piles:
            piles = random_board(rng, RANDOM_ROWS, RANDOM_PINS)
    seats = ("You", "NimX") if mode == "hvai" else ("Player 1", "Player 2")
    players = make_players(mode, options, OptimalStrategy, seats=seats, rules=rules)
    if mode == "hvai" and not options.ai:
        players[1].role = EXACT_PLAYER
    play_series(players, piles, rules, options, console, rng, first_seat(options, 0), pins_look(rules))
    return 0
