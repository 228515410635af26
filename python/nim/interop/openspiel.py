"""OpenSpiel's ``nim`` game from nimcore: game strings, action ids, a perfect bot.

Needs the extra ``nimcore[openspiel]`` (the ``open_spiel`` package, imported as
``pyspiel``). What this module knows of OpenSpiel's game it reads from the
installed package:

- the parameters are ``pile_sizes`` (a string, sizes joined by ``;``) and
  ``is_misere`` (a bool, **True by default**); only the take-any rule exists;
- an action id is ``(count - 1) * n_piles + pile`` (0-based pile), which
  ``check_encoding`` compares with the game's own ``action_to_string``
  (``"pile:P, take:T;"``, 1-based pile) before a game is used here.

Take-and-break games (Kayles, octal codes, Grundy's game) have no OpenSpiel
game here: OpenSpiel's nim has no action that splits a heap, so
``game_string``, ``load_game`` and ``move_to_action`` refuse them with a clear
error; ``nim.interop.envs`` (Gymnasium, PettingZoo) encodes their moves instead.

OpenSpiel cannot parse its own string of a one-pile game (``pile_sizes=5`` is
read as an int and refused); ``load_game`` passes parameters as a dict, which works.

>>> game = load_game([1, 3, 5, 7], "misere")
>>> str(game), game_rules(game)
('nim(is_misere=True,pile_sizes=1;3;5;7)', (Position((1, 3, 5, 7), 'misere'), Rules.parse('misere')))
"""

from __future__ import annotations

import re
from typing import Any, List, Sequence, Set, Tuple

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the install
    raise ImportError("nim.interop.openspiel needs OpenSpiel: pip install 'nimcore[openspiel]'") from error

from nim.errors import InvalidPositionError, InvalidRulesError, NimError
from nim.families import ComponentFamily
from nim.position import Move, Position, as_piles
from nim.rules import MISERE, NORMAL, Rules, RulesLike
from nim.solving.defaults import solve

__all__ = [
    "NimcoreBot",
    "action_to_move",
    "check_encoding",
    "game_rules",
    "game_string",
    "load_game",
    "move_to_action",
    "parse_game_string",
    "state_piles",
]

_ACTION_TEXT = re.compile(r"pile:(\d+), take:(\d+);")
#: Game strings whose action encoding check_encoding has compared.
_CHECKED: Set[str] = set()


def game_string(piles: Sequence[int], rules: RulesLike = None) -> str:
    """OpenSpiel's game string for ``piles`` under ``rules``, e.g.
    ``nim(pile_sizes=1;3;5;7,is_misere=True)``.

    Raises
    ------
    InvalidRulesError
        For a take rule other than ``any`` (OpenSpiel's nim has no other).
    InvalidPositionError
        For bad piles, no pile, or one pile (OpenSpiel cannot parse that string;
        use ``load_game``).
    """
    board, ruleset = _check(piles, rules)
    if len(board) == 1:
        raise InvalidPositionError(
            f"OpenSpiel cannot read its game string of one pile ({board[0]}): use load_game()"
        )
    return f"nim(pile_sizes={_sizes(board)},is_misere={ruleset.misere})"


def load_game(piles: Sequence[int], rules: RulesLike = None) -> Any:
    """OpenSpiel's ``nim`` game (a ``pyspiel.Game``) for ``piles`` under ``rules``.

    Raises
    ------
    InvalidRulesError, InvalidPositionError
        As ``game_string`` (one pile is fine here).
    """
    board, ruleset = _check(piles, rules)
    try:
        game = pyspiel.load_game("nim", {"pile_sizes": _sizes(board), "is_misere": ruleset.misere})
    except pyspiel.SpielError as error:
        raise InvalidPositionError(f"OpenSpiel cannot load nim on {list(board)[:12]}: {error}") from None
    check_encoding(game)
    return game


def parse_game_string(text: str) -> Tuple[Position, Rules]:
    """The start position and rules of an OpenSpiel nim game string (as
    OpenSpiel reads it: a missing ``is_misere`` means misère).

    Raises
    ------
    NimError
        When OpenSpiel refuses the string or it is not a nim game.
    """
    if not isinstance(text, str):
        raise NimError(f"an OpenSpiel game string must be a string, not {text!r}")
    try:
        game = pyspiel.load_game(text)
    except pyspiel.SpielError as error:
        raise NimError(f"OpenSpiel cannot load {text!r}: {error}") from None
    return game_rules(game)


def game_rules(game: Any) -> Tuple[Position, Rules]:
    """The start position (which carries the rules) and the rules of a loaded
    OpenSpiel nim game.

    Raises
    ------
    NimError
        When ``game`` is not OpenSpiel's nim.
    """
    if game.get_type().short_name != "nim":
        raise NimError(f"not OpenSpiel's nim game: {game}")
    params = game.get_parameters()
    rules = MISERE if params["is_misere"] else NORMAL
    return Position((int(size) for size in str(params["pile_sizes"]).split(";")), rules), rules


