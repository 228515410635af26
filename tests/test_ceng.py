"""The CENG 462 contract (SPEC 3.1): exact answers and node counts from the core."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
import reference

import oracles

SAMPLES = [
    ("Minimax", [1, 3, 5], [1, 3, 2], 446),
    ("AlphaBeta", [1, 3, 5], [1, 3, 2], 110),
    ("Minimax", [1, 2, 4, 5], [1, 0, 4, 5], 41992),
    ("AlphaBeta", [1, 2, 4, 5], [1, 0, 4, 5], 2575),
]


@pytest.mark.parametrize("method, game, after, nodes", SAMPLES)
def test_assignment_samples(method, game, after, nodes):
    assert nim.SolveGame(method, game) == (after, nodes)


def test_input_is_not_modified():
    game = [1, 3, 5]
    nim.SolveGame("Minimax", game)
    assert game == [1, 3, 5]


@pytest.mark.parametrize("name", ["minimax", "ALPHABETA", "alpha-beta", "Alpha_Beta"])
def test_method_names_ignore_case_and_separators(name):
    after, _ = nim.SolveGame(name, [1, 3, 5])
    assert after == [1, 3, 2]


@pytest.mark.parametrize("name", ["Negamax", "", "tt"])
def test_unknown_method(name):
    with pytest.raises(nim.UnknownMethodError, match="Minimax"):
        nim.SolveGame(name, [1, 3, 5])


@pytest.mark.parametrize("game", [[1, -3, 5], [1, 2.5], ["x"], None])
def test_bad_game(game):
    with pytest.raises(nim.InvalidPositionError):
        nim.SolveGame("Minimax", game)


def test_empty_game_has_no_move():
    with pytest.raises(nim.IllegalMoveError, match="no move"):
        nim.SolveGame("AlphaBeta", [0, 0])


small_games = st.lists(st.integers(0, 3), min_size=1, max_size=4).filter(lambda g: 0 < sum(g) <= 8)


@settings(max_examples=60, deadline=None)
@given(small_games, st.sampled_from(["Minimax", "AlphaBeta"]))
def test_agrees_with_the_pure_python_twin(game, method):
    twin = (reference.minimax if method == "Minimax" else reference.alphabeta)(game, "misere")
    after, nodes = nim.SolveGame(method, game)
    expected = list(game)
    expected[twin.move.pile] -= twin.move.count
    assert (after, nodes) == (expected, twin.best_nodes)
    # MAX's move is optimal: the opponent is lost after it exactly when MAX wins
    assert -oracles.value("misere", after) == oracles.value("misere", game)
