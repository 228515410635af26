"""Moves that split (issue 23, item 1): ``Position.moves``, ``is_legal``, ``apply``,
``is_terminal`` and ``LegalMoves`` under octal codes and Grundy's game, against
an oracle written here from SPEC 2.1's digit definition (it shares no code with
``nim.octal``: its own code reader, its own enumeration)."""

from __future__ import annotations

import io
import pickle
import random
import re
import sys
from functools import lru_cache

import pytest

import nim
from nim import IllegalMoveError, Move, Position, Rules
from nim.cli import main
from nim.position import LegalMoves

# -- the oracle ---------------------------------------------------------------------------------


def oracle_digits(code):
    """Digits d0, d1, ... of an octal code written 'd0.d1d2...'."""
    whole, _, after = code.partition(".")
    return [int(whole or "0")] + [int(c) for c in after]


def oracle_moves(code, n):
    """Every move of a heap of n as (count, None) or (count, (a, b)) with a <= b.

    ``code`` None is Grundy's game: split into two unequal non-empty heaps."""
    found = set()
    if code is None:
        for a in range(1, n):
            if a < n - a:
                found.add((0, (a, n - a)))
        return found
    for k, d in enumerate(oracle_digits(code)):
        if k > n:
            continue
        rest = n - k
        if k >= 1 and d & 1 and rest == 0:
            found.add((k, None))
        if k >= 1 and d & 2 and rest >= 1:
            found.add((k, None))
        if d & 4:
            for a in range(1, rest):
                b = rest - a
                if a <= b:
                    found.add((k, (a, b)))
    return found


def oracle_children(code, heaps):
    """Every position one move from ``heaps``, as sorted tuples of non-empty heaps."""
    out = set()
    for i, n in enumerate(heaps):
        others = heaps[:i] + heaps[i + 1:]
        for count, split in oracle_moves(code, n):
            left = [n - count] if split is None else list(split)
            out.add(tuple(sorted([h for h in others + tuple(left) if h])))
    return out


def canonical(position):
    return tuple(sorted(h for h in position.piles if h))


_rng = random.Random(23)
NAMED = ["0.77", "0.07", "0.137", "0.16", "4.07", "0.6", "0.4", "0.51", "0.007", "0.17", "0.26",
         "4.7", "0.72", "0.356", "0.64", "0.44", "0.33", "0.303", "0.14", "0.1"]
RANDOM = []
while len(RANDOM) < 14:
    places = _rng.randint(1, 4)
    code = _rng.choice("04") + "." + "".join(_rng.choice("01234567") for _ in range(places - 1)) \
        + _rng.choice("1234567")
    if code not in NAMED + RANDOM:
        RANDOM.append(code)
CODES = NAMED + RANDOM


def rules_of(code):
    return Rules(take="grundy") if code is None else Rules(octal=code)


# -- one heap: the move set and the children equal the oracle's ----------------------------------


@pytest.mark.parametrize("code", CODES + [None])
def test_moves_of_one_heap_equal_the_oracle(code):
    rules = rules_of(code)
    for n in range(21):
        position = Position((n,), rules)
        moves = list(position.moves())
        found = {(m.count, m.split) for m in moves}
        assert len(found) == len(moves), (code, n)            # each move once
        assert found == oracle_moves(code, n), (code, n)
        assert all(m.split is None or m.split[0] <= m.split[1] for m in moves)
        children = {canonical(position.apply(m)) for m in moves}
        assert children == oracle_children(code, (n,)), (code, n)
        assert position.is_terminal() == (not oracle_moves(code, n))
        assert rules.has_move(n) == bool(oracle_moves(code, n))


def test_the_codes_number_thirty_and_more():
    assert len(set(CODES)) >= 30


@pytest.mark.parametrize("code", CODES + [None])
def test_move_order_is_larger_take_first_then_plain_then_smaller_part(code):
    rules = rules_of(code)
    for n in range(21):
        keys = [(-m.count, m.split is not None, m.split or ()) for m in Position((n,), rules).moves()]
        assert keys == sorted(keys)


