"""Builders of the vector encodings of component games (``ComponentFamily.vector_encoding``): a
position reachable from a start as a fixed-length vector of bounded whole numbers, for a neural
network in the environments (``nim.interop.envs``, ``observation="vector"``).

A sum of components is held in ``slots`` slots, one component a slot (in the canonical order,
sorted), each slot a fixed number of entries; an empty slot is all zeros, which no live
component encodes to. A whole position (``WholePositionFamily``) is one slot.

>>> from nim.families.vectors import slotted
>>> pairs = slotted(3, [6, 6], lambda pair: list(pair), lambda ints: list(ints), "pairs")
>>> pairs.encode(((1, 2), (3, 5))), pairs.decode([3, 5, 0, 0])
([1, 2, 3, 5, 0, 0], [[3, 5]])
"""

from __future__ import annotations

from typing import Any, Callable, List, Sequence, Tuple

from nim.errors import InvalidPositionError
from nim.families.base import VectorEncoding

__all__ = ["VectorEncoding", "bits", "from_bits", "heap_slots", "padded", "slotted", "whole"]


def _checked(vector: List[int], sizes: Sequence[int]) -> List[int]:
    """``vector``, each entry within its bound."""
    for entry, size in zip(vector, sizes):
        if not 0 <= entry < size:
            raise InvalidPositionError(f"this position is not reachable from the start the encoding was made for "
                                       f"(an entry {entry} past its bound {size - 1})")
    return vector


def slotted(slots: int, slot_sizes: Sequence[int], to_ints: Callable[[Any], List[int]],
            from_ints: Callable[[Sequence[int]], Any], layout: str) -> VectorEncoding:
    """A sum of at most ``slots`` components, one a slot of ``len(slot_sizes)`` entries.

    ``to_ints`` gives a component's entries (never all zeros), ``from_ints`` its plain value back;
    decoding drops the all-zero slots.
    """
    width = len(slot_sizes)
    sizes = list(slot_sizes) * slots

    def encode(key: Tuple[Any, ...]) -> List[int]:
        if len(key) > slots:
            raise InvalidPositionError(f"this position has {len(key)} components, more than the {slots} slots "
                                       "of the start the encoding was made for")
        vector: List[int] = []
        for component in key:
            vector += to_ints(component)
        return _checked(vector + [0] * (len(sizes) - len(vector)), sizes)

    def decode(vector: Sequence[int]) -> Any:
        chunks = [list(vector[i:i + width]) for i in range(0, len(sizes), width)]
        return [from_ints(chunk) for chunk in chunks if any(chunk)]

    return VectorEncoding(sizes, encode, decode, layout)


def whole(slot_sizes: Sequence[int], to_ints: Callable[[Any], List[int]], from_ints: Callable[[Sequence[int]], Any],
          layout: str) -> VectorEncoding:
    """A whole position (one component, ``WholePositionFamily``) as one slot."""

    def encode(key: Tuple[Any, ...]) -> List[int]:
        (component,) = key
        return _checked(to_ints(component), slot_sizes)

    return VectorEncoding(slot_sizes, encode, lambda vector: from_ints([int(v) for v in vector]), layout)


def padded(values: Sequence[int], length: int) -> List[int]:
    """``values`` followed by zeros to ``length``."""
    return list(values) + [0] * (length - len(values))


def heap_slots(start: Tuple[Any, ...], splits: bool) -> VectorEncoding:
    """A sum of heaps (each component a whole number): the heaps, sorted, padded with zeros to the
    start's count (to its total of objects where a move may split a heap: each heap holds one at
    least), each at most the start's largest."""
    top = max((int(heap) for heap in start), default=0)
    slots = sum(int(heap) for heap in start) if splits else len(start)
    words = "its total of objects" if splits else "the start's number of heaps"
    return slotted(max(slots, 1), [top + 1], lambda heap: [int(heap)], lambda ints: int(ints[0]),
                   f"the heaps, sorted, 0 for none, in as many entries as {words}; each 0 to {top}")


def bits(members: Sequence[int], length: int) -> List[int]:
    """``length`` entries, 1 at each of ``members`` (squares from 0), 0 elsewhere."""
    vector = [0] * length
    for member in members:
        vector[member] = 1
    return vector


def from_bits(vector: Sequence[int], first: int = 0) -> List[int]:
    """The squares (numbered from ``first``) where ``vector`` holds a 1."""
    return [i + first for i, bit in enumerate(vector) if bit]
