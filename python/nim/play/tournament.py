"""AI-vs-AI tournaments feeding the selection step (SPEC section 5).

Every pairing of strategies plays ``games`` random boards, each board twice,
once from each seat; each game appends a 1 (win) or 0 (loss) to both players'
chromosomes. The same seed gives the same boards, moves and results.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Callable, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.play.game import Player, play_game, random_board
from nim.play.selection import Population
from nim.play.strategy import Strategy
from nim.rules import Rules, RulesLike

__all__ = ["run_tournament", "tournament_games"]


def tournament_games(n_strategies: int, games: int) -> int:
    """Games a tournament plays: each pairing, ``games`` boards, both seats."""
    return n_strategies * (n_strategies - 1) // 2 * games * 2


def run_tournament(
    strategies: Sequence[Strategy],
    games: int = 10,
    seed: Optional[int] = None,
    rules: RulesLike = None,
    piles: Optional[Tuple[int, ...]] = None,
    board_piles: Tuple[int, int] = (2, 3),
    board_sizes: Tuple[int, int] = (1, 6),
    on_game: Optional[Callable[[], None]] = None,
) -> Population:
    """Play the tournament and return the population of chromosomes, in ``strategies`` order.

    Parameters
    ----------
    strategies : sequence of Strategy
        At least two, with distinct names.
    games : int
        Boards per pairing (each played from both seats).
    seed : int, optional
        Makes boards and random moves reproducible.
    rules : Rules or str, optional
        Default: normal play, take any.
    piles : tuple of int, optional
        Play every game from this board instead of random ones.
    board_piles, board_sizes : (low, high)
        Random boards: how many piles, and stones per pile.
    on_game : callable, optional
        Called after each game (progress).

    Raises
    ------
    NimError
        For fewer than two strategies, repeated names or ``games`` < 1.
    """
    if len(strategies) < 2:
        raise NimError("a tournament needs at least two strategies")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise NimError(f"games must be a whole number of at least 1, not {games!r}")
    ruleset = Rules.coerce(rules)
    population = Population(strategy.name for strategy in strategies)
    rng = random.Random(seed)
    for a, b in combinations(strategies, 2):
        for _ in range(games):
            board = piles if piles is not None else random_board(rng, board_piles, board_sizes)
            for first, second in ((a, b), (b, a)):
                game_rng = random.Random(rng.getrandbits(64))
                result = play_game([Player(first.name, first), Player(second.name, second)],
                                   board, ruleset, game_rng)
                population.record(first.name, result.winner == 0)
                population.record(second.name, result.winner == 1)
                if on_game is not None:
                    on_game()
    return population
