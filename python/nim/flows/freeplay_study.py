"""Study beside a game of components (issue 41): why the AI played its last move, and
the analysis of every move played and of every move now -- for any family free play
offers (Wythoff's pairs, a graph's tokens, Two-dimensional Nim's counters, SOS, ...).

Every value comes from the one model: the component engine (``solve_components``) on
the position as ``nim.solve`` reads it, and the family's play hooks for the moves (their
``some_options``: a family with infinitely many moves, such as Two-dimensional Nim, has
a finite choice listed) and their words. Values are the player to move's: 1 a win, -1 a
loss, 0 a draw (a game that can loop, or end level)."""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError, SearchLimitError
from nim.families.base import ComponentFamily
from nim.families.play import play_hooks, words_of
from nim.flows.base import State, rules_of
from nim.flows.freeplay import NODE_LIMIT, TIME_LIMIT, components_of, plain_position
from nim.position import ComponentMove
from nim.solving.components import after_move

__all__ = ["why", "analysis", "MAX_LISTED"]

#: Most moves of the current position the analysis values one by one (each is one solve).
MAX_LISTED = 400

_OUTCOME = {1: "a win", 0: "a draw", -1: "a loss"}


def _family(state: State) -> Tuple[ComponentFamily, Any]:
    rules = rules_of(state["rules"])
    family = rules.family
    if not isinstance(family, ComponentFamily):
        raise NimError(f"{state['rules']} is not a game of components")
    return family, rules


def _value(family: ComponentFamily, rules: Any, components: Sequence[Any]) -> Tuple[int, Any]:
    """The player to move's value (1, 0, -1) and the engine's best move (None at the end)."""
    from nim.solving.components import solve_components

    solution = solve_components(plain_position(family, components), rules, NODE_LIMIT, TIME_LIMIT)
    return int(solution.value), solution.move


def _text(values: Sequence[Any]) -> str:
    """A position in one short line for a table: the plain values as JSON, a graph's edges
    left out (the board draws the graph), cut at 80 characters."""
    shown = [{k: v for k, v in value.items() if k != "edges"} if isinstance(value, dict) else value
             for value in values]
    text = json.dumps(shown[0] if len(shown) == 1 else shown)
    return text if len(text) <= 80 else text[:79] + "\u2026"


def _check(cancel: Any) -> None:
    if cancel is not None and cancel.is_set():
        raise SearchLimitError("the analysis was stopped (cancelled, or past the time for one answer)",
                               reason="cancelled")


def _state_at(state: State, moves: int) -> Tuple[Any, ...]:
    """The components after the first ``moves`` moves of the game."""
    from nim.flows import machine_of

    earlier = copy.deepcopy(state)
    earlier["moves"] = earlier["moves"][:moves]
    machine_of("freeplay").rebuild(earlier)
    return components_of(earlier)


def _move_of(family: ComponentFamily, entry: Sequence[Any]) -> ComponentMove:
    hooks = play_hooks(family)
    return ComponentMove(entry[1], entry[2], tuple(hooks.read(family, v) for v in entry[3]))


def _best(family: ComponentFamily, rules: Any, components: Sequence[Any], move: Any) -> Optional[ComponentMove]:
    if not isinstance(move, ComponentMove):
        return None
    return ComponentMove(*play_hooks(family).better(family, components, tuple(move), rules.misere))


def _explained(family: ComponentFamily, rules: Any, components: Sequence[Any]) -> str:
    """``nim.explain``'s text for the position (the theory that decides it, named), or the
    family's own reason when the explanation is past the limits."""
    from nim import explain

    try:
        return str(explain(plain_position(family, components), rules, node_limit=NODE_LIMIT,
                           time_limit=TIME_LIMIT).text)
    except NimError:
        return play_hooks(family).reason(family, components, rules.misere) or ""


