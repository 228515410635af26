"""Misère take-and-break solving past 64 bits and past the genus table (issue 42, items 14
and 15): a heap of 2**63 or more is answered by the quotient's proven period, and
``explain`` works wherever the solve does.

The oracle for large heaps is the quotient's proven theory read independently: a heap past
the preperiod has the element of any heap congruent to it modulo the period (checked
here on small congruent heaps, which the compiled look-up takes as they are), and a
winning move is checked to be legal on the real heaps and to leave a product in P."""

from __future__ import annotations

import subprocess
import sys
from typing import Iterator

import pytest

import nim
from nim.octal import misere_quotient
from nim.position import Position, after_move


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch) -> Iterator[None]:
    from nim.solving.takebreak_quotient import forget_quotients

    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))
    forget_quotients()
    yield
    forget_quotients()


def congruent_small(q, heap: int) -> int:
    """A heap below 2**20 with the element of ``heap`` by the proven period."""
    pre, per = q.period
    return pre + per * 3 + (heap - pre) % per


HUGE = [2**63 + k for k in range(0, 40, 3)] + [2**64 + 7, 2**100 + 1, 3**90]


@pytest.mark.parametrize("game", ["kayles", "0.75", "0.34"])
def test_heaps_past_64_bits_are_read_through_the_period(game):
    q = misere_quotient(game)
    assert q.proven and q.period is not None
    for heap in HUGE:
        small = congruent_small(q, heap)
        assert q.element(heap) == q.element(small)
        for other in (0, 1, 5, 12, 2**70 + 5):
            position = [heap, other]
            twin = [small, congruent_small(q, other) if other > 2**62 else other]
            assert q.product(position) == q.product(twin)
            assert q.is_lost(position) == q.is_lost(twin)
            move = q.winning_move(position)
            assert (move is None) == q.is_lost(twin)
            if move is not None:
                assert Position(position, f"misere,octal={q.game}").is_legal(move)
                later = after_move(tuple(position), move)
                assert q.is_lost([congruent_small(q, h) if h > 2**62 else h for h in later])


def test_misere_kayles_past_2_63_in_every_surface():
    for position in ([2**63, 5], [2**64], [2**63 + 1, 2**63 + 2, 7]):
        small = [congruent_small(misere_quotient("kayles"), h) if h > 2**62 else h for h in position]
        solution = nim.solve(position, "misere,kayles")
        assert solution.value == nim.solve(small, "misere,kayles").value
        if solution.move is not None:
            later = after_move(tuple(position), solution.move)
            assert nim.solve([congruent_small(misere_quotient("kayles"), h) if h > 2**62 else h
                              for h in later], "misere,kayles").value == -1
        explained = nim.explain(position, "misere,kayles")
        assert explained.rule == "quotient" and explained.value == solution.value
    for argv in (["solve", str(2**63), "5", "--game", "kayles", "--misere"],
                 ["solve", str(2**63), "5", "--game", "kayles", "--misere", "--explain"]):
        done = subprocess.run([sys.executable, "-m", "nim", *argv], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-400:]


