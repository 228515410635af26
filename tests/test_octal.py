"""Octal games (issue 21): nim-sequences against an independent plain mex, published
values and periods, the rare-values method against the plain mex, and the periods
against the plain mex beyond the proven bound."""

from __future__ import annotations

import itertools
import os
import random
import threading
from array import array
from typing import Dict, List, Optional, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import nim
import takebreak_oracle
from nim import NimError, Rules
from nim.errors import InvalidPositionError, InvalidRulesError, SearchLimitError


# -- the oracle: written from SPEC section 2.1 alone, sharing no code with the package ----------

def oracle_sequence(code: Optional[str], n: int) -> List[int]:
    """G(0 .. n-1) by the plain mex over every option (the tests' one oracle); code None is
    Grundy's game."""
    return takebreak_oracle.sequence(code or takebreak_oracle.GRUNDY_GAME, n)


def oracle_period(values: List[int], last_place: int) -> Optional[Tuple[int, int]]:
    """(n0, p) with the smallest p, then n0, that the Guy-Smith theorem proves from ``values``."""
    size = len(values)
    for p in range(1, size):
        n0 = size - p
        while n0 > 0 and values[n0 - 1] == values[n0 - 1 + p]:
            n0 -= 1
        if 2 * n0 + p + last_place + p <= size:
            return n0, p
    return None


def codes_up_to_three_places() -> List[str]:
    found = []
    for d0 in (0, 4):
        for length in range(1, 4):
            for digits in itertools.product(range(8), repeat=length):
                if digits[-1] == 0:
                    continue                    # trailing zeros: the same game as a shorter code
                found.append(f"{d0}." + "".join(map(str, digits)))
    found.append("4.0")
    return found


ALL_SHORT_CODES = codes_up_to_three_places()


# -- published values ----------------------------------------------------------------------------

#: Kayles (0.77), OEIS A002186 (Winning Ways p. 91): period 12, last exception at 70.
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
          7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7]
#: Dawson's chess (0.137), OEIS A002187: period 34, exceptions at 0, 14, 16, 17, 31, 34 and 51.
DAWSON_CHESS = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
                0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3]

#: (rule string, pre-period, period): Kayles and Dawson's from Winning Ways / OEIS; Double
#: Kayles 0.7777 (OEIS A071074: period 24, last exception 141); 0.16 and 0.56 from
#: Flammenkamp's tables of octal games.
PUBLISHED_PERIODS = [
    ("kayles", 71, 12),
    ("dawson-chess", 52, 34),
    ("dawson-kayles", 53, 34),     # 0.07 is 0.137 shifted by one heap
    ("octal=0.7777", 142, 24),
    ("octal=0.16", 105_351, 149_459),
    ("octal=0.56", 326_640, 144),
]


def test_kayles_and_dawson_values_as_published():
    assert list(nim.octal.nim_sequence("kayles", len(KAYLES))) == KAYLES
    assert list(nim.octal.nim_sequence("dawson-chess", len(DAWSON_CHESS))) == DAWSON_CHESS
    assert list(nim.octal.nim_sequence("dawson-kayles", 40))[1:] == DAWSON_CHESS[:39]


@pytest.mark.parametrize("rules, preperiod, period", PUBLISHED_PERIODS)
def test_published_periods(rules, preperiod, period):
    found = nim.octal.octal_period(rules)
    assert (found.preperiod, found.period, found.proven) == (preperiod, period, True)
    t = len(found.code) - 2
    assert found.bound == 2 * preperiod + 2 * period + t <= found.heaps


def test_oracle_agrees_with_published_kayles():
    # the oracle itself, checked against the published values before it checks anything
    assert oracle_sequence("0.77", len(KAYLES)) == KAYLES
    assert oracle_sequence("0.137", len(DAWSON_CHESS)) == DAWSON_CHESS


# -- the core against the oracle ------------------------------------------------------------------

@pytest.mark.parametrize("code", ALL_SHORT_CODES)
def test_every_short_code_against_the_oracle(code):
    expected = oracle_sequence(code, 70)
    for method in ("plain", "rare"):
        assert list(nim.octal.nim_sequence(f"octal={code}", 70, method=method)) == expected, method


def test_grundy_game_against_the_oracle():
    expected = oracle_sequence(None, 400)
    for method in ("plain", "rare"):
        assert list(nim.octal.nim_sequence("grundy-game", 400, method=method)) == expected