# -- several heaps: children, LegalMoves, is_legal, apply ----------------------------------------


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.07", "0.16", None])
def test_positions_of_several_heaps(code):
    rules = rules_of(code)
    rng = random.Random(str(code))
    for _ in range(60):
        heaps = tuple(rng.randint(0, 12) for _ in range(rng.randint(1, 4)))
        position = Position(heaps, rules)
        moves = list(position.moves())
        legal = LegalMoves(position)
        assert len(legal) == legal.total == len(moves)
        assert [legal[i] for i in range(len(legal))] == moves == list(legal)
        assert list(legal.smallest_first()) != [] or not moves
        assert sorted(legal.smallest_first()) == sorted(moves)
        assert {canonical(position.apply(m)) for m in moves} == oracle_children(code, heaps)
        for move in moves:
            assert position.is_legal(move)
            after = position.apply(move)
            pile = move.pile
            if move.split is None:
                assert after.piles == heaps[:pile] + (heaps[pile] - move.count,) + heaps[pile + 1:]
            else:
                # the two parts replace the heap in place: a at its index, b right after
                assert after.piles == heaps[:pile] + move.split + heaps[pile + 1:]
                a, b = move.split
                flipped = Move(pile, move.count, split=(b, a))
                assert position.is_legal(flipped)
                assert position.apply(flipped).piles == heaps[:pile] + (b, a) + heaps[pile + 1:]
                # a split that does not add up is illegal, and apply says why
                for wrong in ((a + 1, b), (a, b - 1), (0, a + b)):
                    bad = Move(pile, move.count, split=wrong)
                    assert not position.is_legal(bad)
                    with pytest.raises(IllegalMoveError, match="illegal move"):
                        position.apply(bad)
            assert after.rules == rules
        assert position.is_terminal() == (not moves)


def test_legal_moves_of_a_large_heap_are_lazy():
    position = Position((10**12, 5), "kayles")
    legal = LegalMoves(position)
    # a Kayles heap of n: take 2 (plain, splits (n-2)//2), take 1 (plain, splits (n-1)//2)
    n = 10**12
    assert legal.total == 2 + (n - 2) // 2 + (n - 1) // 2 + len(oracle_moves("0.77", 5))
    last_of_big = legal[legal.total - len(oracle_moves("0.77", 5)) - 1]
    assert last_of_big == Move(0, 1, split=((n - 1) // 2, n - 1 - (n - 1) // 2))
    assert position.is_legal(last_of_big)


# -- bad moves: clear errors ---------------------------------------------------------------------


def test_a_split_under_a_take_rule_is_illegal():
    for rules in ("normal", "misere,max=3", "normal,set=1;3"):
        position = Position((3, 4), rules)
        move = Move(1, 1, split=(1, 2))
        assert not position.is_legal(move)
        with pytest.raises(IllegalMoveError, match="no move splits a heap"):
            position.apply(move)
    # a take rule's moves are unchanged: pairs, largest take first
    assert list(Position((3,), "normal").moves()) == [Move(0, 3), Move(0, 2), Move(0, 1)]


def test_illegal_moves_say_why():
    kayles = Position((5, 6), "kayles")
    with pytest.raises(IllegalMoveError, match="make 7, not the pile's 6"):
        kayles.apply(Move(1, 1, split=(2, 4)))
    with pytest.raises(IllegalMoveError, match="non-empty"):
        kayles.apply(Move(1, 1, split=(0, 5)))
    with pytest.raises(IllegalMoveError, match="does not allow taking 3"):
        kayles.apply(Move(1, 3))
    with pytest.raises(IllegalMoveError, match="no pile 2"):
        kayles.apply(Move(2, 1))
    with pytest.raises(IllegalMoveError, match="must differ"):
        Position((6,), "grundy-game").apply(Move(0, 0, split=(3, 3)))
    with pytest.raises(IllegalMoveError, match="whole numbers"):
        kayles.apply((0, 1, (1.5, 2.5)))
    with pytest.raises(IllegalMoveError, match="pair of heaps"):
        kayles.is_legal((0, 1, 7))
    assert isinstance(IllegalMoveError("x"), nim.NimError)


def test_plain_triples_are_moves_too():
    position = Position((7,), "kayles")
    assert position.is_legal((0, 1, (2, 4)))
    assert position.apply((0, 1, (2, 4))) == Position((2, 4), "kayles")


# -- the split move as a value -------------------------------------------------------------------


def test_split_moves_pickle_and_repr_round_trip():
    for move in list(Position((9, 4), "kayles").moves()) + list(Position((7,), "grundy-game").moves()):
        assert pickle.loads(pickle.dumps(move)) == move
        assert type(pickle.loads(pickle.dumps(move))) is Move
        assert eval(repr(move), {"Move": Move}) == move
    move = Move(0, 1, split=(2, 4))
    assert move.split == (2, 4) and move.pile == 0 and move.count == 1
    assert move.to_json() == [0, 1, [2, 4]]


# -- play through stdin (nimcore play --game ...) ------------------------------------------------

_HEAP_LINE = re.compile(r"^Heap +(\d+) .*?(\d+)$")


@lru_cache(maxsize=None)
def oracle_wins(code, misere, heaps):
    """True when the player to move wins ``heaps`` (a sorted tuple), by brute force."""
    children = oracle_children(code, heaps)
    if not children:
        return misere
    return any(not oracle_wins(code, misere, child) for child in children)


class ScriptedHuman(io.StringIO):
    """Standard input that answers each move prompt with a legal move of the board
    last drawn on ``screen``, chosen by the oracle (at random), then ``q``."""

    def __init__(self, screen, code, seed):
        super().__init__()
        self.screen, self.code, self.rng = screen, code, random.Random(seed)

    def readline(self, size=-1):
        lines = self.screen.getvalue().splitlines()
        board = []
        for line in reversed(lines):
            found = _HEAP_LINE.match(line)
            if found is None and board:
                break
            if found is not None:
                board.append(int(found.group(2)))
        board.reverse()
        options = [(i, m) for i, n in enumerate(board) for m in sorted(oracle_moves(self.code, n),
                                                                     key=lambda m: (m[0], m[1] or ()))]
        if not options:
            return "q\n"
        index, (count, split) = self.rng.choice(options)
        return f"{index + 1} {count}" + ("" if split is None else f" {split[0]}") + "\n"


def play_cli(monkeypatch, capsys, argv, stdin):
    monkeypatch.setattr(sys, "stdin", stdin)
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game, code, misere", [("kayles", "0.77", False), ("dawson-kayles", "0.07", False),
                                                ("kayles", "0.77", True), ("dawson-kayles", "0.07", True)])
