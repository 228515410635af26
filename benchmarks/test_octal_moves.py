"""Benchmarks of split moves in the API and the environments (issue 23, item 1).

    pytest benchmarks/test_octal_moves.py --benchmark-only

Each Kayles figure has its yardstick in the same run, the same piles under
take-any (``extra_info``: the ratio Kayles / Nim):

* ``Position.moves()`` listed over 100 heaps of 1..100 (5,050 moves both ways);
* ``LegalMoves`` built for the same position (a lazy sequence per pile);
* 200 random ``NimEnv`` steps against NimX on boards of 3 heaps up to 9
  (the mask of every legal id, the opponent's exact answer).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict

import pytest

from nim import Position
from nim.position import LegalMoves

#: seconds measured in this run, by (test, rules), for the ratios
SECONDS: Dict[str, float] = {}

RULES = {"kayles": "kayles", "nim": "normal"}


def _ratio(benchmark: Any, test: str, name: str) -> None:
    if not benchmark.enabled:          # --benchmark-disable: nothing timed
        return
    SECONDS[f"{test}-{name}"] = benchmark.stats.stats.min
    kayles, nim = SECONDS.get(f"{test}-kayles"), SECONDS.get(f"{test}-nim")
    if kayles is not None and nim is not None:
        benchmark.extra_info["kayles_over_nim"] = kayles / nim


@pytest.mark.benchmark(group="octal-moves-list")
@pytest.mark.parametrize("name", ["kayles", "nim"])
def test_listing_the_moves(benchmark: Any, name: str) -> None:
    position = Position(tuple(range(1, 101)), RULES[name])
    count = benchmark(lambda: sum(1 for _ in position.moves()))
    assert count == 5050
    _ratio(benchmark, "list", name)


@pytest.mark.benchmark(group="octal-moves-lazy")
@pytest.mark.parametrize("name", ["kayles", "nim"])
def test_building_legal_moves(benchmark: Any, name: str) -> None:
    position = Position(tuple(range(1, 101)), RULES[name])
    moves = benchmark(LegalMoves, position)
    assert moves.total == 5050
    _ratio(benchmark, "lazy", name)


def _episodes(env: Any, steps: int) -> Callable[[], int]:
    def run() -> int:
        rng = random.Random(0)
        done, played, seed = True, 0, 0
        info: Dict[str, Any] = {}
        while played < steps:
            if done:
                _, info = env.reset(seed=seed)
                seed += 1
            legal = [i for i, flag in enumerate(info["action_mask"]) if flag]
            _, _, done, _, info = env.step(rng.choice(legal))
            played += 1
        return played
    return run


@pytest.mark.benchmark(group="octal-env-steps")
@pytest.mark.parametrize("name", ["kayles", "nim"])
def test_env_steps(benchmark: Any, name: str) -> None:
    pytest.importorskip("gymnasium")
    from nim.interop.envs import NimEnv

    env = NimEnv(piles=(7, 9, 5), rules=RULES[name], random_start=True, max_pile=9)
    played = benchmark.pedantic(_episodes(env, 200), rounds=3, iterations=1)
    assert played == 200
    _ratio(benchmark, "env", name)
