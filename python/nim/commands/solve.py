"""``nimcore solve``: the value and a best move of a position."""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple

from nim.commands.common import (
    add_limit_flags, add_rule_flags, component_move_words, parse_piles, read_game_position, read_piles_file,
    rules_from_args, said_if_long, whole_number,
)
from nim.families import ComponentFamily
from nim.game.analysis import MoveAnalysis
from nim.errors import InvalidPositionError, MoveTooLargeError
from nim.position import Move, count_takes
from nim.rules import Rules
from nim.solving.defaults import analyze, solve
from nim.solving.engines import METHODS, TheoryWarning
from nim.kernel import MAX_MB
from nim.game.solution import DEFAULT_TT_MB, Solution

_DESCRIPTION = """\
Solve a Nim position exactly: who wins with best play, and a best move.

The engine `auto` (the default) uses the theory -- Bouton's theorem,
Sprague-Grundy values and, in misère play, the tame rule of condition (C) --
for every rule set, instant on millions of piles of any size. Where (C) fails
(no rule set is known to) it says so and searches: `tt`, alpha-beta over
canonical positions with a transposition table of at most --tt-mb MB.
`minimax` and `alphabeta` search the whole game tree and count its nodes.

--explain shows why: each pile's Grundy value, their XOR, the rule that
decides, how many moves the game lasts (take any), why the move wins
(summarised for many piles), and where the theory is written down.

--all-moves scores every legal move: its value for the player who makes it
and its depth, the number of moves left after it when the winner hurries and
the loser delays (exact: by formula under take any; under the other take
rules by a search of every reachable position, so on large positions add
--no-depth for values only).

Take-and-break games (--octal CODE, --game NAME, or a rule string such as
--rules kayles or --rules misere,octal=0.77): a move may split a heap in two.
Normal play is answered by the XOR of the heaps' nim-sequence values (heaps
of any size where the period is proven, e.g. Kayles); misère play by
Conway's genus rule where every heap is tame, else by the exact search (tt).
A split move prints as "take 1 from pile 0, leaving heaps of 2 and 4" and in
JSON as [pile, count, [a, b]].

A limit reached exits with status 3; Ctrl-C stops the search at once (status
130). A long search shows its progress on stderr when that is a terminal.
"""