def test_nimx_wins_every_lost_start_against_a_random_human(monkeypatch, capsys, game, code, misere):
    rng = random.Random(f"{game}{misere}")
    played = 0
    while played < 4:
        heaps = tuple(sorted(rng.randint(1, 9) for _ in range(rng.randint(1, 3))))
        if oracle_wins(code, misere, heaps):
            continue            # NimX, second, must win exactly the starts lost for the mover
        played += 1
        screen = io.StringIO()
        human = ScriptedHuman(screen, code, played)
        argv = ["play", "--game", game, "--piles", *map(str, heaps)] + (["--misere"] if misere else [])
        monkeypatch.setattr(sys, "stdout", screen)
        monkeypatch.setattr(sys, "stdin", human)
        status = main(argv)
        monkeypatch.undo()
        out = screen.getvalue()
        assert status == 0, out
        assert "NimX wins" in out.splitlines()[-1], out
        assert "| |" in out or "Heap" in out


def test_a_scripted_kayles_game_between_two_humans(monkeypatch, capsys):
    typed = "\n".join([
        "1 1 2",       # 7 -> 2 and 4 (heaps 2 4 5)
        "1 1 3",       # refused: 2 - 1 leaves 1, nothing to split
        "2 1 4",       # refused: one of the two heaps is 1 to 2
        "9 1",         # refused: no heap 9
        "3 3",         # refused: Kayles takes 1 or 2
        "3 2 1",       # 5 -> 1 and 2 (heaps 2 4 1 2)
        "2 2 1",       # 4 -> 1 and 1 (heaps 2 1 1 1 2)
        "1 2", "2 1", "3 1", "4 1", "5 2",
    ]) + "\n"
    status, out, err = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--mode", "hvh",
                                                      "--piles", "7", "5"], io.StringIO(typed))
    assert status == 0 and err == ""
    assert "Player 1 takes 1 from heap 1, leaving heaps of 2 and 4." in out
    assert "Heap 1 | | | | | | |   7" in out                   # a row of pins per heap
    assert "cannot split it" in out and "1 to 2" in out and "no heap 9" in out
    assert "you cannot take 3 from heap 3" in out
    assert "Player 2 takes 2 from heap 3, leaving heaps of 1 and 2." in out
    assert out.rstrip().splitlines()[-1].startswith("Player 2 took the last pin: Player 2 wins")


