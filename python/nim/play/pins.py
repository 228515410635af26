"""The pins game flow in the terminal: its questions, then the flow's machine
(``nim.flows.pins``) rendered by ``nim.play.machine``, and its board of pins.

The game (a name or an octal code), the convention and the heaps are asked when no flag
gives them (``--game``/``--octal``, ``--misere``/``--normal``, ``--piles``), in the
flow's words. NimX is the exact player; ``--mode hvh`` and ``aivai`` work too; an
``--ai`` player must be one that can play a split (random, optimal, nimsum). help, hint,
undo and save FILE work as in every flow.
"""

from __future__ import annotations

import random
from typing import Optional, Sequence

from nim.errors import NimError
from nim.flows import machine_of
from nim.flows.pins import GAME_PROMPT, HEAPS_PROMPT, MISERE_PROMPT, PIN_STRATEGIES, parse_game
from nim.play.board import fitting
from nim.play.console import Console, parse_yes_no, piles_parser
from nim.play.machine import label_seats, play_machine
from nim.play.session import PlayOptions, check_mode
from nim.play.strategies import make_strategy

__all__ = ["PIN", "check_split_players", "pins_board", "run_pins"]

#: One pin.
PIN = "|"
#: Rows longer than this are drawn as this many pins and "...".
MAX_PINS = 40

_RESET = "\033[0m"
_LABEL = "\033[1;36m"
_PIN = "\033[33m"
_DIM = "\033[2m"


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
        rules = console.ask(GAME_PROMPT, parse_game)
        misere = options.misere
        if misere is None:
            misere = console.ask(MISERE_PROMPT, parse_yes_no)
        rules = rules.with_convention(misere)
    if not rules.splits:
        raise NimError(f"the pins game plays take-and-break games (--game, --octal), not {rules}: "
                       "use --style rajalakshmi or lab2 for a take rule")
    check_split_players(options.ai, options.difficulty)
    mode = options.mode or "hvai"
    check_mode(options, mode)
    flow = machine_of("pins")
    for line in flow.heading(rules):
        console.say(line)
    piles = options.piles
    if piles is None:
        piles = console.ask(HEAPS_PROMPT, piles_parser((), most=20, largest=1000))
    # the AI players by their own names (--ai nim-sum is the nimsum player)
    ais = [make_strategy(name).name for name in options.ai or []]
    answers = {"rules": str(rules), "mode": mode, "piles": piles or None, "name": options.name, "ai": ais,
               "first": options.first, "seat_names": options.seat_names}
    state = label_seats(flow, flow.setup(answers, rng, options.seed or 0))
    play_machine(flow, state, options, console)
    return 0
