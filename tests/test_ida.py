"""IDA* (SPEC 3.4) and the depth-limited engine (SPEC 3.5) against pure-Python twins."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
from nim import Move, Rules
from nim.solving.heuristics import depth_limited, ida
import reference
from play_twins import depth_limited_choice, depth_limited_mirror, ida_star

RULES = [Rules.parse(text) for text in
         ("normal", "misere", "normal,max=3", "misere,max=2", "normal,half", "misere,half",
          "normal,set=1;3;4", "misere,set=2;3")]
SMALL = [list(p) for n in (1, 2, 3) for p in itertools.product(range(5), repeat=n)]
SMALL_DL = [list(p) for n in (1, 2, 3) for p in itertools.product(range(4), repeat=n)]


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_ida_matches_the_twin_on_every_small_position(rules: Rules) -> None:
    for piles in SMALL:
        result = ida(piles, rules)
        move, length, nodes, iterations, threshold = ida_star(piles, rules)
        assert (result.move, result.path_length, result.nodes, result.iterations, result.threshold) \
            == (move, length, nodes, iterations, threshold), piles


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=6), st.sampled_from(RULES))
def test_ida_matches_the_twin_on_random_positions(piles: list[int], rules: Rules) -> None:
    result = ida(piles, rules)
    assert (result.move, result.path_length, result.nodes, result.iterations) == ida_star(piles, rules)[:4]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=1, max_size=6), st.sampled_from(RULES))
def test_ida_does_what_spec_3_4_says(piles: list[int], rules: Rules) -> None:
    """h = stones left never overestimates f along a path: one iteration at h(root), and the
    depth-first search's first path -- the smallest take from the first movable pile."""
    result = ida(piles, rules)
    movable = [i for i, p in enumerate(piles) if rules.takes(p)]
    if not movable:
        assert result.move is None and result.path_length == 0 and result.nodes == 0
        return
    assert result.iterations == 1
    assert result.threshold == sum(piles)
    first = movable[0]
    assert result.move == Move(first, min(rules.takes(piles[first])))
    # the path: follow the same rule to a position with no move
    position, length = nim.Position(piles), 0
    while not position.is_terminal(rules):
        pile = next(i for i, p in enumerate(position) if rules.takes(p))
        position = position.apply(Move(pile, min(rules.takes(position[pile]))), rules)
        length += 1
    assert result.path_length == length == result.nodes
    # the reported value is the path's outcome for the mover, not the game value
    mover_makes_last_move = length % 2 == 1
    assert result.path_value == (1 if mover_makes_last_move != rules.misere else -1)


def test_the_twin_is_a_general_ida_star() -> None:
    """With h = 0 the threshold rises 0, 1, 2: the twin's loop is real, and finds the shortest path."""
    move, length, nodes, iterations, threshold = ida_star([2, 2], Rules(), h=lambda s: 0)
    assert (move, length, iterations, threshold) == (Move(0, 2), 2, 3, 2)


def test_ida_is_a_solve_engine() -> None:
    solution = nim.solve([1, 3, 5], method="ida")
    assert solution.method == "ida"
    assert solution.move == Move(0, 1)
    assert solution.nodes == 9
    assert solution.value == 1   # one stone a move: nine moves, the mover takes the last
    assert nim.solve([0, 0], method="ida").move is None


