"""Exactness of every fast path at every Grundy value (issue 20).

The theory once computed a `set S` rule's mex in a 64-bit bit set, so wherever
the Grundy sequence reached 64 every fast path answered wrongly. This module
holds each fast path -- the theory (``nim.solve``), the compiled ``Solver``
fast path, the batch ``values`` / ``best_moves``, ``explain`` (its text and
its period), ``grundy_table``, ``grundy_value``, ``pile_table`` and
``analyze(depth=False)`` -- against oracles that share no code with the
package: the Grundy DP and period search of ``oracles.SetOracle``, the closed
forms of ``oracles.closed_form_grundy``, a brute force over sorted tuples, and
the `tt` search. The rule sets reach Grundy values of 64, 128, 1,000 and more
({1..n}, {1..63, 128}, {2, 4, ..., 2n}, random sets of up to 2,000 members),
K up to 2**32 - 2, piles up to 10**40, both conventions.

``pytest --slow`` runs many more random examples and the largest sets.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable, Dict, List, Sequence, Tuple

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import nim
import oracles
from nim import Move, Rules

numpy = pytest.importorskip("numpy")

#: Hypothesis examples per test: a CI run, and ``--slow``.
EXAMPLES = 12
SLOW_EXAMPLES = 300


@pytest.fixture
def examples(request) -> int:
    return SLOW_EXAMPLES if request.config.getoption("--slow") else EXAMPLES


def run(examples: int, strategy, check: Callable) -> None:
    """check(*example) for `examples` examples of a tuple strategy."""
    @settings(max_examples=examples, deadline=None, derandomize=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(strategy)
    def each(example):
        check(*example)
    each()


# ------------------------------------------------------------------ oracles

#: Most Grundy values the oracle computes for a random set (a set whose period
#: lies further is drawn again: it would take the oracle minutes).
RANDOM_SET_VALUES = 1 << 16


@lru_cache(maxsize=32)
def set_oracle(members: Tuple[int, ...], limit: int = 1 << 22) -> oracles.SetOracle:
    return oracles.SetOracle(members, limit)


def oracle_grundy(rules: Rules) -> Callable[[int], int]:
    """g(n) by the test's own oracle for these rules."""
    if rules.take == "set":
        return set_oracle(tuple(rules.subtract)).grundy
    if rules.take == "max":
        k = rules.k + 1
        return lambda n: n % k
    if rules.take == "half":
        return lambda n: oracles.closed_form_grundy("normal,half", n)
    return lambda n: n


def legal(rules: Rules, pile: int, count: int) -> bool:
    """SPEC 2's take rules, written here."""
    if rules.take == "any":
        return 1 <= count <= pile
    if rules.take == "max":
        return 1 <= count <= min(rules.k, pile)
    if rules.take == "half":
        return 1 <= count <= pile // 2
    return count in rules.subtract and count <= pile


def movable(rules: Rules, pile: int) -> bool:
    smallest = min(rules.subtract) if rules.take == "set" else 2 if rules.take == "half" else 1
    return pile >= smallest


def oracle_value(rules: Rules, piles: Sequence[int]) -> int:
    g = oracle_grundy(rules)
    return oracles.grundy_rule_value(rules.misere, [g(p) for p in piles])


def brute_force(members: Sequence[int], misere: bool) -> Callable[[Tuple[int, ...]], int]:
    """value(piles): +1 when the mover wins `set members`, by memoised search over sorted tuples."""
    memo: Dict[Tuple[int, ...], int] = {}

    def value(piles: Tuple[int, ...]) -> int:
        key = tuple(sorted(piles))
        if key not in memo:
            children = [key[:i] + (p - s,) + key[i + 1:]
                        for i, p in enumerate(key) for s in members if s <= p]
            if not children:
                memo[key] = 1 if misere else -1      # no move: the mover wins only in misère
            else:
                memo[key] = 1 if any(value(c) == -1 for c in children) else -1
        return memo[key]

    return value


def lone_pile_outcomes(members: Sequence[int], misere: bool, upto: int) -> List[int]:
    """+1 / -1 for a lone pile of 0 .. upto, by its own DP (no Grundy values)."""
    s = numpy.array(sorted(members), dtype=numpy.int64)
    lost = numpy.zeros(upto + 1, dtype=bool)
    for n in range(upto + 1):
        options = s[: numpy.searchsorted(s, n, side="right")]
        lost[n] = (not misere) if not len(options) else not lost[n - options].any()
    return [-1 if v else 1 for v in lost]


def set_rules(members: Sequence[int], misere: bool) -> Rules:
    return Rules(misere=misere, take="set", subtract=tuple(members))


# ------------------------------------------------------------ the checks

