"""Limits of the tt engine and nim.analyze: nodes, time, table size, Ctrl-C, progress."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

import nim
from nim import progress as progress_module
from nim.cli import main

#: Solved by tt in about 10 million nodes: far more than the limits below allow.
HARD = [28, 28, 2, 3, 3, 12, 27, 6, 24, 26]
#: Out of reach: runs until stopped.
HOPELESS = HARD + [25, 19]


def test_node_limit_raises_a_search_limit_error() -> None:
    with pytest.raises(nim.SearchLimitError) as caught:
        nim.solve(HARD, "misere,max=3", "tt", node_limit=50_000)
    error = caught.value
    assert error.reason == "nodes"
    assert error.nodes == 50_000
    assert "node limit" in str(error) and "28, 28, 2" in str(error) and "table entries" in str(error)


def test_time_limit_raises_a_search_limit_error() -> None:
    with pytest.raises(nim.SearchLimitError) as caught:
        nim.solve(HOPELESS, "misere,max=3", "tt", time_limit=0.2, node_limit=None)
    assert caught.value.reason == "time"
    assert "time limit" in str(caught.value)


def test_analyze_limits_hold_for_the_whole_analysis() -> None:
    with pytest.raises(nim.SearchLimitError) as caught:
        nim.analyze([6, 7, 8, 9], "misere,max=3", node_limit=100)
    assert caught.value.reason == "nodes"
    assert "analysis" in str(caught.value)
    with pytest.raises(nim.SearchLimitError):
        nim.analyze(HOPELESS, "misere,max=3", time_limit=0.2)   # depths need the search


@pytest.mark.parametrize("flags", [["--node-limit", "20000"], ["--time-limit", "0.2", "--node-limit", "0"]])
def test_cli_limit_exits_3_with_one_line(flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["solve", *map(str, HOPELESS), "--misere", "--max-take", "3", "--method", "tt", *flags])
    assert status == 3
    err = capsys.readouterr().err
    assert err.startswith("nimcore: error: tt stopped after ")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_cli_small_table_still_solves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1", "13", "14", "20", "1", "15", "9", "8", "--misere", "--max-take", "3",
                 "--tt-mb", "1", "--method", "tt", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["value"] == nim.solve([1, 13, 14, 20, 1, 15, 9, 8], "misere,max=3").value
    assert payload["method"] == "tt"


@pytest.mark.parametrize("mb", ["0", "-5", "9999999999"])
def test_cli_bad_table_size_exits_2(mb: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1", "2", "3", "--misere", "--max-take", "3", "--tt-mb", mb]) == 2
    assert "--tt-mb" in capsys.readouterr().err


@pytest.mark.parametrize("bad", [{"time_limit": 0}, {"time_limit": -1.0}, {"node_limit": -1},
                                 {"node_limit": 2.5}])
def test_bad_limits_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(nim.NimError):
        nim.solve([1, 2, 3], "misere,max=3", **bad)  # type: ignore[arg-type]


def test_ctrl_c_stops_the_search_with_status_130_and_no_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "nim", "solve", *map(str, HOPELESS), "--misere", "--max-take", "3",
         "--method", "tt", "--node-limit", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        time.sleep(1.5)                          # past start-up: the search is running
        assert process.poll() is None
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)   # a hang fails here
        waited = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err == "nimcore: error: interrupted\n", err
    assert out == ""
    print(f"stopped {waited * 1000:.0f} ms after SIGINT")   # measured: ~50 ms


def test_ctrl_c_in_python_raises_keyboard_interrupt() -> None:
    code = (
        "import nim, signal, threading, os\n"
        "threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "try:\n"
        f"    nim.solve({HOPELESS}, 'misere,max=3', 'tt', node_limit=None)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert result.stdout == "interrupted\n", result.stderr


def test_progress_shows_nodes_rate_and_table_fill(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(progress_module, "QUIET_SECONDS", 0.0)
    # the core reports at most every 0.1 s: give the search a full second
    with pytest.raises(nim.SearchLimitError):
        nim.solve(HOPELESS, "misere,max=3", "tt", node_limit=None, time_limit=1.0, progress=True)
    err = capsys.readouterr().err
    assert "nodes" in err and "table" in err and "full" in err
    assert "nodes/s" in err


def test_no_progress_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    nim.solve([1, 13, 14, 20, 1, 15, 9, 8], "misere,max=3", "tt", progress=None)
    assert capsys.readouterr().err == ""


def test_time_limit_holds_with_many_piles() -> None:
    """A node costs O(piles): checkpoints come more often, so the limit still holds."""
    piles = [(7 * i) % 29 + 1 for i in range(20_000)]
    started = time.monotonic()
    with pytest.raises(nim.SearchLimitError) as caught:
        nim.solve(piles, "misere,max=3", "tt", time_limit=0.3)
    assert caught.value.reason == "time"
    assert time.monotonic() - started < 30        # a hang fails; measured: about 0.3 s


class _BrokenProgress:
    """A progress display with a bug: its call raises TypeError."""

    calls = 0

    def __call__(self, nodes: int, seconds: float) -> None:
        _BrokenProgress.calls += 1
        raise TypeError(f"cannot show {nodes!r}")

    def close(self) -> None:
        pass


@pytest.mark.parametrize("method", ["tt", "minimax"])
def test_a_progress_callback_error_is_kept_not_reported_as_ctrl_c(
        monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """Only KeyboardInterrupt is an interruption: a TypeError from the callback comes out as itself."""
    monkeypatch.setattr(nim.solving.engines, "search_progress", lambda *args, **kwargs: _BrokenProgress())
    _BrokenProgress.calls = 0
    piles, rules = (HOPELESS, "misere,max=3") if method == "tt" else ([1, 2, 3, 4, 5], "misere,max=9")
    with pytest.raises(TypeError, match="cannot show") as caught:
        nim.solve(piles, rules, method, node_limit=None, time_limit=20, progress=True)
    assert _BrokenProgress.calls == 1          # the search stopped at the first failing call
    # the traceback reaches into the callback, where the bug is
    assert caught.traceback[-1].name == "__call__"


def test_a_keyboard_interrupt_from_the_progress_callback_is_ctrl_c() -> None:
    from nimcore import minimax
    from nimcore.search import Search

    def interrupt(nodes: int, seconds: float) -> None:
        raise KeyboardInterrupt

    search = Search(nim.Rules.parse("misere,max=9").core, [1, 2, 3, 4, 5], progress=interrupt)
    minimax.search(search, False)
    assert search.stop_reason == "interrupt" and search.error is None


_RSS_SCRIPT = """
import resource, sys
from nim.cli import main
status = main(sys.argv[1:])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, status)
"""


def _peak_rss_mb(*args: str) -> tuple[float, int]:
    """Peak RSS in MB of `nimcore solve ARGS` in a fresh process, and its exit status."""
    done = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, "solve", *args],
                          capture_output=True, text=True, timeout=120, check=False)
    kilobytes, status = done.stdout.split()[-2:]
    return int(kilobytes) / 1024, int(status)


@pytest.mark.parametrize("piles, take", [(["4095", "4095", "4094"], "1"), (["1", "4294967295"], "3")])
def test_tt_mb_bounds_all_the_tt_engine_holds(piles: list[str], take: str) -> None:
    """--tt-mb counts the endgame tables and the search frames too (they took 64 MB and 400 MB)."""
    mb = 8
    baseline, _ = _peak_rss_mb("1", "2", "--misere", "--max-take", "3", "--tt-mb", str(mb))
    peak, status = _peak_rss_mb(*piles, "--misere", "--max-take", take, "--tt-mb", str(mb),
                                "--node-limit", "3000000", "--method", "tt")
    assert status == 3       # the node limit, or the memory bound: a clean stop either way
    assert peak - baseline <= 1.1 * mb + 1, (baseline, peak)    # 1 MB for allocator noise


def test_a_game_deeper_than_the_memory_allows_names_tt_mb() -> None:
    with pytest.raises(nim.SearchLimitError, match="tt-mb") as caught:
        nim.solve([1, 2**32 - 1], "misere,max=3", "tt", tt_mb=1)
    assert caught.value.reason == "memory"
