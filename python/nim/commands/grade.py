"""``nimcore grade``: grade a learning agent's Q-table against perfect play."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nim.commands.common import add_rule_flags, parse_piles, rules_from_args, whole_number
from nim.errors import NimError
from nim.families import ComponentFamily

_DESCRIPTION = """\
Grade a Q-table (a learning agent's, saved as JSON or pickle) against perfect
play: in every position reachable from --piles (or --sample of them) the
agent plays greedily -- the legal move with the highest value, missing
entries counting 0, ties to the first move in (pile, count) order -- and the
exact oracle says whether the move keeps a won position won, and whether in a
lost position it delays the loss longest. Printed: both shares, per number of
objects left, and the worst blunders with a right move.

Q-table layouts (piles and moves numbered from 0):
  JSON    {"1,3,5,7": {"0,1": 0.5, "3,2": -0.1, ...}, ...}   state -> action -> value
          (keys: any text holding the numbers, e.g. "[1, 3, 5, 7]", "(0, 1)")
          or [{"state": [1,3,5,7], "action": [0,1], "value": 0.5}, ...]
  pickle  {(state, action): value}  (e.g. CS50's Nim: q[(tuple(piles), (i, j))])
          {state: {action: value}}, or {state: values indexed by action id}
An action is (pile, count) or an action id, pile * max_pile + count - 1, as
in nim.interop.envs (--max-pile; default the largest pile). Load only pickles you
trust: unpickling runs code.

Take-and-break games (--game kayles, --octal CODE, --game grundy-game): the
positions are the ones the environments show (heaps in order, an emptied heap
removed, a split's two heaps in its place); a state is its heaps (a padded
observation's zeros are dropped), an action (pile, count), (pile, count, (a, b))
for a split that leaves heaps a and b, or the environments' action id
((slot * (K + 1) + count) * max_pile + a; --max-piles as the environment's).
"""

_EPILOG = """\
examples:
  nimcore grade q.json --piles 1 3 5 7 --misere
  nimcore grade agent.pkl --piles 1 3 5 7 9 11 13 --misere --sample 20000 --seed 1
  nimcore grade q.json --piles 3 4 5 --json
  nimcore grade kayles.json --piles 5 7 --game kayles
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "grade", help="grade a learning agent's Q-table against perfect play",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qtable", metavar="QTABLE", help="the Q-table: FILE.json, or a pickle")
    parser.add_argument("--piles", nargs="+", metavar="N", default=["1", "3", "5", "7"],
                        help="the start: every position reachable from it is graded (default 1 3 5 7)")
    parser.add_argument("--sample", type=whole_number(1, 10**9), metavar="N",
                        help="grade N positions drawn at random instead of all")
    parser.add_argument("--seed", type=whole_number(0, 2**64 - 1), metavar="S", help="random seed of --sample")
    parser.add_argument("--max-pile", type=whole_number(1, 255), metavar="M",
                        help="decodes action ids (pile * M + count - 1); default the largest pile")
    parser.add_argument("--max-piles", type=whole_number(1, 32), metavar="S",
                        help="a take-and-break game's observation slots, as the environment's max_piles")
    parser.add_argument("--worst", type=whole_number(0, 1000), default=10, metavar="N",
                        help="blunders to show (default 10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from nim.study.grade import MAX_GRID, format_grade, grade, load_qtable

    rules = rules_from_args(args, splits_ok=True)
    if isinstance(rules.family, ComponentFamily):
        raise NimError(f"nimcore grade reads a Q-table, whose states and actions are heaps; {rules} is "
                       f"{rules.game_kind()}, which has no such encoding: grade a callable agent "
                       "from Python, nim.study.grade.grade(agent, rules, start)")
    piles = tuple(parse_piles(args.piles))
    size = 1
    for pile in piles:
        size *= pile + 1
    if size > MAX_GRID and not rules.splits:
        raise NimError(f"--piles {' '.join(args.piles)}: {size:,} positions lie below them; "
                       f"grade covers at most {MAX_GRID:,}")
    table = load_qtable(args.qtable)
    report = grade(table, rules, piles, sample=args.sample, seed=args.seed, max_pile=args.max_pile,
                   max_piles=args.max_piles, worst=args.worst)
    if args.json:
        json.dump(report.to_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_grade(report) + "\n")
    return 0
