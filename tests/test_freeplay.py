"""Free play over every rule family (issue 41: the terminal and the browser; issue 38, item 2):
the play hooks of each family (start, grammar, parse, words, board), the free-play machine's AI
and hint against brute forces that share no code with the engines, the command line as a
person types it, the browser's API and its SVG boards, and the families that cannot be played
saying so.
"""

from __future__ import annotations

import re

import json
import subprocess
import sys
from functools import lru_cache
from typing import Any, Dict, FrozenSet, List, Tuple

import pytest

from nim.errors import NimError
from nim.families.base import FAMILIES, ComponentFamily
from nim.families.play import NotPlayableError, play_hooks
from nim.flows import machine_of
from nim.flows.base import ai_rng
from nim.flows.freeplay import components_of
from nim.position import ComponentMove
from nim.rules import Rules
from nim.solving.components import read_position

#: A member of each parameterised family, for its rule string.
MEMBERS = {"moore": "moore,k=2", "dynamic": "fibonacci", "coin-subtraction": "coin-subtraction=1;3",
           "tartan": "tartan=ruler*twins", "code": "octal=0.F", "impatient": "impatient,set=1;3;4"}
#: Every family of components that declares play hooks, as a rule string (and one more member).
PLAYABLE = [MEMBERS.get(tag, tag) for tag, cls in FAMILIES.items()
            if issubclass(cls, ComponentFamily) and cls.play is not None] + ["at-most-previous",
                                                                              "octal=0.333...,unequal"]


def _members() -> List[str]:
    return sorted(tag for tag, cls in FAMILIES.items() if issubclass(cls, ComponentFamily) and cls.play is None)


def test_the_course_games_with_a_board():
    """The families the issue names have their board (more may be added: each declares its hooks)."""
    named = {"wythoff", "moore,k=2", "lasker", "fibonacci", "staircase", "nimble", "turning-turtles", "twins",
             "mock-turtles", "ruler", "grunt", "turning-corners", "rugs", "acrostic-twins", "green-hackenbush"}
    assert named <= set(PLAYABLE)


# ---------------------------------------------------------------- the hooks, family by family

@pytest.mark.parametrize("text", PLAYABLE)
def test_every_option_of_the_start_is_typed_and_read_back(text):
    """Each move of the start (every component's every option) has a typed form in the family's
    grammar, which its parse reads back to the same move; the move's words and the board are text."""
    rules = Rules.parse(text)
    family = rules.family
    hooks = play_hooks(family)
    components = read_position(family, hooks.start(family))
    count = 0
    for i, component in enumerate(components):
        for taken, left in hooks.some_options(family, component):   # all, or a finite choice of infinitely many
            move = ComponentMove(i, taken, left)
            typed = hooks.typed(family, components, move)
            assert hooks.parse(family, components, typed) == move
            count += 1
    assert count > 0
    board = hooks.board(family, components, components)
    assert board.strip() and "\n" not in hooks.grammar


@pytest.mark.parametrize("tag", _members())
def test_a_family_without_play_hooks_says_so(tag):
    """Graph games and sums of families declare no play hooks: a plain refusal, never a crash."""
    with pytest.raises(NotPlayableError,
                       match=re.escape(f"the game '{tag}' cannot be played in the terminal or the browser")):
        play_hooks(FAMILIES[tag])


