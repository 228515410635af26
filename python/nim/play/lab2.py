"""The Lab 2 game flow (SPEC section 4): misère play and difficulty levels.

Misère is asked (or given by ``--misere`` / ``--normal``), then the level:
depth-limited alpha-beta with the nim-sum evaluation and Lab 2's game-over
rule and tie-break, at the depth and slip rate of ``nim.play.strategies.LEVELS``.
Piles are numbered from 0, as in Lab 2's test files, and the game says so;
so are the players (``Player 0: you; Player 1: the AI (...)``, said once), as
in the Rajalakshmi flow.
"""

from __future__ import annotations

import random

from nim.errors import NimError
from nim.flows import machine_of
from nim.flows.lab2 import LEVEL_PROMPT, MISERE_PROMPT, PILES_PROMPT
from nim.play.console import Console, choice_parser, parse_yes_no, piles_parser
from nim.play.machine import label_seats, play_machine
from nim.play.session import PlayOptions, check_mode
from nim.rules import Rules

__all__ = ["LAB2_PILES", "run_lab2"]

#: Lab 2 default piles (the registry's, ``nim.flows``).
LAB2_PILES = (1, 3, 5, 7)


def run_lab2(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The terminal's Lab 2 game: the flow's machine (``nim.flows.lab2``) rendered by
    ``nim.play.machine``, its questions asked here when no flag answers them."""
    flow = machine_of("lab2")
    for line in flow.heading(options.rules or Rules()):
        console.say(line)
    rules = options.rules
    misere = None
    if rules is None:
        misere = console.ask(MISERE_PROMPT, parse_yes_no)
    mode = options.mode or "hvai"
    check_mode(options, mode)
    level = options.difficulty
    if level is None and mode != "hvh" and not options.ai:
        # the levels differ in play and misère alike: depth 1/2/4 and 30%/10%/0% random slips
        level = console.ask(LEVEL_PROMPT, choice_parser({"1": 1, "2": 2, "3": 3, "easy": 1, "medium": 2,
                                                         "hard": 3}, "the difficulty"))
    if level is not None and level not in (1, 2, 3):
        raise NimError(f"Lab 2 difficulty is 1, 2 or 3, not {level}")
    piles = options.piles or console.ask(PILES_PROMPT, piles_parser(flow.info.default_piles or LAB2_PILES))
    answers = {"rules": str(rules) if rules is not None else None, "misere": misere, "level": level,
               "mode": mode, "piles": piles, "name": options.name, "ai": list(options.ai or []),
               "first": options.first, "seat_names": options.seat_names}
    state = label_seats(flow, flow.setup(answers, rng, options.seed or 0))
    play_machine(flow, state, options, console)
    return 0
