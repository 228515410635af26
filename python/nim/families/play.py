"""How people play a game whose components are more than heaps (issue 41: the terminal and
the browser for every family): the play hooks a ``ComponentFamily`` declares on its type
(``play = PairPlay()``): a default start position, how a player writes a move (a grammar and
a one-line help) and its parse into one of the family's options, the move in words, and the
board as text.

A family whose ``play`` is None is not playable, and says so plainly (``NotPlayableError``),
never with a crash. The hooks share one parse discipline: the words of a move are read as
numbers and keywords (``pair 1: take 2 from both``, ``1 2 both``), the move is built from
them, and it is played only if it is one of the family's own options (``options``), so a
parse can never make a move the solver would not; anything else is refused with the reason.

Components are numbered from 1 on the board and in moves; a position of one component
needs no number.

>>> from nim.families.wythoff import WythoffGame
>>> game = WythoffGame()
>>> game.play.parse(game, ((3, 5),), "take 2 from both")
(0, 4, ((1, 3),))

A move is ``(component, count, left)``, one of the family's options of that component: the
value ``nim.position.ComponentMove`` holds (the rooms above the families wrap it; this room
sits below ``nim.position`` and imports nothing of it).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import IllegalMoveError, NimError

if TYPE_CHECKING:                     # pragma: no cover
    from nim.families.base import ComponentFamily

#: A move: the component's index, the count its option removes, the components it leaves.
Option = Tuple[int, int, Tuple[Any, ...]]

__all__ = ["PlayHooks", "NotPlayableError", "play_hooks", "PairPlay", "HeapPlay", "PilesPlay", "StairPlay",
           "StripPlay", "RowPlay", "GridPlay", "GraphPlay", "SplitHeapPlay", "RuleHeapPlay",
           "BoxesPlay", "PokerPlay", "ChompPlay", "CardsPlay", "CheckersPlay",
           "LettersPlay", "VerticesPlay", "Option", "words_of", "board_lines"]

#: The most moves a component may have for the parse to look through its options.
MAX_SCAN = 200_000


class NotPlayableError(NimError):
    """A family that declares no play hooks: it is solved and explained, not played."""


def play_hooks(family: Any) -> "PlayHooks":
    """The play hooks of ``family`` (a ``ComponentFamily`` member).

    Raises
    ------
    NotPlayableError
        For a family that declares none, naming it and what it can do instead.
    """
    hooks = getattr(family, "play", None)
    if not isinstance(hooks, PlayHooks):
        name = getattr(family, "tag", type(family).__name__)
        raise NotPlayableError(
            f"the game {name!r} cannot be played in the terminal or the browser yet (it declares no play "
            f"hooks); nimcore solve, analyze and explain take its positions")
    return hooks


def _tokens(text: str) -> Tuple[List[int], List[str]]:
    """The numbers and the words of a typed move, in order (``pair 1: take 2`` -> [1, 2], [pair, take])."""
    if len(text) > 400:
        raise IllegalMoveError("a move is a few words and numbers, not 400 characters")
    numbers: List[int] = []
    words: List[str] = []
    for token in re.findall(r"[a-z]+|\d+", text.lower()):
        if token.isdigit():
            if len(token) > 12:
                raise IllegalMoveError(f"the number {token[:12]}... is too large for this board")
            numbers.append(int(token))
        else:
            words.append(token)
    return numbers, words


def _legal(family: "ComponentFamily", component: Any, count: Optional[int],
           left: Tuple[Any, ...]) -> Optional[Tuple[int, Tuple[Any, ...]]]:
    """The family's own option of ``component`` that leaves ``left`` (and removes ``count``, when
    given), or None: a typed move is played only as one of the game's options."""
    if family.option_count(component) > MAX_SCAN:
        raise IllegalMoveError(f"this {family.component_noun} has too many moves to check a typed one")
    for option in family.options(component):
        if option[1] == left and (count is None or option[0] == count):
            return option
    return None


def words_of(family: "ComponentFamily", components: Sequence[Any], move: Option) -> str:
    """A move in words: its component by number (when there are several), then the family's
    own words (``move_words``)."""
    hooks = play_hooks(family)
    index, count, left = move
    said = hooks.describe(family, components[index], count, left)
    if len(components) == 1 or hooks.whole:
        return said
    return f"{hooks.noun} {index + 1}: {said}"


