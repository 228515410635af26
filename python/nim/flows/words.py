"""The words every flow shares, said the same by the terminal and the browser: a move
typed as ``PILE COUNT [PART]`` and why one is refused, a game's ending line, the verb
that agrees with a seat's name (the seed's "You" takes the second person)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Sequence

from nim.position import Move, Position
from nim.rules import Rules

if TYPE_CHECKING:                     # pragma: no cover
    from typing import Protocol

    class Named(Protocol):
        """A seat with a name (``nim.play.game.Player``)."""

        name: str

__all__ = ["move_parser", "example_move", "winner_at_end", "convention", "ending", "split_words", "verb",
           "named"]


#: The second person of the verbs said of a seat ("You win", "you have no move left").
_SECOND_PERSON = {"is": "are", "has": "have", "wins": "win", "loses": "lose", "moves": "move",
                  "takes": "take", "splits": "split", "answers": "answer"}


def verb(name: str, third: str) -> str:
    """``third`` (a verb in the third person) agreeing with a seat's name: the seed's "You"
    takes the second person, every other name the third (issue 40, item 7)."""
    return _SECOND_PERSON.get(third, third) if name.lower() == "you" else third


def named(name: str) -> str:
    """A seat's name inside a sentence: "you" for the seed's "You", any other name as it is."""
    return "you" if name == "You" else name


def move_parser(position: Position, base: int = 1, noun: str = "pile") -> Callable[[str], Move]:
    """A parser for a human move ``PILE COUNT`` (piles numbered from ``base``; one
    pile: ``COUNT``), legal under the position's rules; its messages call a pile ``noun``.

    In a take-and-break game a move may leave two heaps: ``PILE COUNT PART``
    takes COUNT from the pile and leaves heaps of PART and the rest (``2 1 3``
    from a pile of 7: heaps of 3 and 3); ``PILE COUNT`` leaves one heap (or none).
    """
    rules = position.rules
    n = len(position)
    last = base + n - 1
    splits = rules.splits
    grundy = rules.take == "grundy"       # a move splits a heap and takes nothing: HEAP PART
    legal = example_move(position, base)

    def parse(answer: str) -> Move:
        if "," in answer:
            example = legal.split(" ", 1)[1] if n == 1 and not splits else legal
            raise ValueError(f"{answer!r}: separate the numbers with a space, e.g. '{example}'")
        words = answer.split()
        if n == 1 and len(words) == 1:
            words = [str(base)] + words
        if grundy and len(words) == 2:
            words = [words[0], "0", words[1]]
        elif grundy and len(words) == 3 and words[1] != "0":
            raise ValueError(f"{answer!r}: in Grundy's game nothing is taken, a {noun} is split: type "
                             f"{noun.upper()} PART, e.g. '{legal}'")
        if len(words) != 2 and not (splits and len(words) == 3):
            if grundy:
                example = f"the {noun} (numbered from {base}) and the size of one of the two parts, e.g. '{legal}'"
            elif splits:
                example = (f"the {noun} (numbered from {base}), how many to take and, to split what is "
                           f"left, one of the two heaps, e.g. '{legal}'")
            else:
                example = (f"a number of stones, e.g. {legal.split(' ', 1)[1]}" if n == 1
                           else f"the {noun} (numbered from {base}) and how many to take, e.g. '{legal}'")
            raise ValueError(f"type {example}" if not words else f"{answer!r} is not a move: type {example}")
        numbers = []
        for word, what in zip(words, (f"{noun} number", "count", "heap size")):
            if not (word.isascii() and word.lstrip("-").isdigit()):
                raise ValueError(f"{word[:30]!r} is not a whole number")
            if len(word) > 30:
                most = last if what == f"{noun} number" else max(position.piles, default=0)
                raise ValueError(f"a {what} of {len(word)} digits is too large: at most {most} here")
            numbers.append(int(word))
        pile, count = numbers[0], numbers[1]
        if not base <= pile <= last:
            raise ValueError(f"there is no {noun} {pile}: the {noun}s are numbered {base} to {last}")
        size = position[pile - base]
        if splits:
            return _split_move(position, pile, base, count, numbers[2] if len(numbers) == 3 else None, noun)
        takes = rules.takes(size)      # largest first
        if size == 0:
            raise ValueError(f"{noun} {pile} is empty")
        if not takes:
            raise ValueError(f"{noun} {pile} has {size}: it cannot be touched under {rules}")
        if count not in takes:
            low, high = takes[-1], takes[0]
            if rules.take == "set":
                allowed = "one of " + ", ".join(map(str, sorted(takes)))
            elif low == high:
                allowed = str(low)
            else:
                allowed = f"{low} to {high}"
            raise ValueError(f"you cannot take {count} from {noun} {pile} (it has {size}): take {allowed}")
        return Move(pile - base, count)

    return parse


def example_move(position: Position, base: int = 1) -> str:
    """A legal move of ``position`` as a player types it (piles from ``base``): the
    first pile that can move and its smallest take (a split: one of the two heaps;
    Grundy's game: ``HEAP PART``), for the examples the prompts give."""
    rules = position.rules
    for index, size in enumerate(position.piles):
        if rules.splits:
            options = sorted(rules.heap_moves(size), key=lambda option: option[0])
            if options:
                count, split = options[0]
                if rules.take == "grundy" and split is not None:
                    return f"{index + base} {split[0]}"
                return f"{index + base} {count}" + (f" {split[0]}" if split is not None else "")
        else:
            takes = rules.takes(size)
            if takes:
                return f"{index + base} {min(takes)}"
    return f"{base} 1"


def _split_move(position: Position, pile: int, base: int, count: int, part: Optional[int],
                noun: str) -> Move:
    """The move ``pile count [part]`` of a take-and-break game, or ValueError saying
    which moves the pile has."""
    rules = position.rules
    size = position[pile - base]
    options = rules.heap_moves(size)
    if not options:
        raise ValueError(f"{noun} {pile} has {size}: no move can be made on it under {rules}")
    counts = options.counts()     # one per place of the code: a heap of 10**18 has 10**18 moves
    if count not in counts:
        allowed = ", ".join(map(str, counts))
        raise ValueError(f"you cannot take {count} from {noun} {pile} (it has {size}): "
                         f"take {'one of ' if len(counts) > 1 else ''}{allowed}")
    rest = size - count
    can_split = any(c == count and split is not None for c, split in options)
    if part is None:
        if (count, None) in options:
            return Move(pile - base, count)
        raise ValueError(f"taking {count} from {noun} {pile} must leave two heaps: type "
                         f"'{pile} {count} A', A the size of one of them (1 to {rest - 1})")
    if not can_split:
        left = "nothing" if rest == 0 else f"one heap of {rest}"
        raise ValueError(f"taking {count} from {noun} {pile} cannot split it: it leaves {left}; "
                         f"type '{pile} {count}'")
    if not 1 <= part < rest:
        if rules.take == "grundy":
            equal = f", but not {rest // 2}: the two heaps must differ" if rest % 2 == 0 else ""
            raise ValueError(f"{pile} {part}: {noun} {pile} has {rest}, so one of the two heaps is 1 to "
                             f"{rest - 1}{equal}; not {part}")
        raise ValueError(f"{pile} {count} {part}: after taking {count}, {noun} {pile} has {rest} left, so "
                         f"one of the two heaps is 1 to {rest - 1}, not {part}")
    move = Move(pile - base, count, split=(part, rest - part))
    if not position.is_legal(move):
        raise ValueError(f"heaps of {part} and {rest - part} are not allowed: in Grundy's game the two "
                         "heaps must differ")
    return move


def winner_at_end(mover: int, rules: Rules) -> int:
    """Seat that wins when the player ``mover`` (0/1) has no move left."""
    return mover if rules.misere else 1 - mover


def convention(rules: Rules, emptied: bool = True) -> str:
    """The play convention in words: who wins by the last take (or the last move)."""
    act = "takes the last object" if emptied else "makes the last move"
    return f"misère play: whoever {act} loses" if rules.misere else f"normal play: whoever {act} wins"


def ending(players: Sequence["Named"], mover: int, final: Position, moved: bool,
           thing: str = "object") -> str:
    """The end of a game in one line: who made the last move, who wins, under which convention.

    ``mover`` is the seat to move in the ``final`` position, which has no move
    left; ``moved`` is False when the game had no move at all.
    """
    won = players[winner_at_end(mover, final.rules)].name
    winner, wins = named(won), verb(won, "wins")       # "you win", the seed's "You" included
    emptied = not any(final)
    rule = convention(final.rules, emptied).replace("object", thing)
    if not moved:
        return f"No move is possible: {players[mover].name} cannot move, so {winner} {wins} ({rule})."
    last = players[1 - mover].name
    if emptied:
        return f"{last} took the last {thing}: {winner} {wins} ({rule})."
    left = sum(final)
    return (f"{last} made the last move ({left} {thing}{'s' if left != 1 else ''} left, none "
            f"can be taken): {winner} {wins} ({rule}).")


def split_words(move: Move) -> str:
    """``", leaving heaps of 2 and 4"`` for a move that splits a pile, else ``""``."""
    if move.split is None:
        return ""
    first, second = move.split
    return f", leaving heaps of {first} and {second}"


