"""The board both environments share: action ids, masks, spaces, who won.

Take rules: action ids ``pile * max_take + (count - 1)``, so
``Discrete(n_piles * max_take)`` covers every (pile, count) pair; ``max_take``
is the largest pile the board accepts (``max_pile``).

Take-and-break games (an octal code, Grundy's game): a move may split a heap,
so the number of heaps grows. The observation has ``max_piles`` slots: the
heaps in order, then zeros (an emptied heap is removed after each move, so the
heaps always fill the first slots). ``max_piles`` defaults to the most heaps
any start board of the environment can ever reach (``most_heaps``: each heap
size's largest count of heaps, by the rules). An action id is

    ((slot * (K + 1)) + count) * max_pile + part

with K the largest count the rules take (0 in Grundy's game), ``part`` 0 for a
move that leaves one heap (or none) and 1 .. max_pile - 1 for a split that
leaves heaps of ``part`` and the rest, ``part`` in the heap's slot and the rest
right after it (so a split's two orders are two ids, both legal), giving
``Discrete(max_piles * (K + 1) * max_pile)``.

An id is legal when its move is legal under the rules (``info["action_mask"]``
/ ``observation["action_mask"]`` mark them, exactly the ids whose move
``Position.is_legal`` accepts).

Boards are capped at ``MAX_ENV_PILES`` piles (slots) of at most ``MAX_ENV_PILE``
objects: the action space grows with their product, and a learning agent needs
a fixed, modest one. Beyond the cap, use ``nim.solve`` directly.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces

from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.families import ComponentFamily
from nim.position import Move, Position, as_piles
from nim.rules import Rules

__all__ = ["MAX_ENV_PILE", "MAX_ENV_PILES", "Board", "most_heaps"]

#: Most piles an environment accepts.
MAX_ENV_PILES = 32
#: Largest pile an environment accepts (so at most 32 * 255 = 8,160 action ids).
MAX_ENV_PILE = 255


def refuse_components(rules: Rules) -> None:
    """The one refusal, in words, of a game whose components are more than heaps: a board here is
    pile slots and an action id per take, which such a game (a pair, a coin row, a graph) has not.

    Raises
    ------
    InvalidRulesError
        Saying what does take the game.
    """
    family = rules.family
    if isinstance(family, ComponentFamily):
        raise InvalidRulesError(
            f"the environments play heaps (an observation of pile sizes, an action id per take), and {rules} "
            f"is {rules.game_kind()}, which has no such encoding: its environments are "
            f"nim.interop.envs.ComponentEnv(position, {str(rules)!r}) (Gymnasium) and "
            "nim.interop.envs.components_v0 (PettingZoo), its reachable positions numbered; solve "
            f"it with nim.solve or 'nimcore solve POSITION --rules {rules}', and grade a callable agent with "
            "nim.study.grade.grade(agent, rules, start)")


class Board:
    """A board's fixed shape (pile slots, largest pile) and rules, with the
    position being played.

    Raises
    ------
    InvalidPositionError
        When the board is empty, has more than MAX_ENV_PILES piles or a pile over
        ``max_pile`` (itself at most MAX_ENV_PILE); under a take-and-break game,
        when ``max_piles`` is too few for the heaps the board can reach.
    """

    def __init__(self, piles: Sequence[int], rules: Rules, max_pile: Optional[int] = None,
                 max_piles: Optional[int] = None) -> None:
        refuse_components(rules)
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
        self.splits = rules.splits
        self.max_pile = largest
        self.rules = rules
        #: How many heaps a start board has (a random start draws this many).
        self.start_piles = len(start)
        if self.splits:
            self.takes = max_count(rules) + 1     # the counts 0 .. K
            self.n_piles = self._slots(start, max_piles)
        else:
            if max_piles is not None:
                raise InvalidPositionError(
                    f"max_piles={max_piles!r} is for a take-and-break game, whose heaps grow; "
                    f"under {rules} the board keeps its {len(start)} piles")
            self.takes = largest
            self.n_piles = len(start)
        self.start = self.check(start)
        self.position = Position(self.start, rules)

    def _slots(self, start: Tuple[int, ...], max_piles: Optional[int]) -> int:
        """The observation's slots of a take-and-break game: ``max_piles``, or the most
        heaps any start of ``start_piles`` heaps up to ``max_pile`` can reach."""
        need = sum(most_heaps(self.rules, self.max_pile, pile) for pile in start)
        if max_piles is None:
            if need > MAX_ENV_PILES:
                raise InvalidPositionError(
                    f"{list(start)[:40]} can make {need} heaps under {self.rules}, more than an "
                    f"environment's {MAX_ENV_PILES}: start from smaller heaps")
            widest = self.start_piles * most_heaps(self.rules, self.max_pile, self.max_pile)
            return min(max(need, widest), MAX_ENV_PILES)
        if isinstance(max_piles, bool) or not isinstance(max_piles, int) or not 1 <= max_piles <= MAX_ENV_PILES:
            raise InvalidPositionError(
                f"max_piles must be a whole number from 1 to {MAX_ENV_PILES}, not {max_piles!r}")
        return max_piles

    def start_at(self, piles: Sequence[int]) -> None:
        """Set the position being played to ``piles`` (which ``check`` has passed), under the board's rules."""
        self.position = Position(self._compact(piles), self.rules)

    def _compact(self, piles: Sequence[int]) -> Tuple[int, ...]:
        """A take-and-break game's heaps without the empty ones (they fill the first slots)."""
        if not self.splits:
            return tuple(piles)
        return tuple(pile for pile in piles if pile)

    # --- spaces and ids ------------------------------------------------------------

    @property
    def n_actions(self) -> int:
        return self.n_piles * self.takes * (self.max_pile if self.splits else 1)

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
        except (TypeError, ValueError, OverflowError):      # OverflowError: an infinite float
            raise NimError(f"an action must be a whole number, not {action!r:.80}") from None
        if isinstance(action, (bool, str, bytes)) or index != action:
            raise NimError(f"an action must be a whole number, not {action!r:.80}")
        if not 0 <= index < self.n_actions:
            raise NimError(f"action {action!r} is outside 0..{self.n_actions - 1}")
        if not self.splits:
            pile, take = divmod(index, self.max_pile)
            return Move(pile, take + 1)
        rest, part = divmod(index, self.max_pile)
        pile, count = divmod(rest, self.takes)
        if part == 0:
            return Move(pile, count)
        piles = self.position.piles
        size = piles[pile] if pile < len(piles) else 0
        return Move(pile, count, split=(part, size - count - part))

    def to_action(self, move: Move) -> int:
        """The action id of a move on this board."""
        if not self.splits:
            return move.pile * self.max_pile + move.count - 1
        part = 0 if move.split is None else move.split[0]
        return (move.pile * self.takes + move.count) * self.max_pile + part

    # --- the position ---------------------------------------------------------------

    def check(self, piles: Sequence[int]) -> Tuple[int, ...]:
        """``piles`` as a tuple if it fits this board's shape.

        Raises
        ------
        InvalidPositionError
            When it has another number of piles or a pile over ``max_pile``.
        """
        board = as_piles(piles)
        if self.splits:
            heaps = sum(most_heaps(self.rules, self.max_pile, pile) for pile in board if pile <= self.max_pile)
            if not board or max(board) > self.max_pile or heaps > self.n_piles:
                raise InvalidPositionError(
                    f"{list(board)[:40]} does not fit this environment's board: heaps of at most "
                    f"{self.max_pile} that never make more than {self.n_piles} heaps (these can "
                    f"make {heaps} under {self.rules}; give max_piles=)")
            return board
        if len(board) != self.n_piles or max(board) > self.max_pile:
            raise InvalidPositionError(
                f"{list(board)} does not fit this environment's board: "
                f"{self.n_piles} piles of at most {self.max_pile}"
            )
        return board

    def observation(self) -> np.ndarray:
        """The piles as a fresh int64 array (a take-and-break game's padded with zeros to its slots)."""
        observed = np.zeros(self.n_piles, dtype=np.int64)
        observed[: len(self.position.piles)] = self.position.piles
        return observed

    def action_mask(self) -> np.ndarray:
        """1 for each legal action id, else 0 (int8)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        for move in self.position.moves():
            mask[self.to_action(move)] = 1
            if move.split is not None:      # the other order of the two heaps is legal too
                first, second = move.split
                mask[self.to_action(Move(move.pile, move.count, split=(second, first)))] = 1
        return mask

    def best_action(self, move: Optional[Move]) -> int:
        """The action id of a solver's best move; when it names none (a lost
        take-and-break position), the first legal move's."""
        if move is None:
            move = next(iter(self.position.moves()))
        return self.to_action(move)

    def is_legal(self, action: int) -> bool:
        return self.position.is_legal(self.to_move(action))

    def play(self, move: Move) -> bool:
        """Play a legal move; True when it ended the game.

        Raises
        ------
        IllegalMoveError
            When the move is not legal here.
        """
        after = self.position.apply(move)
        self.position = Position(self._compact(after.piles), self.rules) if self.splits else after
        return self.position.is_terminal()

    def mover_wins_by_ending(self) -> bool:
        """Whether the player who made the last move wins (normal play) or loses (misère)."""
        return not self.rules.misere

    def ends_in_one(self) -> bool:
        """True when some single move from the current position ends the game."""
        if self.splits:
            movable = [pile for pile in self.position.piles if self.rules.has_move(pile)]
            if len(movable) != 1:
                return False
            lone = Position(movable, self.rules)
            return any(lone.apply(move).is_terminal() for move in lone.moves())
        min_take = self.rules.min_take
        movable = [i for i, pile in enumerate(self.position.piles) if pile >= min_take]
        if len(movable) != 1:
            return False
        pile = self.position.piles[movable[0]]
        # the largest legal take leaves the least; the game ends when that is below min_take
        return pile - max(self.rules.takes(pile)) < min_take


def max_count(rules: Rules) -> int:
    """The largest count a move of a take-and-break game takes (0 in Grundy's game)."""
    from nim.takebreak.moves import split_places

    takes_all, leaves, splits, _ = split_places(rules)
    return max(takes_all + leaves + splits)


def most_heaps(rules: Rules, max_pile: int, pile: int) -> int:
    """The most non-empty heaps a heap of ``pile`` (at most ``max_pile``) can turn into
    under a take-and-break game (0 for an empty heap).

    >>> most_heaps(Rules.game("kayles"), 10, 7), most_heaps(Rules(take="grundy"), 10, 7)
    (4, 6)
    """
    return _most_heaps(rules, max_pile)[pile]


@lru_cache(maxsize=64)
def _most_heaps(rules: Rules, max_pile: int) -> Tuple[int, ...]:
    most: List[int] = [0]
    for size in range(1, max_pile + 1):
        best = 1
        for count, split in rules.heap_moves(size):
            best = max(best, most[size - count] if split is None else most[split[0]] + most[split[1]])
        most.append(best)
    return tuple(most)
