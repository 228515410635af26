"""Conway's genus theory for misère take-and-break games (On Numbers and Games,
ch. 12 "How to Lose When You Must"; Winning Ways, ch. 13 "Survival in the Lost
World").

The misère Grundy value G-(X) of a position X is 1 when X has no move, else the
mex of its options' values. The GENUS of a heap h is its normal Grundy value g
and the sequence gamma_k = G-(h + k copies of a nim-heap of 2), k = 0, 1, 2, ...;
the sequence ends by alternating between two values and is written up to where
that starts: a nim-heap of 0 has genus 0^120, of 1 genus 1^031, of g >= 2 genus
g^(g, g xor 2) (e.g. 2^20, 3^31).

A heap is TAME here when its genus is the genus of the nim-heap of its Grundy
value and every heap it can reach (the parts any sequence of moves can leave)
is tame too. Conway's theorem: sums of such games behave in misère play
exactly as the nim-heaps of their Grundy values, so a position of tame heaps
is lost for the player to move iff

* some heap has Grundy value >= 2 and the values' XOR is 0, or
* every value is 0 or 1 and their XOR is 1

(misère Nim, Bouton). ``misere_by_genus`` answers by that rule where every
heap is tame and returns None elsewhere. The rule is checked against an
independent brute force on every position of up to 4 heaps of up to 12 for
Kayles, Dawson's Kayles, 0.137, 0.16, 4.07, Grundy's game and random codes
(tests/test_octal_genus.py).

How the genus is computed: for a heap all of whose options leave tame heaps,
each option (a, b) is, in sums with nim-heaps, the nim position {G(a), G(b)},
so G-(h + k*2 + j*1) follows from misère Nim's values by a small recursion in
(k, j). A heap with an option leaving a wild heap is wild itself; its genus is
found by a memoised search over its followers (bounded: a clear error past it).

>>> from nim.rules import Rules
>>> kayles = Rules.game("kayles", misere=True)
>>> str(genus(kayles, 1)), str(genus(kayles, 5))
('1^031', '4^146')
>>> misere_by_genus(kayles, [1, 1, 1])
(-1, None)
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Tuple

from nim.errors import InvalidPositionError, InvalidRulesError, SearchLimitError
from nim.takebreak.sequence import sequence_values
from nim.families.heap_moves import HeapMoves
from nim.position import Move, as_piles, as_size
from nim.rules import Rules

__all__ = ["GENUS_SEARCH_LIMIT", "Genus", "genus", "is_tame", "misere_by_genus", "nim_genus", "tame_table"]

#: How many gamma_k are computed before the sequence is truncated at its alternation.
_GAMMAS = 12
#: Most positions the search for a wild heap's genus visits.
GENUS_SEARCH_LIMIT = 200_000
#: Most positions search_genus keeps between calls (then it starts afresh).
_MEMO_LIMIT = 2_000_000
#: Largest heap whose tameness is tabulated (the table is built up to the heap asked).
MAX_TAME_HEAP = 1 << 12

Option = Tuple[int, int, int]      # (count, a, b): a, b the heaps left (0: none)


class Genus(NamedTuple):
    """The genus g^(gamma_0 gamma_1 ...) of a heap.

    Attributes
    ----------
    normal : int
        The normal-play Grundy value g.
    misere : tuple of int
        gamma_0, gamma_1, ...: the misère Grundy values of the heap plus 0, 1,
        2, ... nim-heaps of 2, up to where they start alternating.
    """

    normal: int
    misere: Tuple[int, ...]

    def __str__(self) -> str:
        sep = "" if all(v < 10 for v in self.misere) else ","
        return f"{self.normal}^{sep.join(map(str, self.misere))}"


def nim_genus(g: int) -> Genus:
    """The genus of a nim-heap of g (0^120, 1^031, g^(g, g xor 2))."""
    if g == 0:
        return Genus(0, (1, 2, 0))
    if g == 1:
        return Genus(1, (0, 3, 1))
    return Genus(g, (g, g ^ 2))


def _truncate(gammas: List[int]) -> Tuple[int, ...]:
    """gamma_0 .. gamma_{t+1}, t the first index from which the sequence alternates."""
    last = len(gammas)
    t = 0
    while t + 2 < last and any(gammas[i] != gammas[i + 2] for i in range(t, last - 2)):
        t += 1
    return tuple(gammas[:t + 2])


def _misere_nim(values: Sequence[int]) -> int:
    """Misère Grundy value of nim-heaps of these sizes (some >= 2: their XOR; else XOR xor 1)."""
    x = 0
    for v in values:
        x ^= v
    return x if any(v >= 2 for v in values) else x ^ 1


def _mex(values: FrozenSet[int]) -> int:
    g = 0
    while g in values:
        g += 1
    return g


class _Game:
    """One split rule's heaps: options, Grundy values, genera and tameness, grown on demand."""

    def __init__(self, rules: Rules) -> None:
        if not rules.splits:
            raise InvalidRulesError(
                f"genus theory here is for take-and-break games (an octal code or Grundy's game), not {rules}")
        self.places = rules.split_places()
        self.takes_all, self.leaves, self.splits, self.grundy_game = self.places
        self.rules = rules
        # one grower at a time: a thread growing to a smaller heap would otherwise
        # replace self.grundy by a shorter list under a thread still reading it
        self._growing = threading.Lock()
        self.grundy: List[int] = []
        self.tame: List[bool] = []
        self.untamed: List[int] = []       # the two smallest heaps that are not tame
        self.genera: Dict[int, Genus] = {}
        # misère Grundy values of (heaps, nim-heaps of 2, nim-heaps of 1) found by search_genus
        self.memo: Dict[Tuple[Tuple[int, ...], int, int], int] = {}

    def options(self, heap: int) -> List[Option]:
        """The heap's moves (``HeapMoves``, the package's one enumeration) as ``(count, a, b)``,
        in the order this module has always read them: the take of the whole heap, then
        the takes that leave one heap, then the splits, each by count, a split by its smaller
        part. The order decides which winning move ``misere_by_genus`` answers first."""
        found: List[Option] = []
        for count, split in HeapMoves(self.places, heap):
            if split is not None:
                found.append((count, split[0], split[1]))
            else:
                found.append((count, heap - count, 0))      # (count, 0, 0): nothing left
        found.sort(key=_option_order)
        return found

    def grow(self, upto: int) -> None:
        """Tabulate Grundy values and tameness of heaps 0..upto.

        Raises
        ------
        InvalidPositionError
            Past MAX_TAME_HEAP.
        """
        if upto > MAX_TAME_HEAP:
            raise InvalidPositionError(
                f"heap {upto:,} is larger than the genus table takes ({MAX_TAME_HEAP:,})")
        if len(self.tame) > upto:
            return
        with self._growing:
            if len(self.tame) > upto:
                return
            self.grundy = list(sequence_values(self.rules, upto + 1))
            for heap in range(len(self.tame), upto + 1):
                if self._reaches_wild(heap):
                    tame = False
                else:
                    found = self._tame_genus(heap, self.options(heap))
                    self.genera[heap] = found
                    tame = found == nim_genus(self.grundy[heap])
                self.tame.append(tame)
                if not tame and len(self.untamed) < 2:
                    self.untamed.append(heap)

    def _reaches_wild(self, heap: int) -> bool:
        """Does a move from this heap leave a heap that is not tame?

        A split after taking k leaves parts covering 1..heap-k-1 (Grundy's
        game: all but (heap-k)/2), so only the two smallest such heaps matter.
        """
        if not self.untamed:
            return False
        if any(not self.tame[heap - k] for k in self.leaves if heap > k):
            return True
        for k in self.splits:
            rest = heap - k
            if any(w <= rest - 1 and not (self.grundy_game and 2 * w == rest) for w in self.untamed):
                return True
        return False

    def _tame_genus(self, heap: int, options: List[Option]) -> Genus:
        """The genus of a heap whose options leave tame heaps only (the (k, j) recursion)."""
        values = {(self.grundy[a] ^ self.grundy[b], self.grundy[a] >= 2 or self.grundy[b] >= 2)
                  for _, a, b in options}
        memo: Dict[Tuple[int, int], int] = {}

        def value(k: int, j: int) -> int:
            # G-(heap + k nim-heaps of 2 + j nim-heaps of 1)
            key = (k, j)
            if key in memo:
                return memo[key]
            seen = set()
            for x, big in values:
                x ^= (2 if k % 2 else 0) ^ (j % 2)
                seen.add(x if big or k else x ^ 1)
            if k:
                seen.add(value(k - 1, j + 1))
                seen.add(value(k - 1, j))
            if j:
                seen.add(value(k, j - 1))
            memo[key] = 1 if not seen else _mex(frozenset(seen))
            return memo[key]

        return Genus(self.grundy[heap], _truncate([value(k, 0) for k in range(_GAMMAS)]))

    def search_genus(self, heap: int, limit: int = GENUS_SEARCH_LIMIT) -> Genus:
        """The genus of any heap by a memoised search over its followers (at most
        ``limit`` new positions)."""
        memo = self.memo       # kept across heaps: a larger heap's followers include a smaller's
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        budget = [limit]
        options = {h: self.options(h) for h in range(heap + 1)}

        def value(heaps: Tuple[int, ...], k: int, j: int) -> int:
            key = (heaps, k, j)
            if key in memo:
                return memo[key]
            budget[0] -= 1
            if budget[0] < 0:
                raise SearchLimitError(
                    f"the genus of heap {heap} under {self.rules} needs more than {limit:,} "
                    "positions (the heap is wild)", reason="nodes", nodes=limit)
            seen = set()
            for i, h in enumerate(heaps):
                rest = heaps[:i] + heaps[i + 1:]
                for _, a, b in options[h]:
                    child = tuple(sorted(rest + tuple(p for p in (a, b) if options[p])))
                    seen.add(value(child, k, j))
            if k:
                seen.add(value(heaps, k - 1, j + 1))
                seen.add(value(heaps, k - 1, j))
            if j:
                seen.add(value(heaps, k, j - 1))
            memo[key] = 1 if not seen else _mex(frozenset(seen))
            return memo[key]

        start = (heap,) if options[heap] else ()
        try:
            return Genus(self.grundy[heap], _truncate([value(start, k, 0) for k in range(_GAMMAS)]))
        except RecursionError:           # a game longer than Python's stack: past this search's reach
            raise SearchLimitError(
                f"the genus of heap {heap} under {self.rules} needs a search deeper than this one goes "
                "(the heap is wild)", reason="depth", nodes=limit - budget[0]) from None


