"""Sentences shown to people count components from 1 ("pair 1", "part 3"), while the API's
``ComponentMove.pile`` stays 0-based (issue 41): each numbered sentence is checked against
the move's own index, for several families and in a sum."""

import re

import pytest

import nim
from nim.position import ComponentMove
from nim.study.grade_values import _words

CASES = [
    ("wythoff", [[1, 2], [3, 5], [4, 4]], "pair"),
    ("sum", [["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]], "part"),
    ("sum", [["any", [4]], ["kayles", 7], ["wythoff", [[3, 5]]]], "part"),
    ("green-hackenbush", [[[0, 1]], [[0, 1], [1, 2]], [[0, 1], [0, 2], [2, 3]]], "rooted graph"),
]


@pytest.mark.parametrize("rules, position, noun", CASES)
def test_explain_names_the_moved_component_from_1(rules: str, position: object, noun: str) -> None:
    found = nim.solve(position, rules)
    assert isinstance(found.move, ComponentMove)
    text = nim.explain(position, rules).text
    said = re.search(rf"^(?:Winning move|Lost; shown): {noun} (\d+): ", text, re.M)
    assert said is not None, text
    assert int(said.group(1)) == found.move.pile + 1          # the API keeps 0-based indices
    assert f"{noun} 0:" not in text


def test_grundy_values_line_numbers_components_from_1() -> None:
    position = [["wythoff", [[3, 5]]], ["kayles", 7], ["any", [4]]]
    line = nim.explain(position, "sum").text.splitlines()[2]
    assert line.startswith("Grundy values: part 1: ['wythoff'")
    assert ", part 3: ['any', 4] -> 4" in line


def test_component_move_in_words_counts_from_1() -> None:
    move = ComponentMove(0, 1, ((3, 4),))
    assert move.pile == 0 and move.to_json()[0] == 0
    assert str(move) == "take 1 from component 1, leaving [(3, 4)]"
    assert _words(move, past=True) == "took 1 from component 1, leaving [(3, 4)]"


def test_coin_rows_counted_from_1() -> None:
    text = nim.explain([[3, 10], [5]], "ruler").text
    assert "Row 1: each head's value" in text and "Row 2: " in text and "Row 0" not in text


def test_a_grades_blunders_name_the_family_s_components_from_1() -> None:
    from nim.study.grade import grade

    def worst(position: object) -> object:              # the last listed move: a losing one
        return nim.analyze(position, "wythoff")[-1].move

    report = grade(worst, "wythoff", [[3, 5], [2, 2]])
    text = str(report)
    assert "Worst blunders (pairs counted from 1):" in text and "component" not in text
    for blunder in report.blunders:
        assert blunder.played is not None
        line = next(x for x in text.splitlines() if x.startswith(f"  {list(blunder.piles)}:"))
        assert f"from pair {blunder.played.pile + 1}," in line, line
