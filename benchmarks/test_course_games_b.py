"""The course's games, part B (issue 41): what a theory answer costs at any size, and how far
the mex reaches for sums without a formula.

    pytest benchmarks/test_course_games_b.py --benchmark-only

Theory answers are O(components * digits): Moore's Nim_k builds its move column by column,
Fibonacci Nim writes the heap in Zeckendorf form, Lasker's Nim and the disguises read a
closed form. Sums of Fibonacci heaps have no formula: their Grundy values by the mex, the
figure kept as the largest heap whose values a fresh process computes in the time shown.
"""

from typing import Any, List

import pytest

import nim
from nim.families.wythoff import lower, upper

THEORY = [
    ("moore,k=2", [10**30, 3 * 10**29 + 7, 5, 12345, 2**90]),
    ("misere,moore,k=3", [2**200 + 1, 2**199, 7, 7, 9]),
    ("fibonacci", [10**30]),
    ("at-most-previous", [[10**30, 2**40]]),
    ("lasker", [10**30 + 3, 10**20, 7] * 100),
    ("staircase", [10**30, 5, 10**30 + 9, 7, 3] * 100),
    ("nimble", list(range(1, 1001))),
    # a Wythoff pair's value is known only where it is lost (0): a P-pair of 10**30
    ("sum", [["wythoff", [[lower(10**30), upper(10**30)]]], ["kayles", 10**30], ["any", [4]],
             ["lasker", 10**30 + 3]]),
]


@pytest.mark.benchmark(group="course-games-b-theory")
@pytest.mark.parametrize("rules, position", THEORY, ids=[rules for rules, _ in THEORY])
def test_theory_answer(benchmark: Any, rules: str, position: List[Any]) -> None:
    solution = benchmark(nim.solve, position, rules)
    assert solution.method == "theory"


@pytest.mark.benchmark(group="course-games-b-mex")
@pytest.mark.parametrize("heap", [20, 40])
def test_fibonacci_sum_by_the_mex(benchmark: Any, heap: int) -> None:
    from nim.solving import components

    def fresh() -> int:
        components._GRUNDY.clear()                   # each round computes the values afresh
        return nim.solve([heap, heap - 1, 7], "fibonacci").value

    assert benchmark.pedantic(fresh, rounds=3, iterations=1) in (1, -1)
