"""Strategies against the engines and the theory: one interface, every player."""

from __future__ import annotations

import itertools
import random

import pytest

import nim
from nim import Move, Position, Rules
from reference import brute_force_value
from nim.play.players import (
    AlphaBetaStrategy, DepthLimitedStrategy, IdaStrategy, MinimaxStrategy, OptimalStrategy, RandomStrategy,
)
from nim.play.strategies import make_strategy, parse_strategies
from nim.play.strategy import game_value
from play_twins import depth_limited_choice

RULES = [Rules.parse(t) for t in ("normal", "misere", "normal,max=3", "misere,max=3",
                                  "normal,half", "misere,half")]
POSITIONS = [p for n in (1, 2, 3) for p in itertools.product(range(6), repeat=n)]


def _won(piles: tuple[int, ...], rules: Rules) -> bool:
    return brute_force_value(list(piles), rules) > 0


def _won_with_a_move(piles: tuple[int, ...], rules: Rules) -> bool:
    return not Position(piles).is_terminal(rules) and _won(piles, rules)


@pytest.mark.parametrize("rules", RULES, ids=str)
@pytest.mark.parametrize("name", ["optimal", "alphabeta"])
def test_exact_players_never_give_away_a_won_position(rules: Rules, name: str) -> None:
    player = make_strategy(name)
    rng = random.Random(0)
    for piles in POSITIONS:
        if not _won_with_a_move(piles, rules):
            continue
        move = player.choose_move(piles, rules, rng)
        child = Position(piles).apply(move, rules)
        assert not _won(child.piles, rules), (piles, move)


@pytest.mark.parametrize("rules", RULES[:4], ids=str)
def test_minimax_player_never_gives_away_a_won_position(rules: Rules) -> None:
    player = MinimaxStrategy()
    for piles in POSITIONS:
        if len(piles) == 3 and sum(piles) > 10:
            continue     # keep the plain-minimax trees small
        if _won_with_a_move(piles, rules):
            child = Position(piles).apply(player.choose_move(piles, rules), rules)
            assert not _won(child.piles, rules), piles


def test_minimax_player_falls_back_to_alphabeta_on_a_large_tree() -> None:
    player = MinimaxStrategy(node_limit=1000)
    move = player.choose_move((6, 6, 5), "normal,max=3")
    assert player.last_method == "alphabeta"
    assert not _won(Position((6, 6, 5)).apply(move, "normal,max=3").piles, Rules.parse("normal,max=3"))


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_optimal_wins_every_won_game_against_random(rules: Rules) -> None:
    rng = random.Random(7)
    optimal, randomly = OptimalStrategy(), RandomStrategy()
    for piles in rng.sample(POSITIONS, 40):
        if not _won_with_a_move(piles, rules):
            continue
        position, players, mover = Position(piles), [optimal, randomly], 0
        while not position.is_terminal(rules):
            position = position.apply(players[mover].choose_move(position, rules, rng), rules)
            mover = 1 - mover
        winner = mover if rules.misere else 1 - mover
        assert winner == 0, piles


def test_ida_player_plays_the_ida_path() -> None:
    # the KUET report's order: the first movable pile, the smallest take
    assert IdaStrategy().choose_move((0, 3, 5), "normal,max=3") == Move(1, 1)
    assert IdaStrategy().choose_move((4,), "normal,half") == Move(0, 1)
    assert IdaStrategy().choose_move((1, 6), "normal,set=2;3") == Move(1, 2)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_depth_limited_player_matches_the_twin(rules: Rules) -> None:
    for depth in (1, 3):
        player = DepthLimitedStrategy(depth)
        for piles in POSITIONS[:60]:
            if Position(piles).is_terminal(rules):
                continue
            assert player.choose_move(piles, rules) == depth_limited_choice(list(piles), rules, depth)[1]


def test_levels_are_depths() -> None:
    assert [DepthLimitedStrategy(level=lv).depth for lv in (1, 2, 3)] == [1, 2, 4]
    assert make_strategy("level:3").depth == 4  # type: ignore[attr-defined]
    assert make_strategy("depth:5").name == "depth:5"
    with pytest.raises(nim.NimError):
        DepthLimitedStrategy(level=9)


