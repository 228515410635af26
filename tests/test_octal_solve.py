"""Sums of take-and-break heaps solved exactly (issue 23, items 2, 4, 5), against the
independent brute force of ``tests/takebreak_oracle.py`` (memoised recursion over sorted
tuples of heaps, its own move rules from the octal digits).

CI checks a sample (every position of up to 4 heaps of up to 12 in normal play
through the nim-sum; smaller positions by the full brute force in both
conventions); ``pytest --slow`` sweeps every position of up to 4 heaps of up to
12 through the brute force, both conventions, every method.
"""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import nim
from nim.errors import NimError, SearchLimitError
from nim.takebreak.sequence import octal_period

import takebreak_oracle as brute

#: The named games, codes from Winning Ways' tables, and random codes with splits.
NAMED = ["0.77", "0.07", "0.137", "0.16", "4.07", "grundy-game"]
LISTED = ["0.04", "0.06", "0.14", "0.15", "0.17", "0.26", "0.35", "0.36", "0.37", "0.44", "0.45",
          "0.52", "0.54", "0.55", "0.56", "0.6", "0.64", "0.71", "0.72", "0.75", "0.76", "4.0",
          "0.447", "0.165", "0.007"]


def _random_codes(count, seed=23):
    rng = random.Random(seed)
    codes = []
    while len(codes) < count:
        digits = [rng.choice([0, 4])] + [rng.randrange(8) for _ in range(rng.randrange(1, 4))]
        if not any(d & 4 for d in digits) or digits[-1] == 0:
            continue
        code = f"{digits[0]}." + "".join(map(str, digits[1:]))
        if code not in codes and code not in LISTED and code not in NAMED:
            codes.append(code)
    return codes


RANDOM = _random_codes(8)
CODES = NAMED + LISTED + RANDOM


def rules_of(game, misere=False):
    """The package's rules of a game written as the oracle reads it."""
    text = game if game == "grundy-game" else f"octal={game}"
    return nim.Rules.parse(("misere," if misere else "") + text)


def positions(heaps, largest):
    """Every multiset of up to ``heaps`` heaps of 0 .. ``largest`` (as sorted tuples)."""
    return list(itertools.combinations_with_replacement(range(largest + 1), heaps))


def brute_value(game, misere, position):
    return 1 if brute.wins(game, misere, position) else -1


def nim_sum_value(game, position):
    total = 0
    for heap in position:
        total ^= brute.grundy(game, heap)
    return 1 if total else -1


def apply(game, position, move):
    """The position after ``move``, checked legal by the oracle's own rules."""
    pile, count = move[0], move[1]
    heap = position[pile]
    split = move.split
    parts = tuple(sorted(split)) if split is not None else ((heap - count,) if heap > count else ())
    assert tuple(sorted(parts)) in brute.options(game, heap), (game, position, move)
    if split is not None:
        assert sum(split) + count == heap
    return tuple(position[:pile]) + parts + tuple(position[pile + 1:])


def check_solution(game, misere, position, solution, expected):
    assert solution.value == expected, (game, misere, position, solution)
    if not brute.children(game, tuple(position)):
        assert solution.move is None          # (a misère win with no move left)
    elif expected == 1:
        assert solution.move is not None
        after = apply(game, position, solution.move)
        assert brute_value(game, misere, after) == -1, (game, position, solution.move)
    elif not brute.children(game, tuple(position)):
        assert solution.move is None
    elif solution.method == "theory":     # a lost position shows a legal move, as for take rules
        apply(game, position, solution.move)


# ---------------------------------------------------------------- normal play, the nim-sum

def test_the_codes_are_thirty_and_more_and_split():
    assert len(set(CODES)) >= 30
    for game in CODES:
        assert rules_of(game).splits


def test_the_oracle_agrees_with_its_own_nim_sum():
    # the oracle's two halves (brute force over positions; Grundy values of heaps) agree
    for game in CODES[:12]:
        for position in positions(3, 6):
            assert brute_value(game, False, position) == nim_sum_value(game, position), (game, position)


@pytest.mark.parametrize("game", CODES)
def test_normal_play_every_position_of_four_heaps_of_twelve(game):
    rules = rules_of(game)
    for position in positions(4, 12):
        solution = nim.solve(position, rules)
        assert solution.method == "theory"
        assert solution.value == nim_sum_value(game, position), (game, position, solution)
        if solution.value == 1:
            after = apply(game, position, solution.move)
            assert nim_sum_value(game, after) == -1, (game, position, solution.move)


