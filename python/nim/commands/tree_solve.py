"""``nimcore tree-solve``: minimax or alpha-beta over a game tree read from a JSON file."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from nim.commands.common import add_limit_flags
from nim.trees import GameTree, TreeSolution, short_repr, solve_tree

_DESCRIPTION = """\
Solve a generic two-player game tree read from a JSON file: its minimax value
for MAX (the player at the root; levels alternate), MAX's first best move and
the nodes visited, exactly as the CENG 462 assignment counts them.

The file holds either nested lists -- an inner node is a list of children, a
leaf is its utility for MAX:

  [[3, 12, 8], [2, 4, 6], [14, 5, 2]]          (or {"tree": [...]})

or an AIMA-style dictionary:

  {"root": "A",
   "successors": {"A": {"a1": "B", "a2": "C"}, "B": {"b1": "B1", "b2": "B2"},
                  "C": {"c1": "C1", "c2": "C2"}},
   "utilities": {"B1": 3, "B2": 12, "C1": 2, "C2": 4}}

A successors entry may also be a plain list of child names.
"""

_EPILOG = """\
examples:
  nimcore tree-solve tree.json                     alpha-beta (the default)
  nimcore tree-solve tree.json --method Minimax --json
  echo '[[3,12,8],[2,4,6],[14,5,2]]' | nimcore tree-solve -
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tree-solve", help="minimax / alpha-beta over a game tree in a JSON file",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE.json", help="the tree ('-': standard input)")
    parser.add_argument("--method", default="AlphaBeta", metavar="NAME",
                        help="Minimax | AlphaBeta (default AlphaBeta)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_limit_flags(parser)  # the same default node limit as `solve`: no silent hour-long search
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    tree = GameTree.load(args.file)
    solution = solve_tree(tree, args.method, node_limit=args.node_limit, time_limit=args.time_limit)
    if args.json:
        payload = {"file": args.file, "tree_nodes": tree.size, "height": tree.height,
                   **solution.to_dict(tree.kind)}
        json.dump(payload, sys.stdout, allow_nan=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_report(args.file, tree, solution))
    return 0


def _report(path: str, tree: GameTree, solution: TreeSolution) -> str:
    lines = [
        f"tree       {path}: {tree.size:,} nodes, height {tree.height:,} ({tree.kind})",
        f"value      {solution.value} for MAX",
    ]
    if solution.best_index is None:
        lines.append("best move  none: the root is a leaf")
    elif tree.kind == "nested":
        lines.append(f"best move  child {solution.best_index} -> root[{solution.best_index}] "
                     f"= {short_repr(solution.best_child)}")
    else:
        lines.append(f"best move  {solution.best_move!r} -> {solution.best_child!r}")
    lines.append(f"engine     {solution.method}, {solution.nodes:,} nodes "
                 f"({solution.best_nodes:,} below the best child), {solution.seconds:.3f} s")
    return "\n".join(lines) + "\n"