_EPILOG = """\
examples:
  nimcore solve 1 3 5 7 --misere
  nimcore solve 1 2 4 5 --misere --method minimax
  nimcore solve 10 20 30 --max-take 3 --json
  nimcore solve 28 28 2 3 3 12 27 6 24 26 --misere --max-take 3 --tt-mb 512
  nimcore solve 1 3 5 7 --misere --all-moves
  nimcore solve 4 1 7 --misere --max-take 3 --explain
  nimcore solve --file piles.txt --subtract 1,3,4
  nimcore solve 7 4 1000000000 --game kayles --explain
  nimcore solve 5 6 8 --rules misere,octal=0.07 --all-moves
  nimcore solve 40 30 20 5 --game kayles --misere --method quotient --explain
  nimcore solve --batch positions.txt --misere --max-take 3 --workers 2 --json
  nimcore solve '[[3, 5], [4, 4]]' --rules wythoff
  nimcore solve THHTH --rules mock-turtles --explain
  nimcore solve '{"edges": [[0, 1], [1, 0], [1, 2]], "tokens": [0, 2]}' --rules graph
  nimcore solve '[[0, 1], [1, 2], [2, 0]]' --rules green-hackenbush --json

Games whose position is more than heaps (--rules wythoff, turning-turtles, mock-turtles,
ruler, turning-corners, tartan=A*B, green-hackenbush, graph, ...) take it as one JSON
argument (or --file FILE holding the JSON); a coin row may be a bare word, THHTH.
With --batch FILE each line of FILE is one such position (nimcore solve --batch
pairs.txt --rules wythoff), answered by a line with its move in the game's words.
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
                        help=f"engine: {' | '.join(METHODS)} (default auto); take-and-break games in "
                             "misère play also take 'quotient' (the misère quotient, forced: an error "
                             "where it cannot cover the heaps; auto uses it first)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (with --all-moves: a 'moves' list too)")
    parser.add_argument("--all-moves", action="store_true",
                        help="also score every legal move: value and depth")
    parser.add_argument("--no-depth", action="store_true",
                        help="with --all-moves: values only, no depths (fast on large positions)")
    parser.add_argument("--explain", action="store_true",
                        help="explain the answer: Grundy values, XOR, the rule that decides, why the move wins")
    add_rule_flags(parser)
    limits = add_limit_flags(parser)
    limits.add_argument("--tt-mb", type=whole_number(1, MAX_MB), default=None, metavar="MB",
                        help=f"memory of the tt engine (table, endgame tables, stack) in MB (default {DEFAULT_TT_MB})")
    batch = parser.add_argument_group("many positions")
    batch.add_argument("--batch", metavar="FILE",
                       help="solve one position per line of FILE ('-': standard input); "
                            "one answer per line (a JSON object each with --json)")
    batch.add_argument("--workers", type=whole_number(1, 1024), default=1, metavar="N",
                       help="with --batch: solve on N processes (default 1)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        if args.piles or args.file is not None or args.all_moves:
            raise InvalidPositionError("--batch takes its positions from FILE: no piles, --file or --all-moves")
        from nim.commands.batch import run_batch

        with said_if_long("solve", args.time_limit is None, what="these positions"):
            return run_batch(args, rules_from_args(args, splits_ok=True), dict(
                node_limit=args.node_limit or None, time_limit=args.time_limit, tt_mb=args.tt_mb))
    rules = rules_from_args(args, splits_ok=True)
    if isinstance(rules.family, ComponentFamily):      # the position is JSON: the family reads it
        return _run_game(args, rules)
    if args.file is not None and args.piles:
        raise InvalidPositionError("give pile sizes or --file, not both")
    if args.file is not None:
        piles = read_piles_file(args.file)
    elif args.piles:
        piles = parse_piles(args.piles)
    else:
        raise InvalidPositionError("no piles given: e.g. `nimcore solve 1 3 5 7`, or --file FILE")
    limits: Dict[str, Any] = dict(node_limit=args.node_limit, time_limit=args.time_limit,
                                  tt_mb=args.tt_mb, progress=None)
    with said_if_long("solve", args.time_limit is None):     # the explanation and the analysis search too
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", TheoryWarning)
            solution = solve(piles, rules, args.method, **limits)
        notes = [str(w.message) for w in caught if issubclass(w.category, TheoryWarning)]
        explanation = None
        if args.explain:
            from nim.solving.explain import explain     # only when asked
            explanation = explain(piles, rules, **limits)
        rows: Optional[List[MoveAnalysis]] = None
        if args.all_moves:
            _check_listing(piles, rules)      # before the analysis: counted, not listed
            rows = analyze(piles, rules, depth=not args.no_depth, **limits)
    if args.json:
        import json  # only here: start-up

        payload: Dict[str, Any] = {**_piles_echo(piles), "rules": str(rules), **solution.to_dict()}
        if rows is not None:
            payload["moves"] = [row.to_dict() for row in rows]
        if notes:
            payload["notes"] = notes
        if explanation is not None:
            payload["explanation"] = explanation.to_dict()
        sys.stdout.write(json.dumps(payload))   # C encoder; json.dump streams in Python (9x slower)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_report(piles, rules, solution))
        for note in notes:
            sys.stdout.write(f"note       {note}\n")
        if explanation is not None:
            sys.stdout.write("\n" + explanation.text + "\n")
        if rows is not None:
            _write_move_table(piles, rows, rules)
    return 0


def _run_game(args: argparse.Namespace, rules: Rules) -> int:
    """``solve`` for a game whose position is a JSON value (``ComponentFamily``: Wythoff's
    pairs, Moore's Nim_k, Fibonacci Nim, ...): one generic surface for every such family."""
    from nim.solving.explain import explain

    position = read_game_position(args.piles, args.file, rules)
    limits: Dict[str, Any] = dict(node_limit=args.node_limit, time_limit=args.time_limit)
    too_large: Optional[MoveTooLargeError] = None
    with said_if_long("solve", args.time_limit is None):
        started = time.perf_counter()
        try:
            solution = solve(position, rules, args.method, **limits)
        except MoveTooLargeError as large:     # won, the move known: said in words, not made
            solution, too_large = Solution(1, None, 0, "theory", time.perf_counter() - started), large
        explanation = explain(position, rules, **limits) if args.explain else None
        rows = analyze(position, rules, **limits) if args.all_moves else None
    if args.json:
        import json

        payload: Dict[str, Any] = {"position": position, "rules": str(rules), **solution.to_dict()}
        if too_large is not None:
            payload.update(move_words=too_large.move_words, move_not_made=too_large.why)
        if rows is not None:
            payload["moves"] = [row.to_dict() for row in rows]
        if explanation is not None:
            payload["explanation"] = explanation.to_dict()
        sys.stdout.write(json.dumps(payload, default=int) + "\n")
        return 0
    outcome = {1: "the player to move wins", 0: "a draw: neither player can force a win",
               -1: "the player to move loses"}[solution.value]
    lines = [f"position   {_short_json(position)}   ({rules})", f"value      {solution.value:+d}: {outcome}"]
    move = solution.move
    if too_large is not None:
        lines.append(f"best move  {too_large.where()}{too_large.move_words}; {too_large.why}")
    elif move is None:
        lines.append("best move  none: no move is left")
    else:                                   # in the family's own words ("move 1 coin from step 1 ...")
        lines.append(f"best move  {component_move_words(rules, position, move)}")
    lines.append(f"engine     {solution.method}, {solution.nodes:,} nodes, {solution.seconds:.3f} s")
    sys.stdout.write("\n".join(lines) + "\n")
    if explanation is not None:
        sys.stdout.write("\n" + explanation.text + "\n")
    if rows:
        said = [component_move_words(rules, position, row.move) for row in rows]
        width = max(60, max(map(len, said)))
        for words, row in zip(said, rows):
            outcome = _WINS if row.value > 0 else "draws" if row.value == 0 else _LOSES
            sys.stdout.write(f"{words:<{width}} {outcome}\n")
        counts = [sum(1 for row in rows if row.value == v) for v in (1, 0, -1)]
        drawing = f", {counts[1]} drawing" if counts[1] else ""     # only a game with draws has them
        sys.stdout.write(f"{len(rows)} moves, {counts[0]} winning{drawing}, {counts[2]} losing\n")
    return 0


def _short_json(value: Any) -> str:
    import json

    shown = json.dumps(value)
    return shown if len(shown) <= 200 else f"{shown[:150]} ... ({len(shown):,} characters)"


#: The most moves ``--all-moves`` lists (a table line or a JSON object each): a
#: pile of 2**64 has 2**64 moves, and 10**6 lines already take some 700 MB to make.
MAX_LISTED_MOVES = 1_000_000


def _check_listing(piles: List[int], rules: Rules) -> None:
    """Refuse a position with more than MAX_LISTED_MOVES legal moves, saying how many."""
    if rules.splits:
        from nim.takebreak.sums import sum_table
        from nim.takebreak.analysis import count_split_moves
        total = count_split_moves(piles, sum_table(rules))
    else:
        total = sum(count_takes(rules.takes(pile)) for pile in piles)
    if total > MAX_LISTED_MOVES:
        raise InvalidPositionError(
            f"{_show(piles)} has {total:,} legal moves; --all-moves lists at most "
            f"{MAX_LISTED_MOVES:,}")


def _write_move_table(piles: List[int], rows: List[MoveAnalysis], rules: Rules) -> None:
    """The --all-moves table, one line per legal move, each made once (one
    formatting pass) and written a block at a time."""
    if not rows:
        sys.stdout.write("\nno legal move\n")
        return
    headers = ("move", "position after", "value", "depth")
    if rules.splits:
        moves, afters, values, depths = _move_cells(piles, rows)
        widths = [max(len(header), max(map(len, column)))
                  for header, column in zip(headers, (moves, afters, values, depths))]
        w0, w1, w2 = widths[:3]
        lines: Iterable[str] = (f"{m:<{w0}}  {a:<{w1}}  {v:<{w2}}  {d}\n"
                                for m, a, v, d in zip(moves, afters, values, depths))
    else:
        widths, lines = _take_lines(piles, rows, rules)
    sys.stdout.write("\n" + "  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip() + "\n")
    for block in _blocks(lines, 50_000):
        sys.stdout.write("".join(block))
    winning = sum(1 for row in rows if row[1] > 0)
    sys.stdout.write(f"{len(rows)} moves, {winning} winning; depth: moves left after it, "
                     "the winner hurrying and the loser delaying\n")


def _blocks(lines: Iterable[str], size: int) -> Iterator[List[str]]:
    block: List[str] = []
    for line in lines:
        block.append(line)
        if len(block) == size:
            yield block
            block = []
    if block:
        yield block


def _take_lines(piles: List[int], rows: List[MoveAnalysis], rules: Rules) -> Tuple[List[int], Iterator[str]]:
    """The widths of the table's columns, and its lines, for a take rule (no move
    splits). The widths come from each pile's largest and smallest take; a line is
    one %-format of a template made per pile and digit counts of the take and of
    what it leaves (the rest of the line fixed), not four cells padded apiece."""
    shown = len(piles) > SHOW_PILES         # only the first SHOW_PILES piles are printed
    tail = f" ... ({len(piles):,} piles)" if shown else ""
    unchanged = _show(piles)
    sides: Dict[int, Tuple[str, str]] = {}
    w0, w1 = len("move"), len("position after")
    for index, pile in enumerate(piles):
        takes = rules.takes(pile)
        if not takes:
            continue
        w0 = max(w0, len(f"take {takes[0]} from pile {index}"))
        if shown and index >= SHOW_PILES:
            w1 = max(w1, len(unchanged))
            continue
        before = " ".join(map(str, piles[:index]))
        after = " ".join(map(str, piles[index + 1:SHOW_PILES if shown else len(piles)]))
        sides[index] = (before + " " if before else "", (" " + after if after else "") + tail)
        w1 = max(w1, len(sides[index][0]) + len(str(pile - takes[-1])) + len(sides[index][1]))
    w2 = max(len("value"), len(_LOSES) if any(row[1] < 0 for row in rows) else len(_WINS))
    texts = {1: _WINS.ljust(w2), -1: _LOSES.ljust(w2)}
    fixed = len("take  from pile ")

    def lines() -> Iterator[str]:
        # a template serves while the pile and the digit counts of the take and of
        # what it leaves stay the same: [c_lo, c_hi] and [l_lo, l_hi] bound them
        template, current, has_sides = "", -1, False
        c_lo = c_hi = l_lo = l_hi = 0
        for (index, count), value, depth in rows:
            left = piles[index] - count
            if index != current or not (c_lo <= count <= c_hi and l_lo <= left <= l_hi):
                current = index
                c_digits, l_digits = len(str(count)), len(str(left))
                c_lo, c_hi = (10 ** (c_digits - 1) if c_digits > 1 else 0), 10 ** c_digits - 1
                l_lo, l_hi = (10 ** (l_digits - 1) if l_digits > 1 else 0), 10 ** l_digits - 1
                head = f"take %d from pile {index}" + " " * (w0 - fixed - c_digits - len(str(index)))
                has_sides = index in sides
                if has_sides:
                    before, after = sides[index]
                    template = (head + "  " + before + "%d" + after
                                + " " * (w1 - len(before) - l_digits - len(after)) + "  %s  %s\n")
                else:
                    template = head + "  " + unchanged.ljust(w1) + "  %s  %s\n"
            if has_sides:
                yield template % (count, left, texts[value], "-" if depth is None else depth)
            else:
                yield template % (count, texts[value], "-" if depth is None else depth)

    return [w0, w1, w2, len("depth")], lines()


_WINS, _LOSES = "+1 wins", "-1 loses"


def _move_cells(piles: List[int], rows: List[MoveAnalysis]) -> Tuple[List[str], List[str], List[str], List[str]]:
    """The four columns of the move table, as text. A take from pile i leaves the
    shown piles with only pile i changed: its text before and after pile i is made
    once per pile, not once per move."""
    moves: List[str] = []
    afters: List[str] = []
    shown = len(piles) > SHOW_PILES         # only the first SHOW_PILES piles are printed
    tail = f" ... ({len(piles):,} piles)" if shown else ""
    unchanged = _show(piles)
    around: Dict[int, Tuple[str, str]] = {}
    for row in rows:
        move = row.move
        pile = move[0]
        if len(move) != 2:                  # a split: the general way
            moves.append(str(move))
            afters.append(_after(piles, move))
            continue
        count = move[1]
        moves.append(f"take {count} from pile {pile}")
        if shown and pile >= SHOW_PILES:    # the pile is not printed
            afters.append(unchanged)
            continue
        sides = around.get(pile)
        if sides is None:
            before = " ".join(map(str, piles[:pile]))
            after = " ".join(map(str, piles[pile + 1:SHOW_PILES if shown else len(piles)]))
            sides = around[pile] = (before + " " if before else "", (" " + after if after else "") + tail)
        afters.append(f"{sides[0]}{piles[pile] - count}{sides[1]}")
    values = [_WINS if row.value > 0 else _LOSES for row in rows]
    depths = ["-" if row.depth is None else str(row.depth) for row in rows]
    return moves, afters, values, depths

def _report(piles: List[int], rules: Rules, solution: Solution) -> str:
    label = "best move"
    if solution.method == "ida":
        # IDA* ignores the opponent (SPEC 3.4): its value is the outcome of the
        # path it found, if both players followed it -- not the game value.
        outcome = (f"the player to move {'wins' if solution.value > 0 else 'loses'} along IDA*'s path "
                   "(not the game value: IDA* ignores the opponent; use --method auto)")
        label = "IDA* move"
    else:
        outcome = "the player to move wins" if solution.value > 0 else "the player to move loses"
    lines = [
        f"position   {_show(piles)}   ({rules})",
        f"value      {solution.value:+d}: {outcome}",
    ]
    if solution.move is None:
        lines.append(f"{label:<10} none: no move is left")
    else:
        from nim.families.takebreak import heap_move_said     # in the game's own words (Rayles' loops)

        said = heap_move_said(rules.family, piles, solution.move)
        lines.append(f"{label:<10} {said} -> {_after(piles, solution.move)}")
    lines.append(f"engine     {solution.method}, {solution.nodes:,} nodes, {solution.seconds:.3f} s")
    return "\n".join(lines) + "\n"


def _show(piles: List[int], count: Optional[int] = None) -> str:
    """The piles, the first SHOW_PILES of ``count`` (default: all of them) when more."""
    count = len(piles) if count is None else count
    if count <= SHOW_PILES:
        return " ".join(map(str, piles))
    return " ".join(map(str, piles[:SHOW_PILES])) + f" ... ({count:,} piles)"


def _after(piles: List[int], move: Move) -> str:
    """The position after ``move`` as _show writes it, without copying every pile
    (a table of 20,000 moves on 20,000 piles copied 4 * 10**8 of them)."""
    shown = piles[:SHOW_PILES + 1]
    if move.pile < len(shown):
        shown[move.pile] -= move.count
        if move.split is not None:          # the two parts replace the heap
            shown[move.pile:move.pile + 1] = list(move.split)
    return _show(shown, len(piles) + (move.split is not None))


#: ``--json`` echoes the piles themselves up to this many; past it, their count
#: and a digest (10**6 piles made 13 MB of JSON, most of the time taken).
JSON_PILES = 1000


def _piles_echo(piles: List[int]) -> Dict[str, Any]:
    """``piles`` (when at most JSON_PILES), else ``piles_digest``: "sha256:" and the
    SHA-256 of the pile sizes as 8-byte little-endian unsigned integers (a pile of
    2**64 or more: "sha256-text:" and that of the sizes in decimal, separated by
    single spaces); ``piles_count`` always."""
    if len(piles) <= JSON_PILES:
        return {"piles": piles, "piles_count": len(piles)}
    import hashlib
    from array import array

    try:
        packed = array("Q", piles)          # 10**6 piles in 20 ms; their text took 0.3 s
    except OverflowError:
        text = " ".join(map(str, piles)).encode("ascii")
        return {"piles_count": len(piles), "piles_digest": f"sha256-text:{hashlib.sha256(text).hexdigest()}"}
    if sys.byteorder == "big":
        packed.byteswap()
    return {"piles_count": len(piles), "piles_digest": f"sha256:{hashlib.sha256(packed.tobytes()).hexdigest()}"}
