"""The quotient engine's seams with the rest of the core (issue 38 item 4).

- Its memory: every kernel's buffers are slots of one workspace, so a bound on
  them stops the kernel with the reason "memory" and the bytes held are said.
- Its enumeration of a trial monoid runs on an explicit stack: every element of
  the trial is reached (against a breadth-first search written here), and no
  function of the core calls itself.
- Hostile arguments to its kernels are refused with ValueError where they were
  read past their arrays (or divided by zero) before.
"""

from __future__ import annotations

import random
import re
from array import array
from pathlib import Path
from typing import List, NamedTuple, Sequence, Set, Tuple

import pytest

from nimcore import quotient as core

SOURCE = Path(__file__).resolve().parent.parent / "src" / "nimcore"


def _cyclic(index: int, period: int) -> "array[int]":
    """The table of the cyclic monoid <x | x^index = x^(index + period)> (element i: x^i)."""
    order = index + period

    def power(i: int) -> int:
        return i if i < order else index + (i - index) % period

    return array("i", [power(i + j) for i in range(order) for j in range(order)])


def _trial_codes(b: int, bmul: Sequence[int], base: Sequence[int], comp: Sequence[int],
                 freed: Sequence[Tuple[int, int]], live: Sequence[int]) -> int:
    """The elements of the trial monoid the live heaps generate, by breadth-first search
    over (base element, exponents) as the docstring of build_candidate defines them."""
    def act(state: Tuple[int, ...], h: int) -> Tuple[int, ...]:
        beta = bmul[state[0] * b + base[h]]
        exps = list(state[1:])
        if comp[h] >= 0:
            index, period = freed[comp[h]]
            e = exps[comp[h]] + 1
            exps[comp[h]] = e if e < index + period else index
        return (beta, *exps)

    start = (0,) + (0,) * len(freed)
    seen: Set[Tuple[int, ...]] = {start}
    frontier = [start]
    while frontier:
        later = []
        for state in frontier:
            for h in live:
                nxt = act(state, h)
                if nxt not in seen:
                    seen.add(nxt)
                    later.append(nxt)
        frontier = later
    return len(seen)


class Trial(NamedTuple):
    """build_candidate's arguments, in its order."""
    b: int
    bmul: "array[int]"
    base: List[int]
    comp: List[int]
    freed: List[Tuple[int, int]]
    options: List[List[Tuple[int, int]]]
    live: List[int]


def _random_trial(rng: random.Random) -> Trial:
    """A trial: a cyclic base, a few cyclic components, heaps 1..n-1 live, each with
    options among smaller heaps (as a game's are: met before the heap's words)."""
    index, period = rng.randint(0, 3), rng.randint(1, 3)
    b = index + period
    n = rng.randint(2, 9)
    freed = [(rng.randint(0, 2), rng.randint(1, 3)) for _ in range(rng.randint(0, 3))]
    base = [0] + [rng.randrange(b) for _ in range(n - 1)]
    comp = [-1] + [rng.randint(-1, len(freed) - 1) for _ in range(n - 1)]
    options: List[List[Tuple[int, int]]] = [[]]
    for h in range(1, n):
        options.append([(rng.randrange(h), rng.randrange(h)) for _ in range(rng.randint(1, 3))])
    return Trial(b, _cyclic(index, period), base, comp, freed, options, list(range(1, n)))


def _is_commutative_monoid(order: int, table: Sequence[int]) -> bool:
    def mul(x: int, y: int) -> int:
        return table[x * order + y]

    elements = range(order)
    return (all(mul(0, x) == x == mul(x, 0) for x in elements)
            and all(mul(x, y) == mul(y, x) for x in elements for y in elements)
            and all(mul(mul(x, y), z) == mul(x, mul(y, z)) for x in elements for y in elements for z in elements))


def test_every_element_of_a_trial_is_reached() -> None:
    rng = random.Random(38)
    for _ in range(200):
        trial = _random_trial(rng)
        size, order, table, p_bytes, images = core.build_candidate(*trial)
        expected = _trial_codes(trial.b, trial.bmul, trial.base, trial.comp, trial.freed, trial.live)
        assert size == expected, trial
        assert 1 <= order <= size and len(p_bytes) == order
        assert _is_commutative_monoid(order, table), trial
        assert core.check_monoid(order, table, sorted(set(images)))
        assert images[0] == 0 and p_bytes[0] == 0       # the empty sum: the identity, won


