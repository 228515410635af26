"""``ComponentEnv``: a game whose components are more than heaps (Wythoff's pairs, Moore's Nim_k,
Staircase Nim, coin rows, Green Hackenbush, a graph game, a sum of games) as a Gymnasium
environment, the agent against NimX.

Its encoding is bounded by the start, for every such family alike: every position reachable
from the start (``nim.solving.reachable``: the components that can move, in canonical form,
sorted) is numbered, and

* the **observation** is the number of the position (``Discrete(n)``; ``info["position"]``
  holds it as plain values, as ``nim.solve`` takes it), or with ``observation="vector"`` the
  family's fixed-length vector of the position (``MultiDiscrete``: heaps padded to the start's
  count, a coin row as 0/1, a Northcott board as its checkers' squares, ...; which family has
  which is ``nim.interop.envs.vectors``), the same length for every position, for a neural network;
* an **action** is the number of the position the move leaves (``Discrete(n)``), so the legal
  actions are the position's options (``info["action_mask"]``) and a tabular agent's Q-table
  is an n x n array.

A start that reaches more than ``MAX_POSITIONS`` positions is refused in words. A game that ends
drawn (an SOS row filled without an SOS) ends the episode with reward 0; where play can come back
to a position (Northcott's game, a graph with a cycle) an episode is cut short (``truncated``,
reward 0) after ``max_steps`` steps (default: as many as there are positions, more than best play
ever needs). NimX plays ``optimal`` (the exact values of every position, a retrograde analysis:
it wins where it can, else holds a draw, else delays longest) or ``random``.

>>> env = ComponentEnv([[3, 5]], "wythoff", oracle=True)
>>> observation, info = env.reset(seed=0)
>>> info["position"], info["value"]
([[3, 5]], -1)
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, SupportsFloat, Tuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from nim.errors import IllegalMoveError, InvalidPositionError, InvalidRulesError, NimError
from nim.families import ComponentFamily, WholePositionFamily
from nim.families.heap_moves import CountedMoves
from nim.position import ComponentMove
from nim.rules import Rules, RulesLike
from nim.solving.components import read_position
from nim.interop.envs.vectors import required
from nim.solving.reachable import Key, Walk, canonical_key, walk

__all__ = ["ComponentEnv"]

Info = Dict[str, Any]


class _Options(CountedMoves[Dict[int, ComponentMove]]):
    """Each position's options by number: the number of each position its moves leave, with the
    first move that leaves it. Built for a position when it is first asked for (a walk of 56,000
    boards has 715,000 moves; an episode looks at a few dozen)."""

    def __init__(self, walk: Walk, order: List[int], number: List[int]) -> None:
        self._walk, self._order, self._number = walk, order, number
        self._len = len(order)
        self._built: Dict[int, Dict[int, ComponentMove]] = {}

    def _at(self, index: int) -> Dict[int, ComponentMove]:
        found = self._built.get(index)
        if found is None:
            number = self._number
            found = {}
            for move, child in self._walk.moves(self._order[index]):
                found.setdefault(number[child], move)
            self._built[index] = found
        return found


class NumberedGame:
    """Every position reachable from a start of a component game, numbered in canonical order, with
    each position's options (the numbers of the positions its moves leave, each with one move),
    values (+1 the player to move wins, -1 loses, 0 a draw) and depths: the bounded encoding both
    environments (``ComponentEnv``, ``components_v0``) use, and the observation they show
    (``observation``: the position's number, or the family's vector, ``nim.interop.envs.vectors``).

    A game that can end drawn (SOS's full row) ends its episode with reward 0 there; one where play
    can come back to a position (Northcott's game, a graph with a cycle) has ``cyclic`` set, and the
    environments cut an episode short (``max_steps``).

    Raises
    ------
    NimError
        For a start past the bound (``nim.solving.reachable``), one without a move, a bad
        ``observation``, or ``"vector"`` for a game without a vector encoding.
    """

    def __init__(self, position: Any, rules: Rules, observation: str = "number") -> None:
        if observation not in ("number", "vector"):
            raise NimError(f"observation must be 'number' (the position's number) or 'vector' (the family's "
                           f"encoding), not {observation!r:.40}")
        family = rules.family
        assert isinstance(family, ComponentFamily)
        self.family = family
        self.rules = rules
        root = canonical_key(family, read_position(family, position))
        found = walk(family, root)
        values, depths = found.settle(rules.misere)
        if not found.children[0]:
            raise InvalidPositionError(f"this start has no move under {rules}: no game to play")
        self.cyclic = found.cyclic()
        order = sorted(range(len(found)), key=lambda i: repr(found.keys[i]))    # canonical order
        number = [0] * len(order)
        for position, walked in enumerate(order):
            number[walked] = position
        self.keys: List[Key] = [found.keys[i] for i in order]
        self.options: Sequence[Dict[int, ComponentMove]] = _Options(found, order, number)
        self.values = [values[i] for i in order]
        #: moves to the end with best play (-1: a draw, which has none)
        self.depths = [depths[i] for i in order]
        self.start = number[0]
        self.encoding = required(family, root, rules) if observation == "vector" else None
        self.vectors = ([np.array(self.encoding.encode(key), dtype=np.int64) for key in self.keys]
                        if self.encoding is not None else [])

    def __len__(self) -> int:
        return len(self.keys)

    def observation_space(self) -> spaces.Space[Any]:
        """``Discrete(n)`` (the position's number), or the vector's ``MultiDiscrete``."""
        if self.encoding is None:
            return spaces.Discrete(len(self.keys))
        return spaces.MultiDiscrete(np.array(self.encoding.sizes, dtype=np.int64), dtype=np.int64)

    def observation(self, number: int) -> Any:
        """Position ``number`` as the agent observes it: its number, or its vector."""
        if self.encoding is None:
            return np.int64(number)
        return self.vectors[number].copy()

    def position(self, number: int) -> Any:
        """Position ``number`` as plain values (as ``nim.solve`` takes it)."""
        key = self.keys[number]
        if isinstance(self.family, WholePositionFamily):
            return self.family.component_value(key[0]) if key else []
        return [self.family.component_value(c) for c in key]

    def end_reward(self, number: int) -> float:
        """The reward at the end of the game in position ``number`` of the player to move there
        (-1 lost, +1 won, 0 a draw)."""
        return float(self.values[number])

    def best(self, number: int) -> int:
        """The exact best option: a lost position for the opponent (the quickest), else a draw, else the
        longest delay."""
        options = sorted(self.options[number])
        winning = [o for o in options if self.values[o] < 0]
        if winning:
            return min(winning, key=lambda o: self.depths[o])
        drawn = [o for o in options if self.values[o] == 0]
        if drawn:
            return drawn[0]
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


class ComponentEnv(gym.Env[Any, np.int64]):
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
    observation : ``"number"`` (default: the position's number) or ``"vector"`` (the family's
        fixed-length vector, ``MultiDiscrete``)
    max_steps : the agent's steps before an episode is cut short where play can come back to a
        position (default: the number of positions); None or a whole number >= 1

    Raises
    ------
    InvalidRulesError
        For rules that are not a component game (``NimEnv`` plays heaps).
    NimError
        For a start past the bound, a bad option, or ``observation="vector"`` for a game without a
        vector encoding.
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, position: Any, rules: RulesLike, opponent: str = "optimal",
                 agent_first: Optional[bool] = True, oracle: bool = False, illegal: str = "lose",
                 render_mode: Optional[str] = None, observation: str = "number",
                 max_steps: Optional[int] = None) -> None:
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise NimError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r:.40}")
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
        self.game = NumberedGame(position, self.rules, observation)
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
        self.observation_space = self.game.observation_space()
        #: What the observation holds, in words (the vector's entries, or the position's number).
        self.observation_layout = (self.game.encoding.layout if self.game.encoding is not None else
                                   f"the position's number, 0 to {len(self.keys) - 1} (env.position(n) shows it)")
        self.max_steps = max_steps if max_steps is not None else (len(self.keys) if self.game.cyclic else None)
        self.steps = 0
        self.state = self.start
        self._rng = random.Random()
        self._over = True
        self._last = ""

    # --- the episode ------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Info]:
        """Start at the start; NimX opens when the agent does not move first."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise NimError(f"seed must be a whole number >= 0 or None, not {seed!r:.60}")
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        first = self.agent_first if self.agent_first is not None else bool(self.np_random.integers(2))
        self.state = self.start
        self.steps = 0
        self._over = False
        self._last = "start"
        opening = None
        if not first:
            opening = self._opponent_choice()
            self._last = f"NimX {self._words(self.state, opening)}"
            self.state = opening
        return self.game.observation(self.state), self._info(opponent_move=opening, agent_first=first)

    def step(self, action: Any) -> Tuple[Any, SupportsFloat, bool, bool, Info]:
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
            return self.game.observation(self.state), -1.0, True, False, self._info(illegal=True, game_over=True)
        self._last = f"agent {self._words(self.state, target)}"
        self.state = target
        self.steps += 1
        if not self.options[self.state]:        # the end: NimX to move there, its reward the agent's negated
            reward = -self.game.end_reward(self.state)
            return self.game.observation(self.state), reward, True, False, self._info()
        reply = self._opponent_choice()
        self._last += f", NimX {self._words(self.state, reply)}"
        self.state = reply
        if not self.options[self.state]:
            reward = self.game.end_reward(self.state)
            return self.game.observation(self.state), reward, True, False, self._info(opponent_move=reply)
        if self.max_steps is not None and self.steps >= self.max_steps:     # play came round: cut it short
            self._last += f" (cut short after {self.steps} steps)"
            return self.game.observation(self.state), 0.0, False, True, self._info(opponent_move=reply,
                                                                                  game_over=True)
        return self.game.observation(self.state), 0.0, False, False, self._info(opponent_move=reply)

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
