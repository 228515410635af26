"""nimcore tree: SVG game trees against the reference engines (SPEC section 4, Lab 2)."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List

import pytest

from nim import InvalidPositionError, Rules, UnknownMethodError
import reference
from nim.cli import main
from reference import brute_force_value
from nim.study.tree_search import build_game_tree
from nim.study.tree_drawing import tree_svg
from nim.study.tree_page import tree_text

NS = "{http://www.w3.org/2000/svg}"
RULE_SETS = ["normal", "misere", "misere,max=2", "normal,half", "misere,half", "misere,set=1;3"]
POSITIONS = [[0], [1], [3], [1, 2], [2, 2], [1, 2, 2], [1, 1, 3], [4, 2]]


def svg_nodes(svg: str) -> List[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return [g for g in root.iter(NS + "g") if "node" in g.get("class", "").split()]


def classes(node: ET.Element) -> List[str]:
    return node.get("class", "").split()


def max_value(piles: str, depth: int, rules: Rules) -> int:
    value = brute_force_value([int(p) for p in piles.split()] if piles != "-" else [], rules)
    return value if depth % 2 == 0 else -value


@pytest.mark.parametrize("text", RULE_SETS)
def test_minimax_tree_draws_every_node_with_its_value(text: str) -> None:
    rules = Rules.parse(text)
    for piles in POSITIONS:
        tree = build_game_tree(piles, rules, "minimax")
        ref = reference.minimax(piles, rules)
        assert tree.visited == ref.nodes and tree.pruned == 0
        assert tree.value == ref.value and tree.best_move == ref.move
        nodes = svg_nodes(tree_svg(tree))
        assert len(nodes) == ref.nodes + 1
        for node in nodes:
            assert "pruned" not in classes(node)
            depth = int(node.get("data-depth", "-1"))
            assert int(node.get("data-value", "0")) == max_value(node.get("data-piles", ""), depth, rules)


@pytest.mark.parametrize("text", RULE_SETS)
def test_alphabeta_tree_draws_visited_nodes_and_pruned_stubs(text: str) -> None:
    rules = Rules.parse(text)
    pruned_somewhere = False
    for piles in POSITIONS:
        tree = build_game_tree(piles, rules, "alphabeta")
        ref = reference.alphabeta(piles, rules)
        assert tree.visited == ref.nodes
        assert tree.value == ref.value and tree.best_move == ref.move
        nodes = svg_nodes(tree_svg(tree))
        searched = [n for n in nodes if "pruned" not in classes(n)]
        pruned = [n for n in nodes if "pruned" in classes(n)]
        assert len(searched) == ref.nodes + 1 and len(pruned) == tree.pruned
        for node in searched:
            depth = int(node.get("data-depth", "-1"))
            assert int(node.get("data-value", "0")) == max_value(node.get("data-piles", ""), depth, rules)
        for node in pruned:
            assert node.get("data-value") is None and "pv" not in classes(node)
        # pruned branches are not expanded
        assert all(not n.children for n in tree.root.walk() if n.pruned)
        pruned_somewhere |= bool(pruned)
    assert pruned_somewhere


def test_pruned_stubs_are_the_untried_moves_after_a_cutoff() -> None:
    # misère [1 2]: the root's second move (take 2 from pile 1 -> [1 0]) wins, so
    # the third (take 1 from pile 1 -> [1 1]) is never searched
    tree = build_game_tree([1, 2], "misere", "alphabeta")
    assert [(c.piles, c.pruned) for c in tree.root.children] == [
        ((0, 2), False), ((1, 0), False), ((1, 1), True)]
    svg = tree_svg(tree)
    assert len(re.findall(r'class="edge pruned"', svg)) == 1


@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_principal_variation_is_best_play_to_the_end(method: str) -> None:
    rules = Rules.parse("misere")
    for piles in ([1, 2, 2], [1, 1, 3], [3, 2]):
        tree = build_game_tree(piles, rules, method)
        nodes = svg_nodes(tree_svg(tree))
        pv = [n for n in nodes if "pv" in classes(n)]
        moves = tree.principal_variation
        assert len(pv) == len(moves) + 1
        # along best play every move keeps the root's value, and it ends with no move left
        position = list(piles)
        value = brute_force_value(position, rules)
        for move in moves:
            position[move.pile] -= move.count
            value = -value
            assert brute_force_value(position, rules) == value
        assert not any(p for p in position) or all(not rules.takes(p) for p in position)
        assert moves[0] == getattr(reference, method)(piles, rules).move


def test_size_cap(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InvalidPositionError, match="too many to draw"):
        build_game_tree([1, 3, 5], "misere", "minimax")
    tree = build_game_tree([1, 3, 5], "misere", "minimax", max_nodes=20000)
    assert tree.drawn == 12456 == reference.minimax([1, 3, 5], "misere").nodes + 1
    assert main(["tree", "1", "3", "5", "--misere", "--svg", "-"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "12,456 nodes" in captured.err and "--max-nodes" in captured.err
    # the cap counts drawn nodes: exactly at the cap is fine, one less is refused
    small = build_game_tree([2, 2], "misere", "minimax")
    build_game_tree([2, 2], "misere", "minimax", max_nodes=small.drawn)
    with pytest.raises(InvalidPositionError):
        build_game_tree([2, 2], "misere", "minimax", max_nodes=small.drawn - 1)


def test_unknown_method() -> None:
    with pytest.raises(UnknownMethodError):
        build_game_tree([1, 2], None, "tt")


def test_cli_writes_svg_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg, page = tmp_path / "t.svg", tmp_path / "t.html"
    assert main(["tree", "1", "2", "2", "--misere", "--method", "alphabeta",
                 "--svg", str(svg), "--html", str(page)]) == 0
    nodes = svg_nodes(svg.read_text())
    assert len([n for n in nodes if "pruned" not in classes(n)]) == \
        reference.alphabeta([1, 2, 2], "misere").nodes + 1
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    inner = text[text.index("<svg"): text.index("</svg>") + len("</svg>")]
    assert len(svg_nodes(inner)) == len(nodes)


def test_cli_text_outline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", "1", "2", "--misere"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2] == "[1 2] MAX +1 *"
    assert len(out) == 2 + reference.minimax([1, 2], "misere").nodes + 1


def test_cli_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["tree", "1", "x"]) == 2
    assert main(["tree", "1", "-2"]) == 2
    assert main(["tree", "2", "--svg", str(tmp_path / "no" / "dir" / "t.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_every_rule_set_exhaustively_small() -> None:
    # every 2-pile position up to 3 under each rule set: node counts agree both ways
    for text in RULE_SETS:
        for piles in itertools.product(range(4), repeat=2):
            for method in ("minimax", "alphabeta"):
                tree = build_game_tree(list(piles), text, method)
                assert tree.visited == getattr(reference, method)(list(piles), text).nodes


# -- the help's example and Lab 2's trees draw with the defaults; limits apply while building ------


@pytest.mark.parametrize("argv", [["1", "3", "5", "--misere", "--method", "alphabeta"],
                                  ["4", "4", "--misere", "--method", "alphabeta"]])
def test_help_example_and_lab2_loss_tree_draw_with_defaults(argv: List[str], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "tree.html"
    assert main(["tree", *argv, "--html", str(page)]) == 0
    text = page.read_text()
    title = re.search(r"<h1>(.*)</h1>", text)
    svg = text[text.index("<svg"):text.index("</svg>") + 6]
    assert title and text.replace(svg, "").count(title.group(1)) == 2   # <title> and <h1>
    assert title.group(1) not in re.sub(r"<title>.*?</title>", "", svg)  # not drawn again
    assert 'data-zoom="fit"' in text and "scrollLeft" in text  # zoom and pan


def test_pruned_stubs_do_not_count_against_the_cap() -> None:
    full = build_game_tree([4, 4], "misere", "alphabeta", max_nodes=100_000)
    assert full.pruned > 0
    capped = build_game_tree([4, 4], "misere", "alphabeta", max_nodes=1 + full.visited)
    assert (capped.visited, capped.pruned) == (full.visited, full.pruned)
    with pytest.raises(InvalidPositionError):
        build_game_tree([4, 4], "misere", "alphabeta", max_nodes=full.visited)


def test_huge_piles_stop_at_the_cap_while_building() -> None:
    # every move of a pile of 10**8 used to be listed first (3.9 GB); 2**32 hung
    for pile in (10**8, 2**32):
        tree = build_game_tree([pile], "misere", "alphabeta")
        assert tree.pruned == pile - 2 and tree.drawn <= 1 + tree.visited + 12
        assert "more pruned" in tree_text(tree)
        with pytest.raises(InvalidPositionError, match="too many to draw"):
            build_game_tree([pile], "misere", "minimax")


@pytest.mark.parametrize("argv,message", [
    (["18446744073709551616"], "at most 9,223,372,036,854,775,807"),
    ([str(n) for n in range(1, 3001)], "at most 64 piles, not 3,000"),
    (["3", "--max-nodes", "18446744073709551616"], "from 1 to 100,000"),
])
def test_tree_numbers_are_range_checked(argv: List[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tree", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
