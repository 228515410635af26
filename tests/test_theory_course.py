"""The theorems docs/theory.md states for the games of the course (Ferguson, Part I, ch. 1-6),
each checked on a small range against a brute force written here from the rules alone.

Every oracle below is a memoised recursion over the positions of the game as the text states
it; none imports nimcore. Each test checks the statement itself (the formula, against the
oracle) and then nimcore's answers (``nim.solve``) against the same oracle, so a wrong
theorem and a wrong implementation both fail here. Issue 41.
"""

from __future__ import annotations

import random
from decimal import Decimal, getcontext
from functools import lru_cache
from itertools import combinations, product
from math import isqrt
from typing import Callable, Dict, FrozenSet, Iterable, List, Set, Tuple

import pytest

import nim


def mex(values: Iterable[int]) -> int:
    seen = set(values)
    v = 0
    while v in seen:
        v += 1
    return v


def xor_all(values: Iterable[int]) -> int:
    x = 0
    for v in values:
        x ^= v
    return x


def outcome(rules: str, position: object) -> int:
    return int(nim.solve(position, rules).value)


# -- chapter 3: Wythoff's game -------------------------------------------------------------------

def wythoff_options(a: int, b: int) -> List[Tuple[int, int]]:
    moves = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    moves += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return [(min(p), max(p)) for p in moves]


@lru_cache(maxsize=None)
def wythoff_grundy(a: int, b: int) -> int:
    return mex(wythoff_grundy(*o) for o in wythoff_options(a, b))


@lru_cache(maxsize=None)
def wythoff_misere_wins(a: int, b: int) -> bool:
    options = wythoff_options(a, b)
    return not options or any(not wythoff_misere_wins(*o) for o in options)


def lower(n: int) -> int:
    """floor(n phi) in integers: the statement docs/theory.md proves."""
    return (n + isqrt(5 * n * n)) // 2


def test_wythoff_p_positions_their_integer_formula_and_misere_play() -> None:
    size = 30
    p_positions = {(lower(n), lower(n) + n) for n in range(size)}
    for a in range(size):
        for b in range(a, size):
            assert (wythoff_grundy(a, b) == 0) == ((a, b) in p_positions)
            misere_lost = ((a, b) in p_positions and (a, b) not in {(0, 0), (1, 2)}) or (a, b) in {(0, 1), (2, 2)}
            assert wythoff_misere_wins(a, b) == (not misere_lost)
            assert outcome("wythoff", [[a, b]]) == (-1 if (a, b) in p_positions else 1)
            assert outcome("misere,wythoff", [[a, b]]) == (-1 if misere_lost else 1)
    getcontext().prec = 120
    phi = (1 + Decimal(5).sqrt()) / 2
    for n in list(range(3000)) + [10**k + 7 for k in range(5, 41, 5)]:
        assert lower(n) == int(n * phi)                  # floor(n phi), n phi never a whole number for n > 0
    for a, b, c, d in product(range(6), repeat=4):   # sums of two pairs: the XOR of the Grundy values
        if a <= b and c <= d:
            lost = wythoff_grundy(a, b) == wythoff_grundy(c, d)
            assert outcome("wythoff", [[a, b], [c, d]]) == (-1 if lost else 1)


# -- chapter 2: Moore's Nim_k, Staircase Nim, Nimble, Poker Nim -----------------------------------

@lru_cache(maxsize=None)
def moore_wins(piles: Tuple[int, ...], k: int, misere: bool) -> bool:
    moved = False
    for size in range(1, k + 1):
        for chosen in combinations([i for i, p in enumerate(piles) if p], size):
            for lowered in product(*(range(piles[i]) for i in chosen)):
                after = list(piles)
                for i, v in zip(chosen, lowered):
                    after[i] = v
                moved = True
                if not moore_wins(tuple(sorted(after)), k, misere):
                    return True
    return misere and not moved


def moore_lost(piles: Tuple[int, ...], k: int, misere: bool) -> bool:
    columns_cancel = all(sum((p >> bit) & 1 for p in piles) % (k + 1) == 0 for bit in range(8))
    if misere and max(piles, default=0) <= 1:
        return sum(piles) % (k + 1) == 1
    return columns_cancel


