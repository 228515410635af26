"""The old path of nim.solving.limits (deprecated: it goes in the next release; import nim.solving.limits)."""

from nim.solving.limits import *
