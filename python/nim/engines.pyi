"""The old path of nim.solving.engines (deprecated: it goes in the next release; import nim.solving.engines)."""

from nim.solving.engines import *
