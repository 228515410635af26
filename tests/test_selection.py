"""The selection step (SPEC 5) and `nimcore tournament`."""

from __future__ import annotations

import json
import re
import random
import sys
from collections import Counter

import pytest

import nim
from nim.cli import main
from nim.play.selection import (
    Chromosome, Population, fitness, roulette_wheel_selection, select_fittest, tournament_selection,
)
from nim.play.strategies import make_strategy
from nim.play.strategies import parse_strategies
from nim.play.tournament import run_tournament, tournament_games


def test_fitness_is_wins_over_games() -> None:
    assert fitness([1, 0, 1, 1]) == 0.75
    assert fitness([]) == 0.0
    assert Chromosome("a", [0, 0]).fitness == 0.0
    assert Chromosome("a").fitness == 0.0


def test_the_removed_roulette_wheel_method_says_where_it_went() -> None:
    """Issue 38 item 5: ``Population.roulette_wheel`` had no caller and went in 0.3.0; the
    error names its replacement, which draws from a population as it drew."""
    population = Population(["a", "b"])
    population.record("a", 1)
    with pytest.raises(AttributeError, match=r"roulette_wheel_selection\(population, seed\)"):
        population.roulette_wheel  # noqa: B018
    assert roulette_wheel_selection(population, 3).name == "a"      # b's fitness is 0
    with pytest.raises(AttributeError, match="has no attribute 'other'"):
        population.other  # noqa: B018


def test_select_fittest_ties_go_to_the_first() -> None:
    population = Population(["Minimax", "Alpha-Beta", "IDA*"])
    for name, genes in [("Minimax", [1, 0, 1]), ("Alpha-Beta", [0, 1, 1]), ("IDA*", [0, 0, 1])]:
        for gene in genes:
            population.record(name, gene)
    assert population.select_fittest().name == "Minimax"
    population.record("Alpha-Beta", 1)
    assert population.select_fittest().name == "Alpha-Beta"
    assert select_fittest([Chromosome("x"), Chromosome("y")]).name == "x"


def test_roulette_wheel_is_seeded_and_proportional() -> None:
    members = [Chromosome("zero", [0, 0]), Chromosome("quarter", [1, 0, 0, 0]),
               Chromosome("three", [1, 1, 1, 0])]
    draws = [roulette_wheel_selection(members, random.Random(s)).name for s in range(2000)]
    assert draws == [roulette_wheel_selection(members, random.Random(s)).name for s in range(2000)]
    counts = Counter(draws)
    assert counts["zero"] == 0
    assert 2.3 < counts["three"] / counts["quarter"] < 3.8      # expected 3
    # all zero: uniform
    flat = Counter(roulette_wheel_selection([Chromosome("a"), Chromosome("b")], s).name
                   for s in range(400))
    assert flat["a"] > 100 and flat["b"] > 100


def test_tournament_selection() -> None:
    members = [Chromosome("low", [0]), Chromosome("mid", [1, 0]), Chromosome("high", [1])]
    assert tournament_selection(members, 3, seed=1).name == "high"
    picks = {tournament_selection(members, 1, seed=s).name for s in range(50)}
    assert picks == {"low", "mid", "high"}
    assert tournament_selection(members, 2, seed=5) is tournament_selection(members, 2, seed=5)
    with pytest.raises(nim.NimError, match="tournament size"):
        tournament_selection(members, 4)
    with pytest.raises(nim.NimError):
        select_fittest([])


def test_population_errors() -> None:
    population = Population(["a"])
    with pytest.raises(nim.NimError, match="already"):
        population.add("a")
    with pytest.raises(nim.NimError, match="no member"):
        population.record("b", 1)


def test_run_tournament_bookkeeping() -> None:
    strategies = [make_strategy(n) for n in ("random", "ida", "optimal")]
    population = run_tournament(strategies, games=4, seed=11)
    total = tournament_games(3, 4)
    assert total == 24
    # every strategy plays each other one 4 boards x 2 seats; each game has one winner
    assert [m.games for m in population] == [16, 16, 16]
    assert sum(m.wins for m in population) == total
    again = run_tournament(strategies, games=4, seed=11)
    assert [m.genes for m in again] == [m.genes for m in population]


def test_optimal_beats_random_from_both_seats_on_a_won_board() -> None:
    # 3 4 5 is won for the player to move: the games where optimal moves first (every other
    # one, starting with the first) are all optimal's
    population = run_tournament([make_strategy("optimal"), make_strategy("random")],
                                games=5, seed=3, piles=(3, 4, 5))
    assert population["optimal"].genes[0::2] == [1] * 5