@pytest.mark.parametrize("heap", [1000, 2000, 5000, 2**63])
def test_explain_works_wherever_the_solve_does(heap):
    solution = nim.solve([heap], "misere,kayles")
    explained = nim.explain([heap], "misere,kayles")
    assert explained.rule == "quotient" and explained.value == solution.value
    assert explained.move == solution.move
    done = subprocess.run([sys.executable, "-m", "nim", "solve", str(heap), "--game", "kayles", "--misere",
                           "--explain"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-400:]
    assert "Winning move" in done.stdout or "lost" in done.stdout


def test_a_deep_genus_search_is_a_limit_not_a_recursion_error():
    from nim.errors import SearchLimitError
    from nim.octal import genus
    from nim.rules import Rules

    with pytest.raises(SearchLimitError):
        genus.genus(Rules.parse("misere,kayles"), 1000, limit=10_000)


def test_a_search_without_a_time_limit_gets_a_default_budget(monkeypatch):
    """Issue 40, item 12: misère Dawson's Kayles past its quotient's heaps, no limit given."""
    from nim.errors import SearchLimitError
    from nim.solving import takebreak

    monkeypatch.setattr(takebreak, "DEFAULT_SEARCH_SECONDS", 1.0)
    with pytest.raises(SearchLimitError, match="no time limit was given") as stopped:
        nim.solve([100, 77, 50], "misere,dawson-kayles")
    assert stopped.value.reason == "time" and "--time-limit" in str(stopped.value)
    # a limit given is the caller's: its stop says nothing of a default
    with pytest.raises(SearchLimitError) as given:
        nim.solve([100, 77, 50], "misere,dawson-kayles", time_limit=1.5)
    assert "default" not in str(given.value)
    code = ("import sys\nfrom nim.solving import takebreak\ntakebreak.DEFAULT_SEARCH_SECONDS = 1.0\n"
            "from nim.cli import main\nsys.exit(main(['solve', '100', '77', '50', '--rules', "
            "'misere,dawson-kayles']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 3 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--time-limit" in lines[0] and "may take very long" in lines[0]


def test_the_default_budget_is_a_minute_or_so():
    from nim.solving import takebreak

    assert 10 <= takebreak.DEFAULT_SEARCH_SECONDS <= 300


# -- issue 42, item 16: the misère table of a take-and-break game, linear by the quotient ----

def _slow_rows(rules, upto):
    """The table as it was made before: each option of each heap solved."""
    from nim.solving import tables

    original = tables._by_quotient
    tables._by_quotient = lambda *args: None
    try:
        return tables.misere_heap_table(rules, upto)
    finally:
        tables._by_quotient = original


@pytest.mark.parametrize("game, upto", [("kayles", 260), ("octal=0.75", 120), ("octal=0.34", 120),
                                        ("dawson-kayles", 30)])
def test_the_misere_table_by_the_quotient_is_the_table_by_solving(game, upto):
    from nim.rules import Rules
    from nim.solving import tables

    rules = Rules.parse(f"misere,{game}")
    assert tables.misere_heap_table(rules, upto) == _slow_rows(rules, upto)


@pytest.mark.parametrize("code", ["0.77", "0.75", "0.34", "0.07"])
def test_the_misere_table_against_the_brute_force(code):
    import takebreak_oracle as brute
    from nim.rules import Rules
    from nim.solving import tables

    upto = 14
    values, _, takes, _ = tables.misere_heap_table(Rules.parse(f"misere,octal={code}"), upto)
    for heap in range(upto + 1):
        assert (values[heap] > 0) == brute.wins(code, True, [heap])
        wins = {count for count in range(1, heap + 1) for child in brute.options(code, heap)
                if sum(child) == heap - count and not brute.wins(code, True, child)}
        assert set(takes[heap]) == wins


def test_the_misere_table_is_read_through_the_period_past_its_start(monkeypatch):
    """Linear: heaps past 2 pre + period + the largest take are copied, not listed."""
    import nim.octal_moves as moves
    from nim.rules import Rules
    from nim.solving import tables

    listed = []
    real = moves.HeapMoves

    def spy(places, heap):
        listed.append(heap)
        return real(places, heap)

    monkeypatch.setattr(moves, "HeapMoves", spy)
    values, _, takes, _ = tables.misere_heap_table(Rules.parse("misere,kayles"), 100_000)
    q = misere_quotient("kayles")
    assert max(listed) < 2 * q.period[0] + 3 * q.period[1] + 2
    for heap in (99_999, 100_000, 12_345):
        assert (values[heap] < 0) == q.is_lost([heap])


# -- issue 42, item 12: codes that never split a heap have quotients too ----------------------

@pytest.mark.parametrize("code", ["0.3", "0.33", "0.333", "0.03", "0.303"])
def test_the_quotient_of_a_code_that_never_splits_against_the_brute_force(code):
    import itertools

    import takebreak_oracle as brute

    q = misere_quotient(code, cache=False)
    assert q.proven and q.game == code
    for size in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(range(0, 11), size):
            assert q.is_lost(list(heaps)) == (not brute.wins(code, True, heaps)), heaps
            move = q.winning_move(list(heaps))
            if move is not None:
                assert not brute.wins(code, True, after_move(tuple(heaps), move))


def test_the_cyclic_quotient_prints_its_relation():
    q = misere_quotient("0.3", cache=False)
    assert (q.order, q.relations) == (2, ("a^2 = 1",))


@pytest.mark.parametrize("code", ["0.3", "0.33", "octal=0.03", "0.333"])
def test_nimcore_quotient_of_a_subtraction_code(code):
    done = subprocess.run([sys.executable, "-m", "nim", "quotient", code, "--no-cache"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "exact for: every heap size" in done.stdout, done.stderr


def test_a_take_rule_is_refused_in_words_that_say_how_to_write_it():
    from nim.octal.quotient import QuotientError

    with pytest.raises(QuotientError, match="take at most 2 is 0.33") as refused:
        misere_quotient("misere,max=2")
    assert "not a take-and-break game" not in str(refused.value)