def test_ida_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from nim.cli import main

    assert main(["solve", "2", "2", "--method", "ida", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"method": "ida"' in out and '"move": [0, 1]' in out


def test_ida_follows_a_path_as_long_as_the_board() -> None:
    """KUET Easy on 10000 10000 10000: a path of 30,000 one-stone moves, no recursion bound."""
    result = ida([10000, 10000, 10000], "normal,max=3")
    assert (result.move, result.path_length, result.nodes) == (Move(0, 1), 30000, 30000)


def test_ida_path_bound_is_a_clean_error() -> None:
    from nimcore.ida import MAX_PATH

    with pytest.raises(nim.SearchLimitError, match="depth|moves") as caught:
        ida([MAX_PATH + 5], "normal,max=1")
    assert caught.value.reason == "depth"


@pytest.mark.parametrize("rules", RULES, ids=str)
@pytest.mark.parametrize("depth", [1, 2, 4])
def test_depth_limited_matches_minimax_oracle_and_mirror(rules: Rules, depth: int) -> None:
    for piles in SMALL_DL:
        result = depth_limited(piles, rules, depth)
        value, move = depth_limited_choice(piles, rules, depth)
        assert (result.value, result.move) == (value, move), piles
        score, mirror_move, nodes = depth_limited_mirror(piles, rules, depth)
        assert (score / 2, mirror_move, nodes) == (result.value, result.move, result.nodes), piles


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4), st.sampled_from(RULES),
       st.integers(1, 4))
def test_depth_limited_random_positions(piles: list[int], rules: Rules, depth: int) -> None:
    result = depth_limited(piles, rules, depth)
    assert (result.value, result.move) == depth_limited_choice(piles, rules, depth)


def test_depth_limited_deep_enough_is_exact() -> None:
    """Deeper than the longest game, no cut-off is left: the value is the game value."""
    for piles in [[1, 2], [3, 1, 2], [2, 2, 1], [4, 1]]:
        for rules in RULES:
            result = depth_limited(piles, rules, sum(piles) + 1)
            exact = reference.brute_force_value(piles, rules)
            assert result.value == exact, (piles, rules)


def test_depth_limited_tie_break_is_lab2() -> None:
    # normal play, [2, 2]: every move but none wins; among equal moves the first pile, smallest count
    assert depth_limited([2, 2], "normal", 1).move == Move(0, 1)
    # [3]: all three takes are terminal or cut off; taking all 3 wins outright
    assert depth_limited([3], "normal", 1).move == Move(0, 3)


def test_depth_limited_rejects_a_bad_depth() -> None:
    with pytest.raises(nim.NimError, match="depth"):
        depth_limited([1, 2], None, 0)


@pytest.mark.parametrize("depth", [1, 2, 3, 6])
def test_depth_limited_ends_the_game_as_lab2_does(depth: int) -> None:
    """Lab 2's is_game_over: one stick left is a loss for the mover under misère, at any depth,
    so the stick before it is a win -- not the +0.5 the nim-sum gives a cut-off [1]."""
    misere = Rules.parse("misere")
    assert depth_limited([0, 1, 0], misere, depth).value == -1.0
    result = depth_limited([2], misere, depth)
    assert (result.value, result.move) == (1.0, Move(0, 1))
    # the same under a take rule whose only take from a pile of 1 is 1
    result = depth_limited([0, 3], "misere,max=2", depth)
    assert (result.value, result.move) == (1.0, Move(1, 2))
    # normal play keeps exact scoring: the lone stick is taken for the win
    assert depth_limited([1], "normal", depth).value == 1.0


def test_depth_limited_cut_off_uses_the_misere_rule_on_ones() -> None:
    """At the cut-off, piles of at most 1 under misère score by parity (exact), not by nim-sum."""
    misere = Rules.parse("misere")
    for ones in range(2, 8):
        piles = [1] * ones + [2]
        result = depth_limited(piles, misere, 1)
        # leave an odd number of ones for the opponent: take the 2, or all but one of it
        assert result.value == reference.brute_force_value(piles, misere) == 1.0
        expected = Move(ones, 2) if ones % 2 == 1 else Move(ones, 1)
        assert result.move == expected, piles


def test_ida_stopped_mid_path_restores_the_piles() -> None:
    """The explicit stack unwinds every change to the piles when a limit stops the search."""
    from nimcore import ida as ida_core
    from nimcore.search import Search

    search = Search(Rules.parse("normal,max=2").core, [3, 500, 0, 7], node_limit=250)
    ida_core.search(search)
    assert search.stop_reason == "nodes"
    assert search.piles == (3, 500, 0, 7)
