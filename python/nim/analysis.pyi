"""The old path of nim.solving.analysis (deprecated: it goes in the next release; import nim.solving.analysis)."""

from nim.solving.analysis import *