def _option_order(option: Option) -> Tuple[int, int, int]:
    """Sort key of an option: the whole heap taken (0), one heap left (1), a split (2); then
    the count; then a split's smaller part."""
    count, a, b = option
    return (2 if b else 1 if a else 0, count, a)


@lru_cache(maxsize=32)
def _game(rules: Rules) -> _Game:
    return _Game(rules)


def _table(rules: Rules, upto: int) -> _Game:
    game = _game(rules)
    game.grow(upto)
    return game


def genus(rules: Rules, n: int, *, limit: int = GENUS_SEARCH_LIMIT) -> Genus:
    """Conway's genus of one heap of n (its normal Grundy value and misère values);
    a wild heap's by a search of at most ``limit`` new positions.

    Raises
    ------
    InvalidRulesError
        For a rule that does not split heaps.
    SearchLimitError
        For a wild heap whose genus needs more than ``limit`` positions.
    """
    heap = as_size(n, "a heap size")
    game = _table(rules, heap)
    if heap in game.genera:
        return game.genera[heap]
    found = game.search_genus(heap, limit)
    game.genera[heap] = found
    return found


def is_tame(rules: Rules, n: int) -> bool:
    """True when heap n has a nim-heap's genus and so does every heap it can reach."""
    heap = as_size(n, "a heap size")
    return _table(rules, heap).tame[heap]


