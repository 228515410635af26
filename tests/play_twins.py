"""Pure-Python twins of the play engines: slow, obviously correct oracles for the tests.

``ida_star`` is Korf's IDA* written straight from SPEC 3.4 (a generic
threshold loop, nothing specialised to the heuristic; children in the KUET
report's order, takes increasing). ``depth_limited_values``
is plain depth-limited minimax (no pruning) with SPEC 3.5's leaves (the game
is over with no move or, misere, one stick left; the cut-off scores by the
nim-sum, or by the misere parity rule when every pile is at most 1), and
``depth_limited_choice`` applies Lab 2's tie-break to it: independent of the
engine's alpha-beta windows. ``depth_limited_mirror`` copies the engine's
alpha-beta (same windows and cut-offs) so node counts can be compared.
"""

from __future__ import annotations

import math
from typing import Callable, Dict, List, Optional, Tuple

from nim import Move, Rules
from reference import children

FOUND = -1


def report_children(state: Tuple[int, ...], rules: Rules) -> List[Tuple[Move, List[int]]]:
    """(move, child) in the KUET report's order: piles left to right, takes increasing."""
    moves = []
    for index, pile in enumerate(state):
        for count in sorted(rules.takes(pile)):
            child = list(state)
            child[index] = pile - count
            moves.append((Move(index, count), child))
    return moves


def ida_star(piles: List[int], rules: Rules,
             h: Callable[[Tuple[int, ...]], int] = sum) -> Tuple[Optional[Move], int, int, int, int]:
    """(first move, path length, nodes, iterations, last threshold) of IDA*."""
    root = tuple(piles)
    path: List[Move] = []
    nodes = 0

    def is_goal(state: Tuple[int, ...]) -> bool:
        return all(p < rules.min_take for p in state)

    def dfs(state: Tuple[int, ...], g: int, threshold: int) -> float:
        nonlocal nodes
        f = g + h(state)
        if f > threshold:
            return f
        if is_goal(state):
            return FOUND
        minimum = math.inf
        for move, child in report_children(state, rules):
            nodes += 1
            path.append(move)
            t = dfs(tuple(child), g + 1, threshold)
            if t == FOUND:
                return FOUND
            path.pop()
            minimum = min(minimum, t)
        return minimum

    threshold = h(root)
    iterations = 0
    while True:
        iterations += 1
        t = dfs(root, 0, threshold)
        if t == FOUND:
            return (path[0] if path else None), len(path), nodes, iterations, threshold
        assert t != math.inf
        threshold = int(t)


def _nim_sum(state: Tuple[int, ...]) -> int:
    x = 0
    for p in state:
        x ^= p
    return x


def _over(state: Tuple[int, ...], rules: Rules) -> bool:
    """Lab 2's is_game_over, generalised: no pile can move, or (misere) one movable stick left."""
    if all(p < rules.min_take for p in state):
        return True
    return rules.misere and sum(state) == 1


def _decided(state: Tuple[int, ...], rules: Rules) -> Optional[int]:
    """The exact value for the mover where the engine knows it without search, else None.

    No move: +1 under misere, -1 under normal play. Misere with every pile at
    most 1 (and a move): the mover wins iff the count of ones is even, which
    covers one stick left.
    """
    if all(p < rules.min_take for p in state):
        return 1 if rules.misere else -1
    if rules.misere and max(state) <= 1:
        return 1 if sum(state) % 2 == 0 else -1
    return None


def _leaf_value(state: Tuple[int, ...], rules: Rules) -> float:
    """Value for the mover of a position that is over or at the cut-off."""
    decided = _decided(state, rules)
    if decided is not None:
        return float(decided)
    return 0.5 if _nim_sum(state) else -0.5


def depth_limited_value(state: Tuple[int, ...], rules: Rules, depth: int) -> float:
    """Minimax value for the mover, searching ``depth`` moves; SPEC 3.5's leaves (see ``_leaf_value``)."""
    if depth == 0 or _over(state, rules):
        return _leaf_value(state, rules)
    return max(-depth_limited_value(tuple(child), rules, depth - 1)
               for _, child in children(list(state), rules))


def depth_limited_choice(piles: List[int], rules: Rules, depth: int) -> Tuple[float, Optional[Move]]:
    """(value, move): the best move, ties to the first pile then the smallest count."""
    scored: Dict[Move, float] = {
        move: -depth_limited_value(tuple(child), rules, depth - 1)
        for move, child in children(list(piles), rules)
    }
    if not scored:
        return (1.0 if rules.misere else -1.0), None
    best = max(scored.values())
    move = min(m for m, v in scored.items() if v == best)
    return best, move


def depth_limited_mirror(piles: List[int], rules: Rules, depth: int) -> Tuple[int, Optional[Move], int]:
    """(scaled score, move, nodes) by the engine's own alpha-beta scheme, in Python."""
    nodes = 0
    terminal = 1 if rules.misere else -1

    def leaf(child: List[int]) -> int:
        return -int(2 * _leaf_value(tuple(child), rules))

    def search(state: List[int], remaining: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        best = -3
        for _, child in children(state, rules):
            nodes += 1
            if remaining == 1 or _over(tuple(child), rules):
                v = leaf(child)
            else:
                v = -search(child, remaining - 1, -beta, -alpha)
            if v > best:
                best = v
                if best >= beta:
                    return best
                alpha = max(alpha, best)
        return best

    state = list(piles)
    if all(p < rules.min_take for p in state):
        return 2 * terminal, None, 0
    best, best_move = -3, None
    current_pile = -1
    for move, child in children(state, rules):
        if move.pile != current_pile:
            if best == 2:
                break
            current_pile = move.pile
        nodes += 1
        if depth == 1 or _over(tuple(child), rules):
            v = leaf(child)
        else:
            v = -search(child, depth - 1, -3, -(best - 1))
        if v > best or (v == best and best_move is not None and move.pile == best_move.pile):
            best, best_move = v, move
    return best, best_move, nodes