def test_random_player_is_seeded_and_legal() -> None:
    player = RandomStrategy()
    moves = [player.choose_move((3, 4, 5), None, random.Random(s)) for s in range(30)]
    assert moves == [player.choose_move((3, 4, 5), None, random.Random(s)) for s in range(30)]
    assert all(Position((3, 4, 5)).is_legal(m) for m in moves)
    assert len(set(moves)) > 5


def test_forejune_rule_plays_randomly_only_when_losing() -> None:
    rules = Rules(take="half")
    player = OptimalStrategy(forejune=True)
    lost = [n for n in range(2, 40) if game_value((n,), rules) < 0]
    won = [n for n in range(2, 40) if game_value((n,), rules) > 0]
    assert lost and won
    for n in won:     # winning: always the winning move
        move = player.choose_move((n,), rules, random.Random(n))
        assert game_value(Position((n,)).apply(move, rules), rules) < 0
    n = max(lost)     # losing: random legal moves, not always the same one
    moves = {player.choose_move((n,), rules, random.Random(s)) for s in range(40)}
    assert len(moves) > 3 and all(Position((n,)).is_legal(m, rules) for m in moves)
    assert len({OptimalStrategy().choose_move((n,), rules, random.Random(s)) for s in range(40)}) == 1


@pytest.mark.parametrize("name", ["optimal", "alphabeta", "minimax"])
def test_lab2_tie_break_for_exact_players(name: str) -> None:
    rules = Rules(misere=True)
    player = make_strategy(name, tie_break="lab2")
    for piles in [(1, 2, 3), (2, 2), (3, 3, 1), (1, 1, 1), (4, 1, 5)]:
        value = brute_force_value(list(piles), rules)
        wanted = min(m for m in Position(piles).moves(rules)
                     if -brute_force_value(list(Position(piles).apply(m, rules).piles), rules) == value)
        assert player.choose_move(piles, rules) == wanted, piles


@pytest.mark.parametrize("text", ["normal,max=3", "misere,max=2", "normal,half", "misere,half",
                                  "normal,set=2;3", "misere,set=1;3;4", "misere"])
def test_lab2_tie_break_by_theory_is_the_first_best_move(text: str) -> None:
    """first_best_move (the theory) against brute force: the first winning move in pile
    order, then the smallest count; in a lost position the first legal move."""
    from nim.play.tiebreak import first_best_move

    rules = Rules.parse(text)
    for piles in itertools.product(range(7), repeat=3):
        moves = list(Position(piles).moves(rules))
        if not moves:
            assert first_best_move(piles, rules) is None
            continue
        winning = [m for m in moves
                   if brute_force_value(list(Position(piles).apply(m, rules).piles), rules) < 0]
        assert first_best_move(piles, rules) == min(winning or moves), piles


def test_choose_move_errors() -> None:
    with pytest.raises(nim.IllegalMoveError, match="no legal move"):
        OptimalStrategy().choose_move((0, 1), "normal,half")
    with pytest.raises(nim.InvalidPositionError):
        RandomStrategy().choose_move((1, -2))
    with pytest.raises(nim.NimError, match="tie-break"):
        OptimalStrategy(tie_break="last")


def test_make_strategy_names() -> None:
    for name, cls in [("random", RandomStrategy), ("IDA*", IdaStrategy), ("minimax", MinimaxStrategy),
                      ("alpha-beta", AlphaBetaStrategy), ("optimal", OptimalStrategy),
                      ("depth", DepthLimitedStrategy)]:
        assert isinstance(make_strategy(name), cls)
    for bad in ["nope", "depth:x", "depth:0", "level", "random:3", ""]:
        with pytest.raises(nim.UnknownMethodError):
            make_strategy(bad)
    assert [s.name for s in parse_strategies("random, ida,depth:3")] == ["random", "ida", "depth:3"]
    with pytest.raises(nim.UnknownMethodError, match="twice"):
        parse_strategies("ida,ida")
    with pytest.raises(nim.UnknownMethodError, match="at least two"):
        parse_strategies("ida")


# -- never stop mid-game: a search past its budget hands over to the exact solver -------------


