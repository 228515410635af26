"""Positions and moves: small immutable values with a repr you can paste back in."""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Iterator
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from nim.errors import IllegalMoveError, InvalidPositionError
from nim.rules import NORMAL, Rules, RulesLike
from nim.kernel import exact_piles
from nim.families.heap_moves import CountedMoves, pin_row_heaps

__all__ = ["ComponentMove", "LegalMoves", "Move", "Position",
           "after_move", "as_piles", "as_size", "count_takes", "read_once",
           "rules_for"]


def _whole(value: Any, what: str) -> int:
    """``value`` as an int when it is a whole number (a NumPy integer too; negative
    numbers pass: they make an illegal move, reported as such where it is played)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise IllegalMoveError(f"a move's {what} must be a whole number, not {value!r:.80}")
    try:
        return operator.index(value)
    except TypeError:       # a NumPy array of one element, or another odd __index__
        raise IllegalMoveError(f"a move's {what} must be a whole number, not {value!r:.80}") from None


class Move(Tuple[Any, ...]):
    """Take ``count`` objects from the pile at index ``pile`` (0-based), and, in a
    take-and-break game, leave the rest of that pile as two heaps ``split=(a, b)``.

    A move of a take rule is the pair ``(pile, count)``: it unpacks, compares and
    hashes as that pair. A move that splits is the triple ``(pile, count, (a, b))``
    with ``a + b + count`` the pile's size and ``a, b >= 1``; in the position after
    it, ``a`` and ``b`` replace the pile in place (``a`` at index ``pile``, ``b``
    right after it). Grundy's game takes nothing: ``count`` is 0.

    >>> Move(pile=2, count=3)
    Move(pile=2, count=3)
    >>> str(Move(2, 3))
    'take 3 from pile 2'
    >>> pile, count = Move(2, 3)
    >>> Move(0, 1, split=(2, 4))
    Move(pile=0, count=1, split=(2, 4))
    >>> str(Move(0, 1, split=(2, 4)))
    'take 1 from pile 0, leaving heaps of 2 and 4'
    >>> Move(0, 1, split=(2, 4)).to_json()
    [0, 1, [2, 4]]
    """

    __slots__ = ()

    def __new__(cls, pile: int, count: int, split: Optional[Tuple[int, int]] = None) -> "Move":
        if type(pile) is not int or type(count) is not int:      # the common case costs two checks
            pile, count = _whole(pile, "pile index"), _whole(count, "count")
        if split is None:
            return tuple.__new__(cls, (pile, count))
        if isinstance(split, (str, bytes)) or not hasattr(split, "__len__") or len(split) != 2:
            raise IllegalMoveError(f"a move's split must be the two heaps it leaves, (a, b), not {split!r:.80}")
        first, second = (_whole(part, "heap of a split") for part in split)
        return tuple.__new__(cls, (pile, count, (first, second)))

    @property
    def pile(self) -> int:
        """Index of the pile the move is made on (0-based)."""
        return int(self[0])

    @property
    def count(self) -> int:  # type: ignore[override]  # the SPEC's name; shadows tuple.count
        """Objects taken."""
        return int(self[1])

    @property
    def split(self) -> Optional[Tuple[int, int]]:
        """The two heaps the rest of the pile is left as, or None (one heap, or none)."""
        if len(self) == 2:
            return None
        first, second = self[2]
        return (first, second)

    def __repr__(self) -> str:
        if len(self) == 2:
            return f"Move(pile={self[0]!r}, count={self[1]!r})"
        return f"Move(pile={self[0]!r}, count={self[1]!r}, split={self[2]!r})"

    def __str__(self) -> str:
        if len(self) == 2:
            return f"take {self[1]} from pile {self[0]}"
        first, second = self[2]
        return f"take {self[1]} from pile {self[0]}, leaving heaps of {first} and {second}"

    def __getnewargs__(self) -> Tuple[Any, ...]:
        return tuple(self)

    def to_json(self) -> List[Any]:
        """The move in JSON: ``[pile, count]``, or ``[pile, count, [a, b]]`` for a split."""
        if len(self) == 2:
            return [self[0], self[1]]
        return [self[0], self[1], list(self[2])]


class ComponentMove(Move):
    """A move of a game whose components are more than heaps (``nim.families.ComponentFamily``,
    e.g. Wythoff's game): component ``pile`` (0-based) loses ``count`` objects and is
    replaced by the components ``left`` (none, one or several, in the family's canonical
    form).

    >>> ComponentMove(1, 4, ((1, 3),)).to_json()
    [1, 4, [[1, 3]]]
    """

    __slots__ = ()

    def __new__(cls, pile: int, count: int, left: Tuple[Any, ...] = ()) -> "ComponentMove":
        return tuple.__new__(cls, (pile, count, tuple(left)))

    @property
    def split(self) -> Optional[Tuple[int, int]]:
        """None: a component move does not split a heap (``left`` says what remains)."""
        return None

    @property
    def left(self) -> Tuple[Any, ...]:
        """The components that replace the one moved on."""
        left: Tuple[Any, ...] = self[2]
        return left

    def __repr__(self) -> str:
        return f"ComponentMove(pile={self[0]!r}, count={self[1]!r}, left={self[2]!r})"

    def __str__(self) -> str:
        """The move in words, components counted from 1 as people count (``pile`` stays 0-based)."""
        return f"take {self[1]} from component {self[0] + 1}, leaving {list(self[2]) or 'nothing'}"

    def to_json(self) -> List[Any]:
        """``[component, count, [each component left, as a list]]``."""
        return [self[0], self[1], [list(part) if isinstance(part, tuple) else part for part in self[2]]]


class Position:
    """A Nim position: a tuple of non-negative pile sizes (zeros allowed) and the
    rules it is played under.

    The rules default to normal play, take any number. The methods that ask a
    rule question (``moves``, ``is_legal``, ``apply``, ``is_terminal``) use the
    position's own rules unless a call names others; a position after a move
    keeps its rules, so a game is played without passing them around.

    >>> Position((1, 3, 5)).apply(Move(2, 3))
    Position((1, 3, 2))
    >>> Position((4, 1), "misere,max=3").apply(Move(0, 3))
    Position((1, 1), 'misere,max=3')

    Parameters
    ----------
    piles : iterable of int
        The pile sizes; a ``Position`` lends its rules too, unless ``rules`` is given.
    rules : Rules or str, default normal play, take any
        The rules the position is played under.

    Raises
    ------
    InvalidPositionError
        When a pile is negative or not a whole number.
    InvalidRulesError
        When ``rules`` is not a ``Rules``, a rule string or None.
    """

    __slots__ = ("_piles", "_rules")

    def __init__(self, piles: Iterable[Any], rules: RulesLike = None):
        self._piles: Tuple[int, ...] = as_piles(piles)
        if rules is None:       # a Position given as the piles lends its rules
            rules = piles._rules if isinstance(piles, Position) else NORMAL
        self._rules: Rules = rules if type(rules) is Rules else Rules.coerce(rules)

    @classmethod
    def _of(cls, piles: Tuple[int, ...], rules: Rules) -> "Position":
        """A position from checked piles and rules (no check again)."""
        position = cls.__new__(cls)
        position._piles = piles
        position._rules = rules
        return position

    @property
    def piles(self) -> Tuple[int, ...]:
        return self._piles

    @property
    def rules(self) -> Rules:
        """The rules this position is played under."""
        return self._rules

    def _ruleset(self, rules: RulesLike) -> Rules:
        return self._rules if rules is None else Rules.coerce(rules)

    def moves(self, rules: RulesLike = None) -> Iterator[Move]:
        """Legal moves (under ``rules``, by default the position's own), pile by
        pile, largest take first (CENG order).

        In a take-and-break game (an octal code, Grundy's game), a pile's moves
        come larger take first; for one take, the move that leaves one heap (or
        none) first, then the splits ``Move(pile, count, split=(a, b))`` by their
        smaller part ``a``, smallest first, each pair of heaps once (``a <= b``).

        >>> list(Position((4,), "kayles").moves())
        [Move(pile=0, count=2), Move(pile=0, count=2, split=(1, 1)), Move(pile=0, count=1), \
Move(pile=0, count=1, split=(1, 2))]
        """
        ruleset = self._ruleset(rules)
        if ruleset.splits:
            for index, pile in enumerate(self._piles):
                for count, split in ruleset.heap_moves(pile):
                    yield Move(index, count, split)
            return
        for index, pile in enumerate(self._piles):
            for count in ruleset.takes(pile):
                yield Move(index, count)

    def is_legal(self, move: Move, rules: RulesLike = None) -> bool:
        """True when ``move`` is legal here (under ``rules``, by default the
        position's own): a ``Move``, a pair ``(pile, count)`` or, in a
        take-and-break game, a triple ``(pile, count, (a, b))``.

        A split is legal when ``a + b + count`` is the pile, both parts are
        non-empty and the rules allow it (their order is the player's choice:
        ``(a, b)`` and ``(b, a)`` are both legal); under a take rule no move splits.

        Raises
        ------
        IllegalMoveError
            When ``move`` is not made of whole numbers (a float count would
            make ``in range(...)`` scan the range).
        """
        pile, count, split = _move_parts(move)
        return self._why_illegal(pile, count, split, self._ruleset(rules)) is None

    def _allows(self, pile: int, count: int, rules: Rules) -> bool:
        return 0 <= pile < len(self._piles) and count in rules.takes(self._piles[pile])

    def _why_illegal(self, pile: int, count: int, split: Optional[Tuple[int, int]],
                     rules: Rules) -> Optional[str]:
        """Why the move is illegal here (None: it is legal)."""
        if not rules.splits:
            if split is not None:
                return f"it splits a heap, and under {rules} no move splits a heap"
            return None if self._allows(pile, count, rules) else "it is not a move of the rules"
        if not 0 <= pile < len(self._piles):
            return f"there is no pile {pile} (piles 0 to {len(self._piles) - 1})"
        size = self._piles[pile]
        if not 0 <= count <= size:
            return f"pile {pile} has {size}: {count} cannot be taken"
        if split is not None:
            first, second = split
            if first < 1 or second < 1:
                return "both heaps of a split must be non-empty"
            if first + second + count != size:
                return (f"the heaps {first} and {second} and the {count} taken make "
                        f"{first + second + count}, not the pile's {size}")
        from nim.families.heap_moves import is_heap_move

        if not is_heap_move(rules.split_places(), size, count, split):
            if split is not None and rules.split_places()[3] and split[0] == split[1]:
                return f"under {rules} the two heaps of a split must differ"
            if split is not None:
                return f"{rules} does not allow taking {count} from a pile of {size} and leaving two heaps"
            if count == size:
                return f"{rules} does not allow taking a whole pile of {size}"
            return f"{rules} does not allow taking {count} from a pile of {size} and leaving one heap"
        return None

    def apply(self, move: Move, rules: RulesLike = None) -> "Position":
        """The position after ``move`` (legal under ``rules``, by default the
        position's own); it keeps this position's rules. A split's two heaps
        replace the pile in place: ``a`` at its index, ``b`` right after it.

        >>> Position((3, 7), "kayles").apply(Move(1, 1, split=(2, 4)))
        Position((3, 2, 4), 'normal,octal=0.77')

        Raises
        ------
        IllegalMoveError
            When the move is not made of whole numbers, or not legal here
            (the message says why).

        The piles it makes are ``after_move``'s, which the solvers call without the check.
        """
        pile, count, split = _move_parts(move)
        ruleset = self._ruleset(rules)
        if split is None and not ruleset.splits:      # the take rules' fast path
            if not self._allows(pile, count, ruleset):
                raise IllegalMoveError(f"illegal move {Move(pile, count)!r} in {self!r} under {ruleset}")
            return Position._of(tuple(after_move(self._piles, (pile, count))), self._rules)
        why = self._why_illegal(pile, count, split, ruleset)
        if why is not None:
            raise IllegalMoveError(f"illegal move {Move(pile, count, split)!r} in {self!r} "
                                   f"under {ruleset}: {why}")
        made = (pile, count) if split is None else (pile, count, split)
        return Position._of(tuple(after_move(self._piles, made)), self._rules)

    def is_terminal(self, rules: RulesLike = None) -> bool:
        """True when no move is left (under ``rules``, by default the position's own)."""
        ruleset = self._ruleset(rules)
        if ruleset.splits:
            return not any(ruleset.has_move(p) for p in self._piles)
        min_take = ruleset.min_take
        return all(p < min_take for p in self._piles)

    @property
    def nim_sum(self) -> int:
        """XOR of the pile sizes."""
        x = 0
        for p in self._piles:
            x ^= p
        return x

    def __len__(self) -> int:
        return len(self._piles)

    def __iter__(self) -> Iterator[int]:
        return iter(self._piles)

    def __getitem__(self, index: int) -> int:
        return self._piles[index]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and other._piles == self._piles
                and other._rules == self._rules)

    def __hash__(self) -> int:
        return hash((self._piles, self._rules))

    def __repr__(self) -> str:
        if self._rules == NORMAL:
            return f"Position({self._piles!r})"
        return f"Position({self._piles!r}, {str(self._rules)!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Tuple[int, ...], Rules]]:
        return (Position, (self._piles, self._rules))

    def __str__(self) -> str:
        return " ".join(map(str, self._piles))

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks (drawn by nim.display)."""
        from nim.display import board_svg
        return board_svg(self._piles)


def after_move(piles: Sequence[int], move: Tuple[Any, ...]) -> List[int]:
    """The piles after ``move`` (a ``Move``, or its tuple ``(pile, count)`` or
    ``(pile, count, (a, b))``), NOT checked: ``Position.apply``'s piles without its
    legality check, for the solvers' inner loops, whose moves come from the move
    generator (``Rules.heap_moves``) and are legal by construction. A split's parts
    replace the pile in place, ``a`` at its index and ``b`` right after it; a take
    leaves the rest (0 when nothing is left).

    >>> after_move([3, 7], Move(1, 1, split=(2, 4)))
    [3, 2, 4]
    >>> after_move((3, 7), Move(0, 3))
    [0, 7]
    """
    after = list(piles)
    pile = move[0]
    if len(move) == 2:
        after[pile] -= move[1]
    else:
        after[pile:pile + 1] = move[2]
    return after


class LegalMoves(CountedMoves[Move]):
    """Every legal move of a position (under ``rules``, by default the position's
    own), in the order of ``Position.moves``, without building a list.

    ``len``, indexing (so ``random.choice``) and iteration cost memory per pile,
    not per move: a pile of 10**9 has 10**9 moves (in a take-and-break game too:
    ``Rules.heap_moves`` is a lazy sequence).
    """

    def __init__(self, position: Position, rules: Optional[Rules] = None) -> None:
        ruleset = position.rules if rules is None else rules
        self._splits = ruleset.splits
        self._takes: List[Sequence[Any]]
        if self._splits:
            from nim.families.heap_moves import HeapMoves

            places = ruleset.split_places()
            self._takes = [HeapMoves(places, pile) for pile in position.piles]
        else:
            self._takes = [ruleset.takes(pile) for pile in position.piles]
        self._starts: List[int] = []
        total = 0
        for takes in self._takes:
            self._starts.append(total)
            total += count_takes(takes)
        self._len = total

    def _at(self, index: int) -> Move:
        # piles with no move share their start with the next pile; bisect_right
        # lands on the last of them, the one that holds the move
        pile = bisect_right(self._starts, index) - 1
        return self._move(pile, self._takes[pile][index - self._starts[pile]])

    def _move(self, pile: int, option: Any) -> Move:
        if self._splits:
            return Move(pile, option[0], option[1])
        return Move(pile, option)

    def __iter__(self) -> Iterator[Move]:
        if self._splits:
            for pile, options in enumerate(self._takes):
                for count, split in options:
                    yield Move(pile, count, split)
            return
        for pile, takes in enumerate(self._takes):
            for count in takes:
                yield Move(pile, count)

    def smallest_first(self) -> Iterator[Move]:
        """The moves pile by pile, each pile's smallest take first (Lab 2's tie-break order;
        in a take-and-break game the reverse of each pile's order)."""
        for pile, takes in enumerate(self._takes):
            for option in reversed(takes):
                yield self._move(pile, option)


def count_takes(takes: Sequence[int]) -> int:
    """``len(takes)`` of ``Rules.takes``, for a pile of any size: ``len()`` of the
    range of a pile past 2**63 raises OverflowError.

    >>> count_takes(range(2**64, 0, -1)) == 2**64
    True
    """
    if isinstance(takes, range):
        return max(0, -((takes.start - takes.stop) // takes.step))
    total = getattr(takes, "total", None)       # HeapMoves: a heap's moves, past 2**63 too
    if isinstance(total, int):
        return total
    return len(takes)


def rules_for(piles: Any, rules: RulesLike) -> RulesLike:
    """The rules a call on ``piles`` means: ``rules`` when named, else a
    ``Position``'s own (else None, normal play).

    >>> rules_for(Position((1, 2), "misere"), None)
    Rules.parse('misere')
    """
    if rules is None and isinstance(piles, Position):
        return piles.rules
    return rules


def read_once(piles: Iterable[int]) -> Iterable[int]:
    """Piles that can be read twice: an iterator (a generator) is read once, into a list.

    (The checks read the piles more than once: a generator would be empty the second time.)
    """
    if type(piles) is list or type(piles) is tuple:
        return piles
    return list(piles) if isinstance(piles, Iterator) else piles


def as_piles(piles: Iterable[Any]) -> Tuple[int, ...]:
    """Check and convert pile sizes to a tuple of non-negative ints.

    Raises
    ------
    InvalidPositionError
        When ``piles`` is not a sequence of non-negative whole numbers.
    """
    if isinstance(piles, Position):
        return piles.piles
    if isinstance(piles, (str, bytes)) or not hasattr(piles, "__iter__"):
        pins = pin_row_heaps(piles) if isinstance(piles, str) else None
        if pins is not None:                 # a row of pins, "I.IIIII": the heaps of its runs
            return pins
        raise InvalidPositionError(f"piles must be a sequence of whole numbers (or a row of pins such as "
                                   f"'I.IIIII'), not {piles!r:.60}")
    # read the piles once: an iterator (a generator, iter(array)) is empty the second time
    values = piles if type(piles) is tuple else tuple(piles)
    fast = exact_piles(values)  # one C pass when every pile is a plain non-negative int
    if fast is not None:
        return fast
    try:
        result = tuple(map(operator.index, values))
    except TypeError:
        bad = next(v for v in values if not _is_whole(v))
        raise InvalidPositionError(
            f"pile sizes must be whole numbers: {bad!r} in {_short(values)}"
        ) from None
    if any(type(v) is bool for v in values):
        raise InvalidPositionError(f"pile sizes must be whole numbers, not booleans: {_short(values)}")
    if result and min(result) < 0:
        raise InvalidPositionError(f"pile sizes must be non-negative: {_short(values)}")
    return result


def as_size(value: Any, what: str = "a pile size") -> int:
    """Check and convert one size (a pile, a table's length) to a non-negative int.

    Raises
    ------
    InvalidPositionError
        When ``value`` is not a non-negative whole number; the message names ``what``.
    """
    if isinstance(value, bool) or not _is_whole(value):
        raise InvalidPositionError(f"{what} must be a whole number, not {value!r}")
    n = operator.index(value)
    if n < 0:
        raise InvalidPositionError(f"{what} must be non-negative, not {n}")
    return n


def _move_parts(move: Any) -> Tuple[int, int, Optional[Tuple[int, int]]]:
    """``(pile, count, split)`` of a move given as a Move, a pair of whole numbers
    or a triple ``(pile, count, (a, b))``; ``split`` is None for a pair."""
    if isinstance(move, tuple) and len(move) == 3:
        pile, count, parts = move
        try:
            first, second = parts
        except (TypeError, ValueError):
            raise IllegalMoveError(f"a move's split is a pair of heaps (a, b), not {parts!r} in {move!r}") from None
        numbers = (pile, count, first, second)
        if not all(_is_whole(v) and not isinstance(v, bool) for v in numbers):
            raise IllegalMoveError(f"a move's pile, count and split must be whole numbers, not {move!r}")
        return operator.index(pile), operator.index(count), (operator.index(first), operator.index(second))
    pile, count = _move_pair(move)
    return pile, count, None


def _move_pair(move: Any) -> Tuple[int, int]:
    """``(pile, count)`` of a move given as a Move or any pair of whole numbers."""
    try:
        pile, count = move
    except (TypeError, ValueError):
        raise IllegalMoveError(
            f"a move is a pair (pile, count) or a triple (pile, count, (a, b)), not {move!r}") from None
    if not (_is_whole(pile) and _is_whole(count)) or isinstance(pile, bool) or isinstance(count, bool):
        raise IllegalMoveError(f"a move's pile and count must be whole numbers, not {move!r}")
    return operator.index(pile), operator.index(count)


def _is_whole(value: Any) -> bool:
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _short(values: Sequence[Any]) -> str:
    """The piles for an error message, cut short when there are many."""
    if len(values) <= 12:
        return repr(list(values))
    return repr(list(values[:12]))[:-1] + f", ... ({len(values)} piles)]"