def _cdef_functions(text: str) -> List[Tuple[str, str]]:
    """(name, body) of each cdef / cpdef function of a Cython source, docstrings dropped."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)cp?def\s+(?:inline\s+)?[\w\*\[\], ]+?\s\**(\w+)\s*\(", line)
        if not m or line.lstrip().startswith(("cdef class", "cdef struct", "cdef enum")):
            continue
        indent, body = len(m.group(1)), []
        for later in lines[i + 1:]:
            if later.strip() and len(later) - len(later.lstrip()) <= indent and not later.lstrip().startswith(")"):
                break
            body.append(later)
        code = re.sub(r'"""(?:.|\n)*?"""', "", "\n".join(body))
        code = re.sub(r'"[^"\n]*"|\'[^\'\n]*\'', "", code)        # and strings
        code = "\n".join(line.split("#")[0] for line in code.split("\n"))
        out.append((m.group(2), code))
    return out


def test_no_function_of_the_core_calls_itself() -> None:
    found = []
    for path in sorted(SOURCE.glob("*.p[yx][xd]")):
        for name, body in _cdef_functions(path.read_text()):
            if re.search(r"(?<![\w.])" + name + r"\s*\(", body):
                found.append(f"{path.name}: {name}")
    assert found == []
    # the scan finds a recursive function where there is one
    assert [name for name, body in _cdef_functions("cdef int f(int n) noexcept nogil:\n    return f(n - 1)\n")
            if "f(n - 1)" in body] == ["f"]


def test_the_quotient_engine_allocates_only_through_its_workspace() -> None:
    text = (SOURCE / "quotient.pyx").read_text()
    assert re.findall(r"\b(?:malloc|calloc|realloc|free)\(", text) == []
    assert "ws_free(&ws)" in text


@pytest.mark.parametrize("name", ["batch", "length", "theory", "octal", "quotient_types"])
def test_the_theory_and_sequence_kernels_allocate_only_through_a_workspace(name: str) -> None:
    """6, 14, 7 and 2 raw allocations before (issue 38 item 4's sibling)."""
    text = (SOURCE / f"{name}.pyx").read_text()
    assert re.findall(r"\b(?:malloc|calloc|realloc|free)\(", text) == []
    assert "ws_free(" in text


def _pretension(game: str = "kayles", takes: Tuple[int, ...] = (1, 2), upto: int = 20
                ) -> Tuple[int, "array[int]", bytes, List[int], List[List[int]]]:
    """The misère quotient of an octal game of digits 7 (take a count in ``takes``,
    leave up to two heaps) up to heap ``upto``, and its heap types' option elements."""
    from nim.octal import misere_quotient

    q = misere_quotient(game, upto, cache=False)
    table = array("i", [q.table[x][y] for x in range(q.order) for y in range(q.order)])
    P = bytes(1 if x in q.p_portion else 0 for x in range(q.order))
    flat = []
    for h in range(1, upto + 1):
        pieces = []
        for take in takes:
            rest = h - take
            for a in range(0, rest // 2 + 1):
                pieces += [a, rest - a]
        flat.append(array("i", pieces))
    phi = [q.element(h) for h in range(upto + 1)]
    options = core.option_sets(q.order, table, phi, flat)
    return q.order, table, P, phi, options


def test_the_memory_a_kernel_held_is_said_when_it_stops() -> None:
    n = 12                                 # 11 heaps, each its own component of order 3
    args = Trial(1, array("i", [0]), [0] * n, [-1] + list(range(n - 1)), [(1, 2)] * (n - 1),
                 [[]] + [[(0, 0)] for _ in range(1, n)], list(range(1, n)))
    with pytest.raises(core.QuotientStop) as stop:
        core.build_candidate(*args, max_size=1000)
    assert (stop.value.reason, stop.value.size) == ("size", 1000)
    # at least the arrays of 1,000 elements it holds: codes, parents, heaps, P, words
    held = stop.value.memory
    assert held >= 1000 * (8 + 4 + 4 + 1 + 8 + 4)
    with pytest.raises(core.QuotientStop) as stop:
        core.build_candidate(*args, max_size=1000, memory_bytes=held - 1)
    assert stop.value.reason == "memory" and stop.value.memory < held


def test_a_bound_on_memory_stops_the_build_and_told_apart() -> None:
    rng = random.Random(5)
    trial = _random_trial(rng)
    core.build_candidate(*trial)                         # unbounded: it completes
    for bound in (8, 64, 256, 600):          # 8: not even the heaps' base elements
        with pytest.raises(core.QuotientStop) as stop:
            core.build_candidate(*trial, memory_bytes=bound)
        assert stop.value.reason == "memory"
        assert stop.value.memory <= bound
    order, table, P, phi, _ = _pretension()
    assert core.told_apart(order, table, P, phi[1:], phi[5], 2) >= 1
    with pytest.raises(core.QuotientStop) as stop:
        core.told_apart(order, table, P, phi[1:], phi[5], 2, memory_bytes=order * 4)
    assert stop.value.reason == "memory" and stop.value.memory <= order * 4


def test_a_lookup_says_its_bytes() -> None:
    order, table, P, phi, _ = _pretension()
    lookup = core.Lookup(order, table, P, phi, 20, 0, 0, [1, 2], [1, 2], [1, 2], False)
    assert lookup.nbytes == order * order * 4 + order + 21 * 4


def test_hostile_arguments_are_refused() -> None:
    order, table, P, phi, options = _pretension()
    with pytest.raises(ValueError):
        core.conservative(order, table, P, [order + 5])
    with pytest.raises(ValueError):
        core.conservative(order, table, P[:-1], [0])
    bad = array("i", table)
    bad[order + 1] = order + 7
    with pytest.raises(ValueError):
        core.told_apart(order, bad, P, phi[1:], phi[5], 3)
    with pytest.raises(ValueError):
        core.option_sets(order, table, [0, order], [array("i", [1, 0])])
    lookup = core.Lookup(order, table, P, phi, 20, 0, 0, [1, 2], [1, 2], [1, 2], False)
    for heaps in ([21], [-1], [3, 10**6]):                # past the map, and no period to carry it
        with pytest.raises(ValueError):
            lookup.product(heaps)
        with pytest.raises(ValueError):
            lookup.winning(heaps)
    with pytest.raises(ValueError):
        core.Lookup(order, table, P, phi[:10], 20, 0, 0, [], [], [], False)
    with pytest.raises(ValueError):
        core.Lookup(order, table, P, phi, 20, 15, 12, [], [], [], False)   # period past the map
    trial = _random_trial(random.Random(1))
    n = len(trial.base)
    for broken in (
        trial._replace(options=trial.options[:-1] + [[(n, 0)]]),            # an option names no heap
        trial._replace(live=trial.live + [n + 3]),                           # a live heap that is not there
        trial._replace(bmul=array("i", trial.bmul[:-1])),                    # a base table too short
        trial._replace(bmul=array("i", [trial.b + 1] * (trial.b * trial.b))),  # elements not in the base
    ):
        with pytest.raises(ValueError):
            core.build_candidate(*broken)


# ---------------------------------------------------------------- one checkpoint, one numbering

def _large_trial() -> Trial:
    """A trial of 2**16 elements (16 heaps, each its own component of order 2): far
    more steps than the CHECK_EVERY between two checkpoints."""
    n = 17
    return Trial(1, array("i", [0]), [0] * n, [-1] + list(range(n - 1)), [(0, 2)] * (n - 1),
                 [[]] + [[(0, 0)] for _ in range(1, n)], list(range(1, n)))


class _Raises:
    """A cancellation handle whose is_set raises what it is given."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.calls = 0

    def is_set(self) -> bool:
        self.calls += 1
        raise self.error


class _CtrlC:
    """A cancellation handle that sends this process SIGINT (Ctrl-C) when asked."""

    def is_set(self) -> bool:
        import signal

        signal.raise_signal(signal.SIGINT)
        return False


def test_the_kernels_stop_through_the_one_checkpoint_with_its_words() -> None:
    import threading

    trial = _large_trial()
    assert core.build_candidate(*trial)[0] == 2 ** 16            # no limit: it completes
    cancel = threading.Event()
    cancel.set()
    bug = ValueError("a bug in the handle")
    cases = [({"seconds": 1e-9}, "time"), ({"cancel": cancel}, "cancelled"),
             ({"cancel": _CtrlC()}, "interrupt"), ({"cancel": _Raises(bug)}, "error")]
    for kwargs, reason in cases:
        with pytest.raises(core.QuotientStop) as stop:
            core.build_candidate(*trial, **kwargs)        # type: ignore[arg-type]
        assert stop.value.reason == reason
        assert 0 < stop.value.size < 2 ** 16               # at a checkpoint, not at the end
        # the exception a handle (or a progress callback) raised is kept, as a Search keeps it
        assert stop.value.error is (bug if reason == "error" else None)


def test_a_step_limit_stops_the_walk_exactly_at_its_limit() -> None:
    """The walk's node_limit is the checkpoint's: exact, even below CHECK_EVERY steps
    (it was read only at the checkpoints, every 4,096 steps: a walk of fewer ran on)."""
    order, table, P, phi, options = _pretension("kayles", (1, 2), 30)
    assert core.verify(order, table, P, phi[1:], options) is None
    for limit in (1, 100):
        with pytest.raises(core.QuotientStop) as stop:
            core.verify(order, table, P, phi[1:], options, node_limit=limit)
        assert (stop.value.reason, stop.value.what) == ("nodes", "walk")
        assert stop.value.size < limit                  # the option sets kept before the limit


def test_a_progress_callback_is_called_as_a_searchs_is() -> None:
    import time

    calls: List[Tuple[int, float]] = []

    class Slow:
        """A handle whose first check takes longer than the report interval (0.1 s)."""

        def __init__(self) -> None:
            self.waited = False

        def is_set(self) -> bool:
            if not self.waited:
                self.waited = True
                time.sleep(0.15)
            return False

    core.build_candidate(*_large_trial(), cancel=Slow(), progress=lambda *call: calls.append(call))
    assert calls and all(steps > 0 and seconds >= 0 for steps, seconds in calls)
    assert all(isinstance(seconds, float) for _, seconds in calls)


def test_the_quotient_engine_has_no_checkpoint_of_its_own() -> None:
    text = (SOURCE / "quotient.pyx").read_text()
    for own in ("PyErr_CheckSignals", "monotonic_seconds", "STOP_TIME", "STOP_CANCELLED", "is_set()"):
        assert own not in text, own
    assert "search_count_node(" in text and "Search(" in text


def test_a_search_without_rules_is_refused() -> None:
    """Search(None, ...) read its take rule from the memory of None (and searched)."""
    from nimcore.search import Search

    with pytest.raises(TypeError):
        Search(None, [1, 2])           # type: ignore[arg-type]
