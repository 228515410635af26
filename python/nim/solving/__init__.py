"""The solving layer: everything between the API and the compiled core.

It runs the compiled core, which it reaches through ``nim.kernel``, the one
door to ``nimcore`` (at the bottom of the house, so that the value types below
this layer, ``nim.rules`` and ``nim.position``, use it without a climb). The
values it returns (``Limits``, ``Solution``, ``MoveAnalysis``, ``Explanation``)
live in ``nim.game``, below it and below ``nim.takebreak``, where it sends the
games that split heaps. Its modules, by what they own:

=============  =================================================================
engines        the tuple ``ENGINES`` of engine objects; the theory's dispatch
solver         ``Solver``: one rule set's compiled session (theory, table)
defaults       ``solve`` and ``analyze`` over cached Solvers
analysis       every move of a position scored
heuristics     IDA* and depth-limited search (the playing engines)
batch          values and best moves of many positions in one call
parallel       ``solve_many`` over any ``concurrent.futures.Executor``
explain        the theory's answer in words
theory         Grundy values and tables of a rule set
tables         the single-pile table (values and best takes by pile size)
closed_forms   the theory over Python ints (the definition; C accelerates it)
pile_dp        the single-pile DP (the definition; C accelerates it)
=============  =================================================================

Its public names are exported here, each imported on first use, so ``import
nim.solving`` loads none of its modules. (``explain`` is ``nim.explain`` or
``nim.solving.explain.explain``: the module bears its name.)
"""

from typing import Dict

from nim._lazy import lazy_exports


#: This package's public names, each imported from its module on first use
#: (``import nim.solving`` loads nothing else).
_EXPORTS: Dict[str, str] = {
    "solve": "nim.solving.defaults",
    "analyze": "nim.solving.defaults",
    "Solver": "nim.solving.solver",
    "Solution": "nim.game.solution",
    "SolveOptions": "nim.game.solution",
    "Limits": "nim.game.limits",
    "DEFAULT_NODE_LIMIT": "nim.game.limits",
    "DEFAULT_TT_MB": "nim.game.solution",
    "ENGINES": "nim.solving.engines",
    "Engine": "nim.solving.engines",
    "METHODS": "nim.solving.engines",
    "TheoryWarning": "nim.solving.engines",
    "has_closed_form": "nim.solving.engines",
    "ida": "nim.solving.heuristics",
    "depth_limited": "nim.solving.heuristics",
    "IdaResult": "nim.solving.heuristics",
    "DepthLimitedResult": "nim.solving.heuristics",
    "Analysis": "nim.game.analysis",
    "MoveAnalysis": "nim.game.analysis",
    "Explanation": "nim.game.explanation",
    "solve_many": "nim.solving.parallel",
    "grundy_table": "nim.solving.theory",
    "grundy_value": "nim.solving.theory",
    "pile_table": "nim.solving.tables",
    "PileTable": "nim.solving.tables",
    "PileRow": "nim.solving.tables",
}

__all__ = sorted(_EXPORTS)


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
