"""``nimcore replay``: replay a Lab 2 test file against NimX, annotated."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Optional

from nim.commands.common import add_rule_flags, rules_from_args, whole_number
from nim.errors import NimError
from nim.game.limits import MAX_NODE_LIMIT
from nim.play.strategies import make_strategy
from nim.play.strategy import Strategy
from nim.study.replay import format_replay, read_replay_file, replay_game
from nim.game.solution import DEFAULT_NODE_LIMIT

_DESCRIPTION = """\
Replay a Lab 2 test file: the file's moves are the human's, who moves first;
NimX answers each with a best move (ties: the first pile, then the smallest
count). The board is shown after every move, a human move that throws away a
won position is marked '??', and the winner is named -- when the file ends
before the game does, the winner with best play from the position reached.

File format: the number of piles on the first line, then one pile size per
line, then one move per line as `pile_index count` (0-based pile index).
Lab 2's files are misère games: add --misere (without a rule flag the replay
assumes normal play and says so). A game saved by nimcore says its rules in
its comment lines (# rules: ...): they are used, and a rule flag must agree.

--ai or --level replaces NimX by another player (the AIs of `nimcore play`);
--record reads a game saved during `nimcore play` with `save FILE`, which
holds both players' moves: every move is annotated, nobody answers (a file
whose comment lines name both seats is such a game: --record is implied).
"""

_EPILOG = """\
examples:
  nimcore replay lab2_test1.txt --misere
  nimcore replay game.txt --max-take 3 --json
  nimcore replay lab2_test1.txt --misere --level 1 --seed 3   NimX at Lab 2's Easy level
  nimcore replay saved.txt --misere --record                 a game saved with 'save FILE'
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="replay a Lab 2 test file against NimX, annotated",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the test file ('-': standard input)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--node-limit", type=whole_number(0, MAX_NODE_LIMIT), default=DEFAULT_NODE_LIMIT, metavar="N",
                        help=f"stop a search after N nodes (default {DEFAULT_NODE_LIMIT:,}; 0: none)")
    parser.add_argument("--ai", metavar="STRATEGY",
                        help="the answering player instead of NimX: random, ida, depth:N, level:L, "
                             "minimax, alphabeta, nimsum, optimal")
    parser.add_argument("--level", type=whole_number(1, 3),
                        help="the answering player at Lab 2's difficulty level (1 Easy, 2 Medium, 3 Hard)")
    parser.add_argument("--seed", type=whole_number(0, 2**64 - 1), metavar="S",
                        help="random seed of the AI's slips (levels 1, 2)")
    parser.add_argument("--record", action="store_true",
                        help="the file holds both players' moves (a game saved with 'save FILE'): "
                             "annotate them, nobody answers")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.ai is not None and args.level is not None:
        raise NimError(f"give --ai or --level, not both (--ai {args.ai}, --level {args.level})")
    if args.record and (args.ai is not None or args.level is not None):
        raise NimError("--record replays both players' moves from the file: no AI answers, "
                       "so --ai and --level do not apply")
    ai: Optional[Strategy] = None
    if args.ai is not None:
        ai = make_strategy(args.ai, tie_break="lab2")
    elif args.level is not None:
        ai = make_strategy(f"level:{args.level}", tie_break="lab2")
    rules = rules_from_args(args, splits_ok=True)
    assumed = not (args.misere or args.max_take is not None or args.half or args.subtract is not None
                   or args.rules is not None or args.octal is not None or args.game is not None)
    game = read_replay_file(args.file)
    saved = game.header.rules if game.header is not None else None
    if saved is not None:           # a game saved by nimcore says its rules
        if not assumed and rules != saved:
            raise NimError(f"{game.name} is a game played under {saved}, not {rules}: drop the rule flags")
        rules, assumed = saved, False
    both = game.header is not None and len(game.header.seats) == 2    # a game saved by nimcore
    note = None
    if both and not args.record:
        if args.ai is not None or args.level is not None:
            raise NimError(f"{game.name} is a game saved by nimcore: it holds both players' moves, so no "
                           "AI answers them; replay it without --ai and --level")
        args.record = True
        note = (f"({game.name} is a game saved by nimcore, both players' moves: replayed as with "
                "--record.)\n")
    players = None
    if args.record and game.header is not None and len(game.header.seats) == 2:
        first = game.header.first
        names = (game.header.seats[first].name, game.header.seats[1 - first].name)
        if names[0] != names[1]:         # two seats of the same name stay "first" and "second"
            players = names
    replay = replay_game(game, rules, node_limit=args.node_limit or None, ai=ai, record=args.record,
                         seed=args.seed, players=players)
    if args.json:
        data = replay.to_dict()
        data["rules_assumed"] = assumed
        json.dump(data, sys.stdout)
        sys.stdout.write("\n")
    else:
        if assumed:
            sys.stdout.write(f"(No rule flag given: assuming {replay.rules} play; Lab 2's test files "
                             "are misère games, add --misere.)\n")
        if note is not None:
            sys.stdout.write(note)
        sys.stdout.write(format_replay(replay))
    return 0