@pytest.mark.parametrize("spec,piles,rules", [
    ("minimax", (15, 15, 15), "normal,max=3"),      # KUET Hard boards the prompts accept
    ("alphabeta", (8, 8, 8, 8), "normal,max=3"),
    ("level:3", (200, 200, 200), "misere"),         # Lab 2 Hard
    ("ida", (10000, 10000, 10000), "normal,max=3"),  # KUET Easy
    ("depth:3", (40, 40, 40, 40), "misere,half"),
])
def test_every_player_answers_past_its_budget(monkeypatch: pytest.MonkeyPatch, spec: str,
                                              piles: tuple[int, ...], rules: str) -> None:
    import nim.play.players as players

    monkeypatch.setattr(players, "SEARCH_NODE_LIMIT", 2000)   # keep the test fast
    player = make_strategy(spec)
    if isinstance(player, MinimaxStrategy):
        player.node_limit = 2000
    ruleset = Rules.parse(rules)
    move = player.choose_move(piles, ruleset, random.Random(1))
    assert Position(piles).is_legal(move, ruleset)
    if spec != "ida":              # IDA* may find its path within the budget once it need not recurse
        assert player.last_note is not None and "exact solver" in player.last_note
        assert "\n" not in player.last_note
        after = Position(piles).apply(move, ruleset)       # the exact solver's move is best
        if nim.solve(piles, ruleset).value > 0:
            assert nim.solve(after.piles, ruleset).value < 0


def test_minimax_runs_plain_minimax_on_report_sized_boards() -> None:
    player = MinimaxStrategy()
    player.choose_move((3, 3, 2), "normal,max=3")
    assert player.last_method == "minimax" and player.last_note is None


def test_minimax_note_names_alphabeta() -> None:
    player = MinimaxStrategy(node_limit=1000)
    player.choose_move((6, 6, 5), "normal,max=3")
    assert player.last_note is not None and "Alpha-Beta" in player.last_note


@pytest.mark.parametrize("spec", ["depth:0", "depth:10001", "depth:99999999999", "level:4"])
def test_depth_out_of_range_names_the_limit(spec: str) -> None:
    with pytest.raises(nim.UnknownMethodError) as caught:
        make_strategy(spec)
    assert spec.split(":")[1] in str(caught.value)
    if spec.startswith("depth"):
        assert "10,000" in str(caught.value)


def test_deepest_depth_plays_small_games_exactly() -> None:
    player = make_strategy("depth:10000")
    move = player.choose_move((1, 2, 4), "misere")
    assert player.last_note is None
    assert nim.solve(Position((1, 2, 4)).apply(move, "misere").piles, "misere").value == -1


# -- Lab 2 levels: ordered blunder rates (issue: Hard threw wins away more often than Easy) ------


def _blunder_rates(rules: Rules, count: int = 1000) -> dict[str, float]:
    """Share of random won positions (2-4 piles up to 7) where each player's move gives the win away;
    for `random`, the expected share over its uniform choice. Values by Bouton's theorem
    (``nim.solve``), independent of the depth-limited engine."""
    rng = random.Random(2024)
    positions: list[tuple[int, ...]] = []
    while len(positions) < count:
        piles = tuple(rng.randint(0, 7) for _ in range(rng.randint(2, 4)))
        if not Position(piles).is_terminal(rules) and nim.solve(piles, rules).value > 0:
            positions.append(piles)

    def gives_away(piles: tuple[int, ...], move: Move) -> bool:
        return nim.solve(Position(piles).apply(move, rules).piles, rules).value > 0

    rates = {}
    for level in (1, 2, 3):
        player, moves_rng = make_strategy(f"level:{level}"), random.Random(level)
        rates[f"level:{level}"] = sum(gives_away(p, player.choose_move(p, rules, moves_rng))
                                      for p in positions) / count
    random_rate = 0.0
    for piles in positions:
        moves = list(Position(piles).moves(rules))
        random_rate += sum(gives_away(piles, m) for m in moves) / len(moves)
    rates["random"] = random_rate / count
    return rates


@pytest.mark.parametrize("text", ["misere", "normal"])
def test_lab2_levels_are_ordered(text: str) -> None:
    rates = _blunder_rates(Rules.parse(text))
    easy, medium, hard = rates["level:1"], rates["level:2"], rates["level:3"]
    assert easy >= medium >= hard and hard < easy      # distinct levels, under normal play too
    assert max(easy, medium, hard) < rates["random"]
