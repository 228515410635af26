"""Conway's genus theory (nim.takebreak.genus) against an independent brute force
(tests/takebreak_oracle.py): the genus of every heap up to 12, and the misère
rule on every position of up to 4 heaps of up to 12 where it claims to apply,
for Kayles, Dawson's Kayles, 0.137, 0.16, 4.07, Grundy's game and random codes."""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import List, Tuple

import pytest

import takebreak_oracle as oracle
from nim import Move, Rules
from nim.errors import InvalidRulesError
from nim.takebreak.genus import genus, is_tame, misere_by_genus, nim_genus, tame_table


def _random_codes(count: int, seed: int) -> List[str]:
    rng = random.Random(seed)
    codes: List[str] = []
    while len(codes) < count:
        code = f"{rng.choice('04')}." + "".join(str(rng.randint(0, 7)) for _ in range(rng.randint(1, 3)))
        code = code.rstrip("0")
        if not code.endswith(".") and any(c not in "03." for c in code):
            codes.append(code)
    return codes


GAMES: List[str] = ["0.77", "0.07", "0.137", "0.16", "4.07", "0.51", "4.7", "0.6", "grundy-game"] + _random_codes(6, 7)


def rules_of(game: str) -> Rules:
    return Rules(misere=True, take="grundy") if game == "grundy-game" else Rules(misere=True, octal=game)


# -- the brute-force genus: misère Grundy values of a heap plus k nim-heaps of 2 ---------------

@lru_cache(maxsize=None)
def _misere_mixed(game: str, heaps: Tuple[int, ...], nims: Tuple[int, ...]) -> int:
    """Misère Grundy value of octal heaps plus nim-heaps (both sorted tuples)."""
    seen = set()
    for child in oracle.children(game, heaps):
        seen.add(_misere_mixed(game, child, nims))
    for i, n in enumerate(nims):
        for smaller in range(n):
            rest = nims[:i] + nims[i + 1:] + ((smaller,) if smaller else ())
            seen.add(_misere_mixed(game, heaps, tuple(sorted(rest))))
    if not seen:
        return 1
    g = 0
    while g in seen:
        g += 1
    return g


def brute_genus(game: str, heap: int) -> Tuple[int, Tuple[int, ...]]:
    gammas = [_misere_mixed(game, (heap,), (2,) * k) for k in range(12)]
    # written up to where the sequence starts alternating for good
    start = next(t for t in range(len(gammas)) if all(gammas[i] == gammas[i + 2] for i in range(t, len(gammas) - 2)))
    return oracle.grundy(game, heap), tuple(gammas[:start + 2])


@pytest.mark.parametrize("game", GAMES)
def test_genus_against_brute_force(game: str) -> None:
    rules = rules_of(game)
    for heap in range(13):
        found = genus(rules, heap)
        assert (found.normal, found.misere) == brute_genus(game, heap), (game, heap)


@pytest.mark.parametrize("game", GAMES)
def test_tame_means_nim_genus_everywhere_below(game: str) -> None:
    rules = rules_of(game)
    table = tame_table(rules, 12)
    for heap in range(13):
        reach = set()
        frontier = [heap]
        while frontier:
            h = frontier.pop()
            if h in reach:
                continue
            reach.add(h)
            frontier.extend(p for parts in oracle.options(game, h) for p in parts)
        expected = all(brute_genus(game, h) == tuple(nim_genus(oracle.grundy(game, h))) for h in reach)
        assert table[heap] == is_tame(rules, heap) == expected, (game, heap)


@pytest.mark.parametrize("game", GAMES)
def test_misere_rule_against_brute_force(game: str) -> None:
    rules = rules_of(game)
    applied = 0
    for count in range(5):
        for heaps in itertools.combinations_with_replacement(range(13), count):
            answer = misere_by_genus(rules, heaps)
            if answer is None:
                assert not all(is_tame(rules, h) for h in heaps)
                continue
            applied += 1
            value, move = answer
            won = oracle.wins(game, True, heaps)
            assert value == (1 if won else -1), (game, heaps)
            if won and any(True for _ in oracle.children(game, heaps)):
                assert move is not None and oracle.is_option(game, heaps, move), (game, heaps, move)
                assert not oracle.wins(game, True, oracle.apply(heaps, move)), (game, heaps, move)
            else:
                assert move is None
    assert applied > 0


def _moves_in_documented_order(game: str, pile: int, heap: int) -> List[Move]:
    """A heap's moves in the order nim.takebreak.genus reads them, written here from the code's
    digits: the whole heap taken, then the takes that leave one heap, then the splits; each
    by count, a split by its smaller part (Grundy's game: its splits by the smaller part)."""
    if game == "grundy-game":
        return [Move(pile, 0, split=(a, heap - a)) for a in range(1, heap) if a < heap - a]
    digits = oracle.digits(game)
    whole = [Move(pile, k) for k, d in enumerate(digits) if k and d & 1 and heap == k]
    one = [Move(pile, k) for k, d in enumerate(digits) if k and d & 2 and heap > k]
    two = [Move(pile, k, split=(a, heap - k - a)) for k, d in enumerate(digits) if d & 4
           for a in range(1, heap - k) if a <= heap - k - a]
    return whole + one + two


@pytest.mark.parametrize("game", GAMES)
def test_the_winning_move_is_the_first_in_the_documented_order(game: str) -> None:
    # the genus rule answers the first winning move, pile by pile, in each heap's order above
    # (its enumeration is the package's HeapMoves, sorted back into that order)
    rules = rules_of(game)
    checked = 0
    for count in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(1, 11), count):
            answer = misere_by_genus(rules, heaps)
            if answer is None or answer[1] is None:
                continue
            moves = [move for pile, heap in enumerate(heaps) for move in _moves_in_documented_order(game, pile, heap)]
            assert all(oracle.is_option(game, heaps, move) for move in moves), (game, heaps)
            assert len(moves) == len(oracle.children(game, heaps)), (game, heaps)
            first = next(move for move in moves if not oracle.wins(game, True, oracle.apply(heaps, move)))
            assert answer[1] == first, (game, heaps, answer)
            checked += 1
    assert checked > 0


def test_known_genera_of_kayles() -> None:
    # misère Kayles: heaps 1..4 have nim-heap genera; heap 5 (4^146: alone, its misère
    # value is 1, not 4) is the first that is not tame
    kayles = Rules.game("kayles", misere=True)
    assert [str(genus(kayles, n)) for n in range(1, 6)] == ["1^031", "2^20", "3^31", "1^031", "4^146"]
    assert [is_tame(kayles, n) for n in range(7)] == [True] * 5 + [False] * 2


def test_normal_play_and_take_rules_are_refused() -> None:
    with pytest.raises(InvalidRulesError, match="misère"):
        misere_by_genus(Rules.game("kayles"), [1, 2])
    with pytest.raises(InvalidRulesError, match="take-and-break"):
        genus(Rules(misere=True), 3)
