"""Free play as a state machine (issue 38, item 2; issue 41, the terminal and the browser):
any registered rule family, heaps or not, rendered by the terminal (``nim.play.machine``)
and the browser (``nim.web.games``) from this one machine.

Under a heap rule (a take rule, a take-and-break game) the words are the browser's free
game's: ``Rules: ...``, who is who, ``Player 1 takes 2 from pile 3.   Piles: 3 4 3`` and
the standard ending. Under a family whose components are more than heaps (Wythoff's pairs,
a coin row, a Green Hackenbush graph, Staircase Nim, ...; ``ComponentFamily``) the family's
play hooks (``nim.families.play``) give the start, the move's grammar and parse, its words
and the board; the state then keeps the position as the family's plain values:

``start`` and ``piles``: the list of components as plain values (``component_value``);
``moves``: ``[seat, component, count, left]``, ``left`` the plain values of the components the
move leaves in its place (the play hooks' ``value`` and ``read``: a graph's token keeps its
graph). A move is checked by the hooks' ``legal`` and the random player picks among their
``some_options``, so a family whose components have infinitely many moves (Two-dimensional
Nim) is never listed; a game that can loop (a graph with cycles) is drawn when the same
position comes up ``repeats`` times with the same player to move. The AI (NimX) plays the
family's best move (``nim.solve``), a random legal move when it is losing (or when it is the
random player); a hint comes from the family: the XOR of the components' Grundy values, named
as such, in normal play, nothing in misère play (no such invariant decides it), or the family's
own values where it has them (an ordinal nim-sum, a graph's infinite values).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.families.base import ComponentFamily, WholePositionFamily
from nim.families.play import PlayHooks, play_hooks, words_of
from nim.flows.base import Flow, Named, Refusal, State, new_seat, rules_of, winner_of
from nim.flows.words import convention, ending, named, verb
from nim.position import ComponentMove, Move
from nim.rules import Rules

__all__ = ["FreePlay", "is_component", "components_of", "start_of", "plain_position", "component_record", "FAMILY_AIS",
           "SHARED_KEY", "compact_text", "shared_entries", "without"]

#: The AI players free play offers under a family of components (the exact player, the random one).
FAMILY_AIS = ("optimal", "random")
#: Bounds of one AI move or hint of a component game (a misère sum may need a search).
NODE_LIMIT = 2_000_000
TIME_LIMIT = 5.0
#: The most work a board to play may ask of one move: its moves, each weighed by the size of
#: its component (listing a graph's cuts costs its edges each). A board for people is far below.
MAX_WORK = 2_000_000


def is_component(rules: Rules) -> bool:
    """Whether ``rules`` is a family whose components are more than heaps."""
    return isinstance(rules.family, ComponentFamily)


def _family(rules: Rules) -> ComponentFamily:
    family = rules.family
    assert isinstance(family, ComponentFamily)
    return family


def components_of(state: State) -> Tuple[Any, ...]:
    """The canonical components of a component game's position now."""
    family = _family(rules_of(state["rules"]))
    hooks = play_hooks(family)
    return tuple(hooks.read(family, value) for value in state["piles"])


def start_of(state: State) -> Tuple[Any, ...]:
    """The canonical components a component game began with."""
    family = _family(rules_of(state["rules"]))
    hooks = play_hooks(family)
    return tuple(hooks.read(family, value) for value in state["start"])


def plain_position(family: ComponentFamily, components: Sequence[Any]) -> Any:
    """The position as the plain value ``nim.solve`` reads (a whole-position game: the one component)."""
    if isinstance(family, WholePositionFamily):
        return family.component_value(components[0]) if components else []
    return [family.component_value(c) for c in components]


def _can_move(family: ComponentFamily, components: Sequence[Any]) -> bool:
    return any(next(iter(family.options(c)), None) is not None for c in components)


#: The first line of a component game's record, then its rules (``nim.play.saved`` reads it back).
COMPONENT_TITLE = "# nimcore record: rules "


#: The comment key of the entries every component of a record shares (a graph's edges).
SHARED_KEY = "shared"


