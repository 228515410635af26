"""The proven lower bound a stopped quotient computation gives for the heap it did not
finish (``MisereQuotient.next_order_at_least``, the kernel ``told_apart``).

A candidate predicts right every word below its least failure; the words with fewer
copies of the new heap n than the failure are all below it. So the classes that such
words tell apart among the sums of smaller heaps are classes of the true quotient.
Checked here: against the quotient below (no copy: exactly Q_{n-1}), the finished
quotient (never more than Q_n), a brute-force count from the game's rules
(``takebreak_oracle``), and the same count from every candidate (it is a property of
the game, not of the candidate that measured it). The premise itself, a failed
candidate right below its least failure, is checked against the brute force and, at
Dawson's heap 34, against the search."""

from __future__ import annotations

import json
from typing import Dict, List, Tuple

import pytest

import takebreak_oracle as oracle
from nim.cli import main
from nim.kernel import quotient as kernel
from nim.octal import misere_quotient
from nim.takebreak import quotient as engine


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))


def counts_of(candidate, n: int, copies: int) -> List[int]:
    gens = sorted({candidate.phi[h] for h in range(1, n)})
    return [kernel().told_apart(candidate.order, candidate.table, candidate.P, gens, candidate.phi[n], j)
            for j in range(copies + 1)]


def each_failure(monkeypatch, code: str, upto: int, visit) -> None:
    """Call ``visit(candidate, least failure, heap n)`` on every candidate the computation
    of heaps up to ``upto`` fails (within the call: a candidate's table is not kept)."""
    told = engine._told_apart

    def spy(candidate, failure, n, budget):
        visit(candidate, list(failure), n)
        told(candidate, failure, n, budget)

    monkeypatch.setattr(engine, "_told_apart", spy)
    misere_quotient(code, upto, cache=False)
    monkeypatch.setattr(engine, "_told_apart", told)


def failures(monkeypatch, code: str, upto: int) -> List[Tuple[int, int, List[int]]]:
    """(heap n, copies of n the least failure leaves below it, counts for 0..copies)
    for every candidate the computation of heaps up to ``upto`` failed."""
    seen: List[Tuple[int, int, List[int]]] = []

    def visit(candidate, failure, n):
        copies = failure.count(n) - 1
        if copies >= 0:
            seen.append((n, copies, counts_of(candidate, n, copies)))

    each_failure(monkeypatch, code, upto, visit)
    return seen


@pytest.mark.parametrize("code, upto", [("0.07", 30), ("0.35", 12), ("0.137", 29), ("0.54", 17)])
def test_the_bound_lies_between_the_quotients_below_and_at_the_heap(monkeypatch, code, upto):
    seen = failures(monkeypatch, code, upto)
    assert any(copies >= 1 for _, copies, _ in seen)
    orders = {n: misere_quotient(code, n, cache=False).order for n in range(1, upto + 1)}
    by_copies: Dict[Tuple[int, int], int] = {}
    for n, _, counts in seen:
        assert counts[0] == orders[n - 1], (n, counts)          # no copy: the quotient below
        assert counts == sorted(counts) and counts[-1] <= orders[n], (n, counts, orders[n])
        for j, count in enumerate(counts):
            # the same from every candidate: a property of the game
            assert by_copies.setdefault((n, j), count) == count, (n, j)


def distinct_outcome_rows(game: str, n: int, copies: int, most: int) -> int:
    """The brute-force count: sums u of heaps below n (total <= most) with different
    rows of outcomes of u + v + j heaps of n (v also total <= most, j <= copies)."""
    def sums(total: int) -> List[Tuple[int, ...]]:
        out: List[Tuple[int, ...]] = [()]
        for word in out:
            for h in range(word[-1] if word else 1, n):
                if sum(word) + h <= total:
                    out.append(word + (h,))
        return out

    tests = [v + (n,) * j for v in sums(most) for j in range(copies + 1)]
    return len({tuple(oracle.wins(game, True, u + v) for v in tests) for u in sums(most)})