def check_position(rules: Rules, piles: List[int], solver: nim.Solver) -> None:
    """nim.solve, the Solver fast path and explain against the oracle, on one position."""
    expected = oracle_value(rules, piles)
    for solution in (nim.solve(piles, rules), solver.solve(piles)):
        assert solution.value == expected, (rules, piles)
        assert solution.method == "theory"
        if solution.move is None:
            assert not any(movable(rules, p) for p in piles)
            continue
        pile, count = solution.move
        assert legal(rules, piles[pile], count), (rules, piles, solution.move)
        if expected > 0:
            child = list(piles)
            child[pile] -= count
            assert oracle_value(rules, child) == -1, (rules, piles, solution.move)
    explanation = nim.explain(piles, rules)
    g = oracle_grundy(rules)
    x = 0
    for p in piles:
        x ^= g(p)
    assert (explanation.value, explanation.xor) == (expected, x)
    assert list(explanation.grundy) == [g(p) for p in piles]


def check_batch(rules: Rules, rows: List[List[int]], solver: nim.Solver) -> None:
    """Solver.values and best_moves against the oracle (piles below 2**63)."""
    width = max(len(r) for r in rows)
    rows = [r + [0] * (width - len(r)) for r in rows]
    values = solver.values(rows)
    assert [int(v) for v in values] == [oracle_value(rules, r) for r in rows]
    piles, counts = solver.best_moves(rows)
    for row, value, pile, count in zip(rows, values, piles, counts):
        if pile < 0:
            assert not any(movable(rules, p) for p in row)
            continue
        assert legal(rules, row[pile], int(count))
        if value > 0:
            child = list(row)
            child[pile] -= int(count)
            assert oracle_value(rules, child) == -1


def check_analysis(rules: Rules, piles: List[int]) -> None:
    """analyze(depth=False): every legal move, each valued by the oracle."""
    rows = nim.analyze(piles, rules, depth=False)
    expected_moves = [Move(i, c) for i, p in enumerate(piles)
                      for c in sorted((c for c in _takes(rules, p)), reverse=True)]
    assert [row.move for row in rows] == expected_moves
    for row in rows:
        child = list(piles)
        child[row.move.pile] -= row.move.count
        assert row.value == -oracle_value(rules, child)


def _takes(rules: Rules, pile: int) -> List[int]:
    if rules.take == "set":
        return [s for s in rules.subtract if s <= pile]
    top = pile if rules.take == "any" else pile // 2 if rules.take == "half" else min(rules.k, pile)
    return list(range(1, top + 1))


def check_set_rule(members: Sequence[int], misere: bool, rng: random.Random, positions: int = 6,
                   limit: int = 1 << 22) -> None:
    """Every fast path of one `set S` rule against the oracles."""
    members = tuple(sorted(set(members)))
    oracle = set_oracle(members, limit)
    rules = set_rules(members, misere)
    solver = nim.Solver(rules)
    assert solver.exact_theory is not None          # a period in reach and (C) decided
    assert solver.exact_theory.tame == oracle.tame()
    if misere and not oracle.tame():
        return                                       # the search answers: not a fast path
    scale = oracle.scale
    # tables: the pre-period, a period and past it
    upto = min(len(oracle.table) * scale + 40, 6000)
    expected = [oracle.grundy(n) for n in range(upto + 1)]
    assert nim.solving.grundy_table(upto, rules) == expected
    sizes = [rng.randrange(upto + 1) for _ in range(20)] + [rng.randrange(10**40) for _ in range(5)]
    assert [nim.solving.grundy_value(n, rules) for n in sizes] == [oracle.grundy(n) for n in sizes]
    short = min(upto, 400)
    table = nim.solving.pile_table(short, rules)
    outcomes = lone_pile_outcomes(members, misere, short)
    assert [row.grundy for row in table] == expected[: short + 1]
    assert [row.value for row in table] == outcomes
    for row in table[:: 7]:
        wins = tuple(s for s in members if s <= row.size and outcomes[row.size - s] == -1)
        assert row.winning_takes == wins
    # explain's period: the oracle's least period and earliest start
    name = "G" if scale > 1 else "g"
    text = nim.explain([0], rules).text
    assert f"{name} is periodic with period {oracle.period} from {oracle.start} on" in text
    assert all(len(line) < 400 for line in text.splitlines())   # a large S is abbreviated
    # positions: small piles, 64-bit piles, and piles up to 10**40
    top = max(members)
    small = [[rng.randrange(3 * top + 2) for _ in range(rng.randrange(1, 6))] for _ in range(positions)]
    wide = [[rng.randrange(2**63) for _ in range(rng.randrange(1, 6))] for _ in range(positions)]
    huge = [[rng.randrange(10**40) for _ in range(rng.randrange(1, 4))] for _ in range(2)]
    for piles in small + wide + huge:
        check_position(rules, piles, solver)
    check_batch(rules, small + wide, solver)
    for piles in small[:2] + wide[:1] + huge[:1]:
        check_analysis(rules, piles)
    # the tt search agrees on a position of values up to 300
    piles = [rng.randrange(301), rng.randrange(301), rng.randrange(10)]
    assert nim.solve(piles, rules, "tt", node_limit=10**8).value == oracle_value(rules, piles), piles


