"""Grade a learning agent against perfect play (``nim.study.grade.grade``).

Courses teach Nim with reinforcement learning -- misère Nim on 1, 3, 5, 7 with
Q-learning is a classic assignment -- and a student cannot tell how close the
agent is to perfect. ``grade`` asks the agent for its move in every position
reachable from a start (or a sample of them, or positions you list) and
compares with the exact oracle, computed by compiled code in one pass over the
whole position grid (``grid_oracle``: every value and game length, each legal
take looked at once):

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
* a **Gymnasium-style policy**: an object with ``predict(observation)``
  returning an action, or Stable-Baselines3's ``predict(observation,
  deterministic=True)`` returning ``(action, state)`` (asked so when its
  ``predict`` takes ``deterministic``), or with ``act(observation)``; the
  observation is the piles as a NumPy array, as ``NimEnv`` gives it.

An action id is ``pile * max_pile + count - 1``, as in ``nim.interop.envs`` (default
``max_pile``: the largest pile of the start).

An agent whose call raises is graded as answering no legal move there, and the
grade says so once, with the first error and where (``Grade.failed``,
``Grade.failure``); when every call raises, ``grade`` raises a ``NimError`` that
says why instead.

Games whose components are more than heaps
------------------------------------------
Under Wythoff's game, Moore's Nim_k, Staircase Nim, a coin-turning game, Green Hackenbush, a
graph game, ... (``nim.study.grade_components``) every position reachable from the start
(a position as ``nim.solve`` takes it) is graded, up to ``MAX_POSITIONS`` of them; the agent
is a callable answering a ``ComponentMove`` (as ``nim.solve`` does) or ``(component,
count, left)``, or a policy trained on ``nim.interop.envs.ComponentEnv`` from the same start,
asked as the environment asks it (``observation="number"`` or ``"vector"``; its action the number
of the position its move leaves); a Q-table is refused in words. Northcott's game and SOS are
graded over their boards; in a drawn position (SOS) the agent should hold the draw.

Take-and-break games
--------------------
Every game the environments play is graded: under Kayles, Dawson's Kayles, any
octal code or Grundy's game (``nim.study.grade_heaps``) the positions are the ones
``NimEnv`` shows (the heaps in order, an emptied heap removed, a split's two heaps
in the pile's place, in either order), a policy's observation is padded to the
environment's slots (``max_piles``), and an answer is a ``Move`` (``Move(pile,
count, split=(a, b))`` for a split), ``(pile, count)``, ``(pile, count, (a, b))``
or the environments' action id (``nim.interop.envs.board``).

>>> import nim
>>> kayles = nim.study.grade.grade(lambda heaps: nim.solve(heaps, "kayles").move, "kayles", (5, 7))
>>> kayles.positions, kayles.won, kayles.keep_rate
(337, 268, 1.0)

Requires NumPy (``pip install "nimcore[rl]"``).

>>> import nim
>>> report = nim.study.grade.grade(lambda piles: nim.solve(piles, "misere").move, "misere", (1, 3, 5, 7))
>>> report.positions, report.won, report.keep_rate
(383, 335, 1.0)
"""

from __future__ import annotations

import math
import random
import time
from itertools import chain
from operator import itemgetter
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Protocol, Sequence, Tuple, Union

from nim.errors import NimError
from nim.families import ComponentFamily
from nim.inputs import read_capped
from nim.position import Move, as_piles
from nim.rules import Rules, RulesLike
from nim.study.agents import agent_call
from nim.study.grade_values import Blunder, Grade, _ints, _numpy, _q_value, format_grade

__all__ = ["MAX_GRID", "MAX_WORK", "Blunder", "Grade", "as_agent", "grade", "grid_oracle", "load_qtable",
           "format_grade"]

#: Largest position grid (product of pile + 1) a grade covers.
MAX_GRID = 5_000_000

