"""Options shared by several commands: the rule flags, limits, pile input.

Numbers on the command line and in files are plain ASCII decimal digits:
``３``, ``٣``, ``1_000``, ``0x10`` and ``+3`` are refused (Python's ``int()``
would take the first four), so a file and the command line read alike.
Every number is range-checked where it enters, with a message naming the limit.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
import threading
from typing import Any, Callable, Iterator, List, Optional, Sequence

from nim.errors import InputFileError, InvalidPositionError
from nim.inputs import MAX_DIGITS, decimal, read_capped
from nim.game.limits import MAX_NODE_LIMIT, MAX_TIME_LIMIT
from nim.families.heap_moves import pin_row_heaps
from nim.position import as_piles
from nim.rules import Rules
from nim.game.solution import DEFAULT_NODE_LIMIT
from nim.kernel import MAX_PILE
from nim.kernel import parse_piles as parse_pile_bytes

__all__ = [
    "add_rule_flags",
    "add_limit_flags",
    "rules_from_args",
    "parse_piles",
    "read_piles_file",
    "read_game_position",
    "component_move_words",
    "whole_number",
    "seconds",
]


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: an ASCII decimal whole number in ``low .. high``."""

    def convert(text: str) -> int:
        value = decimal(text)
        if value is None and text.startswith("-") and decimal(text[1:]) is not None:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not in {low:,} .. {high:,}")
        if value is None:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number (digits 0-9)")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not in {low:,} .. {high:,}")
        return value

    convert.__name__ = "whole number"
    return convert


def seconds(text: str) -> float:
    """An argparse ``type``: a positive, finite number of seconds, at most MAX_TIME_LIMIT."""
    try:
        value = float(text) if text.isascii() and "_" not in text else math.nan
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_TIME_LIMIT:     # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not a number of seconds in (0, {MAX_TIME_LIMIT:g}]"
        )
    return value


def integer(text: str) -> int:
    """An argparse ``type``: a whole number in ASCII digits, with an optional minus
    (``int()`` would also take '３', '1_000' and ' 7'); the command checks its range."""
    value = decimal(text[1:] if text.startswith("-") else text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number (digits 0-9)")
    return -value if text.startswith("-") else value


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:20] + "..." + text[-8:]) + f" ({len(text):,} characters)"


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """--misere and one of --max-take / --half / --subtract (or --rules TEXT)."""
    group = parser.add_argument_group("rules (default: normal play, take any number)")
    group.add_argument("--misere", action="store_true",
                       help="misère play: whoever takes the last object loses")
    take = group.add_mutually_exclusive_group()
    take.add_argument("--max-take", type=whole_number(1, MAX_PILE - 1), metavar="K",
                      help="a move takes 1 to K objects")
    take.add_argument("--half", action="store_true",
                      help="a move takes 1 to half the pile (rounded down)")
    take.add_argument("--subtract", metavar="S",
                      help="a move takes k objects for k in the set S, e.g. 1,3,4")
    take.add_argument("--rules", metavar="TEXT",
                      help="a rule string instead: e.g. misere,max=3 or normal,set=1;3;4")
    take.add_argument("--octal", metavar="CODE",
                      help="a take-and-break game by its octal code, e.g. 0.77 (Kayles), 0.137")
    take.add_argument("--game", metavar="NAME",
                      help="a named game: kayles, dawson-kayles, dawson-chess or grundy-game")


def rules_from_args(args: argparse.Namespace, splits_ok: bool = False) -> Rules:
    """The Rules the rule flags describe.

    A take-and-break game (``--octal``, ``--game``, or such a rule string) is
    refused with one clear error unless the command takes it (``splits_ok``).
    """
    rules = _rules_from_flags(args)
    if not splits_ok:
        rules.refuse_splits()
    return rules