@pytest.mark.parametrize("text, position, typed, reason", [
    ("wythoff", [[3, 5]], "take 4 from first", "you cannot take 4 from first"),
    ("wythoff", [[3, 5]], "take 2", "say which pile"),
    ("wythoff", [[3, 5], [1, 2]], "take 1 from both", "say which pair first"),
    ("wythoff", [[3, 5], [1, 2]], "pair 3: take 1 from both", "there is no pair 3"),
    ("turning-turtles", "THHT", "turn 4 1", "must be a head"),
    ("turning-turtles", "THHT", "turn 3 2 1", "not a move"),
    ("green-hackenbush", [[0, 1], [1, 2]], "cut edge 3", "there is no edge 3"),
    ("staircase", [3, 1], "step 2: move 2", "step 2 has 1 coins"),
    ("moore,k=2", [1, 2, 3], "1 1 2 1 3 1", "at most 2 piles"),
    ("nimble", [1, 3], "move 3 4", "slides left"),
    ("fibonacci", [[10, 2]], "take 3", "at most 2"),
    ("lasker", [5], "split 2 2", "add up to 5"),
    ("turning-corners", ["HH", "HH"], "turn 1,1 0,1", "not a move"),
    ("at-least-half", [9], "take 4", "not a move of the heap of 9 .*at least half"),
    ("dim+", [12], "take 5", "not a move of the heap of 12 .*a divisor"),
    ("aliquot", [12], "take 12", "not a move of the heap of 12 .*proper divisor"),
    ("aliquot", [12], "take 13", "the heap has 12: take 1 to 12"),
    ("rims", [8], "take 2 leaving 3 4", "taking 2 leaves 6, not 3 \\+ 4"),
    ("rims", [8, 5], "take 2 leaving 3 3", "say the heap first"),
    ("rims", [8], "take 2 leaving 0 6", "each at least 1"),
    ("octal=0.F", [9], "take 1 leaving 2 2 2 2", "not a move of the heap of 9"),
    ("octal=0.333...,unequal", [9], "take 1 leaving 4 4", "not a move"),
    ("empty-and-divide", [[4, 5]], "empty 3, divide 2 2", "empty one of them, not 3"),
    ("empty-and-divide", [[4, 5]], "empty 4, divide 2 2", "add up to 5"),
    ("empty-and-divide", [[4, 5], [3, 3]], "empty 4, divide 2 3", "say which pair first"),
    ("poker-nim", {"piles": [3, 4], "pool": 2}, "add 3 to 1", "the pool has 2 chips: add 1 to 2"),
    ("poker-nim", {"piles": [3, 4], "pool": 0}, "add 1 to 1", "the pool is empty"),
    ("poker-nim", {"piles": [3, 4], "pool": 2}, "take 4 from 1", "pile 1 has 3"),
    ("poker-nim", {"piles": [3, 4], "pool": 2}, "take 1 from 3", "there is no pile 3"),
    ("chomp", [4, 4, 3], "eat 1 1", "the poison"),
    ("chomp", [4, 4, 3], "eat 3 4", "no square in row 3, column 4"),
    ("thirty-one", [6, 6, 6, 6], "turn 6", "every 6 is turned"),
    ("thirty-one", [6, 6, 6, 5, 5], "turn 4", "would pass 31"),
    ("thirty-one", [], "turn 7", "the cards are 1 \\(an ace\\) to 6"),
    ("northcott", ["W...B", ".B.W."], "row 1: to 6", "row 1 has squares 1 to 5"),
    ("northcott", ["W...B", ".B.W."], "row 1: to 5", "never moves onto or over"),
    ("northcott", ["W...B", ".B.W."], "row 2: to 1", "never moves onto or over"),
    ("northcott", ["W...B", ".B.W."], "row 1: to 1", "on square 1 already"),
    ("northcott", ["W...B", ".B.W."], "row 3: to 1", "there is no row 3"),
    ("sos", "S-O--", "S 1", "square 1 holds S already"),
    ("sos", "S-O--", "S 6", "numbered 1 to 5"),
    ("sos", "S-O--", "write 2", "say one letter, S or O"),
    ("sos", "S-O--", "S O 2", "say one letter, S or O"),
    ("vertex-removal", [[0, 1], [1, 2], [5, 6]], "remove 3", "vertex 3 has no edge on the board"),
    ("vertex-removal", [[0, 1], [1, 2], [5, 6]], "graph 3: remove 1", "there is no graph 3"),
    ("vertex-removal", [[0, 1], [1, 2], [5, 6]], "remove 1 2", "say one vertex"),
    ("sum", [["wythoff", [[3, 5]]], ["kayles", 7]], "take 1", "say which part first"),
    ("sum", [["wythoff", [[3, 5]]], ["kayles", 7]], "part 2: take 3", "not a move of part 2"),
    ("sum", [["wythoff", [[3, 5]]], ["kayles", 7]], "part 1: take 9 from first", "you cannot take 9"),
    ("sum", [["wythoff", [[3, 5]]], ["kayles", 7]], "part 3: take 1", "there is no part 3"),
    ("wythoff", [[3, 5]], "x" * 500, "not 400 characters"),
    ("wythoff", [[3, 5]], "take 99999999999999 from first", "too large"),
])
def test_an_illegal_typed_move_is_refused_with_its_reason(text, position, typed, reason):
    rules = Rules.parse(text)
    family = rules.family
    components = read_position(family, position)
    with pytest.raises(NimError, match=reason):
        play_hooks(family).parse(family, components, typed)


# ---------------------------------------------------------------- brute forces (no engine code)

@lru_cache(maxsize=None)
def _wythoff_wins(a: int, b: int) -> bool:
    """A pair of Wythoff's game is won for the player to move: by its rules, recursively."""
    moves = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    moves += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return any(not _wythoff_wins(*sorted(m)) for m in moves)


