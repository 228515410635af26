"""nim.explain and `nimcore solve --explain`: the theory's account of a position
agrees with the solver and with brute force, and stays short on huge positions."""

import json
import random

import pytest

import nim
from nim.cli import main
from hooks import assume_untame

import oracles

RULE_KEYS = {"normal": "bouton", "misere": "bouton-misere", "normal,max=3": "sprague-grundy",
             "misere,max=3": "tame-misere", "misere,half": "tame-misere",
             "normal,set=1;3;4": "sprague-grundy", "misere,set=2;3": "tame-misere"}


@pytest.mark.parametrize("rule, key", RULE_KEYS.items())
def test_explanations_agree_with_brute_force(rule, key):
    rng = random.Random(rule)
    for _ in range(60):
        piles = [rng.randint(0, 9) for _ in range(rng.randint(0, 4))]
        e = nim.explain(piles, rule)
        assert e.rule == key and e.method == "theory"
        assert (e.value, e.move) == tuple(nim.solve(piles, rule)[:2])
        assert e.value == oracles.value(rule, piles)
        assert list(e.grundy) == [oracles.grundy(rule, p) for p in piles]
        x = 0
        for g in e.grundy:
            x ^= g
        assert (e.xor, e.big, e.ones) == (x, sum(g >= 2 for g in e.grundy), e.grundy.count(1))
        text = e.text
        assert f"X = XOR of the Grundy values = {x}" in text
        if e.move is not None and e.value > 0:
            child = list(piles)
            child[e.move.pile] -= e.move.count
            assert "lost for the opponent" in text and oracles.value(rule, child) == -1
        elif e.move is not None:
            assert "Lost:" in text
        json.dumps(e.to_dict())


def test_many_piles_are_summarised():
    piles = [(i * 7919) % 1000 for i in range(100_000)]
    e = nim.explain(piles, "misere,half")
    lines = e.text.splitlines()
    assert len(lines) < 15 and all(len(line) < 400 for line in lines)
    assert "100,000 piles" in e.text
    assert e.to_dict()["grundy"] is None and sum(e.to_dict()["grundy_counts"].values()) == 100_000


def test_the_search_fallback_says_why():
    with assume_untame("misere,set=2;3"):
        e = nim.explain([4, 5, 6], "misere,set=2;3")
        assert e.rule == "search" and e.method == "tt"
        assert "condition (C)" in e.text and e.value == oracles.value("misere,set=2;3", (4, 5, 6))


def test_cli_explain(capsys):
    assert main(["solve", "4", "1", "7", "--misere", "--max-take", "3", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "engine     theory" in out and "g(n) = n mod 4" in out and "tame misère" in out
    assert main(["solve", "1", "2", "3", "--explain", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["explanation"]["rule"] == "bouton" and data["explanation"]["xor"] == 0


def test_cli_notes_the_fallback(capsys):
    with assume_untame("misere,set=2;3"):
        assert main(["solve", "4", "5", "6", "--misere", "--subtract", "2,3"]) == 0
    out = capsys.readouterr().out
    assert "engine     tt" in out and "note       condition (C)" in out


@pytest.mark.parametrize("rules", ["misere", "misere,kayles"])
@pytest.mark.parametrize("keyword", ["method", "bogus"])
def test_an_unknown_keyword_is_a_clear_error_naming_it(rules, keyword):
    """explain passes only the search's limits on; anything else was a raw TypeError."""
    with pytest.raises(nim.NimError, match=repr(keyword)):
        nim.explain([3, 4], rules, **{keyword: "tt"})


def test_a_component_answer_names_what_decided_it_not_an_unstated_theorem():
    """Issue 41: vertex removal has no theorem, and misère play of a graph game has none here:
    explain says the answer is an exact search (with the positions it visited), never "the
    theorem above"; where a family's theorem did decide it, explain names the game."""
    path = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6]]        # a path of 6 edges: no formula
    for rule in ("vertex-removal", "misere,vertex-removal"):
        text = nim.explain(path, rule).text
        assert "theorem above" not in text and "decided by the theorem" not in text
        assert "exact search" in text
    graph = {"edges": [[0, 1], [1, 2], [2, 3], [0, 3], [3, 4]], "tokens": [0, 1, 2]}
    text = nim.explain(graph, "misere,graph").text
    assert "theorem above" not in text
    assert "Misère play: no theorem decides this position here; decided by an exact search" in text
    sink = nim.explain({"edges": [[0, 1]], "tokens": [1]}, "misere,graph").text      # nothing can move
    assert "theorem" not in sink.split("Theory:")[1].split("\n", 1)[1] and "decided by the rules" in sink
    assert "decided by the theorem of Wythoff's game stated above (its misère part)" in \
        nim.explain([[3, 4]], "misere,wythoff").text
    assert "decided by the theorem of Moore's Nim_2 stated above" in nim.explain([5, 3], "moore,k=2").text
