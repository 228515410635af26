"""The browser's boards of the families whose components are more than heaps (issue 41: a page
per family with its own board drawing), drawn here as SVG so that the page's script holds no
family's logic: it shows what the server draws.

One drawing per shape of the family's play hooks (``nim.families.play``): Wythoff's pairs as
two piles of stones side by side, a coin row (H and T coins, numbered), a coin grid, a
staircase, Nimble's strip, a Green Hackenbush drawing above the ground (edges numbered as the
moves name them), and plain piles for the heaps of Moore's Nim, Lasker's Nim and Fibonacci
Nim. Every number a move names is written on the drawing.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Dict, List, Sequence, Tuple

from nim.families.play import (
    BoxesPlay, CardsPlay, CheckersPlay, ChompPlay, GraphPlay, GridPlay, HeapPlay, LettersPlay, PairPlay, PilesPlay,
    PlayHooks, PokerPlay, RowPlay, StairPlay, StripPlay, VerticesPlay, play_hooks,
)
from nim.families.graphs import TokensPlay
from nim.families.two_dimensional import QuarterPlay
from nim.solving.sum_play import SumPlay

__all__ = ["family_board", "svg_of"]

STONE = "#6b4f2a"
HEAD = "#d9a400"
TAIL = "#9aa4ad"
INK = "#222"


def family_board(family: Any, components: Sequence[Any], start: Sequence[Any] = ()) -> Dict[str, Any]:
    """The board of a position: ``svg`` (the drawing), ``text`` (the terminal's board, for a
    screen reader), ``noun`` and ``grammar`` (how a move is typed)."""
    hooks = play_hooks(family)
    return {"svg": svg_of(hooks, family, components, start), "text": hooks.board(family, components, start),
            "noun": hooks.noun, "grammar": hooks.grammar, "shape": type(hooks).__name__}


def _svg(width: int, height: int, parts: List[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="family-board" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">' + "".join(parts) + "</svg>")


def _text(x: float, y: float, words: Any, size: int = 12, anchor: str = "middle", cls: str = "") -> str:
    extra = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{INK}"{extra}>'
            f"{escape(str(words))}</text>")


def _pick(first: str, more: str = "") -> str:
    """What a click on a piece types (the page adds it to the move's line, as the server says):
    ``first`` starts a move, ``more`` goes on with one (a second coin to turn)."""
    return (f' class="pick" data-first="{escape(first)}"' + (f' data-more="{escape(more)}"' if more else "")
            + ' style="cursor: pointer"')


def _stones(x: float, bottom: float, count: int, label: str, say: str = "") -> List[str]:
    """A pile as a column of stones from ``bottom`` up, with its size under it; a click on a stone
    types ``say`` with ``{n}``, the stones from it to the top."""
    parts = [f'<circle cx="{x:.1f}" cy="{bottom - 9 - 14 * i:.1f}" r="6" fill="{STONE}"'
             + (_pick(say.format(n=count - i)) if say else "") + "/>" for i in range(count)]
    parts.append(_text(x, bottom + 14, count))
    parts.append(_text(x, bottom + 28, label, 11))
    return parts


def svg_of(hooks: PlayHooks, family: Any, components: Sequence[Any], start: Sequence[Any] = ()) -> str:
    """The drawing of ``components`` in the shape of ``hooks``."""
    if isinstance(hooks, PairPlay):
        return _pairs(components)
    if isinstance(hooks, RowPlay):
        return _rows(family, components, start)
    if isinstance(hooks, GridPlay):
        return _grids(family, components, start)
    if isinstance(hooks, StairPlay):
        return _staircase(components[0] if components else (), start[0] if start else ())
    if isinstance(hooks, StripPlay):
        return _strip(components[0] if components else (), start[0] if start else ())
    if isinstance(hooks, TokensPlay):
        return _token_graphs(hooks, components)
    if isinstance(hooks, QuarterPlay):
        return _quarter(components[0] if components else (), start[0] if start else ())
    if isinstance(hooks, GraphPlay):
        return _hackenbush(components)
    if isinstance(hooks, BoxesPlay):
        return _boxes(components)
    if isinstance(hooks, PokerPlay):
        return _poker(components[0] if components else ((), 0))
    if isinstance(hooks, ChompPlay):
        return _chomp(components[0] if components else (), start[0] if start else ())
    if isinstance(hooks, SumPlay):
        return _sum(hooks, family, components)
    if isinstance(hooks, VerticesPlay):
        return _vertices(components)
    if isinstance(hooks, LettersPlay):
        return _letters(components[0] if components else "")
    if isinstance(hooks, CheckersPlay):
        return _northcott(components[0] if components else ((), "W"))
    if isinstance(hooks, CardsPlay):
        return _cards(components[0] if components else (31, (0,) * 6))
    if isinstance(hooks, (HeapPlay, PilesPlay)):
        return _piles(hooks, components)
    return _svg(300, 40, [_text(150, 24, hooks.board(family, components, start))], "the board")


def _pairs(components: Sequence[Any]) -> str:
    """Wythoff's pairs: each pair two piles side by side in a box, ``pair N`` under it."""
    tallest = max([max(c) for c in components] + [1])
    height = 80 + 14 * min(tallest, 60)
    parts: List[str] = []
    for i, (a, b) in enumerate(components):
        x = 20 + 110 * i
        parts.append(f'<rect x="{x}" y="6" width="96" height="{height - 30}" rx="8" fill="none" stroke="{TAIL}"/>')
        bottom = height - 56
        parts += _stones(x + 28, bottom, min(a, 60), "first", f"pair {i + 1}: take {{n}} from first")
        parts += _stones(x + 68, bottom, min(b, 60), "second", f"pair {i + 1}: take {{n}} from second")
        parts.append(_text(x + 48, height - 8, f"pair {i + 1}", 12, cls="label"))
    if not components:
        parts.append(_text(80, 30, "no pair left"))
    return _svg(max(160, 20 + 110 * len(components)), height, parts, "Wythoff's pairs")


def _coin(x: float, y: float, head: bool, first: str = "", more: str = "") -> str:
    pick = _pick(first, more) if first else ""
    return (f'<g{pick}><circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="{HEAD if head else TAIL}" stroke="{INK}"/>'
            + _text(x, y + 4, "H" if head else "T", 12) + "</g>")


def _rows(family: Any, components: Sequence[Any], start: Sequence[Any]) -> str:
    """Coin rows: each coin H or T with its number under it, ``row N`` before it."""
    first = getattr(getattr(family, "line", None), "first", 0)
    widest = max([c[-1] for c in list(components) + list(start) if c] + [first]) - first + 1
    widest = min(widest, 80)
    parts: List[str] = []
    for r, component in enumerate(components or [()]):
        y = 24 + 54 * r
        heads = set(component)
        if len(components) > 1:
            parts.append(_text(6, y + 4, f"row {r + 1}", 12, "start"))
        for i in range(widest):
            x = 70 + 32 * i
            where = f"row {r + 1}: " if len(components) > 1 else ""
            parts.append(_coin(x, y, first + i in heads, f"{where}turn {first + i}", str(first + i)))
            parts.append(_text(x, y + 28, first + i, 10))
    rows = max(1, len(components))
    return _svg(80 + 32 * widest, 54 * rows + 6, parts, "a row of coins")


def _grids(family: Any, components: Sequence[Any], start: Sequence[Any]) -> str:
    """Coin grids: x across, y down, every coin H or T, the column and row numbers on the edges."""
    fx, fy = getattr(family, "first", (0, 0))
    cells = [cell for c in list(components) + list(start) for cell in c]
    width = min(max([x for x, _ in cells] + [fx]) - fx + 1, 30)
    height = min(max([y for _, y in cells] + [fy]) - fy + 1, 30)
    parts: List[str] = []
    top = 0
    for g, component in enumerate(components or [()]):
        heads = set(component)
        if len(components) > 1:
            parts.append(_text(4, top + 14, f"grid {g + 1}", 12, "start"))
        for x in range(width):
            parts.append(_text(50 + 32 * x, top + 30, f"x={fx + x}" if x == 0 else fx + x, 10))
        for y in range(height):
            cy = top + 52 + 32 * y
            parts.append(_text(24, cy + 4, f"y={fy + y}" if y == 0 else fy + y, 10))
            for x in range(width):
                cell = f"{fx + x},{fy + y}"
                where = f"grid {g + 1}: " if len(components) > 1 else ""
                parts.append(_coin(50 + 32 * x, cy, (fx + x, fy + y) in heads, f"{where}turn {cell}", cell))
        top += 52 + 32 * height
    return _svg(70 + 32 * width, top + 6, parts, "a grid of coins")


def _staircase(component: Sequence[int], start: Sequence[int]) -> str:
    """Staircase Nim: the steps rising to the right, each with its coins and its number; the odd
    steps (the Nim heaps) shaded."""
    steps = max(len(component), len(start), 1)
    tallest = max(list(component) + [1])
    height = 40 + 18 * steps + 14 * min(tallest, 30)
    base = height - 20
    parts: List[str] = [f'<line x1="0" y1="{base}" x2="{40 + 70 * steps}" y2="{base}" stroke="{INK}" '
                        'stroke-width="2"/>', _text(20, base + 14, "ground", 10)]
    for s in range(1, steps + 1):
        x = 40 + 70 * (s - 1)
        top = base - 18 * s
        fill = "#eef3e2" if s % 2 else "#fff"
        parts.append(f'<rect x="{x}" y="{top}" width="70" height="{18 * s}" fill="{fill}" stroke="{INK}"/>')
        parts.append(_text(x + 35, top + 13, f"step {s}", 11))
        coins = component[s - 1] if s <= len(component) else 0
        for c in range(min(coins, 30)):
            parts.append(f'<circle cx="{x + 35:.1f}" cy="{top - 8 - 14 * c:.1f}" r="6" fill="{HEAD}" stroke="{INK}"'
                         + _pick(f"step {s}: move {coins - c}") + "/>")
        parts.append(_text(x + 60, top - 4, coins, 11))
    return _svg(60 + 70 * steps, height, parts, "a staircase of coins")


def _strip(component: Sequence[int], start: Sequence[int]) -> str:
    """Nimble: a strip of numbered squares, each coin on its square (several stacked)."""
    width = min(max(list(component) + list(start) + [0]) + 1, 60)
    parts: List[str] = []
    for square in range(width):
        x = 10 + 34 * square
        parts.append(f'<rect x="{x}" y="50" width="34" height="34" fill="#fff" stroke="{INK}"'
                     + _pick(f"move {square}", str(square)) + "/>")
        parts.append(_text(x + 17, 100, square, 11))
        for k in range(list(component).count(square)):      # a coin starts a move; a square ends it
            parts.append(f'<circle cx="{x + 17}" cy="{67 - 14 * k}" r="11" fill="{HEAD}" stroke="{INK}"'
                         + _pick(f"move {square}") + "/>")
    return _svg(20 + 34 * width, 110, parts, "a strip of squares with coins")


def _piles(hooks: PlayHooks, components: Sequence[Any]) -> str:
    """Plain piles (Moore's Nim, Lasker's Nim, Fibonacci Nim): a column of stones each, numbered;
    a heap with a limit says it."""
    if isinstance(hooks, PilesPlay):
        items: List[Tuple[int, str]] = [(p, f"pile {i + 1}") for i, p in enumerate(components[0] if components else ())]
    else:
        items = []
        for i, c in enumerate(components):
            if isinstance(c, int):
                items.append((c, f"heap {i + 1}"))
            else:
                items.append((c[0], f"heap {i + 1} (take 1 to {min(c)})"))
    tallest = max([n for n, _ in items] + [1])
    height = 50 + 14 * min(tallest, 60)
    parts: List[str] = []
    for i, (n, label) in enumerate(items):
        say = f"{i + 1} {{n}}" if isinstance(hooks, PilesPlay) else f"heap {i + 1}: take {{n}}"
        parts += _stones(50 + 110 * i, height - 36, min(n, 60), label, say)
    if not items:
        parts.append(_text(80, 30, "no pile left"))
    return _svg(max(160, 110 * len(items) + 10), height, parts, "the piles")


def _hackenbush(components: Sequence[Any]) -> str:
    """Green Hackenbush: each graph drawn above the ground line, its vertices in rows by their
    distance from the ground, every edge numbered as ``cut edge N`` names it (a loop a circle,
    repeated edges bowed apart)."""
    parts: List[str] = []
    left = 10
    tallest = 1
    layouts = []
    for component in components:
        depth: Dict[int, int] = {0: 0}
        near: Dict[int, List[int]] = {}
        for u, v in component:
            near.setdefault(u, []).append(v)
            near.setdefault(v, []).append(u)
        todo = [0]
        for vertex in todo:                     # breadth first from the ground
            for other in sorted(near.get(vertex, ())):
                if other not in depth:
                    depth[other] = depth[vertex] + 1
                    todo.append(other)
        rows: Dict[int, List[int]] = {}
        for vertex in todo[1:]:
            rows.setdefault(depth[vertex], []).append(vertex)
        widest = max([len(r) for r in rows.values()] + [1])
        tallest = max([tallest] + list(rows))
        layouts.append((component, rows, widest))
    height = 60 + 70 * tallest
    ground = height - 30
    for g, (component, rows, widest) in enumerate(layouts):
        span = max(120, 70 * widest)
        where: Dict[int, Tuple[float, float]] = {}
        for level, vertices in rows.items():
            for k, vertex in enumerate(vertices):
                where[vertex] = (left + span * (k + 1) / (len(vertices) + 1), ground - 70 * level)
        seen: Dict[Tuple[int, int], int] = {}
        for e, (u, v) in enumerate(component):
            (x1, y1) = where.get(u, (left + span / 2, ground)) if u else _ground_point(left, span, where.get(v), ground)
            (x2, y2) = where.get(v, (left + span / 2, ground))
            number = e + 1
            cut = _pick(f"graph {g + 1}: cut edge {number}" if len(components) > 1 else f"cut edge {number}")
            if u == v:                          # a loop
                parts.append(f'<circle cx="{x2:.1f}" cy="{y2 - 16:.1f}" r="16" fill="none" stroke="#2e7d32" '
                             f'stroke-width="3" data-edge="{number}"{cut}/>')
                parts.append(_text(x2, y2 - 36, number, 11, cls="edge-number"))
                continue
            twin = seen.get((u, v), 0)
            seen[(u, v)] = twin + 1
            bow = 22 * ((twin + 1) // 2) * (1 if twin % 2 else -1) if twin else 0
            mx, my = (x1 + x2) / 2 + bow, (y1 + y2) / 2
            parts.append(f'<path d="M{x1:.1f},{y1:.1f} Q{mx:.1f},{my:.1f} {x2:.1f},{y2:.1f}" fill="none" '
                         f'stroke="#2e7d32" stroke-width="5" data-edge="{number}"{cut}/>')
            parts.append(f'<circle cx="{(x1 + 2 * mx + x2) / 4:.1f}" cy="{(y1 + 2 * my + y2) / 4:.1f}" r="8" '
                         f'fill="#fff" stroke="#2e7d32"{cut}/>')
            parts.append(_text((x1 + 2 * mx + x2) / 4, (y1 + 2 * my + y2) / 4 + 4, number, 10, cls="edge-number"))
        for (x, y) in where.values():
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{INK}"/>')
        if len(components) > 1:
            parts.append(_text(left + span / 2, height - 6, f"graph {g + 1}", 12, cls="label"))
        left += span + 20
    parts.insert(0, f'<line x1="0" y1="{ground}" x2="{left}" y2="{ground}" stroke="{STONE}" stroke-width="4"/>')
    if not components:
        parts.append(_text(80, 20, "no edge left"))
    return _svg(max(left, 160), height, parts, "a Green Hackenbush drawing")


def _ground_point(left: float, span: float, above: Any, ground: float) -> Tuple[float, float]:
    """Where an edge meets the ground: under the vertex it holds up."""
    x = above[0] if above is not None else left + span / 2
    return (x, ground)


def _boxes(components: Sequence[Any]) -> str:
    """Empty and Divide: each pair two boxes of chips side by side; a click on a box starts the
    move that empties it (the parts of the other box are typed)."""
    tallest = max([max(c) for c in components] + [1])
    height = 80 + 14 * min(tallest, 40)
    parts: List[str] = []
    for i, (a, b) in enumerate(components):
        x = 20 + 130 * i
        for chips, dx in ((a, 0), (b, 58)):
            say = f"pair {i + 1}: empty {chips}, divide "
            parts.append(f'<rect x="{x + dx}" y="10" width="50" height="{height - 50}" rx="4" fill="#fff" '
                         f'stroke="{INK}"' + _pick(say) + "/>")
            for c in range(min(chips, 40)):
                parts.append(f'<circle cx="{x + dx + 25}" cy="{height - 50 - 14 * c:.1f}" r="6" fill="{STONE}"'
                             + _pick(say) + "/>")
            parts.append(_text(x + dx + 25, height - 26, chips))
        parts.append(_text(x + 54, height - 8, f"pair {i + 1}", 12, cls="label"))
    return _svg(max(160, 20 + 130 * len(components)), height, parts, "Empty and Divide: pairs of boxes")


def _poker(component: Any) -> str:
    """Poker Nim: the piles numbered, and the pool beside them (a click on a pile's stone takes
    from it; on the pool, starts an addition)."""
    piles, pool = component
    tallest = max(list(piles) + [pool, 1])
    height = 50 + 14 * min(tallest, 60)
    parts: List[str] = []
    for i, p in enumerate(piles):
        parts += _stones(50 + 100 * i, height - 36, min(p, 60), f"pile {i + 1}", f"take {{n}} from {i + 1}")
    x = 50 + 100 * len(piles)
    parts.append(f'<rect x="{x - 30}" y="4" width="60" height="{height - 24}" rx="8" fill="#f4efe4" stroke="{TAIL}"/>')
    for c in range(min(pool, 60)):
        parts.append(f'<circle cx="{x}" cy="{height - 45 - 14 * c:.1f}" r="6" fill="{HEAD}" stroke="{INK}"'
                     + _pick(f"add {pool - c} to ") + "/>")
    parts.append(_text(x, height - 22, pool))
    parts.append(_text(x, height - 8, "pool", 11))
    return _svg(x + 50, height, parts, "Poker Nim: the piles and the pool")


def _chomp(component: Sequence[int], start: Sequence[int]) -> str:
    """Chomp: the bar as squares, row 1 at the bottom, the poison dark; every square a click
    ("eat R C"), the eaten ones drawn faint where the start had them."""
    rows = max(len(component), len(start), 1)
    columns = max(list(component) + list(start) + [1])
    rows, columns = min(rows, 30), min(columns, 30)
    height = 30 + 30 * rows
    parts: List[str] = []
    for r in range(rows):
        y = 10 + 30 * (rows - 1 - r)
        parts.append(_text(14, y + 19, r + 1, 10))
        for c in range(columns):
            x = 30 + 30 * c
            here = r < len(component) and c < component[r]
            was = r < len(start) and c < start[r]
            if not (here or was):
                continue
            if not here:
                parts.append(f'<rect x="{x}" y="{y}" width="28" height="28" fill="none" stroke="{TAIL}" '
                             'stroke-dasharray="3 3"/>')
                continue
            poison = (r, c) == (0, 0)
            parts.append(f'<rect x="{x}" y="{y}" width="28" height="28" fill="{"#7b1f1f" if poison else STONE}" '
                         f'stroke="{INK}"' + ("" if poison else _pick(f"eat {r + 1} {c + 1}")) + "/>")
    for c in range(columns):
        parts.append(_text(44 + 30 * c, height - 4, c + 1, 10))
    return _svg(40 + 30 * columns, height + 4, parts, "a bar of chocolate, the poison at the bottom left")


def _cards(component: Any) -> str:
    """Thirty-one: the running total, and the cards still face up in six columns, ace to six
    (a click on a card turns it)."""
    total, left = component
    parts: List[str] = [_text(10, 22, f"total {total} of 31", 14, "start")]
    for v, n in enumerate(left, 1):
        x = 14 + 56 * (v - 1)
        for k in range(n):
            parts.append(f'<g{_pick(f"turn {v}")}><rect x="{x}" y="{36 + 16 * k}" width="44" height="60" rx="5" '
                         f'fill="#fff" stroke="{INK}"/>' + _text(x + 22, 54 + 16 * k, "A" if v == 1 else v, 13)
                         + "</g>")
        parts.append(_text(x + 22, 172, f"{n} left", 10))
    return _svg(20 + 56 * len(left), 180, parts, "Thirty-one: the total and the cards left")


def _northcott(component: Any) -> str:
    """Northcott's board: each row of squares with its white and black checker, rows and squares
    numbered from 1; a click on a square sends the mover's checker of that row there."""
    rows, mover = component
    shown = rows[:30]
    width = min(max([w for w, _, _ in shown] + [1]), 40)
    parts: List[str] = [_text(10, 16, f"{'White' if mover == 'W' else 'Black'} to move", 12, "start")]
    for r, (w, white, black) in enumerate(shown):
        y = 28 + 34 * r
        parts.append(_text(30, y + 19, f"row {r + 1}", 11))
        for c in range(min(w, width)):
            x = 60 + 30 * c
            parts.append(f'<rect x="{x}" y="{y}" width="28" height="28" fill="#f3e9d2" stroke="{INK}"'
                         + _pick(f"row {r + 1}: to {c + 1}") + "/>")
            if c in (white, black):
                parts.append(f'<circle cx="{x + 14}" cy="{y + 14}" r="10" fill="{"#fff" if c == white else INK}" '
                             f'stroke="{INK}"/>')
    for c in range(width):
        parts.append(_text(74 + 30 * c, 28 + 34 * len(shown) + 10, c + 1, 10))
    return _svg(70 + 30 * width, 46 + 34 * len(shown), parts, "Northcott's board: a white and a black checker a row")


def _letters(row: str) -> str:
    """SOS: the row of squares, each letter written in it, the squares numbered; under each empty
    square an S and an O to click (``S 3``)."""
    shown = row[:40]
    parts: List[str] = []
    done = row.find("SOS")
    for i, letter in enumerate(shown):
        x = 10 + 44 * i
        won = done >= 0 and done <= i < done + 3
        parts.append(f'<rect x="{x}" y="10" width="40" height="40" fill="{"#e7f3e1" if won else "#fff"}" '
                     f'stroke="{INK}"/>')
        if letter != "-":
            parts.append(_text(x + 20, 38, letter, 22))
        else:
            for k, choice in enumerate("SO"):
                parts.append(f'<g{_pick(f"{choice} {i + 1}")}><rect x="{x + 2 + 19 * k}" y="56" width="17" '
                             f'height="17" rx="3" fill="#f4efe4" stroke="{TAIL}"/>'
                             + _text(x + 10.5 + 19 * k, 69, choice, 11) + "</g>")
        parts.append(_text(x + 20, 88, i + 1, 10))
    return _svg(20 + 44 * max(len(shown), 1), 96, parts, "SOS: a row of squares")


def _vertices(components: Sequence[Any]) -> str:
    """Vertex removal: each graph's vertices on a circle, numbered as the moves name them (a
    click on a vertex types ``remove V``), its edges drawn between them."""
    from math import cos, pi, sin

    parts: List[str] = []
    left = 10.0
    for g, component in enumerate(components[:12]):
        vertices = sorted({v for edge in component for v in edge})[:40]
        radius = max(40.0, 12.0 * len(vertices) / pi)
        cx, cy = left + radius + 20, radius + 30
        where = {v: (cx + radius * cos(2 * pi * k / len(vertices) - pi / 2),
                     cy + radius * sin(2 * pi * k / len(vertices) - pi / 2)) for k, v in enumerate(vertices)}
        for u, v in component:
            if u in where and v in where:
                (x1, y1), (x2, y2) = where[u], where[v]
                parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#2e7d32" '
                             'stroke-width="3"/>')
        for v, (x, y) in where.items():
            parts.append(f'<g{_pick(f"remove {v}")}><circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="#fff" '
                         f'stroke="{INK}"/>' + _text(x, y + 4, v, 11) + "</g>")
        if len(components) > 1:
            parts.append(_text(cx, 2 * radius + 56, f"graph {g + 1}", 12, cls="label"))
        left += 2 * radius + 40
    if not components:
        parts.append(_text(80, 30, "no edge left"))
    height = max([2 * max(40.0, 12.0 * len({v for e in c for v in e}) / pi) + 70 for c in components[:12]] + [60])
    return _svg(int(max(left, 160)), int(height), parts, "a graph: remove a vertex and its edges")


def _token_graphs(hooks: TokensPlay, components: Sequence[Any]) -> str:
    """A game on a directed graph: each graph's vertices on a circle, numbered as the moves name
    them, its edges as arrows, a token a filled disc (with a count when several share a vertex).
    A click on a token's vertex types ``move U to``; a click on any vertex then adds ``V``."""
    from math import atan2, cos, hypot, pi, sin

    parts: List[str] = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
                        f'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{INK}"/>'
                        "</marker></defs>"]
    graphs = list(dict.fromkeys(token.graph for token in components))
    left, height = 10.0, 60.0
    for g, graph in enumerate(graphs[:6]):
        names = graph.names[:60]
        on = [int(t) for t in components if t.graph == graph]
        radius = max(80.0, 22.0 * len(names) / pi)
        cx, cy = left + radius + 24, radius + 34
        where = {k: (cx + radius * cos(2 * pi * k / max(len(names), 1) - pi / 2),
                     cy + radius * sin(2 * pi * k / max(len(names), 1) - pi / 2)) for k in range(len(names))}
        for k, follows in enumerate(graph.follow[:len(names)]):
            for w in follows:
                if w not in where:
                    continue
                (x1, y1), (x2, y2) = where[k], where[w]
                if k == w:                                      # a loop: a small circle beside the vertex
                    parts.append(f'<circle cx="{x1:.1f}" cy="{y1 - 18:.1f}" r="8" fill="none" stroke="{INK}"/>')
                    continue
                angle, length = atan2(y2 - y1, x2 - x1), hypot(x2 - x1, y2 - y1)
                bend = 10 if k in graph.follow[w] else 0           # a 2-cycle: two arrows, bent apart
                mx, my = (x1 + x2) / 2 - bend * sin(angle), (y1 + y2) / 2 + bend * cos(angle)
                a1, a2 = atan2(my - y1, mx - x1), atan2(y2 - my, x2 - mx)
                sx, sy = x1 + 14 * cos(a1), y1 + 14 * sin(a1)
                ex, ey = x2 - 14 * cos(a2), y2 - 14 * sin(a2)
                if length > 28:
                    parts.append(f'<path d="M {sx:.1f} {sy:.1f} Q {mx:.1f} {my:.1f} {ex:.1f} {ey:.1f}" fill="none" '
                                 f'stroke="{INK}" stroke-width="1.5" marker-end="url(#arrow)"/>')
        prefix = f"graph {g + 1}: " if len(graphs) > 1 else ""
        for k, name in enumerate(names):
            x, y = where[k]
            count = on.count(name)
            pick = _pick(f"{prefix}move {name} to" if count else "", str(name))
            disc = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="{HEAD if count else "#fff"}" stroke="{INK}" '
                    f'stroke-width="{2.5 if count else 1}"/>')
            badge = _text(x + 15, y - 11, f"x{count}", 10) if count > 1 else ""
            parts.append(f'<g class="vertex{" token" if count else ""}"{pick}>' + disc + _text(x, y + 4, name, 11)
                         + badge + "</g>")
        if len(graphs) > 1:
            parts.append(_text(cx, 2 * radius + 62, f"graph {g + 1}", 12, cls="label"))
        if len(graph.names) > len(names):
            parts.append(_text(cx, 2 * radius + 76, f"(the first {len(names)} of {len(graph.names)} vertices)", 10))
        left += 2 * radius + 48
        height = max(height, 2 * radius + 84)
    if not components:
        parts.append(_text(80, 30, "no token"))
    return _svg(int(max(left, 160)), int(height), parts, "a directed graph with its tokens")


