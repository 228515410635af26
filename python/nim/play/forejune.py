"""The forejune game flow (SPEC section 4), in its seed's words.

One pile; a move takes 1 to half of it; the player left with 1 cannot move
and loses. The lines are the seed's testing routine's (``testNimdp.cpp``):
``Enter number of blocks you want to start (2 to 99):`` (here up to 10000;
Enter: a random pile of 10 to 30), ``AI moves first. Starting with n = 20``,
``AI takes 3, 17 remain``, ``Your turn. Enter number (1-8):``, ``Invalid
move; try again:`` (with the reason), ``You take 3, 14 remain``, and ``You
lost!`` or ``AI lost; you won!``. The AI moves first (``--first human``: you
do); when it is losing it plays a random legal move, as the seed's
``bestMove`` does. ``--table`` prints the seed's ``score:`` line (1: the
player to move wins, -1: loses). The rules are fixed: a rule flag that
changes them is refused. Two humans are ``Player 1`` and ``Player 2``, two
AIs ``AI 1`` and ``AI 2``, in the same lines.
"""

from __future__ import annotations

import random
from typing import Callable, List, Optional

from nim.errors import NimError
from nim.flows import flow_info, machine_of
from nim.flows.forejune import BLOCKS_PROMPT, LARGEST as FOREJUNE_LARGEST, parse_take
from nim.play.console import Console, piles_parser
from nim.play.machine import label_seats, play_machine
from nim.play.session import PlayOptions, check_mode
from nim.position import Move, Position
from nim.rules import Rules
from nim.solving.tables import pile_outcomes

__all__ = ["FOREJUNE_SIZES", "FOREJUNE_LARGEST", "FOREJUNE_RULES", "run_forejune", "score_table",
           "format_score_table", "format_seed_scores", "forejune_move_parser"]

#: forejune: a random pile in this range when none is typed (the registry's, ``nim.flows``).
FOREJUNE_SIZES = flow_info("forejune").pile_sizes or (10, 30)
#: forejune (testNimdp.cpp): one pile, a move takes 1 to half of it (the registry's).
FOREJUNE_RULES: Rules = flow_info("forejune").fixed_rules or Rules(take="half")


def forejune_move_parser(position: Position) -> Callable[[str], Move]:
    """The seed's check ``move < 1 || move > m`` with its ``Invalid move; try again:``
    and the reason (``nim.flows.forejune.parse_take``)."""
    return lambda answer: parse_take(position.piles[0], answer)


def run_forejune(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The terminal's forejune game: the flow's machine (``nim.flows.forejune``) rendered
    by ``nim.play.machine``; the pile asked, or from ``--piles``; ``--table`` first."""
    if options.rules is not None and options.rules != FOREJUNE_RULES:
        raise NimError(f"the forejune game has fixed rules (take 1 to half the pile, the player left "
                       f"with 1 loses), not {options.rules}: drop the rule flags or use "
                       "--style rajalakshmi")
    if options.piles is not None:
        if len(options.piles) != 1:
            raise NimError(f"the forejune game has one pile, not {len(options.piles)}: {list(options.piles)}")
        pile: Optional[int] = options.piles[0]
        if not 2 <= (pile or 0) <= FOREJUNE_LARGEST:
            raise NimError(f"the forejune game needs a pile of 2 to {FOREJUNE_LARGEST:,}, not {pile}")
    else:
        pile = console.ask(BLOCKS_PROMPT, _optional_single_pile())
    mode = options.mode or "hvai"
    check_mode(options, mode)
    flow = machine_of("forejune")
    ais = list(options.ai or [])
    answers = {"pile": pile, "mode": mode, "first": options.first, "name": options.name, "ai": ais}
    state = label_seats(flow, flow.setup(answers, rng, options.seed or 0))
    if options.table:
        console.say(format_seed_scores(state["start"][0]))
    if options.seat_names is not None:      # a loaded game goes on between the same names
        for index, name in enumerate(options.seat_names):
            state["seats"][index]["name"] = name
    play_machine(flow, state, options, console)
    return 0


def _optional_single_pile() -> Callable[[str], Optional[int]]:
    parse_one = piles_parser(None, largest=FOREJUNE_LARGEST, single=True)

    def parse(answer: str) -> Optional[int]:
        if not answer:
            return None
        pile = parse_one(answer)[0]
        if pile < 2:
            raise ValueError(f"the pile needs at least 2 objects (a pile of {pile} has no move), not {pile}")
        return pile

    return parse


def score_table(upto: int, rules: Rules) -> List[bool]:
    """The forejune DP table: entry n is True when a single pile of n is won for its mover
    (the one single-pile DP of the Python layer, ``nim.solving.tables``)."""
    return [value > 0 for value in pile_outcomes(upto, rules)]


def format_score_table(upto: int, rules: Rules) -> str:
    """The DP table as text: ``n`` and W (the mover wins) or L, rows of 10."""
    table = score_table(upto, rules)
    lines = [f"Single-pile scores under {rules} (W: the player to move wins, L: loses)"]
    for start in range(1, upto + 1, 10):
        row = range(start, min(start + 10, upto + 1))
        lines.append("  n " + " ".join(f"{n:>3}" for n in row))
        lines.append("    " + " ".join(f"{'W' if table[n] else 'L':>3}" for n in row))
    return "\n".join(lines)


def format_seed_scores(upto: int) -> str:
    """The seed's ``score:`` line for piles 1 to ``upto`` under the forejune rules
    (1: the player to move wins, -1: loses), in rows of 10 under their ``n``."""
    table = score_table(upto, FOREJUNE_RULES)
    lines = []
    for start in range(1, upto + 1, 10):
        row = range(start, min(start + 10, upto + 1))
        lines.append("    n: " + "  ".join(f"{n:>3}" for n in row))
        lines.append("score: " + ", ".join(f"{1 if table[n] else -1:>3}" for n in row))
    return "\n".join(lines)