@pytest.mark.parametrize("game", CODES)
def test_normal_play_small_positions_by_the_full_brute_force(game):
    rules = rules_of(game)
    for position in positions(3, 7):
        check_solution(game, False, position, nim.solve(position, rules), brute_value(game, False, position))


@pytest.mark.parametrize("game", CODES[:10])
def test_batch_values_and_analyze_agree_with_the_brute_force(game):
    rules = rules_of(game)
    sample = positions(3, 8)
    values = nim.Solver(rules).values([list(p) for p in sample])
    assert [int(v) for v in values] == [nim_sum_value(game, p) for p in sample]
    for position in sample[::7]:
        rows = nim.analyze(position, rules, depth=False)
        moves = [row.move for row in rows]
        assert sorted(tuple(sorted(apply(game, position, m))) for m in moves) == sorted(
            tuple(sorted(kid)) for kid in _distinct_children(game, position))
        for row in rows:
            assert row.value == -nim_sum_value(game, apply(game, position, row.move))


def _distinct_children(game, position):
    """Each move of the oracle, the order of a split's parts not counted twice."""
    kids = []
    for i, heap in enumerate(position):
        for parts in brute.options(game, heap):
            kids.append(tuple(position[:i]) + parts + tuple(position[i + 1:]))
    return kids


def test_heaps_of_any_size_where_the_period_is_proven():
    kayles = nim.Rules.parse("kayles")
    period = octal_period(kayles)
    for big in (10**9, 10**9 + 7, 10**40 + 3):
        small = period.preperiod + (big - period.preperiod) % period.period
        for other in range(1, 30):
            assert nim.solve([big, other], kayles).value == nim.solve([small, other], kayles).value
        solution = nim.solve([big, 5, 7], kayles)
        if solution.value == 1:
            after = list(brute.apply([big, 5, 7], solution.move))
            assert nim.solve(after, kayles).value == -1


def test_a_period_proven_past_the_first_heaps_answers_large_heaps():
    # 0.16's period (from 105,351) is proven only once 572,433 heaps are computed
    period = octal_period("octal=0.16")
    for big in (10**9, 10**9 + 1):
        g = period.grundy(big)
        for other in (3, 17, 200_000):
            expected = 1 if g ^ period.grundy(other) else -1
            assert nim.solve([big, other], "octal=0.16").value == expected


def test_winning_moves_of_large_heaps_split_through_the_period():
    for game in ("0.77", "0.07", "0.137", "4.07"):
        rules = rules_of(game)
        for big in (10**6 + 1, 10**12 + 5):
            for other in range(0, 12):
                solution = nim.solve([big, other], rules)
                if solution.value == 1:
                    after = brute.apply([big, other], solution.move)
                    assert nim.solve(after, rules).value == -1
                    if solution.move.split is not None:
                        a, b = solution.move.split
                        assert a + b + solution.move.count == [big, other][solution.move.pile]


def test_grundy_game_past_2_20_is_computed_within_the_limits_and_past_memory_refused():
    # issue 33 item 5: computed on demand (within the limits) as far as memory holds, refused past it
    with pytest.raises(SearchLimitError) as stopped:
        nim.solve([1 << 22], "grundy-game", time_limit=0.2)
    assert stopped.value.reason == "time"
    with pytest.raises(NimError, match="past the .* heaps this machine can hold"):
        nim.solve([10**15], "grundy-game")
    # below the bound: computed as far as needed
    heap = 5000
    solution = nim.solve([heap, 7], "grundy-game")
    values = nim.octal.nim_sequence("grundy-game", heap + 1)
    assert solution.value == (1 if values[heap] ^ values[7] else -1)
    if solution.value == 1:
        after = brute.apply([heap, 7], solution.move)
        assert not values[after[0]] ^ values[after[1]] ^ (values[after[2]] if len(after) > 2 else 0)


@pytest.mark.parametrize("method", ["minimax", "alphabeta", "ida", "grundy"])
def test_engines_without_split_moves_refuse(method):
    with pytest.raises(NimError, match="cannot play the split moves.*'auto', 'theory', 'tt'"):
        nim.solve([3, 4], "kayles", method)


# ---------------------------------------------------------------- the exact search and misère play

