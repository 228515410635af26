"""The generic engine for games whose components are more than heaps
(``nim.families.ComponentFamily``: Wythoff's pairs, and the course's games to come).

Normal play is the Sprague-Grundy theorem: a position is lost exactly when the XOR
X of its components' Grundy values is 0, and a winning move turns one component of
value g into an option of value g ^ X < g. A component's Grundy value is the
family's closed form where it has one, else the mex of its options' values
(the XOR of what each option leaves), memoised per family and computed on an
explicit stack (no recursion) within the call's node and time limits. One
component alone is answered by the family's closed-form win (``is_lost``,
``winning_option``) where it has one, at any size.

Misère play has no such theorem in general: an exact search over positions (the
sorted components that can still move), memoised, on an explicit stack, within
the same limits.
"""

from __future__ import annotations

import collections
import functools
import math
import time
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, TypeVar

from nim.errors import InvalidPositionError, MoveTooLargeError, NimError, SearchLimitError
from nim.families.base import ComponentFamily, WholePositionFamily
from nim.families.polling import call_cancel, call_limits
from nim.position import ComponentMove
from nim.rules import Rules
from nim.game.solution import Solution

__all__ = ["ComponentBudget", "after_move", "analyze_components", "analyze_components_by", "component_grundy",
           "read_position", "solve_components", "explain_components"]

#: Most components a position may have.
MAX_COMPONENTS = 100_000
#: Grundy values kept per family between calls (then the memo starts afresh).
MEMO_SIZE = 4_000_000
#: Most moves a mex or a misère search may be asked to look at (seconds of Python).
MAX_REACH = 20_000_000
#: Most moves ``analyze_components`` lists.
MAX_MOVES = 1_000_000

_GRUNDY: Dict[ComponentFamily, Dict[Any, int]] = {}
_MISERE: Dict[ComponentFamily, Dict[Tuple[Any, ...], bool]] = {}


_T = TypeVar("_T")


def _bounded(run: Callable[..., _T]) -> Callable[..., _T]:
    """Run an entry point with its time limit and cancellation handle visible to a family's own
    long computations (``nim.families.polling.poll``: Wythoff's table, a loopy graph's values)."""
    @functools.wraps(run)
    def bounded(position: Iterable[Any], rules: Rules, node_limit: Optional[int] = None,
                time_limit: Optional[float] = None, cancel: Optional[Any] = None) -> _T:
        with call_limits(time_limit, cancel):
            return run(position, rules, node_limit, time_limit)
    return bounded


