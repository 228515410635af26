"""The compiled split search (nim.takebreak.splits.split_search) against an independent
brute force (tests/takebreak_oracle.py): every position of up to 4 heaps of up to 10
for many octal codes and Grundy's game, both conventions; remoteness in distance
mode; the XOR of part 1's nim-sequences on larger random positions in normal play;
limits, bad input."""

from __future__ import annotations

import itertools
import random
import threading
from typing import List, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import takebreak_oracle as oracle
from nim import Rules
from nim.errors import InvalidPositionError, InvalidRulesError, SearchLimitError
from nim.takebreak.sequence import nim_sequence
from nim.game.limits import Limits
from nim.takebreak.splits import split_search


def _random_codes(count: int, seed: int) -> List[str]:
    rng = random.Random(seed)
    codes = []
    while len(codes) < count:
        places = rng.randint(1, 4)
        code = f"{rng.choice('04')}." + "".join(str(rng.randint(0, 7)) for _ in range(places))
        if any(c not in "03." for c in code.rstrip("0")) and code.rstrip("0")[-1] != ".":
            codes.append(code.rstrip("0"))
    return codes


#: Named codes (Kayles, Dawson's Kayles, Dawson's chess, 0.16, 4.07, ...) and random ones;
#: "grundy-game" is Grundy's game.
GAMES: List[str] = ["0.77", "0.07", "0.137", "0.16", "4.07", "0.6", "0.51", "0.71",
                              "4.7", "0.4", "grundy-game"] + _random_codes(8, 23)


def rules_of(game: str, misere: bool) -> Rules:
    return Rules(misere=misere, take="grundy") if game == "grundy-game" else Rules(misere=misere, octal=game)


def positions(heaps: int, top: int):
    for count in range(heaps + 1):
        yield from itertools.combinations_with_replacement(range(top + 1), count)


def _check(game: str, misere: bool, heaps, result) -> None:
    won = oracle.wins(game, misere, heaps)
    assert result.value == (1 if won else -1), (game, misere, heaps)
    has_moves = any(True for _ in oracle.children(game, tuple(sorted(heaps))))
    assert (result.move is not None) == has_moves, (game, misere, heaps, result)
    if result.move is not None:
        assert oracle.is_option(game, heaps, result.move), (game, heaps, result.move)
        if won:
            assert not oracle.wins(game, misere, oracle.apply(heaps, result.move)), (game, heaps, result)


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("game", GAMES)
def test_every_small_position_against_brute_force(game: str, misere: bool) -> None:
    rules = rules_of(game, misere)
    checked = 0
    for heaps in positions(4, 10):
        # shuffled, so the move's pile index must follow the caller's order
        shuffled = list(heaps)
        random.Random(hash(heaps)).shuffle(shuffled)
        _check(game, misere, shuffled, split_search(rules, shuffled))
        checked += 1
    assert checked == 1365


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("game", ["0.77", "0.07", "0.137", "4.07", "grundy-game"])
def test_distance_mode_is_the_remoteness(game: str, misere: bool) -> None:
    rules = rules_of(game, misere)
    for heaps in positions(3, 9):
        result = split_search(rules, heaps, distance=True)
        won, far = oracle.wins(game, misere, heaps), oracle.remoteness(game, misere, heaps)
        assert (result.value, result.depth) == (1 if won else -1, far), (game, misere, heaps)
        if result.move is not None:
            after = oracle.apply(heaps, result.move)
            # the move keeps its promise: the child is lost (or won) in one move less
            assert (oracle.wins(game, misere, after), oracle.remoteness(game, misere, after)) == (not won, far - 1), \
                (heaps, result.move)


def test_heap_moves_match_the_oracle() -> None:
    # the heaps each move leaves, as the search's oracle lists them (the search itself
    # generates moves in C; Rules.heap_moves is the package's reference of a move)
    for game in GAMES:
        rules = rules_of(game, False)
        for heap in range(16):
            ours = {split if split is not None else ((heap - count,) if count < heap else ())
                    for count, split in rules.heap_moves(heap)}
            assert ours == set(oracle.options(game, heap)), (game, heap)


def _xor(values, heaps) -> int:
    total = 0
    for heap in heaps:
        total ^= values[heap]
    return total


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(["0.77", "0.07", "0.137", "0.16", "4.07", "grundy-game"]),
       heaps=st.lists(st.integers(0, 22), min_size=1, max_size=5))
def test_normal_play_agrees_with_the_nim_sequence(game: str, heaps: List[int]) -> None:
    rules = rules_of(game, False)
    values = nim_sequence(rules, max(heaps) + 1)
    result = split_search(rules, heaps, limits=Limits(nodes=50_000_000))
    assert result.value == (1 if _xor(values, heaps) else -1)
    if result.value == 1:
        assert result.move is not None
        after = oracle.apply(heaps, result.move)
        assert oracle.is_option(game, heaps, result.move)
        assert _xor(values, after) == 0


