"""What a rule family is, and the one registry of them.

A rule family (take any, take at most K, take at most half, a subtraction set, an
octal code, Grundy's game, ...) is a class. An instance is one member of the
family with its parameters (``TakeMax(3)``); ``nim.Rules`` is a convention
(normal or misère) plus one such instance. Every layer asks the family through
its hooks instead of testing a name: parsing and printing a rule string, the
moves of a heap, the closed form of the Grundy values, the words shown to a
student, the grader's table, the compiled tag of the engines.

A family is registered once (``register_family``). Registration refuses a class
that lacks a hook (an abstract method left unwritten), whose tag is taken, or
whose compiled tag the core does not dispatch on: a missing hook fails there,
not later with a wrong answer.

>>> {'any', 'max', 'half', 'set', 'octal', 'grundy', 'wythoff'} <= set(FAMILIES)
True
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Dict, Iterable, List, Optional, Sequence, Tuple, Type,
                    TypeVar)

from nim.errors import InvalidPositionError, InvalidRulesError
from nim.kernel import CORE_TAKE_TAGS

if TYPE_CHECKING:
    from nim.families.heap_moves import Places

__all__ = ["ComponentFamily", "FAMILIES", "Fields", "RuleFamily", "TakeAndBreakFamily", "TakeFamily",
           "StateCoding", "Unparameterised", "VectorEncoding", "WholePositionFamily",
           "family_of_fields",
           "family_of_option", "read_whole", "register_family"]

#: The keyword form of a family's parameters, as ``Rules(take=..., k=..., subtract=..., octal=...)``
#: takes them: ``(k, subtract, octal)``.
Fields = Tuple[Optional[int], Optional[Tuple[int, ...]], Optional[str]]


class RuleFamily(ABC):
    """One family of rules with its parameters; immutable, compared by value.

    A subclass sets the class attributes and writes every abstract method;
    ``register_family`` checks that it did.
    """

    #: The family's tag: ``Rules.take``, and its key in ``FAMILIES``.
    tag: ClassVar[str]
    #: How the family is written after the convention in a rule string, for help and errors.
    syntax: ClassVar[str]
    #: True for a take-and-break game: a move may split a heap or take from its middle.
    splits: ClassVar[bool]
    #: True when the Grundy value of a pile is the pile itself (Nim): Bouton's XOR of the raw
    #: piles decides, and a game's length has a formula.
    is_nim: ClassVar[bool] = False

    __slots__ = ()

    # -- parsing and printing ------------------------------------------------------------

    @classmethod
    @abstractmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional["RuleFamily"]:
        """The family member an option of a rule string names (``name=value``, or ``name``
        alone with ``value`` empty), or None when the option is not this family's.

        ``text`` is the whole rule string, for error messages.

        Raises
        ------
        InvalidRulesError
            When the option is this family's but its parameter is invalid.
        """

    @classmethod
    @abstractmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> "RuleFamily":
        """The member given by ``Rules``' keyword fields (``Rules(take=tag, k=..., ...)``).

        Raises
        ------
        InvalidRulesError
            When a field this family does not take is given, or one it needs is missing
            or invalid.
        """

    @abstractmethod
    def fields(self) -> Fields:
        """``(k, subtract, octal)``: ``Rules.k``, ``Rules.subtract``, ``Rules.octal``."""

    @abstractmethod
    def option_text(self) -> str:
        """What follows the convention in the rule string: ``""``, ``",max=3"``, ``",octal=0.77"``."""

    @abstractmethod
    def describe(self, misere: bool) -> str:
        """The rules in a sentence, e.g. ``"A move takes 1 to 3 objects from one pile; ..."``."""

    # -- value semantics ---------------------------------------------------------------

    def _key(self) -> Tuple[Any, ...]:
        return (self.tag,) + self.fields()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RuleFamily):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.option_text().lstrip(',')!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # pickle (every protocol) and deepcopy rebuild a member from its tag and fields
        return (family_of_fields, (self.tag,) + self.fields())


class Unparameterised(RuleFamily):
    """The hooks of a family without a parameter (Nim, Wythoff's game, a graph game, ...): it is
    written in a rule string by its tag alone, ``Rules(take=tag)`` takes no field, and
    ``syntax`` is the tag unless the class sets it. Mixed in before the family's kind:
    ``class WythoffGame(Unparameterised, ComponentFamily)``.
    """

    #: The game's name in messages ("Wythoff's game"); the tag when empty.
    title: ClassVar[str] = ""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "tag" in cls.__dict__ and "syntax" not in cls.__dict__:
            cls.syntax = cls.tag

    @classmethod
    def parse_option(cls, name: str, value: str, text: str) -> Optional["RuleFamily"]:
        if name != cls.tag:
            return None
        if value:
            raise InvalidRulesError(f"{cls.title or cls.tag} takes no parameters: {cls.tag!r}, not {text!r}")
        return cls()

    @classmethod
    def from_fields(cls, k: Any, subtract: Any, octal: Any) -> "RuleFamily":
        cls.refuse_fields(k, subtract, octal)
        return cls()

    @classmethod
    def refuse_fields(cls, k: Any, subtract: Any, octal: Any) -> None:
        """Refuse any keyword field given (a family may say which family takes it)."""
        if k is not None or subtract is not None or octal is not None:
            raise InvalidRulesError(f"{cls.title or cls.tag} takes no k=, subtract= or octal=")

    def fields(self) -> Fields:
        return (None, None, None)

    def option_text(self) -> str:
        return f",{self.tag}"


class TakeFamily(RuleFamily):
    """A take rule: a move takes some objects from one pile, nothing else.

    The compiled engines play it through ``core_view``: one of the core's tags
    (``any``, ``max``, ``half``, ``set``) with its parameters.
    """

    splits: ClassVar[bool] = False
    #: The compiled core's tag this family's ``core_view`` uses: checked at registration.
    core_tag: ClassVar[str]
    #: True when ``grundy`` and ``option`` are closed forms; False: the values come from
    #: the compiled DP table of ``core_view`` (a subtraction set), read through its period.
    closed_form: ClassVar[bool] = True

    __slots__ = ()

    @abstractmethod
    def takes(self, pile: int) -> Sequence[int]:
        """The legal numbers to take from a pile of ``pile``, largest first."""

    @abstractmethod
    def core_view(self) -> Tuple[str, int, Tuple[int, ...]]:
        """``(tag, k, subtract)`` for ``nimcore.rules.CoreRules``: the compiled core's view."""

    @abstractmethod
    def grundy(self, n: int) -> int:
        """The Grundy value of one pile of ``n`` by the closed form (``closed_form``)."""

    @abstractmethod
    def option(self, n: int, g: int, target: int) -> Optional[int]:
        """The size a pile of ``n`` (Grundy value ``g``) can be lowered to whose Grundy
        value is ``target`` (the largest take's), or None; by the closed form."""

    @abstractmethod
    def grundy_words(self) -> Optional[str]:
        """The Grundy value of a pile in words for a student (``"n mod 4"``), or None
        where it has no closed form (then the values come from a table)."""

    @abstractmethod
    def grundy_formula(self) -> Optional[str]:
        """The closed form as ``explain`` writes it (``"g(n) = n mod 4"``), or None (a table)."""

    @abstractmethod
    def tame_reason(self) -> str:
        """Why condition (C) of the misère theorem holds for this family (docs/theory.md),
        in words, or how it was checked."""

    @property
    def min_take(self) -> int:
        """The smallest legal take: a smaller pile cannot move."""
        takes = self.takes(1 << 62)
        return int(min(takes))

    def take_table(self, np: Any, top: int) -> Tuple[Any, Any]:
        """``(members, usable)`` for the grader: the takes from a pile of ``s`` are
        ``members[:usable[s]]``, ascending, for every ``s`` up to ``top``.

        The general form, from ``takes``; a family overrides it with a vectorised one."""
        sizes = range(top + 1)
        members = np.array(sorted({t for s in sizes for t in self.takes(s)}), dtype=np.int64)
        usable = np.array([np.searchsorted(members, max(self.takes(s), default=0), side="right")
                           if self.takes(s) else 0 for s in sizes], dtype=np.int64)
        return members, usable


class TakeAndBreakFamily(RuleFamily):
    """A take-and-break game: a move takes from one heap and may leave it in two.

    Its moves are ``nim.families.heap_moves.HeapMoves`` over its ``places``; its values are
    its nim-sequence (``nim.octal``), its misère play the quotient engine's.
    """

    splits: ClassVar[bool] = True

    __slots__ = ()

    @abstractmethod
    def places(self) -> "Places":
        """``(takes_all, leaves, splits, unequal)``: the counts whose code digit has bit 1,
        bit 2, bit 4, and whether a split's two heaps must differ."""

    @abstractmethod
    def game_name(self) -> str:
        """The name the nim-sequence and quotient caches know it by: its code, or a name."""

    def heap_move_words(self, heap: int, count: int, split: Optional[Tuple[int, int]]) -> Optional[str]:
        """A move from a heap in the game's own words, where its rules tell it in other terms than
        heaps (Rayles: a loop through dots), or None: the heap words are the game's."""
        return None


class VectorEncoding:
    """A position of a component game as a fixed-length vector of whole numbers, bounded by a start
    (``ComponentFamily.vector_encoding``): what a neural network reads in the environments.

    ``sizes[i]`` bounds entry ``i`` (it holds 0 to ``sizes[i] - 1``: a Gymnasium ``MultiDiscrete``);
    ``encode`` takes a position reachable from the start in canonical form (a tuple of the
    family's components; a whole position: a tuple of one) and ``decode`` gives the position back
    as plain values, as ``nim.solve`` takes it.
    """

    __slots__ = ("sizes", "encode", "decode", "layout")

    def __init__(self, sizes: Sequence[int], encode: Callable[[Tuple[Any, ...]], List[int]],
                 decode: Callable[[Sequence[int]], Any], layout: str) -> None:
        self.sizes: Tuple[int, ...] = tuple(int(size) for size in sizes)
        self.encode = encode
        self.decode = decode
        #: The vector's entries in words ("each pair (a, b), sorted, (0, 0) for none, ...").
        self.layout = layout


class StateCoding:
    """Every position reachable from a start of a whole-position game as one whole number, with the
    numbers of the positions its moves leave (``WholePositionFamily.state_coding``): the fast path of
    the walk over every reachable position (``nim.solving.reachable``) for a game with many moves a
    position, where building each move's objects and reading each board back is the cost.

    ``encode`` takes a component in canonical form (``read_component``'s); ``decode`` gives it back
    in that form; ``successors`` gives the numbers of the components a component's moves leave, in
    the order of ``options`` (the walk pairs them with the moves only when a move is asked for).
    """

    __slots__ = ("encode", "decode", "successors")

    def __init__(self, encode: Callable[[Any], int], decode: Callable[[int], Any],
                 successors: Callable[[int], List[int]]) -> None:
        self.encode = encode
        self.decode = decode
        self.successors = successors


class ComponentFamily(RuleFamily):
    """A game whose position is a sum of components that are more than one heap: a pair
    of piles (Wythoff's game), a heap with a memory, a row of coins, a graph.

    A position is a list of components, each a plain JSON value the family reads
    (``read_component``) into a hashable canonical form. A move changes one component
    into zero or more components (``options``). The generic engine
    (``nim.solving.components``) plays sums of them: in normal play by the XOR of the
    components' Grundy values (the family's closed form where it has one, else the
    mex over the options, memoised), in misère play by an exact search; a family
    with a closed-form win for one component (``is_lost``, ``winning_option``) is
    answered by it at any size.
    """

    splits: ClassVar[bool] = False
    #: What one component is called, for messages: "pair", "coin row", ...
    component_noun: ClassVar[str]
    #: How people play it in the terminal and the browser (``nim.families.play``): None, not playable.
    #: (a ``nim.families.play.PlayHooks``; typed loosely here, as play.py builds on this module)
    play: ClassVar[Optional[Any]] = None

    __slots__ = ()

    @abstractmethod
    def read_component(self, value: Any) -> Any:
        """The canonical, hashable form of one component given as a plain value.

        Raises
        ------
        InvalidPositionError
            When ``value`` is not a component of this game.
        """

    @abstractmethod
    def component_value(self, component: Any) -> Any:
        """The component as a plain JSON value (what ``read_component`` reads back)."""

    @abstractmethod
    def options(self, component: Any) -> Iterable[Tuple[int, Tuple[Any, ...]]]:
        """Every move of one component as ``(count, left)``: the objects the move removes
        and the components it leaves in its place (none, one or several), canonical;
        lazily (a large component has many), a move of the smallest count first."""

    @abstractmethod
    def move_words(self, component: Any, count: int, left: Tuple[Any, ...]) -> str:
        """A move in words, e.g. ``"take 2 from both piles of (3, 5), leaving (1, 3)"``."""

    @abstractmethod
    def theory_words(self) -> str:
        """What decides this game, for ``explain`` (the theorem, named and cited)."""

    @abstractmethod
    def option_count(self, component: Any) -> int:
        """How many moves one component has (without listing them: a pair of 10**30 has 3 * 10**30)."""

    @abstractmethod
    def reach(self, component: Any) -> int:
        """An upper bound on the work of the mex of this component: the moves of every
        component it reaches (its options, theirs, ...)."""

    def position_of(self, value: Any) -> Optional[List[Any]]:
        """A whole position given as one value (a coin row as a string, a graph as a dict):
        its list of components; None when ``value`` is given as a list of components."""
        return None

    def grundy(self, component: Any) -> Optional[int]:
        """The component's Grundy value by a closed form, or None (then by the mex)."""
        return None

    def is_lost(self, component: Any) -> Optional[bool]:
        """Whether one component alone is lost for the player to move (normal play) by a
        closed form, or None (then by its Grundy value)."""
        return None

    def winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        """A move of one component alone to a lost position by a closed form (normal play),
        or None (then by the options)."""
        return None

    def sum_outcome(self, components: Sequence[Any], misere: bool) -> Optional[int]:
        """The outcome of a whole sum for the player to move, +1 win, 0 draw, -1 loss, where the
        family decides it itself (a loopy graph: values with infinity, which the XOR cannot
        add), or None (then by the Grundy values or the exact search)."""
        return None

    def account(self, components: Sequence[Any]) -> List[str]:
        """Lines ``explain`` adds after the theorem: each component's value in the family's words."""
        return []

    def outcome_words(self, components: Sequence[Any], misere: bool) -> List[str]:
        """Lines ``explain`` adds on what decided a position ``sum_outcome`` answered, when the
        account above does not say it (misère play on a graph with cycles: a retrograde analysis)."""
        return []

    def read_components(self, position: Any) -> Optional[Tuple[Any, ...]]:
        """The components of a whole position given as a plain value, where the family reads
        a position its own way (a sum of parts of other families), or None: then a position
        is a list of components, each read by ``read_component``."""
        return None

    def option_to(self, component: Any, target: int) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        """A move of one component to an option of Grundy value ``target`` (less than its
        own) by a closed form, or None (then the engine looks through the options): a heap
        of 10**30 has too many options to look through."""
        return None

    def misere_is_lost(self, component: Any) -> Optional[bool]:
        """Whether one component alone is lost for the player to move in misère play, by a
        closed form (a theorem), or None (then by the exact search)."""
        return None

    def misere_winning_option(self, component: Any) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        """A move of one component alone to a misère-lost position by a closed form, or None."""
        return None

    def vector_encoding(self, start: Tuple[Any, ...]) -> Optional[VectorEncoding]:
        """Every position reachable from ``start`` (canonical: a tuple of components, a whole
        position's one) as a vector of fixed length and bounded entries, for a neural network
        (``ComponentEnv(..., observation="vector")``); None where the game has none here (then the
        environments number the reachable positions, which every game has)."""
        return None

    def table_rows(self, upto: int) -> Optional[Tuple[str, Iterable[Any]]]:
        """What ``nimcore table --upto N`` lists for this game, one component a row: ``(what the
        rows are, in words; the components, canonical)``, e.g. Wythoff's pairs ``(a, b)``,
        ``a <= b <= N``; or None where the game has no table of its own (a graph is given, not
        numbered), which the command then refuses in words."""
        return None


class WholePositionFamily(ComponentFamily):
    """A game whose moves span several piles at once (Moore's Nim_k: up to k piles a move), so
    a position does not decompose into a sum: the whole position is one component.

    A position is given as the family's plain value (a list of piles), not as a list of
    components: ``read_position`` reads it as one component. The generic engine
    (``nim.solving.components``) then plays it by the family's theory (``is_lost`` and
    ``winning_option``, ``misere_is_lost`` and ``misere_winning_option``) at any size,
    else by the mex (its Grundy value, for sums) or an exact memoised search over the
    canonical positions (``read_component``'s form), within the call's limits.
    """

    component_noun: ClassVar[str] = "position"

    __slots__ = ()

    def state_coding(self, start: Any) -> Optional[StateCoding]:
        """Every position reachable from the component ``start`` as a whole number (``StateCoding``),
        or None (then the walk reads each position back and builds each move)."""
        return None


F = TypeVar("F", bound=Type[RuleFamily])

#: Every registered family, by tag, in registration order.
FAMILIES: Dict[str, Type[RuleFamily]] = {}


#: What a family's ``play`` must do (``nim.families.play.PlayHooks``'s methods).
_PLAY_HOOKS = ("start", "parse", "describe", "typed", "board", "draw")


def register_family(family: F) -> F:
    """Register a rule family: rule strings and ``Rules(take=tag, ...)`` reach it from now on.

    Usable as a class decorator.

    Raises
    ------
    InvalidRulesError
        When the class lacks a hook (names them), its tag is taken by another class,
        or, for a take rule, its compiled tag is not one the core dispatches on.
    """
    kinds = (TakeFamily, TakeAndBreakFamily, ComponentFamily)
    if not (isinstance(family, type) and issubclass(family, kinds)):
        raise InvalidRulesError(f"{family!r} is not a TakeFamily, TakeAndBreakFamily or ComponentFamily subclass")
    missing = sorted(getattr(family, "__abstractmethods__", ()))
    needed = ("tag", "syntax") + (("core_tag",) if issubclass(family, TakeFamily) else ()) + (
        ("component_noun",) if issubclass(family, ComponentFamily) else ())
    for attribute in needed:
        if not isinstance(getattr(family, attribute, None), str):
            missing.append(attribute)
    if missing:
        raise InvalidRulesError(f"rule family {family.__name__} lacks the hooks: {', '.join(missing)}")
    if issubclass(family, ComponentFamily) and family.play is not None:
        # checked by what they do, not by importing nim.families.play, which builds on this module
        lacking = [hook for hook in _PLAY_HOOKS if not callable(getattr(family.play, hook, None))]
        if lacking:
            raise InvalidRulesError(f"rule family {family.__name__}: its play hooks are a "
                                    f"{type(family.play).__name__}, not a nim.families.play.PlayHooks (it lacks "
                                    f"{', '.join(lacking)}; None: not playable)")
    taken = FAMILIES.get(family.tag)
    if taken is not None and taken is not family:
        raise InvalidRulesError(f"rule family tag {family.tag!r} is taken by {taken.__name__}")
    if issubclass(family, TakeFamily) and family.core_tag not in CORE_TAKE_TAGS:
        raise InvalidRulesError(
            f"rule family {family.__name__}: the compiled core has no loop for tag {family.core_tag!r} "
            f"(it dispatches on {', '.join(CORE_TAKE_TAGS)})")
    FAMILIES[family.tag] = family
    return family


def family_of_option(name: str, value: str, text: str) -> Optional[RuleFamily]:
    """The family member an option of a rule string names, asking each family in turn."""
    for family in FAMILIES.values():
        found = family.parse_option(name, value, text)
        if found is not None:
            return found
    return None


def family_of_fields(take: Any, k: Any, subtract: Any, octal: Any) -> RuleFamily:
    """The family member of ``Rules``' keyword fields.

    Raises
    ------
    InvalidRulesError
        For an unknown tag, or fields the family does not take.
    """
    family = FAMILIES.get(take) if isinstance(take, str) else None
    if family is None:
        raise InvalidRulesError(f"unknown take rule {take!r}: expected one of {', '.join(FAMILIES)}")
    return family.from_fields(k, subtract, octal)


def option_syntax() -> str:
    """Every registered family's rule-string syntax, for an error message."""
    return ", ".join(family.syntax for family in FAMILIES.values())


def read_whole(value: Any, what: str, least: int = 0, bits: int = 14_300) -> int:
    """``value``, a number of a position, as an int (NumPy integers included): at least ``least``,
    of at most ``bits`` binary digits (14,300: about 4,300 decimal digits, Python's limit on int()).

    Raises
    ------
    InvalidPositionError
        Naming ``what`` ("a box", "a row's length"), for a bool, a non-integer, a number too small or too long.
    """
    if isinstance(value, bool):
        raise InvalidPositionError(f"{what} is a whole number, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        shown = repr(value)
        shown = shown if len(shown) <= 60 else f"{shown[:40]}...({len(shown):,} characters)"
        raise InvalidPositionError(f"{what} is a whole number, not {shown}") from None
    if number < least:
        raise InvalidPositionError(f"{what} is at least {least}, not {number}" if least > 0 else
                                   f"{what} cannot be negative: {number}")
    if number.bit_length() > bits:
        raise InvalidPositionError(f"{what} has at most about {round(bits * 0.30103, -2):,.0f} decimal digits")
    return number
