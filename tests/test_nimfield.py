"""The nim field (nim.nimfield): nim-multiplication against its definition by the mex for every
a, b < 64, and the field laws (hypothesis) for numbers of any size."""

from __future__ import annotations

from functools import lru_cache
from typing import List

import pytest
from hypothesis import given, settings, strategies as st

import nim
from nim import NimError
from nim.nimfield import field_of, nim_inv, nim_mul, nim_pow, nim_sqrt


@lru_cache(maxsize=None)
def table(n: int) -> List[List[int]]:
    """The nim-products of all a, b < n, from the definition alone:
    a*b = mex {a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}."""
    t = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)}
            g = 0
            while g in seen:
                g += 1
            t[a][b] = g
    return t


def test_every_product_below_64_is_the_mex_of_the_definition() -> None:
    t = table(64)
    for a in range(64):
        for b in range(64):
            assert nim_mul(a, b) == t[a][b], (a, b)


def test_inverses_and_square_roots_below_256() -> None:
    for a in range(1, 256):
        assert nim_mul(a, nim_inv(a)) == 1
    for a in range(256):
        assert nim_mul(nim_sqrt(a), nim_sqrt(a)) == a
        assert nim_pow(a, 2) == nim_mul(a, a) and nim_pow(a, 0) == 1


def test_subfields_and_fermat_powers() -> None:
    # D * D = 3D/2 for each Fermat 2-power D = 2**(2**k), and [0, 2**(2**k)) is closed
    for k in range(1, 9):
        d = 1 << (1 << k)
        assert nim_mul(d, d) == d + d // 2
        assert field_of(d - 1) == (k, d)
    assert nim_mul(2**64 - 1, 2**64 - 3) < 2**64


numbers = st.integers(min_value=0, max_value=2**300)


@settings(max_examples=60, deadline=None)
@given(numbers, numbers, numbers)
def test_field_laws_on_large_numbers(a: int, b: int, c: int) -> None:
    assert nim_mul(a, b) == nim_mul(b, a)
    assert nim_mul(a, nim_mul(b, c)) == nim_mul(nim_mul(a, b), c)
    assert nim_mul(a, b ^ c) == nim_mul(a, b) ^ nim_mul(a, c)
    assert nim_mul(a, 1) == a and nim_mul(a, 0) == 0
    if a:
        assert nim_mul(a, nim_inv(a)) == 1 and nim_pow(a, -1) == nim_inv(a)
    assert nim_mul(nim_sqrt(a), nim_sqrt(a)) == a


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_the_multiplicative_group_of_the_64_bit_field(a: int) -> None:
    # [0, 2**64) is the field of 2**64 elements: a**(2**64 - 1) = 1 (Lagrange)
    assert nim_pow(a, 2**64 - 1) == 1


def test_public_names_and_bad_input() -> None:
    assert nim.nim_mul(5, 6) == nim_mul(5, 6) and nim.nim_inv(7) == nim_inv(7)
    for bad in (-1, 1.5, "3", True, None, 2**20000):
        with pytest.raises(NimError):
            nim.nim_mul(bad, 3)  # type: ignore[arg-type]
    with pytest.raises(NimError, match="no nim-reciprocal"):
        nim.nim_inv(0)
    with pytest.raises(NimError):
        nim_pow(2, 1.5)  # type: ignore[arg-type]