@lru_cache(maxsize=None)
def _turtles_grundy(heads: FrozenSet[int]) -> int:
    """The Grundy value of a row of Turning Turtles (coins from 1), by its rules: the mex."""
    seen = set()
    for n in heads:
        for other in [None] + list(range(1, n)):
            after = set(heads) - {n}
            if other is not None:
                after ^= {other}
            seen.add(_turtles_grundy(frozenset(after)))
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def _hackenbush_wins(edges: Tuple[Tuple[int, int], ...]) -> bool:
    """A Green Hackenbush graph is won for the player to move: delete each edge, drop what no
    longer reaches vertex 0, recurse."""
    for i in range(len(edges)):
        rest = edges[:i] + edges[i + 1:]
        reached, changed = {0}, True
        while changed:
            changed = False
            for u, v in rest:
                if (u in reached) != (v in reached):
                    reached |= {u, v}
                    changed = True
        kept = tuple(sorted(e for e in rest if e[0] in reached))
        if not _hackenbush_wins(kept):
            return True
    return False


def _state(text: str, position: Any, seed: int = 1) -> Dict[str, Any]:
    flow = machine_of("freeplay")
    return flow.setup({"rules": text, "position": position, "mode": "hvai", "ai": ["optimal"]}, ai_rng(seed, 1, 0),
                      seed)


@pytest.mark.parametrize("a, b", [(a, b) for a in range(0, 9) for b in range(a, 9) if a + b])
def test_the_ai_moves_wythoff_to_a_lost_pair_whenever_it_can(a, b):
    flow = machine_of("freeplay")
    state = _state("wythoff", [[a, b]])
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    assert flow.is_legal(state, move)
    left = move.left[0] if move.left else (0, 0)
    assert _wythoff_wins(a, b) == (not _wythoff_wins(*left))


@pytest.mark.parametrize("row", ["THHTH", "HHHT", "TTTTH", "HTHTHH", "THHTTHH", "HHHHHH"])
def test_the_ai_and_the_hint_of_turning_turtles_follow_the_grundy_values(row):
    flow = machine_of("freeplay")
    state = _state("turning-turtles", row)
    heads = frozenset(i + 1 for i, c in enumerate(row) if c == "H")
    g = _turtles_grundy(heads)
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    after = frozenset(move.left[0]) if move.left else frozenset()
    hint = flow.hint(state)
    if g:
        assert _turtles_grundy(after) == 0
        assert f"the XOR of the Grundy values of the coin rows is {g}" in hint
    else:
        assert "every move loses against best play" in hint and "the XOR of the Grundy values is 0" in hint
    assert flow.grundy_sum(state)["value"] == g


@pytest.mark.parametrize("edges", [[[0, 1], [1, 2], [1, 3]], [[0, 1], [1, 2], [2, 0]], [[0, 1], [0, 1], [1, 2]],
                                   [[0, 1], [1, 2], [2, 3], [3, 1]], [[0, 1], [1, 1]]])
def test_the_ai_cuts_a_hackenbush_edge_that_leaves_a_lost_graph(edges):
    flow = machine_of("freeplay")
    state = _state("green-hackenbush", [edges])
    start = components_of(state)[0]
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    after = move.left[0] if move.left else ()
    if _hackenbush_wins(tuple(start)):
        assert not _hackenbush_wins(tuple(after))


