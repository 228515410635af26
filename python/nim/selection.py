"""The genetic algorithm's selection step (SPEC section 5).

A population of strategies, each with a chromosome of game results (1 = win,
0 = loss); fitness = wins / games played (0 when none). Selection picks the
fittest (ties: the first), or draws by roulette wheel or tournament with a
seeded random generator, so a seed reproduces the choice.

>>> population = Population(["Minimax", "Alpha-Beta"])
>>> for won in (1, 0, 1):
...     population.record("Minimax", won)
>>> for won in (1, 1, 0):
...     population.record("Alpha-Beta", won)
>>> population.select_fittest()
Chromosome(name='Minimax', genes=[1, 0, 1])
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, List, Tuple, Union

from nim.errors import NimError

__all__ = [
    "Chromosome",
    "Population",
    "fitness",
    "select_fittest",
    "roulette_wheel_selection",
    "tournament_selection",
    "wilson_interval",
    "Selection",
    "select_with_intervals",
]

Seed = Union[int, random.Random, None]


def fitness(genes: Iterable[int]) -> float:
    """wins / games for a list of results (1 = win, 0 = loss); 0.0 when there are none."""
    results = list(genes)
    return sum(results) / len(results) if results else 0.0


@dataclass
class Chromosome:
    """One strategy's game results, in the order played (1 = win, 0 = loss)."""

    name: str
    genes: List[int] = field(default_factory=list)

    @property
    def fitness(self) -> float:
        """wins / games (0.0 when no game was played)."""
        return fitness(self.genes)

    @property
    def wins(self) -> int:
        return sum(self.genes)

    @property
    def games(self) -> int:
        return len(self.genes)

    def record(self, won: Union[bool, int]) -> None:
        """Append one game's result."""
        self.genes.append(1 if won else 0)


class Population:
    """Strategies and their chromosomes, in a fixed order (the order of ties).

    Raises
    ------
    NimError
        When a name is repeated or unknown, or the population is empty where
        a selection needs a member.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._members: List[Chromosome] = []
        for name in names:
            self.add(name)

    def add(self, name: str) -> Chromosome:
        """Add a strategy with an empty chromosome and return it."""
        if any(member.name == name for member in self._members):
            raise NimError(f"the population already has a member named {name!r}")
        member = Chromosome(name)
        self._members.append(member)
        return member

    def __getitem__(self, name: str) -> Chromosome:
        for member in self._members:
            if member.name == name:
                return member
        raise NimError(f"no member named {name!r} in the population")

    def __iter__(self) -> Iterator[Chromosome]:
        return iter(self._members)

    def __len__(self) -> int:
        return len(self._members)

    def record(self, name: str, won: Union[bool, int]) -> None:
        """Append one game's result to a member's chromosome."""
        self[name].record(won)

    def _repr_html_(self) -> str:
        """Games, wins and fitness per member as an HTML table, for notebooks (nim.display)."""
        from nim.display import population_html
        return population_html(self)

    def select_fittest(self) -> Chromosome:
        """The member with the highest fitness (ties: the first)."""
        return select_fittest(self._members)

    def tournament(self, size: int = 2, seed: Seed = None) -> Chromosome:
        """The fittest of ``size`` members drawn at random (see tournament_selection)."""
        return tournament_selection(self._members, size, seed)

    if not TYPE_CHECKING:     # mypy would read any missing attribute as this function's
        def __getattr__(self, name: str) -> Any:
            # only reached for a missing attribute: a method removed in 0.3.0 says where it went
            if name == "roulette_wheel":
                raise AttributeError("Population.roulette_wheel was removed in 0.3.0 (nothing called it): "
                                     "use nim.play.selection.roulette_wheel_selection(population, seed)")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _nonempty(members: Iterable[Chromosome]) -> List[Chromosome]:
    listed = list(members)
    if not listed:
        raise NimError("selection needs at least one chromosome")
    return listed


def _rng(seed: Seed) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def select_fittest(members: Iterable[Chromosome]) -> Chromosome:
    """The chromosome with the highest fitness; ties go to the first."""
    listed = _nonempty(members)
    best = listed[0]
    for member in listed[1:]:
        if member.fitness > best.fitness:
            best = member
    return best


def roulette_wheel_selection(members: Iterable[Chromosome], seed: Seed = None) -> Chromosome:
    """Draw one chromosome with probability fitness / total fitness.

    When every fitness is 0 the draw is uniform. ``seed`` (an int or a
    ``random.Random``) makes the draw reproducible.
    """
    listed = _nonempty(members)
    rng = _rng(seed)
    total = sum(member.fitness for member in listed)
    if total <= 0:
        return listed[rng.randrange(len(listed))]
    point = rng.random() * total
    running = 0.0
    for member in listed:
        running += member.fitness
        if point < running:
            return member
    # float rounding can leave `point` a hair above the last sum: the last fit member
    return next(member for member in reversed(listed) if member.fitness > 0)


def tournament_selection(members: Iterable[Chromosome], size: int = 2,
                         seed: Seed = None) -> Chromosome:
    """Draw ``size`` chromosomes (without replacement) and keep the fittest (ties: first drawn).

    Raises
    ------
    NimError
        When ``size`` is not between 1 and the population size.
    """
    listed = _nonempty(members)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= len(listed):
        raise NimError(f"tournament size must be 1 to {len(listed)}, not {size!r}")
    drawn = _rng(seed).sample(listed, size)
    return select_fittest(drawn)


#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson_interval(wins: int, games: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a win rate ``wins / games`` (95% by default).

    Unlike ``p +- z sqrt(p(1-p)/n)`` it stays inside [0, 1] and is not empty at
    0 or ``games`` wins; with no game it is the whole [0, 1].

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 3), round(high, 3)
    (0.49, 0.943)
    """
    if games <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise NimError(f"wins must be from 0 to the {games} games, not {wins}")
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # at 0 or all wins the formula's end is exactly 0 or 1; rounding must not move it past p
    return min(low, p), max(high, p)


@dataclass(frozen=True)
class Selection:
    """The selection step with its uncertainty.

    ``selected`` is the fittest (ties: the first listed); ``tied`` the members
    (``selected`` first) whose fitness lies inside the selected member's 95%
    Wilson interval: the games played cannot tell them apart, so the choice
    among them is a tie, not a finding.
    """

    selected: Chromosome
    interval: Tuple[float, float]
    tied: Tuple[Chromosome, ...]

    @property
    def is_tie(self) -> bool:
        return len(self.tied) > 1


def select_with_intervals(members: Iterable[Chromosome]) -> Selection:
    """The fittest member and the members tied with it within its 95% Wilson interval."""
    listed = _nonempty(members)
    best = select_fittest(listed)
    low, high = wilson_interval(best.wins, best.games)
    tied = [best] + [m for m in listed if m is not best and m.fitness >= low]
    return Selection(best, (low, high), tuple(tied))
