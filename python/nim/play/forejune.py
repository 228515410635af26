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
from typing import Callable, List, Optional, Sequence

from nim.errors import NimError
from nim.play.fixed_rules import FOREJUNE_RULES
from nim.play.console import Console, Refusal, piles_parser
from nim.play.game import Look, Player
from nim.play.players import OptimalStrategy
from nim.play.session import PlayOptions, ai_for_seat, check_mode, play_series
from nim.position import Move, Position
from nim.rules import Rules
from nim.solving.tables import pile_outcomes

__all__ = ["FOREJUNE_SIZES", "FOREJUNE_LARGEST", "FOREJUNE_RULES", "run_forejune", "score_table",
           "format_score_table", "format_seed_scores", "forejune_move_parser"]

#: forejune: a random pile in this range when none is typed.
FOREJUNE_SIZES = (10, 30)
#: Largest pile the forejune game accepts (its DP table is printed up to it).
FOREJUNE_LARGEST = 10_000


def forejune_move_parser(position: Position) -> Callable[[str], Move]:
    """The seed's check ``move < 1 || move > m`` with its ``Invalid move; try again:``
    and the reason."""
    n = position.piles[0]
    most = n // 2

    def parse(answer: str) -> Move:
        text = answer.strip()
        if not (text.isascii() and text.isdigit()):
            raise Refusal(f"Invalid move; try again: type a whole number from 1 to {most}"
                          + (f", not {text[:30]!r}" if text else ""))
        if len(text) > 30:
            raise Refusal(f"Invalid move; try again: a number of {len(text)} digits is too large "
                          f"(at most {most})")
        move = int(text)
        if not 1 <= move <= most:
            raise Refusal(f"Invalid move; try again: take 1 to {most} (half of {n}), not {move}")
        return Move(0, move)

    return parse


def _ending(players: Sequence[Player], winner: int) -> str:
    """The seed's endings: ``You lost!``, ``AI lost; you won!`` (other seats in the same words)."""
    won, lost = players[winner].name, players[1 - winner].name
    if lost == "You":
        return "You lost!"
    if won == "You":
        return f"{lost} lost; you won!"
    return f"{lost} lost; {won} won!"


def _look(mode: str) -> Look:
    prompt = ("Your turn. Enter number ({low}-{high}): " if mode == "hvai"
              else "{name}, your turn. Enter number ({low}-{high}): ")
    return Look(board=lambda piles, color, width, columns: "", prompt=prompt,
                move_line="{name} {takes} {count}, {left} remain", parser=forejune_move_parser,
                opening="{name} {moves} first. Starting with n = {total}", ending=_ending,
                resumed="{left} remain")          # the seed's words, as after every move


def run_forejune(options: PlayOptions, console: Console, rng: random.Random) -> int:
    if options.rules is not None and options.rules != FOREJUNE_RULES:
        raise NimError(f"the forejune game has fixed rules (take 1 to half the pile, the player left "
                       f"with 1 loses), not {options.rules}: drop the rule flags or use "
                       "--style rajalakshmi")
    rules = FOREJUNE_RULES
    if options.piles is not None:
        if len(options.piles) != 1:
            raise NimError(f"the forejune game has one pile, not {len(options.piles)}: {list(options.piles)}")
        pile = options.piles[0]
        if not 2 <= pile <= FOREJUNE_LARGEST:
            raise NimError(f"the forejune game needs a pile of 2 to {FOREJUNE_LARGEST:,}, not {pile}")
    else:
        low, high = FOREJUNE_SIZES
        typed = console.ask(f"Enter number of blocks you want to start (2 to {FOREJUNE_LARGEST}): ",
                            _optional_single_pile())
        pile = typed if typed is not None else rng.randint(low, high)
    if options.table:
        console.say(format_seed_scores(pile))
    mode = options.mode or "hvai"
    check_mode(options, mode)
    default = lambda: OptimalStrategy(forejune=True)  # noqa: E731
    first = 0
    if mode == "hvai":                         # the AI sits first, and moves first unless --first human
        ai = ai_for_seat(options, 0, default)
        players = [Player("AI", ai, role=ai.label_for(rules)), Player(options.name or "You", role="you")]
        first = 1 if options.first == "human" else 0
    elif mode == "hvh":
        players = [Player(options.name or "Player 1", role="human"), Player("Player 2", role="human")]
    else:
        one, two = ai_for_seat(options, 0, default), ai_for_seat(options, 1, default)
        players = [Player("AI 1", one, role=one.label_for(rules)), Player("AI 2", two, role=two.label_for(rules))]
    play_series(players, (pile,), rules, options, console, rng, first, _look(mode))
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