Agent = Callable[[Tuple[int, ...]], Optional[Move]]


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
                moves[_action(action, max_pile)] = _q_value(q, (key, action))
        elif isinstance(key, tuple) and len(key) == 2 and not isinstance(key[0], (int, float)):
            state, action = key                          # {(state, action): value}
            by_state.setdefault(_ints(state), {})[_action(action, max_pile)] = _q_value(value, key)
        elif hasattr(value, "__len__") and not isinstance(value, (str, bytes)):   # {state: values by id}
            moves = by_state.setdefault(_ints(key), {})
            for action_id, q in enumerate(value):
                moves[_action(action_id, max_pile)] = _q_value(q, (key, action_id))
        else:
            raise NimError(f"unknown Q-table layout at key {key!r:.60} (value {value!r:.40}): see "
                           "help(nim.study.grade.grade) for the layouts it reads")
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
    _check_options(None, None, max_pile, 0)
    ruleset = Rules.coerce(rules)
    width = max_pile or 1
    call, _ = agent_call(agent)
    if ruleset.splits:
        raise NimError(f"as_agent under {ruleset} needs the board the agent plays on (its slots and "
                       "action ids): grade(agent, rules, start) builds it")
    if isinstance(agent, dict):
        return _greedy(_qtable_by_state(agent, width), ruleset)
    if hasattr(agent, "predict") or hasattr(agent, "act"):
        numpy = _numpy()

        def policy(piles: Tuple[int, ...]) -> Optional[Move]:
            return _answer_to_move(call(numpy.array(piles, dtype=numpy.int64)), width)

        return policy
    return lambda piles: _answer_to_move(call(piles), width)


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

    is_json = str(path).endswith(".json")
    kind = "JSON" if is_json else "pickle"
    # the cap and (for JSON) the NUL check every input file has: /dev/zero fails at once
    data_bytes = read_capped(path, "Q-table", binary_ok=not is_json)
    try:
        data = json.loads(data_bytes) if is_json else pickle.loads(data_bytes)
    except RecursionError:
        raise InputFileError(f"{path} is not a {kind} Q-table: it is nested too deep") from None
    except MemoryError:
        raise InputFileError(f"{path}: not enough memory to read its {len(data_bytes):,} bytes") from None
    except (ValueError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError,
            IndexError, KeyError) as error:
        raise InputFileError(f"{path} is not a {kind} Q-table: {str(error)[:200]}") from None
    if isinstance(data, list):
        table: Dict[Any, Any] = {}
        for number, record in enumerate(data):
            if not isinstance(record, dict) or not {"state", "action", "value"} <= set(record):
                raise InputFileError(f"{path}: record {number} is not {{state, action, value}}: {record!r:.60}")
            state, action = record["state"], record["action"]
            if not isinstance(state, (list, str)):
                raise InputFileError(f"{path}: record {number}: a state is a list of piles, not {state!r:.60}")
            if isinstance(action, list):
                action = tuple(action)
            if isinstance(action, bool) or not isinstance(action, (int, str, tuple)):
                raise InputFileError(f"{path}: record {number}: an action is [pile, count] or an action id, "
                                     f"not {action!r:.60}")
            try:
                table[(tuple(state) if isinstance(state, list) else state, action)] = record["value"]
            except TypeError:       # a list inside a state or an action: unhashable
                raise InputFileError(f"{path}: record {number}: a state or action holds more than "
                                     f"numbers: {record!r:.60}") from None
        return table
    if not isinstance(data, dict):
        raise InputFileError(f"{path} holds a {type(data).__name__}, not a Q-table (a dict or a list of records)")
    return dict(data)


# -- the oracle over the grid ------------------------------------------------------------------


#: Most (position, legal take) pairs the oracle's pass may visit: about a second of C.
MAX_WORK = 1_000_000_000


def _take_table(np: Any, rules: Rules, top: int) -> Tuple[Any, Any]:
    """(members, usable): the takes from a pile of ``s`` are ``members[:usable[s]]``,
    ascending, for every ``s`` up to ``top`` (see ``nimcore.grade``)."""
    return rules.take_family.take_table(np, top)     # refuses a take-and-break game


def _strides(box: Tuple[int, ...]) -> List[int]:
    strides = [1] * len(box)
    for i in range(len(box) - 2, -1, -1):
        strides[i] = strides[i + 1] * (box[i + 1] + 1)
    return strides


