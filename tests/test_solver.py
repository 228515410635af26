"""nim.Solver: one rule set's engines and tables kept across calls; nim.solve and
nim.analyze as thin wrappers over a cached default Solver. Checked against
brute force (tests/oracles.py) and against the other paths."""

import itertools
import threading

import pytest

import nim
from nim.solving.defaults import default_solver
from nim.solving.solver import Solver

import oracles

#: Solved by the tt engine in a few hundred thousand nodes.
MEDIUM = [28, 28, 2, 3, 3, 12, 27, 6]
#: About 10 million tt nodes: far more than the small limits below allow.
HARD = [28, 28, 2, 3, 3, 12, 27, 6, 24, 26]


def _small_positions():
    for n in range(4):
        yield from itertools.product(range(5), repeat=n)


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_every_small_position_against_brute_force(rules):
    solver = Solver(rules)
    for piles in _small_positions():
        solution = solver.solve(piles)
        assert solution.value == oracles.value(rules, piles), piles
        if solution.move is not None and solution.value > 0:
            child = list(piles)
            child[solution.move.pile] -= solution.move.count
            assert solution.move.count in oracles.takes(rules, piles[solution.move.pile])
            assert oracles.value(rules, tuple(child)) == -1, (piles, solution.move)
        for method in ("tt", "alphabeta"):
            assert solver.solve(piles, method).value == solution.value, (piles, method)


def test_the_table_is_kept_between_calls():
    solver = Solver("misere,max=3")
    first = solver.solve(MEDIUM, "tt")
    assert first.method == "tt" and first.nodes > 1000
    again = solver.solve(MEDIUM, "tt")
    assert again[:2] == first[:2]
    assert again.nodes < first.nodes // 100       # what the proof needs is in the table
    # a new Solver starts from an empty table: same answer, same work as the first
    fresh = Solver("misere,max=3").solve(MEDIUM, "tt")
    assert fresh[:3] == first[:3]
    solver.clear()
    assert solver.solve(MEDIUM, "tt")[:3] == first[:3]


def test_nim_solve_and_analyze_use_one_cached_solver_per_rule_set():
    solver = default_solver("misere,max=3")
    assert default_solver("misere,max=3") is solver
    assert default_solver(nim.Rules.parse("misere,max=3")) is solver
    assert default_solver("misere,max=3", tt_mb=4) is not solver
    assert solver.rules == nim.Rules.parse("misere,max=3")
    solver.clear()

    first = nim.solve(MEDIUM, "misere,max=3", "tt").nodes
    assert nim.solve(MEDIUM, "misere,max=3", "tt").nodes < first // 100   # the table served it
    assert nim.analyze([5, 6, 7], "misere,max=3") == solver.analyze([5, 6, 7])


def test_per_call_limits_override_the_solvers():
    generous = Solver("misere,max=3")
    with pytest.raises(nim.SearchLimitError) as caught:
        generous.solve(HARD, "tt", node_limit=2000)
    assert caught.value.reason == "nodes" and caught.value.nodes == 2000
    strict = Solver("misere,max=3", node_limit=2000)
    with pytest.raises(nim.SearchLimitError):
        strict.solve(HARD, "tt")
    with pytest.raises(nim.SearchLimitError):
        strict.analyze(HARD)
    # a stopped search leaves the table sound: the next answers are exact
    for piles in [(5, 6, 7), (1, 4), (3, 3, 9, 2)]:
        assert strict.solve(piles, "tt").value == oracles.value("misere,max=3", piles)


@pytest.mark.parametrize("settings, match", [
    ({"tt_mb": 0}, "tt_mb"), ({"tt_mb": True}, "tt_mb"), ({"node_limit": -1}, "node_limit"),
    ({"time_limit": 0}, "time_limit"),
])
def test_bad_settings_are_refused(settings, match):
    with pytest.raises(nim.NimError, match=match):
        Solver("misere", **settings)
    with pytest.raises(nim.NimError, match=match):
        nim.solve([1, 2], "misere,max=3", **settings)


def test_bad_rules_and_methods():
    with pytest.raises(nim.InvalidRulesError, match="bogus"):
        Solver("bogus")
    with pytest.raises(nim.InvalidRulesError):
        nim.solve([1, 2], ["not", "rules"])
    with pytest.raises(nim.UnknownMethodError, match="magic"):
        Solver().solve([1, 2], "magic")


@pytest.mark.parametrize("rules", ["normal", "misere", "misere,max=3", "normal,half"])
def test_any_iterable_is_read_exactly_once(rules):
    """A generator was read twice (a fast check, then the general path): it looked empty."""
    with pytest.raises(nim.InvalidPositionError, match=r"\[3, -1, 5\]"):
        nim.solve((x for x in [3, -1, 5]), rules)
    with pytest.raises(nim.InvalidPositionError):
        Solver(rules).solve(x for x in [3, -1, 5])
    expected = nim.solve([3, 4, 6], rules)[:2]        # value and move (nodes depend on the table)
    assert nim.solve((x for x in [3, 4, 6]), rules)[:2] == expected
    assert nim.solve(iter([3, 4, 6]), rules)[:2] == expected
    assert nim.solve(map(int, "346"), rules)[:2] == expected
    assert nim.analyze((x for x in [3, 4]), rules) == nim.analyze([3, 4], rules)


