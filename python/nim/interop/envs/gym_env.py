"""``NimEnv``: Nim as a Gymnasium environment, the agent against NimX.

The agent plays one side; NimX (a ``nim.play.strategies`` strategy, ``optimal`` by
default) answers each move inside ``step``. See ``nim.interop.envs.board`` for the
action ids and the board's size limits.

>>> env = NimEnv(piles=(1, 3, 5, 7), rules="misere", oracle=True)
>>> obs, info = env.reset(seed=0)
>>> obs.tolist(), int(info["action_mask"].sum()), info["value"]
([1, 3, 5, 7], 16, -1)
"""

from __future__ import annotations

import random
from typing import Any, Dict, Optional, Sequence, SupportsFloat, Tuple, Union

import gymnasium as gym
import numpy as np

from nim.interop.envs.board import Board
from nim.errors import IllegalMoveError, InvalidPositionError, NimError
from nim.rules import Rules, RulesLike
from nim.solving.defaults import solve
from nim.play.strategies import make_strategy
from nim.play.strategy import Strategy

__all__ = ["NimEnv"]

Info = Dict[str, Any]


class NimEnv(gym.Env[np.ndarray, np.int64]):
    """The agent against NimX, under any rule set.

    Parameters
    ----------
    piles : sequence of int, default (1, 3, 5, 7)
        The start board; its length fixes the observation's length.
    rules : Rules or str, default normal play, take any
        A take rule, or a take-and-break game (``"kayles"``, ``"octal=0.137"``,
        ``"grundy-game"``), whose moves may split a heap.
    opponent : str or Strategy, default "optimal"
        NimX's strategy, by ``nim.play.strategies.make_strategy`` name
        (``random``, ``depth:2``, ``level:1``, ``optimal``, ...) or an instance.
    agent_first : bool or None, default True
        Whether the agent moves first; None draws the seat at each reset.
    random_start : bool, default False
        Draw each start board at reset (every pile uniform in 0..max_pile,
        boards where the first mover could end the game at once re-drawn).
    max_pile : int, optional
        The largest pile an observation can hold (default: the largest start
        pile; at most 255). It fixes the action space: ``n_piles * max_pile``.
    oracle : bool, default False
        Put the exact solution in every ``info``: ``value`` (+1 when the agent,
        to move, wins with best play, -1 when it loses; 0 once the game is
        over) and ``best_move`` (an action id; None once the game is over),
        from ``nim.solve``. Its cost is a solve per step: instant for the
        closed forms, a search for misère ``max``/``half``/``set`` rules.
    illegal : {"lose", "raise"}, default "lose"
        An illegal action ends the episode with reward -1 (``info["illegal"]``
        True), or raises ``nim.IllegalMoveError``.
    render_mode : {None, "ansi", "human"}
    max_piles : int, optional
        A take-and-break game's observation slots (its heaps grow as moves split
        them; default: the most heaps a start board can reach; at most 32).
        See ``nim.interop.envs.board`` for its action ids: (slot, count, first part).

    Observations are the pile sizes (``MultiDiscrete``), actions ``Discrete``
    ids of (pile, count) pairs; ``info["action_mask"]`` marks the legal ones.
    The reward is +1 when the agent wins, -1 when it loses, 0 before the end.
    ``reset(options={"piles": [...]})`` starts from another board of the same shape.

    Raises
    ------
    NimError
        For a bad argument, and a start board that is over at once, or that the
        first mover could end in one move when NimX moves first (NimX would
        finish the game inside ``reset``).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        piles: Sequence[int] = (1, 3, 5, 7),
        rules: RulesLike = None,
        opponent: Union[str, Strategy] = "optimal",
        agent_first: Optional[bool] = True,
        random_start: bool = False,
        max_pile: Optional[int] = None,
        oracle: bool = False,
        illegal: str = "lose",
        render_mode: Optional[str] = None,
        max_piles: Optional[int] = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NimError(f"unknown render_mode {render_mode!r}: expected ansi, human or None")
        if illegal not in ("lose", "raise"):
            raise NimError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if agent_first not in (True, False, None):
            raise NimError(f"agent_first must be True, False or None, not {agent_first!r}")
        self.rules = Rules.coerce(rules)
        self.board = Board(piles, self.rules, max_pile, max_piles)
        self.opponent = make_strategy(opponent) if isinstance(opponent, str) else opponent
        if not isinstance(self.opponent, Strategy):
            raise NimError(f"opponent must be a strategy name or a Strategy, not {opponent!r}")
        self.agent_first = agent_first
        self.random_start = random_start
        self.oracle = oracle
        self.illegal = illegal
        self.render_mode = render_mode
        self.action_space = self.board.action_space()
        self.observation_space = self.board.observation_space()
        if not random_start:
            self._check_start(self.board.start, agent_first is not True)
        self._rng = random.Random()
        self._over = True  # until reset
        self._last = ""

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Info]:
        """Start a game; NimX moves first when the agent does not.

        Returns the observation and an info dict (``action_mask``, ``agent_first``,
        ``opponent_move`` -- NimX's opening action or None -- and the oracle's keys).

        Raises
        ------
        NimError
            For ``options["piles"]`` that does not fit the board or cannot start a game,
            or a seed that is not a whole number >= 0.
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise NimError(f"seed must be a whole number >= 0 or None, not {seed!r:.60}")
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(2**63)))
        first = self.agent_first if self.agent_first is not None else bool(self.np_random.integers(2))
        if options and options.get("piles") is not None:
            start = self.board.check(options["piles"])
            self._check_start(start, not first)
        elif self.random_start:
            start = self._random_start(not first)
        else:
            start = self.board.start
        self.board.start_at(start)
        self._over = False
        opening = None
        if not first:
            opening = self._opponent_moves()
        info = self._info(opponent_move=opening, agent_first=first)
        self._last = "start" if first else f"NimX {self.board.to_move(opening) if opening is not None else ''}"
        return self.board.observation(), info

    def step(self, action: Any) -> Tuple[np.ndarray, SupportsFloat, bool, bool, Info]:
        """Play the agent's action, then NimX's answer.

        Returns (observation, reward, terminated, truncated, info); info holds
        ``action_mask``, ``opponent_move`` (NimX's action or None), ``illegal``
        and the oracle's keys.

        Raises
        ------
        NimError
            When the game is over (call reset), or for an action outside the
            space; IllegalMoveError for an illegal one with ``illegal="raise"``.
        """
        if self._over:
            raise NimError("the game is over (or not started): call reset() first")
        move = self.board.to_move(action)
        if not self.board.is_legal(int(action)):
            if self.illegal == "raise":
                try:
                    self.board.position.apply(move)       # its error says why
                except IllegalMoveError as error:
                    raise IllegalMoveError(f"illegal action {action!r} ({move}): {error}") from None
            self._last = f"agent {move}: illegal, agent loses"
            self._over = True
            return self.board.observation(), -1.0, True, False, self._info(illegal=True, game_over=True)
        self._last = f"agent {move}"
        if self.board.play(move):
            reward = 1.0 if self.board.mover_wins_by_ending() else -1.0
            return self.board.observation(), reward, True, False, self._info()
        reply = self._opponent_moves()
        self._last += f", NimX {self.board.to_move(reply)}"
        if self.board.position.is_terminal():
            reward = -1.0 if self.board.mover_wins_by_ending() else 1.0
            return self.board.observation(), reward, True, False, self._info(opponent_move=reply)
        return self.board.observation(), 0.0, False, False, self._info(opponent_move=reply)

    def render(self) -> Optional[str]:
        """The board as text (``ansi`` returns it, ``human`` prints it)."""
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode (ansi or human)")
            return None
        piles = self.board.position.piles
        lines = [f"pile {i}: {'o' * size} ({size})" for i, size in enumerate(piles)]
        text = "\n".join([self._last, *lines]) + "\n"
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def is_winning(self, action: int) -> bool:
        """Whether the legal ``action`` wins for the agent now (exact, ``nim.solve``).

        Raises
        ------
        IllegalMoveError
            When the action is not legal in the current position.
        """
        after = self.board.position.apply(self.board.to_move(action))
        if after.is_terminal():
            return self.board.mover_wins_by_ending()
        return solve(after).value < 0

    # --- internals --------------------------------------------------------------------

    def _opponent_moves(self) -> int:
        move = self.opponent.choose_move(self.board.position, rng=self._rng)
        self.board.play(move)
        return self.board.to_action(move)

    def _info(self, opponent_move: Optional[int] = None, illegal: bool = False,
              game_over: bool = False, **extra: Any) -> Info:
        over = game_over or self.board.position.is_terminal()
        self._over = over
        info: Info = {
            "action_mask": self.board.action_mask() if not over else np.zeros(self.board.n_actions, np.int8),
            "opponent_move": opponent_move,
            "illegal": illegal,
            **extra,
        }
        if self.oracle:
            if over:
                info["value"], info["best_move"] = 0, None
            else:
                solution = solve(self.board.position)
                info["value"] = solution.value
                info["best_move"] = self.board.best_action(solution.move)
        return info

    def _check_start(self, piles: Tuple[int, ...], opponent_first: bool) -> None:
        saved = self.board.position
        self.board.start_at(piles)
        try:
            if self.board.position.is_terminal():
                raise InvalidPositionError(f"{list(piles)} has no move under {self.rules}: no game to play")
            if opponent_first and self.board.ends_in_one():
                raise InvalidPositionError(
                    f"{list(piles)}: NimX moves first and could end the game at once under "
                    f"{self.rules}; give the agent the first move or a larger board"
                )
        finally:
            self.board.position = saved

    def _random_start(self, opponent_first: bool) -> Tuple[int, ...]:
        for _ in range(10_000):
            piles = tuple(int(p) for p in self.np_random.integers(0, self.board.max_pile + 1,
                                                                    self.board.start_piles))
            try:
                piles = self.board.check(piles)
                self._check_start(piles, opponent_first)
            except InvalidPositionError:
                continue
            return piles
        raise NimError(f"no playable random board of {self.board.start_piles} piles up to "
                       f"{self.board.max_pile} under {self.rules}")
