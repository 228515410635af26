"""Moore's Nim_k (Ferguson, Part I, chapter 2; Moore 1910): Nim where a move takes
from at most k piles at once (any positive number from each), so a position is one game,
not a sum of piles.

Moore's theorem: in normal play a position is lost for the player to move exactly when,
writing the piles in binary, every column of digits sums to 0 mod k + 1 (k = 1 is
Bouton's theorem). In misère play (Moore's misère theorem): a position with a pile of 2 or
more is lost exactly when it is lost in normal play; one whose piles are all 0 or 1 is lost
exactly when the number of 1s is 1 mod k + 1.

The winning move is built column by column from the top (Moore's proof): piles already
lowered are free below the digit where they were lowered; at each column with c ones
among the piles not yet lowered and j piles lowered, if j + (c mod (k+1)) <= k lower
c mod (k+1) more piles by clearing their 1 there, else set k + 1 - (c mod (k+1)) of the
free digits to 1. At most k piles are lowered, each strictly. O(piles * digits): piles of
10**30 at once.

>>> game = MooreNim(2)
>>> game.is_lost((1, 2, 3)), game.is_lost((1, 1, 1))
(False, True)
>>> game.winning_option((1, 2, 3))
(3, ((1, 1, 1),))
>>> game.misere_is_lost((1, 1, 1, 1)), game.misere_is_lost((1, 1, 1))
(True, False)
"""

from __future__ import annotations

import operator
from itertools import combinations, product
from typing import Any, ClassVar, Iterable, Iterator, List, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.families.base import Fields, RuleFamily, WholePositionFamily, register_family
from nim.families.vectors import VectorEncoding, padded, whole
from nim.families.play import PilesPlay, PlayHooks

__all__ = ["MAX_MOORE_K", "MooreNim"]

Piles = Tuple[int, ...]

#: The largest k of Nim_k: past the number of piles it is the same game (take from all of them).
MAX_MOORE_K = 1_000_000
#: The most piles a position of Nim_k may have.
MAX_PILES = 100_000
#: The most binary digits a pile may have (about 4,300 decimal digits, Python's own limit).
MAX_BITS = 14_300
#: The most pile-digits (piles times the longest pile's digits) the theorem's columns are read for.
MAX_CELLS = 20_000_000


def parse_k(text: str, whole: str) -> int:
    """The k of ``moore,k=K`` (1 <= k <= MAX_MOORE_K), refused in words otherwise."""
    name, _, value = text.partition("=")
    if name.strip() != "k" or not value.strip():
        raise InvalidRulesError(f"Moore's Nim_k is written 'moore,k=K' (at most K piles a move), not {whole!r}")
    value = value.strip()
    if not (value.isascii() and value.isdigit()) or len(value) > 7 or not 1 <= int(value) <= MAX_MOORE_K:
        raise InvalidRulesError(f"the k of Moore's Nim_k is a whole number from 1 to {MAX_MOORE_K:,} "
                                f"(at most k piles a move), not {value[:20]!r}")
    return int(value)