def _heap_rule_lefts(tag: str, n: int) -> List[Tuple[int, ...]]:
    """What a move may leave of a heap of ``n``, by each one-heap game's rules as the text states them."""
    if tag == "at-least-half":
        takes = [c for c in range(1, n + 1) if 2 * c >= n]
    elif tag in ("dim+", "aliquot"):
        takes = [c for c in range(1, n + 1 if tag == "dim+" else n) if n % c == 0]
    else:                                          # rims: take c >= 1, the rest in up to two regions
        lefts = []
        for c in range(1, n + 1):
            rest = n - c
            lefts += [(rest,) if rest else ()] + [(a, rest - a) for a in range(1, rest // 2 + 1)]
        return lefts
    return [(n - c,) if c < n else () for c in takes]


@lru_cache(maxsize=None)
def _heap_rule_grundy(tag: str, n: int) -> int:
    """The mex over the moves of a heap, each left position the XOR of its heaps' values."""
    seen = set()
    for left in _heap_rule_lefts(tag, n):
        value = 0
        for part in left:
            value ^= _heap_rule_grundy(tag, part)
        seen.add(value)
    g = 0
    while g in seen:
        g += 1
    return g


@pytest.mark.parametrize("tag", ["at-least-half", "dim+", "aliquot", "rims"])
@pytest.mark.parametrize("heaps", [[9, 12], [4, 6, 7], [1, 2, 3], [8, 8], [5, 10, 11], [16]])
def test_the_ai_of_the_one_heap_games_leaves_a_zero_sum_whenever_it_can(tag, heaps):
    flow = machine_of("freeplay")
    state = _state(tag, heaps)
    before = 0
    for n in heaps:
        before ^= _heap_rule_grundy(tag, n)
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    assert flow.is_legal(state, move)
    after_heaps = heaps[:move.pile] + list(move.left) + heaps[move.pile + 1:]
    assert (heaps[move.pile] - move.count - sum(move.left)) >= 0 and tuple(move.left) in \
        [tuple(sorted(x)) for x in _heap_rule_lefts(tag, heaps[move.pile])]
    after = 0
    for n in after_heaps:
        after ^= _heap_rule_grundy(tag, n)
    if before:
        assert after == 0
    assert flow.grundy_sum(state)["value"] == before


@lru_cache(maxsize=None)
def _chomp_wins(shape: Tuple[int, ...]) -> bool:
    """A bar of Chomp (rows' lengths, bottom first) is won for the player to move: eat any square
    but the poison, recursively."""
    for r in range(len(shape)):
        for c in range(shape[r]):
            if (r, c) != (0, 0):
                after = tuple(x for x in shape[:r] + tuple(min(x, c) for x in shape[r:]) if x)
                if not _chomp_wins(after):
                    return True
    return False


@lru_cache(maxsize=None)
def _thirty_one_wins(total: int, left: Tuple[int, ...]) -> bool:
    """Thirty-one is won for the player to move: turn a card left that keeps the total at most 31."""
    return any(not _thirty_one_wins(total + v, left[:v - 1] + (left[v - 1] - 1,) + left[v:])
               for v in range(1, 7) if left[v - 1] and total + v <= 31)


@lru_cache(maxsize=None)
def _boxes_grundy(m: int, n: int) -> int:
    """Empty and Divide: the mex over emptying a box and dividing the other."""
    seen = {_boxes_grundy(*sorted((a, box - a))) for box in (m, n) for a in range(1, box)}
    g = 0
    while g in seen:
        g += 1
    return g


@lru_cache(maxsize=None)
def _poker_wins(piles: Tuple[int, ...], pool: int) -> bool:
    """Poker Nim with a shared pool: take from a pile, or add from the pool to a non-empty pile."""
    nexts = []
    for i, p in enumerate(piles):
        nexts += [(piles[:i] + (p - t,) + piles[i + 1:], pool) for t in range(1, p + 1)]
        nexts += [(piles[:i] + (p + a,) + piles[i + 1:], pool - a) for a in range(1, pool + 1)]
    return any(not _poker_wins(tuple(sorted(x for x in q if x)), r) for q, r in nexts)


def _ai_leaves(text: str, position: Any) -> Any:
    flow = machine_of("freeplay")
    state = _state(text, position)
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    assert flow.is_legal(state, move)
    return components_of(state), move


@pytest.mark.parametrize("shape", [(2,), (3, 3), (4, 4, 3), (3, 2, 1), (4, 1), (5, 5), (4, 4, 4), (3, 3, 3, 3)])
def test_the_ai_eats_a_chomp_square_that_leaves_a_lost_bar(shape):
    start, move = _ai_leaves("chomp", list(shape))
    assert _chomp_wins(shape) and not _chomp_wins(move.left[0])


@pytest.mark.parametrize("turned", [[], [5, 2], [6, 6, 6, 6], [1, 1, 1, 1, 2, 2], [4, 4, 4, 3], [6, 5, 4, 3, 2]])
def test_the_ai_of_thirty_one_turns_a_winning_card_whenever_there_is_one(turned):
    start, move = _ai_leaves("thirty-one", turned)
    total, left = start[0]
    if _thirty_one_wins(total, left):
        assert not _thirty_one_wins(*move.left[0])


@pytest.mark.parametrize("pairs", [[[4, 5]], [[4, 5], [3, 6]], [[2, 7], [6, 6]], [[8, 3], [1, 2], [5, 5]]])
def test_the_ai_of_empty_and_divide_leaves_a_zero_sum_whenever_it_can(pairs):
    start, move = _ai_leaves("empty-and-divide", pairs)
    before = after = 0
    for i, (m, n) in enumerate(start):
        before ^= _boxes_grundy(m, n)
        after ^= _boxes_grundy(*(move.left[0] if i == move.pile else (m, n)))
    if before:
        assert after == 0


@pytest.mark.parametrize("piles, pool", [([3, 4, 5], 2), ([1, 2], 3), ([2, 2], 1), ([1, 4, 4], 0), ([3], 2)])
def test_the_ai_of_poker_nim_moves_to_a_lost_position_whenever_it_can(piles, pool):
    start, move = _ai_leaves("poker-nim", {"piles": piles, "pool": pool})
    if _poker_wins(tuple(sorted(piles)), pool):
        assert not _poker_wins(*move.left[0])


@pytest.mark.parametrize("rows", [["W...B", ".B.W."], ["W....B", "B..W", "..W.B."], ["WB", "B.W"], ["W..B"]])
def test_the_ai_of_northcott_closes_the_gaps_to_a_zero_xor_whenever_it_can(rows):
    """Northcott's game is Nim on the gaps (its own test file checks that by retrograde analysis):
    the AI's move leaves gaps of XOR 0 when the start's is not, and moves its own checker."""
    start, move = _ai_leaves("northcott", rows)

    def gaps(board: Any) -> int:
        x = 0
        for _, white, black in board:
            x ^= abs(white - black) - 1
        return x

    (after, mover), = move.left
    assert mover == "B" and all(b[2] == a[2] for a, b in zip(start[0][0], after))   # white moved a white checker
    if gaps(start[0][0]):
        assert gaps(after) == 0


@lru_cache(maxsize=None)
def _sos_outcome(row: str, misere: bool) -> int:
    """SOS for the player to move: +1 win, 0 draw, -1 loss; an SOS written ends the game for its writer."""
    if "-" not in row:
        return 0
    best = -1
    for i, c in enumerate(row):
        if c == "-":
            for letter in "SO":
                after = row[:i] + letter + row[i + 1:]
                made = any(after[j:j + 3] == "SOS" for j in range(max(0, i - 2), i + 1))
                value = (-1 if misere else 1) if made else -_sos_outcome(after, misere)
                best = max(best, value)
    return best


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("row", ["----", "S---", "-----", "S-O--", "-O--S-", "------", "S--O-O-"])
def test_the_ai_of_sos_wins_when_it_can_and_draws_when_it_cannot(row, misere):
    flow = machine_of("freeplay")
    text = "misere,sos" if misere else "sos"
    state = _state(text, row)
    move, _ = flow.choose(state, "optimal", ai_rng(1, 1, 0))
    after = move.left[0]
    i = next(j for j, (a, b) in enumerate(zip(row, after)) if a != b)
    made = any(after[j:j + 3] == "SOS" for j in range(max(0, i - 2), i + 1))
    got = (-1 if misere else 1) if made else -_sos_outcome(after, misere)
    assert got == _sos_outcome(row, misere)
    hint = flow.hint(state)
    assert ("a draw" in hint) == (_sos_outcome(row, misere) == 0)


def test_a_full_sos_row_is_said_as_a_draw_with_no_winner():
    flow = machine_of("freeplay")
    state = _state("sos", "SO-O")
    state, lines = flow.apply(state, 0, ComponentMove(0, 1, ("SOOO",)))
    assert state["finished"] and state["winner"] is None
    assert lines[-1] == "The row SOOO is full without an SOS: a draw."
    won, lines = flow.apply(_state("sos", "SO-O"), 0, ComponentMove(0, 1, ("SOSO",)))
    assert won["finished"] and won["winner"] == 0 and "wins" in lines[-1]


@lru_cache(maxsize=None)
def _vertex_removal_grundy(edges: FrozenSet[Tuple[int, int]]) -> int:
    """Vertex removal by its rules: remove a vertex that has an edge, with its edges; the mex."""
    seen = {_vertex_removal_grundy(frozenset(e for e in edges if v not in e)) for edge in edges for v in edge}
    g = 0
    while g in seen:
        g += 1
    return g


@pytest.mark.parametrize("edges", [[[0, 1], [1, 2], [2, 3]], [[0, 1], [0, 2], [0, 3], [5, 6]],
                                   [[0, 1], [1, 2], [2, 0], [2, 3], [7, 8]], [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]],
                                   [[1, 2], [2, 3], [3, 4], [4, 5], [6, 7]]])
def test_the_ai_of_vertex_removal_leaves_a_lost_graph_whenever_it_can(edges):
    start, move = _ai_leaves("vertex-removal", edges)
    before = _vertex_removal_grundy(frozenset(tuple(e) for e in edges))
    after_edges = [tuple(e) for i, c in enumerate(start) if i != move.pile for e in c]
    after_edges += [tuple(e) for part in move.left for e in part]
    removed = {tuple(e) for e in edges} - set(after_edges)
    assert len({v for e in removed for v in e if all(v in r for r in removed)}) >= 1   # one vertex's edges
    if before:
        assert _vertex_removal_grundy(frozenset(after_edges)) == 0


@pytest.mark.parametrize("rims, dim, nim", [(5, 6, 3), (4, 8, 0), (7, 12, 2), (3, 2, 1), (6, 1, 5)])
def test_the_ai_of_a_sum_across_families_leaves_a_zero_sum_whenever_it_can(rims, dim, nim):
    """A Rims region, a Dim+ heap and a Nim heap: each part's value by its own brute force above."""
    position = [["rims", [rims]], ["dim+", [dim]], ["any", [nim]]]
    start, move = _ai_leaves("sum", position)

    def value(parts: Any) -> int:
        x = 0
        for rules, n in parts:
            x ^= n if rules == "normal" else _heap_rule_grundy(rules.split(",")[1], n)
        return x

    after = list(start[:move.pile]) + list(move.left) + list(start[move.pile + 1:])
    if value(start):
        assert value(after) == 0


def test_a_sum_with_a_graph_part_plays_a_move_in_it():
    """A directed graph's token in a sum: drawn, a move typed in the graph's words (issue 41: the
    graph game is played now), the other parts played."""
    from nim.flows.base import Refusal
    from nim.web.boards import family_board

    flow = machine_of("freeplay")
    state = _state("sum", [["graph", {"edges": [[0, 1]], "token": 0}], ["any", [2]]])
    family = Rules.parse("sum").family
    assert "(graph)" in play_hooks(family).board(family, components_of(state))
    assert family_board(family, components_of(state))["svg"].endswith("</svg>")
    with pytest.raises(Refusal, match="there is no edge from vertex 0 to vertex 5"):
        flow.parse(state, "part 1: move 0 to 5")
    assert flow.parse(state, "part 1: move 0 to 1").count == 1
    assert flow.parse(state, "part 2: take 2").count == 2


def test_misere_play_names_no_grundy_sum():
    """Misère play has no XOR of Grundy values that decides: none is shown or said."""
    flow = machine_of("freeplay")
    state = _state("misere,wythoff", [[3, 5], [1, 1]])
    assert flow.grundy_sum(state) is None
    assert "Grundy" not in flow.hint(state)


# ---------------------------------------------------------------- the command line

def _play(*args: str, stdin: str = "") -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "nim", "play", *args, "--color", "never"], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_nimcore_play_rules_wythoff_is_a_game_of_pairs_to_the_end():
    """The issue's command: the family's description, its position asked (Enter: its start),
    its grammar, a hint, an illegal move refused, then moves to the end of the game."""
    moves = "\n".join(["", "hint", "pair 1: take 9 from both"] + ["pair 1: take 1 from second"] * 12
                      + ["pair 1: take 1 from first"] * 12)
    done = _play("--rules", "wythoff", "--position", "[[2, 3]]", "--seed", "4", stdin=moves)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Enter piles" not in out
    assert "A move: pair P: take N from first, second or both" in out
    assert "Hint: " in out and "you cannot take 9 from both" in out
    assert " wins (normal play: whoever makes the last move wins)." in out


