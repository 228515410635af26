"""Rich display in notebooks: the SVG and HTML that Jupyter shows for nim's values.

Jupyter calls ``_repr_svg_`` / ``_repr_html_`` on the last value of a cell. The
classes keep one-line methods that call the functions here, so this module is
the only one that draws (game trees excepted: ``nim.study.tree_drawing`` draws those, the
same SVG as ``nimcore tree``). Plain-text reprs are untouched.

Boards are drawn one stone per object up to ``MAX_STONES`` per pile; a larger
pile is a bar whose length grows with the logarithm of its size, labelled with
the exact count. At most ``MAX_PILES`` piles and ``MAX_TABLE_ROWS`` table rows
are drawn; the rest are summarised in one line.

Every function returns a well-formed XML fragment (built with
``xml.etree.ElementTree``), so the output parses as SVG or XHTML, and reads as
HTML too: an SVG inside HTML is written ``<svg xmlns="http://www.w3.org/2000/svg">``
with unprefixed children (HTML reads no ``ns0:`` prefixes).

This module imports nothing from ``nim``: it draws any value that has the fields
it reads (the protocols below), so the classes that call it can import it
without a loop. ``rules`` arguments are only printed (``str``).

>>> board_svg((1, 3)).startswith("<svg")
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Callable, Iterable, Optional, Protocol, Sequence, TypeVar

__all__ = [
    "MAX_PILES",
    "MAX_STONES",
    "MAX_TABLE_ROWS",
    "analysis_html",
    "board_svg",
    "pile_table_html",
    "population_html",
    "solution_html",
]

#: Piles up to this size are drawn one stone per object; larger ones as a bar.
MAX_STONES = 24
#: Piles drawn at most; the others are counted in a last line.
MAX_PILES = 40
#: Table rows shown at most (the first and last halves); the rest are counted.
MAX_TABLE_ROWS = 200

_T = TypeVar("_T")


# --- what the drawings read (read-only, so named tuples and dataclasses fit) ---------


class MoveLike(Protocol):
    """A move: take ``count`` objects from the pile at index ``pile`` (``nim.Move``)."""

    @property
    def pile(self) -> int: ...

    @property
    def count(self) -> int: ...


class SolutionLike(Protocol):
    """An answer for one position (``nim.Solution``); ``move`` is printed with ``str``."""

    @property
    def value(self) -> int: ...

    @property
    def move(self) -> Optional[MoveLike]: ...

    @property
    def method(self) -> str: ...

    @property
    def nodes(self) -> int: ...

    @property
    def seconds(self) -> float: ...


class MoveRowLike(Protocol):
    """One analysed move (``nim.solving.MoveAnalysis``); ``move`` is printed with ``str``."""

    @property
    def move(self) -> MoveLike: ...

    @property
    def value(self) -> int: ...

    @property
    def depth(self) -> Optional[int]: ...


class MemberLike(Protocol):
    """One strategy of a population (``nim.play.selection.Chromosome``)."""

    @property
    def name(self) -> str: ...

    @property
    def games(self) -> int: ...

    @property
    def wins(self) -> int: ...

    @property
    def fitness(self) -> float: ...


class PileRowLike(Protocol):
    """One row of a single-pile table (``nim.solving.tables.PileRow``)."""

    @property
    def size(self) -> int: ...

    @property
    def value(self) -> int: ...

    @property
    def outcome(self) -> str: ...

    @property
    def winning_takes(self) -> Iterable[int]: ...

    @property
    def grundy(self) -> int: ...

_SVG_NS = "http://www.w3.org/2000/svg"
_STONE = 14          # diameter of one stone
_GAP = 3             # between stones
_ROW = 22            # height of one pile's row
_LABEL_W = 92        # room for "pile 12: 345" left of the stones
_MARGIN = 8
_BAR_UNIT = 36       # bar length per factor of ten of a compact pile
_TEXT_W = 7.2        # width of one character of the 12px font, about
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
_STONE_FILL, _STONE_EDGE = "#c9a66b", "#7a5c2e"
_TAKEN_FILL, _TAKEN_EDGE = "#fbe0e0", "#c62828"  # the stones a marked move takes
_WIN, _LOSS = "#2e7d32", "#c62828"

_TABLE_STYLE = "border-collapse:collapse;font-family:" + _FONT + ";font-size:13px"
_CELL_STYLE = "border:1px solid #ccc;padding:2px 8px;text-align:right"
_HEAD_STYLE = _CELL_STYLE + ";background:#f4f4f4;text-align:center"
_MARKED_ROW = "background:#eaf5ea"


def board_svg(piles: Sequence[int], move: Optional[MoveLike] = None, caption: Optional[str] = None) -> str:
    """The board as an SVG document: one row per pile, one stone per object.

    ``move``, when given, is marked: the stones it takes are drawn hollow red.
    ``caption`` is a line of text under the board. Piles over ``MAX_STONES`` are
    drawn compactly (a bar with the count); over ``MAX_PILES`` piles, the rest
    are counted in one line.
    """
    return ET.tostring(_board_element(piles, move, caption), encoding="unicode")


def _board_element(piles: Sequence[int], move: Optional[MoveLike] = None,
                   caption: Optional[str] = None) -> ET.Element:
    """``board_svg``'s element: plain tag names and an ``xmlns`` attribute, so that
    inside HTML it serialises as ``<svg xmlns=...>`` (a parsed SVG would come out
    with ``ns0:`` prefixes, which HTML does not read as SVG)."""
    shown = list(piles[:MAX_PILES])
    hidden = len(piles) - len(shown)
    widths = [_row_width(size, move.count if move is not None and move.pile == index else 0)
              for index, size in enumerate(shown)] or [0.0]
    lines = len(shown) + (1 if hidden else 0) + (1 if caption else 0) + (0 if shown else 1)
    width = _MARGIN * 2 + _LABEL_W + max(max(widths), _TEXT_W * len(caption or "") - _LABEL_W, 160.0)
    height = _MARGIN * 2 + _ROW * max(lines, 1)
    svg = ET.Element("svg", {
        "xmlns": _SVG_NS, "version": "1.1", "width": _n(width), "height": _n(height),
        "viewBox": f"0 0 {_n(width)} {_n(height)}", "font-family": _FONT, "font-size": "12",
    })
    ET.SubElement(svg, "title").text = "Nim board: " + (" ".join(map(str, piles)) or "no piles")
    y = float(_MARGIN)
    for index, size in enumerate(shown):
        taken = move.count if move is not None and move.pile == index else 0
        _draw_pile(svg, index, size, taken, y)
        y += _ROW
    if not shown:
        _text(svg, _MARGIN, y + 15, "no piles")
        y += _ROW
    if hidden:
        _text(svg, _MARGIN, y + 15, f"... and {hidden} more piles", fill="#666")
        y += _ROW
    if caption:
        _text(svg, _MARGIN, y + 15, caption)
    return svg


def solution_html(solution: SolutionLike, piles: Optional[Sequence[int]] = None,
                  rules: object = None) -> str:
    """A ``Solution`` as a small HTML table: outcome, best move, engine, nodes, time;
    with ``piles`` (the position it answers), the board first, the best move marked."""
    outcome = "win" if solution.value > 0 else "loss"
    move = str(solution.move) if solution.move is not None else "none (no legal move)"
    root = ET.Element("div", {"class": "nim-solution"})
    if piles is not None:
        caption = f"{rules}: {move} ({'wins' if solution.value > 0 else 'every move loses'})"
        root.append(_board_element(piles, solution.move, caption))
    table = _table(root)
    for label, value, colour in (
        ("player to move", outcome, _WIN if solution.value > 0 else _LOSS),
        ("best move", move, None),
        ("method", solution.method, None),
        ("nodes", f"{solution.nodes:,}", None),
        ("seconds", f"{solution.seconds:.6f}", None),
    ):
        row = ET.SubElement(table, "tr")
        _cell(row, label, head=True)
        cell = _cell(row, value)
        if colour:
            cell.set("style", _CELL_STYLE + f";color:{colour};font-weight:bold")
    return ET.tostring(root, encoding="unicode")


def analysis_html(piles: Sequence[int], rules: object, rows: Sequence[MoveRowLike]) -> str:
    """``nim.analyze``'s result: the board with a best move marked, then the table
    of every move (value for the player who makes it, depth), winning moves shaded."""
    best = next((row for row in rows if row.value > 0), rows[0] if rows else None)
    if best is None:
        caption = f"{rules}: no legal move"
    else:
        verdict = "wins" if best.value > 0 else "every move loses; longest resistance"
        caption = f"{rules}: {best.move} ({verdict})"
    root = ET.Element("div", {"class": "nim-analysis"})
    root.append(_board_element(piles, best.move if best else None, caption))
    has_depth = any(row.depth is not None for row in rows)
    table = _table(root)
    head = ET.SubElement(table, "tr")
    for title in ("pile", "take", "value", *(("depth",) if has_depth else ())):
        _cell(head, title, head=True)

    def draw(tr: ET.Element, row: MoveRowLike) -> None:
        if row.value > 0:
            tr.set("style", _MARKED_ROW)
        _cell(tr, str(row.move.pile))
        _cell(tr, str(row.move.count))
        _cell(tr, "+1 win" if row.value > 0 else "-1 loss")
        if has_depth:
            _cell(tr, "" if row.depth is None else str(row.depth))

    _add_rows(table, rows, 3 + has_depth, draw)
    return ET.tostring(root, encoding="unicode")


def population_html(population: Iterable[MemberLike]) -> str:
    """A tournament's population as a table: games, wins and fitness per strategy,
    the fittest (ties: the first) shaded."""
    members = list(population)
    fittest = max(members, key=lambda m: m.fitness) if members else None
    root = ET.Element("div", {"class": "nim-population"})
    table = _table(root)
    head = ET.SubElement(table, "tr")
    for title in ("strategy", "games", "wins", "fitness"):
        _cell(head, title, head=True)
    for member in members:
        tr = ET.SubElement(table, "tr")
        if member is fittest:
            tr.set("style", _MARKED_ROW)
        _cell(tr, member.name, left=True)
        _cell(tr, str(member.games))
        _cell(tr, str(member.wins))
        _cell(tr, f"{member.fitness:.3f}")
    return ET.tostring(root, encoding="unicode")


def pile_table_html(rows: Sequence[PileRowLike], rules: Optional[object] = None) -> str:
    """A single-pile table (``nim.solving.pile_table``): size, outcome for the player to
    move, winning takes and normal-play Grundy value; lost sizes shaded."""
    root = ET.Element("div", {"class": "nim-pile-table"})
    table = _table(root)
    if rules is not None:
        ET.SubElement(table, "caption").text = f"lone piles under {rules}"
    head = ET.SubElement(table, "tr")
    for title in ("n", "outcome", "winning takes", "grundy"):
        _cell(head, title, head=True)

    def draw(tr: ET.Element, row: PileRowLike) -> None:
        if row.value < 0:
            tr.set("style", "background:#fbeeee")
        _cell(tr, str(row.size))
        _cell(tr, row.outcome)
        _cell(tr, _takes(row.winning_takes), left=True)
        _cell(tr, str(row.grundy))

    _add_rows(table, rows, 4, draw)
    return ET.tostring(root, encoding="unicode")


# --- drawing helpers ---------------------------------------------------------------


def _row_width(size: int, taken: int) -> float:
    if size <= MAX_STONES:
        return size * (_STONE + _GAP)
    return _bar_length(size) + 6 + _TEXT_W * len(_bar_label(size, taken))


def _bar_label(size: int, taken: int) -> str:
    return f"{size:,} stones" + (f", take {taken:,}" if taken else "")


def _bar_length(size: int) -> float:
    return _BAR_UNIT * math.log10(size) if size > 1 else float(_BAR_UNIT)


def _draw_pile(svg: ET.Element, index: int, size: int, taken: int, y: float) -> None:
    group = ET.SubElement(svg, "g", {"class": "pile", "data-pile": str(index), "data-size": str(size)})
    _text(group, _MARGIN, y + 15, f"pile {index}" if size > MAX_STONES else f"pile {index}: {size}")
    x0 = _MARGIN + _LABEL_W
    if size <= MAX_STONES:
        for stone in range(size):
            gone = stone >= size - taken
            ET.SubElement(group, "circle", {
                "class": "stone taken" if gone else "stone",
                "cx": _n(x0 + stone * (_STONE + _GAP) + _STONE / 2), "cy": _n(y + _ROW / 2),
                "r": _n(_STONE / 2 - 0.5),
                "fill": _TAKEN_FILL if gone else _STONE_FILL,
                "stroke": _TAKEN_EDGE if gone else _STONE_EDGE, "stroke-width": "1.2",
            })
        return
    # compact: a bar, the part a move takes drawn at the end in proportion
    length = _bar_length(size)
    kept = length * (size - taken) / size
    ET.SubElement(group, "rect", {
        "class": "bar", "x": _n(x0), "y": _n(y + 4), "width": _n(kept), "height": _n(_ROW - 8),
        "rx": "4", "fill": _STONE_FILL, "stroke": _STONE_EDGE,
    })
    if taken:
        ET.SubElement(group, "rect", {
            "class": "bar taken", "x": _n(x0 + kept), "y": _n(y + 4), "width": _n(length - kept),
            "height": _n(_ROW - 8), "rx": "4", "fill": _TAKEN_FILL, "stroke": _TAKEN_EDGE,
        })
    _text(group, x0 + length + 6, y + 15, _bar_label(size, taken), fill="#444")


def _text(parent: ET.Element, x: float, y: float, text: str, fill: str = "#222") -> None:
    ET.SubElement(parent, "text", {"x": _n(x), "y": _n(y), "fill": fill}).text = text


def _table(parent: ET.Element) -> ET.Element:
    return ET.SubElement(parent, "table", {"style": _TABLE_STYLE})


def _cell(row: ET.Element, text: str, head: bool = False, left: bool = False) -> ET.Element:
    cell = ET.SubElement(row, "th" if head else "td", {"style": _HEAD_STYLE if head else _CELL_STYLE})
    if left and not head:
        cell.set("style", _CELL_STYLE + ";text-align:left")
    cell.text = text
    return cell


def _add_rows(table: ET.Element, rows: Sequence[_T], columns: int,
              draw: Callable[[ET.Element, _T], None]) -> None:
    """Append a ``tr`` per row, filled by ``draw``; beyond MAX_TABLE_ROWS rows, the
    first and last halves with one row between them saying how many are left out."""
    half = MAX_TABLE_ROWS // 2
    elided = len(rows) > MAX_TABLE_ROWS
    for row in rows[:half] if elided else rows:
        draw(ET.SubElement(table, "tr"), row)
    if elided:
        note = _cell(ET.SubElement(table, "tr"), f"... {len(rows) - 2 * half:,} rows left out ...")
        note.set("colspan", str(columns))
        note.set("style", _CELL_STYLE + ";text-align:center;color:#666")
        for row in rows[-half:]:
            draw(ET.SubElement(table, "tr"), row)


def _takes(takes: Iterable[int]) -> str:
    return ", ".join(map(str, takes)) or "-"


def _n(value: float) -> str:
    """A coordinate without a trailing .0 (shorter, stable output)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
