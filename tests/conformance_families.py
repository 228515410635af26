"""The conformance suite every component family must pass (issues 38 and 41): the games whose
component is more than one heap (a pair of piles, a heap with a memory, a row of coins, a
rooted graph, a token on a graph) and those whose moves span piles (Moore's Nim_k).

A case is a rule string with the game written *independently* in the test, from the family's
definition alone, sharing no code with the package: how to read a position given as a plain
value (``read``) and every move of one component (``options``: the components a move leaves).
The brute force (``brute_value``) is memoised over canonical positions (the components,
sorted): a retrograde analysis of the positions reachable from the one asked, so a game that
can loop (a graph with a cycle) gets its draws (value 0) too; on every other game it is the
memoised recursion "won exactly when some move leaves a lost position" (misère: no move left
is a win).

Every layer is held to it: ``nim.solve`` (the value, and that its move is legal and keeps the
win or the draw), the ``Solver``, ``nim.analyze`` (every move, each valued), ``nim.explain``
(the value, the rules and the theory it names), the batches (``Solver.values``,
``nim.solve_many``, ``nimcore solve --batch``), ``nimcore table``, the grader and the Gymnasium environment
``ComponentEnv`` over every position reachable from a start (their bounded encoding), and
the layers that play heaps only (``NimEnv``, PettingZoo's ``nim_v0``, OpenSpiel), which refuse
these games in words.

``tests/test_conformance_families.py`` runs it over every registered component family (and
fails when one is registered without a case); a new family's test file runs it over its own
cases (``tests/test_toy_component_family.py``).
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

import pytest

import nim
from nim import NimError, Rules

Key = Tuple[Any, ...]


@dataclass(frozen=True, eq=False)
class ComponentCase:
    """One rule string of a component family, with its game written independently of the package."""

    rule: str
    #: a position given as a plain value -> its components, in the test's own canonical form, in order
    read: Callable[[Any], Tuple[Any, ...]]
    #: every move of one component: the components it leaves (none, one or several), canonical
    options: Callable[[Any], Iterable[Tuple[Any, ...]]]
    #: small positions, every one checked (plain values, as nim.solve takes them)
    positions: Sequence[Any]
    #: a word explain must use: the theory it names
    theory: str
    #: the package's component (as ``family.component_value`` prints it) -> the test's form
    from_package: Optional[Callable[[Any], Any]] = None
    #: a position drawn at random, larger than ``positions`` (hypothesis hands the generator)
    larger: Optional[Callable[[Any], Any]] = None
    #: components a table of ``--upto upto`` lists are checked (the table hook's rows)
    upto: int = 6
    #: True for a whole-position game (Moore's Nim_k, a staircase): a position is one component
    whole: bool = False
    #: where the grader starts (default: the last of ``positions``)
    grade_start: Any = None
    #: what sets this case apart from another of the same rule string ("loopy")
    label: str = ""
    #: the layers (check names, "grade") that refuse this game in words, each with its words (a
    #: regex): a game solved alone and not as a part of a sum (a partizan board, a game with draws
    #: that is not won by the last move, ordinal values) has no component encoding to grade or play
    refuses: Dict[str, str] = field(default_factory=dict)
    memo: Dict[Key, int] = field(default_factory=dict, repr=False)

    @property
    def misere(self) -> bool:
        return Rules.parse(self.rule).misere

    @property
    def name(self) -> str:
        """The case's test id: its rule string (and what sets it apart from another of the same rules)."""
        return self.rule + (f"-{self.label}" if self.label else "")

    def convert(self, component: Any) -> Any:
        """The package's component (its plain value) in the test's canonical form."""
        if self.from_package is not None:
            return self.from_package(component)
        return self.read(component)[0] if self.whole else self.read([component])[0]

    def __str__(self) -> str:
        return self.rule


# -- the brute force ------------------------------------------------------------------------------

