"""Nim for reinforcement learning (extra ``nimcore[rl]``: gymnasium, pettingzoo).

- ``NimEnv``: a Gymnasium environment, the agent against NimX
  (also registered as ``gymnasium.make("nimcore/Nim-v0")``).
- ``ComponentEnv``: a game whose components are more than heaps (Wythoff's pairs, coin
  rows, ..., and the boards solved alone: Northcott's game, SOS), its reachable positions
  numbered (``nim.interop.envs.component_env``), observed as their number or, with
  ``observation="vector"``, as the family's fixed-length vector (``nim.interop.envs.vectors``);
  and ``nim.interop.envs.components_v0``, its PettingZoo AEC environment.
- ``nim.interop.envs.nim_v0``: a PettingZoo AEC environment for two agents
  (``nim_v0.env()``, ``nim_v0.raw_env``), like PettingZoo's classic games.

Both use the action ids and board limits of ``nim.interop.envs.board``; the exact
solution is one call away (``NimEnv(..., oracle=True)`` puts ``best_move`` and
``value`` in ``info``).
"""

try:
    import gymnasium
except ImportError as error:  # pragma: no cover - depends on the install
    raise ImportError("nim.interop.envs needs gymnasium: pip install 'nimcore[rl]'") from error

from nim.interop.envs.board import MAX_ENV_PILE, MAX_ENV_PILES
from nim.interop.envs.component_env import ComponentEnv
from nim.interop.envs.gym_env import NimEnv

__all__ = ["ComponentEnv", "MAX_ENV_PILE", "MAX_ENV_PILES", "NimEnv"]

if "nimcore/Nim-v0" not in gymnasium.registry:
    gymnasium.register(id="nimcore/Nim-v0", entry_point="nim.interop.envs.gym_env:NimEnv")
