"""``nimcore solve``: the value and a best move of a position."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List

from nim.commands.common import (
    add_limit_flags, add_rule_flags, parse_piles, read_piles_file, rules_from_args,
)
from nim.errors import InvalidPositionError
from nim.solver import METHODS, Solution, solve

_DESCRIPTION = """\
Solve a Nim position exactly: who wins with best play, and a best move.

The engine `auto` (the default) uses theory where it applies -- Bouton's
theorem and Sprague-Grundy values, instant on millions of piles -- and a
search otherwise. `minimax` and `alphabeta` search the whole game tree and
count its nodes.
"""

_EPILOG = """\
examples:
  nimcore solve 1 3 5 7 --misere
  nimcore solve 1 2 4 5 --misere --method minimax
  nimcore solve 10 20 30 --max-take 3 --json
  nimcore solve --file piles.txt --subtract 1,3,4
"""

#: A position with more piles than this is summarised, not printed in full.
SHOW_PILES = 20


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve", help="who wins a position, and a best move",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("piles", nargs="*", metavar="PILE", help="pile sizes (non-negative)")
    parser.add_argument("--file", metavar="FILE",
                        help="read whitespace-separated pile sizes from FILE ('-': standard input)")
    parser.add_argument("--method", default="auto", metavar="NAME",
                        help=f"engine: {' | '.join(METHODS)} (default auto)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_flags(parser)
    add_limit_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.file is not None and args.piles:
        raise InvalidPositionError("give pile sizes or --file, not both")
    if args.file is not None:
        piles = read_piles_file(args.file)
    elif args.piles:
        piles = parse_piles(args.piles)
    else:
        raise InvalidPositionError("no piles given: e.g. `nimcore solve 1 3 5 7`, or --file FILE")
    rules = rules_from_args(args)
    solution = solve(
        piles, rules, args.method,
        node_limit=args.node_limit or None, time_limit=args.time_limit, progress=None,
    )
    if args.json:
        payload: Dict[str, Any] = {"piles": piles if len(piles) <= SHOW_PILES else None,
                                   "rules": str(rules), **solution.to_dict()}
        json.dump(payload, sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_report(piles, str(rules), solution))
    return 0


def _report(piles: List[int], rules: str, solution: Solution) -> str:
    outcome = "the player to move wins" if solution.value > 0 else "the player to move loses"
    lines = [
        f"position   {_show(piles)}   ({rules})",
        f"value      {solution.value:+d}: {outcome}",
    ]
    if solution.move is None:
        lines.append("best move  none: no move is left")
    else:
        after = list(piles)
        after[solution.move.pile] -= solution.move.count
        lines.append(f"best move  {solution.move} -> {_show(after)}")
    lines.append(f"engine     {solution.method}, {solution.nodes:,} nodes, {solution.seconds:.3f} s")
    return "\n".join(lines) + "\n"


def _show(piles: List[int]) -> str:
    if len(piles) <= SHOW_PILES:
        return " ".join(map(str, piles))
    return " ".join(map(str, piles[:SHOW_PILES])) + f" ... ({len(piles):,} piles)"