def canonical(case: ComponentCase, components: Iterable[Any]) -> Key:
    """A position's key: its components that can still move, sorted (a sum does not depend on
    their order, and a component without a move adds nothing)."""
    return tuple(sorted((c for c in components if any(True for _ in case.options(c))), key=repr))


def children(case: ComponentCase, key: Key) -> List[Key]:
    """Every position one move reaches, by the case's own move rule."""
    found = []
    for i, component in enumerate(key):
        rest = key[:i] + key[i + 1:]
        for left in case.options(component):
            found.append(canonical(case, rest + tuple(left)))
    return found


def brute_value(case: ComponentCase, position: Key) -> int:
    """+1 when the player to move wins, -1 when they lose, 0 when best play never ends (a draw).

    A retrograde analysis of the positions reachable from ``position`` that are not known yet
    (the positions a known one reaches are known: their values are final)."""
    memo = case.memo
    root = canonical(case, position)
    if root in memo:
        return memo[root]
    graph: Dict[Key, List[Key]] = {}
    stack = [root]
    while stack:
        key = stack.pop()
        if key in memo or key in graph:
            continue
        graph[key] = list(dict.fromkeys(children(case, key)))
        stack.extend(graph[key])
    value: Dict[Key, int] = {}
    waiting: Dict[Key, int] = {}
    parents: Dict[Key, List[Key]] = {key: [] for key in graph}
    ready: List[Key] = []
    for key, moves in graph.items():
        waiting[key] = len(moves)
        if not moves:
            value[key] = 1 if case.misere else -1
            ready.append(key)
            continue
        for child in moves:
            if child in graph:
                parents[child].append(key)
            elif memo[child] == -1:
                value[key] = 1
            elif memo[child] == 1:
                waiting[key] -= 1
        if key not in value and waiting[key] == 0:
            value[key] = -1
        if key in value:
            ready.append(key)
    while ready:
        child = ready.pop()
        for parent in parents[child]:
            if parent in value:
                continue
            if value[child] == -1:
                value[parent] = 1
                ready.append(parent)
            else:
                waiting[parent] -= 1
                if waiting[parent] == 0:
                    value[parent] = -1
                    ready.append(parent)
    for key in graph:
        memo[key] = value.get(key, 0)            # neither forced: best play goes on for ever
    return memo[root]


# -- reading the package's answers ----------------------------------------------------------------

def child_of(case: ComponentCase, rules: Rules, components: Key, move: Any) -> Key:
    """The position a package move (a ComponentMove) leaves, in the test's form."""
    family = rules.family
    assert 0 <= move.pile < len(components), (case.rule, components, move)
    left = tuple(case.convert(family.component_value(part)) for part in move.left)
    return canonical(case, components[:move.pile] + left + components[move.pile + 1:])


def check_move(case: ComponentCase, position: Any, value: int, move: Any) -> None:
    """A move is one of the brute force's, and it keeps the win (or the draw)."""
    rules = Rules.parse(case.rule)
    components = case.read(position)
    moves = children(case, canonical(case, components))
    if move is None:
        assert not moves, (case.rule, position)
        return
    child = child_of(case, rules, components, move)
    assert child in moves, (case.rule, position, move)
    if value > 0:
        assert brute_value(case, child) == -1, (case.rule, position, move)
    elif value == 0:
        assert brute_value(case, child) == 0, (case.rule, position, move)


# -- the checks -----------------------------------------------------------------------------------

def check_solve(case: ComponentCase) -> None:
    """nim.solve's value is the brute force's on every small position, and its move keeps it."""
    for position in case.positions:
        solution = nim.solve(position, case.rule)
        assert solution.value == brute_value(case, case.read(position)), (case.rule, position, solution)
        check_move(case, position, solution.value, solution.move)


def check_solver(case: ComponentCase) -> None:
    """A Solver of the rules answers as nim.solve, call after call (its memo kept)."""
    solver = nim.Solver(case.rule)
    for position in case.positions:
        solution = solver.solve(position)
        assert solution.value == brute_value(case, case.read(position)), (case.rule, position)
        check_move(case, position, solution.value, solution.move)


