"""Options shared by several commands: the rule flags, limits, pile input."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, List, Sequence

from nim.errors import InputFileError, InvalidPositionError
from nim.position import as_piles
from nim.rules import Rules
from nim.solver import DEFAULT_NODE_LIMIT
from nimcore.piles import parse_piles as parse_pile_bytes

__all__ = [
    "add_rule_flags",
    "add_limit_flags",
    "rules_from_args",
    "parse_piles",
    "read_piles_file",
]


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """--misere and one of --max-take / --half / --subtract (or --rules TEXT)."""
    group = parser.add_argument_group("rules (default: normal play, take any number)")
    group.add_argument("--misere", action="store_true",
                       help="misère play: whoever takes the last object loses")
    take = group.add_mutually_exclusive_group()
    take.add_argument("--max-take", type=int, metavar="K", help="a move takes 1 to K objects")
    take.add_argument("--half", action="store_true",
                      help="a move takes 1 to half the pile (rounded down)")
    take.add_argument("--subtract", metavar="S",
                      help="a move takes k objects for k in the set S, e.g. 1,3,4")
    take.add_argument("--rules", metavar="TEXT",
                      help="a rule string instead: e.g. misere,max=3 or normal,set=1;3;4")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The Rules the rule flags describe."""
    if args.rules is not None:
        rules = Rules.parse(args.rules)
        return Rules(misere=True, take=rules.take, k=rules.k, subtract=rules.subtract) if args.misere else rules
    if args.max_take is not None:
        return Rules(misere=args.misere, take="max", k=args.max_take)
    if args.half:
        return Rules(misere=args.misere, take="half")
    if args.subtract is not None:
        members = [text for text in args.subtract.replace(";", ",").split(",") if text.strip()]
        return Rules(misere=args.misere, take="set", subtract=tuple(parse_piles(members, "subtraction set")))
    return Rules(misere=args.misere)


def add_limit_flags(parser: argparse.ArgumentParser) -> Any:
    """--node-limit and --time-limit for the search engines; returns their group
    (an argparse argument group), so a command can add limits of its own."""
    group = parser.add_argument_group("limits")
    group.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT, metavar="N",
                       help=f"stop a search after N nodes (default {DEFAULT_NODE_LIMIT:,}; 0: none)")
    group.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                       help="stop a search after this many seconds")
    return group


def parse_piles(texts: Sequence[str], what: str = "pile sizes") -> List[int]:
    """Whole numbers from command-line words, with an error that quotes the bad one."""
    values: List[int] = []
    for text in texts:
        try:
            values.append(int(text))
        except ValueError:
            raise InvalidPositionError(f"{what} must be whole numbers, not {text!r}") from None
    return list(as_piles(values))


def read_piles_file(path: str) -> List[int]:
    """Whitespace-separated pile sizes from a file (``-`` reads standard input)."""
    import sys

    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        raise InputFileError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        values = parse_pile_bytes(data)
    except ValueError as error:
        line, word = error.args
        raise InputFileError(f"{path}, line {line}: {word!r} is not a whole number >= 0") from None
    if not values:
        raise InputFileError(f"{path} holds no pile sizes")
    return values
