"""Issue 42, item 12: codes that never split a heap (0.3, 0.33, ...) have misère quotients too;
computed and checked against the brute force (tests/takebreak_oracle.py)."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from nim.takebreak.quotient import misere_quotient
from nim.position import after_move
# -- issue 42, item 12: codes that never split a heap have quotients too ----------------------

@pytest.mark.parametrize("code", ["0.3", "0.33", "0.333", "0.03", "0.303"])
def test_the_quotient_of_a_code_that_never_splits_against_the_brute_force(code):


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
    from nim.takebreak.quotient import QuotientError

    with pytest.raises(QuotientError, match="take at most 2 is 0.33") as refused:
        misere_quotient("misere,max=2")
    assert "not a take-and-break game" not in str(refused.value)
