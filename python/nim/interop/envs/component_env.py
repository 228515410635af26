"""``ComponentEnv``: a game whose components are more than heaps (Wythoff's pairs, Moore's Nim_k,
Staircase Nim, coin rows, Green Hackenbush, a graph game, a sum of games) as a Gymnasium
environment, the agent against NimX.

Its encoding is bounded by the start, for every such family alike: every position reachable
from the start (``nim.solving.reachable``: the components that can move, in canonical form,
sorted) is numbered, and

* the **observation** is the number of the position (``Discrete(n)``; ``info["position"]``
  holds it as plain values, as ``nim.solve`` takes it);
* an **action** is the number of the position the move leaves (``Discrete(n)``), so the legal
  actions are the position's options (``info["action_mask"]``) and a tabular agent's Q-table
  is an n x n array.

A start that reaches more than ``MAX_POSITIONS`` positions, or one from which play can go on for
ever (a graph with a cycle: no episode end), is refused in words. NimX plays ``optimal`` (the
exact values of every position, a retrograde analysis: it wins where it can, else delays
longest) or ``random``.

>>> env = ComponentEnv([[3, 5]], "wythoff", oracle=True)
>>> observation, info = env.reset(seed=0)
>>> info["position"], info["value"]
([[3, 5]], -1)
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, SupportsFloat, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from nim.errors import IllegalMoveError, InvalidPositionError, InvalidRulesError, NimError
from nim.families import ComponentFamily, WholePositionFamily
from nim.position import ComponentMove
from nim.rules import Rules, RulesLike
from nim.solving.components import read_position
from nim.solving.reachable import Key, canonical_key, reachable_graph, retrograde

__all__ = ["ComponentEnv"]

Info = Dict[str, Any]


class NumberedGame:
    """Every position reachable from a start of a component game, numbered in canonical order, with
    each position's options (the numbers of the positions its moves leave, each with one move),
    values (+1 the player to move wins, -1 loses) and depths: the bounded encoding both
    environments (``ComponentEnv``, ``components_v0``) use.

    Raises
    ------
    NimError
        For a start past the bound (``nim.solving.reachable``), one from which play can go on
        for ever, or one without a move.
    """

    def __init__(self, position: Any, rules: Rules) -> None:
        family = rules.family
        assert isinstance(family, ComponentFamily)
        self.family = family
        self.rules = rules
        root = canonical_key(family, read_position(family, position))
        graph = reachable_graph(family, root)
        values, depths = retrograde(graph, rules.misere)
        if any(value == 0 for value in values.values()):
            raise NimError(f"play from this start can go on for ever under {rules} (a draw is reachable), so "
                           "an episode need not end: start from a position whose game is finite")
        if not graph[root]:
            raise InvalidPositionError(f"this start has no move under {rules}: no game to play")
        self.keys: List[Key] = sorted(graph, key=repr)
        number = {key: i for i, key in enumerate(self.keys)}
        self.options: List[Dict[int, ComponentMove]] = []
        for key in self.keys:
            found: Dict[int, ComponentMove] = {}
            for move, child in graph[key]:
                found.setdefault(number[child], move)
            self.options.append(found)
        self.values = [values[key] for key in self.keys]
        self.depths = [depths[key] for key in self.keys]
        self.start = number[root]

    def __len__(self) -> int:
        return len(self.keys)

    def position(self, number: int) -> Any:
        """Position ``number`` as plain values (as ``nim.solve`` takes it)."""
        key = self.keys[number]
        if isinstance(self.family, WholePositionFamily):
            return self.family.component_value(key[0]) if key else []
        return [self.family.component_value(c) for c in key]

    def best(self, number: int) -> int:
        """The exact best option: a lost position for the opponent (the quickest), else the longest delay."""
        options = sorted(self.options[number])
        winning = [o for o in options if self.values[o] < 0]
        if winning:
            return min(winning, key=lambda o: self.depths[o])
        return max(options, key=lambda o: self.depths[o])

    def mask(self, number: int) -> np.ndarray:
        """1 for each option of position ``number`` (int8), every action id a position."""
        mask = np.zeros(len(self.keys), dtype=np.int8)
        if self.options[number]:
            mask[sorted(self.options[number])] = 1
        return mask

    def words(self, number: int, target: int) -> str:
        """The move from position ``number`` to ``target`` in the family's words."""
        key = self.keys[number]
        move = self.options[number][target]
        return self.family.move_words(key[move.pile], move.count, move.left)


