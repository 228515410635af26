"""Take-and-break games under the names the documentation uses (``nim.octal.nim_sequence``,
``nim.octal.octal_period``, ``nim.octal.misere_quotient``, ...): the public names of
``nim.takebreak``, their home since 0.3.0, each imported on first use.

The modules that were here (``nim.octal.sequence``, ``nim.octal.sums``, ...) moved to
``nim.takebreak``; importing one by its old path says where it went.
"""

from nim._lazy import lazy_exports
from nim.takebreak import EXPORTS as _EXPORTS

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
