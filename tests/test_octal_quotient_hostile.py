"""Misère take-and-break solving past 64 bits and the misère table read off the quotient
(issue 42, items 14 and 16), for more games than Kayles.

The oracle for large heaps is the quotient's proven theory read independently: a heap past
the preperiod has the element of any heap congruent to it modulo the period (checked on
small congruent heaps, which the compiled look-up takes as they are), and a winning move
is checked to be legal on the real heaps and to leave a lost position. The table read off
the quotient (linear, by residues) is checked against the table made by solving each
option of each heap, and both against the brute force where it reaches."""

from __future__ import annotations

from typing import Any, Iterator, List, Tuple

import pytest

from nim.octal import MisereQuotient, misere_quotient
from nim.position import Position, after_move
from nim.rules import Rules


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from nim.takebreak.quotient_memo import forget_quotients

    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))
    forget_quotients()
    yield
    forget_quotients()


def congruent_small(q: MisereQuotient, heap: int) -> int:
    """A heap below 2**20 with the element of ``heap`` by the proven period."""
    assert q.period is not None
    pre, per = q.period
    return pre + per * 3 + (heap - pre) % per


HUGE = [2**63 + k for k in range(0, 40, 3)] + [2**64 + 7, 2**100 + 1, 3**90]


@pytest.mark.parametrize("game", ["kayles", "0.75", "0.34", "0.71", "0.53", "0.72"])
def test_heaps_past_64_bits_are_read_through_the_period(game: str) -> None:
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


Rows = Tuple[List[int], List[int], List[Tuple[int, ...]], List[bool]]


def _rows_by_solving(rules: Rules, upto: int) -> Rows:
    """The table as it is made where no quotient covers the heaps: each option solved."""
    from nim.takebreak.sums import table_of
    from nim.solving import tables

    return tables._rows_by_solving(rules, upto, None, table_of(rules), None)


@pytest.mark.parametrize("game, upto", [("kayles", 260), ("octal=0.75", 120), ("octal=0.34", 120),
                                        ("octal=0.71", 120), ("dawson-kayles", 30)])
def test_the_misere_table_by_the_quotient_is_the_table_by_solving(game: str, upto: int) -> None:
    """Past twice the pre-period and period (Kayles: 166) the table reads a split's products
    once per residue; each row is the row found by solving every option."""
    from nim.solving import tables

    rules = Rules.parse(f"misere,{game}")
    assert tables.misere_heap_table(rules, upto) == _rows_by_solving(rules, upto)


@pytest.mark.parametrize("code", ["0.77", "0.75", "0.34", "0.71", "0.07"])
def test_the_misere_table_against_the_brute_force(code: str) -> None:
    import takebreak_oracle as brute
    from nim.solving import tables

    upto = 14
    values, _, takes, _ = tables.misere_heap_table(Rules.parse(f"misere,octal={code}"), upto)
    for heap in range(upto + 1):
        assert (values[heap] > 0) == brute.wins(code, True, (heap,))
        wins = {heap - sum(child) for child in brute.options(code, heap) if not brute.wins(code, True, child)}
        assert set(takes[heap]) == wins
