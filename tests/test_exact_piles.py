"""nimcore.piles.exact_piles directly: its sign test must hold on every CPython.

CPython 3.12 changed the int object layout, so Py_SIZE no longer carries an
int's sign; a check built on it lets negative piles through the fast path.
"""

import pytest

from nimcore.piles import exact_piles


@pytest.mark.parametrize("seq", [
    [-1],
    [-1, 3],
    [5, -5],
    [1, -(2 ** 70)],          # a negative int of several digits
])
def test_negative_ints_leave_the_fast_path(seq):
    assert exact_piles(seq) is None


@pytest.mark.parametrize("seq", [[], [0], [1, 3, 5, 7], [2 ** 70, 0], range(5)])
def test_non_negative_ints_pass(seq):
    assert exact_piles(seq) == tuple(seq)


@pytest.mark.parametrize("seq", [[True, 1], [1, 2.0], [1, "2"]])
def test_non_ints_leave_the_fast_path(seq):
    assert exact_piles(seq) is None
