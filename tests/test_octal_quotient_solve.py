"""Misère take-and-break sums solved through the misère quotient (issue 30, items 2 and 4):
``nim.solve`` (forced ``method="quotient"`` and the default), ``analyze``, ``Solver.values``,
``solve_many``, ``explain``, and the quotient as the exact leaf of the split search.

The oracle is tests/takebreak_oracle.py: a memoised brute force over sorted tuples of heaps
whose moves are written from the definition of an octal code; it imports nothing from
the package (and so shares no code with the quotient engine or the search). Every
answer's value is checked against it, and every winning move is checked to be legal
and to leave a position the brute force calls lost.
"""

from __future__ import annotations

import itertools
import random
import sys
from typing import Iterator, List, Sequence, Tuple

import pytest

import nim
from nim.errors import NimError, SearchLimitError, UnknownMethodError
from nim.rules import Rules

import takebreak_oracle as brute


@pytest.fixture(autouse=True, scope="module")
def _deep_brute_force() -> Iterator[None]:
    """The brute force recurses once per move of a game; the limit is raised for this
    module only (raised for the whole session, it changed what other tests meet:
    json.loads of deep input no longer raised RecursionError)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    yield
    sys.setrecursionlimit(limit)

#: The three games swept to heaps of 15, and the codes swept to heaps of 12.
MAIN_CODES = ("0.77", "0.07", "0.137")
OTHER_CODES = ("0.75", "0.15", "0.115", "0.152", "0.72", "0.34", "0.51", "4.07", "0.26", "0.54")


@pytest.fixture(autouse=True, scope="module")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A cache folder of this module's own, and no quotient kept from other tests."""
    from nim.takebreak.quotient_memo import forget_quotients

    patch = pytest.MonkeyPatch()
    patch.setenv("NIMCORE_CACHE_DIR", str(tmp_path_factory.mktemp("quotients")))
    forget_quotients()
    yield
    forget_quotients()
    patch.undo()


def rules_of(code: str) -> Rules:
    return Rules.parse(f"misere,octal={code}")


def after(position: Sequence[int], move: nim.Move) -> Tuple[int, ...]:
    """The heaps after a move, from the Move's own fields (sorted, zeros dropped)."""
    heaps = list(position)
    heap = heaps.pop(move.pile)
    if move.split is not None:
        a, b = move.split
        assert a >= 1 and b >= 1 and a + b + move.count == heap, (position, move)
        heaps += [a, b]
    else:
        assert 1 <= move.count <= heap, (position, move)
        heaps.append(heap - move.count)
    return tuple(sorted(h for h in heaps if h))


def check_answer(code: str, position: Tuple[int, ...], solution: nim.Solution) -> None:
    """The value is the brute force's; a winning move is legal and leaves a brute-force loss."""
    won = brute.wins(code, True, position)
    assert solution.value == (1 if won else -1), (code, position, solution)
    legal = set(brute.children(code, tuple(sorted(h for h in position if h))))
    if solution.move is not None:
        assert after(position, solution.move) in legal, (code, position, solution)
    if won:
        if legal:    # a position without moves is won in misère play, with no move to show
            assert solution.move is not None, (code, position, solution)
            assert not brute.wins(code, True, after(position, solution.move)), (code, position, solution)


def sums(top: int, counts: Sequence[int]) -> List[Tuple[int, ...]]:
    """Every sum of ``counts`` heaps of 1..top (as sorted tuples)."""
    return [c for n in counts for c in itertools.combinations_with_replacement(range(1, top + 1), n)]


def sample_of_four(top: int, total: int, size: int, seed: int) -> List[Tuple[int, ...]]:
    """A seeded sample of sums of four heaps of 1..top with at most ``total`` objects."""
    pool = [c for c in itertools.combinations_with_replacement(range(1, top + 1), 4) if sum(c) <= total]
    return random.Random(seed).sample(pool, min(size, len(pool)))


def solve_all(code: str, positions: Sequence[Tuple[int, ...]]) -> None:
    rules = rules_of(code)
    for position in positions:
        forced = nim.solve(list(position), rules, method="quotient")
        assert forced.method == "quotient"
        check_answer(code, position, forced)
        default = nim.solve(list(position), rules)
        assert default.method == "quotient", (code, position, default)   # it covers these heaps
        check_answer(code, position, default)


@pytest.mark.parametrize("code", MAIN_CODES)
def test_sums_of_one_to_three_heaps_up_to_15_and_a_sample_of_four(code: str) -> None:
    solve_all(code, sums(15, (1, 2, 3)) + sample_of_four(15, 40, 40, seed=30))


