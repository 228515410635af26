"""Solve a batch of positions: one per line of a file (pile sizes separated by
spaces; ``#`` starts a comment), or random ones, under one rule set.

    python examples/solve_batch.py positions.txt --rules misere,max=3
    python examples/solve_batch.py --random 1000 --piles 4 --max-pile 20 --rules misere --seed 1
    python examples/solve_batch.py --random 5 --json

Prints one line per position (CSV: piles, value, best move, engine, seconds;
or JSON lines with ``--json``), then a summary on stderr. A bad line is
reported with its number and skipped; the exit status is 2 when any was.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Iterator, List, Tuple

import nim


def read_positions(path: str) -> Iterator[Tuple[int, str]]:
    """(line number, text) of every non-empty line, comments removed."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            text = line.split("#", 1)[0].strip()
            if text:
                yield number, text


def random_positions(count: int, piles: int, max_pile: int, seed: int) -> Iterator[Tuple[int, str]]:
    rng = random.Random(seed)
    for number in range(1, count + 1):
        yield number, " ".join(str(rng.randint(0, max_pile)) for _ in range(piles))


def main(argv: List[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="positions, one per line")
    parser.add_argument("--random", type=int, metavar="N", help="solve N random positions instead")
    parser.add_argument("--piles", type=int, default=4, help="piles of a random position")
    parser.add_argument("--max-pile", type=int, default=20, help="largest random pile")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="normal")
    parser.add_argument("--json", action="store_true", help="JSON lines instead of CSV")
    args = parser.parse_args(argv)
    if (args.file is None) == (args.random is None):
        parser.error("give a file or --random N (one of them)")
    try:
        rules = nim.Rules.coerce(args.rules)
    except nim.NimError as error:
        parser.error(str(error))
    lines = (random_positions(args.random, args.piles, args.max_pile, args.seed)
             if args.random is not None else read_positions(args.file))

    solved = wins = bad = 0
    started = time.perf_counter()
    if not args.json:
        print("piles,value,move,method,seconds")
    try:
        for number, text in lines:
            try:
                piles = [int(word) for word in text.split()]
                solution = nim.solve(piles, rules)
            except (ValueError, nim.SearchLimitError) as error:  # NimError is a ValueError
                print(f"line {number}: {text!r}: {error}", file=sys.stderr)
                bad += 1
                continue
            solved += 1
            wins += solution.wins
            if args.json:
                print(json.dumps({"piles": piles, **solution.to_dict()}))
            else:
                move = f"{solution.move.pile} {solution.move.count}" if solution.move else ""
                print(f"{' '.join(map(str, piles))},{solution.value},{move},{solution.method},"
                      f"{solution.seconds:.6f}")
    except (OSError, nim.NimError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    print(f"{solved} solved ({wins} wins for the player to move), {bad} bad lines, "
          f"{elapsed:.3f} s", file=sys.stderr)
    return 2 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