def test_one_solver_shared_by_threads_gives_the_sequential_answers():
    rules = "misere,max=3"
    positions = [tuple((7 * i + 3 * j) % 19 for j in range(5)) for i in range(24)]
    expected = [oracles.value(rules, p) for p in positions]
    solver = Solver(rules)
    answers = {}

    def work(offset):
        for i in range(offset, len(positions), 4):
            answers[i] = solver.solve(positions[i], "tt").value   # the shared table

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answers[i] for i in range(len(positions))] == expected


def _single_pile_remoteness(rules, top):
    """(value, remoteness) of a lone pile 0..top by DP (the winner hurries, the loser delays)."""
    table = []
    for n in range(top + 1):
        children = [table[n - t] for t in oracles.takes(rules, n)]
        if not children:
            table.append((1 if rules.startswith("misere") else -1, 0))
            continue
        losing = [r for v, r in children if v < 0]
        table.append((1, 1 + min(losing)) if losing else (-1, 1 + max(r for _, r in children)))
    return table


@pytest.mark.parametrize("rules", ["misere,half", "normal,max=3", "misere,set=2;3"])
def test_depths_of_a_large_lone_pile_share_the_endgame_tables(rules):
    """analyze([4000], 'misere,half') refilled the endgame tables per move (11 s)."""
    table = _single_pile_remoteness(rules, 600)
    rows = Solver(rules).analyze([600, 0])
    assert [tuple(r.move) for r in rows] == [(0, t) for t in oracles.takes(rules, 600)]
    for row in rows:
        value, depth = table[600 - row.move.count]
        assert (row.value, row.depth) == (-value, depth), row


def test_endgame_tables_kept_between_searches_give_the_fresh_answers():
    from nimcore import tt
    from nimcore.search import Search
    from nimcore.ttable import TranspositionTable

    rules = nim.Rules.parse("misere,max=3")
    endgames = tt.Endgames()
    for piles in ([5, 9], [30, 40, 2], [12], [41, 3, 7, 7], [2, 2]):   # narrower, then wider
        for distance in (False, True):
            kept = tt.search(Search(rules.core, piles), TranspositionTable(16), distance,
                             endgames=endgames)
            fresh = tt.search(Search(rules.core, piles), TranspositionTable(16), distance)
            assert kept[0] == fresh[0], (piles, distance)


def test_nim_solve_and_values_from_threads():
    """nim.solve from several threads gives the sequential answers, and so do two
    threads' values() on one Solver (its kernel runs with the GIL released)."""
    import numpy

    rules = "misere,half"
    positions = [[(5 * i + 11 * j) % 37 for j in range(4)] for i in range(300)]
    expected = [oracles.value(rules, tuple(p)) if max(p) < 12 else None for p in positions]
    sequential = [nim.solve(p, rules)[:2] for p in positions]
    results = [None] * 4

    def work(k):
        results[k] = [nim.solve(p, rules)[:2] for p in positions]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(r == sequential for r in results)
    assert all(e is None or s[0] == e for s, e in zip(sequential, expected))
    batch = numpy.array(positions * 100, dtype=numpy.uint32)
    solver = Solver(rules)
    answers = {}
    threads = [threading.Thread(target=lambda k=k: answers.__setitem__(k, solver.values(batch)))
               for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert list(answers[0]) == list(answers[1]) == [s[0] for s in sequential] * 100


def test_the_default_solvers_stay_few():
    from nim.solving import defaults as solver_module

    for k in range(1, 60):
        assert nim.solve([k, 2], f"misere,max={k}").value == oracles.value(f"misere,max={k}", (k, 2))
        nim.solve([1], f" misere ,max={k}")                  # another spelling of the same rules
    assert len(solver_module._SOLVERS) <= solver_module.DEFAULT_SOLVERS
    assert len(solver_module._SOLVERS_BY_ARGUMENT) <= 4 * solver_module.DEFAULT_SOLVERS


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_the_compiled_fast_path_gives_the_general_paths_answers(rules):
    solver = Solver(rules)
    assert solver.exact_theory is not None            # every rule set tried has (C)
    for piles in [[], [0], [7], [3, 4, 5], [1, 1, 1], [2**63 - 1, 5], [2**63, 5], [10**30, 3]]:
        fast = solver.solve(piles)
        general = solver.solve_general(tuple(piles), "auto", {})
        assert fast[:4] == general[:4], piles
        assert type(fast) is nim.Solution and (fast.move is None or type(fast.move) is nim.Move)
        assert isinstance(fast.seconds, float)


def test_a_calls_limits_keep_the_solvers_table_size():
    solver = Solver("misere,max=3", tt_mb=2)
    assert solver.call_options(node_limit=5).tt_mb == 2
    with pytest.raises(nim.SearchLimitError, match="of 2 MB"):
        solver.solve(HARD, "tt", node_limit=300_000)
