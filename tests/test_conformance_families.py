"""Every registered component family through the conformance suite (tests/conformance_families.py).

Each game below is written from its definition in Ferguson's text alone (what a move does), in
the test's own canonical form, sharing no code with the package.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterable, Iterator, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
from conformance_families import ComponentCase, brute_value, by_name, check_move, positions_of, run_check
from nim.families import FAMILIES, ComponentFamily

# -- Wythoff's game: a pair; take any number from one pile, or the same number from both ------------


def wythoff_read(position: Any) -> Tuple[Any, ...]:
    return tuple(tuple(sorted(pair)) for pair in position)


def wythoff_options(pair: Tuple[int, int]) -> Iterator[Tuple[Any, ...]]:
    a, b = pair
    for t in range(1, b + 1):
        yield (tuple(sorted((a, b - t))),)
        if t <= a:
            yield (tuple(sorted((a - t, b))),)
            yield ((a - t, b - t),)


PAIRS = [[a, b] for b in range(5) for a in range(b + 1)]


def wythoff_larger(draw: Any) -> Any:
    count = draw.randint(1, 2)
    top = 20 if count == 1 else 7          # two pairs: the misère search stays within its bound
    return [[draw.randint(0, top), draw.randint(0, top)] for _ in range(count)]


# -- Moore's Nim_k: take from 1 to k piles at once, any positive number from each -------------------


def moore_read(position: Any) -> Tuple[Any, ...]:
    return (tuple(sorted(p for p in position if p)),)


def moore_options(k: int) -> Callable[[Tuple[int, ...]], Iterator[Tuple[Any, ...]]]:
    def options(piles: Tuple[int, ...]) -> Iterator[Tuple[Any, ...]]:
        for size in range(1, k + 1):
            for chosen in itertools.combinations(range(len(piles)), size):
                for takes in itertools.product(*(range(1, piles[i] + 1) for i in chosen)):
                    after = list(piles)
                    for i, t in zip(chosen, takes):
                        after[i] -= t
                    yield (tuple(sorted(p for p in after if p)),)
    return options


SMALL_PILES = [list(p) for n in range(1, 5) for p in itertools.combinations_with_replacement(range(4), n)]

# -- Lasker's Nim: take any number from a heap, or split a heap into two non-empty heaps -------------


def lasker_options(n: int) -> Iterator[Tuple[Any, ...]]:
    for t in range(1, n + 1):
        yield (n - t,)
    for a in range(1, n // 2 + 1):
        yield (a, n - a)


# -- take-away with a memory: at most c times the previous take (the first: not the whole heap) -------


def memory_read(position: Any) -> Tuple[Any, ...]:
    found = []
    for item in position:
        heap, limit = (item, item - 1) if isinstance(item, int) else item
        found.append((heap, min(limit, heap)))
    return tuple(found)


def memory_options(c: int) -> Callable[[Tuple[int, int]], Iterator[Tuple[Any, ...]]]:
    def options(component: Tuple[int, int]) -> Iterator[Tuple[Any, ...]]:
        heap, limit = component
        for t in range(1, min(limit, heap) + 1):
            yield ((heap - t, min(c * t, heap - t)),)
    return options


MEMORY = [h for h in range(1, 9)] + [[h, limit] for h in range(1, 7) for limit in range(1, h + 1)]

# -- Staircase Nim: coins on steps 1..n; move any number from one step to the step below --------------


def staircase_read(position: Any) -> Tuple[Any, ...]:
    steps = list(position)
    while steps and not steps[-1]:
        steps.pop()
    return (tuple(steps),)


def staircase_options(steps: Tuple[int, ...]) -> Iterator[Tuple[Any, ...]]:
    for i, coins in enumerate(steps):
        for t in range(1, coins + 1):
            after = list(steps)
            after[i] -= t
            if i > 0:
                after[i - 1] += t
            yield staircase_read(after)


STAIRS = [list(p) for n in range(1, 4) for p in itertools.product(range(3), repeat=n)]

# -- Nimble: coins on squares; slide one coin to any lower square ------------------------------------


def nimble_read(position: Any) -> Tuple[Any, ...]:
    return (tuple(sorted(s for s in position if s)),)


def nimble_options(squares: Tuple[int, ...]) -> Iterator[Tuple[Any, ...]]:
    for i, s in enumerate(squares):
        for t in range(s):
            yield nimble_read(squares[:i] + (t,) + squares[i + 1:])


SQUARES = [list(p) for n in range(1, 4) for p in itertools.combinations_with_replacement(range(5), n)]

# -- one-line coin turning: a row of coins; the right-most coin turned goes from heads to tails ------


def row_reader(first: int) -> Callable[[Any], Tuple[Any, ...]]:
    """Rows given as strings of H and T (or a list of them); the first coin is ``first``."""
    def read(position: Any) -> Tuple[Any, ...]:
        rows = [position] if isinstance(position, str) else list(position)
        return tuple(tuple(sorted(i + first for i, c in enumerate(row) if c == "H")) for row in rows)
    return read


def heads(value: Any) -> Tuple[int, ...]:
    """A row as the package prints it (its heads' places) in the test's form."""
    return tuple(sorted(value))


def turned(heads: Tuple[int, ...], coins: Iterable[int]) -> Tuple[Any, ...]:
    now = set(heads) ^ set(coins)
    return (tuple(sorted(now)),)



def turtles_options(first: int, lefts: Callable[[int, int], Iterator[Tuple[int, ...]]]
                    ) -> Callable[[Tuple[int, ...]], Iterator[Tuple[Any, ...]]]:
    """A move turns a head n and the coins ``lefts(n, first)`` gives (each a set left of n)."""
    def options(heads: Tuple[int, ...]) -> Iterator[Tuple[Any, ...]]:
        for n in heads:
            for others in lefts(n, first):
                yield turned(heads, (n,) + others)
    return options


def at_most_one(n: int, first: int) -> Iterator[Tuple[int, ...]]:
    yield ()
    for m in range(first, n):
        yield (m,)


def exactly_one(n: int, first: int) -> Iterator[Tuple[int, ...]]:
    for m in range(first, n):
        yield (m,)


def at_most_two(n: int, first: int) -> Iterator[Tuple[int, ...]]:
    yield ()
    for size in (1, 2):
        yield from itertools.combinations(range(first, n), size)


def ruler_lefts(n: int, first: int) -> Iterator[Tuple[int, ...]]:
    for k in range(1, n - first + 2):
        yield tuple(range(n - k + 1, n))


ROWS = ["".join(r) for n in range(1, 6) for r in itertools.product("TH", repeat=n)]
TWO_ROWS = [list(p) for p in itertools.combinations_with_replacement(["H", "TH", "HH", "THT", "HTH"], 2)]

# -- Turning Corners: a head at (x, y) and the other corners of a rectangle above-left of it ---------


def grid_read(position: Any) -> Tuple[Any, ...]:
    return (tuple(sorted((x, y) for y, row in enumerate(position) for x, c in enumerate(row) if c == "H")),)


def corners_options(heads: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Any, ...]]:
    for x, y in heads:
        for a in range(x):
            for b in range(y):
                now = set(heads) ^ {(a, b), (a, y), (x, b), (x, y)}
                yield (tuple(sorted(now)),)


GRIDS = [[r[:3], r[3:]] for r in ("".join(t) for t in itertools.product("TH", repeat=6))]

# -- Green Hackenbush: delete an edge; what no path joins to the ground (vertex 0) falls away ----------


def grounded(edges: List[Tuple[int, int]]) -> Tuple[Tuple[int, int], ...]:
    """The edges still joined to vertex 0, relabelled so that isomorphic graphs are equal."""
    reached, changed = {0}, True
    while changed:
        changed = False
        for u, v in edges:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                changed = True
    kept = [(u, v) for u, v in edges if u in reached]
    others = sorted({u for e in kept for u in e} - {0})
    best = None
    for order in itertools.permutations(range(1, len(others) + 1)):
        name = {**dict(zip(others, order)), 0: 0}
        form = tuple(sorted(tuple(sorted((name[u], name[v]))) for u, v in kept))
        if best is None or form < best:
            best = form
    return best or ()


def hackenbush_read(position: Any) -> Tuple[Any, ...]:
    return tuple(grounded([tuple(e) for e in (g["edges"] if isinstance(g, dict) else g)]) for g in position)


def hackenbush_options(edges: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Any, ...]]:
    for i in range(len(edges)):
        yield (grounded(list(edges[:i] + edges[i + 1:])),)


GRAPHS = [[[0, 1]], [[0, 1], [1, 2]], [[0, 1], [1, 2], [1, 3]], [[0, 1], [1, 2], [2, 0]], [[0, 1], [0, 1]],
          [[0, 1], [1, 1]], [[0, 1], [1, 2], [2, 3], [3, 1]], [[0, 1], [0, 2], [1, 2], [2, 3]]]

# -- a game on a directed graph: slide a token along an edge ------------------------------------------

DAG = [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [3, 4], [4, 5], [2, 5]]
LOOPY = [[0, 1], [1, 0], [1, 2], [2, 3], [3, 2], [3, 4], [4, 5], [5, 4], [0, 6]]


def graph_options(edges: List[List[int]]) -> Callable[[int], Iterator[Tuple[Any, ...]]]:
    def options(vertex: int) -> Iterator[Tuple[Any, ...]]:
        for u, v in edges:
            if u == vertex:
                yield (v,)
    return options


def graph_read(position: Any) -> Tuple[Any, ...]:
    return tuple(position["tokens"])


def token_positions(edges: List[List[int]], most: int) -> List[Any]:
    vertices = sorted({v for e in edges for v in e})
    return [{"edges": edges, "tokens": list(t)} for n in range(1, most + 1)
            for t in itertools.combinations_with_replacement(vertices, n)]


# -- a sum of other families' games (the family "sum"): a Wythoff pair, a Nim pile, a Lasker heap ------


def sum_read(position: Any) -> Tuple[Any, ...]:
    found: List[Any] = []
    for rule, value in position:
        if rule == "wythoff":
            found.extend(("wythoff", p) for p in wythoff_read(value))
        else:
            found.extend((rule, n) for n in (value if isinstance(value, list) else [value]))
    return tuple(found)


def sum_options(component: Tuple[str, Any]) -> Iterator[Tuple[Any, ...]]:
    kind, state = component
    if kind == "wythoff":
        for left in wythoff_options(state):
            yield tuple(("wythoff", p) for p in left)
    elif kind == "any":
        for t in range(1, state + 1):
            yield (("any", state - t),)
    else:
        for left in lasker_options(state):
            yield tuple(("lasker", n) for n in left)


def sum_from_package(value: Any) -> Any:
    rule, state = value
    head = rule.split(",")[-1]
    return (head, tuple(sorted(state[0])) if head == "wythoff" else (state[0] if isinstance(state, list) else state))


SUMS = [[["wythoff", [[a, b]]], [rule, [n]]] for a, b in [(0, 1), (1, 2), (2, 2), (1, 3)]
        for rule in ("any", "lasker") for n in range(4)]


# -- the families of today's chapters 1-5 (issue 41), each from its rules in words ---------------------

def rulerette_lefts(n: int, first: int) -> Iterator[Tuple[int, ...]]:
    """Rulerette, as the family chose it (Ruler with at least two coins turned): a run of two or
    more consecutive coins ending at the head n."""
    for k in range(2, n - first + 2):
        yield tuple(range(n - k + 1, n))


def heap_read(position: Any) -> Tuple[Any, ...]:
    return tuple(position)


def take_options(takes: Callable[[int], Iterable[int]]) -> Callable[[int], Iterator[Tuple[Any, ...]]]:
    """A heap game whose move takes c objects from one heap, c one of ``takes(n)``."""
    def options(n: int) -> Iterator[Tuple[Any, ...]]:
        for c in takes(n):
            yield (n - c,)
    return options


def powers_of_2(n: int) -> Iterable[int]:
    """Ferguson's exercise 1.5.4(c): take 1, 2, 4, 8, ... (at most the heap)."""
    return [1 << j for j in range(n.bit_length())]


def at_least_half(n: int) -> Iterable[int]:
    return range(max(1, (n + 1) // 2), n + 1)


def divisors(n: int) -> Iterable[int]:
    return [c for c in range(1, n + 1) if n % c == 0]


def proper_divisors(n: int) -> Iterable[int]:
    return [c for c in range(1, n) if n % c == 0]


def parts(total: int, count: int, least: int = 1) -> Iterator[Tuple[int, ...]]:
    """Every way to write ``total`` as ``count`` positive parts, in non-decreasing order."""
    if count == 0:
        if total == 0:
            yield ()
        return
    for first in range(least, total // count + 1):
        for rest in parts(total - first, count - 1, first):
            yield (first,) + rest


def code_options(code: str, unequal: bool = False) -> Callable[[int], Iterator[Tuple[Any, ...]]]:
    """A take-and-break code d0.d1d2... (hexadecimal digits; "..." repeats the last digit, a group in
    parentheses at the end repeats for ever): bit 2**j of d_k lets a move take k objects from a heap
    and leave j non-empty heaps (all different when ``unequal``); for d0 only the splits (j >= 2)
    mean anything."""
    code, _, group = code.rstrip(")").partition("(")
    repeating = code.endswith("...")
    head, tail = code.rstrip(".").split(".")
    digits = [int(head, 16)] + [int(d, 16) for d in tail]
    cycle = [int(d, 16) for d in group] or ([digits.pop()] if repeating else [])

    def digit(k: int) -> int:
        if k < len(digits):
            return digits[k]
        return cycle[(k - len(digits)) % len(cycle)] if cycle else 0

    def options(n: int) -> Iterator[Tuple[Any, ...]]:
        for k in range(0, n + 1):
            for j in range(4):
                if not digit(k) >> j & 1 or (k == 0 and j < 2):
                    continue
                for left in parts(n - k, j):
                    if not unequal or len(set(left)) == len(left):
                        yield left
    return options


def rims_options(n: int) -> Iterator[Tuple[Any, ...]]:
    """Rims: a loop through c >= 1 dots of a region; its other dots lie inside or outside it."""
    for c in range(1, n + 1):
        rest = n - c
        yield () if rest == 0 else (rest,)
        for a in range(1, rest // 2 + 1):
            yield (a, rest - a)


def boxes_read(position: Any) -> Tuple[Any, ...]:
    return tuple(tuple(sorted(pair)) for pair in position)


def boxes_options(pair: Tuple[int, int]) -> Iterator[Tuple[Any, ...]]:
    """Empty and Divide: empty one box, divide the other's chips between both, one at least in each."""
    for keep in set(pair):
        for x in range(1, keep):
            yield (tuple(sorted((x, keep - x))),)


BOXES = [[m, n] for n in range(1, 7) for m in range(1, n + 1)]


def chomp_read(position: Any) -> Tuple[Any, ...]:
    rows = [r for r in position if r]
    return (tuple(rows),)


def chomp_options(rows: Tuple[int, ...]) -> Iterator[Tuple[Any, ...]]:
    """Chomp: eat a square (row r, column c), not the poison at (0, 0), and all above and right of it."""
    for r, length in enumerate(rows):
        for c in range(length):
            if (r, c) != (0, 0):
                yield chomp_read([min(w, c) if i >= r else w for i, w in enumerate(rows)])


SHAPES = [sorted(s, reverse=True) for n in range(1, 4) for s in itertools.combinations_with_replacement(range(1, 5), n)
          ] + [[4, 4, 4, 4], [5, 5, 2]]


def northcott_read(position: Any) -> Tuple[Any, ...]:
    """A board as (its rows, each (width, white's square, black's square), sorted; who moves)."""
    if isinstance(position, dict):
        rows, mover = position["rows"], position.get("to_move", "white")
    else:
        rows, mover = position, "white"
    return ((tuple(sorted((len(r), r.index("W"), r.index("B")) for r in rows)), mover[0].upper()),)


def northcott_options(board: Tuple[Any, str]) -> Iterator[Tuple[Any, ...]]:
    """Slide your own checker of one row any number of squares, never onto or over the other one."""
    rows, mover = board
    for i, (width, w, b) in enumerate(rows):
        mine, theirs = (w, b) if mover == "W" else (b, w)
        squares = range(0, theirs) if mine < theirs else range(theirs + 1, width)
        for s in squares:
            if s != mine:
                row = (width, s, b) if mover == "W" else (width, w, s)
                yield ((tuple(sorted(rows[:i] + (row,) + rows[i + 1:])), "B" if mover == "W" else "W"),)


NORTHCOTT = [list(p) for p in itertools.combinations_with_replacement(["WB", "W.B", "B.W", "W..B", ".B.W", "B..W."], 2)
             ] + [["W..B", ".B.W", "WB.."], {"rows": ["W..B", "B.W"], "to_move": "black"},
                  {"rows": ["..WB.", "B..W"], "to_move": "black"}]


def poker_read(position: Any) -> Tuple[Any, ...]:
    return ((tuple(sorted(p for p in position["piles"] if p)), position["pool"]),)


def poker_options(component: Tuple[Tuple[int, ...], int]) -> Iterator[Tuple[Any, ...]]:
    """Take any number from one pile, or add any number from the shared pool to one non-empty pile."""
    piles, pool = component
    for i, p in enumerate(piles):
        for after in [p - t for t in range(1, p + 1)] + [p + a for a in range(1, pool + 1)]:
            rest = piles[:i] + (after,) + piles[i + 1:]
            yield ((tuple(sorted(x for x in rest if x)), pool - max(0, after - p)),)


POKER = [{"piles": list(p), "pool": pool} for n in (1, 2) for p in itertools.combinations_with_replacement(range(4), n)
         for pool in range(3)] + [{"piles": [1, 2, 2], "pool": 2}]


def sos_read(position: Any) -> Tuple[Any, ...]:
    row = "-" * position if isinstance(position, int) else position
    return (min(row, row[::-1]),)


def sos_options(row: str) -> Iterator[Tuple[Any, ...]]:
    """Write S or O in an empty square. A row with an SOS has no move (whoever made it won, in normal
    play: the player to move lost); a full row without one is a draw: it moves to itself, for ever."""
    if "SOS" in row:
        return
    if "-" not in row:
        yield (row,)
        return
    for i, c in enumerate(row):
        if c == "-":
            for letter in "SO":
                yield sos_read(row[:i] + letter + row[i + 1:])


SOS_ROWS = [r for n in range(3, 7) for r in ("".join(t) for t in itertools.product("SO-", repeat=n))
            if "-" in r and r.count("-") <= 4][::7] + [3, 4, 5, "S--S", "S----"]


def thirty_one_read(position: Any) -> Tuple[Any, ...]:
    if isinstance(position, dict):
        return ((position["total"], tuple(position["left"])),)
    return ((sum(position), tuple(4 - list(position).count(v) for v in range(1, 7))),)


def thirty_one_options(state: Tuple[int, Tuple[int, ...]]) -> Iterator[Tuple[Any, ...]]:
    """Turn a face-up card (ace to six) that keeps the running total at most 31."""
    total, left = state
    for v in range(1, 7):
        if left[v - 1] and total + v <= 31:
            yield ((total + v, left[:v - 1] + (left[v - 1] - 1,) + left[v:]),)


THIRTY_ONE = [[], [5, 2], [4, 4, 4], [6, 6, 6, 6, 1], [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3], [5, 5, 5, 5, 6],
              {"total": 24, "left": [1, 1, 0, 1, 0, 1]}, {"total": 20, "left": [0, 2, 1, 0, 1, 1]},
              {"total": 27, "left": [1, 0, 1, 1, 0, 0]}, {"total": 31, "left": [1, 1, 1, 1, 1, 1]}]

# Two-dimensional Nim's board is infinite: a counter above the bottom row has infinitely many moves,
# which no brute force lists. Its brute force plays the same rule on a board WIDTH = 2**2 columns
# wide, on positions inside it: the text's claim (the module's docstring: on a board 2**k wide the
# P-positions agree) is what the case checks, and the package's winning moves must stay on the board.
WIDTH = 4


def board_read(position: Any) -> Tuple[Any, ...]:
    return (tuple(sorted(tuple(square) for square in position if tuple(square) != (0, 0))),)


def board_options(counters: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Any, ...]]:
    """Move one counter any number of squares left along its row, or to any square of a lower row."""
    for i, (x, y) in enumerate(counters):
        rest = counters[:i] + counters[i + 1:]
        targets = [(a, y) for a in range(x)] + [(a, b) for b in range(y) for a in range(WIDTH)]
        for square in targets:
            yield board_read(rest + (square,))


def adding_options(counters: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Any, ...]]:
    """Exercise 3.5.6(c) on the bottom row WIDTH wide: replace one counter by 1 to WIDTH counters
    left of it (the corner dropped); so many suffice for the theory's winning moves."""
    for i, (x, _) in enumerate(counters):
        rest = counters[:i] + counters[i + 1:]
        for size in range(1, WIDTH + 1):
            for placed in itertools.combinations_with_replacement(range(x), size):
                yield board_read(rest + tuple((a, 0) for a in placed))


ROW_BOARDS = [[[x, 0] for x in p] for n in (1, 2, 3) for p in itertools.combinations_with_replacement(range(WIDTH), n)]


def impatient_takes(n: int) -> Iterable[int]:
    """Exercise 3.5.8 on S = {1, 3, 4}: take s in S, or the whole heap."""
    return sorted({s for s in (1, 3, 4) if s <= n} | ({n} if n else set()))


BOARDS = [[list(s) for s in p] for n in (1, 2) for p in itertools.combinations_with_replacement(
    [(x, y) for y in range(3) for x in range(WIDTH)], n)][::3] + [[[3, 1], [1, 2], [2, 2]]]


def connected(edges: Iterable[Tuple[int, int]]) -> List[Tuple[Tuple[int, int], ...]]:
    """A graph's connected components, each relabelled so that isomorphic graphs are equal."""
    edges = {tuple(sorted(e)) for e in edges}
    found = []
    while edges:
        part = {edges.pop()}
        grown = True
        while grown:
            touched = {v for e in part for v in e}
            more = {e for e in edges if e[0] in touched or e[1] in touched}
            edges -= more
            part |= more
            grown = bool(more)
        vertices = sorted({v for e in part for v in e})
        best = min(tuple(sorted(tuple(sorted((name[u], name[v]))) for u, v in part))
                   for name in (dict(zip(vertices, order)) for order in itertools.permutations(range(len(vertices)))))
        found.append(best)
    return found


def vertex_read(position: Any) -> Tuple[Any, ...]:
    edges = position["edges"] if isinstance(position, dict) else position
    return tuple(connected(tuple(e) for e in edges))


def vertex_options(edges: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Any, ...]]:
    """Remove a vertex that has an edge, and every edge at it."""
    for v in sorted({u for e in edges for u in e}):
        yield tuple(connected(e for e in edges if v not in e))


VERTEX_GRAPHS = [[[0, 1]], [[0, 1], [1, 2]], [[0, 1], [1, 2], [2, 3]], [[0, 1], [0, 2], [0, 3]],
                 [[0, 1], [1, 2], [2, 0]],
                 [[0, 1], [1, 2], [2, 3], [3, 0]], [[0, 1], [1, 2], [2, 3], [3, 4]], [[0, 1], [0, 2], [0, 3], [0, 4]],
                 [[0, 1], [1, 2], [2, 0], [2, 3]]]


def disjoint(first: List[List[int]], second: List[List[int]]) -> List[List[int]]:
    """Two graphs side by side (the second's vertices renamed past the first's)."""
    shift = 1 + max(v for e in first for v in e)
    return first + [[u + shift, v + shift] for u, v in second]


VERTEX = VERTEX_GRAPHS + [disjoint(a, b) for a, b in itertools.combinations_with_replacement(VERTEX_GRAPHS[:5], 2)]


def cases() -> List[ComponentCase]:
    found = []
    for convention in ("normal", "misere"):
        m = convention == "misere"
        found += [
            ComponentCase(f"{convention},wythoff", wythoff_read, wythoff_options,
                          positions_of(PAIRS[:6] + [[3, 5], [2, 4]]) + [[p] for p in PAIRS], "Wythoff",
                          larger=wythoff_larger),
            ComponentCase(f"{convention},moore,k=2", moore_read, moore_options(2), SMALL_PILES, "Moore",
                          whole=True, upto=3),
            ComponentCase(f"{convention},lasker", lambda p: tuple(p), lasker_options,
                          positions_of(list(range(7)), 3 if not m else 2), "Lasker"),
            ComponentCase(f"{convention},fibonacci", memory_read, memory_options(2), positions_of(MEMORY, 2 - m),
                          "Zeckendorf", upto=12),
            ComponentCase(f"{convention},at-most-previous", memory_read, memory_options(1), [[x] for x in MEMORY],
                          "Schwenk"),
            ComponentCase(f"{convention},staircase", staircase_read, staircase_options, STAIRS, "odd steps",
                          whole=True, upto=3),
            ComponentCase(f"{convention},nimble", nimble_read, nimble_options, SQUARES, "heap per coin",
                          whole=True, upto=3),
            ComponentCase(f"{convention},turning-turtles", row_reader(1), turtles_options(1, at_most_one),
                          ROWS + TWO_ROWS, "heads", from_package=heads),
            ComponentCase(f"{convention},mock-turtles", row_reader(0), turtles_options(0, at_most_two), ROWS,
                          "odious", from_package=heads),
            ComponentCase(f"{convention},green-hackenbush", hackenbush_read, hackenbush_options,
                          positions_of(GRAPHS, 2 - m), "colon principle"),
            ComponentCase(f"{convention},graph", graph_read, graph_options(DAG), token_positions(DAG, 2),
                          "Sprague-Grundy", from_package=int, grade_start={"edges": DAG, "tokens": [0, 1]}),
            ComponentCase(f"{convention},rulerette", row_reader(1), turtles_options(1, rulerette_lefts),
                          ROWS + TWO_ROWS, "Gray code", from_package=heads),
            ComponentCase(f"{convention},chomp", chomp_read, chomp_options, SHAPES, "strategy stealing", whole=True,
                          upto=3),
            ComponentCase(f"{convention},empty-and-divide", boxes_read, boxes_options, positions_of(BOXES, 2 - m),
                          "both boxes are odd"),
            ComponentCase(f"{convention},poker-nim", poker_read, poker_options, POKER, "reversible", whole=True,
                          grade_start={"piles": [1, 2], "pool": 2}),
            ComponentCase(f"{convention},sos", sos_read, sos_options, SOS_ROWS, "draw", whole=True,
                          grade_start="S----"),
            ComponentCase(f"{convention},thirty-one", thirty_one_read, thirty_one_options, THIRTY_ONE, "exact search",
                          whole=True, grade_start={"total": 22, "left": [1, 1, 0, 1, 0, 1]}),
            ComponentCase(f"{convention},two-dimensional-nim", board_read, board_options, BOARDS, "omega",
                          whole=True, grade_start=[[1, 1], [2, 0]], refuses={
                              "analyze": "more than analyze lists",       # a counter above the bottom row
                              "grade": "infinite ordinal.*solved alone",
                              "environments": "infinite ordinal.*solved alone"}),
            ComponentCase(f"{convention},two-dimensional-nim,adding", board_read, adding_options, ROW_BOARDS,
                          "even number of counters", whole=True, grade_start=[[3, 0], [2, 0]], refuses={
                              "analyze": "more than analyze lists",       # a move may add any number of counters
                              "grade": "infinitely many moves",
                              "environments": "infinitely many moves"}),
            ComponentCase(f"{convention},impatient,set=1;3;4", heap_read, take_options(impatient_takes),
                          positions_of(list(range(12)), 2), "g(x - 1) + 1"),
            ComponentCase(f"{convention},octal=0.F", heap_read, code_options("0.F"), positions_of(list(range(9)), 2),
                          "Sprague-Grundy theorem"),
            ComponentCase(f"{convention},octal=0.07,unequal", heap_read, code_options("0.07", unequal=True),
                          positions_of(list(range(12)), 2), "Sprague-Grundy theorem"),
            ComponentCase(f"{convention},at-least-half", heap_read, take_options(at_least_half),
                          positions_of(list(range(12)), 2), "bit length"),
            ComponentCase(f"{convention},dim+", heap_read, take_options(divisors), positions_of(list(range(12)), 2),
                          "2-adic valuation"),
            ComponentCase(f"{convention},aliquot", heap_read, take_options(proper_divisors),
                          positions_of(list(range(12)), 2), "2-adic valuation"),
            ComponentCase(f"{convention},set=powers-of-2", heap_read, take_options(powers_of_2),
                          positions_of(list(range(12)), 2), "n mod 3"),
            ComponentCase(f"{convention},rims", heap_read, rims_options, positions_of(list(range(8)), 2),
                          "disguised Nim"),
            ComponentCase(f"{convention},vertex-removal", vertex_read, vertex_options, VERTEX, "canonical form",
                          from_package=lambda value: vertex_read(value)[0]),
        ]
    found += [
        ComponentCase("normal,twins", row_reader(0), turtles_options(0, exactly_one), ROWS, "heads",
                      from_package=heads),
        ComponentCase("normal,ruler", row_reader(1), turtles_options(1, ruler_lefts), ROWS, "power of 2",
                      from_package=heads),
        ComponentCase("normal,turning-corners", grid_read, corners_options, GRIDS, "Tartan",
                      from_package=lambda value: tuple(sorted(tuple(p) for p in value)), upto=2),
        ComponentCase("normal,graph", graph_read, graph_options(LOOPY), token_positions(LOOPY, 2), "infinity",
                      from_package=int, label="loopy", grade_start={"edges": LOOPY, "tokens": [0, 2]}),
        # misère Northcott is refused in words (test_games_solved_alone_refuse_sums_in_words)
        ComponentCase("normal,northcott", northcott_read, northcott_options, NORTHCOTT, "Nim on the gaps", whole=True,
                      grade_start=["W..B", "B.W"]),
        ComponentCase("normal,octal=0.666...", heap_read, code_options("0.666..."), positions_of(list(range(10)), 2),
                      "repeating digit"),
        ComponentCase("normal,octal=0.1(30)", heap_read, code_options("0.1(30)"), positions_of(list(range(10)), 2),
                      "repeats the group 30"),
        ComponentCase("normal,sum", sum_read, sum_options, SUMS, "Sprague-Grundy", from_package=sum_from_package),
        ComponentCase("misere,sum", sum_read, sum_options, SUMS, "exact search", from_package=sum_from_package),
    ]
    return found


CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
@pytest.mark.parametrize("check", by_name())
def test_every_component_family_passes_every_layer(case: ComponentCase, check: Callable[[ComponentCase], None]
                                                   ) -> None:
    run_check(case, check)


def test_every_registered_component_family_has_a_case_or_is_a_variant_of_one() -> None:
    """A component family registered without a case here is a failing test, not a silent gap."""
    covered = {nim.Rules.parse(case.rule).family.tag for case in CASES}
    variants = {"dynamic": "fibonacci and at-most-previous", "triplets": "mock-turtles", "grunt": "twins",
                "coin-subtraction": "turning-turtles", "tartan": "turning-corners", "rugs": "turning-corners",
                "turning-turtles-squared": "turning-corners", "acrostic-twins": "turning-corners"}
    missing = [tag for tag, family in FAMILIES.items()        # the package's own (a test registers toys)
               if issubclass(family, ComponentFamily) and family.__module__.startswith("nim.")
               and tag not in covered and tag not in variants]
    assert not missing, f"component families without a conformance case: {missing}"


def test_games_solved_alone_refuse_sums_and_what_they_do_not_solve_in_words() -> None:
    """Northcott's game (partizan), SOS (draws, not won by the last move) and Two-dimensional Nim
    (ordinal values) are solved alone: as a part of a sum they are refused in words, and so is
    misère Northcott; a game with a finite Grundy value (Chomp) is a part of sums like any other."""
    from nim import NimError

    for part, words in ((["northcott", ["W.B"]], "partizan"), (["sos", "S--"], "draw"),
                        (["two-dimensional-nim", [[1, 1]]], "infinite ordinal")):
        with pytest.raises(NimError, match=f"{words}.*solve.* alone|{words}.*solved alone"):
            nim.solve([part, ["any", [3]]], "sum")
    with pytest.raises(NimError, match="misère Northcott.*not solved"):
        nim.solve(["W..B"], "misere,northcott")

    def mex_value(rows: Tuple[int, ...]) -> int:
        """A Chomp shape's Grundy value, the mex over the test's own moves."""
        seen = {mex_value(left[0]) if left[0] else 0 for left in chomp_options(rows)}
        return next(g for g in itertools.count() if g not in seen)

    # a shape beside a Nim heap of h is lost exactly when h is the shape's Grundy value
    for shape in ([2, 2], [3, 2], [3, 3], [4, 2, 1]):
        values = [nim.solve([["chomp", shape], ["any", [h]]], "sum").value for h in range(6)]
        assert [h for h, v in enumerate(values) if v < 0] == [mex_value(chomp_read(shape)[0])], (shape, values)


WYTHOFF = {case.rule: case for case in CASES if "wythoff" in case.rule}


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["normal,wythoff", "misere,wythoff"]))
def test_larger_wythoff_sums_agree_with_the_brute_force(draw: Any, rule: str) -> None:
    case = WYTHOFF[rule]
    assert case.larger is not None
    position = case.larger(draw)
    solution = nim.solve(position, rule)
    assert solution.value == brute_value(case, case.read(position))
    check_move(case, position, solution.value, solution.move)