@pytest.mark.parametrize("game", CODES)
@pytest.mark.parametrize("misere", [False, True])
def test_auto_and_tt_small_positions_both_conventions(game, misere):
    rules = rules_of(game, misere)
    for position in positions(3, 5):
        expected = brute_value(game, misere, position)
        check_solution(game, misere, position, nim.solve(position, rules), expected)
        check_solution(game, misere, position, nim.solve(position, rules, "tt"), expected)


@pytest.mark.parametrize("game", ["0.77", "0.07", "grundy-game"])
@pytest.mark.parametrize("misere", [False, True])
def test_analyze_depths_are_the_remoteness(game, misere):
    rules = rules_of(game, misere)
    for position in positions(2, 6)[::3]:
        for row in nim.analyze(position, rules):
            after = apply(game, position, row.move)
            assert row.value == -brute_value(game, misere, after)
            assert row.depth == brute.remoteness(game, misere, after), (position, row)


#: Random positions the search is checked on against the theory: CI, and ``--slow``.
TT_EXAMPLES = 1000
SLOW_TT_EXAMPLES = 10_000


def test_tt_agrees_with_the_theory_on_larger_positions(request):
    # heaps past the brute force's reach (its positions of 4 heaps of 20 are too many)
    examples = SLOW_TT_EXAMPLES if request.config.getoption("--slow") else TT_EXAMPLES

    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(["0.77", "0.07", "0.137", "4.07", "0.52", "grundy-game"]),
           st.lists(st.integers(0, 20), min_size=1, max_size=4))
    def each(game, heaps):
        rules = rules_of(game)
        searched = nim.solve(heaps, rules, "tt")
        assert searched.value == nim.solve(heaps, rules).value
        if searched.value == 1:
            assert nim.solve(brute.apply(heaps, searched.move), rules).value == -1
    each()


@pytest.mark.slow
@pytest.mark.parametrize("game", CODES)
@pytest.mark.parametrize("misere", [False, True])
def test_full_sweep_four_heaps_of_twelve(game, misere):
    rules = rules_of(game, misere)
    solver = nim.Solver(rules)
    sample = positions(4, 12)
    expected = [brute_value(game, misere, p) for p in sample]
    for position, value in zip(sample, expected):
        check_solution(game, misere, position, nim.solve(position, rules), value)
        check_solution(game, misere, position, nim.solve(position, rules, "tt"), value)
    assert [int(v) for v in solver.values([list(p) for p in sample])] == expected


# ---------------------------------------------------------------- explain, solve_many, the CLI

@pytest.mark.parametrize("game", ["0.77", "0.07", "0.137", "grundy-game", "4.07"])
def test_explain_gives_each_heaps_grundy_value_and_the_rule(game):
    rules = rules_of(game)
    for position in positions(3, 9)[::5]:
        explanation = nim.explain(position, rules)
        assert explanation.value == brute_value(game, False, position)
        assert explanation.grundy == tuple(brute.grundy(game, heap) for heap in position)
        assert explanation.rule == "octal-nim-sum" and explanation.method == "theory"
        text = explanation.text
        assert f"X = XOR of the Grundy values = {explanation.xor}" in text
        if explanation.value > 0:
            assert "Winning move: " + str(explanation.move) in text
            assert explanation.after is not None and explanation.after[0] == 0
            assert explanation.to_dict()["move"] == explanation.move.to_json()


def test_solve_many_agrees_with_solve():
    rows = [list(p) for p in positions(3, 9)]
    many = nim.solve_many(rows, rules="kayles")
    assert [(s.value, s.move, s.method) for s in many] == [
        (s.value, s.move, s.method) for s in (nim.solve(row, "kayles") for row in rows)]


def _cli(*words):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "nim", *words], capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


def test_cli_solves_octal_games_by_every_rule_flag():
    import json

    for flags in (["--game", "kayles"], ["--octal", "0.77"], ["--rules", "kayles"], ["--rules", "octal=0.77"]):
        code, out, err = _cli("solve", "7", "4", "--json", *flags)
        assert code == 0, err
        answer = json.loads(out)
        assert answer["rules"] == "normal,octal=0.77" and answer["method"] == "theory"
        assert answer["value"] == nim_sum_value("0.77", (7, 4))
        assert answer["move"] == nim.solve([7, 4], "kayles").move.to_json()
    code, out, _ = _cli("solve", "7", "4", "--game", "kayles", "--all-moves", "--no-depth")
    assert code == 0 and "leaving heaps of" in out


