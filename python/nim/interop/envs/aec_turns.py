"""What the two PettingZoo environments (``nim_v0`` for heaps, ``components_v0`` for games of
components) share: PettingZoo's wrappers, the end of a turn, a new game's bookkeeping and the
plumbing of ``render``. Each environment keeps its own spaces, observations, moves and words.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

__all__ = ["TwoAgentTurns", "wrapped"]


def wrapped(game: AECEnv) -> AECEnv:
    """``game`` in PettingZoo's standard wrappers for classic games (an illegal move loses, -1)."""
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=-1)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class TwoAgentTurns(AECEnv):  # type: ignore[misc]  # PettingZoo's base is untyped
    """Two agents, ``player_0`` (moves first) and ``player_1``, rewarded +1 / -1 at the end."""

    render_mode: Optional[str]

    def _start_agents(self) -> None:
        """The agents' bookkeeping, once, in ``__init__``."""
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        self._selector = AgentSelector(self.agents)
        self.agent_selection: str = self.agents[0]
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}

    def _reset_agents(self) -> None:
        """A new game's bookkeeping: no rewards, no one done, ``player_0`` to move."""
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._selector.reinit(self.agents)
        self.agent_selection = self._selector.reset()
        self._update_infos()

    def _end_turn(self, agent: str, ended: bool, mover_wins: Optional[bool], cut: bool = False) -> None:
        """After ``agent``'s move: the rewards when it ``ended`` the game (``mover_wins``: it won
        by ending it; None: a draw, 0 each), or the game ``cut`` short (truncated, 0 each), else the
        other agent to move; then the infos and a human's rendering."""
        if ended:
            other = self._selector.next()
            if mover_wins is not None:
                winner, loser = (agent, other) if mover_wins else (other, agent)
                self.rewards[winner], self.rewards[loser] = 1, -1
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = other
        elif cut:
            self.agent_selection = self._selector.next()
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._selector.next()
        self._accumulate_rewards()
        self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _shown(self, text: str) -> Optional[str]:
        """``render``'s answer: ``text`` for ``ansi``, printed for ``human``."""
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def _update_infos(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        pass
