"""``nimcore replay``: replay a Lab 2 test file against NimX, annotated."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nim.commands.common import add_rule_flags, rules_from_args
from nim.errors import NimError
from nim.study.replay import format_replay, read_replay_file, replay_game
from nim.solving.solution import DEFAULT_NODE_LIMIT

_DESCRIPTION = """\
Replay a Lab 2 test file: the file's moves are the human's, who moves first;
NimX answers each with a best move (ties: the first pile, then the smallest
count). The board is shown after every move, a human move that throws away a
won position is marked '??', and the winner is named -- when the file ends
before the game does, the winner with best play from the position reached.

File format: the number of piles on the first line, then one pile size per
line, then one move per line as `pile_index count` (0-based pile index).
Lab 2's files are misère games: add --misere.
"""

_EPILOG = """\
examples:
  nimcore replay lab2_test1.txt --misere
  nimcore replay game.txt --max-take 3 --json
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="replay a Lab 2 test file against NimX, annotated",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the test file ('-': standard input)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT, metavar="N",
                        help=f"stop a search after N nodes (default {DEFAULT_NODE_LIMIT:,}; 0: none)")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


#: Largest --node-limit: the engines count nodes in 64 bits.
MAX_NODE_LIMIT = 2**63 - 1


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.node_limit <= MAX_NODE_LIMIT:
        raise NimError(f"--node-limit must be from 0 (none) to {MAX_NODE_LIMIT:,}, not {args.node_limit}")
    rules = rules_from_args(args)
    game = read_replay_file(args.file)
    replay = replay_game(game, rules, node_limit=args.node_limit or None)
    if args.json:
        json.dump(replay.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_replay(replay))
    return 0