# the games whose moves never split a heap (a split game's brute force grows too fast past small heaps)
HEAP_RULES = [f"{convention},{game}" for convention in ("normal", "misere")
              for game in ("at-least-half", "dim+", "aliquot")]
HEAP_CASES = {case.rule: case for case in CASES if case.rule in HEAP_RULES}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(HEAP_RULES), st.lists(st.integers(0, 40), min_size=1, max_size=2))
def test_larger_heap_sums_agree_with_the_brute_force(rule: str, heaps: List[int]) -> None:
    """Past the cases' small heaps (where the closed forms were checked), the answers still are
    the brute force's, move included."""
    case = HEAP_CASES[rule]
    solution = nim.solve(heaps, rule)
    assert solution.value == brute_value(case, case.read(heaps)), (rule, heaps)
    check_move(case, heaps, solution.value, solution.move)


def test_what_a_layer_cannot_take_is_refused_in_words_before_any_work() -> None:
    """A start past the grader's bound, a Q-table or action ids for a component game; a table of a
    game without one, or past its rows; a batch line that is not a position: one clear error each."""
    import time

    from conformance_families import run_cli
    from nim import NimError
    from nim.study.grade import grade

    started = time.monotonic()
    with pytest.raises(NimError, match="too many to grade"):
        grade(lambda p: None, "wythoff", [[100, 100], [100, 100]])
    assert time.monotonic() - started < 5          # refused from the game's bound, not after the work

    class Policy:
        def predict(self, observation: Any) -> int:
            return 0

    with pytest.raises(NimError, match="Q-table"):
        grade({}, "wythoff", [[1, 2]])
    policy = grade(Policy(), "wythoff", [[1, 2]])       # asked as ComponentEnv asks it (tests/test_envs_vectors.py)
    assert policy.positions > 0 and policy.failed == 0
    with pytest.raises(NimError, match="ComponentMove"):
        grade(lambda p: None, "wythoff", [[1, 2]], max_pile=3)
    status, _ = run_cli(["grade", "q.json", "--rules", "wythoff"])
    assert status == 2
    for argv in (["table", "--rules", "graph"], ["table", "--rules", "sum"],
                 ["table", "--rules", "moore,k=3", "--upto", "1000000"]):
        started = time.monotonic()
        status, out = run_cli(argv)
        assert status == 2 and out == "" and time.monotonic() - started < 5, argv
    with pytest.raises(NimError, match="solve_many"):
        nim.Solver("turning-turtles").best_moves(["THH"])
    for bad in ("THH", 5, None):
        with pytest.raises(NimError, match="a list of positions"):
            nim.Solver("wythoff").values(bad)
    with pytest.raises(NimError, match="row 1: .*not a pair"):
        nim.solve_many([[[1, 2]], [[1, 2, 3]]], "wythoff")


