"""Move listings (issue 33 item 3): ``analyze`` by theory builds its rows in C,
``nimcore solve --all-moves`` formats each line once; both held to independent
oracles (brute force values, the table written here from its definition)."""

from __future__ import annotations

import gc
import pickle
import random
from typing import List, Optional, Tuple

import pytest

import nim
from nim.solving import MoveAnalysis
from nim.cli import main

import oracles

SHOW = 20     # the piles the table prints of a position (then "... (N piles)")


def shown(piles: List[int]) -> str:
    text = " ".join(map(str, piles[:SHOW]))
    return text + (f" ... ({len(piles):,} piles)" if len(piles) > SHOW else "")


def oracle_table(piles: List[int], rows: List[Tuple[int, int, int, Optional[int]]]) -> str:
    """The table from its definition: four cells a line, each column as wide as its
    widest cell or header, two spaces between, no trailing blanks."""
    cells = [("move", "position after", "value", "depth")]
    for pile, count, value, depth in rows:
        after = list(piles)
        after[pile] -= count
        cells.append((f"take {count} from pile {pile}", shown(after),
                      "+1 wins" if value > 0 else "-1 loses", "-" if depth is None else str(depth)))
    widths = [max(len(line[i]) for line in cells) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in cells]
    winning = sum(1 for row in rows if row[2] > 0)
    return ("\n" + "\n".join(lines) + f"\n{len(rows)} moves, {winning} winning; depth: moves left after it, "
            "the winner hurrying and the loser delaying\n")


def brute_rows(piles: List[int], rule: str) -> List[Tuple[int, int, int, None]]:
    rows = []
    for index, pile in enumerate(piles):
        for count in sorted(oracles.takes(rule, pile), reverse=True):       # largest take first
            after = list(piles)
            after[index] -= count
            rows.append((index, count, -oracles.value(rule, tuple(after)), None))
    return rows


FLAGS = {"normal": [], "misere": ["--misere"], "normal,max=2": ["--max-take", "2"],
         "normal,set=1;3;4": ["--subtract", "1,3,4"], "misere,half": ["--misere", "--half"]}


@pytest.mark.parametrize("rule", sorted(FLAGS))
def test_the_table_against_its_definition(capsys, rule):
    rng = random.Random(rule)
    for size in [1, 3, 21, 24]:
        piles = [rng.randint(0, 12 if size < 5 else 3) for _ in range(size)]
        if not any(oracles.takes(rule, p) for p in piles):
            piles[0] = 5
        assert main(["solve", *map(str, piles), "--all-moves", "--no-depth", *FLAGS[rule]]) == 0
        out = capsys.readouterr().out
        table = out[out.index("\nmove "):]
        assert table == oracle_table(piles, brute_rows(piles, rule)), piles


def test_wide_numbers_change_the_template_mid_pile(capsys):
    # takes from 10**4 down to 1 cross every digit count, and what they leave too
    piles = [10**4, 7, 99]
    assert main(["solve", *map(str, piles), "--all-moves", "--no-depth"]) == 0
    out = capsys.readouterr().out
    x = piles[0] ^ piles[1] ^ piles[2]
    rows = []
    for index, pile in enumerate(piles):
        for count in range(pile, 0, -1):
            rest = x ^ pile ^ (pile - count)
            rows.append((index, count, 1 if rest == 0 else -1, None))     # Bouton
    assert out[out.index("\nmove "):] == oracle_table(piles, rows)


def test_analyze_rows_made_in_c_are_real_rows():
    piles = (6, 3, 5)
    rows = nim.analyze(piles, depth=False)
    assert rows.method == "theory"
    expected = brute_rows(list(piles), "normal")
    assert [(r.move.pile, r.move.count, r.value, r.depth) for r in rows] == expected
    first = rows[0]
    assert type(first) is MoveAnalysis and type(first.move) is nim.Move
    assert first == MoveAnalysis(nim.Move(0, 6), first.value, None)
    assert pickle.loads(pickle.dumps(rows)) == rows
    assert str(first.move) == "take 6 from pile 0" and first.to_dict()["move"] == [0, 6]
    del rows
    gc.collect()                                 # untracked rows: nothing left dangling
    assert nim.analyze(piles, depth=False)[0] == first


@pytest.mark.parametrize("rule", ["misere", "normal,max=3", "misere,set=2;3", "normal,half"])
def test_analyze_by_theory_against_brute_force(rule):
    rng = random.Random(rule)
    for _ in range(8):
        piles = [rng.randint(0, 9) for _ in range(rng.randint(1, 3))]
        rows = nim.analyze(piles, rule, depth=False)
        assert [(r.move.pile, r.move.count, r.value, r.depth) for r in rows] == brute_rows(piles, rule), piles


def test_a_huge_pile_is_listed_by_the_closed_forms():
    pile = 2**70 + 3
    rows = nim.analyze([pile, 2], "normal,max=2", depth=False)
    assert [(r.move.pile, r.move.count) for r in rows] == [(0, 2), (0, 1), (1, 2), (1, 1)]
    g = [pile % 3, 2]
    for r in rows:
        after = list(g)
        after[r.move.pile] = ([pile, 2][r.move.pile] - r.move.count) % 3
        assert r.value == (1 if after[0] ^ after[1] == 0 else -1)