def check_analyze(case: ComponentCase) -> None:
    """analyze lists exactly the brute force's moves, each valued as the brute force values it."""
    rules = Rules.parse(case.rule)
    for position in case.positions[:60]:
        components = case.read(position)
        rows = nim.analyze(position, case.rule)
        reached = [child_of(case, rules, components, row.move) for row in rows]
        assert set(reached) == set(children(case, canonical(case, components))), (case.rule, position)
        for row, child in zip(rows, reached):
            assert row.value == -brute_value(case, child), (case.rule, position, row)


def check_explain(case: ComponentCase) -> None:
    """explain gives the brute force's value, names the rules and the theory it uses."""
    for position in case.positions[:: max(1, len(case.positions) // 12)]:
        explanation = nim.explain(position, case.rule)
        assert explanation.value == brute_value(case, case.read(position)), (case.rule, position)
        assert str(Rules.parse(case.rule)) in explanation.text
        assert case.theory.lower() in explanation.text.lower(), (case.rule, explanation.text)


def check_values(case: ComponentCase) -> None:
    """Solver.values over a batch of positions (a list: a row is a position as nim.solve takes it)."""
    positions = list(case.positions)
    values = nim.Solver(case.rule).values(positions)
    assert [int(v) for v in values] == [brute_value(case, case.read(p)) for p in positions]
    with pytest.raises(NimError, match="solve_many"):       # (pile, count) cannot hold these moves
        nim.Solver(case.rule).best_moves(positions[:2])


def check_solve_many(case: ComponentCase) -> None:
    """solve_many (in process, in chunks) agrees row by row, moves included."""
    positions = list(case.positions)
    solutions = nim.solve_many(positions, case.rule, chunk_size=7)
    assert len(solutions) == len(positions)
    for position, solution in zip(positions, solutions):
        assert solution.value == brute_value(case, case.read(position)), (case.rule, position)
        check_move(case, position, solution.value, solution.move)


def run_cli(argv: List[str]) -> Tuple[int, str]:
    """``nimcore ARGV`` in this process: its exit status and what it wrote to stdout."""
    from nim.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(argv)
    return status, out.getvalue()


def check_batch_command(case: ComponentCase) -> None:
    """``nimcore solve --batch FILE --rules R --json``: one answer a line, each the brute force's."""
    positions = list(case.positions[:40])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "positions.txt")
        with open(path, "w") as stream:
            stream.write("# one position a line\n\n")
            stream.writelines(json.dumps(p) + "\n" for p in positions)
        status, out = run_cli(["solve", "--batch", path, "--rules", case.rule, "--json"])
        assert status == 0, out
        answers = [json.loads(line) for line in out.splitlines()]
        assert [a["line"] for a in answers] == list(range(3, 3 + len(positions)))
        assert [a["value"] for a in answers] == [brute_value(case, case.read(p)) for p in positions]
        status, text = run_cli(["solve", "--batch", path, "--rules", case.rule])
        assert status == 0 and len(text.splitlines()) == len(positions) + 1, text


def check_table(case: ComponentCase) -> None:
    """``nimcore table --rules R --json``: each row's outcome is the brute force's for that
    component alone, its winning moves are exactly the brute force's; or a refusal in words."""
    rules = Rules.parse(case.rule)
    status, out = run_cli(["table", "--rules", case.rule, "--upto", str(case.upto), "--json"])
    if status != 0:
        # a family without a table form says so (exit status 2, one line)
        assert status == 2, out
        assert rules.family.table_rows(case.upto) is None
        return
    table = json.loads(out)
    assert table["rules"] == str(rules) and table["rows"], table
    for row in table["rows"]:
        component = case.convert(row["component"])
        truth = brute_value(case, (component,))
        assert row["value"] == truth, (case.rule, row)
        lost = {child for child in children(case, (component,)) if brute_value(case, child) == -1}
        shown = {canonical(case, (case.convert(part) for part in left)) for left in row["winning"]}
        assert shown == lost, (case.rule, row)


def reachable(case: ComponentCase, position: Key) -> List[Key]:
    """Every position reachable from ``position`` (itself included), by the case's own moves."""
    seen = {canonical(case, position)}
    stack = list(seen)
    while stack:
        for child in children(case, stack.pop()):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return list(seen)


def check_grade(case: ComponentCase) -> None:
    """The grader grades every position reachable from the start with a move to make: an agent that
    picks its moves by the brute force keeps every win and holds every draw; one that always plays
    the first move listed keeps the win exactly where the brute force says that move does; a
    Q-table is refused in words."""
    from nim.study.grade import grade

    rules = Rules.parse(case.rule)
    start = case.grade_start if case.grade_start is not None else case.positions[-1]

    def as_test(position: Any) -> Key:
        if case.whole:
            return (case.convert(position),)
        return tuple(case.convert(value) for value in position)

    asked: List[int] = []             # the brute force's value of each position the grader asks about
    asked_keys = set()

    def perfect(position: Any) -> Any:
        components = as_test(position)
        asked.append(brute_value(case, components))
        asked_keys.add(canonical(case, components))
        rows = nim.analyze(position, case.rule)
        chosen = [row.move for row in rows if brute_value(case, child_of(case, rules, components, row.move)) < 0]
        held = [row.move for row in rows if brute_value(case, child_of(case, rules, components, row.move)) == 0]
        return (chosen or held or [rows[0].move])[0]

    keeps: List[bool] = []            # what the brute force says of each first move, in a won position

    def first(position: Any) -> Any:
        move = nim.analyze(position, case.rule)[0].move
        components = as_test(position)
        if brute_value(case, components) > 0:
            keeps.append(brute_value(case, child_of(case, rules, components, move)) < 0)
        return move

    # a full SOS row "moves" to itself in the brute force (its draw): no move to make there
    graded = [key for key in reachable(case, case.read(start)) if set(children(case, key)) - {key}]
    won = [key for key in graded if brute_value(case, key) > 0]
    drawn = [key for key in graded if brute_value(case, key) == 0]
    good = grade(perfect, case.rule, start)
    # (the grader may tell apart positions the brute force takes as one: an SOS row and its mirror)
    assert asked_keys == set(graded) and len(won) <= good.won and len(drawn) <= good.drawn, (case.rule, good)
    assert (good.positions, good.won, good.drawn) == (len(asked), asked.count(1), asked.count(0)), (case.rule, good)
    assert good.illegal == 0 and good.kept == good.won and good.held == good.drawn, (case.rule, good)
    careless = grade(first, case.rule, start)
    assert careless.illegal == 0 and careless.won == good.won == len(keeps)
    assert careless.kept == sum(keeps), (case.rule, careless)
    with pytest.raises(NimError, match="callable"):
        grade({}, case.rule, start)


def check_pettingzoo(case: ComponentCase, start: Any) -> None:
    """``components_v0``: PettingZoo's own API test passes, and its oracle is the brute force's
    in every position two agents playing its best moves meet; the winner is the brute force's."""
    import warnings

    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from nim.interop.envs import components_v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(components_v0.env(position=start, rules=case.rule), num_cycles=20)
    game = components_v0.raw_env(position=start, rules=case.rule, oracle=True)
    game.reset(seed=1)
    first = game.agent_selection
    final: Dict[str, float] = {}
    for agent in game.agent_iter():
        _, reward, ended, cut, info = game.last()
        if ended or cut:
            final[agent] = float(reward)
            game.step(None)
            continue
        position = info["position"]
        here = (case.convert(position),) if case.whole else tuple(case.convert(v) for v in position)
        assert info["value"] == brute_value(case, here), (case.rule, position)
        game.step(info["best_move"])
    truth = brute_value(case, case.read(start))
    if truth == 0:                # a draw: it ends drawn, or is cut short, 0 each
        assert sorted(final.values()) == [0.0, 0.0], (case.rule, start, final)
        return
    winner = first if truth > 0 else next(a for a in game.possible_agents if a != first)
    assert final[winner] == 1.0 and sorted(final.values()) == [-1.0, 1.0], (case.rule, start, final)


def check_environments(case: ComponentCase) -> None:
    """``ComponentEnv`` (Gymnasium's own checker passes) against the brute force: its oracle's value
    is the brute force's in every position an episode meets, its oracle's move keeps the win, an
    agent that plays the first legal action loses every start the brute force says is lost (NimX
    optimal); a start from which play can go on for ever is refused in words. ``NimEnv``,
    PettingZoo's ``nim_v0`` and OpenSpiel play heaps: they refuse these games in words."""
    from nim import InvalidRulesError

    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from nim.interop.envs import ComponentEnv, NimEnv, nim_v0

    start = case.grade_start if case.grade_start is not None else case.positions[-1]
    with pytest.raises(InvalidRulesError, match="ComponentEnv"):
        NimEnv(piles=start, rules=case.rule)
    with pytest.raises(InvalidRulesError, match="components_v0"):
        nim_v0.env(piles=start, rules=case.rule)
    words = case.refuses.get("environments")
    if words is not None:                   # a game solved alone: both environments refuse it, in words
        from nim.interop.envs import components_v0

        with pytest.raises(NimError, match=words):
            ComponentEnv(start, case.rule)
        with pytest.raises(NimError, match=words):
            components_v0.env(position=start, rules=case.rule)
        return
    check_pettingzoo(case, start)
    rules = Rules.parse(case.rule)

    def as_test(position: Any) -> Key:
        return (case.convert(position),) if case.whole else tuple(case.convert(value) for value in position)

    env = ComponentEnv(start, case.rule, oracle=True)
    check_env(env, skip_render_check=True)
    for play_best in (True, False):
        _, info = env.reset(seed=5)
        truth = brute_value(case, case.read(start))
        reward, done = 0.0, False
        while not done:
            here = as_test(info["position"])
            assert info["value"] == brute_value(case, here), (case.rule, info["position"])
            action = info["best_move"] if play_best else int(info["action_mask"].nonzero()[0][0])
            if play_best and info["value"] > 0:
                move = env.move(env.state, action)
                assert brute_value(case, child_of(case, rules, here, move)) < 0, (case.rule, here, move)
            _, reward, ended, cut, info = env.step(action)
            done = ended or cut          # a draw that goes on for ever is cut short, reward 0
        if play_best:
            assert reward == float(truth), (case.rule, start)
        elif truth < 0:
            assert reward == -1.0, (case.rule, start)
    pyspiel = pytest.importorskip("pyspiel")
    from nim.interop.openspiel import load_game

    with pytest.raises(InvalidRulesError, match="take-any"):
        load_game(start, case.rule)
    assert pyspiel is not None


CHECKS = [check_solve, check_solver, check_analyze, check_explain, check_values, check_solve_many,
          check_batch_command, check_table, check_grade, check_environments]


def run_check(case: ComponentCase, check: Callable[[ComponentCase], None]) -> None:
    """Run a check on a case; a layer the case says refuses the game must refuse it, in its words."""
    words = case.refuses.get(check.__name__.removeprefix("check_"))
    if words is None or check is check_environments:        # (which checks its refusals itself)
        check(case)
        return
    with pytest.raises(NimError, match=words):
        check(case)


def by_name(checks: Optional[List[Callable[[Any], None]]] = None) -> List[object]:
    """pytest params of every check, named."""
    return [pytest.param(check, id=check.__name__.removeprefix("check_")) for check in (checks or CHECKS)]


def positions_of(components: Sequence[Any], most: int = 2) -> List[List[Any]]:
    """Every sum of 1 to ``most`` of ``components`` (each multiset once), as plain lists."""
    found: List[List[Any]] = []
    for count in range(1, most + 1):
        found.extend(list(c) for c in itertools.combinations_with_replacement(components, count))
    return found
