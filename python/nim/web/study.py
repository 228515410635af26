"""Study beside play: the hint, "why did NimX move there", the analysis of every
move, the game's record in Lab 2's file format, replays of uploaded test files,
game trees and the single-pile DP table -- each a JSON-ready dict made by the
package's own tools (``nim.explain``, ``nim.solve``, ``nim.analyze``,
``nim.study``, ``nim.solving.tables``)."""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, List, Optional

# the function nim.explain, loaded on first use by the package (nim.solving.explain holds it)
from nim import explain
from nim.solving.defaults import analyze, solve
from nim.errors import NimError, SearchLimitError
from nim.position import Move, Position
from nim.rules import Rules
from nim.flows.base import rules_of
from nim.web.games import MAX_PILE, MAX_PILES, WebError, move_of, move_words, noun_of, position_of

__all__ = ["hint", "why", "analysis", "record_text", "replay", "tree", "table", "reaches", "guarded_by"]

#: Node budget of one study answer: the browser's positions are small, and a
#: request never holds the server for long.
NODE_LIMIT = 2_000_000
#: Seconds of one search of a study answer (the request's budget bounds the sum).
TIME_LIMIT = 10.0
#: Largest table and tree a request may ask for.
MAX_TABLE = 200
#: Largest table of a take-and-break game in misère play, whose every row is found by
#: search (about a second up to 30 heaps; a heap of 40 alone takes several).
MAX_SEARCHED_TABLE = 30
#: Most nodes of a drawn tree: Lab 2's own [4, 4] under minimax has 1,921.
TREE_NODES = 2500


def reaches(start: List[int], target: List[int], splits: bool) -> bool:
    """Whether play from ``start`` may come to ``target`` (or a position just like it):
    each of the target's piles matched by a pile at least as large (a take-and-break
    game, whose heaps split: at least as many objects in all)."""
    if splits:
        return sum(start) >= sum(target)
    big = sorted((p for p in start if p), reverse=True)
    small = sorted((p for p in target if p), reverse=True)
    return len(big) >= len(small) and all(a >= b for a, b in zip(big, small))


def guarded_by(games: List[Dict[str, Any]], rules: Any, piles: Optional[List[int]] = None,
               upto: Optional[int] = None) -> Optional[Dict[str, Any]]:
    """The game in progress, among ``games`` (those of classes whose teacher switched hints
    off), that a study tool asked without a game would help: same rules, and a tree or
    replay from ``piles`` that reaches its position, or a table of single piles up to
    ``upto`` that covers one of its piles (issue 40: the tools are no back door).
    None: the request helps none of them."""
    for state in games:
        if state.get("finished") or rules_of(state["rules"]) != rules:
            continue
        now = [p for p in state["piles"] if p]
        if piles is not None and reaches(piles, now, rules.splits):
            return state
        if upto is not None and now and min(now) <= upto:
            return state
    return None


def _limits(cancel: Any) -> Dict[str, Any]:
    """The limits of every search of a study answer: nodes, time and the request's cancel handle."""
    return {"node_limit": NODE_LIMIT, "time_limit": TIME_LIMIT, "cancel": cancel}


_PILE = re.compile(r"\bpile (\d+)")
_LISTED = re.compile(r"(\d+): (\d+) -> ")
_SIZE = re.compile(r"\(heap (\d+)")


