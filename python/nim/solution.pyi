"""The old path of nim.solving.solution (deprecated: it goes in the next release; import nim.solving.solution)."""

from nim.solving.solution import *