def grid_oracle(box: Tuple[int, ...], rules: RulesLike = None) -> Tuple[Any, Any, Any]:
    """The exact oracle of every position below ``box`` (the grid, numbered in mixed
    radix, pile 0 most significant): per position its value (+1: the player to move
    wins), its depth (moves to the end, the winner hurrying and the loser delaying;
    0 with no move) and the longest delay (the largest depth among its children, -1
    with no move). One pass of compiled code over the grid and the legal takes.

    >>> values, depth, longest = grid_oracle((2, 2))      # (0, 0), (0, 1), ..., (2, 2)
    >>> values.tolist(), depth.tolist()
    ([-1, 1, 1, 1, -1, 1, 1, 1, -1], [0, 1, 1, 1, 2, 3, 1, 3, 4])

    Raises
    ------
    NimError
        For a grid over ``MAX_GRID`` positions, a pass over ``MAX_WORK`` takes,
        take-and-break rules, or too little memory.
    """
    np = _numpy()
    from nim.kernel import grade as core

    fill = core().grid_oracle

    ruleset = Rules.coerce(rules)
    box = tuple(box)
    size = math.prod(p + 1 for p in box)
    if size > MAX_GRID:
        raise NimError(f"the positions below {list(box)} make a grid of {size:,} positions; "
                       f"grade covers at most {MAX_GRID:,}: use a smaller start")
    try:
        members, usable = _take_table(np, ruleset, max(box, default=0))
        takes_below = np.cumsum(usable)        # takes of all sizes 0..s
        work = sum(size // (p + 1) * int(takes_below[p]) for p in box)
        if work > MAX_WORK:
            raise NimError(f"grading the positions below {list(box)} under {ruleset} means looking at "
                           f"{work:,} moves, more than the {MAX_WORK:,} grade looks at: use a smaller start "
                           "(or a rule with fewer moves, such as max=K)")
        values = np.empty(size, dtype=np.int8)
        depth = np.empty(size, dtype=np.int32)
        longest = np.empty(size, dtype=np.int32)
    except MemoryError:
        raise NimError(f"not enough memory to grade the {size:,} positions below {list(box)}: "
                       "use a smaller start") from None
    fill(np.array(box, dtype=np.int64), members, usable, ruleset.misere, values, depth, longest)
    return values, depth, longest


def _reachable(start: Tuple[int, ...], rules: Rules) -> List[List[int]]:
    """Per pile, the sizes reachable from its start by legal takes (largest first)."""
    np = _numpy()
    from nim.kernel import grade as core

    reachable_sizes = core().reachable_sizes

    members, usable = _take_table(np, rules, max(start, default=0))
    sizes = []
    for top in start:
        reach = np.zeros(top + 1, dtype=np.int8)
        reachable_sizes(top, members, usable, reach)
        sizes.append(np.flatnonzero(reach)[::-1].tolist())
    return sizes


class ArrayOfPiles(Protocol):
    """A NumPy array of piles (one start, or one position a row): read by its ``tolist``."""

    def tolist(self) -> Any: ...


#: What ``grade`` takes as ``positions``: a start of heaps (``(1, 3, 5, 7)``), positions listed
#: (an iterable of tuples of heaps, or a NumPy array of them), or a start of a family of
#: components as ``nim.solve`` reads it: a list of components (``[[3, 5]]``, Wythoff pairs), a
#: string (a coin row ``"THTTH"``, an SOS row), a mapping (a graph ``{"edges": ...,
#: "tokens": ...}``) or a number (a Kayles heap, an SOS row's length); None for the default.
GradePositions = Union[Sequence[int], Iterable[Sequence[int]], ArrayOfPiles, Sequence[Any], str, Mapping[str, Any],
                       int, None]


def grade(agent: Any, rules: RulesLike = None,
          positions: GradePositions = (1, 3, 5, 7), *,
          sample: Optional[int] = None, seed: Optional[int] = None, max_pile: Optional[int] = None,
          max_piles: Optional[int] = None, worst: int = 10, observation: Optional[str] = None) -> Grade:
    """Grade ``agent`` against perfect play, under any rules the environments
    (``nim.interop.envs``) play: a take rule, a take-and-break game such as
    ``"kayles"`` (``nim.study.grade_heaps``), or a family of components such as
    ``"wythoff"``, ``"turning-turtles"`` or ``"northcott"`` (``nim.study.grade_components``).

    Parameters
    ----------
    agent : callable, dict (Q-table) or policy
        See the module's documentation for what is accepted.
    rules : Rules or str
        The game the agent was trained for (e.g. ``"misere"``).
    positions : GradePositions: start piles, a list of positions, or a family's start
        A start of heaps (a tuple of ints, default 1, 3, 5, 7; a NumPy array too):
        every position reachable from it is graded (645,120 grid positions for 1, 3,
        ..., 13). A list of positions (each a sequence of ints, all of one length under
        a take rule, of any lengths under a take-and-break game): those. Under a family
        of components, its start as ``nim.solve`` reads it (a list of Wythoff pairs
        ``[[3, 5]]``, a coin row ``"THTTH"``, an SOS row ``"S----"``, a Northcott board,
        a graph ``{"edges": ..., "tokens": ...}``): every position reachable from it,
        within ``grade_components``' bound.
    sample : int, optional
        Grade this many positions drawn at random (``seed``) instead of all.
    max_pile : int, optional
        Decodes action ids (``pile * max_pile + count - 1``; a take-and-break
        game's as ``nim.interop.envs.board`` says); default the largest pile of
        the start.
    max_piles : int, optional
        A take-and-break game's observation slots, as the environment's
        ``max_piles`` (default: as the environment's default for the start).
    worst : int
        How many blunders to keep.
    observation : str, optional
        A component game's policy: what it observes, as ``ComponentEnv``'s ``observation``
        (``"number"``, the default, or ``"vector"``); its action is the number of the position
        its move leaves.

    Returns
    -------
    Grade

    Raises
    ------
    NimError
        For a bad start, a grid over ``MAX_GRID`` positions, an unusable agent,
        or an agent whose every call failed (the first failure, in words).
    """
    clock = time.perf_counter()
    np = _numpy()
    _check_options(sample, seed, max_pile, worst)
    ruleset = Rules.coerce(rules)
    if isinstance(ruleset.family, ComponentFamily):     # pairs, coin rows, graphs: their reachable positions
        from nim.study.grade_components import grade_components

        if max_pile is not None or max_piles is not None:
            raise NimError(f"max_pile and max_piles decode action ids of heaps; a move of {ruleset} is a "
                           "ComponentMove (or (component, count, left)), answered by a callable agent")
        return grade_components(agent, ruleset, positions, sample, seed, worst, clock, observation)
    if observation is not None:
        raise NimError(f"observation= is a component game's (what its policy observes); a policy on {ruleset} "
                       "observes the piles")
    call, how = agent_call(agent)
    if ruleset.splits:
        from nim.study.grade_heaps import grade_heaps

        if max_piles is not None and (not isinstance(max_piles, int) or isinstance(max_piles, bool)):
            raise NimError(f"max_piles must be a whole number (or None), not {max_piles!r:.60}")
        heap_start, heap_listed = _positions(positions, one_width=False)
        return grade_heaps(agent, ruleset, heap_start if heap_listed is None else None, heap_listed, call,
                           how, sample, seed, max_pile, max_piles, worst, clock)
    if max_piles is not None:
        raise NimError(f"max_piles is for a take-and-break game, whose heaps grow; under {ruleset} "
                       "the piles stay as many as the start's")
    start, listed = _positions(positions)
    box = start
    # a Q-table is read by _greedy_moves, in bulk: not turned into a function here
    move_of = as_agent(agent if not isinstance(agent, dict) else {}, ruleset, max_pile or max(max(box), 1))
    values, depth, longest = grid_oracle(box, ruleset)
    try:
        report = _grade(np, agent, move_of, ruleset, box, start, listed, values, depth, longest,
                        sample, seed, max_pile or max(max(box), 1), worst, clock)
    except MemoryError:
        raise NimError(f"not enough memory to grade the positions below {list(box)}: "
                       "use a smaller start or --sample") from None
    if report.failed and report.failed == report.positions:
        raise NimError(f"the agent could not be asked: in every one of the {report.positions:,} positions "
                       f"{how} {report.failure}")
    if report.failed:
        report.failure = f"{how} {report.failure}"
    return report


def _check_options(sample: Any, seed: Any, max_pile: Any, worst: Any) -> None:
    """The options' errors, before any work."""
    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if sample is not None and (not whole(sample) or sample < 1):
        raise NimError(f"sample must be a whole number of at least 1 (or None), not {sample!r:.60}")
    if seed is not None and not whole(seed):
        raise NimError(f"seed must be a whole number (or None), not {seed!r:.60}")
    if max_pile is not None and (not whole(max_pile) or max_pile < 1):
        raise NimError(f"max_pile must be a whole number of at least 1 (or None), not {max_pile!r:.60}")
    if not whole(worst) or worst < 0:
        raise NimError(f"worst must be a whole number of at least 0, not {worst!r:.60}")


def _grade(np: Any, agent: Any, move_of: Agent, ruleset: Rules, box: Tuple[int, ...],
           start: Tuple[int, ...], listed: Optional[List[Tuple[int, ...]]], values: Any, depth: Any,
           longest: Any, sample: Optional[int], seed: Optional[int], width: int, worst: int,
           clock: float) -> Grade:
    from nim.kernel import grade as core

    ask_agent = core().ask_agent

    strides = _strides(box)

    def index(piles: Sequence[int]) -> int:
        return sum(p * s for p, s in zip(piles, strides))

    totals = np.zeros(1, dtype=np.int64)       # objects per grid position
    for top in box:
        totals = np.add.outer(totals, np.arange(top + 1, dtype=np.int64)).ravel()
    if listed is None:
        keep = np.ones(1, dtype=bool)
        for sizes, top in zip(_reachable(start, ruleset), box):
            axis = np.zeros(top + 1, dtype=bool)
            axis[sizes] = True
            keep = np.logical_and.outer(keep, axis).ravel()
        chosen = np.flatnonzero(keep & (longest >= 0))
    else:
        chosen = np.array(sorted({index(p) for p in listed if longest[index(p)] >= 0}), dtype=np.int64)
    if sample is not None:
        picked = random.Random(seed).sample(range(len(chosen)), min(sample, len(chosen)))
        chosen = chosen[np.array(sorted(picked), dtype=np.int64)]
    chosen = np.ascontiguousarray(chosen, dtype=np.int64)
    members, usable = _take_table(np, ruleset, max(box, default=0))
    box_array = np.array(box, dtype=np.int64)
    played_pile = np.full(len(chosen), -1, dtype=np.int64)
    played_count = np.zeros(len(chosen), dtype=np.int64)
    answers: Dict[int, str] = {}
    if isinstance(agent, dict):
        _greedy_moves(np, agent, ruleset, box, strides, chosen, members, usable, width,
                      played_pile, played_count)
    else:       # one call of the agent per position, its answers read in C
        def convert(answer: Any) -> Optional[Move]:
            try:
                return _answer_to_move(answer, width)
            except NimError:        # an answer that is no move: graded as an illegal one
                return None

        ask_agent(move_of if not callable(agent) or hasattr(agent, "predict") or hasattr(agent, "act")
                  else agent, convert, box_array, chosen, width, members, usable, played_pile,
                  played_count, answers, (NimError,))
    legal = played_pile >= 0
    stride_array = np.array(strides or [1], dtype=np.int64)
    child = np.where(legal, chosen - played_count * stride_array[np.maximum(played_pile, 0)], 0)
    won = values[chosen] > 0
    kept = won & legal & (values[child] < 0)
    delayed = ~won & legal & (depth[child] == longest[chosen])
    objects = totals[chosen]
    report = Grade(ruleset, positions=len(chosen), won=int(won.sum()), kept=int(kept.sum()),
                   lost=int((~won).sum()), delayed=int(delayed.sum()), illegal=int((~legal).sum()))
    failures = sorted(k for k, answer in answers.items() if answer.startswith(_RAISED))
    if failures:        # told once (grade puts the call's words first), not in each blunder line
        at = int(chosen[failures[0]])
        first = [int(at // stride % (top + 1)) for stride, top in zip(strides, box)]
        report.failed, report.failure = len(failures), f"{answers[failures[0]]} (first at {first})"
    size = int(objects.max()) + 1 if len(objects) else 0
    # one count of (objects, won, kept or delayed): lost 0, delayed 1, won 2, kept 3
    counts = np.bincount(objects * 4 + won * 2 + (kept | delayed), minlength=4 * size).reshape(size, 4)
    report.by_objects = {n: [int(c[2] + c[3]), int(c[3]), int(c[0] + c[1]), int(c[1])]
                         for n, c in enumerate(counts.tolist()) if any(c)}
    # the worst: illegal answers, then thrown-away wins with the most objects left (ties: grid order)
    bad = np.flatnonzero(~legal | (won & ~kept))
    key = (legal[bad] * np.int64(size + 1) + (size - objects[bad])) * np.int64(len(chosen) + 1) + bad
    if len(bad) > worst:
        key = key[np.argpartition(key, worst)[:worst]] if worst else key[:0]
    bad = np.sort(key) % (len(chosen) + 1)
    for k in bad.tolist():
        at = int(chosen[k])
        piles = tuple(int(at // stride % (top + 1)) for stride, top in zip(strides, box))
        right = _right_move(piles, at, strides, members, usable, values, depth)
        if not legal[k]:
            answer = answers.get(k, "")
            report.blunders.append(Blunder(piles, None, right, True, answer, answer.startswith(_RAISED)))
        else:
            played = Move(int(played_pile[k]), int(played_count[k]))
            report.blunders.append(Blunder(piles, played, right))
    report.seconds = time.perf_counter() - clock
    return report


#: How ``nimcore.grade.ask_agent`` writes an agent's exception in its answers.
_RAISED = "raised "


def _right_move(piles: Tuple[int, ...], at: int, strides: List[int], members: Any, usable: Any,
                values: Any, depth: Any) -> Move:
    """A best move of a position (it has one): the quickest win, else the longest delay;
    ties to the first in (pile, count) order."""
    won = values[at] > 0
    best: Optional[Tuple[int, Move]] = None
    for pile, size in enumerate(piles):
        for take in members[:usable[size]].tolist():
            child = at - take * strides[pile]
            if won and values[child] >= 0:
                continue
            score = int(depth[child]) if won else -int(depth[child])
            if best is None or score < best[0]:
                best = (score, Move(pile, take))
    assert best is not None
    return best[1]


def _greedy_moves(np: Any, table: Dict[Any, Any], rules: Rules, box: Tuple[int, ...], strides: List[int],
                  chosen: Any, members: Any, usable: Any, width: int, played_pile: Any,
                  played_count: Any) -> None:
    """A Q-table's greedy move in every position ``chosen``, without a Python call per
    position: the first legal move where the table knows nothing (all values 0), in
    C; where it knows a legal move of positive value, the best of them by NumPy over
    the table's entries; the other states the table knows (none of their known moves
    both legal and positive: a missing move, worth 0, may win) one by one."""
    from nim.kernel import grade as core

    greedy_first = core().greedy_first

    smallest = np.where(usable > 0, members[0] if len(members) else 0, 0).astype(np.int64)
    greedy_first(np.array(box, dtype=np.int64), chosen, smallest, played_pile, played_count)
    if _greedy_arrays(np, table, rules, box, strides, chosen, members, usable, width, played_pile,
                      played_count):
        return
    entries = _table_entries(np, table, width, len(box))
    if entries is None:         # another layout, or a value to complain about: state by state
        _greedy_states(np, _qtable_by_state(table, width), rules, box, strides, chosen, played_pile,
                       played_count)
        return
    states, piles, counts, values = entries
    box_array = np.array(box, dtype=np.int64)
    inside = (states >= 0).all(axis=1) & (states <= box_array).all(axis=1)
    at = np.where(inside, states @ np.array(strides, dtype=np.int64), -1)
    rows = np.minimum(np.searchsorted(chosen, at), max(len(chosen) - 1, 0))
    found = inside & (len(chosen) > 0) & (chosen[rows] == at if len(chosen) else False)
    in_range = found & (piles >= 0) & (piles < len(box))
    sizes = np.where(in_range, states[np.arange(len(states)), np.where(in_range, piles, 0)], 0)
    slot = np.searchsorted(members, counts)                 # a take's place among the legal ones
    legal = in_range & (counts >= 1) & (slot < usable[sizes]) & \
        (members[np.minimum(slot, max(len(members) - 1, 0))] == counts if len(members) else False)
    r, p, c, v = rows[legal], piles[legal], counts[legal], values[legal]
    top = np.full(len(chosen), -np.inf)                     # per row: the highest value known ...
    np.maximum.at(top, r, v)
    tied = v == top[r]
    code = np.full(len(chosen), np.iinfo(np.int64).max)     # ... and its first move in (pile, count) order
    np.minimum.at(code, r[tied], p[tied] * (np.int64(1) << 40) + c[tied])
    positive = np.flatnonzero(top > 0)
    played_pile[positive] = code[positive] >> 40
    played_count[positive] = code[positive] & ((np.int64(1) << 40) - 1)
    rest = np.setdiff1d(rows[found], positive)              # known states still to decide
    if len(rest):
        keep = found & np.isin(rows, rest)
        by_state: Dict[Tuple[int, ...], Dict[Move, float]] = {}
        for state, pile, count, value in zip(states[keep].tolist(), piles[keep].tolist(),
                                              counts[keep].tolist(), values[keep].tolist()):
            by_state.setdefault(tuple(state), {})[Move(pile, count)] = value
        _greedy_states(np, by_state, rules, box, strides, chosen, played_pile, played_count)


def _greedy_arrays(np: Any, table: Dict[Any, Any], rules: Rules, box: Tuple[int, ...], strides: List[int],
                   chosen: Any, members: Any, usable: Any, width: int, played_pile: Any,
                   played_count: Any) -> bool:
    """The layout ``{state: values by action id}`` as one matrix (a row per state,
    missing ids 0): each state's best legal id by one masked argmax (the first of
    equals: ids run in (pile, count) order). False when the table is not in this
    layout of finite numbers (it is then read entry by entry)."""
    first = next(iter(table.values()), None)
    if first is None or not hasattr(first, "__len__") or isinstance(first, (str, bytes, dict)):
        return False
    try:
        rows = [np.asarray(row) for row in table.values()]
        if not all(row.ndim == 1 and row.dtype.kind in "iuf" for row in rows):
            return False
        if np.isnan(np.concatenate(rows).astype(np.float64)).any():
            return False            # NaN anywhere: read entry by entry, which says where
        states = np.array([_ints(key) for key in table], dtype=np.int64)
    except (TypeError, ValueError, OverflowError, NimError):
        return False
    if states.ndim != 2 or states.shape[1] != len(box):
        return False
    longest = max(len(row) for row in rows)
    box_array = np.array(box, dtype=np.int64)
    inside = (states >= 0).all(axis=1) & (states <= box_array).all(axis=1)
    at = np.where(inside, states @ np.array(strides, dtype=np.int64), -1)
    where = np.minimum(np.searchsorted(chosen, at), max(len(chosen) - 1, 0))
    graded = np.flatnonzero(inside & (chosen[where] == at)) if len(chosen) else np.zeros(0, np.int64)
    matrix = np.zeros((len(graded), longest))
    for number, state in enumerate(graded.tolist()):
        matrix[number, :len(rows[state])] = rows[state]
    ids = np.arange(longest, dtype=np.int64)
    pile_of, count_of = ids // width, ids % width + 1
    sizes = states[graded][:, np.minimum(pile_of, len(box) - 1)]
    slot = np.searchsorted(members, count_of)
    named = members[np.minimum(slot, max(len(members) - 1, 0))] == count_of if len(members) else False
    legal = (pile_of < len(box)) & named & (slot < usable[sizes])
    masked = np.where(legal, matrix, -np.inf)
    best = masked.argmax(axis=1) if longest else np.zeros(len(graded), np.int64)
    value = masked[np.arange(len(graded)), best] if longest else np.zeros(len(graded))
    positive = value > 0
    played_pile[where[graded[positive]]] = pile_of[best[positive]]
    played_count[where[graded[positive]]] = count_of[best[positive]]
    by_state: Dict[Tuple[int, ...], Dict[Move, float]] = {}      # no positive legal value known: one by one
    for number in np.flatnonzero(~positive).tolist():
        state = graded[number]
        by_state[tuple(states[state].tolist())] = {
            Move(int(pile_of[i]), int(count_of[i])): float(q) for i, q in enumerate(rows[state].tolist())}
    _greedy_states(np, by_state, rules, box, strides, chosen, played_pile, played_count)
    return True


def _table_entries(np: Any, table: Dict[Any, Any], width: int, k: int) -> Optional[Tuple[Any, Any, Any, Any]]:
    """A Q-table as arrays (states, piles, counts, values), one row per entry, when it
    is in the classic layout with tuple keys and every value is a number (not NaN);
    else None (the table is read entry by entry)."""
    if not table:
        return None
    entries = _classic_entries(np, table, k)
    if entries is not None:
        return entries
    try:
        keys = list(table)
        # {(state, action): q} with tuples of ints (checked by C-level maps: no Python step per entry)
        if set(map(type, keys)) != {tuple} or set(map(len, keys)) != {2}:
            return None
        state_keys, action_keys = list(map(itemgetter(0), keys)), list(map(itemgetter(1), keys))
        if (set(map(type, state_keys)) != {tuple} or set(map(len, state_keys)) != {k}
                or set(map(type, action_keys)) != {tuple} or set(map(len, action_keys)) != {2}):
            return None
        state_numbers = list(chain.from_iterable(state_keys))
        action_numbers = list(chain.from_iterable(action_keys))
        if not set(map(type, state_numbers)) <= {int} or not set(map(type, action_numbers)) <= {int}:
            return None
        states = np.fromiter(state_numbers, dtype=np.int64, count=len(state_numbers)).reshape(len(keys), k)
        actions = np.fromiter(action_numbers, dtype=np.int64, count=len(action_numbers)).reshape(len(keys), 2)
        values = np.array(list(table.values()))
        piles, counts = actions[:, 0], actions[:, 1]
    except (TypeError, ValueError, OverflowError, NimError):
        return None
    if values.dtype.kind not in "iuf" or states.ndim != 2 or states.shape[1] != k or states.dtype.kind != "i":
        return None
    values = values.astype(np.float64)
    if np.isnan(values).any():
        return None
    return states.astype(np.int64), piles, counts, values


def _classic_entries(np: Any, table: Dict[Any, Any], k: int) -> Optional[Tuple[Any, Any, Any, Any]]:
    """``_table_entries`` of a table in the plain classic form (tuples of ints, float or int
    values), read by compiled code in one pass, no Python step per entry; None for any other
    form (read the general way) or a NaN value (reported entry by entry)."""
    from nim.kernel import grade as core

    rows = len(table)
    states = np.empty((rows, k), dtype=np.int64)
    piles, counts = np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.int64)
    values = np.empty(rows, dtype=np.float64)
    if not core().classic_entries(table, k, states, piles, counts, values) or np.isnan(values).any():
        return None
    return states, piles, counts, values


def _greedy_states(np: Any, by_state: Dict[Tuple[int, ...], Dict[Move, float]], rules: Rules,
                   box: Tuple[int, ...], strides: List[int], chosen: Any, played_pile: Any,
                   played_count: Any) -> None:
    """The greedy move of each state of ``by_state`` that is graded, one by one."""
    play = _greedy(by_state, rules)
    for state in by_state:
        if len(state) != len(box) or any(not 0 <= p <= top for p, top in zip(state, box)):
            continue                          # a position this grade does not cover
        at = sum(p * s for p, s in zip(state, strides))
        row = int(np.searchsorted(chosen, at))
        if row < len(chosen) and chosen[row] == at:
            move = play(state)
            if move is not None:
                played_pile[row], played_count[row] = move.pile, move.count


def _positions(positions: Any, one_width: bool = True) -> Tuple[Tuple[int, ...], Optional[List[Tuple[int, ...]]]]:
    """(the grid's box, the listed positions or None for every reachable one); with
    ``one_width`` False (a take-and-break game), listed positions of any lengths and
    the box unused."""
    if positions is None:
        positions = (1, 3, 5, 7)
    if hasattr(positions, "tolist") and not isinstance(positions, (list, tuple)):
        positions = positions.tolist()              # a NumPy array: graded as its numbers
    if isinstance(positions, (str, bytes, dict)) or not hasattr(positions, "__iter__"):
        raise NimError(f"positions must be a start (piles) or a list of positions, not {positions!r:.60}")
    items = list(positions)
    if all(hasattr(p, "__index__") and not isinstance(p, bool) and not hasattr(p, "__len__") for p in items):
        start = as_piles(items)
        if not start:
            raise NimError("grade needs a start with at least one pile")
        return start, None
    listed = [as_piles(p) for p in items]
    if not listed or not all(listed):
        raise NimError("grade needs at least one position, each of at least one pile")
    if not one_width:
        return (), listed
    widths = {len(p) for p in listed}
    if len(widths) != 1:
        raise NimError(f"the positions to grade must all have one number of piles, not {sorted(widths)}")
    box = tuple(max(p[i] for p in listed) for i in range(widths.pop()))
    return box, listed