def test_save_and_load_a_game_with_splits(monkeypatch, capsys, tmp_path):
    path = tmp_path / "kayles.txt"
    typed = f"1 1 2\nsave {path}\n"
    status, out, _ = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--mode", "hvh",
                                                    "--piles", "7"], io.StringIO(typed))
    assert status == 0
    lab2_lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    assert lab2_lines == ["1", "7", "0 1 2 4"]        # the record's facts are comment lines
    status, out, _ = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--mode", "hvh",
                                                    "--load", str(path)], io.StringIO("2 2 1\n"))
    assert status == 0
    assert "Heap 2 | | | |" in out and "Player 2 takes 2 from heap 2, leaving heaps of 1 and 1." in out
    path.write_text("1\n7\n0 1 2 5\n")                    # a split that does not add up
    status, out, err = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--load", str(path)],
                                io.StringIO(""))
    assert status == 2 and "illegal" in err and len(err.strip().splitlines()) == 1


def test_hint_names_the_split(monkeypatch, capsys):
    # 7 under Kayles: the winning moves are symmetric, e.g. take 1 leaving 3 and 3
    status, out, _ = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--piles", "7"],
                              io.StringIO("hint\n"))
    hint = next(line for line in out.splitlines() if line.startswith("Hint:"))
    found = re.match(r"Hint: take (\d+), leaving heaps of (\d+) and (\d+)", hint)
    assert found, hint
    count, a, b = map(int, found.groups())
    assert not oracle_wins("0.77", False, tuple(sorted((a, b))))
    assert (count, tuple(sorted((a, b)))) in oracle_moves("0.77", 7)


@pytest.mark.parametrize("argv, message", [
    (["--style", "lab2", "--game", "kayles"], "take rules"),
    (["--game", "kayles", "--ai", "minimax"], "cannot play moves that split"),
    (["--style", "pins", "--max-take", "3"], "take-and-break"),
    (["--game", "kayles", "--difficulty", "2"], "difficulty"),
    (["--style", "rajalakshmi", "--game", "kayles", "--mode", "aivai", "--ai", "ida"], "cannot play moves"),
    (["--style", "rajalakshmi", "--octal", "0.137", "--difficulty", "1"], "difficulty"),
])
def test_play_refuses_what_it_cannot_honour(monkeypatch, capsys, argv, message):
    status, out, err = play_cli(monkeypatch, capsys, ["play", *argv], io.StringIO(""))
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert out == ""            # refused before the game starts


def test_move_parser_of_a_split_rule():
    from nim.play.game import move_parser

    parse = move_parser(Position((7, 1), "dawson-kayles"), 1)
    assert parse("1 2 3") == Move(0, 2, split=(3, 2))
    assert parse("1 2") == Move(0, 2)
    for bad, why in [("1 1", "cannot take 1"), ("2 2", "no move can be made"), ("1 2 5", "1 to 4"),
                     ("1 2 x", "not a whole number"), ("1 2 3 4", "not a move")]:
        with pytest.raises(ValueError, match=why):
            parse(bad)
    grundy = move_parser(Position((6,), "grundy-game"), 1)
    assert grundy("1 0 2") == Move(0, 0, split=(2, 4))
    with pytest.raises(ValueError, match="must differ"):
        grundy("1 0 3")
    must_split = move_parser(Position((5,), "octal=0.4"), 1)     # take 1 and split the rest, only
    with pytest.raises(ValueError, match="must leave two heaps"):
        must_split("1 1")
    assert must_split("1 1 1") == Move(0, 1, split=(1, 3))


