"""The nim field: Conway's field On2 of nim-addition (XOR) and nim-multiplication.

Nim-multiplication is defined by the mex (Ferguson, Part I, section 5.4; Conway,
*On Numbers and Games*, ch. 6)::

    a * b = mex { a' * b  XOR  a * b'  XOR  a' * b'  :  a' < a, b' < b }

and turns the non-negative integers into a field of characteristic 2 in which
every ``[0, 2**(2**k))`` is a subfield. It is computed here by splitting at the
Fermat 2-powers ``D = 2**(2**k)``: a number below ``D**2`` is ``a1 D + a0`` with
``a0, a1 < D``, and ``D * D = D + D/2`` (the "sesquimultiple"), ``x * D = x D``
(ordinary) for ``x < D``. Three products of half size make one (Karatsuba), so
numbers of any size are exact; products of bytes are memoised. The value of a
head at ``(x, y)`` in Turning Corners is ``nim_mul(x, y)`` (Ferguson 5.4).

>>> nim_mul(2, 2), nim_mul(4, 4), nim_mul(8, 8), nim_mul(16, 16)
(3, 6, 13, 24)
>>> nim_inv(2), nim_mul(2, nim_inv(2))
(3, 1)
>>> nim_sqrt(3), nim_pow(2, 3)
(2, 1)
"""

from __future__ import annotations

import operator
from functools import lru_cache
from typing import Any, Optional, Tuple

from nim.errors import NimError

__all__ = ["nim_inv", "nim_mul", "nim_pow", "nim_sqrt", "MAX_BITS"]

#: The largest operand, in bits (a 2**16-bit product is some 3**16 = 4 * 10**7 byte products: seconds).
MAX_BITS = 1 << 14


def _check(value: Any, name: str) -> int:
    """``value`` as a non-negative int, or a NimError that says why not."""
    if isinstance(value, bool):
        raise NimError(f"{name} of nim multiplication is a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise NimError(f"{name} of nim multiplication is a whole number, not {type(value).__name__} "
                       f"{str(value)[:40]}") from None
    if number < 0:
        raise NimError(f"nim multiplication is defined on the non-negative integers, not {number}")
    if number.bit_length() > MAX_BITS:
        raise NimError(f"{name} of nim multiplication has {number.bit_length():,} bits, more than the "
                       f"{MAX_BITS:,} computed here")
    return number


def _half(n: int) -> int:
    """``h`` with ``D = 2**h`` the Fermat 2-power that splits ``n``: the smallest ``h = 2**k``
    with ``n < 2**(2h)`` (0 when ``n < 2``)."""
    h = 1
    while n >> (2 * h):
        h *= 2
    return h if n >= 2 else 0


@lru_cache(maxsize=1 << 17)
def _small(a: int, b: int) -> int:
    """The product of two numbers below 256, by the split (memoised: every large product ends here)."""
    return _split(a, b)


