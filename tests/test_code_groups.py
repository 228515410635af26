"""Take-and-break codes with a repeating group of digits (issue 41: Ferguson, Part I, 4.5, the
exercises 4.5.1, 4.5.2 and 4.5.7 are such codes): ``0.1(30)`` is 0.1303030..., the group 30
repeating for ever.

Checked against brute forces that share no code with the package: one reads a code with a
group itself (``d0.prefix(group)``) and plays it by memoised recursion over sorted tuples of
heaps; each exercise is also played from the text's own words (take an even number, ...), not
from its code. Every small position in both conventions and every winning move; the values;
random codes (Hypothesis); the spellings and the refusals.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import subprocess
import sys
from functools import lru_cache
from typing import Any, Callable, FrozenSet, List, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nim
from nim import InvalidRulesError
from nim.families.code_extensions import ExtendedCode, observed_period
from nim.octal import nim_sequence

Heaps = Tuple[int, ...]
HEX = "0123456789abcdef"


# ------------------------------------------------------------------ the brute force of a code

def read(code: str) -> Tuple[List[int], List[int]]:
    """``(digits d0, d1, ... before the group, the group)`` of ``d0.prefix(group)`` or ``d0.prefix``."""
    code = code.lower()
    head, _, group = code.partition("(")
    whole, _, after = head.partition(".")
    return [HEX.index(c) for c in whole + after], [HEX.index(c) for c in group.rstrip(")")]


def digit_of(code: str, k: int) -> int:
    head, group = read(code)
    if k < len(head):
        return head[k]
    return group[(k - len(head)) % len(group)] if group else 0


def parts(rest: int, count: int, unequal: bool) -> List[Heaps]:
    """The ways to leave ``count`` non-empty heaps adding to ``rest`` (all different if unequal)."""
    found = set()
    for cut in itertools.product(range(1, rest + 1), repeat=count):
        if sum(cut) == rest and (not unequal or len(set(cut)) == count):
            found.add(tuple(sorted(cut)))
    return sorted(found)


@lru_cache(maxsize=None)
def code_moves(code: str, unequal: bool, n: int) -> FrozenSet[Heaps]:
    """What a move may leave of one heap of ``n``: by the bits of the digit of each place k."""
    found = set()
    for k in range(n + 1):
        d, rest = digit_of(code, k), n - k
        if k and d & 1 and rest == 0:
            found.add(())
        if k and d & 2 and rest > 0:
            found.add((rest,))
        if d & 4:
            found.update(parts(rest, 2, unequal))
        if d & 8:
            found.update(parts(rest, 3, unequal))
    return frozenset(found)


Moves = Callable[[int], FrozenSet[Heaps]]


def brute(moves: Moves) -> Tuple[Callable[[int], int], Callable[[Heaps, bool], bool],
                                 Callable[[Heaps], FrozenSet[Heaps]]]:
    """``(mex of a heap, whether a position is won for the player to move, its children)`` of the
    heap game whose one heap of n may become any of ``moves(n)``."""

    @lru_cache(maxsize=None)
    def children(heaps: Heaps) -> FrozenSet[Heaps]:
        found = set()
        for i, n in enumerate(heaps):
            for left in moves(n):
                found.add(tuple(sorted(heaps[:i] + heaps[i + 1:] + left)))
        return frozenset(found)

    @lru_cache(maxsize=None)
    def wins(heaps: Heaps, misere: bool) -> bool:
        following = children(heaps)
        if not following:
            return misere
        return any(not wins(child, misere) for child in following)

    @lru_cache(maxsize=None)
    def mex(n: int) -> int:
        seen = set()
        for left in moves(n):
            x = 0
            for heap in left:
                x ^= mex(heap)
            seen.add(x)
        return min(set(range(len(seen) + 1)) - seen)

    return mex, wins, children


def code_brute(code: str, unequal: bool = False) -> Tuple[Callable[[int], int], Callable[[Heaps, bool], bool],
                                                          Callable[[Heaps], FrozenSet[Heaps]]]:
    return brute(lambda n: code_moves(code, unequal, n))


def left_of(heaps: Heaps, move: Any) -> Heaps:
    """The position a move of ``nim.solve`` leaves, sorted (a component move's heaps left, or a
    take-and-break move's count and split)."""
    pile = move.pile
    if hasattr(move, "left"):
        left = tuple(move.left)
    else:
        rest = heaps[pile] - move.count
        left = tuple(move.split) if move.split else ((rest,) if rest else ())
    return tuple(sorted(p for p in heaps[:pile] + left + heaps[pile + 1:] if p))


def values_of(rule: str, upto: int) -> List[int]:
    """A code's values as a user gets them: its nim-sequence, or its family's closed form (Nim)."""
    try:
        return list(nim_sequence(rule, upto))
    except InvalidRulesError:
        family = nim.Rules.parse(rule).family
        return [family.grundy(n) for n in range(upto)]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ spellings and refusals

def test_a_group_is_read_in_every_spelling_and_printed_back_in_its_shortest() -> None:
    shortest = nim.Rules.parse("octal=0.1(30)")
    for spelling in ("octal=0.1(30)...", "octal=0.13(03)", "octal=0.1(3030)", "octal=.1(30)",
                     "octal=0.13\u03050\u0305", "octal=0.1303(03)"):
        assert nim.Rules.parse(spelling) == shortest, spelling
    assert str(shortest) == "normal,octal=0.1(30)"
    assert str(nim.Rules.parse("misere,octal=0.(700),unequal")) == "misere,octal=0.(700),unequal"
    assert str(nim.Rules.parse("octal=0.(f0)")) == "normal,octal=0.(F0)"
    for text in ("octal=0.1(30)", "misere,octal=0.(700),unequal", "octal=4.(8)"):
        rules = nim.Rules.parse(text)
        assert nim.Rules.parse(str(rules)) == rules
        assert pickle.loads(pickle.dumps(rules)) == copy.deepcopy(rules) == rules, text
    assert nim.Rules(take="code", octal="0.1(30)") == shortest
    assert nim.Rules(octal="0.(012)") == nim.Rules.parse("octal=0.(012)")
    # a group of one digit is the repeating digit; a group of zeros adds no move
    assert nim.Rules.parse("octal=0.1(7)") == nim.Rules.parse("octal=0.17...")
    assert nim.Rules.parse("octal=0.7(0)") == nim.Rules.parse("octal=0.7")
    assert nim.Rules.parse("octal=0.(77)") == nim.Rules.parse("rims")


def test_0_3_repeating_is_nim_in_both_spellings_by_brute_force() -> None:
    assert nim.Rules.parse("octal=0.(3)") == nim.Rules.parse("octal=0.3...") == nim.Rules.parse("normal")
    assert nim.Rules.parse("octal=0.(33)") == nim.Rules.parse("normal")
    mex, wins, _ = code_brute("0.(3)")
    assert [mex(n) for n in range(40)] == list(range(40))       # the brute force's own reading: Nim
    for heaps in itertools.combinations_with_replacement(range(1, 8), 3):
        for misere in (False, True):
            rules = ("misere," if misere else "") + "octal=0.(3)"
            assert (nim.solve(list(heaps), rules).value > 0) == wins(heaps, misere), (heaps, rules)


@pytest.mark.parametrize("bad, words", [
    ("0.1()", "the repeating group () is empty"),
    ("0.(3)1", "the repeating group ends the code"),
    ("0.(3)...1", "the repeating group ends the code"),
    ("0.(12)(3)", "one pair of parentheses"),
    ("0.((3))", "one pair of parentheses"),
    ("0.(3", "one pair of parentheses"),
    ("0.3)", "one pair of parentheses"),
    ("0.)3(", "one pair of parentheses"),
    ("(4).3", "after the point"),
    ("4(3)", "after the point"),
    ("0.(G)", "not a digit 0-9 or A-F"),
    ("0.(3.)", "not a digit 0-9 or A-F"),
    ("0.1(" + "3" * 64 + ")", "at most 64"),
    ("0." + "7" * 40 + "(" + "3" * 25 + ")", "at most 64"),
    ("0.(0)", "no move at all"),
    ("0.(00)...", "no move at all"),
    ("0.(3)\u0305", "one way"),
    ("0.3\u03053", "only the last digits may repeat"),
    ("0.3\u0305\u0305", "once"),
    ("0.3\u0305...", "one way"),
    ("1.(3)", "d0 is 0, 4, 8 or C"),
])
def test_a_malformed_group_is_refused_in_words(bad: str, words: str) -> None:
    with pytest.raises(InvalidRulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        nim.Rules.parse(f"octal={bad}")


def test_a_malformed_group_exits_2_in_one_line_at_the_command_line() -> None:
    for bad in ("0.1()", "0.(3)1", "0.(" + "7" * 10_000 + ")"):
        done = subprocess.run([sys.executable, "-m", "nim", "solve", "5", "--rules", f"octal={bad}"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (bad, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert len(done.stderr) < 300                      # a long code is shortened in the message


# ------------------------------------------------------------------ every small position

GROUPS = [("0.1(30)", False), ("0.(012)", False), ("0.(700)", False), ("0.(70)", False), ("0.3(12)", False),
          ("4.(02)", False), ("0.(4C)", False), ("0.(37)", True), ("0.(F0)", False), ("0.6(07)", True),
          ("0.(123)", False), ("C.(1)", True)]


def rule(code: str, unequal: bool) -> str:
    return f"octal={code}" + (",unequal" if unequal else "")


@pytest.mark.parametrize("code, unequal", GROUPS)
def test_the_values_are_the_mex(code: str, unequal: bool) -> None:
    mex, _, _ = code_brute(code, unequal)
    assert values_of(rule(code, unequal), 26) == [mex(n) for n in range(26)]


@pytest.mark.parametrize("code, unequal", GROUPS)
@pytest.mark.parametrize("misere", [False, True])
def test_every_small_position_and_its_winning_move(code: str, unequal: bool, misere: bool) -> None:
    _, wins, children = code_brute(code, unequal)
    rules = ("misere," if misere else "") + rule(code, unequal)
    for heaps in [h for k in range(1, 4) for h in itertools.combinations_with_replacement(range(1, 8), k)]:
        truth = wins(heaps, misere)
        solution = nim.solve(list(heaps), rules)
        assert (solution.value > 0) == truth, (heaps, rules)
        if not children(heaps):                       # misère: no move is a win, with no move to say
            assert solution.move is None
        elif truth:
            after = left_of(heaps, solution.move)
            assert after in children(heaps) and not wins(after, misere), (heaps, rules, solution.move)


@pytest.mark.parametrize("code, unequal", GROUPS)
def test_the_moves_and_their_count(code: str, unequal: bool) -> None:
    family = nim.Rules.parse(rule(code, unequal)).family
    assert isinstance(family, ExtendedCode)
    for n in range(25):
        listed = list(family.options(n))
        assert family.option_count(n) == len(listed), (code, n)
        assert {tuple(sorted(left)) for _, left in listed} == set(code_moves(code, unequal, n)), (code, n)
    assert [family.digit(k) for k in range(40)] == [digit_of(code, k) for k in range(40)]


@st.composite
def group_codes(draw: st.DrawFn) -> Tuple[str, bool]:
    whole = draw(st.sampled_from("048c"))
    prefix = draw(st.text(HEX, max_size=3))
    group = draw(st.text(HEX, min_size=1, max_size=3).filter(lambda g: any(c != "0" for c in g)))
    return f"{whole}.{prefix}({group})", draw(st.booleans())


@settings(max_examples=60, deadline=None)
@given(group_codes(), st.lists(st.integers(1, 9), min_size=1, max_size=3))
def test_random_group_codes_against_the_brute_force(drawn: Tuple[str, bool], heaps: List[int]) -> None:
    code, unequal = drawn
    mex, wins, _ = code_brute(code, unequal)
    text = rule(code, unequal)
    assert values_of(text, 14) == [mex(n) for n in range(14)], text
    position = tuple(sorted(heaps))
    for misere in (False, True):
        assert (nim.solve(list(position), ("misere," if misere else "") + text).value > 0) == \
            wins(position, misere), (text, position, misere)


# ------------------------------------------------------------------ Ferguson's exercises 4.5

def exercise_1(n: int) -> FrozenSet[Heaps]:
    """4.5.1: remove any even number of chips from a pile, or remove a pile of one chip."""
    found = {(n - k,) if n - k else () for k in range(2, n + 1, 2)}
    return frozenset(found | ({()} if n == 1 else set()))


def exercise_2(n: int) -> FrozenSet[Heaps]:
    """4.5.2: remove a number divisible by three, not the whole pile; or the whole pile if it is 2 mod 3."""
    found = {(n - k,) for k in range(3, n, 3)}
    return frozenset(found | ({()} if n % 3 == 2 else set()))


def exercise_7(n: int) -> FrozenSet[Heaps]:
    """4.5.7: remove c = 1 (mod 3) chips from a pile and, if desired, split the rest into two piles."""
    found = set()
    for c in range(1, n + 1, 3):
        rest = n - c
        found.add((rest,) if rest else ())
        found.update((a, rest - a) for a in range(1, rest // 2 + 1))
    return frozenset(found)


@pytest.mark.parametrize("number, code, moves", [(1, "0.1(30)", exercise_1), (2, "0.(012)", exercise_2),
                                                 (7, "0.(700)", exercise_7)])
def test_fergusons_exercise_is_its_code(number: int, code: str, moves: Moves) -> None:
    """The code plays exactly the exercise's rule as the text words it: the same moves from each
    heap, the same values, every small position and winning move in both conventions."""
    family = nim.Rules.parse(f"octal={code}").family
    assert isinstance(family, ExtendedCode)
    for n in range(30):
        assert {tuple(sorted(left)) for _, left in family.options(n)} == set(moves(n)), (number, n)
    mex, wins, children = brute(moves)
    assert list(nim_sequence(f"octal={code}", 60)) == [mex(n) for n in range(60)]
    for heaps in [h for k in range(1, 4) for h in itertools.combinations_with_replacement(range(1, 9), k)]:
        for misere in (False, True):
            solution = nim.solve(list(heaps), ("misere," if misere else "") + f"octal={code}")
            assert (solution.value > 0) == wins(heaps, misere), (number, heaps, misere)
            if solution.value > 0 and children(heaps):
                after = left_of(heaps, solution.move)
                assert after in children(heaps) and not wins(after, misere), (number, heaps, solution.move)


def test_exercise_4_5_1_its_sprague_grundy_function() -> None:
    """0.1(30): g(1) = 1, g(3) = 0, else g(n) = floor(n / 2): checked to heap 2,000 (the brute force
    to 60 above), and what explain observes."""
    mex, _, _ = brute(exercise_1)
    values = list(nim_sequence("octal=0.1(30)", 2001))
    assert values[:200] == [mex(n) for n in range(200)]
    assert all(values[n] == (1 if n == 1 else 0 if n == 3 else n // 2) for n in range(2001))
    assert observed_period(values) == (4, 2, 1)
    text = nim.explain([18], "octal=0.1(30)").text
    assert "repeats the group 30 for ever" in text and "the theorem does not apply" in text
    assert "from heap 4 on, g(n + 2) = g(n) + 1" in text and "Checked to heap " in text


def test_exercise_4_5_2_its_sprague_grundy_function() -> None:
    """0.(012): g(0) = 0, else g(n) = floor(n / 3) - 1 + (n mod 3): checked to heap 2,000."""
    mex, _, _ = brute(exercise_2)
    values = list(nim_sequence("octal=0.(012)", 2001))
    assert values[:200] == [mex(n) for n in range(200)]
    assert values[:15] == [0, 0, 1, 0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]
    assert all(values[n] == n // 3 - 1 + n % 3 for n in range(1, 2001))
    assert observed_period(values) == (1, 3, 1)


def test_exercise_4_5_7_its_sprague_grundy_function() -> None:
    """0.(700): g(n) = 2 floor(n / 4) + (n mod 2): checked to heap 2,000."""
    mex, _, _ = brute(exercise_7)
    values = list(nim_sequence("octal=0.(700)", 2001))
    assert values[:200] == [mex(n) for n in range(200)]
    assert all(values[n] == 2 * (n // 4) + n % 2 for n in range(2001))
    assert observed_period(values) == (0, 4, 2)


def test_exercise_4_5_3_the_three_pile_sum() -> None:
    """4.5.3: a pile of 18 under exercise 1's rules, 17 under exercise 2's, 7 under Nim's: a sum.
    Its value and every optimal move against a brute force over the three piles, each with its rule."""
    rules_of = (exercise_1, exercise_2, lambda n: frozenset((r,) if r else () for r in range(n)))

    @lru_cache(maxsize=None)
    def wins(piles: Tuple[int, int, int]) -> bool:
        return any(not wins(after) for after in successors(piles))

    def successors(piles: Tuple[int, int, int]) -> List[Tuple[int, int, int]]:
        found = []
        for i, moves in enumerate(rules_of):
            for left in moves(piles[i]):
                found.append(piles[:i] + (left[0] if left else 0,) + piles[i + 1:])  # type: ignore[misc]
        return found

    mexes = [brute(moves)[0] for moves in rules_of]
    position = [["octal=0.1(30)", [18]], ["octal=0.(012)", [17]], ["any", [7]]]
    explained = nim.explain(position, "sum").text
    assert "-> 9" in explained and "-> 6" in explained and "-> 7" in explained
    assert mexes[0](18) ^ mexes[1](17) ^ mexes[2](7) == 9 ^ 6 ^ 7 == 8
    assert wins((18, 17, 7)) and nim.solve(position, "sum").value > 0
    best = {succ for succ in successors((18, 17, 7)) if not wins(succ)}
    assert best == {(2, 17, 7)}                                    # the only optimal move: take 16 from 18
    found = [a.move for a in nim.analyze(position, "sum") if a.value > 0]
    assert len(found) == 1 and found[0].pile == 0 and found[0].count == 16


def test_exercise_4_5_5_b_the_optimal_first_moves_from_15() -> None:
    """4.5.5 (0.73): from one pile of 15, every optimal first move: take one, split 14 into two odd piles."""
    def moves(n: int) -> FrozenSet[Heaps]:
        found = {(n - k,) if n - k else () for k in (1, 2) if k <= n}
        found.update(tuple(sorted((a, n - 1 - a))) for a in range(1, n - 1))
        return frozenset(found)

    _, wins, children = brute(moves)
    truth = {after for after in children((15,)) if not wins(after, False)}
    assert truth == {(1, 13), (3, 11), (5, 9), (7, 7)}
    found = {left_of((15,), a.move) for a in nim.analyze([15], "octal=0.73") if a.value > 0}
    assert found == truth


def test_exercise_4_5_10_grundys_game() -> None:
    """4.5.10: Grundy's game, values for n = 1..13 and every winning first move from 5, 8, 13."""
    def moves(n: int) -> FrozenSet[Heaps]:
        return frozenset((a, n - a) for a in range(1, (n + 1) // 2) if 2 * a != n)

    mex, wins, children = brute(moves)
    assert list(nim_sequence("grundy-game", 14))[1:] == [mex(n) for n in range(1, 14)]
    assert list(nim_sequence("octal=4.0,unequal", 14)) == list(nim_sequence("grundy-game", 14))
    truth = {after for after in children((5, 8, 13)) if not wins(after, False)}
    found = {left_of((5, 8, 13), a.move) for a in nim.analyze([5, 8, 13], "grundy-game") if a.value > 0}
    assert found == truth and len(truth) == 3


def test_a_group_code_plays_from_the_command_line() -> None:
    """``nimcore solve``, ``table`` and ``play`` with a group code, as a user types them."""
    run = [sys.executable, "-m", "nim"]
    done = subprocess.run(run + ["solve", "18", "17", "7", "--rules", "octal=0.1(30)"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "octal=0.1(30)" in done.stdout, done.stderr
    done = subprocess.run(run + ["table", "--upto", "8", "--rules", "octal=0.(012)"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line[:1].isdigit()]
    mex, _, _ = brute(exercise_2)
    assert [int(row[2]) for row in rows] == [mex(n) for n in range(9)], done.stdout
    done = subprocess.run(run + ["play", "--rules", "octal=0.(700)", "--mode", "aivai", "--seed", "5",
                                 "--position", "[7, 5, 4]", "--color", "never"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "(no heap left)" in done.stdout and " wins (normal play" in done.stdout
    mex7, _, _ = brute(exercise_7)
    first = "Player 1" if mex7(7) ^ mex7(5) ^ mex7(4) else "Player 2"     # the AI plays optimally
    assert f"{first} made the last move" in done.stdout, done.stdout
