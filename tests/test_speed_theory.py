"""The first answer on a large subtraction set (issue 33 item 2): the theory answers
from the Grundy table up to the largest pile asked, growing it on demand and
looking for the period each time, held to the plain mex DP (nim.solving.pile_dp,
which shares no code with the core) and to brute force on small positions."""

from __future__ import annotations

import random
import warnings
from functools import reduce
from typing import List

import pytest
from hypothesis import given, settings, strategies as st

import nim
import nimcore.theory
from nim.solving.pile_dp import grundy_values

import oracles


def set_rule(members: List[int], misere: bool = False) -> str:
    return ("misere" if misere else "normal") + ",set=" + ";".join(map(str, sorted(set(members))))


@pytest.fixture
def fresh_theories():
    """No theory cached before or after: each test builds its own from cold."""
    nim.solving.engines._theory_or_reason.cache_clear()
    yield
    nim.solving.engines._theory_or_reason.cache_clear()


large_sets = st.lists(st.integers(1, 3000), min_size=150, max_size=400, unique=True)


@settings(max_examples=15, deadline=None)
@given(large_sets, st.lists(st.integers(0, 4000), min_size=1, max_size=4))
def test_large_sets_answer_from_the_table_like_the_plain_dp(members, piles):
    rule = set_rule(members)
    nim.solving.engines._theory_or_reason.cache_clear()
    expected = grundy_values(max(piles), rule)
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no fall back to tt
        solution = nim.solve(piles, rule)
    x = reduce(lambda a, b: a ^ b, (expected[p] for p in piles))
    assert solution.method == "theory"
    assert solution.value == (1 if x else -1)
    if solution.move is not None and x:
        pile, count = solution.move
        after = list(piles)
        after[pile] -= count
        assert count in members and reduce(lambda a, b: a ^ b, (expected[p] for p in after)) == 0
    assert nim.solving.grundy_table(max(piles), rule) == expected


def test_the_table_grows_to_the_largest_pile_and_stays_exact(fresh_theories, monkeypatch):
    monkeypatch.setattr(nimcore.theory, "INITIAL_WORK", 1 << 12)     # a first table of 4,096 values
    rng = random.Random(7)
    members = rng.sample(range(1, 5000), 300)
    rule = set_rule(members)
    theory = nim.solving.engines.theory(nim.Rules.parse(rule))
    first = theory.core.covered
    assert first is not None and first < 20_000
    expected = grundy_values(20_000, rule)
    # asked in a scattered order: each answer exact, the table only ever grows
    for pile in [17, 19_999, 3, 12_345, 4096, 20_000, 0]:
        assert theory.grundy(pile) == expected[pile], pile
        assert theory.core.covered is None or theory.core.covered > pile
    assert theory.core.covered is None or theory.core.covered >= 20_001


def test_a_period_found_on_growth_answers_every_pile(fresh_theories, monkeypatch):
    monkeypatch.setattr(nimcore.theory, "INITIAL_WORK", 1)           # no period in the first table
    rule = set_rule([3, 50, 701])
    theory = nim.solving.engines.theory(nim.Rules.parse(rule))
    assert theory.period == 0 and theory.core.covered == 4096
    expected = grundy_values(30_000, rule)
    assert theory.grundy(29_999) == expected[29_999]
    assert theory.period > 0 and theory.core.covered is None        # found while growing
    start, period = theory.period_start, theory.period
    for n in [10**6, 10**12 + 7, 2**70 + 5]:                          # read through the period
        reduced = start + (n - start) % period
        assert theory.grundy(n) == expected[reduced]


def test_misere_on_a_large_set_is_checked_on_the_table(fresh_theories):
    rng = random.Random(3)
    members = sorted(rng.sample(range(1, 400), 200))
    rule = set_rule(members, misere=True)
    for piles in [(5, 9), (3, 4, 7), (12, 1, 1), (2, 2)]:
        solution = nim.solve(piles, rule)
        assert solution.method == "theory"
        assert solution.value == oracles.value(rule, piles), piles


def test_compiled_entry_points_grow_the_table(fresh_theories, monkeypatch):
    """batch values, best moves, a Solver's fast path and analyze: every one covers
    its piles before reading the table."""
    monkeypatch.setattr(nimcore.theory, "INITIAL_WORK", 1)
    rng = random.Random(11)
    members = rng.sample(range(1, 3000), 250)
    rule = set_rule(members)
    expected = grundy_values(9000, rule)
    rows = [[rng.randint(0, 9000) for _ in range(3)] for _ in range(50)]
    solver = nim.Solver(rule)
    values = solver.values(rows)
    assert list(values) == [1 if expected[a] ^ expected[b] ^ expected[c] else -1 for a, b, c in rows]
    nim.solving.engines._theory_or_reason.cache_clear()
    solver = nim.Solver(rule)
    piles, counts = solver.best_moves(rows)
    for row, pile, count in zip(rows, piles, counts):
        if pile >= 0 and expected[row[0]] ^ expected[row[1]] ^ expected[row[2]]:
            after = list(row)
            after[pile] -= count
            assert expected[after[0]] ^ expected[after[1]] ^ expected[after[2]] == 0
    nim.solving.engines._theory_or_reason.cache_clear()
    solver = nim.Solver(rule)
    assert solver.solve([8999, 3]).value == (1 if expected[8999] ^ expected[3] else -1)
    nim.solving.engines._theory_or_reason.cache_clear()
    moves = nim.analyze([8000, 5], rule, depth=False)
    for row in moves:
        after = [8000, 5]
        after[row.move.pile] -= row.move.count
        assert row.value == (-1 if expected[after[0]] ^ expected[after[1]] else 1)


def test_past_the_limit_without_a_period_is_refused(fresh_theories, monkeypatch):
    monkeypatch.setattr(nimcore.theory, "PERIOD_LIMIT", 1 << 13)
    rule = set_rule([1, 9000])                # G has no period within 8,192 values
    assert nim.solve([8191, 5], rule).method == "theory"
    with pytest.raises(nim.NimError, match="no period in its first 8,192 values"):
        nim.solve([8192], rule, "theory")
    with pytest.raises(nim.NimError, match="no period"):
        nim.solving.grundy_value(10**30, rule)


def test_threads_growing_and_reading_one_theory(fresh_theories, monkeypatch):
    """Threads ask piles past the table while others read it without the GIL: every
    answer exact (a grown table moves; the old one stays readable)."""
    import threading

    monkeypatch.setattr(nimcore.theory, "INITIAL_WORK", 1)
    rng = random.Random(21)
    members = rng.sample(range(1, 4000), 300)
    rule = set_rule(members)
    expected = grundy_values(40_000, rule)
    solver = nim.Solver(rule)
    failures: List[str] = []

    def work(seed: int) -> None:
        local = random.Random(seed)
        for step in range(60):
            top = 4000 + step * 600
            rows = [[local.randint(0, top) for _ in range(3)] for _ in range(40)]
            values = solver.values(rows)
            for row, value in zip(rows, values):
                want = 1 if expected[row[0]] ^ expected[row[1]] ^ expected[row[2]] else -1
                if value != want:
                    failures.append(f"{row}: {value} != {want}")

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
