"""The KUET game flow in the terminal (SPEC section 4): the report's questions, then the
flow's machine (``nim.flows.kuet``) rendered by ``nim.play.machine``, game after game of
its series.

The greeting, the name, ``y``/``n`` and the difficulty are asked here when no flag
answers them (``--name``, ``--play``, ``--difficulty``), in the flow's words. Easy: 3
games against IDA* (or the ``--ai`` player); Hard: 6 games, Minimax and Alpha-Beta in
turn, then the selection step. A loaded record goes on at its game of the series with
the results before it.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

from nim.errors import NimError
from nim.flows import flow_info, machine_of
from nim.flows.kuet import (DIFFICULTY_LINES, Kuet, DIFFICULTY_PROMPT, NAME_PROMPT, PLAY_PROMPT, PLAY_QUESTION,
                            goodbye)
from nim.play.console import Console, choice_parser, parse_name, parse_yes_no
from nim.play.machine import game_header, play_one, say
from nim.play.session import PlayOptions
from nim.play.strategies import make_strategy
from nim.rules import Rules

__all__ = ["KUET_RULES", "run_kuet"]

#: KUET's NimX: a move takes 1 to 3 stones (the registry's, ``nim.flows``).
KUET_RULES: Rules = flow_info("kuet").fixed_rules or Rules(take="max", k=3)


def run_kuet(options: PlayOptions, console: Console, rng: random.Random) -> int:
    """The whole KUET session; returns the exit status (0).

    Raises
    ------
    NimError
        For options the KUET game cannot honour (its rules are fixed).
    EndOfInput, QuitGame
        From a prompt.
    """
    if options.rules is not None and options.rules != KUET_RULES:
        raise NimError(f"the KUET game has fixed rules (take 1 to 3, the last stone wins), "
                       f"not {options.rules}: drop the rule flags or use --style rajalakshmi")
    if options.mode not in (None, "hvai"):
        raise NimError(f"the KUET game is you against NimX, not --mode {options.mode}: "
                       "use --style rajalakshmi for other modes")
    flow = machine_of("kuet")
    assert isinstance(flow, Kuet)
    for line in flow.heading(KUET_RULES):
        console.say(line)
    name = options.name or console.ask(NAME_PROMPT, parse_name)
    wants = options.play
    if wants is None:
        if options.difficulty is not None:
            wants = True
        else:
            console.say(PLAY_QUESTION)
            wants = console.ask(PLAY_PROMPT, parse_yes_no)
    if not wants:
        console.say(goodbye(name))
        return 0
    difficulty = options.difficulty
    if difficulty is None:
        for line in DIFFICULTY_LINES:
            console.say(line)
        difficulty = console.ask(DIFFICULTY_PROMPT,
                                 choice_parser({"1": 1, "2": 2, "easy": 1, "hard": 2}, "the difficulty"))
    if difficulty not in (1, 2):
        raise NimError(f"KUET difficulty is 1 (Easy) or 2 (Hard), not {difficulty}")
    ais = list(options.ai or [])
    # a loaded record's game plays its own board; the games after it the series' board (--piles),
    # else those drawn when the series started
    board = options.piles if options.series is None else _series_board(options.series)
    answers: Dict[str, Any] = {"name": name, "difficulty": difficulty, "games": options.games, "piles": board,
                               "ai": ais, "ai_label": make_strategy(ais[0]).label if ais else None,
                               "first": options.first}
    state = flow.setup(answers, rng, options.seed or 0)
    for line in flow.introduction(state):
        say(console, line)
    opening: Optional[List[str]] = None
    if options.series is not None:
        game, results = _resumed(options, state["series"]["games"])
        state, opening = flow.goto(state, game - 1, results, board=options.piles)
    loaded = options.moves
    while True:
        header = game_header(options, state, flow.series_record(state))
        state = play_one(flow, state, options, console, loaded, header, opening)
        loaded = ()
        if options.results is not None:
            options.results.append(state)
        if state["series"]["done"]:
            return 0
        state, opening = flow.next_game(state)


def _resumed(options: PlayOptions, games: int) -> Tuple[int, List[int]]:
    """The game a loaded record goes on with (1-based) and the results before it
    (1: NimX won); a record of no series: game 1, no results."""
    series = options.series or {}
    game, results = series.get("game"), series.get("results")
    if not isinstance(game, int) or not 1 <= game <= games:
        return 1, []
    if not (isinstance(results, list) and len(results) == game - 1
            and all(r in (0, 1) for r in results)):
        raise NimError(f"the saved KUET series is at game {game} but lists {series.get('results')!r} "
                       "as the results before it")
    return game, list(results)


def _series_board(series: Dict[str, Any]) -> Optional[Tuple[int, ...]]:
    """The board a loaded series starts every game from (None: a random one)."""
    board = series.get("board")
    if (isinstance(board, list) and 1 <= len(board) <= 100
            and all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 10**6 for p in board)
            and any(board)):
        return tuple(board)
    return None
