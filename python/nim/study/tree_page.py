"""A searched game tree as an HTML page around its SVG drawing, or as indented text
(``nimcore tree --html``, the terminal)."""

from __future__ import annotations

import html

from nim.study.tree_drawing import DrawnTree, piles_label, tree_summary, tree_svg, tree_title, value_label

__all__ = ["READABLE_ZOOM", "tree_html", "tree_text"]

#: The smallest zoom a tree page opens at (node labels stay about 9 px or more);
#: a wider tree opens at this zoom with its root in view instead of fitted.
READABLE_ZOOM = 0.75


def tree_html(tree: DrawnTree) -> str:
    """An HTML page around the SVG drawing: title, summary, how to read it."""
    title = html.escape(tree_title(tree))
    pv = ", ".join(f"{m.pile} {m.count}" for m in tree.principal_variation) or "none"
    pruned = ""
    if tree.method == "alphabeta":
        pruned = ("<li>Grey dashed nodes are branches alpha-beta cut off: they were never "
                  "searched, so they have no value.</li>")
    readable = READABLE_ZOOM
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
<p>{html.escape(tree_summary(tree))}.</p>
<ul>
<li>Each node shows its position (pile sizes) and its minimax value for MAX, the player
to move at the root: +1 (green) MAX wins with best play, -1 (red) MAX loses.</li>
<li>Square boxes: MAX to move; rounded boxes: MIN to move.</li>
{pruned}
<li>The thick blue path is the principal variation (best play, moves as
<code>pile count</code>): {html.escape(pv)}.</li>
<li>Hover over a node for details.</li>
</ul>
<p class="controls"><button type="button" data-zoom="root">Root</button>
<button type="button" data-zoom="fit">Fit the width</button>
<button type="button" data-zoom="1">100%</button>
<button type="button" data-zoom="in">Zoom in</button>
<button type="button" data-zoom="out">Zoom out</button>
<span>drag to pan; Ctrl + wheel zooms</span></p>
<div class="tree">
{tree_svg(tree, header=False)}</div>
<script>
// zoom and pan: the drawing opens fitted to the page's width when that is readable,
// else at a readable zoom with the root (top centre) in view
const box = document.querySelector(".tree"), svg = box.querySelector("svg");
const W = +svg.getAttribute("width"), H = +svg.getAttribute("height");
const READABLE = {readable};
let scale = 1;
function zoom(to) {{
  scale = Math.max(0.05, Math.min(4, to));
  svg.setAttribute("width", W * scale);
  svg.setAttribute("height", H * scale);
  svg.setAttribute("data-scale", scale.toFixed(3));
}}
const fit = () => zoom(Math.min(1, (box.clientWidth - 2) / W));
function showRoot() {{
  const root = svg.querySelector('g.node[data-depth="0"] rect');
  if (!root) return;
  const x = (+root.getAttribute("x") + +root.getAttribute("width") / 2) * scale;
  box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
  box.scrollTop = 0;
  const r = root.getBoundingClientRect(), b = box.getBoundingClientRect();
  svg.setAttribute("data-root-visible", String(r.left >= b.left && r.right <= b.right && r.top >= b.top));
}}
zoom(Math.max(Math.min(1, (box.clientWidth - 2) / W), READABLE));
showRoot();
document.querySelectorAll("[data-zoom]").forEach(b => b.addEventListener("click", () => {{
  const z = b.dataset.zoom;
  if (z === "root") {{ zoom(Math.max(scale, READABLE)); showRoot(); }}
  else if (z === "fit") fit(); else if (z === "in") zoom(scale * 1.25);
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
    out = [tree_title(tree), tree_summary(tree)]
    for node in tree.root.walk():
        value = "pruned" if node.max_value is None else value_label(node.max_value)
        move = f"{node.move} -> " if node.move is not None else ""
        mark = " *" if node.pv else ""
        out.append(f"{'  ' * node.depth}{move}[{piles_label(node.piles)}] {node.player} {value}{mark}")
        if node.more_pruned:
            out.append(f"{'  ' * (node.depth + 1)}... {node.more_pruned:,} more pruned")
    return "\n".join(out) + "\n"
