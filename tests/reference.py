"""Pure-Python reference engines: slow, obviously correct twins of the core's.

They follow the same conventions as the compiled engines -- children pile by
pile from the left, largest take first; alpha-beta with the window (-1, +1)
and cut-offs on v >= beta / v <= alpha -- so values, best moves and node
counts must agree exactly. Tests and benchmarks use them as the oracle (a test
file, not part of the package: benchmarks put tests/ on the path to import it).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike

__all__ = ["RefResult", "children", "minimax", "alphabeta", "brute_force_value"]


@dataclass(frozen=True)
class RefResult:
    """value for the mover, first best move (None: no move), nodes below the
    root, and nodes below the position the best move leads to."""

    value: int
    move: Optional[Move]
    nodes: int
    best_nodes: int


def children(piles: List[int], rules: Rules) -> Iterator[Tuple[Move, List[int]]]:
    """(move, child position) pairs in the engines' order."""
    for index, pile in enumerate(piles):
        for count in rules.takes(pile):
            child = list(piles)
            child[index] = pile - count
            yield Move(index, count), child


def minimax(piles: List[int], rules: RulesLike = None) -> RefResult:
    """Plain minimax: every node of the tree."""
    return _root(piles, Rules.coerce(rules), pruning=False)


def alphabeta(piles: List[int], rules: RulesLike = None) -> RefResult:
    """Alpha-beta with the window (-1, +1)."""
    return _root(piles, Rules.coerce(rules), pruning=True)


def brute_force_value(piles: List[int], rules: RulesLike = None) -> int:
    """Value for the mover by memoised exhaustive search (any small position)."""
    ruleset = Rules.coerce(rules)
    memo: dict[Tuple[int, ...], int] = {}

    def value(position: Tuple[int, ...]) -> int:
        key = tuple(sorted(position))
        if key not in memo:
            results = [-value(tuple(child)) for _, child in children(list(position), ruleset)]
            memo[key] = max(results) if results else (1 if ruleset.misere else -1)
        return memo[key]

    return value(as_piles(piles))


class _Counter:
    def __init__(self) -> None:
        self.nodes = 0


def _root(piles: List[int], rules: Rules, pruning: bool) -> RefResult:
    position = list(as_piles(piles))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), sum(position) + 100))
    counter = _Counter()
    alpha, beta = -1, 1
    best_value: Optional[int] = None
    best_move: Optional[Move] = None
    best_nodes = 0
    for move, child in children(position, rules):
        counter.nodes += 1
        before = counter.nodes
        value = -_negamax(child, rules, counter, -beta, -alpha, pruning)
        if best_value is None or value > best_value:
            best_value, best_move, best_nodes = value, move, counter.nodes - before
            if pruning:
                if value >= beta:
                    break
                alpha = max(alpha, value)
    if best_value is None:
        return RefResult(1 if rules.misere else -1, None, 0, 0)
    return RefResult(best_value, best_move, counter.nodes, best_nodes)


def _negamax(piles: List[int], rules: Rules, counter: _Counter, alpha: int, beta: int,
             pruning: bool) -> int:
    best: Optional[int] = None
    for _, child in children(piles, rules):
        counter.nodes += 1
        value = -_negamax(child, rules, counter, -beta, -alpha, pruning)
        if best is None or value > best:
            best = value
            if pruning:
                if best >= beta:
                    return best
                alpha = max(alpha, best)
    return best if best is not None else (1 if rules.misere else -1)