def test_tournament_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--strategies", "random,ida,alphabeta,optimal", "--games", "3", "--seed", "5"]
    assert main(argv + ["--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in first["strategies"]] == ["random", "ida", "alphabeta", "optimal"]
    for entry in first["strategies"]:
        assert len(entry["chromosome"]) == 3 * 2 * 3
        assert entry["fitness"] == pytest.approx(sum(entry["chromosome"]) / 18)
    best = max(s["fitness"] for s in first["strategies"])
    assert first["selected"] == next(s["name"] for s in first["strategies"] if s["fitness"] == best)
    assert main(argv + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first          # same seed, same result
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert re.search(rf"^(Selected|Selection: a tie\.) {first['selected']}\b", text, re.M) or \
        f"Kept: {first['selected']}," in text
    assert "chromosome" not in text and "fitness" in text           # chromosomes: --json only
    assert max(len(line) for line in text.splitlines()) < 400
    # the cross-table adds up: each pairing played 3 boards from both seats
    for a in first["cross_table"]:
        for b, (wins, games) in first["cross_table"][a].items():
            assert games == 6 and wins + first["cross_table"][b][a][0] == 6
            assert re.search(rf"^{a}\s.*\b{wins}/6\b", text, re.M)
    for entry in first["strategies"]:
        low, high = entry["interval95"]
        assert low <= entry["fitness"] <= high
        row = first["cross_table"][entry["name"]].values()
        assert entry["wins"] == sum(entry["chromosome"]) == sum(wins for wins, _ in row)


def test_wilson_interval_against_its_formula_and_coverage() -> None:
    import math
    from nim.play.selection import wilson_interval

    z = 1.959963984540054
    for wins, games in [(0, 10), (10, 10), (5, 10), (1, 3), (40, 60), (0, 1)]:
        low, high = wilson_interval(wins, games)
        # the interval's ends are the roots of (p - w/n)^2 = z^2 p (1 - p) / n
        for end in (low, high):
            if 0 < end < 1:
                assert (end - wins / games) ** 2 == pytest.approx(z * z * end * (1 - end) / games)
        assert 0 <= low <= wins / games <= high <= 1
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # coverage: for a true rate of 0.3 and 40 games, about 95% of outcomes' intervals hold it
    n, p = 40, 0.3
    covered = sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k)
                  for k in range(n + 1) if wilson_interval(k, n)[0] <= p <= wilson_interval(k, n)[1])
    assert 0.92 < covered < 0.98


def test_selection_is_a_tie_only_within_the_interval() -> None:
    from nim.play.selection import Population, select_with_intervals

    close = Population(["a", "b", "c"])
    for name, wins in (("a", 12), ("b", 14), ("c", 2)):
        for game in range(20):
            close.record(name, game < wins)
    chosen = select_with_intervals(close)
    assert chosen.selected.name == "b" and [m.name for m in chosen.tied] == ["b", "a"]
    apart = Population(["a", "b"])
    for game in range(200):
        apart.record("a", game < 190)
        apart.record("b", game < 100)
    assert not select_with_intervals(apart).is_tie


def test_tournament_cli_rules_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--strategies", "depth:1,depth:3", "--misere", "--max-take", "3",
                 "--games", "2", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"] == "misere,max=3"
    assert main(["tournament", "--strategies", "random,nope"]) == 2
    assert "unknown strategy 'nope'" in capsys.readouterr().err
    assert main(["tournament", "--strategies", "random,ida", "--games", "0"]) == 2
    assert main(["tournament", "--strategies", "random", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("nimcore: error:") == 2


def test_tournament_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--strategies", "random,optimal", "--games", "2", "--seed", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(argv) == 0
    assert "tournament" in capsys.readouterr().err        # tqdm's bar, on stderr


@pytest.mark.parametrize("argv,message", [
    (["--piles", str(2**64)], "a pile of at most 1,000,000 in a game"),
    (["--piles", *["1"] * 101], "at most 100 piles"),
    (["--games", str(2**64)], "--games must be from 1 to 10,000"),
    (["--strategies", "random,depth:99999999999"], "from 1 to 10,000"),
])
def test_tournament_numbers_are_range_checked(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_tournament_levels_beat_random_on_lab2_board(capsys: pytest.CaptureFixture[str]) -> None:
    # level 1 used to score 0.06 on [1, 3, 5, 7], below random (0.33)
    population = run_tournament(parse_strategies("random,level:1,level:3"), 20, 1, "misere", (1, 3, 5, 7))
    fitness = {member.name: member.fitness for member in population}
    assert fitness["random"] < fitness["level:1"] < fitness["level:3"]