@pytest.mark.parametrize("code", OTHER_CODES)
def test_ten_more_codes_one_to_three_heaps_up_to_12_and_a_sample_of_four(code: str) -> None:
    solve_all(code, sums(12, (1, 2, 3)) + sample_of_four(12, 40, 25, seed=31))


@pytest.mark.slow
@pytest.mark.parametrize("code", MAIN_CODES)
def test_every_sum_of_one_to_four_heaps_up_to_15(code: str) -> None:
    solve_all(code, sums(15, (1, 2, 3, 4)))


@pytest.mark.slow
@pytest.mark.parametrize("code", OTHER_CODES)
def test_every_sum_of_one_to_four_heaps_up_to_13_other_codes(code: str) -> None:
    solve_all(code, sums(13, (1, 2, 3, 4)))


def test_the_issues_kayles_positions_with_their_winning_moves() -> None:
    """Too large for the brute force: the move is checked by the split search on the
    position it leaves where that search answers (a small node limit), else skipped."""
    rules = rules_of("0.77")
    lost = nim.solve([29, 25, 20, 17], rules)
    assert (lost.value, lost.method) == (-1, "quotient")
    for position in ([40, 30, 20, 5], [10**9, 10**6 + 3, 77, 5]):
        won = nim.solve(position, rules)
        assert (won.value, won.method) == (1, "quotient") and won.move is not None
        left = after(position, won.move)
        assert nim.solve(list(left), rules).value == -1


@pytest.mark.parametrize("code", ("0.77", "0.07", "0.75"))
def test_random_sums_of_five_to_seven_heaps_against_the_split_search(code: str) -> None:
    rules = rules_of(code)
    rng = random.Random(57)
    checked = moves_checked = 0
    for _ in range(40):
        position = [rng.randint(1, 12) for _ in range(rng.randint(5, 7))]
        answer = nim.solve(position, rules, method="quotient")
        try:
            searched = nim.solve(position, rules, method="tt", node_limit=200_000)
        except SearchLimitError:
            continue
        checked += 1
        assert answer.value == searched.value, (position, answer, searched)
        if answer.move is not None and answer.value > 0:
            left = list(after(position, answer.move))
            try:
                left_value = nim.solve(left, rules, method="tt", node_limit=200_000).value
            except SearchLimitError:        # too large to prove lost here: not counted
                continue
            moves_checked += 1
            assert left_value == -1, (position, answer.move, left)
    # both checks must have run, not been skipped by the limit (28 to 37 of 40 run today)
    assert checked >= 25 and moves_checked >= 20, (checked, moves_checked)


def test_the_quotient_is_the_exact_leaf_of_the_split_search() -> None:
    """A quotient exact for heaps up to 10 decides every sub-position within 10: sums with
    one or two heaps past the bound are answered as the brute force does, in fewer nodes."""
    from nim.octal import misere_quotient
    from nim.takebreak.splits import split_search

    for code in ("0.77", "0.07"):
        rules = rules_of(code)
        quotient = misere_quotient(rules, 10, cache=False)
        assert quotient.bound == 10 and not quotient.covers(11)
        rng = random.Random(11)
        fewer = 0
        for _ in range(40):
            position = [rng.randint(11, 15)] + [rng.randint(1, 10) for _ in range(rng.randint(1, 3))]
            if rng.random() < 0.3:
                position.append(rng.randint(11, 14))
            plain = split_search(rules, position)
            leafed = split_search(rules, position, quotient=quotient)
            check_answer(code, tuple(position), nim.Solution(leafed.value, leafed.move, leafed.nodes, "tt", 0.0))
            assert plain.value == leafed.value
            fewer += leafed.nodes < plain.nodes
        assert fewer >= 30


def test_a_bad_leaf_is_refused_by_the_compiled_search() -> None:
    from array import array

    from nim.kernel import CoreRules, Search, splits

    search = Search(CoreRules(True, "any"), (5, 3))
    grundy = [0] * 8
    good = (4, array("H", [0, 1, 1, 0, 1]), array("H", [0, 1, 1, 0]), b"\x00\x01")
    with pytest.raises(ValueError, match="not below the order"):
        splits.search(search, None, (), (1, 2), (), False, grundy,
                      leaf=(4, array("H", [0, 1, 2, 0, 1]), good[2], good[3]))
    with pytest.raises(ValueError, match="entries"):
        splits.search(search, None, (), (1, 2), (), False, grundy,
                      leaf=(4, good[1], array("H", [0, 1, 1]), good[3]))
    with pytest.raises(ValueError, match="identity"):
        splits.search(search, None, (), (1, 2), (), False, grundy,
                      leaf=(4, array("H", [1, 1, 1, 0, 1]), good[2], good[3]))


