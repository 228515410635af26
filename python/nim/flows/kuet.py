"""The KUET flow as a state machine (SPEC section 4): NimX, in the report's own words.

The report's lines are said here and nowhere else: the greeting and its questions
(``Hello!!! I am NimX...``, ``What is your name???``, ``Do you want to play with
me???``, the difficulty menu), the board (``Pile_no 1: /*\\/*\\`` between ``-----``
lines, piles numbered from 1), ``NimX is playing using IDA*.....``, the two move
questions, ``NimX removes K stones from pile P.``, ``After NimX's turn,,,``, the wins
array of Easy mode and the chromosomes, fitness and selection of Hard mode. Extras that
help: a reason when an answer is refused, who took the last stone at the end of each
game, the algorithms in plain words.

A session is a series: Easy plays 3 games against IDA*, Hard 6, Minimax and Alpha-Beta
in turn, each keeping its chromosome (1: NimX won), then the genetic algorithm's
selection step. Every game's board is drawn when the series starts, so a series loaded
at game N plays the boards it would have had. The series lives in the state
(``series``: ``difficulty``, ``games``, ``index``, ``boards``, ``board`` (the board
given for every game, or None), ``specs``, ``labels``, ``results``, ``done``; at the end
``chromosomes``, ``fitness``, ``selected``). The terminal (``nim.play.kuet``, through
``nim.play.machine``) and the browser (``nim.web.games``) render this machine.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from nim.errors import NimError
from nim.flows.base import Board, Flow, Refusal, State, new_seat
from nim.position import Move
from nim.rules import Rules
from nim.selection import Population

__all__ = ["Kuet", "KUET_PILES", "KUET_SIZES", "ARROWS", "GREETING", "NAME_PROMPT", "PLAY_QUESTION",
           "PLAY_PROMPT", "DIFFICULTY_LINES", "DIFFICULTY_PROMPT", "SELECTION_NAMES", "kuet_board",
           "goodbye", "thanks"]

#: KUET boards: 2 to 3 piles of 1 to 6 stones.
KUET_PILES = (2, 3)
KUET_SIZES = (1, 6)
#: The report's greeting and questions, in its words.
GREETING = "Hello!!! I am NimX..."
NAME_PROMPT = "What is your name??? "
PLAY_QUESTION = "Do you want to play with me???"
PLAY_PROMPT = "If you want then press 'y' otherwise press 'n' "
DIFFICULTY_LINES = ("Choose difficulty level:", "1. Easy (NimX uses IDA*)",
                    "2. Hard (NimX uses Minimax and Alpha-Beta)")
DIFFICULTY_PROMPT = "Enter 1 or 2: "
PILE_PROMPT = "From which pile you want to remove stones, {name}??: "
COUNT_PROMPT = "How many stones do you want to remove (maximum 3)??: "
#: The report's arrow line under "NimX is playing using ...".
ARROWS = "->" * 19
#: The board's heading and its rule lines.
LOOK = "Let's see how the board is looking right now..."
RULE = "-----"
STONE = "/*\\"
#: Piles longer than this are drawn as this many stones and their count.
MAX_DRAWN = 15
#: The rules in a sentence, said once after the difficulty is chosen.
RULES_LINE = "(Take 1 to 3 stones from one pile; whoever takes the last stone wins. Piles are numbered from 1.)"
#: The algorithms in plain words, said once after the difficulty is chosen.
EASY_WORDS = ("(IDA*, in plain words: NimX looks one move ahead, then two, then more, until it sees "
              "a way to win; it does not always find the best move.)")
HARD_WORDS = ("(In plain words: Minimax tries every line of play to the end and picks the best move; "
              "Alpha-Beta finds the same move faster by skipping lines that cannot change the choice. "
              "Each algorithm keeps a list of its results, its chromosome (1: NimX won), and the one "
              "with the better fitness, wins / games, is selected at the end.)")
#: The board and the games, for the page above its form.
ABOUT = ("Board: 2 to 3 piles of 1 to 6 stones; take 1 to 3 stones from one pile; whoever takes the last "
         "stone wins; you move first.",
         "Easy: 3 games against IDA*, then \u201cIDA* wins: [...]\u201d. Hard: 6 games, Minimax and "
         "Alpha-Beta in turn, then the genetic algorithm's selection step.")
#: Each difficulty's players, as ``make_strategy`` names them, and their names in the report.
PLAYERS = {1: (("ida", "IDA*"),), 2: (("minimax", "Minimax"), ("alphabeta", "Alpha-Beta"))}
#: The names the report gives the two Hard-mode algorithms in the selection step.
SELECTION_NAMES = {"Minimax": "Minimax", "Alpha-Beta": "Alpha_Beta"}
NIMX = "NimX"


def kuet_board(piles: Sequence[int]) -> Board:
    """The report's board, plain (the terminal draws it again in colour, ``nim.play.board``)."""
    lines = [RULE]
    for index, pile in enumerate(piles, start=1):
        stones = STONE * min(pile, MAX_DRAWN) + (f" ... ({pile} stones)" if pile > MAX_DRAWN else "")
        lines.append(f"Pile_no {index}: {stones}".rstrip())
    lines.append(RULE)
    return Board("\n".join(lines), tuple(piles), "kuet")


