"""The Game protocol and nim.trees.solve_game: Nim as a Game against the core engines and
SolveGame's published counts, tic-tac-toe, memo tables, errors."""

from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Optional, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
import reference
from nim.trees.games import Game, NimGame, NimState, TreeGame, solve_game
from nim.position import Move

# -- Nim as a Game ----------------------------------------------------------------------


@pytest.mark.parametrize("method, best_nodes", [("Minimax", 446), ("AlphaBeta", 110)])
def test_nim_game_reproduces_the_ceng_sample(method: str, best_nodes: int) -> None:
    """SolveGame's published answers, with the Nim engines' window (-1, +1)."""
    result = solve_game(NimGame([1, 3, 5], "misere"), method=method, window=(-1, 1))
    assert result.value == 1
    assert result.action == Move(2, 3)                  # [1, 3, 5] -> [1, 3, 2]
    assert result.best_nodes == best_nodes
    assert nim.SolveGame(method, [1, 3, 5]) == ([1, 3, 2], best_nodes)


small_piles = st.lists(st.integers(0, 4), min_size=1, max_size=3).filter(lambda p: 0 < sum(p) <= 8)
rule_sets = st.sampled_from(["normal", "misere", "normal,max=2", "misere,max=2", "misere,half",
                             "normal,set=1;3"])


@settings(max_examples=60, deadline=None)
@given(piles=small_piles, rules=rule_sets, method=st.sampled_from(["minimax", "alphabeta"]))
def test_nim_game_matches_the_core_engines(piles: List[int], rules: str, method: str) -> None:
    core = nim.solve(piles, rules, method)
    game = NimGame(piles, rules)
    result = solve_game(game, method=method, window=(-1, 1))
    assert result.value == core.value
    assert result.action == core.move
    assert result.nodes == core.nodes


@settings(max_examples=60, deadline=None)
@given(piles=st.lists(st.integers(0, 7), min_size=1, max_size=4), rules=rule_sets,
       method=st.sampled_from(["Minimax", "AlphaBeta"]))
def test_memo_keeps_values_exact(piles: List[int], rules: str, method: str) -> None:
    """A memo table (bounds for alpha-beta) never changes the value, whatever the window."""
    game = NimGame(piles, rules)
    expected = reference.brute_force_value(piles, rules)
    if game.is_terminal(game.initial):
        assert solve_game(game, memo=True).value == expected
        return
    for window in ((-math.inf, math.inf), (-1, 1)):
        result = solve_game(game, method=method, memo=True, key=NimGame.canonical, window=window)
        assert result.value == expected


def test_memo_table_can_be_shared_and_saves_nodes() -> None:
    game = NimGame([3, 4, 5, 6], "misere")
    table: Dict[Any, Tuple[float, int]] = {}
    first = solve_game(game, method="AlphaBeta", memo=table, key=NimGame.canonical)
    assert table and first.value == nim.solve([3, 4, 5, 6], "misere").value
    again = solve_game(game, method="AlphaBeta", memo=table, key=NimGame.canonical)
    assert again.value == first.value and again.nodes <= first.nodes
    plain = solve_game(NimGame([2, 3, 3], "misere"), method="Minimax")
    memo = solve_game(NimGame([2, 3, 3], "misere"), method="Minimax", memo=True)
    assert memo.value == plain.value and memo.nodes < plain.nodes


def test_terminal_start() -> None:
    assert solve_game(NimGame([0, 0], "misere")) == nim.trees.GameSolution(1.0, None, 0, 0, "alphabeta")
    assert solve_game(NimGame([1, 1], "normal,half")).value == -1


# -- tic-tac-toe (AIMA) -----------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
Board = Tuple[str, ...]


class TicTacToe:
    """AIMA's tic-tac-toe: a state is the board (9 cells, "X", "O" or "."); X moves first."""

    def __init__(self, board: str = ".........") -> None:
        self.initial: Board = tuple(board)

    def to_move(self, state: Board) -> str:
        return "X" if state.count("X") == state.count("O") else "O"

    def actions(self, state: Board) -> Iterable[int]:
        return [i for i, cell in enumerate(state) if cell == "."]

    def result(self, state: Board, action: int) -> Board:
        return state[:action] + (self.to_move(state),) + state[action + 1:]

    def winner(self, state: Board) -> Optional[str]:
        for a, b, c in LINES:
            if state[a] != "." and state[a] == state[b] == state[c]:
                return state[a]
        return None

    def is_terminal(self, state: Board) -> bool:
        return self.winner(state) is not None or "." not in state

    def utility(self, state: Board, player: Any) -> float:
        winner = self.winner(state)
        return 0 if winner is None else (1 if winner == player else -1)