def tame_table(rules: Rules, upto: int) -> Tuple[bool, ...]:
    """``is_tame`` of heaps 0..upto, in one call."""
    return tuple(_table(rules, as_size(upto, "a heap size")).tame[:upto + 1])


def _lost(values: Sequence[int]) -> bool:
    """Misère Nim: is the position of nim-heaps of these sizes lost for the mover?"""
    return _misere_nim(values) == 0


def misere_by_genus(rules: Rules, heaps: Sequence[int]) -> Optional[Tuple[int, Optional[Move]]]:
    """``(value, winning move or None)`` in misère play when every heap is tame, else None.

    The value is +1 when the player to move wins; the move (a ``nim.Move`` in
    the caller's pile indices, a split as ``split=(a, b)``) is a winning one,
    None when the position is lost.

    Raises
    ------
    InvalidRulesError
        For normal play or a rule that does not split heaps.
    """
    if not rules.misere:
        raise InvalidRulesError(f"genus theory answers misère play; {rules} is normal play")
    piles = as_piles(heaps)
    top = max(piles, default=0)
    if top > MAX_TAME_HEAP:
        return None
    game = _table(rules, top)
    if not all(game.tame[p] for p in piles):
        return None
    if not any(game.options(p) for p in piles):
        return 1, None                  # no move: the player to move has won
    g = game.grundy
    values = [g[p] for p in piles]
    if _lost(values):
        return -1, None
    for i, p in enumerate(piles):
        rest = values[:i] + values[i + 1:]
        for count, a, b in game.options(p):
            if _lost(rest + [g[a], g[b]] if b else rest + [g[a]] if a else rest):
                if b:
                    return 1, Move(i, count, split=(a, b))
                return 1, Move(i, p - a)
    raise AssertionError(f"no winning move found in the won position {list(piles)}")  # pragma: no cover
