"""Grade an agent at a take-and-break game (Kayles, Dawson's Kayles, any octal code,
Grundy's game): the part of ``nim.study.grade.grade`` for rules whose moves split heaps.

A take rule's positions fill a grid (one axis per pile), which compiled code sweeps in one
pass; here a move may split a heap, so the number of heaps changes and there is no grid.
The positions graded are the ones the environments show (``nim.interop.envs``): the heaps
in order, an emptied heap removed, a split's two heaps in the pile's place (either order,
as a player chooses), every position reachable from the start that way. The oracle is a
memoised search over the sorted positions (a position's value and game length do not
depend on the order of its heaps), on an explicit stack, children before parents:

* value: +1 when some move leaves a position lost for the opponent; with no move the
  player to move loses (normal play) or wins (misère);
* depth: moves to the end with best play, the winner hurrying and the loser delaying;
* longest: the largest depth among the children (the longest delay), -1 with no move.

The agent is asked as in an environment: a policy gets the observation (the heaps padded
with zeros to the board's slots), a callable the heaps as a tuple; an answer is a ``Move``
(a split one ``Move(pile, count, split=(a, b))``), a pair ``(pile, count)`` that leaves one
heap or none, a triple ``(pile, count, (a, b))``, or an action id of the environments'
encoding (``nim.interop.envs.board``). Action ids and the slots need Gymnasium, which the
``rl`` extra brings with NumPy.
"""

from __future__ import annotations

import operator
import random
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

from nim.errors import InvalidPositionError, NimError
from nim.position import Move, Position
from nim.rules import Rules
from nim.study.grade_values import Blunder, Grade, _ints, _q_value

__all__ = ["MAX_HEAP_POSITIONS", "heap_board", "heap_oracle", "heap_positions", "heap_agent", "grade_heaps"]

#: Most positions a take-and-break grade asks the agent about, and most sorted positions
#: its oracle solves (each a few dozen microseconds of Python).
MAX_HEAP_POSITIONS = 500_000

Heaps = Tuple[int, ...]
#: value (+1 / -1), depth, longest delay (-1: no move)
Outcome = Tuple[int, int, int]


def heap_board(rules: Rules, positions: List[Heaps], max_pile: Optional[int],
               max_piles: Optional[int]) -> Any:
    """The environments' board (``nim.interop.envs.board.Board``) the agent is asked on:
    its slots and action ids, for the start (the first of ``positions``) or, for listed
    positions, the one that needs the most slots.

    Raises
    ------
    NimError
        Without Gymnasium, or for positions no environment takes (more heaps than its
        slots, a heap over ``MAX_ENV_PILE``).
    """
    try:
        from nim.interop.envs.board import MAX_ENV_PILE, Board, most_heaps
    except ImportError:
        raise NimError(f'grading under {rules} needs Gymnasium (the environments\' action ids): '
                       'pip install "nimcore[rl]"') from None
    largest = max(max(p) for p in positions)
    if max_pile is None and largest > MAX_ENV_PILE:
        raise NimError(f"grade under {rules} asks the agent on an environment's board, whose heaps hold at "
                       f"most {MAX_ENV_PILE}, not {largest}")
    top = max_pile if max_pile is not None else max(largest, 1)
    try:
        widest = max(positions, key=lambda p: sum(most_heaps(rules, max(top, max(p)), h) for h in p))
        board = Board(widest, rules, max_pile=max_pile, max_piles=max_piles)
        for position in positions:
            board.check(position)
    except InvalidPositionError as error:
        raise NimError(f"grade under {rules} asks the agent on an environment's board: {error}") from None
    return board


def _options(rules: Rules, cache: Dict[int, Tuple[Heaps, ...]], size: int) -> Tuple[Heaps, ...]:
    """What one heap of ``size`` can become, in every order a player may leave it: (),
    (a,) or (a, b) and (b, a)."""
    found = cache.get(size)
    if found is None:
        parts: Set[Heaps] = set()
        for count, split in rules.heap_moves(size):
            if split is None:
                parts.add((size - count,) if size > count else ())
            else:
                parts.add(split)
                parts.add((split[1], split[0]))
        found = cache[size] = tuple(sorted(parts))
    return found