def test_nimcore_play_asks_a_family_its_position_and_takes_enter():
    done = _play("--rules", "turning-turtles", "--mode", "aivai", "--seed", "2", stdin="\n")
    assert done.returncode == 0, done.stderr
    assert 'Enter the position as JSON (press Enter for "THHTTHTHH")' in done.stdout
    assert "T H H T T H T H H" in done.stdout and " wins (" in done.stdout


@pytest.mark.parametrize("args, words", [
    (["--rules", "graph", "--position", json.dumps({"edges": [[i, i + 1] for i in range(300)], "token": 0})],
     "too large to play move by move"),
    (["--rules", "wythoff", "--piles", "3", "5"], "give --position JSON"),
    (["--rules", "wythoff", "--position", "[[3, "], "is JSON"),
    (["--rules", "wythoff", "--position", "[[3, -5]]"], "cannot be negative"),
    (["--rules", "staircase", "--style", "kuet"], "free play plays it"),
    (["--position", "[1]"], "--position is the start of a game of components"),
    (["--rules", "wythoff", "--ai", "minimax", "--position", "[[1, 2]]"], "optimal, random"),
])
def test_bad_free_play_flags_exit_2_in_one_line(args, words):
    done = _play(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert words in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_save_writes_the_families_record(tmp_path):
    path = tmp_path / "game.txt"
    done = _play("--rules", "staircase", "--position", "[3, 1, 2]", "--seed", "1",
                 stdin=f"step 1: move 1\nsave {path}\n")
    assert done.returncode == 0, done.stderr
    lines = path.read_text().splitlines()
    assert lines[0] == "# nimcore record: rules normal,staircase"
    assert json.loads(lines[6]) == [[3, 1, 2]] and json.loads(lines[7]) == [0, 1, [[2, 1, 2]]]


# ---------------------------------------------------------------- the browser's API

@pytest.fixture()
def client(tmp_path):
    from starlette.testclient import TestClient

    from nim.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3")) as running:
        yield running


@pytest.mark.parametrize("text, shape", [("wythoff", "PairPlay"), ("turning-turtles", "RowPlay"),
                                         ("turning-corners", "GridPlay"), ("green-hackenbush", "GraphPlay"),
                                         ("staircase", "StairPlay"), ("nimble", "StripPlay"),
                                         ("moore,k=2", "PilesPlay"), ("lasker", "SplitHeapPlay"),
                                         ("dim+", "RuleHeapPlay"), ("rims", "RuleHeapPlay"),
                                         ("empty-and-divide", "BoxesPlay"), ("poker-nim", "PokerPlay"),
                                         ("chomp", "ChompPlay"), ("thirty-one", "CardsPlay"),
                                         ("northcott", "CheckersPlay"), ("sos", "LettersPlay"),
                                         ("vertex-removal", "VerticesPlay"), ("sum", "SumPlay")])
def test_each_family_has_its_page_and_its_own_board(client, text, shape):
    page = client.get(f"/play/{text}")
    assert page.status_code == 200 and f'data-rules="normal,{text}"' in page.text
    game = client.post("/api/games", json={"flow": "freeplay", "rules": text}).json()["game"]
    board = game["family_board"]
    assert board["shape"] == shape and board["svg"].startswith("<svg") and board["svg"].endswith("</svg>")
    assert game["prompt"]
    if text in ("northcott", "sos"):            # partizan, or with draws: no Grundy value, no sum shown
        assert game["grundy_sum"] is None
    else:
        assert game["grundy_sum"]["name"] == "Grundy sum"


def test_a_page_for_a_game_that_is_not_playable_is_not_found(client):
    assert client.get("/play/graph").status_code == 200            # issue 41: every family of the course
    assert client.get("/play/no-such-game").status_code == 404


@pytest.mark.parametrize("text", ["kayles", "rayles", "grundy-game", "octal=0.137", "normal,max=3"])
def test_a_game_of_heaps_has_no_family_page_and_is_told_where_it_is_played(client, text):
    """A heap game is played by a flow (pins, rajalakshmi): the family page says so, truly (it said
    the game could not be played in the browser at all)."""
    page = client.get(f"/play/{text}")
    assert page.status_code == 404
    assert "a game of heaps, played on the flows' pages: /pins" in page.text
    assert "cannot be played" not in page.text


@pytest.mark.parametrize("text", ["set=powers-of-2", "two-dimensional-nim,adding", "impatient,set=1;3;4",
                                  "coin-subtraction=1;3,one-or-two"])
def test_the_course_exercises_games_have_a_page_and_a_board(client, text):
    page = client.get(f"/play/{text}")
    assert page.status_code == 200
    game = client.post("/api/games", json={"flow": "freeplay", "rules": text}).json()["game"]
    board = game["family_board"]
    assert board["svg"].startswith("<svg") and board["svg"].endswith("</svg>") and game["prompt"]


def test_the_browser_refuses_bad_family_moves_and_positions(client):
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "wythoff", "position": "[[3, 5]]"}).json()
    game, token = made["game"], made["token"]
    for body, status, words in [({"text": "pair 1: take 9 from both"}, 400, "cannot take 9"),
                                ({"text": ""}, 400, "typed as text"), ({"text": 7}, 400, "typed as text"),
                                ({"pile": 0, "count": 1}, 400, "typed as text")]:
        reply = client.post(f"/api/games/{game['id']}/move", json=dict(body, token=token, version=game["version"]))
        assert reply.status_code == status and words in reply.json()["error"]
    for position, words in [("[[1000, 5]]", "at most 200"), ("x" * 3000, "at most 2,000"), ("[[3, ", "is JSON")]:
        reply = client.post("/api/games", json={"flow": "freeplay", "rules": "wythoff", "position": position})
        assert reply.status_code == 400 and words in reply.json()["error"]