def test_analyze_values_and_batches_use_the_quotient() -> None:
    code = "0.77"
    rules = rules_of(code)
    position = (9, 7, 4)
    rows = nim.analyze(list(position), rules, depth=False)
    assert rows.method == "quotient"
    for row in rows:
        assert row.value == (-1 if brute.wins(code, True, after(position, row.move)) else 1), row
    positions = [list(p) for p in sums(9, (1, 2, 3))[::7]]
    values = nim.Solver(rules).values(positions)
    assert [int(v) for v in values] == [1 if brute.wins(code, True, tuple(p)) else -1 for p in positions]
    for position_list, solution in zip(positions, nim.solve_many(positions, rules)):
        check_answer(code, tuple(position_list), solution)
        assert solution.method == "quotient"


def test_method_quotient_refuses_what_it_cannot_answer() -> None:
    with pytest.raises(NimError, match="misère play"):
        nim.solve([3, 4], "kayles", method="quotient")
    with pytest.raises(UnknownMethodError, match="take-and-break"):
        nim.solve([3, 4], "misere", method="quotient")
    # 0.3122's quotient blows up after a few heaps: forcing it past them is refused in one error
    with pytest.raises(NimError, match="does not cover heap 40"):
        nim.solve([40, 3], "misere,octal=0.3122", method="quotient", time_limit=1.0)
    # ... and the default falls back to the search and answers what the brute force says
    solution = nim.solve([9, 3, 2], "misere,octal=0.3122", time_limit=20)
    check_answer("0.3122", (9, 3, 2), solution)


def test_method_tt_still_forces_the_search() -> None:
    solution = nim.solve([9, 7, 4], rules_of("0.77"), method="tt")
    assert solution.method == "tt" and solution.nodes > 0
    check_answer("0.77", (9, 7, 4), solution)


def test_explain_names_the_elements_their_product_and_p() -> None:
    rules = rules_of("0.77")
    won = nim.explain([40, 30, 20, 5], rules)
    text = won.text
    assert won.rule == "quotient" and won.method == "quotient"
    account = won.quotient
    assert account is not None
    assert account["order"] == 40 and account["proven"] and len(account["generators"]) == 7
    assert "Misère quotient of" in text and "order 40" in text and "every heap size" in text
    assert "heap 40 -> " in text and "heap 5 -> " in text and "not in P" in text
    assert f"Their product (the position's element) is {account['product']}, not in P" in text
    assert account["after_in_p"] is True and f"product is {account['after']}, one of the losing products P" in text
    assert "Presentation: generators a = heap 1" in text
    lost = nim.explain([29, 25, 20, 17], rules)
    assert lost.quotient is not None and lost.quotient["in_p"] is True
    assert ", in P: lost for the player to move" in lost.text and lost.text.splitlines()[-1].startswith("Lost:")
    assert lost.to_dict()["quotient"]["in_p"] is True


def test_a_quotient_is_asked_once_and_an_attempt_that_stopped_short_is_not_repeated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    from nim.takebreak import quotient as engine
    from nim.takebreak import quotient_memo as takebreak_quotient

    calls: List[Tuple[object, float]] = []

    def counting(rules: object, max_heap: object = None, **keywords: object) -> object:
        calls.append((max_heap, float(keywords["seconds"])))  # type: ignore[arg-type]
        return engine.misere_quotient(rules, max_heap, **keywords)  # type: ignore[arg-type]

    fake = types.SimpleNamespace(misere_quotient=counting, QuotientError=engine.QuotientError)
    monkeypatch.setattr(takebreak_quotient, "_engine", lambda: fake)
    takebreak_quotient.forget_quotients()
    try:
        kayles = rules_of("0.77")
        assert nim.solve([9, 7], kayles, time_limit=8).method == "quotient"
        assert len(calls) == 1 and calls[0] == (None, 0.5)    # the whole game, briefly: proven
        assert nim.solve([70, 50, 1], kayles, time_limit=8).method == "quotient"
        assert len(calls) == 1                                # the memo answers
        blows_up = rules_of("0.3122")     # its quotient stops after a few heaps
        asked = []
        for heaps in ([9, 3, 2], [10, 3, 2]):
            try:
                nim.solve(heaps, blows_up, time_limit=2)
            except SearchLimitError:
                pass
            asked.append(len(calls))
        assert asked[0] >= 2 and asked[1] == asked[0]    # the larger heap did not ask again
        assert all(seconds <= 0.5 + 1e-9 for _, seconds in calls[1:])   # a quarter of the time limit
    finally:
        takebreak_quotient.forget_quotients()