def action_to_move(game: Any, action: int) -> Move:
    """The nimcore move of an OpenSpiel action id (0-based pile).

    Raises
    ------
    NimError
        When the id is outside the game's actions.
    """
    n_piles = _n_piles(game)
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < game.num_distinct_actions():
        raise NimError(f"action {action!r} is not an action of {game}")
    take, pile = divmod(action, n_piles)
    return Move(pile, take + 1)


def move_to_action(game: Any, move: Move) -> int:
    """The OpenSpiel action id of a nimcore move (0-based pile).

    Raises
    ------
    NimError
        When the pile or count does not exist in this game.
    """
    if move.split is not None:
        raise NimError(f"{move} splits a heap: OpenSpiel's nim has no such action")
    pile, count = move.pile, move.count
    n_piles = _n_piles(game)
    action = (count - 1) * n_piles + pile
    if not 0 <= pile < n_piles or count < 1 or action >= game.num_distinct_actions():
        raise NimError(f"{Move(pile, count)} is not a move of {game}")
    return action


def state_piles(state: Any) -> Position:
    """The position of an OpenSpiel nim state (with the game's rules): its start
    position with its history's actions applied."""
    game = state.get_game()
    start, rules = game_rules(game)
    piles = list(start)
    for action in state.history():
        move = action_to_move(game, action)
        piles[move.pile] -= move.count
    return Position(piles, rules)


def check_encoding(game: Any) -> None:
    """Compare this module's action ids with the game's ``action_to_string``
    over the legal actions of its start position (once per game string).

    Raises
    ------
    NimError
        When they disagree (an OpenSpiel whose nim encodes actions differently).
    """
    name = str(game)
    if name in _CHECKED:
        return
    state = game.new_initial_state()
    for action in state.legal_actions():
        found = _ACTION_TEXT.fullmatch(state.action_to_string(state.current_player(), action))
        move = action_to_move(game, action)
        if found is None or (int(found[1]) - 1, int(found[2])) != (move.pile, move.count):
            raise NimError(
                f"OpenSpiel's {name} encodes action {action} as "
                f"{state.action_to_string(state.current_player(), action)!r}, not as {move}"
            )
    _CHECKED.add(name)


class NimcoreBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type information
    """A ``pyspiel.Bot`` that plays OpenSpiel's nim perfectly (``nim.solve``).

    When the position is lost it plays the engines' move (all moves lose).

    Raises
    ------
    NimError
        When ``game`` is not OpenSpiel's nim or ``player`` is not 0 or 1.
    """

    def __init__(self, game: Any, player: int) -> None:
        pyspiel.Bot.__init__(self)
        if player not in (0, 1):
            raise NimError(f"player must be 0 or 1, not {player!r}")
        self._game = game
        self._player = player
        self._rules = game_rules(game)[1]
        check_encoding(game)

    def player_id(self) -> int:
        return self._player

    def restart_at(self, state: Any) -> None:
        pass  # no state kept between moves

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return True

    def step_with_policy(self, state: Any) -> Tuple[List[Tuple[int, float]], int]:
        """The best move as ``([(action, 1.0)], action)``; ``([], INVALID_ACTION)``
        when there is no legal move."""
        solution = solve(state_piles(state).piles, self._rules)
        if solution.move is None:
            return [], pyspiel.INVALID_ACTION
        action = move_to_action(self._game, solution.move)
        return [(action, 1.0)], action

    def step(self, state: Any) -> int:
        """The best move's action id."""
        return self.step_with_policy(state)[1]


def _check(piles: Sequence[int], rules: RulesLike) -> Tuple[Tuple[int, ...], Rules]:
    ruleset = Rules.coerce(rules)
    family = ruleset.family
    if isinstance(family, ComponentFamily):          # before the piles: its position is no list of piles
        raise InvalidRulesError(
            f"OpenSpiel's nim has only the take-any rule, and {ruleset} is {ruleset.game_kind()}: "
            f"solve it with nim.solve or 'nimcore solve POSITION --rules {ruleset}'")
    board = as_piles(piles)
    if ruleset.splits:
        raise InvalidRulesError(
            f"OpenSpiel's nim has only the take-any rule and no action that splits a heap, so "
            f"{ruleset} cannot be an OpenSpiel game: play it with 'nimcore play --game' or the "
            "Gymnasium / PettingZoo environments (nim.interop.envs, whose action ids encode splits); its "
            "nim-sequence: 'nimcore octal CODE'")
    if not ruleset.family.is_nim:
        raise InvalidRulesError(f"OpenSpiel's nim has only the take-any rule, not {ruleset}")
    if not board:
        raise InvalidPositionError("OpenSpiel's nim needs at least one pile")
    return board, ruleset


def _sizes(board: Sequence[int]) -> str:
    return ";".join(map(str, board))


def _n_piles(game: Any) -> int:
    return len(str(game.get_parameters()["pile_sizes"]).split(";"))