def heap_positions(start: Heaps, rules: Rules, limit: Optional[int] = None) -> List[Heaps]:
    """Every position reachable from ``start`` as the environments show it (heaps in
    order, emptied ones removed), the start included, sorted.

    Raises
    ------
    NimError
        Past ``limit`` positions (default ``MAX_HEAP_POSITIONS``).
    """
    limit = MAX_HEAP_POSITIONS if limit is None else limit
    cache: Dict[int, Tuple[Heaps, ...]] = {}
    first = tuple(h for h in start if h)
    seen = {first}
    todo = [first]
    while todo:
        position = todo.pop()
        for index, heap in enumerate(position):
            for parts in _options(rules, cache, heap):
                child = position[:index] + parts + position[index + 1:]
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
                    if len(seen) > limit:
                        raise NimError(f"more than {limit:,} positions can be reached from {list(start)} "
                                       f"under {rules}: grade a smaller start, or list the positions to grade")
    return sorted(seen)


def heap_oracle(positions: Iterable[Heaps], rules: Rules,
                limit: Optional[int] = None) -> Dict[Heaps, Outcome]:
    """(value, depth, longest) of every sorted position below ``positions`` (keys: the
    non-empty heaps, sorted), by a memoised search on an explicit stack.

    Raises
    ------
    NimError
        Past ``limit`` sorted positions (default ``MAX_HEAP_POSITIONS``).
    """
    limit = MAX_HEAP_POSITIONS if limit is None else limit
    cache: Dict[int, Tuple[Heaps, ...]] = {}
    known: Dict[Heaps, Outcome] = {}
    lost_at_end = -1 if not rules.misere else 1         # the value of a position with no move

    def children(position: Heaps) -> Set[Heaps]:
        found: Set[Heaps] = set()
        for index, heap in enumerate(position):
            if index and position[index - 1] == heap:
                continue                                # an equal heap: the same children
            rest = position[:index] + position[index + 1:]
            for parts in _options(rules, cache, heap):
                found.add(tuple(sorted(rest + parts)))
        return found

    for root in positions:
        key = tuple(sorted(h for h in root if h))
        stack: List[Tuple[Heaps, Optional[Set[Heaps]]]] = [(key, None)]
        while stack:
            position, below = stack[-1]
            if position in known:
                stack.pop()
                continue
            if below is None:       # first visit: its children go first (a move never comes back)
                below = children(position)
                stack[-1] = (position, below)
                waiting = [child for child in below if child not in known]
                if waiting:
                    stack.extend((child, None) for child in waiting)
                    continue
            stack.pop()
            if not below:
                known[position] = (lost_at_end, 0, -1)
            else:
                outcomes = [known[child] for child in below]
                longest = max(depth for _, depth, _ in outcomes)
                wins = [depth for value, depth, _ in outcomes if value < 0]
                known[position] = (1, min(wins) + 1, longest) if wins else (-1, longest + 1, longest)
            if len(known) > limit:
                raise NimError(f"the positions to grade under {rules} lead to more than {limit:,} others: "
                               "grade a smaller start")
    return known


def _move(answer: Any, piles: Heaps, board: Any) -> Optional[Move]:
    """An agent's answer (or a Q-table's action) in ``piles`` as a move, legal or not;
    None for no answer.

    Raises
    ------
    NimError
        For an answer that is no move.
    """
    if answer is None or isinstance(answer, Move):
        return answer
    if hasattr(answer, "tolist") and not isinstance(answer, (str, bytes)):
        answer = answer.tolist()             # a NumPy number or array: its numbers
    if isinstance(answer, int) and not isinstance(answer, bool):
        board.start_at(piles)                # an action id: its split's second heap reads the pile
        return board.to_move(answer)         # type: ignore[no-any-return]
    if isinstance(answer, (tuple, list)) and len(answer) == 3 and hasattr(answer[2], "__len__") \
            and not isinstance(answer[2], (str, bytes)):
        pile, count, split = answer          # (pile, count, (a, b))
        try:
            parts = tuple(operator.index(part) for part in split)
        except TypeError:
            raise NimError(f"a move's split must be two numbers, not {split!r:.40}") from None
        if len(parts) != 2:
            raise NimError(f"a move's split must be two heaps, not {split!r:.40}")
        return Move(pile, count, split=(parts[0], parts[1]))
    numbers = _ints(answer)
    if len(numbers) == 1:
        return _move(numbers[0], piles, board)
    if len(numbers) == 2:
        return Move(numbers[0], numbers[1])
    if len(numbers) == 4:                    # a move written out: "0, 1, (2, 4)"
        return Move(numbers[0], numbers[1], split=(numbers[2], numbers[3]))
    raise NimError(f"an agent's answer must be a move (pile, count) or (pile, count, (a, b)), or an "
                   f"action id, not {answer!r:.60}")


