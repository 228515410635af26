"""Game trees of small Nim positions, drawn as SVG (SPEC section 4, Lab 2).

``build_game_tree`` searches a position the way the engines do -- children pile
by pile from the left, largest take first; alpha-beta with the window (-1, +1)
-- and keeps every node: its position, its minimax value, whether alpha-beta
pruned it, and whether it lies on the principal variation. ``tree_svg`` draws
the tree top-down (MAX, the player at the root, on even levels); ``tree_html``
wraps it in a page. The search is pure Python: trees worth drawing are small,
and ``max_nodes`` refuses the others before they are built.

>>> tree = build_game_tree([1, 2], "misere", "minimax")
>>> tree.value, tree.visited, tree.drawn
(1, 11, 12)
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Tuple

from nim.errors import InvalidPositionError, NimError, UnknownMethodError
from nim.position import Move, as_piles
from nim.reference import children
from nim.rules import Rules, RulesLike

__all__ = [
    "DEFAULT_MAX_NODES",
    "TREE_METHODS",
    "TreeNode",
    "GameTree",
    "build_game_tree",
    "tree_svg",
    "tree_html",
    "tree_text",
]

#: Nodes drawn at most unless told otherwise: beyond this a drawing is unreadable.
DEFAULT_MAX_NODES = 500
#: The searches a tree can show.
TREE_METHODS = ("minimax", "alphabeta")

_SVG_NS = "http://www.w3.org/2000/svg"

# Drawing geometry, in SVG user units (pixels).
_CHAR = 7.4          # width of one character of the 12px monospace font
_NODE_H = 34         # node box height: two text lines
_LEVEL_GAP = 74      # vertical distance between levels
_SIBLING_GAP = 10    # horizontal gap between neighbouring leaves
_MARGIN = 20
_HEADER = 86         # room above the root for the title and the legend
_LEFT = 54           # room left of the tree for the MAX / MIN level labels

_COLOURS = {
    "win": ("#dff3df", "#2e7d32"),     # MAX wins here: fill, stroke
    "loss": ("#fbe0e0", "#c62828"),    # MAX loses here
    "pruned": ("#f2f2f2", "#9e9e9e"),  # never searched
    "plain": ("#ffffff", "#616161"),   # legend only
    "pv": "#1a47a3",                   # principal variation
}


@dataclass
class TreeNode:
    """One node of a drawn game tree.

    Attributes
    ----------
    piles : tuple of int
    move : Move or None
        The move from the parent (None at the root).
    depth : int
        0 at the root; MAX moves at even depths, MIN at odd ones.
    value : int or None
        Minimax value for the player to move here (+1 win, -1 loss); None
        for a branch alpha-beta pruned (never searched).
    children : list of TreeNode
    pruned : bool
    pv : bool
        True on the principal variation (best play from the root).
    """

    piles: Tuple[int, ...]
    move: Optional[Move]
    depth: int
    value: Optional[int] = None
    children: List["TreeNode"] = field(default_factory=list)
    pruned: bool = False
    pv: bool = False
    x: float = 0.0

    @property
    def player(self) -> str:
        """``"MAX"`` (the player at the root) or ``"MIN"``: who moves here."""
        return "MAX" if self.depth % 2 == 0 else "MIN"

    @property
    def max_value(self) -> Optional[int]:
        """The value for MAX: the minimax value as the tree shows it."""
        if self.value is None:
            return None
        return self.value if self.depth % 2 == 0 else -self.value

    def walk(self) -> Iterator["TreeNode"]:
        """This node and every node below it, depth first, in move order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass
