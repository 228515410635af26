"""The old path of nim.solving.reference (deprecated: it goes in the next release; import nim.solving.reference)."""

from nim.solving.reference import *