def test_tictactoe_is_a_game() -> None:
    assert isinstance(TicTacToe(), Game)
    assert isinstance(NimGame([1]), Game)
    assert not isinstance(object(), Game)


def test_tictactoe_is_a_draw() -> None:
    for method in ("Minimax", "AlphaBeta"):
        assert solve_game(TicTacToe(), method=method, memo=True).value == 0


def test_tictactoe_positions() -> None:
    # X to move wins at once in the first winning cell, in action order
    result = solve_game(TicTacToe("XX.OO...."), method="Minimax")
    assert (result.value, result.action) == (1, 2)
    # O to move (MAX is O here): must block at 2, then it is a draw
    blocked = solve_game(TicTacToe("XX..O...."), method="AlphaBeta", memo=True)
    assert (blocked.value, blocked.action) == (0, 2)
    # minimax and alpha-beta agree on every early position, alpha-beta visiting fewer nodes
    for board in ("X........", "....X....", "X...O...."):
        full = solve_game(TicTacToe(board), method="Minimax")
        pruned = solve_game(TicTacToe(board), method="AlphaBeta")
        assert (full.value, full.action) == (pruned.value, pruned.action)
        assert pruned.nodes < full.nodes


def test_players_need_not_alternate() -> None:
    """MAX moves twice in a row: values follow to_move, not depth."""

    class Twice:
        initial = ("start", 0)

        def to_move(self, state: Tuple[str, int]) -> str:
            return "max" if state[1] < 2 else "min"

        def actions(self, state: Tuple[str, int]) -> List[str]:
            return ["a", "b"]

        def result(self, state: Tuple[str, int], action: str) -> Tuple[str, int]:
            return state[0] + action, state[1] + 1

        def is_terminal(self, state: Tuple[str, int]) -> bool:
            return state[1] == 3

        def utility(self, state: Tuple[str, int], player: Any) -> float:
            score = {"startaaa": 1, "startaab": 9, "startaba": 2, "startabb": 3,
                     "startbaa": 4, "startbab": 8, "startbba": 0, "startbbb": 5}[state[0]]
            return score if player == "max" else -score

    for method in ("Minimax", "AlphaBeta"):
        result = solve_game(Twice(), method=method)
        assert (result.value, result.action) == (4, "b")     # b, a, then MIN: min(4, 8)
        assert result.value == max(min(1, 9), min(2, 3), min(4, 8), min(0, 5))


# -- the tree twin and errors -----------------------------------------------------------


def test_tree_game_is_the_solve_tree_twin() -> None:
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    for method in ("Minimax", "AlphaBeta"):
        twin = solve_game(TreeGame(tree), method=method)
        core = nim.trees.solve_tree(tree, method)
        assert (twin.value, twin.action, twin.nodes, twin.best_nodes) == (
            core.value, core.best_index, core.nodes, core.best_nodes)


def test_errors() -> None:
    with pytest.raises(nim.UnknownMethodError):
        solve_game(NimGame([1, 2]), method="mcts")
    with pytest.raises(nim.IllegalMoveError, match="not terminal but has no action"):
        solve_game(TreeGame([[1], []]))
    with pytest.raises(nim.NimError, match="Twice has no `initial` state"):
        solve_game(type("Twice", (), {})())
    with pytest.raises(nim.SearchLimitError) as limit:
        solve_game(NimGame([1, 2, 3, 4], "misere"), method="Minimax", node_limit=50)
    assert limit.value.reason == "nodes"


def test_too_deep_for_python_recursion() -> None:
    chain: Any = 1
    for _ in range(100_000):
        chain = [chain]
    with pytest.raises(nim.SearchLimitError, match="recursion limit") as error:
        solve_game(TreeGame(chain))
    assert error.value.reason == "depth"
    assert nim.trees.solve_tree(chain).value == 1       # the core has no such limit


def test_nim_state_and_canonical_key() -> None:
    game = NimGame([3, 0, 1])
    assert game.initial == NimState((3, 0, 1), 0)
    assert NimGame.canonical(NimState((3, 0, 1), 1)) == ((1, 3), 1)
    assert list(game.actions(game.initial))[:2] == [Move(0, 3), Move(0, 2)]