def test_a_draw_in_the_browser_is_game_over_with_no_winner(client):
    """SOS in the browser: the last empty square filled without an SOS ends the game as a draw."""
    made = client.post("/api/games", json={"flow": "freeplay", "rules": "sos", "position": '"SO-O"',
                                            "mode": "hvh"}).json()
    game, token = made["game"], made["token"]
    assert 'aria-label="SOS: a row of squares"' in game["family_board"]["svg"]
    reply = client.post(f"/api/games/{game['id']}/move", json={"text": "O 3", "token": token,
                                                                "version": game["version"]})
    after = reply.json()["game"]
    assert reply.status_code == 200 and after["finished"] and after["winner"] is None
    assert after["log"][-1] == "The row SOOO is full without an SOS: a draw."


def test_the_hint_in_the_browser_comes_from_the_family(client):
    form = {"flow": "freeplay", "rules": "wythoff", "position": "[[3, 5], [4, 6]]"}
    made = client.post("/api/games", json=form).json()
    reply = client.get(f"/api/games/{made['game']['id']}/hint", headers={"X-Seat-Token": made["token"]})
    assert reply.status_code == 200, reply.text
    assert "the XOR of the Grundy values of the pairs is 9" in reply.json()["summary"]


def test_the_class_view_offers_free_play():
    from nim.flows import class_flows, pair_flows

    assert "freeplay" in class_flows() and "freeplay" in pair_flows()