@register_family
class MooreNim(WholePositionFamily):
    """Moore's Nim_k: a move takes any positive number from each of at most k piles."""

    tag: ClassVar[str] = "moore"
    syntax: ClassVar[str] = "moore,k=K"
    example: ClassVar[str] = "[1, 2, 3]"
    play: ClassVar[PlayHooks] = PilesPlay()

    __slots__ = ("k",)

    def __init__(self, k: int) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_MOORE_K:
            raise InvalidRulesError(f"the k of Moore's Nim_k is a whole number from 1 to {MAX_MOORE_K:,}, "
                                    f"not {k!r}")
        self.k = k

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional[RuleFamily]:
        if name != "moore":
            return None
        return cls(parse_k(value, text))

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> RuleFamily:
        if subtract is not None or octal is not None:
            raise InvalidRulesError("Moore's Nim_k takes k= only")
        if k is None:
            raise InvalidRulesError("Moore's Nim_k needs k: Rules(take='moore', k=2)")
        return cls(k)

    def fields(self) -> Fields:
        return (self.k, None, None)

    def option_text(self) -> str:
        return f",moore,k={self.k}"

    def describe(self, misere: bool) -> str:
        return (f"Moore's Nim_{self.k}: a position is a list of piles; a move takes any positive number of "
                f"objects from each of at most {self.k} pile{'s' if self.k > 1 else ''}; the player who "
                "cannot move " + ("wins." if misere else "loses."))

    # -- the position ------------------------------------------------------------------

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """The piles, padded with zeros to the start's count; each at most the start's largest."""
        (piles,) = start
        n, top = max(len(piles), 1), max(piles, default=0)
        return whole([top + 1] * n, lambda component: padded(component, n), list,
                     f"the piles, padded with 0 to {n}; each 0 to {top}")

    def read_component(self, value: Any) -> Piles:
        if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
            raise InvalidPositionError(f"a position of Moore's Nim_k is a list of piles, such as [1, 2, 3], "
                                       f"not {_short(value)}")
        piles: List[int] = []
        for pile in value:
            if isinstance(pile, bool):
                raise InvalidPositionError(f"a pile is a whole number, not {pile!r}")
            try:
                number = operator.index(pile)
            except TypeError:
                raise InvalidPositionError(f"a pile is a whole number, not {_short(pile)}") from None
            if number < 0:
                raise InvalidPositionError(f"a pile cannot be negative: {number}")
            if number.bit_length() > MAX_BITS:
                raise InvalidPositionError(f"a pile of Moore's Nim_k has at most {MAX_BITS:,} binary digits "
                                           "(about 4,300 decimal ones)")
            if number:
                piles.append(number)
            if len(piles) > MAX_PILES:
                raise InvalidPositionError(f"a position of Moore's Nim_k has at most {MAX_PILES:,} piles")
        return tuple(sorted(piles))

    def component_value(self, component: Any) -> Any:
        return list(component)

    def options(self, component: Any) -> Iterator[Tuple[int, Tuple[Any, ...]]]:
        piles = component
        for size in range(1, min(self.k, len(piles)) + 1):
            for chosen in combinations(range(len(piles)), size):
                for lowered in product(*(range(piles[i] - 1, -1, -1) for i in chosen)):
                    after = list(piles)
                    for i, new in zip(chosen, lowered):
                        after[i] = new
                    yield (sum(piles) - sum(after), _left(after))

    def option_count(self, component: Any) -> int:
        # the elementary symmetric sums e_1 + ... + e_k of the piles: each set of at most
        # k piles, times the ways to lower each
        e = [1] + [0] * min(self.k, len(component))
        for pile in component:
            for size in range(len(e) - 1, 0, -1):
                e[size] += e[size - 1] * pile
        return sum(e[1:])

    def reach(self, component: Any) -> int:
        below = 1
        for pile in component:
            below *= pile + 1
        return below * max(1, self.option_count(component))

    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        before = list(component)
        after = list(left[0]) if left else []
        return f"take {count} in all from at most {self.k} piles: {before} -> {after}"

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """``nimcore table``: every position of k + 1 piles of at most ``upto`` (sorted; a move of
        Nim_k reaches all but one pile of them)."""
        from itertools import combinations_with_replacement

        return (f"positions of {self.k + 1} piles, each at most {upto}",
                (self.read_component(list(piles))
                 for piles in combinations_with_replacement(range(upto + 1), self.k + 1)))

    def theory_words(self) -> str:
        k = self.k
        return (f"this is Nim where a move may take from up to {k} pile{'s' if k > 1 else ''} at once. Moore's "
                f"theorem (Moore 1910; Ferguson, Part I, chapter 2): write the piles in binary; the position is lost "
                f"for the player to move exactly when every column of binary digits sums to 0 mod {k + 1} "
                f"(k = 1 is Bouton's XOR). Misère play (Moore): with a pile of 2 or more, the same; with only "
                f"piles of 1, lost exactly when their number is 1 mod {k + 1}. The winning move is built "
                "column by column from the top, lowering at most k piles")

    # -- the theory --------------------------------------------------------------------

    def is_lost(self, component: Any) -> Optional[bool]:
        _check_cells(component)
        modulus = self.k + 1
        top = max(component, default=0).bit_length()
        return all(sum((pile >> bit) & 1 for pile in component) % modulus == 0 for bit in range(top))

    def grundy(self, component: Any) -> Optional[int]:
        return 0 if self.is_lost(component) else None

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        after = _moore_move(component, self.k)
        if after is None:
            return None
        return (sum(component) - sum(after), _left(after))

    def misere_is_lost(self, component: Any) -> Optional[bool]:
        if component and component[-1] >= 2:
            return self.is_lost(component)
        return len(component) % (self.k + 1) == 1

    def misere_winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        piles = list(component)
        modulus = self.k + 1
        if not piles or piles[-1] < 2:                 # only piles of 1: leave 1 mod k+1 of them
            take = (len(piles) - 1) % modulus
            return None if take == 0 else (take, _left(piles[take:]))
        after = _moore_move(component, self.k)
        if after is None:
            return None
        if max(after, default=0) >= 2:                 # a pile of 2 or more stays: normal play's move
            return (sum(piles) - sum(after), _left(after))
        # the normal move would leave only piles of 0 and 1, so at most k piles are of 2 or
        # more: lower each to 0 or 1 and remove some 1s, leaving 1 mod k+1 of them
        big = [i for i, pile in enumerate(piles) if pile >= 2]
        ones = [i for i, pile in enumerate(piles) if pile == 1]
        for removed in range(0, min(len(ones), self.k - len(big)) + 1):
            for kept in range(len(big) + 1):
                if (len(ones) - removed + kept) % modulus == 1:
                    result = list(piles)
                    for n, i in enumerate(big):
                        result[i] = 1 if n < kept else 0
                    for i in ones[:removed]:
                        result[i] = 0
                    return (sum(piles) - sum(result), _left(result))
        raise AssertionError(f"Moore's misère theorem gives no move from {piles}")  # pragma: no cover