def test_the_bound_against_brute_force(monkeypatch):
    # 0.35 at heap 6: Q_5 has 14 elements, sums with one heap of 6 tell 22 classes apart
    seen = failures(monkeypatch, "0.35", 6)
    counts = max((c for n, _, c in seen if n == 6), key=len)
    assert counts[:2] == [distinct_outcome_rows("0.35", 6, 0, 10), distinct_outcome_rows("0.35", 6, 1, 10)]
    assert counts[:2] == [14, 22]


def test_a_stop_at_dawsons_heap_34_says_how_large_its_quotient_must_be(monkeypatch):
    # a table cap that stops heap 34 after a few copies of it (deterministic: a size stop)
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 23)
    q = misere_quotient("dawson-kayles", 34, cache=False)
    assert (q.bound, q.order) == (33, 638)
    assert q.next_order_at_least is not None and q.next_order_at_least > 638
    assert q.stopped is not None
    assert f"heaps up to 34 has at least {q.next_order_at_least:,} elements (proven" in q.stopped
    assert misere_quotient("dawson-kayles", 33, cache=False).next_order_at_least is None


def test_the_cli_reports_it(monkeypatch, capsys):
    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 23)
    status = main(["quotient", "0.07", "--upto", "34", "--json", "--no-cache"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert status == 0 and data["bound"] == 33 and data["next_order_at_least"] > 638
    assert "has at least" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("bad", [dict(y=5), dict(copies=-1), dict(gens=[10**6])])
def test_told_apart_refuses_what_does_not_fit(bad):
    q = misere_quotient("kayles", 5, cache=False)
    flat = [v for row in q.table for v in row]
    from array import array

    args = dict(m=q.order, table=array("i", flat), P=bytes(x in q.p_portion for x in range(q.order)),
                gens=[q.element(1)], y=q.element(5), copies=1)
    args.update(bad)
    if "y" in bad:
        args["y"] = q.order + 5
    with pytest.raises(ValueError):
        kernel().told_apart(**args)


@pytest.mark.parametrize("heap", [6, 8])
def test_a_failed_candidate_is_right_below_its_least_failure(monkeypatch, heap):
    # the premise of the bound, against the brute force: every sum with fewer heaps of
    # the new heap than the least failure (0.35 at heaps 6 and 8, totals up to 18)
    checked: List[Tuple[int, ...]] = []
    words = sums_up_to(heap, 18)

    def visit(candidate, failure, n):
        if n != heap:
            return
        for word in words:
            if word.count(heap) < failure.count(heap):
                assert bool(candidate.P[candidate.word(word)]) == (not oracle.wins("0.35", True, word)), word
                checked.append(word)

    each_failure(monkeypatch, "0.35", heap, visit)
    assert len(checked) > 1000


def sums_up_to(top: int, most: int) -> List[Tuple[int, ...]]:
    out: List[Tuple[int, ...]] = [()]
    for word in out:
        for h in range(word[-1] if word else 1, top + 1):
            if sum(word) + h <= most:
                out.append(word + (h,))
    return out


def test_dawsons_heap_34_candidate_against_the_search(monkeypatch):
    # the two corners of the staircase 25 + a 30 + b 34 (docs/theory.md) that the search
    # reaches: 25 + 34 lost, 25 + 30 + 34 won; the candidates at heap 34 are right on both
    import nim

    corners = ([25, 34], [25, 30, 34])
    predicted: List[Tuple[bool, ...]] = []

    def visit(candidate, failure, n):
        if n == 34 and failure.count(34) >= 2:
            predicted.append(tuple(bool(candidate.P[candidate.word(heaps)]) for heaps in corners))

    monkeypatch.setattr(engine, "MAX_TABLE", 1 << 23)
    each_failure(monkeypatch, "0.07", 34, visit)
    truth = tuple(nim.solve(heaps, "misere,dawson-kayles", method="tt", time_limit=120).value < 0
                  for heaps in corners)
    assert truth == (True, False)
    assert predicted and all(p == truth for p in predicted)
