"""``nim.solve``'s compiled first step for plain Nim (the Solver's fast path,
nimcore/batch.pyx) against the general path it stands in front of, Bouton's
theorem and brute force; and everything it must leave to the general path (bad
input, limits, other rules)."""

import inspect
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
from nim.solving.defaults import default_solver

import oracles


def GENERAL(piles, rules=None, method="auto", **options):
    """The Solver's general path: what its compiled fast path stands in front of."""
    return default_solver(rules).solve_general(piles, method, options)

SPELLINGS = {
    "normal": [None, "normal", nim.rules.NORMAL],
    "misere": ["misere", nim.rules.MISERE],
}
#: Piles with several sizes above 1, exactly one, none; zeros; word-sized piles.
PILES = st.lists(
    st.one_of(st.integers(0, 3), st.integers(0, 40), st.integers(0, 2**63 - 1)), max_size=12
)


def _same_answer(fast, general):
    assert fast[:4] == general[:4]                 # value, move, nodes, method
    assert isinstance(fast, nim.Solution) and isinstance(fast.seconds, float)
    assert fast.move is None or type(fast.move) is nim.Move


def _expected_value(convention, piles):
    if convention == "misere":
        return 1 if oracles.bouton_misere_wins(piles) else -1
    x = 0
    for p in piles:
        x ^= p
    return 1 if x else -1


@settings(max_examples=400, deadline=None)
@given(piles=PILES, convention=st.sampled_from(["normal", "misere"]),
       method=st.sampled_from(["auto", "theory", "grundy"]), as_tuple=st.booleans())
def test_same_answers_as_the_general_path(piles, convention, method, as_tuple):
    position = tuple(piles) if as_tuple else list(piles)
    rules = nim.Rules.parse(convention)
    general = GENERAL(tuple(piles), rules, method)
    for spelling in SPELLINGS[convention]:
        fast = nim.solve(position, spelling, method)
        _same_answer(fast, general)
        assert fast.value == _expected_value(convention, piles)


@pytest.mark.parametrize("convention", ["normal", "misere"])
def test_rule_strings_made_at_run_time(convention):
    """Strings built at run time are not interned: they are compared, not matched by identity."""
    text = "".join(list(convention))
    assert text == convention and text is not convention
    for piles in ([1, 1], [1, 1, 1], [2, 1], [3, 4, 5], [0]):
        assert nim.solve(piles, text)[:4] == GENERAL(piles, convention)[:4]


@pytest.mark.parametrize("convention", ["normal", "misere"])
def test_every_small_position_against_brute_force(convention):
    rules = nim.Rules.parse(convention)
    for n in range(5):
        for piles in itertools.product(range(5), repeat=n):
            solution = nim.solve(list(piles), convention)
            assert solution[:4] == GENERAL(piles, rules)[:4], piles
            assert solution.value == oracles.value(convention, piles), piles
            if solution.move is not None:
                child = list(piles)
                child[solution.move.pile] -= solution.move.count
                assert 1 <= solution.move.count <= piles[solution.move.pile]
                if solution.value > 0:       # a winning move leaves a lost position
                    assert oracles.value(convention, child) == -1, (piles, solution.move)
            else:
                assert not any(piles)


@pytest.mark.parametrize("piles", [[True, 2], [1.0, 2], [-1, 2], [2, -2**70], ["3"]],
                         ids=["bool", "float", "negative", "huge-negative", "str"])
def test_declined_bad_piles_are_refused_as_before(piles):
    with pytest.raises(nim.InvalidPositionError):
        nim.solve(piles, "misere")


class Size(int):
    pass


@pytest.mark.parametrize(
    "make",
    [lambda: [2**63, 1], lambda: (2**70, 5, 5), lambda: range(4), lambda: iter([1, 2, 3]),
     lambda: [Size(3), 1]],
    ids=["2**63", "2**70", "range", "iterator", "int-subclass"],
)
def test_declined_good_piles_are_answered_by_the_general_path(make):
    items = list(make())
    fast = nim.solve(make(), "misere")
    assert fast[:4] == GENERAL(items, "misere")[:4]
    assert fast.value == _expected_value("misere", items)


@pytest.mark.parametrize(
    "limits, error",
    [
        ({"node_limit": -1}, nim.NimError),  # 0: no limit, as on the command line
        ({"node_limit": True}, nim.NimError),
        ({"node_limit": 1.5}, nim.NimError),
        ({"time_limit": -1}, nim.NimError),
        ({"tt_mb": 0}, nim.NimError),
    ],
)
def test_bad_limits_are_still_reported(limits, error):
    with pytest.raises(error):
        nim.solve([1, 3, 5], "misere", **limits)


def test_valid_limits_do_not_change_the_answer():
    expected = nim.solve([1, 3, 5], "misere")
    for limits in ({"node_limit": None}, {"node_limit": 5}, {"time_limit": 1.0}, {"tt_mb": 1},
                   {"progress": None}):
        assert nim.solve([1, 3, 5], "misere", **limits)[:4] == expected[:4]


def test_other_rules_and_methods_go_the_general_way():
    assert nim.solve([1, 3, 5], "misere,max=3").method == "theory"
    assert nim.solve([1, 3, 5], "normal,half").method == "theory"
    assert nim.solve([1, 3, 5], "misere", "minimax").method == "minimax"
    with pytest.raises(nim.UnknownMethodError):
        nim.solve([1, 3, 5], "misere", "bogus")
    with pytest.raises(nim.UnknownMethodError):
        nim.solve([1, 3, 5], "misere", 3)
    with pytest.raises(nim.InvalidRulesError):
        nim.solve([1, 3, 5], 7)


def test_solve_keeps_its_documented_signature():
    assert inspect.isfunction(nim.solve)             # a plain Python function again
    assert nim.solve.__name__ == "solve" and nim.solve.__module__ == "nim.solving.defaults"
    assert list(inspect.signature(nim.solve).parameters) == [
        "piles", "rules", "method", "node_limit", "time_limit", "tt_mb", "progress", "cancel", "limits"]
    with pytest.raises(TypeError, match="bogus"):
        nim.solve([1, 2], bogus=1)
    with pytest.raises(TypeError):
        nim.solve([1, 2], "misere", "auto", 5)
    with pytest.raises(TypeError):
        nim.solve([1, 2], "misere", rules="misere")


def test_solution_is_an_immutable_named_tuple():
    value, move, nodes, method, seconds = nim.solve([1, 2, 4, 5], "misere")
    assert (value, move, nodes, method) == (1, nim.Move(1, 2), 0, "theory")
    solution = nim.solve([1, 2, 4, 5], "misere")
    with pytest.raises(AttributeError):
        solution.value = -1  # type: ignore[misc]
    assert solution.wins and solution.to_dict()["move"] == [1, 2]


def test_the_compiled_fast_path_returns_plain_values():
    # the core answers with ints (and its time); the Python layer builds Solution and Move
    from nimcore.batch import theory_solve

    solver = nim.Solver("misere")
    theory = solver.exact_theory.core if solver.exact_theory is not None else None
    assert theory is not None
    value, pile, take, seconds = theory_solve(theory, [1, 3, 5, 7])
    assert type(value) is int and type(pile) is int and type(take) is int and seconds >= 0
    general = solver.solve_general((1, 3, 5, 7), "auto", {})
    assert value == general.value
    assert solver.solve([1, 3, 5, 7])[:4] == general[:4]
    assert theory_solve(theory, [1, 2**70]) is None            # too large: the general path
    assert theory_solve(theory, (p for p in [1, 2])) is None   # not a list or tuple
