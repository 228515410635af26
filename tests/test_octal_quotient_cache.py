"""Misère quotients read back from the on-disk cache (nim.takebreak.quotient_cache):
nothing read is trusted. Every forgery of a cached quotient -- one heap's
element, one element in or out of P, one product of the table, a dead heap
given an element, a truncated file, another game's file -- is rejected by the
re-verification, and the heaps' option elements it uses (computed in C,
``nimcore.quotient_types``) agree with moves generated here from the octal
digits alone."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any, Dict, List, Optional, Tuple

import pytest

from nim.octal import MisereQuotient, QuotientError, misere_quotient
from nim.takebreak import quotient_cache
from nim.takebreak.quotient import cached_quotient


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NIMCORE_CACHE_DIR", str(tmp_path / "cache"))


def copy(data: Dict[str, Any]) -> Dict[str, Any]:
    return json.loads(json.dumps(data))


def rejected(data: Any) -> bool:
    try:
        MisereQuotient.from_json(data)
    except QuotientError:
        return True
    return False


# ---------------------------------------------------------------- an independent oracle of moves

def heaps_left(code: Optional[str], n: int) -> List[Tuple[int, ...]]:
    """The heaps each move of a heap of n leaves, read from the octal digits
    (None: Grundy's game, split into two unequal heaps)."""
    if code is None:
        return [(a, n - a) for a in range(1, n) if a < n - a]
    whole, _, after = code.partition(".")
    digits = [int(whole or "0")] + [int(c) for c in after]
    out: List[Tuple[int, ...]] = []
    for k, d in enumerate(digits):
        if k and d & 1 and n == k:
            out.append(())
        if k and d & 2 and n > k:
            out.append((n - k,))
        if d & 4 and n - k >= 2:
            out.extend((a, n - k - a) for a in range(1, (n - k) // 2 + 1))
    return out


def heap_options(m: int, table: List[int], phi: List[int], code: Optional[str]) -> List[Any]:
    from nim.kernel import quotient_types
    from nim.takebreak.quotient import _places
    from array import array

    places = _places("grundy-game" if code is None else code)
    return quotient_types().heap_options(m, array("i", table), phi, *places)


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.6", "0.15", "0.75", "0.3122", None])
def test_heap_options_against_moves_from_the_digits(code):
    # a random table (no monoid needed for this pass): each heap's option elements
    # are the products of the heaps its moves leave, the empty product the identity 0
    rng = random.Random(hash(code) & 0xFFFF)
    m, bound = 9, 40
    table = [rng.randrange(m) for _ in range(m * m)]
    for x in range(m):
        table[x] = table[x * m] = x
    dead = [n == 0 or not heaps_left(code, n) for n in range(bound + 1)]
    phi = [0 if dead[n] else rng.randrange(m) for n in range(bound + 1)]
    got = heap_options(m, table, phi, code)
    for n in range(bound + 1):
        if dead[n]:
            assert got[n] is None
            continue
        expected = set()
        for left in heaps_left(code, n):
            x = 0
            for heap in left:
                x = table[x * m + phi[heap]]
            expected.add(x)
        assert got[n] == sorted(expected), (code, n)


def test_heap_options_refuses_a_dead_heap_with_an_element_and_a_bad_table():
    # Dawson's Kayles (0.07): heap 1 has no move, and a dead heap changes no sum
    m = 3
    table = [(x + y) % m for x in range(m) for y in range(m)]
    with pytest.raises(ValueError, match="heap 1 has no move"):
        heap_options(m, table, [0, 2, 1, 1], "0.07")
    with pytest.raises(ValueError, match="not in Q"):
        heap_options(m, table, [0, 0, 3, 1], "0.07")
    with pytest.raises(ValueError):
        heap_options(m, table[:-1] + [5], [0, 0, 1, 1], "0.07")
    # heap 2 takes all; 3 leaves a dead 1; 4 leaves 2 or splits it into 1 + 1
    assert heap_options(m, table, [0, 0, 1, 1, 2], "0.07")[1:] == [None, [0], [0], [0, 1]]


# ---------------------------------------------------------------- forgeries

FORGED_GAMES = [("0.75", None), ("0.34", None), ("0.07", 20), ("kayles", None)]


@pytest.fixture(scope="module")
def computed() -> Dict[str, Dict[str, Any]]:
    return {game: misere_quotient(game, upto, cache=False).to_json() for game, upto in FORGED_GAMES}


@pytest.mark.parametrize("game", [game for game, _ in FORGED_GAMES])
def test_every_forged_heap_element_is_rejected(computed, game):
    data = computed[game]
    assert not rejected(copy(data))
    heaps = range(len(data["heap_elements"]))
    if game == "kayles":
        heaps = range(0, 25)          # 40 elements a heap: heaps past 24 add a second each
    for heap in heaps:
        for element in range(data["order"]):
            if element != data["heap_elements"][heap]:
                forged = copy(data)
                forged["heap_elements"][heap] = element
                assert rejected(forged), (game, heap, element)


@pytest.mark.parametrize("game", [game for game, _ in FORGED_GAMES])
def test_every_forged_p_portion_is_rejected(computed, game):
    data = computed[game]
    for element in range(data["order"]):
        forged = copy(data)
        forged["p_portion"] = sorted(set(data["p_portion"]) ^ {element})
        assert rejected(forged), (game, element)
    for p_portion in ([], list(range(data["order"]))):
        forged = copy(data)
        forged["p_portion"] = p_portion
        assert rejected(forged)


@pytest.mark.parametrize("game", ["0.75", "0.34"])
def test_every_forged_product_is_rejected(computed, game):
    data = computed[game]
    order = data["order"]
    for x in range(order):
        for y in range(x, order):
            for z in range(order):
                if z != data["table"][x][y]:
                    forged = copy(data)
                    forged["table"][x][y] = forged["table"][y][x] = z
                    assert rejected(forged), (game, x, y, z)


def test_forged_sizes_period_and_game_are_rejected(computed):
    data = computed["kayles"]
    short = copy(data)
    short["heap_elements"].pop()                         # one heap short of its bound
    long_table = copy(data)
    long_table["table"].append(list(range(data["order"])))
    early = copy(data)
    early["bound"] = 80                                  # the period claimed proven too early
    early["heap_elements"] = early["heap_elements"][:81]
    wrong_period = copy(data)
    wrong_period["period"] = [71, 11]
    for forged in (short, long_table, early, wrong_period, {"game": "0.77"}, {}, []):
        assert rejected(forged)
    other = copy(data)
    other["game"] = "0.75"                               # Kayles' quotient offered as 0.75's
    assert rejected(other)


def test_cache_file_forged_or_truncated_is_ignored_and_rewritten():
    first = misere_quotient("kayles")
    path = quotient_cache.cache_path("0.77", None)
    text = path.read_text()
    assert cached_quotient("0.77", None) == first
    data = json.loads(text)
    data["heap_elements"][9] = data["heap_elements"][5]    # heap 9 mapped as heap 5
    path.write_text(json.dumps(data))
    assert cached_quotient("0.77", None) is None
    for cut in (1, len(text) // 3, len(text) - 2):          # a file cut short
        path.write_text(text[:cut])
        assert cached_quotient("0.77", None) is None
    path.write_bytes(b"\xff\xfe" + text.encode()[:50])       # not even text
    assert cached_quotient("0.77", None) is None
    assert misere_quotient("kayles") == first               # recomputed, rewritten
    assert path.read_text() == text and cached_quotient("0.77", None) == first


def test_a_partial_quotient_on_disk_is_not_taken_for_the_whole_game():
    part = misere_quotient("kayles", 30)
    whole = quotient_cache.cache_path("0.77", None)
    whole.write_text(quotient_cache.cache_path("0.77", 30).read_text())
    assert cached_quotient("0.77", None) is None            # correct, but not proven
    assert cached_quotient("0.77", 30) == part


def test_loading_imports_only_what_it_uses():
    # the fast path of a fresh process: neither dataclasses (inspect, ast, dis) nor
    # hashlib and tempfile (the nim-sequence cache's writer) are imported to load
    misere_quotient("kayles")
    code = ("import sys, nim; q = nim.octal.misere_quotient('kayles', seconds=0.001); "
            "assert q.proven and q.order == 40; "
            "print(sorted(m for m in ('dataclasses', 'hashlib', 'tempfile', 'inspect') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ), capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.split() == ["[]"], out.stdout + out.stderr


# -- issue 42, items 8, 9, 11: numbers out of range, files that are not files, claims not facts --

def kayles_file() -> Any:
    misere_quotient("kayles")
    return quotient_cache.cache_path("0.77", None)


@pytest.mark.parametrize("forge", [
    lambda d: d.update(order=float("inf")), lambda d: d.update(bound=float("inf")),
    lambda d: d.update(order=float("nan")), lambda d: d["table"][3].__setitem__(3, 2**40),
    lambda d: d["table"][3].__setitem__(3, -2**70), lambda d: d["heap_elements"].__setitem__(4, 2**40),
    lambda d: d.update(order=40.0), lambda d: d.update(proven="yes"), lambda d: d.update(table="x"),
    lambda d: d["table"].__setitem__(0, None), lambda d: d.update(p_portion=[2**64]),
    lambda d: d.update(period=[1e308, 12]), lambda d: d.update(game=["0.77"])], ids=lambda _: "forged")
def test_a_cache_file_with_numbers_out_of_range_is_ignored_and_recomputed(forge):
    path = kayles_file()
    data = json.loads(path.read_text())
    forge(data)
    path.write_text(json.dumps(data))
    assert rejected(data)
    assert cached_quotient("0.77", None) is None
    q = misere_quotient("kayles")          # recomputed, not a traceback
    assert q.proven and q.order == 40
    assert MisereQuotient.from_json(json.loads(path.read_text())) == q    # and rewritten


def test_a_sequence_file_with_a_forged_header_is_not_read():
    """A .nimseq header nested thousands deep (a RecursionError), or one that claims 2**40
    heaps or -1 (a read of terabytes, or to the end), is ignored before any value is read."""
    from array import array

    from nim.takebreak.cache import cache_path, load_values, store_values

    path = cache_path("0.07")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"[" * 5000 + b"\n" + bytes(10))
    assert load_values("0.07") is None
    assert store_values("0.07", array("B", bytes(1 << 18)))      # the bad file is replaced
    assert load_values("0.07") == array("B", bytes(1 << 18))
    for heaps in (2**40, -1, True, 10):
        header = {"format": "nimcore-sequence-1", "game": "0.07", "heaps": heaps, "itemsize": 2, "sha256": "x"}
        path.write_bytes(json.dumps(header).encode() + b"\n" + bytes(10))
        assert load_values("0.07") is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_where_a_writer_might_put_its_temporary_file_does_not_block_it():
    """The quotient file is written through a fresh temporary name (mkstemp), never one
    guessable from the process id where a named pipe could be waiting."""
    import threading

    folder = quotient_cache.cache_dir()
    folder.mkdir(parents=True)
    target = quotient_cache.cache_path("0.77", None)
    os.mkfifo(target.with_suffix(f".tmp{os.getpid()}"))
    done = threading.Thread(target=lambda: misere_quotient("kayles"), daemon=True)
    done.start()
    done.join(60)
    assert not done.is_alive()
    assert cached_quotient("0.77", None) is not None


def test_the_growth_of_a_cached_quotient_is_derived_not_read():
    """A forged growth that agrees with itself (heaps rising, orders rising, within the
    order) was passed on as read; it is derived from the verified table instead."""
    computed = misere_quotient("dawson-kayles", 26, cache=False)
    assert computed.growth[-1] == (25, 144)
    path = quotient_cache.cache_path("0.07", 26)
    data = computed.to_json()
    data["growth"] = [[1, 2], [3, 144]]
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data))
    loaded = misere_quotient("dawson-kayles", 26)
    assert loaded.growth == computed.growth


@pytest.mark.parametrize("game, heaps", [("kayles", None), ("0.75", None), ("0.34", None), ("0.33", None),
                                         ("dawson-kayles", 26)])
def test_the_derived_growth_is_the_computed_one(game, heaps):
    computed = misere_quotient(game, heaps, cache=False)
    assert MisereQuotient.from_json(computed.to_json()).growth == computed.growth


def test_numpy_integers_are_taken_and_other_arguments_named():
    np = pytest.importorskip("numpy")
    from nim import NimError

    assert misere_quotient("kayles", np.int64(10), cache=False).bound == 10
    assert misere_quotient("kayles", seconds=np.float64(30)).proven
    q = misere_quotient("kayles")
    assert q.element_name(np.int64(3)) == q.element_name(3)
    assert q.is_lost([np.int64(3), np.uint8(5)]) == q.is_lost([3, 5])
    assert q.element(np.int32(7)) == q.element(7)
    for call, word in [(lambda: q.is_lost(5), "heaps"), (lambda: q.winning_move(5), "heaps"),
                       (lambda: q.element_name(1.5), "element"),
                       (lambda: q.element_name(None), "element"),
                       (lambda: q.element_name(True), "element"), (lambda: q.product([1.5]), "heap"),
                       (lambda: q.is_lost("12"), "heaps"), (lambda: q.element(None), "heap"),
                       (lambda: misere_quotient("kayles", 1.5), "max_heap"),
                       (lambda: misere_quotient("kayles", max_order=np.float64(3)), "max_order"),
                       (lambda: misere_quotient("kayles", seconds="3"), "seconds"),
                       (lambda: misere_quotient("kayles", seconds=float("nan")), "seconds")]:
        with pytest.raises(NimError, match=word):
            call()


@pytest.mark.parametrize("forge", [{"order": float("inf")}, {"bound": float("inf")}, {"table": [[2**40]]},
                                   {"heap_elements": [0, 2**40]}, {"wall": {"heap": float("inf")}}],
                         ids=lambda forge: next(iter(forge)))
def test_a_partial_file_with_numbers_out_of_range_is_ignored(forge):
    import threading

    cancel = threading.Event()
    misere_quotient("kayles", cancel=cancel, progress=lambda h, o, s: h == 10 and cancel.set())
    path = quotient_cache.partial_path("0.77")
    data = json.loads(path.read_text())
    assert data["bound"] < 167
    data.update(forge)
    path.write_text(json.dumps(data))
    from nim.takebreak import quotient as engine

    engine._PARTIALS.clear()
    done = subprocess.run([sys.executable, "-m", "nim", "quotient", "kayles"], capture_output=True, text=True,
                          timeout=120, env={**os.environ})
    assert done.returncode == 0 and done.stderr == "" and "order |Q| = 40" in done.stdout, done.stderr[-300:]
    assert misere_quotient("kayles").proven


def test_a_wall_read_from_the_cache_is_said_as_its_record(monkeypatch):
    """Issue 42 item 11: a stop found in a file is reported as the cache's record, with the
    heaps verified here, and none of the file's words or bound."""
    from nim.takebreak import quotient as engine

    first = misere_quotient("0.07", max_order=50)
    assert first.stopped and not first.proven
    path = quotient_cache.partial_path("0.07")
    data = json.loads(path.read_text())
    data["wall"].update(at_least=10**9, message="FORGED: proven infinite")
    path.write_text(json.dumps(data))
    monkeypatch.setattr(engine, "_WALLS_PROVEN_HERE", {})          # what a new process knows
    monkeypatch.setattr(engine, "_PARTIALS", {})
    again = misere_quotient("0.07", max_order=50)
    assert again.bound == first.bound and again.next_order_at_least is None
    assert again.stopped.startswith("the quotient cache records that a computation of 0.07 stopped at heap "
                                    f"{first.bound + 1}")
    assert f"heaps up to {first.bound} verified here" in again.stopped and "FORGED" not in again.stopped
