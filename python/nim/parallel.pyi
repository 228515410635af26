"""The old path of nim.solving.parallel (deprecated: it goes in the next release; import nim.solving.parallel)."""

from nim.solving.parallel import *
