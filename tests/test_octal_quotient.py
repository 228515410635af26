"""The misère-quotient engine (nim.octal.misere_quotient) against independent oracles:
the monoid laws and reducedness checked on every quotient, the published quotients,
and a brute-force misère search written here (its own move generation from the
octal digits, memoised over sorted tuples) on every small sum."""

from __future__ import annotations

import itertools
import json
import re
import time
from functools import lru_cache
from typing import Callable, List, Tuple

import numpy as np
import pytest

from nim.cli import main
from nim.errors import NimError
from nim.octal import MisereQuotient, QuotientError, misere_quotient

Position = Tuple[int, ...]


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))


# ---------------------------------------------------------------- oracles

def brute_force(code: str) -> Tuple[Callable[[Position], bool], Callable[[int], List[Position]]]:
    """``lost(position)`` in misère play and ``options(heap)`` of an octal code,
    from its digits alone."""
    whole, _, after = code.partition(".")
    digits = [int(whole or "0")] + [int(c) for c in after]

    @lru_cache(maxsize=None)
    def options(n: int) -> List[Position]:
        out: List[Position] = []
        for k, d in enumerate(digits):
            if k > n:
                break
            if k and d & 1 and n == k:
                out.append(())
            if k and d & 2 and n > k:
                out.append((n - k,))
            if d & 4:
                out.extend((a, n - k - a) for a in range(1, (n - k) // 2 + 1))
        return out

    @lru_cache(maxsize=None)
    def lost(position: Position) -> bool:
        moved = False
        for i, heap in enumerate(position):
            if i and position[i - 1] == heap:
                continue
            for rest in options(heap):
                moved = True
                if lost(tuple(sorted(position[:i] + position[i + 1:] + rest))):
                    return False
        return moved          # misère: the player with no move wins

    return lost, options


def check_laws(q: MisereQuotient) -> None:
    """Identity, commutativity, associativity, and reducedness (no two elements
    alike under every multiplier), computed from the table alone."""
    n = q.order
    t = np.array(q.table, dtype=np.int64)
    assert t.shape == (n, n)
    assert (t[0] == np.arange(n)).all() and (t[:, 0] == np.arange(n)).all()
    assert (t == t.T).all()
    for x in range(n):
        # (x y) z == x (y z) for every y, z: row t[x, y] of the table against x times t[y, z]
        assert (t[t[x]] == t[x][t]).all(), f"not associative at {x}"
    in_p = np.isin(t, sorted(q.p_portion))
    assert len(np.unique(in_p, axis=0)) == n, "two elements are indistinguishable: not reduced"
    assert 0 not in q.p_portion
    assert n % 2 == 0          # Plambeck and Siegel: every misère quotient has even order


# ---------------------------------------------------------------- published quotients

def test_kayles_whole_game():
    q = misere_quotient("kayles", cache=False)
    assert (q.order, len(q.p_portion), q.period, q.proven) == (40, 9, (71, 12), True)
    assert [heap for _, heap in q.generators] == [1, 2, 5, 9, 12, 25, 27]
    assert [order for _, order in q.growth] == [2, 6, 12, 18, 24, 32, 40]
    check_laws(q)
    lost, _ = brute_force("0.77")
    assert [n for n in range(1, 26) if lost((n,))] == [n for n in range(1, 26) if q.is_lost([n])] == [1, 4, 9, 12, 20]


def test_r8_is_plambecks_quotient_of_075():
    q = misere_quotient("0.75", cache=False)
    assert q.order == 8 and q.proven
    assert q.generators == (("a", 1), ("b", 2), ("c", 5))
    assert q.relations == ("a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2")
    assert {q.element_name(x) for x in q.p_portion} == {"a", "b^2"}
    check_laws(q)


@pytest.mark.parametrize("code, order, p_size, period", [
    ("0.34", 12, 3, (7, 8)),
    ("0.15", 42, 12, (66, 10)),
    ("0.115", 42, 12, (92, 14)),
    ("0.152", 34, 6, (25, 48)),
    ("0.72", 24, 5, (16, 4)),
])
def test_published_quotients(code, order, p_size, period):
    q = misere_quotient(code, cache=False)
    assert (q.order, len(q.p_portion), q.period, q.proven) == (order, p_size, period, True)
    check_laws(q)


def test_dawson_kayles_bounded():
    # the study's figure: |Q| = 144 once heap 25 is in (Dawson's Kayles has no known finite quotient)
    q = misere_quotient("dawson-kayles", 26, cache=False)
    assert (q.order, len(q.p_portion), q.bound, q.proven) == (144, 23, 26, False)
    assert [(h, o) for h, o in q.growth] == [(2, 2), (4, 6), (10, 12), (14, 24), (25, 144)]
    check_laws(q)
    with pytest.raises(NimError):
        q.element(27)
    lost, _ = brute_force("0.07")
    for big in (25, 26):
        for small in range(0, 11):
            heaps = [big, small] if small else [big]
            assert q.is_lost(heaps) == lost(tuple(sorted(heaps))), heaps


@pytest.mark.parametrize("setting", [{"REBASE": False}, {"REBASE_TRIES": 1}])
def test_dawson_kayles_by_the_fallback_recalibrations(monkeypatch, setting):
    # MisereSolver's recalibration (rebasing on each candidate) comes first; the older
    # pair from Q_{n-1} takes over when it stops (here: alone, or after one choice a
    # failure). Either way the verified quotient is the same one.
    from nim.takebreak import quotient as engine

    for name, value in setting.items():
        monkeypatch.setattr(engine, name, value)
    q = misere_quotient("dawson-kayles", 26, cache=False)
    assert (q.order, len(q.p_portion), q.bound) == (144, 23, 26)
    assert [(h, o) for h, o in q.growth] == [(2, 2), (4, 6), (10, 12), (14, 24), (25, 144)]
    check_laws(q)
    lost, _ = brute_force("0.07")
    for big in (25, 26):
        for small in range(0, 13):
            heaps = [big, small] if small else [big]
            assert q.is_lost(heaps) == lost(tuple(sorted(heaps))), heaps


def test_dawson_kayles_to_heap_30():
    # Siegel: |Q_30(0.07)| = 360; the study: P-portion 65, growth 176 at heap 27, 360 at 30
    q = misere_quotient("dawson-kayles", 30, cache=False)
    assert (q.order, len(q.p_portion), q.bound) == (360, 65, 30)
    assert q.growth[-3:] == ((25, 144), (27, 176), (30, 360))
    check_laws(q)
    check_sums(q, "0.07", 28, 44)


@pytest.mark.slow
def test_dawson_kayles_to_heap_33():
    # the study: |Q_33(0.07)| = 638, P-portion 109, growth 520 at heap 31, 552 at 32, 638 at 33
    q = misere_quotient("dawson-kayles", 33, cache=False)
    assert (q.order, len(q.p_portion), q.bound) == (638, 109, 33)
    assert q.growth[-4:] == ((30, 360), (31, 520), (32, 552), (33, 638))
    check_laws(q)
    check_sums(q, "0.07", 31, 44)


def check_sums(q: MisereQuotient, code: str, least: int, most_total: int) -> None:
    """Every sum of 1-3 heaps whose largest heap is least..q.bound and whose total is
    at most most_total, against the brute force: the outcome, and a winning move
    that leaves a position the brute force calls lost."""
    lost, options = brute_force(code)
    checked = 0
    for top in range(least, q.bound + 1):
        for rest in itertools.combinations_with_replacement(range(0, top + 1), 2):
            heaps = [top] + [h for h in rest if h]
            if sum(heaps) > most_total:
                continue
            position = tuple(sorted(heaps))
            truth = lost(position)
            assert q.is_lost(heaps) == truth, heaps
            move = q.winning_move(heaps)
            if truth:
                assert move is None, heaps
                continue
            assert move is not None, heaps
            pile, count = move[0], move[1]
            after_heap = move.split if len(move) == 3 else (
                (heaps[pile] - count,) if heaps[pile] > count else ())
            assert tuple(sorted(after_heap)) in options(heaps[pile]), (heaps, move)
            assert lost(tuple(sorted(heaps[:pile] + heaps[pile + 1:] + list(after_heap)))), (heaps, move)
            checked += 1
    assert checked > 20


# ---------------------------------------------------------------- brute force on every small sum

@pytest.mark.parametrize("code, upto", [
    ("0.77", 12), ("0.07", 12), ("0.137", 12), ("0.75", 11), ("0.15", 11), ("0.34", 11),
    ("0.152", 10), ("0.16", 10), ("4.07", 10), ("0.6", 10),
])
def test_every_small_sum_against_brute_force(code, upto):
    q = misere_quotient(code, upto, cache=False, seconds=60)
    assert q.bound >= upto or q.proven
    check_laws(q)
    lost, options = brute_force(code)
    checked = 0
    for size in (1, 2, 3):
        for position in itertools.combinations_with_replacement(range(1, upto + 1), size):
            heaps = list(position)
            truth = lost(position)
            assert q.is_lost(heaps) == truth, (code, heaps)
            move = q.winning_move(heaps)
            if truth or not any(options(h) for h in heaps):
                assert move is None       # lost, or no move at all (won in misère play)
                continue
            assert move is not None, (code, heaps)
            pile, count = move[0], move[1]
            rest = move.split if len(move) == 3 else ((heaps[pile] - count,) if heaps[pile] > count else ())
            assert tuple(sorted(rest)) in options(heaps[pile])
            after = tuple(sorted(heaps[:pile] + heaps[pile + 1:] + list(rest)))
            assert lost(after), (code, heaps, move)
            checked += 1
    assert checked > 100


def test_kayles_big_positions():
    q = misere_quotient("kayles", cache=False)
    assert q.is_lost([29, 25, 20, 17])
    assert q.winning_move([29, 25, 20, 17]) is None
    # far past the bound: the move leaves a lost product, and a lost product's options are not lost
    for heaps in ([40, 30, 20, 5], [10**9, 10**6 + 3, 77, 5], list(range(1, 71))):
        move = q.winning_move(heaps)
        assert move is not None
        rest = list(move.split) if len(move) == 3 else ([heaps[move[0]] - move[1]] if heaps[move[0]] > move[1] else [])
        after = heaps[:move[0]] + rest + heaps[move[0] + 1:]
        assert q.is_lost(after)


# ---------------------------------------------------------------- limits, errors

@pytest.mark.parametrize("code", ["0.3122", "0.16", "0.6"])
def test_blow_up_games_stop_within_their_limit(code):
    started = time.monotonic()
    with pytest.raises(QuotientError, match=r"at heap \d+ .*(had|held) [\d,]+ (elements|option sets)"):
        misere_quotient(code, cache=False, seconds=1.0, max_order=20_000, strict=True)
    assert time.monotonic() - started < 6
    partial = misere_quotient(code, cache=False, seconds=1.0, max_order=20_000)
    assert not partial.proven and partial.bound >= 1
    assert partial.stopped and f"heaps up to {partial.bound} done" in partial.stopped
    if partial.order <= 200:       # the O(order^3) law check stays small
        check_laws(partial)


# (octal=0.33, a code that never splits a heap, has its quotient: issue 42, item 12)
@pytest.mark.parametrize("rules", ["misere", "max=3", "misere,max=2", 42])
def test_not_a_take_and_break_game(rules):
    with pytest.raises(QuotientError):
        misere_quotient(rules, cache=False)


@pytest.mark.parametrize("kwargs", [{"max_heap": 0}, {"max_heap": 2.5}, {"seconds": -1},
                                    {"max_order": 1}, {"cancel": object()}])
def test_bad_arguments(kwargs):
    with pytest.raises(QuotientError):
        misere_quotient("kayles", cache=False, **kwargs)


def test_not_covered_and_bad_heaps():
    q = misere_quotient("0.07", 12, cache=False)
    with pytest.raises(NimError):
        q.is_lost([13])
    with pytest.raises(NimError):
        q.product([-1])


# ---------------------------------------------------------------- cache

def test_cache_round_trip_and_forgery(tmp_path):
    from nim.takebreak import quotient_cache
    from nim.takebreak.quotient import cached_quotient

    first = misere_quotient("0.34")
    path = quotient_cache.cache_path("0.34", None)
    assert path.exists()
    again = misere_quotient("0.34")
    assert again == first
    data = json.loads(path.read_text())
    # a forged P-portion: swap one element in, one out
    outside = next(x for x in range(data["order"]) if x not in data["p_portion"] and x)
    data["p_portion"] = sorted(data["p_portion"][1:] + [outside])
    path.write_text(json.dumps(data))
    assert cached_quotient("0.34", None) is None
    with pytest.raises(QuotientError):
        MisereQuotient.from_json(data)
    path.write_text("{not json")
    assert misere_quotient("0.34") == first        # ignored, recomputed, rewritten
    assert cached_quotient("0.34", None) == first


def test_json_round_trip():
    q = misere_quotient("0.75", cache=False)
    assert MisereQuotient.from_json(json.loads(json.dumps(q.to_json()))) == q


# ---------------------------------------------------------------- CLI

def run(capsys, *argv: str):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_report(capsys):
    status, out, _ = run(capsys, "quotient", "0.75")
    assert status == 0
    assert "Q = < a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2 >" in out
    assert "P = {a, b^2}" in out and "order |Q| = 8" in out and "period 2 from heap 8" in out


def test_cli_json_and_errors(capsys):
    status, out, _ = run(capsys, "quotient", "kayles", "--json")
    data = json.loads(out)
    assert status == 0 and data["order"] == 40 and data["proven"] and data["period"] == [71, 12]
    status, out, err = run(capsys, "quotient", "misere")
    assert status == 2 and err.startswith("nimcore: error:") and len(err.strip().splitlines()) == 1


def test_cli_limit_line(capsys):
    status, out, err = run(capsys, "quotient", "0.16", "--time-limit", "1", "--no-cache")
    assert status == 0 and "misère quotient of 0.16" in out
    assert len(err.splitlines()) == 1
    assert re.search(r"stopped on its (time|size) limit at heap \d+ .* exact for heaps up to \d+$", err.strip())


def test_cancel_and_progress():
    import threading

    cancel = threading.Event()
    seen: List[Tuple[int, int]] = []

    def progress(heap: int, order: int, seconds: float) -> None:
        seen.append((heap, order))
        if heap == 10:
            cancel.set()

    q = misere_quotient("kayles", cache=False, cancel=cancel, progress=progress)
    assert q.bound == 10 and not q.proven and q.stopped and "cancelled" in q.stopped
    assert [h for h, _ in seen] == list(range(1, 11))
    assert q.order == seen[-1][1] == 18
    check_laws(q)
    with pytest.raises(QuotientError, match="cancelled"):
        misere_quotient("kayles", cache=False, cancel=cancel)


def test_grundys_game_against_brute_force():
    @lru_cache(maxsize=None)
    def lost(position: Position) -> bool:
        moved = False
        for i, heap in enumerate(position):
            for a in range(1, (heap + 1) // 2):       # two unequal non-empty heaps
                moved = True
                if lost(tuple(sorted(position[:i] + position[i + 1:] + (a, heap - a)))):
                    return False
        return moved

    q = misere_quotient("grundy-game", 13, cache=False)
    assert q.bound == 13 and not q.proven          # not octal: never proven
    check_laws(q)
    for size in (1, 2, 3):
        for position in itertools.combinations_with_replacement(range(1, 14), size):
            assert q.is_lost(list(position)) == lost(position), position
            move = q.winning_move(list(position))
            if move is not None:
                a, b = move.split
                assert move[1] == 0 and a != b and a + b == position[move[0]]
                assert lost(tuple(sorted(position[:move[0]] + position[move[0] + 1:] + (a, b))))