def goodbye(name: str) -> str:
    """The answer to a ``n``."""
    return f"Maybe next time, {name}. Goodbye!"


def thanks(name: str) -> str:
    """The series' last line."""
    return f"Thanks for playing, {name}!"


def draw_boards(rng: random.Random, games: int) -> List[List[int]]:
    """Every game's random board, drawn when the series starts (issue 40, item 5)."""
    return [[rng.randint(*KUET_SIZES) for _ in range(rng.randint(*KUET_PILES))] for _ in range(games)]


def parse_pile(piles: Sequence[int], answer: str) -> int:
    """The answer to ``From which pile...``: a pile (numbered from 1) that has a stone; its index."""
    n = len(piles)
    if not (answer.isascii() and answer.isdigit()):
        raise ValueError(f"type a pile number from 1 to {n}" if not answer
                         else f"{answer[:30]!r} is not a pile number: type 1 to {n}")
    if len(answer) > 30:
        raise ValueError(f"there is no pile with a number of {len(answer)} digits: the piles are numbered 1 to {n}")
    pile = int(answer)
    if not 1 <= pile <= n:
        raise ValueError(f"there is no pile {pile}: the piles are numbered 1 to {n}")
    if piles[pile - 1] == 0:
        raise ValueError(f"pile {pile} is empty")
    return pile - 1


def parse_count(piles: Sequence[int], pile: int, answer: str) -> Move:
    """The answer to ``How many stones...`` for pile index ``pile``: 1 to 3, at most what it has."""
    size = piles[pile]
    most = min(3, size)
    if not (answer.isascii() and answer.isdigit()):
        raise ValueError(f"type 1 to {most}" if not answer else f"{answer[:30]!r} is not a number of stones")
    if len(answer) > 30:
        raise ValueError(f"a count of {len(answer)} digits is too large: take 1 to {most}")
    count = int(answer)
    if not 1 <= count <= most:
        raise ValueError(f"you cannot take {count} from pile {pile + 1} (it has {size}): take 1 to {most}")
    return Move(pile, count)


