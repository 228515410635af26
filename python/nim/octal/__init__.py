"""Take-and-break heap games: octal codes, Grundy's game, their nim-sequences and periods.

Octal codes and game names are read by ``nim.octal_codes``, a module below the
rules (``nim.rules`` parses ``octal=0.77`` with it; this package sits above the
rules, so the import runs one way). ``nim.octal.sequence`` computes
nim-sequences in the compiled core (``nim.octal.nim_sequence``,
``nim.octal.octal_period``, exported here and imported on first use);
``nim.octal.plot`` draws one.
"""

from typing import Dict

from nim._lazy import lazy_exports

#: This package's public names, each imported from its module on first use.
_EXPORTS: Dict[str, str] = {
    "OctalPeriod": "nim.octal.sequence",
    "nim_sequence": "nim.octal.sequence",
    "octal_period": "nim.octal.sequence",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