def _rules_from_flags(args: argparse.Namespace) -> Rules:
    if getattr(args, "octal", None) is not None:
        return Rules(misere=args.misere, octal=args.octal)
    if getattr(args, "game", None) is not None:
        return Rules.game(args.game, misere=args.misere)
    if args.rules is not None:
        rules = Rules.parse(args.rules)
        return rules.with_convention(True) if args.misere else rules
    if args.max_take is not None:
        return Rules(misere=args.misere, take="max", k=args.max_take)
    if args.half:
        return Rules(misere=args.misere, take="half")
    if args.subtract is not None:
        members = [text for text in args.subtract.replace(";", ",").split(",") if text.strip()]
        return Rules(misere=args.misere, take="set",
                     subtract=tuple(parse_piles(members, "subtraction set members")))
    return Rules(misere=args.misere)


def add_limit_flags(parser: argparse.ArgumentParser) -> Any:
    """--node-limit and --time-limit for the search engines; returns their group
    (an argparse argument group), so a command can add limits of its own."""
    group = parser.add_argument_group("limits")
    group.add_argument("--node-limit", type=whole_number(0, MAX_NODE_LIMIT), default=DEFAULT_NODE_LIMIT,
                       metavar="N",
                       help=f"stop a search after N nodes (default {DEFAULT_NODE_LIMIT:,}; 0: none)")
    group.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                       help=f"stop a search after this many seconds (0 < SECONDS <= {MAX_TIME_LIMIT:g})")
    return group


def parse_piles(texts: Sequence[str], what: str = "pile sizes",
                at_most: Optional[int] = None) -> List[int]:
    """Whole numbers from command-line words (ASCII digits, at most MAX_DIGITS of
    them, and at most ``at_most`` when given), with an error that quotes the bad one.

    Raises
    ------
    InvalidPositionError
        Naming the word and the limit it breaks.
    """
    values: List[int] = []
    if len(texts) == 1 and at_most is None:
        pins = pin_row_heaps(texts[0])
        if pins is not None:            # a row of pins, `nimcore solve I.IIIII --rules kayles`
            return list(pins)
    for text in texts:
        value = decimal(text.strip())
        if value is None:
            if text.strip().isdigit() and text.strip().isascii():
                raise InvalidPositionError(
                    f"{what} have at most {MAX_DIGITS:,} digits, not {len(text.strip()):,}")
            if text.strip().startswith("-") and decimal(text.strip()[1:]) is not None:
                raise InvalidPositionError(f"{what} must be non-negative, not {_shown(text)}")
            raise InvalidPositionError(
                f"{what} must be whole numbers, not {_shown(text)} (digits 0-9 only)")
        if at_most is not None and value > at_most:
            raise InvalidPositionError(f"{what} must be at most {at_most:,}, not {_shown(text)}")
        values.append(value)
    return list(as_piles(values))


def read_piles_file(path: str) -> List[int]:
    """Whitespace-separated pile sizes from a file (``-`` reads standard input),
    at most MAX_INPUT_BYTES of them.

    Raises
    ------
    InputFileError
        When the file cannot be read, is too large, or holds a word that is not
        a whole number (naming its line).
    """
    data = read_capped(path, what="piles file", binary_ok=False)
    try:
        values = parse_pile_bytes(data)
    except ValueError as error:
        if len(error.args) != 2:             # int() refused a run of digits: too long
            raise InputFileError(f"{path}: a pile size has more than {MAX_DIGITS:,} digits") from None
        line, word = error.args
        raise InputFileError(f"{path}, line {line}: {_shown(word)} is not a whole number >= 0") from None
    if not values:
        raise InputFileError(f"{path} holds no pile sizes")
    return values


#: The most characters a position given as JSON may have.
MAX_JSON_CHARS = 10_000_000


