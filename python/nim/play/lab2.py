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
from nim.play.console import Console, choice_parser, parse_yes_no, piles_parser
from nim.play.game import Look
from nim.play.players import LEVELS, DepthLimitedStrategy
from nim.play.session import PlayOptions, check_mode, describe_rules, first_seat, make_players, play_series
from nim.rules import Rules

__all__ = ["LAB2_PILES", "LAB2_LOOK", "run_lab2"]

#: Lab 2 default piles.
LAB2_PILES = (1, 3, 5, 7)
LAB2_LOOK = Look(base=0, prompt="{name}, your move (pile_index count, piles from 0): ")


def run_lab2(options: PlayOptions, console: Console, rng: random.Random) -> int:
    console.say("Nim, Lab 2: misere play and difficulty levels. Piles are numbered from 0, "
                "as in Lab 2's test files.")
    rules = options.rules
    if rules is None:
        misere = console.ask("Misere play (whoever takes the last object loses)? (y/n) ", parse_yes_no)
        rules = Rules(misere=misere)
    mode = options.mode or "hvai"
    check_mode(options, mode)
    level = options.difficulty
    if level is None and mode != "hvh" and not options.ai:
        # the levels differ in play and misère alike: depth 1/2/4 and 30%/10%/0% random slips
        level = console.ask("Difficulty: 1 Easy, 2 Medium, 3 Hard: ",
                            choice_parser({"1": 1, "2": 2, "3": 3, "easy": 1, "medium": 2, "hard": 3},
                                          "the difficulty"))
    if level is not None and level not in (1, 2, 3):
        raise NimError(f"Lab 2 difficulty is 1, 2 or 3, not {level}")
    piles = options.piles or console.ask(
        "Piles (space-separated sizes, Enter for 1 3 5 7): ", piles_parser(LAB2_PILES))
    console.say(f"Rules: {rules}. {describe_rules(rules)}")
    chosen = level or 2
    players = make_players(mode, options, lambda: DepthLimitedStrategy(level=chosen, tie_break="lab2"),
                           seats=("Player 0", "Player 1"), rules=rules)   # numbered from 0, as the piles
    if mode != "hvh" and not options.ai:
        depth, slip = LEVELS[chosen]
        console.say(f"(In plain words: at level {chosen} the AI looks {depth} move{'s' if depth != 1 else ''} "
                    "ahead and scores the positions there by their nim-sum, the pile sizes combined by "
                    "XOR; a nim-sum of 0 is bad for the player to move"
                    + (f". {slip:.0%} of its moves are random slips.)" if slip else ". It never slips.)"))
    play_series(players, piles, rules, options, console, rng, first_seat(options, 0), LAB2_LOOK)
    return 0