class PlayHooks:
    """One family's play hooks. A subclass sets ``noun``, ``grammar`` and ``start_value`` and
    writes ``build`` (the move the words say) and ``draw`` (one component as text)."""

    #: What one component is called on the board and in moves ("pair", "row").
    noun: str = "component"
    #: How a move is typed, in one line (the help and every refusal say it).
    grammar: str = ""
    #: The default start position, as the plain value ``nim.solve`` takes.
    start_value: Any = None
    #: True for a whole-position game: the position is one component, never numbered.
    whole: bool = False
    #: How many numbers a move needs after the component's number (a component number is
    #: read first when there are more numbers than that and several components).
    needs: int = 1

    #: A position that comes up this many times, the same player to move, ends the game in a
    #: draw (a game that can loop: a directed graph with cycles); 0: the game cannot loop.
    repeats: int = 0

    def start(self, family: "ComponentFamily") -> Any:
        """The default start position, as a plain value."""
        return self.start_value

    def check_start(self, family: "ComponentFamily", value: Any) -> None:
        """Refuse, before it is read, a start too large to play move by move (a family whose
        reading is costly says so here; the flow also bounds the work of each move)."""

    def value(self, family: "ComponentFamily", component: Any) -> Any:
        """``component`` as the plain value a game's state and record keep (read back by ``read``)."""
        return family.component_value(component)

    def read(self, family: "ComponentFamily", value: Any) -> Any:
        """The component a plain value of ``value`` stands for."""
        return family.read_component(value)

    def work(self, family: "ComponentFamily", component: Any) -> int:
        """The work one move of ``component`` may ask (its moves, each weighed by its size)."""
        size = len(component) if isinstance(component, tuple) else 1
        return int(family.option_count(component)) * max(1, size)

    def legal(self, family: "ComponentFamily", component: Any, count: Optional[int],
              left: Tuple[Any, ...]) -> Optional[Tuple[int, Tuple[Any, ...]]]:
        """The family's option of ``component`` that leaves ``left`` (removing ``count``, when
        given), or None. A family with infinitely many moves checks the rule instead of listing."""
        return _legal(family, component, count, left)

    def some_options(self, family: "ComponentFamily", component: Any) -> List[Tuple[int, Tuple[Any, ...]]]:
        """Moves of ``component`` for an AI that plays at random: all of them, or a finite choice
        of them for a family with infinitely many."""
        return list(family.options(component))

    def better(self, family: "ComponentFamily", components: Sequence[Any], move: Option, misere: bool) -> Option:
        """A best move as good as ``move`` that also makes progress (a game that can loop: the
        winner must not go round a cycle for ever); by default ``move`` itself."""
        return move

    def reason(self, family: "ComponentFamily", components: Sequence[Any], misere: bool) -> Optional[str]:
        """Why the position is won or lost, in the family's own values (an ordinal nim-sum, a
        graph's infinite values), for a hint; None: the flow's XOR of Grundy values."""
        return None

    def drawn(self, family: "ComponentFamily", components: Sequence[Any]) -> Optional[str]:
        """For a game over (no move left), the words of a draw when it is one (SOS's full row),
        else None: the player who cannot move has lost or won by the convention."""
        return None

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        """The move ``text`` says, one of the family's options: ``(component, count, left)``.

        Raises
        ------
        IllegalMoveError
            When the words say no move, or a move the game does not allow (with the reason).
        """
        numbers, words = _tokens(text)
        if not numbers:
            raise IllegalMoveError(f"type a move: {self.grammar}")
        index = 0
        named = self.noun in words and len(numbers) > 1       # "pair 1: ...", even with one pair left
        if not self.whole and (named or (len(components) > 1 and len(numbers) > self.needs)):
            index = numbers.pop(0) - 1
            if not 0 <= index < len(components):
                raise IllegalMoveError(f"there is no {self.noun} {index + 1}: the {self.noun}s are numbered "
                                       f"1 to {len(components)}")
        elif len(components) > 1 and not self.whole and self.needs > 0 and len(numbers) < self.needs + 1:
            raise IllegalMoveError(f"say which {self.noun} first (1 to {len(components)}): {self.grammar}")
        component = components[index]
        count, left, reason = self.build(family, component, numbers, words)
        if reason is not None:
            raise IllegalMoveError(f"{reason} ({self.grammar})")
        option = self.legal(family, component, count, left)
        if option is None:
            raise IllegalMoveError(f"that is not a move of {self.shown(family, component)} ({self.grammar})")
        return (index, option[0], option[1])

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        """``(count or None, left, reason)``: the move the numbers and words say, or a reason
        why they say none."""
        raise NotImplementedError

    def describe(self, family: "ComponentFamily", component: Any, count: int, left: Tuple[Any, ...]) -> str:
        """A move of ``component`` in words: the family's own (``move_words``)."""
        return family.move_words(component, count, left)

    def typed(self, family: "ComponentFamily", components: Sequence[Any], move: Option) -> str:
        """The move as a player types it (what ``parse`` reads back to the same move): a hint
        says it, and a script can play any option."""
        index, count, left = move
        prefix = "" if self.whole else f"{self.noun} {index + 1}: "
        for words in self.spellings(family, components[index], count, left):
            try:
                if tuple(self.parse(family, components, prefix + words)) == (index, count, left):
                    return prefix + words
            except NimError:
                continue
        raise NimError(f"no typed form of the move {tuple(move)}: the play hooks of {family.tag} are wrong")

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        """The candidate ways to type a move of ``component`` (checked by ``typed``)."""
        raise NotImplementedError

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        """One component in a few words, for a refusal."""
        return f"this {self.noun}"

    def board(self, family: "ComponentFamily", components: Sequence[Any], start: Sequence[Any] = ()) -> str:
        """The board as text: each component, numbered when there are several (``start``:
        the components the game began with, for a drawing that keeps its width)."""
        if not components:
            return f"(no {self.noun} left)"
        if len(components) == 1 or self.whole:
            return self.draw(family, components[0], start[0] if len(start) == 1 else None)
        lines = []
        for i, component in enumerate(components):
            drawing = self.draw(family, component, None).split("\n")
            lines.append(f"{self.noun} {i + 1}: {drawing[0]}")
            lines += ["  " + line for line in drawing[1:]]
        return "\n".join(lines)

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        """One component as text."""
        return str(family.component_value(component))


