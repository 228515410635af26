"""The old path of nim.solving.theory (deprecated: it goes in the next release; import nim.solving.theory)."""

from nim.solving.theory import *
