"""Grade a learning agent against perfect play (``nim.grade``).

Courses teach Nim with reinforcement learning -- misère Nim on 1, 3, 5, 7 with
Q-learning is a classic assignment -- and a student cannot tell how close the
agent is to perfect. ``grade`` asks the agent for its move in every position
reachable from a start (or a sample of them, or positions you list) and
compares with the exact oracle, batched through the C core
(``Solver.values`` and ``Solver.best_moves`` over the whole position grid):

* in a **won** position the agent should keep the win: its move must leave a
  position lost for the opponent;
* in a **lost** position no move wins; the agent should **delay** the loss
  longest: its move must leave the opponent a win that takes the most moves
  (both sides playing best: the winner hurrying, the loser delaying);

per number of objects left, with the worst blunders (the won positions thrown
away with the most objects left, illegal moves first) and a right move for each.

The agent
---------
Any of these (``as_agent`` turns it into a function ``piles -> Move``):

* a **callable** ``agent(piles)`` taking the piles as a tuple of ints and
  returning a move ``(pile, count)`` (a ``Move`` or any pair; piles from 0),
  or an action id (an int: see below);
* a **Q-table**, a dict in one of the common layouts (missing entries count
  as 0; the agent plays greedily, the highest value among the legal moves,
  ties to the first move in (pile, count) order):

  - ``{(state, action): value}`` -- the classic layout (e.g. CS50's Nim:
    ``q[(tuple(piles), (i, j))]``, take ``j`` from pile ``i``);
  - ``{state: {action: value}}``, nested;
  - ``{state: values}``, a list or array of values indexed by action id
    (the layout of a tabular agent on ``nim.interop.envs.NimEnv``);

  where ``state`` is the piles (a tuple, list, or a string holding the
  numbers, as JSON keys must be: ``"1,3,5,7"``, ``"[1, 3, 5, 7]"``) and
  ``action`` is ``(pile, count)`` (or a string holding the two numbers) or an
  action id;
* a **Gymnasium-style policy**: an object with ``predict(observation,
  deterministic=True)`` returning ``(action, state)`` (Stable-Baselines), or
  with ``act(observation)``; the observation is the piles as a NumPy array.

An action id is ``pile * max_pile + count - 1``, as in ``nim.interop.envs`` (default
``max_pile``: the largest pile of the start).

Requires NumPy (``pip install "nimcore[rl]"``).

>>> import nim
>>> report = nim.study.grade.grade(lambda piles: nim.solve(piles, "misere").move, "misere", (1, 3, 5, 7))
>>> report.positions, report.won, report.keep_rate
(383, 335, 1.0)
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from nim.errors import NimError
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike

__all__ = ["MAX_GRID", "Blunder", "Grade", "as_agent", "grade", "load_qtable", "format_grade"]

#: Largest position grid (product of pile + 1) a grade covers.
MAX_GRID = 5_000_000

Agent = Callable[[Tuple[int, ...]], Optional[Move]]


@dataclass(frozen=True)
class Blunder:
    """A won position the agent threw away (or a position where it made an illegal move)."""

    piles: Tuple[int, ...]
    played: Optional[Move]        # None: no move, or an illegal one (see ``illegal``)
    right: Move                   # a move that keeps the win (or any legal move)
    illegal: bool = False
    answer: str = ""              # what the agent answered, when it was not a legal move

    def to_dict(self) -> Dict[str, Any]:
        return {"piles": list(self.piles), "played": list(self.played) if self.played else None,
                "right": list(self.right), "illegal": self.illegal, "answer": self.answer}


@dataclass
class Grade:
    """How close an agent plays to perfect.

    Attributes
    ----------
    rules : Rules
    positions : int
        Positions graded (the ones with a move to make).
    won, kept : int
        Won positions, and those where the agent's move keeps the win.
    lost, delayed : int
        Lost positions, and those where the agent's move delays the loss longest.
    illegal : int
        Positions where the agent answered no legal move (counted as not kept /
        not delayed).
    by_objects : dict
        Objects left -> [won, kept, lost, delayed].
    blunders : list of Blunder
        The worst: illegal answers first, then thrown-away wins with the most
        objects left.
    seconds : float
        Time the grading took (the oracle, the agent and the bookkeeping).
    """

    rules: Rules
    positions: int = 0
    won: int = 0
    kept: int = 0
    lost: int = 0
    delayed: int = 0
    illegal: int = 0
    by_objects: Dict[int, List[int]] = field(default_factory=dict)
    blunders: List[Blunder] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def keep_rate(self) -> float:
        """Share of won positions where the agent keeps the win (1.0 when there are none)."""
        return self.kept / self.won if self.won else 1.0

    @property
    def delay_rate(self) -> float:
        """Share of lost positions where the agent delays longest (1.0 when there are none)."""
        return self.delayed / self.lost if self.lost else 1.0

    def to_dict(self) -> Dict[str, Any]:
        return {
            "rules": str(self.rules), "positions": self.positions,
            "won": self.won, "kept": self.kept, "keep_rate": self.keep_rate,
            "lost": self.lost, "delayed": self.delayed, "delay_rate": self.delay_rate,
            "illegal": self.illegal,
            "by_objects": {str(k): dict(zip(("won", "kept", "lost", "delayed"), v))
                           for k, v in sorted(self.by_objects.items())},
            "blunders": [b.to_dict() for b in self.blunders], "seconds": self.seconds,
        }

    def __str__(self) -> str:
        return format_grade(self)

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(format_grade(self))}</pre>"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise NimError('nim.grade needs NumPy: pip install "nimcore[rl]"') from None
    return numpy


# -- the agent ---------------------------------------------------------------------------------

_NUMBERS = re.compile(r"-?\d+")


def _ints(key: Any) -> Tuple[int, ...]:
    """A state or action key as a tuple of ints (a string: the numbers in it)."""
    if isinstance(key, str):
        return tuple(int(n) for n in _NUMBERS.findall(key))
    if isinstance(key, (int,)) and not isinstance(key, bool):
        return (key,)
    try:
        return tuple(int(n) for n in key)
    except (TypeError, ValueError):
        raise NimError(f"a Q-table key must be numbers (piles, or a move), not {key!r:.60}") from None


def _action(key: Any, max_pile: int) -> Move:
    """An action key as a move: (pile, count), or an action id."""
    numbers = _ints(key)
    if len(numbers) == 2:
        return Move(numbers[0], numbers[1])
    if len(numbers) == 1:
        pile, take = divmod(numbers[0], max_pile)
        return Move(pile, take + 1)
    raise NimError(f"a Q-table action must be (pile, count) or an action id, not {key!r:.60}")


def _qtable_by_state(table: Dict[Any, Any], max_pile: int) -> Dict[Tuple[int, ...], Dict[Move, float]]:
    """Any supported layout as {state: {move: value}}."""
    by_state: Dict[Tuple[int, ...], Dict[Move, float]] = {}
    for key, value in table.items():
        if isinstance(value, dict):                      # {state: {action: value}}
            moves = by_state.setdefault(_ints(key), {})
            for action, q in value.items():
                moves[_action(action, max_pile)] = float(q)
        elif isinstance(key, tuple) and len(key) == 2 and not isinstance(key[0], (int, float)):
            state, action = key                          # {(state, action): value}
            by_state.setdefault(_ints(state), {})[_action(action, max_pile)] = float(value)
        elif hasattr(value, "__len__") and not isinstance(value, str):   # {state: values by id}
            moves = by_state.setdefault(_ints(key), {})
            for action_id, q in enumerate(value):
                moves[_action(action_id, max_pile)] = float(q)
        else:
            raise NimError(f"unknown Q-table layout at key {key!r:.60} (value {value!r:.40}): see "
                           "help(nim.grade) for the layouts it reads")
    return by_state


def _greedy(by_state: Dict[Tuple[int, ...], Dict[Move, float]], rules: Rules) -> Agent:
    smallest: Dict[int, int] = {}          # size -> smallest legal take (0: none)

    def first_legal(piles: Tuple[int, ...]) -> Optional[Move]:
        for pile, size in enumerate(piles):
            take = smallest.get(size)
            if take is None:
                takes = rules.takes(size)
                take = smallest[size] = min(takes) if takes else 0
            if take:
                return Move(pile, take)
        return None

    def play(piles: Tuple[int, ...]) -> Optional[Move]:
        known = by_state.get(piles)
        if not known:
            return first_legal(piles)            # every value 0: the first move
        legal = [(move, q) for move, q in known.items()
                 if 0 <= move.pile < len(piles) and move.count in rules.takes(piles[move.pile])]
        top = max((q for _, q in legal), default=0.0)
        if top > 0 or (top == 0 and sum(len(rules.takes(size)) for size in piles) == len(legal)):
            return min(move for move, q in legal if q == top)     # ties: first in (pile, count) order
        best: Optional[Move] = None              # a missing move (value 0) may tie or win: look at all
        best_value = -math.inf
        for pile, size in enumerate(piles):
            for count in sorted(rules.takes(size)):
                value = known.get(Move(pile, count), 0.0)
                if value > best_value:
                    best, best_value = Move(pile, count), value
        return best

    return play


def as_agent(agent: Any, rules: RulesLike = None, max_pile: Optional[int] = None) -> Agent:
    """Turn a callable, a Q-table or a Gymnasium-style policy into ``piles -> Move``
    (see the module's documentation for the layouts).

    Raises
    ------
    NimError
        For an object that is none of these, or a Q-table in an unknown layout.
    """
    ruleset = Rules.coerce(rules)
    width = max_pile or 1
    if isinstance(agent, dict):
        return _greedy(_qtable_by_state(agent, width), ruleset)
    if hasattr(agent, "predict") or hasattr(agent, "act"):
        numpy = _numpy()

        def policy(piles: Tuple[int, ...]) -> Optional[Move]:
            observation = numpy.array(piles, dtype=numpy.int64)
            if hasattr(agent, "predict"):
                answer = agent.predict(observation, deterministic=True)
                answer = answer[0] if isinstance(answer, tuple) else answer
            else:
                answer = agent.act(observation)
            return _answer_to_move(answer, width)

        return policy
    if callable(agent):
        return lambda piles: _answer_to_move(agent(piles), width)
    raise NimError(f"an agent is a callable, a Q-table (dict) or a policy with predict(), "
                   f"not {type(agent).__name__}")


def _answer_to_move(answer: Any, max_pile: int) -> Optional[Move]:
    if answer is None or isinstance(answer, Move):
        return answer
    numpy_int = type(answer).__module__ == "numpy"
    if isinstance(answer, int) or (numpy_int and getattr(answer, "ndim", 1) == 0):
        pile, take = divmod(int(answer), max_pile)
        return Move(pile, take + 1)
    numbers = _ints(answer)
    if len(numbers) == 1:
        pile, take = divmod(numbers[0], max_pile)
        return Move(pile, take + 1)
    if len(numbers) == 2:
        return Move(numbers[0], numbers[1])
    raise NimError(f"an agent's answer must be a move (pile, count) or an action id, not {answer!r:.60}")


def load_qtable(path: str) -> Dict[Any, Any]:
    """A Q-table saved as JSON (``.json``) or pickle (any other name; load only pickles you trust).

    JSON: an object ``{state: {action: value}}`` (keys are strings holding the
    numbers), or a list of ``{"state": [...], "action": [pile, count] or id,
    "value": q}`` records.

    Raises
    ------
    InputFileError
        When the file cannot be read or holds no Q-table.
    """
    import json
    import pickle

    from nim.errors import InputFileError

    try:
        if path.endswith(".json"):
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        else:
            with open(path, "rb") as handle:
                data = pickle.load(handle)
    except OSError as error:
        raise InputFileError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as error:
        raise InputFileError(f"{path} is not a {'JSON' if path.endswith('.json') else 'pickle'} "
                             f"Q-table: {error}") from None
    if isinstance(data, list):
        table: Dict[Any, Any] = {}
        for number, record in enumerate(data):
            if not isinstance(record, dict) or not {"state", "action", "value"} <= set(record):
                raise InputFileError(f"{path}: record {number} is not {{state, action, value}}: {record!r:.60}")
            action = record["action"]
            table[(tuple(record["state"]), tuple(action) if isinstance(action, list) else action)] = \
                record["value"]
        return table
    if not isinstance(data, dict):
        raise InputFileError(f"{path} holds a {type(data).__name__}, not a Q-table (a dict or a list of records)")
    return dict(data)


# -- the oracle over the grid ------------------------------------------------------------------


def _depths(np: Any, grid: Any, values: Any, box: Tuple[int, ...], rules: Rules) -> Tuple[Any, Any]:
    """Moves to the end of the game from every grid position, both sides playing best
    (the winner takes the quickest win, the loser the slowest loss; 0 at the end), and
    per position the largest of its children's (-1: no move): the longest delay."""
    n = len(grid)
    strides = [1] * len(box)
    for i in range(len(box) - 2, -1, -1):
        strides[i] = strides[i + 1] * (box[i + 1] + 1)
    totals = grid.sum(axis=1)
    order = np.argsort(totals, kind="stable")
    bounds = np.searchsorted(totals[order], np.arange(int(totals.max()) + 2))
    depth = np.zeros(n, dtype=np.int64)
    longest = np.full(n, -1, dtype=np.int64)
    big = np.iinfo(np.int64).max
    allowed = {}            # (pile, take) -> bool per size
    for i, top in enumerate(box):
        for take in range(1, top + 1):
            allowed[i, take] = np.array([take in rules.takes(size) for size in range(top + 1)])
    for level in range(1, len(bounds) - 1):
        idx = order[bounds[level]:bounds[level + 1]]
        if not len(idx):
            continue
        win_best = np.full(len(idx), big, dtype=np.int64)     # quickest win through a lost child
        lose_best = np.full(len(idx), -1, dtype=np.int64)     # slowest loss
        for (i, take), mask in allowed.items():
            if take > level:
                continue
            ok = mask[grid[idx, i]]
            if not ok.any():
                continue
            child = idx[ok] - take * strides[i]
            d = depth[child]
            lost_child = values[child] < 0
            sub_win = win_best[ok]
            win_best[ok] = np.where(lost_child, np.minimum(sub_win, d), sub_win)
            lose_best[ok] = np.maximum(lose_best[ok], d)
        won = values[idx] > 0
        has_move = lose_best >= 0
        depth[idx] = np.where(~has_move, 0, np.where(won, win_best, lose_best) + 1)
        longest[idx] = lose_best
    return depth, longest


def _reachable(start: Tuple[int, ...], rules: Rules) -> List[List[int]]:
    """Per pile, the sizes reachable from its start by legal takes (largest first)."""
    sizes = []
    for top in start:
        seen = {top}
        frontier = [top]
        while frontier:
            size = frontier.pop()
            for take in rules.takes(size):
                if size - take not in seen:
                    seen.add(size - take)
                    frontier.append(size - take)
        sizes.append(sorted(seen, reverse=True))
    return sizes


def grade(agent: Any, rules: RulesLike = None,
          positions: Union[Sequence[int], Iterable[Sequence[int]], None] = (1, 3, 5, 7), *,
          sample: Optional[int] = None, seed: Optional[int] = None, max_pile: Optional[int] = None,
          worst: int = 10) -> Grade:
    """Grade ``agent`` against perfect play.

    Parameters
    ----------
    agent : callable, dict (Q-table) or policy
        See the module's documentation for what is accepted.
    rules : Rules or str
        The game the agent was trained for (e.g. ``"misere"``).
    positions : start piles, or a list of positions
        A start (a tuple of ints, default 1, 3, 5, 7): every position reachable
        from it is graded (645,120 grid positions for 1, 3, ..., 13). A list
        of positions (each a sequence of ints, all of one length): those.
    sample : int, optional
        Grade this many positions drawn at random (``seed``) instead of all.
    max_pile : int, optional
        Decodes action ids (``pile * max_pile + count - 1``); default the
        largest pile of the start.
    worst : int
        How many blunders to keep.

    Returns
    -------
    Grade

    Raises
    ------
    NimError
        For a bad start, a grid over ``MAX_GRID`` positions, or an unusable agent.
    """
    clock = time.perf_counter()
    np = _numpy()
    from nim.solving.solver import Solver

    ruleset = Rules.coerce(rules)
    start, listed = _positions(positions)
    box = start
    grid_size = math.prod(p + 1 for p in box)
    if grid_size > MAX_GRID:
        raise NimError(f"the positions below {list(box)} make a grid of {grid_size:,} positions; "
                       f"grade covers at most {MAX_GRID:,}: use a smaller start")
    move_of = as_agent(agent, ruleset, max_pile or max(max(box), 1))
    axes = np.meshgrid(*[np.arange(p + 1, dtype=np.int64) for p in box], indexing="ij")
    grid = np.stack([axis.ravel() for axis in axes], axis=1) if box else np.zeros((1, 0), np.int64)
    solver = Solver(ruleset)
    values = np.asarray(solver.values(grid), dtype=np.int8)
    best_piles, best_counts = (np.asarray(a) for a in solver.best_moves(grid))
    depth, longest = _depths(np, grid, values, box, ruleset)
    strides = [1] * len(box)
    for i in range(len(box) - 2, -1, -1):
        strides[i] = strides[i + 1] * (box[i + 1] + 1)

    def index(piles: Sequence[int]) -> int:
        return sum(p * s for p, s in zip(piles, strides))

    if listed is None:
        reach = _reachable(start, ruleset)
        keep = np.ones(len(grid), dtype=bool)
        for i, sizes in enumerate(reach):
            keep &= np.isin(grid[:, i], sizes)
        chosen = np.flatnonzero(keep & (best_piles >= 0))
    else:
        chosen = np.array(sorted({index(p) for p in listed if best_piles[index(p)] >= 0}), dtype=np.int64)
    if sample is not None:
        if isinstance(sample, bool) or not isinstance(sample, int) or sample < 1:
            raise NimError(f"sample must be a whole number of at least 1, not {sample!r}")
        picked = random.Random(seed).sample(range(len(chosen)), min(sample, len(chosen)))
        chosen = chosen[np.array(sorted(picked), dtype=np.int64)]
    # the agent's moves (a Python call per position: the agent is Python), checked legal
    rows = grid[chosen].tolist()
    takes_of = [frozenset(ruleset.takes(size)) for size in range(max(box, default=0) + 1)]
    played_pile = np.full(len(chosen), -1, dtype=np.int64)
    played_count = np.zeros(len(chosen), dtype=np.int64)
    answers: Dict[int, str] = {}
    for k, piles_list in enumerate(rows):
        piles = tuple(piles_list)
        try:
            move = move_of(piles)
        except NimError:
            raise
        except Exception as error:  # noqa: BLE001 - an agent's failure is graded, not fatal
            answers[k] = f"raised {type(error).__name__}: {error}"
            continue
        if (move is not None and 0 <= move.pile < len(piles)
                and move.count in takes_of[piles[move.pile]]):
            played_pile[k], played_count[k] = move.pile, move.count
        else:
            answers[k] = repr(move)
    legal = played_pile >= 0
    stride_array = np.array(strides, dtype=np.int64)
    child = np.where(legal, chosen - played_count * stride_array[np.maximum(played_pile, 0)], 0)
    won = values[chosen] > 0
    kept = won & legal & (values[child] < 0)
    delayed = ~won & legal & (depth[child] == longest[chosen])
    objects = grid[chosen].sum(axis=1)
    report = Grade(ruleset, positions=len(chosen), won=int(won.sum()), kept=int(kept.sum()),
                   lost=int((~won).sum()), delayed=int(delayed.sum()), illegal=int((~legal).sum()))
    size = int(objects.max()) + 1 if len(objects) else 0
    counts = [np.bincount(objects[mask], minlength=size) for mask in (won, kept, ~won, delayed)]
    report.by_objects = {n: [int(c[n]) for c in counts] for n in range(size) if counts[0][n] + counts[2][n]}
    # the worst: illegal answers, then thrown-away wins with the most objects left
    bad = np.flatnonzero(~legal | (won & ~kept))
    bad = bad[np.lexsort((-objects[bad], legal[bad]))][:max(0, worst)]
    for k in bad.tolist():
        at = int(chosen[k])
        right = Move(int(best_piles[at]), int(best_counts[at]))
        piles = tuple(rows[k])
        if not legal[k]:
            report.blunders.append(Blunder(piles, None, right, True, answers.get(k, "")))
        else:
            played = Move(int(played_pile[k]), int(played_count[k]))
            report.blunders.append(Blunder(piles, played, right))
    report.seconds = time.perf_counter() - clock
    return report


def _positions(positions: Any) -> Tuple[Tuple[int, ...], Optional[List[Tuple[int, ...]]]]:
    """(the grid's box, the listed positions or None for every reachable one)."""
    if positions is None:
        positions = (1, 3, 5, 7)
    items = list(positions)
    if all(isinstance(p, int) and not isinstance(p, bool) for p in items):
        start = as_piles(items)
        if not start:
            raise NimError("grade needs a start with at least one pile")
        return start, None
    listed = [as_piles(p) for p in items]
    if not listed:
        raise NimError("grade needs at least one position")
    widths = {len(p) for p in listed}
    if len(widths) != 1:
        raise NimError(f"the positions to grade must all have one number of piles, not {sorted(widths)}")
    box = tuple(max(p[i] for p in listed) for i in range(widths.pop()))
    return box, listed


def format_grade(report: Grade) -> str:
    """The grade as text: the two rates, a table per number of objects left, the worst blunders."""
    lines = [
        f"Graded {report.positions:,} positions under {report.rules} in {report.seconds:.2f} s.",
        f"Won positions where the agent keeps the win:    {report.kept:,} of {report.won:,} "
        f"({100 * report.keep_rate:.1f}%)",
        f"Lost positions where it delays the loss longest: {report.delayed:,} of {report.lost:,} "
        f"({100 * report.delay_rate:.1f}%)",
    ]
    if report.illegal:
        lines.append(f"Illegal or missing answers: {report.illegal:,}")
    lines += ["", "objects left   won  kept      lost  delayed"]
    for objects, (won, kept, lost, delayed) in sorted(report.by_objects.items(), reverse=True):
        keep = f"{100 * kept / won:5.1f}%" if won else "    -"
        delay = f"{100 * delayed / lost:5.1f}%" if lost else "    -"
        lines.append(f"{objects:>12} {won:>5} {keep:>6} {lost:>8} {delay:>7}")
    if report.blunders:
        lines += ["", "Worst blunders (piles from 0):"]
        for b in report.blunders:
            right = f"take {b.right.count} from pile {b.right.pile}"
            if b.illegal:
                lines.append(f"  {list(b.piles)}: no legal move ({b.answer}); e.g. {right}")
            else:
                assert b.played is not None
                lines.append(f"  {list(b.piles)}: took {b.played.count} from pile {b.played.pile}, "
                             f"throwing the win away; right: {right}")
    return "\n".join(lines)