def test_a_class_plays_the_teachers_family_in_pairs_and_against_nimx(tmp_path):
    """The teacher picks Wythoff's game on a position: two students paired play it to the end on
    its own board (free play's machine), and a third plays it against NimX."""
    from starlette.testclient import TestClient

    from nim.web import classroom
    from nim.web.app import create_app

    app = create_app(tmp_path / "games.sqlite3")
    cls, teacher = classroom.open_class(app.state.store, "5B")
    with TestClient(app) as client:
        for bad, words in [({"rules": "wythoff", "position": "[[1, -2]]"}, "cannot be negative"),
                           ({"rules": "graph", "position": '{"edges": [[0, 1]], "token": 5}'}, "does not have"),
                           ({"rules": "normal", "position": "[1]"}, "takes piles")]:
            answer = client.post(f"/api/class/{teacher}/switches", json={"game": bad})
            assert answer.status_code == 400 and words in answer.json()["error"]
        answer = client.post(f"/api/class/{teacher}/switches",
                             json={"game": {"rules": "wythoff", "position": "[[2, 3], [1, 1]]"}})
        assert answer.status_code == 200, answer.text
        offer = client.get(f"/api/join/{cls['id']}").json()["game"]
        assert offer["rules"] == "normal,wythoff" and "[[2, 3], [1, 1]]" in offer["words"]
        joined = []
        for name in ("Ada", "Bob"):
            answer = client.post(f"/api/join/{cls['id']}", json={"name": name, "flow": "freeplay",
                                                                 "opponent": "student"})
            assert answer.status_code == 201, answer.text
            joined.append(answer.json())
        game = joined[1]["game"]
        assert game["flow"] == "freeplay" and game["start"] == [[2, 3], [1, 1]] and game["family_board"]
        tokens = {joined[0]["seat"]: joined[0]["token"], joined[1]["seat"]: joined[1]["token"]}
        flow = machine_of("freeplay")
        while not game["finished"]:
            text = flow.typed_move(game, flow.options(game)[0])
            answer = client.post(f"/api/games/{game['id']}/move", json={
                "token": tokens[game["to_move"]], "text": text, "version": game["version"]})
            assert answer.status_code == 200, answer.text
            game = answer.json()["game"]
        assert game["winner"] == game["moves"][-1][0]          # normal play: the last mover wins
        answer = client.post(f"/api/join/{cls['id']}", json={"name": "Cy", "flow": "free", "opponent": "nimx"})
        assert answer.status_code == 201, answer.text
        assert answer.json()["game"]["flow"] == "freeplay" and answer.json()["game"]["seats"][1]["ai"]