@pytest.mark.parametrize("words, said", [
    (["solve", "3", "--game", "kayles", "--method", "minimax"], "cannot play the split moves"),
    (["solve", str(10**15), "--game", "grundy-game"], "past the"),
    (["solve", "3", "--octal", "0.9g"], "not a digit 0-9 or A-F"),     # 0.8 is hexadecimal now (issue 41)
])
def test_cli_bad_input_exits_2_with_one_line(words, said):
    code, out, err = _cli(*words)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("game", ["0.77", "0.16", "0.07", "grundy-game", "0.52"])
def test_normal_table_against_the_brute_force(game):
    rows = nim.solving.pile_table(14, rules_of(game))
    for row in rows:
        assert row.value == brute_value(game, False, (row.size,))
        assert row.grundy == brute.grundy(game, row.size)
        assert row.movable == bool(brute.options(game, row.size)), row


@pytest.mark.parametrize("game", ["0.77", "0.07", "0.137", "grundy-game"])
def test_misere_table_against_the_brute_force(game):
    rows = nim.solving.pile_table(12, rules_of(game, True))
    for row in rows:
        assert row.value == brute_value(game, True, (row.size,))
        assert row.movable == bool(brute.options(game, row.size))
        # the counts a move may take to leave the opponent a lost position
        winning = {row.size - sum(parts) for parts in brute.options(game, row.size)
                   if not brute.wins(game, True, parts)}
        assert set(row.winning_takes) == winning, row


@pytest.mark.parametrize("game, misere", [("0.77", False), ("0.77", True), ("0.07", True), ("grundy-game", False)])
@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_game_trees_of_small_positions(game, misere, method):
    from nim.study import build_game_tree

    for position in [(4,), (3, 2), (5, 1), (6,)]:
        tree = build_game_tree(list(position), rules_of(game, misere), method)
        assert tree.value == brute_value(game, misere, position)
        for node in tree.root.walk():
            for kid in node.children:
                after = apply(game, node.piles, kid.move)      # (drops a heap taken whole)
                assert [h for h in kid.piles if h] == [h for h in after if h]


def test_best_moves_refuses_split_rules_in_words():
    with pytest.raises(NimError, match="cannot hold the split moves"):
        nim.Solver("kayles").best_moves([[3, 4]])


def test_misere_lost_positions_show_a_legal_move():
    rules = rules_of("0.77", True)
    for position in positions(3, 5):
        solution = nim.solve(position, rules)
        if solution.value < 0 and brute.children("0.77", position):
            apply("0.77", position, solution.move)


def test_batch_text_lines_write_a_split_in_plays_syntax(tmp_path):
    path = tmp_path / "positions.txt"
    path.write_text("5 5 5\n1 2 3\n")
    code, out, err = _cli("solve", "--batch", str(path), "--game", "kayles")
    assert code == 0, err
    first = out.splitlines()[1].split("\t")
    move = nim.solve([5, 5, 5], "kayles").move
    assert first[3] == " ".join(map(str, [move.pile, move.count, *(move.split or ())[:1]]))


@pytest.fixture
def no_quotient(monkeypatch):
    """The misère paths below the quotient (the genus rule, the search), as a build without
    the quotient engine takes them (tests/test_octal_quotient_solve.py holds the quotient)."""
    from nim.takebreak import quotient_memo as takebreak_quotient

    monkeypatch.setattr(takebreak_quotient, "_engine", lambda: None)
    takebreak_quotient.forget_quotients()
    yield
    takebreak_quotient.forget_quotients()


def test_misere_explain_names_the_rule_that_decided(no_quotient):
    rules = rules_of("0.77", True)
    by_genus = nim.explain([3, 4], rules)
    assert by_genus.rule == "genus" and by_genus.method == "genus"
    assert by_genus.value == brute_value("0.77", True, (3, 4))
    assert by_genus.genus is not None and len(by_genus.genus) == 2
    assert "Genus of each heap" in by_genus.text and "Conway's genus theory" in by_genus.text
    searched = nim.explain([3, 4, 12, 14, 15], rules)
    assert searched.rule == "split-search" and searched.method == "tt"
    assert "genus rule does not decide" in searched.text