def why(state: State) -> Dict[str, Any]:
    """Why the AI played its last move: the move, what it was worth, and the best move when
    it threw a win (or a draw) away.

    Raises
    ------
    LookupError
        The AI has not moved yet.
    NimError
        A value past the engine's limits.
    """
    family, rules = _family(state)
    moves = state["moves"]
    last = next((i for i in range(len(moves) - 1, -1, -1) if state["seats"][moves[i][0]]["ai"]), None)
    if last is None:
        raise LookupError("the AI has not moved yet")
    before = _state_at(state, last)
    played = _move_of(family, moves[last])
    value, best_move = _value(family, rules, before)
    after_value = -_value(family, rules, after_move(before, played))[0]
    seat = state["seats"][moves[last][0]]
    name = "NimX" if state["flow"] == "kuet" else seat["name"]
    label = seat["label"] or "the AI"
    who = name if label in name else f"{name} ({label})"
    head = f"{who}'s last move: {words_of(family, before, tuple(played))}."
    best = _best(family, rules, before, best_move)
    if value < 0:
        judgement = "Every move loses there against best play, so any move was as good as another."
    elif after_value >= value:
        judgement = ("That move wins: it leaves the opponent a lost position." if value > 0 else
                     "That move keeps the draw: best play from there is a draw.")
    else:
        what = "the win" if value > 0 else "the draw"
        judgement = (f"That move throws {what} away: the best move was "
                     f"{words_of(family, before, tuple(best)) if best else 'another'}. "
                     f"({label} does not always play perfectly.)")
    return {"move": moves[last][1:], "summary": f"{head} {judgement}",
            "value_before": value, "value_after": after_value,
            "explain": {"text": _explained(family, rules, before)}, "theory": "/theory"}


def analysis(state: State, cancel: Any = None) -> Dict[str, Any]:
    """Every move played (the mover's value before it, whether it threw a win or a draw away,
    the best move then) and the moves of the current position with their values (winning
    moves first, then drawing, then losing; at most ``MAX_LISTED``). ``cancel``, an object
    with ``is_set()``, stops it between two values (a ``SearchLimitError``, reason "cancelled")."""
    family, rules = _family(state)
    hooks = play_hooks(family)
    components = _state_at(state, 0)
    value, best_move = _value(family, rules, components)
    rows: List[Dict[str, Any]] = []
    for number, entry in enumerate(state["moves"], start=1):
        _check(cancel)
        move = _move_of(family, entry)
        after = after_move(components, move)
        after_value, after_best = _value(family, rules, after)
        best = _best(family, rules, components, best_move)
        rows.append({"number": number, "player": state["seats"][entry[0]]["name"], "move": entry[1:],
                     "words": words_of(family, components, tuple(move)),
                     "before": [hooks.value(family, c) for c in components],
                     "after": [hooks.value(family, c) for c in after], "value_before": value,
                     "before_text": _text([hooks.value(family, c) for c in components]),
                     "outcome_before": _OUTCOME[value],
                     "throws_away_win": value > 0 and -after_value < value,
                     "throws_away": -after_value < value,
                     "best": words_of(family, components, tuple(best)) if best and value >= 0 else None})
        components, value, best_move = after, after_value, after_best
    current: List[Dict[str, Any]] = []
    options = [ComponentMove(i, count, left) for i, c in enumerate(components)
               for count, left in hooks.some_options(family, c)]
    for move in options[:MAX_LISTED]:
        _check(cancel)
        mover_value = -_value(family, rules, after_move(components, move))[0]
        current.append({"move": [move.pile, move.count, [hooks.value(family, c) for c in move.left]],
                        "value": mover_value, "outcome": _OUTCOME[mover_value], "depth": None,
                        "words": words_of(family, components, tuple(move))})
    current.sort(key=lambda row: -row["value"])          # winning, then drawing, then losing (stable)
    finished = not options
    now = [hooks.value(family, c) for c in components]
    return {"moves": rows, "current": current, "listed": len(current), "of": len(options),
            "piles": now, "position_text": _text(now),
            "value": None if finished else value}
