"""Drawing a searched game tree: SVG top-down (MAX, the player at the root, on even
levels), an HTML page around it, or indented text."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from typing import Dict, Tuple

from nim.study.drawn_tree import DrawnTree, TreeNode

__all__ = ["tree_svg", "tree_html", "tree_text"]

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


def _label(piles: Tuple[int, ...]) -> str:
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


def _title(tree: DrawnTree) -> str:
    name = "alpha-beta" if tree.method == "alphabeta" else "minimax"
    return f"Game tree of [{_label(tree.root.piles)}] ({tree.rules}, {name})"


def _summary(tree: DrawnTree) -> str:
    verdict = "MAX (the player to move) wins" if tree.value > 0 else "MAX (the player to move) loses"
    best = tree.best_move
    parts = [f"value {tree.value:+d}: {verdict}"]
    if best is not None:
        parts.append(f"best move: {best}")
    parts.append(f"{tree.visited:,} node{'s' * (tree.visited != 1)} searched below the root")
    if tree.method == "alphabeta":
        parts.append(f"{tree.pruned:,} branch{'es' * (tree.pruned != 1)} pruned")
    return "; ".join(parts)


def tree_svg(tree: DrawnTree, header: bool = True) -> str:
    """The tree as a standalone SVG document (a string); ``header=False``
    leaves out the title and summary lines (a page that shows them itself).

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


def tree_html(tree: DrawnTree) -> str:
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
.tree {{ overflow: auto; border: 1px solid #ddd; max-height: 85vh; cursor: grab; }}
.controls span {{ color: #666; margin-left: .5em; }}
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
<p class="controls"><button type="button" data-zoom="fit">Fit the width</button>
<button type="button" data-zoom="1">100%</button>
<button type="button" data-zoom="in">Zoom in</button>
<button type="button" data-zoom="out">Zoom out</button>
<span>drag to pan; Ctrl + wheel zooms</span></p>
<div class="tree">
{tree_svg(tree, header=False)}</div>
<script>
// zoom and pan: the drawing starts fitted to the page's width
const box = document.querySelector(".tree"), svg = box.querySelector("svg");
const W = +svg.getAttribute("width"), H = +svg.getAttribute("height");
let scale = 1;
function zoom(to) {{
  scale = Math.max(0.05, Math.min(4, to));
  svg.setAttribute("width", W * scale);
  svg.setAttribute("height", H * scale);
}}
const fit = () => zoom(Math.min(1, (box.clientWidth - 2) / W));
fit();
document.querySelectorAll("[data-zoom]").forEach(b => b.addEventListener("click", () => {{
  const z = b.dataset.zoom;
  if (z === "fit") fit(); else if (z === "in") zoom(scale * 1.25);
  else if (z === "out") zoom(scale / 1.25); else zoom(+z);
}}));
box.addEventListener("wheel", e => {{
  if (!e.ctrlKey) return;
  e.preventDefault();
  zoom(scale * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
}}, {{passive: false}});
let drag = null;
box.addEventListener("mousedown", e => {{ drag = [e.clientX, e.clientY, box.scrollLeft, box.scrollTop]; }});
window.addEventListener("mouseup", () => {{ drag = null; }});
window.addEventListener("mousemove", e => {{
  if (!drag) return;
  box.scrollLeft = drag[2] - (e.clientX - drag[0]);
  box.scrollTop = drag[3] - (e.clientY - drag[1]);
}});
</script>
</body>
</html>
"""


def tree_text(tree: DrawnTree) -> str:
    """The tree as an indented outline: one node a line, ``*`` on best play."""
    out = [_title(tree), _summary(tree)]
    for node in tree.root.walk():
        value = "pruned" if node.max_value is None else f"{node.max_value:+d}"
        move = f"{node.move} -> " if node.move is not None else ""
        mark = " *" if node.pv else ""
        out.append(f"{'  ' * node.depth}{move}[{_label(node.piles)}] {node.player} {value}{mark}")
        if node.more_pruned:
            out.append(f"{'  ' * (node.depth + 1)}... {node.more_pruned:,} more pruned")
    return "\n".join(out) + "\n"
