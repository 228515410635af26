"""Rule sets of Nim: play convention (normal or misère) and take rule (SPEC section 2)."""

from __future__ import annotations

import operator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence, Tuple, Union

from nim.errors import InvalidRulesError
from nim.kernel import MAX_PILE, MAX_SET, CoreRules
from nim.octal_codes import GAMES, GRUNDY_GAME, code_text, game_code, parse_code, subtraction_rule

if TYPE_CHECKING:
    from nim.octal_moves import HeapMoves, Places

__all__ = ["MAX_K", "MISERE", "NORMAL", "Rules", "RulesLike", "SPLIT_RULES", "TAKE_RULES"]

#: The take rules: ``any`` 1..n, ``max`` 1..min(K, n), ``half`` 1..floor(n/2),
#: ``set`` any k of a finite set S with k <= n; and the take-and-break games
#: (SPEC section 2.1): ``octal`` an octal code, ``grundy`` Grundy's game.
TAKE_RULES = ("any", "max", "half", "set", "octal", "grundy")

#: The take rules that split heaps or take from the middle (take-and-break
#: games): their moves are ``Rules.heap_moves``, not ``Rules.takes``, and the
#: compiled take-rule engines (``Rules.core``) do not play them.
SPLIT_RULES = ("octal", "grundy")

#: The largest K of a `max` rule: the core computes K + 1 in 32 bits.
MAX_K = MAX_PILE - 1

