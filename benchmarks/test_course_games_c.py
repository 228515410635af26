"""The course's games, part C (issue 41): what a theory answer costs at any size, and what the
exact searches of the games without a formula cost from their start.

    pytest benchmarks/test_course_games_c.py --benchmark-only

Theory answers are O(components * digits): Poker Nim, Northcott's game, Empty and Divide,
Two-Dimensional Nim and Rulerette read a closed form of each component (a pile, a row's gap, a
pair, a counter, a head); a 2 x n or n x n bar of Chomp has its winning move. Thirty-one, Chomp
and SOS have none: the figure is a fresh exact search (the memo cleared each round) of the
largest position each is offered for.
"""

from typing import Any, Callable, List

import pytest

import nim

THEORY = [
    ("poker-nim", {"piles": [10**30 + k for k in range(1000)], "pool": 10**30}),
    ("misere,poker-nim", {"piles": [1] * 999 + [10**30], "pool": 5}),
    ("northcott", ["W" + "." * k + "B" for k in range(1000)]),
    ("empty-and-divide", [[10**30 + k, 2 * k + 1] for k in range(1000)]),
    ("two-dimensional-nim", [[10**30 + k, k] for k in range(1000)]),
    ("misere,two-dimensional-nim", [[1, 0]] * 999 + [[10**30, 10**30]]),
    ("rulerette", [4] + [4 * k + 2 for k in range(1, 1000)] + [2**1000 + 2]),
    ("chomp", {"rows": 2, "columns": 10**5}),
]


@pytest.mark.benchmark(group="course-games-c-theory")
@pytest.mark.parametrize("rules, position", THEORY, ids=[rules for rules, _ in THEORY])
def test_theory_answer(benchmark: Any, rules: str, position: List[Any]) -> None:
    solution = benchmark(nim.solve, position, rules)
    assert solution.method == "theory"


def _fresh(position: Any, rules: str, clear: Callable[[], None]) -> Callable[[], int]:
    def run() -> int:
        clear()
        return nim.solve(position, rules).value
    return run


def _clear_components() -> None:
    from nim.solving import components
    components._GRUNDY.clear()
    components._MISERE.clear()


def _clear_sos() -> None:
    from nim.families import sos
    sos._OUTCOME.clear()


SEARCHES = [
    ("thirty-one", [], _clear_components),
    ("misere,thirty-one", [], _clear_components),
    ("chomp", [8] * 7 + [7], _clear_components),        # 12,868 shapes: the largest offered
    ("sos", 11, _clear_sos),
    ("misere,sos", 11, _clear_sos),
]


@pytest.mark.benchmark(group="course-games-c-search")
@pytest.mark.parametrize("rules, position, clear", SEARCHES, ids=[rules for rules, _, _ in SEARCHES])
def test_exact_search_from_the_start(benchmark: Any, rules: str, position: Any, clear: Callable[[], None]) -> None:
    assert benchmark.pedantic(_fresh(position, rules, clear), rounds=1, iterations=1) in (1, 0, -1)
