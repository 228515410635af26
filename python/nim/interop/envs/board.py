"""The board both environments share: action ids, masks, spaces, who won.

Action ids: ``pile * max_take + (count - 1)``, so ``Discrete(n_piles * max_take)``
covers every (pile, count) pair; ``max_take`` is the largest pile the board
accepts (``max_pile``). An id is legal when the take is legal under the rules
(``info["action_mask"]`` / ``observation["action_mask"]`` mark them).

Boards are capped at ``MAX_ENV_PILES`` piles of at most ``MAX_ENV_PILE``
objects: the action space grows with their product, and a learning agent needs
a fixed, modest one. Beyond the cap, use ``nim.solve`` directly.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces

from nim.errors import InvalidPositionError, NimError
from nim.position import Move, Position, as_piles
from nim.rules import Rules

__all__ = ["MAX_ENV_PILE", "MAX_ENV_PILES", "Board"]

#: Most piles an environment accepts.
MAX_ENV_PILES = 32
#: Largest pile an environment accepts (so at most 32 * 255 = 8,160 action ids).
MAX_ENV_PILE = 255


class Board:
    """A board's fixed shape (pile count, largest pile) and rules, with the
    position being played.

    Raises
    ------
    InvalidPositionError
        When the board is empty, has more than MAX_ENV_PILES piles or a pile over
        ``max_pile`` (itself at most MAX_ENV_PILE).
    """

    def __init__(self, piles: Sequence[int], rules: Rules, max_pile: Optional[int] = None) -> None:
        start = as_piles(piles)
        if not start or len(start) > MAX_ENV_PILES:
            raise InvalidPositionError(
                f"an environment takes 1 to {MAX_ENV_PILES} piles, not {len(start)}: {list(start)[:40]}"
            )
        largest = max(1, max(start)) if max_pile is None else max_pile
        if isinstance(largest, bool) or not isinstance(largest, int) or not 1 <= largest <= MAX_ENV_PILE:
            raise InvalidPositionError(
                f"max_pile must be a whole number from 1 to {MAX_ENV_PILE}, not {largest!r}"
            )
        self.n_piles = len(start)
        self.max_pile = largest
        self.rules = rules
        self.start = self.check(start)
        self.position = Position(self.start, rules)

    def start_at(self, piles: Sequence[int]) -> None:
        """Set the position being played to ``piles`` (which ``check`` has passed), under the board's rules."""
        self.position = Position(piles, self.rules)

    # --- spaces and ids ------------------------------------------------------------

    @property
    def n_actions(self) -> int:
        return self.n_piles * self.max_pile

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.n_actions)

    def observation_space(self) -> spaces.MultiDiscrete:
        return spaces.MultiDiscrete([self.max_pile + 1] * self.n_piles, dtype=np.int64)

    def to_move(self, action: Any) -> Move:
        """The move an action id stands for (legal or not).

        Raises
        ------
        NimError
            When ``action`` is not a whole number in the action space.
        """
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise NimError(f"an action must be a whole number, not {action!r}") from None
        if index != action or not 0 <= index < self.n_actions:
            raise NimError(f"action {action!r} is outside 0..{self.n_actions - 1}")
        pile, take = divmod(index, self.max_pile)
        return Move(pile, take + 1)

    def to_action(self, move: Move) -> int:
        """The action id of a move on this board."""
        return move.pile * self.max_pile + move.count - 1

    # --- the position ---------------------------------------------------------------

    def check(self, piles: Sequence[int]) -> Tuple[int, ...]:
        """``piles`` as a tuple if it fits this board's shape.

        Raises
        ------
        InvalidPositionError
            When it has another number of piles or a pile over ``max_pile``.
        """
        board = as_piles(piles)
        if len(board) != self.n_piles or max(board) > self.max_pile:
            raise InvalidPositionError(
                f"{list(board)} does not fit this environment's board: "
                f"{self.n_piles} piles of at most {self.max_pile}"
            )
        return board

    def observation(self) -> np.ndarray:
        """The piles as a fresh int64 array."""
        return np.array(self.position.piles, dtype=np.int64)

    def action_mask(self) -> np.ndarray:
        """1 for each legal action id, else 0 (int8)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        for move in self.position.moves():
            mask[self.to_action(move)] = 1
        return mask

    def is_legal(self, action: int) -> bool:
        return self.position.is_legal(self.to_move(action))

    def play(self, move: Move) -> bool:
        """Play a legal move; True when it ended the game.

        Raises
        ------
        IllegalMoveError
            When the move is not legal here.
        """
        self.position = self.position.apply(move)
        return self.position.is_terminal()

    def mover_wins_by_ending(self) -> bool:
        """Whether the player who made the last move wins (normal play) or loses (misère)."""
        return not self.rules.misere

    def ends_in_one(self) -> bool:
        """True when some single move from the current position ends the game."""
        min_take = self.rules.min_take
        movable = [i for i, pile in enumerate(self.position.piles) if pile >= min_take]
        if len(movable) != 1:
            return False
        pile = self.position.piles[movable[0]]
        # the largest legal take leaves the least; the game ends when that is below min_take
        return pile - max(self.rules.takes(pile)) < min_take