def test_rare_values_method_equals_plain_mex_on_every_short_code_to_2000():
    for code in ALL_SHORT_CODES:
        rules = f"octal={code}"
        plain = nim.octal.nim_sequence(rules, 2000, method="plain")
        assert nim.octal.nim_sequence(rules, 2000, method="rare") == plain, code


def _fifty_codes() -> List[str]:
    """Ten well-known codes and forty more, drawn at random, that split heaps."""
    rng = random.Random(21)
    chosen = ["0.77", "0.07", "0.137", "0.16", "0.56", "4.07", "0.6", "0.106", "0.165", "0.4"]
    splitting = [code for code in ALL_SHORT_CODES
                 if code not in chosen and any(int(d) & 4 for d in code.replace(".", ""))]
    return chosen + rng.sample(splitting, 40)


@pytest.mark.parametrize("code", _fifty_codes())
def test_rare_values_method_equals_plain_mex_on_fifty_codes(code):
    heaps = 100_000 if os.environ.get("NIMCORE_SLOW_TESTS") == "1" else 6_000
    plain = nim.octal.nim_sequence(f"octal={code}", heaps, method="plain")
    assert nim.octal.nim_sequence(f"octal={code}", heaps, method="rare") == plain


def _rare_method(rules: str, heaps: int, both_ends: bool = True) -> "array[int]":
    """G(0 .. heaps - 1) by the rare-values method throughout: no plain mex where the rare
    heaps are many (``plain_fallback`` off), the rare values looked for from both ends of
    the splits or from the small parts up."""
    from nim.takebreak.sequence import new_sequence

    _, sequence = new_sequence(Rules.parse(rules), "rare")
    sequence.plain_fallback = False
    sequence.both_ends = both_ends
    sequence.extend(heaps)
    assert sequence.sparse
    values: "array[int]" = sequence.values()
    return values


def test_0_04_by_the_rare_values_method_equals_the_plain_mex_to_2_16():
    # 0.04's values grow past 1,000 and its rare heaps stay many until past 2**17: the
    # rare-values method, forced throughout, with the mask chosen again as the values pass
    # each power of two (256 at heap 9,169, 512 at 35,663), against the plain mex
    plain = nim.octal.nim_sequence("octal=0.04", 1 << 16, method="plain")
    assert list(plain[:600]) == oracle_sequence("0.04", 600)
    assert _rare_method("octal=0.04", 1 << 16) == plain
    assert _rare_method("octal=0.04", 1 << 16, both_ends=False) == plain
    assert nim.octal.nim_sequence("octal=0.04", 1 << 16) == plain      # the default choice


@pytest.mark.parametrize("rules", ["grundy-game", "octal=0.142", "octal=0.137", "octal=4.07", "octal=0.6"])
def test_the_rare_scan_from_either_end_equals_the_plain_mex(rules):
    plain = nim.octal.nim_sequence(rules, 12_000, method="plain")
    assert _rare_method(rules, 12_000) == plain
    assert _rare_method(rules, 12_000, both_ends=False) == plain


def test_the_mask_is_chosen_again_when_the_values_pass_a_power_of_two():
    """0.04's values first reach 512 at heap 35,663; an eighth more heaps later the mask is
    one that makes the fewest of heaps 1 .. 40,120 rare (counted here for every mask by
    brute force), not the one chosen before the values had that bit."""
    from nim.takebreak.sequence import new_sequence

    plain = nim.octal.nim_sequence("octal=0.04", 40_122, method="plain")
    first = next(n for n, value in enumerate(plain) if value >= 512)
    assert first == 35_663
    counts: Dict[int, int] = {}
    for value in plain[1:40_121]:
        counts[value] = counts.get(value, 0) + 1
    rare = {mask: sum(c for value, c in counts.items() if bin(value & mask).count("1") % 2 == 0)
            for mask in range(1, 1024)}
    _, sequence = new_sequence(Rules.parse("octal=0.04"), "rare")
    sequence.plain_fallback = False
    sequence.extend(first + first // 8 + 2)
    assert not sequence.position_type and sequence.mask & 512
    assert rare[sequence.mask] == min(rare.values())
    assert sequence.rare_listed[0] == sum(1 for n in range(1, len(sequence))
                                          if bin(sequence[n] & sequence.mask).count("1") % 2 == 0)


@settings(max_examples=60, deadline=None)
@given(d0=st.sampled_from([0, 4]),
       digits=st.lists(st.integers(0, 7), min_size=1, max_size=8).filter(lambda ds: ds[-1] != 0))
def test_random_codes_against_the_oracle(d0, digits):
    code = f"{d0}." + "".join(map(str, digits))
    expected = oracle_sequence(code, 90)
    assert list(nim.octal.nim_sequence(f"octal={code}", 90, method="rare")) == expected
    assert list(nim.octal.nim_sequence(f"octal={code}", 90, method="plain")) == expected


# -- periods ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07", "4.07", "0.26", "0.51", "0.72", "4.4", "0.15",
                                  "0.34", "0.31", "0.603"])