def read_game_position(texts: Sequence[str], path: Optional[str], rules: Rules) -> Any:
    """The position of a game whose components are more than heaps (``ComponentFamily``:
    Wythoff's pairs, a heap with a memory, ...) as one JSON value: the command-line
    words joined (``'[[3, 5], [1, 2]]'``), or the text of ``path`` (``-``: standard input).

    The value is handed to the family, which says what it expects; here only that it is
    JSON of a sane size and depth.

    Raises
    ------
    InvalidPositionError
        When the text is not JSON, too long, or nested too deep (quoting it).
    """
    import json  # only for these games: start-up

    if path is not None:
        if texts:
            raise InvalidPositionError("give the position or --file, not both")
        text = read_capped(path, what="position file", limit=MAX_JSON_CHARS).decode("utf-8", errors="replace")
    else:
        if len(texts) > 1 and all(decimal(word.strip()) is not None for word in texts):
            return [decimal(word.strip()) for word in texts]     # `solve 1 2 3`: a list of numbers
        text = " ".join(texts)
    noun = getattr(rules.family, "component_noun", "component")
    if not text.strip():
        raise InvalidPositionError(f"no position given: a position of {rules} is a JSON list of {noun}s, "
                                   f"e.g. `nimcore solve '{getattr(rules.family, 'example', '[[3, 5]]')}' "
                                   f"--rules {str(rules)}`")
    if len(text) > MAX_JSON_CHARS:
        raise InvalidPositionError(f"a position has at most {MAX_JSON_CHARS:,} characters of JSON, "
                                   f"not {len(text):,}")
    try:
        return json.loads(text)
    except RecursionError:
        raise InvalidPositionError("the position's JSON is nested too deep") from None
    except ValueError as error:    # JSONDecodeError, and int() refusing a number past its digits
        word = text.strip()
        if word and all(c.isalnum() or c in "-_." for c in word) and not word[0].isdigit():
            return word            # a bare word: a coin row (THHTH), a row of pins; the family reads it
        raise InvalidPositionError(f"a position of {rules} is JSON (a list of {noun}s), and {_shown(text)} "
                                   f"is not: {str(error).splitlines()[0]}") from None


#: Seconds a solve (or table) without a time limit runs before it says, once, how to bound it.
LONG_SOLVE_SECONDS = 2.0


@contextlib.contextmanager
def said_if_long(command: str, unbounded: bool, what: str = "this position",
                 bound: str = "--time-limit SECONDS or --node-limit N") -> Iterator[None]:
    """Say once on stderr, after LONG_SOLVE_SECONDS of a command with no time limit, that
    ``what`` may take very long and how to bound it (issue 40, item 12: a pipe shows no
    progress bar, so this line is all a user sees of a search that does not end)."""
    if not unbounded:
        yield
        return
    timer = threading.Timer(LONG_SOLVE_SECONDS, lambda: print(
        f"nimcore {command}: still searching after {LONG_SOLVE_SECONDS:g} s: {what} may take very long; "
        f"bound it with {bound} (Ctrl-C stops it)", file=sys.stderr, flush=True))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


#: Most options a component may have for a move's typed form to be shown (finding it reads
#: the typed words back through the options: quadratic in them over a listing).
MAX_TYPED_OPTIONS = 2_000


def component_move_words(rules: Rules, position: Any, move: Any) -> str:
    """A move of a game of components as free play says it: as a player types it, then in the
    family's words, as free play's hint does (``pair 1: take 1 from both (take 1 from both piles
    of (4, 6), leaving (3, 5))``); the words alone (``words_of``: the component by number when
    there are several) for a family with no play hooks or a component of very many options."""
    from nim.errors import NimError
    from nim.families import ComponentFamily
    from nim.families.play import NotPlayableError, play_hooks, words_of
    from nim.position import ComponentMove
    from nim.solving.components import read_position

    family = rules.family
    assert isinstance(family, ComponentFamily) and isinstance(move, ComponentMove)
    components = read_position(family, position)
    component = components[move.pile]
    option = (move.pile, move.count, move.left)
    try:
        hooks = play_hooks(family)
    except NotPlayableError:          # a family with no play hooks (a graph): its own words, numbered
        said = family.move_words(component, move.count, move.left)
        return said if len(components) == 1 else f"{family.component_noun} {move.pile + 1}: {said}"
    if family.option_count(component) <= MAX_TYPED_OPTIONS:
        try:
            typed = hooks.typed(family, components, option)
        except NimError:              # no typed form found: the words say it
            return words_of(family, components, option)
        return f"{typed} ({hooks.describe(family, component, move.count, move.left)})"
    return words_of(family, components, option)
