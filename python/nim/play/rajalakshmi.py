"""The Rajalakshmi game flow (SPEC section 4), in its transcript's words.

The report's prompts (``Mode (1=H vs AI, 2=H vs H, 3=AI vs AI) [default 1]:``,
``Enter piles as space-separated integers ...``, ``Enter 'pile_index
remove_count' (e.g. '1 3'):``), its board (``Piles: [0]:3 [1]:4 [2]:5``, piles
numbered from 0), its refusal messages, its fallback to 3 4 5 on bad piles
(zeros allowed), its nim-sum AI (``NimSumStrategy``) and its ``Game over.
Player 1 wins!``; players are ``Player 0`` and ``Player 1``, each introduced
once. Extras: every move is announced, and the ending says who took the last
object under which convention.
"""

from __future__ import annotations

import random

from nim.flows import machine_of
from nim.flows.rajalakshmi import (
    DEFAULT_PILES, MODE_PROMPT, PILES_PROMPT, parse_rajalakshmi_piles, piles_or_default, rajalakshmi_board,
    rajalakshmi_move_parser,
)
from nim.play.console import Console, choice_parser
from nim.play.machine import label_seats, play_machine
from nim.play.session import MODE_WORDS, PlayOptions, check_mode
from nim.rules import Rules

__all__ = ["DEFAULT_PILES", "run_rajalakshmi", "rajalakshmi_board", "parse_rajalakshmi_piles",
           "rajalakshmi_move_parser"]


def run_rajalakshmi(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The terminal's Rajalakshmi game: the flow's machine (``nim.flows.rajalakshmi``)
    rendered by ``nim.play.machine``, the report's questions asked here when no flag answers."""
    flow = machine_of("rajalakshmi")
    rules = options.rules or Rules()
    for line in flow.heading(rules):
        console.say(line)
    mode = options.mode
    if mode is None:
        modes = {"": "hvai", **MODE_WORDS}      # Enter: mode 1, the report's [default 1]
        mode = console.ask(MODE_PROMPT, choice_parser(modes, "the mode"))
    check_mode(options, mode)
    piles, note = options.piles, None
    if piles is None:
        piles, note = piles_or_default(console.ask(PILES_PROMPT, lambda text: text))
    answers = {"rules": str(rules), "mode": mode, "piles": piles, "note": note, "name": options.name,
               "ai": list(options.ai or []), "level": options.difficulty, "first": options.first,
               "seat_names": options.seat_names}
    state = label_seats(flow, flow.setup(answers, rng, options.seed or 0))
    play_machine(flow, state, options, console)
    return 0
