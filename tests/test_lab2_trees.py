"""Lab 2's own trees (issue 25 item 4): the depth-limited search's values drawn, and
the report's second case, [4, 4] misère in full, drawn by default."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List

import pytest

import nim
from nim.cli import main

import oracles

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("piles,rules,depth", [([4, 2], "misere", 3), ([4, 4], "misere", 2),
                                               ([1, 3, 5], "misere", 2), ([3, 4], "normal", 3),
                                               ([2, 3], "misere,max=2", 4), ([1, 1, 1], "misere", 1)])
def test_depth_tree_values_are_the_depth_limited_engines(piles: List[int], rules: str, depth: int) -> None:
    tree = nim.study.build_game_tree(piles, rules, "depth", depth=depth)
    # the compiled depth-limited engine (another implementation) gives the root's value
    assert tree.value == nim.solving.depth_limited(piles, rules, depth).value
    ruleset = nim.Rules.coerce(rules)
    for node in tree.root.walk():
        assert node.value is not None
        if node.children:
            assert node.value == max(-c.value for c in node.children if c.value is not None)
            assert node.depth < depth
            continue
        moves = list(oracles.moves(str(ruleset), node.piles))
        if not moves:                                    # the game is over: exact
            assert node.value == (1 if ruleset.misere else -1)
        elif ruleset.misere and sum(node.piles) == 1:    # Lab 2: the mover must take the last stick
            assert node.value == -1
        else:                                            # the cut-off: +-0.5 by the nim-sum
            assert node.depth == depth
            xor = 0
            for pile in node.piles:
                xor ^= pile
            if ruleset.misere and max(node.piles) <= 1:
                assert node.value == (1 if sum(node.piles) % 2 == 0 else -1)
            else:
                assert node.value == (0.5 if xor else -0.5)


def test_lab2_first_case_drawn_with_half_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "win.svg"
    assert main(["tree", "4", "2", "--misere", "--method", "depth", "--depth", "3", "--svg", str(svg)]) == 0
    root = ET.parse(svg).getroot()
    nodes = [g for g in root.iter(SVG + "g") if "node" in (g.get("class") or "").split()]
    values = {g.get("data-value") for g in nodes}
    assert values <= {"+1", "-1", "+0.5", "-0.5"} and {"+0.5", "-0.5"} & values
    assert "depth-limited, depth 3" in "".join(root.itertext())
    tree = nim.study.build_game_tree([4, 2], "misere", "depth", depth=3)
    assert len(nodes) == tree.drawn
    assert tree.best_move == nim.Move(0, 2)      # the report: take two from pile 0, to [2, 2]


def test_lab2_second_case_draws_by_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "loss.html"
    assert main(["tree", "4", "4", "--misere", "--html", str(page)]) == 0
    tree = nim.study.build_game_tree([4, 4], "misere")
    assert tree.drawn == 1921 == nim.solve([4, 4], "misere", "minimax", node_limit=0).nodes + 1
    assert tree.value == -1 == oracles.value("misere", (4, 4))
    assert page.read_text().count('class="node ') == 1921


def test_depth_flags_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "4", "2", "--depth", "3"]) == 2
    assert "--depth 3 is for --method depth" in capsys.readouterr().err
    assert main(["tree", "4", "2", "--method", "depth", "--depth", "0"]) == 2
    assert "from 1 to 64, not 0" in capsys.readouterr().err
    with pytest.raises(nim.NimError, match="is for the depth-limited tree"):
        nim.study.build_game_tree([4, 2], "misere", "alphabeta", depth=2)


def test_text_outline_shows_half_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "3", "4", "--method", "depth", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\] (MAX|MIN) [+-]0\.5$", out, re.M)
