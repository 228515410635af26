"""``analyze`` lists the winning moves, then the drawing ones, then the losing ones (issue 41):
in the API's order and in ``nimcore solve --all-moves``, on SOS (its values against a brute
force written here) and on a loopy graph."""

import functools
import subprocess
import sys
from typing import List

import nim

SOS_ROWS = ["S------", "-------", "S--O---", "--S----", "------"]


@functools.lru_cache(maxsize=None)
def sos(row: str) -> int:
    """+1 the mover wins, 0 draw, -1 loses: normal play, whoever completes SOS wins, a full row
    without one is a draw."""
    best = None
    for i, square in enumerate(row):
        if square != "-":
            continue
        for letter in "SO":
            child = row[:i] + letter + row[i + 1:]
            made = any(child[j:j + 3] == "SOS" for j in range(max(0, i - 2), i + 1))
            value = 1 if made else -sos(child)
            best = value if best is None else max(best, value)
    return 0 if best is None else best


def sos_values(row: str) -> List[int]:
    """Every move's value for its mover, in analyze's order, by the brute force."""
    values = []
    for m in nim.analyze(row, "sos"):
        (child,) = m.move.left
        i = next(k for k in range(len(row)) if row[k] != child[k])
        made = any(child[j:j + 3] == "SOS" for j in range(max(0, i - 2), i + 1))
        values.append(1 if made else -sos(child))
    return values


def test_sos_moves_winning_then_drawing_then_losing() -> None:
    mixed = 0
    for row in SOS_ROWS:
        rows = nim.analyze(row, "sos")
        values = [r.value for r in rows]
        assert values == sos_values(row), row            # each value right
        assert values == sorted(values, reverse=True), (row, values)
        assert len(rows) == 2 * row.count("-")           # every move once
        mixed += len(set(values)) > 1 and 0 in values
    assert mixed >= 2                                     # the order was tested where it matters


def test_loopy_graph_moves_winning_then_drawing_then_losing() -> None:
    # from vertex 0: to 4 loses (the opponent goes on to 5), to 2 draws (2 and 3 loop), to 1 wins
    position = {"edges": [[0, 4], [0, 2], [0, 1], [2, 3], [3, 2], [4, 5]], "token": 0}
    rows = nim.analyze(position, "graph")
    assert [(int(r.move.left[0]), r.value) for r in rows] == [(1, 1), (2, 0), (4, -1)]
    assert int(nim.solve(position, "graph").move.left[0]) == 1


def test_all_moves_table_in_the_same_order() -> None:
    out = subprocess.run([sys.executable, "-m", "nim", "solve", "--rules", "sos", "--all-moves", "S------"],
                         capture_output=True, text=True, check=True).stdout
    said = [line.rsplit(None, 1)[-1] for line in out.splitlines()[4:-1]]
    kinds = ["draws" if w == "draws" else "loses" for w in said]
    assert kinds == sorted(kinds) and "draws" in kinds and "loses" in kinds, out    # draws before losses