def _mul(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    if a < 256 and b < 256:                           # bytes: the memo (every large product ends here)
        return _small(a, b) if a <= b else _small(b, a)
    return _split(a, b)


def _split(a: int, b: int) -> int:
    """The product by one split at the Fermat 2-power above both (both at least 2)."""
    h = _half(max(a, b))
    mask = (1 << h) - 1
    a1, a0 = a >> h, a & mask
    b1, b0 = b >> h, b & mask
    low = _mul(a0, b0)
    high = _mul(a1, b1)
    both = _mul(a0 ^ a1, b0 ^ b1)
    # (a1 D + a0)(b1 D + b0) = (a1 b1 + a1 b0 + a0 b1) D + a0 b0 + a1 b1 D/2, as D D = D + D/2
    return ((both ^ low) << h) ^ low ^ _mul(high, 1 << (h - 1))


def nim_mul(a: int, b: int) -> int:
    """The nim-product of two non-negative integers (exact, any size up to MAX_BITS bits).

    Raises
    ------
    NimError
        For a negative number, a non-integer, or one past MAX_BITS bits.
    """
    return _mul(_check(a, "a factor"), _check(b, "a factor"))


def _sqrt(a: int) -> int:
    if a < 2:
        return a
    h = _half(a)
    a1, a0 = a >> h, a & ((1 << h) - 1)
    # (x1 D + x0)^2 = x1^2 D + x1^2 D/2 + x0^2: so x1 = sqrt(a1), x0 = sqrt(a0 + a1 D/2)
    return (_sqrt(a1) << h) ^ _sqrt(a0 ^ _mul(a1, 1 << (h - 1)))


def nim_sqrt(a: int) -> int:
    """The nim-square root: the one ``x`` with ``nim_mul(x, x) == a`` (squaring is a bijection)."""
    return _sqrt(_check(a, "the operand"))


def _inv(a: int) -> int:
    if a < 2:
        return a
    h = _half(a)
    a1, a0 = a >> h, a & ((1 << h) - 1)
    # over the subfield [0, D): the conjugate of D is D + 1, so (a1 D + a0)(a1 D + a0 + a1) is
    # the norm a1^2 D/2 + a0^2 + a0 a1, which lies in the subfield
    norm = _mul(_mul(a1, a1), 1 << (h - 1)) ^ _mul(a0, a0) ^ _mul(a0, a1)
    return _mul((a1 << h) ^ a0 ^ a1, _inv(norm))


def nim_inv(a: int) -> int:
    """The nim-reciprocal: the ``x`` with ``nim_mul(a, x) == 1``.

    Raises
    ------
    NimError
        For 0 (no inverse), or what ``nim_mul`` refuses.
    """
    number = _check(a, "the operand")
    if number == 0:
        raise NimError("0 has no nim-reciprocal")
    return _inv(number)


def nim_pow(a: int, n: int) -> int:
    """``a`` nim-multiplied by itself ``n`` times (``n`` may be negative for ``a != 0``)."""
    base = _check(a, "the base")
    if isinstance(n, bool) or not isinstance(n, int):
        raise NimError(f"the exponent of nim_pow is a whole number, not {n!r}")
    if n < 0:
        base, n = nim_inv(base), -n
    result = 1
    while n:
        if n & 1:
            result = _mul(result, base)
        base = _mul(base, base)
        n >>= 1
    return result


def _trace(x: int, bits: int) -> int:
    """The absolute trace of ``x`` in the subfield ``[0, 2**bits)`` (``bits`` a power of 2): its bit
    ``bits - 1``. Over ``L = K(D)``, ``D = 2**(bits/2)``, the conjugate of ``x1 D + x0`` is
    ``x1 (D + 1) + x0``, so ``Tr_L/K(x) = x1`` and ``Tr_L(x) = Tr_K(x1)``: down to ``Tr_F2(x) = x``."""
    return x >> (bits - 1) & 1


def artin_schreier(c: int, bits: int) -> Optional[int]:
    """A root ``w`` of ``w*w + w = c`` in the subfield ``[0, 2**bits)`` (``bits`` a power of 2, ``c`` in
    it), or None when there is none (exactly when the trace of ``c`` is 1); the other root is ``w ^ 1``.

    By halves: with ``w = w1 D + w0`` and ``D*D = D + D/2``, ``w*w + w = (w1*w1 + w1) D + (w1*w1 (D/2) +
    w0*w0 + w0)``, so ``w1`` solves the equation for ``c1`` and ``w0`` the one for ``c0 + w1*w1 (D/2)``;
    of the two roots ``w1``, ``w1 ^ 1`` the second shifts that by ``D/2``, whose trace is 1 (``x*x + x +
    D/2`` is irreducible over ``[0, D)``, as ``D`` is not in it): the one whose trace is 0 is taken.
    ``2 * bits`` multiplications of half size or less in all.
    """
    if c >> bits:
        raise NimError(f"{c} is not in the subfield [0, 2**{bits})")
    if bits == 1:
        return 0 if c == 0 else None
    half = bits // 2
    w1 = artin_schreier(c >> half, half)
    if w1 is None:
        return None
    rest = (c & ((1 << half) - 1)) ^ _mul(_mul(w1, w1), 1 << (half - 1))
    if _trace(rest, half):
        w1 ^= 1
        rest ^= 1 << (half - 1)
    w0 = artin_schreier(rest, half)
    assert w0 is not None, "the trace said it is solvable"
    return (w1 << half) | w0


def field_of(a: int) -> Tuple[int, int]:
    """``(k, 2**(2**k))``: the smallest subfield ``[0, 2**(2**k))`` holding ``a``."""
    k, size = 0, 2
    while a >= size:
        k, size = k + 1, size * size
    return k, size
