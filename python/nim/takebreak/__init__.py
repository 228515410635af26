"""Take-and-break games in one home: octal games and Grundy's game, every layer.

The rule (its octal code or game name, one heap's moves) is the family's:
``nim.families.octal_codes`` and ``nim.families.heap_moves`` sit below the rules,
which read them. Everything else is here, above the rules and below the solving
layer, which sends a rule set that splits heaps to ``solve``:

===============  ================================================================
sequence         nim-sequences in the compiled core, periods proven (``nim_sequence``,
                 ``octal_period``); ``cache``: long sequences kept between runs
record           nim-sequences far past memory, checkpointed (``record_sequence``)
sums             sums of heaps in normal play (``sum_table``)
moves            one heap's moves under a rule set (``heap_moves``)
genus            Conway's genus: misère play of tame heaps
quotient         misère quotients (``misere_quotient``); ``quotient_cache`` on disk;
                 ``quotient_memo``: which quotient a solve may use, at what cost
splits           the exact search over canonical positions (``nimcore.splits``)
solve            ``split_solve``: the one door every surface reaches them by
analysis         ``analyze`` of these games; ``explain``: ``nim.explain`` of them
plot             a nim-sequence drawn
===============  ================================================================

The names below are exported here, each imported on first use; ``nim.octal``
exports the same names under the paths the documentation has used since 0.1.0.
"""

from typing import Dict

from nim._lazy import lazy_exports

#: This package's public names, each imported from its module on first use.
EXPORTS: Dict[str, str] = {
    "HeapMoves": "nim.takebreak.moves",
    "MisereQuotient": "nim.takebreak.quotient",
    "QuotientError": "nim.takebreak.quotient",
    "OctalPeriod": "nim.takebreak.sequence",
    "RecordRun": "nim.takebreak.record",
    "SumTable": "nim.takebreak.sums",
    "heap_moves": "nim.takebreak.moves",
    "misere_quotient": "nim.takebreak.quotient",
    "nim_sequence": "nim.takebreak.sequence",
    "octal_period": "nim.takebreak.sequence",
    "record_sequence": "nim.takebreak.record",
    "sum_table": "nim.takebreak.sums",
}

__all__ = sorted(EXPORTS)

__getattr__, __dir__ = lazy_exports(__name__, EXPORTS)