@pytest.mark.parametrize("k, piles, top", [(2, 4, 4), (3, 4, 3), (2, 3, 6)])
def test_moore_nim_k_both_conventions(k: int, piles: int, top: int) -> None:
    for position in product(range(top + 1), repeat=piles):
        if list(position) != sorted(position):
            continue
        for misere in (False, True):
            lost = moore_lost(position, k, misere)
            assert moore_wins(position, k, misere) == (not lost), (position, k, misere)
            rule = f"{'misere,' if misere else ''}moore,k={k}"
            assert outcome(rule, list(position)) == (-1 if lost else 1)


@lru_cache(maxsize=None)
def staircase_wins(steps: Tuple[int, ...]) -> bool:
    for i, coins in enumerate(steps):
        for moved in range(1, coins + 1):
            after = list(steps)
            after[i] -= moved
            if i > 0:
                after[i - 1] += moved
            if not staircase_wins(tuple(after)):
                return True
    return False


def test_staircase_nim_is_nim_on_the_odd_steps() -> None:
    for steps in product(range(4), repeat=4):
        lost = xor_all(steps[0::2]) == 0                # steps 1 and 3 (index 0 and 2)
        assert staircase_wins(steps) == (not lost)
        assert outcome("staircase", list(steps)) == (-1 if lost else 1)


@lru_cache(maxsize=None)
def nimble_wins(squares: Tuple[int, ...], misere: bool) -> bool:
    options = {tuple(sorted(squares[:i] + (to,) + squares[i + 1:])) for i, s in enumerate(squares)
               for to in range(s)}
    if not options:
        return misere
    return any(not nimble_wins(o, misere) for o in options)


def bouton_lost(heaps: Iterable[int], misere: bool) -> bool:
    heaps = list(heaps)
    if misere and all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 1
    return xor_all(heaps) == 0


def test_nimble_is_nim_with_a_heap_per_coin_both_conventions() -> None:
    for count in range(1, 5):
        for squares in product(range(5), repeat=count):
            if list(squares) != sorted(squares):
                continue
            for misere in (False, True):
                lost = bouton_lost(squares, misere)
                assert nimble_wins(squares, misere) == (not lost)
                assert outcome(("misere," if misere else "") + "nimble", list(squares)) == (-1 if lost else 1)


@lru_cache(maxsize=None)
def poker_options(piles: Tuple[int, ...], pool: int) -> FrozenSet[Tuple[Tuple[int, ...], int]]:
    found = set()
    for i, p in enumerate(piles):
        for v in range(p):
            found.add((tuple(sorted(piles[:i] + (v,) + piles[i + 1:])), pool))
        if p:
            for added in range(1, pool + 1):
                found.add((tuple(sorted(piles[:i] + (p + added,) + piles[i + 1:])), pool - added))
    return frozenset(found)


@lru_cache(maxsize=None)
def poker_grundy(piles: Tuple[int, ...], pool: int) -> int:
    return mex(poker_grundy(*o) for o in poker_options(piles, pool))


@lru_cache(maxsize=None)
def poker_misere_wins(piles: Tuple[int, ...], pool: int) -> bool:
    options = poker_options(piles, pool)
    return not options or any(not poker_misere_wins(*o) for o in options)


def test_poker_nim_has_the_value_of_nim_whatever_the_pool() -> None:
    for piles in product(range(4), repeat=3):
        if list(piles) != sorted(piles):
            continue
        for pool in range(4):
            assert poker_grundy(piles, pool) == xor_all(piles)
            lost = bouton_lost(piles, True)
            assert poker_misere_wins(piles, pool) == (not lost)
            position = {"piles": list(piles), "pool": pool}
            assert outcome("poker-nim", position) == (-1 if xor_all(piles) == 0 else 1)
            assert outcome("misere,poker-nim", position) == (-1 if lost else 1)


# -- chapter 1: take-away games with a memory, Empty and Divide, Chomp ---------------------------

def memory_terms(c: int, top: int) -> List[int]:
    """H_1 = 1, H_(j+1) = H_j + H_l, l the least index with c H_l >= H_j (Schwenk)."""
    terms = [1]
    while terms[-1] <= top:
        last = terms[-1]
        terms.append(last + next(h for h in terms if c * h >= last))
    return terms


def smallest_term(n: int, terms: List[int]) -> int:
    term = n
    for h in reversed(terms):
        if h <= n:
            n -= h
            term = h
    return term


@lru_cache(maxsize=None)
def memory_wins(heap: int, limit: int, c: int) -> bool:
    return any(not memory_wins(heap - t, min(c * t, heap - t), c) for t in range(1, min(limit, heap) + 1))


