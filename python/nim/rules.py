"""Rule sets of Nim: play convention (normal or misère) and rule family (SPEC section 2).

A ``Rules`` is a convention plus one member of a rule family (``nim.families``):
take any, at most K, at most half, a subtraction set, an octal code, Grundy's game,
or any family registered later. Everything a layer needs to know about the rule
it asks the family (``Rules.family``), never the rule's name.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional, Sequence, Tuple, Union

from nim.errors import InvalidRulesError
from nim.families import (
    FAMILIES, MAX_K, ComponentFamily, RuleFamily, TakeAndBreakFamily, TakeAny, TakeFamily, WholePositionFamily,
    family_of_fields, family_of_option, option_syntax,
)
from nim.kernel import CoreRules
from nim.families.octal_codes import game_code

if TYPE_CHECKING:
    from nim.families.heap_moves import HeapMoves, Places

__all__ = ["MAX_K", "MISERE", "NORMAL", "Rules", "RulesLike", "SPLIT_RULES", "TAKE_RULES"]

#: The tags of the families registered when ``nim`` is imported: ``any`` 1..n, ``max``
#: 1..min(K, n), ``half`` 1..floor(n/2), ``set`` any k of a finite set S with k <= n; and
#: the take-and-break games (SPEC section 2.1): ``octal`` an octal code, ``grundy``
#: Grundy's game. ``nim.families.FAMILIES`` holds every family, later ones included.
TAKE_RULES = tuple(FAMILIES)

#: The tags of the take-and-break families registered when ``nim`` is imported: their
#: moves are ``Rules.heap_moves``, not ``Rules.takes``, and the compiled take-rule engines
#: (``Rules.core``) do not play them. ``Rules.splits`` asks the family itself.
SPLIT_RULES = tuple(tag for tag, family in FAMILIES.items() if family.splits)


class Rules:
    """A rule set: who wins when no move is left, and how much a move may take.

    Parameters
    ----------
    misere : bool
        False (normal play): the player who cannot move loses. True (misère):
        the player who cannot move wins, i.e. whoever takes the last object loses.
    take : {"any", "max", "half", "set"}
        The take rule.
    k : int, optional
        The K of ``take="max"``: a move takes 1 to K objects.
    subtract : tuple of int, optional
        The set S of ``take="set"``: a move takes k objects for some k in S.
    octal : str, optional
        An octal code such as ``"0.77"`` (Kayles): a take-and-break game
        (``take="octal"``). A code of only 0s and 3s is today's ``max K`` or
        ``set S`` and becomes that rule. ``take="grundy"`` is Grundy's game.

    Raises
    ------
    InvalidRulesError
        When the take rule is unknown or its parameter is missing or invalid.

    Examples
    --------
    >>> Rules(misere=True, take="max", k=3)
    Rules.parse('misere,max=3')
    >>> str(Rules.parse("normal,set=1;3;4"))
    'normal,set=1;3;4'
    >>> Rules(octal="0.77") == Rules.parse("kayles")
    True
    >>> Rules(octal="0.333")
    Rules.parse('normal,max=3')
    """

    # Written out rather than a frozen dataclass: importing dataclasses (and
    # inspect with it) was a fifth of the command line's start-up.
    __slots__ = ("misere", "family", "_core", "_hash")

    misere: bool
    family: RuleFamily
    _core: Optional[CoreRules]
    _hash: int

    def __init__(self, misere: bool = False, take: str = "any", k: Optional[int] = None,
                 subtract: Optional[Tuple[int, ...]] = None, octal: Optional[str] = None) -> None:
        if octal is not None:       # Rules(octal="0.77"): the code says the family
            if take not in ("any", "octal", "code") or k is not None or subtract is not None:
                raise InvalidRulesError(f"octal={octal!r} goes alone, not with take={take!r}, "
                                        f"k={k!r}, subtract={subtract!r}")
            take = "octal"
        self._set(misere, family_of_fields(take, k, subtract, octal))

    @classmethod
    def of(cls, family: RuleFamily, misere: bool = False) -> "Rules":
        """The rules of one family member under a convention: ``Rules.of(TakeMax(3), misere=True)``.

        Raises
        ------
        InvalidRulesError
            When ``family`` is not a member of a registered family.
        """
        # a registered family, or a member of one told in its own words (Rayles: Kayles' code)
        registered = FAMILIES.get(family.tag) if isinstance(family, RuleFamily) else None
        if registered is None or not isinstance(family, registered):
            raise InvalidRulesError(f"{family!r} is not a member of a registered rule family (nim.families)")
        rules = cls.__new__(cls)
        rules._set(misere, family)
        return rules

    def with_convention(self, misere: bool) -> "Rules":
        """The same family under the other (or the same) convention."""
        return self if misere == self.misere else Rules.of(self.family, misere)

    def _set(self, misere: Any, family: RuleFamily) -> None:
        if type(misere) is not bool and misere not in (0, 1):
            # bool("false") is True: only True/False (or 1/0) say which convention
            raise InvalidRulesError(f"misere must be True or False, not {misere!r}")
        misere = bool(misere)
        object.__setattr__(self, "misere", misere)
        object.__setattr__(self, "family", family)
        core = None
        if isinstance(family, TakeFamily):
            tag, k, subtract = family.core_view()
            core = CoreRules(misere, tag, k, subtract)
        object.__setattr__(self, "_core", core)
        object.__setattr__(self, "_hash", hash((misere, family)))

    @classmethod
    def game(cls, name: str, misere: bool = False) -> "Rules":
        """A named game: ``kayles``, ``dawson-kayles``, ``dawson-chess`` or ``grundy-game``.

        Raises
        ------
        InvalidRulesError
            For another name.
        """
        if not isinstance(name, str):
            raise InvalidRulesError(f"a game name is a string, not {name!r}")
        code = game_code(name)
        if code is None:
            return cls(misere=misere, take="grundy")
        if name.strip().lower() == "rayles":          # Kayles' code, told in Rayles' own words
            from nim.families.takebreak import Rayles

            return cls.of(Rayles(), misere)
        return cls(misere=misere, octal=code)

    # the keyword fields of 0.2.0, read from the family

    @property
    def take(self) -> str:
        """The family's tag: ``"any"``, ``"max"``, ``"half"``, ``"set"``, ``"octal"``, ``"grundy"``, ..."""
        return self.family.tag

    @property
    def k(self) -> Optional[int]:
        """The K of ``take="max"`` (None otherwise)."""
        return self.family.fields()[0]

    @property
    def subtract(self) -> Optional[Tuple[int, ...]]:
        """The set S of ``take="set"``, ascending (None otherwise)."""
        return self.family.fields()[1]

    @property
    def octal(self) -> Optional[str]:
        """The code of ``take="octal"``, normalised (None otherwise)."""
        return self.family.fields()[2]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Rules are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules are immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Rules)
        return self.misere == other.misere and self.family == other.family

    def __hash__(self) -> int:
        return self._hash       # rules are dict keys on every solve: hashed once

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Parse a rule string: ``normal`` or ``misere``, optionally followed by one
        family's option: ``,max=K``, ``,half``, ``,set=1;3;4``; or a take-and-break game,
        ``,octal=0.77`` or a name (``kayles``, ``dawson-kayles``, ``dawson-chess``,
        ``grundy-game``), where ``normal,`` may be left out (``octal=0.77``, ``kayles``).
        Each registered family reads its own option (``RuleFamily.parse_option``).

        Raises
        ------
        InvalidRulesError
            When the string does not have that form.
        """
        if not isinstance(text, str):
            raise InvalidRulesError(f"a rule string must be a str, not {type(text).__name__}")
        parts = [part.strip().lower() for part in text.split(",")]
        convention, options = parts[0], parts[1:]
        if convention in ("misere", "misère"):
            misere = True
        elif convention == "normal":
            misere = False
        else:
            if not _names_a_game(convention, text):
                raise InvalidRulesError(
                    f"unknown rules {text!r}: a rule string starts with 'normal' or 'misere'"
                )
            misere, options = False, parts      # a game needs no convention: normal play
        if not options:
            return cls.of(TakeAny(), misere)
        family = family_of_option(*_family_option(options, text), text)
        if family is None and len(options) > 1:
            raise InvalidRulesError(f"rules {text!r} have more than one take rule")
        if family is None:
            raise InvalidRulesError(
                f"unknown take rule {options[0]!r} in {text!r}: expected {option_syntax()}"
            )
        return cls.of(family, misere)

    @classmethod
    def coerce(cls, rules: "RulesLike") -> "Rules":
        """Accept a ``Rules``, a rule string, or None (normal play, take any)."""
        if rules is None:
            return NORMAL if cls is Rules else cls()
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str):
            return _parse_cached(rules) if cls is Rules else cls.parse(rules)
        raise InvalidRulesError(
            f"rules must be a Rules object or a rule string like 'misere,max=3', not {rules!r}"
        )

    @property
    def convention(self) -> str:
        """``"misere"`` or ``"normal"``."""
        return "misere" if self.misere else "normal"

    @property
    def splits(self) -> bool:
        """True for a take-and-break game (an octal code or Grundy's game): a move may
        split a heap (``heap_moves``), and the take-rule engines (``core``) cannot play it."""
        return self.family.splits

    def refuse_splits(self) -> None:
        """Raise the error every entry point that cannot take a take-and-break game
        (an octal code or Grundy's game) gives; nothing for a take rule.

        Raises
        ------
        InvalidRulesError
            Saying what takes these rules (solve, moves, play, their nim-sequence).
        """
        self._refuse_splits()

    def game_kind(self) -> str:
        """What kind of game these rules make, in words true of every family: ``"a take rule"``,
        ``"a take-and-break game"``, or for a family of components what its position is made of,
        e.g. ``"a game of pairs (Wythoff's game), not of heaps"``, ``"a game of heaps with moves of
        its own (Lasker's Nim), not a take rule"``.
        """
        family = self.family
        if isinstance(family, TakeFamily):
            return "a take rule"
        if not isinstance(family, ComponentFamily):
            return "a take-and-break game"
        name = family.describe(self.misere).split(":")[0]
        if isinstance(family, WholePositionFamily):
            # the whole position is its one component: "a game of positions" says nothing
            return f"a game played on the whole position at once ({name}), not a sum of heaps"
        if family.component_noun == "heap":
            # its components are heaps, but its moves are not a take rule's (Lasker's split,
            # dynamic subtraction's memory of the last take)
            return f"a game of heaps with moves of its own ({name}), not a take rule"
        return f"a game of {family.component_noun}s ({name}), not of heaps"

    def _component_error(self) -> InvalidRulesError:
        """The one refusal of a family of components by a path that plays only take rules and
        take-and-break games, saying what does take it."""
        return InvalidRulesError(
            f"rules {self} are {self.game_kind()}, which this does not take; what takes them: "
            "nim.solve, nim.analyze (every move), nim.explain, nim.Solver, nim.solve_many and "
            f"'nimcore solve', 'nimcore table' and 'nimcore play --rules {self}', with a position "
            f"given as {self._position_words()}")

    def _position_words(self) -> str:
        """How a position of this family of components is given, with the start free play uses."""
        family = self.family
        assert isinstance(family, ComponentFamily)
        start = getattr(family.play, "start_value", None)
        example = "" if start is None else f", e.g. {json.dumps(start)}"
        if isinstance(family, WholePositionFamily):
            return f"one JSON value{example}"
        if start is not None and not isinstance(start, list):     # a coin row's string, a graph's dict
            return f"a list of {family.component_noun}s or the whole position as one value{example}"
        return f"a list of {family.component_noun}s{example}"

    def _refuse_splits(self) -> CoreRules:
        """The core's rules, or the one error every entry point that cannot take a
        take-and-break game gives."""
        if self._core is None and isinstance(self.family, ComponentFamily):
            raise self._component_error()
        if self._core is None:
            family = self.family
            what = f"octal code {self.octal}" if self.octal is not None else family.describe(self.misere).split(":")[0]
            raise InvalidRulesError(
                f"rules {self} ({what}) split heaps or take from the middle, which this does not "
                "take; what takes them: nim.solve and 'nimcore solve', Position.moves, 'nimcore "
                "play --game', and their nim-sequence: nim.octal.nim_sequence(rules, n), "
                "nim.octal.octal_period(rules), 'nimcore octal CODE' and 'nimcore table --octal CODE'")
        return self._core

    @property
    def take_family(self) -> TakeFamily:
        """The family as a take rule.

        Raises
        ------
        InvalidRulesError
            For a take-and-break game (``refuse_splits``'s error).
        """
        self._refuse_splits()
        assert isinstance(self.family, TakeFamily)
        return self.family

    @property
    def min_take(self) -> int:
        """Smallest legal take: a pile smaller than this can never be moved."""
        # a C field read: cheaper than cached_property, whose first use costs ~20 µs
        return int(self._refuse_splits().min_take)

    def takes(self, pile: int) -> Sequence[int]:
        """Legal numbers of objects to take from a pile of ``pile``, largest first.

        A ``range`` for `any`, `max` and `half` (constant memory, ``in`` and
        ``len`` in constant time, even for a pile of 2**60), a tuple for `set`.

        Raises
        ------
        InvalidRulesError
            For a take-and-break game (its moves may split a heap): its
            moves are ``heap_moves(pile)``.
        """
        if isinstance(self.family, ComponentFamily):
            raise self._component_error()
        if not isinstance(self.family, TakeFamily):
            raise InvalidRulesError(
                f"rules {self} split heaps: a move is more than a number taken, so their moves are "
                f"Rules.heap_moves({pile}) or Position.moves(), not Rules.takes; their values "
                "are nim.octal.nim_sequence(rules, n)")
        return self.family.takes(pile)

    def heap_moves(self, pile: int) -> "HeapMoves":
        """The moves of one heap of ``pile`` in a take-and-break game, as
        ``(count, split)`` pairs (``split``: None, or the two heaps ``(a, b)``
        left, ``a <= b``), larger take first (``nim.families.heap_moves`` says the order).

        A lazy sequence: ``len``, indexing and ``in`` cost O(places of the code).

        Raises
        ------
        InvalidRulesError
            For a take rule: its moves are ``takes(pile)``.

        >>> list(Rules.game("kayles").heap_moves(3))
        [(2, None), (1, None), (1, (1, 1))]
        """
        from nim.families.heap_moves import HeapMoves

        return HeapMoves(self.split_places(), pile)

    def split_places(self) -> "Places":
        """The places of a take-and-break game's code: ``(takes_all, leaves, splits,
        unequal)``, the counts whose digit has bit 1, bit 2, bit 4, and whether a
        split's two heaps must differ (Grundy's game).

        Raises
        ------
        InvalidRulesError
            For a take rule, which does not split heaps.

        >>> Rules.game("dawson-kayles").split_places()
        ((2,), (2,), (2,), False)
        """
        if isinstance(self.family, ComponentFamily):
            raise self._component_error()
        if not isinstance(self.family, TakeAndBreakFamily):
            raise InvalidRulesError(f"take={self.take!r} does not split heaps (a take-and-break game is an "
                                    "octal code or Grundy's game): its moves are Rules.takes(n)")
        return self.family.places()

    def has_move(self, pile: int) -> bool:
        """True when a heap of ``pile`` can be moved under these rules (False: a
        dead heap, e.g. 1 in Dawson's Kayles, 1 and 2 in Grundy's game).

        >>> Rules.game("dawson-kayles").has_move(1), Rules().has_move(1)
        (False, True)
        """
        if self._core is not None:
            return pile >= self._core.min_take
        from nim.families.heap_moves import heap_has_move

        return heap_has_move(self.split_places(), pile)

    def describe(self) -> str:
        """The rules in a sentence, e.g. for the start of a game or a table's heading."""
        return self.family.describe(self.misere)

    @property
    def core(self) -> CoreRules:
        """The compiled core's view of these rules (internal).

        Raises
        ------
        InvalidRulesError
            For a take-and-break game: the take-rule engines cannot play its moves.
        """
        return self._refuse_splits()

    def __str__(self) -> str:
        return self.convention + self.family.option_text()

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # the compiled core view is rebuilt, not pickled: pickle and deepcopy carry the
        # convention, the family's tag and its fields (0.2.0's form: its pickles still load)
        if type(self.family) is not FAMILIES.get(self.take):     # told in its own words (Rayles): by name
            return (Rules.parse, (str(self),))
        return (Rules, (self.misere, self.take) + self.family.fields())


RulesLike = Union[Rules, str, None]


@lru_cache(maxsize=256)
def _parse_cached(text: str) -> Rules:
    # Rules are immutable, so one parse per rule string serves every call
    # (it was a third of a small solve's time).
    if text == "normal":
        return NORMAL
    if text == "misere":
        return MISERE
    return Rules.parse(text)


#: Normal play, take any number: the player who cannot move loses.
NORMAL = Rules()
#: Misère play, take any number: the player who takes the last object loses.
MISERE = Rules(misere=True)


def _option(text: str) -> Tuple[str, str]:
    """An option of a rule string as ``(name, value)``: ``"max=3"`` -> ``("max", "3")``."""
    name, _, value = text.partition("=")
    return name.strip(), value.strip()


#: Words after a family's ``name=value`` that modify it rather than name a second take rule.
_MODIFIERS = ("unequal", "exactly-two", "one-or-two")


def _family_option(options: Sequence[str], text: str) -> Tuple[str, str]:
    """The family's ``(name, value)`` from a rule string's options: one option
    (``max=3`` -> ``("max", "3")``), or a game's name followed by its parameters
    (``moore,k=2`` -> ``("moore", "k=2")``), which that family reads."""
    name, value = _option(options[0])
    if len(options) > 1:
        if value and all(part.split("*")[0].strip() in _MODIFIERS for part in options[1:]):
            # octal=CODE,unequal or coin-subtraction=S,exactly-two (also as a Tartan factor, before its
            # '*'): the option's modifier, which its family reads
            return name, value + "," + ",".join(options[1:])
        if value:
            return "", ""                  # two take rules: no family reads this
        value = ",".join(options[1:])
    return name, value


def _names_a_game(option: str, text: str) -> bool:
    """Whether a rule string's first part names a game that is not a take rule (``kayles``,
    ``octal=0.77``, ``wythoff``, ``moore,k=2``): such a game needs no convention (normal play)."""
    parts = [part.strip().lower() for part in text.split(",")]
    name, value = _family_option(parts, text) if parts and parts[0] == option else _option(option)
    return any(not issubclass(family, TakeFamily) and family.parse_option(name, value, text) is not None
               for family in FAMILIES.values())
