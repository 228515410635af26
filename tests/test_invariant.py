"""The number shown to a student (issue 40, item 2): the XOR of the Grundy values, named
with the rule that gives them, in the terminal, KUET, the browser's state and the API;
nothing where no such number decides. The oracle is a brute-force Grundy value per
pile (memoised mex over the rule's moves, written here from the rules' definitions)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

from nim.rules import Rules
from nim.solving.invariant import grundy_sum, value_words

ROOT = Path(__file__).resolve().parent.parent


def _takes(rules: Rules, n: int) -> List[int]:
    if rules.take == "any":
        return list(range(1, n + 1))
    if rules.take == "max":
        return list(range(1, min(rules.k or 0, n) + 1))
    if rules.take == "half":
        return list(range(1, n // 2 + 1))
    return [s for s in rules.subtract or () if s <= n]


def _octal_options(code: str, n: int) -> Iterator[Tuple[int, ...]]:
    """The heaps left by each move on a heap of n in the octal game ``code``."""
    digits = [int(d) for d in code.split(".")[1]]
    for k, digit in enumerate(digits, start=1):
        if digit & 1 and n == k:
            yield ()
        if digit & 2 and n > k:
            yield (n - k,)
        if digit & 4:
            for a in range(1, n - k):
                if n - k - a >= 1:
                    yield (a, n - k - a)


def brute_grundy(rules: Rules, n: int) -> int:
    """The Grundy value of one pile of n, by the mex over its moves (normal play)."""
    table: Dict[int, int] = {}

    @lru_cache(maxsize=None)
    def g(m: int) -> int:
        if rules.splits:
            seen = set()
            for heaps in _octal_options(rules.octal or "", m):
                value = 0
                for h in heaps:
                    value ^= g(h)
                seen.add(value)
        else:
            seen = {g(m - t) for t in _takes(rules, m)}
        value = 0
        while value in seen:
            value += 1
        return value

    for m in range(n + 1):     # bottom up: no deep recursion
        table[m] = g(m)
    return table[n]


RULES = ["normal", "misere", "normal,max=3", "misere,max=5", "normal,half", "misere,half",
         "normal,set=1;3;4", "normal,set=2;5", "normal,kayles", "normal,dawson-kayles", "normal,octal=0.137"]


@pytest.mark.parametrize("text", RULES)
def test_the_invariant_is_the_xor_of_brute_force_grundy_values(text: str) -> None:
    rules = Rules.parse(text)
    rng = random.Random(text)
    for _ in range(40):
        piles = [rng.randint(0, 30) for _ in range(rng.randint(1, 4))]
        shown = grundy_sum(piles, rules)
        assert shown is not None
        expected = 0
        for pile in piles:
            expected ^= brute_grundy(rules, pile)
        assert shown.value == expected, (text, piles)
        # named as nim-sum only in Nim, where the Grundy value is the size
        assert (shown.name == "nim-sum") == (rules.take == "any")


def test_the_words_name_the_rule_as_explain_does() -> None:
    assert value_words(Rules.parse("normal,max=3")) == "n mod 4 under take at most 3"
    assert "nim-sequence" in (value_words(Rules.parse("normal,kayles")) or "")
    import nim
    assert "g(n) = n mod 4" in nim.explain([1, 5], "normal,max=3").text   # the same formula


@pytest.mark.parametrize("text", ["misere,kayles", "misere,dawson-kayles"])
def test_no_number_where_no_xor_rule_decides(text: str) -> None:
    assert grundy_sum([3, 4], Rules.parse(text)) is None


def _play(*args: str, stdin: str) -> str:
    env = dict(os.environ)
    done = subprocess.run([sys.executable, "-m", "nim", "play", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_terminal_hint_under_take_at_most_3_says_grundy_values_not_sizes() -> None:
    out = _play("--mode", "hvai", "--piles", "1", "6", "--max-take", "3", stdin="hint\nq\n")
    assert "it leaves X = 0" in out          # 1 and 5: 1 xor 1 = 0 under n mod 4 (4 by the sizes)
    assert brute_grundy(Rules.parse("normal,max=3"), 1) ^ brute_grundy(Rules.parse("normal,max=3"), 5) == 0
    assert "n mod 4 under take at most 3" in out
    assert "nim-sum" not in out.lower() and "pile sizes combined by XOR" not in out
    assert "the AI (Optimal)" in out and "Nim-sum" not in out


def test_terminal_ai_named_nim_sum_only_in_nim() -> None:
    out = _play("--mode", "hvai", "--piles", "1", "6", "--max-take", "3", "--ai", "nimsum", stdin="q\n")
    assert "the AI (Optimal)" in out
    out = _play("--mode", "hvai", "--piles", "1", "6", stdin="hint\nq\n")
    assert "the AI (Nim-sum)" in out and "X is the nim-sum: the pile sizes combined by XOR" in out


def test_kuet_hint_names_the_grundy_rule() -> None:
    out = _play("--style", "kuet", "--name", "A", "--difficulty", "1", "--seed", "6", stdin="hint\nq\n")
    assert "it leaves X = 0" in out and "n mod 4 under take at most 3" in out
    assert "pile sizes combined by XOR" not in out


def _state(options: Dict[str, object]) -> Dict[str, object]:
    from nim.web.games import create_game, public_state
    state, _ = create_game(options)
    return public_state(state)


def test_browser_state_sends_the_true_number_and_its_words() -> None:
    state = _state({"flow": "free", "rules": "normal,max=3", "piles": [1, 5], "mode": "hvai"})
    number = state["grundy_sum"]
    assert isinstance(number, dict)
    rules = Rules.parse("normal,max=3")
    assert number["value"] == brute_grundy(rules, 1) ^ brute_grundy(rules, 5) == 0
    assert "n mod 4 under take at most 3" in number["words"] and state["nim_sum"] is None
    nim = _state({"flow": "rajalakshmi", "piles": "1 5"})
    assert nim["nim_sum"] == 4 and nim["grundy_sum"]["name"] == "nim-sum"  # type: ignore[index]
    assert _state({"flow": "free", "rules": "misere,kayles", "piles": [1, 5]})["grundy_sum"] is None


def test_the_browser_script_renders_the_servers_number() -> None:
    script = (ROOT / "python/nim/web/static/app.js").read_text(encoding="utf-8")
    assert "state.grundy_sum" in script and "nim_sum" not in script
