"""Nim as a PettingZoo AEC environment for two agents, as PettingZoo's classic games are.

``env()`` is ``raw_env`` in PettingZoo's usual wrappers (an illegal move ends
the game with reward -1 for the agent that made it; out-of-range actions are
refused; the call order is enforced). Agents ``player_0`` (moves first) and
``player_1``; each observation is a dict: ``observation``, the pile sizes
(``MultiDiscrete``), and ``action_mask`` (int8, 1 for each legal action id, all
0 when it is not that agent's turn). Rewards are +1 / -1 at the end. With
``oracle=True`` the agent to move finds ``best_move`` (an action id) and
``value`` (+1 when it wins with best play) in its ``infos`` entry.

>>> e = env(piles=(1, 2), rules="misere")
>>> e.reset(seed=0)
>>> e.agent_selection, e.observe("player_0")["action_mask"].tolist()
('player_0', [1, 0, 1, 1])
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from nim.interop.envs.aec_turns import TwoAgentTurns, wrapped

from nim.interop.envs.board import Board
from nim.errors import NimError
from nim.position import Position
from nim.rules import Rules, RulesLike
from nim.solving.defaults import solve

__all__ = ["NimAECEnv", "env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` in PettingZoo's standard wrappers for classic games."""
    return wrapped(raw_env(**kwargs))


class raw_env(TwoAgentTurns, EzPickle):  # PettingZoo's naming
    """Two agents play Nim on ``piles`` under ``rules`` (``max_pile``, and
    ``max_piles`` for a take-and-break game whose heaps grow: see
    ``nim.interop.envs.board``; ``render_mode``: ``"ansi"`` or ``"human"``).

    Raises
    ------
    NimError
        For a board that does not fit the limits, has no move, or a bad render mode.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "nim_v0",
                "is_parallelizable": False, "render_fps": 1}

    def __init__(self, piles: Sequence[int] = (1, 3, 5, 7), rules: RulesLike = None,
                 max_pile: Optional[int] = None, oracle: bool = False,
                 render_mode: Optional[str] = None, max_piles: Optional[int] = None) -> None:
        super().__init__()
        EzPickle.__init__(self, piles, rules, max_pile, oracle, render_mode, max_piles)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NimError(f"unknown render_mode {render_mode!r}: expected ansi, human or None")
        self.rules = Rules.coerce(rules)
        self.board = Board(piles, self.rules, max_pile, max_piles)
        if self.board.position.is_terminal():
            raise NimError(f"{list(self.board.start)} has no move under {self.rules}: no game to play")
        self.oracle = oracle
        self.render_mode = render_mode
        self._start_agents()
        self.action_spaces = {agent: self.board.action_space() for agent in self.possible_agents}
        mask = spaces.Box(low=0, high=1, shape=(self.board.n_actions,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": self.board.observation_space(), "action_mask": mask})
            for agent in self.possible_agents
        }
        self._new_game()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The piles, and the legal actions when ``agent`` is to move."""
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = self.board.action_mask()
        else:
            mask = np.zeros(self.board.n_actions, dtype=np.int8)
        return {"observation": self.board.observation(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the start board (``options["piles"]``: another of the same shape).

        Raises
        ------
        NimError
            When ``options["piles"]`` does not fit or has no move.
        """
        start = self.board.start
        if options and options.get("piles") is not None:
            start = self.board.check(options["piles"])
            if Position(start, self.rules).is_terminal():
                raise NimError(f"{list(start)} has no move under {self.rules}: no game to play")
        self._new_game(start)

    def step(self, action: Any) -> None:
        """The agent to move plays ``action`` (a legal id; the wrappers of ``env()``
        turn an illegal one into a loss)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        ended = self.board.play(self.board.to_move(action))
        self._end_turn(agent, ended, ended and self.board.mover_wins_by_ending())

    def render(self) -> Optional[str]:
        """The board as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            return None
        piles = self.board.position.piles
        text = "\n".join(f"pile {i}: {'o' * size} ({size})" for i, size in enumerate(piles)) + "\n"
        return self._shown(text)

    def _new_game(self, start: Optional[Sequence[int]] = None) -> None:
        self.board.start_at(self.board.start if start is None else start)
        self._reset_agents()

    def _update_infos(self) -> None:
        self.infos = {agent: {} for agent in self.agents}
        if self.oracle and not self.board.position.is_terminal():
            solution = solve(self.board.position)
            self.infos[self.agent_selection] = {
                "value": solution.value, "best_move": self.board.best_action(solution.move)}


#: The environment's class by a descriptive name (``nim.interop.NimAECEnv``);
#: ``raw_env`` is PettingZoo's name for it.
NimAECEnv = raw_env