class PairPlay(PlayHooks):
    """Wythoff's game: ``pair 1: take 2 from both`` (``first``, ``second`` or ``both`` of the
    pair as drawn, the smaller pile first), or ``1 2 both``."""

    noun = "pair"
    grammar = "pair P: take N from first, second or both (e.g. 'pair 1: take 2 from both')"
    start_value = [[3, 5], [4, 6]]
    needs = 1

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 1:
            return None, (), "say one number: how many to take"
        which = [w for w in words if w in ("first", "second", "both", "smaller", "larger", "one", "other")]
        if len(which) != 1:
            return None, (), "say which pile: first, second or both"
        take = numbers[0]
        a, b = component
        if take < 1:
            return None, (), "take at least 1"
        if which[0] in ("first", "smaller", "one"):
            new, total = (a - take, b), take
        elif which[0] in ("second", "larger", "other"):
            new, total = (a, b - take), take
        else:
            new, total = (a - take, b - take), 2 * take
        if min(new) < 0:
            return None, (), f"the pair is ({a}, {b}): you cannot take {take} from {which[0]}"
        c, d = sorted(new)
        return total, (((c, d),) if (c, d) != (0, 0) else ()), None

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the pair {tuple(component)}"

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        return [f"take {count} from first", f"take {count} from second", f"take {count // 2} from both"]

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        a, b = component
        return f"({a}, {b})   first: {'o' * min(a, 40)}   second: {'o' * min(b, 40)}"


