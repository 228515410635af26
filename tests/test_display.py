"""Rich display: each value a notebook shows returns well-formed SVG / HTML that
says what the value holds (checked against the value itself, not fixed strings)."""

import xml.etree.ElementTree as ET

import pytest

import nim
from nim import display
from nim.position import Move

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    """Parse as XML (fails on anything malformed)."""
    return ET.fromstring(text)


def stones(svg_root, pile):
    group = next(g for g in svg_root.iter(SVG + "g") if g.get("data-pile") == str(pile))
    return group.findall(SVG + "circle"), group.findall(SVG + "rect")


@pytest.mark.parametrize("piles", [(), (0,), (1, 3, 5, 7), (display.MAX_STONES, display.MAX_STONES + 1, 10**12)])
def test_position_svg_one_stone_per_object_then_compact(piles):
    root = parse(nim.Position(piles)._repr_svg_())
    assert root.tag == SVG + "svg"
    for index, size in enumerate(piles):
        circles, bars = stones(root, index)
        if size <= display.MAX_STONES:
            assert len(circles) == size and not bars
        else:
            assert not circles and len(bars) == 1
            assert f"{size:,}" in "".join(root.itertext())


def test_many_piles_are_counted_not_drawn():
    piles = [1] * (display.MAX_PILES + 7)
    root = parse(nim.Position(piles)._repr_svg_())
    assert len([g for g in root.iter(SVG + "g") if g.get("class") == "pile"]) == display.MAX_PILES
    assert "7 more piles" in "".join(root.itertext())


def test_plain_text_repr_is_unchanged():
    assert repr(nim.Position((1, 2))) == "Position((1, 2))"
    assert repr(nim.solve([1, 2])).startswith("Solution(")


def test_marked_move_takes_the_right_stones():
    root = parse(display.board_svg((2, 5), Move(1, 3)))
    circles, _ = stones(root, 1)
    taken = [c for c in circles if "taken" in c.get("class")]
    assert len(circles) == 5 and len(taken) == 3
    assert not [c for c in stones(root, 0)[0] if "taken" in c.get("class")]


@pytest.mark.parametrize("piles, rules", [((1, 3, 5), "normal"), ((1, 1), "misere"), ((0, 0), "normal")])
def test_solution_html_states_value_and_move(piles, rules):
    solution = nim.solve(piles, rules)
    text = "".join(parse(solution._repr_html_()).itertext())
    assert ("win" if solution.value > 0 else "loss") in text
    assert (str(solution.move) if solution.move else "no legal move") in text


@pytest.mark.parametrize("piles, rules", [((1, 3, 5), "misere"), ((2, 2), "normal"), ((0,), "normal")])
def test_analysis_is_a_list_with_board_and_table(piles, rules):
    result = nim.analyze(piles, rules)
    assert result == list(result)  # still equal to a plain list
    root = parse(result._repr_html_())
    rows = root.find("table").findall("tr")[1:]
    assert len(rows) == len(result)
    winning = [r for r in result if r.value > 0]
    shaded = [tr for tr in rows if tr.get("style")]
    assert len(shaded) == len(winning)
    board = root.find(SVG + "svg")
    taken = [c for c in board.iter(SVG + "circle") if "taken" in c.get("class")]
    if winning:  # the marked move is a winning one
        assert len(taken) == winning[0].move.count


def test_game_tree_svg_is_the_cli_drawing():
    tree = nim.study.build_game_tree([1, 2], "misere", "alphabeta")
    svg = tree._repr_svg_()
    assert svg == nim.study.tree_svg(tree)
    nodes = [g for g in parse(svg).iter(SVG + "g") if "node" in (g.get("class") or "").split()]
    assert len(nodes) == tree.drawn


def test_population_html_table():
    population = nim.play.Population(["a", "b"])
    for won in (1, 0, 1):
        population.record("a", won)
    population.record("b", 1)
    rows = parse(population._repr_html_()).find("table").findall("tr")[1:]
    cells = [[td.text for td in tr] for tr in rows]
    assert cells == [[m.name, str(m.games), str(m.wins), f"{m.fitness:.3f}"] for m in population]
    assert rows[1].get("style")  # b (fitness 1.0) is the fittest


def test_tournament_result_displays():
    from nim.play.strategies import make_strategy
    from nim.play.tournament import run_tournament
    population = run_tournament([make_strategy("random"), make_strategy("optimal")], games=2, seed=1)
    parse(population._repr_html_())


@pytest.mark.parametrize("upto, rules", [(10, "normal,half"), (display.MAX_TABLE_ROWS + 50, "misere,max=3")])
def test_pile_table_html(upto, rules):
    table = nim.solving.pile_table(upto, rules)
    assert table == list(table)
    root = parse(table._repr_html_())
    rows = root.find("table").findall("tr")[1:]
    shown = min(len(table), display.MAX_TABLE_ROWS + 1)  # + the "left out" row
    assert len(rows) == shown
    first = rows[1].findall("td")
    assert [first[0].text, first[1].text] == [str(table[1].size), table[1].outcome]


def test_analysis_and_pile_table_still_pickle_like_lists():
    import pickle
    for value in (nim.analyze([1, 2, 3], "misere,max=2"), nim.solving.pile_table(5, "misere,set=2;3")):
        copy = pickle.loads(pickle.dumps(value))
        assert copy == value and copy.rules == value.rules
        parse(copy._repr_html_())


def test_display_imports_nothing_from_nim():
    """nim.display is a leaf: the classes it draws import it, so it must not import them."""
    import ast
    from pathlib import Path
    tree = ast.parse(Path(display.__file__).read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imported, "the walk found no import at all"
    assert not [name for name in imported if name.split(".")[0] in ("nim", "nimcore")]


def test_display_draws_any_value_with_the_fields():
    """The drawings read fields, not classes: a plain namespace draws like the real value."""
    from types import SimpleNamespace
    solution = nim.solve([1, 3, 5])
    fields = SimpleNamespace(**solution._asdict())
    assert display.solution_html(fields) == display.solution_html(solution)
    assert display.board_svg((2, 5), SimpleNamespace(pile=1, count=3)) == display.board_svg((2, 5), Move(1, 3))