def test_a_family_whose_play_hooks_are_not_hooks_is_refused_at_registration():
    from nim.errors import InvalidRulesError
    from nim.families.base import register_family
    from nim.families.wythoff import WythoffGame

    class Odd(WythoffGame):
        tag = "odd-wythoff-for-a-test"
        play = "pair P: take N"        # type: ignore[assignment]

    with pytest.raises(InvalidRulesError, match="not a nim.families.play.PlayHooks"):
        register_family(Odd)
    assert "odd-wythoff-for-a-test" not in FAMILIES


def test_the_any_rule_set_page_plays_a_family_on_its_board(client):
    """The page "Any rule set" (flow free) is the same machine: a family's rules and position give
    its board; Nim keeps its piles and its words."""
    page = client.get("/free")
    assert "Position, for a game of the course" in page.text
    made = client.post("/api/games", json={"flow": "free", "rules": "staircase", "position": "[0, 3]"}).json()
    game = made["game"]
    assert game["family_board"]["shape"] == "StairPlay" and game["start"] == [[0, 3]]
    reply = client.post(f"/api/games/{game['id']}/move", json={"token": made["token"], "text": "step 2: move 3",
                                                              "version": game["version"]})
    assert reply.status_code == 200, reply.text
    assert any(line.startswith("Player 1: move 3 coins from step 2 onto step 1, leaving [3")
               for line in reply.json()["game"]["log"])
    nim = client.post("/api/games", json={"flow": "free", "piles": "1 2"}).json()["game"]
    assert nim["piles"] == [1, 2] and "family_board" not in nim and nim["grundy_sum"]["name"] == "nim-sum"


def test_free_play_works_in_a_notebook_too():
    """In an IPython shell ``nim.solve`` wraps an answer as a board of heaps, which a family's
    position is not: free play asks the generic engine itself (a subprocess: a shell instance
    changes every later solve of this process)."""
    pytest.importorskip("IPython")
    code = ("from IPython.core.interactiveshell import InteractiveShell\nInteractiveShell.instance()\n"
            "import random\nfrom nim.flows import machine_of\nflow = machine_of('freeplay')\n"
            "state = flow.setup({'rules': 'wythoff', 'position': [[3, 5], [4, 6]]}, random.Random(1), 1)\n"
            "move, _ = flow.choose(state, 'optimal', random.Random(1))\nprint(tuple(move))\nprint(flow.hint(state))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "(1, 2, ((3, 5),))"
    assert "the XOR of the Grundy values of the pairs is 9" in done.stdout
