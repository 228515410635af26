"""The game flows, declared once (issue 38, item 2): each flow's name, words, fixed rules,
default piles, default AI and pages, in one registry ``FLOWS``.

Every renderer reads this registry: the terminal's ``--style`` choices and its menu
(``nim.play.flows``), the browser's pages and the flows a game may be created with
(``nim.web.app``, ``nim.web.games``), the flows a class offers and those two students
can play together (``nim.web.classroom``, its page's names included), the record check
(``nim.play.record.record_problem``) and the page a terminal record continues on
(``nim.web.records``). A flow written as a state machine (``nim.flows.base.Flow``) names
its class in ``machine``; the terminal and the browser then render that one machine
(``nim.play.machine``, ``nim.web.games``), and the flow's words live in its module only.

A new flow is one module holding its ``Flow`` subclass and one ``register`` call (a test
may register a toy flow: ``tests/toy_flow.py``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple

from nim.rules import Rules

if TYPE_CHECKING:                     # pragma: no cover
    from nim.flows.base import Flow

__all__ = ["FlowInfo", "FLOWS", "register", "unregister", "flow_info", "machine_of", "terminal_styles", "web_flows",
           "class_flows", "pair_flows", "page_titles", "flow_labels", "flow_games", "page_of", "fixed_rules",
           "default_ai", "menu_prompt", "menu_choices"]


@dataclass(frozen=True)
class FlowInfo:
    """One flow's facts, said once.

    ``name`` is the flow's name in records, ``--style`` and URLs; ``label`` its short
    name in the class pages; ``title`` its page's title (None: no page of its own, the
    page ``page`` plays it); ``menu`` the terminal menu's words (None: not a terminal
    style); ``fixed_rules`` the rules it always plays (None: asked or given);
    ``default_piles`` and ``pile_sizes`` (low, high) its board when none is given;
    ``default_ai`` its AI as ``make_strategy`` names it; ``base`` the first pile's number;
    ``take_rules`` True when it plays take rules only, False take-and-break games only,
    None both; ``class_rank`` its place in a class's list (None: not offered to classes),
    ``pair`` whether two students can play it together; ``runner`` the terminal's
    ``module:function`` for a flow not yet a machine; ``machine`` the ``module:Class``
    of its state machine; ``about`` what it plays, in a sentence (the class pages);
    ``panels`` the study panels its page shows beside the game (``replay``, ``tree``,
    ``table``); ``reader`` the ``module:function`` that reads its saved games (``nimcore
    play --load``; None: a Lab 2 test file, ``nim.play.saved.read_lab2_record``).
    """

    name: str
    label: str
    title: Optional[str] = None
    menu: Optional[str] = None
    page: Optional[str] = None
    fixed_rules: Optional[Rules] = None
    default_piles: Optional[Tuple[int, ...]] = None
    pile_sizes: Optional[Tuple[int, int]] = None
    default_ai: str = "optimal"
    base: int = 1
    take_rules: Optional[bool] = True
    one_pile: bool = False
    class_rank: Optional[int] = None
    pair: bool = False
    runner: Optional[str] = None
    machine: Optional[str] = None
    about: str = ""
    panels: Tuple[str, ...] = ()
    reader: Optional[str] = None

    @property
    def web_page(self) -> Optional[str]:
        """The browser page that plays this flow (its own when it has a title)."""
        return self.page or (self.name if self.title is not None else None)


#: Every flow, in the order the terminal's menu and the browser's pages list them.
FLOWS: Dict[str, FlowInfo] = {}


def register(info: FlowInfo, check: bool = True) -> FlowInfo:
    """Add a flow to ``FLOWS`` (a new name only; with ``check``, a machine flow's class is
    loaded now and must name this flow -- the package's own flows are checked by its tests,
    so that ``import nim.flows`` loads no machine).

    Raises
    ------
    ValueError
        For a name already registered, a flow with neither a runner nor a machine in
        the terminal, or a machine whose class does not name this flow.
    """
    if info.name in FLOWS:
        raise ValueError(f"the flow {info.name!r} is registered already")
    if info.menu is not None and info.runner is None and info.machine is None:
        raise ValueError(f"the flow {info.name!r} is in the terminal's menu but has no runner or machine")
    FLOWS[info.name] = info
    if info.machine is not None and check:
        try:
            machine = machine_of(info.name)
        except Exception:
            del FLOWS[info.name]
            raise
        if machine.name != info.name:
            del FLOWS[info.name]
            raise ValueError(f"the machine {info.machine} is the flow {machine.name!r}, not {info.name!r}")
    return info


def unregister(name: str) -> None:
    """Remove flow ``name`` (a test's toy flow) and its loaded machine."""
    FLOWS.pop(name, None)
    _MACHINES.pop(name, None)


def flow_info(name: str) -> FlowInfo:
    """The registered flow ``name`` (KeyError for an unknown one)."""
    return FLOWS[name]


_MACHINES: Dict[str, "Flow"] = {}


def machine_of(name: str) -> "Flow":
    """The state machine of flow ``name`` (loaded on first use).

    Raises
    ------
    KeyError
        For a flow that is not registered or has no machine.
    """
    info = FLOWS[name]
    if info.machine is None:
        raise KeyError(f"the flow {name!r} is not a state machine yet")
    machine = _MACHINES.get(name)
    if machine is None:
        module, _, cls = info.machine.partition(":")
        machine = getattr(importlib.import_module(module), cls)(info)
        _MACHINES[name] = machine
    return machine


def load(path: str) -> Any:
    """The object ``module:name`` (a runner)."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def terminal_styles() -> Tuple[str, ...]:
    """The flows the terminal plays (``--style``)."""
    return tuple(f.name for f in FLOWS.values() if f.menu is not None)


def web_flows() -> Tuple[str, ...]:
    """The flows a browser game may be created with (each has a page)."""
    return tuple(f.name for f in FLOWS.values() if f.title is not None)


def page_titles() -> Dict[str, str]:
    """The browser's flow pages: flow and title."""
    return {f.name: f.title for f in FLOWS.values() if f.title is not None}


def class_flows() -> Tuple[str, ...]:
    """The flows a class may offer, in the class page's order."""
    offered = [f for f in FLOWS.values() if f.class_rank is not None]
    return tuple(f.name for f in sorted(offered, key=lambda f: f.class_rank or 0))


def pair_flows() -> Tuple[str, ...]:
    """The class flows two students can play together."""
    return tuple(name for name in class_flows() if FLOWS[name].pair)


def flow_labels() -> Dict[str, str]:
    """Each class flow's short name, for the class pages."""
    return {name: FLOWS[name].label for name in class_flows()}


def flow_games() -> Dict[str, str]:
    """What each class flow plays, in a sentence, for the class pages."""
    return {name: FLOWS[name].about for name in class_flows()}


def page_of(name: Optional[str]) -> Optional[str]:
    """The browser page that continues a record of flow ``name`` (None: unknown)."""
    info = FLOWS.get(name or "")
    return info.web_page if info is not None else None


def fixed_rules(name: Optional[str]) -> Optional[Rules]:
    """The rules flow ``name`` always plays (None: not fixed, or no such flow)."""
    info = FLOWS.get(name or "")
    return info.fixed_rules if info is not None else None


def default_ai(name: Optional[str]) -> str:
    """The AI flow ``name`` plays by default (as ``make_strategy`` names it)."""
    info = FLOWS.get(name or "")
    return info.default_ai if info is not None else ""


def menu_prompt() -> str:
    """The terminal's question when no ``--style`` is given."""
    styles = [f for f in FLOWS.values() if f.menu is not None]
    return "Which game? " + ", ".join(f"{i} {f.menu}" for i, f in enumerate(styles, start=1)) + ": "


def menu_choices() -> Dict[str, str]:
    """The answers the menu accepts: a number or a flow's name."""
    choices: Dict[str, str] = {}
    for index, name in enumerate(terminal_styles(), start=1):
        choices[str(index)] = name
        choices[name] = name
    return choices


# ---------------------------------------------------------------- the seeds' flows

register(FlowInfo("kuet", "KUET", title="KUET: NimX, Easy and Hard", menu="NimX (KUET)",
                  fixed_rules=Rules(take="max", k=3), pile_sizes=(1, 6), default_ai="ida",
                  class_rank=3, runner="nim.play.kuet:run_kuet", machine="nim.flows.kuet:Kuet",
                  reader="nim.play.saved:read_kuet_record",
                  about="2 to 3 piles of 1 to 6 stones: take 1 to 3 from one pile; whoever takes the last stone "
                        "wins. A series against NimX."), check=False)
register(FlowInfo("rajalakshmi", "Rajalakshmi", title="Rajalakshmi: Human vs AI, Human vs Human, AI vs AI",
                  menu="Classic Nim (Rajalakshmi)", default_piles=(3, 4, 5), default_ai="nimsum", base=0,
                  class_rank=1, pair=True, runner="nim.play.rajalakshmi:run_rajalakshmi",
                  machine="nim.flows.rajalakshmi:Rajalakshmi",
                  about="Nim on 3 4 5: take any number from one pile; whoever takes the last object wins."),
         check=False)
register(FlowInfo("lab2", "Lab 2", title="Lab 2: misère play, difficulty levels, replays and the game tree",
                  menu="Misere with levels (Lab 2)", default_piles=(1, 3, 5, 7), default_ai="level:2", base=0,
                  class_rank=2, pair=True, runner="nim.play.lab2:run_lab2", panels=("replay", "tree"),
                  machine="nim.flows.lab2:Lab2",
                  about="Misère Nim on 1 3 5 7: take any number from one pile; whoever takes the last object loses."),
         check=False)
register(FlowInfo("forejune", "forejune", title="forejune: one pile, take up to half",
                  menu="Half-pile game (forejune)", fixed_rules=Rules(take="half"), pile_sizes=(10, 30),
                  one_pile=True, class_rank=4, runner="nim.play.forejune:run_forejune",
                  machine="nim.flows.forejune:Forejune", panels=("table",),
                  about="One pile of 10 to 30: take 1 to half of it; the player left with 1 cannot move and "
                        "loses. The AI moves first."), check=False)
register(FlowInfo("pins", "pins", title="pins: Kayles and other take-and-break games",
                  menu="Kayles and other take-and-break games (pins)", take_rules=False,
                  runner="nim.play.pins:run_pins", machine="nim.flows.pins:Pins"), check=False)
register(FlowInfo("free", "Any rules", title="Any rule set", default_piles=(3, 4, 5), take_rules=None,
                  class_rank=0, pair=True, machine="nim.flows.freeplay:FreePlay",
                  runner="nim.play.machine:run_freeplay",
                  reader="nim.play.saved:read_freeplay_record"), check=False)
register(FlowInfo("freeplay", "Every game", title="Free play: every rule family, Wythoff to Hackenbush",
                  default_piles=(3, 4, 5), take_rules=None, class_rank=5, pair=True,
                  machine="nim.flows.freeplay:FreePlay", runner="nim.play.machine:run_freeplay",
                  reader="nim.play.saved:read_freeplay_record", panels=("record",),
                  about="Any game of the course, each with its own board: Wythoff's pairs, coin rows and grids, "
                        "Green Hackenbush, Staircase Nim, Moore's Nim, Fibonacci Nim, or plain Nim."), check=False)
