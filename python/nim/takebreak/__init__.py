"""Take-and-break heap games: octal codes, Grundy's game, their nim-sequences and periods.

Octal codes and game names are read by ``nim.octal_codes``, and one heap's
moves by ``nim.octal_moves`` (the package's reference of a move): both sit
below the rules (``nim.rules`` reads them; this package sits above the rules, so
the import runs one way). ``nim.octal.sequence`` computes nim-sequences in the
compiled core (``nim.octal.nim_sequence``, ``nim.octal.octal_period``, exported
here and imported on first use); ``nim.octal.sums`` answers sums of heaps in
normal play (``nim.octal.sum_table``); ``nim.octal.moves`` lists one heap's
moves under a rule set (``nim.octal.heap_moves``); ``nim.octal.plot`` draws one;
``nim.octal.record`` computes far past memory, checkpointed (``nim.octal.record_sequence``);
``nim.octal.quotient`` computes misère quotients (``nim.octal.misere_quotient``).
"""

from typing import Dict

from nim._lazy import lazy_exports

#: This package's public names, each imported from its module on first use.
_EXPORTS: Dict[str, str] = {
    "HeapMoves": "nim.octal.moves",
    "MisereQuotient": "nim.octal.quotient",
    "QuotientError": "nim.octal.quotient",
    "OctalPeriod": "nim.octal.sequence",
    "RecordRun": "nim.octal.record",
    "SumTable": "nim.octal.sums",
    "heap_moves": "nim.octal.moves",
    "misere_quotient": "nim.octal.quotient",
    "nim_sequence": "nim.octal.sequence",
    "octal_period": "nim.octal.sequence",
    "record_sequence": "nim.octal.record",
    "sum_table": "nim.octal.sums",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