class GameTree:
    """A searched game tree.

    Attributes
    ----------
    root : TreeNode
    rules : Rules
    method : str
        ``"minimax"`` or ``"alphabeta"``.
    visited : int
        Nodes searched below the root (the engines' node count).
    pruned : int
        Branches alpha-beta cut off, drawn but not expanded.
    """

    root: TreeNode
    rules: Rules
    method: str
    visited: int
    pruned: int

    @property
    def value(self) -> int:
        """The root's value for MAX."""
        assert self.root.value is not None
        return self.root.value

    @property
    def drawn(self) -> int:
        """Nodes in the drawing: the root, the visited nodes and the pruned stubs."""
        return 1 + self.visited + self.pruned

    @property
    def best_move(self) -> Optional[Move]:
        """The first move of the principal variation (None when no move is left)."""
        for child in self.root.children:
            if child.pv:
                return child.move
        return None

    @property
    def principal_variation(self) -> List[Move]:
        """The moves of best play from the root to the end of the game."""
        moves: List[Move] = []
        node = self.root
        while True:
            nxt = next((c for c in node.children if c.pv), None)
            if nxt is None or nxt.move is None:
                return moves
            moves.append(nxt.move)
            node = nxt


class _TooLarge(Exception):
    pass


def build_game_tree(piles: List[int], rules: RulesLike = None, method: str = "minimax",
                    max_nodes: int = DEFAULT_MAX_NODES) -> GameTree:
    """Search ``piles`` and keep the whole tree, for drawing.

    ``minimax`` keeps every node; ``alphabeta`` keeps the nodes it visits and,
    where it cuts off, the untried moves as pruned stubs. Node counts agree
    with ``nim.reference`` and the compiled engines.

    Raises
    ------
    InvalidPositionError
        When the drawing would have more than ``max_nodes`` nodes; the message
        says how large the tree is and what to do.
    UnknownMethodError
        When ``method`` is not minimax or alphabeta.
    """
    position = as_piles(piles)
    ruleset = Rules.coerce(rules)
    name = str(method).strip().lower().replace("-", "").replace("_", "")
    if name not in TREE_METHODS:
        raise UnknownMethodError(
            f"a tree is drawn for method 'minimax' or 'alphabeta', not {method!r}"
        )
    if max_nodes < 1:
        raise InvalidPositionError(f"the node cap must be at least 1, not {max_nodes}")
    pruning = name == "alphabeta"
    terminal = 1 if ruleset.misere else -1
    counts = {"visited": 0, "pruned": 0}

    def add(parent: TreeNode, move: Move, child: List[int], pruned: bool) -> TreeNode:
        counts["pruned" if pruned else "visited"] += 1
        if 1 + counts["visited"] + counts["pruned"] > max_nodes:
            raise _TooLarge
        node = TreeNode(tuple(child), move, parent.depth + 1, pruned=pruned)
        parent.children.append(node)
        return node

    def expand(node: TreeNode, alpha: int, beta: int) -> int:
        moves = list(children(list(node.piles), ruleset))
        best: Optional[int] = None
        for index, (move, child) in enumerate(moves):
            kid = add(node, move, child, pruned=False)
            value = -expand(kid, -beta, -alpha)
            if best is None or value > best:
                best = value
                if pruning:
                    if best >= beta:
                        for later_move, later in moves[index + 1:]:
                            add(node, later_move, later, pruned=True)
                        break
                    alpha = max(alpha, best)
        node.value = terminal if best is None else best
        return node.value

    root = TreeNode(position, None, 0)
    try:
        expand(root, -1, 1)
    except _TooLarge:
        raise InvalidPositionError(_too_large(position, ruleset, name, max_nodes)) from None
    except RecursionError:
        raise InvalidPositionError(f"the game tree of {list(position)} is too deep to draw") from None
    _mark_pv(root)
    return GameTree(root, ruleset, name, counts["visited"], counts["pruned"])


def _mark_pv(root: TreeNode) -> None:
    """Best play: from each node the first child whose value is the node's best."""
    node = root
    node.pv = True
    while node.children:
        assert node.value is not None
        best = next((c for c in node.children
                     if c.value is not None and -c.value == node.value), None)
        if best is None:  # pragma: no cover - a searched node has a best child
            return
        best.pv = True
        node = best


