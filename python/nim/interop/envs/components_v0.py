"""A game whose components are more than heaps (Wythoff's pairs, coin rows, ...) as a PettingZoo
AEC environment for two agents, as ``nim_v0`` is for heaps.

Its encoding is ``ComponentEnv``'s (``nim.interop.envs.component_env.NumberedGame``): every
position reachable from the start is numbered; the observation is the position's number
(``Discrete``), or with ``observation="vector"`` the family's fixed-length vector
(``MultiDiscrete``, ``nim.interop.envs.vectors``), and an action the number of the position the
move leaves; ``action_mask`` marks the options of the agent to move. A game that ends drawn (SOS)
gives 0 each; where play can come back to a position (Northcott's game) a game is cut short
(truncated, 0 each) after ``max_steps`` moves (default: twice the number of positions).
``env()`` wraps ``raw_env`` in PettingZoo's usual wrappers (an illegal move loses, -1). With
``oracle=True`` the agent to move finds ``value`` and ``best_move`` in its ``infos`` entry.

>>> e = env(position=[[1, 2]], rules="wythoff")
>>> e.reset(seed=0)
>>> e.agent_selection, int(e.observe("player_0")["action_mask"].sum())
('player_0', 3)
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from nim.interop.envs.aec_turns import TwoAgentTurns, wrapped

from nim.errors import InvalidRulesError, NimError
from nim.families import ComponentFamily
from nim.interop.envs.component_env import NumberedGame
from nim.rules import Rules, RulesLike

__all__ = ["ComponentAECEnv", "env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` in PettingZoo's standard wrappers for classic games."""
    return wrapped(raw_env(**kwargs))


class raw_env(TwoAgentTurns, EzPickle):  # PettingZoo's naming
    """Two agents play a component game from ``position`` under ``rules``.

    Raises
    ------
    InvalidRulesError, NimError
        For rules of heaps (``nim_v0`` plays them), a start past the bound, one from which play
        can go on for ever, or a bad render mode.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "components_v0",
                                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, position: Any = ((3, 5),), rules: RulesLike = "wythoff", oracle: bool = False,
                 render_mode: Optional[str] = None, observation: str = "number",
                 max_steps: Optional[int] = None) -> None:
        super().__init__()
        EzPickle.__init__(self, position, rules, oracle, render_mode, observation, max_steps)
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise NimError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r:.40}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NimError(f"unknown render_mode {render_mode!r}: expected ansi, human or None")
        self.rules = Rules.coerce(rules)
        if not isinstance(self.rules.family, ComponentFamily):
            raise InvalidRulesError(f"components_v0 plays games whose components are more than heaps; {self.rules} "
                                    "is a game of heaps: nim.interop.envs.nim_v0 plays it")
        self.game = NumberedGame(position, self.rules, observation)
        self.max_steps = max_steps if max_steps is not None else (2 * len(self.game) if self.game.cyclic else None)
        self.moves = 0
        self.oracle = oracle
        self.render_mode = render_mode
        self._start_agents()
        size = len(self.game)
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        mask = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": self.game.observation_space(),
                                                       "action_mask": mask})
                                   for agent in self.possible_agents}
        self.state = self.game.start
        self._new_game()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, Any]:
        """The position (its number or vector), and the legal actions when ``agent`` is to move."""
        if agent == self.agent_selection and not self.terminations[agent] and not self.truncations[agent]:
            mask = self.game.mask(self.state)
        else:
            mask = np.zeros(len(self.game), dtype=np.int8)
        return {"observation": self.game.observation(self.state), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the start."""
        self._new_game()

    def step(self, action: Any) -> None:
        """The agent to move plays ``action`` (the number of the position its move leaves)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        target = int(action)
        if target not in self.game.options[self.state]:
            raise NimError(f"action {target} is not a move here")     # env()'s wrapper makes it a loss first
        self.state = target
        self.moves += 1
        ended = not self.game.options[self.state]
        value = self.game.values[self.state]      # at the end: the next player's, so the mover's is -value
        self._end_turn(agent, ended, None if value == 0 else value < 0,
                       cut=self.max_steps is not None and self.moves >= self.max_steps)

    def render(self) -> Optional[str]:
        """The position as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            return None
        text = f"position {self.state}: {self.game.position(self.state)}\n"
        return self._shown(text)

    def _new_game(self) -> None:
        self.state = self.game.start
        self.moves = 0
        self._reset_agents()

    def _update_infos(self) -> None:
        self.infos = {agent: {"position": self.game.position(self.state)} for agent in self.agents}
        if self.oracle and self.game.options[self.state]:
            self.infos[self.agent_selection].update(value=self.game.values[self.state],
                                                    best_move=self.game.best(self.state))


#: The environment's class by a descriptive name; ``raw_env`` is PettingZoo's name for it.
ComponentAECEnv = raw_env
