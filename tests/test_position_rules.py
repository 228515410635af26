"""A Position carries its rules: its methods, the solvers and the players read
them when no rules are named, and named rules still win. Checked against the
independent move rules and brute force of tests/oracles.py."""

import itertools
import pickle
import random

import pytest

import oracles

import nim
from nim import Move, Position, Rules
from nim.play.game import Player, play_game
from nim.position import LegalMoves
from nim.play.strategies import make_strategy

SMALL = [piles for n in (1, 2, 3) for piles in itertools.product(range(6), repeat=n)]


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_moves_children_and_the_end_follow_the_carried_rules(rule):
    for piles in SMALL:
        position = Position(piles, rule)
        expected = list(oracles.moves(rule, piles))
        assert [tuple(move) for move in position.moves()] == [move for move, _ in expected]
        assert [position.apply(move) for move in position.moves()] == [
            Position(child, rule) for _, child in expected]
        assert position.is_terminal() == (not expected)
        assert len(LegalMoves(position)) == len(expected)


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_named_rules_win_over_the_carried_ones(rule):
    other = "normal,max=1" if rule != "normal,max=1" else "misere,half"
    for piles in SMALL:
        position = Position(piles, other)
        assert [tuple(move) for move in position.moves(rule)] == [
            move for move, _ in oracles.moves(rule, piles)]
        assert position.is_terminal(rule) == (not list(oracles.moves(rule, piles)))
        for move, child in oracles.moves(rule, piles):
            after = position.apply(Move(*move), rule)
            assert after.piles == child and after.rules == Rules.parse(other)


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_solve_analyze_and_explain_read_a_positions_rules(rule):
    for piles in SMALL:
        position = Position(piles, rule)
        truth = oracles.value(rule, piles)
        assert nim.solve(position).value == truth
        assert nim.explain(position).value == truth
        rows = nim.analyze(position, depth=False)
        assert [row.value for row in rows] == [
            -oracles.value(rule, child) for _, child in oracles.moves(rule, piles)]


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_a_player_plays_by_the_rules_its_position_carries(rule):
    player = make_strategy("optimal")
    for piles in SMALL:
        position = Position(piles, rule)
        legal = {move: child for move, child in oracles.moves(rule, piles)}
        if not legal:
            with pytest.raises(nim.IllegalMoveError):
                player.choose_move(position)
            continue
        move = player.choose_move(position, rng=random.Random(0))
        assert tuple(move) in legal
        if oracles.value(rule, piles) > 0:      # a winning move leaves a loss
            assert oracles.value(rule, legal[tuple(move)]) < 0
        assert move == player.choose_move(piles, rule, random.Random(0))


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_a_game_keeps_its_rules_from_move_to_move(rule):
    rng = random.Random(7)
    seats = [Player("A", make_strategy("random")), Player("B", make_strategy("optimal"))]
    for _ in range(20):
        piles = tuple(rng.randint(0, 7) for _ in range(rng.randint(1, 4)))
        result = play_game(seats, piles, rule, rng)
        board = piles
        for move in result.moves:
            board = dict(oracles.moves(rule, board))[tuple(move)]   # KeyError: illegal
        assert board == result.final and not list(oracles.moves(rule, board))
        last_mover = (len(result.moves) - 1) % 2
        if result.moves:     # misère: whoever makes the last move loses
            assert result.winner == (1 - last_mover if oracles.parse(rule)[0] else last_mover)


def test_a_position_lends_its_rules_unless_others_are_named():
    misere = Position((1, 2), "misere,max=3")
    assert misere.rules == Rules(misere=True, take="max", k=3)
    assert Position((1, 2)).rules == nim.rules.NORMAL
    assert Position(misere).rules == misere.rules
    assert Position(misere, "normal").rules == nim.rules.NORMAL
    with pytest.raises(nim.InvalidRulesError):
        Position((1, 2), "misere,max=0")
    with pytest.raises(nim.InvalidRulesError):
        Position((1, 2), 3)


def test_positions_under_other_rules_differ_and_round_trip():
    plain, misere = Position((1, 2)), Position((1, 2), "misere")
    assert plain == Position((1, 2), "normal") and hash(plain) == hash(Position((1, 2), None))
    assert plain != misere and len({plain, misere}) == 2
    for position in (plain, misere, Position((0, 9), "normal,set=1;3;4")):
        assert eval(repr(position), {"Position": Position}) == position
        assert pickle.loads(pickle.dumps(position)) == position
    assert repr(plain) == "Position((1, 2))"
    assert repr(misere) == "Position((1, 2), 'misere')"


@pytest.mark.parametrize("rule", oracles.RULE_STRINGS)
def test_a_solver_answers_under_its_own_rules(rule):
    solver = nim.Solver(rule)
    for piles in SMALL[:60]:
        position = Position(piles, "normal,max=1" if rule != "normal,max=1" else "misere")
        assert solver.solve(position).value == oracles.value(rule, piles)
