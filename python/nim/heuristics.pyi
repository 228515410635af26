"""The old path of nim.solving.heuristics (deprecated: it goes in the next release; import nim.solving.heuristics)."""

from nim.solving.heuristics import *
