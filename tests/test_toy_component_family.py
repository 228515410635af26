"""The plug-in point proven by use for a component game: a family registered in
tests/toy_component_family.py (one file, and this test) passes the whole conformance suite of
component games (tests/conformance_families.py)."""

from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator, Tuple

import pytest

import nim
from conformance_families import ComponentCase, by_name, positions_of
from nim import Rules
from toy_component_family import CounterPairs


def read(position: Any) -> Tuple[Any, ...]:
    """A position as the test sees it: each pair as a sorted tuple."""
    return tuple(tuple(sorted(pair)) for pair in position)


def options(pair: Tuple[int, int]) -> Iterator[Tuple[Any, ...]]:
    """The rule's words alone: one counter from one of the pair, or one from each."""
    a, b = pair
    if a:
        yield (tuple(sorted((a - 1, b))),)
        yield ((a - 1, b - 1),)
    if b:
        yield (tuple(sorted((a, b - 1))),)


PAIRS = [[a, b] for a, b in itertools.combinations_with_replacement(range(4), 2)]
CASES = [ComponentCase(f"{convention},counter-pairs", read, options, positions_of(PAIRS, 2), "Sprague-Grundy",
                       upto=4) for convention in ("normal", "misere")]


@pytest.mark.parametrize("case", CASES, ids=str)
@pytest.mark.parametrize("check", by_name())
def test_the_toy_component_family_passes_every_layer(case: ComponentCase,
                                                     check: Callable[[ComponentCase], None]) -> None:
    check(case)


def test_the_toy_component_family_reads_prints_and_pickles() -> None:
    import pickle

    rules = Rules.parse("misere,counter-pairs")
    assert rules.family == CounterPairs() and str(rules) == "misere,counter-pairs"
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert nim.solve([[1, 1]], "counter-pairs").value == 1          # take one from each
