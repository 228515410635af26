"""``grade``'s ``positions`` hint says what it grades (issue 41): every kind of start the
docstring names -- heaps, listed positions, a NumPy array, and a family's start as
``nim.solve`` reads it -- is a member of ``GradePositions``, and is graded; a value of no
member (a float) is refused in words."""

import typing

import numpy as np
import pytest

import nim
from nim.errors import NimError
from nim.study.grade import GradePositions, grade


def fits(value: object, hint: object) -> bool:
    """Whether ``value`` is an instance of one member of the union ``hint`` (shallowly)."""
    for member in typing.get_args(hint):
        if member is type(None):
            if value is None:
                return True
            continue
        origin = typing.get_origin(member) or member
        if origin is typing.Union:
            if fits(value, member):
                return True
        elif getattr(member, "_is_protocol", False):
            if hasattr(value, "tolist"):
                return True
        elif isinstance(value, origin):
            return True
    return False


def best(rules: str) -> typing.Callable[[typing.Any], typing.Any]:
    return lambda position: nim.solve(position, rules).move


STARTS = [
    ("misere", (1, 2, 3)),
    ("misere", [(1, 2), (2, 2)]),
    ("misere", np.array([1, 2, 3])),
    ("kayles", [4, 3]),
    ("wythoff", [[3, 5]]),
    ("turning-turtles", "THTTH"),
    ("sos", "S----"),
    ("graph", {"edges": [[0, 1], [1, 2]], "tokens": [0]}),
]


def test_the_hint_is_not_any() -> None:
    hint = typing.get_type_hints(grade)["positions"]
    assert hint == GradePositions and typing.Any not in typing.get_args(hint)
    assert not fits(2.5, hint) and not fits(object(), hint)
    assert fits("S----", hint) and fits({"edges": []}, hint) and fits([[3, 5]], hint)


@pytest.mark.parametrize("rules, start", STARTS, ids=[rules for rules, _ in STARTS])
def test_every_kind_of_start_fits_the_hint_and_is_graded(rules: str, start: object) -> None:
    assert fits(start, GradePositions)
    report = grade(best(rules), rules, start)
    assert report.positions > 0 and report.failed == 0


def test_a_start_of_no_kind_is_refused() -> None:
    with pytest.raises(NimError):
        grade(best("misere"), "misere", 2.5)
