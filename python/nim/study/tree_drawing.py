"""A searched game tree (``DrawnTree``, built by ``nim.study.tree_search``) and its
drawing: SVG top-down (MAX, the player at the root, on even levels); the
HTML page and the text around it are in ``nim.study.tree_page``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Tuple

from nim.position import Move
from nim.rules import Rules

__all__ = ["TreeNode", "DrawnTree", "tree_svg", "tree_title", "tree_summary", "piles_label"]


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
    more_pruned : int
        Branches alpha-beta cut off here beyond the STUBS_PER_NODE drawn.
    """

    piles: Tuple[int, ...]
    move: Optional[Move]
    depth: int
    value: Optional[float] = None
    children: List["TreeNode"] = field(default_factory=list)
    pruned: bool = False
    pv: bool = False
    x: float = 0.0
    more_pruned: int = 0

    @property
    def player(self) -> str:
        """``"MAX"`` (the player at the root) or ``"MIN"``: who moves here."""
        return "MAX" if self.depth % 2 == 0 else "MIN"

    @property
    def max_value(self) -> Optional[float]:
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
class DrawnTree:
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
        Branches alpha-beta cut off, never expanded.
    stubs : int
        Of those, the ones drawn (at most STUBS_PER_NODE under a node).
    """

    root: TreeNode
    rules: Rules
    method: str
    visited: int
    pruned: int
    stubs: int = -1
    depth_limit: Optional[int] = None     # method "depth": the moves searched

    def __post_init__(self) -> None:
        if self.stubs < 0:
            self.stubs = self.pruned

    @property
    def value(self) -> float:
        """The root's value for MAX."""
        assert self.root.value is not None
        return self.root.value

    @property
    def drawn(self) -> int:
        """Nodes in the drawing: the root, the visited nodes and the pruned stubs drawn."""
        return 1 + self.visited + self.stubs

    @property
    def best_move(self) -> Optional[Move]:
        """The first move of the principal variation (None when no move is left)."""
        for child in self.root.children:
            if child.pv:
                return child.move
        return None

    def _repr_svg_(self) -> str:
        """The drawing of ``nimcore tree``, for notebooks."""
        return tree_svg(self)

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


def piles_label(piles: Tuple[int, ...]) -> str:
    return " ".join(map(str, piles)) if piles else "-"


def _layout(tree: DrawnTree, slot: float) -> Tuple[float, int]:
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


def value_label(value: float) -> str:
    """A value as the trees show it: +1, -1, +0.5, -0.5."""
    return f"{value:+g}"


def tree_title(tree: DrawnTree) -> str:
    name = {"alphabeta": "alpha-beta", "depth": f"depth-limited, depth {tree.depth_limit}"}.get(
        tree.method, "minimax")
    return f"Game tree of [{piles_label(tree.root.piles)}] ({tree.rules}, {name})"


def tree_summary(tree: DrawnTree) -> str:
    verdict = "MAX (the player to move) wins" if tree.value > 0 else "MAX (the player to move) loses"
    if tree.method == "depth" and abs(tree.value) < 1:
        verdict = ("the nim-sum evaluation at the cut-off favours MAX" if tree.value > 0
                   else "the nim-sum evaluation at the cut-off favours MIN")
    best = tree.best_move
    parts = [f"value {value_label(tree.value)}: {verdict}"]
    if best is not None:
        parts.append(f"best move: {best}")
    parts.append(f"{tree.visited:,} node{'s' * (tree.visited != 1)} searched below the root")
    if tree.method == "alphabeta":
        parts.append(f"{tree.pruned:,} branch{'es' * (tree.pruned != 1)} pruned")
    if tree.method == "depth":
        parts.append("+-1 where the game ends, +-0.5 the nim-sum evaluation at the cut-off")
    return "; ".join(parts)


def tree_svg(tree: DrawnTree, header: bool = True) -> str:
    """The tree as a standalone SVG document (a string); ``header=False``
    leaves out the title and summary lines (a page that shows them itself).

    Every node is a ``<g class="node ...">`` with ``data-piles``, ``data-depth``
    and, when it was searched, ``data-value`` (the value for MAX); pruned nodes
    have the class ``pruned``, nodes of the principal variation ``pv``. A
    ``<title>`` on each node gives a tooltip in browsers.
    """
    longest = max(len(piles_label(node.piles)) for node in tree.root.walk())
    node_w = max(46.0, longest * _CHAR + 16)
    slot = node_w + _SIBLING_GAP
    width_used, deepest = _layout(tree, slot)
    header_w = max(len(tree_summary(tree)), len(tree_title(tree)) * 1.3, 118) * _CHAR
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
    ET.SubElement(svg, "title").text = tree_title(tree)
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
    _header(svg, tree, width, header)

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


def _header(svg: ET.Element, tree: DrawnTree, width: float, titled: bool = True) -> None:
    if titled:
        title = ET.SubElement(svg, "text", {"x": _n(_MARGIN), "y": _n(_MARGIN + 12),
                                            "font-size": "15", "font-weight": "bold"})
        title.text = tree_title(tree)
        summary = ET.SubElement(svg, "text", {"x": _n(_MARGIN), "y": _n(_MARGIN + 32)})
        summary.text = tree_summary(tree)
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
        "class": " ".join(classes), "data-piles": piles_label(node.piles), "data-depth": str(node.depth),
    }
    if node.max_value is not None:
        attrs["data-value"] = value_label(node.max_value)
    if node.move is not None:
        # the CLI's move syntax: "pile count", and a split's first part ("2 1 3")
        attrs["data-move"] = " ".join(map(str, node.move.to_json()[:2] + list(node.move.split or ())[:1]))
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
    top.text = piles_label(node.piles)
    bottom = ET.SubElement(group, "text", {"x": _n(x), "y": _n(y + 12), "font-weight": "bold"})
    bottom.text = "pruned" if node.max_value is None else value_label(node.max_value)
    if node.max_value is None:
        bottom.set("font-weight", "normal")
        bottom.set("font-size", "10")


def _tooltip(node: TreeNode) -> str:
    lines = [f"position {piles_label(node.piles)}, {node.player} to move"]
    if node.move is not None:
        lines.append(f"reached by: {node.move}")
    if node.value is None:
        lines.append("pruned by alpha-beta: not searched")
    else:
        assert node.max_value is not None
        lines.append(f"value {value_label(node.max_value)} for MAX ({value_label(node.value)} for the player "
                     "to move)")
        if not node.children:
            lines.append("no move left")
    if node.pv:
        lines.append("on the principal variation")
    return "\n".join(lines)


def _n(value: float) -> str:
    """A number for an SVG attribute: short, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
