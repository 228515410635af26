"""The vector observation of a component game (``observation="vector"`` in ``ComponentEnv`` and
``components_v0``): the family's own encoding (``ComponentFamily.vector_encoding``), else one
registered here by the family's tag (``register_encoder``) for the families whose modules
hold none: the coin-turning games (a row as 0/1 per square, a grid as 0/1 per cell), a game on
a directed graph (each token's vertex) and the octal and hexadecimal codes (the heaps).

The sums of families (``sum``), Two-dimensional Nim (a counter above the bottom row may move to
any square of a lower row: no bound) and tokens on several graphs have no vector encoding: their
environments number the reachable positions.

>>> import nim
>>> from nim.interop.envs.vectors import encoding_of
>>> rules = nim.Rules.parse("turning-turtles")
>>> coding = encoding_of(rules.family, ((2, 3, 5),))
>>> coding.sizes, coding.encode(((2, 3, 5),)), coding.decode([0, 1, 0, 0, 0, 1])
((2, 2, 2, 2, 2, 2), [0, 0, 1, 1, 0, 1], [[1, 5]])
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.families import ComponentFamily
from nim.families.base import VectorEncoding
from nim.families.vectors import bits, from_bits, heap_slots, slotted

__all__ = ["ENCODERS", "encoding_of", "register_encoder"]

#: A family's encoding of the positions reachable from a start (canonical), or None.
Encoder = Callable[[ComponentFamily, Tuple[Any, ...]], Optional[VectorEncoding]]

#: The encoders of families whose modules hold none, by tag.
ENCODERS: Dict[str, Encoder] = {}


def register_encoder(*tags: str) -> Callable[[Encoder], Encoder]:
    """Register an encoder for the families of ``tags`` (a decorator)."""

    def register(encoder: Encoder) -> Encoder:
        for tag in tags:
            ENCODERS[tag] = encoder
        return encoder

    return register


def encoding_of(family: ComponentFamily, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
    """The vector encoding of the positions reachable from ``start`` (canonical), or None."""
    found = family.vector_encoding(start)
    if found is None and family.tag in ENCODERS:
        found = ENCODERS[family.tag](family, start)
    return found


def required(family: ComponentFamily, start: Tuple[Any, ...], rules: Any) -> VectorEncoding:
    """``encoding_of``, or a NimError in words where the game has none."""
    found = encoding_of(family, start)
    if found is None:
        raise NimError(f"{rules} has no vector encoding of its positions here (a sum of families, Two-dimensional "
                       "Nim and tokens on several graphs have none): use observation='number', the position's number")
    return found


@register_encoder("turning-turtles", "twins", "mock-turtles", "triplets", "ruler", "rulerette", "grunt",
                  "coin-subtraction")
def _coin_rows(family: ComponentFamily, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
    """Each row of coins as 0/1 per square (1 heads), squares 0 to the start's rightmost head (a move
    turns a head to tails and only coins left of it); as many rows as the start's."""
    top = max((max(row) for row in start if row), default=0)

    def decode(ints: Sequence[int]) -> List[int]:
        return from_bits(ints)

    return slotted(max(len(start), 1), [2] * (top + 1), lambda row: bits(row, top + 1), decode,
                   f"{len(start)} rows of squares 0 to {top}: 1 heads, 0 tails")


@register_encoder("tartan", "turning-corners", "rugs", "turning-turtles-squared", "acrostic-twins")
def _coin_grids(family: ComponentFamily, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
    """Each grid of coins as 0/1 per cell (x, y), row by row up to the start's largest x and y (a move
    turns a head to tails and coins nearer the origin); as many grids as the start's."""
    cells = [cell for grid in start for cell in grid]
    if not cells:
        return None
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1

    def encode(grid: Any) -> List[int]:
        return bits([y * width + x for x, y in grid], width * height)

    def decode(ints: Sequence[int]) -> List[List[int]]:
        return [[i % width, i // width] for i in from_bits(ints)]

    return slotted(max(len(start), 1), [2] * (width * height), encode, decode,
                   f"{len(start)} grids of {width} x {height} cells, cell (x, y) at y * {width} + x: 1 heads, 0 tails")


@register_encoder("graph")
def _tokens(family: ComponentFamily, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
    """Each token's vertex (its number in the graph, plus 1; 0 for a token gone to a sink), sorted, as
    many as the start's; where every token is on one graph (a list of graphs has none)."""
    graphs = {token.graph for token in start}
    if len(graphs) != 1:
        return None
    (graph,) = graphs
    from nim.families.graphs import Token

    vertices = len(graph.names)

    def decode(ints: Sequence[int]) -> Any:
        return Token(graph, int(ints[0]) - 1)

    return slotted(len(start), [vertices + 1], lambda token: [token.vertex + 1], decode,
                   f"{len(start)} tokens, each its vertex's number + 1 (1 to {vertices}), 0 for none")


@register_encoder("code")
def _code_heaps(family: ComponentFamily, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
    """The heaps, sorted, padded with zeros to the start's total of objects (a move may split heaps)."""
    return heap_slots(start, splits=True)
