"""The misère table of a take-and-break game past its quotient's heaps, and commands that
may search for very long (issue 42 item 16's "bounded, with progress"; issue 40 item 12's
siblings): a time limit bounds the whole table, and without one a command in a pipe says
once how to bound it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest

from nim import Limits, Rules, SearchLimitError


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path))
    return tmp_path


def first_stderr_line(cache: Path, *argv: str) -> str:
    """The first line a command writes on stderr (a pipe: no progress bar), then it is stopped."""
    process = subprocess.Popen([sys.executable, "-m", "nim", *argv], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})
    try:
        return process.stderr.readline()     # type: ignore[union-attr]
    finally:
        process.kill()
        process.communicate()


@pytest.mark.parametrize("rule, game, upto", [("misere,dawson-kayles", "0.07", 16), ("misere,kayles", "0.77", 14),
                                              ("misere,grundy-game", "grundy-game", 14)])
def test_the_searched_misere_table_agrees_with_the_brute_force(cache: Path, monkeypatch: pytest.MonkeyPatch,
                                                               rule: str, game: str, upto: int) -> None:
    """The rows solved by search (no quotient: the path past a quotient's heaps), each
    against tests/takebreak_oracle.py, under a time limit the table shares out."""
    import takebreak_oracle as oracle
    from nim.takebreak import quotient_memo as takebreak_quotient
    from nim.solving.tables import misere_heap_table

    monkeypatch.setattr(takebreak_quotient, "quotient_for", lambda *args, **kwargs: None)
    values, _, takes, movable = misere_heap_table(Rules.parse(rule), upto, Limits(time=600))
    for heap in range(upto + 1):
        assert (values[heap] > 0) == oracle.wins(game, True, (heap,)), (rule, heap)
        winning = sorted({heap - sum(parts) for parts in oracle.options(game, heap)
                          if not oracle.wins(game, True, parts)})
        assert list(takes[heap]) == winning, (rule, heap)
        assert movable[heap] == bool(oracle.options(game, heap))


def test_a_time_limit_bounds_the_whole_searched_table(cache: Path) -> None:
    from nim.solving.tables import misere_heap_table

    with pytest.raises(SearchLimitError, match="stopped at heap .* on its time limit") as stopped:
        misere_heap_table(Rules.parse("misere,dawson-kayles"), 300, Limits(time=0.5))
    assert stopped.value.reason == "time"


def test_nimcore_table_with_a_time_limit_ends_in_one_line(cache: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "nim", "table", "--game", "dawson-kayles", "--misere", "--upto",
                           "300", "--time-limit", "1"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})
    assert done.returncode == 3 and done.stdout == "", done.stderr[-300:]
    assert done.stderr.count("\n") == 1 and "on its time limit (1 s" in done.stderr


def test_a_table_that_searches_says_at_once_how_to_bound_it(cache: Path) -> None:
    line = first_stderr_line(cache, "table", "--game", "dawson-kayles", "--misere", "--upto", "300")
    assert line.startswith("nimcore table: ") and "may take very long" in line and "--time-limit" in line


def test_a_table_read_off_the_quotient_says_nothing(cache: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "nim", "table", "--game", "kayles", "--misere", "--upto",
                           "200000"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NIMCORE_CACHE_DIR": str(cache)})
    assert done.returncode == 0 and done.stderr == "" and done.stdout.count("\n") > 200_000


@pytest.mark.parametrize("extra", [[], ["--explain"], ["--all-moves"]])
def test_a_batch_or_an_explained_solve_that_searches_says_how_to_bound_it(cache: Path, tmp_path: Path,
                                                                          extra: List[Any]) -> None:
    """Issue 40, item 12: the batch and the explanation said nothing either."""
    positions = tmp_path / "positions.txt"
    positions.write_text("100 77 50\n")
    argv = ["solve", "--batch", str(positions)] if not extra else ["solve", "100", "77", "50", *extra]
    line = first_stderr_line(cache, *argv, "--rules", "misere,dawson-kayles")
    assert line.startswith("nimcore solve: ") and "may take very long" in line and "--time-limit" in line