class HeapPlay(PlayHooks):
    """A heap with a rule of its own (Lasker's Nim, Fibonacci Nim): ``heap 1: take 3``, and
    where the family splits a heap, ``heap 1: split 2 5``."""

    noun = "heap"
    grammar = "heap H: take N (e.g. 'heap 1: take 2')"
    start_value = [20]
    needs = 1
    splits = False

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        heap = component if isinstance(component, int) else component[0]
        if self.splits and "split" in words:
            if len(numbers) != 2:
                return None, (), "a split says the two heaps it leaves: 'split 2 5'"
            a, b = sorted(numbers)
            if a < 1 or a + b != heap:
                return None, (), f"the heap has {heap}: a split leaves two heaps that add up to {heap}"
            return 0, (a, b), None
        if len(numbers) != 1:
            return None, (), "say one number: how many to take"
        take = numbers[0]
        if not 1 <= take <= heap:
            return None, (), f"the heap has {heap}: take 1 to {heap}"
        left = heap - take
        if isinstance(component, int):
            return take, ((left,) if left else ()), None
        for option in family.options(component):        # the left heap carries its new limit
            if option[0] == take:
                return option[0], option[1], None
        return None, (), f"you cannot take {take} now: at most {component[1]} (the limit the last take set)"

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        if count == 0 and len(left) == 2:
            return [f"split {left[0]} {left[1]}"]
        return [f"take {count}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        if isinstance(component, int):
            return f"the heap of {component}"
        return f"the heap of {component[0]} (take at most {component[1]})"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        if isinstance(component, int):
            return f"{component:>3}  {'o' * min(component, 60)}"
        heap, limit = component
        return f"{heap:>3}  {'o' * min(heap, 60)}   (take 1 to {min(limit, heap)})"


class SplitHeapPlay(HeapPlay):
    """Lasker's Nim: take from a heap, or split it in two."""

    grammar = "heap H: take N, or heap H: split A B (e.g. 'heap 2: split 1 4')"
    start_value = [3, 5, 7]
    splits = True


class RuleHeapPlay(HeapPlay):
    """Heaps whose moves the family's rule names (At-Least-Half, Dim+, Aliquot, Rims, the codes
    past octal): ``heap 1: take 3``, and where a move also splits what it leaves, ``heap 1: take 3
    leaving 2 4`` (``split 2 4`` takes none). ``rule`` is the rule in a few words: the grammar,
    and so every refusal, says it."""

    def __init__(self, rule: str, start: Sequence[int] = (9, 12, 7), cuts: bool = False) -> None:
        self.rule = rule
        self.cuts = cuts
        self.start_value = list(start)
        self.grammar = ("heap H: take N, or take N leaving A B (e.g. 'heap 1: take 3 leaving 2 4')" if cuts
                        else "heap H: take N (e.g. 'heap 1: take 2')") + f"; {rule}"

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, words = _tokens(text)
        if (self.cuts and len(components) > 1 and "heap" not in words
                and {"leaving", "leave", "split"} & set(words)):     # the heap's number would be misread
            raise IllegalMoveError(f"say the heap first: 'heap 1: take 3 leaving 2 4' ({self.grammar})")
        return super().parse(family, components, text)

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        heap = int(component)
        if self.cuts and {"leaving", "leave", "split"} & set(words):
            take = 0 if "split" in words else (numbers.pop(0) if numbers else 0)
            if not numbers or min(numbers) < 1:
                return None, (), "say the heaps the move leaves, each at least 1"
            if take + sum(numbers) != heap:
                return None, (), (f"the heap has {heap}: taking {take} leaves {heap - take}, not "
                                  f"{' + '.join(map(str, numbers))}")
            return take, tuple(sorted(numbers)), None
        if len(numbers) != 1:
            return None, (), "say one number: how many to take"
        take = numbers[0]
        if not 1 <= take <= heap:
            return None, (), f"the heap has {heap}: take 1 to {heap}"
        return take, ((heap - take,) if take < heap else ()), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        parts = " ".join(map(str, left))
        if count == 0:
            return [f"split {parts}"]
        if len(left) > 1:
            return [f"take {count} leaving {parts}"]
        return [f"take {count}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the heap of {component}"


class PilesPlay(PlayHooks):
    """Moore's Nim_k: ``take 2 from 1, 1 from 3`` (pile number after ``from``) or pairs
    ``1 2 3 1`` (pile, take; at most k pairs)."""

    noun = "pile"
    grammar = "PILE TAKE pairs, at most k of them (e.g. '1 2 3 1' takes 2 from pile 1 and 1 from pile 3)"
    start_value = [1, 2, 3, 4]
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if "from" in words:             # "take 2 from 1, 1 from 3": take first, then the pile
            numbers = [x for pair in zip(numbers[1::2], numbers[0::2]) for x in pair]
        if not numbers or len(numbers) % 2:
            return None, (), "say pairs of numbers: a pile and how many to take from it"
        after = list(component)
        seen = set()
        for pile, take in zip(numbers[0::2], numbers[1::2]):
            if not 1 <= pile <= len(after):
                return None, (), f"there is no pile {pile}: the piles are numbered 1 to {len(after)}"
            if pile in seen:
                return None, (), f"pile {pile} is named twice"
            seen.add(pile)
            if not 1 <= take <= after[pile - 1]:
                return None, (), f"pile {pile} has {after[pile - 1]}: take 1 to {after[pile - 1]}"
            after[pile - 1] -= take
        k = getattr(family, "k", 1)
        if len(seen) > k:
            return None, (), f"a move takes from at most {k} piles, not {len(seen)}"
        left = family.read_component(after)
        return sum(component) - sum(after), ((left,) if left else ()), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        from itertools import combinations, product

        k = getattr(family, "k", 1)
        target = left[0] if left else ()
        for size in range(1, min(k, len(component)) + 1):
            for chosen in combinations(range(len(component)), size):
                for takes in product(*(range(1, component[i] + 1) for i in chosen)):
                    if sum(takes) != count:
                        continue
                    after = list(component)
                    for i, take in zip(chosen, takes):
                        after[i] -= take
                    if family.read_component(after) == target:
                        return [" ".join(f"{i + 1} {t}" for i, t in zip(chosen, takes))]
        return []

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        return "\n".join(f"pile {i + 1}: {p:>3}  {'o' * min(p, 60)}" for i, p in enumerate(component)) or "(no piles)"


class StairPlay(PlayHooks):
    """Staircase Nim: ``step 3: move 2`` moves 2 coins from step 3 to step 2."""

    noun = "step"
    grammar = "step S: move N (e.g. 'step 3: move 2' moves 2 coins from step 3 down to step 2)"
    start_value = [3, 1, 2, 4]
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 2:
            return None, (), "say the step and how many coins"
        step, moved = numbers
        steps = list(component)
        if not 1 <= step <= len(steps):
            return None, (), f"there is no coin on step {step}: the steps are 1 to {len(steps)}"
        if not 1 <= moved <= steps[step - 1]:
            return None, (), f"step {step} has {steps[step - 1]} coins: move 1 to {steps[step - 1]}"
        steps[step - 1] -= moved
        if step > 1:
            steps[step - 2] += moved
        return moved, (family.read_component(steps),), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        return [f"step {s}: move {count}" for s in range(1, len(component) + 1) if component[s - 1] >= count]

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        height = max(len(component), len(start) if start else 0)
        lines = []
        for step in range(height, 0, -1):
            coins = component[step - 1] if step <= len(component) else 0
            lines.append(f"step {step:>2} {'    ' * (step - 1)}|____ {coins:>2} {'o' * min(coins, 40)}")
        lines.append("ground  (steps 1, 3, 5, ... are the Nim heaps)")
        return "\n".join(lines)


class StripPlay(PlayHooks):
    """Nimble: ``move 4 1`` slides a coin from square 4 to square 1."""

    noun = "square"
    grammar = "move FROM TO (e.g. 'move 4 1' slides a coin from square 4 to square 1)"
    start_value = [1, 3, 4, 6]
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 2:
            return None, (), "say two squares: where the coin is and where it goes"
        source, to = numbers
        squares = list(component)
        if source not in squares:
            return None, (), f"there is no coin on square {source}"
        if not to < source:
            return None, (), f"a coin slides left: to a square below {source}"
        squares.remove(source)
        squares.append(to)
        left = family.read_component(squares)
        return source - to, (left,), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        return [f"move {s} {s - count}" for s in sorted(set(component)) if s >= count]

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        width = max(list(component) + list(start or ()) + [0]) + 1
        cells = []
        for square in range(width):
            n = component.count(square)
            cells.append("." if not n else ("o" if n == 1 else str(min(n, 9))))
        ruler = "".join(str(i % 10) for i in range(width))
        return f"squares {ruler}\ncoins   {''.join(cells)}"


class RowPlay(PlayHooks):
    """A row of coins: ``turn 7 4`` turns coins 7 and 4 (the right-most from heads to tails);
    with several rows, ``row 2: turn 7 4``."""

    noun = "row"
    grammar = "turn C [C ...]: the coins to turn over, the right-most a head (e.g. 'turn 7 4')"
    start_value = "THHTTHTHH"
    needs = 99

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, words = _tokens(text)
        if len(components) > 1 and "row" not in words:
            raise IllegalMoveError(f"say the row first: 'row 1: turn 7 4' ({self.grammar})")
        return super().parse(family, components, text)

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        turned = set(numbers)
        if len(turned) != len(numbers):
            return None, (), "a coin is named twice"
        last = max(turned)
        if last not in component:
            return None, (), f"the right-most coin turned, {last}, must be a head"
        after = tuple(sorted(set(component) ^ turned))
        return len(turned), ((after,) if after else ()), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        turned = sorted(set(component) ^ set(left[0] if left else ()), reverse=True)
        return ["turn " + " ".join(map(str, turned))]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the row {self.draw(family, component, None).splitlines()[0]}"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        first = getattr(getattr(family, "line", None), "first", 0)
        width = max(list(component) + list(start or ()) + [first]) - first + 1
        if width > 80:
            return f"heads at {list(component)}"
        row = " ".join("H" if first + i in component else "T" for i in range(width))
        ruler = " ".join(str((first + i) % 10) for i in range(width))
        return f"{row}\n{ruler}"


class GridPlay(PlayHooks):
    """A grid of coins: ``turn 3,2 1,2 3,0 1,0`` turns the coins at column x, row y (the
    south-east-most a head)."""

    noun = "grid"
    grammar = "turn X,Y [X,Y ...]: the coins to turn over by column and row (e.g. 'turn 2,1 0,1 2,0 0,0')"
    start_value = ["THTH", "TTHT", "HTTH"]
    needs = 99

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, words = _tokens(text)
        if len(components) > 1 and "grid" not in words:
            raise IllegalMoveError(f"say the grid first: 'grid 1: turn 2,1 0,1' ({self.grammar})")
        if len(components) > 1 and len(numbers) % 2 == 0:
            raise IllegalMoveError(f"say the grid's number, then pairs of column and row ({self.grammar})")
        return super().parse(family, components, text)

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) % 2:
            return None, (), "say pairs of numbers: a column and a row"
        cells = list(zip(numbers[0::2], numbers[1::2]))
        if len(set(cells)) != len(cells):
            return None, (), "a coin is named twice"
        after = tuple(sorted(set(component) ^ set(cells)))
        return len(cells), ((after,) if after else ()), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        turned = sorted(set(component) ^ set(left[0] if left else ()), reverse=True)
        return ["turn " + " ".join(f"{x},{y}" for x, y in turned)]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return "this grid"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        fx, fy = getattr(family, "first", (0, 0))
        cells = list(component) + list(start or ())
        width = max([x for x, _ in cells] + [fx]) - fx + 1
        height = max([y for _, y in cells] + [fy]) - fy + 1
        if width > 40 or height > 40:
            return f"heads at {[list(c) for c in component]}"
        heads = set(component)
        lines = ["y\\x " + " ".join(str((fx + x) % 10) for x in range(width))]
        for y in range(height):
            lines.append(f"{(fy + y):>3} " + " ".join("H" if (fx + x, fy + y) in heads else "T"
                                                   for x in range(width)))
        return "\n".join(lines)


class GraphPlay(PlayHooks):
    """Green Hackenbush: ``cut edge 5`` deletes edge 5 of the drawing (edges numbered from 1 in
    each graph; with several graphs, ``graph 2: cut edge 5``)."""

    noun = "graph"
    grammar = "cut edge E (e.g. 'cut edge 5'; with several graphs, 'graph 2: cut edge 5')"
    start_value = [{"ground": 0, "edges": [[0, 1], [1, 2], [2, 3], [1, 4], [4, 5]]},
                   {"ground": 0, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}]
    needs = 1

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 1:
            return None, (), "say one edge"
        edge = numbers[0]
        if not 1 <= edge <= len(component):
            return None, (), f"there is no edge {edge}: the edges are numbered 1 to {len(component)}"
        for i, option in enumerate(family.options(component)):     # the options delete edge 1, 2, ...
            if i == edge - 1:
                return option[0], option[1], None
        return None, (), f"there is no edge {edge}"

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        return [f"cut edge {i + 1}" for i, option in enumerate(family.options(component)) if option == (count, left)]

    def describe(self, family: "ComponentFamily", component: Any, count: int, left: Tuple[Any, ...]) -> str:
        """``cut edge 2 (1-2); 1 more edge falls with it, leaving 3 edges worth 3``: the edge by its
        number on the board (the first deletion that leaves the same graph)."""
        for i, option in enumerate(family.options(component)):
            if option == (count, left):
                u, v = component[i]
                fallen = count - 1
                after = left[0] if left else ()
                grundy = family.grundy(after) if after else 0
                return (f"cut edge {i + 1} ({'ground' if u == 0 else u}-{v})"
                        + (f"; {fallen} more edge{'s' if fallen > 1 else ''} fall{'s' if fallen == 1 else ''} with it"
                           if fallen else "")
                        + f", leaving {len(after)} edge{'s' if len(after) != 1 else ''} worth {grundy}")
        return family.move_words(component, count, left)

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        if not component:
            return "(no edge left)"
        shown = [f"{i + 1}: {'ground' if u == 0 else u}-{v}" for i, (u, v) in enumerate(component[:60])]
        more = f" ... ({len(component)} edges)" if len(component) > 60 else ""
        return "edges " + ", ".join(shown) + more


class BoxesPlay(PlayHooks):
    """Empty and Divide: ``pair 1: empty 4, divide 2 3`` empties the box of 4 and divides the
    other box's chips into 2 and 3."""

    noun = "pair"
    grammar = "pair P: empty E, divide A B (e.g. 'pair 1: empty 4, divide 2 3': the other box's chips as A and B)"
    start_value = [[4, 5], [3, 6]]
    needs = 3

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 3:
            return None, (), "say the box to empty and the two parts of the other"
        emptied, a, b = numbers
        m, n = component
        if emptied not in (m, n):
            return None, (), f"the boxes hold {m} and {n}: empty one of them, not {emptied}"
        other = n if emptied == m else m
        if min(a, b) < 1 or a + b != other:
            return None, (), (f"the other box holds {other}: divide it into two parts of at least 1 that add up "
                              f"to {other}")
        return emptied, ((min(a, b), max(a, b)),), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        a, b = left[0]
        return [f"empty {count}, divide {a} {b}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the boxes {list(component)}"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        m, n = component
        return f"[{m:>2}] {'o' * min(m, 30)}   [{n:>2}] {'o' * min(n, 30)}"


class PokerPlay(PlayHooks):
    """Poker Nim: ``take 3 from 2`` (chips from pile 2), ``add 2 to 1`` (chips from the pool to
    pile 1); the piles numbered as drawn, smallest first."""

    noun = "pile"
    grammar = "take N from P, or add N to P from the pool (e.g. 'take 3 from 2', 'add 2 to 1')"
    start_value = {"piles": [3, 4, 5], "pool": 4}
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        piles, pool = component
        verb = [w for w in words if w in ("take", "add")]
        if len(verb) != 1 or len(numbers) != 2:
            return None, (), "say take or add, how many, and the pile"
        count, pile = numbers
        if not 1 <= pile <= len(piles):
            return None, (), f"there is no pile {pile}: the piles are numbered 1 to {len(piles)}"
        after = list(piles)
        if verb[0] == "take":
            if not 1 <= count <= piles[pile - 1]:
                return None, (), f"pile {pile} has {piles[pile - 1]}: take 1 to {piles[pile - 1]}"
            after[pile - 1] -= count
            left = family.read_component({"piles": after, "pool": pool})
        else:
            if not 1 <= count <= pool:
                return None, (), (f"the pool has {pool} chips: add 1 to {pool}" if pool
                                  else "the pool is empty: nothing to add")
            after[pile - 1] += count
            left = family.read_component({"piles": after, "pool": pool - count})
        return count, (left,), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        piles, _ = component
        return [f"{verb} {count} {word} {p}" for p in range(1, len(piles) + 1)
                for verb, word in (("take", "from"), ("add", "to"))]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return "these piles"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        piles, pool = component
        lines = [f"pile {i + 1}: {p:>3}  {'o' * min(p, 60)}" for i, p in enumerate(piles)] or ["(no piles)"]
        return "\n".join(lines + [f"pool:   {pool:>3}  {'+' * min(pool, 60)}"])


class ChompPlay(PlayHooks):
    """Chomp: ``eat 2 3`` eats the square in row 2, column 3 with every square above and right of
    it (rows from the bottom, columns from the left; the poison is row 1, column 1)."""

    noun = "square"
    grammar = "eat R C: the square in row R (from the bottom), column C (from the left) (e.g. 'eat 2 3')"
    start_value = {"rows": 3, "columns": 4}
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 2:
            return None, (), "say a row and a column"
        row, column = numbers
        if not 1 <= row <= len(component) or not 1 <= column <= component[row - 1]:
            return None, (), f"there is no square in row {row}, column {column}"
        if (row, column) == (1, 1):
            return None, (), "the bottom-left square is the poison: it is never eaten"
        kept = tuple(component[:row - 1]) + tuple(min(length, column - 1) for length in component[row - 1:])
        after = tuple(length for length in kept if length)
        return sum(component) - sum(after), (after,), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        after = left[0]
        row = next(i for i, length in enumerate(component) if i >= len(after) or after[i] < length)
        column = after[row] if row < len(after) else 0
        return [f"eat {row + 1} {column + 1}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the bar {list(component)}"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        width = max(list(component) + list(start or ()) + [1])
        if width > 60 or len(component) > 60:
            return f"rows {list(component)}"
        lines = [f"{r + 1:>3} " + " ".join("x" if (r, c) == (0, 0) else "#" for c in range(length))
                 for r, length in enumerate(component)]
        lines.reverse()                               # the bottom row is row 1
        return "\n".join(lines + ["    " + " ".join(str((c + 1) % 10) for c in range(width))
                                   + "   (x: the poison)"])


class CardsPlay(PlayHooks):
    """Thirty-one: ``turn 4`` turns a four (``turn 1``: an ace), adding it to the total."""

    noun = "card"
    grammar = "turn V: a card from 1 (an ace) to 6, adding it to the total (e.g. 'turn 4')"
    start_value: Any = []
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        if len(numbers) != 1:
            return None, (), "say one card"
        total, left = component
        value = numbers[0]
        if not 1 <= value <= len(left):
            return None, (), f"the cards are 1 (an ace) to {len(left)}"
        if not left[value - 1]:
            return None, (), f"every {value} is turned: none is left"
        if total + value > 31:
            return None, (), f"the total is {total}: a {value} would pass 31"
        after = left[:value - 1] + (left[value - 1] - 1,) + left[value:]
        return value, ((total + value, after),), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        return [f"turn {count}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the total {component[0]}"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        total, left = component
        rows = [f"{'A' if v == 1 else v}: {'[]' * n}" for v, n in enumerate(left, 1)]
        return "\n".join([f"total {total} of 31"] + rows)


class CheckersPlay(PlayHooks):
    """Northcott's game: ``row 2: to 5`` slides your checker of row 2 to square 5 (rows and
    squares numbered from 1); White moves the W checkers, Black the B ones."""

    noun = "row"
    grammar = "row R: to S: your checker of row R to square S (e.g. 'row 1: to 3')"
    start_value = ["W....B", ".B...W.", "..W..B"]
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        rows, mover = component
        if len(numbers) != 2:
            return None, (), "say a row and the square your checker goes to"
        row, square = numbers
        if not 1 <= row <= len(rows):
            return None, (), f"there is no row {row}: the rows are numbered 1 to {len(rows)}"
        width, white, black = rows[row - 1]
        mine, theirs = (white, black) if mover == "W" else (black, white)
        to = square - 1
        if not 0 <= to < width:
            return None, (), f"row {row} has squares 1 to {width}"
        if to == mine:
            return None, (), f"your checker is on square {square} already"
        if (mine < theirs) != (to < theirs):
            return None, (), f"a checker never moves onto or over the other one (it is on square {theirs + 1})"
        moved = (width, to, black) if mover == "W" else (width, white, to)
        return abs(to - mine), ((rows[:row - 1] + (moved,) + rows[row:], "B" if mover == "W" else "W"),), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        rows, mover = component
        after = left[0][0]
        for i, (before, now) in enumerate(zip(rows, after)):
            if before != now:
                return [f"row {i + 1}: to {(now[1] if mover == 'W' else now[2]) + 1}"]
        return []

    def describe(self, family: "ComponentFamily", component: Any, count: int, left: Tuple[Any, ...]) -> str:
        """The move with its row numbered from 1, as the board and the grammar number them."""
        rows, mover = component
        after = left[0][0]
        i = next(j for j, (a, b) in enumerate(zip(rows, after)) if a != b)
        toward = abs(after[i][1] - after[i][2]) < abs(rows[i][1] - rows[i][2])
        square = (after[i][1] if mover == "W" else after[i][2]) + 1
        return (f"{'white' if mover == 'W' else 'black'} moves row {i + 1}'s checker {count} square"
                f"{'s' if count > 1 else ''} {'toward' if toward else 'away from'} the other, to square {square}")

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return "this board"

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        rows, mover = component
        lines = []
        for i, (width, white, black) in enumerate(rows[:40]):
            cells = ["."] * width if width <= 80 else []
            if cells:
                cells[white], cells[black] = "W", "B"
            shown = " ".join(cells) if cells else f"W on {white + 1}, B on {black + 1} of {width}"
            lines.append(f"row {i + 1:>2}: {shown}   (gap {abs(white - black) - 1})")
        return "\n".join(lines + [f"{'White' if mover == 'W' else 'Black'} to move"])


class LettersPlay(PlayHooks):
    """SOS: ``S 3`` (or ``write S in 3``) writes an S in square 3 of the row (squares from 1)."""

    noun = "square"
    grammar = "S N or O N: the letter and the empty square to write it in (e.g. 'S 3', 'write O in 5')"
    start_value = 7
    whole = True
    needs = 0

    def build(self, family: "ComponentFamily", component: Any, numbers: List[int],
              words: List[str]) -> Tuple[Optional[int], Tuple[Any, ...], Optional[str]]:
        letters = [w.upper() for w in words if w in ("s", "o")]
        if len(numbers) != 1 or len(letters) != 1:
            return None, (), "say one letter, S or O, and one square"
        square = numbers[0]
        if "SOS" in component:
            return None, (), "the game is over: the row holds an SOS"
        if not 1 <= square <= len(component):
            return None, (), f"the squares are numbered 1 to {len(component)}"
        if component[square - 1] != "-":
            return None, (), f"square {square} holds {component[square - 1]} already: write in an empty one"
        return 1, (component[:square - 1] + letters[0] + component[square:],), None

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        after = left[0]
        i = next(j for j, (a, b) in enumerate(zip(component, after)) if a != b)
        return [f"{after[i]} {i + 1}"]

    def shown(self, family: "ComponentFamily", component: Any) -> str:
        return f"the row {component}"

    def drawn(self, family: "ComponentFamily", components: Sequence[Any]) -> Optional[str]:
        row = components[0] if components else ""
        if "SOS" in row:
            return None
        return f"The row {row} is full without an SOS: a draw."

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        cells = " ".join(c if c != "-" else "_" for c in component)
        ruler = " ".join(str((i + 1) % 10) for i in range(len(component)))
        return f"{cells}\n{ruler}"


class VerticesPlay(PlayHooks):
    """Vertex removal: ``remove 3`` removes vertex 3 and its edges (the vertices keep the numbers
    the position gave them, so a vertex names its graph; ``graph 2: remove 3`` is read too)."""

    noun = "graph"
    grammar = "remove V: a vertex with at least one edge, and its edges go too (e.g. 'remove 3')"
    start_value = [[0, 1], [1, 2], [2, 3], [3, 4], [1, 5], [6, 7], [7, 8], [8, 6]]
    needs = 1

    def parse(self, family: "ComponentFamily", components: Sequence[Any], text: str) -> Option:
        numbers, words = _tokens(text)
        if "graph" in words and len(numbers) == 2:
            graph = numbers.pop(0)
            if not 1 <= graph <= len(components):
                raise IllegalMoveError(f"there is no graph {graph}: the graphs are numbered 1 to {len(components)}")
        if len(numbers) != 1:
            raise IllegalMoveError(f"say one vertex ({self.grammar})")
        vertex = numbers[0]
        for index, component in enumerate(components):
            edges = [tuple(edge) for edge in component]
            if any(vertex in edge for edge in edges):
                rest = {edge for edge in edges if vertex not in edge}
                if family.option_count(component) > MAX_SCAN:
                    raise IllegalMoveError("this graph has too many vertices to check a typed move")
                for count, left in family.options(component):      # the one that removes this vertex
                    if {tuple(edge) for part in left for edge in part} == rest:
                        return (index, count, left)
        shown = sorted({v for c in components for edge in c for v in edge})
        raise IllegalMoveError(f"vertex {vertex} has no edge on the board: remove one of {shown[:40]} "
                               f"({self.grammar})")

    def spellings(self, family: "ComponentFamily", component: Any, count: int,
                  left: Tuple[Any, ...]) -> List[str]:
        rest = {tuple(edge) for part in left for edge in part}
        return [f"remove {v}" for v in sorted({v for edge in component for v in edge})
                if {tuple(edge) for edge in component if v not in edge} == rest]

    def draw(self, family: "ComponentFamily", component: Any, start: Any) -> str:
        shown = ", ".join(f"{u}-{v}" for u, v in list(component)[:60])
        return "edges " + shown + (f" ... ({len(component)} edges)" if len(component) > 60 else "")


def board_lines(family: "ComponentFamily", components: Sequence[Any], start: Sequence[Any] = ()) -> Dict[str, Any]:
    """The board's text and the component noun, for a renderer that draws its own."""
    hooks = play_hooks(family)
    return {"text": hooks.board(family, components, start), "noun": hooks.noun, "grammar": hooks.grammar}