def test_limits_stop_the_misere_search_and_analyze(no_quotient):
    from nim.errors import SearchLimitError

    rules = rules_of("0.77", True)
    with pytest.raises(SearchLimitError):
        nim.solve([3, 4, 12, 14, 15], rules, node_limit=100)
    with pytest.raises(SearchLimitError):
        nim.analyze([3, 4, 12, 14, 15], rules, node_limit=100)
    assert nim.analyze([3, 4], rules, depth=False).method == "genus"
    assert nim.analyze([3, 4], rules_of("0.77"), depth=False).method == "theory"
    assert nim.analyze([3, 4], rules).method == "tt"


def _positions_play_splits():
    try:
        list(nim.Position([3], "kayles").moves())
    except NimError:
        return False
    return True


@pytest.mark.skipif(not _positions_play_splits(), reason="Position does not play split moves in this build")
def test_cli_tournament_of_kayles():
    import json

    code, out, err = _cli("tournament", "--game", "kayles", "--games", "3", "--seed", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert [s["name"] for s in report["strategies"]] == ["random", "optimal"]
    optimal = report["strategies"][1]
    assert optimal["wins"] >= report["strategies"][0]["wins"]


@pytest.mark.parametrize("game", ["0.77", "0.07", "grundy-game"])
def test_misere_batch_values_and_the_theory_method(game):
    rules = rules_of(game, True)
    sample = positions(3, 5)
    values = nim.Solver(rules).values([list(p) for p in sample])
    assert [int(v) for v in values] == [brute_value(game, True, p) for p in sample]
    for position in sample:
        try:
            solution = nim.solve(position, rules, "theory")
        except NimError as error:
            assert "genus rule does not decide" in str(error)
            continue
        assert solution.method == "genus"
        check_solution(game, True, position, solution, brute_value(game, True, position))


@pytest.mark.parametrize("game", ["0.77", "0.07", "grundy-game"])
def test_misere_explanations_against_the_brute_force(game):
    rules = rules_of(game, True)
    for position in positions(3, 6)[::4]:
        e = nim.explain(position, rules)
        assert e.value == brute_value(game, True, position)
        assert e.grundy == tuple(brute.grundy(game, heap) for heap in position)
        if e.rule == "genus":
            # the clause the text quotes gives the brute force's answer
            lost = (e.big == 0 and e.xor == 1) or (e.big >= 1 and e.xor == 0)
            assert e.value == (-1 if lost else 1) or not brute.children(game, position)
            if e.value > 0 and e.move is not None:
                assert "every heap still tame" in e.text
        elif e.rule == "quotient":
            assert e.method == "quotient" and e.quotient is not None
            assert e.quotient["in_p"] == (e.value < 0)
        else:
            assert e.rule == "split-search" and e.method == "tt"


def test_batch_values_of_a_numpy_array_and_a_bad_row():
    numpy = pytest.importorskip("numpy")
    rows = numpy.array([[10**12, 3, 0], [1, 2, 3], [4, 4, 0]], dtype=numpy.int64)
    values = nim.Solver("kayles").values(rows)
    assert [int(v) for v in values] == [nim.solve(list(map(int, r)), "kayles").value for r in rows]
    rows[1, 2] = -3
    with pytest.raises(NimError, match="row 1, pile 2"):
        nim.Solver("kayles").values(rows)


@pytest.mark.parametrize("rules, method", [("kayles", "auto"), ("octal=0.56", "auto"), ("misere,kayles", "tt"),
                                           ("misere,kayles", "theory"), ("misere,grundy-game", "tt")])
def test_a_solve_reads_its_rules_once(monkeypatch: pytest.MonkeyPatch, rules: str, method: str) -> None:
    # issue 34 item 4: the rule string is read at the surface; below it every function takes
    # the Rules (the answer is the oracle's all the same)
    from nim.rules import Rules
    from nim.solving.defaults import forget_default_solvers

    read = Rules.coerce.__func__
    calls = []

    def counted(cls, given):
        calls.append(given)
        return read(cls, given)

    forget_default_solvers()
    monkeypatch.setattr(Rules, "coerce", classmethod(counted))
    heaps = (3, 2, 1)
    solution = nim.solve(list(heaps), rules, method=method)
    assert calls == [rules]
    game = "grundy-game" if "grundy" in rules else nim.Rules.parse(rules).octal
    assert solution.value == (1 if brute.wins(game, rules.startswith("misere"), heaps) else -1)
