"""Strategies against the engines and the theory: one interface, every player."""

from __future__ import annotations

import itertools
import random

import pytest

import nim
from nim import Move, Position, Rules
from nim.reference import brute_force_value
from nim.strategies import (
    AlphaBetaStrategy, DepthLimitedStrategy, IdaStrategy, MinimaxStrategy, OptimalStrategy,
    RandomStrategy, game_value, make_strategy, parse_strategies,
)
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