def test_solve_many_sends_component_positions_to_worker_processes() -> None:
    """A component game's rows travel to worker processes as plain values and come back as the
    brute force answers them, in order (a graph's tokens too)."""
    from concurrent.futures import ProcessPoolExecutor

    chosen = {"normal,wythoff", "misere,graph"}
    for case in (c for c in CASES if c.rule in chosen):
        positions = list(case.positions[:30])
        with ProcessPoolExecutor(2) as executor:
            solutions = nim.solve_many(positions, case.rule, executor=executor, chunk_size=4)
        assert [s.value for s in solutions] == [brute_value(case, case.read(p)) for p in positions]
        for position, solution in zip(positions, solutions):
            check_move(case, position, solution.value, solution.move)


def test_component_env_refuses_what_it_cannot_play_in_words() -> None:
    """Heaps, a bad option, an action outside the space or not a move: one clear error each."""
    pytest.importorskip("gymnasium")
    from nim import IllegalMoveError, InvalidRulesError, NimError
    from nim.interop.envs import ComponentEnv

    with pytest.raises(InvalidRulesError, match="NimEnv plays it"):
        ComponentEnv([1, 2], "misere")
    for bad in ({"opponent": "alphabeta"}, {"illegal": "ignore"}, {"agent_first": "yes"}, {"render_mode": "rgb"}):
        with pytest.raises(NimError):
            ComponentEnv([[3, 5]], "wythoff", **bad)
    env = ComponentEnv([[3, 5]], "wythoff", illegal="raise", agent_first=False)
    _, info = env.reset(seed=2)
    assert info["opponent_move"] is not None and info["action_mask"].sum() > 0
    for action in (-1, len(env.keys), 1.5, "3"):
        with pytest.raises(NimError, match="action"):
            env.step(action)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(IllegalMoveError, match="not a move"):
        env.step(illegal)