def _quarter(board: Sequence[Tuple[int, int]], start: Sequence[Tuple[int, int]]) -> str:
    """Two-dimensional Nim: the quarter plane's squares, row 0 at the bottom and column 0 at the left,
    each counter a disc (with a count when several share a square). A click on a counter types
    ``move X,Y to``; a click on any square then adds ``X2,Y2``."""
    cells = list(board) + list(start)
    width = min(max([x for x, _ in cells] + [0]) + 3, 24)
    height = min(max([y for _, y in cells] + [0]) + 2, 16)
    count: Dict[Tuple[int, int], int] = {}
    for square in board:
        count[square] = count.get(square, 0) + 1
    parts: List[str] = []
    size = 28
    top = 10
    for y in range(height):
        cy = top + size * (height - 1 - y)
        parts.append(_text(22, cy + size / 2 + 4, f"y={y}" if y == 0 else y, 10))
        for x in range(width):
            cx = 40 + size * x
            n = count.get((x, y), 0)
            shade = "#e8e2d4" if (x, y) == (0, 0) else "#f4efe4"
            cell = (f'<rect x="{cx}" y="{cy}" width="{size - 2}" height="{size - 2}" rx="3" fill="{shade}" '
                    f'stroke="{TAIL}"/>')
            if n:
                cell += f'<circle cx="{cx + size / 2 - 1}" cy="{cy + size / 2 - 1}" r="9" fill="{STONE}"/>'
                if n > 1:
                    cell += _text(cx + size / 2 - 1, cy + size / 2 + 3, n, 10).replace(f'fill="{INK}"', 'fill="#fff"')
            parts.append(f'<g class="square{" counter" if n else ""}"'
                         + _pick(f"move {x},{y} to" if n else "", f"{x},{y}") + ">" + cell + "</g>")
    bottom = top + size * height
    for x in range(width):
        parts.append(_text(40 + size * x + size / 2 - 1, bottom + 14, f"x={x}" if x == 0 else x, 10))
    far = [s for s in board if s[0] >= width or s[1] >= height]
    if far:
        parts.append(_text(40, bottom + 32, "beyond the drawing: " + ", ".join(f"{x},{y}" for x, y in far[:8]), 11,
                           "start"))
    return _svg(60 + size * width, int(bottom + (40 if far else 22)), parts,
                "Two-dimensional Nim: counters on a quarter plane, row 0 at the bottom")


