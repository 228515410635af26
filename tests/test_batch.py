"""Batches: Solver.values / best_moves over 2-D buffers, solve_many over executors
(threads, processes, a real Dask cluster), ``nimcore solve --batch``. Every path
is checked against serial nim.solve and brute force (tests/oracles.py)."""

import array
import builtins
import json
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import nim
from nim.solving.parallel import solve_many
from nim.cli import main
from nim.solving.solver import Solver

import oracles

numpy = pytest.importorskip("numpy", reason="NumPy is in the test extra: pip install '.[test]'")


def _random_rows(seed, n, width, top):
    rng = random.Random(seed)
    return [[rng.randrange(top + 1) for _ in range(rng.randrange(width + 1))] for _ in range(n)]


def _padded(rows):
    width = max(len(r) for r in rows)
    return [r + [0] * (width - len(r)) for r in rows]


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_values_and_best_moves_against_brute_force_and_solve(rules):
    solver = Solver(rules)
    rows = _random_rows(1, 150, 4, 7)
    values = solver.values(rows)
    piles, counts = solver.best_moves(rows)
    assert values.dtype == numpy.int8 and piles.dtype == counts.dtype == numpy.int64
    assert len(values) == len(piles) == len(counts) == len(rows)
    for row, value, pile, count in zip(rows, values, piles, counts):
        assert value == oracles.value(rules, tuple(row)), row
        expected = solver.solve(row)
        assert value == expected.value
        if expected.move is None:
            assert (pile, count) == (-1, -1), row
            continue
        assert count in oracles.takes(rules, row[pile]), (row, pile, count)
        if value > 0:                      # a winning move leaves a lost position
            child = list(row)
            child[pile] -= count
            assert oracles.value(rules, tuple(child)) == -1, (row, pile, count)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16", "int32", "uint32",
                                   "int64", "uint64"])
def test_every_integer_dtype_gives_the_same_answers(dtype):
    solver = Solver("normal,max=3")
    rows = _padded(_random_rows(2, 200, 6, 100))
    expected = [solver.solve(r).value for r in rows]
    batch = numpy.array(rows, dtype=dtype)
    assert list(solver.values(batch)) == expected
    assert list(solver.values(batch[:, ::-1])) == [solver.solve(r[::-1]).value for r in rows]
    assert [tuple(m) for m in zip(*solver.best_moves(batch))] == [
        tuple(solver.solve(r).move or (-1, -1)) for r in rows]