def shared_entries(values: Sequence[Any]) -> Dict[str, Any]:
    """The entries every one of ``values`` holds alike, when there are two or more and each is a
    dict (the tokens of one graph: its edges), else none: a record writes them once."""
    if len(values) < 2 or not all(isinstance(value, dict) for value in values):
        return {}
    first = values[0]
    return {key: entry for key, entry in first.items() if all(key in v and v[key] == entry for v in values[1:])}


def without(value: Any, shared: Dict[str, Any]) -> Any:
    """``value`` without the entries of ``shared`` (a record's line; ``nim.play.saved`` puts them back)."""
    if not shared:
        return value
    return {key: entry for key, entry in value.items() if key not in shared}


def compact_text(values: Sequence[Any]) -> str:
    """Components as JSON with the entries they share written once (the size a record gives them):
    ``{"shared": {...}, "components": [...]}``, or the plain list when they share nothing."""
    shared = shared_entries(values)
    if not shared:
        return json.dumps(list(values))
    return json.dumps({SHARED_KEY: shared, "components": [without(value, shared) for value in values]})


def component_record(state: State) -> str:
    """A component game's record: its rules, flow, seats, first mover and seed as comment
    lines, the start and each move as JSON (the same text in the terminal's ``save FILE``
    and the browser's download). The entries every component of the record holds alike (the
    tokens of one graph: its edges) are written once, on a ``# shared:`` line, and left out of
    each component (``nim.play.saved.read_component_record`` puts them back)."""
    seats = "; ".join(f"{s['name']} ({s['ai'] or 'human'})" for s in state["seats"])
    lines = [f"{COMPONENT_TITLE}{state['rules']}", f"# flow: {state['flow']}", f"# seats: {seats}",
             f"# first: {state['first']}", f"# seed: {state.get('seed')}"]
    every = list(state["start"]) + [value for entry in state["moves"] for value in entry[3]]
    shared = shared_entries(every)
    if shared:
        lines += [f"# {SHARED_KEY}: {json.dumps(shared)}",
                  "# start, then each move as [component from 0, count, components left], each component "
                  f"with the {SHARED_KEY} entries above"]
    else:
        lines.append("# start, then each move as [component from 0, count, components left]")
    lines.append(json.dumps([without(value, shared) for value in state["start"]]))
    lines += [json.dumps([index, count, [without(value, shared) for value in left]])
              for index, count, left in (entry[1:] for entry in state["moves"])]
    return "\n".join(lines) + "\n"