def _sum(hooks: SumPlay, family: Any, components: Sequence[Any]) -> str:
    """A sum across families: each part drawn as its own family draws it, one under another,
    ``part N (rules)`` above it; a click in a part types the move with ``part N:`` before it."""
    parts: List[str] = []
    top, width = 0, 200
    for i, component in enumerate(components[:20]):
        inner, part = hooks._part(component)
        name = family.component_value(component)[0]
        if inner is None:
            drawn = _piles(HeapPlay(), [int(part)])
        elif not isinstance(getattr(inner, "play", None), PlayHooks):     # a part with no board: its value
            drawn = _svg(400, 30, [_text(6, 20, f"{inner.component_value(part)!r:.80}", 12, "start")], "a part")
        else:
            drawn = svg_of(play_hooks(inner), inner, [part])
        drawn = re.sub(r'data-first="', f'data-first="part {i + 1}: ', drawn)
        size = re.search(r'width="(\d+)" height="(\d+)"', drawn)
        w, h = (int(size.group(1)), int(size.group(2))) if size else (200, 60)
        parts.append(_text(6, top + 16, f"part {i + 1} ({name})", 12, "start"))
        parts.append(drawn.replace("<svg ", f'<svg x="0" y="{top + 22}" ', 1))
        top += h + 30
        width = max(width, w)
    if not components:
        parts.append(_text(80, 30, "no part left"))
        top = 50
    return _svg(width, top, parts, "a sum of games, each part on its own board")