_MAX_DIGITS = 4300    # Python's default limit on int() of a string


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
    __slots__ = ("misere", "take", "k", "subtract", "octal", "_core", "_hash")

    misere: bool
    take: str
    k: Optional[int]
    subtract: Optional[Tuple[int, ...]]
    octal: Optional[str]
    _core: Optional[CoreRules]
    _hash: int

    def __init__(self, misere: bool = False, take: str = "any", k: Optional[int] = None,
                 subtract: Optional[Tuple[int, ...]] = None, octal: Optional[str] = None) -> None:
        object.__setattr__(self, "misere", misere)
        object.__setattr__(self, "take", take)
        object.__setattr__(self, "k", k)
        object.__setattr__(self, "subtract", subtract)
        object.__setattr__(self, "octal", octal)
        if octal is not None or take == "octal":
            self._read_octal()
        self._check()

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
        return cls(misere=misere, octal=code)

    def _read_octal(self) -> None:
        """Read ``octal=``: a code of 0s and 3s becomes its take rule, any other is normalised."""
        if self.take not in ("any", "octal") or self.k is not None or self.subtract is not None:
            raise InvalidRulesError(f"octal={self.octal!r} goes alone, not with take={self.take!r}, "
                                    f"k={self.k!r}, subtract={self.subtract!r}")
        if self.octal is None:
            raise InvalidRulesError("take='octal' needs octal=, a code such as '0.77'")
        digits = parse_code(self.octal)
        as_take = subtraction_rule(digits)
        if as_take is not None:       # the same game as today's rule: one spelling, one answer
            object.__setattr__(self, "octal", None)
            for name, value in zip(("take", "k", "subtract"), as_take):
                object.__setattr__(self, name, value)
        else:
            object.__setattr__(self, "take", "octal")
            object.__setattr__(self, "octal", code_text(digits))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Rules are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Rules are immutable: cannot delete {name!r}")

    def _fields(self) -> Tuple[bool, str, Optional[int], Optional[Tuple[int, ...]], Optional[str]]:
        return (self.misere, self.take, self.k, self.subtract, self.octal)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Rules)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return self._hash       # rules are dict keys on every solve: hashed once

    def _check(self) -> None:
        """Validate and normalise the fields, then build the core's view."""
        if self.take not in TAKE_RULES:
            raise InvalidRulesError(
                f"unknown take rule {self.take!r}: expected one of {', '.join(TAKE_RULES)}"
            )
        if self.take == "max":
            k = _whole_number(self.k, "the K of a 'max' rule")
            if not 1 <= k <= MAX_K:
                raise InvalidRulesError(f"the K of a 'max' rule must be in 1 .. {MAX_K:,}: {_short(k)}")
            object.__setattr__(self, "k", k)
        elif self.k is not None:
            raise InvalidRulesError(f"k={self.k!r} only goes with take='max', not {self.take!r}")
        if self.take == "set":
            members = _subtraction_set(self.subtract)
            object.__setattr__(self, "subtract", members)
        elif self.subtract is not None:
            raise InvalidRulesError(
                f"subtract={self.subtract!r} only goes with take='set', not {self.take!r}"
            )
        if self.take != "octal" and self.octal is not None:
            raise InvalidRulesError(f"octal={self.octal!r} only goes with take='octal', not {self.take!r}")
        if type(self.misere) is not bool and self.misere not in (0, 1):
            # bool("false") is True: only True/False (or 1/0) say which convention
            raise InvalidRulesError(f"misere must be True or False, not {self.misere!r}")
        object.__setattr__(self, "misere", bool(self.misere))
        object.__setattr__(
            self, "_core", None if self.take in SPLIT_RULES
            else CoreRules(self.misere, self.take, self.k or 0, self.subtract or ())
        )
        object.__setattr__(self, "_hash", hash(self._fields()))

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Parse a rule string: ``normal`` or ``misere``, optionally followed by
        ``,max=K``, ``,half`` or ``,set=1;3;4``; or by a take-and-break game,
        ``,octal=0.77`` or a name (``kayles``, ``dawson-kayles``, ``dawson-chess``,
        ``grundy-game``), where ``normal,`` may be left out (``octal=0.77``, ``kayles``).

        Raises
        ------
        InvalidRulesError
            When the string does not have that form.
        """
        if not isinstance(text, str):
            raise InvalidRulesError(f"a rule string must be a str, not {type(text).__name__}")
        parts = [part.strip().lower() for part in text.split(",")]
        convention, options = parts[0], parts[1:]
        if parts[0].startswith("octal=") or parts[0].replace("_", "-") in _GAME_NAMES:
            convention, options = "normal", parts      # a game needs no convention: normal play
        if convention in ("misere", "misère"):
            misere = True
        elif convention == "normal":
            misere = False
        else:
            raise InvalidRulesError(
                f"unknown rules {text!r}: a rule string starts with 'normal' or 'misere'"
            )
        if len(options) > 1:
            raise InvalidRulesError(f"rules {text!r} have more than one take rule")
        if not options or options[0] == "any":
            return cls(misere=misere)
        name, _, value = options[0].partition("=")
        if name == "half" and not value:
            return cls(misere=misere, take="half")
        if name == "max" and value:
            return cls(misere=misere, take="max", k=_parse_int(value, text))
        if name == "set" and value:
            members = tuple(_parse_int(v, text) for v in value.split(";") if v.strip())
            return cls(misere=misere, take="set", subtract=members)
        if name == "octal":
            return cls(misere=misere, octal=value)
        if name.replace("_", "-") in _GAME_NAMES and not value:
            return cls.game(name, misere=misere)
        raise InvalidRulesError(
            f"unknown take rule {options[0]!r} in {text!r}: expected max=K, half, set=1;3;4, "
            f"octal=CODE or one of {', '.join(_GAME_NAMES)}"
        )

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
        return self._core is None

    def refuse_splits(self) -> None:
        """Raise the error every entry point that cannot take a take-and-break game
        (an octal code or Grundy's game) gives; nothing for a take rule.

        Raises
        ------
        InvalidRulesError
            Saying what takes these rules (solve, moves, play, their nim-sequence).
        """
        self._refuse_splits()

    def _refuse_splits(self) -> CoreRules:
        """The core's rules, or the one error every entry point that cannot take a
        take-and-break game gives."""
        if self._core is None:
            what = f"octal code {self.octal}" if self.take == "octal" else "Grundy's game"
            raise InvalidRulesError(
                f"rules {self} ({what}) split heaps or take from the middle, which this does not "
                "take; what takes them: nim.solve and 'nimcore solve', Position.moves, 'nimcore "
                "play --game', and their nim-sequence: nim.octal.nim_sequence(rules, n), "
                "nim.octal.octal_period(rules), 'nimcore octal CODE' and 'nimcore table --octal CODE'")
        return self._core

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
        if self._core is None:
            raise InvalidRulesError(
                f"rules {self} split heaps: a move is more than a number taken, so their moves are "
                f"Rules.heap_moves({pile}) or Position.moves(), not Rules.takes; their values "
                "are nim.octal.nim_sequence(rules, n)")
        if self.take == "any":
            return range(pile, 0, -1)
        if self.take == "max":
            assert self.k is not None
            return range(min(self.k, pile), 0, -1)
        if self.take == "half":
            return range(pile // 2, 0, -1)
        assert self.subtract is not None
        return tuple(s for s in sorted(self.subtract, reverse=True) if s <= pile)

    def heap_moves(self, pile: int) -> "HeapMoves":
        """The moves of one heap of ``pile`` in a take-and-break game, as
        ``(count, split)`` pairs (``split``: None, or the two heaps ``(a, b)``
        left, ``a <= b``), larger take first (``nim.octal_moves`` says the order).

        A lazy sequence: ``len``, indexing and ``in`` cost O(places of the code).

        Raises
        ------
        InvalidRulesError
            For a take rule: its moves are ``takes(pile)``.

        >>> list(Rules.game("kayles").heap_moves(3))
        [(2, None), (1, None), (1, (1, 1))]
        """
        from nim.octal_moves import HeapMoves

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
        from nim.octal_moves import places_of

        return places_of(self.take, self.octal)

    def has_move(self, pile: int) -> bool:
        """True when a heap of ``pile`` can be moved under these rules (False: a
        dead heap, e.g. 1 in Dawson's Kayles, 1 and 2 in Grundy's game).

        >>> Rules.game("dawson-kayles").has_move(1), Rules().has_move(1)
        (False, True)
        """
        if self._core is not None:
            return pile >= self._core.min_take
        from nim.octal_moves import heap_has_move

        return heap_has_move(self.split_places(), pile)

    def describe(self) -> str:
        """The rules in a sentence, e.g. for the start of a game or a table's heading."""
        end = "the player who cannot move " + ("wins" if self.misere else "loses")
        if self.take == "octal":
            named = {code: name for name, code in GAMES.items()}.get(self.octal)
            pins = {"kayles": "Kayles: a move knocks over one pin or two adjacent pins of a row, which "
                              "may split it in two. ",
                    "dawson-kayles": "Dawson's Kayles: a move knocks over two adjacent pins of a row, "
                                     "which may split it in two. "}.get(named or "", "")
            return (f"{pins}The octal game {self.octal}: for each place k of the code, bit 1 takes k objects "
                    f"from a heap of exactly k, bit 2 takes k and leaves one heap, bit 4 takes k and "
                    f"splits the rest in two; {end}.")
        if self.take == "grundy":
            return f"Grundy's game: a move splits one heap into two unequal non-empty heaps; {end}."
        take = {
            "any": "any number of objects",
            "max": f"1 to {self.k} objects",
            "half": "1 to half of the objects (rounded down)",
            "set": "k objects, k one of " + ", ".join(map(str, self.subtract or ())),
        }[self.take]
        if self.take in ("any", "max"):
            end = "whoever takes the last object " + ("loses" if self.misere else "wins")
        return f"A move takes {take} from one pile; {end}."

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
        take = {
            "any": "",
            "max": f",max={self.k}",
            "half": ",half",
            "set": ",set=" + ";".join(map(str, self.subtract or ())),
            "octal": f",octal={self.octal}",
            "grundy": f",{GRUNDY_GAME}",
        }[self.take]
        return self.convention + take

    def __repr__(self) -> str:
        return f"Rules.parse({str(self)!r})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # the compiled core view is rebuilt, not pickled: pickle and deepcopy
        # carry the four public fields only
        return (Rules, (self.misere, self.take, self.k, self.subtract, self.octal))


RulesLike = Union[Rules, str, None]

#: The game names of a rule string (nim.octal_codes.GAMES).
_GAME_NAMES = ("kayles", "dawson-kayles", "dawson-chess", GRUNDY_GAME)


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


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise InvalidRulesError(f"{what} must be a whole number, not {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise InvalidRulesError(f"{what} must be a whole number, not {value!r}") from None


def _parse_int(text: str, rule_text: str) -> int:
    """A number of a rule string: ASCII digits only, as everywhere on the command line."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= _MAX_DIGITS:
        return int(digits)
    raise InvalidRulesError(
        f"{_short(digits)} is not a whole number (digits 0-9) in rules {_short(rule_text)}")


def _short(value: Any) -> str:
    """repr of a value for a message, cut short when long (a 5,000-digit number)."""
    shown = repr(value)
    return shown if len(shown) <= 60 else f"{shown[:40]}...{shown[-8:]} ({len(shown):,} characters)"


def _subtraction_set(members: Optional[Iterable[int]]) -> Tuple[int, ...]:
    if members is None or isinstance(members, (str, bytes)) or not hasattr(members, "__iter__"):
        raise InvalidRulesError(
            f"take='set' needs subtract=, a collection of positive whole numbers: {members!r}"
        )
    given = list(members)
    numbers = [_whole_number(m, "a subtraction set member") for m in given]
    values = tuple(sorted(set(numbers)))
    if not values:
        raise InvalidRulesError("a subtraction set needs at least one member")
    if len(values) < len(numbers):
        seen: set[int] = set()  # linear: list.count per member took minutes on 40,000 members
        for repeated in numbers:
            if repeated in seen:
                break
            seen.add(repeated)
        raise InvalidRulesError(f"subtraction set members must differ: {repeated} is given twice in {_short(given)}")
    if values[0] < 1 or values[-1] > MAX_PILE:
        raise InvalidRulesError(f"subtraction set members must be in 1 .. {MAX_PILE:,}: {_short(given)}")
    if len(values) > MAX_SET:
        raise InvalidRulesError(f"a subtraction set may have at most {MAX_SET:,} members, not {len(values):,}")
    return values