def test_plain_buffers_and_lists_without_numpy(monkeypatch):
    solver = Solver("normal,half")
    rows = _padded(_random_rows(3, 50, 5, 40))
    expected_values = list(solver.values(rows))
    expected_moves = [list(a) for a in solver.best_moves(rows)]
    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("no NumPy here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_numpy)
    values = solver.values(rows)
    assert isinstance(values, array.array) and values.typecode == "b"
    assert list(values) == expected_values
    flat = array.array("q", [p for r in rows for p in r])
    view = memoryview(flat).cast("B").cast("q", (len(rows), len(rows[0])))
    assert list(solver.values(view)) == expected_values
    piles, counts = solver.best_moves(view)
    assert piles.typecode == counts.typecode == "q"
    assert [list(piles), list(counts)] == expected_moves


def test_short_rows_are_padded_with_zeros_and_empty_batches_work():
    solver = Solver("misere")
    assert list(solver.values([[1], [1, 1], [], [2, 2, 0]])) == [-1, 1, 1, -1]
    assert len(solver.values([])) == 0
    assert list(solver.values(numpy.zeros((3, 0), dtype=numpy.int64))) == [1, 1, 1]
    piles, counts = solver.best_moves(numpy.zeros((2, 3), dtype=numpy.uint8))
    assert list(piles) == list(counts) == [-1, -1]


@pytest.mark.parametrize("batch, match", [
    (numpy.array([[1, 2], [3, -4]]), r"row 1, pile 1.*-4"),
    ([[1, 2], [3, 4, -1]], r"row 1, pile 2.*non-negative.*-1"),
    ([[1, 2], [3, 1.5]], r"row 1, pile 1.*whole numbers.*1\.5"),
    ([[1, 2], [3, "x"]], r"row 1, pile 1.*whole numbers.*'x'"),
    ([[1], [2**64]], r"row 1, pile 0.*2\*\*64"),
    ([[1], 5], r"row 1"),
    (numpy.array([[1.0, 2.0]]), "integers"),
    (numpy.array([1, 2, 3]), "2-D"),
    (numpy.zeros((2, 2, 2), dtype=int), "2-D"),
    ("1 2 3", "list of lists"),
    (None, "list of lists"),
])
def test_bad_batches_name_the_row_and_pile(batch, match):
    solver = Solver("misere,max=3")
    with pytest.raises(nim.InvalidPositionError, match=match):
        solver.values(batch)
    with pytest.raises(nim.InvalidPositionError, match=match):
        solver.best_moves(batch)


def test_solve_many_in_process_equals_serial_solve():
    rows = _random_rows(4, 300, 5, 12)
    for rules in ["misere", "misere,max=3", "normal,set=1;3;4"]:
        expected = [nim.solve(r, rules)[:2] for r in rows]
        assert [s[:2] for s in solve_many(rows, rules)] == expected
        assert [s[:2] for s in solve_many(rows, rules, chunk_size=7)] == expected
        assert [s[:2] for s in solve_many(numpy.array(_padded(rows)), rules)] == [
            nim.solve(r, rules)[:2] for r in _padded(rows)]
    assert solve_many([], "misere") == []


def test_solve_many_on_threads_and_processes():
    rows = _random_rows(5, 400, 6, 20)
    expected = [nim.solve(r, "misere,max=3", "tt")[:2] for r in rows]
    with ThreadPoolExecutor(3) as pool:
        assert [s[:2] for s in solve_many(rows, "misere,max=3", method="tt", executor=pool,
                                          chunk_size=9)] == expected
    with ProcessPoolExecutor(2) as pool:
        solutions = solve_many(rows, "misere,max=3", method="tt", executor=pool)
    assert [s[:2] for s in solutions] == expected
    assert all(type(s) is nim.Solution for s in solutions)
    seen = []
    assert len(solve_many(rows, "misere,max=3", chunk_size=100, on_progress=seen.append)) == 400
    assert seen == [100, 200, 300, 400]


def test_a_workers_error_comes_back_as_it_was():
    rows = [[1, 2], [28, 28, 2, 3, 3, 12, 27, 6, 24, 26], [3]]
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(nim.SearchLimitError, match=r"^row 1: tt stopped") as caught:
            solve_many(rows, "misere,max=3", method="tt", executor=pool, node_limit=500, chunk_size=1)
    assert caught.value.reason == "nodes" and caught.value.nodes == 500
    with pytest.raises(nim.InvalidPositionError, match=r"row 2: .*non-negative"):
        solve_many([[1], [2], [3, -3]], "misere")
    with pytest.raises(nim.UnknownMethodError, match="^unknown method 'magic'"):
        solve_many([[1]], "misere", method="magic")
    with pytest.raises(nim.NimError, match="chunk_size"):
        solve_many([[1]], "misere", chunk_size=0)
    with pytest.raises(nim.NimError, match="node_limit"):
        solve_many([[1]], "misere", node_limit=-5)


def test_solve_many_on_a_dask_cluster():
    distributed = pytest.importorskip(
        "distributed", reason="Dask is not installed (pip install 'dask[distributed]')")
    rows = _random_rows(6, 200, 5, 20)
    expected = [nim.solve(r, "misere,half")[:2] for r in rows]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            executor = client.get_executor()
            solutions = solve_many(rows, "misere,half", executor=executor, chunk_size=25)
            assert [s[:2] for s in solutions] == expected
            with pytest.raises(nim.SearchLimitError, match="row 0"):
                solve_many([[28, 28, 2, 3, 3, 12, 27, 6, 24, 26]], "misere,max=3",
                           method="tt", executor=executor, node_limit=100)


def test_cli_batch(tmp_path, capsys):
    rows = _random_rows(7, 60, 5, 15)
    path = tmp_path / "positions.txt"
    path.write_text("# one position per line\n" + "\n".join(" ".join(map(str, r)) for r in rows) + "\n")
    nonempty = [(i + 2, r) for i, r in enumerate(rows) if r]   # line numbers; blank lines skipped
    for workers in ("1", "2"):
        assert main(["solve", "--batch", str(path), "--misere", "--max-take", "3", "--json",
                     "--workers", workers]) == 0
        out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [(o["line"], o["piles"]) for o in out] == nonempty
        for o, (_, r) in zip(out, nonempty):
            expected = nim.solve(r, "misere,max=3")
            assert (o["value"], o["move"]) == (expected.value, list(expected.move) if expected.move else None)
    assert main(["solve", "--batch", str(path), "--half"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split("\t") == ["line", "piles", "value", "move", "method"]
    assert len(lines) == len(nonempty) + 1


@pytest.mark.parametrize("content, flags, match", [
    ("1 2\n3 x 4\n", [], "line 2, pile 1: 'x'"),
    ("1 2\n3 -4\n", [], "line 2, pile 1: '-4'"),
    ("1 2\n28 28 2 3 3 12 27 6 24 26\n",
     ["--misere", "--max-take", "3", "--method", "tt", "--node-limit", "100"],
     "line 2: tt stopped"),
    ("\n# nothing\n", [], "holds no positions"),
    ("1 2\n", ["--workers", "0"], "--workers"),
    ("1 2\n", ["--workers", "1000000"], "--workers"),
])
def test_cli_batch_errors_name_the_line(tmp_path, capsys, content, flags, match):
    path = tmp_path / "bad.txt"
    path.write_text(content)
    status = main(["solve", "--batch", str(path), *flags])
    err = capsys.readouterr().err
    assert status == (3 if "stopped" in match else 2)
    assert err.count("\n") == 1 and "Traceback" not in err
    assert match in err, err


def test_cli_batch_refuses_piles_too(capsys):
    assert main(["solve", "1", "2", "--batch", "x.txt"]) == 2
    assert "--batch" in capsys.readouterr().err


def test_rules_without_an_exact_theory_search_row_by_row():
    from hooks import assume_untame

    rows = _random_rows(8, 40, 4, 9)
    with assume_untame("misere,set=2;3") as rules:
        solver = Solver(rules)
        assert solver.exact_theory is None
        values = solver.values(rows)
        piles, counts = solver.best_moves(rows)
        for row, value, pile, count in zip(rows, values, piles, counts):
            solution = solver.solve(row)
            assert solution.method == "tt"
            assert value == solution.value == oracles.value("misere,set=2;3", tuple(row))
            assert (pile, count) == (tuple(solution.move) if solution.move else (-1, -1))
        with pytest.raises(nim.InvalidPositionError, match="row 1, pile 0"):
            solver.values([[2], [-2]])
        with pytest.raises(nim.SearchLimitError, match="^row 1: "):
            Solver(rules, node_limit=50).values([[2], list(range(2, 40, 3))])


@pytest.mark.parametrize("rules", oracles.RULE_STRINGS)
def test_analyze_values_by_theory_against_brute_force(rules):
    solver = Solver(rules)
    for piles in [(), (0,), (1,), (7,), (3, 4), (2, 5, 6), (1, 1, 8), (4, 0, 9)]:
        rows = solver.analyze(piles, depth=False)
        moves = list(oracles.moves(rules, piles))
        assert [tuple(r.move) for r in rows] == [move for move, _ in moves], piles
        for row, (_, child) in zip(rows, moves):
            assert row.value == -oracles.value(rules, child), (piles, row)
            assert row.depth is None
        with_depths = solver.analyze(piles)
        assert [(r.move, r.value) for r in with_depths] == [(r.move, r.value) for r in rows]


def test_analyze_of_a_huge_lone_pile_by_theory():
    """16.4: analyze([300000]) took 18.5 s, one search per move; now one summary."""
    rows = nim.analyze([300_000], depth=False)
    assert len(rows) == 300_000
    assert [r.value for r in rows[:3]] == [1, -1, -1]       # only taking everything wins
    rows = nim.analyze([4000], "misere,half", depth=False)
    assert len(rows) == 2000
    for row in rows[::97]:
        assert row.value == -nim.solve([4000 - row.move.count], "misere,half", "tt").value
    with pytest.raises(nim.NimError, match="legal moves"):
        nim.analyze([10**12], depth=False)


def test_cli_batch_reads_standard_input_and_caps_lines(monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 2 3\n4 1\n")))
    assert main(["solve", "--batch", "-", "--misere", "--json"]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(o["line"], o["value"]) for o in out] == [(1, nim.solve([1, 2, 3], "misere").value),
                                                       (2, nim.solve([4, 1], "misere").value)]
    assert main(["solve", "--batch", "/dev/zero"]) == 2          # one endless line: refused
    err = capsys.readouterr().err
    assert "line 1: longer than" in err and err.count("\n") == 1


def test_ctrl_c_stops_a_huge_batch():
    """4 * 10**9 rows (a broadcast view: no memory) take a minute; Ctrl-C stops them."""
    import subprocess
    import sys

    code = (
        "import os, signal, threading, numpy, nim\n"
        "rows = numpy.broadcast_to(numpy.arange(5, dtype=numpy.uint8), (4 * 10**9, 5))\n"
        "solver = nim.Solver('misere,max=3')\n"
        "threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "try:\n"
        "    solver.values(rows)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    # uninterrupted, the batch runs past the timeout: a hang fails here
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert result.stdout == "interrupted\n", result.stderr