class FreePlay(Flow):
    """Free play over any registered family: two people, a person against NimX, or two AIs."""

    draws_board = True

    # ---------------------------------------------------------------- setting up

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``rules`` (a rule string; default Nim), ``position`` (a component game's plain value;
        None: the family's start) or ``piles`` (a heap game's), ``mode``, ``first`` (``ai``: the
        AI moves first in human vs AI), ``name``, ``ai`` (the AI player: ``optimal`` or ``random``).

        Raises
        ------
        NimError
            For a family that cannot be played, a position it does not read, an unknown AI.
        """
        rules = rules_of(answers.get("rules") or "normal")
        mode = answers.get("mode") or "hvai"
        ais = list(answers.get("ai") or []) or [self.info.default_ai]
        for ai in ais:
            if is_component(rules) and ai not in FAMILY_AIS:
                raise NimError(f"the AI of {rules} is one of {', '.join(FAMILY_AIS)}, not {ai!r}")
        name = answers.get("name") or "Player 1"
        seats = [new_seat(name), new_seat("Player 2", ais[-1])]
        if mode == "hvh":
            seats[1] = new_seat("Player 2")
        elif mode == "aivai":
            seats[0] = new_seat("Player 1", ais[0])
        first = 1 if mode == "hvai" and answers.get("first") == "ai" else 0
        if is_component(rules):
            family = _family(rules)
            hooks = play_hooks(family)
            value = answers.get("position")
            if value is None or value == "" or value == []:
                value = hooks.start(family)
            from nim.solving.components import read_position

            hooks.check_start(family, value)
            components = read_position(family, value)
            _check_size(family, components)
            start: List[Any] = [hooks.value(family, c) for c in components]
        else:
            start = list(answers.get("piles") or self.info.default_piles or (3, 4, 5))
        state: State = {"flow": self.name, "rules": str(rules), "base": 1, "start": start, "piles": list(start),
                        "moves": [], "seats": seats, "first": first, "to_move": first, "finished": False,
                        "winner": None, "seed": seed, "mode": mode, "series": None}
        self.rebuild(state)
        return state

    def form_words(self) -> Dict[str, str]:
        return {"position": "Position, for a game of the course (JSON; empty: the game's own start):"}

    def intro(self) -> List[str]:
        return ["Any rule family: Nim and its take rules, take-and-break games, and the course's games "
                "(Wythoff's pairs, coin rows, Hackenbush graphs, Staircase Nim, ...). Pick the rules, then play."]

    # ---------------------------------------------------------------- the words

    def heading(self, rules: Rules) -> List[str]:
        return [f"Rules: {rules}. {rules.describe()}"]

    def introduction(self, state: State) -> List[str]:
        """Who is who: ``Player 1: you; Player 2: the AI (Optimal).``"""
        roles = []
        for seat in state["seats"]:
            if seat["ai"] is not None:
                role = f"the AI ({seat['label']})" if seat["label"] else "the AI"
            else:
                role = "you" if state["mode"] == "hvai" else "human"
            if seat["name"] != "You":
                roles.append(f"{seat['name']}: {role}")
        return ["; ".join(roles) + "."]

    def opening(self, state: State) -> List[str]:
        rules = self.rules(state)
        if not is_component(rules):
            return []
        family = _family(rules)
        hooks = play_hooks(family)
        return [f"A move: {hooks.grammar}."]

    def hooks(self, state: State) -> Optional[PlayHooks]:
        """The family's play hooks (None under a heap rule)."""
        rules = self.rules(state)
        return play_hooks(_family(rules)) if is_component(rules) else None

    def board_text(self, state: State) -> Optional[str]:
        rules = self.rules(state)
        if not is_component(rules):
            return None
        family = _family(rules)
        return play_hooks(family).board(family, components_of(state), start_of(state))

    def prompt(self, state: State) -> str:
        name = state["seats"][state["to_move"]]["name"]
        hooks = self.hooks(state)
        if hooks is None:
            return f"{name}, your move (pile count): "
        return f"{name}, your move ({hooks.grammar.split(' (e.g.')[0]}): "

    def parse(self, state: State, text: str) -> Move:
        rules = self.rules(state)
        if not is_component(rules):
            from nim.flows.words import move_parser

            return move_parser(self.position(state), state["base"])(text)
        family = _family(rules)
        try:
            return ComponentMove(*play_hooks(family).parse(family, components_of(state), text))
        except NimError as error:
            raise Refusal(str(error)) from None

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        name = state["seats"][seat]["name"]
        rules = self.rules(state)
        if not is_component(rules):
            shown = move.pile + state["base"]
            noun = "heap" if rules.splits else "pile"
            leaving = f", leaving heaps of {move.split[0]} and {move.split[1]}" if move.split else ""
            return [f"{name} {verb(name, 'takes')} {move.count} from {noun} {shown}{leaving}.   "
                    f"{noun.capitalize()}s: {' '.join(map(str, state['piles']))}"]
        # a family's move is said by apply, which knows the components before it
        raise NimError("a component game's move is said by FreePlay.apply")

    def ending(self, state: State) -> List[str]:
        rules = self.rules(state)
        players = [Named(seat["name"]) for seat in state["seats"]]
        mover = state["to_move"]
        if not is_component(rules):
            return [ending(players, mover, self.position(state), bool(state["moves"]),
                           "pin" if rules.splits else "object")]
        if state["finished"] and state["winner"] is None:      # a game that can end in a draw (SOS)
            family = _family(rules)
            components = components_of(state)
            hooks = play_hooks(family)
            if hooks.repeats and _can_move(family, components):
                return [f"The same position has come up {hooks.repeats} times with {players[mover].name} to move: "
                        "a draw (on a graph with cycles best play can go on for ever)."]
            return [hooks.drawn(family, components) or "A draw."]
        won = players[winner_of(mover, rules)].name
        rule = convention(rules, emptied=False)
        if not state["moves"]:
            return [f"No move is possible: {players[mover].name} cannot move, so {named(won)} "
                    f"{verb(won, 'wins')} ({rule})."]
        return [f"{players[1 - mover].name} made the last move: {named(won)} {verb(won, 'wins')} ({rule})."]

    def undone(self, state: State) -> List[str]:
        if not is_component(self.rules(state)):
            return [f"Piles: {' '.join(map(str, state['piles']))}"]
        return [f"Back to {json.dumps(state['piles'])}."]

    def resumed(self, state: State) -> str:
        return f"the game goes on from {json.dumps(state['piles'])}"

    # ---------------------------------------------------------------- the moves

    def rebuild(self, state: State) -> None:
        rules = self.rules(state)
        if not is_component(rules):
            super().rebuild(state)
            return
        family = _family(rules)
        hooks = play_hooks(family)
        components = tuple(hooks.read(family, v) for v in state["start"])
        mover = state["first"]
        seen: Dict[Any, int] = {}
        repeated = False
        for entry in [None] + state["moves"]:
            if entry is not None:
                index, left = entry[1], tuple(hooks.read(family, v) for v in entry[3])
                components = components[:index] + left + components[index + 1:]
                mover = 1 - mover
            if hooks.repeats:                  # a game that can loop: the same position again and again
                key = (tuple(sorted(components, key=repr)), mover)
                seen[key] = seen.get(key, 0) + 1
                repeated = seen[key] >= hooks.repeats
        state["piles"] = [hooks.value(family, c) for c in components]
        state["to_move"] = mover
        state["finished"] = repeated or not _can_move(family, components)
        state["winner"] = winner_of(mover, rules) if state["finished"] else None
        if repeated or (state["finished"] and hooks.drawn(family, components) is not None):
            state["winner"] = None                              # a draw: nobody wins

    def apply(self, state: State, seat: int, move: Move) -> Tuple[State, List[str]]:
        rules = self.rules(state)
        if not is_component(rules):
            return super().apply(state, seat, move)
        family = _family(rules)
        before = components_of(state)
        component = _component_move(move)
        after = copy.deepcopy(state)
        hooks = play_hooks(family)
        after["moves"].append([seat, component.pile, component.count,
                               [hooks.value(family, c) for c in component.left]])
        self.rebuild(after)
        name = after["seats"][seat]["name"]
        lines = [f"{name}: {words_of(family, before, component)}."]
        if after["finished"]:
            lines += self.ending(after)
        return after, lines

    def is_legal(self, state: State, move: Move) -> bool:
        """Whether ``move`` (a component move) is one of the family's options now."""
        rules = self.rules(state)
        if not is_component(rules):
            return self.position(state).is_legal(move)
        components = components_of(state)
        component = _component_move(move)
        if not 0 <= component.pile < len(components):
            return False
        family = _family(rules)
        try:
            option = play_hooks(family).legal(family, components[component.pile], component.count, component.left)
        except NimError:
            return False
        return option == (component.count, component.left)

    # ---------------------------------------------------------------- the AI and the hint

    def typed_move(self, state: State, move: ComponentMove) -> str:
        """``move`` as a player types it in this game (a script's way to play any option)."""
        family = _family(self.rules(state))
        return play_hooks(family).typed(family, components_of(state), move)

    def options(self, state: State) -> List[ComponentMove]:
        """Every legal move now, component by component, in the family's order (where a component
        has infinitely many, the finite choice of its play hooks' ``some_options``)."""
        family = _family(self.rules(state))
        hooks = play_hooks(family)
        return [ComponentMove(i, count, left) for i, c in enumerate(components_of(state))
                for count, left in hooks.some_options(family, c)]

    def choose(self, state: State, ai: str, rng: random.Random) -> Tuple[ComponentMove, List[str]]:
        """The AI's move in a component game: the family's best move by ``nim.solve`` (the
        exact player), a random legal move when it is losing or is the random player."""
        # the generic engine itself: nim.solve wraps an answer for a notebook as a Position of heaps
        from nim.solving.components import solve_components as solve

        rules = self.rules(state)
        family = _family(rules)
        components = components_of(state)
        moves = self.options(state)
        if ai != "random":
            try:
                solution = solve(plain_position(family, components), rules, NODE_LIMIT, TIME_LIMIT)
            except NimError as error:
                return rng.choice(moves), [f"(no best move within the AI's limits: {error}; a random move)"]
            if solution.value >= 0 and isinstance(solution.move, ComponentMove):   # 0: a drawing move
                better = play_hooks(family).better(family, components, tuple(solution.move), rules.misere)
                return ComponentMove(*better), []
        return rng.choice(moves), []

    def hint(self, state: State) -> str:
        """A best move and why: the XOR of the Grundy values in normal play, named as such."""
        from nim.solving.components import ComponentBudget, component_grundy
        # the generic engine itself: nim.solve wraps an answer for a notebook as a Position of heaps
        from nim.solving.components import solve_components as solve

        rules = self.rules(state)
        family = _family(rules)
        components = components_of(state)
        try:
            solution = solve(plain_position(family, components), rules, NODE_LIMIT, TIME_LIMIT)
        except NimError as error:
            return f"Hint: none this time ({error})"
        hooks = play_hooks(family)
        reason = hooks.reason(family, components, rules.misere)    # the family's own values, when it has them
        if solution.value == 0 and isinstance(solution.move, ComponentMove):   # a game with draws (SOS)
            move = ComponentMove(*hooks.better(family, components, tuple(solution.move), rules.misere))
            typed = hooks.typed(family, components, move)
            return (f"Hint: {typed}: best play from here is a draw, and this move keeps it one"
                    + (f" ({reason})." if reason else "."))
        if solution.value <= 0 or not isinstance(solution.move, ComponentMove):
            why = "every move loses against best play; any move waits for a slip"
            if reason:
                why += f"; {reason}"
            elif not rules.misere:
                why += "; the XOR of the Grundy values is 0"
            return f"Hint: {why}."
        move = ComponentMove(*hooks.better(family, components, tuple(solution.move), rules.misere))
        typed = hooks.typed(family, components, move)
        said = f"{typed} ({hooks.describe(family, components[move.pile], move.count, move.left)})"
        if reason:
            return f"Hint: {said}: {reason}; this move leaves the opponent a lost position."
        if rules.misere:
            return f"Hint: {said}: it leaves the opponent a lost position (found by search)."
        budget = ComponentBudget(NODE_LIMIT, TIME_LIMIT, "the hint")
        try:
            x = 0
            for component in components:
                x ^= component_grundy(family, component, budget)
        except NimError:
            return f"Hint: {said}: it leaves the opponent a lost position."
        return (f"Hint: {said}: the XOR of the Grundy values of the {family.component_noun}s is {x}, "
                "and this move leaves it 0, a lost position for the opponent.")

    def grundy_sum(self, state: State) -> Optional[Dict[str, Any]]:
        """The number shown beside a component game's board: the XOR of the components' Grundy
        values in normal play, named as such; None in misère play or past the limits."""
        from nim.solving.components import ComponentBudget, component_grundy

        rules = self.rules(state)
        if rules.misere or not is_component(rules):
            return None
        family = _family(rules)
        budget = ComponentBudget(NODE_LIMIT, TIME_LIMIT, "the Grundy sum")
        try:
            x = 0
            for component in components_of(state):
                x ^= component_grundy(family, component, budget)
        except NimError:
            return None
        return {"value": x, "name": "Grundy sum",
                "words": f"the XOR of the {family.component_noun}s' Grundy values (the Sprague-Grundy theorem: "
                         "0 is lost for the player to move)"}


def _check_size(family: ComponentFamily, components: Sequence[Any]) -> None:
    """Refuse a start too large to play move by move (each move lists or checks the options).

    Raises
    ------
    NimError
        Saying the bound and what answers such a position instead.
    """
    work = 0
    hooks = play_hooks(family)
    for component in components:
        work += hooks.work(family, component)
        if work > MAX_WORK:
            raise NimError(f"this position is too large to play move by move (more than {MAX_WORK:,} steps of "
                           f"work a move); nimcore solve and explain answer it, within their own bounds")


def _component_move(move: Move) -> ComponentMove:
    if isinstance(move, ComponentMove):
        return move
    raise NimError(f"{move!r} is not a move of a game of components")


