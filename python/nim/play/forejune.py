"""The forejune game flow (SPEC section 4): one pile, take 1 to half of it.

The AI moves first; the player left with 1 cannot move and loses; when the AI
is losing it plays a random legal move; ``--table`` prints the DP table of won
and lost pile sizes. The pile has at least 2 objects (a pile of 1 has no move)
and the rules are fixed: a rule flag that changes them is refused.
"""

from __future__ import annotations

import random
from typing import Callable, List, Optional

from nim.errors import NimError
from nim.play.console import Console, piles_parser
from nim.play.game import Look, Player
from nim.play.players import OptimalStrategy
from nim.play.session import PlayOptions, ai_for_seat, check_mode, describe_rules, make_players, play_series
from nim.rules import Rules

__all__ = ["FOREJUNE_SIZES", "FOREJUNE_LARGEST", "FOREJUNE_RULES", "run_forejune", "score_table", "format_score_table"]

#: forejune: a random pile in this range when none is typed.
FOREJUNE_SIZES = (10, 30)
#: Largest pile the forejune game accepts (its DP table is printed up to it).
FOREJUNE_LARGEST = 10_000
FOREJUNE_RULES = Rules(take="half")
FOREJUNE_LOOK = Look(prompt="{name}, how many do you take? ", move_line="{name} takes {count}.")


def run_forejune(options: PlayOptions, console: Console, rng: random.Random) -> int:
    if options.rules is not None and options.rules != FOREJUNE_RULES:
        raise NimError(f"the forejune game has fixed rules (take 1 to half the pile, the player left "
                       f"with 1 loses), not {options.rules}: drop the rule flags or use "
                       "--style rajalakshmi")
    rules = FOREJUNE_RULES
    console.say(f"One pile. {describe_rules(rules)} The player left with 1 cannot move and loses. "
                "The AI moves first.")
    if options.piles is not None:
        if len(options.piles) != 1:
            raise NimError(f"the forejune game has one pile, not {len(options.piles)}: {list(options.piles)}")
        pile = options.piles[0]
        if not 2 <= pile <= FOREJUNE_LARGEST:
            raise NimError(f"the forejune game needs a pile of 2 to {FOREJUNE_LARGEST:,}, not {pile}")
    else:
        low, high = FOREJUNE_SIZES
        typed = console.ask(f"Pile size (2 to {FOREJUNE_LARGEST:,}, Enter for a random {low}-{high}): ",
                            _optional_single_pile())
        pile = typed if typed is not None else rng.randint(low, high)
    if options.table:
        console.say(format_score_table(pile, rules))
    mode = options.mode or "hvai"
    check_mode(options, mode)
    default = lambda: OptimalStrategy(forejune=True)  # noqa: E731
    players = make_players(mode, options, default, seats=("Player 1", "Player 2"))
    first = 0
    if mode == "hvai":                         # the AI sits first, and moves first unless --first human
        ai = ai_for_seat(options, 0, default)
        human = f"{options.name} (Player 2)" if options.name else "Player 2 (you)"
        players = [Player(f"Player 1 (AI, {ai.label})", ai), Player(human)]
        first = 1 if options.first == "human" else 0
    play_series(players, (pile,), rules, options, console, rng, first, FOREJUNE_LOOK)
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
    """The forejune DP table: entry n is True when a single pile of n is won for its mover."""
    won: List[bool] = []
    for n in range(upto + 1):
        takes = rules.takes(n)
        won.append(any(not won[n - k] for k in takes) if takes else rules.misere)
    return won


def format_score_table(upto: int, rules: Rules) -> str:
    """The DP table as text: ``n`` and W (the mover wins) or L, rows of 10."""
    table = score_table(upto, rules)
    lines = [f"Single-pile scores under {rules} (W: the player to move wins, L: loses)"]
    for start in range(1, upto + 1, 10):
        row = range(start, min(start + 10, upto + 1))
        lines.append("  n " + " ".join(f"{n:>3}" for n in row))
        lines.append("    " + " ".join(f"{'W' if table[n] else 'L':>3}" for n in row))
    return "\n".join(lines)