def test_period_against_the_oracle_and_beyond_the_bound(code):
    found = nim.octal.octal_period(f"octal={code}")
    t = len(code.rstrip("0")) - 2
    assert list(found.values[:300]) == oracle_sequence(code, 300)
    reference = list(nim.octal.nim_sequence(f"octal={code}", found.heaps, method="plain"))
    assert list(found.values) == reference
    assert (found.preperiod, found.period) == oracle_period(reference, t)
    # beyond the bound: the period's answers against the plain mex, twice the bound and more
    further = nim.octal.nim_sequence(f"octal={code}", 3 * found.bound + 500, method="plain")
    assert [found.grundy(n) for n in range(len(further))] == list(further)


def test_huge_heaps_in_constant_time():
    kayles = nim.octal.octal_period("kayles")
    for n in (10**18, 10**40, 10**40 + 7):
        assert kayles.grundy(n) == kayles.values[71 + (n - 71) % 12]
    assert kayles[10**18] == kayles.grundy(10**18)


def test_no_period_within_the_bound_says_so():
    found = nim.octal.octal_period("grundy-game", max_heaps=5000)
    assert (found.preperiod, found.period, found.proven, found.heaps) == (None, None, False, 5000)
    assert found.grundy(4999) == oracle_sequence(None, 5000)[4999]
    with pytest.raises(InvalidPositionError, match=r"past the 5,000 heaps.*max_heaps"):
        found.grundy(5000)
    unproven = nim.octal.octal_period("octal=0.6", max_heaps=3000)
    assert not unproven.proven and unproven.heaps == 3000
    assert unproven.to_dict()["proven"] is False and unproven.to_dict()["period"] is None


# -- 0s and 3s: today's take rules ------------------------------------------------------------------

@pytest.mark.parametrize("code, rule", [
    ("0.3", "normal,max=1"), ("0.33", "normal,max=2"), ("0.333", "normal,max=3"),
    ("0.303", "normal,set=1;3"), ("0.0303", "normal,set=2;4"), ("0.03", "normal,set=2"),
    ("0.3330", "normal,max=3"),
])
def test_codes_of_threes_are_todays_take_rules(code, rule):
    assert Rules(octal=code) == Rules.parse(rule)
    assert Rules.parse(f"misere,octal={code}") == Rules.parse(rule.replace("normal", "misere"))
    sequence = nim.octal.nim_sequence(rule, 300)
    assert list(sequence) == oracle_sequence(code, 300)
    assert list(sequence) == nim.solving.grundy_table(299, rule)
    # and the same answers when solved written either way
    for piles in ([3, 4, 5], [1, 2, 7], [6, 6]):
        assert nim.solve(piles, rules=f"misere,octal={code}").value == nim.solve(
            piles, rules=rule.replace("normal", "misere")).value


# -- rules, codes and errors ------------------------------------------------------------------------

def test_rule_strings_and_names():
    assert Rules.parse("octal=0.77") == Rules.parse("normal,octal=0.77") == Rules.parse("kayles")
    assert Rules.parse("misere,octal=0.137") == Rules.game("dawson-chess", misere=True)
    assert str(Rules.parse("misere,kayles")) == "misere,octal=0.77"
    assert str(Rules.parse("grundy-game")) == "normal,grundy-game"
    assert Rules.parse("normal,octal=4.07").octal == "4.07"
    assert Rules(octal=".770") == Rules(octal="0.77")
    rules = Rules.parse("dawson-kayles")
    assert Rules.parse(str(rules)) == rules and eval(repr(rules), {"Rules": Rules}) == rules
    import pickle

    assert pickle.loads(pickle.dumps(Rules.parse("misere,octal=0.16"))) == Rules.parse("misere,octal=0.16")
    assert "splits the rest" in Rules(octal="0.77").describe()


