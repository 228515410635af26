"""``nimcore tree``: draw the game tree of a small position (SVG, HTML or text)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from nim.commands.common import add_rule_flags, integer, parse_piles, rules_from_args
from nim.errors import InputFileError, InvalidPositionError
from nim.study.tree_search import DEFAULT_MAX_NODES, DEFAULT_TREE_DEPTH, MAX_NODES, build_game_tree
from nim.study.tree_drawing import tree_svg
from nim.study.tree_page import tree_html, tree_text

_DESCRIPTION = """\
Draw the game tree of a small position: every node with its position and its
minimax value for MAX (the player to move at the root), the principal
variation highlighted. With --method alphabeta the branches alpha-beta cuts
off are drawn as pruned (grey, dashed) and not expanded. --method depth
draws the Lab 2 report's trees: the depth-limited search to --depth moves
(default 3), +-1 where the game ends (under misère also when one stick is
left), +-0.5 the nim-sum evaluation at the cut-off.

A take-and-break game (--game kayles, --octal CODE, --rules misere,kayles)
is drawn with its split moves labelled ("take 1 from pile 0, leaving heaps
of 1 and 2"), by minimax or alpha-beta (the depth-limited tree's cut-off
evaluates Nim piles, so --method depth refuses it).

--svg FILE writes an SVG drawing, --html FILE a web page around it; without
either the tree is printed as an indented outline.
"""

_EPILOG = f"""\
examples:
  nimcore tree 1 2 2 --misere --svg tree.svg
  nimcore tree 1 3 5 --misere --method alphabeta --html tree.html
  nimcore tree 2 3                               # an outline in the terminal
  nimcore tree 4 2 --game kayles --method alphabeta
  nimcore tree 4 2 --misere --method depth --depth 3 --html lab2_win.html
  nimcore tree 4 4 --misere --html lab2_loss.html  # the report's second case, 1,921 nodes

Trees that search more than --max-nodes nodes (default {DEFAULT_MAX_NODES}; pruned stubs do
not count) are refused as soon as the search passes the cap.
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tree", help="draw the game tree of a small position as SVG or HTML",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("piles", nargs="+", metavar="PILE", help="pile sizes (non-negative)")
    parser.add_argument("--method", default="minimax", choices=["minimax", "alphabeta", "depth"],
                        help="the search drawn (default minimax: every node; depth: Lab 2's "
                             "depth-limited search)")
    parser.add_argument("--depth", type=integer, metavar="D",
                        help=f"--method depth: moves searched (default {DEFAULT_TREE_DEPTH})")
    parser.add_argument("--svg", metavar="FILE", help="write the tree as SVG to FILE ('-': stdout)")
    parser.add_argument("--html", metavar="FILE",
                        help="write an HTML page with the tree to FILE ('-': stdout)")
    parser.add_argument("--max-nodes", type=integer, default=DEFAULT_MAX_NODES, metavar="N",
                        help=f"refuse trees that search more than N nodes (default {DEFAULT_MAX_NODES}; "
                             f"at most {MAX_NODES:,})")
    add_rule_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    piles = parse_piles(args.piles)
    rules = rules_from_args(args, splits_ok=True)
    if args.svg == "-" and args.html == "-":
        raise InvalidPositionError("--svg and --html cannot both write to standard output")
    if args.depth is not None and args.method != "depth":
        raise InvalidPositionError(f"--depth {args.depth} is for --method depth, not --method {args.method}")
    tree = build_game_tree(piles, rules, args.method, max_nodes=args.max_nodes, depth=args.depth)
    if args.svg is None and args.html is None:
        sys.stdout.write(tree_text(tree))
        return 0
    for path, text in ((args.svg, tree_svg), (args.html, tree_html)):
        if path is not None:
            _write(path, text(tree))
    return 0


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise InputFileError(f"cannot write {path}: {error.strerror or error}") from None
    print(f"wrote {path}", file=sys.stderr)