# -- the environments: a flat action encoding with action_mask ----------------------------------

ENV_CODES = ["0.77", "0.07", "0.137", "4.07", "0.6", None]


@pytest.mark.parametrize("code", ENV_CODES)
def test_env_mask_is_exactly_the_legal_ids(code):
    pytest.importorskip("gymnasium")
    from nim.interop.envs.board import Board

    rules = rules_of(code)
    rng = random.Random(f"mask{code}")
    board = Board((8, 5, 3), rules, max_pile=9)
    for _ in range(25):
        heaps = tuple(rng.randint(1, 9) for _ in range(rng.randint(1, 2)))
        board.start_at(board.check(heaps))
        mask = board.action_mask()
        assert mask.shape == (board.n_actions,)
        legal_ids = [i for i in range(board.n_actions) if board.is_legal(i)]
        assert [i for i in range(board.n_actions) if mask[i]] == legal_ids
        children = set()
        for action in legal_ids:
            move = board.to_move(action)
            assert board.to_action(move) == action
            children.add(canonical(board.position.apply(move)))
        assert children == oracle_children(code, heaps)
        observed = board.observation()
        assert observed.shape == (board.n_piles,)
        assert tuple(observed[: len(heaps)]) == heaps and not observed[len(heaps):].any()


@pytest.mark.parametrize("code, misere", [("0.77", False), ("0.07", False), ("0.77", True), (None, False)])
def test_env_episodes_against_nimx(code, misere):
    pytest.importorskip("gymnasium")
    from nim.interop.envs import NimEnv

    rules = rules_of(code)
    if misere:
        rules = Rules(misere=True, take=rules.take, octal=rules.octal)
    env = NimEnv(piles=(7, 5), rules=rules, oracle=True, max_pile=9, random_start=True)
    rng = random.Random(f"episodes{code}{misere}")
    for episode in range(12):
        obs, info = env.reset(seed=episode)
        heaps = tuple(int(h) for h in obs if h)
        agent_wins = oracle_wins(code, misere, tuple(sorted(heaps)))
        assert info["value"] == (1 if agent_wins else -1)
        reward, done = 0.0, False
        while not done:
            mask = info["action_mask"]
            legal = [i for i in range(len(mask)) if mask[i]]
            assert legal
            assert info["best_move"] in legal
            action = info["best_move"] if rng.random() < 0.5 else rng.choice(legal)
            obs, reward, done, _, info = env.step(action)
            assert not info["illegal"]
            heaps = [int(h) for h in obs]
            count = sum(1 for h in heaps if h)
            assert all(heaps[:count]) and not any(heaps[count:])    # the heaps fill the first slots
        assert reward in (1.0, -1.0)
        if not agent_wins:
            assert reward == -1.0       # NimX does not let a lost start slip


def test_env_refuses_what_does_not_fit():
    pytest.importorskip("gymnasium")
    from nim.interop.envs import NimEnv

    with pytest.raises(nim.InvalidPositionError, match="max_piles"):
        NimEnv(piles=(9, 9), rules="kayles", max_piles=4)
    with pytest.raises(nim.InvalidPositionError, match="take-and-break"):
        NimEnv(piles=(3, 4), rules="normal", max_piles=4)
    env = NimEnv(piles=(6,), rules="kayles", illegal="raise")
    env.reset(seed=0)
    # the id of (slot 0, take 2, first part 4): the second part would be 0
    bad = env.board.to_action(Move(0, 2, split=(4, 0)))
    assert not env.board.action_mask()[bad]
    with pytest.raises(IllegalMoveError, match="non-empty"):
        env.step(bad)
    losing = NimEnv(piles=(6,), rules="kayles")
    losing.reset(seed=0)
    _, reward, done, _, info = losing.step(bad)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_pettingzoo_plays_kayles():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from nim.interop.envs import nim_v0

    api_test(nim_v0.env(piles=(5, 4), rules="kayles", oracle=True), num_cycles=50)
    game = nim_v0.env(piles=(6, 3), rules="dawson-kayles")
    game.reset(seed=1)
    rng = random.Random(1)
    final = []
    for _agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            final.append(reward)
            game.step(None)
            continue
        legal = [i for i, flag in enumerate(observation["action_mask"]) if flag]
        game.step(rng.choice(legal))
    assert sorted(final) == [-1, 1]