@pytest.mark.parametrize("code, message", [
    ("", "empty"), ("0.", "no move"), (".", "no digit"),
    ("0." + "7" * 65, "65 digits"), ("0.000", "no move"), ("0", "no move"),
    ("77", "d0 is 0 or 4"), ("1.7", "d0 is 0 or 4"), ("0.7g", "'g'"), ("0.7.7", "'.'"),
])
def test_bad_codes(code, message):
    with pytest.raises(InvalidRulesError, match=message):
        Rules(octal=code)
    with pytest.raises(NimError, match=message):
        Rules.parse(f"normal,octal={code}")


def test_digits_8_and_9_are_hexadecimal_codes():
    # issue 41: bit 8 of a digit leaves three heaps (nim.families.code_extensions), no longer refused
    for code in ("0.8", "0.79"):
        assert str(Rules(octal=code)) == str(Rules.parse(f"normal,octal={code}")) == f"normal,octal={code}"


def test_a_take_rule_is_read_as_its_octal_code_from_its_family_s_moves():
    # issue 38: the family's moves say which code a take rule is, never its name; a family
    # registered from outside (take a power of two) is a subtraction game of 32 members
    import toy_family  # noqa: F401  (registers "pow2")

    for rules, code in (("normal,max=3", "0.333"), ("normal,set=1;4", "0.3003"), ("normal,set=2", "0.03")):
        assert takebreak_oracle.sequence(code, 40) == list(nim.octal.nim_sequence(rules, 40)), rules
    with pytest.raises(InvalidRulesError, match="of 2147483648 places, more than 64"):
        nim.octal.nim_sequence("normal,pow2", 10)
    for infinite in ("normal", "normal,half", "wythoff"):
        with pytest.raises(InvalidRulesError, match="not a finite octal code"):
            nim.octal.nim_sequence(infinite, 10)
    # Grundy's game: no code, and no period the theorem could prove
    assert not nim.octal.octal_period("grundy-game", max_heaps=200, partial=True).proven


def test_bad_names_and_arguments():
    with pytest.raises(InvalidRulesError, match="unknown game 'chess'"):
        Rules.game("chess")
    with pytest.raises(InvalidRulesError, match="a string"):
        Rules(octal=0.77)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="goes alone"):
        Rules(take="max", k=3, octal="0.77")
    with pytest.raises(InvalidRulesError, match="not a finite octal code"):
        nim.octal.nim_sequence("normal", 10)
    with pytest.raises(InvalidRulesError, match="not a finite octal code"):
        nim.octal.nim_sequence("normal,half", 10)
    with pytest.raises(InvalidPositionError):
        nim.octal.nim_sequence("kayles", -1)
    with pytest.raises(NimError, match="unknown method"):
        nim.octal.nim_sequence("kayles", 10, method="fast")
    with pytest.raises(InvalidPositionError, match="max_heaps"):
        nim.octal.octal_period("kayles", max_heaps=0)
    assert len(nim.octal.nim_sequence("kayles", 0)) == 0


# -- storage, cancel, progress ----------------------------------------------------------------------

def test_compact_storage_widens_when_values_pass_255():
    small = nim.octal.nim_sequence("kayles", 1000)
    assert isinstance(small, array) and small.typecode == "B" and small.itemsize == 1
    # 0.04 (take two, split the rest in two) first reaches 256 at heap 9,169
    values = nim.octal.nim_sequence("octal=0.04", 9300)
    assert max(values[:9169]) < 256 <= values[9169] and values.typecode == "H" and values.itemsize == 2
    assert values == nim.octal.nim_sequence("octal=0.04", 9300, method="plain")
    assert list(values[:600]) == oracle_sequence("0.04", 600)


def test_cancel_and_progress():
    cancel = threading.Event()
    seen: List[Tuple[int, float]] = []

    def progress(heaps: int, seconds: float) -> None:
        seen.append((heaps, seconds))
        if heaps > 50_000:
            cancel.set()

    with pytest.raises(SearchLimitError) as caught:
        nim.octal.nim_sequence("grundy-game", 1 << 22, progress=progress, cancel=cancel)
    assert caught.value.reason == "cancelled"
    assert seen and seen == sorted(seen)
    with pytest.raises(NimError, match="is_set"):
        nim.octal.nim_sequence("kayles", 10, cancel=object())


