"""The winning move of a Tartan game's head at large places (issue 41): a head of Turning
Corners asked for a value other than 0 (the move of a sum of heads), solved in the nim field by
``nim.families.coins.nim_factor_pair`` (halves of the field, a quadratic each level).

    pytest benchmarks/test_tartan_moves.py --benchmark-only

Before: 8,192 candidate factors, refused at 20 bits four times in five and at 40 and 200 bits
every time (200 bits: some 9 s each). A grid of two heads is a move of one of them to the
other's value; each round asks a fresh pair of heads (the same list every run).
"""

import random
from typing import Any, Callable, List, Tuple

import pytest

import nim
from nim.families.coins import TurningCorners
from nim.nimfield import nim_mul


def _grids(bits: int, count: int = 64) -> List[List[List[int]]]:
    rng = random.Random(bits)
    return [[[rng.getrandbits(bits) | 1 << (bits - 1), rng.getrandbits(bits) | 1 << (bits - 1)],
             [rng.getrandbits(bits), rng.getrandbits(bits)]] for _ in range(count)]


def _cycle(grids: List[List[List[int]]]) -> Callable[[], Any]:
    state = {"i": 0}

    def run() -> Any:
        grid = grids[state["i"] % len(grids)]
        state["i"] += 1
        return nim.solve(grid, "turning-corners")
    return run


@pytest.mark.benchmark(group="tartan-moves")
@pytest.mark.parametrize("bits", [20, 64, 200, 1000])
def test_turning_corners_winning_move(benchmark: Any, bits: int) -> None:
    solution = benchmark(_cycle(_grids(bits)))
    assert solution.value in (1, -1)


@pytest.mark.benchmark(group="tartan-moves")
def test_one_head_to_a_value_at_1000_bits(benchmark: Any) -> None:
    rng = random.Random(7)
    family = TurningCorners()
    asks: List[Tuple[Tuple[int, int], int]] = []
    for _ in range(32):
        x, y = rng.getrandbits(1000) | 1 << 999, rng.getrandbits(1000) | 1 << 999
        asks.append(((x, y), rng.randrange(nim_mul(x, y))))
    state = {"i": 0}

    def run() -> Any:
        head, v = asks[state["i"] % len(asks)]
        state["i"] += 1
        return family.head_move_to(head, v)
    others = benchmark(run)
    assert len(others) == 3