def _moore_move(piles: Sequence[int], k: int) -> Optional[List[int]]:
    """The piles after a move to a position whose binary columns all sum to 0 mod k + 1,
    built from the top column down (Moore's proof), or None when there is none (lost)."""
    _check_cells(piles)
    modulus = k + 1
    after = list(piles)
    lowered: List[int] = []                            # piles lowered so far: free below their digit
    fixed = [True] * len(piles)
    for bit in range(max(piles, default=0).bit_length() - 1, -1, -1):
        ones = [i for i, pile in enumerate(piles) if fixed[i] and (pile >> bit) & 1]
        c = len(ones) % modulus
        if c == 0:
            continue
        if len(lowered) + c <= k:                      # lower c more piles: clear their digit here
            for i in ones[:c]:
                fixed[i] = False
                lowered.append(i)
                after[i] = (piles[i] >> (bit + 1)) << (bit + 1)
        else:                                          # set k+1-c of the free digits to 1
            for i in lowered[:modulus - c]:
                after[i] |= 1 << bit
    return after if lowered else None


def _check_cells(piles: Sequence[int]) -> None:
    cells = len(piles) * max(piles, default=0).bit_length()
    if cells > MAX_CELLS:
        raise InvalidPositionError(f"Moore's theorem reads {len(piles):,} piles of up to "
                                   f"{max(piles).bit_length():,} binary digits here; at most {MAX_CELLS:,} "
                                   "digits in all")


def _left(piles: Sequence[int]) -> Tuple[Any, ...]:
    """The position a move leaves, canonical (piles of 0 dropped, sorted), as one component."""
    return (tuple(sorted(p for p in piles if p)),)


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
