"""Every rich output read as a browser reads it: as HTML (``html.parser``), and
rendered in headless Chromium when one is installed (CI sets
NIMCORE_REQUIRE_BROWSER, so there a missing browser fails instead of skipping).
A notebook puts ``_repr_html_`` / ``_repr_svg_`` output into an HTML page, where
``ns0:svg`` is an unknown element, not SVG: these tests catch that."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

import nim
from nim.play.strategies import make_strategy
from nim.play.tournament import play_tournament

SVG_NS = "http://www.w3.org/2000/svg"


def outputs() -> List[Tuple[str, str, int]]:
    """(name, markup, stones drawn as circles) for every value with a rich display."""
    analysis = nim.analyze([1, 3, 5], "misere")
    population = nim.play.Population(["a", "b"])
    population.record("a", 1)
    tournament = play_tournament([make_strategy("random"), make_strategy("optimal")], games=2, seed=1)
    tree = nim.study.build_game_tree([1, 2], "misere", "alphabeta")
    report = nim.study.grade.grade({}, "misere", (1, 2)) if _has_numpy() else None
    items = [
        ("position", nim.Position((1, 3, 5, 7))._repr_svg_(), 16),
        ("analysis", analysis._repr_html_(), 9),
        ("solution", nim.solve([3, 4, 5])._repr_html_(), 0),
        ("placed solution", _placed([3, 4, 5], "misere")._repr_html_(), 12),
        ("pile table", nim.solving.pile_table(12, "misere")._repr_html_(), 0),
        ("population", population._repr_html_(), 0),
        ("tournament", tournament._repr_html_(), 0),
        ("tree", tree._repr_svg_(), 0),
    ]
    if report is not None:
        items.append(("grade", report._repr_html_(), 0))
    return items


def _placed(piles: List[int], rules: str) -> "nim.Solution":
    """The answer a notebook shows: a Solution that carries its position."""
    from nim.game.solution import PlacedSolution
    answer = PlacedSolution(*nim.solve(piles, rules))
    answer.position = nim.Position(piles, rules)
    return answer


def _has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


class Tags(HTMLParser):
    """The elements as an HTML parser sees them: (tag, depth inside an <svg>)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: List[Tuple[str, int]] = []
        self.svg_depth = 0

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        self.seen.append((tag, self.svg_depth))
        if tag == "svg":
            assert dict(attrs).get("xmlns") in (None, SVG_NS)
            self.svg_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.svg_depth -= 1

    def handle_startendtag(self, tag: str, attrs: List[Tuple[str, Optional[str]]]) -> None:
        self.seen.append((tag, self.svg_depth))


@pytest.mark.parametrize("name,markup,circles", outputs(), ids=[item[0] for item in outputs()])
def test_rich_output_reads_as_html(name: str, markup: str, circles: int) -> None:
    parser = Tags()
    parser.feed(markup)
    parser.close()
    tags = [tag for tag, _ in parser.seen]
    assert not [tag for tag in tags if ":" in tag], f"{name}: prefixed tags {set(t for t in tags if ':' in t)}"
    assert "ns0" not in markup
    assert sum(1 for tag, depth in parser.seen if tag == "circle" and depth > 0) >= circles
    if name in ("position", "analysis", "tree", "placed solution"):
        assert "svg" in tags and parser.svg_depth == 0


def _chromium() -> Optional[str]:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>nim rich output</title></head><body>
<div id="result">not run</div>
{blocks}
<script>
var out = [];
document.querySelectorAll("div.output").forEach(function (block) {{
  var svgs = 0, circles = 0, prefixed = 0, tables = 0, width = 0;
  block.querySelectorAll("*").forEach(function (e) {{
    if (e.localName.indexOf(":") >= 0) prefixed++;
    if (e.namespaceURI === "{ns}" && e.localName === "svg") {{
      svgs++; width = Math.max(width, e.getBoundingClientRect().width);
    }}
    if (e.namespaceURI === "{ns}" && e.localName === "circle") circles++;
    if (e.localName === "table") tables++;
  }});
  out.push(block.id + ":" + svgs + ":" + circles + ":" + prefixed + ":" + tables + ":" + Math.round(width));
}});
document.getElementById("result").textContent = "RESULT " + out.join(" ") + " END";
</script></body></html>
"""


def test_rich_output_renders_in_a_browser(tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        if os.environ.get("NIMCORE_REQUIRE_BROWSER"):
            pytest.fail("NIMCORE_REQUIRE_BROWSER is set but no chromium is installed")
        pytest.skip("no headless chromium on this machine")
    items = outputs()
    blocks = "\n".join(f'<div class="output" id="o{n}">{markup}</div>' for n, (_, markup, _) in enumerate(items))
    page = tmp_path / "page.html"
    page.write_text(PAGE.format(blocks=blocks, ns=SVG_NS), encoding="utf-8")
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                           page.as_uri()], capture_output=True, text=True, timeout=120)
    match = re.search(r"RESULT (.*?) END", done.stdout)
    assert match, done.stderr[-2000:]
    found = {}
    for entry in match.group(1).split():
        key, svgs, circles, prefixed, tables, width = entry.split(":")
        found[key] = (int(svgs), int(circles), int(prefixed), int(tables), int(width))
    for n, (name, _, circles) in enumerate(items):
        svgs, drawn, prefixed, tables, width = found[f"o{n}"]
        assert prefixed == 0, f"{name}: the browser sees prefixed elements"
        if name in ("position", "analysis", "tree", "placed solution"):
            assert svgs >= 1 and width > 0, f"{name}: no SVG rendered"
        assert drawn >= circles, f"{name}: {drawn} SVG circles rendered, {circles} stones expected"
        if name in ("analysis", "solution", "pile table", "population"):
            assert tables >= 1, f"{name}: no table"


def test_a_tree_page_opens_with_its_root_in_view(tmp_path: Path) -> None:
    """The HTML tree page's script runs in the browser and sets a readable initial zoom."""
    browser = _chromium()
    if browser is None:
        if os.environ.get("NIMCORE_REQUIRE_BROWSER"):
            pytest.fail("NIMCORE_REQUIRE_BROWSER is set but no chromium is installed")
        pytest.skip("no headless chromium on this machine")
    tree = nim.study.build_game_tree([4, 4], "misere", "minimax")
    page = tmp_path / "tree.html"
    page.write_text(nim.study.tree_html(tree), encoding="utf-8")
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,800",
                           "--virtual-time-budget=2000", "--dump-dom", page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    zoom = re.search(r'data-scale="([0-9.]+)"', done.stdout)
    assert zoom, "the page records its initial zoom on the <svg> (data-scale)"
    from nim.study.tree_page import READABLE_ZOOM
    assert float(zoom.group(1)) >= READABLE_ZOOM, "the tree opens too small to read"
    # the root's box is in the visible part of the scrolled view
    scroll = re.search(r'data-root-visible="(\w+)"', done.stdout)
    assert scroll and scroll.group(1) == "true"
