"""Grade an agent on a game whose components are more than heaps (``nim.families.ComponentFamily``:
Wythoff's pairs, Moore's Nim_k, Staircase Nim, coin rows, Green Hackenbush, a graph, ...).

The positions are every one reachable from the start, each in canonical form: the components
that can still move, in the family's canonical form, sorted (so a position is graded once,
whatever order its components came in). A game whose reachable positions number more than
``MAX_POSITIONS`` has no bounded encoding here, and is refused in words: ask about smaller
starts, or solve positions with ``nim.solve``.

The oracle is a retrograde analysis of that finite set of positions, written once here over
the family's moves (``options``): each position's value (+1 the player to move wins, -1 loses,
0 a draw: play can go on for ever, on a graph with a cycle, or the game ends drawn, an SOS row
filled without an SOS) and its depth (moves to the end, the winner hurrying, the loser
delaying). In a drawn position the agent should hold the draw: its move must not leave the
opponent a win (``Grade.drawn``, ``Grade.held``).

A game solved alone, whose whole position is one board (Northcott's game, partizan: the player
to move is part of the position; SOS, with its draws), is graded the same way, over every board
reachable from the start, up to ``MAX_POSITIONS`` of them (past that: refused in words).

The agent is a callable ``agent(position)`` given the position as plain values (a list of
components, as ``nim.solve`` takes it; a whole-position game such as Moore's Nim_k: its
piles) and answering a ``ComponentMove`` (what ``nim.solve`` answers), or ``(component,
count, left)`` with ``left`` the components the move leaves (plain values), or the position
it leaves (a list of components). A Gymnasium-style policy (``predict(observation)``, as
``nim.study.grade`` reads one, or ``act(observation)``) trained on ``ComponentEnv`` from the
same start is asked as the environment asks it: the observation is the position's number, or
with ``observation="vector"`` the family's vector (``nim.interop.envs.vectors``), and its action
the number of the position its move leaves (the environment's numbering, the same for the same
start). A Q-table is refused in words (train one on the numbers and grade its greedy policy).

``by_objects`` counts, for these games, by the moves left with best play (the depth).
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from nim.errors import NimError
from nim.families import ComponentFamily, WholePositionFamily
from nim.position import ComponentMove
from nim.rules import Rules
from nim.solving.reachable import MAX_POSITIONS, Key, canonical_key, end_values, reachable_graph, retrograde
from nim.study.agents import agent_call
from nim.study.grade_values import Blunder, Grade

__all__ = ["MAX_POSITIONS", "grade_components"]



def _plain(family: ComponentFamily, key: Key) -> Any:
    """The position as the agent is given it (``nim.solve``'s form)."""
    if isinstance(family, WholePositionFamily):
        return family.component_value(key[0]) if key else family.component_value(family.read_component([]))
    return [family.component_value(c) for c in key]


def _reached(family: ComponentFamily, key: Key, answer: Any) -> Optional[Key]:
    """The position the agent's answer leaves, or None when the answer is not a move."""
    if isinstance(answer, (tuple, list)) and len(answer) == 3 and isinstance(answer[0], int):
        pile, count, left = answer[0], answer[1], answer[2]
        if not isinstance(pile, int) or not 0 <= pile < len(key):
            return None
        if isinstance(answer, ComponentMove):     # in the family's own form: one of the component's moves?
            if (count, tuple(left)) not in set(family.options(key[pile])):
                return None
            return canonical_key(family, key[:pile] + tuple(left) + key[pile + 1:])
        parts = tuple(family.read_component(part) for part in left)     # plain values, read
        return canonical_key(family, key[:pile] + parts + key[pile + 1:])
    if isinstance(family, WholePositionFamily):      # the position it leaves: its piles
        return canonical_key(family, (family.read_component(answer),))
    from nim.solving.components import read_position

    return canonical_key(family, read_position(family, answer))


def _policy_call(agent: Any, rules: Rules, start: Any, observation: str,
                 graph: Dict[Key, List[Tuple[ComponentMove, Key]]]) -> Callable[[Any], Any]:
    """A policy asked as ``ComponentEnv(start, rules, observation=observation)`` asks it, its action
    (the number of a position) read back into the position it names: ``agent(position)``."""

    try:
        from nim.interop.envs.component_env import NumberedGame
    except ImportError:
        raise NimError('grading a policy on a component game needs Gymnasium: pip install "nimcore[rl]"') from None
    game = NumberedGame(start, rules, observation)
    number = {key: i for i, key in enumerate(game.keys)}
    if set(number) != set(graph):      # the same walk: a guard on the numbering both share
        raise NimError("the environment's numbering of the positions differs from the grader's")
    ask, _ = agent_call(agent)
    family = rules.family
    assert isinstance(family, ComponentFamily)
    by_shown = {repr(_plain(family, key)): key for key in game.keys}

    def call(position: Any) -> Any:
        here = number[by_shown[repr(position)]]
        action = ask(game.observation(here))
        try:
            index = int(action)
        except (TypeError, ValueError, OverflowError):
            return None
        if not 0 <= index < len(game.keys) or index not in game.options[here]:
            return None
        return game.options[here][index]          # the ComponentMove to that position

    return call


def _shown(position: Any) -> Tuple[Any, ...]:
    """The position as a blunder shows it: a list of components, or a whole board as one."""
    return tuple(position) if isinstance(position, list) else (position,)


def grade_components(agent: Any, rules: Rules, start: Any, sample: Optional[int], seed: Optional[int],
                     worst: int, clock: float, observation: Optional[str] = None) -> Grade:
    """``nim.study.grade.grade`` for a component game (see the module's documentation).

    Raises
    ------
    NimError
        For a Q-table, ``observation`` given for a callable agent, a start past ``MAX_POSITIONS``
        reachable positions, or an agent whose every call failed.
    """
    from nim.solving.components import read_position

    family = rules.family
    assert isinstance(family, ComponentFamily)
    policy = hasattr(agent, "predict") or hasattr(agent, "act")
    if isinstance(agent, dict) or not (policy or callable(agent)):
        raise NimError(f"a Q-table is not read for {rules} (a position is a list of {family.component_noun}s): "
                       "grade a callable agent(position) answering a move as nim.solve does (a ComponentMove), "
                       "or (component, count, left), or a policy trained on nim.interop.envs.ComponentEnv "
                       "(predict(observation) answering the number of the position its move leaves)")
    if observation is not None and not policy:
        raise NimError("observation= says what a policy observes (as ComponentEnv's observation); a callable agent "
                       "is given the position itself")
    root = canonical_key(family, read_position(family, start))
    graph = reachable_graph(family, root)
    if policy:
        call = _policy_call(agent, rules, start, observation or "number", graph)
    else:
        call = agent
    value, depth = retrograde(graph, rules.misere, end_values(family, graph, rules.misere))
    chosen = [key for key, moves in graph.items() if moves]
    chosen.sort(key=repr)
    if sample is not None:
        chosen = random.Random(seed).sample(chosen, min(sample, len(chosen)))
    report = Grade(rules, counted="moves left")
    blunders: List[Tuple[Tuple[int, int], Blunder]] = []
    for key in chosen:
        moves = graph[key]
        won = value[key] > 0
        drawn = value[key] == 0
        if drawn:        # hold the draw: a move to another draw
            right = next(m for m, child in moves if value[child] == 0)
            longest = -1
            row = [0, 0, 0, 0]              # a draw has no moves left to count it by
            report.drawn += 1
        else:
            longest = max(depth.get(child, -1) for _, child in moves if value[child] != 0)
            right = next((m for m, child in moves if (value[child] == -1 if won else depth[child] == longest)),
                         moves[0][0])
            row = report.by_objects.setdefault(depth[key], [0, 0, 0, 0])
            row[0 if won else 2] += 1
            report.won += won
            report.lost += not won
        report.positions += 1
        rank = -depth.get(key, 0)
        shown = _plain(family, key)
        try:
            answer = call(shown)
        except Exception as error:       # an agent's bug is graded, not raised: said once
            report.failed += 1
            report.illegal += 1
            if not report.failure:
                report.failure = f"raised {type(error).__name__}: {error} (on {shown!r:.80})"
            blunders.append(((0, rank), Blunder(_shown(shown), None, right, True, "", True)))
            continue
        try:
            child = _reached(family, key, answer) if answer is not None else None
        except NimError:
            child = None
        if child is None or child not in {c for _, c in moves}:
            report.illegal += 1
            blunders.append(((0, rank), Blunder(_shown(shown), None, right, True, f"{answer!r:.60}")))
            continue
        if drawn:
            if value[child] == 0:
                report.held += 1
            else:
                played = next(m for m, c in moves if c == child)
                blunders.append(((1, rank), Blunder(_shown(shown), played, right, draw=True)))
        elif won:
            if value[child] == -1:
                report.kept += 1
                row[1] += 1
            else:
                played = next(m for m, c in moves if c == child)
                blunders.append(((1, rank), Blunder(_shown(shown), played, right)))
        elif depth[child] == longest:
            report.delayed += 1
            row[3] += 1
    blunders.sort(key=lambda item: item[0])
    report.blunders = [b for _, b in blunders[:worst]]
    report.seconds = time.perf_counter() - clock
    if report.failed and report.failed == report.positions:
        raise NimError(f"the agent could not be asked: in every one of the {report.positions:,} positions "
                       f"agent(position) {report.failure}")
    if report.failed:
        report.failure = f"agent(position) {report.failure}"
    return report