@pytest.mark.parametrize("c, rule", [(1, "at-most-previous"), (2, "fibonacci"), (3, "dynamic,k=3")])
def test_a_heap_with_a_memory_is_won_exactly_when_its_smallest_term_is_within_the_limit(c: int, rule: str) -> None:
    top = 60
    terms = memory_terms(c, top)
    if c == 2:
        assert terms[:8] == [1, 2, 3, 5, 8, 13, 21, 34]           # Zeckendorf: the Fibonacci numbers
    if c == 1:
        assert terms[:6] == [1, 2, 4, 8, 16, 32]
    for heap in range(1, top + 1):
        for limit in range(1, heap + 1):
            wins = smallest_term(heap, terms) <= limit
            assert memory_wins(heap, limit, c) == wins, (heap, limit)
            if limit in (1, 2, heap // 2, heap - 1, heap):
                assert outcome(rule, [[heap, limit]]) == (1 if wins else -1)
        assert outcome(rule, [heap]) == (1 if memory_wins(heap, heap - 1, c) else -1)   # a fresh heap


@lru_cache(maxsize=None)
def empty_divide_grundy(m: int, n: int) -> int:
    options = set()
    for box in (m, n):                       # empty the other box, divide this one
        for x in range(1, box):
            options.add(empty_divide_grundy(min(x, box - x), max(x, box - x)))
    return mex(options)


def trailing_ones(x: int) -> int:
    return ((x + 1) & -(x + 1)).bit_length() - 1


def test_empty_and_divide_values_and_p_positions() -> None:
    for m in range(1, 25):
        for n in range(m, 25):
            g = empty_divide_grundy(m, n)
            assert g == trailing_ones((m - 1) | (n - 1))
            assert (g == 0) == (m % 2 == 1 and n % 2 == 1)
    for m, n, p, q in product(range(1, 7), repeat=4):
        lost = empty_divide_grundy(min(m, n), max(m, n)) == empty_divide_grundy(min(p, q), max(p, q))
        assert outcome("empty-and-divide", [[m, n], [p, q]]) == (-1 if lost else 1)


def chomp_options(rows: Tuple[int, ...]) -> Set[Tuple[int, ...]]:
    found = set()
    for r, length in enumerate(rows):
        for col in range(length):
            if (r, col) == (0, 0):
                continue
            after = tuple(min(length2, col) if r2 >= r else length2 for r2, length2 in enumerate(rows))
            found.add(tuple(x for x in after if x))
    return found


@lru_cache(maxsize=None)
def chomp_wins(rows: Tuple[int, ...]) -> bool:
    return any(not chomp_wins(o) for o in chomp_options(rows))


def test_chomp_strategy_stealing_and_the_two_known_winning_moves() -> None:
    for r in range(1, 6):
        for c in range(1, 7):
            bar = (c,) * r
            assert chomp_wins(bar) == ((r, c) != (1, 1))                      # strategy stealing
            assert outcome("chomp", {"rows": r, "columns": c}) == (1 if (r, c) != (1, 1) else -1)
    for n in range(2, 9):
        assert not chomp_wins((n, n - 1))                                      # 2 x n: eat the top-right square
    for n in range(2, 6):
        assert not chomp_wins((n,) + (1,) * (n - 1))                           # n x n: two equal arms


# -- chapters 3 and 4: one-heap games, Lasker's Nim, Rims and Rayles ----------------------------

def heap_grundy_table(top: int, options: Callable[[int], Iterable[Tuple[int, ...]]]) -> List[int]:
    values: List[int] = []
    for n in range(top + 1):
        values.append(mex(xor_all(values[h] for h in left) for left in options(n)))
    return values


def splits(rest: int, parts: int) -> Iterable[Tuple[int, ...]]:
    """Every way to leave ``rest`` objects as at most ``parts`` (1 or 2) non-empty heaps."""
    if rest == 0:
        yield ()
        return
    yield (rest,)
    if parts >= 2:
        for a in range(1, rest // 2 + 1):
            yield (a, rest - a)


ONE_HEAP_RULES = {
    "at-least-half": (lambda n: [((n - c,) if c < n else ()) for c in range(-(-n // 2), n + 1)] if n else [],
                      lambda n: n.bit_length()),
    "dim+": (lambda n: [((n - c,) if c < n else ()) for c in range(1, n + 1) if n % c == 0],
             lambda n: ((n & -n).bit_length()) if n else 0),
    "aliquot": (lambda n: [(n - c,) for c in range(1, n) if n % c == 0],
                lambda n: ((n & -n).bit_length() - 1) if n else 0),
    "lasker": (lambda n: [((n - c,) if c < n else ()) for c in range(1, n + 1)]
               + [(a, n - a) for a in range(1, n // 2 + 1)],
               lambda n: {0: max(n - 1, 0), 1: n, 2: n, 3: n + 1}[n % 4]),
    "rims": (lambda n: [left for c in range(1, n + 1) for left in splits(n - c, 2)], lambda n: n),
}


@pytest.mark.parametrize("rule", ONE_HEAP_RULES)
def test_the_one_heap_closed_forms(rule: str) -> None:
    options, formula = ONE_HEAP_RULES[rule]
    top = 60 if rule in ("lasker", "rims") else 300
    values = heap_grundy_table(top, options)
    assert values == [formula(n) for n in range(top + 1)]
    for a, b in product(range(13), repeat=2):
        assert outcome(rule, [a, b]) == (-1 if values[a] == values[b] else 1)


def test_rayles_is_kayles_with_its_period_12() -> None:
    rayles = heap_grundy_table(120, lambda n: [left for c in (1, 2) if c <= n for left in splits(n - c, 2)])
    assert rayles[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]          # Kayles' values (Winning Ways, ch. 4)
    assert all(rayles[n] == rayles[n + 12] for n in range(71, 109))
    for a, b in product(range(0, 40, 3), repeat=2):
        assert outcome("rayles", [a, b]) == (-1 if rayles[a] == rayles[b] else 1)


# -- chapter 5: coin turning, Turning Corners, nim multiplication, the Tartan theorem ------------

def odious(count: int) -> List[int]:
    return [n for n in range(4 * count + 4) if bin(n).count("1") % 2 == 1][:count]


def ruler(n: int) -> int:
    return n & -n


COIN_GAMES = {   # name: (first coin, the other coins a move at n may turn, a head at n is worth)
    "turning-turtles": (1, lambda n: [()] + [(m,) for m in range(1, n)], lambda n: n),
    "twins": (0, lambda n: [(m,) for m in range(n)], lambda n: n),
    "mock-turtles": (0, lambda n: [()] + [(m,) for m in range(n)] + list(combinations(range(n), 2)),
                     lambda n: odious(n + 1)[n]),
    "triplets": (0, lambda n: list(combinations(range(n), 2)), lambda n: odious(n)[n - 2] if n >= 2 else 0),
    "ruler": (1, lambda n: [tuple(range(n - k + 1, n)) for k in range(1, n + 1)], ruler),
    "rulerette": (1, lambda n: [tuple(range(n - k + 1, n)) for k in range(2, n + 1)], lambda n: ruler(n) // 2),
    "grunt": (0, lambda n: [(0, a, n - a) for a in range(1, n) if a < n - a], lambda n: grundys_game(n)),
    "coin-subtraction=1;3;4": (1, lambda n: [(() if z == n else (n - z,)) for z in (1, 3, 4) if z <= n],
                               lambda n: subtraction_game(n, (1, 3, 4))),
}


@lru_cache(maxsize=None)
def grundys_game(n: int) -> int:
    """Grundy's game: split one heap into two unequal non-empty heaps."""
    return mex(grundys_game(a) ^ grundys_game(n - a) for a in range(1, n) if a < n - a)


@lru_cache(maxsize=None)
def subtraction_game(n: int, takes: Tuple[int, ...]) -> int:
    return mex(subtraction_game(n - z, takes) for z in takes if z <= n)


def row_grundy(first: int, width: int, others: Callable[[int], List[Tuple[int, ...]]]) -> Dict[int, int]:
    """The Grundy value of every row of ``width`` coins (a bit set of heads, bit i = coin first + i),
    by the mex over whole-row moves: the coin-turning theorem is not assumed."""
    values: Dict[int, int] = {}
    for row in range(1 << width):
        options = set()
        for i in range(width):
            if row >> i & 1:
                for turned in others(first + i):
                    after = row ^ (1 << i)
                    for m in turned:
                        after ^= 1 << (m - first)
                    options.add(values[after])        # the right-most coin goes to tails: a smaller number
        values[row] = mex(options)
    return values


@pytest.mark.parametrize("game", COIN_GAMES)
def test_a_coin_row_is_the_sum_of_its_heads_with_the_texts_head_values(game: str) -> None:
    first, others, head = COIN_GAMES[game]
    width = 9
    values = row_grundy(first, width, others)
    for row, value in values.items():
        assert value == xor_all(head(first + i) for i in range(width) if row >> i & 1), (game, bin(row))
    rng = random.Random(game)
    for row in rng.sample(range(1 << 7), 40):
        text = "".join("H" if row >> i & 1 else "T" for i in range(7))
        assert outcome(game, text) == (-1 if values[row] == 0 else 1)


@lru_cache(maxsize=None)
def nim_product(x: int, y: int) -> int:
    """The value of a head at (x, y) in Turning Corners: the mex of its moves' values."""
    return mex(nim_product(a, y) ^ nim_product(x, b) ^ nim_product(a, b) for a in range(x) for b in range(y))


def grid_grundy(width: int, height: int, moves: Callable[[int, int], Iterable[List[Tuple[int, int]]]],
                first: int = 0) -> Dict[int, int]:
    """Every grid of coins (bit x + width * y = coin (first + x, first + y)), valued by whole-grid moves:
    ``moves(x, y)`` gives the other coins a move whose south-east-most coin is (x, y) turns."""
    values: Dict[int, int] = {}
    for grid in range(1 << (width * height)):
        options = set()
        for x, y in product(range(width), range(height)):
            if grid >> (x + width * y) & 1:
                for turned in moves(first + x, first + y):
                    after = grid ^ (1 << (x + width * y))
                    for a, b in turned:
                        after ^= 1 << ((a - first) + width * (b - first))
                    options.add(values[after])
        values[grid] = mex(options)
    return values


def test_turning_corners_is_nim_multiplication_and_the_nim_field() -> None:
    values = grid_grundy(3, 4, lambda x, y: [[(a, b), (a, y), (x, b)] for a in range(x) for b in range(y)])
    for grid, value in values.items():
        heads = [(i % 3, i // 3) for i in range(12) if grid >> i & 1]
        assert value == xor_all(nim_product(x, y) for x, y in heads)
    for x, y in product(range(16), repeat=2):
        assert nim.nim_mul(x, y) == nim_product(x, y)
    for x in range(1, 256):
        assert nim.nim_mul(x, nim.nim_inv(x)) == 1
    heads = [[1, 2], [2, 3], [3, 3]]
    assert outcome("turning-corners", heads) == (-1 if xor_all(nim_product(*h) for h in heads) == 0 else 1)


def test_the_tartan_theorem_on_rugs_ruler_times_ruler() -> None:
    def rectangle(x: int, y: int) -> Iterable[List[Tuple[int, int]]]:
        for k in range(1, x + 1):
            for j in range(1, y + 1):
                yield [(a, b) for a in range(x - k + 1, x + 1) for b in range(y - j + 1, y + 1) if (a, b) != (x, y)]
    values = grid_grundy(3, 4, rectangle, first=1)
    for grid, value in values.items():
        heads = [(1 + i % 3, 1 + i // 3) for i in range(12) if grid >> i & 1]
        assert value == xor_all(nim_product(ruler(x), ruler(y)) for x, y in heads)


# -- chapter 6: Green Hackenbush ---------------------------------------------------------------

Edge = Tuple[int, int]


def grounded(edges: FrozenSet[Tuple[int, Edge]]) -> FrozenSet[Tuple[int, Edge]]:
    reached, changed = {0}, True
    while changed:
        changed = False
        for _, (u, v) in edges:
            if (u in reached) != (v in reached):
                reached |= {u, v}
                changed = True
    return frozenset(e for e in edges if e[1][0] in reached)


@lru_cache(maxsize=None)
def hackenbush_grundy(edges: FrozenSet[Tuple[int, Edge]]) -> int:
    return mex(hackenbush_grundy(grounded(edges - {e})) for e in edges)


def tree_value(children: Dict[int, List[int]], v: int) -> int:
    """The colon principle: g(v) = XOR over the children c of (g(c) + 1)."""
    return xor_all(tree_value(children, c) + 1 for c in children.get(v, []))


def test_green_hackenbush_colon_and_fusion_principles() -> None:
    rng = random.Random(41)
    for _ in range(120):                                   # trees: the colon principle
        size = rng.randint(1, 8)
        parent = {v: rng.randrange(v) for v in range(1, size + 1)}
        children: Dict[int, List[int]] = {}
        for v, p in parent.items():
            children.setdefault(p, []).append(v)
        edges = [[p, v] for v, p in parent.items()]
        value = hackenbush_grundy(grounded(frozenset(enumerate((p, v) for v, p in parent.items()))))
        assert value == tree_value(children, 0)
        stalk = [[i, i + 1] for i in range(value)]
        assert outcome("green-hackenbush", [edges] + ([stalk] if stalk else [])) == -1
    for _ in range(150):                                   # any graph with cycles, loops, repeats: fusion
        count = rng.randint(1, 7)
        vertices = rng.randint(1, 4)
        edges = [(rng.randint(0, vertices), rng.randint(0, vertices)) for _ in range(count)]
        keyed = frozenset(enumerate(edges))
        if grounded(keyed) != keyed:
            continue                                        # an edge cut off from the ground: refused
        value = hackenbush_grundy(keyed)
        stalk = [[i, i + 1] for i in range(value)]          # G + a stalk of its value is lost, no other
        assert outcome("green-hackenbush", [[list(e) for e in edges]] + ([stalk] if stalk else [])) == -1
        longer = [[i, i + 1] for i in range(value + 1)]
        assert outcome("green-hackenbush", [[list(e) for e in edges], longer]) == 1


# -- chapter 3: games on directed graphs, loopy ones included -----------------------------------

def retrograde(vertices: int, edges: List[Edge], tokens: int) -> Dict[Tuple[int, ...], int]:
    """+1 / 0 / -1 for the player to move, for every placing of ``tokens`` tokens: the textbook
    backward induction (a position with a lost option is won; one whose options are all won is
    lost; what is never labelled is a draw)."""
    follow: Dict[int, List[int]] = {v: [w for u, w in edges if u == v] for v in range(vertices)}
    states = list(product(range(vertices), repeat=tokens))

    def options(state: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [state[:i] + (w,) + state[i + 1:] for i, v in enumerate(state) for w in follow[v]]

    label: Dict[Tuple[int, ...], int] = {}
    changed = True
    while changed:
        changed = False
        for state in states:
            if state in label:
                continue
            found = [label.get(o) for o in options(state)]
            if -1 in found:
                label[state] = 1
                changed = True
            elif all(f == 1 for f in found):
                label[state] = -1
                changed = True
    return {s: label.get(s, 0) for s in states}


def test_the_generalised_sprague_grundy_function_decides_sums_on_loopy_graphs() -> None:
    rng = random.Random(3)
    for _ in range(40):
        vertices = rng.randint(2, 6)
        edges = sorted({(rng.randrange(vertices), rng.randrange(vertices)) for _ in range(rng.randint(1, 9))})
        edges = [e for e in edges if e[0] != e[1]] or [(0, 1)]
        truth = retrograde(vertices, edges, 2)
        for state, value in truth.items():
            position = {"edges": [list(e) for e in edges], "vertices": list(range(vertices)), "tokens": list(state)}
            assert outcome("graph", position) == value, (edges, state)


# -- chapter 4: vertex removal ------------------------------------------------------------------

@lru_cache(maxsize=None)
def vertex_removal_grundy(edges: FrozenSet[Edge]) -> int:
    vertices = {v for e in edges for v in e}
    return mex(vertex_removal_grundy(frozenset(e for e in edges if v not in e)) for v in vertices)


def test_vertex_removal_stars_cycles_and_paths() -> None:
    for n in range(1, 10):
        star = frozenset((0, i) for i in range(1, n + 1))
        assert vertex_removal_grundy(star) == (1 if n % 2 else 2)
        assert outcome("vertex-removal", [list(e) for e in star]) == 1
    for n in range(3, 10):
        cycle = frozenset((min(i, (i + 1) % n), max(i, (i + 1) % n)) for i in range(n))
        path = frozenset((i, i + 1) for i in range(n - 2))               # n - 1 vertices, n - 2 edges
        assert vertex_removal_grundy(cycle) == mex([vertex_removal_grundy(path)])
        lost = vertex_removal_grundy(cycle) == 0
        assert outcome("vertex-removal", [list(e) for e in cycle]) == (-1 if lost else 1)
    rng = random.Random(5)
    for _ in range(60):
        edges = frozenset((a, b) for a, b in ((rng.randrange(7), rng.randrange(7)) for _ in range(rng.randint(1, 8)))
                          if a < b)
        if not edges:
            continue
        lost = vertex_removal_grundy(edges) == 0
        assert outcome("vertex-removal", [list(e) for e in edges]) == (-1 if lost else 1)
