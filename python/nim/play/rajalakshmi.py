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
from typing import Callable, List, Optional, Sequence, Tuple

from nim.play.console import Console, Refusal, choice_parser
from nim.play.game import Look, Player, move_parser
from nim.play.players import DepthLimitedStrategy, NimSumStrategy, OptimalStrategy
from nim.play.session import (
    MODE_WORDS, PlayOptions, ai_for_seat, check_mode, describe_rules, first_seat, play_series,
)
from nim.play.strategy import Strategy
from nim.position import Move, Position
from nim.rules import Rules

__all__ = ["DEFAULT_PILES", "run_rajalakshmi", "rajalakshmi_board", "parse_rajalakshmi_piles",
           "rajalakshmi_move_parser"]

#: The Rajalakshmi report's default piles.
DEFAULT_PILES = (3, 4, 5)
#: Largest pile and most piles the Rajalakshmi pile prompt accepts.
RAJALAKSHMI_LARGEST = 10**6
RAJALAKSHMI_MOST = 100


def rajalakshmi_board(piles: Sequence[int], color: bool = False, width: int = 0,
                      columns: Optional[int] = None) -> str:
    """The report's ``print_piles``: ``Piles: [0]:3 [1]:4 [2]:5`` (numbered from 0)."""
    return "Piles: " + " ".join(f"[{i}]:{p}" for i, p in enumerate(piles))


def parse_rajalakshmi_piles(answer: str) -> Tuple[int, ...]:
    """The report's ``parse_piles``: whole numbers >= 0 (zeros allowed).

    Raises
    ------
    ValueError
        With the report's reason, e.g. ``Invalid integer in piles: 'x'``.
    """
    parts = answer.split()
    if not parts:
        raise ValueError("Empty pile list")
    if len(parts) > RAJALAKSHMI_MOST:
        raise ValueError(f"At most {RAJALAKSHMI_MOST} piles, not {len(parts)}")
    piles: List[int] = []
    for part in parts:
        if not (part.isascii() and part.lstrip("-").isdigit()):
            raise ValueError(f"Invalid integer in piles: {part[:30]!r}")
        if len(part) > 30:
            raise ValueError(f"Pile sizes must be at most {RAJALAKSHMI_LARGEST:,}, not a number of "
                             f"{len(part)} digits")
        n = int(part)
        if n < 0:
            raise ValueError("Pile sizes must be non-negative")
        if n > RAJALAKSHMI_LARGEST:
            raise ValueError(f"Pile sizes must be at most {RAJALAKSHMI_LARGEST:,}, not {n}")
        piles.append(n)
    return tuple(piles)


def rajalakshmi_move_parser(position: Position) -> Callable[[str], Move]:
    """The report's ``human_move`` checks and messages (``pile_index`` from 0);
    other rule sets than plain Nim get ``move_parser``'s, numbered from 0."""
    if position.rules != Rules():
        return move_parser(position, 0)
    piles = position.piles

    def parse(answer: str) -> Move:
        if not answer:
            raise Refusal("Empty input — try again.")
        parts = answer.split()
        if len(parts) != 2:
            raise Refusal("Enter exactly two integers.")
        if not all(part.isascii() and part.lstrip("-").isdigit() for part in parts):
            raise Refusal("Invalid input. Use two integers like: 1 2")
        if any(len(part) > 30 for part in parts):
            raise Refusal(f"A number of {max(len(part) for part in parts)} digits is too large: "
                          f"pile indices are 0 to {len(piles) - 1}, and a pile has at most "
                          f"{max(piles, default=0)} stones.")
        index, remove = int(parts[0]), int(parts[1])
        if not 0 <= index < len(piles):
            raise Refusal("Invalid pile index. Try again.")
        if remove <= 0:
            raise Refusal("You must remove at least 1.")
        if remove > piles[index]:
            raise Refusal(f"Pile {index} only has {piles[index]} stones.")
        return Move(index, remove)

    return parse


def run_rajalakshmi(options: PlayOptions, console: Console, rng: random.Random) -> int:
    rules = options.rules or Rules()
    if options.difficulty is not None or options.ai:
        ai = "at its level"
    else:
        ai = "the nim-sum optimal move" if rules == Rules() else "the optimal move"
    console.say(f"Nim. {describe_rules(rules)} Piles are numbered from 0.")
    mode = options.mode
    if mode is None:
        modes = {"": "hvai", **MODE_WORDS}      # Enter: mode 1, the report's [default 1]
        mode = console.ask("Mode (1=H vs AI, 2=H vs H, 3=AI vs AI) [default 1]: ",
                           choice_parser(modes, "the mode"))
    check_mode(options, mode)
    if mode != "hvh":            # the AI is introduced only where one plays (issue 40, item 8)
        console.say(f"The AI plays {ai}.")
        if ai == "the nim-sum optimal move":
            console.say("(The nim-sum is the pile sizes combined by XOR: write them in binary and add each "
                        "column without carrying. The AI moves to make it 0, a position lost for the "
                        "player to move.)")
    piles = options.piles
    if piles is None:
        answer = console.ask("Enter piles as space-separated integers (press Enter for default 3 4 5): ",
                             lambda text: text)
        piles = DEFAULT_PILES
        if answer:
            try:
                piles = parse_rajalakshmi_piles(answer)
            except ValueError as error:
                console.say(f"Invalid piles input: {error}. Using default [3,4,5].")
    # the report's nim-sum AI under its own rules (take any); the exact player under others,
    # named as what it is ("the AI (Optimal)", not "Nim-sum" on rules where no nim-sum decides)
    default: Callable[[], Strategy] = NimSumStrategy if rules.family.is_nim else OptimalStrategy
    if options.difficulty is not None:
        level = options.difficulty
        default = lambda: DepthLimitedStrategy(level=level)  # noqa: E731
    players, intro = _seats(mode, options, default, rules)
    console.say(intro)
    console.say("Starting piles:")
    if mode != "hvh":        # the report's own double board; between two people the game draws it once
        console.say(rajalakshmi_board(piles))
    prompt = ("Enter 'pile_index remove_count' (e.g. '1 3'): " if mode == "hvai"
              else "{name}, enter 'pile_index remove_count' (e.g. '1 3'): ")
    look = Look(base=0, board=rajalakshmi_board, prompt=prompt,
                move_line="{name} removes {count} from pile [{pile}].", parser=rajalakshmi_move_parser,
                redraw_on_refusal=True)
    play_series(players, piles, rules, options, console, rng, first_seat(options, 0), look, game_over=True)
    return 0


def _seats(mode: str, options: PlayOptions,
           default_ai: Callable[[], Strategy], rules: Rules) -> Tuple[List[Player], str]:
    """The report's players, ``Player 0`` and ``Player 1`` (or your name), each
    introduced once: who is human, which AI."""
    names = options.seat_names or ("Player 0", "Player 1")    # a loaded game: the record's names
    players = [Player(options.name or names[0]), Player(names[1])]
    roles = ["human", "human"]
    if mode in ("hvai", "aivai"):
        for seat in ((1,) if mode == "hvai" else (0, 1)):
            ai = ai_for_seat(options, seat if mode == "aivai" else 0, default_ai)
            players[seat].strategy = ai
            roles[seat] = f"the AI ({ai.label_for(rules)})"
    if mode == "hvai":
        roles[0] = "you"
    return players, "; ".join(f"{p.name}: {role}" for p, role in zip(players, roles)) + "."