class Kuet(Flow):
    """KUET's NimX: a series of games, the human first, then the wins array or the selection step."""

    def setup(self, answers: Dict[str, Any], rng: random.Random, seed: int) -> State:
        """``name``, ``difficulty`` (1 Easy, 2 Hard; None: 1), ``games`` (None: 3 Easy, 6 Hard),
        ``piles`` (every game's board; None: drawn at random), ``ai`` (another player than
        Easy's IDA*, as ``make_strategy`` names it) and ``ai_label`` (its name), ``first``
        (``ai``: NimX moves first).

        Raises
        ------
        NimError
            For a difficulty other than 1 or 2, or a number of games below 1.
        """
        difficulty = answers.get("difficulty") or 1
        if difficulty not in (1, 2):
            raise NimError(f"KUET difficulty is 1 (Easy) or 2 (Hard), not {difficulty}")
        games = answers.get("games") or (3 if difficulty == 1 else 6)
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise NimError(f"a KUET series has at least 1 game, not {games!r}")
        players = PLAYERS[difficulty]
        ais = answers.get("ai") or ()
        if ais and difficulty == 1:      # --ai: another player than IDA* (Easy only, as the terminal)
            players = ((ais[0], answers.get("ai_label") or ais[0]),)
        specs = [players[i % len(players)][0] for i in range(games)]
        labels = [players[i % len(players)][1] for i in range(games)]
        boards = draw_boards(rng, games)
        given = list(answers["piles"]) if answers.get("piles") else None
        if given is not None:
            boards = [list(given) for _ in range(games)]
        name = answers.get("name") or "Player"
        first = 1 if answers.get("first") == "ai" else 0
        state: State = {"flow": self.name, "rules": str(self.info.fixed_rules), "base": 1,
                        "start": list(boards[0]), "piles": list(boards[0]), "moves": [],
                        "seats": [new_seat(name), new_seat(NIMX, specs[0], labels[0])],
                        "first": first, "to_move": first,
                        "finished": False, "winner": None, "seed": seed, "mode": "hvai",
                        "series": {"difficulty": difficulty, "games": games, "index": 0, "boards": boards,
                                   "specs": specs, "labels": labels, "results": [], "done": False,
                                   "board": given}}
        self.rebuild(state)
        if state["finished"]:           # an empty board: the game is over before it starts
            self._record(state)
        return state

    # ---------------------------------------------------------------- the page and the greeting

    def heading(self, rules: Rules) -> List[str]:
        return [GREETING]

    def intro(self) -> List[str]:
        return [GREETING]

    def about(self) -> List[str]:
        """The page's words under its form: the board and the games."""
        return list(ABOUT)

    def form_words(self) -> Dict[str, str]:
        return {"name": NAME_PROMPT.strip(), "play": PLAY_QUESTION, "press": PLAY_PROMPT.strip(),
                "difficulty": "\n".join(DIFFICULTY_LINES), "easy": DIFFICULTY_LINES[1][:7],
                "hard": DIFFICULTY_LINES[2][:7], "goodbye": goodbye("{name}"), "about": "\n".join(ABOUT)}

    def introduction(self, state: State) -> List[str]:
        return [RULES_LINE, EASY_WORDS if state["series"]["difficulty"] == 1 else HARD_WORDS]

    # ---------------------------------------------------------------- one game

    def opening(self, state: State) -> List[str]:
        series = state["series"]
        index = series["index"]
        return ["", f"Game {index + 1} of {series['games']}", LOOK, kuet_board(state["start"]),
                f"NimX is playing using {series['labels'][index]}.....", ARROWS]

    def prompt(self, state: State) -> str:
        return PILE_PROMPT.format(name=state["seats"][0]["name"])

    def questions(self, state: State) -> Optional[Tuple[str, str]]:
        """The report asks a move in two questions: the pile, then how many."""
        return self.prompt(state), COUNT_PROMPT

    def parse_pile(self, state: State, text: str) -> int:
        return parse_pile(state["piles"], text.strip())

    def parse_count(self, state: State, pile: int, text: str) -> Move:
        return parse_count(state["piles"], pile, text.strip())

    def parse(self, state: State, text: str) -> Move:
        """A move typed in one line, ``PILE COUNT`` (the two answers)."""
        words = text.split()
        if len(words) != 2:
            raise Refusal(f"type the pile (1 to {len(state['piles'])}) and how many stones, e.g. '1 1'")
        return self.parse_count(state, self.parse_pile(state, words[0]), words[1])

    def move_lines(self, state: State, seat: int, move: Move) -> List[str]:
        if seat == 1:
            return [f"NimX removes {move.count} stones from pile {move.pile + 1}.", "", "After NimX's turn,,,",
                    LOOK, kuet_board(state["piles"])]
        if state["finished"]:          # the human's move that ends the game: the board once more
            return ["", f"After {state['seats'][0]['name']}'s turn,,,", LOOK, kuet_board(state["piles"])]
        return []                      # the report shows the human's answers only

    def apply(self, state: State, seat: int, move: Move) -> Tuple[State, List[str]]:
        """As every flow's, and a game that ends adds its result to the series before its
        ending is said."""
        after = copy.deepcopy(state)
        after["moves"].append([seat, move.pile, move.count])
        self.rebuild(after)
        if after["finished"]:
            self._record(after)
        lines = self.move_lines(after, seat, move)
        if after["finished"]:
            lines += self.ending(after)
        return after, lines

    def ending(self, state: State) -> List[str]:
        """Who took the last stone, and after the series' last game the wins array (Easy) or the
        chromosomes, fitness and selection (Hard); the state's result is recorded already."""
        human = state["seats"][0]["name"]
        if state["moves"]:
            last = NIMX if state["moves"][-1][0] == 1 else human
            lines = [f"{last} took the last stone: {last} wins this game (whoever takes the last stone wins)."]
        else:
            last = state["seats"][state["winner"]]["name"]
            lines = [f"No stone to take: {last} wins (whoever takes the last stone wins)."]
        series = state["series"]
        if not series["done"]:
            return lines
        lines.append("")
        if series["difficulty"] == 1:
            lines += [f"{series['labels'][0]} wins: {series['results']}",
                      "Genetic algorithm is not applicable in Easy mode."]
        else:
            for name, genes in series["chromosomes"].items():
                lines.append(f"{name} chromosome (wins): {genes}")
            lines += ["", "1 represents wins and 0 represents lose"]
            for name, fitness in series["fitness"].items():
                lines += ["", f"Algorithm: {SELECTION_NAMES.get(name, name)}, Fitness: {fitness}"]
            selected = series["selected"]
            genes = next(g for n, g in series["chromosomes"].items() if SELECTION_NAMES.get(n, n) == selected)
            lines += ["", f"Selected Chromosome: {genes} with algorithm: {selected}"]
        return lines + [thanks(human)]

    def _record(self, state: State) -> None:
        """Add the finished game's result (1: NimX won) to the series; after its last game,
        the selection step (Hard) over each algorithm's chromosome."""
        series = state["series"]
        series["results"].append(1 if state["winner"] == 1 else 0)
        if len(series["results"]) < series["games"]:
            return
        series["done"] = True
        if series["difficulty"] == 2:
            population = Population(dict.fromkeys(series["labels"]))
            for label, won in zip(series["labels"], series["results"]):
                population.record(label, won)
            selected = population.select_fittest()
            series["chromosomes"] = {m.name: m.genes for m in population}
            series["fitness"] = {m.name: m.fitness for m in population}
            series["selected"] = SELECTION_NAMES.get(selected.name, selected.name)

    def undone(self, state: State) -> List[str]:
        return [LOOK, kuet_board(state["piles"])]

    def resumed(self, state: State) -> str:
        return "the game goes on"

    # ---------------------------------------------------------------- the series

    def series_record(self, state: State) -> Optional[Dict[str, Any]]:
        """What a record of this game keeps of its series: the difficulty, the game's number,
        the games, the results before it, and the board every game starts from when one was
        given (else the seed draws them again)."""
        series = state["series"]
        index = series["index"]
        kept: Dict[str, Any] = {"difficulty": series["difficulty"], "game": index + 1, "games": series["games"],
                                "results": list(series["results"][:index])}
        if series.get("board") is not None:
            kept["board"] = list(series["board"])
        return kept

    def next_game(self, state: State) -> Tuple[State, List[str]]:
        """The state of the series' next game (the current one is over) and its opening.

        Raises
        ------
        NimError
            When the current game is not over, or the series is.
        """
        if not state["finished"]:
            raise NimError("the current game is not over yet")
        if state["series"]["done"]:
            raise NimError("the series is over")
        return self.goto(state, state["series"]["index"] + 1, state["series"]["results"])

    def goto(self, state: State, index: int, results: Sequence[int],
             board: Optional[Sequence[int]] = None) -> Tuple[State, List[str]]:
        """The state of game ``index`` (from 0) of the series, the games before it ended with
        ``results`` (a loaded record), on ``board`` (None: the series' own), and its opening."""
        after = copy.deepcopy(state)
        series = after["series"]
        series["index"], series["results"] = index, list(results)
        if board is not None:
            series["boards"][index] = list(board)
        after["seats"][1]["ai"], after["seats"][1]["label"] = series["specs"][index], series["labels"][index]
        after["start"] = list(series["boards"][index])
        after["moves"] = []
        self.rebuild(after)
        if after["finished"]:           # an empty board: over before it starts (its ending is the renderer's)
            self._record(after)
        return after, self.opening(after)