class ComponentEnv(gym.Env[np.int64, np.int64]):
    """The agent against NimX on a game whose components are more than heaps.

    Parameters
    ----------
    position : a position of the game, as ``nim.solve`` takes it (``[[3, 5]]``, ``"THHTH"``, ...)
    rules : Rules or str (a component family: ``"wythoff"``, ``"misere,moore,k=2"``, ...)
    opponent : ``"optimal"`` (default) or ``"random"``
    agent_first : True (default), False (NimX opens) or None (drawn at each reset)
    oracle : put ``value`` (+1 the player to move wins, -1 loses) and ``best_move`` (an
        action) in ``info``
    illegal : ``"lose"`` (default: an illegal action ends the episode, reward -1) or ``"raise"``
    render_mode : ``"ansi"`` or ``"human"``

    Raises
    ------
    InvalidRulesError
        For rules that are not a component game (``NimEnv`` plays heaps).
    NimError
        For a start past the bound, one where play can go on for ever, or a bad option.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, position: Any, rules: RulesLike, opponent: str = "optimal",
                 agent_first: Optional[bool] = True, oracle: bool = False, illegal: str = "lose",
                 render_mode: Optional[str] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NimError(f"unknown render_mode {render_mode!r}: expected ansi, human or None")
        if illegal not in ("lose", "raise"):
            raise NimError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if agent_first not in (True, False, None):
            raise NimError(f"agent_first must be True, False or None, not {agent_first!r}")
        if opponent not in ("optimal", "random"):
            raise NimError(f"opponent must be 'optimal' or 'random' in a component game, not {opponent!r:.40}")
        self.rules = Rules.coerce(rules)
        family = self.rules.family
        if not isinstance(family, ComponentFamily):
            raise InvalidRulesError(f"ComponentEnv plays games whose components are more than heaps; {self.rules} "
                                    "is a game of heaps: nim.interop.envs.NimEnv plays it")
        self.game = NumberedGame(position, self.rules)
        self.family = family
        self.keys = self.game.keys
        self.options = self.game.options
        self.values = self.game.values
        self.depths = self.game.depths
        self.start = self.game.start
        self.opponent = opponent
        self.agent_first = agent_first
        self.oracle = oracle
        self.illegal = illegal
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(len(self.keys))
        self.observation_space = spaces.Discrete(len(self.keys))
        self.state = self.start
        self._rng = random.Random()
        self._over = True
        self._last = ""

    # --- the episode ------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.int64, Info]:
        """Start at the start; NimX opens when the agent does not move first."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise NimError(f"seed must be a whole number >= 0 or None, not {seed!r:.60}")
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        first = self.agent_first if self.agent_first is not None else bool(self.np_random.integers(2))
        self.state = self.start
        self._over = False
        self._last = "start"
        opening = None
        if not first:
            opening = self._opponent_choice()
            self._last = f"NimX {self._words(self.state, opening)}"
            self.state = opening
        return np.int64(self.state), self._info(opponent_move=opening, agent_first=first)

    def step(self, action: Any) -> Tuple[np.int64, SupportsFloat, bool, bool, Info]:
        """Play the agent's action (the number of the position it leaves), then NimX's answer."""
        if self._over:
            raise NimError("the game is over (or not started): call reset() first")
        target = self._action(action)
        if target not in self.options[self.state]:
            if self.illegal == "raise":
                raise IllegalMoveError(f"action {target} is not a move here: the position it names is not one "
                                       f"of this one's options ({sorted(self.options[self.state])[:10]} ...)")
            self._last = f"agent to position {target}: illegal, agent loses"
            self._over = True
            return np.int64(self.state), -1.0, True, False, self._info(illegal=True, game_over=True)
        self._last = f"agent {self._words(self.state, target)}"
        self.state = target
        if not self.options[self.state]:
            return np.int64(self.state), 1.0 if not self.rules.misere else -1.0, True, False, self._info()
        reply = self._opponent_choice()
        self._last += f", NimX {self._words(self.state, reply)}"
        self.state = reply
        if not self.options[self.state]:
            reward = -1.0 if not self.rules.misere else 1.0
            return np.int64(self.state), reward, True, False, self._info(opponent_move=reply)
        return np.int64(self.state), 0.0, False, False, self._info(opponent_move=reply)

    def render(self) -> Optional[str]:
        """The position as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode (ansi or human)")
            return None
        text = f"{self._last}\nposition {self.state}: {self.position(self.state)}\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def position(self, number: int) -> Any:
        """Position ``number`` as plain values (as ``nim.solve`` takes it)."""
        return self.game.position(number)

    def move(self, number: int, action: int) -> ComponentMove:
        """The move of position ``number`` that action ``action`` stands for (a ComponentMove).

        Raises
        ------
        IllegalMoveError
            When the action is not one of the position's options.
        """
        found = self.options[number].get(action)
        if found is None:
            raise IllegalMoveError(f"action {action} is not a move of position {number}")
        return found

    # --- internals --------------------------------------------------------------------

    def _action(self, action: Any) -> int:
        try:
            index = int(action)
        except (TypeError, ValueError, OverflowError):
            raise NimError(f"an action must be a whole number, not {action!r:.80}") from None
        if isinstance(action, (bool, str, bytes)) or index != action:
            raise NimError(f"an action must be a whole number, not {action!r:.80}")
        if not 0 <= index < len(self.keys):
            raise NimError(f"action {action!r} is outside 0..{len(self.keys) - 1}")
        return index

    def _best(self, number: int) -> int:
        return self.game.best(number)

    def _opponent_choice(self) -> int:
        """NimX's option in the current position (the position is not changed)."""
        options = sorted(self.options[self.state])
        return self._best(self.state) if self.opponent == "optimal" else self._rng.choice(options)

    def _words(self, number: int, target: int) -> str:
        return self.game.words(number, target)

    def _info(self, opponent_move: Optional[int] = None, illegal: bool = False, game_over: bool = False,
              **extra: Any) -> Info:
        over = game_over or not self.options[self.state]
        self._over = over
        mask = self.game.mask(self.state) if not over else np.zeros(len(self.keys), dtype=np.int8)
        info: Info = {"action_mask": mask, "opponent_move": opponent_move, "illegal": illegal,
                      "position": self.position(self.state), **extra}
        if self.oracle:
            info["value"] = 0 if over else self.values[self.state]
            info["best_move"] = None if over else self._best(self.state)
        return info