def _too_large(piles: Tuple[int, ...], rules: Rules, method: str, cap: int) -> str:
    """The size cap's message, with the tree's size from the compiled engine when quick."""
    from nim.solver import solve

    what = "every node" if method == "minimax" else "the nodes alpha-beta visits"
    size = f"more than {cap:,} nodes"
    try:
        nodes = solve(piles, rules, method, node_limit=5_000_000).nodes
        size = f"{nodes + 1:,} nodes" if method == "minimax" else f"{nodes + 1:,} visited nodes"
    except NimError:
        pass
    advice = "a smaller position, or raise --max-nodes"
    if method == "minimax":
        advice = "--method alphabeta, " + advice
    return (f"the game tree of {list(piles)} under {rules} has {size}: too many to draw "
            f"({what}; at most {cap:,}). Try {advice}")


# ---------------------------------------------------------------------- drawing


def _label(piles: Tuple[int, ...]) -> str:
    return " ".join(map(str, piles)) if piles else "-"


def _layout(tree: GameTree, slot: float) -> Tuple[float, int]:
    """Give each node its x (leaves side by side, a parent centred over its
    children); return the width used and the depth of the tree."""
    next_x = 0.0
    deepest = 0

    def place(node: TreeNode) -> None:
        nonlocal next_x, deepest
        deepest = max(deepest, node.depth)
        if not node.children:
            node.x = next_x + slot / 2
            next_x += slot
            return
        for child in node.children:
            place(child)
        node.x = (node.children[0].x + node.children[-1].x) / 2

    place(tree.root)
    return next_x, deepest


def _title(tree: GameTree) -> str:
    name = "alpha-beta" if tree.method == "alphabeta" else "minimax"
    return f"Game tree of [{_label(tree.root.piles)}] ({tree.rules}, {name})"


def _summary(tree: GameTree) -> str:
    verdict = "MAX (the player to move) wins" if tree.value > 0 else "MAX (the player to move) loses"
    best = tree.best_move
    parts = [f"value {tree.value:+d}: {verdict}"]
    if best is not None:
        parts.append(f"best move: {best}")
    parts.append(f"{tree.visited:,} node{'s' * (tree.visited != 1)} searched below the root")
    if tree.method == "alphabeta":
        parts.append(f"{tree.pruned:,} branch{'es' * (tree.pruned != 1)} pruned")
    return "; ".join(parts)


def tree_svg(tree: GameTree) -> str:
    """The tree as a standalone SVG document (a string).

    Every node is a ``<g class="node ...">`` with ``data-piles``, ``data-depth``
    and, when it was searched, ``data-value`` (the value for MAX); pruned nodes
    have the class ``pruned``, nodes of the principal variation ``pv``. A
    ``<title>`` on each node gives a tooltip in browsers.
    """
    longest = max(len(_label(node.piles)) for node in tree.root.walk())
    node_w = max(46.0, longest * _CHAR + 16)
    slot = node_w + _SIBLING_GAP
    width_used, deepest = _layout(tree, slot)
    header_w = max(len(_summary(tree)), len(_title(tree)) * 1.3, 118) * _CHAR
    width = max(width_used + _LEFT + 2 * _MARGIN, header_w + 2 * _MARGIN)
    height = _HEADER + deepest * _LEVEL_GAP + _NODE_H + 2 * _MARGIN
    x0 = _LEFT + _MARGIN + (width - width_used - _LEFT - 2 * _MARGIN) / 2

    def cx(node: TreeNode) -> float:
        return x0 + node.x

    def cy(node: TreeNode) -> float:
        return _MARGIN + _HEADER + node.depth * _LEVEL_GAP + _NODE_H / 2

    svg = ET.Element("svg", {
        "xmlns": _SVG_NS, "version": "1.1",
        "width": _n(width), "height": _n(height), "viewBox": f"0 0 {_n(width)} {_n(height)}",
        "font-family": "DejaVu Sans Mono, Menlo, Consolas, monospace", "font-size": "12",
    })
    ET.SubElement(svg, "title").text = _title(tree)
    ET.SubElement(svg, "style").text = (
        ".edge{stroke:#8a8a8a;stroke-width:1.2}"
        f".edge.pv{{stroke:{_COLOURS['pv']};stroke-width:3}}"
        ".edge.pruned{stroke:#bdbdbd;stroke-dasharray:4 3}"
        ".node text{text-anchor:middle}"
        ".node.pruned text{fill:#9e9e9e}"
        ".node:hover rect{stroke-width:3}"
    )
    ET.SubElement(svg, "rect", {"x": "0", "y": "0", "width": _n(width), "height": _n(height),
                                "fill": "#ffffff"})
    _header(svg, tree, width)

    # level labels on the left
    for depth in range(deepest + 1):
        label = ET.SubElement(svg, "text", {
            "x": _n(_MARGIN), "y": _n(_MARGIN + _HEADER + depth * _LEVEL_GAP + _NODE_H / 2 + 4),
            "fill": "#555", "font-weight": "bold", "class": "level",
        })
        label.text = "MAX" if depth % 2 == 0 else "MIN"

    edges = ET.SubElement(svg, "g", {"class": "edges"})
    pairs = [(node, child) for node in tree.root.walk() for child in node.children]
    pairs.sort(key=lambda pair: pair[1].pv)  # best play drawn last, on top
    for node, child in pairs:
        kind = "edge pv" if child.pv else ("edge pruned" if child.pruned else "edge")
        ET.SubElement(edges, "line", {
            "class": kind, "x1": _n(cx(node)), "y1": _n(cy(node) + _NODE_H / 2),
            "x2": _n(cx(child)), "y2": _n(cy(child) - _NODE_H / 2),
        })

    nodes = ET.SubElement(svg, "g", {"class": "nodes"})
    for node in tree.root.walk():
        _draw_node(nodes, node, cx(node), cy(node), node_w)
    return ET.tostring(svg, encoding="unicode", short_empty_elements=True) + "\n"