# --------------------------------------------------- the named sets

def test_a_pile_of_65_under_1_to_64_is_lost():
    # every take leaves 1 .. 64 objects, which the opponent takes whole
    rule = "normal,set=" + ";".join(map(str, range(1, 65)))
    assert nim.solve([65], rule).value == -1
    assert nim.Solver(rule).solve([65]).value == -1


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("members", [
    range(1, 64), range(1, 65), range(1, 66), range(1, 129),      # values reach n
    [*range(1, 64), 128],                                           # reaches 64 only past 128
    range(2, 129, 2), range(2, 257, 2),                             # gcd 2: G of S / 2 reaches 64, 128
    range(1, 1001),                                                 # values reach 1,000
], ids=["1..63", "1..64", "1..65", "1..128", "1..63+128", "2..128/2", "2..256/2", "1..1000"])
def test_named_sets(members, misere):
    members = tuple(members)
    oracle = set_oracle(members)
    assert max(oracle.table) >= min(len(members), 64)
    check_set_rule(members, misere, random.Random(len(members)))


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("members", [range(1, 65), [*range(1, 64), 128], range(2, 131, 2)],
                         ids=["1..64", "1..63+128", "2..130/2"])
def test_small_positions_against_brute_force_and_tt(members, misere):
    """Positions of two and three piles, whose values reach 64 and beyond: the
    theory, the brute force over sorted tuples and the tt search agree."""
    members = tuple(members)
    rules = set_rules(members, misere)
    value = brute_force(members, misere)
    solver = nim.Solver(rules)
    top = max(members) + 3
    positions = [(x, y) for x in range(3) for y in range(top)] + [(1, 2, y) for y in range(0, top, 5)]
    assert [int(v) for v in solver.values([list(p) + [0] * (3 - len(p)) for p in positions])] == [
        value(p) for p in positions]
    for piles in positions[:: 9]:
        assert nim.solve(list(piles), rules, "tt").value == value(piles)


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("n", [2000, 10_000])
def test_the_largest_sets(n, misere):
    check_set_rule(range(1, n + 1), misere, random.Random(n), positions=3)


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_a_dense_set_with_a_long_pre_period(misere):
    """500 members: periodic only from 2,990,318 on, with period 213,840."""
    members = _dense(random.Random(1), 500)
    oracle = set_oracle(members)
    assert (oracle.start, oracle.period) == (2_990_318, 213_840)
    check_set_rule(members, misere, random.Random(1), positions=3)


@pytest.mark.parametrize("misere", [False, True])
def test_a_pile_past_64_bits_grows_the_table_until_the_period_shows(misere):
    """A CI run drew it: 732 multiples of 5, whose period shows only past the
    theory's first table (16,384 values). A pile past 64 bits once raised
    "shows no period" there; the table now grows until the period shows."""
    members = _scaled(random.Random(0), 732)
    oracle = set_oracle(members, RANDOM_SET_VALUES)
    rules = set_rules(members, misere)
    theory = nim.Solver(rules).exact_theory
    assert theory is not None and theory.period == 0        # not seen in the first table
    piles = [10**40 + 5 * i for i in range(0, 4000, 37)]
    assert [nim.solving.grundy_value(n, rules) for n in piles] == [oracle.grundy(n) for n in piles]
    assert oracle.start + oracle.period > 16_384


def test_sets_past_the_limit_are_refused():
    with pytest.raises(nim.InvalidRulesError, match="at most 10,000 members"):
        set_rules(range(1, 10_002), False)


# ------------------------------------------------- random rule sets