# -- what cannot honour a take-and-break game yet refuses it (solve, analyze, explain, Solver,
# solve_many: test_octal_solve.py; positions, play and the environments: test_octal_moves.py) --

REFUSED = [
    ("NimGame", lambda r: nim.trees.NimGame([2, 2], rules=r)),
]


@pytest.mark.parametrize("name, call", REFUSED, ids=[name for name, _ in REFUSED])
@pytest.mark.parametrize("rules", ["kayles", "grundy-game", "misere,octal=0.137", "octal=0.2"])
def test_entry_points_refuse_with_one_clear_error(name, call, rules):
    ruleset = Rules.parse(rules)
    with pytest.raises(InvalidRulesError) as caught:
        call(ruleset)
    message = str(caught.value)
    assert "nim_sequence" in message


def test_openspiel_refuses():
    pytest.importorskip("pyspiel")
    from nim.interop import openspiel

    for call in (openspiel.game_string, openspiel.load_game):
        with pytest.raises(InvalidRulesError, match="nimcore octal"):
            call([3, 4], "kayles")


def test_octal_period_result_dict():
    found = nim.octal.octal_period("octal=0.16")
    data = found.to_dict()
    for key in ("code", "preperiod", "period", "proven", "heaps", "largest", "largest_at", "rare_count", "seconds"):
        assert key in data
    assert data["largest"] == max(found.values)
    assert found.values[data["largest_at"]] == data["largest"]
    assert data["rare_count"] >= 1 and found.mask is not None
    # the rare heaps are what the mask says
    rare = [n for n in range(1, found.heaps) if bin(found.values[n] & found.mask).count("1") % 2 == 0]
    assert (len(rare), rare[-1]) == (data["rare_count"], data["rare_last"])


def test_grundy_value_and_table_answer_take_and_break_games():
    assert nim.solving.grundy_table(47, "kayles") == KAYLES
    assert nim.solving.grundy_value(10**30, "kayles") == nim.octal.octal_period("kayles").grundy(10**30)
    assert nim.solving.grundy_value(30, "grundy-game") == oracle_sequence(None, 31)[30]
    assert nim.solving.grundy_table(20, "misere,octal=0.137") == DAWSON_CHESS[:21]


def test_named_games_table():
    games: Dict[str, Optional[str]] = {"kayles": "0.77", "dawson-kayles": "0.07", "dawson-chess": "0.137"}
    for name, code in games.items():
        assert Rules.game(name) == Rules(octal=code)
    assert Rules.game("Grundy_Game").take == "grundy"


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.16", "0.56", "0.7777", "4.4", "0.34", "0.15"])
def test_period_in_constant_memory_equals_the_z_function(code):
    """The rolling-hash search (used past HASHED_FROM heaps) against the Z-function one,
    on every prefix length at a few hundred points: the same answer, proven or not."""
    from nimcore.octal import OctalSequence
    from nim.takebreak.sequence import game_places

    _, takes_all, leaves, splits, grundy_game = game_places(Rules(octal=code))
    found = nim.octal.octal_period(f"octal={code}")
    last = found.bound + 200
    sizes = sorted({*range(2, min(last, 400)), *range(2, last, max(1, last // 150)), found.bound - 1,
                    found.bound, last})
    sequence = OctalSequence(takes_all, leaves, splits, grundy_game, True)
    for size in sizes:
        sequence.extend(size)
        by_z = sequence.find_period(hashed=False)
        by_hash = sequence.find_period(hashed=True)
        assert by_z[:2] == by_hash[:2], size
        if size >= found.bound:
            assert by_z[:2] == (found.preperiod, found.period)


def test_plain_install_stays_light():
    """Reading an octal rule and solving Nim import neither the compiled sequence
    module nor matplotlib; a short nim_sequence does not open a progress bar (tqdm)."""
    import subprocess
    import sys

    code = ("import sys, nim; nim.Rules.parse('kayles'); nim.solve([1, 2, 3]); "
            "print(sorted(m for m in ('nimcore.octal', 'matplotlib', 'tqdm') if m in sys.modules)); "
            "nim.octal.nim_sequence('kayles', 1000, progress=True); "
            "print(sorted(m for m in ('nimcore.octal', 'matplotlib', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["[]", "['nimcore.octal']"]
