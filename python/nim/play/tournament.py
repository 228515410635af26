"""AI-vs-AI tournaments feeding the selection step (SPEC section 5).

Every pairing of strategies plays ``games`` random boards, each board twice,
once from each seat; each game appends a 1 (win) or 0 (loss) to both players'
chromosomes, and the cross-table counts who beat whom. The same seed gives
the same boards, moves and results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.play.game import Player, play_game, random_board
from nim.play.selection import Population, Selection, select_with_intervals, wilson_interval
from nim.play.strategy import Strategy
from nim.rules import Rules, RulesLike

__all__ = ["run_tournament", "play_tournament", "Tournament", "tournament_games", "format_tournament"]


@dataclass
class Tournament:
    """A tournament's results: the population of chromosomes (``strategies``
    order) and the cross-table ``wins[a][b]`` / ``games[a][b]``: the games a
    played against b and the ones it won."""

    population: Population
    wins: Dict[str, Dict[str, int]] = field(default_factory=dict)
    games: Dict[str, Dict[str, int]] = field(default_factory=dict)

    @property
    def names(self) -> List[str]:
        return [member.name for member in self.population]

    def selection(self) -> Selection:
        """The fittest strategy, its 95% interval and the strategies tied with it."""
        return select_with_intervals(self.population)

    def __str__(self) -> str:
        return format_tournament(self)

    def _repr_html_(self) -> str:
        """The cross-table, intervals and selection, for notebooks."""
        import html

        return f"<pre>{html.escape(format_tournament(self))}</pre>"

    def to_dict(self) -> Dict[str, Any]:
        """JSON-ready: per strategy its chromosome, fitness and interval; the cross-table; the selection."""
        chosen = self.selection()
        return {
            "strategies": [{"name": m.name, "chromosome": m.genes, "fitness": m.fitness,
                            "wins": m.wins, "games": m.games,
                            "interval95": list(wilson_interval(m.wins, m.games))}
                           for m in self.population],
            "cross_table": {a: {b: [self.wins[a][b], self.games[a][b]] for b in self.names if b != a}
                            for a in self.names},
            "selected": chosen.selected.name,
            "tie": [m.name for m in chosen.tied] if chosen.is_tie else [],
        }


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
    """Play the tournament and return the population of chromosomes, in ``strategies`` order
    (``play_tournament`` returns the cross-table too).

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
    return play_tournament(strategies, games, seed, rules, piles, board_piles, board_sizes,
                           on_game).population


def play_tournament(
    strategies: Sequence[Strategy],
    games: int = 10,
    seed: Optional[int] = None,
    rules: RulesLike = None,
    piles: Optional[Tuple[int, ...]] = None,
    board_piles: Tuple[int, int] = (2, 3),
    board_sizes: Tuple[int, int] = (1, 6),
    on_game: Optional[Callable[[], None]] = None,
) -> Tournament:
    """Play the tournament (as ``run_tournament``) and return its chromosomes and cross-table.

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
    names = [strategy.name for strategy in strategies]
    table = Tournament(population, {a: {b: 0 for b in names} for a in names},
                       {a: {b: 0 for b in names} for a in names})
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
                winner, loser = (first, second) if result.winner == 0 else (second, first)
                table.wins[winner.name][loser.name] += 1
                table.games[first.name][second.name] += 1
                table.games[second.name][first.name] += 1
                if on_game is not None:
                    on_game()
    return table


def format_tournament(tournament: Tournament) -> str:
    """The tournament for a person: the cross-table (row's wins / games against the
    column), each strategy's fitness with its 95% Wilson interval, and the
    selection -- a tie when the games cannot tell the leaders apart."""
    names = tournament.names
    width = max(len(name) for name in names)
    cells = {a: {b: ("-" if a == b else f"{tournament.wins[a][b]}/{tournament.games[a][b]}")
                 for b in names} for a in names}
    column = max([len(name) for name in names] + [len(c) for row in cells.values() for c in row.values()])
    lines = ["Cross-table (row's wins / games against the column):",
             " " * width + "  " + "  ".join(f"{name:>{column}}" for name in names)]
    for a in names:
        lines.append(f"{a:<{width}}  " + "  ".join(f"{cells[a][b]:>{column}}" for b in names))
    lines.append("")
    lines.append("Fitness (wins / games) with its 95% interval (Wilson):")
    for member in tournament.population:
        low, high = wilson_interval(member.wins, member.games)
        lines.append(f"{member.name:<{width}}  {member.fitness:.3f}  [{low:.3f}, {high:.3f}]  "
                     f"({member.wins}/{member.games})")
    chosen = tournament.selection()
    lines.append("")
    best = chosen.selected
    if chosen.is_tie:
        others = ", ".join(m.name for m in chosen.tied[1:])
        # the tie-break on order is said only where it chose (issue 40, item 8)
        level = any(m.fitness == best.fitness for m in chosen.tied[1:])
        kept = "the fittest (equal fitness: the first listed)" if level else "the fittest"
        lines.append(f"Selection: a tie. {best.name} has the highest fitness ({best.fitness:.3f}), but "
                     f"{others} lie{'s' if len(chosen.tied) == 2 else ''} within its 95% interval "
                     f"[{chosen.interval[0]:.3f}, {chosen.interval[1]:.3f}]: these games cannot tell "
                     f"them apart. Kept: {best.name}, {kept}.")
    else:
        lines.append(f"Selected: {best.name} (fitness {best.fitness:.3f}, 95% interval "
                     f"[{chosen.interval[0]:.3f}, {chosen.interval[1]:.3f}]; every other strategy "
                     "lies below it).")
    return "\n".join(lines)
