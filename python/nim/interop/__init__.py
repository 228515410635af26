"""Nim in other ecosystems: reinforcement-learning environments and OpenSpiel.

=================  ===============================================================
envs               ``NimEnv``, a Gymnasium environment (the agent against NimX;
                   ``gymnasium.make("nimcore/Nim-v0")``); ``envs.nim_v0``, a
                   PettingZoo AEC environment for two agents (``nim_v0.env()``;
                   its class is ``NimAECEnv``). Extra ``nimcore[rl]``.
openspiel          OpenSpiel's ``nim`` game: game strings, action ids, the
                   perfect ``NimcoreBot``. Extra ``nimcore[openspiel]``.
=================  ===============================================================

Importing ``nim.interop`` needs neither extra: each name is imported from its
module on first use, and a missing extra is an ImportError that names it.
(These modules were ``nim.envs`` and ``nim.openspiel`` before release 0.2.0.)
"""

from typing import Dict

from nim._lazy import lazy_exports

#: This package's public names, each imported from its module on first use.
_EXPORTS: Dict[str, str] = {
    "NimEnv": "nim.interop.envs",
    "MAX_ENV_PILE": "nim.interop.envs",
    "MAX_ENV_PILES": "nim.interop.envs",
    "NimAECEnv": "nim.interop.envs.nim_v0",
    "NimcoreBot": "nim.interop.openspiel",
    "action_to_move": "nim.interop.openspiel",
    "check_encoding": "nim.interop.openspiel",
    "game_rules": "nim.interop.openspiel",
    "game_string": "nim.interop.openspiel",
    "load_game": "nim.interop.openspiel",
    "move_to_action": "nim.interop.openspiel",
    "parse_game_string": "nim.interop.openspiel",
    "state_piles": "nim.interop.openspiel",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