def _dense(rng: random.Random, k: int) -> Tuple[int, ...]:
    """k members drawn from 1 .. k + k // 50 + 1: Grundy values up to about k / 2."""
    return tuple(sorted(rng.sample(range(1, k + k // 50 + 2), k)))


def _prefix(rng: random.Random, k: int) -> Tuple[int, ...]:
    """1 .. a and some larger members up to 3a: values up to a."""
    a = max(2, k - k // 20)
    return tuple(sorted(set(range(1, a + 1)) | set(rng.sample(range(a + 1, 3 * a), min(k - a, 2 * a - 1)))))


def _scaled(rng: random.Random, k: int) -> Tuple[int, ...]:
    """A dense set times a common factor: the theory divides it out."""
    d = rng.randrange(2, 6)
    return tuple(d * m for m in _dense(rng, k))


FAMILIES = [_dense, _prefix, _scaled]


@pytest.mark.parametrize("misere", [False, True])
def test_random_large_sets(misere, examples):
    """Random sets of up to 2,000 members (values up to about 1,000)."""
    def check(family: int, k: int, seed: int) -> None:
        rng = random.Random(seed)
        members = FAMILIES[family](rng, k)
        try:
            set_oracle(members, RANDOM_SET_VALUES)
        except OverflowError:
            assume(False)
        check_set_rule(members, misere, rng, positions=3, limit=RANDOM_SET_VALUES)

    run(examples, st.tuples(st.integers(0, len(FAMILIES) - 1),
                            st.one_of(st.integers(60, 200), st.integers(200, 2000)),
                            st.integers(0, 2**32)), check)


@pytest.mark.parametrize("misere", [False, True])
def test_closed_form_rules_with_large_parameters(misere, examples):
    """any, max K (K up to 2**32 - 2) and half, piles up to 10**40."""
    def check(take: str, k: int, seed: int) -> None:
        rng = random.Random(seed)
        rules = Rules(misere=misere, take=take, k=k if take == "max" else None)
        solver = nim.Solver(rules)
        g = oracle_grundy(rules)
        sizes = [rng.randrange(10**6), rng.randrange(2**64), rng.randrange(10**40), k, k + 1, 2**64 - 1, 2**63 - 1]
        assert [nim.solving.grundy_value(n, rules) for n in sizes] == [g(n) for n in sizes]
        assert nim.solving.grundy_table(300, rules) == [g(n) for n in range(301)]
        assert [row.grundy for row in nim.solving.pile_table(100, rules)] == [g(n) for n in range(101)]
        bound = rng.choice([2**8, 2**63, 10**40])
        rows = [[rng.randrange(bound) for _ in range(rng.randrange(1, 6))] for _ in range(6)]
        for piles in rows + [[2**64 - 1, rng.randrange(100)], [2**63 - 1, 2**64 - 2, k]]:
            check_position(rules, piles, solver)     # (the 64-bit edges of the C path)
        check_batch(rules, [r for r in rows if max(r) < 2**63] or [[1]], solver)
        small = [rng.randrange(12) for _ in range(3)]
        if take != "any" or sum(small) < 40:
            check_analysis(rules, small)
        if take == "max" and k <= 70:
            check_analysis(rules, [rng.randrange(10**40), rng.randrange(2**64), rng.randrange(100)])

    run(examples, st.tuples(st.sampled_from(["any", "max", "half"]),
                            st.one_of(st.integers(1, 70), st.integers(1, 2**32 - 2)),
                            st.integers(0, 2**32)), check)


def _half_option(n: int, target: int):
    """The smallest size of Grundy value `target` that a pile of n can be lowered
    to under `half` (sizes of value t are (2t + 1) 2**j - 1), or None."""
    low, m = n - n // 2, 2 * target
    while m < n:
        if m >= low:
            return m
        m = 2 * m + 1
    return None


@pytest.mark.parametrize("n", [2**64 - 1, 2**64 - 2, 2**64 - 3, 2**63 + 1, 2**63, 2**63 - 1, 2**62 - 1,
                               10**19, 3 * 2**62 - 1, 2**65 - 1])
def test_half_options_at_the_64_bit_edges(n):
    """theory_option's doubling loop for `half`, where 2n no longer fits 64 bits."""
    from nim.solving import engines

    theory = engines.theory(Rules(take="half"))
    g = oracles.closed_form_grundy("normal,half", n)
    rng = random.Random(n)
    targets = {0, 1, g - 1, g, g + 1, 2**63, 2**64 - 1} | {rng.randrange(g + 1) for _ in range(20)}
    for target in sorted(t for t in targets if t >= 0):
        assert theory.option(n, target) == _half_option(n, target), (n, target)


@pytest.mark.parametrize("k", [1, 2, 3, 2**31, 2**32 - 2])
def test_max_options_at_the_64_bit_edges(k):
    from nim.solving import engines

    theory = engines.theory(Rules(take="max", k=k))
    for n in [2**64 - 1, 2**64 - 2, 2**63, k, k + 1, 10**40]:
        for target in {0, 1, k - 1, k, n % (k + 1), (n - 1) % (k + 1)}:
            takes = [c for c in (1, 2, k - 1, k, (n % (k + 1) - target) % (k + 1)) if 1 <= c <= min(k, n)
                     and (n - c) % (k + 1) == target]
            assert theory.option(n, target) == (n - max(takes) if takes else None), (k, n, target)