def _legal_moves(board: Any, piles: Heaps) -> List[Move]:
    """The legal moves of ``piles`` in action-id order (pile, count, first heap of a split)."""
    import numpy

    board.start_at(piles)
    return [board.to_move(int(action)) for action in numpy.flatnonzero(board.action_mask())]


def _qtable_agent(table: Dict[Any, Any], board: Any) -> Callable[[Heaps], Optional[Move]]:
    """A Q-table's greedy agent: in each position the legal move of the highest value
    (missing entries 0), ties to the first in action-id order. A state is its heaps (a
    padded observation's zeros dropped); an action a move or an action id."""
    by_state: Dict[Heaps, List[Tuple[Any, float]]] = {}
    for key, value in table.items():
        if isinstance(value, dict):                             # {state: {action: value}}
            row = by_state.setdefault(_state(key), [])
            row.extend((action, _q_value(q, (key, action))) for action, q in value.items())
        elif isinstance(key, tuple) and len(key) == 2 and not isinstance(key[0], (int, float)):
            state, action = key                                 # {(state, action): value}
            by_state.setdefault(_state(state), []).append((action, _q_value(value, key)))
        elif hasattr(value, "__len__") and not isinstance(value, (str, bytes)):   # {state: values by id}
            row = by_state.setdefault(_state(key), [])
            row.extend((action_id, _q_value(q, (key, action_id))) for action_id, q in enumerate(value))
        else:
            raise NimError(f"unknown Q-table layout at key {key!r:.60} (value {value!r:.40}): see "
                           "help(nim.study.grade.grade) for the layouts it reads")

    def play(piles: Heaps) -> Optional[Move]:
        legal = _legal_moves(board, piles)
        values: Dict[Move, float] = {}
        for action, q in by_state.get(piles, ()):
            try:
                move = _move(action, piles, board)
            except NimError:            # an id outside the board, or a malformed move: never legal
                continue
            if move is not None:
                values[move] = q
        best: Optional[Move] = None
        best_value = -float("inf")
        for move in legal:
            value = values.get(move, 0.0)
            if value > best_value:
                best, best_value = move, value
        return best

    return play


def _state(key: Any) -> Heaps:
    """A Q-table's state as the heaps it holds (zeros dropped: a padded observation too)."""
    return tuple(h for h in _ints(key) if h)


class _NoMove(Exception):
    """An agent's answer that is no move (graded as an illegal one): not a NimError, which
    from the agent's own call is an error of the caller's and stops the grade."""


def heap_agent(agent: Any, board: Any, call: Callable[[Any], Any]) -> Callable[[Heaps], Optional[Move]]:
    """``piles -> Move`` for a take-and-break game: a Q-table's greedy move, or what ``call``
    (the agent's call: a callable's on the heaps, a policy's on the observation) answers."""
    if isinstance(agent, dict):
        return _qtable_agent(agent, board)
    policy = not callable(agent) or hasattr(agent, "predict") or hasattr(agent, "act")

    def play(piles: Heaps) -> Optional[Move]:
        if policy:
            board.start_at(piles)
            answer = call(board.observation())
        else:
            answer = call(piles)
        try:
            return _move(answer, piles, board)
        except NimError as error:       # not the agent's failure: an answer that is no move
            raise _NoMove(f"{answer!r:.60} ({error})") from None

    return play