def test_openspiel_has_no_split_actions():
    pytest.importorskip("pyspiel")
    from nim.interop import openspiel

    with pytest.raises(nim.NimError, match="split|octal|take"):
        openspiel.load_game([3, 4], "kayles")


# -- replay files with split moves ----------------------------------------------------------------


def test_replay_of_a_game_with_splits(monkeypatch, capsys, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("1\n7\n0 1 2 4\n")
    status, out, _ = play_cli(monkeypatch, capsys, ["replay", str(path), "--game", "kayles", "--record",
                                                    "--json"], io.StringIO(""))
    assert status == 0
    import json

    data = json.loads(out)
    assert data["steps"][0]["move"] == [0, 1, [2, 4]] and data["final"] == [2, 4]
    # (2, 4) under Kayles: G(2) ^ G(4) = 2 ^ 1, a win for the player to move, so the move threw 7's win away
    assert data["steps"][0]["throws_away_win"] == oracle_wins("0.77", False, (2, 4))
    status, out, _ = play_cli(monkeypatch, capsys, ["replay", str(path), "--game", "kayles"], io.StringIO(""))
    assert status == 0 and "takes 1 from heap 1, leaving heaps of 2 and 4" in out   # heaps from 1 (issue 40, item 3)


@pytest.mark.parametrize("text, rules, message", [
    ("1\n7\n0 1 2 5\n", ["--game", "kayles"], "make 8, not the pile's 7"),
    ("1\n7\n0 1 2 4\n", [], "no move splits a heap"),
    ("1\n7\n0 1 2\n", ["--game", "kayles"], "pile_index count a b"),
    ("1\n6\n0 0 3 3\n", ["--game", "grundy-game"], "must differ"),
])
def test_replay_refuses_bad_splits_in_one_line(monkeypatch, capsys, tmp_path, text, rules, message):
    path = tmp_path / "game.txt"
    path.write_text(text)
    status, out, err = play_cli(monkeypatch, capsys, ["replay", str(path), *rules], io.StringIO(""))
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1


def test_nimx_past_its_budget_in_misere_plays_the_normal_play_move(monkeypatch):
    from nim.play.players import OptimalStrategy
    from nim.takebreak import quotient_memo as takebreak_quotient

    # as a game the misère quotient does not cover plays (Kayles' it covers: NimX then never stops)
    monkeypatch.setattr(takebreak_quotient, "_engine", lambda: None)
    takebreak_quotient.forget_quotients()

    position = Position((30, 40, 25), "misere,kayles")
    player = OptimalStrategy(node_limit=1_000)
    move = player.choose_move(position, rng=random.Random(0))
    assert position.is_legal(move)
    assert player.last_note is not None and "normal-play winning move" in player.last_note
    normal = nim.solve(position.apply(move).piles, "kayles")
    assert normal.value < 0         # the move leaves a normal-play loss (nim-sum 0)
    takebreak_quotient.forget_quotients()


def test_the_pins_game_from_the_menu(monkeypatch, capsys):
    typed = "5\n0.33\n0.137\nn\n6 5\n1 1\n1 2\n"         # n: not misère (the menu asks)
    status, out, _ = play_cli(monkeypatch, capsys, ["play"], io.StringIO(typed))
    assert status == 0
    assert "not a take-and-break game" in out                  # 0.33 is the take rule max 2
    assert "The octal game 0.137" in out
    assert "you cannot take 1 from heap 1 (it has 6): take one of 2, 3" in out
    assert "You take 2 from heap 1" in out


def test_help_explains_the_split_syntax(monkeypatch, capsys):
    status, out, _ = play_cli(monkeypatch, capsys, ["play", "--game", "kayles", "--piles", "6", "--mode", "hvh"],
                              io.StringIO("help\n" + "9" * 40 + " 1\n"))
    assert status == 0
    assert "HEAP TAKE PART (take TAKE and leave two heaps, PART and the rest)" in out
    assert "a heap number of 40 digits is too large" in out
