"""The `tt` engine against independent oracles, on every rule set.

Oracles: tests/reference.py (pure-Python minimax / alpha-beta and a memoised brute
force), the core's minimax and alpha-beta, Bouton's theorem and Sprague-Grundy
theory. Also the table's exact keys, its memory bound and the explicit stack.
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache
from typing import Dict, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
import reference
from nim.rules import Rules
from nimcore import tt as tt_core
from nimcore.search import Search
from nimcore.ttable import TranspositionTable, pack_key

RULE_SETS = [
    f"{convention}{take}"
    for convention in ("normal", "misere")
    for take in ("", ",max=2", ",max=3", ",half", ",set=1;3;4", ",set=2;3")
]


def small_positions(max_pile: int, max_piles: int) -> List[Tuple[int, ...]]:
    """Every position of 1..max_piles piles of 0..max_pile (in every order for 2 piles)."""
    out: List[Tuple[int, ...]] = []
    for n in range(1, max_piles + 1):
        pool = itertools.product if n <= 2 else itertools.combinations_with_replacement
        out.extend(pool(range(max_pile + 1), repeat=n) if n <= 2 else pool(range(max_pile + 1), n))
    return out


def child(piles: Tuple[int, ...], move: nim.Move) -> Tuple[int, ...]:
    after = list(piles)
    after[move.pile] -= move.count
    return tuple(after)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_tt_matches_brute_force_and_core_engines_on_small_positions(rules: str) -> None:
    ruleset = Rules.parse(rules)
    positions = small_positions(6, 3) + list(itertools.combinations_with_replacement(range(4), 4))
    for piles in positions:
        expected = reference.brute_force_value(list(piles), ruleset)
        got = nim.solve(piles, ruleset, method="tt")
        assert got.value == expected, (piles, rules)
        assert got.method == "tt"
        assert nim.solve(piles, ruleset, method="alphabeta").value == expected
        if got.move is None:
            assert not any(True for _ in nim.Position(piles).moves(ruleset))
        else:
            assert got.move.count in ruleset.takes(piles[got.move.pile])
            # the move returned achieves the value: a winning move leaves a lost position
            assert -reference.brute_force_value(list(child(piles, got.move)), ruleset) == expected


@pytest.mark.parametrize("rules", RULE_SETS)
def test_tt_matches_the_pure_python_twins(rules: str) -> None:
    ruleset = Rules.parse(rules)
    for piles in small_positions(4, 3):
        value = nim.solve(piles, ruleset, method="tt").value
        assert value == reference.alphabeta(list(piles), ruleset).value, (piles, rules)
        if sum(piles) <= 8:
            assert value == reference.minimax(list(piles), ruleset).value
            assert value == nim.solve(piles, ruleset, method="minimax").value


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("variant", [
    {"table": False}, {"guide": False}, {"endgame": False}, {"distance": True},
])
def test_every_search_variant_is_exact(rules: str, variant: Dict[str, bool]) -> None:
    """Without table, guide or endgame tables, and in distance mode: the same values."""
    ruleset = Rules.parse(rules)
    table = None if variant.get("table") is False else TranspositionTable(1)
    options = {k: v for k, v in variant.items() if k != "table"}
    for piles in small_positions(5, 3):
        search = Search(ruleset.core, piles)
        score, pile, take = tt_core.search(search, table, **options)
        value = (1 if score > 0 else -1) if options.get("distance") else score
        assert value == reference.brute_force_value(list(piles), ruleset), (piles, rules, variant)
        if take:
            assert pile in piles and take in ruleset.takes(pile)


def test_bouton_on_thousands_of_random_misere_positions() -> None:
    rng = random.Random(3)
    misere = Rules.parse("misere")
    for _ in range(2000):
        piles = [rng.randint(0, 12) for _ in range(rng.randint(1, 6))]
        expected = nim.solve(piles, misere, method="grundy").value   # Bouton's misère rule
        got = nim.solve(piles, misere, method="tt")
        assert got.value == expected, piles
        if expected > 0 and got.move is not None:
            assert nim.solve(child(tuple(piles), got.move), misere, method="grundy").value == -1


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if r.startswith("normal")])
def test_sprague_grundy_on_random_normal_positions(rules: str) -> None:
    rng = random.Random(5)
    ruleset = Rules.parse(rules)
    for _ in range(300):
        piles = [rng.randint(0, 30) for _ in range(rng.randint(1, 5))]
        assert nim.solve(piles, ruleset, method="tt").value == nim.solve(piles, ruleset).value, piles


@pytest.mark.parametrize("rules", ["misere,max=3", "misere,half", "misere,set=1;3;4", "misere,set=2;3"])
def test_random_misere_positions_with_a_tiny_table(rules: str) -> None:
    """1 MB holds 32,768 entries: many positions share buckets and are evicted; still exact."""
    rng = random.Random(7)
    ruleset = Rules.parse(rules)
    for _ in range(40):
        piles = [rng.randint(0, 14) for _ in range(rng.randint(2, 5))]
        expected = reference.brute_force_value(piles, ruleset)
        assert nim.solve(piles, ruleset, method="tt", tt_mb=1).value == expected, piles


def test_auto_uses_the_theory_for_every_rule_set() -> None:
    # (tt is auto's fallback where condition (C) fails: tests/test_theory_auto.py)
    for rules in ("misere,max=3", "misere,half", "misere,set=1;3;4", "misere"):
        assert nim.solve([3, 4, 5], rules).method == "theory"
    assert "tt" in nim.solving.METHODS


def test_benchmark_positions_solve_exactly() -> None:
    assert nim.solve([1, 13, 14, 20, 1, 15, 9, 8], "misere", method="tt").value == \
        nim.solve([1, 13, 14, 20, 1, 15, 9, 8], "misere", method="grundy").value


# ---------------------------------------------------------------- the C stack

def test_a_pile_of_a_million_under_misere_max_3() -> None:
    """A game of up to a million moves: the endgame table, and the explicit stack without it."""
    rules = Rules.parse("misere,max=3")
    # misère max 3, one pile: lost for the mover iff n = 1 (mod 4)
    assert nim.solve([10**6], rules).value == 1
    assert nim.solve([10**6 + 1], rules).value == -1
    for n, expected in ((10**6, 1), (10**6 + 1, -1)):
        search = Search(rules.core, [n])
        score, pile, take = tt_core.search(search, TranspositionTable(64), endgame=False)
        assert search.stop_reason is None
        assert score == expected
        if expected > 0:
            assert (n - take) % 4 == 1


def test_deep_game_on_two_piles_without_endgame_tables() -> None:
    rules = Rules.parse("misere,max=3")
    search = Search(rules.core, [200_000, 3])
    score, _, _ = tt_core.search(search, TranspositionTable(64), endgame=False)
    # theory (exact on every position tested): Grundy values 0 and 3, XOR 3 != 0: a win
    assert score == 1


# ---------------------------------------------------------------- the table

@pytest.mark.parametrize("mb", [1, 3, 64, 100, 256, 1000])
def test_table_size_respects_the_bound(mb: int) -> None:
    table = TranspositionTable(mb)
    assert table.nbytes <= mb * 2**20
    assert table.nbytes > mb * 2**20 // 2        # the largest power of two that fits
    assert table.capacity == table.nbytes // 32
    assert table.bytes_in_use <= table.nbytes


def test_a_search_never_grows_the_table_past_its_bound() -> None:
    table = TranspositionTable(1)
    search = Search(Rules.parse("misere,max=3").core, [28, 28, 2, 3, 3, 12, 27, 6, 24, 26],
                    node_limit=400_000)
    tt_core.search(search, table, guide=False)      # unguided: every position is stored
    assert search.stop_reason == "nodes"
    assert table.entries <= table.capacity
    assert table.bytes_in_use == table.nbytes == 2**20
    assert table.fill > 0.75                         # full: entries were replaced


@pytest.mark.parametrize("bad", [0, -1, 1.5, "64", True, 2**21])
def test_bad_table_sizes_are_refused(bad: object) -> None:
    with pytest.raises(nim.NimError, match="tt_mb"):
        nim.solve([1, 2, 3], "misere,max=3", tt_mb=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        TranspositionTable(bad)


def test_a_table_is_emptied_for_other_rules_or_mode() -> None:
    table = TranspositionTable(4)
    misere = Rules.parse("misere,max=3")
    normal = Rules.parse("normal,max=3")
    for piles in small_positions(6, 3):
        for rules in (misere, normal):
            score, _, _ = tt_core.search(Search(rules.core, piles), table)
            assert score == reference.brute_force_value(list(piles), rules)
            score, _, _ = tt_core.search(Search(rules.core, piles), table, distance=True)
            assert (score > 0) == (reference.brute_force_value(list(piles), rules) > 0)


sorted_piles = st.lists(st.integers(1, 2**32 - 1), max_size=12).map(sorted)


@settings(max_examples=300, deadline=None)
@given(sorted_piles, sorted_piles)
def test_gamma_keys_are_injective(a: List[int], b: List[int]) -> None:
    ka, kb = pack_key(a), pack_key(b)
    if ka is not None and kb is not None and a != b:
        assert ka != kb


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 3), max_size=60).map(sorted),
       st.lists(st.integers(1, 3), max_size=60).map(sorted))
def test_gamma_keys_of_many_small_piles_are_injective(a: List[int], b: List[int]) -> None:
    ka, kb = pack_key(a), pack_key(b)
    if ka is not None and kb is not None and a != b:
        assert ka != kb


def test_key_codes_on_all_small_positions() -> None:
    seen: Dict[int, Tuple[int, ...]] = {}
    seen_bytes: Dict[int, Tuple[int, ...]] = {}
    for n in range(1, 6):
        for piles in itertools.combinations_with_replacement(range(1, 9), n):
            key = pack_key(list(piles))
            assert key is not None and key not in seen, (piles, seen.get(key))
            seen[key] = piles
            key = pack_key(list(piles), gamma=False)
            assert key not in seen_bytes
            seen_bytes[key] = piles
    assert pack_key([2**32 - 1] * 4) is not None      # gaps 2**32 - 2, 0, 0, 0: 65 + 3 bits
    assert pack_key([2**30, 2**31, 3 * 2**30, 2**32 - 1]) is None   # 4 gaps of 61 bits


def test_positions_too_long_to_pack_are_searched_exactly() -> None:
    rules = Rules.parse("misere")
    piles = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 3]
    search = Search(rules.core, piles, node_limit=10_000_000)
    table = TranspositionTable(8)
    score, _, _ = tt_core.search(search, table)
    assert score == nim.solve(piles, rules, method="grundy").value
    assert table.unpackable > 0


# ---------------------------------------------------------------- analyze

def remoteness_oracle(rules: Rules):  # type: ignore[no-untyped-def]
    @lru_cache(maxsize=None)
    def remote(piles: Tuple[int, ...]) -> Tuple[int, int]:
        """(value for the mover, remoteness) by exhaustive search."""
        results = [remote(tuple(sorted(child(piles, m)))) for m in nim.Position(piles).moves(rules)]
        if not results:
            return (1 if rules.misere else -1), 0
        losing = [r for v, r in results if v < 0]
        if losing:
            return 1, 1 + min(losing)
        return -1, 1 + max(r for _, r in results)

    return remote


@pytest.mark.parametrize("rules", RULE_SETS)
def test_analyze_matches_brute_force(rules: str) -> None:
    ruleset = Rules.parse(rules)
    remote = remoteness_oracle(ruleset)
    for piles in small_positions(5, 3):
        rows = nim.analyze(piles, ruleset)
        moves = list(nim.Position(piles).moves(ruleset))
        assert [row.move for row in rows] == moves
        for row in rows:
            value, depth = remote(tuple(sorted(child(piles, row.move))))
            assert row.value == -value, (piles, row)
            assert row.depth == depth, (piles, row)
        fast = nim.analyze(piles, ruleset, depth=False)
        assert [(r.move, r.value, r.depth) for r in fast] == [(r.move, r.value, None) for r in rows]
        solution = nim.solve(piles, ruleset)
        assert solution.value == (max(r.value for r in rows) if rows else solution.value)


def test_analyze_examples() -> None:
    rows = nim.analyze([1, 3, 5], "misere")
    assert [r for r in rows if r.value > 0] == [nim.solving.MoveAnalysis(nim.Move(2, 3), 1, 5)]
    assert nim.analyze([0, 0], "normal") == []
    assert nim.analyze([1], "misere") == [nim.solving.MoveAnalysis(nim.Move(0, 1), -1, 0)]
    assert nim.analyze([5], "normal,max=3")[2] == nim.solving.MoveAnalysis(nim.Move(0, 1), 1, 2)


def test_analyze_a_large_position_values_only() -> None:
    piles = [1, 13, 14, 20, 1, 15, 9, 8]
    rows = nim.analyze(piles, "misere,max=3", depth=False)
    assert len(rows) == sum(min(3, p) for p in piles)
    assert any(r.value > 0 for r in rows) == (nim.solve(piles, "misere,max=3").value > 0)


def test_depths_of_astronomically_long_games_are_refused() -> None:
    with pytest.raises(nim.NimError, match="depth=False"):
        nim.analyze([2**29, 1], "misere,max=3")
    # values only: the theory answers every move, no search (so no limit is reached)
    rows = nim.analyze([2**29, 1], "misere,max=3", depth=False, node_limit=100_000)
    assert [tuple(r.move) for r in rows] == [(0, 3), (0, 2), (0, 1), (1, 1)]
    for row in rows:
        child = [2**29, 1]
        child[row.move.pile] -= row.move.count
        assert row.value == -nim.solve(child, "misere,max=3", "tt" if max(child) < 40 else "auto").value


def test_a_game_deeper_than_the_frame_stack_stops_with_depth() -> None:
    rules = Rules.parse("misere,max=3")
    search = Search(rules.core, [100_000, 5])
    tt_core.search(search, TranspositionTable(8), endgame=False, max_frames=1000)
    assert search.stop_reason == "depth"
    search = Search(rules.core, [100_000, 5])
    score, _, _ = tt_core.search(search, TranspositionTable(8), endgame=False, max_frames=100_000)
    # Grundy values 0 and 1, no value >= 2 and an odd number of 1s: lost (misère rule)
    assert search.stop_reason is None and score == -1

def test_a_reused_mapping_starts_empty() -> None:
    """A freed table's memory is handed to the next one of its size: it must read as empty.

    The old table holds normal-play values of the same positions, chosen with
    Grundy values <= 1, where misère and normal values differ: any entry left
    over would give a wrong misère value.
    """
    rules = Rules.parse("misere,max=3")
    normal = Rules.parse("normal,max=3")
    for piles in ([4, 5, 8, 9, 12], [4, 4, 5, 8, 9], [1, 4, 5, 8, 9, 13]):
        table = TranspositionTable(64)
        tt_core.search(Search(normal.core, piles), table, guide=False, endgame=False)
        assert table.entries > 0
        del table
        fresh = TranspositionTable(64)
        assert fresh.entries == 0
        for small in ([4, 5, 8], [4, 4, 5], [1, 4, 8, 9], [4, 5, 8, 9], [5, 8, 9, 12]):
            score, _, _ = tt_core.search(Search(rules.core, small), fresh, guide=False,
                                         endgame=False)
            assert score == reference.brute_force_value(small, rules), small


def test_the_bucket_layout_is_one_cache_line() -> None:
    # The module refuses to import otherwise; this names the sizes the design rests on.
    from nimcore import ttable
    assert ttable.ENTRY_BYTES == 32
    assert ttable.BUCKET_BYTES == 64 == 2 * ttable.ENTRY_BYTES
