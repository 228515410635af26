"""``nimcore tournament``: AI-vs-AI games between strategies, then the selection step."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, Optional, Tuple

from nim.commands.common import add_rule_flags, integer, parse_piles, rules_from_args, whole_number
from nim.commands.play import MAX_GAMES, MAX_PILE, MAX_PILES
from nim.errors import NimError
from nim.play.strategies import STRATEGY_NAMES, parse_strategies
from nim.play.tournament import format_tournament, play_tournament, tournament_games

_DESCRIPTION = """\
Play every pairing of strategies on random boards (2-3 piles of 1-6 unless
--piles is given), each board from both seats, and run the genetic
algorithm's selection step. Printed: the cross-table (who beat whom, wins /
games), each strategy's fitness (wins / games) with its 95% Wilson interval,
and the fittest strategy -- or a tie, when other strategies' fitness lies
within the fittest's interval (the games cannot tell them apart; the first
listed is kept). --json adds each strategy's chromosome (1 = win, 0 = loss,
in the order played).

A take-and-break game (--octal CODE, --game NAME, --rules kayles) is played
by the strategies that can make a split move: random, optimal and nimsum
(the default there: random,optimal); the searches (ida, depth, level,
minimax, alphabeta) cannot, and are refused.
"""

#: The strategies that play a take-and-break game (the searches cannot split a heap).
SPLIT_STRATEGIES = ("random", "optimal", "nimsum")
_DEFAULT = "random,ida,alphabeta,optimal"
_SPLIT_DEFAULT = "random,optimal"

_EPILOG = """\
examples:
  nimcore tournament --strategies random,ida,alphabeta,optimal --games 20 --seed 1
  nimcore tournament --strategies ida,depth:1,depth:3 --misere --games 10 --json
  nimcore tournament --game kayles --games 10 --seed 1
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament", help="AI-vs-AI games between strategies and the selection step",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--strategies", default=None, metavar="LIST",
                        help=f"comma-separated: {', '.join(STRATEGY_NAMES)} "
                             f"(default {_DEFAULT}; {_SPLIT_DEFAULT} for a take-and-break game)")
    parser.add_argument("--games", type=integer, default=10, metavar="N",
                        help="boards per pairing, each played from both seats (default 10)")
    parser.add_argument("--seed", type=whole_number(0, 2**64 - 1), metavar="S",
                        help="random seed: same seed, same result")
    parser.add_argument("--piles", nargs="+", metavar="N", help="play every game from this board")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, splits_ok=True)
    strategies = parse_strategies(args.strategies or (_SPLIT_DEFAULT if rules.splits else _DEFAULT))
    if rules.splits:
        for strategy in strategies:
            if strategy.name.partition(":")[0] not in SPLIT_STRATEGIES:
                raise NimError(f"strategy {strategy.name!r} cannot make the split moves of {rules}: "
                               f"use {', '.join(SPLIT_STRATEGIES)}")
    if not 1 <= args.games <= MAX_GAMES:
        raise NimError(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    piles: Optional[Tuple[int, ...]] = tuple(parse_piles(args.piles)) if args.piles else None
    if piles is not None:
        if len(piles) > MAX_PILES:
            raise NimError(f"--piles: at most {MAX_PILES} piles in a game, not {len(piles)}")
        if max(piles) > MAX_PILE:
            raise NimError(f"--piles: a pile of at most {MAX_PILE:,} in a game, not {max(piles)}")
    total = tournament_games(len(strategies), args.games)
    bar: Any = None
    if sys.stderr.isatty():
        from tqdm import tqdm  # type: ignore[import-untyped]

        bar = tqdm(total=total, desc="tournament", unit=" games", file=sys.stderr, leave=False)
    try:
        tournament = play_tournament(strategies, args.games, args.seed, rules, piles,
                                     on_game=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        report: Dict[str, Any] = {**tournament.to_dict(), "games": total, "rules": str(rules),
                                  "seed": args.seed}
        print(json.dumps(report))
        return 0
    print(f"Tournament: {len(strategies)} strategies, {total} games, rules {rules}"
          + (f", seed {args.seed}" if args.seed is not None else ""))
    print()
    print(format_tournament(tournament))
    return 0