def _header(svg: ET.Element, tree: GameTree, width: float) -> None:
    title = ET.SubElement(svg, "text", {"x": _n(_MARGIN), "y": _n(_MARGIN + 12),
                                        "font-size": "15", "font-weight": "bold"})
    title.text = _title(tree)
    summary = ET.SubElement(svg, "text", {"x": _n(_MARGIN), "y": _n(_MARGIN + 32)})
    summary.text = _summary(tree)
    # legend
    y = _MARGIN + 46
    x = float(_MARGIN)
    items = [
        ("win", "rect", "MAX wins (+1)"),
        ("loss", "rect", "MAX loses (-1)"),
        ("plain", "rect", "MAX to move"),
        ("plain", "round", "MIN to move"),
    ]
    if tree.method == "alphabeta":
        items.append(("pruned", "rect", "pruned: not searched"))
    for kind, shape, text in items:
        fill, stroke = _COLOURS[kind]
        attrs = {"x": _n(x), "y": _n(y), "width": "22", "height": "14", "fill": fill,
                 "stroke": stroke, "stroke-width": "1.5"}
        if shape == "round":
            attrs["rx"] = "7"
        if kind == "pruned":
            attrs["stroke-dasharray"] = "4 3"
        ET.SubElement(svg, "rect", attrs)
        label = ET.SubElement(svg, "text", {"x": _n(x + 28), "y": _n(y + 11)})
        label.text = text
        x += 40 + len(text) * _CHAR
    ET.SubElement(svg, "line", {"x1": _n(x), "y1": _n(y + 7), "x2": _n(x + 26), "y2": _n(y + 7),
                                "stroke": str(_COLOURS["pv"]), "stroke-width": "3"})
    label = ET.SubElement(svg, "text", {"x": _n(x + 32), "y": _n(y + 11)})
    label.text = "best play"