def test_misere_larger_positions_agree_with_brute_force() -> None:
    rng = random.Random(5)
    for game in ["0.77", "0.07", "0.137"]:
        rules = rules_of(game, True)
        for _ in range(25):
            heaps = [rng.randint(0, 14) for _ in range(rng.randint(2, 4))]
            _check(game, True, heaps, split_search(rules, heaps))


def test_equal_pairs_do_not_cancel_in_misere() -> None:
    # misère Kayles: [1] and [1, 2, 2] differ although 2 + 2 cancels in normal play
    rules = rules_of("0.77", True)
    assert split_search(rules, [1]).value == (1 if oracle.wins("0.77", True, (1,)) else -1)
    assert split_search(rules, [1, 2, 2]).value == (1 if oracle.wins("0.77", True, (1, 2, 2)) else -1)
    assert oracle.wins("0.77", True, (1,)) != oracle.wins("0.77", True, (1, 2, 2))


def test_limits_stop_the_search() -> None:
    rules = rules_of("0.77", True)
    with pytest.raises(SearchLimitError) as caught:
        split_search(rules, [30, 31, 33, 35, 37, 39], limits=Limits(nodes=5000))
    assert caught.value.reason == "nodes"
    event = threading.Event()
    event.set()
    with pytest.raises(SearchLimitError) as cancelled:
        split_search(rules, [30, 31, 33, 35, 37, 39], limits=Limits(nodes=None, cancel=event))
    assert cancelled.value.reason == "cancelled"


def test_bad_input() -> None:
    with pytest.raises(InvalidRulesError, match="take-and-break"):
        split_search(Rules(), [1, 2])
    with pytest.raises(InvalidPositionError, match="-1"):
        split_search(Rules.game("kayles"), [3, -1])
    with pytest.raises(InvalidPositionError, match="larger than the split search takes"):
        split_search(Rules.game("kayles"), [2**21])


@pytest.mark.parametrize("options", [{"tame_leaves": False}, {"etc": True}, {"tame_leaves": False, "etc": True}],
                         ids=["no-leaves", "etc", "plain-etc"])
@pytest.mark.parametrize("game", ["0.77", "0.07", "4.07", "grundy-game"])
def test_misere_variants_against_brute_force(game: str, options: dict) -> None:
    rules = rules_of(game, True)
    for heaps in positions(4, 9):
        _check(game, True, heaps, split_search(rules, heaps, **options))


def test_time_limit_and_progress() -> None:
    rules = rules_of("0.77", True)
    calls: List[Tuple[int, float]] = []

    def progress(nodes: int, seconds: float) -> None:
        calls.append((nodes, seconds))

    from nim.kernel import CoreRules, Search, TranspositionTable, splits
    from nim.takebreak.sequence import game_places
    _, takes_all, leaves, parts, grundy_game = game_places(rules)
    search = Search(CoreRules(True, "any"), [36, 35, 26, 24, 23, 22], time_limit=0.3, progress=progress)
    splits.search(search, TranspositionTable(16), takes_all, leaves, parts, grundy_game,
                  list(nim_sequence(rules, 37)))
    assert search.stop_reason == "time"
    assert search.seconds < 1.5
    assert calls and all(nodes > 0 for nodes, _ in calls)
    with pytest.raises(SearchLimitError) as caught:
        split_search(rules, [36, 35, 26, 24, 23, 22], limits=Limits(nodes=None, time=0.2, memory=1))
    assert caught.value.reason == "time"


def test_the_search_is_exact_when_its_table_is_tiny() -> None:
    # a 1 MB table evicts entries all the time: answers must not change
    rng = random.Random(11)
    for game in ["0.77", "0.07"]:
        for misere in (False, True):
            rules = rules_of(game, misere)
            for _ in range(10):
                heaps = [rng.randint(0, 12) for _ in range(4)]
                _check(game, misere, heaps, split_search(rules, heaps, limits=Limits(memory=1)))


def test_two_star_one_heaps_cancel_in_misere() -> None:
    # the search writes heaps that are the game *1 as the smallest one and cancels
    # two of them (*1 + *1 = 0 in misère play): the brute force, which knows nothing
    # of it, must agree on positions full of them (Dawson's Kayles: heaps 2 and 3 are *1)
    for game, ones in [("0.07", (2, 3)), ("0.77", (1,)), ("0.137", (1, 2))]:
        rules = rules_of(game, True)
        for rest in positions(2, 9):
            for extra in itertools.combinations_with_replacement(ones, 3):
                heaps = list(rest) + list(extra)
                _check(game, True, heaps, split_search(rules, heaps))