def student_text(text: str, base: int, noun: str = "pile") -> str:
    """The theory's explanation as a student reads it in the page: piles numbered from
    ``base`` as on the board and called ``noun`` (heaps in a take-and-break game; "" for a game
    of components, whose text is left as it is), without
    the package's file paths or its Python and command-line advice (the page links to the
    theory served by the server)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("Theory and proofs:") or "nim." in line or "nimcore" in line:
            continue
        if not noun:            # a game of components: its own words, nothing renumbered
            lines.append(line)
            continue
        if noun == "heap":      # "(heap 5," is a heap's size: said so, apart from heap numbers
            line = _SIZE.sub(r"(a heap of \1", line)
        line = _PILE.sub(lambda m: f"{noun} {int(m.group(1)) + base}", line)
        if "size -> grundy:" in line:
            line = _LISTED.sub(lambda m: f"{int(m.group(1)) + base}: {m.group(2)} -> ", line)
        lines.append(line)
    return "\n".join(lines)


def _for_students(why_: Any, base: int) -> Dict[str, Any]:
    data: Dict[str, Any] = why_.to_dict()
    data["text"] = student_text(data["text"], base, "heap" if why_.rules.splits else "pile")
    return data


def _move_words(move: Optional[Move], base: int, noun: str = "pile") -> Optional[str]:
    return None if move is None else move_words(move, base, noun)


def _is_component(rules: Rules) -> bool:
    from nim.flows.freeplay import is_component

    return is_component(rules)


def hint(state: Dict[str, Any], cancel: Any = None) -> Dict[str, Any]:
    """The best move for the player to move, and the theory's reasons (a game of a family of
    components: the free-play machine's hint, from the family's Grundy values)."""
    if _is_component(rules_of(state["rules"])):
        from nim.flows import machine_of

        if state["finished"]:
            raise WebError("the game is over: there is no move to hint", 409)
        said = machine_of("freeplay").hint(state)     # type: ignore[attr-defined]
        return {"move": None, "value": None, "summary": said, "explain": {"text": ""}, "theory": "/theory"}
    position = position_of(state)
    if position.is_terminal():
        raise WebError("the game is over: there is no move to hint", 409)
    why_ = explain(position, **_limits(cancel))
    words = _move_words(why_.move, state["base"], noun_of(state))
    verdict = "you can win" if why_.value > 0 else "you are losing against best play"
    return {"move": list(why_.move) if why_.move else None, "value": why_.value,
            "summary": f"Hint: {words} ({verdict}).", "explain": _for_students(why_, state["base"]),
            "theory": "/theory"}


def why(state: Dict[str, Any], cancel: Any = None) -> Dict[str, Any]:
    """Why the AI played its last move: that move, the best move by the theory and its reasons
    (a game of a family of components: ``nim.flows.freeplay_study.why``)."""
    rules = rules_of(state["rules"])
    if _is_component(rules):
        from nim.flows import freeplay_study

        try:
            said = freeplay_study.why(state)
        except LookupError as error:
            raise WebError(str(error), 409) from None
        said["explain"]["text"] = student_text(said["explain"]["text"], state["base"], "")
        return said
    moves = state["moves"]
    last = next((i for i in range(len(moves) - 1, -1, -1) if state["seats"][moves[i][0]]["ai"]), None)
    if last is None:
        raise WebError("the AI has not moved yet", 409)
    position = Position(state["start"], rules)
    for entry in moves[:last]:
        position = position.apply(move_of(entry))
    seat = moves[last][0]
    played = move_of(moves[last])
    why_ = explain(position, **_limits(cancel))
    after_value = solve(position.apply(played), **_limits(cancel)).value
    label = state["seats"][seat]["label"] or "the AI"
    name = "NimX" if state["flow"] == "kuet" else state["seats"][seat]["name"]
    base = state["base"]
    who = name if label in name else f"{name} ({label})"      # "Player 2 (AI, Optimal)" names it already
    head = f"{who} played {_move_words(played, base, noun_of(state))} on {' '.join(map(str, position.piles))}."
    if why_.value < 0:
        judgement = "Every move loses there against best play, so any move was as good as another."
    elif after_value < 0:
        judgement = "That move wins: it leaves the opponent a lost position."
    else:
        judgement = (f"That move throws the win away: the theory's winning move was "
                     f"{_move_words(why_.move, base, noun_of(state))}. ({label} does not always play perfectly.)")
    return {"move": moves[last][1:], "summary": f"{head} {judgement}", "explain": _for_students(why_, base),
            "theory": "/theory"}


def analysis(state: Dict[str, Any], cancel: Any = None) -> Dict[str, Any]:
    """Every move played (the mover's value before it, whether it threw a win away)
    and every legal move of the current position (value and, when small enough, depth; a game
    of a family of components: ``nim.flows.freeplay_study.analysis``)."""
    rules = rules_of(state["rules"])
    if _is_component(rules):
        from nim.flows import freeplay_study

        return freeplay_study.analysis(state, cancel)
    position = Position(state["start"], rules)
    base = state["base"]
    rows: List[Dict[str, Any]] = []
    value = solve(position, **_limits(cancel)).value
    for number, entry in enumerate(state["moves"], start=1):
        seat, move = entry[0], move_of(entry)
        after = position.apply(move)
        after_value = solve(after, **_limits(cancel)).value
        best = solve(position, **_limits(cancel)).move
        rows.append({"number": number, "player": state["seats"][seat]["name"], "move": entry[1:],
                     "words": _move_words(move, base, noun_of(state)), "before": list(position.piles),
                     "after": list(after.piles), "value_before": value,
                     "throws_away_win": value > 0 and after_value > 0,
                     "best": _move_words(best, base, noun_of(state)) if value > 0 else None})
        position, value = after, after_value
    current: List[Dict[str, Any]] = []
    if not position.is_terminal():
        try:
            scored = analyze(position, **_limits(cancel))
        except NimError:
            if cancel is not None and cancel.is_set():
                raise
            scored = analyze(position, depth=False, **_limits(cancel))
        current = [dict(row.to_dict(), words=_move_words(row.move, base, noun_of(state))) for row in scored]
    return {"moves": rows, "current": current, "piles": list(position.piles),
            "value": value if not position.is_terminal() else None}


def record_text(state: Dict[str, Any]) -> str:
    """The game's record (``nim.web.records``): its rules, flow and seats in comment
    lines, then Lab 2's test-file format: the number of piles, one size a line,
    then every move of both players in order as ``pile_index count`` (piles from 0)."""
    from nim.web.records import download_text

    return download_text(state)


#: A check of a study tool's request asked without a game: (rules, piles, upto), raising
#: WebError when the answer would help a class game whose hints are off (``guarded_by``).
Guard = Optional[Callable[..., None]]


def replay(text: Any, rules_text: Any, guard: Guard = None, cancel: Any = None) -> Dict[str, Any]:
    """An uploaded Lab 2 test file replayed as ``nimcore replay`` does (the file's
    moves are the human's; NimX answers each), annotated, with the start's game tree
    when it is small enough to draw. Each of its searches is bounded by NODE_LIMIT
    (``replay_game`` takes no cancel handle: ``cancel`` is checked before it starts)."""
    from nim.study.replay import format_replay, parse_replay, replay_game

    if not isinstance(text, str) or not text.strip():
        raise WebError("text must be the contents of a Lab 2 test file")
    if len(text) > 20_000:
        raise WebError(f"a test file is at most 20,000 characters, not {len(text):,}")
    rules = _rules(rules_text)
    parsed = parse_replay(text, "the uploaded file")
    if len(parsed.piles) > MAX_PILES or any(p > MAX_PILE for p in parsed.piles):
        raise WebError(f"the browser replays files of at most {MAX_PILES} piles of at most {MAX_PILE}: "
                       f"{list(parsed.piles)[:20]}")
    if guard is not None:
        guard(rules, piles=list(parsed.piles))
    if cancel is not None and cancel.is_set():
        raise SearchLimitError("the replay was cancelled", reason="cancelled")
    result = replay_game(parsed, rules, node_limit=NODE_LIMIT)
    answer = result.to_dict()
    answer["text"] = format_replay(result)
    answer["tree"] = _tree_or_reason(list(parsed.piles), rules, "alphabeta")
    return answer


def _rules(text: Any) -> Rules:
    if text is None:
        text = "normal"
    if not isinstance(text, str) or len(text) > 60:
        raise WebError(f"rules must be a rule string such as 'misere', not {str(text)[:40]!r}")
    try:
        return Rules.parse(text or "normal")
    except NimError as error:
        raise WebError(str(error)) from None


def _tree_or_reason(piles: List[int], rules: Rules, method: str) -> Dict[str, Any]:
    from nim.study.tree_drawing import tree_summary, tree_svg
    from nim.study.tree_search import build_game_tree

    try:
        drawn = build_game_tree(piles, rules, method, max_nodes=TREE_NODES)
    except NimError as error:
        return {"svg": None, "reason": str(error)}
    return {"svg": tree_svg(drawn, header=False), "summary": tree_summary(drawn), "reason": None,
            "value": drawn.value}


def tree(piles_text: Any, rules_text: Any, method: Any, guard: Guard = None, cancel: Any = None) -> Dict[str, Any]:
    """The game tree of a small position, values drawn at every node (Lab 2's visualisation);
    bounded by TREE_NODES (``cancel`` is unused: the tree is small by construction)."""
    if not isinstance(piles_text, str) or len(piles_text) > 200:
        raise WebError("piles must be given as numbers separated by commas or spaces")
    words = piles_text.replace(",", " ").split()
    if not words or not all(w.isascii() and w.isdigit() and len(w) < 4 for w in words) or len(words) > 6:
        raise WebError(f"piles must be 1 to 6 whole numbers below 1000, not {piles_text[:40]!r}")
    method = method or "alphabeta"
    if method not in ("minimax", "alphabeta"):
        raise WebError(f"method is minimax or alphabeta, not {str(method)[:20]!r}")
    piles, rules = [int(w) for w in words], _rules(rules_text)
    if guard is not None:
        guard(rules, piles=piles)
    return _tree_or_reason(piles, rules, method)


def table(upto: Any, rules_text: Any, guard: Guard = None, cancel: Any = None) -> Dict[str, Any]:
    """The single-pile DP score table (forejune's), win or loss and Grundy value per n;
    the searches of a take-and-break game's misère column are bounded by the limits."""
    from nim.game.limits import Limits
    from nim.solving.tables import pile_table

    if isinstance(upto, str) and upto.isascii() and upto.isdigit() and len(upto) < 6:
        upto = int(upto)
    if isinstance(upto, bool) or not isinstance(upto, int) or not 1 <= upto <= MAX_TABLE:
        raise WebError(f"upto must be a whole number from 1 to {MAX_TABLE}, not {str(upto)[:20]!r}")
    rules = _rules(rules_text if rules_text is not None else "normal,half")
    if rules.splits and rules.misere and upto > MAX_SEARCHED_TABLE:
        raise WebError(f"a misère table of a take-and-break game is searched row by row: the browser shows "
                       f"it up to {MAX_SEARCHED_TABLE} heaps, not {upto}")
    if guard is not None:
        guard(rules, upto=upto)
    limits = Limits(nodes=NODE_LIMIT, time=TIME_LIMIT, cancel=cancel)
    rows = [row.to_dict() for row in pile_table(upto, rules, limits=limits)]
    return {"rules": str(rules), "describe": rules.describe(), "rows": rows}