class ComponentBudget:
    """The node and time limits of one call, counted as components and positions are visited."""

    def __init__(self, node_limit: Optional[int], time_limit: Optional[float], what: str) -> None:
        self.node_limit = node_limit
        self.deadline = time.monotonic() + time_limit if time_limit else None
        self.nodes = 0
        self.started = time.monotonic()
        self.what = what

    def step(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self._stop("nodes", "the node limit")
        if self.nodes % 1024 == 0:
            if self.deadline is not None and time.monotonic() > self.deadline:
                self._stop("time", "the time limit")
            cancel = call_cancel()
            if cancel is not None and cancel.is_set():
                self._stop("cancelled", "cancelled")

    def _stop(self, reason: str, limit: str) -> None:
        seconds = time.monotonic() - self.started
        raise SearchLimitError(
            f"{self.what} stopped after {self.nodes:,} nodes and {seconds:.1f} s: {limit}. Raise it "
            "(node_limit, time_limit), or ask about one component alone, which the theorem answers at any size",
            reason=reason, nodes=self.nodes, seconds=seconds)


def read_position(family: ComponentFamily, position: Iterable[Any]) -> Tuple[Any, ...]:
    """The components of a position given as plain values, in the family's canonical form.

    Raises
    ------
    InvalidPositionError
        When the position is not a list of components.
    """
    custom = family.read_components(position)
    if custom is not None:                           # the family reads a position its own way (a sum)
        return custom
    if isinstance(family, WholePositionFamily):       # moves span the piles: one component
        return (family.read_component(position),)
    whole = family.position_of(position)
    if whole is not None:                 # one value for the whole position (a row "THHTH", a graph)
        position = whole
    if isinstance(position, (str, bytes, dict)) or not hasattr(position, "__iter__"):
        raise InvalidPositionError(f"a position of this game is a list of {family.component_noun}s, "
                                   f"not {type(position).__name__}")
    components = []
    for value in position:
        components.append(family.read_component(value))
        if len(components) > MAX_COMPONENTS:
            raise InvalidPositionError(f"a position may have at most {MAX_COMPONENTS:,} {family.component_noun}s")
    return tuple(components)


def component_grundy(family: ComponentFamily, component: Any, budget: ComponentBudget) -> int:
    """The Grundy value of one component: the closed form, else the mex over its options."""
    closed = family.grundy(component)
    if closed is not None:
        return closed
    memo = _GRUNDY.setdefault(family, {})
    if component in memo:
        return memo[component]
    _check_reach(family, [component], "its Grundy value has no formula, and the mex")
    if len(memo) > MEMO_SIZE:
        memo.clear()
    stack: List[Any] = [component]
    while stack:
        top = stack[-1]
        if top in memo:
            stack.pop()
            continue
        missing = [part for _, left in family.options(top) for part in left
                   if part not in memo and family.grundy(part) is None]
        if missing:
            stack.extend(dict.fromkeys(missing))      # each once, in order
            continue
        budget.step()
        seen = {_xor(family, left, memo) for _, left in family.options(top)}
        value = 0
        while value in seen:
            value += 1
        memo[top] = value
        stack.pop()
    return memo[component]


def _check_reach(family: ComponentFamily, components: Sequence[Any], what: str) -> None:
    """Refuse, in words, a computation that would visit more components than MAX_REACH."""
    reach = 1
    for component in components:
        reach *= max(1, family.reach(component))
        if reach > MAX_REACH:
            shown = ", ".join(_short(family.component_value(c)) for c in components[:3])
            raise NimError(f"{what} would look at about {_magnitude(reach)} moves from {shown}"
                           f"{', ...' if len(components) > 3 else ''} (at most {MAX_REACH:,}): ask about one "
                           f"{family.component_noun} alone in normal play, which the theorem answers at any size, "
                           "or smaller ones")


def _magnitude(n: int) -> str:
    return f"{n:,}" if n < 10**12 else f"10**{len(str(n)) - 1}"


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 50 else f"{shown[:30]}...({len(shown):,} characters)"


def _xor(family: ComponentFamily, left: Tuple[Any, ...], memo: Dict[Any, int]) -> int:
    x = 0
    for part in left:
        closed = family.grundy(part)
        x ^= closed if closed is not None else memo[part]
    return x


def _movable(family: ComponentFamily, components: Sequence[Any],
             can_move: Optional[Dict[Any, bool]] = None) -> Tuple[Any, ...]:
    """The canonical key of a misère position: its components that can move, sorted (``can_move``
    remembers which can, within one search: a sum's part takes a parse to answer)."""
    if can_move is None:
        can_move = {}
    kept = []
    for c in components:
        movable = can_move.get(c)
        if movable is None:
            movable = can_move[c] = family.option_count(c) > 0
        if movable:
            kept.append(c)
    return tuple(sorted(kept, key=repr))


def _misere_wins(family: ComponentFamily, components: Sequence[Any], budget: ComponentBudget) -> bool:
    """Whether the player to move wins the misère sum, by an exact search on an explicit stack."""
    memo = _MISERE.setdefault(family, {})
    if len(memo) > MEMO_SIZE:
        memo.clear()
    can_move: Dict[Any, bool] = {}
    root = _movable(family, components, can_move)
    if root not in memo:
        _check_misere_reach(family, root, budget, can_move)
    stack: List[Tuple[Any, ...]] = [root]
    pending: Dict[Tuple[Any, ...], List[Tuple[Any, ...]]] = {}   # children of the keys on the stack
    while stack:
        key = stack[-1]
        if key in memo:
            stack.pop()
            continue
        children = pending.get(key)
        if children is None:
            children = list(dict.fromkeys(_children(family, key, can_move)))
            if not children:
                memo[key] = True              # no move left: the player to move wins misère play
                stack.pop()
                continue
            unknown = [child for child in children if child not in memo]
            if unknown:
                pending[key] = children
                stack.extend(unknown)
                continue
        else:
            del pending[key]
        budget.step()
        memo[key] = any(not memo[child] for child in children)
        stack.pop()
    return memo[root]


def _children(family: ComponentFamily, key: Tuple[Any, ...],
              can_move: Optional[Dict[Any, bool]] = None) -> Iterable[Tuple[Any, ...]]:
    for i, component in enumerate(key):
        rest = key[:i] + key[i + 1:]
        for _, left in family.options(component):
            yield _movable(family, rest + left, can_move)


#: The most positions a misère search visits unless the call's node limit says fewer: its memo
#: holds each (some hundreds of bytes apiece), and it visits some 2,000 to 20,000 a second.
MAX_MISERE_POSITIONS = 1_000_000
#: The most moves a misère search may look at (each position's moves, summed over the positions
#: of one component: the search looks at least at these). Some 20,000 to 200,000 moves a second
#: in Python: a minute of search at most, and the walk that counts them refuses in well under
#: a second or two (it stopped at MAX_REACH before: 20 to 300 s for one big Wythoff pair).
MAX_MISERE_MOVES = 2_000_000


def _check_misere_reach(family: ComponentFamily, root: Tuple[Any, ...], budget: ComponentBudget,
                        can_move: Dict[Any, bool]) -> None:
    """Refuse, in words, a misère search that would visit more positions than the call's node
    limit or MAX_MISERE_POSITIONS, whichever is fewer, saying how many it would visit.

    The count is exact for one component and an upper bound for a sum: the search visits every
    position reachable from ``root`` (it prunes nothing), and a position of a sum is a choice of
    one position reachable from each component (``k`` equal components: a multiset of ``k`` of
    the ``n`` positions of one, ``C(n + k - 1, k)`` of them). Each component's positions are
    counted by a walk over them, the smallest first, each only as far as the others leave room
    for (a walk costs less than the search, which visits their products); it is skipped when
    the family's bound on the work (``reach``, at least the positions) already fits. A walk that
    looks at more than MAX_MISERE_MOVES moves stops too: the search would look at more.
    """
    limit = MAX_MISERE_POSITIONS if budget.node_limit is None else min(budget.node_limit, MAX_MISERE_POSITIONS)
    quick = 1
    for component in root:
        quick *= max(1, family.reach(component))
        if quick > limit:
            break
    else:
        return                                       # the family's bound on the work already fits
    groups: Dict[Any, int] = {}
    for component in root:
        groups[component] = groups.get(component, 0) + 1
    # walk every component's positions a little at a time, so that the product of the counts so
    # far (each a lower bound, exact once its walk ends) refuses a sum as soon as it is past
    walks = {component: _positions_from(family, component, can_move) for component in groups}
    counts = {component: (1, 0) for component in groups}
    while walks:
        for component in list(walks):
            try:
                counts[component] = next(walks[component])
            except StopIteration:
                del walks[component]
            except SearchLimitError:
                raise
            except NimError as error:             # the family cannot list its moves this far out
                _refuse(family, root, f"look at about {_magnitude(quick)} moves or more (the game's bound)",
                        f"what it lists ({error}):")
        bound = 1
        for component, (n, moves) in counts.items():
            if moves > MAX_MISERE_MOVES:
                _refuse(family, root, f"look at about {_magnitude(moves)} moves or more",
                        f"the {MAX_MISERE_MOVES:,} it may look at:")
            bound *= math.comb(n + groups[component] - 1, groups[component])
        if bound > limit:
            how = "so far, counting" if walks else "at most"
            _refuse(family, root, f"look at about {_magnitude(bound)} positions {how} (each "
                    f"{family.component_noun}'s positions, multiplied)", _which(budget))


def _which(budget: ComponentBudget) -> str:
    if budget.node_limit is not None and budget.node_limit < MAX_MISERE_POSITIONS:
        return "the node limit: raise node_limit, or"
    return f"what its memory may hold here ({MAX_MISERE_POSITIONS:,} positions):"


def _refuse(family: ComponentFamily, root: Tuple[Any, ...], size: str, limit: str) -> None:
    shown = ", ".join(_short(family.component_value(c)) for c in root[:3])
    raise NimError(f"misère play has no formula for this game, and the exact search would {size} from {shown}"
                   f"{', ...' if len(root) > 3 else ''}, past {limit} ask about smaller "
                   f"{family.component_noun}s, or about one alone in normal play, which the theorem answers at any "
                   "size")


def _positions_from(family: ComponentFamily, component: Any,
                    can_move: Dict[Any, bool]) -> Iterator[Tuple[int, int]]:
    """The positions (keys of the misère search, the empty one too) one component reaches, and the
    moves the search makes from them (each position's ``option_count``, counted as it is found,
    before its moves are listed), breadth first: ``(positions, moves)`` so far, after every 256
    new positions and at the end (so a row of 60 heads, whose positions each have thousands of
    moves, is refused after its first few hundred)."""
    from nim.families.polling import poll

    def moves_of(key: Tuple[Any, ...]) -> int:
        return sum(family.option_count(c) for c in key)

    start = _movable(family, (component,), can_move)
    seen = {start}
    todo = collections.deque([start])
    moves = moves_of(start)
    while todo:
        key = todo.popleft()
        for child in _children(family, key, can_move):
            if child not in seen:
                seen.add(child)
                moves += moves_of(child)
                todo.append(child)
                if not len(seen) & 255:
                    poll(f"counting the positions of a misère search from "
                         f"{_short(family.component_value(component))}")
                    yield len(seen), moves
    yield len(seen), moves


def after_move(components: Tuple[Any, ...], move: Tuple[int, int, Tuple[Any, ...]]) -> Tuple[Any, ...]:
    """The components a move ``(component, count, left)`` leaves: ``left`` in the moved one's place."""
    pile, _, left = move
    return components[:pile] + left + components[pile + 1:]


def _family(rules: Rules) -> ComponentFamily:
    family = rules.family
    assert isinstance(family, ComponentFamily)
    return family


def _moves(family: ComponentFamily, components: Tuple[Any, ...]) -> List[ComponentMove]:
    return [ComponentMove(i, count, left) for i, c in enumerate(components) for count, left in family.options(c)]


@_bounded
def solve_components(position: Iterable[Any], rules: Rules, node_limit: Optional[int] = None,
                     time_limit: Optional[float] = None) -> Solution:
    """The value (+1 the mover wins, -1 loses) and a best move of a position of ``rules``.

    Raises
    ------
    InvalidPositionError
        For a position that is not a list of the family's components.
    SearchLimitError
        When the mex or the misère search needs more than the limits allow.
    """
    started = time.perf_counter()
    family = _family(rules)
    components = read_position(family, position)
    budget = ComponentBudget(node_limit, time_limit, f"{rules} on {len(components)} {family.component_noun}(s)")
    movable = [i for i, c in enumerate(components) if family.option_count(c) > 0]

    def answer(value: int, move: Optional[ComponentMove], method: str) -> Solution:
        return Solution(value, move, budget.nodes, method, time.perf_counter() - started)

    outcome = family.sum_outcome(components, rules.misere)
    if not movable:                                # no move: lost (normal), won (misère), or the family's draw
        return answer(outcome if outcome is not None else 1 if rules.misere else -1, None, "theory")
    if outcome is not None:                        # the family adds its own values (draws too)
        wanted = {1: -1, 0: 0}.get(outcome)
        for i in movable:
            for count, left in family.options(components[i]):
                if wanted is not None and family.sum_outcome(after_move(components, (i, count, left)),
                                                             rules.misere) == wanted:
                    return answer(outcome, ComponentMove(i, count, left), "theory")
        lone = movable[0]
        return answer(outcome, ComponentMove(lone, *next(iter(family.options(components[lone])))), "theory")
    first = movable[0]
    waiting = ComponentMove(first, *next(iter(family.options(components[first]))))  # a smallest take
    if rules.misere and len(movable) == 1:            # one component alone: its misère theorem, if any
        lone = components[first]
        lost = family.misere_is_lost(lone)
        if lost:
            return answer(-1, waiting, "theory")
        option = family.misere_winning_option(lone) if lost is not None else None
        if option is not None:
            return answer(1, ComponentMove(first, *option), "theory")
    if rules.misere:
        wins = _misere_wins(family, components, budget)
        if not wins:
            return answer(-1, waiting, "search")
        for i in movable:
            for count, left in family.options(components[i]):
                if not _misere_wins(family, after_move(components, (i, count, left)), budget):
                    return answer(1, ComponentMove(i, count, left), "search")
        raise NimError(f"the misère search of {rules} found a win without a winning move: a family hook is wrong")
    if len(movable) == 1:
        lone = components[first]
        lost = family.is_lost(lone)
        if lost:
            return answer(-1, waiting, "theory")
        option = _named(family, components, first, family.winning_option, lone) if lost is not None else None
        if option is not None:
            return answer(1, ComponentMove(first, *option), "theory")
    # the Sprague-Grundy theorem adds the values; "theory" when the family's closed form gave
    # every value the answer read, "mex" when one of them was the mex over options (memoised)
    closed = [family.grundy(c) for c in components]
    by = "theory" if all(g is not None for g in closed) else "mex"
    grundies = [g if g is not None else component_grundy(family, c, budget) for g, c in zip(closed, components)]
    x = 0
    for g in grundies:
        x ^= g
    if x == 0:
        return answer(-1, waiting, by)
    memo = _GRUNDY.setdefault(family, {})
    for i in movable:
        target = grundies[i] ^ x
        if target >= grundies[i]:
            continue
        direct = _named(family, components, i, family.option_to, components[i], target)
        if direct is not None:
            return answer(1, ComponentMove(i, *direct), by)
        for count, left in family.options(components[i]):
            for part in left:
                if family.grundy(part) is None:
                    by = "mex"
                    component_grundy(family, part, budget)
            if _xor(family, left, memo) == target:
                return answer(1, ComponentMove(i, count, left), by)
    raise NimError(f"no move of {rules} reaches the Grundy value the theorem promises: a family hook is wrong")


@_bounded
def analyze_components(position: Iterable[Any], rules: Rules, node_limit: Optional[int] = None,
                       time_limit: Optional[float] = None) -> List[Tuple[ComponentMove, int]]:
    """Every legal move with its value for the player who makes it (+1 wins, 0 draws, -1 loses):
    the winning moves first, then the drawing ones, then the losing ones."""
    return _analyze(position, rules, node_limit, time_limit)[0]


@_bounded
def analyze_components_by(position: Iterable[Any], rules: Rules, node_limit: Optional[int] = None,
                          time_limit: Optional[float] = None) -> Tuple[List[Tuple[ComponentMove, int]], str]:
    """``analyze_components``'s rows and what decided them, as ``Solution.method`` names it:
    "theory" (every row by a theorem or closed form), "mex" (some by the mex over options),
    "search" (some by the exact misère search)."""
    return _analyze(position, rules, node_limit, time_limit)


def _analyze(position: Iterable[Any], rules: Rules, node_limit: Optional[int],
             time_limit: Optional[float]) -> Tuple[List[Tuple[ComponentMove, int]], str]:
    family = _family(rules)
    components = read_position(family, position)
    budget = ComponentBudget(node_limit, time_limit, f"analysing {rules}")
    count = sum(family.option_count(c) for c in components)
    if count > MAX_MOVES:
        raise NimError(f"this position has {_magnitude(count)} moves, more than analyze lists ({MAX_MOVES:,}): "
                       "nim.solve gives a best move")
    rows = []
    by = "theory"
    for move in _moves(family, components):
        after = after_move(components, (move.pile, move.count, move.left))
        outcome = family.sum_outcome(after, rules.misere)
        if outcome is not None:                    # the family adds its own values (draws too)
            rows.append((move, -outcome))
            continue
        by_theory = _lost_by_theory(family, after, rules.misere)
        if by_theory is not None:
            mover_wins = by_theory
        elif rules.misere:
            mover_wins = not _misere_wins(family, after, budget)
            by = "search"
        else:
            x = 0
            for c in after:
                if by == "theory" and family.grundy(c) is None:
                    by = "mex"
                x ^= component_grundy(family, c, budget)
            mover_wins = x == 0
        rows.append((move, 1 if mover_wins else -1))
    # winning moves first, then drawing, then losing (each kind in the moves' own order), so a
    # reader of a game with draws (SOS, a loopy graph) meets the draws before the losses
    rows.sort(key=lambda row: -row[1])
    return rows, by


def _lost_by_theory(family: ComponentFamily, components: Sequence[Any], misere: bool) -> Optional[bool]:
    """Whether a position is lost for the player to move by the family's theorem for one
    component alone (at most one can move), or None where no theorem decides it."""
    movable = [c for c in components if family.option_count(c) > 0]
    if not movable:
        return not misere
    if len(movable) > 1:
        return None
    return family.misere_is_lost(movable[0]) if misere else family.is_lost(movable[0])


def _theorem_moves(family: ComponentFamily, component: Any) -> bool:
    """Whether the family's theorem gives a winning move from ``component`` (one too large to
    make counts: the theorem found it)."""
    try:
        return family.winning_option(component) is not None
    except MoveTooLargeError:
        return True


_Option = TypeVar("_Option")


def _named(family: ComponentFamily, components: Sequence[Any], i: int, find: Callable[..., _Option],
           *args: Any) -> _Option:
    """``find(*args)``, with the component it moves on named on a ``MoveTooLargeError`` it raises
    (as people count: "coin row 2"; no name when the position is one component)."""
    try:
        return find(*args)
    except MoveTooLargeError as large:
        large.component = i
        if len(components) > 1 and not isinstance(family, WholePositionFamily):
            large.component_words = f"{family.component_noun} {i + 1}"
        raise


@_bounded
def explain_components(position: Iterable[Any], rules: Rules, node_limit: Optional[int] = None,
                       time_limit: Optional[float] = None) -> Tuple[Solution, List[str]]:
    """The solution and its account in words: the theorem, each component's Grundy value, X."""
    family = _family(rules)
    components = read_position(family, position)
    too_large: Optional[MoveTooLargeError] = None
    try:
        solution = solve_components(position_value(family, components), rules, node_limit, time_limit)
    except MoveTooLargeError as large:        # won: the move is known and said, not made
        solution, too_large = Solution(1, None, 0, "theory", 0.0), large
    lines = [f"{rules}: {family.describe(rules.misere)}", "Theory: " + family.theory_words() + "."]
    lines += family.account(components)
    lines += _decided_by(family, components, rules, solution, node_limit, time_limit)
    lines.append("The player to move " + {1: "wins.", 0: "draws: neither player can force a win (best play goes on "
                                          "forever, or ends in a draw).", -1: "loses."}[solution.value])
    move = solution.move
    if too_large is not None:
        lines.append(f"Winning move: {too_large.where()}{too_large.move_words}; {too_large.why}.")
    elif isinstance(move, ComponentMove):
        words = family.move_words(components[move.pile], move.count, move.left)
        # people count from 1: "pair 1" is the Move's component 0
        where = "" if isinstance(family, WholePositionFamily) else f"{family.component_noun} {move.pile + 1}: "
        lines.append({1: "Winning move: ", 0: "Drawing move: ", -1: "Lost; shown: "}[solution.value]
                     + f"{where}{words}.")
    else:
        lines.append("No move is left.")
    return solution, lines


def _game_name(family: ComponentFamily) -> str:
    """The game's name for explain's lines ("Wythoff's game", "Moore's Nim_2"): its title, else
    the head of its description."""
    title = getattr(family, "title", "")
    return str(title) if title else family.describe(False).split(":")[0]


def _searched(nodes: int) -> str:
    """An exact search in words, with the positions it visited in this call."""
    if nodes:
        return f"an exact search over {nodes:,} positions"
    return "an exact search (over positions already searched in this session)"


def _decided_by(family: ComponentFamily, components: Tuple[Any, ...], rules: Rules, solution: Solution,
                node_limit: Optional[int], time_limit: Optional[float]) -> List[str]:
    """explain's lines on what decided the answer: the family's theorem by name (stated on the
    Theory line above), or the exact search with the positions it visited, never a theorem
    that was not applied (vertex removal, a misère graph game)."""
    name = _game_name(family)
    movable = [c for c in components if family.option_count(c) > 0]
    if family.sum_outcome(components, rules.misere) is not None:
        # the family's account above says how (a loopy graph, SOS), or its own words here
        return family.outcome_words(components, rules.misere)
    if not movable:
        return ["Nothing can move: decided by the rules (the player who cannot move "
                + ("wins, in misère play)." if rules.misere else "loses).")]
    if rules.misere:
        if len(movable) == 1:
            lost = family.misere_is_lost(movable[0])
            if lost or (lost is not None and family.misere_winning_option(movable[0]) is not None):
                return [f"Misère play: decided by the theorem of {name} stated above (its misère part)."]
            if lost is not None:
                return [f"Misère play: won by the theorem of {name} stated above (its misère part); the move found by "
                        f"{_searched(solution.nodes)}."]
        return [f"Misère play: no theorem decides this position here; decided by {_searched(solution.nodes)}."]
    if isinstance(family, WholePositionFamily) or len(components) == 1:
        lone = components[0]
        lost = family.is_lost(lone)
        what = "The position is one game" if isinstance(family, WholePositionFamily) else "One component alone"
        if lost or (lost is not None and _theorem_moves(family, lone)):
            return [f"{what}: decided by the theorem of {name} stated above."]
        if lost is not None:
            return [f"{what}: won by the theorem of {name} stated above; the move found by "
                    f"{_searched(solution.nodes)}."]
        if family.grundy(lone) is not None:
            return [f"{what}: decided by its Grundy value, from the theory of {name} stated above."]
        return [f"{what}, and no formula decides it: decided by {_searched(solution.nodes)} (the mex of "
                "each position's options)."]
    budget = ComponentBudget(node_limit, time_limit, f"explaining {rules}")
    try:
        grundies = [component_grundy(family, c, budget) for c in components]
    except (SearchLimitError, NimError):
        return ["The Grundy values of these components are past what the mex reaches here."]
    x = 0
    for g in grundies:
        x ^= g
    lines = ["Grundy values: " + ", ".join(
        f"{family.component_noun} {i}: {family.component_value(c)} -> {g}"
        for i, (c, g) in enumerate(zip(components, grundies), start=1)),
        f"X = XOR of the Grundy values = {x}: {'lost' if x == 0 else 'won'} for the player to move."]
    if all(family.grundy(c) is not None for c in components):
        lines.append(f"Each value comes from the theory of {name} stated above.")
    else:
        lines.append("The values without a formula are the mex over their options: "
                     f"{_searched(solution.nodes + budget.nodes)}.")
    return lines


def components_values(family: ComponentFamily, components: Tuple[Any, ...]) -> List[Any]:
    """The components as plain values."""
    return [family.component_value(c) for c in components]


def position_value(family: ComponentFamily, components: Tuple[Any, ...]) -> Any:
    """The position as the plain value ``read_position`` reads back."""
    if isinstance(family, WholePositionFamily):
        return family.component_value(components[0])
    return components_values(family, components)
