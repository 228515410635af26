"""The old path of nim.solving.solver (deprecated: it goes in the next release; import nim.solving.solver)."""

from nim.solving.solver import *
