"""Choosing a player by name: ``make_strategy("alphabeta")``, and the lists of
names a tournament takes.

>>> import random
>>> from nim.play.strategies import make_strategy
>>> make_strategy("optimal").choose_move((3, 4, 5), "normal", random.Random(1))
Move(pile=0, count=2)

The players are in ``nim.play.players``, their interface in ``nim.play.strategy``.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from nim.errors import NimError, UnknownMethodError
from nim.play.players import (
    AlphaBetaStrategy, DepthLimitedStrategy, IdaStrategy, MinimaxStrategy, NimSumStrategy,
    OptimalStrategy, RandomStrategy,
)
from nim.play.strategy import Strategy

__all__ = ["STRATEGY_NAMES", "make_strategy", "parse_strategies"]


_FACTORIES: Dict[str, Callable[..., Strategy]] = {
    "random": RandomStrategy,
    "ida": IdaStrategy,
    "minimax": MinimaxStrategy,
    "alphabeta": AlphaBetaStrategy,
    "optimal": OptimalStrategy,
    "nimsum": NimSumStrategy,
}

#: Names ``make_strategy`` accepts (``depth:N`` takes a depth, ``level:L`` a difficulty).
STRATEGY_NAMES = ("random", "ida", "depth:N", "level:L", "minimax", "alphabeta", "optimal", "nimsum")

_ALIASES = {"idastar": "ida", "ida*": "ida", "alpha-beta": "alphabeta", "alpha_beta": "alphabeta",
            "auto": "optimal", "nim-sum": "nimsum", "depthlimited": "depth", "depth-limited": "depth"}


def make_strategy(spec: str, **options: Any) -> Strategy:
    """A strategy from its name: random, ida, minimax, alphabeta, optimal,
    depth (depth 2), depth:N, level:L (Lab 2 difficulty 1-3); ``options`` go
    to the constructor (``forejune``, ``tie_break``).

    Raises
    ------
    UnknownMethodError
        For an unknown name or a malformed argument.
    """
    if not isinstance(spec, str):
        raise UnknownMethodError(f"a strategy name must be a string, not {spec!r}")
    text = spec.strip().lower()
    name, _, argument = text.partition(":")
    name = _ALIASES.get(name, name)
    if name in ("depth", "level"):
        number: Optional[int] = None
        if argument:
            try:
                number = int(argument)
            except ValueError:
                raise UnknownMethodError(f"{spec!r}: {argument!r} is not a whole number") from None
        try:
            if name == "level":
                if number is None:
                    raise NimError("level needs a number, e.g. level:2")
                return DepthLimitedStrategy(level=number, **options)
            return DepthLimitedStrategy(number, **options)
        except UnknownMethodError:
            raise
        except NimError as error:
            raise UnknownMethodError(f"strategy {spec!r}: {error}") from None
    if name in _FACTORIES and not argument:
        return _FACTORIES[name](**options)
    raise UnknownMethodError(
        f"unknown strategy {spec!r}: expected one of {', '.join(STRATEGY_NAMES)}"
    )


def parse_strategies(text: str) -> List[Strategy]:
    """Strategies from a comma-separated list such as ``random,ida,depth:3,optimal``.

    Raises
    ------
    UnknownMethodError
        For an unknown or repeated name, or fewer than two strategies.
    """
    names = [part.strip() for part in text.split(",") if part.strip()]
    strategies = [make_strategy(name) for name in names]
    seen: Dict[str, int] = {}
    for strategy in strategies:
        if strategy.name in seen:
            raise UnknownMethodError(f"strategy {strategy.name!r} is listed twice in {text!r}")
        seen[strategy.name] = 1
    if len(strategies) < 2:
        raise UnknownMethodError(f"a tournament needs at least two strategies, not {text!r}")
    return strategies
