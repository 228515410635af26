"""The research surface (issue 33 item 6): codes written as the literature writes
them, ``octal_period`` of a bare code, and ``--plot`` drawing every value."""

from __future__ import annotations

from typing import List, Set, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import nim
from nim import Rules
from nim.takebreak.plot import column_points
from takebreak_oracle import sequence


@pytest.mark.parametrize("written, canonical", [
    ("4", "4.0"), ("4.", "4.0"), (" 4 ", "4.0"), (".6", "0.6"), (".16", "0.16"), ("0.6", "0.6"),
    ("4.07", "4.07"), (".70", "0.7"),
])
def test_codes_as_the_literature_writes_them(written, canonical):
    assert Rules(octal=written) == Rules(octal=canonical)
    assert Rules(octal=written).octal == canonical
    assert Rules.parse(f"normal,octal={written.strip()}") == Rules(octal=canonical)


def test_code_4_is_split_a_heap_in_two():
    # 4.0: a move splits a heap into two non-empty heaps, taking nothing
    expected = sequence("4.", 30)
    assert nim.octal.nim_sequence(Rules(octal="4"), 30).tolist() == expected


def test_octal_period_takes_a_bare_code():
    by_code = nim.octal.octal_period("0.56")
    by_rules = nim.octal.octal_period(Rules(octal="0.56"))
    assert (by_code.preperiod, by_code.period) == (by_rules.preperiod, by_rules.period)
    assert by_code.period == 144            # the published period of 0.56
    assert by_code.values[:1500].tolist() == sequence("0.56", 1500)
    assert (nim.octal.octal_period(".6", max_heaps=2000).values
            == nim.octal.octal_period("0.6", max_heaps=2000).values)
    with pytest.raises(nim.NimError, match="digit 8"):
        nim.octal.octal_period("0.8")


def brute_columns(values: List[int], columns: int) -> Set[Tuple[int, int]]:
    """(column, value) for every heap: the heaps cut into ``columns`` near-equal runs."""
    n = len(values)
    if n <= columns:
        return {(i, v) for i, v in enumerate(values)}
    pairs = set()
    for i, v in enumerate(values):
        column = next(c for c in range(columns) if c * n // columns <= i < (c + 1) * n // columns)
        pairs.add((column, v))
    return pairs


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=300), st.integers(1, 60))
def test_plot_draws_every_value_of_each_column(values, columns):
    xs, ys = column_points(values, columns)
    n = len(values)
    expected = brute_columns(values, columns)
    if n <= columns:
        drawn = {(int(x), y) for x, y in zip(xs, ys)}
    else:   # x is the middle heap of the column: recover the column from it
        drawn = set()
        for x, y in zip(xs, ys):
            heap = int(x)
            column = next(c for c in range(columns) if c * n // columns <= heap < (c + 1) * n // columns)
            drawn.add((column, y))
    assert drawn == expected
    assert len(xs) == len(expected)      # each (column, value) once
    assert set(ys) == set(values)


def test_plot_of_0_56_loses_no_value_of_its_period():
    # every 3rd heap of the 144-long period shows 7 of its values: the columns show them all
    result = nim.octal.octal_period("0.56", max_heaps=100_000)
    xs, ys = column_points(result.values, 800)
    assert set(ys) == set(result.values.tolist())
    assert {29, 33} <= set(ys)


def test_plot_file_and_title(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    from nim.takebreak.plot import plot_sequence

    result = nim.octal.octal_period("0.137")           # pre-period 52, period 34
    path = tmp_path / "s.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):      # the words as text, not paths
        plot_sequence(result, str(path))
    text = path.read_text()
    assert "every value" in text and "3th" not in text
    assert "pre-period 52" in text


def test_plot_keeps_the_pre_period_line_apart_from_the_period_line():
    """Issue 40 item 13: Kayles' pre-period (71) and period (12) among 4,096 heaps are 2
    pixels apart on the whole sequence; the pre-period line is drawn over the period's,
    in another colour and dash, and a second panel draws the start heap by heap, where
    the two lines stand far apart. A long period needs no second panel."""
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from nim.takebreak.plot import draw_sequence, zoom

    result = nim.octal.octal_period("0.77")
    assert (result.preperiod, result.period, result.heaps) == (71, 12, 4096)
    figure = draw_sequence(result)
    try:
        figure.canvas.draw()
        gaps = []
        for axes in figure.axes:
            lines = {line.get_label(): line for line in axes.get_lines()}
            before, period = lines["pre-period 71"], lines["+ period 12"]
            assert before.get_zorder() > period.get_zorder()
            assert before.get_color() != period.get_color() and before.get_linestyle() != period.get_linestyle()
            pixel = [axes.transData.transform((line.get_xdata()[0], 0))[0] for line in (before, period)]
            gaps.append(pixel[1] - pixel[0])
        assert len(gaps) == 2 and 0 < gaps[0] < 12 and gaps[1] > 100, gaps
    finally:
        plt.close(figure)
    long_period = type("Result", (), {"proven": True, "preperiod": 52, "period": 900, "heaps": 4096})()
    assert zoom(long_period) is None and zoom(type("Result", (), {"proven": False})()) is None
