"""``nimcore table``: who wins a lone pile of each size, and its Grundy value."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, List

from nim.commands.common import add_limit_flags, add_rule_flags, integer, rules_from_args, said_if_long
from nim.rules import Rules
from nim.game.limits import Limits
from nim.families import ComponentFamily
from nim.solving.tables import MAX_TABLE_ROWS, PileRow, component_table, misere_table_searches, pile_table

_DESCRIPTION = """\
For each single-pile size n from 0 to --upto: whether the player to move wins
(under the chosen convention, by dynamic programming over the pile sizes),
every winning take, and the pile's Sprague-Grundy value (normal play).

With --half this is the forejune notes' DP score table: one pile, a move takes
1 to half the pile, the player left with 1 (who cannot move) loses.

With --octal CODE or --game NAME (a take-and-break game) the table is normal
play, from the game's nim-sequence; a winning take k may need the rest split
in two (see 'nimcore octal' for the sequence's period). With --misere the
outcome is misère: read off the game's misère quotient where one covers the
heaps (time linear in the rows), else each heap's options solved by search,
which may take very long: --time-limit bounds the whole table.

With --rules NAME of a game whose components are more than heaps, the table
lists that game's own components, each alone (its outcome, its Grundy value and
every winning move, in the game's words): Wythoff's game the pairs (a, b),
a <= b <= N (its P-positions are the losses); Moore's Nim_k the positions of
k + 1 piles of at most N; Lasker's Nim one heap of 0 to N; Fibonacci Nim and
the other take-away games with a memory a fresh heap of 1 to N; Staircase Nim
one coin on step 1 to N; Nimble one coin on square 0 to N; a coin-turning row
a lone head at each place up to N (a row is the sum of its heads); a coin grid
a lone head at each (x, y), x, y <= N. Green Hackenbush, a graph game and a
sum have no table (a position is drawn or given, not counted): 'nimcore solve'.
"""

_EPILOG = """\
examples:
  nimcore table --half --upto 32          the forejune single-pile game
  nimcore table --misere --max-take 3
  nimcore table --subtract 1,3,4 --upto 50 --json
  nimcore table --octal 0.77 --upto 100   Kayles (normal play; a take may split the rest)
  nimcore table --game grundy-game        Grundy's game
  nimcore table --game kayles --misere --upto 100000    misère Kayles, by its quotient
  nimcore table --game dawson-kayles --misere --upto 60 --time-limit 30
  nimcore table --rules wythoff --upto 10     Wythoff's pairs: P-positions and Grundy values
  nimcore table --rules misere,moore,k=2 --upto 3
  nimcore table --rules mock-turtles --upto 16 --json   a lone head's value: the odious numbers
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "table", help="single-pile outcome and Grundy table",
        description=_DESCRIPTION, epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--upto", type=integer, default=20, metavar="N",
                        help=f"last pile size of the table (default 20, at most {MAX_TABLE_ROWS:,})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_flags(parser)
    add_limit_flags(parser)      # a misère take-and-break table's searches: the time in all, the nodes each
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_from_args(args, splits_ok=True)
    limits = Limits(nodes=args.node_limit or None, time=args.time_limit, progress=None)
    if isinstance(rules.family, ComponentFamily):     # the family says what its rows are
        return _run_components(args, rules, limits)
    # the rows past a misère quotient's heaps are searched: without a time limit, say how to bound them
    searches = args.time_limit is None and misere_table_searches(rules, args.upto, limits)
    with said_if_long("table", searches, "this table (its heaps past the misère quotient are searched)",
                      "--time-limit SECONDS"):
        rows = pile_table(args.upto, rules, limits=limits)
    if args.json:
        # one write: json.dump streams many small pieces (10**6 rows: 15 s instead of 2)
        sys.stdout.write(json.dumps({"rules": str(rules), "upto": args.upto, "grundy_convention": "normal",
                                     "rows": [row.to_dict() for row in rows]}) + "\n")
    else:
        sys.stdout.write(format_table(rows, rules))
    return 0



def _run_components(args: argparse.Namespace, rules: Rules, limits: Limits) -> int:
    """``table`` for a game whose components are more than heaps: the rows its family lists."""
    with said_if_long("table", args.time_limit is None, "this table", "--time-limit SECONDS"):
        what, rows = component_table(args.upto, rules, limits)
    if args.json:
        sys.stdout.write(json.dumps({"rules": str(rules), "upto": args.upto, "rows_are": what,
                                     "grundy_convention": "normal", "rows": [row.to_dict() for row in rows]},
                                    default=int) + "\n")
        return 0
    shown = [json.dumps(row.component, default=int) for row in rows]
    width = max(9, *(len(text) for text in shown))
    out = [f"{what} under {rules}: {rules.describe()}",
           "outcome: for the player to move, each alone; grundy: normal-play Sprague-Grundy value", "",
           f"{'component':<{width}}  outcome  grundy  winning moves"]
    for text, row in zip(shown, rows):
        moves = "; ".join(row.words) if row.words else ("- (no move)" if not row.movable else "-")
        grundy = "?" if row.grundy is None else str(row.grundy)
        out.append(f"{text:<{width}}  {row.outcome:<7}  {grundy:>6}  {moves}")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def format_table(rows: List[PileRow], rules: Rules) -> str:
    """The table as text, one pile size a line."""
    width = max(4, len(str(rows[-1].size)) + 1)
    head = f"{'n':>{width}}  outcome  grundy  winning takes"
    out = [f"single piles under {rules}: {rules.describe()}",
           "outcome: for the player to move; grundy: normal-play Sprague-Grundy value", "", head]
    for size, value, grundy, winning, movable in rows:
        takes = " ".join(map(str, winning)) if winning else "-"
        if not movable:
            takes = "- (no move)"
        out.append(f"{size:>{width}}  {'win    ' if value > 0 else 'loss   '}  {grundy:>6}  {takes}")
    return "\n".join(out) + "\n"