def grade_heaps(agent: Any, rules: Rules, start: Optional[Heaps], listed: Optional[List[Heaps]],
                call: Callable[[Any], Any], how: str, sample: Optional[int], seed: Optional[int],
                max_pile: Optional[int], max_piles: Optional[int], worst: int, clock: float) -> Grade:
    """The grade of ``agent`` under a take-and-break game: every position reachable from
    ``start`` as the environments show it (or the ``listed`` ones), checked against
    ``heap_oracle``. ``call`` asks the agent (``how`` says how, for a failure's words).

    Raises
    ------
    NimError
        Past ``MAX_HEAP_POSITIONS``, for positions no environment's board takes, or when
        every call of the agent failed (the first failure's error in words).
    """
    if listed is None:
        assert start is not None
        board = heap_board(rules, [start], max_pile, max_piles)      # its errors before the long work
        graded = heap_positions(start, rules)
    else:
        graded = sorted({tuple(h for h in p if h) for p in listed})
        graded = [p for p in graded if p]
        if not graded:
            raise NimError("grade needs at least one position with a heap")
        board = heap_board(rules, graded, max_pile, max_piles)
    oracle = heap_oracle(graded, rules)
    graded = [p for p in graded if oracle[tuple(sorted(p))][2] >= 0]      # those with a move
    if sample is not None:
        picked = random.Random(seed).sample(range(len(graded)), min(sample, len(graded)))
        graded = [graded[i] for i in sorted(picked)]
    move_of = heap_agent(agent, board, call)
    report = Grade(rules, positions=len(graded))
    # (legal, -objects, order, piles, move played, answer, failed): the right moves only for the worst
    bad: List[Tuple[int, int, int, Heaps, Optional[Move], str, bool]] = []
    cache: Dict[int, Tuple[Heaps, ...]] = {}
    first_failure: Optional[Tuple[Heaps, BaseException]] = None
    for order, piles in enumerate(graded):
        value, _, longest = oracle[tuple(sorted(piles))]
        won = value > 0
        objects = sum(piles)
        row = report.by_objects.setdefault(objects, [0, 0, 0, 0])
        row[0 if won else 2] += 1
        report.won += won
        report.lost += not won
        failed = False
        try:
            move: Optional[Move] = move_of(piles)
            answer = "" if move is None else repr(move)
        except _NoMove as error:                # an answer that is no move: an illegal one
            move, answer = None, str(error)
        except NimError:                        # a bad Q-table, or the caller's own error: stop
            raise
        except Exception as error:              # the agent's failure is graded, and told once
            move, answer, failed = None, f"raised {type(error).__name__}: {error}", True
            report.failed += 1
            if first_failure is None:
                first_failure = (piles, error)
        after = _after(move, piles, rules, cache)
        if after is None:
            report.illegal += 1
            bad.append((0, -objects, order, piles, None, answer or repr(move), failed))
            continue
        child_value, child_depth, _ = oracle[after]
        if won and child_value < 0:
            report.kept += 1
            row[1] += 1
        elif not won and child_depth == longest:
            report.delayed += 1
            row[3] += 1
        elif won:
            bad.append((1, -objects, order, piles, move, "", False))
    if first_failure is not None:
        where, cause = first_failure
        report.failure = f"{how} raised {type(cause).__name__}: {cause} (first at {list(where)})"
        if report.failed == report.positions:
            raise NimError(f"the agent could not be asked: in every one of the {report.positions:,} positions "
                           f"{report.failure}") from cause
    for legal, _, _, piles, played, answer, failed in sorted(bad, key=lambda item: item[:3])[:worst]:
        right = _right_move(Position(piles, rules), oracle)
        report.blunders.append(Blunder(piles, played, right, True, answer, failed) if not legal
                               else Blunder(piles, played, right))
    report.seconds = time.perf_counter() - clock
    return report


def _after(move: Optional[Move], piles: Heaps, rules: Rules,
           cache: Dict[int, Tuple[Heaps, ...]]) -> Optional[Heaps]:
    """The sorted position a move leaves, or None when it is no legal move of ``piles``
    (what ``Position.is_legal`` says, read from the heap's options: a legal move is one
    whose pieces left are among them, in either order of a split)."""
    if move is None or not 0 <= move.pile < len(piles):
        return None
    size = piles[move.pile]
    count, split = move.count, move.split
    if split is None:
        parts: Heaps = (size - count,) if 0 < count < size else (() if count == size else (-1,))
    else:
        parts = split
    if count < 0 or count + sum(parts) != size or parts not in _options(rules, cache, size):
        return None
    return tuple(sorted(piles[:move.pile] + parts + piles[move.pile + 1:]))


def _right_move(position: Position, oracle: Dict[Heaps, Outcome]) -> Move:
    """A best move (the position has one): the quickest win, else the longest delay;
    ties to the first in the order ``Position.moves`` lists them."""
    won = oracle[tuple(sorted(position.piles))][0] > 0
    best: Optional[Tuple[int, Move]] = None
    for move in position.moves():
        value, depth, _ = oracle[tuple(sorted(h for h in position.apply(move).piles if h))]
        if won and value >= 0:
            continue
        score = depth if won else -depth
        if best is None or score < best[0]:
            best = (score, move)
    assert best is not None
    return best[1]