def _draw_node(parent: ET.Element, node: TreeNode, x: float, y: float, w: float) -> None:
    kind = "pruned" if node.pruned else ("win" if (node.max_value or 0) > 0 else "loss")
    classes = ["node", node.player.lower(), kind] + (["pv"] if node.pv else [])
    attrs: Dict[str, str] = {
        "class": " ".join(classes), "data-piles": _label(node.piles), "data-depth": str(node.depth),
    }
    if node.max_value is not None:
        attrs["data-value"] = str(node.max_value)
    if node.move is not None:
        attrs["data-move"] = f"{node.move.pile} {node.move.count}"
    group = ET.SubElement(parent, "g", attrs)
    ET.SubElement(group, "title").text = _tooltip(node)
    fill, stroke = _COLOURS[kind]
    rect = {
        "x": _n(x - w / 2), "y": _n(y - _NODE_H / 2), "width": _n(w), "height": _n(_NODE_H),
        "fill": fill, "stroke": stroke, "stroke-width": "1.5",
    }
    if node.player == "MIN":
        rect["rx"] = rect["ry"] = "13"
    else:
        rect["rx"] = rect["ry"] = "2"
    if node.pruned:
        rect["stroke-dasharray"] = "4 3"
    if node.pv:
        rect["stroke"] = str(_COLOURS["pv"])
        rect["stroke-width"] = "3"
    ET.SubElement(group, "rect", rect)
    top = ET.SubElement(group, "text", {"x": _n(x), "y": _n(y - 3)})
    top.text = _label(node.piles)
    bottom = ET.SubElement(group, "text", {"x": _n(x), "y": _n(y + 12), "font-weight": "bold"})
    bottom.text = "pruned" if node.max_value is None else f"{node.max_value:+d}"
    if node.max_value is None:
        bottom.set("font-weight", "normal")
        bottom.set("font-size", "10")


def _tooltip(node: TreeNode) -> str:
    lines = [f"position {_label(node.piles)}, {node.player} to move"]
    if node.move is not None:
        lines.append(f"reached by: {node.move}")
    if node.value is None:
        lines.append("pruned by alpha-beta: not searched")
    else:
        lines.append(f"value {node.max_value:+d} for MAX ({node.value:+d} for the player to move)")
        if not node.children:
            lines.append("no move left")
    if node.pv:
        lines.append("on the principal variation")
    return "\n".join(lines)


def _n(value: float) -> str:
    """A number for an SVG attribute: short, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def tree_html(tree: GameTree) -> str:
    """An HTML page around the SVG drawing: title, summary, how to read it."""
    title = html.escape(_title(tree))
    pv = ", ".join(f"{m.pile} {m.count}" for m in tree.principal_variation) or "none"
    pruned = ""
    if tree.method == "alphabeta":
        pruned = ("<li>Grey dashed nodes are branches alpha-beta cut off: they were never "
                  "searched, so they have no value.</li>")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }}
.tree {{ overflow: auto; border: 1px solid #ddd; max-height: 85vh; }}
code {{ background: #f4f4f4; padding: 0 .25em; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{html.escape(_summary(tree))}.</p>
<ul>
<li>Each node shows its position (pile sizes) and its minimax value for MAX, the player
to move at the root: +1 (green) MAX wins with best play, -1 (red) MAX loses.</li>
<li>Square boxes: MAX to move; rounded boxes: MIN to move.</li>
{pruned}
<li>The thick blue path is the principal variation (best play, moves as
<code>pile count</code>): {html.escape(pv)}.</li>
<li>Hover over a node for details.</li>
</ul>
<div class="tree">
{tree_svg(tree)}</div>
<script>
// a wide tree: scroll so that the root (the first node drawn) is in view
const box = document.querySelector(".tree"), root = box && box.querySelector("g.node");
if (root) {{
  const r = root.getBoundingClientRect(), c = box.getBoundingClientRect();
  box.scrollLeft += r.left - c.left - c.width / 2 + r.width / 2;
}}
</script>
</body>
</html>
"""


def tree_text(tree: GameTree) -> str:
    """The tree as an indented outline: one node a line, ``*`` on best play."""
    out = [_title(tree), _summary(tree)]
    for node in tree.root.walk():
        value = "pruned" if node.max_value is None else f"{node.max_value:+d}"
        move = f"{node.move} -> " if node.move is not None else ""
        mark = " *" if node.pv else ""
        out.append(f"{'  ' * node.depth}{move}[{_label(node.piles)}] {node.player} {value}{mark}")
    return "\n".join(out) + "\n"
