"""nim.interop.openspiel against the real OpenSpiel: game strings, action ids, the
perfect bot against OpenSpiel's MCTS bot, and values against OpenSpiel's solver."""

import itertools
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="nimcore[openspiel] not installed (open_spiel)")
import numpy as np
from open_spiel.python.algorithms import mcts, minimax

import nim
import oracles
from nim.interop.openspiel import (
    NimcoreBot, action_to_move, game_rules, game_string, load_game, move_to_action,
    parse_game_string, state_piles,
)

BOARDS = [(1, 3, 5, 7), (0, 2, 3), (4, 4), (2,), (1, 1, 1), (3, 0, 5, 6)]


def rule_name(misere):
    return "misere" if misere else "normal"


@pytest.mark.parametrize("piles", [b for b in BOARDS if len(b) > 1])
@pytest.mark.parametrize("misere", [False, True])
def test_game_string_round_trips_through_openspiel(piles, misere):
    text = game_string(piles, rule_name(misere))
    params = pyspiel.load_game(text).get_parameters()
    assert params == {"pile_sizes": ";".join(map(str, piles)), "is_misere": misere}
    rules = nim.Rules(misere=misere)
    assert parse_game_string(text) == (nim.Position(piles, rules), rules)
    assert parse_game_string(str(load_game(piles, rule_name(misere)))) == parse_game_string(text)


def test_defaults_are_read_from_openspiel():
    params = pyspiel.load_game("nim").get_parameters()
    position, rules = parse_game_string("nim")
    assert position.piles == tuple(int(p) for p in params["pile_sizes"].split(";"))
    assert rules.misere == params["is_misere"]


def test_issue_example_string():
    assert parse_game_string("nim(pile_sizes=1;3;5;7,is_misere=True)") == (
        nim.Position((1, 3, 5, 7), "misere"), nim.rules.MISERE)


def random_states(game, rng, walks=4):
    """Every state along a few random playouts."""
    for _ in range(walks):
        state = game.new_initial_state()
        while True:
            yield state.clone()
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("piles", BOARDS)
def test_action_ids_match_openspiel_strings_and_the_oracle(piles):
    game = load_game(piles, "misere")
    rng = random.Random(3)
    for state in random_states(game, rng):
        position = state_piles(state)
        shown = re.fullmatch(r"\(\d\): ([\d ]+)", str(state))
        assert shown and tuple(map(int, shown[1].split())) == position.piles
        legal = set()
        for action in state.legal_actions():
            text = re.fullmatch(r"pile:(\d+), take:(\d+);", state.action_to_string(state.current_player(), action))
            move = action_to_move(game, action)
            assert (move.pile + 1, move.count) == (int(text[1]), int(text[2]))
            assert move_to_action(game, move) == action
            legal.add((move.pile, move.count))
        assert legal == {m for m, _ in oracles.moves("misere", position.piles)}


@pytest.mark.parametrize("misere", [False, True])
def test_values_agree_with_openspiel_alpha_beta(misere):
    boards = [b for b in itertools.product(range(4), repeat=3) if sum(b)] + [(1, 2, 3, 1)]
    for piles in boards:
        game = load_game(piles, rule_name(misere))
        value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
        assert value == nim.solve(piles, rule_name(misere)).value


def play(game, bots):
    """One game; returns the states each bot moved in, its moves, and the returns."""
    state = game.new_initial_state()
    moves = []
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        moves.append((player, state_piles(state), action))
        state.apply_action(action)
    return moves, state.returns()


@pytest.mark.parametrize("misere", [False, True])
def test_bot_never_throws_away_a_won_position_against_mcts(misere):
    rule = rule_name(misere)
    rng = np.random.RandomState(5)
    for piles, seat in itertools.product([(1, 3, 5), (2, 3, 4), (1, 1, 2, 5)], (0, 1)):
        game = load_game(piles, rule)
        mcts_bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=100,
                                evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        bots = [None, None]
        bots[seat], bots[1 - seat] = NimcoreBot(game, seat), mcts_bot
        moves, returns = play(game, bots)
        for player, position, action in moves:
            if player == seat and oracles.value(rule, position.piles) > 0:
                after = position.apply(action_to_move(game, action), rule)
                assert oracles.value(rule, after.piles) < 0, (position, action)
        if oracles.value(rule, piles) > 0 and seat == 0 or oracles.value(rule, piles) < 0 and seat == 1:
            assert returns[seat] == 1.0  # a won start is won


def test_bot_through_evaluate_bots():
    game = load_game((1, 3, 5, 7), "misere")  # a loss for the first player
    returns = pyspiel.evaluate_bots(game.new_initial_state(),
                                    [NimcoreBot(game, 0), NimcoreBot(game, 1)], 1)
    assert returns == [-1.0, 1.0]


@pytest.mark.parametrize("call, message", [
    (lambda: game_string((3, 4), "normal,max=3"), "take-any"),
    (lambda: load_game((), "normal"), "at least one pile"),
    (lambda: game_string((5,), "normal"), "one pile"),
    (lambda: parse_game_string("nim(pile_sizes=1;x)"), "1;x"),
    (lambda: parse_game_string(None), "None"),
    (lambda: game_rules(pyspiel.load_game("tic_tac_toe")), "not OpenSpiel's nim"),
    (lambda: NimcoreBot(load_game((1, 2)), 2), "player"),
    (lambda: action_to_move(load_game((1, 2)), 99), "99"),
    (lambda: move_to_action(load_game((1, 2)), nim.Move(2, 1)), "pile 2"),
])
def test_bad_input_is_a_nim_error(call, message):
    with pytest.raises(nim.NimError, match=message):
        call()


def test_one_pile_loads_through_parameters():
    game = load_game((6,), "normal")
    assert game_rules(game) == (nim.Position((6,)), nim.rules.NORMAL)
    assert play(game, [NimcoreBot(game, 0), NimcoreBot(game, 1)])[1] == [1.0, -1.0]
